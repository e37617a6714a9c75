//! Action card "Assassinate Representative" (base, 1 copy): "After an agenda is revealed:
//! Choose 1 player. That player cannot vote on this agenda."
//!
//! Offered at window `AgendaRevealed`, one choice per other player in the game who could still
//! vote on it (not already abstaining through a rider, not barred by Public Execution); the
//! chosen player abstains from this agenda (`AgendaPhase::abstaining`).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("assassinate_representative"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::AgendaRevealed]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// Choice `q` (a seat) for each other player in the game who may vote on this agenda.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::AgendaRevealed {
        return;
    }
    let ap = &g.flow.agenda_phase;
    let silenced = ap.abstaining | ap.barred;
    for q in g.state.seats().filter(|&q| q != p && g.state.player(q).in_game && silenced >> q.0 & 1 == 0) {
        out(q.0 as u16);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, choice: u16) {
    g.flow.agenda_phase.abstaining |= 1 << choice;
}
