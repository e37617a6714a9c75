//! The Sardakk N'orr: Unrelenting.

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Unrelenting: "Apply +1 to the result of each of your unit's combat rolls." (Modifiers 56)
    Rule {
        source: SourceKey::Ability("unrelenting"),
        hooks: Hooks { combat_roll_modifier: Some(unrelenting), ..Hooks::NONE },
    },
];

fn unrelenting(_: Source, _: &Content, _: &State, _: Player) -> i8 {
    1
}
