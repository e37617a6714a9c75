//! The exact odds of the engagement that a tactical action's movement into a system starts, as
//! the round loop plays it: space cannon offense (Space Cannon 77.2-77.3, `tactical::space_cannon`),
//! the space combat with its start-of-combat rules and repairs (Space Combat 78,
//! `tactical::arrive`), capacity after losses (Capacity 16.3), and the invasion of one planet:
//! bombardment (15), space cannon defense (77.5) and the ground combat (42, Invasion 49,
//! `invasion::invasion_rolls`). Every chance event is replaced by its exact distribution
//! ([`crate::ti4::combat::exact`]) and every decision is the engine's default one; the rules that
//! change these steps are asked through the same hook points the round loop asks
//! (`extra_ability_die`, `space_cannon_penalty_against`, `before_space_cannon`,
//! `space_combat_start`, `ground_combat_start`, `combat_repair`), so a technology, a copied
//! technology or a future faction rule on those hooks changes the odds exactly as it changes play.
//!
//! The moving units arrive together in the active system (no gravity rift on the way); all of
//! the attacker's ground forces that arrive are committed to the one planet; nobody retreats;
//! action cards and promissory notes are not played; the custodians token's cost and the
//! protections of `planet_protected` are not checked.

use super::tactical::{assign_cannon_hits, capacity_of, dock_fighter_allowance, force_of, units_of, SHIPS};
use crate::ti4::combat::exact::{
    ambush_distribution, bombardment_distribution, exact_combat, space_cannon_defense_distribution,
    space_cannon_offense_distribution, ExactCombat,
};
use crate::ti4::combat::{
    assign_hits_default, best_bombardment, best_space_cannon, bombardment_blocked, penalised, Arena, Force, Outcome,
};
use crate::ti4::content::Content;
use crate::ti4::galaxy::anomaly::defender_combat_bonus;
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::{Location, State, MAX_PLANETS_PER_SYSTEM};
use std::collections::BTreeMap;

/// An empty force of `p`'s effective units in `arena`, with `p`'s rules on hit assignment
/// (Non-Euclidean Shielding), as the round loop builds every force (`tactical::force_of`).
pub fn player_force(c: &Content, s: &State, p: Player, arena: crate::ti4::combat::Arena) -> Force {
    force_of(c, s, p, arena)
}

/// A move to explain: the attacker's units arriving in a system.
#[derive(Clone, Debug)]
pub struct Move {
    /// The active player.
    pub attacker: Player,
    /// The board slot of the active system.
    pub slot: u8,
    /// The units arriving, per [`UnitType`] index (ships, fighters and ground forces).
    pub transit: [u8; UNIT_TYPES],
    /// How many of them are damaged.
    pub transit_damaged: [u8; UNIT_TYPES],
    /// The slots adjacent to the active system (bits), for SPACE CANNON that reaches adjacent
    /// systems; 0 when the board's adjacency is unknown.
    pub neighbours: u64,
    /// The planet (index in the system) all arriving ground forces are committed to, if any.
    pub planet: Option<u8>,
}

/// One player's space cannon offense.
#[derive(Clone, Debug, PartialEq)]
pub struct Volley {
    /// The firing player.
    pub firer: Player,
    /// The player whose ships are fired at.
    pub target: Player,
    /// The distribution of its hits (index: hits).
    pub hits: Vec<f64>,
    /// Whether a `before_space_cannon` rule (Graviton Laser System) sends the hits to
    /// non-fighter ships, in at least one case.
    pub non_fighters_first: bool,
}

/// The space combat.
#[derive(Clone, Debug, PartialEq)]
pub struct SpaceOdds {
    /// The defender.
    pub defender: Player,
    /// The attacker's arriving units, before space cannon.
    pub attacker_start: Force,
    /// The defender's units, before space cannon (its modifier included).
    pub defender_start: Force,
    /// The probability that the combat takes place (some of both sides' ships survive space
    /// cannon).
    pub happens: f64,
    /// The combat, given that it takes place (probabilities conditional on it).
    pub result: ExactCombat,
}

