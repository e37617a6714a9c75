//! Action card "Public Disgrace" (base, 1 copy): "When another player chooses a strategy card
//! during the strategy phase: That player must choose a different strategy card instead, if
//! able."
//!
//! Offered at window `StrategyCardChosen` (a player chose a card, before taking it:
//! `Flow::choosing`) to the other players, clockwise from the chooser, when another card is
//! left to choose. Played, the chooser does not take that card and chooses again among the
//! others (`Flow::disgraced` bars it for that choice).

use crate::ti4::components::StrategyCard;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("public_disgrace"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::StrategyCardChosen]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for another player than the chooser, when another card is left.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some((chooser, _)) = g.flow.choosing else { return };
    if window != Window::StrategyCardChosen || p == chooser || g.flow.disgraced.is_some() {
        return;
    }
    let left = StrategyCard::all().filter(|&k| g.state.strategy_cards.holder(k).is_none()).count();
    if left > 1 {
        out(0);
    }
}

/// The chooser must choose another card.
fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    if let Some((_, k)) = g.flow.choosing {
        g.flow.disgraced = Some(k);
    }
}
