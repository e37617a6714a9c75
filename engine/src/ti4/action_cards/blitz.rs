//! Action card "Blitz" (Prophecy of Kings, 1 copy): "At the start of an invasion: Each of your
//! non-fighter ships in the active system that do not have BOMBARDMENT gain BOMBARDMENT 6 until
//! the end of the invasion."
//!
//! Offered to the active player at window `InvasionStart` when they have such a ship in the
//! active system's space area. Playing it sets `TacticalAction::blitz`: the invasion's
//! bombardment (and L1Z1X's Harrow) rolls those ships with BOMBARDMENT 6, one die each
//! (`invasion::bombarding_force`, `Force::with_bombardment_for_ships`).

use super::invasion::invaded_by;
use crate::ti4::game::component::blitz_arms_a_ship;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("blitz"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::InvasionStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the invader with a non-fighter ship without BOMBARDMENT there.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if invaded_by(g, p, window) && !g.flow.tactical.blitz && blitz_arms_a_ship(g, p) {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.tactical.blitz = true;
}
