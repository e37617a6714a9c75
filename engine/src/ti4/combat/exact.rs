//! Exact combat probabilities: a Markov chain over both sides' unit states (counts and damage
//! per unit type, plus "anti-fighter barrage still to come") whose transitions are the exact
//! hit distributions of both sides' rolls (convolved binomials over their dice) followed by the
//! default hit assignment ([`assign_hits_default`]: sustain damage while the hits can be
//! absorbed, otherwise destroy the cheapest unit first). A round that leaves the state as it was
//! is a self-loop and is removed by conditioning on leaving it. Every hit that lands lowers
//! `Σ (2·units − damaged units)`, so states are processed in decreasing order of that measure
//! and, without repairs, each is visited once; probability mass flows forward to the terminal
//! states, which gives both the outcome probabilities and the distribution of surviving units.
//! Repairs (Duranium Armor) raise the measure, and the states they return to are processed
//! again until the mass still moving is negligible ([`exact_combat`]).
//!
//! What the chain plays is the engine's own combat ([`super::SpaceCombat`],
//! [`super::GroundCombat`]) with the default policy for both sides: no retreats, default hit
//! assignment, anti-fighter barrage in the first space round only (hits on fighters, no
//! modifiers), combat modifiers as carried by the [`Force`]s, the Winnu flagship's variable
//! dice, Duranium Armor's repairs, Valkyrie Particle Weave's hit ([`exact_combat`]). What happens before a combat (space cannon,
//! bombardment, Assault Cannon ...) is `crate::ti4::game::engagement`'s, which builds the distribution
//! of start states; action cards are not modelled.

use std::collections::BTreeMap;

use super::force::{Force, FIGHTERS};
use super::hits::assign_hits_default;
use super::rolls::{hit_probability, penalised};
use super::Outcome;
use crate::ti4::ids::{UnitType, UNIT_TYPES};

/// One terminal state of a combat and its probability.
#[derive(Clone, Debug, PartialEq)]
pub struct Survivors {
    /// How the combat ended.
    pub outcome: Outcome,
    /// The attacker's units left, per [`UnitType`] index.
    pub attacker: [u8; UNIT_TYPES],
    /// How many of them are damaged.
    pub attacker_damaged: [u8; UNIT_TYPES],
    /// The defender's units left.
    pub defender: [u8; UNIT_TYPES],
    /// How many of them are damaged.
    pub defender_damaged: [u8; UNIT_TYPES],
    /// Its probability.
    pub probability: f64,
}

/// The exact result of a combat.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactCombat {
    /// Probability of each [`Outcome`], indexed by `Outcome as usize` (attacker wins, defender
    /// wins, draw, stalemate).
    pub outcomes: [f64; 4],
    /// Every terminal state with its probability, most likely first (ties in state order).
    pub survivors: Vec<Survivors>,
    /// Probability mass left in repair cycles when the iteration stopped (0 without repairs;
    /// at most about 1e-12 with them).
    pub unresolved: f64,
}

type Key = ([u8; UNIT_TYPES], [u8; UNIT_TYPES], [u8; UNIT_TYPES], [u8; UNIT_TYPES]);

/// Adds `n` independent dice hitting with chance `p` to a distribution of hit counts.
fn add_dice(dist: &mut Vec<f64>, n: u16, p: f64) {
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + 1];
        for (k, &q) in dist.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        *dist = next;
    }
}

/// Adds `n` independent dice to a distribution of hit counts, each producing `k` hits with
/// chance `per_die[k]`.
fn add_dice_outcomes(dist: &mut Vec<f64>, n: u16, per_die: &[f64]) {
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + per_die.len() - 1];
        for (k, &q) in dist.iter().enumerate() {
            for (j, &r) in per_die.iter().enumerate() {
                next[k + j] += q * r;
            }
        }
        *dist = next;
    }
}

