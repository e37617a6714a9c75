//! Action card "Ancient Burial Sites" (base, 1 copy): "At the start of the agenda phase:
//! Choose 1 player. Exhaust each cultural planet owned by that player."
//!
//! Offered at window `AgendaPhaseStart` (before the first agenda is revealed), one choice per
//! other player in the game who controls a ready cultural planet (the seat); choosing oneself
//! is never offered (it only takes one's own votes away). Those planets are exhausted, so they
//! cast no votes in this agenda phase.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("ancient_burial_sites"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::AgendaPhaseStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// The ready cultural planets `q` controls.
fn ready_cultural(g: &Ti4Game, q: Player) -> PlanetSet {
    let s = &g.state;
    s.player(q)
        .planets
        .difference(s.exhausted_planets)
        .intersection(g.state.trait_planets(g.content(), crate::ti4::content::CULTURAL))
}

/// One choice per other player in the game with a ready cultural planet (the seat).
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::AgendaPhaseStart {
        return;
    }
    for q in g.state.seats().filter(|&q| q != p && g.state.player(q).in_game) {
        if !ready_cultural(g, q).is_empty() {
            out(u16::from(q.0));
        }
    }
}

/// Every cultural planet of the chosen player is exhausted.
fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, choice: u16) {
    let planets = ready_cultural(g, Player(choice as u8));
    g.state.exhausted_planets = g.state.exhausted_planets.union(planets);
}
