//! Technology card "Plasma Scoring": "When 1 or more of your units use BOMBARDMENT or SPACE
//! CANNON, 1 of those units may roll 1 additional die." The core rolls the die after the
//! ability's other dice, for the best unit that used it, with the same penalty.

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("plasma_scoring"),
    hooks: Hooks { extra_ability_die: Some(extra_die), ..Hooks::NONE },
};

fn extra_die(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
