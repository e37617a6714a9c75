//! Action card "Bunker" (base, 1 copy): "At the start of an invasion: During this invasion,
//! apply -4 to the result of each BOMBARDMENT roll against planets you control."
//!
//! Offered at window `InvasionStart` to each other player with units on a planet of the active
//! system, when the active player has a unit with BOMBARDMENT in its space area (Blitz, played
//! by the active player first, included). Playing it sets the player's bit in
//! `TacticalAction::bunker`: the invasion's bombardment of their planets (and L1Z1X's Harrow)
//! has -4 on each die, Plasma Scoring's die included.

use super::invasion::invaded_at;
use crate::ti4::combat::best_bombardment;
use crate::ti4::game::component::bombarding_force;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("bunker"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::InvasionStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for a player whose planet may be bombarded in this invasion, once.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if invaded_at(g, p, window)
        && g.flow.tactical.bunker & (1 << p.0) == 0
        && best_bombardment(&bombarding_force(g, g.flow.turn)).is_some()
    {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    g.flow.tactical.bunker |= 1 << p.0;
}
