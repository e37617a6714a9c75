//! Single tokens with one position each: the speaker token, the Ghosts of Creuss' alpha and
//! beta wormhole tokens, the Naalu "0" token, and the Titans attachments (the Terraform note,
//! the hero's Geoform on Elysium).

use crate::ti4::ids::*;

/// Where the Naalu "0" token is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum ZeroToken {
    /// With the Naalu player, unused (or no Naalu in the game).
    #[default]
    Supply,
    /// On a strategy card of this player: they are first in initiative order (the Naalu player
    /// through Telepathic, or another player through "Gift of Prescience").
    Held(Player),
    /// Out of play (Naalu eliminated; Elimination, Naalu).
    Removed,
}

/// Positions of the single tokens.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Tokens {
    /// The speaker (`None` only when nobody is left in the game).
    pub speaker: Option<Player>,
    /// Creuss wormhole tokens `[alpha, beta]`: the board slot each lies in, or `None` when it is
    /// off the board (in the Creuss player's supply).
    pub creuss_wormholes: [Option<u8>; 2],
    /// The Naalu "0" token.
    pub zero_token: ZeroToken,
    /// The Naalu player was eliminated while another player held the "0" token: it leaves play
    /// at the end of this status phase (Elimination, Naalu).
    pub zero_token_leaves: bool,
    /// The planet the Titans' "Terraform" note is attached to.
    pub terraform: Option<PlanetId>,
    /// The planet the Titans hero (Geoform) is attached to.
    pub geoform: Option<PlanetId>,
}
