//! Generic technologies in the round loop, one test (or more) per card, named after it: each
//! compares the same position with and without the card, so it fails if the effect is missing.
//! The combat-internal halves (Duranium Armor's repair rule, Plasma Scoring's die value) are
//! tested in `combat::tests::rules` as well.

use super::rule_tests::{home, legal, production_scenario, scenario, scenario_of, slot_at_distance, ME};
use super::tests::check;
use super::*;
use crate::game::{Game, Turn};
use crate::ti4::components::Zone;
use crate::ti4::galaxy::bits;
use crate::ti4::state::{Location, NOBODY};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub(super) const THEM: Player = Player(1);

/// Gives (`on`) or takes away the technology `key` from `p`.
pub(super) fn set_tech(g: &mut Ti4Game, p: Player, key: &str, on: bool) {
    let t = g.content().tech(key).expect("tech");
    let ts = &mut g.state.player_mut(p).techs;
    if on {
        ts.insert(t);
    } else {
        ts.remove(t);
    }
}

/// Takes the generic technologies these tests look at away from every seat (Hacan and Jol-Nar
/// start with some of them).
pub(super) fn plain(mut g: Ti4Game) -> Ti4Game {
    let keys = [
        "sarween_tools",
        "neural_motivator",
        "hyper_metabolism",
        "plasma_scoring",
        "duranium_armor",
        "assault_cannon",
        "light_wave_deflector",
        "magen_defense_grid",
        "graviton_laser_system",
        "dacxive_animators",
        "bio_stims",
        "predictive_intelligence",
        "dark_energy_tap",
        "fleet_logistics",
        "self_assembly_routines",
        "antimass_deflectors",
    ];
    for p in g.state.seats() {
        for k in keys {
            set_tech(&mut g, p, k, false);
        }
    }
    g
}

/// A system next to `ME`'s home with a planet (not Mecatol Rex, not a home system), whose first
/// planet `THEM` controls, with `units` on it.
pub(super) fn their_planet_next_door(g: &mut Ti4Game, units: &[(UnitType, u8)]) -> u8 {
    let h = home(g);
    let target = (0..g.state.num_systems)
        .find(|&sl| {
            g.galaxy().distance(h, sl) == Some(1)
                && sl != g.galaxy().mecatol()
                && g.galaxy().anomalies(sl) == 0
                && !g.content().systems[g.galaxy().tile(sl).idx()].planets.is_empty()
                && !g.home_slot[..6].contains(&sl)
        })
        .expect("a planet system next to home");
    let pl = g.state.planet_at(g.content(), Location::Planet(target, 0)).unwrap();
    let c = g.content.clone();
    crate::ti4::control::gain_control(&c, &mut g.state, THEM, pl, false).unwrap();
    for &(t, k) in units {
        g.state.add_units(THEM, Location::Planet(target, 0), t, k).unwrap();
    }
    target
}

/// Runs chance steps and combat decisions (the first legal hit choice, never a retreat) until
/// another decision is due.
fn run(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    loop {
        check(g).unwrap();
        match g.current() {
            Turn::Chance => g.apply_chance(rng),
            Turn::Player(_) if matches!(g.step, Step::Space | Step::Ground(_)) => {
                let l = legal(g);
                let a = if l.contains(&Action::Done) { Action::Done } else { l[0] };
                g.apply(a);
            }
            _ => return,
        }
    }
}

/// `ME`'s carrier with `k` infantry moves from home into `target`, which it activates, and
/// lands them on planet 0.
fn land_from_home(g: &mut Ti4Game, target: u8, k: u8) {
    let h = home(g);
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Infantry, k).unwrap();
    g.apply(Action::Activate(target));
    g.apply(Action::Move(h, UnitType::Carrier));
    g.apply(Action::Done);
    land(g, k);
}

/// Lands `k` infantry on planet 0 of the active system, then ends landing.
fn land(g: &mut Ti4Game, k: u8) {
    for _ in 0..k {
        g.apply(Action::Land(0, UnitType::Infantry));
    }
    if g.step == Step::Land(ME) {
        g.apply(Action::Done);
    }
}

// ---- Production, status phase --------------------------------------------------------------

#[test]
fn sarween_tools_reduces_the_combined_cost_of_produced_units_by_1() {
    let paid = |sarween: bool| {
        let (g, _) = production_scenario();
        let mut g = plain(g);
        set_tech(&mut g, ME, "sarween_tools", sarween);
        g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
        let tg = g.state.player(ME).trade_goods;
        g.apply(Action::Produce(UnitType::Cruiser));
        g.apply(Action::Produce(UnitType::Infantry));
        g.apply(Action::Done);
        check(&g).unwrap();
        tg - g.state.player(ME).trade_goods
    };
    assert_eq!(paid(false), 3, "cruiser 2 + infantry 1");
    assert_eq!(paid(true), 2, "Sarween Tools: 1 less");
    // Affordability: 1 trade good buys a cruiser (cost 2) only with the card.
    for sarween in [false, true] {
        let (g, _) = production_scenario();
        let mut g = plain(g);
        set_tech(&mut g, ME, "sarween_tools", sarween);
        g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
        g.state.player_mut(ME).trade_goods = 1;
        assert_eq!(legal(&g).contains(&Action::Produce(UnitType::Cruiser)), sarween);
    }
}

#[test]
fn self_assembly_routines_may_place_1_mech_after_producing() {
    // "After 1 or more of your units use PRODUCTION, you may exhaust this card to place 1 mech":
    // without the card no decision; with it a pending decision (the dock's planet, or Done).
    for (sar, take) in [(false, false), (true, false), (true, true)] {
        let (g, h) = production_scenario();
        let mut g = plain(g);
        set_tech(&mut g, ME, "self_assembly_routines", sar);
        let mechs = g.state.player(ME).reinforcements[UnitType::Mech.idx()];
        assert!(mechs > 0);
        g.apply(Action::Produce(UnitType::Infantry));
        g.apply(Action::Done);
        super::payment_tests::pay_first_way(&mut g);
        let t = g.content().tech("self_assembly_routines").unwrap();
        let src = crate::ti4::rules::Source::Tech(t);
        if sar {
            assert_eq!(g.step, Step::Decide(ME), "the \"you may\" is the owner's decision");
            let offered = legal(&g);
            assert!(offered.contains(&Action::Choose(src, 0)), "the dock's planet, planet 0: {offered:?}");
            assert_eq!(offered.last(), Some(&Action::Done), "or decline");
            assert_eq!(g.action_id(Action::Choose(src, 0)), "choose.self_assembly_routines.0");
            g.apply(if take { Action::Choose(src, 0) } else { Action::Done });
        }
        assert!(!matches!(g.step, Step::Decide(_)), "the production's procedure resumed");
        check(&g).unwrap();
        assert_eq!(g.state.count_at(Location::Planet(h, 0), UnitType::Mech), take as u8, "on the dock's planet");
        assert_eq!(g.state.player(ME).exhausted_techs.contains(t), take, "the card is exhausted when used");
    }
}

