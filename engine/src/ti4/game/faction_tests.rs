//! Faction abilities in play (`crate::ti4::factions`), one test per ability, named after the
//! faction and the ability.

use super::action_card_tests::{game_of, give, seven_cards_then_status_draw};
use super::agenda_tests::{resolve, vote_all_for};
use super::rule_tests::{
    home, invade_the_last_planet, invade_the_last_planet_with, land_next_to_home, land_on_mecatol, legal, scenario_of,
    slot_at_distance,
};
use super::strategy_card_tests::{hold, imperial_offers_a_public_objective};
use super::tests::{check, six_player_game};
use super::*;
use crate::ti4::components::Zone;
use crate::ti4::galaxy::Wormhole;
use crate::ti4::rules::{Source, Window};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const ME: Player = Player(0);

/// A game of `six_player_game(seed)` cleared of units (as `rule_tests::scenario`), and the seat
/// of `faction`.
fn seated(seed: u64, faction: &str) -> (Ti4Game, Player) {
    let g = scenario_of(six_player_game(seed));
    let p = g.state.seat_of(g.content().faction(faction).unwrap()).unwrap_or_else(|| panic!("{faction} seated"));
    (g, p)
}

#[test]
fn letnev_armada_allows_2_more_non_fighter_ships_per_system_than_the_fleet_pool() {
    // Seed 2 seats Letnev, Yssaril, L1Z1X, Saar, Yin and Argent.
    let (mut g, letnev) = seated(2, "letnev");
    let other = Player((letnev.0 + 1) % g.state.num_players);
    for p in [letnev, other] {
        let ps = g.state.player_mut(p);
        ps.token_reinforcements += ps.fleet - 1;
        ps.fleet = 1;
        assert_eq!(crate::ti4::rules::fleet_limit(g.content(), &g.state, p), 1 + 2 * (p == letnev) as u32);
    }
    let h = g.home_slot[letnev.idx()];
    g.state.add_units(letnev, Location::Space(h), UnitType::Dreadnought, 3).unwrap();
    check(&g).expect("3 ships on a fleet pool of 1: Armada's 2 more");
    g.state.add_units(letnev, Location::Space(h), UnitType::Cruiser, 1).unwrap();
    let err = check(&g).unwrap_err();
    assert!(err.contains("fleet pool exceeded"), "{err}");
    let o = g.home_slot[other.idx()];
    g.state.add_units(other, Location::Space(o), UnitType::Dreadnought, 2).unwrap();
    g.state.remove_units(Location::Space(h), UnitType::Cruiser, 1).unwrap();
    let err = check(&g).unwrap_err();
    assert!(err.contains(&format!("by {}", other.0)), "another faction's fleet pool is the limit: {err}");
}

/// Seed 11 seats Saar at seat 0 (then Yin, Argent, Mahact, Titans, Letnev); seed 1 seats Hacan.
#[test]
fn saar_scavenge_gains_1_trade_good_after_gaining_control_of_a_planet() {
    for (seed, gain) in [(11, 1), (1, 0)] {
        let mut g = scenario_of(six_player_game(seed));
        let tg = g.state.player(Player(0)).trade_goods;
        let pl = land_next_to_home(&mut g);
        assert!(g.state.player(Player(0)).planets.contains(pl));
        assert_eq!(g.state.player(Player(0)).trade_goods, tg + gain, "seed {seed}");
        check(&g).unwrap();
    }
}

#[test]
fn saar_nomadic_scores_objectives_without_the_home_system() {
    let saar = || game_of(six_player_game(11));
    assert_eq!(saar().state.player(Player(0)).faction, saar().content().faction("saar").unwrap());
    assert!(imperial_offers_a_public_objective(saar(), false), "Nomadic: without its home planet");
    assert!(!imperial_offers_a_public_objective(game_of(six_player_game(1)), false));
}

/// Seed 10 seats Winnu at seat 0 (then Sardakk, Creuss, Empyrean, Titans, Hacan).
#[test]
fn winnu_blood_ties_removes_the_custodians_without_spending_influence() {
    let mut g = scenario_of(six_player_game(10));
    assert_eq!(g.state.player(Player(0)).faction, g.content().faction("winnu").unwrap());
    assert!(land_on_mecatol(&mut g, 0), "Blood Ties: no influence needed");
    assert_eq!(g.state.player(Player(0)).trade_goods, 0);
    check(&g).unwrap();
    let mut g = scenario_of(six_player_game(10));
    assert!(land_on_mecatol(&mut g, 6));
    assert_eq!(g.state.player(Player(0)).trade_goods, 6, "nothing spent");
}

/// Seed 22 seats Naaz-Rokha at seat 0 and Hacan at seat 1. Seat 0 plays Trade; Hacan, with no
/// token in its strategy pool, follows it anyway and keeps none spent; seat 2 without strategy
/// tokens is not asked.
#[test]
fn hacan_masters_of_trade_follows_trade_without_a_strategy_token() {
    const TRADE: u8 = 4;
    let mut g = hold(game_of(six_player_game(22)), TRADE);
    let hacan = Player(1);
    assert_eq!(g.state.player(hacan).faction, g.content().faction("hacan").unwrap());
    for q in [hacan, Player(2)] {
        let ps = g.state.player_mut(q);
        ps.token_reinforcements += ps.strategy;
        ps.strategy = 0;
        ps.commodities = 0;
    }
    g.apply(Action::Strategic(TRADE));
    let mut asked = Vec::new();
    while let Step::Follow(q) = g.step {
        asked.push(q);
        g.apply(if q == hacan { Action::Follow } else { Action::Done });
    }
    assert!(asked.contains(&hacan) && !asked.contains(&Player(2)), "{asked:?}");
    let f = g.state.player(hacan).faction;
    assert_eq!(g.state.player(hacan).commodities, g.content().factions[f.idx()].commodities, "replenished");
    assert_eq!(g.state.player(hacan).strategy, 0);
    check(&g).unwrap();
}

/// Seed 2 seats Argent at seat 5.
#[test]
fn argent_zeal_votes_first_with_1_additional_vote_per_player() {
    let mut g = game_of(six_player_game(2));
    let argent = g.state.seat_of(g.content().faction("argent").unwrap()).expect("Argent seated");
    let votes = vote_all_for(&mut g, &mut ChaCha8Rng::seed_from_u64(3));
    assert_eq!(votes[0].0, argent, "Zeal: Argent votes first: {votes:?}");
    assert_eq!(votes.len(), 6);
    for &(p, cast, influence) in &votes {
        assert_eq!(cast, influence + if p == argent { 6 } else { 0 }, "{p:?}");
    }
    let speaker = g.state.tokens.speaker.unwrap();
    let rest: Vec<Player> = (1..=6).map(|k| Player((speaker.0 + k) % 6)).filter(|&q| q != argent).collect();
    assert_eq!(votes[1..].iter().map(|v| v.0).collect::<Vec<_>>(), rest, "then from left of the speaker");
}

/// Keleres at seat 0 (with Mentak, Sol, Hacan, Letnev, Jol-Nar): the first strategy phase starts
/// once the setup's chance event is dealt.
#[test]
fn keleres_council_patronage_replenishes_and_gains_1_trade_good_at_the_start_of_the_strategy_phase() {
    use crate::ti4::content::Content;
    let c = Content::embedded();
    let keys = ["keleres", "mentak", "sol", "hacan", "letnev", "jolnar"];
    let f: Vec<FactionId> = keys.iter().map(|k| c.faction(k).unwrap()).collect();
    let mut g = Ti4Game::new(c.clone(), &f, &MapChoice::Random(2), Ti4Options::default()).unwrap();
    let goods = |g: &Ti4Game, q: u8| (g.state.player(Player(q)).commodities, g.state.player(Player(q)).trade_goods);
    assert_eq!((goods(&g, 0), goods(&g, 1)), ((0, 0), (0, 0)));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(1));
    assert!(matches!(g.step, Step::Pick(_)), "{:?}", g.step);
    assert_eq!(goods(&g, 0), (2, 1), "Keleres' 2 commodities, then 1 trade good");
    assert_eq!(goods(&g, 1), (0, 0));
    check(&g).unwrap();
}

/// A game (a [`scenario_of`]) of the Sol at seat 0 and Keleres at seat 1 (then Mentak, Hacan,
/// Letnev and Jol-Nar).
pub(super) fn sol_with_keleres_at_seat_1() -> Ti4Game {
    let c = crate::ti4::content::Content::embedded();
    let keys = ["sol", "keleres", "mentak", "hacan", "letnev", "jolnar"];
    let f: Vec<FactionId> = keys.iter().map(|k| c.faction(k).unwrap()).collect();
    scenario_of(Ti4Game::new(c, &f, &MapChoice::Random(2), Ti4Options::default()).unwrap())
}

/// The Tribuni (Keleres): "During setup, choose an unplayed faction from among the Mentak,
/// Xxcha and Argent; take that faction's home system ... Additionally, place the Keleres hero
/// that corresponds to that faction in your leader area." With the Mentak seated, the Keleres
/// (seat 1) take the Xxcha home: Odlynn Myrr stays on the sheet, locked; Harka Leeds and Kuuasi
/// Aun Jalatai go to the box, and a hero unlock (3 scored objectives) unlocks only Odlynn Myrr.
#[test]
fn keleres_the_tribuni_keeps_the_hero_of_the_borrowed_home() {
    use crate::ti4::components::LeaderState;
    let mut g = sol_with_keleres_at_seat_1();
    let k = Player(1);
    let state = |g: &Ti4Game, key: &str| {
        let c = g.content();
        let l = c.cards.leader(key).unwrap();
        let slot = crate::ti4::components::leaders::slot_of(c, c.cards.leaders[l.idx()].faction, l).unwrap();
        g.state.leaders.get(k, slot)
    };
    let c = g.content();
    let options = &c.factions[g.state.player(k).faction.idx()].home_options;
    let xxcha_home = options.iter().find(|o| c.factions[o.variant_of.idx()].key == "xxcha").unwrap().home_system;
    assert_eq!(g.state.systems[g.home_slot[k.idx()] as usize].tile, xxcha_home, "the Xxcha's home option");
    assert_eq!(state(&g, "keleres_hero_odlynn"), LeaderState::Locked);
    assert_eq!(state(&g, "keleres_hero_harka"), LeaderState::Removed);
    assert_eq!(state(&g, "keleres_hero_kuuasi"), LeaderState::Removed);
    let n = g.content().cards.secret_objectives.len();
    // The secret objectives seat 1 holds, then others from the deck: 3 scored in all.
    let zone = |g: &Ti4Game, i: usize| g.state.secret_objectives.get(i);
    let mut scored: Vec<usize> = (0..n).filter(|&i| zone(&g, i) == Zone::Hand(k)).collect();
    scored.extend((0..n).filter(|&i| zone(&g, i) == Zone::Deck));
    for &i in &scored[..3] {
        g.state.secret_objectives.set(i, Zone::PlayArea(k));
    }
    let vp = g.all_victory_points();
    super::leaders::unlock(&mut g, &vp);
    assert_eq!(state(&g, "keleres_hero_odlynn"), LeaderState::Unlocked);
    assert_eq!(state(&g, "keleres_hero_harka"), LeaderState::Removed);
    check(&g).unwrap();
}

/// Artemiris (Keleres flagship): "Other players must spend 2 influence to activate the system
/// that contains this ship." Keleres at seat 1 (with Sol at seat 0, Mentak, Hacan, Letnev and
/// Jol-Nar); the Sol's destroyer can reach the flagship's system next to its home.
#[test]
fn keleres_artemiris_makes_other_players_spend_2_influence_to_activate_its_system() {
    let mut g = sol_with_keleres_at_seat_1();
    let h = g.home_slot[ME.idx()];
    let near = super::rule_tests::slot_at_distance(&g, h, 1);
    g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 1).unwrap();
    g.state.add_units(Player(1), Location::Space(near), UnitType::Flagship, 1).unwrap();
    g.state.player_mut(ME).trade_goods = 0;
    assert!(legal(&g).contains(&Action::Activate(near)), "Jord's 2 influence pays");
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    g.state.player_mut(ME).trade_goods = 1;
    assert!(!legal(&g).contains(&Action::Activate(near)), "1 trade good does not");
    let others = legal(&g).into_iter().filter(|a| matches!(a, Action::Activate(x) if *x != near)).count();
    assert!(others > 0, "systems without the flagship cost nothing");
    g.state.player_mut(ME).trade_goods = 2;
    assert!(legal(&g).contains(&Action::Activate(near)));
    g.apply(Action::Activate(near));
    assert_eq!(g.state.player(ME).trade_goods, 0, "2 influence spent");
    assert_eq!(g.flow.tactical.active, near);
    check(&g).unwrap();
    // Keleres themselves pay nothing to activate it.
    assert_eq!(crate::ti4::rules::activation_tollers(&g, Player(1)) >> 1 & 1, 0);
}

/// Omniopiares (Keleres mech): "Other players must spend 1 influence to commit units to this
/// planet." Keleres at seat 1 hold a planet next to the Sol's home with 2 mechs: the Sol commit
/// to it only with 2 influence, paid as the first unit is committed.
#[test]
fn keleres_omniopiares_makes_other_players_spend_1_influence_per_mech_to_commit_units() {
    let mut g = sol_with_keleres_at_seat_1();
    let c = g.content.clone();
    let keleres = Player(1);
    let target = super::rule_tests::planets_next_to_home(&g);
    let pl = g.state.planet_at(&c, Location::Planet(target, 0)).unwrap();
    crate::ti4::control::gain_control(&c, &mut g.state, keleres, pl, false).unwrap();
    g.state.add_units(keleres, Location::Planet(target, 0), UnitType::Mech, 2).unwrap();
    let h = g.home_slot[ME.idx()];
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Infantry, 2).unwrap();
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    g.state.player_mut(ME).trade_goods = 1;
    g.apply(Action::Activate(target));
    g.apply(Action::Move(h, UnitType::Carrier));
    g.apply(Action::Done);
    fight_on(&mut g, &mut ChaCha8Rng::seed_from_u64(1));
    assert_eq!(g.step, Step::Land(ME));
    let commit = Action::Land(0, UnitType::Infantry);
    assert!(!legal(&g).contains(&commit), "1 influence for 2 mechs is not enough");
    g.state.player_mut(ME).trade_goods = 2;
    assert!(legal(&g).contains(&commit));
    g.apply(commit);
    assert_eq!(g.state.player(ME).trade_goods, 0, "2 influence spent");
    assert_eq!(g.flow.tactical.committed[0], [1, 0]);
    assert!(legal(&g).contains(&commit), "the second unit commits without paying again");
    g.apply(commit);
    assert_eq!(g.flow.tactical.committed[0], [2, 0]);
    check(&g).unwrap();
}

/// Seed 5 seats Yssaril at seat 0.
#[test]
fn yssaril_crafty_has_no_action_card_hand_limit() {
    let g = seven_cards_then_status_draw(game_of(six_player_game(5)));
    assert_eq!(g.state.player(Player(0)).faction, g.content().faction("yssaril").unwrap());
    let copies = g.content().cards.action_copies.len();
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(Player(0))), 8, "Crafty: 7 + 1 kept");
    assert_eq!(g.state.action_cards.count(copies, Zone::Discard), 0);
    check(&g).unwrap();
}

