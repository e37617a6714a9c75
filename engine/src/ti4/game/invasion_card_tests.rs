//! The action cards played at the invasion's windows: `InvasionStart` ("at the start of an
//! invasion": Bunker, Disable, Blitz) and `GroundForcesCommitted` ("after a player commits
//! units to land on a planet you control": Parley, Ghost Squad). Each test names its card.

use super::action_card_tests::give;
use super::rule_tests::{home, legal, scenario_of, ME};
use super::tech_tests::{plain, their_planet_next_door, THEM};
use super::tests::{check, six_player_game};
use super::*;
use crate::ti4::rules::{Source, Window};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A plain scenario (no combat technologies) of game `game` where `ME` has `ships` and a
/// carrier with 2 infantry at home, next to planet 0 of `target` (a planet of `THEM` holding
/// `defense`: [`their_planet_next_door`] unless `target` names a slot prepared by `prepare`);
/// `prepare` runs first (it gives the cards). `ME` activates the target and moves everything
/// in. Returns the game after the movement's chance steps (space cannon offense), with the
/// target slot; `None` when the carrier or its infantry did not arrive.
fn invade(
    ships: &[(UnitType, u8)],
    defense: &[(UnitType, u8)],
    seed: u64,
    prepare: &impl Fn(&mut Ti4Game) -> Option<u8>,
) -> Option<(Ti4Game, u8)> {
    invade_in(1, ships, defense, seed, prepare)
}

/// [`invade`] in game `six_player_game(game)`.
pub(super) fn invade_in(
    game: u64,
    ships: &[(UnitType, u8)],
    defense: &[(UnitType, u8)],
    seed: u64,
    prepare: &impl Fn(&mut Ti4Game) -> Option<u8>,
) -> Option<(Ti4Game, u8)> {
    let mut g = plain(scenario_of(six_player_game(game)));
    let h = home(&g);
    let target = match prepare(&mut g) {
        Some(t) => t,
        None => their_planet_next_door(&mut g, defense),
    };
    let space = Location::Space(h);
    let ps = g.state.player_mut(ME);
    ps.token_reinforcements -= 8 - ps.fleet;
    ps.fleet = 8;
    g.state.add_units(ME, space, UnitType::Carrier, 1).unwrap();
    g.state.add_units(ME, space, UnitType::Infantry, 2).unwrap();
    for &(t, k) in ships {
        g.state.add_units(ME, space, t, k).unwrap();
    }
    g.apply(Action::Activate(target));
    let movers: Vec<UnitType> = std::iter::once(UnitType::Carrier).chain(ships.iter().map(|&(t, _)| t)).collect();
    while let Some(&t) = movers.iter().find(|&&t| g.state.count_at(space, t) > 0) {
        g.apply(Action::Move(h, t));
    }
    g.apply(Action::Done);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while g.step == Step::SpaceCannon {
        g.apply_chance(&mut rng);
    }
    check(&g).unwrap();
    (g.state.count_at(Location::Space(target), UnitType::Infantry) == 2).then_some((g, target))
}

/// No card is given.
fn no_card(_: &mut Ti4Game) -> Option<u8> {
    None
}

/// A `prepare` for [`invade`] that gives `card` to `p` (the target: [`their_planet_next_door`]).
fn holding(card: &'static str, p: Player) -> impl Fn(&mut Ti4Game) -> Option<u8> {
    move |g| {
        give(g, card, p);
        None
    }
}

/// Plays `card` of `p` (choice `k`) at the open `window`.
fn play(g: &mut Ti4Game, p: Player, window: Window, card: ActionCardId, k: u16) {
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(p), Some(window)));
    let a = Action::Choose(Source::ActionCard(card), k);
    assert!(legal(g).contains(&a), "{a:?} not offered: {:?}", legal(g));
    g.apply(a);
    check(g).unwrap();
}

/// Lands both infantry on planet 0 of the target and ends the landing.
fn land_both(g: &mut Ti4Game) {
    for _ in 0..2 {
        g.apply(Action::Land(0, UnitType::Infantry));
    }
    if g.step == Step::Land(ME) {
        g.apply(Action::Done);
    }
    check(g).unwrap();
}

