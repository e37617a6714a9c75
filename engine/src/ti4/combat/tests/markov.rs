//! Win probabilities against an exact computation: a Markov chain over the two sides' units
//! (counts and damage, plus "barrage still to come"), whose transitions are the exact hit
//! distributions of both sides' rolls (convolved binomials) followed by the default hit
//! assignment. A round in which nobody hits is a self-loop, solved in closed form. The sampled
//! frequencies of the state machines, played with the default policy, must agree within 4.5
//! standard errors.

use super::*;
use std::collections::BTreeMap;

/// Battles sampled per matchup.
const SAMPLES: u32 = 20_000;

/// Chances of [attacker wins, defender wins, draw, stalemate] (indexed by `Outcome as usize`).
type Probs = [f64; 4];
type Key = ([u8; UNIT_TYPES], [u8; UNIT_TYPES], [u8; UNIT_TYPES], [u8; UNIT_TYPES], bool);

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

/// The exact distribution of a combat roll's hits.
fn combat_hits(f: &Force, opponent: &Force) -> Vec<f64> {
    let mut dist = vec![1.0];
    for t in UnitType::ALL {
        let n = f.combat_dice(t, opponent.non_fighter_ships());
        if let (true, Some(on)) = (n > 0, f.hits_on(t)) {
            add_dice(&mut dist, n, hit_probability(on));
        }
    }
    dist
}

/// The exact distribution of an anti-fighter barrage's hits.
fn barrage_hits(f: &Force) -> Vec<f64> {
    let mut dist = vec![1.0];
    for t in UnitType::ALL {
        if let (true, Some(d)) = (f.is_combatant(t), f.stats(t).anti_fighter_barrage) {
            add_dice(&mut dist, u16::from(d.dice.max(1)) * u16::from(f.count(t)), hit_probability(d.hits_on));
        }
    }
    dist
}

fn one_hot(o: Outcome) -> Probs {
    let mut p = [0.0; 4];
    p[o as usize] = 1.0;
    p
}

/// The exact chain, memoised by state.
#[derive(Default)]
struct Chain {
    memo: BTreeMap<Key, Probs>,
}

impl Chain {
    fn value(&mut self, a: Force, d: Force, barrage: bool) -> Probs {
        let (ha, hd) = (a.has_combatants(), d.has_combatants());
        if !(ha && hd) {
            return one_hot(Outcome::from_presence(ha, hd));
        }
        let key = (*a.counts(), *a.damaged_counts(), *d.counts(), *d.damaged_counts(), barrage);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut v = [0.0; 4];
        if barrage {
            let (from_a, from_d) = (barrage_hits(&a), barrage_hits(&d));
            for (i, pi) in from_a.iter().enumerate() {
                for (j, pj) in from_d.iter().enumerate() {
                    let (mut a2, mut d2) = (a, d);
                    assign_hits_default(&mut d2, i as u16, FIGHTERS);
                    assign_hits_default(&mut a2, j as u16, FIGHTERS);
                    let next = self.value(a2, d2, false);
                    v.iter_mut().zip(next).for_each(|(x, y)| *x += pi * pj * y);
                }
            }
        } else if !a.can_hit(&d) && !d.can_hit(&a) {
            v = one_hot(Outcome::Stalemate);
        } else {
            let (from_a, from_d) = (combat_hits(&a, &d), combat_hits(&d, &a));
            let stay = from_a[0] * from_d[0];
            for (i, pi) in from_a.iter().enumerate() {
                for (j, pj) in from_d.iter().enumerate() {
                    if i + j == 0 {
                        continue;
                    }
                    let (mut a2, mut d2) = (a, d);
                    assign_hits_default(&mut d2, i as u16, d.combatant_mask());
                    assign_hits_default(&mut a2, j as u16, a.combatant_mask());
                    let next = self.value(a2, d2, false);
                    v.iter_mut().zip(next).for_each(|(x, y)| *x += pi * pj * y / (1.0 - stay));
                }
            }
        }
        self.memo.insert(key, v);
        v
    }
}

