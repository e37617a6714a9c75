//! Objective card tests (digest §7, `engine/data/objectives.json`): one test per objective
//! whose condition the engine evaluates, named after the card, on a set-up 6-player game with
//! units and planets placed by hand. Each checks the condition just short of the card's text
//! and just met, through [`meets`] (the status phase's scoring reads the same function), and
//! that the card's entry compiles to that condition.

use super::action_cards::neighbours;
use super::objectives::{meets, Cond, SystemFilter};
use super::tests::six_player_game;
use super::*;
use crate::ti4::components::Zone;
use crate::ti4::galaxy::bits;
use crate::ti4::state::Location;

const ME: Player = Player(0);

/// Game 0: Sol (seat 0, one home planet), Xxcha (1, two), Naalu, Arborec, Muaat, Nekro.
fn game() -> Ti4Game {
    six_player_game(0)
}

/// The condition of public (`public`) or secret objective `id` in the game's table.
fn cond_of(g: &Ti4Game, public: bool, id: &str) -> Cond {
    let cards = &g.content.cards;
    let c = if public {
        g.objectives.public[cards.public_objective(id).expect("public objective").idx()]
    } else {
        g.objectives.secret[cards.secret_objective(id).expect("secret objective").idx()]
    };
    c.unwrap_or_else(|| panic!("{id} has no condition"))
}

/// Removes every unit from the space area of `sl`.
fn clear_space(g: &mut Ti4Game, sl: u8) {
    for t in UnitType::ALL {
        let k = g.state.count_at(Location::Space(sl), t);
        if k > 0 {
            g.state.remove_units(Location::Space(sl), t, k).unwrap();
        }
    }
}

/// `n` units of type `t` of `p` alone in the space area of `sl`.
fn ships(g: &mut Ti4Game, p: Player, sl: u8, t: UnitType, n: u8) {
    clear_space(g, sl);
    g.state.add_units(p, Location::Space(sl), t, n).unwrap();
}

fn is_home(g: &Ti4Game, sl: u8) -> bool {
    g.home_slot[..6].contains(&sl)
}

/// A system next to seat `q`'s home that is nobody's home, the lowest such slot.
fn next_to_home(g: &Ti4Game, q: usize) -> u8 {
    bits(g.galaxy().neighbours(g.home_slot[q])).find(|&sl| !is_home(g, sl)).expect("a system next to the home")
}

fn planets_of(g: &Ti4Game, sl: u8) -> Vec<PlanetId> {
    g.content.systems[g.galaxy().tile(sl).idx()].planets.clone()
}

#[test]
fn objectives_cut_supply_lines_ships_in_a_system_with_another_players_space_dock() {
    let mut g = game();
    assert_eq!(cond_of(&g, false, "cut_supply_lines"), Cond::ShipsWithOtherDock);
    assert!(!meets(&g, ME, Cond::ShipsWithOtherDock), "ships beside the own dock only");
    let (dock, _) = g.state.locations_of(Player(1), UnitType::SpaceDock).next().expect("seat 1 has a dock");
    let Location::Planet(sl, _) = dock else { panic!("a dock on a planet") };
    ships(&mut g, ME, sl, UnitType::Destroyer, 1);
    assert!(meets(&g, ME, Cond::ShipsWithOtherDock));
    assert!(!meets(&g, Player(1), Cond::ShipsWithOtherDock), "its own dock does not count");
}

#[test]
fn objectives_establish_a_perimeter_four_pds_on_the_board() {
    let mut g = game();
    assert_eq!(cond_of(&g, false, "establish_a_perimeter"), Cond::Pds(4));
    let home = Location::Planet(g.home_slot[0], 0);
    while g.state.player(ME).on_board[UnitType::Pds.idx()] < 3 {
        g.state.add_units(ME, home, UnitType::Pds, 1).unwrap();
    }
    assert!(!meets(&g, ME, Cond::Pds(4)));
    g.state.add_units(ME, home, UnitType::Pds, 1).unwrap();
    assert!(meets(&g, ME, Cond::Pds(4)));
}

#[test]
fn objectives_form_a_spy_network_five_action_cards_in_hand() {
    let mut g = game();
    assert_eq!(cond_of(&g, false, "form_a_spy_network"), Cond::ActionCardsInHand(5));
    let copies = g.content.cards.action_copies.len();
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(ME)), 0);
    for k in 0..4 {
        g.state.action_cards.set(k, Zone::Hand(ME));
    }
    g.state.action_cards.set(4, Zone::Hand(Player(1)));
    assert!(!meets(&g, ME, Cond::ActionCardsInHand(5)), "another hand's card does not count");
    g.state.action_cards.set(5, Zone::Hand(ME));
    assert!(meets(&g, ME, Cond::ActionCardsInHand(5)));
}