/// The invasion of the move's planet.
#[derive(Clone, Debug, PartialEq)]
pub struct InvasionOdds {
    /// The player with units on the planet, if another player's.
    pub defender: Option<Player>,
    /// The probability that ground forces land (the attacker holds the space area with ground
    /// forces left).
    pub lands: f64,
    /// Whether PLANETARY SHIELD blocks bombardment (always, or in some cases).
    pub bombardment_blocked: bool,
    /// The expected bombardment hits, given that ground forces land.
    pub bombardment_expected_hits: f64,
    /// The distribution of space cannon defense hits against the committed ground forces.
    pub space_cannon_defense: Vec<f64>,
    /// The ground combat, given that ground forces land (conditional probabilities); `None`
    /// without a defender on the planet.
    pub ground: Option<ExactCombat>,
    /// The probability that the attacker controls the planet afterwards.
    pub takes: f64,
}

/// The whole engagement.
#[derive(Clone, Debug, PartialEq)]
pub struct Engagement {
    /// Space cannon offense, in firing order (the active player first, then clockwise); only
    /// players with units that fire.
    pub volleys: Vec<Volley>,
    /// The space combat, if the system holds another player's ships.
    pub space: Option<SpaceOdds>,
    /// The probability that the attacker has ships in the system's space area at the end.
    pub holds_space: f64,
    /// The invasion, if the move names a planet.
    pub invasion: Option<InvasionOdds>,
}

type Pair = (f64, Force, Force);

/// Puts `k` units of type `t` (`d` of them damaged) in `f`. A type without a definition for its
/// owner (content that starts a faction with a unit it has no card for, a load warning) has no
/// combat values and takes no part in the estimate.
fn put(f: &mut Force, t: UnitType, k: u8, d: u8) {
    match f.set_units(t, k, d) {
        Ok(()) | Err(crate::ti4::combat::CombatError::NoDefinition { .. }) => {}
        Err(e) => panic!("the units fit the force: {e:?}"),
    }
}

/// `owner`'s units at `loc` as a force of `arena`'s kind (empty when another player's are there).
pub(super) fn board_force(c: &Content, s: &State, owner: Player, loc: Location) -> Force {
    let arena = if matches!(loc, Location::Space(_)) { Arena::Space } else { Arena::Ground };
    let mut f = force_of(c, s, owner, arena);
    if s.occupant(loc) == Some(owner) {
        for t in UnitType::ALL {
            let k = s.count_at(loc, t);
            if k > 0 {
                put(&mut f, t, k, s.damaged_at(loc, t));
            }
        }
    }
    f
}

/// The units of `q` that fire space cannon offense at `slot`: those on its planets there, and
/// those on its planets in the `neighbours` slots (the round loop's `tactical::cannon_forces`).
pub(super) fn cannon_forces(c: &Content, s: &State, q: Player, slot: u8, neighbours: u64) -> (Force, Force) {
    let mut here = force_of(c, s, q, Arena::Space);
    let mut near = here;
    let add = |f: &mut Force, sl: u8| {
        for pa in s.systems[sl as usize].planets.iter().filter(|x| x.owner == q.0) {
            for t in [UnitType::Infantry, UnitType::Mech, UnitType::Pds, UnitType::SpaceDock] {
                let k = f.count(t) + pa.of(t);
                put(f, t, k, 0);
            }
        }
    };
    add(&mut here, slot);
    for sl in (0..64u8).filter(|&b| neighbours >> b & 1 == 1) {
        add(&mut near, sl);
    }
    (here, near)
}

fn has_ships(f: &Force) -> bool {
    SHIPS.iter().any(|&t| f.count(t) > 0)
}

/// Capacity 16.3 on `f` (`p`'s units in a space area): fighters beyond `allowance` (space docks)
/// and ground forces over the ships' capacity are removed, fighters first, then infantry, then
/// mechs (as `tactical::enforce_capacity`, and `trim_transit` with no allowance).
fn trim(c: &Content, s: &State, p: Player, f: &mut Force, allowance: u32) {
    let units = units_of(c, s, p);
    let cap: u32 = UnitType::ALL[2..].iter().map(|&t| f.count(t) as u32 * capacity_of(c, &units, t) as u32).sum();
    let fighters = f.count(UnitType::Fighter) as u32;
    let counted = fighters - fighters.min(allowance);
    let ground = (f.count(UnitType::Infantry) + f.count(UnitType::Mech)) as u32;
    let mut excess = (counted + ground).saturating_sub(cap);
    for t in [UnitType::Fighter, UnitType::Infantry, UnitType::Mech] {
        let here = if t == UnitType::Fighter { counted } else { f.count(t) as u32 };
        let k = here.min(excess) as u8;
        if k > 0 {
            let n = f.count(t) - k;
            put(f, t, n, f.damaged(t).min(n));
            excess -= k as u32;
        }
    }
}

