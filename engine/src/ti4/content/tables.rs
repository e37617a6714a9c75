//! Compiled content: indexed tables built once at load, read on the hot path.

use crate::ti4::ids::*;

/// Which product a piece of content comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    /// The base game.
    Base,
    /// Prophecy of Kings.
    Pok,
    /// Codex content (Council Keleres, Omega reprints).
    Codex,
    /// Thunder's Edge (from AsyncTI4 data only; less verified).
    ThundersEdge,
}

impl Source {
    /// Parses a data-file source name.
    pub fn parse(s: &str) -> Option<Source> {
        Some(match s {
            "base" => Source::Base,
            "pok" => Source::Pok,
            "codex" => Source::Codex,
            "thunders_edge" => Source::ThundersEdge,
            _ => return None,
        })
    }
}

/// What kind of card a technology is (Technology 6-7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TechKind {
    /// A coloured technology; satisfies prerequisites of its colour (Technology 7.1).
    Coloured(Colour),
    /// A unit upgrade: no colour, never satisfies a prerequisite (Technology 7.2).
    UnitUpgrade,
    /// A colourless non-upgrade card (the Valefar Assimilators).
    Colourless,
}

/// A technology card.
#[derive(Clone, Debug)]
pub struct Tech {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Colour or upgrade.
    pub kind: TechKind,
    /// Prerequisite symbols by colour (Technology 8.1), indexed by `Colour as usize`.
    pub prereq: [u8; 4],
    /// The faction a faction technology belongs to (Technology 11).
    pub faction: Option<FactionId>,
    /// The unit type a unit upgrade improves.
    pub unit: Option<UnitType>,
    /// The generic upgrade this faction upgrade stands in for (Technology note 3).
    pub replaces: Option<TechId>,
    /// Product.
    pub source: Source,
    /// False for cards that can never be researched (flip sides).
    pub researchable: bool,
    /// Whether the engine implements the card's effect (`technologies.json`, checked against
    /// the rule registry at load time).
    pub implemented: bool,
}

impl Tech {
    /// Total prerequisite symbols.
    pub fn prereq_total(&self) -> u8 {
        self.prereq.iter().sum()
    }
    /// True for unit upgrades.
    pub fn is_unit_upgrade(&self) -> bool {
        self.kind == TechKind::UnitUpgrade
    }
    /// The colour, for coloured technologies.
    pub fn colour(&self) -> Option<Colour> {
        match self.kind {
            TechKind::Coloured(c) => Some(c),
            _ => None,
        }
    }
}

/// A combat-like roll: `dice` dice hitting on `hits_on` or more.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    /// Minimum roll (1-10) that hits.
    pub hits_on: u8,
    /// Dice rolled per unit; 0 where the number varies (Winnu flagship: one per opposing
    /// non-fighter ship).
    pub dice: u8,
}

/// A unit's PRODUCTION.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Production {
    /// A fixed value.
    Fixed(u8),
    /// The resource value of the unit's planet plus a value (space docks).
    PlanetResourcesPlus(u8),
}

/// A unit definition (one side of a faction-sheet slot or an upgrade card).
#[derive(Clone, Debug)]
pub struct Unit {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// The type this unit is.
    pub unit_type: UnitType,
    /// Faction of a faction-specific unit.
    pub faction: Option<FactionId>,
    /// Is a ship.
    pub ship: bool,
    /// Is a ground force.
    pub ground_force: bool,
    /// Is a structure.
    pub structure: bool,
    /// The upgrade technology that replaces this unit.
    pub upgraded_by: Option<TechId>,
    /// The technology the player must own for this definition to apply.
    pub requires: Option<TechId>,
    /// Cost in resources for `units_per_cost` units; `None` for units that are placed, not produced.
    pub cost: Option<u8>,
    /// Units bought per cost.
    pub units_per_cost: u8,
    /// Combat value.
    pub combat: Option<Dice>,
    /// Move value.
    pub move_value: Option<u8>,
    /// Capacity.
    pub capacity: u8,
    /// SUSTAIN DAMAGE.
    pub sustain_damage: bool,
    /// PRODUCTION.
    pub production: Option<Production>,
    /// PLANETARY SHIELD.
    pub planetary_shield: bool,
    /// SPACE CANNON, and whether it reaches adjacent systems.
    pub space_cannon: Option<(Dice, bool)>,
    /// BOMBARDMENT.
    pub bombardment: Option<Dice>,
    /// ANTI-FIGHTER BARRAGE.
    pub anti_fighter_barrage: Option<Dice>,
    /// Plastic pieces per player (`None` = unlimited tokens).
    pub component_limit: Option<u8>,
    /// Product.
    pub source: Source,
    /// For a flagship or mech with a printed text ability beyond its unit values: whether the
    /// engine implements it (`units.json` `text_ability_implemented`; no unit text ability is
    /// implemented yet, so `Some(false)` for all of them; `docs/RULES.md`, "Flagships and mechs").
    pub text_ability: Option<bool>,
}

