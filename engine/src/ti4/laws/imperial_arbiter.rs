//! Imperial Arbiter (law, Elect Player): "The elected player gains this card. At the end of the
//! strategy phase, the owner of this card may discard this card to swap 1 of their strategy
//! cards with 1 of another player's strategy cards."
//!
//! Offered to its owner at window `StrategyPhaseEnd`, one choice per swap: choice
//! `mine * 8 + theirs` (strategy card indices, 0 Leadership … 7 Imperial). The card is
//! discarded and the two cards change hands (both are ready at that point; trade goods were
//! taken when they were chosen).

use crate::ti4::components::{StrategyCard, Zone};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("imperial_arbiter"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::StrategyPhaseEnd]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// Strategy cards, as indices of the choice's two halves.
const CARDS: u16 = 8;

/// One choice per (owner's card, another player's card) at the end of the strategy phase.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::StrategyPhaseEnd {
        return;
    }
    let sc = &g.state.strategy_cards;
    for mine in StrategyCard::all().filter(|&k| sc.holder(k) == Some(p)) {
        for theirs in StrategyCard::all() {
            if sc.holder(theirs).is_some_and(|q| q != p) {
                out(mine.0 as u16 * CARDS + theirs.0 as u16);
            }
        }
    }
}

/// The card is discarded; the two strategy cards change hands.
fn resolve(src: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let (mine, theirs) = (StrategyCard((choice / CARDS) as u8), StrategyCard((choice % CARDS) as u8));
    let sc = &mut g.state.strategy_cards;
    if let (Source::Agenda(a), Some(q)) = (src, sc.holder(theirs)) {
        sc.set_holder(theirs, Some(p));
        sc.set_holder(mine, Some(q));
        g.state.agendas.set(a.idx(), Zone::Discard);
    }
}
