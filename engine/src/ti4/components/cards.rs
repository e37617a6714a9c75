//! Action cards, agendas and secret objectives: one [`Zone`](super::Zone) per physical card.
//!
//! - Action cards (one slot per copy, `Content::cards.action_copies`): `Deck`, `Discard`,
//!   `Hand(p)`, or `Removed`.
//! - Agendas: `Deck`, `Discard`, `Law` (in play in the common area), `PlayArea(p)` (a law the
//!   elected player gains and owns: "Minister of ...", "Political Censure" ...), or `Removed`
//!   (base-game cards Prophecy of Kings sets aside).
//! - Secret objectives: `Deck`, `Hand(p)` (unscored), `PlayArea(p)` (scored), or `Removed`.

pub use super::zone::ZoneArray;
use crate::ti4::content::cards::{MAX_ACTION_COPIES, MAX_AGENDAS, MAX_SECRET_OBJECTIVES};
use crate::ti4::content::Content;
use crate::ti4::ids::ActionCardId;

/// Where each physical action card is, by copy index.
pub type ActionCards = ZoneArray<MAX_ACTION_COPIES>;
/// Where each agenda card is, by [`AgendaId`](crate::ti4::ids::AgendaId).
pub type Agendas = ZoneArray<MAX_AGENDAS>;
/// Where each secret objective is, by [`SecretObjectiveId`](crate::ti4::ids::SecretObjectiveId).
pub type SecretObjectives = ZoneArray<MAX_SECRET_OBJECTIVES>;

/// The copies of an action card are interchangeable: the state keeps each card's copies in a
/// canonical order (zone bytes sorted), so equal games are equal states. Call after moving
/// action cards by copy index; `conservation::check` verifies it.
pub fn normalize_action_cards(c: &Content, cards: &mut ActionCards) {
    for i in 0..c.cards.action_cards.len() {
        let (first, n) = c.cards.copies_of(ActionCardId(i as u8));
        cards.sort_range(first, first + n);
    }
}

/// True when every action card's copies are in canonical order ([`normalize_action_cards`]).
pub fn action_cards_normalized(c: &Content, cards: &ActionCards) -> bool {
    (0..c.cards.action_cards.len()).all(|i| {
        let (first, n) = c.cards.copies_of(ActionCardId(i as u8));
        cards.is_sorted_range(first, first + n)
    })
}
