//! Action card "Hack Election" (Codex, 1 copy): "After an agenda is revealed: During this
//! agenda, voting begins with the player to the right of the speaker and continues
//! counterclockwise."
//!
//! Offered at window `AgendaRevealed` (once per agenda); playing it sets
//! `AgendaPhase::hacked`, which reverses the voting order (`flow::voting_order`: right of the
//! speaker first, counterclockwise, the speaker still last; players whose rules vote first,
//! Argent's Zeal, still do, in the new order).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("hack_election"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::AgendaRevealed]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0), once per agenda.
fn choices(_: Source, g: &Ti4Game, _p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::AgendaRevealed && !g.flow.agenda_phase.hacked && g.state.num_players > 2 {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.agenda_phase.hacked = true;
}
