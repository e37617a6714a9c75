//! The Sardakk N'orr: Unrelenting, Valkyrie Particle Weave.

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
    // Valkyrie Particle Weave: "After making combat rolls during a round of ground combat, if
    // your opponent produced 1 or more hits, you produce 1 additional hit." (Ground Combat
    // 42.1-42.2: the hit is assigned with the round's others.) Carried by a Valefar copy.
    Rule {
        source: SourceKey::Tech("valkyrie_particle_weave"),
        hooks: Hooks { ground_combat_answer_hit: Some(valkyrie_particle_weave), ..Hooks::NONE },
    },
];

/// Valkyrie Particle Weave (Ground Combat 42.2): 1 more hit in a round the opponent hit.
fn valkyrie_particle_weave(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn unrelenting(_: Source, _: &Content, _: &State, _: Player) -> i8 {
    1
}
