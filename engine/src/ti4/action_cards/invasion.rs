//! What the action cards played at windows `InvasionStart` and `GroundForcesCommitted` ask of
//! the invasion under way.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::Window;
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};

/// True when the window open is `InvasionStart` and `p` is the active player (the invader).
pub(super) fn invaded_by(g: &Ti4Game, p: Player, window: Window) -> bool {
    window == Window::InvasionStart && g.flow.turn == p
}

/// True when the window open is `InvasionStart`, `p` is not the active player and has units on
/// a planet of the active system.
pub(super) fn invaded_at(g: &Ti4Game, p: Player, window: Window) -> bool {
    window == Window::InvasionStart
        && g.flow.turn != p
        && Location::all_in(g.flow.tactical.active)
            .any(|l| matches!(l, Location::Planet(..)) && g.state.occupant(l) == Some(p))
}

/// At window `GroundForcesCommitted`: each planet index of the active system where `p` has
/// units and the active player committed ground forces.
pub(crate) fn committed_against(g: &Ti4Game, p: Player, window: Window) -> impl Iterator<Item = u8> + '_ {
    let a = g.flow.tactical.active;
    (0..MAX_PLANETS_PER_SYSTEM as u8).filter(move |&n| {
        window == Window::GroundForcesCommitted
            && g.flow.turn != p
            && g.flow.tactical.committed[n as usize] != [0, 0]
            && g.state.occupant(Location::Planet(a, n)) == Some(p)
    })
}
