//! Placing units (Rules Reference "Placing units", "Movement", "Producing units"): the one
//! function every placement of the round loop goes through ([`place_units`]), so that every
//! rule on "units placed or moved into a system" applies (hook point `units_placed`; the
//! Crimson Rebellion's SUNDERED is one).

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::{Location, State, UnitError};

/// What happened to units put into a location.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Placement {
    /// Placed.
    Placed,
    /// Destroyed on arrival (hook point `units_placed`): they stay in their owner's
    /// reinforcements.
    Destroyed,
}

/// Units put into a location: destroyed instead when a rule of another player says so (hook
/// point `units_placed`; the Crimson Rebellion's SUNDERED destroys units entering its home
/// system), otherwise [`State::add_units`].
pub fn place_units(
    c: &Content,
    s: &mut State,
    p: Player,
    loc: Location,
    t: UnitType,
    n: u8,
) -> Result<Placement, UnitError> {
    let slot = match loc {
        Location::Space(i) | Location::Planet(i, _) => i,
    };
    if slot >= s.num_systems {
        return Err(UnitError::NoSuchLocation);
    }
    let tile = s.systems[slot as usize].tile;
    if rules::units_placed_destroyed(c, s, p, tile) {
        if s.player(p).reinforcements[t.idx()] < n {
            return Err(UnitError::NotEnough);
        }
        return Ok(Placement::Destroyed);
    }
    s.add_units(p, loc, t, n).map(|()| Placement::Placed)
}