/// The exact distribution of the hits of `f`'s combat roll against `opponent` (a type with
/// additional hits on high results, [`Force::natural`], by its ten faces).
pub fn combat_hit_distribution(f: &Force, opponent: &Force) -> Vec<f64> {
    let mut dist = vec![1.0];
    let natural = f.natural();
    for t in UnitType::ALL {
        let n = f.combat_dice(t, opponent.non_fighter_ships());
        if let (true, Some(on)) = (n > 0, f.hits_on(t)) {
            if natural.hits(t, 10) == 0 {
                add_dice(&mut dist, n, hit_probability(on));
            } else {
                let mut per_die = vec![0.0; 2 + natural.extra as usize];
                for result in 1..=10u8 {
                    per_die[(u16::from(result >= on) + natural.hits(t, result)) as usize] += 0.1;
                }
                add_dice_outcomes(&mut dist, n, &per_die);
            }
        }
    }
    dist
}

/// The exact distribution of the hits of `f`'s anti-fighter barrage.
pub fn barrage_hit_distribution(f: &Force) -> Vec<f64> {
    let mut dist = vec![1.0];
    for t in UnitType::ALL {
        if let (true, Some(d)) = (f.is_combatant(t), f.stats(t).anti_fighter_barrage) {
            add_dice(&mut dist, u16::from(d.dice.max(1)) * u16::from(f.count(t)), hit_probability(d.hits_on));
        }
    }
    dist
}

/// The exact distribution of the hits of `f`'s Ambush ([`super::roll_ambush`]).
pub fn ambush_distribution(f: &Force) -> Vec<f64> {
    let mut dist = vec![1.0];
    for on in super::ambush_values(f) {
        add_dice(&mut dist, 1, hit_probability(on));
    }
    dist
}

/// Dice a unit ability rolls per unit (its ×Y, or one), as [`super::rolls`] rolls them.
fn ability_dice(d: crate::ti4::content::Dice) -> u16 {
    u16::from(d.dice.max(1))
}

/// Adds `extra`'s one additional die (Plasma Scoring: the value it hits on) to `dist`.
fn with_extra_die(mut dist: Vec<f64>, extra: Option<u8>) -> Vec<f64> {
    if let Some(on) = extra {
        add_dice(&mut dist, 1, hit_probability(on));
    }
    dist
}

/// The exact hit distribution of [`super::roll_space_cannon_offense_against`] (`in_system`'s
/// SPACE CANNON, `adjacent`'s where it reaches adjacent systems, each die `penalty` worse), plus
/// the additional die hitting on `extra` when given.
pub fn space_cannon_offense_distribution(
    in_system: &Force,
    adjacent: &Force,
    penalty: u8,
    extra: Option<u8>,
) -> Vec<f64> {
    let mut dist = vec![1.0];
    for (force, adjacent_only) in [(in_system, false), (adjacent, true)] {
        for t in UnitType::ALL {
            let s = force.stats(t);
            if let (Some(d), true) = (s.space_cannon, !adjacent_only || s.space_cannon_adjacent) {
                add_dice(
                    &mut dist,
                    ability_dice(d) * u16::from(force.count(t)),
                    hit_probability(penalised(d.hits_on, penalty)),
                );
            }
        }
    }
    with_extra_die(dist, extra)
}

/// The exact hit distribution of [`super::roll_space_cannon_defense_against`], plus the
/// additional die hitting on `extra` when given.
pub fn space_cannon_defense_distribution(planet: &Force, penalty: u8, extra: Option<u8>) -> Vec<f64> {
    let mut dist = vec![1.0];
    for t in UnitType::ALL {
        if let Some(d) = planet.stats(t).space_cannon {
            add_dice(
                &mut dist,
                ability_dice(d) * u16::from(planet.count(t)),
                hit_probability(penalised(d.hits_on, penalty)),
            );
        }
    }
    with_extra_die(dist, extra)
}

/// The exact hit distribution of [`super::roll_bombardment`], plus the additional die hitting
/// on `extra` when given.
pub fn bombardment_distribution(bombarding: &Force, extra: Option<u8>) -> Vec<f64> {
    let mut dist = vec![1.0];
    for t in UnitType::ALL {
        if let Some(d) = bombarding.stats(t).bombardment {
            add_dice(&mut dist, ability_dice(d) * u16::from(bombarding.count(t)), hit_probability(d.hits_on));
        }
    }
    with_extra_die(dist, extra)
}