/// Merges equal branches (same forces), keeping a stable order.
fn merge(branches: Vec<Pair>) -> Vec<Pair> {
    let mut m: BTreeMap<_, Pair> = BTreeMap::new();
    for (q, a, d) in branches {
        let k = (*a.counts(), *a.damaged_counts(), *d.counts(), *d.damaged_counts());
        m.entry(k).or_insert((0.0, a, d)).0 += q;
    }
    m.into_values().filter(|b| b.0 > 0.0).collect()
}

/// `r` with every probability divided by the mass it holds; also returns that mass.
fn conditional(mut r: ExactCombat) -> (f64, ExactCombat) {
    let total: f64 = r.outcomes.iter().sum();
    if total > 0.0 {
        r.outcomes.iter_mut().for_each(|x| *x /= total);
        r.survivors.iter_mut().for_each(|x| x.probability /= total);
    }
    (total, r)
}

/// The mean of a hit distribution.
fn mean(dist: &[f64]) -> f64 {
    dist.iter().enumerate().map(|(k, q)| k as f64 * q).sum()
}

/// The exact odds of `m` in `s` (see the module documentation).
pub fn engagement(c: &Content, s: &State, m: &Move) -> Engagement {
    let p = m.attacker;
    let loc = Location::Space(m.slot);
    let mut s = *s;
    let space_occupant = s.occupant(loc).filter(|&q| q != p);
    let defender = space_occupant.filter(|&d| has_ships(&board_force(c, &s, d, loc)));
    let profile = force_of(c, &s, p, Arena::Space);
    let mut att = rules::with_combat_roll_modifier(
        c,
        &s,
        p,
        profile.with_counts(m.transit, m.transit_damaged).unwrap_or(profile),
    );
    if defender.is_none() && s.occupant(loc) == Some(p) {
        for t in UnitType::ALL {
            let (k, dmg) = (att.count(t) + s.count_at(loc, t), att.damaged(t) + s.damaged_at(loc, t));
            put(&mut att, t, k, dmg);
        }
    }
    let anomalies = c.systems[s.systems[m.slot as usize].tile.idx()].anomalies;
    let def = match defender {
        Some(d) => rules::with_combat_roll_modifier(
            c,
            &s,
            d,
            board_force(c, &s, d, loc).with_modifier(defender_combat_bonus(anomalies) as i8),
        ),
        None => profile.with_counts([0; UNIT_TYPES], [0; UNIT_TYPES]).unwrap_or(profile),
    };
    let (attacker_start, defender_start) = (att, def);
    let mut volleys = Vec::new();
    let mut branches: Vec<Pair> = vec![(1.0, att, def)];

    // The active player's space cannon at the defender's ships (none at ships a rule shields,
    // hook point `no_space_cannon_against`).
    if let Some(d) = defender.filter(|&d| !rules::no_space_cannon_against(c, &s, d, &def)) {
        let (here, near) = cannon_forces(c, &s, p, m.slot, m.neighbours);
        let best = best_space_cannon(&here, Some(&near));
        let graviton = rules::before_space_cannon(c, &mut s, p, best, &def);
        let penalty = rules::space_cannon_penalty_against(c, &s, d);
        let extra = best.filter(|_| rules::extra_ability_die(c, &s, p)).map(|on| penalised(on, penalty));
        let hits = space_cannon_offense_distribution(&here, &near, penalty, extra);
        if hits.len() > 1 {
            branches = hits
                .iter()
                .enumerate()
                .map(|(k, &q)| {
                    let mut f = def;
                    if k > 0 {
                        assign_cannon_hits(&mut f, k as u16, graviton);
                        trim(c, &s, d, &mut f, dock_fighter_allowance(&s, m.slot, d));
                    }
                    (q, att, f)
                })
                .collect();
            volleys.push(Volley { firer: p, target: d, hits, non_fighters_first: graviton });
        }
    }
    // Where the defender's ships are gone, the moving units are placed (capacity with docks).
    let allowance = dock_fighter_allowance(&s, m.slot, p);
    for b in branches.iter_mut().filter(|b| !has_ships(&b.2)) {
        trim(c, &s, p, &mut b.1, allowance);
    }
    branches = merge(branches);

    // Every other player's space cannon at the active player's ships, clockwise.
    let n = s.num_players;
    let shielded = rules::no_space_cannon_against(c, &s, p, &att);
    for k in (1..n).filter(|_| !shielded) {
        let q = Player((p.0 + k) % n);
        if !s.player(q).in_game {
            continue;
        }
        let (here, near) = cannon_forces(c, &s, q, m.slot, m.neighbours);
        let best = best_space_cannon(&here, Some(&near));
        let penalty = rules::space_cannon_penalty_against(c, &s, p);
        let extra = best.filter(|_| rules::extra_ability_die(c, &s, q)).map(|on| penalised(on, penalty));
        let hits = space_cannon_offense_distribution(&here, &near, penalty, extra);
        if hits.len() <= 1 {
            continue;
        }
        let mut graviton_any = false;
        let mut next = Vec::new();
        for (w, a, d) in branches {
            if !has_ships(&a) {
                next.push((w, a, d));
                continue;
            }
            let graviton = rules::before_space_cannon(c, &mut s.clone(), q, best, &a);
            graviton_any |= graviton;
            for (h, &x) in hits.iter().enumerate() {
                let mut f = a;
                if h > 0 {
                    assign_cannon_hits(&mut f, h as u16, graviton);
                    if !has_ships(&d) {
                        trim(c, &s, p, &mut f, allowance);
                    }
                }
                next.push((w * x, f, d));
            }
        }
        branches = merge(next);
        volleys.push(Volley { firer: q, target: p, hits, non_fighters_first: graviton_any });
    }

    // The space combat where both sides still have ships; the attacker's transported units
    // over capacity are lost first (`trim_transit`).
    let mut holding: Vec<(f64, Force)> = Vec::new();
    let mut starts: Vec<Pair> = Vec::new();
    for (w, mut a, mut d) in branches {
        if !has_ships(&a) {
            continue;
        }
        if !has_ships(&d) {
            holding.push((w, a));
            continue;
        }
        trim(c, &s, p, &mut a, 0);
        if !has_ships(&a) {
            continue;
        }
        let dp = defender.expect("a defender with ships");
        rules::combat_sides(c, &s, p, dp, loc, &mut a, &mut d);
        rules::combat_sides(c, &s, dp, p, loc, &mut d, &mut a);
        rules::space_combat_start(c, &s, p, &a, &mut d);
        rules::space_combat_start(c, &s, dp, &d, &mut a);
        // Ambush (hook point `space_combat_ambush`), attacker first: its hits on the other side's
        // ships, default assignment.
        let mut branch = vec![(w, a, d)];
        for (side, q) in [(0, p), (1, dp)] {
            if !rules::space_combat_ambush(c, &s, q) {
                continue;
            }
            branch = branch
                .into_iter()
                .flat_map(|(w, a, d)| {
                    let (own, other) = if side == 0 { (a, d) } else { (d, a) };
                    ambush_distribution(&own).into_iter().enumerate().map(move |(k, x)| {
                        let mut hit = other;
                        let m = hit.combatant_mask();
                        assign_hits_default(&mut hit, k as u16, m);
                        if side == 0 {
                            (w * x, own, hit)
                        } else {
                            (w * x, hit, own)
                        }
                    })
                })
                .collect();
        }
        starts.extend(branch);
    }
    let space = defender.map(|d| {
        let repair = [rules::combat_repair(c, &s, p), rules::combat_repair(c, &s, d)];
        let r = exact_combat(&starts, true, repair, [false; 2]);
        for sv in r.survivors.iter().filter(|sv| sv.outcome == Outcome::AttackerWins) {
            let mut a = profile.with_counts(sv.attacker, sv.attacker_damaged).unwrap_or(profile);
            trim(c, &s, p, &mut a, 0);
            holding.push((sv.probability, a));
        }
        let (happens, result) = conditional(r);
        SpaceOdds { defender: d, attacker_start, defender_start, happens, result }
    });
    let holds_space = holding.iter().map(|h| h.0).sum();
    let invasion = m.planet.map(|n| invasion(c, &s, p, m.slot, n, &holding));
    Engagement { volleys, space, holds_space, invasion }
}

