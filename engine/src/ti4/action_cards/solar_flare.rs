//! Action card "Solar Flare" (Codex, 1 copy): "After you activate a system: During this
//! movement, other players cannot use SPACE CANNON against your ships."
//!
//! Offered to the active player at window `SystemActivated`; playing it sets
//! `TacticalAction::solar_flare`: the space cannon offense of this tactical action (rules 77.2,
//! part of the movement step) fires only the active player's own units.

use super::activation::activated_by;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("solar_flare"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the active player, once per tactical action.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if activated_by(g, p, window) && !g.flow.tactical.solar_flare {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.tactical.solar_flare = true;
}
