//! A player's units at one place as a combat `Force`: read from the board, written back with
//! the casualties destroyed, damaged units kept.

use crate::ti4::combat::{assign_hits_default, Force};
use crate::ti4::elimination::destroy_units;
use crate::ti4::game::{Counts, Ti4Game};
use crate::ti4::ids::*;
use crate::ti4::state::Location;

/// Assigns `hits` to `owner`'s units at `loc` by the default policy and destroys them.
pub(in crate::ti4::game) fn damage_stack(g: &mut Ti4Game, loc: Location, owner: Player, hits: u16, by: Player) {
    let mut f = board_force(g, owner, loc);
    let mask = if matches!(loc, Location::Space(_)) { f.ship_mask() } else { f.ground_force_mask() };
    assign_hits_default(&mut f, hits, mask);
    write_back(g, loc, &f, by);
}

pub(in crate::ti4::game) fn board_force(g: &Ti4Game, owner: Player, loc: Location) -> Force {
    super::super::engagement::board_force(&g.content, &g.state, owner, loc)
}

/// Destroys on the board what `f` no longer holds at `loc`, and records damage.
pub(in crate::ti4::game) fn write_back(g: &mut Ti4Game, loc: Location, f: &Force, by: Player) {
    for t in UnitType::ALL {
        let k = g.state.count_at(loc, t);
        let lost = k.saturating_sub(f.count(t));
        if lost > 0 {
            destroy_units(&g.content, &mut g.state, loc, t, lost, Some(by))
                .expect("the destroyed units are at the location");
        }
        let left = g.state.count_at(loc, t);
        if left > 0 {
            g.state.set_damaged(loc, t, f.damaged(t).min(left)).expect("at most the units there are damaged");
        }
    }
}

/// The units of every type at `loc`.
pub(in crate::ti4::game) fn board_counts(g: &Ti4Game, loc: Location) -> Counts {
    let mut k = [0; UNIT_TYPES];
    for t in UnitType::ALL {
        k[t.idx()] = g.state.count_at(loc, t);
    }
    k
}

/// The units a combat destroyed: per type, those of `before` (a side's units when it began) that
/// its final force `after` lacks.
pub(in crate::ti4::game) fn casualties(before: &Counts, after: &Force) -> Counts {
    let mut lost = [0; UNIT_TYPES];
    for t in UnitType::ALL {
        lost[t.idx()] = before[t.idx()].saturating_sub(after.count(t));
    }
    lost
}