/// Seed 4 seats Empyrean (with Jol-Nar, Mentak, Winnu, Sardakk, Creuss); the anomaly rules
/// for the trait are tested in `galaxy::tests::anomaly`
/// (`nebula_59_empyrean_voidborn_moves_through_and_out_at_full_value`).
#[test]
fn empyrean_voidborn_ships_ignore_nebulae_in_movement() {
    let (g, empyrean) = seated(4, "empyrean");
    for q in g.state.seats() {
        assert_eq!(crate::ti4::rules::mover_traits(&g, q).nebulae_ignored, q == empyrean, "{q:?}");
    }
}

/// Seed 21 seats the Nomad at seat 0. Economic Equality sets every player's trade goods (to 5
/// "for", 0 "against"); Future Sight's trade good comes after the outcome is resolved.
#[test]
fn nomad_future_sight_gains_1_trade_good_after_an_outcome_it_voted_for() {
    for (outcome, nomad_tg) in [(1, 1), (0, 5)] {
        let mut g = game_of(six_player_game(21));
        assert_eq!(g.state.player(Player(0)).faction, g.content().faction("nomad").unwrap());
        g.flow.agenda_phase.outcome_voters[1] = 1 | 1 << 1; // seats 0 and 1 vote "against"
        resolve(&mut g, "economic_equality", outcome, 0);
        assert_eq!(g.state.player(Player(0)).trade_goods, nomad_tg, "outcome {outcome}");
        assert_eq!(g.state.player(Player(1)).trade_goods, 5 * (outcome == 0) as u8, "no Future Sight");
    }
}

/// Hacan at seat 0 (seed 1) offers transactions to every player in the game; at seed 22 seat 0
/// (Naaz-Rokha) may offer one to Hacan at seat 1, neighbour or not; nobody else is offered to
/// beyond the neighbours.
#[test]
fn hacan_guild_ships_transacts_with_players_who_are_not_neighbours() {
    use super::action_cards::neighbours;
    let offered = |g: &mut Ti4Game| {
        for q in g.state.seats() {
            g.state.player_mut(q).commodities = 1;
        }
        legal(g).iter().fold(0u8, |m, a| if let Action::Transact(q, 0) = a { m | 1 << q } else { m })
    };
    let mut g = game_of(six_player_game(1));
    assert_eq!(g.state.player(Player(0)).faction, g.content().faction("hacan").unwrap());
    assert_ne!(neighbours(&g, Player(0)), 0b111110, "some seat is no neighbour");
    assert_eq!(offered(&mut g), 0b111110, "Guild Ships: every other player");
    let mut g = game_of(six_player_game(22));
    let nb = neighbours(&g, Player(0));
    assert_eq!(nb & 0b10, 0, "Hacan is no neighbour of seat 0 here");
    assert_eq!(offered(&mut g), nb | 0b10, "Hacan at seat 1, and the neighbours");
}

/// Seed 8 seats L1Z1X at seat 0: its invasions of a planet with another player's PDS leave an
/// L1Z1X PDS there (Invasion 49.6 destroys it otherwise:
/// `rule_tests::ground_combat_42_and_elimination_when_the_last_planet_falls`).
#[test]
fn l1z1x_assimilate_replaces_the_structures_of_a_planet_it_takes() {
    let mut won = 0;
    for seed in 0..20 {
        let (g, pl, took) = invade_the_last_planet(scenario_of(six_player_game(8)), seed);
        assert_eq!(g.state.player(Player(0)).faction, g.content().faction("l1z1x").unwrap());
        if took {
            let loc = Location::Planet(g.flow.tactical.active, 0);
            assert!(g.state.player(Player(0)).planets.contains(pl));
            assert_eq!(
                (g.state.count_at(loc, UnitType::Pds), g.state.occupant(loc)),
                (1, Some(Player(0))),
                "seed {seed}"
            );
            check(&g).unwrap();
            won += 1;
        }
    }
    assert!(won > 5, "{won} of 20");
}

/// L1Z1X, Harrow ("At the end of each round of ground combat, your ships in the active system
/// may use their BOMBARDMENT abilities against your opponent's ground forces on the planet"):
/// an L1Z1X invasion with a dreadnought (BOMBARDMENT 5) in the space area ends each ground
/// combat round with a bombardment chance point while the defender has ground forces, and its
/// hits destroy defending infantry; Sol's invasion has none, and neither has an L1Z1X invasion
/// of a planet with a PDS (PLANETARY SHIELD, Bombardment 15.1f). Seed 8 seats L1Z1X at seat 0,
/// seed 0 Sol.
#[test]
fn l1z1x_harrow_bombards_the_defending_ground_forces_after_each_ground_combat_round() {
    let invade = |game: u64, pds: u8, seed: u64| {
        let (mut harrows, mut killed) = (0, 0);
        let mut before = None;
        let (g, _, _) = invade_the_last_planet_with(scenario_of(six_player_game(game)), seed, (4, pds), 1, &mut |g| {
            let Some(c) = g.flow.tactical.ground.filter(|_| matches!(g.step, Step::Ground(_))) else { return };
            let defenders = c.force(crate::ti4::combat::Side::Defender).count(UnitType::Infantry);
            if let Some(b) = before.take() {
                killed += b - defenders.min(b);
            }
            if c.awaits_bombardment() {
                assert!(defenders > 0, "no bombardment without defending ground forces");
                harrows += 1;
                before = Some(defenders);
            }
        });
        check(&g).unwrap();
        (harrows, killed)
    };
    let (mut harrows, mut killed) = (0, 0);
    for seed in 0..12 {
        let (h, k) = invade(8, 0, seed);
        (harrows, killed) = (harrows + h, killed + k);
        assert_eq!(invade(0, 0, seed).0, 0, "Sol has no Harrow (seed {seed})");
        assert_eq!(invade(8, 1, seed).0, 0, "PLANETARY SHIELD stops it (seed {seed})");
    }
    assert!(harrows > 3 && killed > 0, "{harrows} round-end bombardments, {killed} infantry destroyed");
}

/// Arborec, Mitosis ("Your space docks cannot produce infantry"): at a home system with only a
/// space dock the Arborec cannot queue infantry, another faction can; with 1 infantry on the
/// planet (Letani Warrior: PRODUCTION 1) one infantry can be queued, not two. Seed 9 seats
/// Arborec at seat 0, seed 0 Sol.
#[test]
fn arborec_mitosis_space_docks_cannot_produce_infantry() {
    let produce = |seed: u64, infantry: u8| {
        let mut g = scenario_of(six_player_game(seed));
        let p = Player(0);
        let h = g.home_slot[p.idx()];
        g.state.add_units(p, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
        if infantry > 0 {
            g.state.add_units(p, Location::Planet(h, 0), UnitType::Infantry, infantry).unwrap();
        }
        g.state.player_mut(p).trade_goods = 10;
        (g.flow.turn, g.flow.tactical.active, g.step) = (p, h, Step::Produce(p));
        g
    };
    let infantry_offered = |g: &Ti4Game| legal(g).contains(&Action::Produce(UnitType::Infantry));
    assert!(!infantry_offered(&produce(9, 0)), "the Arborec dock alone produces no infantry");
    assert!(infantry_offered(&produce(0, 0)), "Sol's dock does");
    let mut g = produce(9, 1);
    assert!(infantry_offered(&g), "the infantry's own PRODUCTION 1");
    g.apply(Action::Produce(UnitType::Infantry));
    assert!(!infantry_offered(&g), "but only one");
    assert!(legal(&g).contains(&Action::Produce(UnitType::Destroyer)), "the dock still produces ships");
}

/// Arborec, Mitosis ("At the start of the status phase, place 1 infantry from your
/// reinforcements on any planet you control"): when the last player passes, the Arborec places
/// 1 infantry before anyone scores, on the planet it chooses (`PlaceOn`); with one planet the
/// placement needs no decision; with no infantry in reinforcements nothing is placed.
#[test]
fn arborec_mitosis_places_1_infantry_at_the_start_of_the_status_phase() {
    let c = six_player_game(9).content.clone();
    let arborec = Player(0);
    let to_status = |second: Option<PlanetId>, reinforcements: Option<u8>| {
        let mut g = game_of(six_player_game(9));
        assert_eq!(g.state.player(arborec).faction, c.faction("arborec").unwrap());
        if let Some(pl) = second {
            if let Some(q) = crate::ti4::control::controller(&g.state, pl) {
                crate::ti4::control::lose_control(&c, &mut g.state, q, pl).unwrap();
            }
            crate::ti4::control::gain_control(&c, &mut g.state, arborec, pl, true).unwrap();
        }
        if let Some(k) = reinforcements {
            let r = &mut g.state.player_mut(arborec).reinforcements[UnitType::Infantry.idx()];
            *r = k.min(*r);
        }
        g.flow.passed = 0b11_1110;
        g.apply(Action::Pass);
        g
    };
    let infantry =
        |g: &Ti4Game, pl: PlanetId| g.state.count_at(g.state.planet_location(&c, pl).unwrap(), UnitType::Infantry);
    let home = c.factions[c.faction("arborec").unwrap().idx()].home_planets[0];
    // One planet: placed without a decision, then status phase step 1.
    let before = infantry(&game_of(six_player_game(9)), home);
    let g = to_status(None, None);
    assert!(matches!(g.step, Step::Score(_)), "{:?}", g.step);
    assert_eq!(infantry(&g, home), before + 1);
    // A second planet: the Arborec's decision.
    let board = game_of(six_player_game(9));
    let other = (0..c.planets.len())
        .map(|i| PlanetId(i as u8))
        .find(|&pl| {
            let d = &c.planets[pl.idx()];
            d.home_of.is_none() && d.key != "mecatol_rex" && board.state.planet_location(&c, pl).is_some()
        })
        .expect("a planet on the board");
    let mut g = to_status(Some(other), None);
    assert_eq!(g.step, Step::PlaceUnit { p: arborec, unit: UnitType::Infantry });
    let mut placed = legal(&g);
    placed.sort();
    assert!(placed.contains(&Action::PlaceOn(home)) && placed.contains(&Action::PlaceOn(other)), "{placed:?}");
    let (r, on_other) = (g.state.player(arborec).reinforcements[UnitType::Infantry.idx()], infantry(&g, other));
    g.apply(Action::PlaceOn(other));
    assert_eq!(infantry(&g, other), on_other + 1);
    assert_eq!(g.state.player(arborec).reinforcements[UnitType::Infantry.idx()], r - 1);
    assert!(matches!(g.step, Step::Score(_)), "{:?}", g.step);
    check(&g).unwrap();
    // No infantry in reinforcements: nothing to place.
    let g = to_status(None, Some(0));
    assert!(matches!(g.step, Step::Score(_)));
    assert_eq!(infantry(&g, home), before);
}

fn ability(id: &str) -> crate::ti4::rules::Source {
    crate::ti4::rules::Source::Ability(crate::ti4::factions::ability_bit(id).expect("ability with a rule"))
}

/// Puts `n` tokens in `p`'s strategy pool, the difference from or to its reinforcements.
fn set_strategy_pool(g: &mut Ti4Game, p: Player, n: u8) {
    let ps = g.state.player_mut(p);
    ps.token_reinforcements = ps.token_reinforcements + ps.strategy - n;
    ps.strategy = n;
}

fn uses(g: &Ti4Game) -> Vec<Action> {
    legal(g).into_iter().filter(|a| matches!(a, Action::Use(..))).collect()
}

/// Puts a destroyer of ME in board slot `far` (with 3 tactic tokens); the returned test says
/// whether, once ME activates `target`, the destroyer may move in.
fn destroyer_in(g: &mut Ti4Game, far: u8, target: u8) -> impl Fn(&Ti4Game) -> bool {
    g.state.player_mut(ME).tactic = 3;
    g.state.add_units(ME, Location::Space(far), UnitType::Destroyer, 1).unwrap();
    move |g: &Ti4Game| {
        let mut g = g.clone();
        g.apply(Action::Activate(target));
        legal(&g).contains(&Action::Move(far, UnitType::Destroyer))
    }
}

/// Seed 12 seats the Muaat at seat 0.
#[test]
fn muaat_star_forge_places_2_fighters_or_1_destroyer_in_a_system_with_a_war_sun() {
    let (mut g, muaat) = seated(12, "muaat");
    assert_eq!(muaat, ME);
    let h = g.home_slot[ME.idx()];
    set_strategy_pool(&mut g, ME, 1);
    assert!(uses(&g).is_empty(), "no war sun on the board: no Star Forge");
    g.state.add_units(ME, Location::Space(h), UnitType::WarSun, 1).unwrap();
    let sf = ability("star_forge");
    assert_eq!(uses(&g), vec![Action::Use(sf, h * 2), Action::Use(sf, h * 2 + 1)]);
    assert_eq!(g.action_id(Action::Use(sf, h * 2)), format!("use.star_forge.{}", h * 2));
    let loc = Location::Space(h);
    let tokens = g.state.player(ME).token_reinforcements;
    for (target, t, n) in [(h * 2, UnitType::Fighter, 2), (h * 2 + 1, UnitType::Destroyer, 1)] {
        let mut after = g.clone();
        after.apply(Action::Use(sf, target));
        assert_eq!(after.state.count_at(loc, t), n, "{t:?}");
        assert_eq!(after.state.player(ME).strategy, 0, "1 token spent from the strategy pool");
        assert_eq!(after.state.player(ME).token_reinforcements, tokens + 1);
        assert_ne!(after.step, Step::Turn(ME), "a component action ends the turn");
        assert_eq!(after.flow.passed & 1, 0, "the player has not passed");
        check(&after).unwrap();
    }
    set_strategy_pool(&mut g, ME, 0);
    assert!(uses(&g).is_empty(), "no token in the strategy pool: no Star Forge");
    // Another faction's war sun gives no Star Forge.
    let (mut other, sol) = seated(1, "hacan");
    let h = other.home_slot[sol.idx()];
    set_strategy_pool(&mut other, sol, 1);
    other.state.add_units(sol, Location::Space(h), UnitType::WarSun, 1).unwrap();
    other.step = Step::Turn(sol);
    assert!(uses(&other).is_empty());
}

/// Seed 5 seats the Yssaril at seat 0; seed 1 seats the Hacan.
#[test]
fn yssaril_stall_tactics_discards_an_action_card_as_the_turns_action() {
    let mut g = game_of(six_player_game(5));
    assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "yssaril");
    let st = ability("stall_tactics");
    let held: Vec<_> = uses(&g);
    let card = give(&mut g, "war_effort", ME);
    let mut offered = uses(&g);
    offered.retain(|a| !held.contains(a));
    assert_eq!(offered, vec![Action::Use(st, card.0)]);
    let copies = g.content().cards.action_copies.len();
    let hand = g.state.action_cards.count(copies, Zone::Hand(ME));
    g.apply(Action::Use(st, card.0));
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(ME)), hand - 1, "one card discarded");
    assert_ne!(g.step, Step::Turn(ME), "a component action ends the turn");
    assert_eq!(g.flow.passed & 1, 0, "the Yssaril has not passed");
    check(&g).unwrap();
    let mut other = game_of(six_player_game(1));
    give(&mut other, "war_effort", ME);
    assert!(uses(&other).is_empty(), "the Hacan has no Stall Tactics");
}

