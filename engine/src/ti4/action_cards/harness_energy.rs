//! Action card "Harness Energy" (Codex, 1 copy): "After you activate an anomaly: Replenish
//! your commodities."
//!
//! Offered to the active player at window `SystemActivated` when the active system is an
//! anomaly and their commodities are below their faction's commodity value (replenishing would
//! change nothing otherwise); `Ti4Game::replenish_commodities` (rules 21.2, with the rules that
//! follow a replenish).

use super::activation::activated_by;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("harness_energy"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the active player in an anomaly below their commodity value.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let ps = g.state.player(p);
    if activated_by(g, p, window)
        && g.galaxy().anomalies(g.flow.tactical.active) != 0
        && ps.commodities < g.content().factions[ps.faction.idx()].commodities
    {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    g.replenish_commodities(p);
}
