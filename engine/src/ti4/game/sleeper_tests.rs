//! The Titans of Ul's sleeper tokens in play: Terragenesis places and moves them after an
//! exploration, Awaken replaces them with PDS after an activation, and Coalescence makes an
//! awakened PDS fight the ground forces it lands among. One test per ability, named after it.

use super::exploration_tests::{card, find_explorable, invade, only};
use super::rule_tests::{home, legal, scenario_of, ME};
use super::tests::{check, six_player_game};
use super::*;
use crate::game::Game;
use crate::ti4::content::ExplorationDeck;
use crate::ti4::rules::{Source, Window};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Games of `six_player_game(seed)` with the Titans at seat 0 (`keys[seed % 24]`).
const TITANS: u64 = 23;

fn ability(id: &str) -> Source {
    Source::Ability(crate::ti4::factions::ability_bit(id).expect("ability with a rule"))
}

/// A Titans game (seat 0) with an uncontrolled planet of `deck`'s trait next to their home.
fn titans_game_exploring(deck: ExplorationDeck) -> Ti4Game {
    (0..8)
        .map(|k| scenario_of(six_player_game(TITANS + 24 * k)))
        .find(|g| find_explorable(g, deck).is_some())
        .expect("a Titans game with such a planet next to home")
}

/// The Titans invade a cultural planet next to home whose deck holds only relic fragments; the
/// card drawn, the game waits at window `AfterExploring`. Returns the game and the planet.
fn explored_by_titans() -> (Ti4Game, PlanetId) {
    let mut g = titans_game_exploring(ExplorationDeck::Cultural);
    only(&mut g, "cultural_relic_fragment");
    let (sl, n, pl) = find_explorable(&g, ExplorationDeck::Cultural).unwrap();
    invade(&mut g, sl, n, &[UnitType::Infantry]);
    assert_eq!(g.step, Step::Explore(ME));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!(g.explorations()[card(&g, "cultural_relic_fragment").idx()], 1);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::AfterExploring)));
    (g, pl)
}

fn choices_of(g: &Ti4Game, src: Source) -> Vec<u16> {
    legal(g)
        .into_iter()
        .filter_map(|a| if let Action::Choose(s, k) = a { (s == src).then_some(k) } else { None })
        .collect()
}

#[test]
fn titans_terragenesis_places_a_sleeper_token_after_exploring() {
    let (mut g, pl) = explored_by_titans();
    let src = ability("terragenesis");
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done], "place from the supply, or decline");
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.state.factions.sleepers().of(ME).iter().collect::<Vec<_>>(), vec![pl]);
    assert_eq!(g.state.factions.sleepers().in_supply(ME), 4);
    assert_ne!(g.step, Step::Decide(ME), "the exploration goes on");
    check(&g).unwrap();
}

#[test]
fn titans_terragenesis_moves_a_sleeper_token_when_the_supply_is_empty() {
    let (mut g, pl) = explored_by_titans();
    let src = ability("terragenesis");
    let others: Vec<PlanetId> = (0..g.content().planets.len())
        .map(|i| PlanetId(i as u8))
        .filter(|&q| q != pl && g.state.planet_location(g.content(), q).is_some())
        .take(5)
        .collect();
    for &q in &others {
        g.state.factions.sleepers_mut().place(ME, q);
    }
    assert_eq!(g.state.factions.sleepers().in_supply(ME), 0);
    assert_eq!(choices_of(&g, src), vec![1, 2, 3, 4, 5], "no token left to place: move one of the five");
    g.apply(Action::Choose(src, 3));
    let now = g.state.factions.sleepers().of(ME);
    assert!(now.contains(pl) && !now.contains(others[2]) && now.len() == 5, "the third token moved: {now:?}");
    check(&g).unwrap();
}

#[test]
fn titans_terragenesis_is_not_offered_on_a_planet_with_a_sleeper_token() {
    let (mut g, pl) = explored_by_titans();
    g.state.factions.sleepers_mut().place(ME, pl);
    assert!(choices_of(&g, ability("terragenesis")).is_empty());
}

