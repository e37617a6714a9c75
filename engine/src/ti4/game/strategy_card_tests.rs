//! Strategy card tests, named after the rule they check (digest §3; Rules Reference 32
//! "Diplomacy", 99 "Warfare"). Politics is tested with the action cards
//! (`action_card_tests::politics_draws_two_action_cards`).

use super::action_card_tests::game;
use super::tests::check;
use super::*;
use crate::game::Game;
use crate::ti4::components::{StrategyCard, Zone};
use crate::ti4::state::Location;

const ME: Player = Player(0);
const DIPLOMACY: u8 = 1;
const WARFARE: u8 = 5;

fn legal(g: &Ti4Game) -> Vec<Action> {
    let mut b = Vec::new();
    g.legal_actions(&mut b);
    b
}

/// Seat 0's action-phase turn holding strategy card `k`, with no command token on the board.
fn holding(k: u8) -> Ti4Game {
    hold(game(), k)
}

/// `g` with seat 0 holding strategy card `k`, ready, and no command token on the board.
pub(super) fn hold(mut g: Ti4Game, k: u8) -> Ti4Game {
    for slot in 0..g.state.num_systems as usize {
        let t = g.state.systems[slot].tokens;
        for q in g.state.seats() {
            if t >> q.0 & 1 == 1 {
                g.state.player_mut(q).token_reinforcements += 1;
            }
        }
        g.state.systems[slot].tokens = 0;
    }
    g.state.strategy_cards.set_holder(StrategyCard(k), Some(ME));
    g.state.strategy_cards.set_exhausted(StrategyCard(k), false);
    check(&g).unwrap();
    g
}

/// The slot of the Mecatol Rex system.
fn mecatol_slot(g: &Ti4Game) -> u8 {
    let c = g.content();
    let m = c.known.mecatol_rex.expect("Mecatol Rex");
    match g.state.planet_location(c, m) {
        Some(crate::ti4::state::Location::Planet(slot, _)) => slot,
        _ => panic!("Mecatol Rex on the board"),
    }
}

/// A board system that is neither a home system nor Mecatol Rex, with a planet nobody
/// controls: the system's slot and that planet.
fn free_system(g: &Ti4Game) -> (u8, PlanetId) {
    let c = g.content();
    let s = &g.state;
    (0..s.num_systems)
        .filter(|&sl| !g.home_slot[..s.num_players as usize].contains(&sl) && sl != mecatol_slot(g))
        .find_map(|sl| {
            c.systems[s.systems[sl as usize].tile.idx()]
                .planets
                .iter()
                .find(|&&pl| s.seats().all(|q| !s.player(q).planets.contains(pl)))
                .map(|&pl| (sl, pl))
        })
        .expect("a free planet outside the home systems")
}

/// Diplomacy primary (rules 32.2): the system is a decision among every system with a planet
/// the player controls, the Mecatol Rex system excepted; nothing else is offered.
#[test]
fn diplomacy_32_2_choose_a_system_with_a_controlled_planet_other_than_mecatol_rex() {
    let mut g = holding(DIPLOMACY);
    let (other, pl) = free_system(&g);
    g.state.player_mut(ME).planets.insert(pl);
    let mecatol = g.content().known.mecatol_rex.unwrap();
    g.state.player_mut(ME).planets.insert(mecatol);
    check(&g).unwrap();
    assert!(legal(&g).contains(&Action::Strategic(DIPLOMACY)));
    g.apply(Action::Strategic(DIPLOMACY));
    assert_eq!(g.step, Step::Diplomacy(ME));
    let mut want = vec![Action::DiplomacySystem(g.home_slot[0]), Action::DiplomacySystem(other)];
    want.sort();
    assert_eq!(legal(&g), want, "home and the other system, not Mecatol Rex ({})", mecatol_slot(&g));
    check(&g).unwrap();
}

