//! Action card "Salvage" (base, 1 copy): "After you win a space combat: Your opponent gives you
//! all of their commodities."
//!
//! Offered to the winner of a space combat (`TacticalAction::space_winner`) at window
//! `SpaceCombatEnd`, when the loser holds commodities; they become the winner's trade goods
//! (rules 21: commodities received from another player are trade goods).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("salvage"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatEnd]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// The loser of the space combat `p` won, if any.
fn loser(g: &Ti4Game, p: Player) -> Option<Player> {
    if g.flow.tactical.space_winner != Some(p) {
        return None;
    }
    let (a, d) = (g.flow.turn, g.flow.tactical.defender);
    Some(if p == a { d } else { a })
}

/// One choice (0) for the winner of the space combat that just ended when the loser has
/// commodities.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::SpaceCombatEnd && loser(g, p).is_some_and(|q| g.state.player(q).commodities > 0) {
        out(0);
    }
}

/// The loser's commodities become `p`'s trade goods.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    if let Some(q) = loser(g, p) {
        let n = std::mem::take(&mut g.state.player_mut(q).commodities);
        let ps = g.state.player_mut(p);
        ps.trade_goods = ps.trade_goods.saturating_add(n);
    }
}