fn measure(a: &Force, d: &Force) -> u32 {
    [a, d].iter().flat_map(|f| UnitType::ALL.map(|t| 2 * u32::from(f.count(t)) - u32::from(f.damaged(t)))).sum()
}

fn key(a: &Force, d: &Force) -> Key {
    (*a.counts(), *a.damaged_counts(), *d.counts(), *d.damaged_counts())
}

/// A space combat between `attacker` and `defender` (anti-fighter barrage first).
pub fn exact_space_combat(attacker: Force, defender: Force) -> ExactCombat {
    exact_combat(&[(1.0, attacker, defender)], true, [false; 2], [false; 2])
}

/// A ground combat between `attacker` (the committed ground forces) and `defender`.
pub fn exact_ground_combat(attacker: Force, defender: Force) -> ExactCombat {
    exact_combat(&[(1.0, attacker, defender)], false, [false; 2], [false; 2])
}

/// Mass below this is not propagated further (it can only arise in the cycles Duranium Armor's
/// repairs create, whose mass shrinks geometrically); what is dropped is [`ExactCombat::unresolved`].
const NEGLIGIBLE: f64 = 1e-15;

/// A combat that starts in one of several states (`starts`: probability, attacker, defender;
/// the probabilities sum to at most 1), anti-fighter barrage first when `space`, and each side
/// repairing one damaged unit after assigning each round's combat-roll hits when `repair[side]`
/// (Duranium Armor: a unit damaged before that round's rolls, the most expensive first, as
/// [`super::SpaceCombat::set_repair`]), and each side producing 1 more hit in a round where
/// its opponent's dice produced 1 or more when `answer_hit[side]` (Valkyrie Particle Weave,
/// [`super::GroundCombat::set_answer_hit`]).
///
/// Without repairs every hit lowers `Σ (2·units − damaged units)` and each state is visited
/// once. Repairs raise it, so mass can return to a state already processed: such a state is
/// queued again, and the iteration ends when the mass still moving is below [`NEGLIGIBLE`]
/// per state (a geometric series; the total dropped is reported).
pub fn exact_combat(
    starts: &[(f64, Force, Force)],
    space: bool,
    repair: [bool; 2],
    answer_hit: [bool; 2],
) -> ExactCombat {
    // Pending states, highest priority last: (barrage still to come, measure, state).
    let mut pending: BTreeMap<(bool, u32, Key), (f64, Force, Force)> = BTreeMap::new();
    let mut terminal: BTreeMap<Key, (Outcome, f64)> = BTreeMap::new();
    let mut unresolved = 0.0;
    for &(q, a, d) in starts {
        pending.entry((space, measure(&a, &d), key(&a, &d))).or_insert((0.0, a, d)).0 += q;
    }
    let push = |pending: &mut BTreeMap<(bool, u32, Key), (f64, Force, Force)>, a: Force, d: Force, q: f64| {
        let k = (false, measure(&a, &d), key(&a, &d));
        pending.entry(k).or_insert((0.0, a, d)).0 += q;
    };
    while let Some(((first_round, _, k), (mass, a, d))) = pending.pop_last() {
        let (ha, hd) = (a.has_combatants(), d.has_combatants());
        if !(ha && hd) {
            terminal.entry(k).or_insert((Outcome::from_presence(ha, hd), 0.0)).1 += mass;
            continue;
        }
        if mass < NEGLIGIBLE {
            unresolved += mass;
            continue;
        }
        if first_round {
            let (from_a, from_d) = (barrage_hit_distribution(&a), barrage_hit_distribution(&d));
            for (i, pi) in from_a.iter().enumerate() {
                for (j, pj) in from_d.iter().enumerate() {
                    let (mut a2, mut d2) = (a, d);
                    assign_hits_default(&mut d2, i as u16, FIGHTERS);
                    assign_hits_default(&mut a2, j as u16, FIGHTERS);
                    push(&mut pending, a2, d2, mass * pi * pj);
                }
            }
            continue;
        }
        if !a.can_hit(&d) && !d.can_hit(&a) {
            terminal.entry(k).or_insert((Outcome::Stalemate, 0.0)).1 += mass;
            continue;
        }
        let (from_a, from_d) = (combat_hit_distribution(&a, &d), combat_hit_distribution(&d, &a));
        let round = |i: usize, j: usize| {
            let (i, j) = super::ground::answer_hits(answer_hit, i as u16, j as u16);
            let (mut a2, mut d2) = (a, d);
            assign_hits_default(&mut d2, i, d.combatant_mask());
            assign_hits_default(&mut a2, j, a.combatant_mask());
            for (f, before, r) in [(&mut a2, a.damaged_counts(), repair[0]), (&mut d2, d.damaged_counts(), repair[1])] {
                if r {
                    f.repair_one_damaged_before(before);
                }
            }
            (a2, d2)
        };
        // A round that leaves the state as it was is a self-loop: condition on leaving it.
        let stay: f64 = (0..from_a.len())
            .flat_map(|i| (0..from_d.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| {
                let (a2, d2) = round(i, j);
                key(&a2, &d2) == k
            })
            .map(|(i, j)| from_a[i] * from_d[j])
            .sum();
        for (i, pi) in from_a.iter().enumerate() {
            for (j, pj) in from_d.iter().enumerate() {
                let (a2, d2) = round(i, j);
                if key(&a2, &d2) != k {
                    push(&mut pending, a2, d2, mass * pi * pj / (1.0 - stay));
                }
            }
        }
    }
    let mut outcomes = [0.0; 4];
    let mut survivors: Vec<Survivors> = terminal
        .into_iter()
        .map(|((ac, ad, dc, dd), (outcome, p))| {
            outcomes[outcome as usize] += p;
            Survivors {
                outcome,
                attacker: ac,
                attacker_damaged: ad,
                defender: dc,
                defender_damaged: dd,
                probability: p,
            }
        })
        .collect();
    survivors.sort_by(|x, y| y.probability.total_cmp(&x.probability));
    ExactCombat { outcomes, survivors, unresolved }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ti4::combat::Arena;
    use crate::ti4::content::Content;

    fn generic(arena: Arena, units: &[(UnitType, u8)]) -> Force {
        let c = Content::embedded();
        let f = c.faction("hacan").unwrap();
        let profile = UnitType::ALL.map(|t| c.effective_unit(f, t, Default::default()));
        let mut force = Force::new(&c, &profile, arena).unwrap();
        for &(t, n) in units {
            force.set_units(t, n, 0).unwrap();
        }
        force
    }

    fn close(x: f64, y: f64) -> bool {
        (x - y).abs() < 5e-5
    }

    #[test]
    fn one_carrier_against_one_carrier() {
        // Both hit on 9 (p = 0.2): per round 0.16 each side alone, 0.04 both; given a hit,
        // 4/9 each, 1/9 draw.
        let r = exact_space_combat(
            generic(Arena::Space, &[(UnitType::Carrier, 1)]),
            generic(Arena::Space, &[(UnitType::Carrier, 1)]),
        );
        assert!(close(r.outcomes[0], 0.4444) && close(r.outcomes[1], 0.4444) && close(r.outcomes[2], 0.1111), "{r:?}");
        assert_eq!(r.survivors.len(), 3);
        assert!((r.outcomes.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn two_infantry_against_three_infantry() {
        // Infantry hit on 8 (p = 0.3); values computed by hand from the binomial recursion
        // V(a, d) = Σ_{i,j not both 0} B(a, i) B(d, j) V(a − j, d − i) / (1 − 0.7^(a+d)):
        // attacker 0.1559, defender 0.8114, draw 0.0327; both attackers left 0.0557.
        let r = exact_ground_combat(
            generic(Arena::Ground, &[(UnitType::Infantry, 2)]),
            generic(Arena::Ground, &[(UnitType::Infantry, 3)]),
        );
        assert!(close(r.outcomes[0], 0.1559), "{:?}", r.outcomes);
        assert!(close(r.outcomes[1], 0.8114), "{:?}", r.outcomes);
        assert!(close(r.outcomes[2], 0.0327), "{:?}", r.outcomes);
        let two_left: f64 =
            r.survivors.iter().filter(|s| s.attacker[UnitType::Infantry.idx()] == 2).map(|s| s.probability).sum();
        assert!(close(two_left, 0.0557), "attacker wins with both infantry: {two_left}");
    }
}