/// A Titans game (seat 0) at their turn with nothing on the board.
fn titans_game() -> Ti4Game {
    scenario_of(six_player_game(TITANS))
}

/// A planet in a plain system next to the Titans' home: slot, index and planet.
fn planet_next_to_home(g: &Ti4Game) -> (u8, u8, PlanetId) {
    let h = home(g);
    (0..g.state.num_systems)
        .filter(|&sl| g.galaxy().distance(h, sl) == Some(1) && !g.home_slot.contains(&sl) && sl != g.galaxy().mecatol())
        .find_map(|sl| g.state.planet_at(g.content(), Location::Planet(sl, 0)).map(|pl| (sl, 0, pl)))
        .expect("a planet next to home")
}

#[test]
fn titans_awaken_replaces_sleeper_tokens_with_pds_after_activation() {
    let mut g = titans_game();
    let h = home(&g);
    let elysium = g.content().planet("elysium").unwrap();
    assert_eq!(g.state.planet_at(g.content(), Location::Planet(h, 0)), Some(elysium));
    g.state.factions.sleepers_mut().place(ME, elysium);
    let pds = g.state.player(ME).reinforcements[UnitType::Pds.idx()];
    g.apply(Action::Activate(h));
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SystemActivated)));
    let src = ability("awaken");
    assert_eq!(choices_of(&g, src), vec![1], "the one planet with a token");
    g.apply(Action::Choose(src, 1));
    let loc = Location::Planet(h, 0);
    assert_eq!((g.state.occupant(loc), g.state.count_at(loc, UnitType::Pds)), (Some(ME), 1));
    assert_eq!(g.state.player(ME).reinforcements[UnitType::Pds.idx()], pds - 1);
    assert!(g.state.factions.sleepers().planets.is_empty() && g.state.factions.sleepers().owner.is_none());
    check(&g).unwrap();
}

#[test]
fn titans_awaken_never_places_a_third_pds_and_needs_reinforcements() {
    let mut g = titans_game();
    let h = home(&g);
    let elysium = g.content().planet("elysium").unwrap();
    g.state.factions.sleepers_mut().place(ME, elysium);
    g.state.add_units(ME, Location::Planet(h, 0), UnitType::Pds, 2).unwrap();
    let mut lifted = g.clone();
    g.apply(Action::Activate(h));
    assert!(choices_of(&g, ability("awaken")).is_empty(), "2 PDS of theirs there already");
    // Homeland Defense Act lifts the PDS limit (rules 64.4), and with it Awaken's.
    let act = lifted.content().cards.agenda("homeland_defense_act").unwrap();
    lifted.state.agendas.set(act.idx(), crate::ti4::components::Zone::Law);
    lifted.apply(Action::Activate(h));
    assert_eq!(choices_of(&lifted, ability("awaken")), vec![1], "no PDS limit under Homeland Defense Act");
}

/// Seat 1 controls a planet next to the Titans' home with `units` of theirs on it, and a sleeper
/// token of the Titans is there: the game (Titans to act), slot, index and planet.
fn their_planet_with_a_sleeper(units: &[UnitType]) -> (Ti4Game, u8, u8, PlanetId) {
    let mut g = titans_game();
    let (sl, n, pl) = planet_next_to_home(&g);
    let c = g.content.clone();
    crate::ti4::control::gain_control(&c, &mut g.state, Player(1), pl, false).unwrap();
    for &t in units {
        g.state.add_units(Player(1), Location::Planet(sl, n), t, 1).unwrap();
    }
    g.state.factions.sleepers_mut().place(ME, pl);
    (g, sl, n, pl)
}