/// Diplomacy primary (rules 32.2): each other player places a command token from their
/// reinforcements in the chosen system (32.2b: not if they already have one there; with empty
/// reinforcements one from the command sheet, rules 20.3b); the active player places none; then
/// they ready two of
/// their exhausted planets.
#[test]
fn diplomacy_32_2_other_players_place_a_token_in_the_chosen_system_then_ready_two_planets() {
    let mut g = holding(DIPLOMACY);
    let (other, pl) = free_system(&g);
    g.state.player_mut(ME).planets.insert(pl);
    let home = g.home_slot[0];
    // Seat 1 already has a token there; seat 2 has none in reinforcements.
    g.state.player_mut(Player(1)).token_reinforcements -= 1;
    g.state.systems[other as usize].tokens |= 1 << 1;
    let r2 = g.state.player(Player(2)).token_reinforcements;
    g.state.player_mut(Player(2)).token_reinforcements = 0;
    g.state.player_mut(Player(2)).fleet += r2;
    // Three exhausted planets: the two with the most resources ready.
    let c = g.content.clone();
    let mut mine: Vec<PlanetId> = g.state.player(ME).planets.iter().collect();
    assert!(mine.len() >= 3, "home planets plus the granted one");
    mine.sort_by_key(|p| (std::cmp::Reverse(c.planets[p.idx()].resources), p.0));
    for &p in &mine[..3] {
        g.state.exhausted_planets.insert(p);
    }
    let before: Vec<u8> = g.state.seats().map(|q| g.state.player(q).token_reinforcements).collect();
    let strategy2 = g.state.player(Player(2)).strategy;
    assert!(strategy2 > 0);
    check(&g).unwrap();
    g.apply(Action::Strategic(DIPLOMACY));
    assert_eq!(g.step, Step::Diplomacy(ME));
    g.apply(Action::DiplomacySystem(other));
    let s = &g.state;
    for q in s.seats() {
        let has = s.systems[other as usize].tokens >> q.0 & 1 == 1;
        let spent = before[q.idx()] - s.player(q).token_reinforcements;
        match q.0 {
            0 => assert!(!has && spent == 0, "the active player places no token"),
            1 => assert!(has && spent == 0, "a token already there: none placed"),
            2 => assert!(
                has && spent == 0 && s.player(q).strategy + 1 == strategy2,
                "no token in reinforcements: one from the command sheet (rules 20.3b)"
            ),
            _ => assert!(has && spent == 1, "seat {} places a token from reinforcements", q.0),
        }
    }
    assert_eq!(s.systems[home as usize].tokens, 0, "nothing placed in the home system");
    let exhausted: Vec<PlanetId> = mine[..3].iter().copied().filter(|&p| s.exhausted_planets.contains(p)).collect();
    assert_eq!(exhausted, vec![mine[2]], "the two highest-resource planets are ready");
    assert!(matches!(g.step, Step::Follow(_) | Step::Turn(_)), "secondaries next, got {:?}", g.step);
    check(&g).unwrap();
}

/// Diplomacy primary (rules 32.2): with no system to choose (only Mecatol Rex controlled),
/// no decision is asked, and the planets still ready. (The home planets change hands with the
/// player's units still on them, so the position invariants are not checked here.)
#[test]
fn diplomacy_32_2_no_eligible_system_skips_the_choice() {
    let mut g = holding(DIPLOMACY);
    let mecatol = g.content().known.mecatol_rex.unwrap();
    let home: Vec<PlanetId> = g.state.player(ME).planets.iter().collect();
    for p in home {
        g.state.player_mut(ME).planets.remove(p);
        g.state.player_mut(Player(1)).planets.insert(p);
    }
    g.state.player_mut(ME).planets.insert(mecatol);
    g.state.exhausted_planets.insert(mecatol);
    g.apply(Action::Strategic(DIPLOMACY));
    assert!(!matches!(g.step, Step::Diplomacy(_)), "no system to choose");
    assert!(!g.state.exhausted_planets.contains(mecatol), "Mecatol Rex readied");
    assert!(g.state.systems.iter().all(|sl| sl.tokens == 0), "no token placed");
}

