//! Movement bonuses and gravity rifts, named after the rule they check: Gravity Drive
//! (technology), Slipstream and Quantum Entanglement (Creuss), Gravity rift 41.

use super::rule_tests::{home, legal, scenario, scenario_of, slot_at_distance, ME};
use super::tests::check;
use super::*;
use crate::game::{Game, Turn};
use crate::ti4::galaxy::{bits, Anomaly};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn give_tech(g: &mut Ti4Game, key: &str) {
    let t = g.content().tech(key).expect("tech");
    g.state.player_mut(ME).techs.insert(t);
}

/// A plain system at distance 2 from `from` that a move-2 ship reaches without bonuses.
fn plain_far(g: &Ti4Game, from: u8) -> u8 {
    let blocked = 0;
    (0..g.state.num_systems)
        .find(|&sl| {
            g.galaxy().distance(from, sl) == Some(2)
                && g.galaxy().anomalies(sl) == 0
                && !g.home_slot[..6].contains(&sl)
                && sl != g.galaxy().mecatol()
                && tactical::route(g, ME, &tactical::Mover::of(g, ME).with_blocked(blocked), from, sl, 2)
                    .is_some_and(|r| r == tactical::Route { gravity_drive: false, rift_roll: false })
        })
        .expect("a plain system two moves away")
}

#[test]
fn gravity_drive_adds_one_to_the_move_value_of_one_ship() {
    let mut g = scenario();
    let h = home(&g);
    g.state.player_mut(ME).techs = TechSet::EMPTY;
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 2).unwrap();
    let far = plain_far(&g, h);
    let mut without = g.clone();
    without.apply(Action::Activate(far));
    assert!(!legal(&without).contains(&Action::Move(h, UnitType::Carrier)), "move 1 does not reach distance 2");
    give_tech(&mut g, "gravity_drive");
    g.apply(Action::Activate(far));
    assert!(legal(&g).contains(&Action::Move(h, UnitType::Carrier)), "Gravity Drive: +1 for one ship");
    g.apply(Action::Move(h, UnitType::Carrier));
    assert!(g.flow.tactical.move_bonus_used);
    assert!(!legal(&g).contains(&Action::Move(h, UnitType::Carrier)), "only 1 ship per tactical action");
    g.apply(Action::Done);
    assert_eq!(g.state.count_at(Location::Space(far), UnitType::Carrier), 1);
    check(&g).unwrap();
}

#[test]
fn gravity_drive_is_not_spent_on_a_ship_that_arrives_without_it() {
    let mut g = scenario();
    let h = home(&g);
    g.state.player_mut(ME).techs = TechSet::EMPTY;
    give_tech(&mut g, "gravity_drive");
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 2).unwrap();
    let near = slot_at_distance(&g, h, 1);
    g.apply(Action::Activate(near));
    g.apply(Action::Move(h, UnitType::Carrier));
    assert!(!g.flow.tactical.move_bonus_used, "move 1 reaches distance 1 unaided");
}

/// A 6-player game with the Ghosts of Creuss in seat 0, cleared as [`scenario`].
fn creuss_scenario() -> Ti4Game {
    let c = Content::embedded();
    let keys = ["ghost", "hacan", "letnev", "xxcha", "jolnar", "yssaril"];
    let factions: Vec<FactionId> = keys.iter().map(|k| c.faction(k).expect("faction")).collect();
    let g = Ti4Game::new(c, &factions, &MapChoice::Random(5), Ti4Options::default()).expect("setup");
    let mut g = scenario_of(g);
    g.state.player_mut(ME).techs = TechSet::EMPTY;
    g
}

#[test]
fn slipstream_creuss_ships_leaving_the_home_system_move_one_further() {
    let mut g = creuss_scenario();
    let h = home(&g);
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
    // The home (tile 51) is off the board; its only neighbour is the gate (delta wormhole).
    let gate = g.galaxy().homes()[0].board_slot;
    assert!(g.galaxy().neighbours(h) >> gate & 1 == 1, "home and gate are adjacent");
    let beyond = bits(g.galaxy().neighbours(gate))
        .find(|&sl| sl != h && g.galaxy().anomalies(sl) == 0)
        .expect("a plain system next to the gate");
    assert!(legal(&g).contains(&Action::Activate(beyond)), "a move-1 carrier reaches two systems out");
    g.apply(Action::Activate(beyond));
    assert!(legal(&g).contains(&Action::Move(h, UnitType::Carrier)));
    assert!(!g.flow.tactical.move_bonus_used);
}

