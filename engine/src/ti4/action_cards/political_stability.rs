//! Action card "Political Stability" (base, 1 copy): "When you would return your strategy
//! card(s) during the status phase: Do not return your strategy card(s). You do not choose
//! strategy cards during the next strategy phase."
//!
//! Offered at window `StrategyCardsReturn` (status phase step 8, before the strategy cards are
//! returned) to each player holding a strategy card, in initiative order. Played, the player
//! keeps their cards, readied, and is skipped in the next strategy phase's choices
//! (`Flow::stability`).

use crate::ti4::components::StrategyCard;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("political_stability"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::StrategyCardsReturn]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for a player holding a strategy card when the cards would return.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::StrategyCardsReturn
        && g.flow.stability >> p.0 & 1 == 0
        && StrategyCard::all().any(|k| g.state.strategy_cards.holder(k) == Some(p))
    {
        out(0);
    }
}

/// The player keeps their strategy cards and chooses none in the next strategy phase.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    g.flow.stability |= 1 << p.0;
}
