//! Typed ids for TI4 content and seats, and the bitsets over them.
//!
//! Ids are dense indexes into the compiled [`Content`](crate::ti4::content::Content) tables,
//! assigned in file order at load; the string ids of the data files map to them.

use crate::bits::BitSet;
use crate::index_type;

index_type!(
    /// A technology card (index into `Content::techs`).
    TechId
);
index_type!(
    /// A planet card (index into `Content::planets`).
    PlanetId
);
index_type!(
    /// A faction (index into `Content::factions`).
    FactionId
);
index_type!(
    /// A unit definition (index into `Content::units`).
    UnitId
);
index_type!(
    /// A system tile (index into `Content::systems`).
    SystemId
);
index_type!(
    /// A seat at the table, 0-based, in clockwise order from the first seat.
    Player
);
index_type!(
    /// An action card (index into `Content::cards.action_cards`); a card may have several copies.
    ActionCardId
);
index_type!(
    /// An agenda card (index into `Content::cards.agendas`).
    AgendaId
);
index_type!(
    /// A public objective card, stage I or II (index into `Content::cards.public_objectives`).
    PublicObjectiveId
);
index_type!(
    /// A secret objective card (index into `Content::cards.secret_objectives`).
    SecretObjectiveId
);
index_type!(
    /// A promissory note card (index into `Content::cards.promissory_notes`); generic notes exist
    /// once per player colour.
    NoteId
);
index_type!(
    /// A leader card: agent, commander or hero (index into `Content::cards.leaders`).
    LeaderId
);
index_type!(
    /// An exploration card (index into `Content::cards.exploration`); a card may have several
    /// copies.
    ExplorationId
);
index_type!(
    /// A relic (index into `Content::cards.relics`).
    RelicId
);

/// Technologies, one bit per [`TechId`] (capacity 128).
pub type TechSet = BitSet<TechId, 2>;
/// Planets, one bit per [`PlanetId`] (capacity 256).
pub type PlanetSet = BitSet<PlanetId, 4>;
/// Seats, one bit per [`Player`] (capacity 64).
pub type PlayerSet = BitSet<Player, 1>;
/// System tiles, one bit per [`SystemId`] (capacity 256).
pub type SystemSet = BitSet<SystemId, 4>;

/// Most players a TI4 game seats.
pub const MAX_PLAYERS: usize = 8;

/// The four technology colours (Technology 7.3).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Colour {
    /// Green.
    Biotic = 0,
    /// Blue.
    Propulsion = 1,
    /// Yellow.
    Cybernetic = 2,
    /// Red.
    Warfare = 3,
}

impl Colour {
    /// All colours in index order.
    pub const ALL: [Colour; 4] = [Colour::Biotic, Colour::Propulsion, Colour::Cybernetic, Colour::Warfare];
    /// The data-file name of the colour's technology type.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Biotic => "biotic",
            Colour::Propulsion => "propulsion",
            Colour::Cybernetic => "cybernetic",
            Colour::Warfare => "warfare",
        }
    }
    /// Parses a data-file technology type name.
    pub fn parse(s: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// The unit types printed on a faction sheet (plus mechs and flagships).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum UnitType {
    /// Ground force.
    Infantry = 0,
    /// Mech: ground force, not a technology.
    Mech = 1,
    /// PDS structure.
    Pds = 2,
    /// Space dock structure.
    SpaceDock = 3,
    /// Fighter (ship).
    Fighter = 4,
    /// Destroyer.
    Destroyer = 5,
    /// Cruiser.
    Cruiser = 6,
    /// Carrier.
    Carrier = 7,
    /// Dreadnought.
    Dreadnought = 8,
    /// War sun.
    WarSun = 9,
    /// Flagship.
    Flagship = 10,
}

/// Number of [`UnitType`]s.
pub const UNIT_TYPES: usize = 11;

impl UnitType {
    /// All unit types in index order.
    pub const ALL: [UnitType; UNIT_TYPES] = [
        UnitType::Infantry,
        UnitType::Mech,
        UnitType::Pds,
        UnitType::SpaceDock,
        UnitType::Fighter,
        UnitType::Destroyer,
        UnitType::Cruiser,
        UnitType::Carrier,
        UnitType::Dreadnought,
        UnitType::WarSun,
        UnitType::Flagship,
    ];
    /// The ship types, fighters first (the types from index 4 on).
    pub const SHIPS: &'static [UnitType] = UnitType::ALL.split_at(4).1;
    /// The data-file name.
    pub const fn name(self) -> &'static str {
        match self {
            UnitType::Infantry => "infantry",
            UnitType::Mech => "mech",
            UnitType::Pds => "pds",
            UnitType::SpaceDock => "space_dock",
            UnitType::Fighter => "fighter",
            UnitType::Destroyer => "destroyer",
            UnitType::Cruiser => "cruiser",
            UnitType::Carrier => "carrier",
            UnitType::Dreadnought => "dreadnought",
            UnitType::WarSun => "war_sun",
            UnitType::Flagship => "flagship",
        }
    }
    /// Parses a data-file unit type name.
    pub fn parse(s: &str) -> Option<UnitType> {
        UnitType::ALL.into_iter().find(|u| u.name() == s)
    }
    /// Dense index.
    pub const fn idx(self) -> usize {
        self as usize
    }
}
