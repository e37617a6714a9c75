//! Seeded random simulation: thousands of random battles between random factions, upgrades,
//! counts, damage, modifiers and retreat options, played with uniformly random decisions through
//! the workspace's generic [`random_simulation`] (legal decisions non-empty exactly at decision
//! points, strictly increasing, clones evolve identically, every battle ends), plus combat
//! invariants checked at every state: no count grows, damaged never exceeds count,
//! non-combatants are untouched, hits placed never exceed hits produced, every illegal decision
//! is rejected without changing anything, and the outcome agrees with who is left.

use super::*;
use crate::game::{random_simulation, Game, PerPlayer, Turn};
use rand::RngExt;

const SEED: u64 = 0xC0BA7;
const BATTLES: u64 = 3000;

/// The space combat as a two-player game, so the generic checker can drive it.
#[derive(Clone, PartialEq, Debug)]
struct SpaceGame(SpaceCombat);

/// The ground combat as a two-player game.
#[derive(Clone, PartialEq, Debug)]
struct GroundGame(GroundCombat);

fn turn(step: Step) -> Turn {
    match step {
        Step::Decide(s) => Turn::Player(s.idx()),
        Step::Chance => Turn::Chance,
        Step::Between => unreachable!("these combats do not pause between rounds"),
        Step::Over(_) => Turn::Terminal,
    }
}

fn returns(o: Option<Outcome>) -> PerPlayer<f64> {
    match o.and_then(Outcome::winner) {
        Some(Side::Attacker) => PerPlayer::from_slice(&[1.0, 0.0]),
        Some(Side::Defender) => PerPlayer::from_slice(&[0.0, 1.0]),
        None => PerPlayer::filled(2, 0.5),
    }
}

macro_rules! combat_game {
    ($game:ident, $action:ty) => {
        impl Game for $game {
            type Action = $action;
            type Observation = $game;
            const HIDDEN_INFORMATION: bool = false;
            const CHANCE: bool = true;
            fn num_players(&self) -> usize {
                2
            }
            fn current(&self) -> Turn {
                turn(self.0.next_decision())
            }
            fn legal_actions(&self, buf: &mut Vec<$action>) {
                self.0.legal_decisions(buf);
            }
            fn apply(&mut self, a: $action) {
                self.0.apply_decision(a).expect("legal decision applies");
            }
            fn apply_chance(&mut self, rng: &mut ChaCha8Rng) {
                self.0.apply_chance(rng).expect("chance applies");
            }
            fn returns(&self) -> PerPlayer<f64> {
                returns(self.0.outcome())
            }
            fn utility_range(&self) -> (f64, f64) {
                (0.0, 1.0)
            }
            fn observation(&self, _: usize) -> $game {
                self.clone()
            }
            fn determinize(&self, _: usize, _: &mut ChaCha8Rng) -> $game {
                self.clone()
            }
            fn action_to_string(&self, a: $action) -> String {
                format!("{a:?}")
            }
            fn max_game_length(&self) -> u64 {
                100_000
            }
        }
    };
}
combat_game!(SpaceGame, SpaceDecision);
combat_game!(GroundGame, HitChoice);

/// A random force: a random faction's units with random unit upgrades, random counts of every
/// type (non-combatants included), random damage on SUSTAIN DAMAGE units, a modifier in -1..=1.
fn random_force(c: &Content, r: &mut ChaCha8Rng, arena: Arena) -> Force {
    let faction = FactionId(r.random_range(0..c.factions.len()) as u8);
    let techs: TechSet = c.unit_upgrades.iter().filter(|_| r.random_bool(0.4)).collect();
    let units = UnitType::ALL.map(|t| c.effective_unit(faction, t, techs));
    let mut f = Force::new(c, &units, arena).expect("effective units fit their slots");
    for t in UnitType::ALL.into_iter().filter(|&t| units[t.idx()].is_some()) {
        let max = if matches!(t, UnitType::Fighter | UnitType::Infantry) { 6 } else { 2 };
        let n = if r.random_bool(0.5) { r.random_range(0..=max) } else { 0 };
        let d = if f.stats(t).sustain_damage { r.random_range(0..=n) } else { 0 };
        f.set_units(t, n, d).expect("damaged <= count");
    }
    f.with_modifier(r.random_range(-1..=1))
}

fn random_systems(r: &mut ChaCha8Rng) -> SystemSet {
    (0..r.random_range(0..=3)).map(|_| SystemId(r.random_range(0..8))).collect()
}

/// Per-force invariants against the force at the start of the battle.
fn check_force(now: &Force, start: &Force) -> Result<(), String> {
    for t in UnitType::ALL {
        let (n, d) = (now.count(t), now.damaged(t));
        if d > n {
            return Err(format!("{t:?}: {d} damaged of {n}"));
        }
        if n > start.count(t) {
            return Err(format!("{t:?}: count grew from {} to {n}", start.count(t)));
        }
        if !start.is_combatant(t) && (n, d) != (start.count(t), start.damaged(t)) {
            return Err(format!("non-combatant {t:?} changed"));
        }
    }
    Ok(())
}

fn check_hits(produced: [u16; 2], assigned: [u16; 2]) -> Result<(), String> {
    if assigned[0] > produced[0] || assigned[1] > produced[1] {
        return Err(format!("assigned {assigned:?} of {produced:?} hits"));
    }
    Ok(())
}

