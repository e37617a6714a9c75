//! Retreats (rules 78.5) and the other moves of ships out of the active system (Naalu's
//! Foresight): the systems a side may go to, and the placement there.

use super::*;
use crate::ti4::elimination::destroy_units;
use crate::ti4::galaxy::bits;
use crate::ti4::game::{Counts, Ti4Game};
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::Location;

/// Space Combat 78.5.3: where `p` may retreat from the active system: adjacent systems that
/// hold `p`'s units or a planet `p` controls and no other player's ships, and that `p`'s ships
/// may enter (anomalies). With Dark Energy Tap also any adjacent system without other players'
/// units ([`dark_energy_tap`]).
pub(crate) fn retreat_systems(g: &Ti4Game, p: Player) -> SystemSet {
    let (c, s) = (&*g.content, &g.state);
    let tap = rules::retreat_into_empty(g, p);
    let mut out = SystemSet::EMPTY;
    for sl in bits(adjacent_without_enemy_ships(g, p, g.flow.tactical.active)) {
        let sys = &s.systems[sl as usize];
        let units = sys.space.owner == p.0 || sys.planets.iter().any(|a| a.owner == p.0);
        let planet = c.systems[sys.tile.idx()].planets.iter().any(|&pl| s.player(p).planets.contains(pl));
        let others = |o: u8| o != p.0 && o != crate::ti4::state::NOBODY;
        let empty_of_others = !others(sys.space.owner) && !sys.planets.iter().any(|a| others(a.owner));
        if units || planet || (tap && empty_of_others) {
            out.insert(sys.tile);
        }
    }
    out
}

/// Space Combat 78.5.4: the retreating side's units go to `to` and a command token from its
/// reinforcements is placed there (if it has none there yet; from the command sheet with none in
/// reinforcements, rules 20.3b).
pub(super) fn retreat_to(g: &mut Ti4Game, who: Player, to: u8, counts: &Counts, damaged: &Counts) {
    place_in_space(g, who, to, counts, damaged);
    super::super::tokens::place_on_board(g, who, to);
    enforce_fleet(g, to, who);
}

/// Skilled Retreat: the systems `p`'s ships may withdraw to from the space combat of the active
/// system: adjacent, enterable (anomalies), with no other player's ships.
pub(crate) fn withdrawal_systems(g: &Ti4Game, p: Player) -> u64 {
    adjacent_without_enemy_ships(g, p, g.flow.tactical.active)
}

/// Skilled Retreat: every ship of `p` (with what it transports) leaves the space combat of the
/// active system for the system in board slot `to`, where a command token from `p`'s
/// reinforcements is placed, and the combat ends in a draw. At window `SpaceCombatStart` (the
/// first round's start) the ships go at once and the combat is not fought
/// (`TacticalAction::withdrawn`); between rounds the combat ends ([`crate::ti4::combat::SpaceCombat::withdraw`])
/// and the ships go as a retreat's do ([`after_space_combat`]).
pub(crate) fn skilled_retreat(g: &mut Ti4Game, p: Player, to: u8) {
    let Some(side) = combat_side(g, p) else { return };
    if let Some(c) = g.flow.tactical.space.as_mut() {
        c.withdraw(side, g.galaxy.tile(to));
        return;
    }
    let from = g.flow.tactical.active;
    if side == Side::Attacker {
        let (counts, damaged) = (g.flow.tactical.transit, g.flow.tactical.transit_damaged);
        (g.flow.tactical.transit, g.flow.tactical.transit_damaged) = ([0; UNIT_TYPES], [0; UNIT_TYPES]);
        retreat_to(g, p, to, &counts, &damaged);
    } else {
        relocate_space_units(g, p, from, to);
        super::super::tokens::place_on_board(g, p, to);
    }
    g.flow.tactical.withdrawn = true;
}

/// Destroys every unit at `loc` (by `by`): another player's units left in a space area without
/// their ships when `by`'s ships arrive (ground forces without capacity, Capacity 16.3; Saar
/// space docks in space, blockaded: "If this unit is blockaded, it is destroyed").
pub(super) fn destroy_stranded(g: &mut Ti4Game, loc: Location, by: Player) {
    for t in UnitType::ALL {
        let k = g.state.count_at(loc, t);
        if k > 0 {
            destroy_units(&g.content, &mut g.state, loc, t, k, Some(by))
                .expect("the destroyed units are at the location");
        }
    }
}

/// `counts` units of `who` (`damaged` of them damaged) are placed in the space area of `to`
/// (a retreat or Foresight: it holds no other player's ships, so another player's units there
/// are stranded and destroyed first, as when ships arrive by movement).
pub(super) fn place_in_space(g: &mut Ti4Game, who: Player, to: u8, counts: &Counts, damaged: &Counts) {
    let loc = Location::Space(to);
    if g.state.occupant(loc).is_some_and(|q| q != who) {
        destroy_stranded(g, loc, who);
    }
    for t in UnitType::ALL {
        let k = counts[t.idx()];
        if k > 0 {
            let d = g.state.damaged_at(loc, t) + damaged[t.idx()];
            g.place_units(who, loc, t, k).expect("placed units come from reinforcements the caller checked");
            g.state.set_damaged(loc, t, d.min(g.state.count_at(loc, t))).expect("at most the units there are damaged");
        }
    }
}

/// Every unit of `p` in the space area of `from` moves into the space area of `to` (damage
/// kept), then Fleet pool 4 and capacity apply there: ships that an ability moves outside
/// movement (Foresight).
pub(crate) fn relocate_space_units(g: &mut Ti4Game, p: Player, from: u8, to: u8) {
    relocate_space_units_of(g, p, from, to, &UnitType::ALL);
}

/// [`relocate_space_units`] for the units of these types only (The Helmsman); the caller
/// applies capacity in `from`.
pub(crate) fn relocate_space_units_of(g: &mut Ti4Game, p: Player, from: u8, to: u8, types: &[UnitType]) {
    let loc = Location::Space(from);
    if g.state.occupant(loc) != Some(p) {
        return;
    }
    let (mut counts, mut damaged) = ([0; UNIT_TYPES], [0; UNIT_TYPES]);
    for &t in types {
        let k = g.state.count_at(loc, t);
        if k > 0 {
            (counts[t.idx()], damaged[t.idx()]) = (k, g.state.damaged_at(loc, t));
            g.state.remove_units(loc, t, k).expect("the removed units are at the location");
        }
    }
    place_in_space(g, p, to, &counts, &damaged);
    enforce_fleet(g, to, p);
}

/// The systems adjacent to `from` that `p`'s ships may enter (anomalies) and that hold no other
/// player's ships, as board-slot bits.
pub(crate) fn adjacent_without_enemy_ships(g: &Ti4Game, p: Player, from: u8) -> u64 {
    let blocked = enemy_ships(&g.state, p) | g.galaxy.no_entry(rules::mover_traits(g, p));
    g.galaxy.neighbours(from) & !blocked
}
