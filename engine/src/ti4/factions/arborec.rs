//! The Arborec: Mitosis (first sentence).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Mitosis: "Your space docks cannot produce infantry. At the start of the status phase,
    // place 1 infantry from your reinforcements on any planet you control." The first sentence
    // (hook point `docks_cannot_produce_infantry`); the placement is not modelled yet
    // (docs/RULES.md).
    Rule {
        source: SourceKey::Ability("mitosis"),
        hooks: Hooks { docks_cannot_produce_infantry: Some(mitosis), ..Hooks::NONE },
    },
];

fn mitosis(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
