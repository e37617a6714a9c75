//! Technology card "Duranium Armor": "During each combat round, after you assign hits to your
//! units, repair 1 of your damaged units that did not use SUSTAIN DAMAGE during this combat
//! round." The combats apply it (`SpaceCombat::set_repair`, `GroundCombat::set_repair`).

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule =
    Rule { source: SourceKey::Tech("duranium_armor"), hooks: Hooks { combat_repair: Some(repair), ..Hooks::NONE } };

fn repair(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
