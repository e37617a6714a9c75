//! The Mentak Coalition: Ambush, the flagship Fourth Moon, the mech Moll Terminus. (Pillage,
//! Salvage Operations and Mirror Computing are not modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{CombatSides, Hooks, Rule, Source, SourceKey};
use crate::ti4::state::{Location, State};

pub(super) static RULES: &[Rule] = &[
    // Ambush: "At the start of a space combat, you may roll 1 die for each of up to 2 of your
    // cruisers and/or destroyers in the system. For each result equal to or greater than that
    // ship's combat value, produce 1 hit; your opponent must assign it to 1 of their ships."
    // (Space Combat 78: at its start, before anti-fighter barrage.) Automatic: the roll costs
    // nothing and its hits only fall on the opponent, so declining is never better; the best two
    // ships roll (`combat::ambush_values`).
    Rule { source: SourceKey::Ability("ambush"), hooks: Hooks { space_combat_ambush: Some(ambush), ..Hooks::NONE } },
    // Fourth Moon (flagship): "Other players' ships in this system cannot use SUSTAIN DAMAGE."
    // In a space combat the flagship takes part in, for the whole combat.
    Rule {
        source: SourceKey::Unit("mentak_flagship"),
        hooks: Hooks { combat_sides: Some(fourth_moon), ..Hooks::NONE },
    },
    // Moll Terminus (mech): "Other players' ground forces on this planet cannot use SUSTAIN
    // DAMAGE." In a ground combat the mech takes part in, for the whole combat.
    Rule { source: SourceKey::Unit("mentak_mech"), hooks: Hooks { combat_sides: Some(moll_terminus), ..Hooks::NONE } },
];

/// Fourth Moon: the opponent's ships lose SUSTAIN DAMAGE in a space combat with the flagship.
fn fourth_moon(_: Source, _: &Content, _: &State, _: Player, sides: &mut CombatSides) {
    if matches!(sides.loc, Location::Space(_)) && sides.own.count(UnitType::Flagship) > 0 {
        sides.other = sides.other.without_sustain(sides.other.ship_mask());
    }
}

/// Moll Terminus: the opponent's ground forces lose SUSTAIN DAMAGE in a ground combat with a
/// Mentak mech.
fn moll_terminus(_: Source, _: &Content, _: &State, _: Player, sides: &mut CombatSides) {
    if matches!(sides.loc, Location::Planet(..)) && sides.own.count(UnitType::Mech) > 0 {
        sides.other = sides.other.without_sustain(sides.other.ground_force_mask());
    }
}

/// Ambush (Space Combat 78, at its start): the Mentak's cruisers and destroyers roll.
fn ambush(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