/// Seed 0 seats the Sol at seat 0.
#[test]
fn sol_orbital_drop_places_2_infantry_on_a_planet_it_controls() {
    let (mut g, sol) = seated(0, "sol");
    assert_eq!(sol, ME);
    set_strategy_pool(&mut g, ME, 1);
    let od = ability("orbital_drop");
    let jord = g.content().planet("jord").unwrap();
    assert_eq!(uses(&g), vec![Action::Use(od, jord.0)], "the one planet Sol controls");
    assert_eq!(g.action_id(Action::Use(od, jord.0)), format!("use.orbital_drop.{}", jord.0));
    let loc = g.state.planet_location(g.content(), jord).unwrap();
    let tokens = g.state.player(ME).token_reinforcements;
    let mut after = g.clone();
    after.apply(Action::Use(od, jord.0));
    assert_eq!(after.state.count_at(loc, UnitType::Infantry), 2);
    assert_eq!(after.state.player(ME).strategy, 0, "1 token spent from the strategy pool");
    assert_eq!(after.state.player(ME).token_reinforcements, tokens + 1);
    assert_ne!(after.step, Step::Turn(ME), "a component action ends the turn");
    check(&after).unwrap();
    // One infantry left in reinforcements: it alone is placed.
    let mut one = g.clone();
    let left = one.state.player(ME).reinforcements[UnitType::Infantry.idx()];
    one.state.add_units(ME, loc, UnitType::Infantry, left - 1).unwrap();
    one.apply(Action::Use(od, jord.0));
    assert_eq!(one.state.count_at(loc, UnitType::Infantry), left);
    check(&one).unwrap();
    set_strategy_pool(&mut g, ME, 0);
    assert!(uses(&g).is_empty(), "no token in the strategy pool: no Orbital Drop");
}

/// ZS Thunderbolt M2 (Sol mech), DEPLOY: "After you use your ORBITAL DROP faction ability, you
/// may spend 3 resources to place 1 mech on that planet." Seed 0 seats the Sol at seat 0.
#[test]
fn sol_zs_thunderbolt_m2_places_a_mech_after_orbital_drop() {
    let (mut g, _) = seated(0, "sol");
    set_strategy_pool(&mut g, ME, 1);
    let jord = g.content().planet("jord").unwrap();
    let loc = g.state.planet_location(g.content(), jord).unwrap();
    g.state.exhausted_planets.remove(jord);
    g.state.player_mut(ME).trade_goods = 0;
    let mech = Source::Unit(g.content().unit("sol_mech").unwrap(), g.state.player(ME).faction);
    let mut after = g.clone();
    after.apply(Action::Use(ability("orbital_drop"), jord.0));
    assert_eq!((after.step, after.flow.pending.window), (Step::Decide(ME), Some(Window::TurnEnd)));
    assert!(legal(&after).contains(&Action::Choose(mech, 0)));
    let mechs = after.state.player(ME).reinforcements[UnitType::Mech.idx()];
    after.apply(Action::Choose(mech, 0));
    assert_eq!(after.state.count_at(loc, UnitType::Mech), 1, "a mech on the Orbital Drop's planet");
    assert_eq!(after.state.player(ME).reinforcements[UnitType::Mech.idx()], mechs - 1);
    assert!(after.state.exhausted_planets.contains(jord), "Jord's 4 resources paid the 3");
    check(&after).unwrap();
    // Without 3 resources to spend, no DEPLOY is offered.
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    g.apply(Action::Use(ability("orbital_drop"), jord.0));
    assert!(!legal(&g).contains(&Action::Choose(mech, 0)));
    assert_eq!(g.flow.component_used, None, "cleared as the turn ended");
}

/// Dunlain Reaper (Letnev mech), DEPLOY: "At the start of a round of ground combat, you may
/// spend 2 resources to replace 1 of your infantry in that combat with 1 mech." Window
/// `GroundCombatRoundStart`, as the invader (seed 2: Letnev at seat 0) and as the defender (the
/// first seed with Letnev at seat 1).
#[test]
fn letnev_dunlain_reaper_replaces_an_infantry_with_a_mech() {
    use crate::ti4::combat::Side;
    let at_seat_1 = (0..96)
        .find(|&seed| {
            let g = six_player_game(seed);
            g.content().factions[g.state.player(Player(1)).faction.idx()].key == "letnev"
        })
        .expect("a seed seats Letnev at seat 1");
    for (seed, letnev, side) in [(2, ME, Side::Attacker), (at_seat_1, Player(1), Side::Defender)] {
        let (mut g, seat) = seated(seed, "letnev");
        assert_eq!(seat, letnev, "seed {seed}");
        g.state.player_mut(letnev).trade_goods = 2;
        let reaper = Source::Unit(g.content().unit("letnev_mech").unwrap(), g.state.player(letnev).faction);
        let (mut g, pl, _) = super::rule_tests::invade_the_last_planet_with(g, seed, (3, 0), 0, &mut |_| {});
        assert_eq!(
            (g.step, g.flow.pending.window),
            (Step::Decide(letnev), Some(Window::GroundCombatRoundStart)),
            "seed {seed}: the first round's start"
        );
        // Paid with the 2 trade goods: the planets are exhausted.
        g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(letnev).planets);
        let combat = g.flow.tactical.ground.unwrap();
        assert_eq!(combat.round(), 1);
        let (inf, mechs) = (combat.force(side).count(UnitType::Infantry), combat.force(side).count(UnitType::Mech));
        let reinforcements = g.state.player(letnev).reinforcements;
        assert_eq!(legal(&g), vec![Action::Choose(reaper, 0), Action::Done]);
        g.apply(Action::Choose(reaper, 0));
        let combat = g.flow.tactical.ground.unwrap();
        assert_eq!(combat.force(side).count(UnitType::Infantry), inf - 1, "seed {seed}: 1 infantry leaves the combat");
        assert_eq!(combat.force(side).count(UnitType::Mech), mechs + 1, "seed {seed}: 1 mech joins it");
        assert_eq!(g.state.player(letnev).trade_goods, 0, "2 resources spent");
        assert!(matches!(g.step, Step::Ground(_)), "the round's rolls follow: one mech a round");
        let loc = g.state.planet_location(g.content(), pl).unwrap();
        let now = g.state.player(letnev).reinforcements;
        match side {
            // The invader's committed units wait in reinforcements: nothing moves there.
            Side::Attacker => {
                assert_eq!(g.flow.tactical.committed[0], [inf - 1, mechs + 1]);
                assert_eq!(now, reinforcements);
            }
            Side::Defender => {
                assert_eq!(g.state.count_at(loc, UnitType::Mech), 1, "the mech is on the planet");
                assert_eq!(now[UnitType::Infantry.idx()], reinforcements[UnitType::Infantry.idx()] + 1);
                assert_eq!(now[UnitType::Mech.idx()], reinforcements[UnitType::Mech.idx()] - 1);
            }
        }
        check(&g).unwrap();
        // The combat goes on: each later round opens the window again, with nothing to pay now.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while matches!(g.step, Step::Ground(_)) {
            match g.current() {
                Turn::Chance => g.apply_chance(&mut rng),
                _ => g.apply(legal(&g)[0]),
            }
            check(&g).unwrap();
            assert_ne!(g.step, Step::Decide(letnev), "no 2 resources left: nothing offered");
        }
        // (A defender that lost its last planet is eliminated: its units went to the box.)
        if g.state.player(letnev).in_game {
            let mech_units =
                g.state.player(letnev).reinforcements[UnitType::Mech.idx()] + g.state.count_at(loc, UnitType::Mech);
            assert_eq!(
                mech_units,
                reinforcements[UnitType::Mech.idx()],
                "seed {seed}: the mech is on the planet or back"
            );
        }
    }
}

/// Indoctrination (Yin): "At the start of a ground combat, you may spend 2 influence to replace
/// 1 of your opponent's participating infantry with 1 infantry from your reinforcements."
/// Window `GroundCombatRoundStart` of the first round only, as the invader (seed 14: Yin at seat
/// 0) and as the defender (the first seed with Yin at seat 1).
#[test]
fn yin_indoctrination_replaces_an_opposing_infantry() {
    use crate::ti4::combat::Side;
    let at_seat_1 = (0..96)
        .find(|&seed| {
            let g = six_player_game(seed);
            g.content().factions[g.state.player(Player(1)).faction.idx()].key == "yin"
        })
        .expect("a seed seats the Yin at seat 1");
    for (seed, yin, side) in [(14, ME, Side::Attacker), (at_seat_1, Player(1), Side::Defender)] {
        let (mut g, seat) = seated(seed, "yin");
        assert_eq!(seat, yin, "seed {seed}");
        g.state.player_mut(yin).trade_goods = 2;
        let other = if yin == ME { Player(1) } else { ME };
        let indoctrination = ability("indoctrination");
        let (mut g, pl, _) = super::rule_tests::invade_the_last_planet_with(g, seed, (3, 0), 0, &mut |_| {});
        assert_eq!(
            (g.step, g.flow.pending.window),
            (Step::Decide(yin), Some(Window::GroundCombatRoundStart)),
            "seed {seed}: the first round's start"
        );
        // Paid with the 2 trade goods: the planets are exhausted.
        g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(yin).planets);
        let combat = g.flow.tactical.ground.unwrap();
        assert_eq!(combat.round(), 1);
        let (mine, theirs) =
            (combat.force(side).count(UnitType::Infantry), combat.force(side.other()).count(UnitType::Infantry));
        let (yin_before, other_before) = (g.state.player(yin).reinforcements, g.state.player(other).reinforcements);
        assert_eq!(legal(&g), vec![Action::Choose(indoctrination, 0), Action::Done]);
        g.apply(Action::Choose(indoctrination, 0));
        let combat = g.flow.tactical.ground.unwrap();
        assert_eq!(combat.force(side).count(UnitType::Infantry), mine + 1, "seed {seed}: a Yin infantry joins");
        assert_eq!(combat.force(side.other()).count(UnitType::Infantry), theirs - 1, "seed {seed}: theirs leaves");
        assert_eq!(g.state.player(yin).trade_goods, 0, "2 influence spent");
        assert!(matches!(g.step, Step::Ground(_)), "the round's rolls follow");
        let loc = g.state.planet_location(g.content(), pl).unwrap();
        let (yin_now, other_now) = (g.state.player(yin).reinforcements, g.state.player(other).reinforcements);
        let inf = UnitType::Infantry.idx();
        match side {
            // The invader's committed units wait in reinforcements; the defender's goes back.
            Side::Attacker => {
                assert_eq!(g.flow.tactical.committed[0][0], mine + 1);
                assert_eq!(yin_now[inf], yin_before[inf]);
                assert_eq!(other_now[inf], other_before[inf] + 1);
                assert_eq!(g.state.count_at(loc, UnitType::Infantry), theirs - 1);
            }
            Side::Defender => {
                assert_eq!(g.flow.tactical.committed[0][0], theirs - 1, "one infantry uncommitted");
                assert_eq!(yin_now[inf], yin_before[inf] - 1);
                assert_eq!(other_now[inf], other_before[inf]);
                assert_eq!(g.state.count_at(loc, UnitType::Infantry), mine + 1);
            }
        }
        check(&g).unwrap();
        // Later rounds open the window again, but Indoctrination is at the combat's start only.
        g.state.player_mut(yin).trade_goods = 2;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while matches!(g.step, Step::Ground(_) | Step::Decide(_)) && g.flow.tactical.ground.is_some() {
            assert!(!legal(&g).contains(&Action::Choose(indoctrination, 0)), "seed {seed}: offered after round 1");
            match g.current() {
                Turn::Chance => g.apply_chance(&mut rng),
                _ => g.apply(legal(&g)[0]),
            }
            check(&g).unwrap();
        }
    }
}

/// Seed 16 seats the Creuss at seat 0.
#[test]
fn creuss_wormhole_generator_places_or_moves_a_wormhole_token() {
    let (mut g, creuss) = seated(16, "ghost");
    assert_eq!(creuss, ME);
    let wg = crate::ti4::rules::Source::Tech(g.content().tech("wormhole_generator").unwrap());
    assert!(uses(&g).iter().all(|a| !matches!(a, Action::Use(s, _) if *s == wg)), "without the technology");
    g.state.player_mut(ME).techs.insert(wg.tech().unwrap());
    let offered: Vec<u8> = uses(&g)
        .into_iter()
        .filter_map(|a| if let Action::Use(s, t) = a { (s == wg).then_some(t) } else { None })
        .collect();
    let open = super::rule_tests::slot_at_distance(&g, g.home_slot[1], 2);
    assert!(
        offered.contains(&(open * 2)) && offered.contains(&(open * 2 + 1)),
        "an empty non-home system, either token"
    );
    let theirs = g.home_slot[1];
    assert!(!offered.contains(&(theirs * 2)), "not another player's home system");
    let mut blocked = g.clone();
    blocked.state.add_units(Player(1), Location::Space(open), UnitType::Destroyer, 1).unwrap();
    let again: Vec<Action> = uses(&blocked);
    assert!(!again.contains(&Action::Use(wg, open * 2)), "not where another player has ships");
    g.apply(Action::Use(wg, open * 2 + 1));
    assert_eq!(g.state.factions.wormhole_tokens(), [None, Some(open)], "the beta token placed");
    assert!(g.state.player(ME).exhausted_techs.contains(wg.tech().unwrap()), "the card is exhausted");
    assert_ne!(g.step, Step::Turn(ME), "a component action ends the turn");
    check(&g).unwrap();
}

/// Icarus Drive (Creuss mech): "After any player activates a system, you may remove this unit
/// from the game board to place or move a Creuss wormhole token into this system." Seed 16
/// seats the Creuss at seat 0; seat 1 activates a system.
#[test]
fn creuss_icarus_drive_trades_a_mech_for_a_wormhole_token_in_the_activated_system() {
    let (mut g, creuss) = seated(16, "ghost");
    assert_eq!(creuss, ME);
    let icarus = Source::Unit(g.content().unit("ghost_mech").unwrap(), g.state.player(ME).faction);
    let pl = g.state.player(ME).planets.iter().next().expect("a home planet");
    let loc = g.state.planet_location(g.content(), pl).unwrap();
    let Location::Planet(slot, n) = loc else { unreachable!() };
    g.state.add_units(ME, loc, UnitType::Mech, 1).unwrap();
    let target = super::rule_tests::slot_at_distance(&g, g.home_slot[1], 1);
    g.flow.turn = Player(1);
    g.step = super::tactical::activate(&mut g, Player(1), target);
    while matches!(g.step, Step::Decide(q) if q != ME) {
        g.apply(Action::Done);
    }
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SystemActivated)));
    let here = 2 * (slot as u16 * 4 + 1 + n as u16);
    let offered: Vec<Action> =
        legal(&g).into_iter().filter(|a| matches!(a, Action::Choose(s, _) if *s == icarus)).collect();
    assert_eq!(offered, vec![Action::Choose(icarus, here), Action::Choose(icarus, here + 1)], "either token");
    let mechs = g.state.player(ME).reinforcements[UnitType::Mech.idx()];
    g.apply(Action::Choose(icarus, here + 1));
    assert_eq!(g.state.factions.wormhole_tokens(), [None, Some(target)], "the beta token in the activated system");
    assert_eq!(g.state.count_at(loc, UnitType::Mech), 0, "the mech left the board");
    assert_eq!(g.state.player(ME).reinforcements[UnitType::Mech.idx()], mechs + 1);
    check(&g).unwrap();
}

