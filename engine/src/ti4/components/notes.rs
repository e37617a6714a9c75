//! Promissory notes: each player owns a set — the generic notes of their colour and their
//! faction's notes (`Content::cards.seat_notes`) — and each note is in one [`Zone`]: a hand
//! (`Hand(p)`, its owner's at setup), a play area (`PlayArea(p)`: "Support for the Throne",
//! "Alliance" ... in play in front of `p`), attached to a planet (`Attached`: Terraform), or the
//! box (`Removed`: purged, or its owner eliminated).

use super::zone::Zone;
use crate::ti4::content::cards::MAX_NOTES_PER_SEAT;
use crate::ti4::ids::*;

/// Where each player's notes are, by owner seat and slot (`Content::cards.seat_notes` order).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Notes {
    codes: [[u8; MAX_NOTES_PER_SEAT]; MAX_PLAYERS],
}

impl Default for Notes {
    fn default() -> Self {
        Notes { codes: [[Zone::Removed.code(); MAX_NOTES_PER_SEAT]; MAX_PLAYERS] }
    }
}

impl Notes {
    /// Where note `slot` of `owner` is.
    #[inline]
    pub fn get(&self, owner: Player, slot: usize) -> Zone {
        self.codes.get(owner.idx()).and_then(|r| r.get(slot)).map_or(Zone::Removed, |&c| Zone::from_code(c))
    }
    /// Moves note `slot` of `owner` to `zone`.
    #[inline]
    pub fn set(&mut self, owner: Player, slot: usize, zone: Zone) {
        if let Some(c) = self.codes.get_mut(owner.idx()).and_then(|r| r.get_mut(slot)) {
            *c = zone.code();
        }
    }
}
