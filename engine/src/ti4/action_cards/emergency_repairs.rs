//! Action card "Emergency Repairs" (base, 1 copy): "At the start or end of a combat round:
//! Repair all of your units that have SUSTAIN DAMAGE and are in the active system."
//!
//! Offered to each side of a space combat at window `SpaceCombatStart` (the first round's
//! start) and at `SpaceCombatRoundEnd` (a round's end), when the player has a damaged unit in
//! the active system: its ships in the combat (the active player's in transit at the start)
//! and its units on the system's planets. Simplified: not offered at the end of the last round
//! (window `SpaceCombatEnd`) nor in ground combat (its rounds have no window).

use super::{damaged_on_board, repair_on_board};
use crate::ti4::game::component::{combat_ships, combat_side};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("emergency_repairs"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatStart, Window::SpaceCombatRoundEnd]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for a side of the space combat with a damaged unit in the active system.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some(side) = combat_side(g, p) else { return };
    // At the start the combat's forces are not built: the active player's ships are in
    // transit, the defender's on the board; between rounds the combat holds both.
    let damaged = match (window, &g.flow.tactical.space) {
        (Window::SpaceCombatStart, _) => {
            UnitType::ALL.into_iter().any(|t| combat_ships(g, p, t).1 > 0) || damaged_on_board(g, p, false)
        }
        (Window::SpaceCombatRoundEnd, Some(c)) => {
            c.force(side).damaged_counts().iter().any(|&n| n > 0) || damaged_on_board(g, p, false)
        }
        _ => return,
    };
    if damaged {
        out(0);
    }
}

/// Every damaged unit of `p` in the active system is repaired.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, window: Window, _choice: u16) {
    let side = combat_side(g, p).expect("a side of the combat");
    match (window, g.flow.tactical.space.as_mut()) {
        (Window::SpaceCombatRoundEnd, Some(c)) => {
            c.repair_all(side);
            repair_on_board(g, p, false);
        }
        _ if p == g.flow.turn => {
            g.flow.tactical.transit_damaged = [0; UNIT_TYPES];
            repair_on_board(g, p, false);
        }
        _ => repair_on_board(g, p, true),
    }
}
