//! The Mentak Coalition: Ambush. (Pillage, Salvage Operations and Mirror Computing are not
//! modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Ambush: "At the start of a space combat, you may roll 1 die for each of up to 2 of your
    // cruisers and/or destroyers in the system. For each result equal to or greater than that
    // ship's combat value, produce 1 hit; your opponent must assign it to 1 of their ships."
    // (Space Combat 78: at its start, before anti-fighter barrage.) Automatic: the roll costs
    // nothing and its hits only fall on the opponent, so declining is never better; the best two
    // ships roll (`combat::ambush_values`).
    Rule { source: SourceKey::Ability("ambush"), hooks: Hooks { space_combat_ambush: Some(ambush), ..Hooks::NONE } },
];

/// Ambush (Space Combat 78, at its start): the Mentak's cruisers and destroyers roll.
fn ambush(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