/// Warfare primary (rules 99.1): the token removed is a decision among the player's command
/// tokens on the board; the chosen one (not the lowest slot) comes off and is gained again
/// (rules 99.2), placed by the player.
#[test]
fn warfare_99_1_remove_the_chosen_command_token_from_the_board() {
    let mut g = holding(WARFARE);
    let (other, _) = free_system(&g);
    let home = g.home_slot[0];
    let (lo, hi) = (home.min(other), home.max(other));
    for sl in [lo, hi] {
        g.state.player_mut(ME).token_reinforcements -= 1;
        g.state.systems[sl as usize].tokens |= 1 << ME.0;
    }
    // Another player's token is not offered.
    let mecatol = mecatol_slot(&g);
    g.state.player_mut(Player(1)).token_reinforcements -= 1;
    g.state.systems[mecatol as usize].tokens |= 1 << 1;
    check(&g).unwrap();
    let (tactic, fleet, strategy, reinf) = {
        let ps = g.state.player(ME);
        (ps.tactic, ps.fleet, ps.strategy, ps.token_reinforcements)
    };
    g.apply(Action::Strategic(WARFARE));
    assert_eq!(g.step, Step::Warfare(ME));
    assert_eq!(legal(&g), vec![Action::WarfareToken(lo), Action::WarfareToken(hi)]);
    g.apply(Action::WarfareToken(hi));
    let s = &g.state;
    assert_eq!(s.systems[hi as usize].tokens >> ME.0 & 1, 0, "the chosen token is removed");
    assert_eq!(s.systems[lo as usize].tokens >> ME.0 & 1, 1, "the other token stays");
    assert_eq!(s.systems[mecatol as usize].tokens, 1 << 1, "other players' tokens stay");
    assert_eq!(s.player(ME).token_reinforcements, reinf, "the token is gained again (rules 99.2)");
    // Then the command sheet is redistributed (`tokens_tests::warfare_99_2_*`): keep the pools.
    assert_eq!(g.step, Step::Tokens { p: ME, stage: 0 });
    g.apply(Action::Tokens(tactic + 1));
    g.apply(Action::Tokens(fleet));
    let ps = g.state.player(ME);
    assert_eq!((ps.tactic, ps.fleet, ps.strategy), (tactic + 1, fleet, strategy));
    assert!(matches!(g.step, Step::Follow(_) | Step::Turn(_)), "secondaries next, got {:?}", g.step);
    check(&g).unwrap();
}

/// Warfare primary (rules 99.1): without a command token on the board there is nothing to
/// remove; no decision is asked and the pools are unchanged.
#[test]
fn warfare_99_1_no_token_on_the_board_skips_the_choice() {
    let mut g = holding(WARFARE);
    let before = *g.state.player(ME);
    g.apply(Action::Strategic(WARFARE));
    assert!(!matches!(g.step, Step::Warfare(_)));
    let ps = g.state.player(ME);
    assert_eq!((ps.tactic, ps.fleet, ps.strategy), (before.tactic, before.fleet, before.strategy));
    check(&g).unwrap();
}

/// Both primaries' decisions read in replays.
#[test]
fn diplomacy_and_warfare_actions_are_described() {
    let g = holding(DIPLOMACY);
    let home = g.home_slot[0];
    let key = &g.content().systems[g.galaxy().tile(home).idx()].key;
    assert_eq!(g.action_to_string(Action::DiplomacySystem(home)), format!("diplomacy in {key}"));
    assert_eq!(g.action_to_string(Action::WarfareToken(home)), format!("warfare: remove the token from {key}"));
}

#[test]
fn construction_technology_19_nekro_copying_floating_factory_ii_builds_docks_in_space() {
    // Seed 0 seats the Nekro Virus at seat 5; the scenario empties the board.
    let mut g = super::rule_tests::scenario_of(super::tests::six_player_game(0));
    let c = g.content.clone();
    let nekro = Player(5);
    assert_eq!(c.factions[g.state.player(nekro).faction.idx()].key, "nekro");
    let mordai = c.planet("mordaiii").unwrap();
    let home = g.home_slot[nekro.idx()];
    let build = |mut g: Ti4Game| {
        g.flow.turn = nekro;
        g.step = Step::Build { p: nekro, pds_only: false, secondary: false };
        assert!(legal(&g).contains(&Action::Build(mordai, UnitType::SpaceDock)));
        g.apply(Action::Build(mordai, UnitType::SpaceDock));
        g
    };
    let plain = build(g.clone());
    assert_eq!(plain.state.count_at(Location::Planet(home, 0), UnitType::SpaceDock), 1, "on the planet");
    assert_eq!(plain.state.count_at(Location::Space(home), UnitType::SpaceDock), 0);
    // With X on Floating Factory II the dock is placed in the space area.
    g.state.factions.valefar_mut(nekro)[0] = c.known.floating_factory_ii;
    let floating = build(g);
    assert_eq!(floating.state.count_at(Location::Space(home), UnitType::SpaceDock), 1, "in the space area");
    assert_eq!(floating.state.count_at(Location::Planet(home, 0), UnitType::SpaceDock), 0);
    check(&floating).unwrap();
}

/// Imperial primary (rules 61, the card's note): scoring a public objective follows the status
/// phase's rule, so a player who does not control every planet of their home system is offered
/// no public objective, however many they meet.
#[test]
fn imperial_61_no_public_objective_without_the_whole_home_system() {
    assert!(imperial_offers_a_public_objective(game(), true));
    assert!(!imperial_offers_a_public_objective(game(), false));
}