/// The bombardment and space cannon defense (`InvasionRolls(0)`, rolled with `seed`): the
/// defender's ground forces left on the planet and the active player's committed infantry as
/// the ground combat starts.
fn rolls(g: &mut Ti4Game, seed: u64) -> (u8, u8) {
    assert_eq!(g.step, Step::InvasionRolls(0));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
    check(g).unwrap();
    match g.flow.tactical.ground {
        Some(c) => {
            (c.force(crate::ti4::combat::Side::Defender).count(UnitType::Infantry), g.flow.tactical.committed[0][0])
        }
        None => {
            // No defender left: the combat ended at once and the survivors hold the planet.
            let on = Location::Planet(g.flow.tactical.active, 0);
            let here = g.state.count_at(on, UnitType::Infantry);
            (
                if g.state.occupant(on) == Some(THEM) { here } else { 0 },
                if g.state.occupant(on) == Some(ME) { here } else { 0 },
            )
        }
    }
}

/// Blitz (Invasion 49.1, "at the start of an invasion"): the active player's cruisers, which
/// have no BOMBARDMENT, bombard with BOMBARDMENT 6 during this invasion; without the card they
/// do not bombard, and no window opens when nobody holds a playable card.
#[test]
fn blitz_gives_cruisers_bombardment_6() {
    let (mut killed_with, mut compared) = (0, 0);
    let blitz = holding("blitz", ME);
    for seed in 0..30 {
        let (Some((mut without, _)), Some((mut with, _))) = (
            invade(&[(UnitType::Cruiser, 3)], &[(UnitType::Infantry, 3)], seed, &no_card),
            invade(&[(UnitType::Cruiser, 3)], &[(UnitType::Infantry, 3)], seed, &blitz),
        ) else {
            continue;
        };
        assert_eq!(without.step, Step::Land(ME), "no window without a card");
        land_both(&mut without);
        assert_eq!(rolls(&mut without, seed).0, 3, "seed {seed}: cruisers do not bombard");
        let card = with.content.cards.action_card("blitz").unwrap();
        play(&mut with, ME, Window::InvasionStart, card, 0);
        assert!(with.flow.tactical.blitz);
        assert_eq!(with.step, Step::Land(ME));
        land_both(&mut with);
        killed_with += 3 - rolls(&mut with, seed).0;
        compared += 1;
    }
    assert!(compared >= 10, "{compared} invasions");
    assert!(killed_with > 0, "3 cruisers with BOMBARDMENT 6 hit in {compared} invasions");
}

/// Bunker (Invasion 49.1): the defender's card takes 4 from each BOMBARDMENT die against their
/// planets during this invasion (dreadnoughts' BOMBARDMENT 5 then hits on 9): with the same
/// dice, never more kills than without it, and fewer over the seeds.
#[test]
fn bunker_takes_4_from_each_bombardment_die_against_the_players_planets() {
    let (mut with_total, mut without_total, mut compared) = (0, 0, 0);
    let bunker = holding("bunker", THEM);
    let ships = [(UnitType::Dreadnought, 3)];
    let defense = [(UnitType::Infantry, 3)];
    for seed in 0..40 {
        let (Some((mut without, _)), Some((mut with, _))) =
            (invade(&ships, &defense, seed, &no_card), invade(&ships, &defense, seed, &bunker))
        else {
            continue;
        };
        land_both(&mut without);
        let killed_without = 3 - rolls(&mut without, seed).0;
        let card = with.content.cards.action_card("bunker").unwrap();
        play(&mut with, THEM, Window::InvasionStart, card, 0);
        assert_eq!(with.flow.tactical.bunker, 1 << THEM.0);
        land_both(&mut with);
        let killed_with = 3 - rolls(&mut with, seed).0;
        assert!(killed_with <= killed_without, "seed {seed}: {killed_with} > {killed_without}");
        (with_total, without_total, compared) =
            (with_total + killed_with, without_total + killed_without, compared + 1);
    }
    assert!(compared >= 10, "{compared} invasions");
    assert!(with_total < without_total, "{with_total} killed with Bunker, {without_total} without");
}

