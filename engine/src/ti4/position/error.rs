//! Position errors: every problem names the field path (`players[0].planets[1].id`) and what is
//! wrong with it, on one line.

use std::fmt;

/// A problem found while reading or checking a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// The field, as a path from the top of the position (`players[0].units[2].count`); empty
    /// for the position as a whole.
    pub path: String,
    /// What is wrong.
    pub kind: PositionErrorKind,
}

/// What a position id names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKind {
    /// A faction (`factions.json`).
    Faction,
    /// A technology (`technologies.json`).
    Technology,
    /// A planet (`planets.json`).
    Planet,
    /// A system tile (`systems.json`).
    System,
    /// A unit type (`infantry`, `carrier` ...).
    UnitType,
    /// An action card (`cards.json`).
    ActionCard,
    /// An agenda card (`cards.json`).
    Agenda,
    /// A public objective (`cards.json`).
    PublicObjective,
    /// A secret objective (`cards.json`).
    SecretObjective,
    /// A promissory note (`cards.json`).
    PromissoryNote,
    /// A leader (`cards.json`).
    Leader,
    /// A strategy card (`leadership` ... `imperial`).
    StrategyCard,
    /// An exploration card (`cards.json`).
    ExplorationCard,
    /// A relic (`cards.json`).
    Relic,
}

impl IdKind {
    /// The word used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            IdKind::Faction => "faction",
            IdKind::Technology => "technology",
            IdKind::Planet => "planet",
            IdKind::System => "system",
            IdKind::UnitType => "unit type",
            IdKind::ActionCard => "action card",
            IdKind::Agenda => "agenda",
            IdKind::PublicObjective => "public objective",
            IdKind::SecretObjective => "secret objective",
            IdKind::PromissoryNote => "promissory note",
            IdKind::Leader => "leader",
            IdKind::StrategyCard => "strategy card",
            IdKind::ExplorationCard => "exploration card",
            IdKind::Relic => "relic",
        }
    }
}

/// Where units stand: a space area or a planet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// The space area of a system tile.
    Space(String),
    /// A planet.
    Planet(String),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Space(s) => write!(f, "the space area of system '{s}'"),
            Place::Planet(p) => write!(f, "planet '{p}'"),
        }
    }
}

