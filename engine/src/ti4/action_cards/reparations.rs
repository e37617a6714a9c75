//! Action card "Reparations" (base, 1 copy): "After another player gains control of a planet
//! you control: Exhaust 1 planet that player controls and ready 1 planet you control."
//!
//! Offered at window `PlanetsTaken` (after the invasion established control, before the
//! production step) to each player whose planet the active player gained during this tactical
//! action (`TacticalAction::taken_from`): one choice per (ready planet of the active player to
//! exhaust, exhausted planet of the player to ready, or none when none is exhausted), coded
//! `exhaust + 256 * ready` with `ready` = 255 for none. Simplified (`docs/RULES.md`): asked
//! once the invasion is over rather than right after each planet changes hands.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("reparations"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::PlanetsTaken]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// The code of "no planet to ready".
const NONE: u16 = 255;

fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::PlanetsTaken || g.flow.tactical.taken_from >> p.0 & 1 == 0 {
        return;
    }
    let s = &g.state;
    let theirs = s.player(g.flow.turn).planets.difference(s.exhausted_planets);
    let mine = s.player(p).planets.intersection(s.exhausted_planets);
    for e in theirs.iter() {
        if mine.is_empty() {
            out(u16::from(e.0) + 256 * NONE);
        }
        for r in mine.iter() {
            out(u16::from(e.0) + 256 * u16::from(r.0));
        }
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let (e, r) = (PlanetId((choice % 256) as u8), choice / 256);
    let s = &mut g.state;
    if s.player(g.flow.turn).planets.contains(e) {
        s.exhausted_planets.insert(e);
    }
    if r != NONE && s.player(p).planets.contains(PlanetId(r as u8)) {
        s.exhausted_planets.remove(PlanetId(r as u8));
    }
}