/// Outcome against who is left (and who retreated).
fn check_outcome(o: Outcome, a: &Force, d: &Force, retreated: Option<Side>) -> Result<(), String> {
    let (ha, hd) = (a.has_combatants(), d.has_combatants());
    let ok = match o {
        Outcome::AttackerWins => ha && (!hd || retreated == Some(Side::Defender)),
        Outcome::DefenderWins => hd && (!ha || retreated == Some(Side::Attacker)),
        Outcome::Draw => !ha && !hd,
        Outcome::Stalemate => ha && hd && !a.can_hit(d) && !d.can_hit(a),
    };
    if ok {
        Ok(())
    } else {
        Err(format!("outcome {o:?} with attacker {ha}, defender {hd}, retreated {retreated:?}"))
    }
}

/// Every decision not in `legal` is rejected and leaves the combat unchanged.
fn check_illegal_space(c: &SpaceCombat, legal: &[SpaceDecision]) -> Result<(), String> {
    let probes = UnitType::ALL
        .into_iter()
        .flat_map(|t| [SpaceDecision::Assign(HitChoice::Sustain(t)), SpaceDecision::Assign(HitChoice::Destroy(t))])
        .chain([SpaceDecision::Stay, SpaceDecision::AnnounceRetreat])
        .chain((0..8).map(|s| SpaceDecision::RetreatTo(SystemId(s))));
    for p in probes.filter(|p| !legal.contains(p)) {
        let mut copy = *c;
        if copy.apply_decision(p).is_ok() || copy != *c {
            return Err(format!("illegal {p:?} accepted or changed the combat"));
        }
    }
    Ok(())
}

#[test]
fn random_space_battles_keep_invariants() {
    let content = Content::embedded();
    let mut setup = rng(SEED);
    let mut outcomes = [0u32; 4];
    for battle in 0..BATTLES {
        let (a, d) =
            (random_force(&content, &mut setup, Arena::Space), random_force(&content, &mut setup, Arena::Space));
        let retreat_to = [random_systems(&mut setup), random_systems(&mut setup)];
        let start = SpaceCombat::new(a, d, retreat_to).unwrap();
        let check = |g: &SpaceGame| {
            let c = &g.0;
            for s in Side::BOTH {
                check_force(c.force(s), start.force(s))?;
            }
            check_hits(
                [c.hits_produced(Side::Attacker), c.hits_produced(Side::Defender)],
                [c.hits_assigned(Side::Attacker), c.hits_assigned(Side::Defender)],
            )?;
            if let Some((s, sys)) = c.retreat() {
                if !retreat_to[s.idx()].contains(sys) {
                    return Err(format!("retreat to unlisted {sys:?}"));
                }
            }
            if let Some(o) = c.outcome() {
                check_outcome(o, c.force(Side::Attacker), c.force(Side::Defender), c.retreat().map(|r| r.0))?;
            }
            let mut legal = Vec::new();
            c.legal_decisions(&mut legal);
            check_illegal_space(c, &legal)
        };
        random_simulation(&SpaceGame(start), 2, SEED + battle, 10_000, check)
            .unwrap_or_else(|e| panic!("space battle {battle}: {e}\n{start:?}"));
        let mut end = start;
        let o = play_space_default(&mut end, &mut rng(battle));
        outcomes[o as usize] += 1;
    }
    // The random battles cover every ending.
    assert!(outcomes.iter().take(3).all(|&n| n > 0), "{outcomes:?}");
}

#[test]
fn random_ground_battles_keep_invariants() {
    let content = Content::embedded();
    let mut setup = rng(SEED + 1);
    let mut outcomes = [0u32; 4];
    for battle in 0..BATTLES {
        let (a, d) =
            (random_force(&content, &mut setup, Arena::Ground), random_force(&content, &mut setup, Arena::Ground));
        let start = GroundCombat::new(a, d).unwrap();
        let check = |g: &GroundGame| {
            let c = &g.0;
            for s in Side::BOTH {
                check_force(c.force(s), start.force(s))?;
            }
            check_hits(
                [c.hits_produced(Side::Attacker), c.hits_produced(Side::Defender)],
                [c.hits_assigned(Side::Attacker), c.hits_assigned(Side::Defender)],
            )?;
            if let Some(o) = c.outcome() {
                check_outcome(o, c.force(Side::Attacker), c.force(Side::Defender), None)?;
                if c.attacker_takes_control() != (o == Outcome::AttackerWins) {
                    return Err("control disagrees with the outcome".into());
                }
            }
            let mut legal = Vec::new();
            c.legal_decisions(&mut legal);
            for t in UnitType::ALL {
                for p in [HitChoice::Sustain(t), HitChoice::Destroy(t)] {
                    let mut copy = *c;
                    if !legal.contains(&p) && (copy.apply_decision(p).is_ok() || copy != *c) {
                        return Err(format!("illegal {p:?} accepted or changed the combat"));
                    }
                }
            }
            Ok(())
        };
        random_simulation(&GroundGame(start), 2, SEED + battle, 10_000, check)
            .unwrap_or_else(|e| panic!("ground battle {battle}: {e}\n{start:?}"));
        let mut end = start;
        outcomes[play_ground_default(&mut end, &mut rng(battle)) as usize] += 1;
    }
    assert!(outcomes.iter().take(3).all(|&n| n > 0), "{outcomes:?}");
}
