//! Invasion (digest §5; Rules Reference 49 "Invasion", 15 "Bombardment", 77 "Space Cannon",
//! 42 "Ground Combat", 27 "Custodians"): ground forces land one at a time (the custodians token
//! costs 6 influence and gives 1 victory point on Mecatol Rex), bombardment at the first
//! contested planet (planetary shields; war suns cancel them), space cannon defense, ground
//! combat with hit decisions, structures destroyed, control gained exhausted; elimination is
//! checked after every loss. Hits of bombardment and space cannon defense are assigned by the
//! default policy (cheapest first, sustain first). Hook points here: `extra_ability_die`
//! (bombardment and space cannon defense), `ground_combat_start`, `combat_repair`,
//! `bombards_after_ground_rounds`,
//! `ground_combat_won`, `planet_protected`.

use super::objectives::{spend_default, spend_plan};
use super::production::start_production;
use super::tactical::{board_force, damage_stack, extra_die_hits, force_of, write_back};
use super::{Action, Step, Ti4Game};
use crate::ti4::combat::{
    assign_hits_default, best_bombardment, best_space_cannon, bombardment_blocked, roll_bombardment_against,
    roll_space_cannon_defense_against, Arena, Force, GroundCombat, Outcome,
};
use crate::ti4::elimination::{check_elimination_by, destroy_units, sundered_protects};
use crate::ti4::ids::*;
use crate::ti4::rules::Window;
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};
use rand_chacha::ChaCha8Rng;

pub(super) fn start_landing(g: &mut Ti4Game, p: Player) -> Step {
    let mut buf_has = false;
    let loc = Location::Space(g.flow.tactical.active);
    if g.state.occupant(loc) == Some(p)
        && (g.state.count_at(loc, UnitType::Infantry) > 0 || g.state.count_at(loc, UnitType::Mech) > 0)
    {
        buf_has = (0..MAX_PLANETS_PER_SYSTEM as u8).any(|n| may_land(g, p, n));
    }
    if !buf_has {
        // Units a rule placed to fight on planets (Coalescence) fight without a landing.
        if (0..MAX_PLANETS_PER_SYSTEM as u8).any(|n| fights_at(g, n)) {
            return next_invasion(g);
        }
        return establish_control(g);
    }
    // Window `InvasionStart` (Invasion 49.1, "at the start of an invasion"), when another
    // player has units on a planet of the active system: the active player, then the others.
    let contested = Location::all_in(g.flow.tactical.active)
        .any(|l| matches!(l, Location::Planet(..)) && g.state.occupant(l).is_some_and(|q| q != p));
    if contested {
        let (order, len) = super::pending::clockwise_from(g.state.num_players, p);
        if let Some(decide) = super::pending::open(g, Window::InvasionStart, &order[..len]) {
            return decide;
        }
    }
    Step::Land(p)
}

fn may_land(g: &Ti4Game, p: Player, n: u8) -> bool {
    let (c, s) = (&*g.content, &g.state);
    let Some(pl) = s.planet_at(c, Location::Planet(g.flow.tactical.active, n)) else { return false };
    if let Some(q) = crate::ti4::control::controller(s, pl) {
        if q != p && sundered_protects(c, s, q, pl) {
            return false;
        }
    }
    if g.flow.custodians && c.known.mecatol_rex == Some(pl) {
        return spend_plan(c, s, p, 0, custodians_cost(g, p), 0, 0).is_some();
    }
    let toll = commit_toll(g, p, n);
    toll == 0 || spend_plan(c, s, p, 0, toll, 0, 0).is_some()
}

/// Hook point `commit_influence` (Omniopiares): the influence `p` spends to commit ground forces
/// to planet `n`, when none is committed there yet in this tactical action.
fn commit_toll(g: &Ti4Game, p: Player, n: u8) -> u8 {
    if g.flow.tactical.committed[n as usize] != [0, 0] {
        return 0;
    }
    crate::ti4::rules::commit_influence(g, p, Location::Planet(g.flow.tactical.active, n))
}