#[test]
fn objectives_foster_cohesion_neighbours_with_every_other_player() {
    let mut g = game();
    assert_eq!(cond_of(&g, false, "foster_cohesion"), Cond::NeighbourOfAll);
    assert!(!meets(&g, ME, Cond::NeighbourOfAll), "home systems are not adjacent at setup");
    for q in 1..5 {
        let sl = next_to_home(&g, q);
        ships(&mut g, ME, sl, UnitType::Destroyer, 1);
    }
    let near = neighbours(&g, ME);
    assert_eq!(meets(&g, ME, Cond::NeighbourOfAll), near >> 5 & 1 == 1, "seat 5 decides");
    let sl = next_to_home(&g, 5);
    ships(&mut g, ME, sl, UnitType::Destroyer, 1);
    assert!((1..6).all(|q| neighbours(&g, ME) >> q & 1 == 1));
    assert!(meets(&g, ME, Cond::NeighbourOfAll));
    // An eliminated player is no longer a player to be neighbours with.
    let far = g.state.seats().find(|&q| q != ME && neighbours(&g, ME) >> q.0 & 1 == 1).unwrap();
    g.state.player_mut(far).in_game = false;
    assert!(meets(&g, ME, Cond::NeighbourOfAll));
}

#[test]
fn objectives_produce_en_masse_production_eight_in_one_system() {
    let mut g = game();
    assert_eq!(cond_of(&g, false, "produce_en_masse"), Cond::ProductionInOneSystem(8));
    let home = g.home_slot[0];
    let v = tactical::production_value(&g, ME, home);
    assert!(v < 8, "Jord's dock: {v}");
    assert!(meets(&g, ME, Cond::ProductionInOneSystem(v as u8)));
    assert!(!meets(&g, ME, Cond::ProductionInOneSystem(v as u8 + 1)));
    assert!(!meets(&g, ME, Cond::ProductionInOneSystem(8)));
    // A second dock in the same system adds its PRODUCTION there.
    g.state.add_units(ME, Location::Planet(home, 0), UnitType::SpaceDock, 1).unwrap();
    assert_eq!(tactical::production_value(&g, ME, home), 2 * v);
    assert!(meets(&g, ME, Cond::ProductionInOneSystem(8)));
}

#[test]
fn objectives_stake_your_claim_a_planet_in_a_system_with_another_players_planet() {
    let mut g = game();
    assert_eq!(cond_of(&g, false, "stake_your_claim"), Cond::SharedPlanetSystem);
    let sl = (0..g.state.num_systems)
        .find(|&sl| !is_home(&g, sl) && planets_of(&g, sl).len() >= 2)
        .expect("a system with two planets");
    let pl = planets_of(&g, sl);
    g.state.player_mut(ME).planets.insert(pl[0]);
    assert!(!meets(&g, ME, Cond::SharedPlanetSystem));
    g.state.player_mut(ME).planets.insert(pl[1]);
    assert!(!meets(&g, ME, Cond::SharedPlanetSystem), "both planets are mine");
    g.state.player_mut(ME).planets.remove(pl[1]);
    g.state.player_mut(Player(3)).planets.insert(pl[1]);
    assert!(meets(&g, ME, Cond::SharedPlanetSystem));
    assert!(meets(&g, Player(3), Cond::SharedPlanetSystem));
}

#[test]
fn objectives_strengthen_bonds_another_players_note_in_your_play_area() {
    let mut g = game();
    assert_eq!(cond_of(&g, false, "strengthen_bonds"), Cond::OthersNote);
    assert!(!meets(&g, ME, Cond::OthersNote));
    g.state.notes.set(Player(2), 0, Zone::Hand(ME));
    assert!(!meets(&g, ME, Cond::OthersNote), "in hand is not in play");
    g.state.notes.set(ME, 0, Zone::PlayArea(ME));
    assert!(!meets(&g, ME, Cond::OthersNote), "an own note does not count");
    g.state.notes.set(Player(2), 0, Zone::PlayArea(ME));
    assert!(meets(&g, ME, Cond::OthersNote));
    assert!(!meets(&g, Player(1), Cond::OthersNote));
}