/// Status phase steps 3-8 through the objective reveal (chance).
fn status_phase(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    g.step = Step::Reveal;
    g.apply_chance(rng);
}

#[test]
fn neural_motivator_draws_2_action_cards_in_the_status_phase() {
    let mut g = plain(scenario());
    set_tech(&mut g, ME, "neural_motivator", true);
    let copies = g.content().cards.action_copies.len();
    let hand = |g: &Ti4Game, p: Player| g.state.action_cards.count(copies, Zone::Hand(p));
    let before = (hand(&g, ME), hand(&g, THEM));
    status_phase(&mut g, &mut ChaCha8Rng::seed_from_u64(1));
    assert_eq!(hand(&g, ME), before.0 + 2, "Neural Motivator: 2 cards");
    assert_eq!(hand(&g, THEM), before.1 + 1, "without it: 1");
    check(&g).unwrap();
}

#[test]
fn hyper_metabolism_gains_3_command_tokens_in_the_status_phase() {
    let mut g = plain(scenario());
    set_tech(&mut g, ME, "hyper_metabolism", true);
    let pools = |g: &Ti4Game, p: Player| {
        let ps = g.state.player(p);
        ps.tactic + ps.fleet + ps.strategy
    };
    let (me, them) = (pools(&g, ME), pools(&g, THEM));
    status_phase(&mut g, &mut ChaCha8Rng::seed_from_u64(1));
    // Every player places the gained tokens (status phase 81.5): take the first split.
    while let Step::Tokens { .. } = g.step {
        let a = legal(&g)[0];
        g.apply(a);
    }
    assert_eq!(pools(&g, ME), me + 3, "Hyper Metabolism: 3 tokens");
    assert_eq!(pools(&g, THEM), them + 2, "without it: 2");
    check(&g).unwrap();
}

// ---- Space cannon, bombardment ---------------------------------------------------------------

/// Destroyers `ME` (with Antimass Deflectors or not) loses to `THEM`'s PDS on the planet of the
/// system it moves 3 destroyers into.
fn destroyers_lost_to_a_pds(plasma: bool, antimass: bool, seed: u64) -> u8 {
    let mut g = plain(scenario());
    set_tech(&mut g, ME, "antimass_deflectors", antimass);
    let h = home(&g);
    let target = their_planet_next_door(&mut g, &[(UnitType::Pds, 1)]);
    set_tech(&mut g, THEM, "plasma_scoring", plasma);
    g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 3).unwrap();
    g.apply(Action::Activate(target));
    for _ in 0..3 {
        g.apply(Action::Move(h, UnitType::Destroyer));
    }
    g.apply(Action::Done);
    assert_eq!(g.step, Step::SpaceCannon);
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
    check(&g).unwrap();
    3 - g.state.count_at(Location::Space(target), UnitType::Destroyer)
}

#[test]
fn plasma_scoring_rolls_1_additional_space_cannon_die() {
    let (mut without, mut with) = (0u32, 0u32);
    for seed in 0..100 {
        let a = destroyers_lost_to_a_pds(false, false, seed);
        let b = destroyers_lost_to_a_pds(true, false, seed);
        assert!(b >= a, "the same die plus one more (seed {seed})");
        assert!(a <= 1 && b <= 2, "one PDS: 1 die, 2 with the card");
        without += a as u32;
        with += b as u32;
    }
    assert!(with > without + 20, "{with} hits with the card, {without} without");
}

#[test]
fn antimass_deflectors_space_cannon_against_its_owner_rolls_minus_1() {
    let (mut without, mut with) = (0u32, 0u32);
    for seed in 0..100 {
        let a = destroyers_lost_to_a_pds(false, false, seed);
        let b = destroyers_lost_to_a_pds(false, true, seed);
        assert!(b <= a, "the same die, 1 worse (seed {seed})");
        without += a as u32;
        with += b as u32;
    }
    // PDS I hits on 6 (50%); against Antimass Deflectors on 7 (40%).
    assert!(with + 3 < without, "{with} hits against the card, {without} without");
}

/// Space cannon offense (rules 77.2): it may be used when no ship moved: `THEM`'s PDS fires at
/// `ME`'s destroyers that were already in the system `ME` activates.
#[test]
fn space_cannon_77_fires_at_ships_already_in_the_system_when_none_moved() {
    let mut lost = 0u32;
    for seed in 0..60 {
        let mut g = plain(scenario());
        let h = home(&g);
        let target = their_planet_next_door(&mut g, &[(UnitType::Pds, 1)]);
        g.state.add_units(ME, Location::Space(target), UnitType::Destroyer, 3).unwrap();
        g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 1).unwrap();
        check(&g).unwrap();
        g.apply(Action::Activate(target));
        g.apply(Action::Done);
        assert_eq!(g.step, Step::SpaceCannon, "the PDS may fire though nothing moved");
        g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
        check(&g).unwrap();
        let k = 3 - g.state.count_at(Location::Space(target), UnitType::Destroyer);
        assert!(k <= 1, "one PDS, one die (seed {seed})");
        lost += k as u32;
    }
    // PDS I hits on 6: about half of the 60 games.
    assert!((15..=45).contains(&lost), "{lost} destroyers lost");
}

/// Space cannon offense (rules 77.3): the active player fires first, then the other players
/// clockwise. `ME` moves a destroyer into a system where `THEM` has a destroyer; each holds a
/// planet there with a PDS. The first die of the step is `ME`'s (at `THEM`'s destroyer), the
/// second `THEM`'s (at `ME`'s).
#[test]
fn space_cannon_77_the_active_player_fires_first() {
    use crate::ti4::combat::roll_d10;
    let mut seen = [false; 2];
    for seed in 0..40 {
        let mut g = plain(scenario());
        let h = home(&g);
        let target = (0..g.state.num_systems)
            .find(|&sl| {
                g.galaxy().distance(h, sl).is_some_and(|d| d <= 2)
                    && sl != g.galaxy().mecatol()
                    && g.galaxy().anomalies(sl) == 0
                    && g.content().systems[g.galaxy().tile(sl).idx()].planets.len() >= 2
                    && !g.home_slot[..6].contains(&sl)
            })
            .expect("a two-planet system within 2 of home");
        let c = g.content.clone();
        for (n, q) in [(0u8, THEM), (1, ME)] {
            let pl = g.state.planet_at(&c, Location::Planet(target, n)).unwrap();
            crate::ti4::control::gain_control(&c, &mut g.state, q, pl, false).unwrap();
            g.state.add_units(q, Location::Planet(target, n), UnitType::Pds, 1).unwrap();
        }
        g.state.add_units(THEM, Location::Space(target), UnitType::Destroyer, 1).unwrap();
        g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 1).unwrap();
        check(&g).unwrap();
        g.apply(Action::Activate(target));
        g.apply(Action::Move(h, UnitType::Destroyer));
        g.apply(Action::Done);
        assert_eq!(g.step, Step::SpaceCannon);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut dice = rng.clone();
        let (mine, theirs) = (roll_d10(&mut dice), roll_d10(&mut dice));
        g.apply_chance(&mut rng);
        check(&g).unwrap();
        let at = |q: Player| match g.step {
            // Both destroyers survived: the combat holds them.
            Step::Space => 1,
            _ => {
                (g.state.occupant(Location::Space(target)) == Some(q)) as u8
                    * g.state.count_at(Location::Space(target), UnitType::Destroyer)
            }
        };
        assert_eq!(at(THEM), (mine < 6) as u8, "seed {seed}: my die {mine} is the first");
        assert_eq!(at(ME), (theirs < 6) as u8, "seed {seed}: their die {theirs} is the second");
        seen[(mine >= 6) as usize] = true;
    }
    assert_eq!(seen, [true, true], "both outcomes of the first die occur");
}

