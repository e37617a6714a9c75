//! The Naaz-Rokha Alliance: the flagship Visz El Vir. (Distant Suns and Fabrication rest on
//! exploration, which is not modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{CombatSides, Hooks, Rule, Source, SourceKey};
use crate::ti4::state::{Location, State};

pub(super) static RULES: &[Rule] = &[
    // Visz El Vir (flagship): "Your mechs in this system roll 1 additional die during combat."
    // In a ground combat on a planet of the flagship's system (the flagship in its space area)
    // and in a space combat the flagship takes part in.
    Rule { source: SourceKey::Unit("naaz_flagship"), hooks: Hooks { combat_sides: Some(visz_el_vir), ..Hooks::NONE } },
];

/// Visz El Vir: 1 more die per mech in the flagship's system.
fn visz_el_vir(_: Source, _: &Content, s: &State, p: Player, sides: &mut CombatSides) {
    let (loc, own) = (sides.loc, &mut sides.own);
    let space = Location::Space(loc.slot());
    let present = match loc {
        Location::Space(_) => own.count(UnitType::Flagship) > 0,
        Location::Planet(..) => s.occupant(space) == Some(p) && s.count_at(space, UnitType::Flagship) > 0,
    };
    if present {
        *own = own.with_extra_dice(UnitType::Mech, 1);
    }
}
