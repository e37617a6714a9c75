//! After a space combat (rules 78): casualties, the winner, the combat-end window, and what
//! the tactical action does next.

use super::*;
use crate::ti4::game::{Counts, Ti4Game};
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::Location;

/// After a space combat: the losses written back (the defender's on the board; the attacker's
/// never leave transit), hook point `combat_casualties` for both sides (the attacker's rules
/// first), then a retreat or the landing.
pub(in crate::ti4::game) fn after_space_combat(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    let Some(combat) = g.flow.tactical.space.take() else { return Step::Space };
    let loc = Location::Space(g.flow.tactical.active);
    let d = g.flow.tactical.defender;
    let def = *combat.force(crate::ti4::combat::Side::Defender);
    let def_fought = board_counts(g, loc);
    let def_lost = casualties(&def_fought, &def);
    write_back(g, loc, &def, p);
    let att = *combat.force(crate::ti4::combat::Side::Attacker);
    let att_fought = g.flow.tactical.transit;
    let att_lost = casualties(&att_fought, &att);
    g.flow.tactical.transit = *att.counts();
    g.flow.tactical.transit_damaged = *att.damaged_counts();
    rules::own_casualties(g, p, loc, &att_fought, &att_lost);
    rules::own_casualties(g, d, loc, &def_fought, &def_lost);
    rules::combat_casualties(g, p, d, &def_lost);
    rules::combat_casualties(g, d, p, &att_lost);
    g.flow.tactical.combat_losses = combat_losses(p, &att_lost, d, &def_lost);
    let lost_types = |lost: &Counts| {
        SHIPS.iter().filter(|&&t| lost[t.idx()] > 0).fold(0, |m, &t| m | crate::ti4::combat::type_bit(t))
    };
    g.flow.tactical.space_lost = [lost_types(&att_lost), lost_types(&def_lost)];
    g.flow.tactical.space_destroyed = g.flow.tactical.space_lost[0] | g.flow.tactical.space_lost[1];
    let retreat = combat.retreat().and_then(|(side, tile)| g.galaxy.slot_of(tile).map(|sl| (side, sl)));
    // Skilled Retreat: the side that withdrew between rounds leaves a draw (no winner).
    let drawn = retreat.is_some() && combat.outcome() == Some(crate::ti4::combat::Outcome::Draw);
    match retreat {
        Some((crate::ti4::combat::Side::Attacker, to)) => {
            trim_transit(g, p);
            let (counts, damaged) = (g.flow.tactical.transit, g.flow.tactical.transit_damaged);
            g.flow.tactical.transit = [0; UNIT_TYPES];
            g.flow.tactical.transit_damaged = [0; UNIT_TYPES];
            retreat_to(g, p, to, &counts, &damaged);
            enforce_capacity(g, g.flow.tactical.active, Some(p));
            let winner = (defender_in_space(g, p).is_some() && !drawn).then_some(1);
            if winner.is_some() {
                rules::combat_won(g, d, p);
            }
            return space_combat_over(g, [p, d], [&att_lost, &def_lost], winner, combat.barrage_cleared());
        }
        Some((crate::ti4::combat::Side::Defender, to)) => {
            let mut counts = [0; UNIT_TYPES];
            let mut damaged = [0; UNIT_TYPES];
            if g.state.occupant(loc) == Some(d) {
                for t in UnitType::ALL {
                    counts[t.idx()] = g.state.count_at(loc, t);
                    damaged[t.idx()] = g.state.damaged_at(loc, t);
                    if counts[t.idx()] > 0 {
                        g.state.remove_units(loc, t, counts[t.idx()]).expect("the removed units are at the location");
                    }
                }
            }
            retreat_to(g, d, to, &counts, &damaged);
        }
        None => enforce_capacity(g, g.flow.tactical.active, Some(p)),
    }
    let attacker_ships = SHIPS.iter().any(|&t| g.flow.tactical.transit[t.idx()] > 0);
    let defender_ships = defender_in_space(g, p).is_some();
    // Rules 78.10: the side with ships left wins (a stalemate, both left, has no winner).
    let winner = match (attacker_ships, defender_ships) {
        _ if drawn => None,
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ => None,
    };
    match winner {
        Some(0) => rules::combat_won(g, p, d),
        Some(_) => rules::combat_won(g, d, p),
        None => {}
    }
    if !attacker_ships || defender_ships {
        // Lost, or a stalemate (treated as the attacker's loss): the moving units are gone.
        g.flow.tactical.transit = [0; UNIT_TYPES];
        g.flow.tactical.transit_damaged = [0; UNIT_TYPES];
    } else {
        trim_transit(g, p);
        place_transit(g, p);
    }
    space_combat_over(g, [p, d], [&att_lost, &def_lost], winner, combat.barrage_cleared())
}

/// The space combat between the active player and the defender (`sides`) is over, its
/// survivors on the board: the action-phase objectives it met (`objectives::after_combat`),
/// then the combat-end window.
fn space_combat_over(
    g: &mut Ti4Game,
    sides: [Player; 2],
    lost: [&Counts; 2],
    winner: Option<usize>,
    barrage: [bool; 2],
) -> Step {
    g.flow.tactical.space_winner = winner.map(|w| sides[w]);
    crate::ti4::game::objectives::after_combat(g, sides, lost, winner, true, barrage);
    space_combat_end(g, sides[0], sides[1])
}

/// The seats (bit per seat) of the two sides of a combat that lost units in it.
pub(in crate::ti4::game) fn combat_losses(a: Player, a_lost: &Counts, d: Player, d_lost: &Counts) -> u8 {
    let bit = |p: Player, lost: &Counts| if lost.iter().any(|&k| k > 0) { 1u8 << p.0 } else { 0 };
    bit(a, a_lost) | bit(d, d_lost)
}

/// The space combat is over: window `SpaceCombatEnd` for the active player `p`, then the
/// defender `d` (rules' order), then the other players clockwise; then the landing.
pub(super) fn space_combat_end(g: &mut Ti4Game, p: Player, d: Player) -> Step {
    let (order, n) = super::super::pending::combat_end_order(g.state.num_players, p, d);
    match super::super::pending::open(g, rules::Window::SpaceCombatEnd, &order[..n]) {
        Some(decide) => decide,
        None => super::super::invasion::start_landing(g, p),
    }
}