/// Infantry `THEM` loses to the bombardment of `ME`'s dreadnought when `ME` invades its planet.
fn infantry_lost_to_bombardment(plasma: bool, seed: u64) -> u8 {
    let mut g = plain(scenario());
    let h = home(&g);
    let target = their_planet_next_door(&mut g, &[(UnitType::Infantry, 3)]);
    set_tech(&mut g, ME, "plasma_scoring", plasma);
    g.state.add_units(ME, Location::Space(h), UnitType::Dreadnought, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Infantry, 2).unwrap();
    g.apply(Action::Activate(target));
    g.apply(Action::Move(h, UnitType::Carrier));
    g.apply(Action::Move(h, UnitType::Dreadnought));
    g.apply(Action::Done);
    assert_eq!(g.step, Step::Land(ME));
    land(&mut g, 2);
    assert_eq!(g.step, Step::InvasionRolls(0));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
    check(&g).unwrap();
    3 - g.state.count_at(Location::Planet(target, 0), UnitType::Infantry)
}

#[test]
fn plasma_scoring_rolls_1_additional_bombardment_die() {
    let (mut without, mut with) = (0u32, 0u32);
    for seed in 0..100 {
        let (a, b) = (infantry_lost_to_bombardment(false, seed), infantry_lost_to_bombardment(true, seed));
        assert!(b >= a && a <= 1 && b <= 2, "seed {seed}: {a} then {b}");
        without += a as u32;
        with += b as u32;
    }
    assert!(with > without + 20, "{with} hits with the card, {without} without");
}

#[test]
fn graviton_laser_system_space_cannon_hits_go_to_non_fighter_ships() {
    let mut compared = 0;
    for seed in 0..40 {
        let run_with = |gls: bool| {
            let mut g = plain(scenario());
            let h = home(&g);
            let target = their_planet_next_door(&mut g, &[(UnitType::Pds, 2)]);
            set_tech(&mut g, THEM, "graviton_laser_system", gls);
            g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
            g.state.add_units(ME, Location::Space(h), UnitType::Fighter, 4).unwrap();
            g.apply(Action::Activate(target));
            // The fighters go along with the carrier (capacity).
            g.apply(Action::Move(h, UnitType::Carrier));
            g.apply(Action::Done);
            g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
            check(&g).unwrap();
            let at = |t| g.state.count_at(Location::Space(target), t);
            let exhausted =
                g.state.player(THEM).exhausted_techs.contains(g.content().tech("graviton_laser_system").unwrap());
            (at(UnitType::Carrier), at(UnitType::Fighter), exhausted)
        };
        let (carrier, fighters, _) = run_with(false);
        let (carrier_gls, fighters_gls, exhausted) = run_with(true);
        assert!(exhausted, "the card is exhausted when it is used");
        if fighters < 4 {
            // A hit: without the card it destroys a fighter, with it the carrier (and the
            // fighters it carried are lost with their capacity).
            assert_eq!(carrier, 1, "seed {seed}");
            assert_eq!((carrier_gls, fighters_gls), (0, 0), "seed {seed}");
            compared += 1;
        } else {
            assert_eq!((carrier_gls, fighters_gls), (1, 4), "no hit either way (seed {seed})");
        }
    }
    assert!(compared > 5, "{compared} seeds with hits");
}

// ---- Movement, retreats ------------------------------------------------------------------------

#[test]
fn light_wave_deflector_ships_move_through_other_players_ships() {
    let mut g = plain(scenario());
    let h = home(&g);
    g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 1).unwrap();
    let far = slot_at_distance(&g, h, 2);
    for sl in bits(g.galaxy().neighbours(h)) {
        if g.state.systems[sl as usize].space.owner == NOBODY {
            g.state.add_units(THEM, Location::Space(sl), UnitType::Destroyer, 1).unwrap();
        }
    }
    assert!(!legal(&g).contains(&Action::Activate(far)), "every path passes another player's ships");
    set_tech(&mut g, ME, "light_wave_deflector", true);
    assert!(legal(&g).contains(&Action::Activate(far)), "Light/Wave Deflector: moves through them");
    g.apply(Action::Activate(far));
    assert!(legal(&g).contains(&Action::Move(h, UnitType::Destroyer)));
    g.apply(Action::Move(h, UnitType::Destroyer));
    g.apply(Action::Done);
    assert_eq!(g.state.count_at(Location::Space(far), UnitType::Destroyer), 1);
    check(&g).unwrap();
}

#[test]
fn fleet_logistics_performs_2_tactical_actions_in_a_turn() {
    for logistics in [false, true] {
        let mut g = plain(scenario());
        set_tech(&mut g, ME, "fleet_logistics", logistics);
        let h = home(&g);
        g.state.player_mut(ME).tactic = 3;
        g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 2).unwrap();
        let near = slot_at_distance(&g, h, 1);
        g.apply(Action::Activate(near));
        g.apply(Action::Move(h, UnitType::Destroyer));
        g.apply(Action::Done);
        if !logistics {
            assert_ne!(g.step, Step::Turn(ME), "without the card the turn ends");
            continue;
        }
        assert_eq!(g.step, Step::Turn(ME), "Fleet Logistics: a second tactical action");
        let l = legal(&g);
        assert!(l.contains(&Action::Done), "the second action is optional");
        assert!(l.iter().all(|a| matches!(a, Action::Activate(_) | Action::Done)), "only a tactical action: {l:?}");
        let second = l.iter().find_map(|a| if let Action::Activate(sl) = a { Some(*sl) } else { None });
        g.apply(Action::Activate(second.expect("the destroyer left at home can move")));
        assert_eq!(g.state.player(ME).tactic, 1, "two tactic tokens spent");
        g.apply(Action::Done);
        // Production at home may follow; then the turn ends (no third action).
        while g.step == Step::Produce(ME) {
            g.apply(Action::Done);
        }
        assert_ne!(g.step, Step::Turn(ME), "the turn ends after the second action");
        assert_eq!(g.flow.logistics, 0);
        check(&g).unwrap();
    }
}

