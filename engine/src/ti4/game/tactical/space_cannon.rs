//! Space cannon offense in the active system (rules 77.2-77.3): the active player fires first,
//! then the others clockwise.

use super::*;
use crate::ti4::combat::{
    assign_hits_default, best_space_cannon, penalised, roll_hits, roll_hits_rerolling,
    roll_space_cannon_offense_against, Arena, Force, FIGHTERS,
};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::Location;
use rand_chacha::ChaCha8Rng;

/// Shooters of space cannon offense: other players' units with SPACE CANNON in the active
/// system or (adjacent range) next to it, and the active player's against a defender there.
pub(super) fn cannon_forces(g: &Ti4Game, q: Player) -> (Force, Force) {
    let a = g.flow.tactical.active;
    super::super::engagement::cannon_forces(&g.content, &g.state, q, a, g.galaxy.neighbours(a))
}

/// The SPACE CANNON of a planet that `q` controls at a location `at` accepts, as if it were a
/// unit there (`FactionState::planet_space_cannon`: a faction attachment's, such as the Titans
/// hero's SPACE CANNON 5 (x3) on Elysium).
fn planet_cannon(g: &Ti4Game, q: Player, at: impl Fn(Location) -> bool) -> Option<crate::ti4::content::Dice> {
    let (c, s) = (&*g.content, &g.state);
    let (pl, dice) = s.factions.planet_space_cannon()?;
    let here = s.planet_location(c, pl).is_some_and(at);
    (here && crate::ti4::control::controller(s, pl) == Some(q)).then_some(dice)
}

/// The hits of [`planet_cannon`]'s dice (none without one), each die `penalty` worse.
pub(in crate::ti4::game) fn planet_cannon_hits(
    g: &Ti4Game,
    q: Player,
    at: impl Fn(Location) -> bool,
    penalty: u8,
    rng: &mut ChaCha8Rng,
) -> u16 {
    planet_cannon(g, q, at).map_or(0, |d| roll_hits(u16::from(d.dice), penalised(d.hits_on, penalty), rng))
}

pub(super) fn has_cannon(f: &Force) -> bool {
    UnitType::ALL.iter().any(|&t| f.count(t) > 0 && f.stats(t).space_cannon.is_some())
}

pub(super) fn defender_in_space(g: &Ti4Game, p: Player) -> Option<Player> {
    let a = &g.state.systems[g.flow.tactical.active as usize].space;
    a.occupant().filter(|&q| q != p && SHIPS.iter().any(|&t| a.of(t) > 0))
}

/// Space cannon offense (rules 77.2): someone can fire in the active system after movement,
/// whether or not ships moved: the active player at another player's ships there, or another
/// player at the active player's ships there (moving or already present).
pub(super) fn cannon_may_fire(g: &Ti4Game) -> bool {
    let p = g.flow.turn;
    // The seats with units on planets in or next to the active system: the only ones whose
    // `cannon_forces` hold a unit.
    let a = g.flow.tactical.active;
    let mut on_planets = 0u16;
    for sl in crate::ti4::galaxy::bits(g.galaxy.neighbours(a) | 1 << a) {
        for x in &g.state.systems[sl as usize].planets {
            on_planets |= 1 << x.owner.min(15);
        }
    }
    let fires = |q: Player| {
        let units = on_planets >> q.0 & 1 == 1 && {
            let (h, n) = cannon_forces(g, q);
            has_cannon(&h) || UnitType::ALL.iter().any(|&t| n.count(t) > 0 && n.stats(t).space_cannon_adjacent)
        };
        units
            || g.flow.tactical.battlestation == Some(q)
            || planet_cannon(g, q, |l| l.slot() == g.flow.tactical.active).is_some()
    };
    let space = &g.state.systems[g.flow.tactical.active as usize].space;
    let targets = SHIPS.iter().any(|&t| g.flow.tactical.transit[t.idx()] > 0)
        || (space.owner == p.0 && SHIPS.iter().any(|&t| space.of(t) > 0));
    let d = defender_in_space(g, p);
    (d.is_some_and(|d| !shielded(g, d)) && fires(p))
        || (targets
            && !g.flow.tactical.solar_flare
            && !shielded(g, p)
            && g.state.seats().any(|q| q != p && g.state.player(q).in_game && fires(q)))
}

