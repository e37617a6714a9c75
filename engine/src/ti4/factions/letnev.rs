//! The Barony of Letnev: Armada, L4 Disruptors. (Munitions Reserves and Non-Euclidean Shielding
//! are not modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Armada: "The maximum number of non-fighter ships you can have in each system is equal to
    // 2 more than the number of tokens in your fleet pool." (Rules 37, fleet pool)
    Rule { source: SourceKey::Ability("armada"), hooks: Hooks { fleet_limit_bonus: Some(armada), ..Hooks::NONE } },
    // L4 Disruptors: "During an invasion, units cannot use SPACE CANNON against your units."
    // (Space cannon 77.5: no space cannon defense against the owner's invading ground forces.)
    // Carried by a Valefar copy like any technology rule.
    Rule {
        source: SourceKey::Tech("l4_disruptors"),
        hooks: Hooks { no_space_cannon_in_invasion: Some(l4_disruptors), ..Hooks::NONE },
    },
];

/// L4 Disruptors (Space cannon 77.5): no space cannon defense against the owner's invasions.
fn l4_disruptors(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn armada(_: Source, _: &Content, _: &State, _: Player) -> u8 {
    2
}
