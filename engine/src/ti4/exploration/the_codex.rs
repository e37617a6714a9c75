//! Relic "The Codex": "ACTION: Purge this card to take up to 3 action cards of your choice from
//! the action card discard pile."
//!
//! A component action (target 0) of its holder, offered while the discard pile holds a card:
//! the relic is purged and the player takes up to 3 cards one at a time (`game::take_cards`:
//! step `TakeCards`, `Done` stops early); the hand limit then applies and the turn ends.

use crate::ti4::components::Zone;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Relic("the_codex"),
    hooks: Hooks { component_targets: Some(targets), component_action: Some(purge), ..Hooks::NONE },
};

/// Most cards The Codex takes.
const CARDS: u8 = 3;

/// Target 0 while the action card discard pile holds a card.
fn targets(_: Source, g: &Ti4Game, _: Player, out: &mut dyn FnMut(u8)) {
    let mut any = false;
    crate::ti4::game::component::discarded_action_cards(g, &mut |_| any = true);
    if any {
        out(0);
    }
}

/// Purges the relic; up to 3 cards are taken from the discard pile.
fn purge(src: Source, g: &mut Ti4Game, _: Player, _: u8) -> ComponentThen {
    let Source::Relic(r) = src else { return ComponentThen::TurnEnds };
    g.state.exploration.set_relic(r, Zone::Removed);
    ComponentThen::TakeDiscarded(CARDS)
}