#[test]
fn dark_energy_tap_retreats_into_empty_adjacent_systems() {
    let mut g = plain(scenario());
    let h = home(&g);
    let near = slot_at_distance(&g, h, 1);
    g.flow.tactical.active = near;
    // A neighbour of the active system held by another player's planet unit stays closed.
    let held = bits(g.galaxy().neighbours(near))
        .find(|&sl| sl != h && !g.content().systems[g.galaxy().tile(sl).idx()].planets.is_empty())
        .expect("a planet system next to the active one");
    g.state.add_units(THEM, Location::Planet(held, 0), UnitType::Infantry, 1).unwrap();
    let home_tile = g.galaxy().tile(h);
    let without = tactical::retreat_systems(&g, ME);
    assert_eq!(without.iter().collect::<Vec<_>>(), vec![home_tile], "without the card: the home system only");
    set_tech(&mut g, ME, "dark_energy_tap", true);
    let with = tactical::retreat_systems(&g, ME);
    assert!(with.contains(home_tile) && with.len() > 1, "with it, empty neighbours too");
    assert!(!with.contains(g.galaxy().tile(held)), "not into another player's units");
}

// ---- Combat ------------------------------------------------------------------------------------

/// `ME` moves `n` destroyers into `THEM`'s cruiser and destroyer next door; the defender's
/// ships when the combat starts.
fn defender_at_combat_start(n: u8, cannon: bool) -> (u8, u8) {
    let mut g = plain(scenario());
    set_tech(&mut g, ME, "assault_cannon", cannon);
    let h = home(&g);
    let near = slot_at_distance(&g, h, 1);
    g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, n).unwrap();
    g.state.add_units(THEM, Location::Space(near), UnitType::Cruiser, 1).unwrap();
    g.state.add_units(THEM, Location::Space(near), UnitType::Destroyer, 1).unwrap();
    g.apply(Action::Activate(near));
    for _ in 0..n {
        g.apply(Action::Move(h, UnitType::Destroyer));
    }
    g.apply(Action::Done);
    assert_eq!(g.step, Step::Space);
    let d = g.flow.tactical.space.as_ref().unwrap().force(crate::ti4::combat::Side::Defender);
    (d.count(UnitType::Cruiser), d.count(UnitType::Destroyer))
}

#[test]
fn assault_cannon_opponent_destroys_a_non_fighter_ship_at_the_start_of_space_combat() {
    assert_eq!(defender_at_combat_start(3, false), (1, 1));
    assert_eq!(defender_at_combat_start(3, true), (1, 0), "the cheapest non-fighter ship goes");
    assert_eq!(defender_at_combat_start(2, true), (1, 1), "only with 3 or more non-fighter ships");
}

#[test]
fn duranium_armor_repairs_a_damaged_ship_after_the_combat_round() {
    let mut compared = 0;
    for seed in 0..20 {
        let after = |duranium: bool| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut g = plain(scenario());
            set_tech(&mut g, ME, "duranium_armor", duranium);
            let h = home(&g);
            let near = slot_at_distance(&g, h, 1);
            g.state.add_units(ME, Location::Space(h), UnitType::Dreadnought, 1).unwrap();
            g.state.set_damaged(Location::Space(h), UnitType::Dreadnought, 1).unwrap();
            g.state.add_units(THEM, Location::Space(near), UnitType::Destroyer, 1).unwrap();
            g.apply(Action::Activate(near));
            g.apply(Action::Move(h, UnitType::Dreadnought));
            g.apply(Action::Done);
            run(&mut g, &mut rng);
            let loc = Location::Space(near);
            (g.state.count_at(loc, UnitType::Dreadnought), g.state.damaged_at(loc, UnitType::Dreadnought))
        };
        let (without, with) = (after(false), after(true));
        if without.0 == 1 {
            // The destroyer never hit: the same dice with the card repair the dreadnought.
            assert_eq!(without.1, 1, "seed {seed}: still damaged without the card");
            assert_eq!(with, (1, 0), "seed {seed}: repaired with it");
            compared += 1;
        }
    }
    assert!(compared > 5, "{compared} seeds where the dreadnought survived");
}

/// `ME` commits 1 infantry against `THEM`'s infantry and space dock next door; `ME`'s infantry
/// on the planet and whether a ground combat is running after the invasion rolls.
fn invade_a_dock(magen: bool) -> (u8, bool) {
    let mut g = plain(scenario());
    let target = their_planet_next_door(&mut g, &[(UnitType::Infantry, 1), (UnitType::SpaceDock, 1)]);
    set_tech(&mut g, THEM, "magen_defense_grid", magen);
    land_from_home(&mut g, target, 1);
    assert_eq!(g.step, Step::InvasionRolls(0));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(1));
    check(&g).unwrap();
    (g.state.count_at(Location::Planet(target, 0), UnitType::Infantry), matches!(g.step, Step::Ground(_)))
}

#[test]
fn magen_defense_grid_produces_1_hit_at_the_start_of_ground_combat() {
    assert_eq!(invade_a_dock(false), (1, true), "THEM's infantry holds; the ground combat runs");
    assert_eq!(invade_a_dock(true), (1, false), "the invader's lone infantry is hit before the combat");
}

#[test]
fn dacxive_animators_places_1_infantry_after_winning_a_ground_combat() {
    let mut compared = 0;
    for seed in 0..20 {
        let after = |dacxive: bool| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut g = plain(scenario());
            let target = their_planet_next_door(&mut g, &[(UnitType::Infantry, 1)]);
            set_tech(&mut g, ME, "dacxive_animators", dacxive);
            land_from_home(&mut g, target, 3);
            run(&mut g, &mut rng);
            check(&g).unwrap();
            let loc = Location::Planet(target, 0);
            (g.state.occupant(loc), g.state.count_at(loc, UnitType::Infantry))
        };
        let (without, with) = (after(false), after(true));
        if without.0 == Some(ME) {
            assert_eq!(with, (Some(ME), without.1 + 1), "seed {seed}");
            compared += 1;
        } else {
            assert_eq!(with, without, "seed {seed}: no win, no infantry");
        }
    }
    assert!(compared > 5, "{compared} seeds where the invasion won");
}

// ---- Turns, agendas ----------------------------------------------------------------------------

