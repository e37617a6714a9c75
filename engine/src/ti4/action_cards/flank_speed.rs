//! Action card "Flank Speed" (base, 4 copies): "After you activate a system: Apply +1 to the
//! move value of each of your ships during this tactical action."
//!
//! Offered to the active player at window `SystemActivated`; playing it sets
//! `TacticalAction::flank_speed`, which movement adds to every ship's move value
//! (`movement::Mover`) until the next activation.

use super::activation::activated_by;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("flank_speed"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the active player, once per tactical action.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if activated_by(g, p, window) && !g.flow.tactical.flank_speed {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.tactical.flank_speed = true;
}