/// The invasion of planet `n` of `slot` from each of `holding` (probability, the attacker's
/// units in the space area).
fn invasion(c: &Content, s: &State, p: Player, slot: u8, n: u8, holding: &[(f64, Force)]) -> InvasionOdds {
    debug_assert!((n as usize) < MAX_PLANETS_PER_SYSTEM);
    let ploc = Location::Planet(slot, n);
    let q = s.occupant(ploc).filter(|&q| q != p);
    let ground_profile = rules::with_combat_roll_modifier(c, s, p, force_of(c, s, p, Arena::Ground));
    let planet = q.map(|q| rules::with_combat_roll_modifier(c, s, q, board_force(c, s, q, ploc)));
    let penalty = rules::space_cannon_penalty_against(c, s, p);
    let scd = match (q, &planet) {
        (Some(q), Some(f)) => {
            let extra = best_space_cannon(f, None)
                .filter(|_| rules::extra_ability_die(c, s, q))
                .map(|on| penalised(on, penalty));
            space_cannon_defense_distribution(f, penalty, extra)
        }
        _ => vec![1.0],
    };
    let (mut lands, mut takes, mut bomb_hits, mut blocked) = (0.0, 0.0, 0.0, false);
    let mut starts: Vec<Pair> = Vec::new();
    for &(w, space) in holding {
        let mut counts = [0; UNIT_TYPES];
        counts[UnitType::Infantry.idx()] = space.count(UnitType::Infantry);
        counts[UnitType::Mech.idx()] = space.count(UnitType::Mech);
        let landing = ground_profile.with_counts(counts, [0; UNIT_TYPES]).unwrap_or(ground_profile);
        if !landing.has_combatants() {
            continue;
        }
        lands += w;
        let (Some(q), Some(planet)) = (q, planet) else {
            takes += w;
            continue;
        };
        let bombed: Vec<(f64, Force)> = if bombardment_blocked(&planet, &space, false) {
            blocked = true;
            vec![(1.0, planet)]
        } else {
            let extra = best_bombardment(&space).filter(|_| rules::extra_ability_die(c, s, p));
            let dist = bombardment_distribution(&space, extra);
            bomb_hits += w * mean(&dist);
            dist.iter()
                .enumerate()
                .map(|(k, &x)| {
                    let mut f = planet;
                    let mask = f.ground_force_mask();
                    assign_hits_default(&mut f, k as u16, mask);
                    (x, f)
                })
                .collect()
        };
        for (x, def) in bombed {
            for (h, &y) in scd.iter().enumerate() {
                let mut att = landing;
                let mask = att.ground_force_mask();
                assign_hits_default(&mut att, h as u16, mask);
                let mut def = def;
                rules::combat_sides(c, s, p, q, ploc, &mut att, &mut def);
                rules::combat_sides(c, s, q, p, ploc, &mut def, &mut att);
                rules::ground_combat_start(c, s, q, &def, &mut att);
                starts.push((w * x * y, att, def));
            }
        }
    }
    let ground = q.map(|q| {
        let repair = [rules::combat_repair(c, s, p), rules::combat_repair(c, s, q)];
        let answer = [rules::ground_combat_answer_hit(c, s, p), rules::ground_combat_answer_hit(c, s, q)];
        let r = exact_combat(&merge(starts), false, repair, answer);
        takes += r.outcomes[Outcome::AttackerWins as usize];
        conditional(r).1
    });
    let given = |x: f64| if lands > 0.0 { x / lands } else { 0.0 };
    InvasionOdds {
        defender: q,
        lands,
        bombardment_blocked: blocked,
        bombardment_expected_hits: given(bomb_hits),
        space_cannon_defense: scd,
        ground,
        takes,
    }
}
