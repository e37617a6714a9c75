//! Technology card "Integrated Economy": "After you gain control of a planet, you may produce
//! any number of units on that planet that have a combined cost equal to or less than that
//! planet's resource value." A decision of its owner at window `ControlGained` (after an
//! invasion gave them planets, before the tactical action's production step): one choice per
//! planet gained during this tactical action (its index in the active system) on which it has
//! not produced yet and where at least 1 unit fits (resources above 0, a unit within the cost,
//! reinforcements, the fleet pool, capacity, no other player's ships for ships, rules 67);
//! `Done` declines. A choice opens a production step on that planet (ground forces on it, ships
//! in its system's space area), paid as any production (rules 67.2: producing spends resources;
//! the card caps the combined cost, it does not waive it); the planet just gained is exhausted,
//! so it does not pay. No unit uses PRODUCTION, so cost reductions of PRODUCTION (Sarween Tools)
//! and War Machine do not apply. Only planets gained by invasion are covered (no other way of
//! gaining a planet is in the engine's round loop).

use crate::ti4::game::production::{producible, Cap};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::MAX_PLANETS_PER_SYSTEM;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("integrated_economy"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::ControlGained]),
        may_resolve: Some(produce_on),
        ..Hooks::NONE
    },
};

/// Each planet `n` of the active system `p` gained during this tactical action where
/// Integrated Economy may produce at least 1 unit and has not produced yet.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::ControlGained || g.flow.turn != p {
        return;
    }
    let a = g.flow.tactical.active;
    let left = g.flow.tactical.gained & !g.flow.production.integrated_used;
    for n in (0..MAX_PLANETS_PER_SYSTEM as u8).filter(|n| left >> n & 1 == 1) {
        let mut any = false;
        let none = [0; UNIT_TYPES];
        producible(g, p, a, &none, &none, Cap::integrated(g, a, n), &mut |_, affordable| any |= affordable);
        if any {
            out(n as u16);
        }
    }
}

/// Integrated Economy: the production on planet `n` follows the window
/// (`ProductionRun::integrated`).
fn produce_on(_: Source, g: &mut Ti4Game, _: Player, _: Window, n: u16) {
    g.flow.production.integrated = Some(n as u8);
}
