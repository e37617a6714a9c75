//! Minister of Sciences (law, Elect Player): "The elected player gains this card. When the
//! owner of this card resolves the primary or secondary ability of the 'Technology' strategy
//! card, they do not need to spend resources to research technology."
//!
//! Hook point `technology_card_research_free` (read by `technology::strategy_card::card_cost`): the Technology
//! card's second primary research (6 resources) and its secondary (4) cost its owner nothing
//! (the secondary's strategy token is still spent; the first primary research is free anyway;
//! what a research option itself owes, Inheritance Systems' 2, is still paid).

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("minister_of_sciences"),
    hooks: Hooks { technology_card_research_free: Some(free), ..Hooks::NONE },
};

/// Minister of Sciences: the owner's Technology card researches cost no resources.
fn free(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
