//! Technology card "Sarween Tools": "When 1 or more of your units use PRODUCTION, reduce the
//! combined cost of the produced units by 1." Applied to the affordability of every queued unit
//! and to the payment (never below 0).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("sarween_tools"),
    hooks: Hooks { production_discount: Some(discount), ..Hooks::NONE },
};

fn discount(_: Source, _: &Ti4Game, _: Player) -> u32 {
    1
}