/// Hook point `no_space_cannon_against` (Quetzecoatl): no other player's SPACE CANNON may fire
/// at `p`'s ships in the active system, those in transit or those there.
fn shielded(g: &Ti4Game, p: Player) -> bool {
    let (c, s) = (&*g.content, &g.state);
    if !c.rules.no_space_cannon_against.may_apply(c, s, p) {
        return false;
    }
    let loc = Location::Space(g.flow.tactical.active);
    let moving = p == g.flow.turn && rules::no_space_cannon_against(c, s, p, &transit_force(g, p, Arena::Space));
    moving || (s.occupant(loc) == Some(p) && rules::no_space_cannon_against(c, s, p, &board_force(g, p, loc)))
}

/// Space cannon offense (rules 77.2-77.3), starting with the active player and continuing
/// clockwise: the active player fires at a defender's ships in the active system; then every
/// other player fires at the active player's ships there: the moving ships while a defender
/// holds the space area (the combat that follows is theirs), else every ship of the active
/// player in the system, the moved ones placed first. Hits are assigned by the default policy,
/// or to non-fighter ships first with Graviton Laser System; Plasma Scoring adds a die. Gravity
/// rift rolls come first (they happen during movement).
pub(in crate::ti4::game) fn space_cannon(g: &mut Ti4Game, rng: &mut ChaCha8Rng) -> Step {
    gravity_rift_rolls(g, rng);
    let p = g.flow.turn;
    let loc = Location::Space(g.flow.tactical.active);
    if let Some(d) = defender_in_space(g, p).filter(|&d| !shielded(g, d)) {
        let (h, near) = cannon_forces(g, p);
        let mut f = board_force(g, d, loc);
        if let Some((hits, graviton)) = cannon_hits(g, p, d, &h, &near, &f, rng) {
            let before = f.non_fighter_ships();
            assign_cannon_hits(&mut f, hits, graviton);
            fleet_turned_to_dust(g, p, before, &f);
            write_back(g, loc, &f, p);
            // Capacity 16.3: a carrier lost (Graviton Laser System) takes its fighters along.
            enforce_capacity(g, g.flow.tactical.active, Some(p));
        }
    }
    let contested = defender_in_space(g, p).is_some();
    if !contested {
        place_transit(g, p);
    }
    let n = g.state.num_players;
    // Solar Flare, Quetzecoatl: no other player's SPACE CANNON against the active player's ships.
    let others = if g.flow.tactical.solar_flare || shielded(g, p) { 0 } else { n - 1 };
    for k in 1..=others {
        let q = Player((p.0 + k) % n);
        if !g.state.player(q).in_game {
            continue;
        }
        let (h, near) = cannon_forces(g, q);
        if contested {
            let mut f = transit_force(g, p, Arena::Space);
            if let Some((hits, graviton)) = cannon_hits(g, q, p, &h, &near, &f, rng) {
                let before = f.non_fighter_ships();
                assign_cannon_hits(&mut f, hits, graviton);
                fleet_turned_to_dust(g, q, before, &f);
                g.flow.tactical.transit = *f.counts();
                g.flow.tactical.transit_damaged = *f.damaged_counts();
            }
        } else {
            let mut f = board_force(g, p, loc);
            if let Some((hits, graviton)) = cannon_hits(g, q, p, &h, &near, &f, rng) {
                let before = f.non_fighter_ships();
                assign_cannon_hits(&mut f, hits, graviton);
                fleet_turned_to_dust(g, q, before, &f);
                write_back(g, loc, &f, q);
                enforce_capacity(g, g.flow.tactical.active, None);
            }
        }
    }
    g.flow.tactical.battlestation = None;
    trim_transit(g, p);
    arrive(g)
}