/// Custodians token (digest §5): the influence `p` spends to remove it, 6, or none when a rule
/// waives it (hook point `custodians_free`, Winnu's Blood Ties).
fn custodians_cost(g: &Ti4Game, p: Player) -> u8 {
    if crate::ti4::rules::custodians_free(g, p) {
        0
    } else {
        6
    }
}

pub(super) fn land_options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    let loc = Location::Space(g.flow.tactical.active);
    if g.state.occupant(loc) != Some(p) {
        return;
    }
    for n in 0..MAX_PLANETS_PER_SYSTEM as u8 {
        if may_land(g, p, n) {
            for t in [UnitType::Infantry, UnitType::Mech] {
                if g.state.count_at(loc, t) > 0 {
                    buf.push(Action::Land(n, t));
                }
            }
        }
    }
}

pub(super) fn land(g: &mut Ti4Game, p: Player, n: u8, t: UnitType) -> Step {
    let c = g.content.clone();
    let a = g.flow.tactical.active;
    let pl = g.state.planet_at(&c, Location::Planet(a, n));
    if g.flow.custodians && pl.is_some() && c.known.mecatol_rex == pl {
        // Custodians: spend 6 influence, gain 1 victory point; the agenda phase begins.
        let cost = custodians_cost(g, p);
        spend_default(&c, &mut g.state, p, 0, cost);
        g.flow.custodians = false;
        g.state.player_mut(p).bonus_vp += 1;
    }
    let toll = commit_toll(g, p, n);
    spend_default(&c, &mut g.state, p, 0, toll);
    g.state.remove_units(Location::Space(a), t, 1).expect("the removed units are at the location");
    let ploc = Location::Planet(a, n);
    match g.state.occupant(ploc) {
        Some(q) if q != p => g.flow.tactical.committed[n as usize][(t == UnitType::Mech) as usize] += 1,
        _ => {
            g.place_units(p, ploc, t, 1).expect("placed units come from reinforcements the caller checked");
            take_control(g, p, ploc);
        }
    }
    if !(0..MAX_PLANETS_PER_SYSTEM as u8).any(|k| may_land(g, p, k)) || g.state.occupant(Location::Space(a)) != Some(p)
    {
        after_landing(g)
    } else {
        Step::Land(p)
    }
}

/// Invasion 49.3 done (the active player committed their ground forces): window
/// `GroundForcesCommitted` for the players whose planets they were committed to, clockwise from
/// the active player; then the invasion goes on ([`next_invasion`]).
pub(super) fn after_landing(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    let a = g.flow.tactical.active;
    let mut defenders = 0u8;
    for n in 0..MAX_PLANETS_PER_SYSTEM as u8 {
        if g.flow.tactical.committed[n as usize] != [0, 0] {
            if let Some(q) = g.state.occupant(Location::Planet(a, n)).filter(|&q| q != p) {
                defenders |= 1 << q.0;
            }
        }
    }
    if defenders != 0 {
        let (them, k) = super::pending::clockwise_among(g.state.num_players, p, defenders);
        if let Some(decide) = super::pending::open(g, Window::GroundForcesCommitted, &them[..k]) {
            return decide;
        }
    }
    next_invasion(g)
}

/// True when units will fight on planet `n` of the active system: ground forces committed there,
/// or units a rule placed there to fight (`TacticalAction::placed_to_fight`).
fn fights_at(g: &Ti4Game, n: u8) -> bool {
    let placed = g.flow.tactical.placed_to_fight[n as usize] > 0 && g.state.player(g.flow.turn).in_game;
    g.flow.tactical.committed[n as usize] != [0, 0] || placed
}

/// The ground combat of the next planet with committed ground forces (or PDS a rule placed to
/// fight there), or (none left) the control of the active system's planets is established.
pub(super) fn next_invasion(g: &mut Ti4Game) -> Step {
    match (0..3u8).find(|&n| fights_at(g, n)) {
        Some(n) => Step::InvasionRolls(n),
        None => establish_control(g),
    }
}

