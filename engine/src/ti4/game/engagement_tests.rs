//! The exact engagement odds ([`super::engagement`]) against the round loop's own play: the same
//! move, made by a tactical action and played out with seeded dice and the default decisions
//! (default hit assignment, no retreat, every ground force landed on planet 0), thousands of
//! times. Each figure must agree within 4.5 standard errors. The scenarios cover space cannon
//! offense (with Plasma Scoring, Antimass Deflectors and PDS II from an adjacent system),
//! Assault Cannon, Duranium Armor, capacity lost with a carrier, bombardment (with Plasma
//! Scoring), planetary shields, space cannon defense, Magen Defense Grid, and a faction
//! combat-roll modifier (the defender of the first scenario is Jol-Nar: Fragile, -1).

use super::engagement::{engagement, Move};
use super::rule_tests::{home, legal, scenario, ME};
use super::tech_tests::{set_tech, their_planet_next_door, THEM};
use super::tests::check;
use super::*;
use crate::game::{Game, Turn};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 3000;

/// A scenario: the game before the move, the target slot, and the units `ME` moves from home.
struct Scenario {
    g: Ti4Game,
    target: u8,
    moving: Vec<(UnitType, u8)>,
}

fn plain(mut g: Ti4Game) -> Ti4Game {
    for p in g.state.seats() {
        let techs: Vec<TechId> = g.state.player(p).techs.iter().collect();
        for t in techs {
            if !g.content().tech_def(t).is_unit_upgrade() {
                g.state.player_mut(p).techs.remove(t);
            }
        }
    }
    g
}

fn build(me: &[(UnitType, u8)], space: &[(UnitType, u8)], planet: &[(UnitType, u8)]) -> Scenario {
    let mut g = plain(scenario());
    let h = home(&g);
    let target = their_planet_next_door(&mut g, &[]);
    // Fleet pools of 5 (Fleet pool 4), the tokens taken from the strategy and tactic pools.
    for p in [ME, THEM] {
        let ps = g.state.player_mut(p);
        while ps.fleet < 5 {
            if ps.strategy > 0 {
                ps.strategy -= 1;
            } else {
                assert!(ps.tactic > 1, "a token left to activate the system");
                ps.tactic -= 1;
            }
            ps.fleet += 1;
        }
    }
    for &(t, k) in me {
        g.state.add_units(ME, Location::Space(h), t, k).unwrap();
    }
    for &(t, k) in space {
        g.state.add_units(THEM, Location::Space(target), t, k).unwrap();
    }
    for &(t, k) in planet {
        g.state.add_units(THEM, Location::Planet(target, 0), t, k).unwrap();
    }
    Scenario { g, target, moving: me.to_vec() }
}

/// The calculator's move for `sc`.
fn calculated(sc: &Scenario) -> super::engagement::Engagement {
    let mut transit = [0; UNIT_TYPES];
    for &(t, k) in &sc.moving {
        transit[t.idx()] += k;
    }
    let m = Move {
        attacker: ME,
        slot: sc.target,
        transit,
        transit_damaged: [0; UNIT_TYPES],
        neighbours: sc.g.galaxy().neighbours(sc.target),
        planet: Some(0),
    };
    engagement(sc.g.content(), &sc.g.state, &m)
}

/// One play of the move by the round loop: (the attacker holds the space area, controls
/// planet 0, a space combat was fought and won by the attacker). A space combat with no
/// decision in it is not seen, so the scenarios that check it have decisions in every combat.
fn played(sc: &Scenario, seed: u64) -> (bool, bool, bool) {
    let mut g = sc.g.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let h = home(&g);
    g.apply(Action::Activate(sc.target));
    // Ships move; what they leave without capacity comes along, the rest is carried.
    let mut expected = [0; UNIT_TYPES];
    for &(t, k) in &sc.moving {
        expected[t.idx()] += k;
        for _ in 0..k {
            if UnitType::SHIPS[1..].contains(&t) {
                g.apply(Action::Move(h, t));
            }
        }
    }
    for &(t, _) in &sc.moving {
        while g.flow.tactical.transit[t.idx()] < expected[t.idx()] && legal(&g).contains(&Action::Carry(h, t)) {
            g.apply(Action::Carry(h, t));
        }
    }
    assert_eq!(g.flow.tactical.transit, expected, "every unit moves");
    g.apply(Action::Done);
    let mut fought = false;
    loop {
        match g.current() {
            Turn::Chance => g.apply_chance(&mut rng),
            Turn::Player(_) => match g.step {
                Step::Space => {
                    let c = g.flow.tactical.space.as_ref().unwrap();
                    let a = match c.default_decision() {
                        Some(crate::ti4::combat::SpaceDecision::Assign(h)) => Action::Hit(h),
                        _ => Action::Done,
                    };
                    g.apply(a);
                    fought = true;
                }
                Step::Ground(_) => {
                    let h = g.flow.tactical.ground.as_ref().unwrap().default_decision().unwrap();
                    g.apply(Action::Hit(h));
                }
                Step::Land(_) => {
                    let l = legal(&g);
                    let a = [UnitType::Mech, UnitType::Infantry]
                        .into_iter()
                        .map(|t| Action::Land(0, t))
                        .find(|a| l.contains(a))
                        .unwrap_or(Action::Done);
                    g.apply(a);
                }
                _ => break,
            },
            Turn::Terminal => break,
        }
    }
    check(&g).unwrap();
    let space = Location::Space(sc.target);
    let holds = g.state.occupant(space) == Some(ME) && UnitType::SHIPS.iter().any(|&t| g.state.count_at(space, t) > 0);
    let pl = g.state.planet_at(g.content(), Location::Planet(sc.target, 0)).unwrap();
    let takes = crate::ti4::control::controller(&g.state, pl) == Some(ME);
    (holds, takes, fought && holds)
}

