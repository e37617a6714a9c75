//! Action card "Nav Suite" (Prophecy of Kings, 1 copy): "After you activate a system: During
//! the "Movement" step of this tactical action, ignore the effect of anomalies."
//!
//! Offered to the active player at window `SystemActivated`; playing it sets
//! `TacticalAction::nav_suite`: the active player's ships then move as if no system were an
//! anomaly (`movement::movement_query`, `Mover::leaving`): asteroid fields and supernovas may be
//! entered, nebulae neither stop them nor cut a move value to 1, gravity rifts neither add
//! +1 nor roll. The flag ends with the tactical action; the movement step is the only part
//! of it that moves ships.

use super::activation::activated_by;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("nav_suite"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the active player, once per tactical action, on a board with an
/// anomaly.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if activated_by(g, p, window) && !g.flow.tactical.nav_suite && g.galaxy().anomaly_systems() != 0 {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.tactical.nav_suite = true;
}