#[test]
fn bio_stims_may_ready_a_specialty_planet_or_a_technology_at_the_end_of_the_turn() {
    // "You may exhaust this card at the end of your turn to ready 1 of your planets that has a
    // technology specialty or 1 of your other technologies": one choice per exhausted specialty
    // planet and other exhausted technology; Done declines; without the card no decision.
    let c = Content::embedded();
    let pl = (0..c.planets.len())
        .map(|i| PlanetId(i as u8))
        .find(|pl| c.planets[pl.idx()].specialties != 0 && c.planets[pl.idx()].home_of.is_none())
        .expect("a specialty planet");
    let other = c.tech("gravity_drive").unwrap();
    for (bio, choice) in [(false, None), (true, None), (true, Some(0)), (true, Some(1))] {
        let mut g = plain(scenario());
        let cc = g.content.clone();
        if crate::ti4::control::controller(&g.state, pl).is_some_and(|q| q != ME) {
            let q = crate::ti4::control::controller(&g.state, pl).unwrap();
            crate::ti4::control::lose_control(&cc, &mut g.state, q, pl).unwrap();
        }
        if !g.state.player(ME).planets.contains(pl) {
            crate::ti4::control::gain_control(&cc, &mut g.state, ME, pl, true).unwrap();
        }
        g.state.exhausted_planets.insert(pl);
        set_tech(&mut g, ME, "gravity_drive", true);
        g.state.player_mut(ME).exhausted_techs.insert(other);
        set_tech(&mut g, ME, "bio_stims", bio);
        let t = g.content().tech("bio_stims").unwrap();
        let src = crate::ti4::rules::Source::Tech(t);
        // Every strategy card used: the turn is a pass.
        g.apply(Action::Pass);
        if bio {
            assert_eq!(g.step, Step::Decide(ME));
            let offered = legal(&g);
            let options = [Action::Choose(src, pl.0 as u16), Action::Choose(src, 256 + other.0 as u16)];
            assert!(offered.contains(&options[0]) && offered.contains(&options[1]), "{offered:?}");
            assert_eq!(offered.last(), Some(&Action::Done));
            // A choice the rule does not offer is refused: nothing changes.
            let mut refused = g.clone();
            refused.apply(Action::Choose(src, 255));
            assert!(refused.step == g.step && refused.state == g.state && refused.flow == g.flow);
            g.apply(choice.map_or(Action::Done, |k| options[k]));
        }
        assert!(!matches!(g.step, Step::Decide(_)), "the next turn");
        g.check_invariants().unwrap();
        assert_eq!(!g.state.exhausted_planets.contains(pl), choice == Some(0), "the planet readied when chosen");
        assert_eq!(!g.state.player(ME).exhausted_techs.contains(other), choice == Some(1), "the technology");
        assert_eq!(g.state.player(ME).exhausted_techs.contains(t), choice.is_some(), "the card is exhausted");
    }
}

#[test]
fn predictive_intelligence_casts_3_additional_votes() {
    for pi in [false, true] {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut g = plain(scenario());
        set_tech(&mut g, ME, "predictive_intelligence", pi);
        // ME votes last (speaker), with no ready planet, "for"; the others cast 5 "against".
        g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
        agendas::reveal(&mut g, &mut rng);
        g.flow.agenda_phase.votes = [0, 5, 0, 0, 0, 0, 0, 0];
        g.flow.agenda_phase.outcome_voters = [0; MAX_PLAYERS];
        g.flow.agenda_phase.extra_voters = 0;
        g.state.tokens.speaker = Some(ME);
        g.step = Step::Vote(ME);
        g.apply(Action::Vote(0));
        assert_eq!(g.flow.agenda_phase.votes[..2], [if pi { 3 } else { 0 }, 5], "Predictive Intelligence: +3 votes");
        assert_eq!(g.step, Step::ResolveAgenda);
        assert_eq!(g.flow.agenda_phase.outcome, 1, "against wins");
        g.apply_chance(&mut rng);
        // The outcome voted for is not resolved: the card is exhausted.
        let t = g.content().tech("predictive_intelligence").unwrap();
        assert_eq!(g.state.player(ME).exhausted_techs.contains(t), pi);
    }
}

// ---- All of them at once -------------------------------------------------------------------

/// Random games in which every seat starts owning every generic technology that is not a unit
/// upgrade (so every effect above fires often: Assault Cannon, Duranium Armor, Fleet Logistics,
/// Bio-Stims ...), with the invariants at every state.
#[test]
fn random_games_with_every_generic_technology_keep_invariants() {
    let c = Content::embedded();
    for seed in 0..4u64 {
        let mut g = super::tests::six_player_game(seed);
        for i in 0..c.techs.len() {
            let t = TechId(i as u8);
            let d = c.tech_def(t);
            if d.faction.is_none() && !d.is_unit_upgrade() {
                for p in g.state.seats() {
                    g.state.player_mut(p).techs.insert(t);
                }
            }
        }
        let summary = crate::game::random_simulation(&g, 40, seed, 200_000, check).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(summary.games, 40);
    }
}

// ---- Faction combat-roll modifiers (Modifiers 56) ------------------------------------------------

/// `ME` moves a destroyer into `owner`'s destroyer next door (in the nebula-free system); the
/// combat-roll modifiers of both sides when the space combat starts.
fn combat_modifiers_against(owner: Player) -> (i8, i8) {
    let mut g = plain(scenario());
    let h = home(&g);
    let near = slot_at_distance(&g, h, 1);
    g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 1).unwrap();
    g.state.add_units(owner, Location::Space(near), UnitType::Destroyer, 1).unwrap();
    g.apply(Action::Activate(near));
    g.apply(Action::Move(h, UnitType::Destroyer));
    g.apply(Action::Done);
    assert_eq!(g.step, Step::Space);
    let c = g.flow.tactical.space.as_ref().unwrap();
    let side = |s| c.force(s).modifier();
    (side(crate::ti4::combat::Side::Attacker), side(crate::ti4::combat::Side::Defender))
}

#[test]
fn jolnar_fragile_applies_minus_1_to_each_combat_roll() {
    let g = scenario();
    let jolnar = g.state.seat_of(g.content().faction("jolnar").unwrap()).expect("Jol-Nar seated");
    let hacan = g.state.seat_of(g.content().faction("hacan").unwrap()).expect("Hacan seated");
    assert_eq!(hacan, ME);
    assert_eq!(combat_modifiers_against(jolnar), (0, -1), "Jol-Nar defends at -1, Hacan at 0");
}

#[test]
fn sardakk_unrelenting_applies_plus_1_to_each_combat_roll() {
    let g = scenario();
    let sardakk = g.state.seat_of(g.content().faction("sardakk").unwrap()).expect("Sardakk seated");
    assert_eq!(combat_modifiers_against(sardakk), (0, 1));
}

// ---- Faction abilities on the status phase hook points ---------------------------------------------

#[test]
fn sol_versatile_gains_1_additional_command_token_in_the_status_phase() {
    let mut g = plain(scenario_of(super::tests::six_player_game(0)));
    let sol = g.state.seat_of(g.content().faction("sol").unwrap()).expect("Sol seated");
    let other = Player((sol.0 + 1) % g.state.num_players);
    let pools = |g: &Ti4Game, p: Player| {
        let ps = g.state.player(p);
        ps.tactic + ps.fleet + ps.strategy
    };
    let (before, other_before) = (pools(&g, sol), pools(&g, other));
    status_phase(&mut g, &mut ChaCha8Rng::seed_from_u64(1));
    while let Step::Tokens { .. } = g.step {
        let a = legal(&g)[0];
        g.apply(a);
    }
    assert_eq!(pools(&g, sol), before + 3, "Versatile: 2 + 1");
    assert_eq!(pools(&g, other), other_before + 2);
    check(&g).unwrap();
}

/// The [`Action::Use`] options of the seat whose turn it is.
fn component_uses(g: &Ti4Game) -> Vec<Action> {
    legal(g).into_iter().filter(|a| matches!(a, Action::Use(..))).collect()
}