/// Asserts sampled frequencies agree with exact probabilities within 4.5 standard errors.
fn assert_agrees(name: &str, exact: Probs, counts: [u32; 4]) {
    let total = f64::from(counts.iter().sum::<u32>());
    eprintln!("{name}: exact {exact:.4?}, sampled {counts:?} of {total}");
    assert!((exact.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{name}: exact sums to {}", exact.iter().sum::<f64>());
    for (k, (&p, &n)) in exact.iter().zip(&counts).enumerate() {
        let freq = f64::from(n) / total;
        let tolerance = 4.5 * (p * (1.0 - p) / total).sqrt() + 1e-9;
        assert!(
            (freq - p).abs() <= tolerance,
            "{name}: outcome {k}: sampled {freq:.4}, exact {p:.4}, tolerance {tolerance:.4}"
        );
    }
}

fn check_space(name: &str, a: Force, d: Force) -> Probs {
    let exact = Chain::default().value(a, d, true);
    let mut counts = [0u32; 4];
    let mut r = rng(0x5EED);
    for _ in 0..SAMPLES {
        let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
        counts[play_space_default(&mut c, &mut r) as usize] += 1;
    }
    assert_agrees(name, exact, counts);
    exact
}

#[test]
fn space_combat_win_rates_match_exact_markov_chain() {
    use UnitType::*;
    // Two dreadnoughts (5, sustain) against five fighters (9): no barrage.
    let p = check_space("2 dreadnoughts vs 5 fighters", ships(&[(Dreadnought, 2)]), ships(&[(Fighter, 5)]));
    assert!(p[0] > p[1], "dreadnoughts should be favoured: {p:?}");
    // Barrage on both sides: Destroyer II (AFB 6 x3) against a generic destroyer (AFB 9 x2).
    let a = force("hacan", &["destroyer_ii"], Arena::Space, &[(Destroyer, 2, 0), (Cruiser, 1, 0)]);
    let d = ships(&[(Carrier, 1), (Fighter, 4), (Destroyer, 1)]);
    check_space("2 destroyer II + cruiser vs carrier + 4 fighters + destroyer", a, d);
    // The Winnu flagship's variable dice, a damaged unit, and the nebula defender's +1.
    let a = force("winnu", &[], Arena::Space, &[(Flagship, 1, 1), (Carrier, 1, 0)]);
    let d = ships(&[(Cruiser, 2), (Fighter, 2)]).with_modifier(1);
    check_space("Winnu flagship (damaged) + carrier vs 2 cruisers + 2 fighters in a nebula", a, d);
}

#[test]
fn ground_combat_win_rates_match_exact_markov_chain() {
    use UnitType::*;
    let a = force("sol", &[], Arena::Ground, &[(Infantry, 3, 0), (Mech, 1, 0)]);
    let d = planet(&[(Infantry, 4), (Pds, 1)]);
    let exact = Chain::default().value(a, d, false);
    let mut counts = [0u32; 4];
    let mut r = rng(0x6D);
    for _ in 0..SAMPLES {
        let mut c = GroundCombat::new(a, d).unwrap();
        counts[play_ground_default(&mut c, &mut r) as usize] += 1;
    }
    assert_agrees("Sol 3 infantry + mech vs 4 infantry", exact, counts);
    assert!(exact[2] > 0.0, "both sides can die");
}

/// The calculator of `combat::exact` against this chain (outcomes to 1e-12) and against the
/// engine's combats played with the default policy (outcomes and the three most likely
/// terminal states: sampled frequencies within 4.5 standard errors of 20,000 battles).
#[test]
fn the_exact_calculator_matches_the_chain_and_the_engine() {
    use crate::ti4::combat::exact::{exact_ground_combat, exact_space_combat, ExactCombat};
    use UnitType::*;
    fn check_states(name: &str, exact: &ExactCombat, finals: &BTreeMap<Key, u32>) {
        let total = f64::from(finals.values().sum::<u32>());
        for s in exact.survivors.iter().take(3) {
            let k = (s.attacker, s.attacker_damaged, s.defender, s.defender_damaged, false);
            let freq = f64::from(finals.get(&k).copied().unwrap_or(0)) / total;
            let tol = 4.5 * (s.probability * (1.0 - s.probability) / total).sqrt() + 1e-9;
            assert!((freq - s.probability).abs() <= tol, "{name}: {s:?}: sampled {freq:.4}, tolerance {tol:.4}");
        }
    }
    let space = [
        (ships(&[(Dreadnought, 2)]), ships(&[(Fighter, 5)])),
        (
            force("hacan", &["destroyer_ii"], Arena::Space, &[(Destroyer, 2, 0), (Cruiser, 1, 0)]),
            ships(&[(Carrier, 1), (Fighter, 4), (Destroyer, 1)]),
        ),
        (
            force("winnu", &[], Arena::Space, &[(Flagship, 1, 1), (Carrier, 1, 0)]),
            ships(&[(Cruiser, 2), (Fighter, 2)]).with_modifier(1),
        ),
    ];
    for (n, (a, d)) in space.into_iter().enumerate() {
        let exact = exact_space_combat(a, d);
        let chain = Chain::default().value(a, d, true);
        assert!(exact.outcomes.iter().zip(chain).all(|(x, y)| (x - y).abs() < 1e-12), "{exact:?} {chain:?}");
        let (mut counts, mut finals) = ([0u32; 4], BTreeMap::new());
        let mut r = rng(0xE7AC + n as u64);
        for _ in 0..SAMPLES {
            let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
            counts[play_space_default(&mut c, &mut r) as usize] += 1;
            let (fa, fd) = (c.force(Side::Attacker), c.force(Side::Defender));
            *finals
                .entry((*fa.counts(), *fa.damaged_counts(), *fd.counts(), *fd.damaged_counts(), false))
                .or_insert(0) += 1;
        }
        assert_agrees(&format!("exact space {n}"), exact.outcomes, counts);
        check_states(&format!("exact space {n}"), &exact, &finals);
    }
    let a = force("sol", &[], Arena::Ground, &[(Infantry, 3, 0), (Mech, 1, 0)]);
    let d = planet(&[(Infantry, 4), (Pds, 1)]);
    let exact = exact_ground_combat(a, d);
    let (mut counts, mut finals) = ([0u32; 4], BTreeMap::new());
    let mut r = rng(0x6E);
    for _ in 0..SAMPLES {
        let mut c = GroundCombat::new(a, d).unwrap();
        counts[play_ground_default(&mut c, &mut r) as usize] += 1;
        let (fa, fd) = (c.force(Side::Attacker), c.force(Side::Defender));
        *finals.entry((*fa.counts(), *fa.damaged_counts(), *fd.counts(), *fd.damaged_counts(), false)).or_insert(0) +=
            1;
    }
    assert_agrees("exact ground", exact.outcomes, counts);
    check_states("exact ground", &exact, &finals);
    // Valkyrie Particle Weave on the defender's side: its extra hit in the chain and in the
    // engine's combat.
    let a = planet(&[(Infantry, 4)]);
    let d = planet(&[(Infantry, 3)]);
    let exact = crate::ti4::combat::exact::exact_combat(&[(1.0, a, d)], false, [false; 2], [false, true]);
    let plain = exact_ground_combat(a, d);
    assert!(exact.outcomes[1] > plain.outcomes[1] + 0.1, "the extra hit helps the defender: {exact:?} {plain:?}");
    let (mut counts, mut finals) = ([0u32; 4], BTreeMap::new());
    let mut r = rng(0x6F);
    for _ in 0..SAMPLES {
        let mut c = GroundCombat::new(a, d).unwrap();
        c.set_answer_hit([false, true]);
        counts[play_ground_default(&mut c, &mut r) as usize] += 1;
        let (fa, fd) = (c.force(Side::Attacker), c.force(Side::Defender));
        *finals.entry((*fa.counts(), *fa.damaged_counts(), *fd.counts(), *fd.damaged_counts(), false)).or_insert(0) +=
            1;
    }
    assert_agrees("exact ground, Valkyrie Particle Weave", exact.outcomes, counts);
    check_states("exact ground, Valkyrie Particle Weave", &exact, &finals);
}
