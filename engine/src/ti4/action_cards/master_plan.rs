//! Action card "Master Plan" (Codex, 1 copy): "After you perform an action: You may perform an
//! additional action this turn."
//!
//! Offered at window `TurnEnd` (after the player's action, before the turn passes on) to the
//! active player who has not passed (a pass is the last action of one's action phase); played,
//! the same player takes another action-phase turn at once (`Flow::extra_action`), with every
//! action a turn offers.

use crate::ti4::game::component::{act_again, may_act_again};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("master_plan"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::TurnEnd]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the active player at the end of a turn, not passed.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if may_act_again(g, p, window) {
        out(0);
    }
}

/// The player performs an additional action this turn.
fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    act_again(g);
}