/// What is wrong with a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionErrorKind {
    /// Not JSON, or not of the position's shape (serde's message, with line and column).
    Json(String),
    /// A `version` this engine does not read.
    UnsupportedVersion(u32),
    /// `players` is empty.
    NoPlayers,
    /// More than 8 players.
    TooManyPlayers(usize),
    /// More tiles than the board holds.
    TooManySystems(usize),
    /// An id the content does not have.
    UnknownId(IdKind, String),
    /// The same id twice in one list.
    Duplicate(IdKind, String),
    /// A faction already seated (at the seat given).
    FactionTwice(String, usize),
    /// A planet already controlled by the seat given.
    PlanetControlledTwice(String, usize),
    /// Another faction's technology (Technology 11).
    OtherFactionTechnology(String, String),
    /// A generic upgrade the faction's own upgrade replaces (Technology note 3).
    ReplacedTechnology(String, String),
    /// An exhausted technology the player does not own.
    ExhaustedNotOwned(String),
    /// More commodities than the faction's commodity value.
    CommoditiesAboveValue(u8, u8),
    /// A Valefar token (`'x'` or `'y'`) placed without owning its card.
    ValefarCardNotOwned(char, String),
    /// A Valefar token on a technology that cannot carry it, and why.
    ValefarTarget(String, &'static str),
    /// I.I.H.Q. Modernization owned without its Custodia Vigilia planet card (the card's id).
    CustodiaVigiliaMissing(String),
    /// Pools and board hold more command tokens than a player has.
    TooManyCommandTokens(u32),
    /// `reinforcements` given and not what the pools and board leave.
    ReinforcementsMismatch(u8, u8),
    /// A unit entry with neither `system` nor `planet`.
    NoLocation,
    /// A planet that no system tile carries.
    PlanetNotOnTile(String),
    /// A planet named with a `system` that is not its tile (planet, its tile, the system given).
    SystemMismatch(String, String, String),
    /// A unit entry with `count` 0.
    ZeroCount,
    /// More damaged units than units.
    DamagedAboveCount(u8, u8),
    /// Units of a type this player has no unit for (a war sun without its technology).
    NoSuchUnit(String),
    /// Damaged units of a type without SUSTAIN DAMAGE for this player.
    NoSustainDamage(String),
    /// A unit type in a place it cannot stand (unit type, place needed).
    WrongArea(String, &'static str),
    /// Units on a planet another seat controls.
    PlanetOfOther(String, usize),
    /// Units where another seat's units already are.
    Occupied(Place, usize),
    /// More units of a type than the faction's components (unit type, units, limit).
    ComponentLimit(String, u32, u8),
    /// An eliminated player with something on the board or in play (what).
    EliminatedHolds(&'static str),
    /// A faction that is not seated.
    NotSeated(String),
    /// A faction that is eliminated where a player in the game is needed.
    NotInGame(String),
    /// A card placed in two places (or twice in one).
    CardTwice(IdKind, String),
    /// More copies of an action card than the deck has (card, copies).
    TooManyCopies(String, u8),
    /// A value a field does not take (the field's allowed values).
    BadValue(String, &'static str),
    /// A generic note without `of`, or a faction note whose `of` is not its faction.
    NoteOwner(String, &'static str),
    /// A promissory note of a faction nobody plays.
    NoteNotInGame(String),
    /// A leader of another faction (leader, faction).
    OtherFactionLeader(String, String),
    /// A strategy card held wrongly (why).
    StrategyCardMisplaced(&'static str),
    /// A public objective scored while face down.
    ScoredNotRevealed(String),
    /// A player holding their own command token on their sheet.
    OwnCommandToken,
    /// Captured units beyond what the owner has left (unit type, asked, available).
    CapturedAboveSupply(String, u32, u32),
    /// More players hold captured units than the state tracks.
    TooManyCaptors(usize),
    /// A Titans attachment without the card in the right place (why).
    Attachment(&'static str),
    /// The components do not add up (the conservation check's message).
    Inconsistent(String),
    /// A game position (`procedure`) without the `map` it is played on.
    MissingMap,
    /// A map string the galaxy rejects (its message).
    Map(String),
    /// The board's tiles differ from the map's (board slot, tile on the board, tile of the map).
    BoardNotMap(usize, String, String),
    /// A procedure field out of its range, or a round-loop invariant the game breaks (why).
    Procedure(String),
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind as K;
        match self {
            K::Json(e) => write!(f, "{e}"),
            K::UnsupportedVersion(v) => {
                write!(f, "unsupported position version {v} (this engine reads version {})", super::FORMAT_VERSION)
            }
            K::NoPlayers => write!(f, "a position needs at least one player"),
            K::TooManyPlayers(n) => write!(f, "{n} players; a game seats at most {}", crate::ti4::ids::MAX_PLAYERS),
            K::TooManySystems(n) => write!(f, "the board holds at most {n} systems"),
            K::UnknownId(k, id) => write!(f, "unknown {} '{id}'", k.name()),
            K::Duplicate(k, id) => write!(f, "{} '{id}' is listed twice", k.name()),
            K::FactionTwice(id, seat) => write!(f, "faction '{id}' is already played by players[{seat}]"),
            K::PlanetControlledTwice(id, seat) => write!(f, "planet '{id}' is already controlled by players[{seat}]"),
            K::OtherFactionTechnology(t, fac) => {
                write!(f, "technology '{t}' is a faction technology of '{fac}' (Technology 11)")
            }
            K::ReplacedTechnology(t, by) => {
                write!(f, "technology '{t}' is replaced by the faction upgrade '{by}' (Technology note 3)")
            }
            K::ExhaustedNotOwned(t) => write!(f, "technology '{t}' is exhausted but not owned"),
            K::CommoditiesAboveValue(n, v) => write!(f, "{n} commodities exceed the faction's commodity value {v}"),
            K::ValefarCardNotOwned(tok, card) => {
                write!(f, "a Valefar Assimilator {} token needs the card '{card}' owned", tok.to_ascii_uppercase())
            }
            K::ValefarTarget(t, why) => write!(f, "technology '{t}' cannot carry a Valefar Assimilator token: {why}"),
            K::CustodiaVigiliaMissing(cv) => write!(
                f,
                "the owner of I.I.H.Q. Modernization controls the planet card '{cv}' (gained with the technology, never lost); list it"
            ),
            K::TooManyCommandTokens(n) => {
                write!(f, "pools and board hold {n} command tokens; a player has {}", crate::ti4::state::COMMAND_TOKENS)
            }
            K::ReinforcementsMismatch(given, left) => {
                write!(f, "{given} command tokens in reinforcements, but the pools and board leave {left}")
            }
            K::NoLocation => write!(f, "a unit entry needs a 'system' or a 'planet'"),
            K::PlanetNotOnTile(p) => write!(f, "planet '{p}' is not on a system tile, so units cannot stand on it"),
            K::SystemMismatch(p, tile, given) => {
                write!(f, "planet '{p}' is not on system '{given}' (it is on '{tile}')")
            }
            K::ZeroCount => write!(f, "count must be at least 1"),
            K::DamagedAboveCount(d, n) => write!(f, "{d} damaged units but only {n} units"),
            K::NoSuchUnit(u) => write!(f, "this player has no {u} unit (no owned technology provides it)"),
            K::NoSustainDamage(u) => write!(f, "damaged {u} units, but this player's {u} has no SUSTAIN DAMAGE"),
            K::WrongArea(u, needs) => write!(f, "{u} units must stand in {needs}"),
            K::PlanetOfOther(p, seat) => {
                write!(f, "units on planet '{p}', which players[{seat}] controls (allowed only inside a combat)")
            }
            K::Occupied(place, seat) => {
                write!(f, "{place} already holds units of players[{seat}] (allowed only inside a combat)")
            }
            K::ComponentLimit(u, n, limit) => {
                write!(f, "{n} {u} units exceed the faction's component limit of {limit}")
            }
            K::EliminatedHolds(what) => write!(f, "an eliminated player holds no {what}"),
            K::NotSeated(fac) => write!(f, "faction '{fac}' is not seated"),
            K::NotInGame(fac) => write!(f, "faction '{fac}' is eliminated"),
            K::CardTwice(k, id) => write!(f, "{} '{id}' is placed twice", k.name()),
            K::TooManyCopies(id, n) => write!(f, "more copies of action card '{id}' than the {n} in the deck"),
            K::BadValue(v, allowed) => write!(f, "'{v}' is not one of {allowed}"),
            K::NoteOwner(n, why) => write!(f, "promissory note '{n}': {why}"),
            K::NoteNotInGame(n) => write!(f, "promissory note '{n}' belongs to no seated faction"),
            K::OtherFactionLeader(l, fac) => write!(f, "leader '{l}' is a leader of '{fac}'"),
            K::StrategyCardMisplaced(why) => write!(f, "{why}"),
            K::ScoredNotRevealed(o) => write!(f, "public objective '{o}' is scored but not revealed"),
            K::OwnCommandToken => write!(f, "a player cannot hold their own command token on their sheet"),
            K::CapturedAboveSupply(u, n, a) => {
                write!(f, "{n} captured {u} units, but the owner has only {a} outside the board")
            }
            K::TooManyCaptors(n) => write!(f, "at most {n} players hold captured units"),
            K::Attachment(why) => write!(f, "{why}"),
            K::Inconsistent(why) => write!(f, "components do not add up: {why}"),
            K::MissingMap => write!(f, "a position with a procedure needs the map it is played on ('map')"),
            K::Map(why) => write!(f, "bad map: {why}"),
            K::BoardNotMap(slot, tile, map) => {
                write!(f, "board slot {slot} holds system '{tile}' where the map has '{map}'")
            }
            K::Procedure(why) => write!(f, "{why}"),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.kind)
        } else {
            write!(f, "{}: {}", self.path, self.kind)
        }
    }
}

impl std::error::Error for PositionError {}

impl PositionError {
    /// An error at `path`.
    pub fn new(path: impl Into<String>, kind: PositionErrorKind) -> PositionError {
        PositionError { path: path.into(), kind }
    }
}
