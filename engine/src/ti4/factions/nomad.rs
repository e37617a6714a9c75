//! The Nomad: Future Sight. (The Company needs leaders, which are not modelled.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Future Sight: "During the agenda phase, after an outcome that you voted for or predicted
    // is resolved, gain 1 trade good." (Predictions: the riders played, `AgendaPhase::riders`.)
    Rule {
        source: SourceKey::Ability("future_sight"),
        hooks: Hooks { agenda_resolved: Some(future_sight), ..Hooks::NONE },
    },
];

fn future_sight(_: Source, g: &mut Ti4Game, p: Player, outcome: u8) {
    if (g.flow.agenda_phase.voters_of(outcome) | g.flow.agenda_phase.predicted(outcome)) >> p.0 & 1 == 1 {
        let ps = g.state.player_mut(p);
        ps.trade_goods = ps.trade_goods.saturating_add(1);
    }
}
