//! Political Censure (law, Elect Player, Prophecy of Kings): "The elected player gains this
//! card and 1 victory point. The elected player cannot play action cards. If the owner of this
//! card loses this card, they lose 1 victory point."
//!
//! The victory point is gained as the law is elected (`game::agendas`). No rule of this engine
//! takes the card away from a player in the game (elimination discards it with the player), so
//! the point is never lost.

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("political_censure"),
    hooks: Hooks { cannot_play_action_cards: Some(censured), ..Hooks::NONE },
};

/// Political Censure: the owner cannot play action cards.
fn censured(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
