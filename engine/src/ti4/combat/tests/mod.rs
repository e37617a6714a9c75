//! Combat tests: one per rule (`rules`), a seeded random simulation of thousands of battles
//! checking invariants at every step (`simulation`), and win probabilities against an exact
//! Markov-chain computation (`markov`).

use super::*;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod markov;
mod rules;
mod simulation;

/// The unit definitions `faction` uses owning `techs`, resolved as the round loop does.
pub(super) fn profile(c: &Content, faction: &str, techs: &[&str]) -> [Option<UnitId>; UNIT_TYPES] {
    let f = c.faction(faction).unwrap_or_else(|| panic!("faction {faction}"));
    let owned: TechSet = techs.iter().map(|t| c.tech(t).unwrap_or_else(|| panic!("tech {t}"))).collect();
    UnitType::ALL.map(|t| c.effective_unit(f, t, owned))
}

/// A force of `faction` (owning `techs`) in `arena` holding `units` (type, count, damaged).
pub(super) fn force(faction: &str, techs: &[&str], arena: Arena, units: &[(UnitType, u8, u8)]) -> Force {
    let c = Content::embedded();
    let mut f = Force::new(&c, &profile(&c, faction, techs), arena).expect("profile");
    for &(t, n, d) in units {
        f.set_units(t, n, d).expect("units");
    }
    f
}

/// Undamaged ships of the generic units (the Hacan sheet: generic except flagship and mech),
/// with the war sun researched.
pub(super) fn ships(units: &[(UnitType, u8)]) -> Force {
    let units: Vec<_> = units.iter().map(|&(t, n)| (t, n, 0)).collect();
    force("hacan", &["war_sun"], Arena::Space, &units)
}

/// Undamaged generic units on a planet.
pub(super) fn planet(units: &[(UnitType, u8)]) -> Force {
    let units: Vec<_> = units.iter().map(|&(t, n)| (t, n, 0)).collect();
    force("hacan", &[], Arena::Ground, &units)
}

/// A seeded RNG.
pub(super) fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A set of system ids.
pub(super) fn systems(ids: &[u8]) -> SystemSet {
    ids.iter().map(|&i| SystemId(i)).collect()
}

/// Plays a space combat to the end with the default policy for both sides.
pub(super) fn play_space_default(c: &mut SpaceCombat, rng: &mut ChaCha8Rng) -> Outcome {
    loop {
        match c.next_decision() {
            Step::Decide(_) => c.apply_decision(c.default_decision().expect("a decision")).expect("legal"),
            Step::Chance => c.apply_chance(rng).expect("chance"),
            Step::Between => c.next_round().expect("between rounds"),
            Step::Over(o) => return o,
        }
    }
}

/// Plays a ground combat to the end with the default policy for both sides.
pub(super) fn play_ground_default(c: &mut GroundCombat, rng: &mut ChaCha8Rng) -> Outcome {
    loop {
        match c.next_decision() {
            Step::Decide(_) => c.apply_decision(c.default_decision().expect("a decision")).expect("legal"),
            Step::Chance => c.apply_chance(rng).expect("chance"),
            Step::Between => unreachable!("a ground combat does not pause between rounds"),
            Step::Over(o) => return o,
        }
    }
}