#[test]
fn objectives_populate_the_outer_rim_and_control_the_borderlands_units_on_the_edge() {
    let mut g = game();
    let (rim, borderlands) =
        (cond_of(&g, true, "populate_the_outer_rim"), cond_of(&g, true, "control_the_borderlands"));
    assert_eq!(
        (rim, borderlands),
        (Cond::SystemsWithUnits(3, SystemFilter::Edge), Cond::SystemsWithUnits(5, SystemFilter::Edge))
    );
    let edge = g.galaxy().edge_systems();
    assert!(edge >> g.home_slot[0] & 1 == 1, "the home is on the edge");
    assert!(!meets(&g, ME, rim), "but does not count");
    let open: Vec<u8> = bits(edge).filter(|&sl| !is_home(&g, sl)).collect();
    let inner = bits(!edge & g.galaxy().all()).find(|&sl| !is_home(&g, sl) && sl != g.galaxy().mecatol()).unwrap();
    ships(&mut g, ME, inner, UnitType::Destroyer, 1);
    for (k, &sl) in open.iter().take(5).enumerate() {
        assert_eq!(meets(&g, ME, rim), k >= 3, "{k} edge systems");
        assert!(!meets(&g, ME, borderlands));
        ships(&mut g, ME, sl, UnitType::Destroyer, 1);
    }
    assert!(meets(&g, ME, borderlands));
}

#[test]
fn objectives_push_boundaries_more_planets_than_each_of_two_neighbours() {
    let mut g = game();
    assert_eq!(cond_of(&g, true, "push_boundaries"), Cond::MorePlanetsThanNeighbours(2));
    // Sol becomes neighbour of seats 1 and 2 (ships next to their homes).
    for q in [1, 2] {
        let sl = next_to_home(&g, q);
        ships(&mut g, ME, sl, UnitType::Destroyer, 1);
    }
    let near = neighbours(&g, ME);
    assert!(near >> 1 & 1 == 1 && near >> 2 & 1 == 1);
    // Nobody else holds a planet: more than every neighbour.
    for q in 1..6 {
        g.state.player_mut(Player(q)).planets = PlanetSet::EMPTY;
    }
    let fewer =
        |g: &Ti4Game| (1..6u8).filter(|&q| near >> q & 1 == 1 && g.state.player(Player(q)).planets.is_empty()).count();
    assert_eq!(meets(&g, ME, Cond::MorePlanetsThanNeighbours(2)), fewer(&g) >= 2);
    assert!(meets(&g, ME, Cond::MorePlanetsThanNeighbours(2)));
    // Seats 1 and 2 take back their home planets (at least as many as Sol's one): only the
    // other neighbours, if any, are still behind.
    for q in [1usize, 2] {
        let home = planets_of(&g, g.home_slot[q]);
        g.state.player_mut(Player(q as u8)).planets = home.into_iter().collect();
    }
    assert_eq!(meets(&g, ME, Cond::MorePlanetsThanNeighbours(2)), fewer(&g) >= 2);
    assert_eq!(meets(&g, ME, Cond::MorePlanetsThanNeighbours(1)), fewer(&g) >= 1);
    // A player who is not a neighbour never counts, however few planets they have.
    let strangers = (1..6u8).filter(|&q| near >> q & 1 == 0).count();
    assert!(strangers > 0 && fewer(&g) < 2, "{strangers} players far away");
    assert!(!meets(&g, ME, Cond::MorePlanetsThanNeighbours(2)));
}

#[test]
fn objectives_achieve_supremacy_flagship_or_war_sun_in_another_home_or_mecatol() {
    let mut g = game();
    assert_eq!(cond_of(&g, true, "achieve_supremacy"), Cond::SupremacyShip);
    let own = g.home_slot[0];
    ships(&mut g, ME, own, UnitType::Flagship, 1);
    assert!(!meets(&g, ME, Cond::SupremacyShip), "the own home does not count");
    let mecatol = g.galaxy().mecatol();
    ships(&mut g, ME, mecatol, UnitType::Dreadnought, 2);
    assert!(!meets(&g, ME, Cond::SupremacyShip), "a dreadnought is neither");
    clear_space(&mut g, own);
    ships(&mut g, ME, mecatol, UnitType::Flagship, 1);
    assert!(meets(&g, ME, Cond::SupremacyShip));
    clear_space(&mut g, mecatol);
    let theirs = g.home_slot[4];
    ships(&mut g, ME, theirs, UnitType::WarSun, 1);
    assert!(meets(&g, ME, Cond::SupremacyShip));
}

#[test]
fn objectives_command_an_armada_eight_non_fighter_ships_in_one_system() {
    let mut g = game();
    assert_eq!(cond_of(&g, true, "command_an_armada"), Cond::ShipsInOneSystem(8));
    let sl = next_to_home(&g, 0);
    ships(&mut g, ME, sl, UnitType::Destroyer, 7);
    g.state.add_units(ME, Location::Space(sl), UnitType::Fighter, 5).unwrap();
    assert!(!meets(&g, ME, Cond::ShipsInOneSystem(8)), "fighters do not count");
    g.state.add_units(ME, Location::Space(sl), UnitType::Cruiser, 1).unwrap();
    assert!(meets(&g, ME, Cond::ShipsInOneSystem(8)));
}

