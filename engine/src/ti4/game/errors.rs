//! The round loop's typed errors: why a game cannot be set up ([`SetupError`]), which invariant
//! a state breaks ([`InvariantError`]), and an action a step does not take ([`IllegalAction`]).
//! Each prints as one line; `String: From` each, so code that reports errors as text keeps `?`.

use super::{Action, Step};
use crate::ti4::elimination::conservation::ConservationError;
use crate::ti4::galaxy::GalaxyError;
use crate::ti4::ids::Player;
use std::fmt;

/// Why [`super::Ti4Game::new`] (or `on_galaxy`) cannot set up a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// Setup: TI4 seats 3 to 8 players; this many factions were given.
    PlayerCount(usize),
    /// Setup 1: a faction without a home system of its own (Council Keleres) can borrow none:
    /// every home system it may borrow belongs to a faction in the game.
    NoHomeToBorrow {
        /// The faction's content key.
        faction: String,
    },
    /// The map cannot be generated, read or built.
    Map(GalaxyError),
    /// The map's home systems are not one per faction.
    HomeCount {
        /// Home systems on the map.
        homes: usize,
        /// Factions seated.
        factions: usize,
    },
    /// A seat's home system on the map is not its faction's.
    WrongHome {
        /// The seat.
        seat: usize,
        /// The seat's faction (content key).
        faction: String,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PlayerCount(n) => write!(f, "{n} players: TI4 seats 3 to 8"),
            SetupError::NoHomeToBorrow { faction } => {
                write!(f, "faction '{faction}': every home system it may borrow belongs to a faction in the game")
            }
            SetupError::Map(e) => write!(f, "map: {e}"),
            SetupError::HomeCount { homes, factions } => {
                write!(f, "map has {homes} home systems for {factions} factions")
            }
            SetupError::WrongHome { seat, faction } => {
                write!(f, "seat {seat}: home system is not faction '{faction}''s")
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl From<GalaxyError> for SetupError {
    fn from(e: GalaxyError) -> SetupError {
        SetupError::Map(e)
    }
}

impl From<SetupError> for String {
    fn from(e: SetupError) -> String {
        e.to_string()
    }
}

/// The invariant a state breaks ([`super::Ti4Game::check_invariants`]), with the rule it comes
/// from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvariantError {
    /// Components are neither created nor lost (`elimination::conservation`).
    Conservation(ConservationError),
    /// A payment under way is inconsistent (`payment::check`; the text says how).
    Payment(String),
    /// A vote being cast is inconsistent (`agendas::check`; the text says how).
    Vote(String),
    /// Elimination: a player out of the game is to move.
    EliminatedToMove(Player),
    /// Rules 61: a player holds more than three secret objectives (four while returning one).
    TooManySecrets {
        /// The player.
        player: Player,
        /// Secret objectives held, scored and unscored.
        held: usize,
    },
    /// Rules 98: a player reached the victory-point target but the game goes on.
    VictoryIgnored {
        /// The player.
        player: Player,
        /// Its victory points.
        points: u32,
    },
    /// Rules 37: more non-fighter ships in a system than the fleet pool allows.
    FleetPool {
        /// The player.
        player: Player,
        /// The board slot.
        slot: u8,
    },
    /// Rules 16: more fighters and ground forces in a space area than the ships' capacity.
    Capacity {
        /// The player.
        player: Player,
        /// The board slot.
        slot: u8,
        /// Units carried.
        load: u32,
        /// Capacity of the ships there.
        capacity: u32,
    },
    /// Units stand where a rule destroys them on arrival (hook point `units_placed`).
    DestroyedOnArrival {
        /// The player (seat number).
        player: u8,
        /// The board slot.
        slot: u8,
    },
    /// More bonus victory points than the custodians, Imperial (one per round plus one) and
    /// agendas can give.
    BonusPoints {
        /// Bonus points of all seats.
        bonus: u32,
        /// The round.
        round: u8,
    },
}

impl fmt::Display for InvariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvariantError::Conservation(e) => write!(f, "conservation: {e:?}"),
            InvariantError::Payment(m) | InvariantError::Vote(m) => f.write_str(m),
            InvariantError::EliminatedToMove(p) => write!(f, "eliminated player {} to move", p.0),
            InvariantError::TooManySecrets { player, held } => {
                write!(f, "player {} holds {held} secret objectives (rules 61: at most 3)", player.0)
            }
            InvariantError::VictoryIgnored { player, points } => {
                write!(f, "player {} has {points} VP but the game goes on", player.0)
            }
            InvariantError::FleetPool { player, slot } => {
                write!(f, "fleet pool exceeded in slot {slot} by {}", player.0)
            }
            InvariantError::Capacity { player, slot, load, capacity } => {
                write!(f, "capacity exceeded in slot {slot} by {}: {load} > {capacity}", player.0)
            }
            InvariantError::DestroyedOnArrival { player, slot } => {
                write!(f, "player {player} has units in slot {slot}, where a rule destroys them")
            }
            InvariantError::BonusPoints { bonus, round } => write!(f, "{bonus} bonus VP after {round} rounds"),
        }
    }
}

impl std::error::Error for InvariantError {}

impl From<InvariantError> for String {
    fn from(e: InvariantError) -> String {
        e.to_string()
    }
}

/// An action that is not legal where it was applied ([`super::Ti4Game::try_apply`]; `apply`
/// panics with this text on an action its step does not take).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalAction {
    /// The step the game waited at.
    pub step: Step,
    /// The action.
    pub action: Action,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "action {:?} is not legal at {:?}", self.action, self.step)
    }
}

impl std::error::Error for IllegalAction {}