fn committed_force(g: &Ti4Game, p: Player, n: u8) -> Force {
    let f = force_of(&g.content, &g.state, p, Arena::Ground);
    let [i, m] = g.flow.tactical.committed[n as usize];
    let mut counts = [0; UNIT_TYPES];
    counts[UnitType::Infantry.idx()] = i;
    counts[UnitType::Mech.idx()] = m;
    counts[UnitType::Pds.idx()] = g.flow.tactical.placed_to_fight[n as usize];
    f.with_counts(counts, [0; UNIT_TYPES]).unwrap_or(f)
}

/// Bombardment 15 and space cannon defense 77.5 against planet `n`, then the ground combat.
pub(super) fn invasion_rolls(g: &mut Ti4Game, n: u8, rng: &mut ChaCha8Rng) -> Step {
    let p = g.flow.turn;
    let a = g.flow.tactical.active;
    let ploc = Location::Planet(a, n);
    if let Some(q) = g.state.occupant(ploc) {
        let planet = defending_force(g, q, ploc);
        let space = bombarding_force(g, p);
        let first = (0..n).all(|k| !fights_at(g, k));
        let shields_off = crate::ti4::rules::disables_planetary_shields(g, p, a);
        if first && !bombardment_blocked(&planet, &space, shields_off) && !super::agendas::no_bombardment_at(g, ploc) {
            let penalty = bunker_penalty(g, q);
            let reroll = crate::ti4::rules::rerolls_ability_misses(&g.content, &g.state, p);
            let hits = roll_bombardment_against(&space, penalty, reroll, rng)
                + extra_die_hits(g, p, best_bombardment(&space), penalty, rng);
            if hits > 0 {
                let ground =
                    |g: &Ti4Game| g.state.count_at(ploc, UnitType::Infantry) + g.state.count_at(ploc, UnitType::Mech);
                let before = ground(g);
                damage_stack(g, ploc, q, hits, p);
                // Make an Example of Their World: the last of q's ground forces there.
                if before > 0 && ground(g) == 0 {
                    use super::objectives::{score_event, Event};
                    score_event(g, p, |e| e == Event::BombardLastGroundForces);
                }
            }
        }
    }
    let mut att = crate::ti4::rules::with_combat_roll_modifier(&g.content, &g.state, p, committed_force(g, p, n));
    // Space cannon defense 77.5, unless a rule of the invader forbids it (hook point
    // `no_space_cannon_in_invasion`, L4 Disruptors).
    let defended = !crate::ti4::rules::no_space_cannon_in_invasion(&g.content, &g.state, p);
    if let Some(q) = g.state.occupant(ploc).filter(|_| defended) {
        let planet = defending_force(g, q, ploc);
        let penalty = crate::ti4::rules::space_cannon_penalty_against(&g.content, &g.state, p);
        let reroll = crate::ti4::rules::rerolls_ability_misses(&g.content, &g.state, q);
        let mut hits = roll_space_cannon_defense_against(&planet, penalty, reroll, rng)
            + extra_die_hits(g, q, best_space_cannon(&planet, None), penalty, rng);
        // The planet's own SPACE CANNON, as if it were a unit there (Geoform).
        hits += super::tactical::planet_cannon_hits(g, q, |l| l == ploc, penalty, rng);
        if hits > 0 {
            // Units placed to fight are not committed: they take no space cannon defense hits.
            let m = att.ground_force_mask() & !crate::ti4::combat::type_bit(UnitType::Pds);
            assign_hits_default(&mut att, hits, m);
        }
    }
    let mut def = match g.state.occupant(ploc) {
        Some(q) => {
            g.flow.tactical.defender = q;
            crate::ti4::rules::with_combat_roll_modifier(&g.content, &g.state, q, board_force(g, q, ploc))
        }
        None => force_of(&g.content, &g.state, p, Arena::Ground),
    };
    let defender = g.state.occupant(ploc);
    if let Some(q) = defender {
        crate::ti4::rules::combat_sides(&g.content, &g.state, p, q, ploc, &mut att, &mut def);
        crate::ti4::rules::combat_sides(&g.content, &g.state, q, p, ploc, &mut def, &mut att);
        crate::ti4::rules::ground_combat_start(&g.content, &g.state, q, &def, &mut att);
    }
    g.flow.tactical.committed[n as usize] = [att.count(UnitType::Infantry), att.count(UnitType::Mech)];
    g.flow.tactical.placed_to_fight[n as usize] = att.count(UnitType::Pds);
    let mut combat = GroundCombat::new(att, def).expect("ground forces");
    combat.set_round_end_bombardment(defender.is_some() && harrows(g, p, ploc));
    combat.set_repair([
        crate::ti4::rules::combat_repair(&g.content, &g.state, p),
        defender.is_some_and(|q| crate::ti4::rules::combat_repair(&g.content, &g.state, q)),
    ]);
    combat.set_answer_hit([
        crate::ti4::rules::ground_combat_answer_hit(&g.content, &g.state, p),
        defender.is_some_and(|q| crate::ti4::rules::ground_combat_answer_hit(&g.content, &g.state, q)),
    ]);
    g.flow.tactical.ground = Some(combat);
    g.flow.tactical.round_start_opened = None;
    Step::Ground(n)
}