#[test]
fn sling_relay_produces_1_ship_in_a_system_with_a_space_dock() {
    let mut g = plain(scenario());
    let h = home(&g);
    g.state.add_units(ME, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
    g.state.player_mut(ME).trade_goods = 20;
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    assert!(component_uses(&g).is_empty(), "without the card");
    set_tech(&mut g, ME, "sling_relay", true);
    // Fleet Logistics must not turn the component action into a first tactical action.
    set_tech(&mut g, ME, "fleet_logistics", true);
    let sr = crate::ti4::rules::Source::Tech(g.content().tech("sling_relay").unwrap());
    assert_eq!(component_uses(&g), vec![Action::Use(sr, h)], "one target: the system with the dock");
    assert_eq!(g.action_id(Action::Use(sr, h)), format!("use.sling_relay.{h}"));
    let mut blockaded = g.clone();
    blockaded.state.add_units(THEM, Location::Space(h), UnitType::Destroyer, 1).unwrap();
    assert!(component_uses(&blockaded).is_empty(), "no ships produced where another player has ships (14.1)");
    let tactic = g.state.player(ME).tactic;
    g.apply(Action::Use(sr, h));
    assert_eq!(g.step, Step::Produce(ME));
    let l = legal(&g);
    assert!(l.contains(&Action::Produce(UnitType::Cruiser)), "{l:?}");
    assert!(!l.contains(&Action::Produce(UnitType::Infantry)), "ships only: {l:?}");
    g.apply(Action::Produce(UnitType::Cruiser));
    assert_eq!(legal(&g), vec![Action::Done], "1 ship");
    g.apply(Action::Done);
    super::payment_tests::pay_first_way(&mut g);
    assert_eq!(g.state.count_at(Location::Space(h), UnitType::Cruiser), 1);
    assert_eq!(g.state.player(ME).trade_goods, 18, "the cruiser's cost paid");
    assert_eq!(g.state.player(ME).tactic, tactic, "no system activated");
    assert!(g.state.player(ME).exhausted_techs.contains(sr.tech().unwrap()), "the card is exhausted");
    assert_ne!(g.step, Step::Turn(ME), "the component action was the turn's action");
    assert!(!g.flow.production.component);
    check(&g).unwrap();
    g.flow.turn = ME;
    g.step = Step::Turn(ME);
    assert!(component_uses(&g).is_empty(), "exhausted: not again this round");
}

/// `ME` (with Integrated Economy when `ie`) lands 1 infantry on `THEM`'s empty planet next door
/// and gains it; the game at the first decision after the invasion, and the planet's system.
fn gain_a_planet_next_door(ie: bool) -> (Ti4Game, u8) {
    let mut g = plain(scenario());
    set_tech(&mut g, ME, "integrated_economy", ie);
    let target = their_planet_next_door(&mut g, &[]);
    g.state.player_mut(ME).trade_goods = 20;
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    land_from_home(&mut g, target, 1);
    run(&mut g, &mut ChaCha8Rng::seed_from_u64(3));
    (g, target)
}

#[test]
fn integrated_economy_produces_on_a_planet_just_gained_within_its_resource_value() {
    let (without, target) = gain_a_planet_next_door(false);
    assert_ne!(without.flow.pending.window, Some(crate::ti4::rules::Window::ControlGained), "no decision without it");
    let (mut g, _) = gain_a_planet_next_door(true);
    let ploc = Location::Planet(target, 0);
    assert_eq!(g.state.occupant(ploc), Some(ME));
    let ie = crate::ti4::rules::Source::Tech(g.content().tech("integrated_economy").unwrap());
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(crate::ti4::rules::Window::ControlGained)));
    assert_eq!(legal(&g), vec![Action::Choose(ie, 0), Action::Done], "the planet gained, or decline");
    let pl = g.state.planet_at(g.content(), ploc).unwrap();
    let r = g.state.resources_of(g.content(), pl) as u32;
    assert!(r >= 1, "the test needs a planet with resources");
    g.apply(Action::Choose(ie, 0));
    assert_eq!(g.step, Step::Produce(ME));
    let cost = |g: &Ti4Game, t: UnitType| {
        let u = crate::ti4::game::tactical::units_of(g.content(), &g.state, ME)[t.idx()].unwrap();
        g.content().units[u.idx()].cost.unwrap() as u32
    };
    for a in legal(&g) {
        if let Action::Produce(t) = a {
            assert!(cost(&g, t) <= r, "{t:?} costs more than the planet's {r} resources");
        }
    }
    assert_eq!(legal(&g).contains(&Action::Produce(UnitType::Dreadnought)), r >= 4);
    // Infantry (2 for a cost of 1) up to the planet's resource value.
    let mut queued = 0;
    while legal(&g).contains(&Action::Produce(UnitType::Infantry)) && queued < 4 {
        g.apply(Action::Produce(UnitType::Infantry));
        queued += 1;
    }
    assert_eq!(queued, (2 * r).min(4), "combined cost {r} at most");
    g.apply(Action::Done);
    super::payment_tests::pay_first_way(&mut g);
    check(&g).unwrap();
    assert_eq!(g.state.count_at(ploc, UnitType::Infantry), 1 + queued as u8, "on the planet gained, no dock needed");
    assert_eq!(g.state.player(ME).trade_goods as u32, 20 - queued.div_ceil(2), "paid as any production (67.2)");
    assert_ne!(g.flow.pending.window, Some(crate::ti4::rules::Window::ControlGained), "once per planet");
    assert_eq!(g.flow.production.integrated, None);
}