/// Whether seat 0 of `g`, holding Imperial with 40 trade goods and a revealed objective that
/// spends them, is offered that objective by Imperial's primary (with or without the first
/// planet of its home system).
pub(super) fn imperial_offers_a_public_objective(g: Ti4Game, keep_home: bool) -> bool {
    use super::objectives::{meets, Cond};
    use crate::ti4::components::PublicState;
    const IMPERIAL: u8 = 7;
    let start = |g: Ti4Game, keep_home: bool| {
        let mut g = hold(g, IMPERIAL);
        g.state.player_mut(ME).trade_goods = 40;
        let spend = (0..g.content.cards.public_objectives.len())
            .find(|&i| matches!(g.objectives.public[i], Some(c @ Cond::Spend { .. }) if meets(&g, ME, c)))
            .expect("a spend objective 40 trade goods pay");
        let o = PublicObjectiveId(spend as u8);
        g.state.public_objectives.set_state(o, PublicState::Revealed);
        if !keep_home {
            let tile = g.galaxy().tile(g.home_slot[0]);
            let home = g.content.systems[tile.idx()].planets[0];
            let ps = g.state.player_mut(ME);
            ps.planets = ps.planets.difference(std::iter::once(home).collect());
        }
        g.apply(Action::Strategic(IMPERIAL));
        assert_eq!(g.step, Step::Imperial(ME));
        (legal(&g), o)
    };
    let (l, o) = start(g, keep_home);
    assert!(l.contains(&Action::Done));
    l.contains(&Action::ScorePublic(o))
}

/// Jol-Nar, Brilliant (faction sheet; Technology 3.1): a Jol-Nar player following Technology
/// spends the strategy token and resolves the primary: the first research is free, and a second
/// for 6 resources is offered. A player without Brilliant pays the secondary's 4.
#[test]
fn jolnar_brilliant_follower_resolves_the_technology_primary_in_play() {
    const TECHNOLOGY: u8 = 6;
    let jolnar = Player(1);
    let mut g = holding(TECHNOLOGY);
    assert_eq!(g.state.player(jolnar).faction, g.content().faction("jolnar").unwrap());
    g.apply(Action::Strategic(TECHNOLOGY));
    assert!(matches!(g.step, Step::Research { p: ME, cost: 0, second: false }));
    g.apply(Action::Done);
    assert_eq!(g.step, Step::Follow(jolnar));
    let before = *g.state.player(jolnar);
    g.apply(Action::Follow);
    assert_eq!(g.step, Step::Research { p: jolnar, cost: 0, second: false });
    // Jol-Nar starts with one technology of each colour: one prerequisite symbol is met, so
    // the option owes nothing and no planet is exhausted.
    let t = legal(&g)
        .into_iter()
        .find_map(|a| match a {
            Action::Research(t) if g.content().techs[t.idx()].prereq.iter().sum::<u8>() == 1 => Some(t),
            _ => None,
        })
        .expect("a technology with one prerequisite");
    g.apply(Action::Research(t));
    let after = *g.state.player(jolnar);
    assert!(after.techs.contains(t));
    assert_eq!(after.strategy + 1, before.strategy, "the strategy token is spent");
    assert_eq!(after.trade_goods, before.trade_goods);
    assert!(after.planets.intersection(g.state.exhausted_planets).is_empty(), "the first research is free");
    assert_eq!(g.step, Step::Research { p: jolnar, cost: 6, second: true }, "the primary's second research");
    g.apply(Action::Done);
    // The next follower has no Brilliant: the plain secondary at 4 resources.
    let next = match g.step {
        Step::Follow(q) => q,
        s => panic!("next follower expected, got {s:?}"),
    };
    g.apply(Action::Follow);
    assert_eq!(g.step, Step::Research { p: next, cost: 4, second: false });
}