/// The ground combat on planet `n` is about to roll a round for which window
/// `GroundCombatRoundStart` has not been opened yet.
pub(super) fn round_start_due(g: &Ti4Game, n: u8) -> bool {
    g.flow.tactical.ground.is_some_and(|c| {
        c.phase() == crate::ti4::combat::GroundPhase::Roll && g.flow.tactical.round_start_opened != Some((n, c.round()))
    })
}

/// Ground Combat 42, the start of a round: window `GroundCombatRoundStart` for the active
/// player, then the defender (`None`: nobody has a choice, the round is rolled).
pub(super) fn open_round_start(g: &mut Ti4Game, n: u8) -> Option<Step> {
    let round = g.flow.tactical.ground.map_or(0, |c| c.round());
    g.flow.tactical.round_start_opened = Some((n, round));
    let (p, d) = (g.flow.turn, g.flow.tactical.defender);
    super::pending::open(g, Window::GroundCombatRoundStart, &[p, d])
}

/// At window `GroundCombatRoundStart`: `p`'s side in the ground combat about to roll a round,
/// the planet's index and the round (rules placing a unit into the combat: Dunlain Reaper,
/// Indoctrination).
pub(crate) fn ground_round_start(g: &Ti4Game, p: Player, window: Window) -> Option<(crate::ti4::combat::Side, u8, u8)> {
    let (Window::GroundCombatRoundStart, Some(c), Some((n, _))) =
        (window, &g.flow.tactical.ground, g.flow.tactical.round_start_opened)
    else {
        return None;
    };
    Some((super::tactical::combat_side(g, p)?, n, c.round()))
}

/// `p`, on `side` of the ground combat, has a ground force of type `t` in reinforcements to
/// bring into it: one that no committed ground force holds (the invader's committed units wait
/// there), and that no rule destroys as it is placed in the active system (SUNDERED).
pub(crate) fn can_join_ground_combat(g: &Ti4Game, p: Player, side: crate::ti4::combat::Side, t: UnitType) -> bool {
    let k = usize::from(t == UnitType::Mech);
    let waiting: u8 = match side {
        crate::ti4::combat::Side::Attacker => g.flow.tactical.committed.iter().map(|c| c[k]).sum(),
        crate::ti4::combat::Side::Defender => 0,
    };
    let (c, s) = (&*g.content, &g.state);
    let tile = s.systems[g.flow.tactical.active as usize].tile;
    s.player(p).reinforcements[t.idx()] > waiting && !crate::ti4::rules::units_placed_destroyed(c, s, p, tile)
}

/// After window `GroundCombatRoundStart`: the round's combat rolls.
pub(super) fn after_round_start(g: &mut Ti4Game) -> Step {
    Step::Ground(g.flow.tactical.round_start_opened.map_or(0, |(n, _)| n))
}