#[test]
fn transit_diodes_moves_up_to_4_ground_forces_to_planets_its_owner_controls() {
    let mut g = plain(scenario());
    let h = home(&g);
    let from = Location::Planet(h, 0);
    g.state.add_units(ME, from, UnitType::Infantry, 5).unwrap();
    // A planet of ME's far away (empty), and one of THEM's next door (not a destination).
    let theirs = their_planet_next_door(&mut g, &[(UnitType::Infantry, 1)]);
    let far = (0..g.state.num_systems)
        .find(|&sl| {
            g.galaxy().distance(h, sl).is_some_and(|d| d >= 3)
                && !g.home_slot[..6].contains(&sl)
                && g.state.planet_at(g.content(), Location::Planet(sl, 0)).is_some()
        })
        .expect("a planet 3 systems away");
    let far_pl = g.state.planet_at(g.content(), Location::Planet(far, 0)).unwrap();
    let c = g.content.clone();
    crate::ti4::control::gain_control(&c, &mut g.state, ME, far_pl, false).unwrap();
    assert!(component_uses(&g).is_empty(), "without the card");
    set_tech(&mut g, ME, "transit_diodes", true);
    let td = crate::ti4::rules::Source::Tech(g.content().tech("transit_diodes").unwrap());
    assert_eq!(component_uses(&g), vec![Action::Use(td, 0)]);
    g.apply(Action::Use(td, 0));
    assert!(g.state.player(ME).exhausted_techs.contains(td.tech().unwrap()), "the card is exhausted");
    assert_eq!(g.step, Step::Redeploy(ME));
    let pick = (h as u16 * 4 + 1) * 2; // planet 0 of the home system, infantry
    let l = legal(&g);
    assert!(l.contains(&Action::Choose(td, pick)) && l.last() == Some(&Action::Done), "{l:?}");
    g.apply(Action::Choose(td, pick));
    let places = legal(&g);
    let place_far = Action::Choose(td, super::redeploy::PLACE + far_pl.0 as u16);
    assert!(places.contains(&place_far), "any planet it controls: {places:?}");
    let their_pl = g.state.planet_at(g.content(), Location::Planet(theirs, 0)).unwrap();
    let home_pl = g.state.planet_at(g.content(), from).unwrap();
    for pl in [their_pl, home_pl] {
        assert!(!places.contains(&Action::Choose(td, super::redeploy::PLACE + pl.0 as u16)), "not {pl:?}");
    }
    assert!(!places.contains(&Action::Done), "the picked unit is placed");
    for k in 0..4 {
        if k > 0 {
            g.apply(Action::Choose(td, pick));
        }
        g.apply(place_far);
        check(&g).unwrap();
    }
    assert_eq!(g.state.count_at(Location::Planet(far, 0), UnitType::Infantry), 4, "up to 4");
    assert_eq!(g.state.count_at(from, UnitType::Infantry), 1);
    assert_ne!(g.step, Step::Redeploy(ME), "4 moved: the turn ended");
    assert_eq!(g.flow.redeploy, None);
    // `Done` stops early.
    let mut g2 = plain(scenario());
    g2.state.add_units(ME, from, UnitType::Infantry, 2).unwrap();
    set_tech(&mut g2, ME, "transit_diodes", true);
    g2.apply(Action::Use(td, 0));
    g2.apply(Action::Done);
    assert_ne!(g2.step, Step::Redeploy(ME));
    assert_eq!(g2.state.count_at(from, UnitType::Infantry), 2, "nothing moved");
}

#[test]
fn x89_bacterial_weapon_destroys_all_infantry_on_a_planet_in_a_system_with_bombardment_ships() {
    let mut g = plain(scenario());
    let k = their_planet_next_door(&mut g, &[(UnitType::Infantry, 3), (UnitType::Pds, 1)]);
    let c = g.content();
    let pl = g.state.planet_at(c, Location::Planet(k, 0)).unwrap();
    set_tech(&mut g, ME, "x89_bacterial_weapon", true);
    let x89 = crate::ti4::rules::Source::Tech(g.content().tech("x89_bacterial_weapon").unwrap());
    g.state.add_units(ME, Location::Space(k), UnitType::Cruiser, 1).unwrap();
    assert!(component_uses(&g).is_empty(), "a cruiser has no BOMBARDMENT");
    g.state.add_units(ME, Location::Space(k), UnitType::Dreadnought, 1).unwrap();
    assert_eq!(component_uses(&g), vec![Action::Use(x89, pl.0)], "the planet with their infantry");
    let (tactic, theirs) = (g.state.player(ME).tactic, g.state.player(THEM).reinforcements[UnitType::Infantry.idx()]);
    g.apply(Action::Use(x89, pl.0));
    let loc = Location::Planet(k, 0);
    assert_eq!(g.state.count_at(loc, UnitType::Infantry), 0, "all infantry destroyed");
    assert_eq!(g.state.count_at(loc, UnitType::Pds), 1, "other units stay");
    assert_eq!(g.state.player(THEM).reinforcements[UnitType::Infantry.idx()], theirs + 3);
    assert!(g.state.player(THEM).planets.contains(pl), "control does not change");
    assert_eq!(g.state.player(ME).tactic, tactic, "no system activated");
    assert!(g.state.player(ME).exhausted_techs.contains(x89.tech().unwrap()));
    assert_ne!(g.step, Step::Turn(ME), "the component action was the turn's action");
    check(&g).unwrap();
    g.flow.turn = ME;
    g.step = Step::Turn(ME);
    assert!(component_uses(&g).is_empty(), "exhausted");
}

/// The infantry of `ME` holding the planet after landing 3 on a planet of `THEM` that holds
/// 2 PDS and no ground forces (space cannon defense 77.5), with or without L4 Disruptors.
fn infantry_after_space_cannon_defense(l4: bool, seed: u64) -> Option<u8> {
    // Game 2 seats the Letnev at seat 0 (the card is a Letnev faction technology).
    let mut g = plain(super::rule_tests::scenario_of(super::tests::six_player_game(2)));
    assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "letnev");
    let h = home(&g);
    let target = their_planet_next_door(&mut g, &[(UnitType::Pds, 2)]);
    set_tech(&mut g, ME, "l4_disruptors", l4);
    g.state.add_units(ME, Location::Space(h), UnitType::Dreadnought, 2).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Infantry, 3).unwrap();
    g.apply(Action::Activate(target));
    g.apply(Action::Move(h, UnitType::Carrier));
    g.apply(Action::Move(h, UnitType::Dreadnought));
    g.apply(Action::Move(h, UnitType::Dreadnought));
    g.apply(Action::Done);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while g.step == Step::SpaceCannon {
        g.apply_chance(&mut rng);
    }
    if g.step != Step::Land(ME) || g.state.count_at(Location::Space(target), UnitType::Infantry) != 3 {
        return None; // the carrier fell to space cannon offense: no invasion to compare
    }
    land(&mut g, 3);
    assert_eq!(g.step, Step::InvasionRolls(0));
    g.apply_chance(&mut rng);
    check(&g).unwrap();
    // No ground forces defend: the combat is over at once and the survivors hold the planet.
    let on = Location::Planet(target, 0);
    Some(if g.state.occupant(on) == Some(ME) { g.state.count_at(on, UnitType::Infantry) } else { 0 })
}

/// L4 Disruptors (Letnev): "During an invasion, units cannot use SPACE CANNON against your
/// units": the defending PDS roll no space cannon defense (77.5) against the landed infantry;
/// without the card they hit some of the time.
#[test]
fn l4_disruptors_units_cannot_use_space_cannon_against_the_invaders() {
    let (mut compared, mut lost_without) = (0, 0u32);
    for seed in 0..60 {
        let (Some(with), Some(without)) =
            (infantry_after_space_cannon_defense(true, seed), infantry_after_space_cannon_defense(false, seed))
        else {
            continue;
        };
        compared += 1;
        assert_eq!(with, 3, "seed {seed}: no space cannon defense against L4 Disruptors");
        lost_without += 3 - without as u32;
    }
    assert!(compared >= 20, "{compared} invasions compared");
    assert!(lost_without > 0, "without the card the PDS hit at least once in {compared} invasions");
}

