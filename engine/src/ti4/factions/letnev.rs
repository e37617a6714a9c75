//! The Barony of Letnev: Armada. (Munitions Reserves is not modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Armada: "The maximum number of non-fighter ships you can have in each system is equal to
    // 2 more than the number of tokens in your fleet pool." (Rules 37, fleet pool)
    Rule { source: SourceKey::Ability("armada"), hooks: Hooks { fleet_limit_bonus: Some(armada), ..Hooks::NONE } },
];

fn armada(_: Source, _: &Content, _: &State, _: Player) -> u8 {
    2
}
