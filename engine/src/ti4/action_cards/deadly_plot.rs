//! Action card "Deadly Plot" (Prophecy of Kings, 1 copy): "During the agenda phase, when an
//! outcome would be resolved: If you voted for or predicted another outcome, discard the agenda
//! instead; the agenda is resolved with no effect and it is not replaced. Then, exhaust all of
//! your planets."
//!
//! Offered at window `OutcomeDecided` to each player who cast votes for
//! (`AgendaPhase::outcome_voters`) or predicted (`AgendaPhase::predictions`) an outcome other
//! than the one decided. Playing it discards the agenda unresolved (`AgendaPhase::agenda_card`
//! back to `NO_AGENDA`: it stays in the discard pile, no rider pays, no prediction counts, no
//! other agenda is revealed in its place) and exhausts every planet of the player.

use crate::ti4::game::agendas::NO_AGENDA;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("deadly_plot"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::OutcomeDecided]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for a player who voted for or predicted another outcome.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let ap = &g.flow.agenda_phase;
    if window != Window::OutcomeDecided || ap.agenda_card == NO_AGENDA {
        return;
    }
    let other = (0..MAX_PLAYERS)
        .filter(|&o| o != ap.outcome as usize)
        .any(|o| (ap.outcome_voters[o] | ap.predictions[o]) >> p.0 & 1 == 1);
    if other {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    let ap = &mut g.flow.agenda_phase;
    ap.agenda_card = NO_AGENDA;
    ap.predictions = [0; MAX_PLAYERS];
    ap.rider_count = 0;
    let s = &mut g.state;
    s.exhausted_planets = s.exhausted_planets.union(s.player(p).planets);
}
