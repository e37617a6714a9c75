//! Technology card "Self-Assembly Routines" (first ability): "After 1 or more of your units use
//! PRODUCTION, you may exhaust this card to place 1 mech from your reinforcements on a planet you
//! control in that system." A decision of its owner after each production that produced
//! something (window `AfterProduction`, while the card is ready and a mech is in
//! reinforcements): one choice per planet of the active system they control and no other
//! player's ground forces hold (its index in the system); `Done` declines. (Its second ability,
//! 1 trade good when a mech is destroyed, is not modelled.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("self_assembly_routines"),
    hooks: Hooks {
        may_choices: Some(planets),
        may_windows: Some(&[Window::AfterProduction]),
        may_resolve: Some(place_mech),
        ..Hooks::NONE
    },
};

/// Self-Assembly Routines: the planets of the active system where `p` may place the mech.
fn planets(_src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::AfterProduction || g.state.player(p).reinforcements[UnitType::Mech.idx()] == 0 {
        return;
    }
    let (a, c) = (g.flow.tactical.active, g.content());
    for n in 0..MAX_PLANETS_PER_SYSTEM as u8 {
        let loc = Location::Planet(a, n);
        if g.state.planet_at(c, loc).is_some_and(|pl| g.state.player(p).planets.contains(pl))
            && g.state.occupant(loc).is_none_or(|q| q == p)
        {
            out(n as u16);
        }
    }
}

/// Self-Assembly Routines: exhausts the card and places the mech on planet `n` of the system.
fn place_mech(src: Source, g: &mut Ti4Game, p: Player, _window: Window, n: u16) {
    let Some(t) = src.tech() else { return };
    if g.place_units(p, Location::Planet(g.flow.tactical.active, n as u8), UnitType::Mech, 1).is_ok() {
        g.state.player_mut(p).exhausted_techs.insert(t);
    }
}