/// Hook point `bombards_after_ground_rounds` (L1Z1X's Harrow): `p` invades `ploc` with ships
/// that have BOMBARDMENT in the space area, and the planet can be bombarded (Bombardment 15.1f:
/// no PLANETARY SHIELD there, or a war sun of `p` in the system).
fn harrows(g: &Ti4Game, p: Player, ploc: Location) -> bool {
    let Some(q) = g.state.occupant(ploc) else { return false };
    let space = bombarding_force(g, p);
    crate::ti4::rules::bombards_after_ground_rounds(&g.content, &g.state, p)
        && best_bombardment(&space).is_some()
        && !bombardment_blocked(
            &defending_force(g, q, ploc),
            &space,
            crate::ti4::rules::disables_planetary_shields(g, p, ploc.slot()),
        )
        && !super::agendas::no_bombardment_at(g, ploc)
}

/// A round-end bombardment of the ground combat on planet `n` (L1Z1X's Harrow): the active
/// player's ships in the space area roll BOMBARDMENT (Plasma Scoring's die included, hook point
/// `extra_ability_die`), and the defender's ground forces take the hits.
pub(super) fn round_end_bombardment(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    let p = g.flow.turn;
    let space = bombarding_force(g, p);
    let penalty = bunker_penalty(g, g.flow.tactical.defender);
    let reroll = crate::ti4::rules::rerolls_ability_misses(&g.content, &g.state, p);
    let hits = roll_bombardment_against(&space, penalty, reroll, rng)
        + extra_die_hits(g, p, best_bombardment(&space), penalty, rng);
    if let Some(c) = g.flow.tactical.ground.as_mut() {
        c.bombard(hits).expect("a round-end bombardment is awaited");
    }
}

/// The active player's units in the active system's space area as they bombard: with
/// BOMBARDMENT 6 for their non-fighter ships that have none when Blitz was played, and with
/// their mechs on planets they control in the system when a rule lets those bombard as if
/// they were ships (hook point `mechs_bombard_from_planets`, Anihilator).
pub(crate) fn bombarding_force(g: &Ti4Game, p: Player) -> Force {
    let a = g.flow.tactical.active;
    let mut space = board_force(g, p, Location::Space(a));
    if crate::ti4::rules::mechs_bombard_from_planets(&g.content, &g.state, p) {
        let on_planets: u8 = Location::all_in(a)
            .skip(1)
            .filter(|&l| g.state.occupant(l) == Some(p))
            .map(|l| g.state.count_at(l, UnitType::Mech))
            .sum();
        let (k, d) = (space.count(UnitType::Mech), space.damaged(UnitType::Mech));
        space = space.with_units(UnitType::Mech, k.saturating_add(on_planets), d).unwrap_or(space);
    }
    if g.flow.tactical.blitz {
        space.with_bombardment_for_ships(crate::ti4::content::Dice { hits_on: 6, dice: 1 })
    } else {
        space
    }
}

/// Blitz would give BOMBARDMENT to a ship of `p`: `p` has a non-fighter ship without it in the
/// active system's space area.
pub(crate) fn blitz_arms_a_ship(g: &Ti4Game, p: Player) -> bool {
    let space = board_force(g, p, Location::Space(g.flow.tactical.active));
    UnitType::ALL.into_iter().any(|t| {
        let s = space.stats(t);
        t != UnitType::Fighter && s.ship && s.bombardment.is_none() && space.count(t) > 0
    })
}

/// `q`'s units on the invaded planet `ploc` as they defend it against bombardment and with
/// space cannon defense: without their PDS units when Disable was played (they lose
/// PLANETARY SHIELD and SPACE CANNON during this invasion).
fn defending_force(g: &Ti4Game, q: Player, ploc: Location) -> Force {
    let planet = board_force(g, q, ploc);
    if g.flow.tactical.disable {
        planet.with_units(UnitType::Pds, 0, 0).unwrap_or(planet)
    } else {
        planet
    }
}

/// Bunker: -4 on each BOMBARDMENT die against the planets of `q` when `q` played it.
fn bunker_penalty(g: &Ti4Game, q: Player) -> u8 {
    if g.flow.tactical.bunker & (1 << q.0) != 0 {
        4
    } else {
        0
    }
}

