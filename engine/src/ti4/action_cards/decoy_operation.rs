//! Action card "Decoy Operation" (Prophecy of Kings, 1 copy): "After another player activates a
//! system that contains 1 or more of your structures: Remove up to 2 of your ground forces from
//! the game board and place them on a planet you control in the active system."
//!
//! Offered at window `SystemActivated` to each other player with a structure (PDS, space dock)
//! in the active system, one choice per place the ground forces come from (a space area or a
//! planet of the board holding that player's ground forces, outside the destination) and planet
//! of the active system it controls that they go to: choice `from * 3 + n`, `from` the board
//! location's code ([`code_of`]), `n` the destination planet's index in the active system.
//! Simplified: the 2 ground forces (fewer when the place holds fewer) come from one place,
//! mechs first.

use super::activation::activated_by_another;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("decoy_operation"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// The ground forces the card moves, in the order they are taken.
const GROUND: [UnitType; 2] = [UnitType::Mech, UnitType::Infantry];

/// Board location → code: the space area of slot `s` is `s * 4`, its planet `n` `s * 4 + 1 + n`.
fn code_of(loc: Location) -> u16 {
    match loc {
        Location::Space(s) => u16::from(s) * 4,
        Location::Planet(s, n) => u16::from(s) * 4 + 1 + u16::from(n),
    }
}

fn location_of(code: u16) -> Location {
    let s = (code / 4) as u8;
    match code % 4 {
        0 => Location::Space(s),
        k => Location::Planet(s, k as u8 - 1),
    }
}

/// The planets of the active system `p` controls and may place ground forces on (no other
/// player's units there), by index.
fn destinations(g: &Ti4Game, p: Player) -> impl Iterator<Item = u8> + '_ {
    let a = g.flow.tactical.active;
    let planets = &g.content().systems[g.galaxy().tile(a).idx()].planets;
    planets.iter().enumerate().filter_map(move |(n, &pl)| {
        let loc = Location::Planet(a, n as u8);
        (g.state.player(p).planets.contains(pl) && g.state.occupant(loc).is_none_or(|q| q == p)).then_some(n as u8)
    })
}

/// True when `p` has a structure in the active system.
fn structure_in_active(g: &Ti4Game, p: Player) -> bool {
    Location::all_in(g.flow.tactical.active).any(|loc| {
        g.state.occupant(loc) == Some(p)
            && (g.state.count_at(loc, UnitType::Pds) > 0 || g.state.count_at(loc, UnitType::SpaceDock) > 0)
    })
}

fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if !activated_by_another(g, p, window) || !structure_in_active(g, p) {
        return;
    }
    let mut dest = [0u8; MAX_PLANETS_PER_SYSTEM];
    let mut k = 0;
    for n in destinations(g, p) {
        dest[k] = n;
        k += 1;
    }
    if k == 0 {
        return;
    }
    let a = g.flow.tactical.active;
    for slot in 0..g.state.num_systems {
        for from in Location::all_in(slot) {
            if g.state.occupant(from) != Some(p) || !GROUND.iter().any(|&t| g.state.count_at(from, t) > 0) {
                continue;
            }
            for &n in &dest[..k] {
                if from != Location::Planet(a, n) {
                    out(code_of(from) * 3 + u16::from(n));
                }
            }
        }
    }
}

/// Up to 2 ground forces (mechs first) move from the chosen place to the chosen planet.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let (from, to) = (location_of(choice / 3), Location::Planet(g.flow.tactical.active, (choice % 3) as u8));
    super::move_ground_forces(g, p, from, to, GROUND, 2);
}
