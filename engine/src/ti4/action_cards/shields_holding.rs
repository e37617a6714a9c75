//! Action card "Shields Holding" (base, 4 copies): "Before you assign hits to your ships during
//! a space combat: Cancel up to 2 hits."
//!
//! Offered at window `SpaceCombatBeforeHits` to the side about to assign the hits of a combat
//! roll (`SpacePhase::BeforeHits`); played, 2 of them are cancelled (all when fewer:
//! cancelling fewer than it may is never better). Simplified: not before the hits of
//! anti-fighter barrage or Ambush (only combat rolls pause there), one copy per assignment.

use crate::ti4::game::component::assigning_space_combat_hits;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("shields_holding"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatBeforeHits]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// Hits Shields Holding cancels.
const CANCELLED: u16 = 2;

/// One choice (0) for the side about to assign combat-roll hits.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if assigning_space_combat_hits(g, p, window) {
        out(0);
    }
}

/// Up to 2 of the hits are cancelled.
fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    if let Some(c) = g.flow.tactical.space.as_mut() {
        c.cancel_hits(CANCELLED);
    }
}