/// Wormholes 101: a Creuss wormhole token makes its system adjacent to the systems with a
/// wormhole of its kind, for every player's movement (the first seed whose galaxy prints an
/// alpha wormhole; no Creuss at seat 0).
#[test]
fn creuss_wormhole_tokens_are_wormholes_for_every_players_movement() {
    use crate::ti4::galaxy::{bits, Wormhole};
    let mut g = (1..48)
        .map(|seed| scenario_of(six_player_game(seed)))
        .find(|g| {
            g.galaxy().wormhole_slots(Wormhole::Alpha) != 0
                && g.content().factions[g.state.player(ME).faction.idx()].key != "ghost"
        })
        .expect("a galaxy with an alpha wormhole");
    let gal = g.galaxy();
    let alpha = bits(gal.wormhole_slots(Wormhole::Alpha)).next().expect("a printed alpha wormhole");
    let far = (0..g.state.num_systems)
        .find(|&sl| {
            gal.distance(alpha, sl).is_some_and(|d| d >= 3)
                && gal.anomalies(sl) == 0
                && gal.wormhole_slots(Wormhole::Alpha) >> sl & 1 == 0
                && !g.home_slot[..6].contains(&sl)
        })
        .expect("a plain system 3 or more from the alpha wormhole");
    let moves = destroyer_in(&mut g, far, alpha);
    assert!(!moves(&g), "too far without the token");
    g.state.factions.wormhole_tokens_mut()[0] = Some(far);
    assert!(moves(&g), "the alpha token joins the two systems");
    *g.state.factions.wormhole_tokens_mut() = [None, Some(far)];
    assert!(!moves(&g), "a beta token does not");
}

/// Seed 1 seats the Hacan at seat 0.
#[test]
fn hacan_production_biomes_gains_4_trade_goods_and_gives_2_to_another_player() {
    let (mut g, hacan) = seated(1, "hacan");
    assert_eq!(hacan, ME);
    let pb = crate::ti4::rules::Source::Tech(g.content().tech("production_biomes").unwrap());
    let biomes = |g: &Ti4Game| uses(g).into_iter().filter(|a| matches!(a, Action::Use(s, _) if *s == pb)).count();
    set_strategy_pool(&mut g, ME, 1);
    assert_eq!(biomes(&g), 0, "without the technology");
    g.state.player_mut(ME).techs.insert(pb.tech().unwrap());
    assert_eq!(biomes(&g), 5, "one target per other player");
    let (mine, theirs) = (g.state.player(ME).trade_goods, g.state.player(Player(2)).trade_goods);
    let mut after = g.clone();
    after.apply(Action::Use(pb, 2));
    assert_eq!(after.state.player(ME).trade_goods, mine + 4);
    assert_eq!(after.state.player(Player(2)).trade_goods, theirs + 2);
    assert_eq!(after.state.player(ME).strategy, 0, "1 strategy token spent");
    assert!(after.state.player(ME).exhausted_techs.contains(pb.tech().unwrap()), "the card is exhausted");
    assert_ne!(after.step, Step::Turn(ME), "a component action ends the turn");
    check(&after).unwrap();
    set_strategy_pool(&mut g, ME, 0);
    assert_eq!(biomes(&g), 0, "no strategy token");
}

