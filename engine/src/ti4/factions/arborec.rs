//! The Arborec: Mitosis.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Mitosis: "Your space docks cannot produce infantry. At the start of the status phase,
    // place 1 infantry from your reinforcements on any planet you control." (hook points
    // `docks_cannot_produce_infantry` and `status_start_placement`; the planet is the
    // player's decision).
    Rule {
        source: SourceKey::Ability("mitosis"),
        hooks: Hooks {
            docks_cannot_produce_infantry: Some(docks),
            status_start_placement: Some(placement),
            ..Hooks::NONE
        },
    },
];

fn docks(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

fn placement(_: Source, _: &Ti4Game, _: Player) -> Option<UnitType> {
    Some(UnitType::Infantry)
}
