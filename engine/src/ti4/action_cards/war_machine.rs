//! Action card "War Machine" (base, 4 copies): "When 1 or more of your units use PRODUCTION:
//! Apply +4 to the total PRODUCTION value of those units and reduce the combined cost of the
//! produced units by 1."
//!
//! Offered at window `ProductionStart` (a tactical action's production step, Warfare's
//! secondary) to the producing player, once per production. Playing it sets
//! `ProductionRun::war_machine`: the production's limit is 4 higher and its combined cost 1
//! lower (`production::produce_options`, `production::finish_production`). Not offered for a
//! component action's production (Sling Relay's "produce 1 ship" is not a use of PRODUCTION).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("war_machine"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::ProductionStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the player whose units are about to use PRODUCTION.
fn choices(_: Source, g: &Ti4Game, _p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::ProductionStart && !g.flow.production.war_machine && !g.flow.production.component {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.production.war_machine = true;
}