/// Seed 18 seats the Vuil'raith at seat 0.
#[test]
fn cabal_vortex_captures_a_unit_of_a_type_next_to_its_space_docks_from_reinforcements() {
    let (mut g, cabal) = seated(18, "cabal");
    assert_eq!(cabal, ME);
    let vx = crate::ti4::rules::Source::Tech(g.content().tech("vortex").unwrap());
    g.state.player_mut(ME).techs.insert(vx.tech().unwrap());
    let h = g.home_slot[ME.idx()];
    let near = super::rule_tests::slot_at_distance(&g, h, 1);
    let them = Player(1);
    g.state.add_units(them, Location::Space(near), UnitType::Destroyer, 1).unwrap();
    let target = them.0 * 16 + UnitType::Destroyer.idx() as u8;
    assert!(!uses(&g).contains(&Action::Use(vx, target)), "no space dock of the Cabal");
    g.state.add_units(ME, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
    assert_eq!(
        uses(&g).into_iter().filter(|a| matches!(a, Action::Use(s, _) if *s == vx)).collect::<Vec<_>>(),
        vec![Action::Use(vx, target)]
    );
    let left = g.state.player(them).reinforcements[UnitType::Destroyer.idx()];
    g.apply(Action::Use(vx, target));
    assert_eq!(g.state.captured.held(ME, them, UnitType::Destroyer), 1, "captured from reinforcements");
    assert_eq!(g.state.player(them).reinforcements[UnitType::Destroyer.idx()], left - 1);
    assert_eq!(g.state.count_at(Location::Space(near), UnitType::Destroyer), 1, "the unit on the board stays");
    assert!(g.state.player(ME).exhausted_techs.contains(vx.tech().unwrap()), "the card is exhausted");
    check(&g).unwrap();
}

/// Vuil'raith Amalgamation: "When you produce a unit, you may return 1 captured unit of that
/// type to produce that unit without spending resources." Each such unit is a decision of the
/// production step (`Choose(amalgamation, unit type)`), as many as the captives of that type;
/// the unit costs nothing and the captive goes back to its owner when the units are placed.
/// Seed 18 seats the Cabal at seat 0.
#[test]
fn cabal_amalgamation_produces_a_unit_free_by_returning_a_captured_one() {
    let (mut g, cabal) = seated(18, "cabal");
    assert_eq!(cabal, ME);
    let amalgamation = crate::ti4::rules::Source::Ability(crate::ti4::factions::ability_bit("amalgamation").unwrap());
    let h = g.home_slot[ME.idx()];
    g.state.add_units(ME, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
    let them = Player(1);
    g.state.capture_from_reinforcements(ME, them, UnitType::Cruiser, 1).unwrap();
    g.state.player_mut(ME).trade_goods = 0;
    for pl in g.state.player(ME).planets.iter().collect::<Vec<_>>() {
        g.state.exhausted_planets.insert(pl);
    }
    (g.flow.turn, g.flow.tactical.active, g.step) = (ME, h, Step::Produce(ME));
    let free_cruiser = Action::Choose(amalgamation, UnitType::Cruiser.idx() as u16);
    // Nothing to pay with: the captured cruiser's type is the only unit offered, for free.
    assert_eq!(legal(&g), vec![free_cruiser, Action::Done]);
    g.apply(free_cruiser);
    assert_eq!(legal(&g), vec![Action::Done], "one captive, one free cruiser");
    let (mine, theirs) = (
        g.state.player(ME).reinforcements[UnitType::Cruiser.idx()],
        g.state.player(them).reinforcements[UnitType::Cruiser.idx()],
    );
    g.apply(Action::Done);
    assert_eq!(g.state.count_at(Location::Space(h), UnitType::Cruiser), 1, "produced without paying");
    assert_eq!(g.state.player(ME).reinforcements[UnitType::Cruiser.idx()], mine - 1);
    assert_eq!(g.state.captured.held(ME, them, UnitType::Cruiser), 0);
    assert_eq!(g.state.player(them).reinforcements[UnitType::Cruiser.idx()], theirs + 1, "the captive returned");
    assert_eq!(g.flow.production.free, [0; UNIT_TYPES]);
    check(&g).unwrap();
    // Another faction with a captive is offered nothing of the kind.
    let (mut g, sol) = seated(0, "sol");
    let h = g.home_slot[sol.idx()];
    g.state.add_units(sol, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
    g.state.capture_from_reinforcements(sol, Player(1), UnitType::Cruiser, 1).unwrap();
    (g.flow.turn, g.flow.tactical.active, g.step) = (sol, h, Step::Produce(sol));
    assert!(legal(&g).iter().all(|a| !matches!(a, Action::Choose(..))));
}

/// Seed 10 seats the Winnu at seat 0.
#[test]
fn winnu_lazax_gate_folding_wormholes_at_mecatol_without_it_and_infantry_onto_it_with_it() {
    let (mut g, winnu) = seated(10, "winnu");
    assert_eq!(winnu, ME);
    let lgf = crate::ti4::rules::Source::Tech(g.content().tech("lazax_gate_folding").unwrap());
    let mecatol = g.galaxy().mecatol();
    let gal = g.galaxy();
    let far = (0..g.state.num_systems)
        .find(|&sl| {
            gal.distance(mecatol, sl).is_some_and(|d| d >= 3)
                && gal.anomalies(sl) == 0
                && !g.home_slot[..6].contains(&sl)
        })
        .expect("a plain system 3 from Mecatol Rex");
    // The token's kind: one whose printed wormholes are all 2 or more from Mecatol Rex, so the
    // destroyer (move 2) reaches it only through a wormhole at Mecatol Rex itself.
    let apart = |w: Wormhole| {
        let m = gal.wormhole_slots(w);
        (0..g.state.num_systems).all(|sl| m >> sl & 1 == 0 || gal.distance(mecatol, sl).is_some_and(|d| d >= 2))
    };
    let tokens = if apart(Wormhole::Alpha) {
        [Some(far), None]
    } else {
        assert!(apart(Wormhole::Beta), "a wormhole kind away from Mecatol Rex");
        [None, Some(far)]
    };
    *g.state.factions.wormhole_tokens_mut() = tokens;
    let moves = destroyer_in(&mut g, far, mecatol);
    assert!(!moves(&g), "without the card Mecatol Rex has no wormhole");
    g.state.player_mut(ME).techs.insert(lgf.tech().unwrap());
    assert!(moves(&g), "a wormhole at Mecatol Rex joins the token's system");
    assert!(uses(&g).iter().all(|a| !matches!(a, Action::Use(s, _) if *s == lgf)), "no action without Mecatol Rex");
    let mr = g.state.planet_at(g.content(), Location::Planet(mecatol, 0)).unwrap();
    let c = g.content.clone();
    crate::ti4::control::gain_control(&c, &mut g.state, ME, mr, false).unwrap();
    assert!(!moves(&g), "holding Mecatol Rex: no wormholes there");
    assert_eq!(
        uses(&g).into_iter().filter(|a| matches!(a, Action::Use(s, _) if *s == lgf)).collect::<Vec<_>>(),
        vec![Action::Use(lgf, mr.0)]
    );
    g.apply(Action::Use(lgf, mr.0));
    assert_eq!(g.state.count_at(Location::Planet(mecatol, 0), UnitType::Infantry), 1);
    assert!(g.state.player(ME).exhausted_techs.contains(lgf.tech().unwrap()), "the card is exhausted");
    check(&g).unwrap();
}

/// Seed 3 seats Xxcha (seat 0, the active player here), Naalu (seat 1), ... Naalu's destroyer and
/// cruiser wait in a system next to seat 0's home; seat 0 moves a cruiser in.
fn foresight_scenario(strategy: u8) -> (Ti4Game, Player, u8, u8) {
    let (mut g, naalu) = seated(3, "naalu");
    assert_ne!(naalu, ME);
    let h = g.home_slot[ME.idx()];
    let t = super::rule_tests::slot_at_distance(&g, h, 1);
    g.state.add_units(naalu, Location::Space(t), UnitType::Destroyer, 1).unwrap();
    g.state.add_units(naalu, Location::Space(t), UnitType::Cruiser, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Cruiser, 1).unwrap();
    g.state.player_mut(ME).tactic = 3;
    let ps = g.state.player_mut(naalu);
    ps.token_reinforcements += ps.strategy;
    ps.strategy = strategy;
    ps.token_reinforcements -= strategy;
    g.apply(Action::Activate(t));
    g.apply(Action::Move(h, UnitType::Cruiser));
    g.apply(Action::Done);
    (g, naalu, h, t)
}

#[test]
fn naalu_foresight_may_move_the_ships_away_for_a_strategy_token() {
    let foresight = ability("foresight");
    // No token in the strategy pool: no decision, the combat comes.
    let (g, _, _, _) = foresight_scenario(0);
    assert!(matches!(g.step, Step::Space | Step::SpaceCannon), "{:?}", g.step);
    // With one: after the movement, Naalu decides (another player moved ships in).
    let (g, naalu, h, t) = foresight_scenario(1);
    assert_eq!(g.step, Step::Decide(naalu));
    let offered = legal(&g);
    assert_eq!(offered.last(), Some(&Action::Done));
    let mut to_slots: Vec<u8> = offered
        .iter()
        .filter_map(|a| if let Action::Choose(s, k) = *a { (s == foresight).then_some(k as u8) } else { None })
        .collect();
    to_slots.sort();
    let expected: Vec<u8> =
        crate::ti4::galaxy::bits(crate::ti4::game::component::adjacent_without_enemy_ships(&g, naalu, t)).collect();
    assert_eq!(to_slots, expected, "adjacent systems without other players' ships");
    assert!(to_slots.contains(&h), "the active player's home: its ships are moving");
    // Declined: the space combat.
    let mut stay = g.clone();
    stay.apply(Action::Done);
    assert!(matches!(stay.step, Step::Space | Step::SpaceCannon), "{:?}", stay.step);
    // Taken: the token leaves the strategy pool for that system, the ships go with it, and the
    // active player's cruiser arrives without a combat.
    let mut away = g.clone();
    let to = to_slots[0];
    away.apply(Action::Choose(foresight, to as u16));
    assert_eq!(away.state.player(naalu).strategy, 0);
    assert_eq!(away.state.systems[to as usize].tokens >> naalu.0 & 1, 1, "the token in the system moved to");
    assert_eq!(away.state.count_at(Location::Space(to), UnitType::Destroyer), 1);
    assert_eq!(away.state.count_at(Location::Space(to), UnitType::Cruiser), 1);
    assert_eq!(away.state.occupant(Location::Space(t)), Some(ME), "the cruiser arrived");
    assert!(away.flow.tactical.space.is_none() && !matches!(away.step, Step::Space | Step::Decide(_)));
    check(&away).unwrap();
    assert_eq!(away.action_id(Action::Choose(foresight, to as u16)), format!("choose.foresight.{to}"));
}

/// Plays the space combat under way with the first legal decision and `rng`'s dice, up to the
/// landing.
fn fight(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    while matches!(g.step, Step::Space | Step::SpaceCannon) {
        check(g).unwrap();
        match g.current() {
            crate::game::Turn::Chance => g.apply_chance(rng),
            _ => {
                let a = legal(g)[0];
                g.apply(a);
            }
        }
    }
}

/// Seats `faction` at seat 0 (by `seed`), puts 3 of its dreadnoughts at home and 2 destroyers of
/// seat 1 next to it, lets `before` read (or change) that position, then attacks and fights the
/// space combat out (dice seed 3). Returns the game, the combat's system and what `before` read.
fn dreadnoughts_attack_two_destroyers<T>(
    seed: u64,
    faction: &str,
    before: impl FnOnce(&mut Ti4Game) -> T,
) -> (Ti4Game, u8, T) {
    let (mut g, me) = seated(seed, faction);
    assert_eq!(me, ME);
    let foe = Player(1);
    let h = g.home_slot[ME.idx()];
    let near = super::rule_tests::slot_at_distance(&g, h, 1);
    g.state.player_mut(ME).tactic = 3;
    g.state.add_units(ME, Location::Space(h), UnitType::Dreadnought, 3).unwrap();
    g.state.add_units(foe, Location::Space(near), UnitType::Destroyer, 2).unwrap();
    let read = before(&mut g);
    g.apply(Action::Activate(near));
    for _ in 0..3 {
        g.apply(Action::Move(h, UnitType::Dreadnought));
    }
    g.apply(Action::Done);
    fight(&mut g, &mut ChaCha8Rng::seed_from_u64(3));
    (g, near, read)
}

/// Seed 18 seats the Vuil'raith Cabal at seat 0; seed 0 Sol (no Devour).
#[test]
fn vuil_raith_devour_captures_the_opponents_units_destroyed_in_combat() {
    for (seed, faction) in [(18, "cabal"), (0, "sol")] {
        let foe = Player(1);
        let (g, near, reinforcements) = dreadnoughts_attack_two_destroyers(seed, faction, |g| {
            g.state.player(foe).reinforcements[UnitType::Destroyer.idx()]
        });
        let left = g.state.count_at(Location::Space(near), UnitType::Destroyer);
        assert!(left < 2, "three dreadnoughts destroy a destroyer");
        let held = g.state.captured.held(ME, foe, UnitType::Destroyer);
        let devour = faction == "cabal";
        assert_eq!(held, if devour { 2 - left } else { 0 }, "{faction}: the destroyed destroyers captured");
        let counted = g.effects().get(ME, super::effects::Effect::UnitsCaptured);
        assert_eq!(counted, held as u16, "{faction}: the capture counted for statistics");
        let back = g.state.player(foe).reinforcements[UnitType::Destroyer.idx()];
        assert_eq!(
            back,
            reinforcements + if devour { 0 } else { 2 - left },
            "captured units stay off their reinforcements"
        );
        assert_eq!(g.state.captured.held(foe, ME, UnitType::Dreadnought), 0, "the opponent captures nothing");
        check(&g).unwrap();
    }
}

/// Plays on from `g` with dice from `rng`, declining every "you may" (`Done` where offered, else
/// the first legal action), while a combat or invasion step is under way.
fn fight_on(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    while matches!(g.step, Step::Space | Step::Ground(_) | Step::InvasionRolls(_) | Step::SpaceCannon | Step::Decide(_))
    {
        match g.current() {
            crate::game::Turn::Chance => g.apply_chance(rng),
            _ => {
                let l = legal(g);
                g.apply(if l.contains(&Action::Done) { Action::Done } else { l[0] });
            }
        }
        check(g).unwrap();
    }
}

/// The Terror Between (Cabal flagship): "Capture all other non-structure units that are
/// destroyed in this system, including your own." The Cabal (seed 18, seat 0) attack 3
/// dreadnoughts with 3 destroyers, with and without the flagship: the destroyers they lose are
/// captured onto their own sheet only with it.
#[test]
fn cabal_the_terror_between_captures_the_cabals_own_losses() {
    let mut lost_with = 0;
    for flagship in [true, false] {
        for seed in 0..6 {
            let (mut g, me) = seated(18, "cabal");
            assert_eq!(me, ME);
            let h = g.home_slot[ME.idx()];
            let near = super::rule_tests::slot_at_distance(&g, h, 1);
            g.state.add_units(Player(1), Location::Space(near), UnitType::Dreadnought, 3).unwrap();
            g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 3).unwrap();
            if flagship {
                g.state.add_units(ME, Location::Space(h), UnitType::Flagship, 1).unwrap();
            }
            g.apply(Action::Activate(near));
            for _ in 0..3 {
                g.apply(Action::Move(h, UnitType::Destroyer));
            }
            if flagship {
                g.apply(Action::Move(h, UnitType::Flagship));
            }
            g.apply(Action::Done);
            fight_on(&mut g, &mut ChaCha8Rng::seed_from_u64(seed));
            let d = UnitType::Destroyer;
            let left = g.state.count_at(Location::Space(near), d)
                * (g.state.occupant(Location::Space(near)) == Some(ME)) as u8;
            let held = g.state.captured.held(ME, ME, d);
            if flagship {
                assert_eq!(held, 3 - left, "seed {seed}: every destroyer lost is captured");
                lost_with += held;
            } else {
                assert_eq!(held, 0, "seed {seed}: without the flagship, Devour alone");
            }
            assert_eq!(g.state.captured.held(ME, ME, UnitType::Flagship), 0, "not the flagship itself");
        }
    }
    assert!(lost_with > 0, "3 dreadnoughts destroy a destroyer");
}

/// Reanimator (Cabal mech): "When your infantry on this planet are destroyed, place them on your
/// faction sheet; those units are captured." The Cabal (seed 18, seat 0) invade 3 infantry with
/// 2 infantry, with and without a mech: the infantry they lose are captured only with it.
#[test]
fn cabal_reanimator_captures_the_cabals_infantry_destroyed_with_a_mech() {
    let mut captured = 0;
    for mech in [true, false] {
        for seed in 0..6 {
            let (mut g, _) = seated(18, "cabal");
            let victim = Player(1);
            let target = super::rule_tests::planets_next_to_home(&g);
            let c = g.content.clone();
            let pl = g.state.planet_at(&c, Location::Planet(target, 0)).unwrap();
            crate::ti4::control::gain_control(&c, &mut g.state, victim, pl, false).unwrap();
            g.state.add_units(victim, Location::Planet(target, 0), UnitType::Infantry, 3).unwrap();
            let vh = g.home_slot[victim.idx()];
            g.state.add_units(victim, Location::Space(vh), UnitType::Carrier, 1).unwrap();
            let h = g.home_slot[ME.idx()];
            g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
            g.state.add_units(ME, Location::Space(h), UnitType::Infantry, 2).unwrap();
            if mech {
                g.state.add_units(ME, Location::Space(h), UnitType::Mech, 1).unwrap();
            }
            g.apply(Action::Activate(target));
            g.apply(Action::Move(h, UnitType::Carrier));
            g.apply(Action::Done);
            fight_on(&mut g, &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(g.step, Step::Land(ME));
            let landing = [(UnitType::Infantry, 2), (UnitType::Mech, mech as u8)];
            for (t, k) in landing {
                for _ in 0..k {
                    g.apply(Action::Land(0, t));
                }
            }
            g.apply(Action::Done);
            fight_on(&mut g, &mut ChaCha8Rng::seed_from_u64(seed));
            let on = Location::Planet(target, 0);
            let survivors = if g.state.occupant(on) == Some(ME) { g.state.count_at(on, UnitType::Infantry) } else { 0 };
            let held = g.state.captured.held(ME, ME, UnitType::Infantry);
            if mech {
                assert_eq!(held, 2 - survivors, "seed {seed}: every infantry lost is captured");
                captured += held;
            } else {
                assert_eq!(held, 0, "seed {seed}: without a mech, none");
            }
        }
    }
    assert!(captured > 0, "3 infantry destroy an invading infantry");
}

/// Devour in ground combat: the Cabal (seed 18, seat 0) invades seat 1's planet held by 1
/// infantry; seat 1 stays in the game through a carrier with 1 infantry at its home.
#[test]
fn vuil_raith_devour_captures_the_ground_forces_destroyed_in_a_ground_combat() {
    let victim = Player(1);
    let mut won = 0;
    for seed in 0..12 {
        let (mut g, me) = seated(18, "cabal");
        assert_eq!(me, ME);
        let vh = g.home_slot[victim.idx()];
        g.state.add_units(victim, Location::Space(vh), UnitType::Carrier, 1).unwrap();
        g.state.add_units(victim, Location::Space(vh), UnitType::Infantry, 1).unwrap();
        let (g, _, took) = super::rule_tests::invade_the_last_planet(g, seed);
        assert!(g.state.player(victim).in_game);
        let held = g.state.captured.held(ME, victim, UnitType::Infantry);
        assert_eq!(held, took as u8, "seed {seed}: the defending infantry captured when destroyed");
        assert_eq!(g.state.captured.held(victim, ME, UnitType::Infantry), 0);
        won += took as u32;
        check(&g).unwrap();
    }
    assert!(won > 2, "4 infantry beat 1 usually ({won} of 12)");
}

/// Seed 10 seats the Winnu at seat 0: they land on Mecatol Rex (Blood Ties: no influence) and,
/// the tactical action resolved, may place a PDS and a space dock there.
#[test]
fn winnu_reclamation_may_place_a_pds_and_a_space_dock_on_mecatol_rex_just_gained() {
    let reclamation = ability("reclamation");
    let mut g = scenario_of(six_player_game(10));
    assert!(land_on_mecatol(&mut g, 0));
    let m = g.galaxy().mecatol();
    while g.step == Step::Land(ME) {
        g.apply(Action::Done);
    }
    assert_eq!(g.step, Step::Decide(ME), "after the tactical action");
    assert_eq!(legal(&g), vec![Action::Choose(reclamation, 0), Action::Done]);
    let mut declined = g.clone();
    declined.apply(Action::Done);
    assert!(!matches!(declined.step, Step::Decide(_)));
    assert_eq!(declined.state.count_at(Location::Planet(m, 0), UnitType::SpaceDock), 0);
    g.apply(Action::Choose(reclamation, 0));
    for t in [UnitType::Pds, UnitType::SpaceDock] {
        assert_eq!(g.state.count_at(Location::Planet(m, 0), t), 1, "{t:?} on Mecatol Rex");
    }
    assert!(!matches!(g.step, Step::Decide(_)), "the turn goes on");
    check(&g).unwrap();
    // A later tactical action in Mecatol Rex's system gains nothing: no decision.
    let mut again = declined;
    again.flow.turn = ME;
    again.step = Step::Turn(ME);
    again.state.systems[m as usize].tokens &= !1;
    again.state.player_mut(ME).tactic = 3;
    again.apply(Action::Activate(m));
    again.apply(Action::Done);
    while !matches!(again.step, Step::Turn(_) | Step::Decide(_) | Step::Over(_)) {
        let a = legal(&again).last().copied().unwrap();
        again.apply(a);
    }
    assert!(!matches!(again.step, Step::Decide(ME)), "nothing gained, nothing offered");
}

/// Seed 3 seats the Xxcha at seat 0. After the Diplomacy primary they may take a planet
/// without units in a system next to one of theirs (not Mecatol Rex).
#[test]
fn xxcha_peace_accords_may_gain_a_planet_without_units_after_diplomacy() {
    const DIPLOMACY: u8 = 1;
    let pa = ability("peace_accords");
    let mut g = hold(game_of(six_player_game(3)), DIPLOMACY);
    assert_eq!(g.state.player(ME).faction, g.content().faction("xxcha").unwrap());
    g.apply(Action::Strategic(DIPLOMACY));
    if g.step == Step::Diplomacy(ME) {
        let a = legal(&g)[0];
        g.apply(a);
    }
    assert_eq!(g.step, Step::Decide(ME), "Peace Accords after the primary");
    let offered: Vec<PlanetId> = legal(&g)
        .iter()
        .filter_map(|a| if let Action::Choose(s, k) = *a { (s == pa).then_some(PlanetId(k as u8)) } else { None })
        .collect();
    assert!(!offered.is_empty());
    let (c, s) = (g.content(), &g.state);
    for &pl in &offered {
        let Some(Location::Planet(slot, n)) = s.planet_location(c, pl) else { panic!("on the board") };
        assert!(s.occupant(Location::Planet(slot, n)).is_none(), "no units");
        assert_ne!(Some(pl), c.known.mecatol_rex);
        assert!(!s.player(ME).planets.contains(pl));
        let near = s.player(ME).planets.iter().any(|q| match s.planet_location(c, q) {
            Some(Location::Planet(h, _)) => h == slot || g.galaxy().neighbours(h) >> slot & 1 == 1,
            _ => false,
        });
        assert!(near, "in or next to a system with a planet of theirs");
    }
    let mut declined = g.clone();
    declined.apply(Action::Done);
    assert!(!matches!(declined.step, Step::Decide(_)), "the secondaries go on");
    let pl = offered[0];
    g.apply(Action::Choose(pa, pl.0 as u16));
    assert!(g.state.player(ME).planets.contains(pl) && g.state.exhausted_planets.contains(pl), "gained, exhausted");
    assert!(!matches!(g.step, Step::Decide(_)));
    assert!(!declined.state.player(ME).planets.contains(pl));
    check(&g).unwrap();
}

/// Seed 20 seats the Mahact at seat 0; seed 0 Sol (no Edict). Three dreadnoughts attack two
/// destroyers of seat 1: the winner of the space combat (rules 78.10) takes a token.
#[test]
fn mahact_edict_takes_a_command_token_of_the_opponent_it_beats_in_combat() {
    for (seed, faction) in [(20, "mahact"), (0, "sol")] {
        let foe = Player(1);
        let (g, near, (tokens, bonus)) = dreadnoughts_attack_two_destroyers(seed, faction, |g| {
            (g.state.player(foe).token_reinforcements, crate::ti4::rules::fleet_limit_bonus(g.content(), &g.state, ME))
        });
        assert_eq!(g.state.count_at(Location::Space(near), UnitType::Destroyer), 0, "the dreadnoughts win");
        let edict = faction == "mahact";
        assert_eq!(g.state.factions.held_tokens(ME), if edict { 1 << foe.0 } else { 0 }, "{faction}");
        let counted = g.effects().get(ME, super::effects::Effect::CommandTokensTaken);
        assert_eq!(counted, u16::from(edict), "{faction}: the token taken counted for statistics");
        assert_eq!(g.state.player(foe).token_reinforcements, tokens - edict as u8, "taken from reinforcements");
        assert_eq!(
            crate::ti4::rules::fleet_limit_bonus(g.content(), &g.state, ME),
            bonus + edict as u32,
            "a held token raises the fleet limit"
        );
        check(&g).unwrap();
        // A second win over the same player adds nothing: the pool already holds its token.
        let mut again = g.clone();
        let ps = again.state.factions.held_tokens(ME);
        super::super::rules::combat_won(&mut again, ME, foe);
        assert_eq!(again.state.factions.held_tokens(ME), ps);
        assert_eq!(again.state.player(foe).token_reinforcements, tokens - edict as u8);
    }
}

/// Edict after a ground combat: the Mahact (seed 20, seat 0) invade seat 1's last planet; seat
/// 1 stays in the game through a carrier with 1 infantry at its home.
#[test]
fn mahact_edict_takes_a_token_after_winning_a_ground_combat() {
    let victim = Player(1);
    let mut won = 0;
    for seed in 0..8 {
        let (mut g, me) = seated(20, "mahact");
        assert_eq!(me, ME);
        let vh = g.home_slot[victim.idx()];
        g.state.add_units(victim, Location::Space(vh), UnitType::Carrier, 1).unwrap();
        g.state.add_units(victim, Location::Space(vh), UnitType::Infantry, 1).unwrap();
        let tokens = g.state.player(victim).token_reinforcements;
        let (g, _, took) = super::rule_tests::invade_the_last_planet(g, seed);
        assert!(g.state.player(victim).in_game);
        let held = g.state.factions.held_tokens(ME) >> victim.0 & 1 == 1;
        assert_eq!(held, took, "seed {seed}: a token exactly when the ground combat was won");
        assert_eq!(g.state.player(victim).token_reinforcements, tokens - took as u8);
        won += took as u32;
        check(&g).unwrap();
    }
    assert!(won > 1, "4 infantry beat 1 usually ({won} of 8)");
}

/// Technological Singularity (Nekro) and Technology 16.17: after a space combat that destroyed
/// the opponent's units, the Nekro player may gain a technology that opponent owns, or copy
/// one of its faction technologies under a Valefar Assimilator token (window `SpaceCombatEnd`,
/// `Step::Decide`); declining gains nothing. Sol (seed 0) is never asked.
#[test]
fn nekro_technological_singularity_gains_or_copies_a_technology_of_the_opponent_after_combat() {
    use crate::ti4::factions::nekro::TechChoice;
    use crate::ti4::technology::valefar::Token;
    let foe = Player(1);
    let seed = seed_seating_first("nekro");
    // Player 1 owns Gravity Drive, which the Nekro do not, and its first faction technology.
    let setup = |g: &mut Ti4Game| {
        let c = g.content();
        let drive = c.tech("gravity_drive").unwrap();
        let own = c.factions[g.state.player(foe).faction.idx()].faction_techs.iter().next().unwrap();
        let ps = g.state.player_mut(foe);
        ps.techs.insert(drive);
        ps.techs.insert(own);
        (drive, own)
    };
    for choice in ["gain", "copy", "decline"] {
        let (mut g, _, (drive, own)) = dreadnoughts_attack_two_destroyers(seed, "nekro", setup);
        assert!(g.combat_opponent_with_losses(ME) == Some(foe), "the dreadnoughts destroyed a destroyer");
        assert_eq!(g.step, Step::Decide(ME), "the Nekro player is asked after the combat");
        let src = ability("technological_singularity");
        let l = legal(&g);
        let gain = Action::Choose(src, TechChoice::Gain(drive).code());
        let copy = Action::Choose(src, TechChoice::Copy(Token::X, own, foe).code());
        assert!(l.contains(&gain) && l.contains(&copy) && l.contains(&Action::Done), "{l:?}");
        assert!(!l.contains(&Action::Choose(src, TechChoice::Gain(own).code())), "another faction's card is copied");
        let techs = g.state.player(ME).techs;
        match choice {
            "gain" => g.apply(gain),
            "copy" => g.apply(copy),
            _ => g.apply(Action::Done),
        }
        assert_ne!(g.step, Step::Decide(ME), "once per combat");
        let ps = g.state.player(ME);
        assert_eq!(ps.techs.contains(drive), choice == "gain", "{choice}: Gravity Drive gained");
        assert_eq!(
            g.state.factions.valefar(ME)[Token::X.idx()] == Some(own),
            choice == "copy",
            "{choice}: the X token copies"
        );
        assert_eq!(ps.techs.len(), techs.len() + (choice == "gain") as u32);
        check(&g).unwrap();
    }
    // Sol has no Technological Singularity: no decision after the same combat.
    let (g, _, _) = dreadnoughts_attack_two_destroyers(0, "sol", setup);
    assert!(!matches!(g.step, Step::Decide(_)), "{:?}", g.step);
}

/// Antivirus (Nekro promissory note): received by seat 1, it goes face up into their play
/// area; after the same combat as in the test above, the Nekro player is not asked for a
/// Technological Singularity against them. When seat 1 activates a system with the Nekro's
/// units, the note returns to the Nekro's hand.
#[test]
fn nekro_antivirus_stops_technological_singularity_against_its_holder() {
    use crate::ti4::components::Zone;
    let foe = Player(1);
    let seed = seed_seating_first("nekro");
    let give = |g: &mut Ti4Game| {
        let n = g.content().cards.note("antivirus").unwrap();
        let (owner, k) = crate::ti4::rules::note_owner(g.content(), &g.state, n).unwrap();
        assert_eq!(owner, ME);
        super::notes::give_note(g, ME, k as u8, foe);
        assert_eq!(g.state.notes.get(ME, k), Zone::PlayArea(foe), "face up in the receiver's play area");
        let drive = g.content().tech("gravity_drive").unwrap();
        g.state.player_mut(foe).techs.insert(drive);
        k
    };
    let (without, _, _) = dreadnoughts_attack_two_destroyers(seed, "nekro", |g| {
        let drive = g.content().tech("gravity_drive").unwrap();
        g.state.player_mut(foe).techs.insert(drive);
    });
    assert_eq!(without.step, Step::Decide(ME), "without the note, the same combat asks the Nekro");
    let (mut g, near, k) = dreadnoughts_attack_two_destroyers(seed, "nekro", give);
    assert!(!matches!(g.step, Step::Decide(p) if p == ME), "no Singularity against the holder: {:?}", g.step);
    // The holder activates a system without the Nekro's units: the note stays; with them: it
    // returns.
    let far = (0..g.state.num_systems)
        .find(|&sl| {
            let sys = &g.state.systems[sl as usize];
            sys.space.owner != ME.0 && sys.planets.iter().all(|a| a.owner != ME.0)
        })
        .unwrap();
    crate::ti4::rules::system_activated(&mut g, foe, foe, far);
    assert_eq!(g.state.notes.get(ME, k), Zone::PlayArea(foe));
    crate::ti4::rules::system_activated(&mut g, ME, foe, near);
    assert_eq!(g.state.notes.get(ME, k), Zone::PlayArea(foe), "asked of the Nekro, not the holder");
    crate::ti4::rules::system_activated(&mut g, foe, foe, near);
    assert_eq!(g.state.notes.get(ME, k), Zone::Hand(ME), "returned");
    check(&g).unwrap();
}

/// Galactic Threat (Nekro): once per agenda phase, after an agenda is revealed, the Nekro
/// player may predict its outcome (window `AgendaRevealed`); if the prediction is right, it may
/// gain a technology owned by a player who voted that way (window `AgendaResolved`). A wrong
/// prediction offers nothing, and the second agenda of the phase asks for no prediction.
#[test]
fn nekro_galactic_threat_predicts_the_outcome_and_gains_a_voters_technology() {
    use crate::ti4::factions::nekro::TechChoice;
    let gt = ability("galactic_threat");
    for predicted in [0u16, 1] {
        let (mut g, nekro) = first_game_seating("nekro");
        let drive = g.content().tech("gravity_drive").unwrap();
        let voter = Player((nekro.0 + 1) % 6);
        g.state.player_mut(nekro).techs.remove(drive);
        g.state.player_mut(voter).techs.insert(drive);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        g.flow.custodians = false;
        g.flow.agenda_phase.agenda = 0;
        assert!(agendas::start(&mut g));
        g.step = Step::RevealAgenda;
        g.apply_chance(&mut rng);
        // Rules of other players at the "when" window (Xxcha's Quash) are declined.
        decline_others(&mut g, nekro);
        assert_eq!(g.step, Step::Decide(nekro), "asked after the reveal");
        assert_eq!(g.flow.pending.window, Some(crate::ti4::rules::Window::AgendaRevealed), "an \"after\"");
        assert_eq!(legal(&g), vec![Action::Choose(gt, 0), Action::Choose(gt, 1), Action::Done]);
        g.apply(Action::Choose(gt, predicted));
        decline_others(&mut g, nekro);
        while let Step::Vote(_) = g.step {
            super::agenda_tests::vote_with_every_planet(&mut g, 0);
        }
        assert_eq!(g.step, Step::ResolveAgenda);
        g.apply_chance(&mut rng);
        let gain = Action::Choose(gt, TechChoice::Gain(drive).code());
        if predicted == 0 {
            assert_eq!(g.step, Step::Decide(nekro), "a right prediction");
            assert!(legal(&g).contains(&gain), "{:?}", legal(&g));
            g.apply(gain);
            assert!(g.state.player(nekro).techs.contains(drive), "Gravity Drive gained");
        } else {
            assert_ne!(g.step, Step::Decide(nekro), "a wrong prediction offers nothing");
            assert!(!g.state.player(nekro).techs.contains(drive));
        }
        check(&g).unwrap();
        // The second agenda of the phase: no prediction (once per agenda phase).
        assert_eq!(g.step, Step::RevealAgenda, "the second agenda");
        g.apply_chance(&mut rng);
        decline_others(&mut g, nekro);
        assert!(matches!(g.step, Step::Vote(_)), "once per agenda phase: {:?}", g.step);
    }
}

/// Quash (Xxcha): after an agenda is revealed, the Xxcha player may spend a strategy-pool token
/// to discard it and reveal another, on which the players vote instead.
#[test]
fn xxcha_quash_discards_the_revealed_agenda_for_a_strategy_token() {
    let quash = ability("quash");
    for take in [true, false] {
        let (mut g, xxcha) = first_game_seating("xxcha");
        set_strategy_pool(&mut g, xxcha, 1);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        g.flow.custodians = false;
        g.flow.agenda_phase.agenda = 0;
        assert!(agendas::start(&mut g));
        g.step = Step::RevealAgenda;
        g.apply_chance(&mut rng);
        let first = g.flow.agenda_phase.agenda_card;
        decline_others(&mut g, xxcha);
        assert_eq!(g.step, Step::Decide(xxcha), "asked after the reveal");
        assert_eq!(g.flow.pending.window, Some(crate::ti4::rules::Window::WhenAgendaRevealed), "a \"when\"");
        assert_eq!(legal(&g), vec![Action::Choose(quash, 0), Action::Done]);
        let tokens = g.state.player(xxcha).token_reinforcements;
        if !take {
            g.apply(Action::Done);
            decline_others(&mut g, xxcha);
            assert!(matches!(g.step, Step::Vote(_)), "declined: the vote on the first agenda");
            assert_eq!(g.flow.agenda_phase.agenda_card, first);
            continue;
        }
        g.apply(Action::Choose(quash, 0));
        assert_eq!(g.step, Step::RevealAgenda, "another agenda is revealed");
        assert_eq!((g.state.player(xxcha).strategy, g.state.player(xxcha).token_reinforcements), (0, tokens + 1));
        assert_eq!(g.state.agendas.get(first as usize), Zone::Discard, "the quashed agenda is discarded");
        g.apply_chance(&mut rng);
        assert_ne!(g.flow.agenda_phase.agenda_card, first);
        decline_others(&mut g, xxcha);
        assert!(matches!(g.step, Step::Vote(_)), "no strategy token left: no second Quash");
        check(&g).unwrap();
    }
}

/// Declines every pending decision of a player other than `me` (other rules asked at the same
/// window).
fn decline_others(g: &mut Ti4Game, me: Player) {
    while let Step::Decide(q) = g.step {
        if q == me {
            return;
        }
        g.apply(Action::Done);
    }
}

/// Technological Singularity after a ground combat (window `GroundCombatEnd`): the Nekro invade
/// seat 1's last planet held by 1 infantry (seat 1 stays in the game through a carrier with 1
/// infantry at its home); whenever the defending infantry is destroyed the Nekro are asked, and
/// Gravity Drive (seat 1's) is among the choices.
#[test]
fn nekro_technological_singularity_is_asked_after_a_ground_combat() {
    use crate::ti4::factions::nekro::TechChoice;
    let victim = Player(1);
    let seed = seed_seating_first("nekro");
    let singularity = ability("technological_singularity");
    let mut asked = 0;
    for dice in 0..12 {
        let mut g = scenario_of(six_player_game(seed));
        let drive = g.content().tech("gravity_drive").unwrap();
        g.state.player_mut(ME).techs.remove(drive);
        g.state.player_mut(victim).techs.insert(drive);
        let vh = g.home_slot[victim.idx()];
        g.state.add_units(victim, Location::Space(vh), UnitType::Carrier, 1).unwrap();
        g.state.add_units(victim, Location::Space(vh), UnitType::Infantry, 1).unwrap();
        let mut seen = None;
        let mut watch = |g: &Ti4Game| {
            if g.flow.pending.window == Some(crate::ti4::rules::Window::GroundCombatEnd) && seen.is_none() {
                seen = Some(legal(g));
            }
        };
        let (g, _, took) = super::rule_tests::invade_the_last_planet_with(g, dice, (1, 0), 0, &mut watch);
        assert!(g.state.player(victim).in_game);
        if took {
            let l = seen.expect("asked after the ground combat it won");
            assert!(l.contains(&Action::Choose(singularity, TechChoice::Gain(drive).code())), "{l:?}");
            asked += 1;
        }
    }
    assert!(asked > 2, "4 infantry beat 1 usually ({asked} of 12)");
}

/// The first seed whose [`scenario_of`] game seats `faction` at seat 0.
fn seed_seating_first(faction: &str) -> u64 {
    let first = |k: u64| {
        let g = scenario_of(six_player_game(k));
        g.state.seat_of(g.content().faction(faction).unwrap()) == Some(ME)
    };
    (0..400).find(|&k| first(k)).unwrap_or_else(|| panic!("a seed seats {faction} first"))
}

/// The action phase ([`game_of`]) of the first seed's game that seats `faction`, and its seat.
fn first_game_seating(faction: &str) -> (Ti4Game, Player) {
    let seated = |k: u64| {
        let g = game_of(six_player_game(k));
        let p = g.state.seat_of(g.content().faction(faction).unwrap())?;
        Some((g, p))
    };
    (0..400).find_map(seated).unwrap_or_else(|| panic!("a seed seats {faction}"))
}

/// Seat 0 activates a system holding a destroyer of `faction` (another seat), whose player
/// owns `tech` when `owned`; returns the game before and after the activation and that seat.
fn activate_next_to(faction: &str, tech: &str, owned: bool) -> (Ti4Game, Ti4Game, Player) {
    let (mut g, q) = (0..400)
        .map(|k| scenario_of(six_player_game(k)))
        .find_map(|g| {
            let q = g.state.seat_of(g.content().faction(faction).unwrap())?;
            (q != ME).then_some((g, q))
        })
        .unwrap_or_else(|| panic!("a seed seats {faction} after seat 0"));
    let t = g.content().tech(tech).unwrap();
    if owned {
        g.state.player_mut(q).techs.insert(t);
    } else {
        g.state.player_mut(q).techs.remove(t);
    }
    let near = super::rule_tests::slot_at_distance(&g, g.home_slot[ME.idx()], 1);
    g.state.add_units(q, Location::Space(near), UnitType::Destroyer, 1).unwrap();
    let before = g.clone();
    g.apply(Action::Activate(near));
    check(&g).unwrap();
    (before, g, q)
}

/// E-Res Siphons (Jol-Nar): 4 trade goods when another player activates a system holding the
/// owner's ships; nothing without the card.
#[test]
fn jolnar_e_res_siphons_gains_4_trade_goods_when_another_player_activates_its_ships_system() {
    for owned in [true, false] {
        let (before, g, q) = activate_next_to("jolnar", "e_res_siphons", owned);
        let gained = g.state.player(q).trade_goods - before.state.player(q).trade_goods;
        assert_eq!(gained, 4 * owned as u8, "owned: {owned}");
        assert_eq!(g.state.player(ME).trade_goods, before.state.player(ME).trade_goods);
    }
}

/// Neuroglaive (Naalu): a player activating a system holding the owner's ships returns 1 fleet
/// pool token to its reinforcements; nothing without the card.
#[test]
fn naalu_neuroglaive_takes_a_fleet_token_from_a_player_activating_its_ships_system() {
    for owned in [true, false] {
        let (before, g, _) = activate_next_to("naalu", "neuroglaive", owned);
        let (b, a) = (before.state.player(ME), g.state.player(ME));
        assert_eq!(
            (b.fleet - a.fleet, a.token_reinforcements - b.token_reinforcements),
            if owned { (1, 1) } else { (0, 0) }
        );
    }
}

/// `ME` (seat 0 of six-player game `seed`, after `prepare`) moves a destroyer and 2 cruisers
/// from its home into a plain system next to it, where seat 1 has `theirs`: the game after the
/// movement, and that system's slot.
pub(super) fn attack_next_door(
    seed: u64,
    theirs: &[(UnitType, u8)],
    prepare: impl FnOnce(&mut Ti4Game),
) -> (Ti4Game, u8) {
    let mut g = scenario_of(six_player_game(seed));
    prepare(&mut g);
    let (h, target) = (home(&g), slot_at_distance(&g, home(&g), 1));
    for &(t, k) in theirs {
        g.state.add_units(Player(1), Location::Space(target), t, k).unwrap();
    }
    g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Cruiser, 2).unwrap();
    g.apply(Action::Activate(target));
    for t in [UnitType::Destroyer, UnitType::Cruiser, UnitType::Cruiser] {
        g.apply(Action::Move(h, t));
    }
    g.apply(Action::Done);
    check(&g).unwrap();
    (g, target)
}

/// The space combat that starts when `ME`, at seat 0 of six-player game `seed`, attacks a
/// destroyer next to its home ([`attack_next_door`]).
fn space_combat_after_moving_cruisers(seed: u64) -> crate::ti4::combat::SpaceCombat {
    let (g, _) = attack_next_door(seed, &[(UnitType::Destroyer, 1)], |_| {});
    assert_eq!(g.step, Step::Space);
    g.flow.tactical.space.expect("a space combat")
}

/// Plays the space combat under way (`Step::Space`) with dice from `rng`, declining every
/// "you may" (`Done` where offered, else the first legal action), until it stops elsewhere.
pub(super) fn play_space_combat_declining(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    while g.step == Step::Space {
        match g.current() {
            crate::game::Turn::Chance => g.apply_chance(rng),
            _ => {
                let l = legal(g);
                g.apply(if l.contains(&Action::Done) { Action::Done } else { l[0] });
            }
        }
    }
}

/// Letnev "Munitions Reserves" in the round loop: at the start of a space combat the Letnev
/// (seat 0 of game 2), holding 2 trade goods, may spend them (`Choose(munitions, 0)`) to
/// re-roll the first round's misses (`SpaceCombat::reroll`); with 1 trade good nothing is
/// asked; between rounds the choice comes again while another round follows and 2 trade goods
/// are left.
#[test]
fn letnev_munitions_reserves_rerolls_the_misses_of_a_paid_round() {
    use crate::ti4::rules::Window;
    let munitions = ability("munitions");
    let theirs = [(UnitType::Dreadnought, 3)];
    let letnev = |g: &mut Ti4Game| assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "letnev");
    let (g, _) = attack_next_door(2, &theirs, |g| {
        letnev(g);
        g.state.player_mut(ME).trade_goods = 1;
    });
    assert_eq!(g.step, Step::Space, "1 trade good: nothing to decide");
    assert_eq!(g.flow.tactical.space.unwrap().reroll(), [false; 2]);
    let (mut g, _) = attack_next_door(2, &theirs, |g| {
        letnev(g);
        g.state.player_mut(ME).trade_goods = 5;
    });
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SpaceCombatStart)));
    assert_eq!(legal(&g), vec![Action::Choose(munitions, 0), Action::Done]);
    g.apply(Action::Choose(munitions, 0));
    assert_eq!(g.state.player(ME).trade_goods, 3);
    assert_eq!(g.step, Step::Space);
    assert_eq!(g.flow.tactical.space.unwrap().reroll(), [true, false], "the first round re-rolls");
    check(&g).unwrap();
    // Played on: the roll spends the flag; between rounds the Letnev is asked again.
    let mut asked = 0;
    for seed in 0..10 {
        let mut g = g.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_space_combat_declining(&mut g, &mut rng);
        if g.flow.pending.window == Some(Window::SpaceCombatRoundEnd) {
            assert_eq!(g.flow.tactical.space.unwrap().reroll(), [false; 2], "spent by the first roll");
            assert!(legal(&g).contains(&Action::Choose(munitions, 0)));
            g.apply(Action::Choose(munitions, 0));
            assert_eq!(g.state.player(ME).trade_goods, 1);
            assert_eq!(g.flow.tactical.space.unwrap().reroll(), [true, false], "the next round re-rolls");
            check(&g).unwrap();
            asked += 1;
        }
    }
    assert!(asked > 0, "no second round in 10 seeds");
}

