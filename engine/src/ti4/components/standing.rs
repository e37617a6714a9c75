//! A player's final standing once eliminated: when, by whom, in which order, with how many points.

use crate::ti4::ids::Player;

/// An eliminated player's record (all zero / `None` while the player is in the game).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Standing {
    /// 1 for the first player eliminated in the game, 2 for the next ...; 0 while in the game.
    pub order: u8,
    /// The game round of the elimination.
    pub round: u8,
    /// The player whose action eliminated them, if known.
    pub by: Option<Player>,
    /// Victory points at the moment of elimination.
    pub victory_points: u8,
}
