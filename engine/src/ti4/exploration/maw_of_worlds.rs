//! Relic "Maw of Worlds": "At the start of the agenda phase, you may purge this card and
//! exhaust all of your planets to gain any 1 technology."
//!
//! Offered at window `AgendaPhaseStart` to its holder: one choice per technology it may gain
//! (the technology id; as Research Grant Reallocation's "any 1 technology": one it does not
//! own from its technology deck, whatever the prerequisites). Taking it purges the relic,
//! exhausts every planet of the holder, and gains the technology.

use crate::ti4::components::Zone;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Relic("maw_of_worlds"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::AgendaPhaseStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::AgendaPhaseStart {
        crate::ti4::game::agendas::grant_options(g, p, &mut |t| out(t.0 as u16));
    }
}

fn resolve(src: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let Source::Relic(r) = src else { return };
    let (c, s) = g.content_and_state();
    s.exploration.set_relic(r, Zone::Removed);
    s.exhausted_planets = s.exhausted_planets.union(s.player(p).planets);
    let _ = crate::ti4::technology::gain(c, s, p, TechId(choice as u8));
}