/// Mentak "Ambush" in the round loop: a Mentak space combat opens with the Ambush roll (a chance
/// point before anti-fighter barrage); another faction's in the same setting does not (the
/// rolls themselves: `combat::tests::rules::mentak_ambush_rolls_two_cruisers_or_destroyers_before_the_barrage`).
#[test]
fn mentak_ambush_opens_the_mentak_space_combat() {
    use crate::ti4::combat::SpacePhase;
    // Game 7 seats the Mentak at seat 0, game 1 the Hacan.
    let mentak = space_combat_after_moving_cruisers(7);
    assert_eq!(mentak.phase(), SpacePhase::Ambush);
    let other = space_combat_after_moving_cruisers(1);
    assert_ne!(other.phase(), SpacePhase::Ambush);
}

/// Impulse Core (Yin Brotherhood): "At the start of a space combat, you may destroy 1 of your
/// cruisers or destroyers in the active system to produce 1 hit against your opponent's ships;
/// that hit must be assigned by your opponent to 1 of their non-fighter ships if able." Window
/// `SpaceCombatStart` asks the owner, attacking (game 14 seats the Yin at seat 0) or defending
/// (game 11 at seat 1): each of its cruisers and destroyers there, or decline. Taking it
/// destroys the ship (the attacker's from transit) and the opponent assigns the hit to a
/// non-fighter ship; declining starts the combat as without the card.
#[test]
fn yin_impulse_core_destroys_a_ship_for_a_hit_at_the_start_of_a_space_combat() {
    use crate::ti4::combat::{HitChoice, Side, SpacePhase};
    let them = Player(1);
    for (seed, yin) in [(14, ME), (11, them)] {
        let impulse = crate::ti4::rules::Source::Tech(Content::embedded().tech("impulse_core").unwrap());
        let theirs = [(UnitType::Carrier, 1), (UnitType::Fighter, 2), (UnitType::Cruiser, 1)];
        let (mut g, _) = attack_next_door(seed, &theirs, |g| {
            assert_eq!(g.content().factions[g.state.player(yin).faction.idx()].key, "yin");
            g.state.player_mut(yin).techs.insert(impulse.tech().unwrap());
        });
        assert_eq!(g.step, Step::Decide(yin), "seed {seed}");
        let offered: Vec<_> =
            if yin == ME { vec![UnitType::Destroyer, UnitType::Cruiser] } else { vec![UnitType::Cruiser] };
        let mut expected: Vec<_> = offered.iter().map(|t| Action::Choose(impulse, t.idx() as u16)).collect();
        expected.push(Action::Done);
        assert_eq!(legal(&g), expected);
        let mut declined = g.clone();
        declined.apply(Action::Done);
        let plain = declined.flow.tactical.space.expect("the combat");
        assert_eq!(plain.hits_produced(Side::Attacker) + plain.hits_produced(Side::Defender), 0);
        g.apply(Action::Choose(impulse, UnitType::Cruiser.idx() as u16));
        check(&g).unwrap();
        let combat = g.flow.tactical.space.expect("the combat");
        let (own, other) = if yin == ME { (Side::Attacker, Side::Defender) } else { (Side::Defender, Side::Attacker) };
        let cruisers = if yin == ME { 1 } else { 0 };
        assert_eq!(combat.force(own).count(UnitType::Cruiser), cruisers, "the Yin cruiser is destroyed");
        assert_eq!(combat.hits_produced(other), 1);
        if yin == ME {
            // The carrier or the cruiser: the Hacan decide, never a fighter.
            assert_eq!(combat.phase(), SpacePhase::AssignOpening(Side::Defender));
            assert_eq!(
                legal(&g),
                vec![
                    Action::Hit(HitChoice::Destroy(UnitType::Cruiser)),
                    Action::Hit(HitChoice::Destroy(UnitType::Carrier))
                ]
            );
        } else {
            // The attacker's destroyer or one of its cruisers.
            assert_eq!(combat.phase(), SpacePhase::AssignOpening(Side::Attacker));
            assert_eq!(
                legal(&g),
                vec![
                    Action::Hit(HitChoice::Destroy(UnitType::Destroyer)),
                    Action::Hit(HitChoice::Destroy(UnitType::Cruiser))
                ]
            );
        }
    }
}

