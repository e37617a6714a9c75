//! Committee Formation (law, Elect Player): "The elected player gains this card. Before players
//! vote on an agenda that requires a player to be elected, the owner of this card may discard
//! this card to choose a player to be elected. Players do not vote on that agenda."
//!
//! Offered to its owner at window `AgendaRevealed` (after the reveal, before the first vote)
//! when the agenda elects a player, one choice per player in the game (the seat): discarded,
//! that player is the outcome (`AgendaPhase::outcome`) and nobody votes
//! (`AgendaPhase::committee`): the agenda goes on to window `OutcomeDecided`.

use crate::ti4::components::Zone;
use crate::ti4::game::agendas::elects_player;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("committee_formation"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::AgendaRevealed]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice per player in the game (the seat), before the vote on an agenda electing a player.
fn choices(_: Source, g: &Ti4Game, _p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::AgendaRevealed || g.flow.agenda_phase.committee || !elects_player(g) {
        return;
    }
    for q in g.state.seats().filter(|&q| g.state.player(q).in_game) {
        out(u16::from(q.0));
    }
}

/// The card is discarded; the chosen player is elected without a vote.
fn resolve(src: Source, g: &mut Ti4Game, _p: Player, _window: Window, choice: u16) {
    if let Source::Agenda(a) = src {
        g.state.agendas.set(a.idx(), Zone::Discard);
        g.flow.agenda_phase.outcome = choice as u8;
        g.flow.agenda_phase.committee = true;
    }
}
