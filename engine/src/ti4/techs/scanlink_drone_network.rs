//! Technology card "Scanlink Drone Network": "When you activate a system, you may explore 1
//! planet in that system which contains 1 or more of your units." A decision of its owner at
//! window `SystemActivated` (their own activation): one choice per planet of the active system
//! with a trait (Exploration 35.1) that holds units of theirs (its index); `Done` declines. The
//! planet is explored after the window (`game::exploration`: a card drawn from its trait's
//! deck and resolved), before movement. The card is not exhausted: it works on every
//! activation.

use crate::ti4::game::component::{explorable, explore_at_activation};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("scanlink_drone_network"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(explore),
        ..Hooks::NONE
    },
};

/// Each planet of the system `p` just activated that holds units of `p` and has a trait.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::SystemActivated || g.flow.turn != p || g.flow.tactical.to_explore != 0 {
        return;
    }
    let a = g.flow.tactical.active;
    for n in 0..MAX_PLANETS_PER_SYSTEM as u8 {
        if g.state.occupant(Location::Planet(a, n)) == Some(p) && explorable(g, n) {
            out(n as u16);
        }
    }
}

/// Scanlink Drone Network: planet `n` is explored after the window.
fn explore(_: Source, g: &mut Ti4Game, _: Player, _: Window, n: u16) {
    explore_at_activation(g, n as u8);
}