/// Turn Their Fleets to Dust: `by`'s space cannon offense destroyed the last of the non-fighter
/// ships of force `f` (`before` of them before the hits).
fn fleet_turned_to_dust(g: &mut Ti4Game, by: Player, before: u16, f: &Force) {
    if before > 0 && f.non_fighter_ships() == 0 {
        use crate::ti4::game::objectives::{score_event, Event};
        score_event(g, by, |e| e == Event::SpaceCannonLastShips);
    }
}

/// `q`'s space cannon offense at `target`'s ships `f` (units `here` in the active system,
/// `near` adjacent): the hits and whether Graviton Laser System directs them; `None` when `f`
/// holds no ship or no hit is scored.
pub(super) fn cannon_hits(
    g: &mut Ti4Game,
    q: Player,
    target: Player,
    here: &Force,
    near: &Force,
    f: &Force,
    rng: &mut ChaCha8Rng,
) -> Option<(u16, bool)> {
    if !SHIPS.iter().any(|&t| f.count(t) > 0) {
        return None;
    }
    let best = best_space_cannon(here, Some(near));
    let graviton = rules::before_space_cannon(&g.content, &mut g.state, q, best, f);
    let penalty = rules::space_cannon_penalty_against(&g.content, &g.state, target);
    let reroll = rules::rerolls_ability_misses(&g.content, &g.state, q);
    let mut hits =
        roll_space_cannon_offense_against(here, near, penalty, reroll, rng) + extra_die_hits(g, q, best, penalty, rng);
    if g.flow.tactical.battlestation == Some(q) && target == g.flow.turn {
        // Experimental Battlestation: a space dock's SPACE CANNON 5 (x3).
        hits += roll_hits_rerolling(3, penalised(BATTLESTATION_HITS_ON, penalty), reroll, rng);
    }
    // A planet's SPACE CANNON as if it were a unit (Geoform).
    let a = g.flow.tactical.active;
    hits += planet_cannon_hits(g, q, |l| l.slot() == a, penalty, rng);
    (hits > 0).then_some((hits, graviton))
}

/// Experimental Battlestation's SPACE CANNON value.
const BATTLESTATION_HITS_ON: u8 = 5;

/// Hook point `extra_ability_die` (Plasma Scoring): the hits of `p`'s additional die, rolled
/// after the ability's other dice by the best unit that used it (`best`: its value, from
/// [`best_space_cannon`] or [`crate::ti4::combat::best_bombardment`]; `penalty` as the other
/// dice, hook point `space_cannon_penalty_against`; rerolled on a miss as they are, hook point
/// `rerolls_ability_misses`); 0 without such a rule or without a unit that used the ability.
pub(in crate::ti4::game) fn extra_die_hits(
    g: &Ti4Game,
    p: Player,
    best: Option<u8>,
    penalty: u8,
    rng: &mut ChaCha8Rng,
) -> u16 {
    match best {
        Some(on) if rules::extra_ability_die(&g.content, &g.state, p) => {
            let reroll = rules::rerolls_ability_misses(&g.content, &g.state, p);
            roll_hits_rerolling(1, penalised(on, penalty), reroll, rng)
        }
        _ => 0,
    }
}

/// Space cannon hits on ships (default policy: sustain first, then the cheapest); with
/// `graviton` (Graviton Laser System) they go to non-fighter ships while there are any, and only
/// the rest to fighters.
pub(in crate::ti4::game) fn assign_cannon_hits(f: &mut Force, hits: u16, graviton: bool) {
    let placed = if graviton { assign_hits_default(f, hits, f.ship_mask() & !FIGHTERS) } else { 0 };
    let m = f.ship_mask();
    assign_hits_default(f, hits - placed, m);
}
