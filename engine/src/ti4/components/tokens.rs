//! Single tokens with one position each: the speaker token, the Ghosts of Creuss' alpha and
//! beta wormhole tokens, the Naalu "0" token, the Titans attachments (the Terraform note, the
//! hero's Geoform on Elysium), and the Titans' sleeper tokens.

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

/// Sleeper tokens in the box (Titans of Ul, Terragenesis): at most this many are on planets.
pub const SLEEPER_TOKENS: u32 = 5;

/// The sleeper tokens on planets (Titans of Ul: Terragenesis places and moves them, Awaken
/// replaces them with PDS), and whose they are. At most one token per planet.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Sleepers {
    /// The player whose tokens they are while any is on a planet (`None` exactly when none is;
    /// the tokens go to the box when that player is eliminated).
    pub owner: Option<Player>,
    /// The planets with a sleeper token, at most [`SLEEPER_TOKENS`].
    pub planets: PlanetSet,
}

impl Sleepers {
    /// Sleeper tokens of `p` on planets.
    pub fn of(&self, p: Player) -> PlanetSet {
        if self.owner == Some(p) {
            self.planets
        } else {
            PlanetSet::EMPTY
        }
    }

    /// Sleeper tokens `p` still has off the board (0 for anyone but the tokens' owner, once
    /// there is one).
    pub fn in_supply(&self, p: Player) -> u32 {
        match self.owner {
            Some(q) if q != p => 0,
            _ => SLEEPER_TOKENS - self.planets.len(),
        }
    }

    /// `p` places one of their sleeper tokens on `pl` (from their supply or moved from another
    /// planet by the caller's [`Sleepers::remove`]).
    pub fn place(&mut self, p: Player, pl: PlanetId) {
        self.owner = Some(p);
        self.planets.insert(pl);
    }

    /// The sleeper token on `pl` leaves it (to its owner's supply); the owner is forgotten with
    /// the last token.
    pub fn remove(&mut self, pl: PlanetId) {
        self.planets.remove(pl);
        if self.planets.is_empty() {
            self.owner = None;
        }
    }
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
    /// The Titans' sleeper tokens.
    pub sleepers: Sleepers,
}