pub(super) fn after_ground(g: &mut Ti4Game, n: u8) -> Step {
    let p = g.flow.turn;
    let Some(combat) = g.flow.tactical.ground.take() else { return Step::Ground(n) };
    let ploc = Location::Planet(g.flow.tactical.active, n);
    let def = *combat.force(crate::ti4::combat::Side::Defender);
    let d = g.flow.tactical.defender;
    let mut def_lost = [0; UNIT_TYPES];
    let mut def_fought = [0; UNIT_TYPES];
    if g.state.occupant(ploc) == Some(d) {
        def_fought = super::tactical::board_counts(g, ploc);
        def_lost = super::tactical::casualties(&def_fought, &def);
        write_back(g, ploc, &def, p);
    }
    let att = *combat.force(crate::ti4::combat::Side::Attacker);
    let survivors = [att.count(UnitType::Infantry), att.count(UnitType::Mech), att.count(UnitType::Pds)];
    let mut committed = [0; UNIT_TYPES];
    (committed[UnitType::Infantry.idx()], committed[UnitType::Mech.idx()]) =
        (g.flow.tactical.committed[n as usize][0], g.flow.tactical.committed[n as usize][1]);
    committed[UnitType::Pds.idx()] = g.flow.tactical.placed_to_fight[n as usize];
    let att_lost = super::tactical::casualties(&committed, &att);
    g.flow.tactical.committed[n as usize] = [0, 0];
    g.flow.tactical.placed_to_fight[n as usize] = 0;
    crate::ti4::rules::own_casualties(g, p, ploc, &committed, &att_lost);
    if def_fought != [0; UNIT_TYPES] {
        crate::ti4::rules::own_casualties(g, d, ploc, &def_fought, &def_lost);
    }
    crate::ti4::rules::combat_casualties(g, p, d, &def_lost);
    crate::ti4::rules::combat_casualties(g, d, p, &att_lost);
    g.flow.tactical.combat_losses = super::tactical::combat_losses(p, &att_lost, d, &def_lost);
    let defender_ground = g.state.occupant(ploc).is_some_and(|q| {
        q != p && (g.state.count_at(ploc, UnitType::Infantry) + g.state.count_at(ploc, UnitType::Mech)) > 0
    });
    if survivors != [0, 0, 0] && !defender_ground {
        // Invasion 49.6: the defender's structures are destroyed (or replaced with the
        // attacker's: hook point `assimilates_structures`, L1Z1X's Assimilate).
        let mut assimilated = [0u8; 2];
        if g.state.occupant(ploc).is_some_and(|q| q != p) {
            let assimilate = crate::ti4::rules::assimilates_structures(&g.content, &g.state, p);
            for (i, t) in [UnitType::Pds, UnitType::SpaceDock].into_iter().enumerate() {
                let k = g.state.count_at(ploc, t);
                if k > 0 && assimilate {
                    g.state.remove_units(ploc, t, k).expect("the removed units are at the location");
                    assimilated[i] = k.min(g.state.player(p).reinforcements[t.idx()]);
                } else if k > 0 {
                    destroy_units(&g.content, &mut g.state, ploc, t, k, Some(p))
                        .expect("the destroyed units are at the location");
                }
            }
        }
        g.place_units(p, ploc, UnitType::Infantry, survivors[0])
            .expect("placed units come from reinforcements the caller checked");
        g.place_units(p, ploc, UnitType::Mech, survivors[1])
            .expect("placed units come from reinforcements the caller checked");
        g.place_units(p, ploc, UnitType::Pds, survivors[2])
            .expect("placed units come from reinforcements the caller checked");
        for (k, t) in [(survivors[1], UnitType::Mech), (survivors[2], UnitType::Pds)] {
            if k > 0 {
                // SUNDERED may have destroyed the placed units (`placement::place_units`).
                let here = g.state.count_at(ploc, t);
                g.state.set_damaged(ploc, t, att.damaged(t).min(here)).expect("at most the units there are damaged");
            }
        }
        for (k, t) in assimilated.into_iter().zip([UnitType::Pds, UnitType::SpaceDock]) {
            if k > 0 {
                g.place_units(p, ploc, t, k).expect("placed units come from reinforcements the caller checked");
            }
        }
        take_control(g, p, ploc);
    }
    if combat.fought() {
        let winner = match combat.outcome() {
            Some(Outcome::AttackerWins) => {
                crate::ti4::rules::ground_combat_won(g, p, ploc);
                crate::ti4::rules::combat_won(g, p, d);
                Some(0)
            }
            Some(Outcome::DefenderWins) => {
                crate::ti4::rules::ground_combat_won(g, d, ploc);
                crate::ti4::rules::combat_won(g, d, p);
                Some(1)
            }
            _ => None,
        };
        super::objectives::after_combat(g, [p, d], [&att_lost, &def_lost], winner, false, [false; 2]);
    }
    // Window `GroundCombatEnd` for the active player, then the defender, then the other players
    // clockwise; then the next planet.
    let decide = if combat.fought() {
        let (order, n) = super::pending::combat_end_order(g.state.num_players, p, d);
        super::pending::open(g, crate::ti4::rules::Window::GroundCombatEnd, &order[..n])
    } else {
        None
    };
    match decide {
        Some(decide) => decide,
        None => next_invasion(g),
    }
}