/// Devotion (Yin Brotherhood): "After each space battle round, you may destroy 1 of your
/// cruisers or destroyers in the active system to produce 1 hit and assign it to 1 of your
/// opponent's ships in that system." After a round with no retreat and both sides left, the
/// Yin (game 14, seat 0, attacking a dreadnought and a carrier) is asked at window
/// `SpaceCombatRoundEnd`: each of its cruiser and destroyer types against each way the
/// opponent's ships take the hit (the undamaged dreadnought sustains it, a damaged one or the
/// carrier is destroyed), or decline. A choice destroys both ships in the combat; declining
/// starts the next round with the forces unchanged.
#[test]
fn yin_devotion_trades_a_ship_for_a_hit_after_a_space_combat_round() {
    use crate::ti4::combat::{Side, SpacePhase};
    use crate::ti4::rules::Window;
    let them = Player(1);
    let devotion = ability("devotion");
    let code = |own: UnitType, target: UnitType, sustain: bool| {
        own.idx() as u16 * 32 + target.idx() as u16 * 2 + u16::from(sustain)
    };
    let mut asked = 0;
    for seed in 0..40u64 {
        let theirs = [(UnitType::Dreadnought, 1), (UnitType::Carrier, 1)];
        let (mut g, target) = attack_next_door(14, &theirs, |g| {
            assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "yin");
        });
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_space_combat_declining(&mut g, &mut rng);
        if g.step != Step::Decide(ME) {
            continue; // the combat ended in its first round
        }
        check(&g).unwrap();
        assert_eq!(g.flow.pending.window, Some(Window::SpaceCombatRoundEnd));
        let c = g.flow.tactical.space.expect("the combat");
        assert_eq!(c.phase(), SpacePhase::Between);
        let (mine, theirs) = (*c.force(Side::Attacker), *c.force(Side::Defender));
        let mut expected = Vec::new();
        for own in [UnitType::Destroyer, UnitType::Cruiser].into_iter().filter(|&t| mine.count(t) > 0) {
            for t in [UnitType::Carrier, UnitType::Dreadnought].into_iter().filter(|&t| theirs.count(t) > 0) {
                let sustains = t == UnitType::Dreadnought;
                if !sustains || theirs.damaged(t) > 0 {
                    expected.push(Action::Choose(devotion, code(own, t, false)));
                }
                if sustains && theirs.undamaged(t) > 0 {
                    expected.push(Action::Choose(devotion, code(own, t, true)));
                }
            }
        }
        expected.push(Action::Done);
        assert_eq!(legal(&g), expected, "seed {seed}");
        let mut declined = g.clone();
        declined.apply(Action::Done);
        let next = declined.flow.tactical.space.expect("the combat goes on");
        assert_eq!((next.round(), *next.force(Side::Defender)), (c.round() + 1, theirs));
        let own = if mine.count(UnitType::Cruiser) > 0 { UnitType::Cruiser } else { UnitType::Destroyer };
        let hit = if theirs.count(UnitType::Carrier) > 0 { UnitType::Carrier } else { UnitType::Dreadnought };
        let sustain = hit == UnitType::Dreadnought && theirs.damaged(hit) == 0;
        g.apply(Action::Choose(devotion, code(own, hit, sustain)));
        check(&g).unwrap();
        let Some(after) = g.flow.tactical.space else {
            // The combat is over: the Yin destroyed its last ship, or the hit the opponent's last.
            let lost = u16::from(!sustain);
            let (left_mine, left_theirs) =
                (mine.units_in(mine.combatant_mask()) - 1, theirs.units_in(theirs.combatant_mask()) - lost);
            assert!(left_mine == 0 || left_theirs == 0, "{:?}", g.step);
            if g.state.occupant(Location::Space(target)) == Some(them) {
                assert_eq!(g.state.count_at(Location::Space(target), hit), theirs.count(hit) - lost as u8);
            }
            asked += 1;
            continue;
        };
        assert_eq!(after.force(Side::Attacker).count(own), mine.count(own) - 1, "the Yin ship is destroyed");
        if sustain {
            assert_eq!(after.force(Side::Defender).damaged(hit), 1, "the dreadnought sustains the hit");
        } else {
            assert_eq!(after.force(Side::Defender).count(hit), theirs.count(hit) - 1, "the hit destroys the ship");
        }
        assert_eq!(after.hits_produced(Side::Defender), c.hits_produced(Side::Defender) + 1);
        asked += 1;
    }
    assert!(asked >= 5, "the Yin was asked after {asked} rounds");
}

/// Raid Formation (Argent Flight) in the round loop: a space combat the Argent fight (game 17
/// seats them at seat 0) is built with the ability on their side; another faction's is not
/// (the barrage's excess damage itself:
/// `combat::tests::rules::raid_formation_barrage_excess_damages_sustaining_ships`).
#[test]
fn argent_raid_formation_is_on_in_the_argent_space_combat() {
    let argent = space_combat_after_moving_cruisers(17);
    assert_eq!(argent.raid_formation(), [true, false]);
    assert_eq!(space_combat_after_moving_cruisers(1).raid_formation(), [false, false]);
}

