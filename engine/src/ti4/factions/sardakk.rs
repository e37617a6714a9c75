//! The Sardakk N'orr: Unrelenting, Valkyrie Particle Weave, the flagship C'morran N'orr.

use crate::ti4::combat::{type_bit, Aura};
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{CombatSides, Hooks, Rule, Source, SourceKey};
use crate::ti4::state::{Location, State};

pub(super) static RULES: &[Rule] = &[
    // Unrelenting: "Apply +1 to the result of each of your unit's combat rolls." (Modifiers 56)
    Rule {
        source: SourceKey::Ability("unrelenting"),
        hooks: Hooks { combat_roll_modifier: Some(unrelenting), ..Hooks::NONE },
    },
    // Valkyrie Particle Weave: "After making combat rolls during a round of ground combat, if
    // your opponent produced 1 or more hits, you produce 1 additional hit." (Ground Combat
    // 42.1-42.2: the hit is assigned with the round's others.) Not modelled: a Valefar copy does
    // not carry
    // it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("valkyrie_particle_weave"),
        hooks: Hooks { ground_combat_answer_hit: Some(valkyrie_particle_weave), ..Hooks::NONE },
    },
    // C'morran N'orr (flagship): "Apply +1 to the result of each of your other ship's combat
    // rolls in this system." Space combat rolls only (not anti-fighter barrage, bombardment or
    // space cannon: the LRR's faction notes); an aura of the force, so it ends when the
    // flagship is destroyed.
    Rule {
        source: SourceKey::Unit("sardakk_flagship"),
        hooks: Hooks { combat_sides: Some(cmorran_norr), ..Hooks::NONE },
    },
];

/// C'morran N'orr: +1 to the other ships' combat rolls while the flagship is in the combat.
fn cmorran_norr(_: Source, _: &Content, _: &State, _: Player, sides: &mut CombatSides) {
    let (own, flagship) = (&mut sides.own, type_bit(UnitType::Flagship));
    if matches!(sides.loc, Location::Space(_)) && own.count(UnitType::Flagship) > 0 {
        *own = own.with_aura(Aura { needs: flagship, on: own.ship_mask() & !flagship, bonus: 1 });
    }
}

/// Valkyrie Particle Weave (Ground Combat 42.2): 1 more hit in a round the opponent hit.
fn valkyrie_particle_weave(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn unrelenting(_: Source, _: &Content, _: &State, _: Player) -> i8 {
    1
}