/// Invasion 49.7 for one planet where `p` now stands alone: `p` gains it (exhausted); its
/// previous controller may be eliminated by the loss (only they are checked: the active
/// player's committed units are off the board meanwhile).
fn take_control(g: &mut Ti4Game, p: Player, ploc: Location) {
    let previous = g.state.planet_at(&g.content, ploc).and_then(|pl| crate::ti4::control::controller(&g.state, pl));
    if gain_planet(g, p, ploc) {
        note_taken(g, p, previous);
        if let Location::Planet(_, n) = ploc {
            g.flow.tactical.gained |= 1 << n;
            super::exploration::note_gained(g, n, previous);
        }
    }
}

/// A rule of the active player `p` places a unit of type `t` from their reinforcements onto
/// planet `n` of the active system after its activation (Awaken); false when nothing happens.
/// - Where another player has ground forces, the unit fights there in the invasion step when a
///   rule of `p` says so (hook point `placed_units_fight`: Coalescence;
///   `TacticalAction::placed_to_fight`, PDS only), and is not placed otherwise.
/// - Elsewhere it is placed: another player's structures there are destroyed (as Invasion 49.6),
///   and `p` gains control of the planet (rules 25.5: "the player that placed units on the
///   planet gains control of that planet"), exploring it after window `SystemActivated` when
///   nobody controlled it (35.1).
pub(crate) fn place_by_rule(g: &mut Ti4Game, p: Player, n: u8, t: UnitType) -> bool {
    let ploc = Location::Planet(g.flow.tactical.active, n);
    if g.state.player(p).reinforcements[t.idx()] == 0 || g.state.planet_at(&g.content, ploc).is_none() {
        return false;
    }
    if let Some(q) = g.state.occupant(ploc).filter(|&q| q != p) {
        if g.state.ground_forces_at(ploc) > 0 {
            if t != UnitType::Pds || !crate::ti4::rules::placed_units_fight(g, p) {
                return false;
            }
            g.flow.tactical.placed_to_fight[n as usize] += 1;
            return true;
        }
        let c = g.content.clone();
        for st in [UnitType::Pds, UnitType::SpaceDock] {
            let k = g.state.count_at(ploc, st);
            if k > 0 && g.state.occupant(ploc) == Some(q) {
                destroy_units(&c, &mut g.state, ploc, st, k, Some(p)).expect("the destroyed units are at the location");
            }
        }
    }
    g.place_units(p, ploc, t, 1).expect("placed units come from reinforcements checked above");
    g.flow.tactical.placed_by_rule |= 1 << n;
    take_control(g, p, ploc);
    if g.flow.tactical.to_explore != 0 {
        g.flow.tactical.explore_at_activation = true;
    }
    true
}