#[test]
fn objectives_rule_distant_lands_planets_near_two_different_other_homes() {
    let mut g = game();
    assert_eq!(cond_of(&g, true, "rule_distant_lands"), Cond::PlanetsNearOtherHomes(2));
    // Xxcha's two home planets: both in one other player's home system.
    let xxcha = planets_of(&g, g.home_slot[1]);
    assert_eq!(xxcha.len(), 2);
    g.state.player_mut(ME).planets = xxcha.iter().copied().collect();
    assert!(meets(&g, ME, Cond::PlanetsNearOtherHomes(1)));
    assert!(!meets(&g, ME, Cond::PlanetsNearOtherHomes(2)), "the same player's home twice");
    // A planet next to another home: two different players.
    let near_other = (2..6)
        .flat_map(|q| bits(g.galaxy().neighbours(g.home_slot[q])).filter(|&sl| !is_home(&g, sl)).collect::<Vec<_>>())
        .find(|&sl| !planets_of(&g, sl).is_empty() && g.galaxy().neighbours(sl) >> g.home_slot[1] & 1 == 0)
        .expect("a planet next to another home");
    let pl = planets_of(&g, near_other)[0];
    g.state.player_mut(ME).planets.insert(pl);
    assert!(meets(&g, ME, Cond::PlanetsNearOtherHomes(2)));
    // Planets next to the own home only count for nobody.
    let own = planets_of(&g, g.home_slot[0]);
    g.state.player_mut(ME).planets = own.into_iter().collect();
    assert!(!meets(&g, ME, Cond::PlanetsNearOtherHomes(1)));
}

/// The matching behind Rule Distant Lands: each planet counts for one player, each player
/// once.
#[test]
fn rule_distant_lands_matches_planets_to_different_players() {
    use super::objectives::distinct_seats;
    assert_eq!(distinct_seats(&[]), 0);
    assert_eq!(distinct_seats(&[0b1, 0b1]), 1);
    assert_eq!(distinct_seats(&[0b11, 0b1]), 2, "the first planet gives way");
    assert_eq!(distinct_seats(&[0b110, 0b010, 0b100, 0b001]), 3);
    assert_eq!(distinct_seats(&[0, 0b1000_0000]), 1);
}

/// docs/RULES.md, "Objectives": a row per objective of the content, whose status starts with
/// "implemented" exactly when the objective table holds its condition.
#[test]
fn rules_md_lists_every_objective() {
    let body = super::tests::rules_md_section("### Objectives");
    let status = |id: &str| -> &str {
        let prefix = format!("| {id} | ");
        let line = body.lines().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("no row for {id}"));
        line.split(" | ").nth(2).unwrap_or("")
    };
    let g = game();
    let cards = &g.content.cards;
    let rows = cards
        .public_objectives
        .iter()
        .map(|o| (&o.key, g.objectives.public[cards.public_objective(&o.key).unwrap().idx()]));
    let rows = rows.chain(
        cards
            .secret_objectives
            .iter()
            .map(|o| (&o.key, g.objectives.secret[cards.secret_objective(&o.key).unwrap().idx()])),
    );
    let mut n = 0;
    for (id, cond) in rows {
        assert_eq!(status(id).starts_with("implemented"), cond.is_some(), "docs/RULES.md, objective {id}");
        n += 1;
    }
    assert_eq!(n, 80);
}

/// Puts secret objective `id` in `p`'s hand.
fn hold_secret(g: &mut Ti4Game, p: Player, id: &str) -> usize {
    let i = g.content.cards.secret_objective(id).expect("secret objective").idx();
    g.state.secret_objectives.set(i, Zone::Hand(p));
    i
}

fn scored(g: &Ti4Game, i: usize, p: Player) -> bool {
    g.state.secret_objectives.get(i) == Zone::PlayArea(p)
}

