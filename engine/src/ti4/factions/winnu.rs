//! The Winnu: Blood Ties. (Reclamation is not modelled: it needs a record of the planets gained
//! during the tactical action, which the round loop does not keep.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Blood Ties: "You do not have to spend influence to remove the custodians token from
    // Mecatol Rex." (Digest §5, custodians)
    Rule {
        source: SourceKey::Ability("blood_ties"),
        hooks: Hooks { custodians_free: Some(blood_ties), ..Hooks::NONE },
    },
];

fn blood_ties(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