/// A starting-technology choice rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartingChoice {
    /// Choose `choose` from a fixed list.
    From { choose: u8, options: TechSet },
    /// Choose `choose` non-faction technologies owned by other players (Keleres).
    OwnedByOthers { choose: u8 },
    /// A rule the data does not capture (Deepwrought).
    Unspecified { choose: u8 },
}

/// An alternative home system (Council Keleres borrows one).
#[derive(Clone, Debug)]
pub struct HomeOption {
    /// The faction whose home it borrows.
    pub variant_of: FactionId,
    /// The tile.
    pub home_system: SystemId,
    /// The home planets.
    pub home_planets: Vec<PlanetId>,
}

/// A faction.
#[derive(Clone, Debug)]
pub struct Faction {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Product.
    pub source: Source,
    /// Home system tile (`None` for Keleres, which borrows one).
    pub home_system: Option<SystemId>,
    /// Home planets.
    pub home_planets: Vec<PlanetId>,
    /// Commodity value.
    pub commodities: u8,
    /// Starting technologies.
    pub starting_techs: TechSet,
    /// Starting-technology choice, if any.
    pub starting_choice: Option<StartingChoice>,
    /// Starting units by type.
    pub starting_units: [u8; UNIT_TYPES],
    /// The faction's technologies.
    pub faction_techs: TechSet,
    /// The faction's units.
    pub faction_units: Vec<UnitId>,
    /// The abilities as the data file lists them.
    pub abilities: Vec<AbilityDef>,
    /// Bits of the abilities the engine implements ([`crate::ti4::rules::AbilityBit`]: only
    /// the faction rules name them).
    pub known_abilities: crate::ti4::rules::AbilitySet,
    /// Alternative home systems.
    pub home_options: Vec<HomeOption>,
}

/// One faction ability of a faction sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbilityDef {
    /// Data-file id.
    pub key: String,
    /// Whether a rule of the engine implements it (checked at load time).
    pub implemented: bool,
}

/// What kind of planet card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlanetKind {
    /// An ordinary planet.
    Standard,
    /// A home planet.
    Home,
    /// Mecatol Rex.
    MecatolRex,
    /// A Thunder's Edge space station.
    SpaceStation,
}

/// Bit of the cultural trait in [`Planet::trait_bits`] (and index of `Content::trait_planets`).
pub const CULTURAL: usize = 0;
/// Bit of the hazardous trait in [`Planet::trait_bits`].
pub const HAZARDOUS: usize = 1;
/// Bit of the industrial trait in [`Planet::trait_bits`].
pub const INDUSTRIAL: usize = 2;

/// A planet card.
#[derive(Clone, Debug)]
pub struct Planet {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// The tile it is printed on (`None` for cards not on a tile, e.g. Custodia Vigilia).
    pub system: Option<SystemId>,
    /// Resources.
    pub resources: u8,
    /// Influence.
    pub influence: u8,
    /// Traits as in the data file.
    pub traits: Vec<String>,
    /// The traits as bits: [`CULTURAL`] 0, [`HAZARDOUS`] 1, [`INDUSTRIAL`] 2.
    pub trait_bits: u8,
    /// Kind.
    pub kind: PlanetKind,
    /// Faction whose home planet this is.
    pub home_of: Option<FactionId>,
    /// Technology specialty colours, one bit per `Colour as usize` (Technology 13-14).
    pub specialties: u8,
    /// Legendary.
    pub legendary: bool,
    /// Product.
    pub source: Source,
}