#[test]
fn slipstream_does_not_apply_outside_home_and_alpha_beta_systems() {
    let mut g = creuss_scenario();
    let h = home(&g);
    let wormholes = g.galaxy().wormhole_slots(crate::ti4::galaxy::Wormhole::Alpha)
        | g.galaxy().wormhole_slots(crate::ti4::galaxy::Wormhole::Beta);
    // A plain system two moves from a plain start that is neither home nor a wormhole (and not
    // next to a gravity rift, whose +1 would carry the ship).
    let start = (0..g.state.num_systems)
        .find(|&sl| {
            sl != h
                && wormholes >> sl & 1 == 0
                && g.galaxy().anomalies(sl) == 0
                && !g.home_slot[..6].contains(&sl)
                && g.galaxy().neighbours(sl) & g.galaxy().anomaly_slots(Anomaly::GravityRift) == 0
        })
        .expect("a plain start");
    g.state.add_units(ME, Location::Space(start), UnitType::Carrier, 1).unwrap();
    let far = plain_far(&g, start);
    g.apply(Action::Activate(far));
    assert!(!legal(&g).contains(&Action::Move(start, UnitType::Carrier)), "no Slipstream bonus here");
}

/// A scenario whose map has a gravity rift with a plain neighbour; returns (rift, neighbour).
fn rift_scenario() -> (Ti4Game, u8, u8) {
    for seed in 1..200 {
        let c = Content::embedded();
        let keys = ["hacan", "letnev", "xxcha", "jolnar", "yssaril", "sol"];
        let factions: Vec<FactionId> = keys.iter().map(|k| c.faction(k).expect("faction")).collect();
        let g = Ti4Game::new(c, &factions, &MapChoice::Random(seed), Ti4Options::default()).expect("setup");
        let rifts = g.galaxy().anomaly_slots(Anomaly::GravityRift);
        for rift in bits(rifts) {
            let plain = bits(g.galaxy().neighbours(rift)).find(|&sl| {
                g.galaxy().anomalies(sl) == 0 && !g.home_slot[..6].contains(&sl) && sl != g.galaxy().mecatol()
            });
            if let Some(n) = plain {
                let mut g = scenario_of(g);
                g.state.player_mut(ME).techs = TechSet::EMPTY;
                return (g, rift, n);
            }
        }
    }
    panic!("no map with a gravity rift next to a plain system");
}

#[test]
fn gravity_rift_41_ships_leaving_a_rift_roll_and_die_on_1_to_3() {
    let (mut g, rift, near) = rift_scenario();
    g.state.add_units(ME, Location::Space(rift), UnitType::Destroyer, 1).unwrap();
    g.apply(Action::Activate(near));
    g.apply(Action::Move(rift, UnitType::Destroyer));
    assert_eq!(g.flow.tactical.rift[UnitType::Destroyer.idx()], 1, "a ship moving out of a rift rolls");
    g.apply(Action::Done);
    assert_eq!(g.step, Step::SpaceCannon, "the roll is a chance event");
    assert_eq!(g.current(), Turn::Chance);
    let mut lost = 0;
    let n = 400;
    for seed in 0..n {
        let mut x = g.clone();
        x.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
        check(&x).unwrap();
        lost += (x.state.count_at(Location::Space(near), UnitType::Destroyer) == 0) as u32;
    }
    // 3 in 10: 120 of 400 expected; 4.5 standard deviations either side.
    assert!((80..=160).contains(&lost), "{lost} of {n} destroyed");
}

#[test]
fn gravity_rift_41_leaving_a_rift_adds_one_to_the_move_value() {
    let (mut g, rift, _) = rift_scenario();
    g.state.add_units(ME, Location::Space(rift), UnitType::Carrier, 1).unwrap();
    let two = (0..g.state.num_systems)
        .find(|&sl| {
            g.galaxy().distance(rift, sl) == Some(2)
                && tactical::route(&g, ME, &tactical::Mover::of(&g, ME).with_blocked(0), rift, sl, 1).is_some()
        })
        .expect("a system two moves from the rift that a move-1 ship reaches");
    let r = tactical::route(&g, ME, &tactical::Mover::of(&g, ME).with_blocked(0), rift, two, 1).unwrap();
    assert!(r.rift_roll && !r.gravity_drive);
    assert!(legal(&g).contains(&Action::Activate(two)));
}