/// The event of each action-phase secret objective of the table.
#[test]
fn objectives_action_phase_secrets_are_events() {
    use super::objectives::Event as E;
    let g = game();
    for (id, e) in [
        ("destroy_their_greatest_ship", E::DestroyGreatestShip),
        ("spark_a_rebellion", E::WinAgainstLeader),
        ("unveil_flagship", E::WinSpaceWithFlagship),
        ("betray_a_friend", E::WinAgainstNoteOwner),
        ("brave_the_void", E::WinInAnomaly),
        ("darken_the_skies", E::WinInOtherHome),
        ("demonstrate_your_power", E::ShipsAfterSpaceCombat),
        ("prove_endurance", E::LastToPass),
        ("drive_the_debate", E::ElectedByAgenda),
    ] {
        assert_eq!(cond_of(&g, false, id), Cond::Event(e), "{id}");
        for p in g.state.seats() {
            assert!(!meets(&g, p, Cond::Event(e)), "{id}: never met by a state (no status-phase scoring)");
        }
    }
}

/// A combat in slot `active` between `ME` (side 0) and seat 1: `after_combat` with `winner`,
/// seat 1 having lost `their_losses`.
fn combat_ends(g: &mut Ti4Game, active: u8, winner: Option<usize>, their_losses: &[(UnitType, u8)], space: bool) {
    g.flow.tactical.active = active;
    let mut lost = [0u8; UNIT_TYPES];
    for &(t, k) in their_losses {
        lost[t.idx()] = k;
    }
    super::objectives::after_combat(g, [ME, Player(1)], [&[0; UNIT_TYPES], &lost], winner, space, [false; 2]);
}

#[test]
fn objectives_spark_a_rebellion_win_a_combat_against_the_leader() {
    let mut g = game();
    let i = hold_secret(&mut g, ME, "spark_a_rebellion");
    let plain = next_to_home(&g, 0);
    g.state.public_objectives.set_scored(PublicObjectiveId(0), Player(2), true);
    combat_ends(&mut g, plain, Some(0), &[], true);
    assert!(!scored(&g, i, ME), "seat 1 (0 points) is not the leader: seat 2 has 1");
    g.state.public_objectives.set_scored(PublicObjectiveId(1), Player(1), true);
    combat_ends(&mut g, plain, Some(1), &[], true);
    assert!(!scored(&g, i, ME), "lost the combat");
    combat_ends(&mut g, plain, Some(0), &[], false);
    assert!(scored(&g, i, ME), "a ground combat counts too; tied for the most points");
}

#[test]
fn objectives_brave_the_void_and_darken_the_skies_win_in_an_anomaly_or_another_home() {
    let mut g = game();
    let (void, skies) = (hold_secret(&mut g, ME, "brave_the_void"), hold_secret(&mut g, ME, "darken_the_skies"));
    let plain = next_to_home(&g, 0);
    let anomaly = bits(g.galaxy().anomaly_systems()).next().expect("an anomaly");
    combat_ends(&mut g, plain, Some(0), &[], true);
    assert!(!scored(&g, void, ME) && !scored(&g, skies, ME));
    combat_ends(&mut g, anomaly, None, &[], true);
    assert!(!scored(&g, void, ME), "a stalemate is not a win");
    combat_ends(&mut g, anomaly, Some(0), &[], true);
    assert!(scored(&g, void, ME) && !scored(&g, skies, ME));
    let own = g.home_slot[0];
    combat_ends(&mut g, own, Some(0), &[], false);
    assert!(!scored(&g, skies, ME), "the own home system");
    let theirs = g.home_slot[3];
    combat_ends(&mut g, theirs, Some(0), &[], false);
    assert!(scored(&g, skies, ME));
}

#[test]
fn objectives_unveil_flagship_win_a_space_combat_beside_the_own_flagship() {
    let mut g = game();
    let i = hold_secret(&mut g, ME, "unveil_flagship");
    let sl = next_to_home(&g, 0);
    ships(&mut g, ME, sl, UnitType::Cruiser, 1);
    combat_ends(&mut g, sl, Some(0), &[], true);
    assert!(!scored(&g, i, ME), "no flagship there");
    ships(&mut g, ME, sl, UnitType::Flagship, 1);
    combat_ends(&mut g, sl, Some(0), &[], false);
    assert!(!scored(&g, i, ME), "a ground combat");
    combat_ends(&mut g, sl, Some(0), &[], true);
    assert!(scored(&g, i, ME));
}

#[test]
fn objectives_betray_a_friend_win_against_the_owner_of_a_note_in_your_play_area() {
    let mut g = game();
    let i = hold_secret(&mut g, ME, "betray_a_friend");
    let sl = next_to_home(&g, 0);
    g.state.notes.set(Player(2), 0, Zone::PlayArea(ME));
    combat_ends(&mut g, sl, Some(0), &[], true);
    assert!(!scored(&g, i, ME), "seat 2's note, seat 1 beaten");
    g.state.notes.set(Player(1), 0, Zone::PlayArea(ME));
    combat_ends(&mut g, sl, Some(0), &[], true);
    assert!(scored(&g, i, ME));
}

