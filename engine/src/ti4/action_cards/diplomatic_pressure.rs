//! Action card "Diplomatic Pressure" (Prophecy of Kings, 4 copies): "When an agenda is
//! revealed: Choose another player; that player must give you 1 promissory note from their
//! hand."
//!
//! Offered at window `WhenAgendaRevealed`, one choice per other player in the game holding a
//! promissory note with an effect here (`game::notes`; notes without one are never passed on);
//! which note they give is their choice (simplified: `notes::note_to_give`, the first in seat
//! and slot order). Support for the Throne given goes into the player's play area.

use crate::ti4::game::notes::{give_note, note_to_give};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("diplomatic_pressure"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::WhenAgendaRevealed]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice per other player in the game with a note to give (the choice: their seat).
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::WhenAgendaRevealed {
        return;
    }
    for q in g.state.seats().filter(|&q| q != p && g.state.player(q).in_game) {
        if note_to_give(g, q).is_some() {
            out(q.0 as u16);
        }
    }
}

/// The chosen player gives `p` a note from their hand.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    if let Some((owner, k)) = note_to_give(g, Player(choice as u8)) {
        give_note(g, owner, k, p);
    }
}
