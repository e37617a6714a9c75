//! The game's components beyond units, technologies and planets, each in exactly one place:
//! cards (action cards, agendas, objectives, promissory notes, leaders), strategy cards, the
//! speaker token, captured units, and each player's final standing. (The faction components with
//! a position of their own, such as the Creuss wormhole tokens or the command tokens on the
//! Mahact sheet, are [`crate::ti4::factions::FactionState`], owned by the faction files.)
//!
//! "Exactly one place" holds by construction wherever it can: every physical card has one
//! location byte ([`Zone`]), every strategy card one holder, every token one position. Where a
//! component is a count (units, command tokens), [`elimination::conservation`] checks that the
//! places add up to the component total.
//!
//! Simplified (see `docs/RULES.md`): decks are unordered sets (a draw is a uniform
//! choice among the deck's cards, which is what a shuffled deck gives; effects that look at or
//! reorder the top of a deck are not modelled); control tokens are one per controlled planet
//! (`PlayerState::planets`) and are not tracked elsewhere (markers on the victory point track and
//! on scored objectives are implied by what is scored).
//!
//! [`elimination::conservation`]: crate::ti4::elimination::conservation

pub mod captured;
pub mod cards;
pub mod command_tokens;
pub mod exploration;
pub mod leaders;
pub mod notes;
pub mod objectives;
pub mod standing;
pub mod strategy_cards;
pub mod tokens;
mod zone;

pub use captured::{CaptureError, Captured, MAX_CAPTORS};
pub use cards::{action_cards_normalized, normalize_action_cards, ActionCards, Agendas, SecretObjectives};
pub use exploration::{Exploration, PlanetBonus};
pub use leaders::{LeaderState, Leaders};
pub use notes::Notes;
pub use objectives::{all_victory_points, victory_points, PublicObjectives, PublicState};
pub use standing::Standing;
pub use strategy_cards::{StrategyCard, StrategyCards, STRATEGY_CARDS};
pub use tokens::Tokens;
pub use zone::Zone;
