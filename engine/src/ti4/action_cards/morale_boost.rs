//! Action card "Morale Boost" (base, 4 copies): "At the start of a combat round: Apply +1 to
//! the result of each of your unit's combat rolls during this combat round."
//!
//! Offered to each side of a space combat at window `SpaceCombatStart` (the first round) and
//! at `SpaceCombatRoundEnd` (the pause between rounds is the next round's start), once per
//! side and round: the round's combat roll then has +1 on each die (`SpaceCombat::set_boost`).
//! Not offered in ground combat (its rounds have no window: documented in `docs/RULES.md`).

use crate::ti4::game::component::{boost_round, round_boost_open};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("morale_boost"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatStart, Window::SpaceCombatRoundEnd]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) while `p` fights a space combat that starts, or goes on into another round,
/// and has not boosted that round.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if round_boost_open(g, p, window) {
        out(0);
    }
}

/// The round's combat roll of `p`'s side has +1 on each die.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, window: Window, _choice: u16) {
    boost_round(g, p, window);
}
