//! Action card "Fighter Prototype" (base, 1 copy): "At the start of the first round of a space
//! combat: Apply +2 to the result of each of your fighters' combat rolls during this combat
//! round."
//!
//! Offered to each side of a space combat that has fighters at window `SpaceCombatStart`: the
//! first round's combat roll then has +2 on each of that side's fighter dice
//! (`SpaceCombat::set_fighter_boost`).

use crate::ti4::game::component::{combat_ships, combat_side};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("fighter_prototype"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for a side of the space combat about to start with fighters in it.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some(side) = combat_side(g, p) else { return };
    if window == Window::SpaceCombatStart
        && !g.flow.tactical.fighter_boost[side.idx()]
        && combat_ships(g, p, UnitType::Fighter).0 > 0
    {
        out(0);
    }
}

/// The first round's combat roll of `p`'s fighters has +2 on each die.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    let side = combat_side(g, p).expect("a side of the combat");
    g.flow.tactical.fighter_boost[side.idx()] = true;
}
