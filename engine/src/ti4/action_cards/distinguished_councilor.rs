//! Action card "Distinguished Councilor" (base, 1 copy): "After you cast votes on an outcome of
//! an agenda: Cast 5 additional votes for that outcome."
//!
//! Offered to the voter at window `VotesCast`, right after their vote (`AgendaPhase::last_vote`):
//! 5 more votes for the outcome they voted for.

use crate::ti4::game::agendas::voted_for;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("distinguished_councilor"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::VotesCast]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// The votes the card casts.
const VOTES: u16 = 5;

/// One choice (0) for the player who just voted.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    // Representative Government: no additional votes.
    if voted_for(g, p, window).is_some() && !crate::ti4::game::agendas::one_vote_each(g) {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, window: Window, _choice: u16) {
    if let Some(o) = voted_for(g, p, window) {
        g.flow.agenda_phase.votes[o as usize] += VOTES;
    }
}
