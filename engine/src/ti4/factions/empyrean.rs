//! The Empyrean: Voidborn. (Aetherpassage is a permission to other players, which the round loop
//! never asks for; Dark Whispers gives a second faction promissory note, and neither Dark Pact nor
//! Blood Pact has an effect in play yet.)

use crate::ti4::galaxy::MoverTraits;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Voidborn: "Nebulae do not affect your ships' movement." (Rules 59.1, 59.2)
    Rule { source: SourceKey::Ability("voidborn"), hooks: Hooks { mover_traits: Some(voidborn), ..Hooks::NONE } },
];

fn voidborn(_: Source, _: &Ti4Game, _: Player, t: &mut MoverTraits) {
    t.nebulae_ignored = true;
}