/// Records in `TacticalAction::taken_from` the `previous` controller of a planet `p` just
/// gained, when another player.
fn note_taken(g: &mut Ti4Game, p: Player, previous: Option<Player>) {
    if let Some(q) = previous.filter(|&q| q != p) {
        g.flow.tactical.taken_from |= 1 << q.0;
    }
}

/// `p` gains control of the planet at `ploc` (exhausted; hook point `control_gained`); its
/// previous controller is eliminated if the loss meets the conditions. False when `p` already
/// controlled it or cannot gain it.
pub(crate) fn gain_planet(g: &mut Ti4Game, p: Player, ploc: Location) -> bool {
    let c = g.content.clone();
    let Some(pl) = g.state.planet_at(&c, ploc) else { return false };
    if g.state.player(p).planets.contains(pl) {
        return false;
    }
    let Ok(previous) = crate::ti4::control::gain_control(&c, &mut g.state, p, pl, true) else { return false };
    crate::ti4::rules::control_gained(g, p, ploc);
    if let Some(q) = previous.filter(|&q| q != p) {
        crate::ti4::exploration::shard_of_the_throne::planet_taken(g, p, pl, q);
    }
    if let Some(q) = previous.filter(|&q| crate::ti4::elimination::meets_conditions(&c, &g.state, q)) {
        crate::ti4::elimination::eliminate(&c, &mut g.state, q, Some(p))
            .expect("the player is in the game and meets the conditions");
    }
    // Become a Martyr: a planet in a home system lost during the action phase (a player
    // eliminated by the loss scores nothing).
    if let (Some(q), Location::Planet(sl, _)) = (previous, ploc) {
        if g.phase() == super::RoundPhase::Action && g.state.seats().any(|r| g.home_slot[r.idx()] == sl) {
            use super::objectives::{score_event, Event};
            score_event(g, q, |e| e == Event::LoseHomePlanet);
        }
    }
    true
}

/// Invasion 49.7: control of each planet of the active system where the active player has
/// ground forces; elimination is checked after the control changes.
fn establish_control(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    let c = g.content.clone();
    let a = g.flow.tactical.active;
    for n in 0..MAX_PLANETS_PER_SYSTEM as u8 {
        let ploc = Location::Planet(a, n);
        if g.state.occupant(ploc) == Some(p) {
            if let Some(pl) = g.state.planet_at(&c, ploc) {
                let previous = crate::ti4::control::controller(&g.state, pl);
                if !g.state.player(p).planets.contains(pl)
                    && crate::ti4::control::gain_control(&c, &mut g.state, p, pl, true).is_ok()
                {
                    note_taken(g, p, previous);
                    g.flow.tactical.gained |= 1 << n;
                    super::exploration::note_gained(g, n, previous);
                    if let Some(q) = previous.filter(|&q| q != p) {
                        crate::ti4::exploration::shard_of_the_throne::planet_taken(g, p, pl, q);
                    }
                    crate::ti4::rules::control_gained(g, p, ploc);
                }
            }
        }
    }
    check_elimination_by(&c, &mut g.state, Some(p));
    super::exploration::explore_next(g)
}

/// After the planets gained were explored (`super::exploration`): window `PlanetsTaken`, then
/// the production step.
pub(super) fn after_exploring(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    // Window `PlanetsTaken` for the players whose planets were gained, clockwise from `p`.
    let taken = g.flow.tactical.taken_from;
    if taken != 0 {
        let (them, k) = super::pending::clockwise_among(g.state.num_players, p, taken);
        if let Some(decide) = super::pending::open(g, Window::PlanetsTaken, &them[..k]) {
            return decide;
        }
    }
    after_planets_taken(g)
}

/// After window `PlanetsTaken`: window `ControlGained` for the active player when the invasion
/// gained planets, then the production step.
pub(super) fn after_planets_taken(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    if g.flow.tactical.gained != 0 {
        if let Some(decide) = super::pending::open(g, Window::ControlGained, &[p]) {
            return decide;
        }
    }
    start_production(g, p)
}