/// Bunker is not offered when the invader has nothing that bombards.
#[test]
fn bunker_is_not_offered_against_an_invasion_without_bombardment() {
    let bunker = holding("bunker", THEM);
    let (g, _) = (0..10)
        .find_map(|seed| invade(&[(UnitType::Cruiser, 2)], &[(UnitType::Infantry, 1)], seed, &bunker))
        .expect("an invasion");
    assert_eq!(g.step, Step::Land(ME));
}

/// Disable (Invasion 49.1): the defender's PDS lose PLANETARY SHIELD (the planet can be
/// bombarded) and SPACE CANNON (no space cannon defense against the committed infantry) during
/// this invasion; without the card the shield stops the bombardment.
#[test]
fn disable_lets_a_shielded_planet_be_bombarded_and_silences_its_pds() {
    let (mut killed_with, mut shot_without, mut compared) = (0, 0, 0);
    let disable = holding("disable", ME);
    let ships = [(UnitType::Dreadnought, 3)];
    let defense = [(UnitType::Pds, 2), (UnitType::Infantry, 3)];
    for seed in 0..40 {
        let (Some((mut without, _)), Some((mut with, _))) =
            (invade(&ships, &defense, seed, &no_card), invade(&ships, &defense, seed, &disable))
        else {
            continue;
        };
        land_both(&mut without);
        let (left, committed) = rolls(&mut without, seed);
        assert_eq!(left, 3, "seed {seed}: the planetary shield stops the bombardment");
        shot_without += 2 - committed;
        let card = with.content.cards.action_card("disable").unwrap();
        play(&mut with, ME, Window::InvasionStart, card, 0);
        land_both(&mut with);
        let (left, committed) = rolls(&mut with, seed);
        assert_eq!(committed, 2, "seed {seed}: no space cannon defense");
        killed_with += 3 - left;
        compared += 1;
    }
    assert!(compared >= 10, "{compared} invasions");
    assert!(killed_with > 0 && shot_without > 0, "bombarded {killed_with}, shot without the card {shot_without}");
}

/// Parley ("after another player commits units to land on a planet you control"): the window
/// `GroundForcesCommitted` opens for the defender after the commit; the committed infantry go
/// back to the space area and no ground combat is fought.
#[test]
fn parley_returns_the_committed_units_to_the_space_area() {
    let parley = holding("parley", THEM);
    let (mut g, target) = (0..10)
        .find_map(|seed| invade(&[(UnitType::Cruiser, 1)], &[(UnitType::Infantry, 1)], seed, &parley))
        .expect("an invasion");
    assert_eq!(g.step, Step::Land(ME), "Parley is not played at the start of the invasion");
    land_both(&mut g);
    assert_eq!(g.flow.tactical.committed[0], [2, 0]);
    let card = g.content.cards.action_card("parley").unwrap();
    play(&mut g, THEM, Window::GroundForcesCommitted, card, 0);
    assert_eq!(g.flow.tactical.committed[0], [0, 0]);
    assert_eq!(g.state.count_at(Location::Space(target), UnitType::Infantry), 2);
    assert!(g.flow.tactical.ground.is_none() && !matches!(g.step, Step::InvasionRolls(_) | Step::Ground(_)));
    let on = Location::Planet(target, 0);
    assert_eq!((g.state.occupant(on), g.state.count_at(on, UnitType::Infantry)), (Some(THEM), 1));
}