#[test]
fn titans_awaken_takes_a_planet_with_only_structures() {
    let (mut g, sl, n, pl) = their_planet_with_a_sleeper(&[UnitType::Pds, UnitType::SpaceDock]);
    let (loc, them) = (Location::Planet(sl, n), Player(1));
    g.apply(Action::Activate(sl));
    let src = ability("awaken");
    assert_eq!(choices_of(&g, src), vec![1 << n]);
    g.apply(Action::Choose(src, 1 << n));
    assert_eq!((g.state.occupant(loc), g.state.count_at(loc, UnitType::Pds)), (Some(ME), 1));
    assert_eq!(g.state.count_at(loc, UnitType::SpaceDock), 0, "their structures are destroyed");
    assert!(g.state.player(ME).planets.contains(pl) && !g.state.player(them).planets.contains(pl));
    assert!(g.state.exhausted_planets.contains(pl), "a planet gained is exhausted");
    check(&g).unwrap();
}

#[test]
fn titans_awaken_offers_activation_of_a_system_with_a_sleeper_token() {
    let mut g = titans_game();
    let h = home(&g);
    let far = (0..g.state.num_systems)
        .filter(|&sl| g.galaxy().distance(h, sl).is_some_and(|d| d >= 4))
        .find_map(|sl| g.state.planet_at(g.content(), Location::Planet(sl, 0)).map(|pl| (sl, pl)));
    let (sl, pl) = far.expect("a planet four systems away");
    assert!(!legal(&g).contains(&Action::Activate(sl)), "no ship reaches it and nothing produces there");
    g.state.factions.sleepers_mut().place(ME, pl);
    assert!(legal(&g).contains(&Action::Activate(sl)), "Awaken: a system with a sleeper token may be activated");
}

#[test]
fn titans_coalescence_awakened_pds_fights_the_ground_forces_there() {
    let mut won = 0;
    for seed in 0..12 {
        let (mut g, sl, n, pl) = their_planet_with_a_sleeper(&[UnitType::Infantry]);
        let (loc, them) = (Location::Planet(sl, n), Player(1));
        let pds = g.state.player(ME).reinforcements[UnitType::Pds.idx()];
        g.apply(Action::Activate(sl));
        g.apply(Action::Choose(ability("awaken"), 1 << n));
        assert_eq!(g.flow.tactical.placed_to_fight[n as usize], 1, "held for the invasion step");
        assert_eq!(g.state.occupant(loc), Some(them), "not placed among their ground forces");
        let [_, fought] = finish_turn(&mut g, &mut ChaCha8Rng::seed_from_u64(seed));
        assert!(fought, "Coalescence: a ground combat is fought on the planet");
        assert_eq!(g.flow.tactical.placed_to_fight, [0; 3]);
        if g.state.player(ME).planets.contains(pl) {
            won += 1;
            assert_eq!((g.state.occupant(loc), g.state.count_at(loc, UnitType::Pds)), (Some(ME), 1));
        } else {
            assert_ne!(g.state.occupant(loc), Some(ME));
            assert!(g.state.player(them).planets.contains(pl), "they keep it");
            assert_eq!(g.state.player(ME).reinforcements[UnitType::Pds.idx()], pds, "the PDS was destroyed");
        }
        check(&g).unwrap();
    }
    assert!(won > 0, "a Hel-Titan against 1 infantry wins some of 12 ground combats");
}

fn flagship_rule(g: &Ti4Game) -> Source {
    let u = g.content().unit("titans_flagship").expect("the Titans flagship");
    Source::Unit(u, g.state.player(ME).faction)
}

/// Plays the rest of `ME`'s turn: chance from `rng`, `Done` where legal, else the first action.
/// Returns whether a space combat and a ground combat were fought meanwhile.
fn finish_turn(g: &mut Ti4Game, rng: &mut ChaCha8Rng) -> [bool; 2] {
    let mut fought = [false; 2];
    let mut buf = Vec::new();
    for _ in 0..300 {
        if g.flow.turn != ME || g.is_terminal() {
            break;
        }
        fought[0] |= g.flow.tactical.space.is_some();
        fought[1] |= g.flow.tactical.ground.is_some();
        check(g).unwrap();
        if g.current() == crate::game::Turn::Chance {
            g.apply_chance(rng);
        } else {
            buf.clear();
            g.legal_actions(&mut buf);
            let a = if buf.contains(&Action::Done) { Action::Done } else { buf[0] };
            g.apply(a);
        }
    }
    fought
}

