//! Exact combat probabilities: a Markov chain over both sides' unit states (counts and damage
//! per unit type, plus "anti-fighter barrage still to come") whose transitions are the exact
//! hit distributions of both sides' rolls (convolved binomials over their dice) followed by the
//! default hit assignment ([`assign_hits_default`]: sustain damage while the hits can be
//! absorbed, otherwise destroy the cheapest unit first). A round in which nobody hits is a
//! self-loop and is removed by conditioning on "somebody hits". Because every hit that lands
//! lowers `Σ (2·units − damaged units)`, states are processed in decreasing order of that
//! measure and each is visited once; probability mass flows forward to the terminal states,
//! which gives both the outcome probabilities and the distribution of surviving units.
//!
//! What the chain plays is the engine's own combat ([`super::SpaceCombat`],
//! [`super::GroundCombat`]) with the default policy for both sides: no retreats, default hit
//! assignment, anti-fighter barrage in the first space round only (hits on fighters, no
//! modifiers), combat modifiers as carried by the [`Force`]s, the Winnu flagship's variable
//! dice. Not in the chain: Duranium Armor repairs, space cannon, bombardment and the action
//! cards and abilities the engine leaves to its caller.

use std::collections::BTreeMap;

use super::force::{Force, FIGHTERS};
use super::hits::assign_hits_default;
use super::rolls::hit_probability;
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

/// The exact distribution of the hits of `f`'s combat roll against `opponent`.
pub fn combat_hit_distribution(f: &Force, opponent: &Force) -> Vec<f64> {
    let mut dist = vec![1.0];
    for t in UnitType::ALL {
        let n = f.combat_dice(t, opponent.non_fighter_ships());
        if let (true, Some(on)) = (n > 0, f.hits_on(t)) {
            add_dice(&mut dist, n, hit_probability(on));
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

fn measure(a: &Force, d: &Force) -> u32 {
    [a, d].iter().flat_map(|f| UnitType::ALL.map(|t| 2 * u32::from(f.count(t)) - u32::from(f.damaged(t)))).sum()
}

fn key(a: &Force, d: &Force) -> Key {
    (*a.counts(), *a.damaged_counts(), *d.counts(), *d.damaged_counts())
}

/// A space combat between `attacker` and `defender` (anti-fighter barrage first).
pub fn exact_space_combat(attacker: Force, defender: Force) -> ExactCombat {
    solve(attacker, defender, true)
}

/// A ground combat between `attacker` (the committed ground forces) and `defender`.
pub fn exact_ground_combat(attacker: Force, defender: Force) -> ExactCombat {
    solve(attacker, defender, false)
}

fn solve(attacker: Force, defender: Force, barrage: bool) -> ExactCombat {
    // Pending states, highest priority last: (barrage still to come, measure, state).
    let mut pending: BTreeMap<(bool, u32, Key), (f64, Force, Force)> = BTreeMap::new();
    let mut terminal: BTreeMap<Key, (Outcome, f64)> = BTreeMap::new();
    pending.insert((barrage, measure(&attacker, &defender), key(&attacker, &defender)), (1.0, attacker, defender));
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
        let stay = from_a[0] * from_d[0];
        for (i, pi) in from_a.iter().enumerate() {
            for (j, pj) in from_d.iter().enumerate() {
                if i + j == 0 {
                    continue;
                }
                let (mut a2, mut d2) = (a, d);
                assign_hits_default(&mut d2, i as u16, d.combatant_mask());
                assign_hits_default(&mut a2, j as u16, a.combatant_mask());
                push(&mut pending, a2, d2, mass * pi * pj / (1.0 - stay));
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
    ExactCombat { outcomes, survivors }
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