/// Dimensional Splicer (Ghosts of Creuss): "At the start of space combat in a system that
/// contains a wormhole and 1 or more of your ships, you may produce 1 hit and assign it to 1 of
/// your opponent's ships." At window `SpaceCombatStart`, in a system holding a Creuss wormhole
/// token, the owner (attacking: game 16 seats the Creuss at seat 0; defending: game 13 seats
/// them at seat 1) picks the opponent's ship: the undamaged dreadnought sustains the hit, the
/// carrier or a cruiser is destroyed. Without a wormhole there nothing is asked.
#[test]
fn creuss_dimensional_splicer_hits_an_opponent_ship_at_the_start_of_combat() {
    use crate::ti4::combat::Side;
    let code = |t: UnitType, sustain: bool| t.idx() as u16 * 2 + u16::from(sustain);
    let splicer = crate::ti4::rules::Source::Tech(Content::embedded().tech("dimensional_splicer").unwrap());
    let mut unprinted = 0;
    // Games 13, 37 and 61 seat the Creuss at seat 1 on different maps (at seat 0 their home's
    // only neighbour is the gate, whose delta wormhole is printed).
    let them = Player(1);
    for (seed, creuss, token) in
        [(16, ME, true), (13, them, true), (13, them, false), (37, them, false), (61, them, false)]
    {
        let theirs = [(UnitType::Carrier, 1), (UnitType::Dreadnought, 1)];
        let (mut g, _) = attack_next_door(seed, &theirs, |g| {
            assert_eq!(g.content().factions[g.state.player(creuss).faction.idx()].key, "ghost");
            g.state.player_mut(creuss).techs.insert(splicer.tech().unwrap());
            let target = slot_at_distance(g, home(g), 1);
            g.state.factions.wormhole_tokens_mut()[0] = token.then_some(target);
        });
        if !token {
            // Without the token, asked only if the tile prints a wormhole.
            let target = g.flow.tactical.active;
            let printed = [Wormhole::Alpha, Wormhole::Beta, Wormhole::Gamma, Wormhole::Delta]
                .into_iter()
                .any(|k| g.galaxy().wormhole_slots(k) >> target & 1 == 1);
            assert_eq!(g.step == Step::Decide(creuss), printed, "printed wormhole: {printed}");
            unprinted += u32::from(!printed);
            continue;
        }
        assert_eq!(g.step, Step::Decide(creuss), "seed {seed}");
        let expected = if creuss == ME {
            vec![code(UnitType::Carrier, false), code(UnitType::Dreadnought, true)]
        } else {
            vec![code(UnitType::Destroyer, false), code(UnitType::Cruiser, false)]
        };
        let mut expected: Vec<_> = expected.into_iter().map(|k| Action::Choose(splicer, k)).collect();
        expected.push(Action::Done);
        assert_eq!(legal(&g), expected, "seed {seed}");
        if creuss == ME {
            let mut sustained = g.clone();
            sustained.apply(Action::Choose(splicer, code(UnitType::Dreadnought, true)));
            check(&sustained).unwrap();
            let c = sustained.flow.tactical.space.expect("the combat");
            assert_eq!(
                (
                    c.force(Side::Defender).count(UnitType::Dreadnought),
                    c.force(Side::Defender).damaged(UnitType::Dreadnought)
                ),
                (1, 1)
            );
            g.apply(Action::Choose(splicer, code(UnitType::Carrier, false)));
            check(&g).unwrap();
            let c = g.flow.tactical.space.expect("the combat");
            assert_eq!(c.force(Side::Defender).count(UnitType::Carrier), 0, "the carrier is destroyed");
        } else {
            g.apply(Action::Choose(splicer, code(UnitType::Cruiser, false)));
            check(&g).unwrap();
            let c = g.flow.tactical.space.expect("the combat");
            assert_eq!(
                c.force(Side::Attacker).count(UnitType::Cruiser),
                1,
                "an attacking cruiser is destroyed in transit"
            );
        }
    }
    assert!(unprinted > 0, "a map without a printed wormhole there");
}

/// The Crimson Rebellion's SUNDERED, counted for statistics: units another player places into
/// the Crimson home system are destroyed (`Placement::Destroyed`) and counted as that player's
/// `destroyed_entering`; the Crimson's own placement there is not.
#[test]
fn crimson_sundered_destructions_are_counted_per_placing_seat() {
    use super::effects::Effect;
    use crate::ti4::placement::Placement;
    let c = crate::ti4::content::Content::embedded();
    let factions: Vec<_> = ["crimson", "sol", "hacan"].iter().map(|k| c.faction(k).unwrap()).collect();
    let mut g = Ti4Game::new(c, &factions, &MapChoice::Random(1), Ti4Options::default()).unwrap();
    let home = Location::Space(g.home_slot[0]);
    assert_eq!(g.place_units(Player(1), home, UnitType::Destroyer, 2), Ok(Placement::Destroyed));
    assert_eq!(g.place_units(ME, home, UnitType::Destroyer, 1), Ok(Placement::Placed));
    assert_eq!(g.effects().get(Player(1), Effect::DestroyedEntering), 2);
    assert_eq!(g.effects().get(ME, Effect::DestroyedEntering), 0);
    let near = super::rule_tests::slot_at_distance(&g, g.home_slot[0], 1);
    assert_eq!(g.place_units(Player(2), Location::Space(near), UnitType::Destroyer, 1), Ok(Placement::Placed));
    assert_eq!(g.effects().nonzero().count(), 1);
}

/// Naalu "Telepathic" (simplified: the "0" token is the Naalu's from setup): the Naalu (seat 0
/// of game 6) hold the token and come first in initiative order with the Imperial card
/// (initiative 8) against Leadership (1); another faction in that seat does not.
#[test]
fn naalu_telepathic_puts_the_naalu_first_in_initiative_order() {
    use crate::ti4::components::StrategyCard;
    use crate::ti4::elimination::initiative_order;
    use crate::ti4::factions::ZeroToken;
    for (seed, naalu) in [(6, true), (0, false)] {
        let mut g = six_player_game(seed);
        assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key == "naalu", naalu);
        assert_eq!(g.state.factions.zero_token() == ZeroToken::Held(ME), naalu);
        for (k, p) in (0..6).map(|i| (7 - i, Player(i))) {
            g.state.strategy_cards.set_holder(StrategyCard(k), Some(p));
        }
        let mut order = [Player(0); MAX_PLAYERS];
        let n = initiative_order(&g.state, &mut order);
        assert_eq!(n, 6);
        assert_eq!(order[0] == ME, naalu, "seed {seed}: {:?}", &order[..n]);
    }
}

/// Spatial Conduit Cylinders (Jol-Nar): "You may exhaust this card after you activate a system
/// that contains 1 or more of your units; that system is adjacent to all other systems that
/// contain 1 or more of your units during this activation." Game 4 seats the Jol-Nar at seat
/// 0: a carrier 3 systems away reaches the active system once the card is exhausted.
#[test]
fn jolnar_spatial_conduit_cylinders_joins_the_active_system_to_every_system_with_its_units() {
    let mut g = scenario_of(six_player_game(4));
    let c = g.content.clone();
    assert_eq!(c.factions[g.state.player(ME).faction.idx()].key, "jolnar");
    let t = c.tech("spatial_conduit_cylinders").unwrap();
    let src = crate::ti4::rules::Source::Tech(t);
    g.state.player_mut(ME).techs.insert(t);
    let a = slot_at_distance(&g, home(&g), 1);
    let far = (0..g.state.num_systems)
        .find(|&sl| g.galaxy().distance(a, sl) == Some(3) && g.galaxy().anomalies(sl) == 0)
        .expect("a system 3 away");
    g.state.add_units(ME, Location::Space(a), UnitType::Destroyer, 1).unwrap();
    g.state.add_units(ME, Location::Space(far), UnitType::Carrier, 1).unwrap();
    assert_eq!(g.ship_reach(ME).systems(far, 1) >> a & 1, 0, "out of reach");
    g.apply(Action::Activate(a));
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SystemActivated)));
    assert!(legal(&g).contains(&Action::Choose(src, 0)));
    let mut declined = g.clone();
    g.apply(Action::Choose(src, 0));
    assert!(g.state.player(ME).exhausted_techs.contains(t));
    assert_eq!(g.ship_reach(ME).systems(far, 1) >> a & 1, 1, "adjacent during this activation");
    assert!(legal(&g).contains(&Action::Move(far, UnitType::Carrier)), "{:?}", legal(&g));
    g.apply(Action::Move(far, UnitType::Carrier));
    check(&g).unwrap();
    declined.apply(Action::Done);
    assert!(!legal(&declined).contains(&Action::Move(far, UnitType::Carrier)));
    // Another player's movement does not see it.
    assert_eq!(g.ship_reach(Player(1)).systems(far, 1) >> a & 1, 0);
}

/// Aetherstream (Empyrean): "After you or one of your neighbors activates a system that is
/// adjacent to an anomaly, you may exhaust this card; if you do, that player applies +1 to the
/// move value of all of their ships during this tactical action." Game 19 seats the Empyrean
/// at seat 0: asked after activating a system next to an anomaly, not after one that is not.
#[test]
fn empyrean_aetherstream_gives_the_active_players_ships_1_more_move() {
    let mut g = scenario_of(six_player_game(19));
    let c = g.content.clone();
    assert_eq!(c.factions[g.state.player(ME).faction.idx()].key, "empyrean");
    let t = c.tech("aetherstream").unwrap();
    let src = Source::Tech(t);
    g.state.player_mut(ME).techs.insert(t);
    let gal = g.galaxy().clone();
    let plain = |sl: u8| gal.anomalies(sl) == 0 && !g.home_slot[..6].contains(&sl) && sl != gal.mecatol();
    let near_anomaly = |sl: u8| gal.neighbours(sl) & gal.anomaly_systems() != 0;
    let a = (0..g.state.num_systems).find(|&sl| plain(sl) && near_anomaly(sl)).expect("a system next to an anomaly");
    // Ships 2 systems away that reach it with 1 more move.
    let froms: Vec<u8> =
        (0..g.state.num_systems).filter(|&sl| gal.distance(a, sl) == Some(2) && plain(sl)).take(4).collect();
    for &sl in &froms {
        g.state.add_units(ME, Location::Space(sl), UnitType::Carrier, 1).unwrap();
    }
    if let Some(b) = (0..g.state.num_systems).find(|&sl| plain(sl) && !near_anomaly(sl)) {
        let mut other = g.clone();
        other.apply(Action::Activate(b));
        assert!(!legal(&other).contains(&Action::Choose(src, 0)), "no anomaly next to it");
    }
    let reach = |g: &Ti4Game| froms.iter().filter(|&&sl| g.ship_reach(ME).systems(sl, 1) >> a & 1 == 1).count();
    g.apply(Action::Activate(a));
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SystemActivated)));
    assert_eq!(reach(&g), 0, "carriers (move 1) 2 systems away");
    g.apply(Action::Choose(src, 0));
    check(&g).unwrap();
    assert!(g.state.player(ME).exhausted_techs.contains(t));
    assert!(reach(&g) > 0, "+1 move this tactical action");
}

/// Salvage Operations (Mentak): "After you win or lose a space combat, gain 1 trade good; if
/// you won the combat, you may also produce 1 ship in that system of any ship type that was
/// destroyed during the combat." Game 7 seats the Mentak at seat 0: they attack a destroyer
/// next to home; won, they are asked at window `SpaceCombatEnd` for each destroyed ship type.
#[test]
fn mentak_salvage_operations_gains_a_trade_good_and_produces_a_destroyed_ship_type() {
    use crate::game::{Game, Turn};
    use rand::SeedableRng;
    const MENTAK: u64 = 7;
    let mut asked = 0;
    for seed in 0..12 {
        let mut t = TechId(0);
        let (mut g, target) = attack_next_door(MENTAK, &[(UnitType::Destroyer, 1)], |g| {
            t = g.content().tech("salvage_operations").unwrap();
            let ps = g.state.player_mut(ME);
            ps.techs.insert(t);
            // Room in the fleet pool for 1 more ship beside the 3 that attack.
            (ps.fleet, ps.token_reinforcements) = (ps.fleet + 1, ps.token_reinforcements - 1);
        });
        assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "mentak");
        let src = Source::Tech(t);
        let tg = g.state.player(ME).trade_goods;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..200 {
            if g.step == Step::Decide(ME) && g.flow.pending.window == Some(Window::SpaceCombatEnd) {
                break;
            }
            if g.current() == Turn::Chance {
                g.apply_chance(&mut rng);
            } else {
                let a = if legal(&g).contains(&Action::Done) { Action::Done } else { legal(&g)[0] };
                g.apply(a);
            }
            if g.flow.tactical.space.is_none() && g.step != Step::Space && g.flow.pending.window.is_none() {
                break;
            }
        }
        assert_eq!(g.state.player(ME).trade_goods, tg + 1, "seed {seed}: a trade good after the combat");
        if g.flow.tactical.space_winner != Some(ME) {
            continue;
        }
        assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SpaceCombatEnd)));
        let destroyed = g.flow.tactical.space_destroyed;
        let offered: Vec<u16> = legal(&g)
            .iter()
            .filter_map(|a| if let Action::Choose(s, k) = *a { (s == src).then_some(k) } else { None })
            .collect();
        assert!(offered.iter().all(|&k| destroyed >> k & 1 == 1), "destroyed types only: {offered:?}");
        assert!(offered.contains(&(UnitType::Destroyer.idx() as u16)), "their destroyer was destroyed");
        let before = g.state.count_at(Location::Space(target), UnitType::Destroyer);
        g.apply(Action::Choose(src, UnitType::Destroyer.idx() as u16));
        check(&g).unwrap();
        assert_eq!(g.state.count_at(Location::Space(target), UnitType::Destroyer), before + 1);
        asked += 1;
    }
    assert!(asked > 0, "the Mentak won some of the combats");
}

/// Quantum Datahub Node (Hacan): "At the end of the strategy phase, you may spend 1 token from
/// your strategy pool and give another player 3 of your trade goods. If you do, give 1 of your
/// strategy cards to that player and take 1 of their strategy cards." Game 1 seats the Hacan at
/// seat 0, holding Leadership; seat 1 holds Imperial.
#[test]
fn hacan_quantum_datahub_node_swaps_strategy_cards_for_3_trade_goods_and_a_token() {
    use crate::ti4::components::StrategyCard;
    let them = Player(1);
    let mut g = scenario_of(six_player_game(1));
    let c = g.content.clone();
    assert_eq!(c.factions[g.state.player(ME).faction.idx()].key, "hacan");
    let t = c.tech("quantum_datahub_node").unwrap();
    let src = Source::Tech(t);
    g.state.player_mut(ME).techs.insert(t);
    g.state.player_mut(ME).trade_goods = 5;
    let (leadership, imperial) = (StrategyCard(0), StrategyCard(7));
    g.state.strategy_cards.set_holder(leadership, Some(ME));
    g.state.strategy_cards.set_holder(imperial, Some(them));
    let (strategy, theirs) = (g.state.player(ME).strategy, g.state.player(them).trade_goods);
    let mut poor = g.clone();
    poor.state.player_mut(ME).trade_goods = 2;
    assert!(pending::open(&mut poor, Window::StrategyPhaseEnd, &[ME]).is_none(), "3 trade goods needed");
    g.step = pending::open(&mut g, Window::StrategyPhaseEnd, &[ME]).expect("offered");
    assert_eq!(g.step, Step::Decide(ME));
    assert_eq!(legal(&g), vec![Action::Choose(src, 7), Action::Done], "Leadership for Imperial");
    g.apply(Action::Choose(src, 7));
    assert_eq!(g.state.strategy_cards.holder(imperial), Some(ME));
    assert_eq!(g.state.strategy_cards.holder(leadership), Some(them));
    assert_eq!((g.state.player(ME).trade_goods, g.state.player(them).trade_goods), (2, theirs + 3));
    assert_eq!(g.state.player(ME).strategy, strategy - 1);
    check(&g).unwrap();
}
