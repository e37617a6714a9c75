//! Action card "Rout" (Prophecy of Kings, 1 copy): "At the start of the 'Announce Retreats'
//! step of space combat, if you are the defender: Your opponent must announce a retreat, if
//! able."
//!
//! Offered to the defender of a space combat before each round's Announce Retreats step: at
//! window `SpaceCombatStart` for the first round (simplified: before the round's anti-fighter
//! barrage, which comes first in that round) and at `SpaceCombatRoundEnd` for the next one,
//! when the attacker has a system to retreat to (Space Combat 78.5). The attacker then
//! announces a retreat with no decision (`SpaceCombat::set_routed`) and retreats after the
//! round's combat rolls, to a system of its choice.

use crate::ti4::combat::Side;
use crate::ti4::game::component::{combat_side, retreat_systems, side_before_round};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("rout"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatStart, Window::SpaceCombatRoundEnd]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the defender before a round, when the attacker could retreat and is not
/// routed yet.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some((Side::Defender, combat)) = side_before_round(g, p, window) else { return };
    let (routed, can_retreat) = match combat {
        Some(c) => (c.routed()[0], c.can_retreat(Side::Attacker)),
        None => (g.flow.tactical.routed[0], !retreat_systems(g, g.flow.turn).is_empty()),
    };
    if !routed && can_retreat {
        out(0);
    }
}

/// The attacker must announce a retreat in the coming round.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, window: Window, _choice: u16) {
    debug_assert_eq!(combat_side(g, p), Some(Side::Defender));
    match (window, g.flow.tactical.space.as_mut()) {
        (Window::SpaceCombatRoundEnd, Some(c)) => c.set_routed(Side::Attacker, true),
        _ => g.flow.tactical.routed[0] = true,
    }
}
