//! Technology card "Magen Defense Grid", read as its Codex printing (Magen Defense Grid Ω, the
//! text in use with Prophecy of Kings): "At the start of ground combat on a planet that contains
//! 1 or more of your structures, you may produce 1 hit and assign it to 1 of your opponent's
//! ground forces." `planet` holds the defender's units on the invaded planet, `invaders` the
//! committed ground forces; the hit is always produced (it never hurts) and assigned by the
//! invader's default policy (a mech may sustain it). Only when a ground combat takes place (both
//! sides have ground forces).

use crate::ti4::combat::{assign_hits_default, Force};
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("magen_defense_grid"),
    hooks: Hooks { ground_combat_start: Some(at_start), ..Hooks::NONE },
};

fn at_start(_: Source, _: &Content, _: &State, _: Player, planet: &Force, invaders: &mut Force) {
    let structure = planet.count(UnitType::Pds) > 0 || planet.count(UnitType::SpaceDock) > 0;
    let combat = planet.has_combatants() && invaders.has_combatants();
    if structure && combat {
        let m = invaders.ground_force_mask();
        assign_hits_default(invaders, 1, m);
    }
}
