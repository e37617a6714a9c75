//! Action card "Ghost Squad" (Prophecy of Kings, 1 copy): "After a player commits units to
//! land on a planet you control: Move any number of ground forces from any planet you control
//! in the active system to any other planet you control in the active system."
//!
//! Offered at window `GroundForcesCommitted` to each player the active player committed ground
//! forces against: one choice per (planet `m` of theirs in the active system with ground
//! forces, planet `n` ground forces were committed to, `m != n`), coded `n * 3 + m`. Simplified
//! (`docs/RULES.md`): every ground force on `m` moves to `n` (not any number of them), and the
//! destination is a planet being invaded (moving onto one that is not changes no combat).

use super::invasion::committed_against;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("ghost_squad"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::GroundForcesCommitted]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

const GROUND: [UnitType; 2] = [UnitType::Infantry, UnitType::Mech];

/// Each (from, to) pair of `p`'s planets in the active system as described above.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let a = g.flow.tactical.active;
    for n in committed_against(g, p, window) {
        for m in (0..MAX_PLANETS_PER_SYSTEM as u8).filter(|&m| m != n) {
            let from = Location::Planet(a, m);
            if g.state.occupant(from) == Some(p) && GROUND.iter().any(|&t| g.state.count_at(from, t) > 0) {
                out(u16::from(n) * MAX_PLANETS_PER_SYSTEM as u16 + u16::from(m));
            }
        }
    }
}

/// Every ground force of `p` on planet `m` moves to planet `n` (damaged mechs stay damaged).
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let a = g.flow.tactical.active;
    let per = MAX_PLANETS_PER_SYSTEM as u16;
    let (from, to) = (Location::Planet(a, (choice % per) as u8), Location::Planet(a, (choice / per) as u8));
    if g.state.occupant(from) != Some(p) || g.state.occupant(to) != Some(p) {
        return;
    }
    super::move_ground_forces(g, p, from, to, GROUND, u8::MAX);
}
