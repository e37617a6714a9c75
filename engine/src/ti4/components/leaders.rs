//! Leaders: each faction's agent(s), commander and hero(es) (`Content::cards.seat_leaders`),
//! one [`LeaderState`] per slot. Agents start unlocked, commanders and heroes locked.

use crate::ti4::content::cards::MAX_LEADERS_PER_SEAT;
use crate::ti4::ids::*;

/// A leader's state.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum LeaderState {
    /// Face down: its unlock condition is not met yet.
    Locked = 0,
    /// Unlocked and ready.
    Unlocked = 1,
    /// Unlocked and exhausted (an agent that was used this round).
    Exhausted = 2,
    /// Purged (a hero that was used).
    Purged = 3,
    /// Attached to a planet (the Titans hero on Elysium: Geoform; which planet: `Tokens`).
    Attached = 4,
    /// Returned to the game box (its player eliminated).
    Removed = 5,
}

impl LeaderState {
    /// Every state, in code order.
    pub const ALL: [LeaderState; 6] = [
        LeaderState::Locked,
        LeaderState::Unlocked,
        LeaderState::Exhausted,
        LeaderState::Purged,
        LeaderState::Attached,
        LeaderState::Removed,
    ];
    /// The position-file name.
    pub const fn name(self) -> &'static str {
        match self {
            LeaderState::Locked => "locked",
            LeaderState::Unlocked => "unlocked",
            LeaderState::Exhausted => "exhausted",
            LeaderState::Purged => "purged",
            LeaderState::Attached => "attached",
            LeaderState::Removed => "removed",
        }
    }
    /// Parses a position-file name.
    pub fn parse(s: &str) -> Option<LeaderState> {
        LeaderState::ALL.into_iter().find(|l| l.name() == s)
    }
    /// True when its ability may be used (unlocked, ready or exhausted).
    pub const fn is_unlocked(self) -> bool {
        matches!(self, LeaderState::Unlocked | LeaderState::Exhausted)
    }
}

/// Every seat's leaders, by seat and slot.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Leaders {
    codes: [[u8; MAX_LEADERS_PER_SEAT]; MAX_PLAYERS],
}

impl Default for Leaders {
    fn default() -> Self {
        Leaders { codes: [[LeaderState::Removed as u8; MAX_LEADERS_PER_SEAT]; MAX_PLAYERS] }
    }
}

impl Leaders {
    /// The state of leader `slot` of seat `p`.
    #[inline]
    pub fn get(&self, p: Player, slot: usize) -> LeaderState {
        let code = self.codes.get(p.idx()).and_then(|r| r.get(slot)).copied().unwrap_or(LeaderState::Removed as u8);
        LeaderState::ALL.get(code as usize).copied().unwrap_or(LeaderState::Removed)
    }
    /// Sets the state of leader `slot` of seat `p`.
    #[inline]
    pub fn set(&mut self, p: Player, slot: usize, st: LeaderState) {
        if let Some(c) = self.codes.get_mut(p.idx()).and_then(|r| r.get_mut(slot)) {
            *c = st as u8;
        }
    }
}

/// The slot of leader `l` on a faction-`f` seat (`Content::cards.seat_leaders`), if the faction
/// has it.
#[inline]
pub fn slot_of(c: &crate::ti4::content::Content, f: FactionId, l: LeaderId) -> Option<usize> {
    c.cards.seat_leaders.get(f.idx())?.iter().position(|&x| x == l)
}

/// Sets the state of `p`'s own leader `l` (nothing when `p`'s faction has no such leader).
pub fn set_own(
    c: &crate::ti4::content::Content,
    s: &mut crate::ti4::state::State,
    p: Player,
    l: LeaderId,
    st: LeaderState,
) {
    if let Some(k) = slot_of(c, s.player(p).faction, l) {
        s.leaders.set(p, k, st);
    }
}
