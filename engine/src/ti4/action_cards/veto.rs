//! Action card "Veto" (base, 1 copy): "When an agenda is revealed: Discard that agenda and
//! reveal the next agenda from the top of the deck. Players vote on this agenda instead."
//!
//! Offered at window `WhenAgendaRevealed` (before the "after" effects of `AgendaRevealed`)
//! while the agenda deck holds another card; playing it discards the agenda (it stays in the
//! discard pile) and the round loop reveals another (a chance event,
//! `flow::after_when_agenda_revealed`), on which the windows open again.

use crate::ti4::game::agendas::{self, NO_AGENDA};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("veto"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::WhenAgendaRevealed]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) while an agenda is revealed and the deck holds another.
fn choices(_: Source, g: &Ti4Game, _p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::WhenAgendaRevealed && agendas::another_agenda_to_reveal(g) {
        out(0);
    }
}

/// The revealed agenda is discarded (it is already in the discard pile while voted on).
fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.agenda_phase.agenda_card = NO_AGENDA;
}
