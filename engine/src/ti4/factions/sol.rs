//! The Federation of Sol: Versatile. (Orbital Drop is not modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Versatile: "When you gain command tokens during the status phase, gain 1 additional
    // command token." (Status phase step 5, rules 81.5)
    Rule {
        source: SourceKey::Ability("versatile"),
        hooks: Hooks { status_command_tokens: Some(versatile), ..Hooks::NONE },
    },
];

fn versatile(_: Source, _: &Content, _: &State, _: Player) -> u8 {
    1
}
