//! Action card "Reverse Engineer" (Prophecy of Kings, 1 copy): "After another player discards
//! an action card that has a component action: Take that action card from the discard pile."
//!
//! Offered at window `ActionCardDiscarded` (a component-action card played, resolved or
//! cancelled, is in the discard pile: `Flow::played`) to each other player, clockwise from the
//! player who played it, while a copy of that card is still in the discard pile. Playing it
//! moves that copy into the player's hand. Simplified (`docs/RULES.md`): the cards discarded
//! for the hand limit (status phase, rules 2.3) do not open the window.

use crate::ti4::components::{normalize_action_cards, Zone};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("reverse_engineer"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::ActionCardDiscarded]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// The copy index of the discarded card `Flow::played` still in the discard pile.
fn discarded_copy(g: &Ti4Game) -> Option<usize> {
    let played = g.flow.played?;
    let (first, n) = g.content().cards.copies_of(played.card);
    (first..first + n).find(|&k| g.state.action_cards.get(k) == Zone::Discard)
}

/// One choice (0) for a player other than the one who discarded the card, while it is there.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::ActionCardDiscarded || g.flow.played.is_none_or(|c| c.player == p) {
        return;
    }
    if discarded_copy(g).is_some() {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    if let Some(k) = discarded_copy(g) {
        let (c, s) = g.content_and_state();
        s.action_cards.set(k, Zone::Hand(p));
        normalize_action_cards(c, &mut s.action_cards);
    }
}
