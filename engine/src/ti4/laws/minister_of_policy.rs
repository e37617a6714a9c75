//! Minister of Policy (law, Elect Player): "The elected player gains this card. At the end of
//! the status phase, the owner of this card draws 1 action card."
//!
//! Simplified timing: the card is drawn with the owner's status phase step 3 draw (hook point
//! `status_action_cards`), before the hand limit is applied, not at the end of the status phase.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("minister_of_policy"),
    hooks: Hooks { status_action_cards: Some(one_more), ..Hooks::NONE },
};

/// Minister of Policy: 1 more action card in the status phase.
fn one_more(_: Source, _: &Ti4Game, _: Player) -> u8 {
    1
}