#[test]
fn gravity_rift_41_a_ship_avoids_the_rift_when_it_can() {
    let (g, rift, near) = rift_scenario();
    // A ship next to `near` by a path that does not cross the rift does not roll.
    let from = bits(g.galaxy().neighbours(near))
        .find(|&sl| sl != rift && g.galaxy().anomalies(sl) == 0)
        .expect("a plain neighbour");
    let r = tactical::route(&g, ME, &tactical::Mover::of(&g, ME).with_blocked(0), from, near, 1).unwrap();
    assert!(!r.rift_roll, "no roll when the rift is not used");
}

#[test]
fn capacity_16_a_space_dock_carries_up_to_three_fighters_in_its_system() {
    let mut g = scenario();
    let h = home(&g);
    g.state.add_units(ME, Location::Space(h), UnitType::Fighter, 4).unwrap();
    let c = g.content.clone();
    assert_eq!(tactical::space_load(&c, &g.state, h), (0, 4), "no dock: every fighter counts");
    g.state.add_units(ME, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
    assert_eq!(tactical::space_load(&c, &g.state, h), (0, 1), "the dock carries 3 of the 4");
    tactical::enforce_capacity(&mut g, h, None);
    assert_eq!(g.state.count_at(Location::Space(h), UnitType::Fighter), 3, "the fourth is removed");
    check(&g).unwrap();
}

/// Issue 11's movement query ([`Ti4Game::ship_reach`]) against the movement the round loop
/// offers (Movement 58 with Gravity Drive, Slipstream, rifts and the Creuss tokens): for every
/// player, ship system, move value and target system of positions along random games, the query
/// says "reaches" exactly when [`tactical::route`] finds a way (a differential test).
#[test]
fn movement_58_the_ship_reach_query_agrees_with_the_routes_the_game_offers() {
    let mut g = super::tests::six_player_game(4);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut buf = Vec::new();
    let (mut checked, mut reached) = (0u32, 0u32);
    for step in 0..3000 {
        if g.end_condition().is_some() {
            break;
        }
        if step % 150 == 0 {
            for p in g.state.seats().filter(|&p| g.state.player(p).in_game) {
                let query = g.ship_reach(p);
                let m = tactical::Mover::of(&g, p);
                for from in (0..g.state.num_systems).filter(|&sl| g.state.systems[sl as usize].space.owner == p.0) {
                    for base in 1..=3u8 {
                        let set = query.systems(from, base);
                        for to in 0..g.state.num_systems {
                            let routed = tactical::route(&g, p, &m, from, to, base).is_some();
                            assert_eq!(
                                set >> to & 1 == 1,
                                routed,
                                "step {step} seat {} {from} -> {to} move {base}",
                                p.0
                            );
                            checked += 1;
                            reached += routed as u32;
                        }
                    }
                }
            }
        }
        if g.current() == Turn::Chance {
            g.apply_chance(&mut rng);
        } else {
            g.legal_actions(&mut buf);
            g.apply(buf[rand::RngExt::random_range(&mut rng, 0..buf.len())]);
        }
    }
    assert!(checked > 5_000 && reached > 500, "{checked} pairs, {reached} reached");
}

/// A 6-player game seating the Muaat at seat 0 on random map `seed`.
fn muaat_game(seed: u64) -> Ti4Game {
    let c = Content::embedded();
    let keys = ["muaat", "hacan", "letnev", "xxcha", "jolnar", "sol"];
    let factions: Vec<FactionId> = keys.iter().map(|k| c.faction(k).expect("faction")).collect();
    Ti4Game::new(c, &factions, &MapChoice::Random(seed), Ti4Options::default()).expect("setup")
}

/// Gashlai Physiology (Muaat): "Your ships can move through supernovas", never into one
/// (Supernova 86.1). A map with a supernova between two plain systems that a move-2 ship
/// reaches only through it: the Muaat destroyer moves through it; the Hacan one (seat 1, the
/// same position) cannot; nobody may activate the supernova to end a move there.
#[test]
fn muaat_gashlai_physiology_moves_ships_through_a_supernova() {
    use crate::ti4::galaxy::MoverTraits;
    let plain = |g: &Ti4Game, sl: u8| {
        g.galaxy().anomalies(sl) == 0 && !g.home_slot[..6].contains(&sl) && sl != g.galaxy().mecatol()
    };
    for seed in 1..400 {
        let g = muaat_game(seed);
        let gal = g.galaxy();
        let muaat = MoverTraits { gashlai_physiology: true, ..MoverTraits::default() };
        for nova in bits(gal.anomaly_slots(Anomaly::Supernova)) {
            for from in bits(gal.neighbours(nova)).filter(|&sl| plain(&g, sl)) {
                let through = gal.reach(from, &gal.anomaly_reach(2, muaat, false));
                let around = gal.reach(from, &gal.anomaly_reach(2, MoverTraits::default(), false));
                let Some(to) = bits(through & !around & gal.neighbours(nova)).find(|&sl| plain(&g, sl)) else {
                    continue;
                };
                assert_eq!(through >> nova & 1, 0, "86.1: a move never ends in a supernova");
                let mut g = scenario_of(g);
                g.state.player_mut(ME).techs = TechSet::EMPTY;
                g.state.add_units(ME, Location::Space(from), UnitType::Destroyer, 1).unwrap();
                g.state.player_mut(ME).tactic = 3;
                let offered = legal(&g);
                assert!(offered.contains(&Action::Activate(to)), "seed {seed}: the destroyer reaches {to}");
                assert!(!offered.contains(&Action::Activate(nova)), "no move ends in the supernova");
                g.apply(Action::Activate(to));
                assert!(legal(&g).contains(&Action::Move(from, UnitType::Destroyer)));
                g.apply(Action::Move(from, UnitType::Destroyer));
                check(&g).unwrap();
                // The Hacan (seat 1) in the same position: no way through.
                let mut h = scenario_of(muaat_game(seed));
                let them = Player(1);
                h.state.add_units(them, Location::Space(from), UnitType::Destroyer, 1).unwrap();
                let m = tactical::Mover::of(&h, them);
                assert_eq!(tactical::route(&h, them, &m, from, to, 2), None, "seed {seed}: no Gashlai Physiology");
                return;
            }
        }
    }
    panic!("no map with a supernova between two plain systems");
}

/// Magmus Reactor Ω (Muaat): "Your ships can move into supernovas": with the card, a supernova
/// next to a Muaat ship can be activated and the ship moves into it; without it, it cannot.
#[test]
fn muaat_magmus_reactor_moves_ships_into_a_supernova() {
    for seed in 1..400 {
        let g = muaat_game(seed);
        let gal = g.galaxy();
        let Some((nova, from)) = bits(gal.anomaly_slots(Anomaly::Supernova)).find_map(|nova| {
            bits(gal.neighbours(nova))
                .find(|&sl| gal.anomalies(sl) == 0 && !g.home_slot[..6].contains(&sl) && sl != gal.mecatol())
                .map(|from| (nova, from))
        }) else {
            continue;
        };
        let mut g = scenario_of(g);
        g.state.player_mut(ME).techs = TechSet::EMPTY;
        g.state.add_units(ME, Location::Space(from), UnitType::Destroyer, 1).unwrap();
        g.state.player_mut(ME).tactic = 3;
        assert!(!legal(&g).contains(&Action::Activate(nova)), "seed {seed}: 86.1 without the card");
        let (c, t) = (g.content.clone(), g.content().tech("magmus_reactor").expect("tech"));
        crate::ti4::technology::gain(&c, &mut g.state, ME, t).expect("Muaat may own its faction technology");
        assert!(legal(&g).contains(&Action::Activate(nova)), "seed {seed}: into the supernova with the card");
        g.apply(Action::Activate(nova));
        g.apply(Action::Move(from, UnitType::Destroyer));
        g.apply(Action::Done);
        check(&g).unwrap();
        return;
    }
    panic!("no map with a supernova next to a plain system");
}
