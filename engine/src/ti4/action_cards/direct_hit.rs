//! Action card "Direct Hit" (base, 4 copies): "After another player's ship uses SUSTAIN DAMAGE
//! to cancel a hit produced by your units or abilities: Destroy that ship."
//!
//! Offered at window `SpaceCombatAfterHits` to the side whose combat roll produced the hits,
//! once the other side assigned them with ships using SUSTAIN DAMAGE
//! (`SpacePhase::AfterHits`, `SpaceCombat::sustained`): one choice per ship type that
//! sustained (its index); played, one ship of that type is destroyed. Simplified: only after
//! the hits of combat rolls in space combat (not anti-fighter barrage, space cannon,
//! bombardment or ground combat), one copy per assignment.

use crate::ti4::combat::SpacePhase;
use crate::ti4::game::component::combat_side;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("direct_hit"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatAfterHits]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// The ship types of the opponent that used SUSTAIN DAMAGE against `p`'s hits this round.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let (Window::SpaceCombatAfterHits, Some(c), Some(side)) = (window, &g.flow.tactical.space, combat_side(g, p))
    else {
        return;
    };
    if c.phase() == SpacePhase::AfterHits(side.other()) {
        for (t, _) in c.sustained() {
            out(t.idx() as u16);
        }
    }
}

/// One ship of the chosen type that sustained is destroyed.
fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, choice: u16) {
    if let Some(c) = g.flow.tactical.space.as_mut() {
        let destroyed = c.destroy_sustained(UnitType::ALL[choice as usize]);
        debug_assert!(destroyed, "an offered choice");
    }
}
