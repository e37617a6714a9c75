//! Capacity and the fleet pool (rules 16 "Capacity", 37 "Fleet Pool"): what ships carry, the
//! fighters space docks hold, and the excess removed where a rule enforces either.

use super::*;
use crate::ti4::content::Content;
use crate::ti4::elimination::destroy_units;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::state::{Location, State};

pub(in crate::ti4::game) fn capacity_of(c: &Content, units: &[Option<UnitId>; UNIT_TYPES], t: UnitType) -> u8 {
    units[t.idx()].map_or(0, |u| c.units[u.idx()].capacity)
}

/// Fighters per space dock on a planet that do not count against capacity (Space Dock I and II).
pub const DOCK_FIGHTERS: u32 = 3;

/// Capacity 16 (space docks): how many of `p`'s fighters in `slot` need no ship capacity: 3
/// per space dock `p` has on a planet of the system (simplified: every faction's dock allows 3).
pub(in crate::ti4::game) fn dock_fighter_allowance(s: &State, slot: u8, p: Player) -> u32 {
    let planets = &s.systems[slot as usize].planets;
    DOCK_FIGHTERS * planets.iter().filter(|x| x.owner == p.0).map(|x| x.of(UnitType::SpaceDock) as u32).sum::<u32>()
}

/// Capacity 16: the ships' capacity in a space area and the fighters and ground forces there
/// that count against it (fighters within [`dock_fighter_allowance`] do not).
pub fn space_load(c: &Content, s: &State, slot: u8) -> (u32, u32) {
    let a = &s.systems[slot as usize].space;
    let Some(p) = a.occupant() else { return (0, 0) };
    let units = units_of(c, s, p);
    // Ships, and a space dock in the space area (a Floating Factory), carry.
    let cap = UnitType::ALL[2..].iter().map(|&t| a.of(t) as u32 * capacity_of(c, &units, t) as u32).sum();
    let fighters = a.of(UnitType::Fighter) as u32;
    let free = fighters.min(dock_fighter_allowance(s, slot, p));
    let load = fighters - free + (a.of(UnitType::Infantry) + a.of(UnitType::Mech)) as u32;
    (cap, load)
}

/// Fleet pool 4: non-fighter ships of the occupant in a space area.
pub fn non_fighter_ships(s: &State, slot: u8) -> u32 {
    let a = &s.systems[slot as usize].space;
    SHIPS[1..].iter().map(|&t| a.of(t) as u32).sum()
}

/// Capacity 16.3: removes the occupant's fighters, then ground forces, beyond capacity.
pub(crate) fn enforce_capacity(g: &mut Ti4Game, slot: u8, by: Option<Player>) {
    let (cap, load) = space_load(&g.content, &g.state, slot);
    let mut excess = load.saturating_sub(cap);
    let loc = Location::Space(slot);
    // Fighters a space dock carries do not count: only the others are removed.
    let ground = (g.state.count_at(loc, UnitType::Infantry) + g.state.count_at(loc, UnitType::Mech)) as u32;
    let counted_fighters = load.saturating_sub(ground);
    for t in [UnitType::Fighter, UnitType::Infantry, UnitType::Mech] {
        let here = if t == UnitType::Fighter { counted_fighters } else { g.state.count_at(loc, t) as u32 };
        let k = here.min(excess);
        if k > 0 {
            destroy_units(&g.content, &mut g.state, loc, t, k as u8, by)
                .expect("the destroyed units are at the location");
            excess -= k;
        }
    }
}

/// True when `p` has ships (fighters included) in the space area of board slot `slot`.
pub(crate) fn has_ships_in(s: &State, p: Player, slot: u8) -> bool {
    let loc = Location::Space(slot);
    s.occupant(loc) == Some(p) && SHIPS.iter().any(|&t| s.count_at(loc, t) > 0)
}

/// Rules 37 after `p` lost a fleet-pool token (Neuroglaive): in every system, `p`'s non-fighter
/// ships beyond the fleet limit are removed (cheapest first), then capacity.
pub(crate) fn enforce_fleet_everywhere(g: &mut Ti4Game, p: Player) {
    for slot in 0..g.state.num_systems {
        if g.state.occupant(Location::Space(slot)) == Some(p) {
            enforce_fleet(g, slot, p);
        }
    }
}

/// Fleet pool 4 after a retreat: non-fighter ships beyond the fleet pool are removed (cheapest
/// first), then capacity.
pub(super) fn enforce_fleet(g: &mut Ti4Game, slot: u8, p: Player) {
    let fleet = crate::ti4::rules::fleet_limit(&g.content, &g.state, p);
    for &t in &SHIPS[1..] {
        let over = non_fighter_ships(&g.state, slot).saturating_sub(fleet);
        let k = (g.state.count_at(Location::Space(slot), t) as u32).min(over);
        if k > 0 && g.state.occupant(Location::Space(slot)) == Some(p) {
            destroy_units(&g.content, &mut g.state, Location::Space(slot), t, k as u8, None)
                .expect("the destroyed units are at the location");
        }
    }
    enforce_capacity(g, slot, None);
}