/// Ghost Squad ("after a player commits units to land on a planet you control"): the defender
/// moves the ground forces of their other planet in the active system onto the invaded one,
/// which the ground combat then sees; the emptied planet stays theirs.
#[test]
fn ghost_squad_moves_ground_forces_onto_the_invaded_planet() {
    let two_planets = |g: &mut Ti4Game| {
        give(g, "ghost_squad", THEM);
        let h = home(g);
        let target = (0..g.state.num_systems).find(|&sl| {
            g.galaxy().distance(h, sl) == Some(1)
                && g.galaxy().anomalies(sl) == 0
                && !g.home_slot[..6].contains(&sl)
                && g.content().systems[g.galaxy().tile(sl).idx()].planets.len() >= 2
        })?;
        let c = g.content.clone();
        for (n, k) in [(0, 1), (1, 2)] {
            let pl = g.state.planet_at(&c, Location::Planet(target, n)).unwrap();
            crate::ti4::control::gain_control(&c, &mut g.state, THEM, pl, false).unwrap();
            g.state.add_units(THEM, Location::Planet(target, n), UnitType::Infantry, k).unwrap();
        }
        Some(target)
    };
    let mut g = plain(scenario_of(six_player_game(1)));
    assert!(two_planets(&mut g).is_some(), "game 1 has a two-planet system next to seat 0's home");
    let (mut g, target) =
        (0..10).find_map(|seed| invade(&[(UnitType::Cruiser, 1)], &[], seed, &two_planets)).expect("an invasion");
    land_both(&mut g);
    let card = g.content.cards.action_card("ghost_squad").unwrap();
    let from_1_to_0 = 1; // to planet 0 (0 × 3), from planet 1
    play(&mut g, THEM, Window::GroundForcesCommitted, card, from_1_to_0);
    let (p0, p1) = (Location::Planet(target, 0), Location::Planet(target, 1));
    assert_eq!(g.state.count_at(p0, UnitType::Infantry), 3);
    assert_eq!(g.state.count_at(p1, UnitType::Infantry), 0);
    let pl1 = g.state.planet_at(g.content(), p1).unwrap();
    assert!(g.state.player(THEM).planets.contains(pl1), "the emptied planet stays THEM's");
    assert_eq!(rolls(&mut g, 1).0, 3, "the ground combat sees the 3 infantry");
}

/// Reparations ("after another player gains control of a planet you control"): the window
/// `PlanetsTaken` opens for the player whose planet was taken once the invasion established
/// control; they exhaust a ready planet of the invader and ready one of their own.
#[test]
fn reparations_exhausts_a_planet_of_the_invader_and_readies_one_of_the_player() {
    let prepare = |g: &mut Ti4Game| {
        give(g, "reparations", THEM);
        // Another planet of THEM, exhausted: the one Reparations readies.
        let c = g.content.clone();
        let h = home(g);
        let other = Location::Planet(h, 0);
        let mine = g.state.planet_at(&c, other).unwrap();
        let far = (0..g.state.num_systems)
            .find(|&sl| {
                g.galaxy().distance(h, sl).is_some_and(|d| d >= 3)
                    && !g.home_slot[..6].contains(&sl)
                    && !c.systems[g.galaxy().tile(sl).idx()].planets.is_empty()
            })
            .unwrap();
        let theirs = g.state.planet_at(&c, Location::Planet(far, 0)).unwrap();
        crate::ti4::control::gain_control(&c, &mut g.state, THEM, theirs, false).unwrap();
        g.state.exhausted_planets.insert(theirs);
        g.state.exhausted_planets.remove(mine);
        None
    };
    let (mut g, target) =
        (0..10).find_map(|seed| invade(&[(UnitType::Cruiser, 1)], &[], seed, &prepare)).expect("an invasion");
    land_both(&mut g);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(Window::PlanetsTaken)));
    let taken = g.state.planet_at(g.content(), Location::Planet(target, 0)).unwrap();
    assert!(g.state.player(ME).planets.contains(taken), "the planet changed hands");
    let card = g.content.cards.action_card("reparations").unwrap();
    let mine = g.state.planet_at(g.content(), Location::Planet(home(&g), 0)).unwrap();
    let theirs = g
        .state
        .player(THEM)
        .planets
        .intersection(g.state.exhausted_planets)
        .iter()
        .next()
        .expect("THEM's exhausted planet");
    play(&mut g, THEM, Window::PlanetsTaken, card, u16::from(mine.0) + 256 * u16::from(theirs.0));
    assert!(g.state.exhausted_planets.contains(mine), "the invader's planet is exhausted");
    assert!(!g.state.exhausted_planets.contains(theirs), "the player's planet is readied");
    // Without the card no window opens.
    let (mut plain_g, _) =
        (0..10).find_map(|seed| invade(&[(UnitType::Cruiser, 1)], &[], seed, &no_card)).expect("an invasion");
    land_both(&mut plain_g);
    assert_ne!(plain_g.flow.pending.window, Some(Window::PlanetsTaken));
}