/// The ground combat that starts when `ME` lands 3 infantry on a planet of `THEM` held by 2
/// infantry, with Valkyrie Particle Weave owned by the seats of `owners` (`[ME, THEM]`). Game 13
/// seats the Sardakk N'orr at `ME`, game 10 at `THEM` (the card is their faction technology).
fn ground_combat_with_valkyrie(owners: [bool; 2]) -> crate::ti4::combat::GroundCombat {
    let mut g = plain(scenario_of(super::tests::six_player_game(if owners[1] { 10 } else { 13 })));
    let sardakk = if owners[1] { THEM } else { ME };
    assert_eq!(g.content().factions[g.state.player(sardakk).faction.idx()].key, "sardakk");
    let h = home(&g);
    let target = their_planet_next_door(&mut g, &[(UnitType::Infantry, 2)]);
    set_tech(&mut g, ME, "valkyrie_particle_weave", owners[0]);
    set_tech(&mut g, THEM, "valkyrie_particle_weave", owners[1]);
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Infantry, 3).unwrap();
    g.apply(Action::Activate(target));
    g.apply(Action::Move(h, UnitType::Carrier));
    g.apply(Action::Done);
    assert_eq!(g.step, Step::Land(ME));
    land(&mut g, 3);
    assert_eq!(g.step, Step::InvasionRolls(0));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(1));
    check(&g).unwrap();
    g.flow.tactical.ground.expect("a ground combat on the planet")
}

/// Valkyrie Particle Weave (Sardakk N'orr): "After making combat rolls during a round of ground
/// combat, if your opponent produced 1 or more hits, you produce 1 additional hit." The
/// invasion's ground combat gives the extra hit to the side whose player owns the card,
/// attacking or defending, and to nobody without it (the rounds themselves:
/// `combat::tests::rules::valkyrie_particle_weave_one_more_hit_when_the_opponent_hits`).
#[test]
fn valkyrie_particle_weave_gives_its_owner_the_extra_ground_combat_hit() {
    assert_eq!(ground_combat_with_valkyrie([false, false]).answer_hit(), [false, false]);
    assert_eq!(ground_combat_with_valkyrie([true, false]).answer_hit(), [true, false]);
    assert_eq!(ground_combat_with_valkyrie([false, true]).answer_hit(), [false, true]);
}

/// Non-Euclidean Shielding (Letnev, seat 0 of game 2) in the round loop: every force of the
/// owner's units is built cancelling 2 hits per SUSTAIN DAMAGE (`tactical::force_of`), its
/// board stacks too: 2 hits on a dreadnought and a destroyer of the owner destroy nothing;
/// without the card, the destroyer.
#[test]
fn non_euclidean_shielding_makes_the_owners_forces_cancel_two_hits_per_sustain() {
    use crate::ti4::combat::Arena;
    for owned in [true, false] {
        let mut g = scenario_of(super::tests::six_player_game(2));
        assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "letnev");
        set_tech(&mut g, ME, "non_euclidean_shielding", owned);
        let f = super::tactical::force_of(g.content(), &g.state, ME, Arena::Space);
        assert_eq!(f.sustain_cancels(), if owned { 2 } else { 1 });
        let other = super::tactical::force_of(g.content(), &g.state, THEM, Arena::Ground);
        assert_eq!(other.sustain_cancels(), 1, "another player's forces");
        let near = slot_at_distance(&g, home(&g), 1);
        let loc = Location::Space(near);
        g.state.add_units(ME, loc, UnitType::Dreadnought, 1).unwrap();
        g.state.add_units(ME, loc, UnitType::Destroyer, 1).unwrap();
        super::tactical::damage_stack(&mut g, loc, ME, 2, THEM);
        assert_eq!(g.state.count_at(loc, UnitType::Destroyer), u8::from(owned), "owned {owned}");
        assert_eq!(g.state.damaged_at(loc, UnitType::Dreadnought), 1);
        check(&g).unwrap();
    }
}

/// Supercharge (Naaz-Rokha): "At the start of a combat round, you may exhaust this card to apply
/// +1 to the result of each of your unit's combat rolls during this combat round." Asked at the
/// start of the space combat (game 22 seats the Naaz-Rokha at seat 0): taken, the card is
/// exhausted and the attacker's first round is boosted.
#[test]
fn supercharge_adds_1_to_the_combat_rolls_of_one_round() {
    use super::faction_tests::attack_next_door;
    use crate::ti4::rules::{Source, Window};
    const NAAZ: u64 = 22;
    let theirs = [(UnitType::Dreadnought, 3)];
    let (g, _) = attack_next_door(NAAZ, &theirs, |_| {});
    assert_eq!(g.step, Step::Space, "no card: nothing to decide");
    let t = g.content().tech("supercharge").unwrap();
    let (mut g, _) = attack_next_door(NAAZ, &theirs, |g| {
        g.state.player_mut(ME).techs.insert(t);
    });
    let src = Source::Tech(t);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SpaceCombatStart)));
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    g.apply(Action::Choose(src, 0));
    check(&g).unwrap();
    assert!(g.state.player(ME).exhausted_techs.contains(t));
    assert_eq!(g.step, Step::Space);
    assert_eq!(g.flow.tactical.space.unwrap().boost(), [true, false], "the first round is boosted");
}

/// Yin Spinner (Yin): "After 2 or more of your units use PRODUCTION, place 1 infantry from your
/// reinforcements on a planet you control in that system." Fighters produced in a system with
/// two Yin space docks bring 1 infantry onto a planet there; with one dock, none (game 14
/// seats the Yin at seat 0).
#[test]
fn yin_spinner_places_an_infantry_after_2_units_use_production() {
    const YIN: u64 = 14;
    let mut g = scenario_of(super::tests::six_player_game(YIN));
    let c = g.content.clone();
    assert_eq!(c.factions[g.state.player(ME).faction.idx()].key, "yin");
    g.state.player_mut(ME).techs.insert(c.tech("yin_spinner").unwrap());
    g.state.player_mut(ME).trade_goods = 10;
    // A system with two planets, both the Yin's.
    let sl = (0..g.state.num_systems)
        .find(|&sl| {
            !g.home_slot[..6].contains(&sl) && (0..2).all(|n| g.state.planet_at(&c, Location::Planet(sl, n)).is_some())
        })
        .expect("a two-planet system");
    for n in 0..2 {
        let pl = g.state.planet_at(&c, Location::Planet(sl, n)).unwrap();
        crate::ti4::control::gain_control(&c, &mut g.state, ME, pl, false).unwrap();
    }
    let infantry_after = |mut g: Ti4Game, docks: u8| {
        for n in 0..docks {
            g.state.add_units(ME, Location::Planet(sl, n), UnitType::SpaceDock, 1).unwrap();
        }
        g.apply(Action::Activate(sl));
        g.apply(Action::Done);
        assert_eq!(g.step, Step::Produce(ME));
        g.apply(Action::Produce(UnitType::Fighter));
        g.apply(Action::Done);
        super::payment_tests::pay_first_way(&mut g);
        check(&g).unwrap();
        (0..2).map(|n| g.state.count_at(Location::Planet(sl, n), UnitType::Infantry)).sum::<u8>()
    };
    assert_eq!(infantry_after(g.clone(), 1), 0, "1 unit used PRODUCTION");
    assert_eq!(infantry_after(g, 2), 1, "2 units used PRODUCTION");
}