#[test]
fn titans_ouranos_replaces_a_pds_and_fights_the_ships_there() {
    let mut g = titans_game();
    let (sl, n, pl) = planet_next_to_home(&g);
    let c = g.content.clone();
    crate::ti4::control::gain_control(&c, &mut g.state, ME, pl, false).unwrap();
    g.state.add_units(ME, Location::Planet(sl, n), UnitType::Pds, 1).unwrap();
    g.state.add_units(Player(1), Location::Space(sl), UnitType::Destroyer, 1).unwrap();
    g.apply(Action::Activate(sl));
    let src = flagship_rule(&g);
    assert_eq!(choices_of(&g, src), vec![n as u16], "DEPLOY: the planet with a PDS of theirs");
    g.apply(Action::Choose(src, n as u16));
    assert_eq!(g.state.count_at(Location::Planet(sl, n), UnitType::Pds), 0, "the PDS is replaced");
    assert_eq!(g.flow.tactical.transit[UnitType::Flagship.idx()], 1);
    let [fought, _] = finish_turn(&mut g, &mut ChaCha8Rng::seed_from_u64(3));
    assert!(fought, "Coalescence: the flagship fights the ships in the system");
    let space = Location::Space(sl);
    let flagship_there = g.state.occupant(space) == Some(ME) && g.state.count_at(space, UnitType::Flagship) == 1;
    let on_board = g.state.player(ME).on_board[UnitType::Flagship.idx()];
    assert!(flagship_there || on_board == 0, "the flagship won the combat there or was destroyed");
}

#[test]
fn titans_ouranos_does_not_replace_a_pds_awakened_in_the_same_activation() {
    let mut g = titans_game();
    let h = home(&g);
    let elysium = g.content().planet("elysium").unwrap();
    g.state.factions.sleepers_mut().place(ME, elysium);
    g.apply(Action::Activate(h));
    let (awaken, ouranos) = (ability("awaken"), flagship_rule(&g));
    while g.step == Step::Decide(ME) && g.flow.pending.window == Some(Window::SystemActivated) {
        assert!(choices_of(&g, ouranos).is_empty(), "no PDS of theirs was there at the activation");
        if !choices_of(&g, awaken).is_empty() {
            g.apply(Action::Choose(awaken, 1));
        } else {
            g.apply(Action::Done);
        }
    }
    assert_eq!(g.state.count_at(Location::Planet(h, 0), UnitType::Pds), 1, "awakened");
}

#[test]
fn titans_hecatoncheires_places_a_mech_and_an_infantry_instead_of_a_pds() {
    let mut g = titans_game();
    let h = home(&g);
    let elysium = g.content().planet("elysium").unwrap();
    g.step = Step::Build { p: ME, pds_only: false, secondary: false };
    let options = legal(&g);
    assert!(options.contains(&Action::Build(elysium, UnitType::Pds)));
    assert!(options.contains(&Action::Build(elysium, UnitType::Mech)), "DEPLOY beside the PDS: {options:?}");
    let pds = g.state.player(ME).reinforcements[UnitType::Pds.idx()];
    g.apply(Action::Build(elysium, UnitType::Mech));
    let loc = Location::Planet(h, 0);
    assert_eq!(
        [UnitType::Mech, UnitType::Infantry, UnitType::Pds].map(|t| g.state.count_at(loc, t)),
        [1, 1, 0],
        "1 mech and 1 infantry instead of the PDS"
    );
    assert_eq!(g.state.player(ME).reinforcements[UnitType::Pds.idx()], pds);
    assert_eq!(g.effects().get(ME, super::effects::Effect::MechDeployedForPds), 1, "tallied");
    check(&g).unwrap();
    // With every mech on the board, only the PDS is offered.
    let mut none = titans_game();
    let four = none.state.player(ME).reinforcements[UnitType::Mech.idx()];
    none.state.add_units(ME, loc, UnitType::Mech, four).unwrap();
    none.step = Step::Build { p: ME, pds_only: false, secondary: false };
    assert!(!legal(&none).contains(&Action::Build(elysium, UnitType::Mech)));
}