/// Asserts that `hits` of `GAMES` agree with probability `p` within 4.5 standard errors.
fn agrees(what: &str, hits: u64, p: f64) {
    let n = GAMES as f64;
    let se = (p * (1.0 - p) / n).sqrt().max(0.5 / n);
    let seen = hits as f64 / n;
    assert!(
        (seen - p).abs() <= 4.5 * se,
        "{what}: engine {seen:.4} over {GAMES} plays, calculator {p:.4} (se {se:.4})"
    );
}

fn compare(name: &str, sc: &Scenario) {
    let e = calculated(sc);
    let (mut holds, mut takes, mut won) = (0, 0, 0);
    for seed in 0..GAMES {
        let (h, t, w) = played(sc, seed);
        holds += h as u64;
        takes += t as u64;
        won += w as u64;
    }
    agrees(&format!("{name}: attacker holds space"), holds, e.holds_space);
    agrees(&format!("{name}: attacker takes the planet"), takes, e.invasion.as_ref().unwrap().takes);
    if let Some(sp) = &e.space {
        let p = sp.happens * sp.result.outcomes[crate::ti4::combat::Outcome::AttackerWins as usize];
        agrees(&format!("{name}: attacker wins a space combat"), won, p);
    }
    for r in e.space.iter().map(|s| &s.result).chain(e.invasion.iter().filter_map(|i| i.ground.as_ref())) {
        assert!(r.unresolved < 1e-9, "{name}: {} unresolved", r.unresolved);
        assert!((r.outcomes.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{name}: {:?}", r.outcomes);
    }
}

#[test]
fn engagement_space_cannon_77_assault_cannon_and_duranium_armor_match_the_round_loop() {
    let mut sc = build(
        &[(UnitType::Dreadnought, 1), (UnitType::Destroyer, 2), (UnitType::Carrier, 1), (UnitType::Infantry, 3)],
        &[(UnitType::Cruiser, 3), (UnitType::Destroyer, 1), (UnitType::Fighter, 2), (UnitType::Carrier, 1)],
        &[(UnitType::Pds, 1), (UnitType::Infantry, 2)],
    );
    for k in ["assault_cannon", "duranium_armor", "antimass_deflectors"] {
        set_tech(&mut sc.g, ME, k, true);
    }
    for k in ["plasma_scoring", "duranium_armor", "graviton_laser_system"] {
        set_tech(&mut sc.g, THEM, k, true);
    }
    let e = calculated(&sc);
    assert_eq!(e.volleys.len(), 1, "the defender's PDS fires: {:?}", e.volleys);
    assert_eq!(e.volleys[0].hits.len(), 3, "1 PDS die and Plasma Scoring's");
    assert!(e.invasion.as_ref().unwrap().bombardment_blocked, "the PDS's planetary shield");
    let holds = e.holds_space;
    assert!(holds > 0.2 && holds < 0.8, "a close fight, so each rule shows: {holds}");
    compare("cannon, assault cannon, duranium", &sc);
}

#[test]
fn engagement_bombardment_15_and_magen_defense_grid_match_the_round_loop() {
    let mut sc = build(
        &[(UnitType::Dreadnought, 2), (UnitType::Carrier, 1), (UnitType::Infantry, 3)],
        &[],
        &[(UnitType::Infantry, 3), (UnitType::SpaceDock, 1)],
    );
    set_tech(&mut sc.g, ME, "plasma_scoring", true);
    set_tech(&mut sc.g, THEM, "magen_defense_grid", true);
    let e = calculated(&sc);
    let inv = e.invasion.as_ref().unwrap();
    assert!(e.space.is_none() && !inv.bombardment_blocked);
    // Two dreadnoughts bombard on 5 (p = 0.6) and Plasma Scoring adds one die: 1.8 hits.
    assert!((inv.bombardment_expected_hits - 1.8).abs() < 1e-9, "{}", inv.bombardment_expected_hits);
    compare("bombardment, magen", &sc);
}

#[test]
fn engagement_space_cannon_from_an_adjacent_system_and_capacity_16_match_the_round_loop() {
    let moving = [(UnitType::Carrier, 1), (UnitType::Destroyer, 1), (UnitType::Fighter, 1), (UnitType::Infantry, 3)];
    let mut sc = build(&moving, &[], &[]);
    // THEM's PDS II on a planet next to the target (not in it) fire at the arriving ships;
    // Graviton Laser System sends the hits to the carrier and the destroyer before the fighter,
    // and a lost carrier takes the fighter and the infantry with it.
    let h = home(&sc.g);
    let near = crate::ti4::galaxy::bits(sc.g.galaxy().neighbours(sc.target))
        .find(|&sl| sl != h && !sc.g.content().systems[sc.g.galaxy().tile(sl).idx()].planets.is_empty())
        .expect("a planet system next to the target");
    let pl = sc.g.state.planet_at(sc.g.content(), Location::Planet(near, 0)).unwrap();
    let c = sc.g.content.clone();
    crate::ti4::control::gain_control(&c, &mut sc.g.state, THEM, pl, false).unwrap();
    sc.g.state.add_units(THEM, Location::Planet(near, 0), UnitType::Pds, 2).unwrap();
    set_tech(&mut sc.g, THEM, "pds_ii", true);
    set_tech(&mut sc.g, THEM, "graviton_laser_system", true);
    let e = calculated(&sc);
    assert_eq!(e.volleys.len(), 1, "{:?}", e.volleys);
    assert!(e.volleys[0].non_fighters_first);
    let inv = e.invasion.as_ref().unwrap();
    assert!(inv.takes < 1.0 && inv.takes > 0.0, "{inv:?}");
    compare("adjacent cannon, capacity", &sc);
}