/// Destroy Their Greatest Ship, and rules 61's one objective per combat: with two met by one
/// combat, one is scored (the first in id order) and the other stays in hand.
#[test]
fn objectives_destroy_their_greatest_ship_and_one_objective_per_combat() {
    let mut g = game();
    let greatest = hold_secret(&mut g, ME, "destroy_their_greatest_ship");
    let sl = next_to_home(&g, 0);
    combat_ends(&mut g, sl, None, &[(UnitType::Dreadnought, 2)], true);
    assert!(!scored(&g, greatest, ME));
    let void = hold_secret(&mut g, ME, "brave_the_void");
    let anomaly = bits(g.galaxy().anomaly_systems()).next().expect("an anomaly");
    combat_ends(&mut g, anomaly, Some(0), &[(UnitType::WarSun, 1)], true);
    let first = greatest.min(void);
    assert!(scored(&g, first, ME) && !scored(&g, greatest.max(void), ME), "one per combat");
    // The loser scores no win event.
    let rebellion = hold_secret(&mut g, Player(1), "spark_a_rebellion");
    combat_ends(&mut g, anomaly, Some(0), &[], true);
    assert!(!scored(&g, rebellion, Player(1)));
}

/// Demonstrate Your Power through a real space combat: the active player's three ships
/// (a destroyer and 2 cruisers) against 2 of seat 1's destroyers; scored exactly when at
/// least 3 non-fighter ships are left in the active system, win or not.
#[test]
fn objectives_demonstrate_your_power_three_non_fighter_ships_after_a_space_combat() {
    use super::faction_tests::{attack_next_door, play_space_combat_declining};
    use rand::SeedableRng;
    let (mut seen_scored, mut seen_not) = (false, false);
    for seed in 0..12u64 {
        let (mut g, target) = attack_next_door(1, &[(UnitType::Destroyer, 2)], |g| {
            hold_secret(g, ME, "demonstrate_your_power");
        });
        let i = g.content.cards.secret_objective("demonstrate_your_power").unwrap().idx();
        play_space_combat_declining(&mut g, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
        let area = &g.state.systems[target as usize].space;
        let mine: u8 = if area.owner == ME.0 { area.count[UnitType::Fighter.idx() + 1..].iter().sum() } else { 0 };
        let here = mine + g.flow.tactical.transit[UnitType::Fighter.idx() + 1..].iter().sum::<u8>();
        assert_eq!(scored(&g, i, ME), here >= 3, "seed {seed}: {here} ships left");
        seen_scored |= here >= 3;
        seen_not |= here < 3;
    }
    assert!(seen_scored && seen_not);
}

/// Prove Endurance: the last player in the game to pass scores it when passing; a player who
/// passes while another has not passed does not.
#[test]
fn objectives_prove_endurance_be_the_last_player_to_pass() {
    use crate::game::Game;
    let mut g = super::rule_tests::scenario_of(game());
    let i = hold_secret(&mut g, ME, "prove_endurance");
    g.flow.passed = 0b11_1100;
    g.apply(Action::Pass);
    assert!(!scored(&g, i, ME), "seat 1 has not passed");
    let mut g = super::rule_tests::scenario_of(game());
    hold_secret(&mut g, ME, "prove_endurance");
    g.state.player_mut(Player(1)).in_game = false;
    g.flow.passed = 0b11_1100;
    g.apply(Action::Pass);
    assert!(scored(&g, i, ME), "everyone else in the game passed");
}

/// Turn Their Fleets to Dust through the space cannon offense step: `ME` (PDS II on its home,
/// next door) activates the system where seat 1 has one destroyer; scored exactly when the
/// cannon destroys it, over 12 dice seeds.
#[test]
fn objectives_turn_their_fleets_to_dust_space_cannon_destroys_the_last_ships() {
    use super::faction_tests::attack_next_door;
    use crate::game::{Game, Turn};
    use rand::SeedableRng;
    let (mut seen_scored, mut seen_not) = (false, false);
    for seed in 0..12u64 {
        let (mut g, target) = attack_next_door(1, &[(UnitType::Destroyer, 1)], |g| {
            hold_secret(g, ME, "turn_their_fleets_to_dust");
            let c = g.content.clone();
            crate::ti4::technology::gain(&c, &mut g.state, ME, c.tech("pds_ii").unwrap()).unwrap();
            let home = Location::Planet(g.home_slot[0], 0);
            g.state.add_units(ME, home, UnitType::Pds, 1).unwrap();
        });
        let i = g.content.cards.secret_objective("turn_their_fleets_to_dust").unwrap().idx();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        // The movement is done: the space cannon offense is the next chance event.
        if g.current() == Turn::Chance {
            g.apply_chance(&mut rng);
        }
        let theirs = g.state.systems[target as usize].space.owner == 1
            || g.flow
                .tactical
                .space
                .is_some_and(|c| c.force(crate::ti4::combat::Side::Defender).non_fighter_ships() > 0);
        assert_eq!(scored(&g, i, ME), !theirs, "seed {seed}");
        seen_scored |= !theirs;
        seen_not |= theirs;
    }
    assert!(seen_scored && seen_not);
}

/// Make an Example of Their World through the bombardment of an invasion: `ME`'s dreadnought
/// over a planet where seat 1 has one infantry; scored exactly when the bombardment destroys
/// it, over 12 dice seeds.
#[test]
fn objectives_make_an_example_of_their_world_bombardment_destroys_the_last_ground_forces() {
    use rand::SeedableRng;
    let (mut seen_scored, mut seen_not) = (false, false);
    for seed in 0..12u64 {
        let mut g = super::rule_tests::scenario_of(game());
        let i = hold_secret(&mut g, ME, "make_an_example_of_their_world");
        let sl = (0..g.state.num_systems)
            .find(|&sl| !is_home(&g, sl) && sl != g.galaxy().mecatol() && !planets_of(&g, sl).is_empty())
            .unwrap();
        let pl = planets_of(&g, sl)[0];
        g.state.player_mut(Player(1)).planets.insert(pl);
        g.state.add_units(Player(1), Location::Planet(sl, 0), UnitType::Infantry, 1).unwrap();
        g.state.add_units(ME, Location::Space(sl), UnitType::Dreadnought, 1).unwrap();
        g.flow.tactical.active = sl;
        let _ = invasion::invasion_rolls(&mut g, 0, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
        let left = g.state.count_at(Location::Planet(sl, 0), UnitType::Infantry);
        assert_eq!(scored(&g, i, ME), left == 0, "seed {seed}");
        seen_scored |= left == 0;
        seen_not |= left > 0;
    }
    assert!(seen_scored && seen_not);
}

/// Become a Martyr: a player who loses control of a planet in a home system during the action
/// phase (here seat 1, Xxcha, one of its two home planets) scores it; a planet outside every
/// home does not count.
#[test]
fn objectives_become_a_martyr_lose_control_of_a_planet_in_a_home_system() {
    let mut g = super::rule_tests::scenario_of(game());
    let i = hold_secret(&mut g, Player(1), "become_a_martyr");
    let sl = (0..g.state.num_systems)
        .find(|&sl| !is_home(&g, sl) && sl != g.galaxy().mecatol() && !planets_of(&g, sl).is_empty())
        .unwrap();
    let pl = planets_of(&g, sl)[0];
    g.state.player_mut(Player(1)).planets.insert(pl);
    assert!(invasion::gain_planet(&mut g, ME, Location::Planet(sl, 0)));
    assert!(!scored(&g, i, Player(1)), "not a home planet");
    let home = g.home_slot[1];
    assert!(invasion::gain_planet(&mut g, ME, Location::Planet(home, 0)));
    assert!(g.state.player(Player(1)).in_game);
    assert!(scored(&g, i, Player(1)));
}

/// Fight with Precision through real space combats: `ME`'s destroyer (ANTI-FIGHTER BARRAGE)
/// and 2 cruisers against seat 1's carrier and fighter. The combat reports a cleared barrage
/// only with the defender's fighters gone, and the objective is scored exactly when it did,
/// over 16 dice seeds (both outcomes seen).
#[test]
fn objectives_fight_with_precision_barrage_destroys_the_last_fighters() {
    use super::faction_tests::attack_next_door;
    use crate::game::{Game, Turn};
    use crate::ti4::combat::Side;
    use rand::SeedableRng;
    let (mut seen_scored, mut seen_not) = (false, false);
    for seed in 0..16u64 {
        let (mut g, _) = attack_next_door(1, &[(UnitType::Carrier, 1), (UnitType::Fighter, 1)], |g| {
            hold_secret(g, ME, "fight_with_precision");
        });
        let i = g.content.cards.secret_objective("fight_with_precision").unwrap().idx();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut cleared = false;
        while g.step == Step::Space {
            if let Some(c) = g.flow.tactical.space {
                if c.barrage_cleared()[0] && !cleared {
                    assert_eq!(c.force(Side::Defender).count(UnitType::Fighter), 0, "seed {seed}");
                    cleared = true;
                }
                assert!(!c.barrage_cleared()[1], "the defender has no barrage");
            }
            match g.current() {
                Turn::Chance => g.apply_chance(&mut rng),
                _ => {
                    let mut l = Vec::new();
                    g.legal_actions(&mut l);
                    g.apply(if l.contains(&Action::Done) { Action::Done } else { l[0] });
                }
            }
        }
        assert_eq!(scored(&g, i, ME), cleared, "seed {seed}");
        seen_scored |= cleared;
        seen_not |= !cleared;
    }
    assert!(seen_scored && seen_not);
}

/// Dictate Policy (secret, status phase): "There are 3 or more laws in play." Two laws (one in
/// the common play area, one in a player's) are not enough; a third, in another player's play
/// area, meets it for every player; a discarded law does not count.
#[test]
fn dictate_policy_counts_the_laws_in_play() {
    let mut g = game();
    assert_eq!(cond_of(&g, false, "dictate_policy"), Cond::LawsInPlay(3));
    let law = |g: &Ti4Game, key: &str| g.content().cards.agenda(key).unwrap().idx();
    let (sanctions, policy, war) =
        (law(&g, "executive_sanctions"), law(&g, "minister_of_policy"), law(&g, "minister_of_war"));
    g.state.agendas.set(sanctions, Zone::Law);
    g.state.agendas.set(policy, Zone::PlayArea(Player(2)));
    assert!(!meets(&g, ME, Cond::LawsInPlay(3)), "two laws");
    g.state.agendas.set(war, Zone::PlayArea(Player(4)));
    assert!(meets(&g, ME, Cond::LawsInPlay(3)), "three laws, whoever owns them");
    g.state.agendas.set(war, Zone::Discard);
    assert!(!meets(&g, ME, Cond::LawsInPlay(3)), "a discarded law does not count");
}

/// Discover Lost Outposts (stage I): "Control 2 planets that have attachments." Exploration
/// attachments and the Terraform note count; a planet of another player's does not.
#[test]
fn discover_lost_outposts_counts_planets_with_attachments() {
    let mut g = game();
    assert_eq!(cond_of(&g, true, "discover_lost_outposts"), Cond::AttachedPlanets(2));
    let c = g.content.clone();
    let free = (0..c.planets.len())
        .map(|i| PlanetId(i as u8))
        .find(|&pl| crate::ti4::control::controller(&g.state, pl).is_none())
        .unwrap();
    g.state.player_mut(ME).planets.insert(free);
    let mine: Vec<PlanetId> = g.state.player(ME).planets.iter().take(2).collect();
    let dyson = c.cards.exploration("dyson_sphere").unwrap();
    let bonus = crate::ti4::components::PlanetBonus { resources: 2, influence: 1, specialties: 0 };
    g.state.exploration.deck[dyson.idx()] -= 1;
    assert!(g.state.exploration.attach(dyson, mine[0], bonus));
    assert!(!meets(&g, ME, Cond::AttachedPlanets(2)), "one planet");
    g.state.factions.set_terraform(Some(mine[1]));
    assert!(meets(&g, ME, Cond::AttachedPlanets(2)), "an exploration attachment and Terraform");
    assert!(!meets(&g, Player(1), Cond::AttachedPlanets(1)), "not their planets");
}

/// Destroy Heretical Works (secret): "Purge 2 of your relic fragments of any type." Met with 2
/// fragments; scoring purges them, the kind held fewest of first.
#[test]
fn destroy_heretical_works_purges_two_fragments() {
    let mut g = game();
    assert_eq!(cond_of(&g, false, "destroy_heretical_works"), Cond::PurgeFragments(2));
    let c = g.content.clone();
    let cultural = c.cards.exploration("cultural_relic_fragment").unwrap();
    let hazardous = c.cards.exploration("hazardous_relic_fragment").unwrap();
    g.state.exploration.deck[cultural.idx()] -= 2;
    g.state.exploration.fragments[ME.idx()][0] = 2;
    assert!(!meets(&g, ME, Cond::PurgeFragments(3)));
    g.state.exploration.deck[hazardous.idx()] -= 1;
    g.state.exploration.fragments[ME.idx()][1] = 1;
    assert!(meets(&g, ME, Cond::PurgeFragments(2)));
    super::objectives::pay_if_spend(&c, &mut g.state, ME, Cond::PurgeFragments(2));
    assert_eq!(g.state.exploration.fragments[ME.idx()], [1, 0, 0, 0], "the lone hazardous one first");
    assert_eq!((g.state.exploration.purged[cultural.idx()], g.state.exploration.purged[hazardous.idx()]), (1, 1));
    crate::ti4::elimination::conservation::check(&c, &g.state).unwrap();
}
