//! Action card "Coup d'Etat" (Prophecy of Kings, 1 copy): "When another player would perform a
//! strategic action: End that player's turn; the strategic action is not resolved and the
//! strategy card is not exhausted."
//!
//! Offered at window `StrategicAction` (a player chose a strategic action, before it resolves
//! and before its card is exhausted) to the other players, clockwise from the active player.
//! Played, the strategic action is cancelled (`StrategicAction::cancelled`): the turn ends, the
//! strategy card stays ready, and no player resolves its secondary.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("coup_detat"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::StrategicAction]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for another player while a strategic action is about to resolve.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::StrategicAction && p != g.flow.strategic.card_owner && !g.flow.strategic.cancelled {
        out(0);
    }
}

/// The strategic action is not resolved: the turn ends.
fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.strategic.cancelled = true;
}