/// Wormhole kinds, bit per kind in [`System::wormholes`].
pub const WORMHOLES: [&str; 5] = ["alpha", "beta", "gamma", "delta", "epsilon"];
/// The [`System::anomalies`] bit of a supernova.
pub const SUPERNOVA: u8 = 1 << 2;
/// Anomaly kinds, bit per kind in [`System::anomalies`].
pub const ANOMALIES: [&str; 5] = ["asteroid_field", "nebula", "supernova", "gravity_rift", "entropic_scar"];

/// A system tile.
#[derive(Clone, Debug)]
pub struct System {
    /// Data-file id (the printed tile number, e.g. `"18"`, `"92new"`, `"83a"`).
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Planets on the tile.
    pub planets: Vec<PlanetId>,
    /// Wormhole bits (see [`WORMHOLES`]).
    pub wormholes: u8,
    /// Anomaly bits (see [`ANOMALIES`]).
    pub anomalies: u8,
    /// A hyperlane tile.
    pub hyperlane: bool,
    /// The faction whose home system this is.
    pub home_of: Option<FactionId>,
    /// The faction whose home-system slot this tile takes (Creuss gate, The Sorrow).
    pub board_position_of: Option<FactionId>,
    /// Product.
    pub source: Source,
}

/// Content ids the rules name directly; `None` when a content set lacks them.
#[derive(Clone, Debug, Default)]
pub struct Known {
    /// Psychoarchaeology: use specialties without exhausting.
    pub psychoarchaeology: Option<TechId>,
    /// AI Development Algorithm: exhaust to ignore 1 prerequisite of a unit upgrade.
    pub ai_development_algorithm: Option<TechId>,
    /// L1Z1X Inheritance Systems: exhaust and spend 2 resources to ignore all prerequisites.
    pub inheritance_systems: Option<TechId>,
    /// Saar Floating Factory II.
    pub floating_factory_ii: Option<TechId>,
    /// Keleres I.I.H.Q. Modernization (forbids Valefar tokens).
    pub iihq_modernization: Option<TechId>,
    /// Valefar Assimilator X.
    pub valefar_x: Option<TechId>,
    /// Valefar Assimilator Y.
    pub valefar_y: Option<TechId>,
    /// The Custodia Vigilia planet card.
    pub custodia_vigilia: Option<PlanetId>,
    /// Mecatol Rex.
    pub mecatol_rex: Option<PlanetId>,
    /// Muaat Magmus Reactor (read as its Omega printing: a supernova with Muaat units is a
    /// PRODUCTION source for the elimination condition).
    pub magmus_reactor: Option<TechId>,
    /// The Titans' "Terraform" promissory note (an attachment once played).
    pub terraform: Option<NoteId>,
    /// The relic "Shard of the Throne" (1 victory point while held), when in play.
    pub shard_of_the_throne: Option<RelicId>,
    /// The relic "The Obsidian" (one more secret objective), when in play.
    pub the_obsidian: Option<RelicId>,
    /// The relic "The Scepter of Emelpar" (a reinforcement token spent instead of a strategy
    /// token), when in play.
    pub scepter_of_emelpar: Option<RelicId>,
    /// The generic "Alliance" promissory note (Mahact purges its own at setup: Hubris).
    pub alliance: Option<NoteId>,
    /// The Titans hero, Ul the Progenitor (Geoform: attaches to Elysium).
    pub geoform_hero: Option<LeaderId>,
    /// Antimass Deflectors: ships move into and through asteroid fields.
    pub antimass_deflectors: Option<TechId>,
    /// The Publicize Weapon Schematics agenda (a law read by research and combat forces).
    pub publicize_weapon_schematics: Option<AgendaId>,
    /// The Articles of War agenda (a law read by mech abilities).
    pub articles_of_war: Option<AgendaId>,
}