/// Objective cards (rules 61; digest §3): a player holding three secret objectives still draws
/// one through Imperial, then returns an unscored one of the four to the deck (their choice).
#[test]
fn imperial_61_draw_at_three_secrets_then_return_an_unscored_one() {
    use rand::SeedableRng;
    const IMPERIAL: u8 = 7;
    let mut g = holding(IMPERIAL);
    let n = g.content.cards.secret_objectives.len();
    let held = |g: &Ti4Game| {
        (0..n)
            .filter(|&i| matches!(g.state.secret_objectives.get(i), Zone::Hand(p) | Zone::PlayArea(p) if p == ME))
            .count()
    };
    // Three held: one scored (play area), two in hand.
    let mut deck = (0..n).filter(|&i| g.state.secret_objectives.get(i) == Zone::Deck);
    let (a, b) = (deck.next().unwrap(), deck.next().unwrap());
    g.state.secret_objectives.set(a, Zone::Hand(ME));
    g.state.secret_objectives.set(b, Zone::PlayArea(ME));
    while held(&g) < 3 {
        let i = (0..n).find(|&i| g.state.secret_objectives.get(i) == Zone::Deck).unwrap();
        g.state.secret_objectives.set(i, Zone::Hand(ME));
    }
    assert_eq!(held(&g), 3);
    check(&g).unwrap();
    // No Mecatol Rex: the primary draws a secret.
    g.apply(Action::Strategic(IMPERIAL));
    g.apply(Action::Done);
    assert_eq!(g.step, Step::DrawSecret(ME));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    g.apply_chance(&mut rng);
    assert_eq!(g.step, Step::ReturnSecret(ME));
    assert_eq!(held(&g), 4);
    check(&g).unwrap();
    let choices = legal(&g);
    let hand: Vec<Action> = (0..n)
        .filter(|&i| g.state.secret_objectives.get(i) == Zone::Hand(ME))
        .map(|i| Action::ReturnSecret(SecretObjectiveId(i as u8)))
        .collect();
    assert_eq!(choices, hand, "every unscored secret, never the scored one");
    assert_eq!(choices.len(), 3);
    g.apply(Action::ReturnSecret(SecretObjectiveId(a as u8)));
    assert_eq!(g.state.secret_objectives.get(a), Zone::Deck, "shuffled back into the deck");
    assert_eq!(held(&g), 3);
    assert_eq!(g.state.secret_objectives.get(b), Zone::PlayArea(ME));
    assert_ne!(g.step, Step::ReturnSecret(ME));
    check(&g).unwrap();
}

/// Technology 14 (a specialty planet may be exhausted to ignore one prerequisite of its
/// colour): with two biotic specialty planets, which one to exhaust is the player's choice
/// (`Step::ResearchOption`, one `PayWith` per payable option), and the chosen one is exhausted.
#[test]
fn technology_14_the_player_chooses_which_specialty_planet_to_exhaust() {
    const TECHNOLOGY: u8 = 6;
    let mut g = holding(TECHNOLOGY);
    let c = g.content.clone();
    let biotic = |pl: PlanetId| c.planets[pl.idx()].specialties & 1 != 0 && c.planets[pl.idx()].home_of.is_none();
    let two: Vec<PlanetId> = (0..c.planets.len()).map(|i| PlanetId(i as u8)).filter(|&pl| biotic(pl)).take(2).collect();
    assert_eq!(two.len(), 2, "two biotic specialty planets in the content");
    // ME owns no technology and controls both planets, ready.
    g.state.player_mut(ME).techs = TechSet::EMPTY;
    for &pl in &two {
        if let Some(q) = crate::ti4::control::controller(&g.state, pl) {
            crate::ti4::control::lose_control(&c, &mut g.state, q, pl).unwrap();
        }
        crate::ti4::control::gain_control(&c, &mut g.state, ME, pl, true).unwrap();
        g.state.exhausted_planets.remove(pl);
    }
    let t = (0..c.techs.len())
        .map(|i| TechId(i as u8))
        .find(|&t| {
            let d = &c.techs[t.idx()];
            d.prereq == [1, 0, 0, 0] && d.faction.is_none() && !d.is_unit_upgrade()
        })
        .expect("a generic technology needing one biotic symbol");
    g.apply(Action::Strategic(TECHNOLOGY));
    assert!(matches!(g.step, Step::Research { p: ME, cost: 0, second: false }));
    assert!(legal(&g).contains(&Action::Research(t)));
    g.apply(Action::Research(t));
    assert_eq!(g.step, Step::ResearchOption { p: ME, cost: 0, second: false, tech: t });
    assert_eq!(legal(&g), vec![Action::PayWith(0), Action::PayWith(1)]);
    let ids: Vec<String> = legal(&g).into_iter().map(|a| g.action_id(a)).collect();
    assert_ne!(ids[0], ids[1]);
    g.apply(Action::PayWith(1));
    assert!(g.state.player(ME).techs.contains(t));
    let exhausted: Vec<bool> = two.iter().map(|&pl| g.state.exhausted_planets.contains(pl)).collect();
    assert_eq!(exhausted.iter().filter(|&&e| e).count(), 1, "exactly the chosen planet is exhausted");
    assert!(ids[1].contains(&c.planets[two[usize::from(exhausted[1])].idx()].key));
    assert_eq!(g.step, Step::Research { p: ME, cost: 6, second: true }, "the primary's second research follows");
    check(&g).unwrap();
}
