//! Single tokens with one position each that belong to no faction: the speaker token. (The
//! faction tokens, such as the Creuss wormholes, the Naalu "0" token and the Titans' sleepers,
//! are [`crate::ti4::factions::FactionState`].)

use crate::ti4::ids::*;

/// Positions of the single tokens that belong to no faction.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Tokens {
    /// The speaker (`None` only when nobody is left in the game).
    pub speaker: Option<Player>,
}
