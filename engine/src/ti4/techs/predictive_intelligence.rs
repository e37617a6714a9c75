//! Technology card "Predictive Intelligence" (second ability): "When you cast votes during the
//! agenda phase, you may cast 3 additional votes; if you do, and the outcome you voted for is
//! not resolved, exhaust this card." Cast whenever the card is ready and the player votes (not
//! when abstaining); the core records who cast additional votes (`Flow::extra_voters`). (Its
//! first ability redistributes command tokens: no redistribution is modelled.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("predictive_intelligence"),
    hooks: Hooks { extra_votes: Some(votes), agenda_resolved: Some(exhaust), ..Hooks::NONE },
};

fn votes(src: Source, g: &Ti4Game, p: Player) -> u16 {
    let ready = src.tech().is_some_and(|t| !g.state.player(p).exhausted_techs.contains(t));
    if ready {
        3
    } else {
        0
    }
}

/// The card of a player who cast its votes for the outcome that is not resolved (`for_`: "for"
/// resolves) is exhausted.
fn exhaust(src: Source, g: &mut Ti4Game, p: Player, for_: bool) {
    let voted_for = g.flow.for_voters >> p.0 & 1 == 1;
    if let Some(t) = src.tech() {
        if g.flow.extra_voters >> p.0 & 1 == 1 && voted_for != for_ {
            g.state.player_mut(p).exhausted_techs.insert(t);
        }
    }
}
