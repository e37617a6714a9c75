//! Technology card "Predictive Intelligence". First ability: "At the end of your turn, you may
//! exhaust this card to redistribute your command tokens": while the card is ready the core
//! offers the redistribution at the end of each of the player's turns (hook point
//! `redistributes_at_turn_end`; keeping every token where it is declines), and the card is
//! exhausted when a token moved (`turn_end_redistributed`). Second ability: "When you cast votes during the
//! agenda phase, you may cast 3 additional votes; if you do, and the outcome you voted for is
//! not resolved, exhaust this card." Cast whenever the card is ready and the player votes (not
//! when abstaining); the core records who cast additional votes (`Flow::extra_voters`).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("predictive_intelligence"),
    hooks: Hooks {
        extra_votes: Some(votes),
        agenda_resolved: Some(exhaust),
        redistributes_at_turn_end: Some(ready),
        turn_end_redistributed: Some(exhaust_card),
        ..Hooks::NONE
    },
};

/// The card is ready.
fn ready(src: Source, g: &Ti4Game, p: Player) -> bool {
    src.tech().is_some_and(|t| !g.state.player(p).exhausted_techs.contains(t))
}

fn votes(src: Source, g: &Ti4Game, p: Player) -> u16 {
    if ready(src, g, p) {
        3
    } else {
        0
    }
}

/// The redistribution at the end of the turn was made: the card is exhausted.
fn exhaust_card(src: Source, g: &mut Ti4Game, p: Player) {
    src.exhaust_card(&mut g.state, p);
}

/// The card of a player who cast its votes for an outcome that is not the one resolved
/// (`outcome`) is exhausted.
fn exhaust(src: Source, g: &mut Ti4Game, p: Player, outcome: u8) {
    let voted_other = g.flow.agenda_phase.voters() & !g.flow.agenda_phase.voters_of(outcome);
    if let Some(t) = src.tech() {
        if g.flow.agenda_phase.extra_voters >> p.0 & 1 == 1 && voted_other >> p.0 & 1 == 1 {
            g.state.player_mut(p).exhausted_techs.insert(t);
        }
    }
}
