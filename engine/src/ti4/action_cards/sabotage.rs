//! Action card "Sabotage" (base, 4 copies): "When another player plays an action card other
//! than 'Sabotage': Cancel that action card's effects."
//!
//! Offered at window `ActionCardPlayed` (a component-action card was played: `Flow::played`,
//! in the discard pile, its effect not yet resolved) to each other player, clockwise from the
//! player who played it, while it is not yet cancelled. Playing it sets
//! `PlayedCard::cancelled`: the card resolves nothing (`action_cards::after_card_played`).
//! Simplified (`docs/RULES.md`): the cards played at the other windows (combat, invasion,
//! agenda cards) cannot be cancelled, since one window is open at a time.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("sabotage"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::ActionCardPlayed]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for a player other than the one who played the card, while it stands.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::ActionCardPlayed {
        return;
    }
    if g.flow.played.is_some_and(|c| c.player != p && !c.cancelled) {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    if let Some(c) = g.flow.played.as_mut() {
        c.cancelled = true;
    }
}
