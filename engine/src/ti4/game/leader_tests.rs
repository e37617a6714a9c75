//! Leaders in play (rules 51: `game::leaders`, and each leader's rule in its faction's file):
//! unlocking, readying, and one test per leader, named after the faction and the leader.

use super::action_card_tests::game;
use super::combat_card_tests::asked_at;
use super::effects::Effect;
use super::faction_tests::attack_next_door;
use super::invasion_card_tests::invade_in;
use super::rule_tests::{home, legal, scenario_of, slot_at_distance};
use super::tests::{check, six_player_game};
use super::vote_card_tests::{vote, voting};
use super::*;
use crate::ti4::combat::{Side, SpacePhase};
use crate::ti4::components::{LeaderState, Zone};
use crate::ti4::galaxy::Wormhole;
use crate::ti4::rules::{Source, Window};
use crate::ti4::state::Location;

const ME: Player = Player(0);

/// Games of `six_player_game(seed)` that seat the faction at seat 0 (`keys[seed % 24]`).
const SOL: u64 = 0;
const HACAN: u64 = 1;
const L1Z1X: u64 = 8;
const TITANS: u64 = 23;

/// The rule source of leader `key`, and its slot on its faction's seat.
fn leader(g: &Ti4Game, key: &str) -> (Source, usize) {
    let c = g.content();
    let l = c.cards.leader(key).expect("leader");
    let f = c.cards.leaders[l.idx()].faction;
    (Source::Leader(l, f), crate::ti4::components::leaders::slot_of(c, f, l).expect("on the faction's sheet"))
}

/// Unlocks `p`'s leader `key`; its rule source.
fn unlocked(g: &mut Ti4Game, p: Player, key: &str) -> Source {
    let (src, k) = leader(g, key);
    g.state.leaders.set(p, k, LeaderState::Unlocked);
    src
}

fn state_of(g: &Ti4Game, p: Player, key: &str) -> LeaderState {
    g.state.leaders.get(p, leader(g, key).1)
}

/// The unlock check the round loop runs after every step.
fn run_unlocks(g: &mut Ti4Game) {
    let vp = g.all_victory_points();
    super::leaders::unlock(g, &vp);
}

/// The choices of rule `src` among the legal actions.
fn choices_of(g: &Ti4Game, src: Source) -> Vec<Action> {
    legal(g).into_iter().filter(|a| matches!(a, Action::Choose(s, _) | Action::Use(s, _) if *s == src)).collect()
}

#[test]
fn leaders_51_agents_start_unlocked_commanders_and_heroes_locked() {
    let g = six_player_game(SOL);
    assert_eq!(state_of(&g, ME, "sol_agent"), LeaderState::Unlocked);
    assert_eq!(state_of(&g, ME, "sol_commander"), LeaderState::Locked);
    assert_eq!(state_of(&g, ME, "sol_hero"), LeaderState::Locked);
}

/// Rules 51: a hero unlocks as soon as its player has 3 scored objectives (checked after every
/// step of the round loop), once; a commander whose rule is not implemented never unlocks.
#[test]
fn leaders_51_a_hero_unlocks_with_3_scored_objectives() {
    let mut g = scenario_of(six_player_game(SOL));
    let n = g.content().cards.secret_objectives.len();
    // The secret objectives seat 0 holds, then others from the deck: 3 held in all.
    let held = |i: usize| g.state.secret_objectives.get(i) == Zone::Hand(ME);
    let mut secrets: Vec<usize> = (0..n).filter(|&i| held(i)).collect();
    secrets.extend((0..n).filter(|&i| g.state.secret_objectives.get(i) == Zone::Deck).take(3 - secrets.len()));
    for &i in &secrets[..2] {
        g.state.secret_objectives.set(i, Zone::PlayArea(ME));
        run_unlocks(&mut g);
    }
    assert_eq!(super::leaders::scored_objectives(&g, ME), 2);
    assert_eq!(state_of(&g, ME, "sol_hero"), LeaderState::Locked, "2 scored objectives");
    g.state.secret_objectives.set(secrets[2], Zone::PlayArea(ME));
    let a = legal(&g)[0];
    g.apply(a);
    assert_eq!(state_of(&g, ME, "sol_hero"), LeaderState::Unlocked, "unlocked by the round loop's next step");
    run_unlocks(&mut g);
    assert_eq!(g.effects().get(ME, Effect::HeroUnlocked), 1, "once");
    // Seat 1 (the Xxcha in this game, whose commander has no rule) unlocks nothing.
    assert_eq!(g.effects().get(Player(1), Effect::CommanderUnlocked), 0);
    check(&g).unwrap();
}

/// Rules 51: the scored-objective count the hero unlock reads (markers by bitmask, secrets by
/// zone mask) equals the plain count of public objectives with the player's marker and secret
/// objectives in its play area, for every seat at every step of seeded random games (a
/// differential test of the fast count).
#[test]
fn leaders_51_scored_objectives_equal_the_plain_count_in_random_games() {
    use rand::SeedableRng;
    let mut scored = 0;
    for seed in 0..6u64 {
        let mut g = six_player_game(seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut buf = Vec::new();
        while !g.is_terminal() && g.decisions() < 3_000 {
            let (c, s) = (g.content(), g.state());
            for p in s.seats() {
                let public = (0..c.cards.public_objectives.len())
                    .filter(|&o| s.public_objectives.scored_by(PublicObjectiveId(o as u8)).contains(p))
                    .count();
                let secret = (0..c.cards.secret_objectives.len())
                    .filter(|&o| s.secret_objectives.get(o) == Zone::PlayArea(p))
                    .count();
                let fast = super::leaders::scored_objectives(&g, p);
                assert_eq!(fast, (public + secret) as u32, "seed {seed}, seat {}", p.0);
                scored += fast;
            }
            crate::game::random_step(&mut g, &mut rng, &mut buf);
        }
    }
    assert!(scored > 0, "no objective scored in these games: the test shows nothing");
}

/// Rules 51 (status phase step 6, Ready Cards): exhausted agents ready.
#[test]
fn leaders_51_exhausted_agents_ready_in_the_status_phase() {
    let mut g = scenario_of(six_player_game(HACAN));
    let (_, k) = leader(&g, "hacan_agent");
    g.state.leaders.set(ME, k, LeaderState::Exhausted);
    super::leaders::ready_agents(&mut g);
    assert_eq!(g.state.leaders.get(ME, k), LeaderState::Unlocked);
}

/// Tungstantus: "When 1 or more of your units use PRODUCTION: You may gain 1 trade good."
/// Unlock: "Have 5 structures on the game board."
#[test]
fn titans_commander_tungstantus_unlocks_with_5_structures_and_gains_1_trade_good_per_production() {
    let mut g = scenario_of(six_player_game(TITANS));
    let h = home(&g);
    g.state.add_units(ME, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
    g.state.add_units(ME, Location::Planet(h, 0), UnitType::Pds, 2).unwrap();
    let mut five = g.clone();
    five.state.add_units(ME, Location::Planet(h, 0), UnitType::Pds, 2).unwrap();
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, ME, "titans_commander"), LeaderState::Locked, "3 structures");
    run_unlocks(&mut five);
    assert_eq!(state_of(&five, ME, "titans_commander"), LeaderState::Unlocked, "5 structures");
    assert_eq!(five.effects().get(ME, Effect::CommanderUnlocked), 1);
    // A production at home: 2 infantry for 1 trade good, and 1 back with the commander.
    let produce = |mut g: Ti4Game| {
        g.state.player_mut(ME).trade_goods = 5;
        g.apply(Action::Activate(h));
        while g.step == Step::Decide(ME) {
            g.apply(Action::Done); // the flagship's DEPLOY (Ouranos) is declined
        }
        g.apply(Action::Done);
        assert_eq!(g.step, Step::Produce(ME));
        g.apply(Action::Produce(UnitType::Infantry));
        g.apply(Action::Produce(UnitType::Infantry));
        g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
        g.apply(Action::Done);
        g.state.player(ME).trade_goods
    };
    let mut with = g.clone();
    unlocked(&mut with, ME, "titans_commander");
    assert_eq!(produce(g), 4);
    assert_eq!(produce(with), 5);
}

/// Tellurian: "When a hit is produced against a unit: You may exhaust this card to cancel that
/// hit." Asked before the Titans assign a space combat's hits; 1 is cancelled.
#[test]
fn titans_agent_tellurian_cancels_1_hit() {
    let (g, _) = attack_next_door(TITANS, &[(UnitType::Dreadnought, 3)], |g| {
        unlocked(g, ME, "titans_agent");
    });
    let src = leader(&g, "titans_agent").0;
    let mut used = 0;
    for (seed, mut g) in asked_at(&g, Window::SpaceCombatBeforeHits, ME) {
        let c = g.flow.tactical.space.unwrap();
        assert_eq!(c.phase(), SpacePhase::BeforeHits(Side::Attacker));
        let hits = c.pending_hits(Side::Attacker).remaining();
        assert_eq!(choices_of(&g, src), vec![Action::Choose(src, 0)]);
        g.apply(Action::Choose(src, 0));
        check(&g).unwrap();
        assert_eq!(state_of(&g, ME, "titans_agent"), LeaderState::Exhausted);
        let c = g.flow.tactical.space.unwrap();
        let to_place = if c.phase() == SpacePhase::AssignHits(Side::Attacker) {
            c.pending_hits(Side::Attacker).remaining()
        } else {
            0
        };
        assert_eq!(c.hits_assigned(Side::Attacker) + to_place + 1, c.hits_produced(Side::Attacker), "seed {seed}");
        assert!(hits > 0);
        used += 1;
    }
    assert!(used > 0, "the defender never hit in 10 seeds");
}

/// Jace X. 4th Air Legion: "ACTION: Remove each of your command tokens from the game board and
/// return them to your reinforcements. Then, purge this card." Offered once unlocked.
#[test]
fn sol_hero_jace_x_returns_every_command_token_on_the_board() {
    let mut g = scenario_of(six_player_game(SOL));
    let (src, _) = leader(&g, "sol_hero");
    let h = home(&g);
    let near = slot_at_distance(&g, h, 1);
    for slot in [h, near] {
        g.state.systems[slot as usize].tokens |= 1 << ME.0;
        g.state.player_mut(ME).token_reinforcements -= 1;
    }
    check(&g).unwrap();
    assert!(choices_of(&g, src).is_empty(), "locked");
    unlocked(&mut g, ME, "sol_hero");
    assert_eq!(choices_of(&g, src), vec![Action::Use(src, 0)]);
    let before = g.state.player(ME).token_reinforcements;
    g.apply(Action::Use(src, 0));
    check(&g).unwrap();
    assert_eq!(g.state.player(ME).token_reinforcements, before + 2);
    assert!(g.state.systems.iter().all(|s| s.tokens >> ME.0 & 1 == 0));
    assert_eq!(state_of(&g, ME, "sol_hero"), LeaderState::Purged);
    assert_ne!(g.step, Step::Turn(ME), "the component action ended the turn");
}

/// Viscount Unlenn (Letnev agent): "At the start of a space combat round: You may exhaust this
/// card to choose 1 ship in the active system; that ship rolls 1 additional die during this
/// combat round." Asked at window `SpaceCombatStart` (the first round) and, declined there, at
/// `SpaceCombatRoundEnd` (the next); the die is for that round's combat roll only.
#[test]
fn letnev_agent_viscount_unlenn_adds_a_die_for_one_round() {
    const LETNEV: u64 = 2;
    let (g, _) = attack_next_door(LETNEV, &[(UnitType::Dreadnought, 2)], |g| {
        unlocked(g, ME, "letnev_agent");
        g.state.player_mut(ME).trade_goods = 0;
    });
    let src = leader(&g, "letnev_agent").0;
    let cruiser = crate::ti4::combat::type_bit(UnitType::Cruiser);
    let (_, mut at_start) = asked_at(&g, Window::SpaceCombatStart, ME).next().expect("asked at the combat's start");
    let offered = choices_of(&at_start, src);
    assert!(offered.contains(&Action::Choose(src, UnitType::Cruiser.idx() as u16)), "{offered:?}");
    assert!(offered.contains(&Action::Choose(src, UnitType::Destroyer.idx() as u16)));
    let mut declined = at_start.clone();
    at_start.apply(Action::Choose(src, UnitType::Cruiser.idx() as u16));
    assert_eq!(state_of(&at_start, ME, "letnev_agent"), LeaderState::Exhausted);
    check(&at_start).unwrap();
    let c = at_start.flow.tactical.space.expect("the combat starts");
    assert_eq!(c.extra_die()[Side::Attacker.idx()], cruiser, "for the first combat roll");
    // Declined at the start: asked again between rounds, for the next round's roll.
    declined.apply(Action::Done);
    let mut asked_between = 0;
    for (_, mut g) in asked_at(&declined, Window::SpaceCombatRoundEnd, ME) {
        let Some(a) = choices_of(&g, src).into_iter().next() else { continue };
        let Action::Choose(_, k) = a else { unreachable!() };
        g.apply(a);
        check(&g).unwrap();
        let c = g.flow.tactical.space.expect("the combat goes on");
        assert_eq!(c.extra_die()[Side::Attacker.idx()], 1 << k);
        asked_between += 1;
    }
    assert!(asked_between > 0, "some dice seed reaches a second round");
}

/// Evelyn Delouis (Sol agent): "At the start of a ground combat round: You may exhaust this card
/// to choose 1 ground force in the combat; that ground force rolls 1 additional die during this
/// combat round." Window `GroundCombatRoundStart` of the Sol's invasion.
#[test]
fn sol_agent_evelyn_delouis_adds_a_die_for_one_round() {
    use rand::SeedableRng;
    let mut g = scenario_of(six_player_game(SOL));
    let src = unlocked(&mut g, ME, "sol_agent");
    let (mut g, _, _) = super::rule_tests::invade_the_last_planet_with(g, 3, (3, 0), 0, &mut |_| {});
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::GroundCombatRoundStart)));
    let inf = UnitType::Infantry;
    assert_eq!(choices_of(&g, src), vec![Action::Choose(src, inf.idx() as u16)], "the Sol's infantry fight");
    let dice = |g: &Ti4Game| g.flow.tactical.ground.unwrap().force(Side::Attacker).combat_dice(inf, 0);
    let before = dice(&g);
    g.apply(Action::Choose(src, inf.idx() as u16));
    assert_eq!(dice(&g), before + 1, "1 additional die this round");
    assert_eq!(state_of(&g, ME, "sol_agent"), LeaderState::Exhausted);
    check(&g).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let round = g.flow.tactical.ground.unwrap().round();
    while g.flow.tactical.ground.is_some_and(|c| c.round() == round && c.outcome().is_none()) {
        match g.current() {
            Turn::Chance => g.apply_chance(&mut rng),
            _ => g.apply(legal(&g)[0]),
        }
    }
    if let Some(c) = g.flow.tactical.ground.filter(|c| c.outcome().is_none()) {
        assert_eq!(c.force(Side::Attacker).round_extra_die(), 0, "for that round only");
        assert!(matches!(g.step, Step::Ground(_)), "the exhausted agent is not offered again");
    }
}

/// Claire Gibson: "At the start of a ground combat on a planet you control: You may place 1
/// infantry from your reinforcements on that planet." Asked of the defender once ground forces
/// were committed to its planet (Sol at seat 1 of game 21).
#[test]
fn sol_commander_claire_gibson_places_1_infantry_on_the_invaded_planet() {
    const THEM: Player = Player(1);
    let (mut g, target) = (0..10)
        .find_map(|seed| {
            invade_in(21, &[(UnitType::Cruiser, 1)], &[(UnitType::Infantry, 1)], seed, &|g| {
                unlocked(g, THEM, "sol_commander");
                None
            })
        })
        .expect("an invasion");
    let src = leader(&g, "sol_commander").0;
    for _ in 0..2 {
        g.apply(Action::Land(0, UnitType::Infantry));
    }
    if g.step == Step::Land(ME) {
        g.apply(Action::Done);
    }
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(Window::GroundForcesCommitted)));
    assert_eq!(choices_of(&g, src), vec![Action::Choose(src, 0)]);
    let on = Location::Planet(target, 0);
    let before = g.state.count_at(on, UnitType::Infantry);
    g.apply(Action::Choose(src, 0));
    check(&g).unwrap();
    assert_eq!(g.state.count_at(on, UnitType::Infantry), before + 1);
    assert_eq!(g.effects().get(THEM, Effect::CommanderUnlocked), 0, "unlocked by the test, not the round loop");
}

/// Claire Gibson's unlock: "Control planets that have a combined total of at least 12
/// resources."
#[test]
fn sol_commander_claire_gibson_unlocks_with_12_resources_of_planets() {
    let mut g = scenario_of(six_player_game(SOL));
    let c = g.content.clone();
    let resources =
        |g: &Ti4Game| g.state.player(ME).planets.iter().map(|pl| g.state.resources_of(&c, pl) as u32).sum::<u32>();
    let free: Vec<PlanetId> = (0..c.planets.len() as u8)
        .map(PlanetId)
        .filter(|&pl| {
            g.state.seats().all(|q| !g.state.player(q).planets.contains(pl))
                && g.state.planet_location(&c, pl).is_some()
        })
        .collect();
    for pl in free {
        run_unlocks(&mut g);
        let r = resources(&g);
        assert_eq!(state_of(&g, ME, "sol_commander") == LeaderState::Unlocked, r >= 12, "{r} resources");
        if r >= 12 {
            break;
        }
        crate::ti4::control::gain_control(&c, &mut g.state, ME, pl, false).unwrap();
    }
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, ME, "sol_commander"), LeaderState::Unlocked);
}

/// Carth of Golden Sands: "During the action phase: You may exhaust this card to gain 2
/// commodities or replenish another player's commodities." Asked at the end of the Hacan's turn.
#[test]
fn hacan_agent_carth_gains_2_commodities_or_replenishes_another_players() {
    let mut g = scenario_of(six_player_game(HACAN));
    let src = unlocked(&mut g, ME, "hacan_agent");
    let near = slot_at_distance(&g, home(&g), 1);
    g.apply(Action::Activate(near));
    g.apply(Action::Done);
    while g.step != Step::Decide(ME) || g.flow.pending.window != Some(Window::TurnEnd) {
        let a = if legal(&g).contains(&Action::Done) { Action::Done } else { legal(&g)[0] };
        g.apply(a);
    }
    let offered = choices_of(&g, src);
    assert!(offered.contains(&Action::Choose(src, 0)) && offered.contains(&Action::Choose(src, 1 + 2)), "{offered:?}");
    let mut other = g.clone();
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.state.player(ME).commodities, 2);
    assert_eq!(state_of(&g, ME, "hacan_agent"), LeaderState::Exhausted);
    check(&g).unwrap();
    other.apply(Action::Choose(src, 1 + 2));
    let value = other.content().factions[other.state.player(Player(2)).faction.idx()].commodities;
    assert_eq!(other.state.player(Player(2)).commodities, value, "replenished");
    assert_eq!(other.state.player(ME).commodities, 0);
    check(&other).unwrap();
}

/// Gila the Silvertongue: "When you cast votes: You may spend any number of trade goods; cast
/// 2 additional votes for each trade good spent." Unlock: "Have 10 trade goods."
#[test]
fn hacan_commander_gila_casts_2_votes_per_trade_good() {
    let mut g = game();
    assert_eq!(g.state.player(ME).faction, g.content().faction("hacan").unwrap());
    g.state.player_mut(ME).trade_goods = 9;
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, ME, "hacan_commander"), LeaderState::Locked, "9 trade goods");
    g.state.player_mut(ME).trade_goods = 10;
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, ME, "hacan_commander"), LeaderState::Unlocked, "10 trade goods");
    g.state.player_mut(ME).trade_goods = 3;
    let src = leader(&g, "hacan_commander").0;
    voting(&mut g, "mutiny");
    vote(&mut g, ME, 1);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::VotesCast)));
    assert_eq!(choices_of(&g, src), (1..=3).map(|n| Action::Choose(src, n)).collect::<Vec<_>>());
    let before = g.flow.agenda_phase.votes[1];
    g.apply(Action::Choose(src, 2));
    check(&g).unwrap();
    assert_eq!(g.flow.agenda_phase.votes[1], before + 4);
    assert_eq!(g.state.player(ME).trade_goods, 1);
}

/// Harrugh Gefhara: "When 1 or more of your units use PRODUCTION: You may reduce the cost of
/// each of your units to 0 during this use of PRODUCTION. If you do, purge this card."
#[test]
fn hacan_hero_harrugh_gefhara_produces_at_no_cost() {
    let mut src = None;
    let (mut g, h) = super::rule_tests::production_scenario_with(|g| src = Some(unlocked(g, ME, "hacan_hero")));
    let src = src.unwrap();
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::ProductionStart)));
    assert_eq!(choices_of(&g, src), vec![Action::Choose(src, 0)]);
    g.apply(Action::Choose(src, 0));
    assert_eq!(state_of(&g, ME, "hacan_hero"), LeaderState::Purged);
    let tg = g.state.player(ME).trade_goods;
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    g.apply(Action::Produce(UnitType::Carrier));
    g.apply(Action::Produce(UnitType::Infantry));
    g.apply(Action::Done);
    assert_eq!(g.state.player(ME).trade_goods, tg, "nothing paid");
    assert_eq!(g.state.count_at(Location::Space(h), UnitType::Carrier), 1);
    assert!(!g.flow.production.costless, "the effect ends with the production");
    check(&g).unwrap();
}

/// I48S: "After a player activates a system: You may exhaust this card to allow that player to
/// replace 1 of their infantry in the active system with 1 mech from their reinforcements."
#[test]
fn l1z1x_agent_i48s_replaces_an_infantry_with_a_mech() {
    let mut g = scenario_of(six_player_game(L1Z1X));
    let src = unlocked(&mut g, ME, "l1z1x_agent");
    let h = home(&g);
    let on = Location::Planet(h, 0);
    g.state.add_units(ME, on, UnitType::Infantry, 2).unwrap();
    g.apply(Action::Activate(h));
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SystemActivated)));
    assert_eq!(choices_of(&g, src), vec![Action::Choose(src, 1)], "planet 0 of the home system");
    g.apply(Action::Choose(src, 1));
    check(&g).unwrap();
    assert_eq!((g.state.count_at(on, UnitType::Infantry), g.state.count_at(on, UnitType::Mech)), (1, 1));
    assert_eq!(state_of(&g, ME, "l1z1x_agent"), LeaderState::Exhausted);
}

/// 2RAM: "Units that have PLANETARY SHIELD do not prevent you from using BOMBARDMENT." Unlock:
/// "Have 4 dreadnoughts on the game board."
#[test]
fn l1z1x_commander_2ram_unlocks_with_4_dreadnoughts_and_ignores_planetary_shield() {
    let mut g = scenario_of(six_player_game(L1Z1X));
    let h = home(&g);
    let near = slot_at_distance(&g, h, 1);
    g.state.add_units(ME, Location::Space(h), UnitType::Dreadnought, 3).unwrap();
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, ME, "l1z1x_commander"), LeaderState::Locked);
    assert!(!crate::ti4::rules::disables_planetary_shields(&g, ME, near));
    g.state.add_units(ME, Location::Space(near), UnitType::Dreadnought, 1).unwrap();
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, ME, "l1z1x_commander"), LeaderState::Unlocked, "4 dreadnoughts, in two systems");
    assert!(crate::ti4::rules::disables_planetary_shields(&g, ME, near));
    assert!(!crate::ti4::rules::disables_planetary_shields(&g, Player(1), near), "the L1Z1X's only");
}

/// `docs/RULES.md` has a row per leader, "implemented" or "simplified" exactly for those with a
/// rule.
#[test]
fn rules_md_lists_every_leader() {
    let body = super::tests::rules_md_section("### Leaders");
    let c = crate::ti4::content::Content::embedded();
    for l in &c.cards.leaders {
        let prefix = format!("| {} | ", l.key);
        let line = body.lines().find(|x| x.starts_with(&prefix)).unwrap_or_else(|| panic!("no row for {}", l.key));
        let status = line.split(" | ").nth(3).unwrap_or("");
        let modelled = status.starts_with("implemented") || status.starts_with("simplified");
        assert_eq!(modelled, l.implemented, "docs/RULES.md, leader {}", l.key);
    }
    let rows =
        body.lines().filter(|x| x.starts_with("| ") && !x.starts_with("| leader") && !x.starts_with("| ---")).count();
    assert_eq!(rows, c.cards.leaders.len());
}

/// Games of `six_player_game(seed)` with the Letnev at seat 1 (the Titans at seat 0), the
/// Nekro and the Vuil'raith at seat 0.
const LETNEV_SECOND: u64 = 23;
const NEKRO: u64 = 15;
const CABAL: u64 = 18;

/// Rear Admiral Farran: "After 1 of your units uses SUSTAIN DAMAGE: You may gain 1 trade good."
/// The Letnev defend with dreadnoughts; each that sustains gives a trade good. Unlock: "Have 5
/// non-fighter ships in 1 system."
#[test]
fn letnev_commander_rear_admiral_farran_gains_a_trade_good_per_sustain_damage() {
    const THEM: Player = Player(1);
    let mut g = scenario_of(six_player_game(LETNEV_SECOND));
    let at = Location::Space(g.home_slot[THEM.idx()]);
    g.state.add_units(THEM, at, UnitType::Dreadnought, 4).unwrap();
    g.state.add_units(THEM, at, UnitType::Fighter, 3).unwrap();
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, THEM, "letnev_commander"), LeaderState::Locked, "4 non-fighter ships");
    g.state.add_units(THEM, at, UnitType::Carrier, 1).unwrap();
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, THEM, "letnev_commander"), LeaderState::Unlocked, "5 non-fighter ships");
    let (g, _) = attack_next_door(TITANS, &[(UnitType::Dreadnought, 3)], |g| {
        unlocked(g, THEM, "letnev_commander");
        super::action_card_tests::give(g, "direct_hit", ME);
    });
    let tg = g.state.player(THEM).trade_goods;
    let mut seen = 0;
    for (seed, g) in asked_at(&g, Window::SpaceCombatAfterHits, ME) {
        let sustained: u8 = g.flow.tactical.space.unwrap().sustained().map(|(_, n)| n).sum();
        assert!(sustained > 0, "seed {seed}");
        assert_eq!(g.state.player(THEM).trade_goods, tg + sustained, "seed {seed}");
        seen += 1;
    }
    assert!(seen > 0, "no dreadnought sustained in 10 seeds");
}

/// Darktalon Treilla: "ACTION: Place this card near the game board; the number of non-fighter
/// ships you can have in systems is not limited by laws or by the number of command tokens in
/// your fleet pool during this game round. At the end of that game round, purge this card."
#[test]
fn letnev_hero_darktalon_treilla_lifts_the_fleet_pool_until_the_round_ends() {
    let mut g = scenario_of(six_player_game(2));
    let src = unlocked(&mut g, ME, "letnev_hero");
    assert_eq!(choices_of(&g, src), vec![Action::Use(src, 0)]);
    g.apply(Action::Use(src, 0));
    assert_eq!(state_of(&g, ME, "letnev_hero"), LeaderState::Exhausted, "near the game board");
    let c = g.content.clone();
    let at = Location::Space(home(&g));
    let limit = g.state.player(ME).fleet + 2;
    g.state.add_units(ME, at, UnitType::Cruiser, limit + 3).unwrap();
    check(&g).expect("the fleet pool does not limit the ships");
    super::leaders::ready_agents(&mut g);
    assert_eq!(state_of(&g, ME, "letnev_hero"), LeaderState::Exhausted, "a hero does not ready");
    crate::ti4::rules::strategy_phase_start(&mut g, ME);
    assert_eq!(state_of(&g, ME, "letnev_hero"), LeaderState::Purged);
    assert_eq!(g.state.count_at(at, UnitType::Cruiser) as u32, crate::ti4::rules::fleet_limit(&c, &g.state, ME));
    check(&g).unwrap();
}

/// Ul the Progenitor: "ACTION: Ready Elysium and attach this card to it. Its resource and
/// influence values are each increased by 3 ..."
#[test]
fn titans_hero_ul_the_progenitor_readies_elysium_and_adds_3_to_its_values() {
    let mut g = scenario_of(six_player_game(TITANS));
    let c = g.content.clone();
    let elysium = c.planet("elysium").unwrap();
    g.state.exhausted_planets.insert(elysium);
    let (r, i) = (g.state.resources_of(&c, elysium), g.state.influence_of(&c, elysium));
    let src = unlocked(&mut g, ME, "titans_hero");
    assert_eq!(choices_of(&g, src), vec![Action::Use(src, 0)]);
    g.apply(Action::Use(src, 0));
    check(&g).unwrap();
    assert!(!g.state.exhausted_planets.contains(elysium));
    assert_eq!((g.state.resources_of(&c, elysium), g.state.influence_of(&c, elysium)), (r + 3, i + 3));
    assert_eq!(state_of(&g, ME, "titans_hero"), LeaderState::Attached);
    assert_eq!(g.state.factions.geoform(), Some(elysium));
}

/// Plays `g` on from a tactical action that moves nothing until `ME` decides at window
/// `TurnEnd`.
fn to_turn_end(g: &mut Ti4Game) {
    let near = slot_at_distance(g, home(g), 1);
    g.apply(Action::Activate(near));
    g.apply(Action::Done);
    while g.step != Step::Decide(ME) || g.flow.pending.window != Some(Window::TurnEnd) {
        let a = if legal(g).contains(&Action::Done) { Action::Done } else { legal(g)[0] };
        g.apply(a);
    }
}

/// Nekro Malleon: "... that player may discard 1 action card or spend 1 command token from
/// their command sheet to gain 2 trade goods." (The Nekro choose themselves.)
#[test]
fn nekro_agent_malleon_trades_a_card_or_a_command_token_for_2_trade_goods() {
    let mut g = scenario_of(six_player_game(NEKRO));
    let src = unlocked(&mut g, ME, "nekro_agent");
    let card = super::action_card_tests::give(&mut g, "sabotage", ME);
    to_turn_end(&mut g);
    let offered = choices_of(&g, src);
    let discard = Action::Choose(src, 16 + u16::from(card.0));
    assert!(offered.contains(&discard) && offered.contains(&Action::Choose(src, 0)), "{offered:?}");
    let (tg, tactic) = (g.state.player(ME).trade_goods, g.state.player(ME).tactic);
    let mut token = g.clone();
    g.apply(discard);
    check(&g).unwrap();
    assert!(!crate::ti4::rules::in_hand(&g.content, &g.state, ME, card), "discarded");
    assert_eq!(g.state.player(ME).trade_goods, tg + 2);
    assert_eq!(state_of(&g, ME, "nekro_agent"), LeaderState::Exhausted);
    token.apply(Action::Choose(src, 0));
    check(&token).unwrap();
    assert_eq!((token.state.player(ME).trade_goods, token.state.player(ME).tactic), (tg + 2, tactic - 1));
}

/// That Which Molds Flesh: "When you produce fighter or infantry units: Up to 2 of those units
/// do not count against your PRODUCTION limit." Unlock: "Have units in 3 Gravity Rifts" (a
/// system with a Vuil'raith space dock is one: Dimensional Tear).
#[test]
fn cabal_commander_that_which_molds_flesh_produces_2_infantry_beyond_the_limit() {
    let mut g = scenario_of(six_player_game(CABAL));
    let h = home(&g);
    let c = g.content.clone();
    // Two systems next to home with a planet, each given a Vuil'raith space dock.
    let others: Vec<u8> = (0..g.state.num_systems)
        .filter(|&sl| {
            sl != h && !g.home_slot[..6].contains(&sl) && g.state.planet_at(&c, Location::Planet(sl, 0)).is_some()
        })
        .take(2)
        .collect();
    let docks = |g: &mut Ti4Game, slots: &[u8]| {
        for &sl in slots {
            let pl = g.state.planet_at(&c, Location::Planet(sl, 0)).unwrap();
            crate::ti4::control::gain_control(&c, &mut g.state, ME, pl, false).unwrap();
            g.state.add_units(ME, Location::Planet(sl, 0), UnitType::SpaceDock, 1).unwrap();
        }
    };
    g.state.add_units(ME, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
    let mut two = g.clone();
    docks(&mut two, &others[..1]);
    run_unlocks(&mut two);
    assert_eq!(state_of(&two, ME, "cabal_commander"), LeaderState::Locked, "2 Dimensional Tears");
    let mut three = g.clone();
    docks(&mut three, &others);
    run_unlocks(&mut three);
    assert_eq!(state_of(&three, ME, "cabal_commander"), LeaderState::Unlocked, "3 Dimensional Tears");
    // Infantry produced at home: the PRODUCTION limit, then 2 more with the commander.
    g.state.player_mut(ME).trade_goods = 20;
    let produced = |mut g: Ti4Game| {
        g.apply(Action::Activate(h));
        g.apply(Action::Done);
        assert_eq!(g.step, Step::Produce(ME));
        let mut n = 0;
        while legal(&g).contains(&Action::Produce(UnitType::Infantry)) {
            g.apply(Action::Produce(UnitType::Infantry));
            n += 1;
        }
        assert!(!legal(&g).contains(&Action::Produce(UnitType::Carrier)), "nothing else beyond the limit");
        n
    };
    let mut with = g.clone();
    unlocked(&mut with, ME, "cabal_commander");
    assert_eq!(produced(with), produced(g) + 2);
}

/// Imperia: "While another player's command token is in your fleet pool, you can use the
/// ability of that player's commander, if it is unlocked." The Titans' Tungstantus acts for the
/// Mahact (seat 0 of game 20; the Titans at seat 1) once they hold a Titans command token.
#[test]
fn mahact_imperia_uses_another_players_unlocked_commander() {
    const TITANS_SEAT: Player = Player(1);
    let mut g = scenario_of(six_player_game(20));
    assert_eq!(g.state.player(TITANS_SEAT).faction, g.content().faction("titans").unwrap());
    let src = unlocked(&mut g, TITANS_SEAT, "titans_commander");
    let c = g.content.clone();
    assert!(!src.active(&c, &g.state, ME), "no token of theirs");
    *g.state.factions.held_tokens_mut(ME) |= 1 << TITANS_SEAT.0;
    assert!(src.active(&c, &g.state, ME), "their token on the Mahact sheet");
    let tg = g.state.player(ME).trade_goods;
    crate::ti4::rules::units_produced(&mut g, ME, &[1; UNIT_TYPES]);
    assert_eq!(g.state.player(ME).trade_goods, tg + 1);
    g.state.leaders.set(TITANS_SEAT, leader(&g, "titans_commander").1, LeaderState::Locked);
    assert!(!src.active(&c, &g.state, ME), "a locked commander is nobody's");
}

/// Ul the Progenitor, GEOFORM: Elysium "gains the SPACE CANNON 5 (x3) ability as if it were a
/// unit" — used by Elysium's controller at another player's ships moving into its system.
#[test]
fn titans_hero_ul_the_progenitor_gives_elysium_space_cannon_5_x3() {
    let destroyed = |geoform: bool| -> u32 {
        let mut lost = 0;
        for seed in 0..24 {
            let mut g = scenario_of(six_player_game(TITANS));
            let elysium = g.content().planet("elysium").unwrap();
            if geoform {
                let (_, k) = leader(&g, "titans_hero");
                g.state.leaders.set(ME, k, LeaderState::Attached);
                g.state.factions.set_geoform(Some(elysium));
            }
            let (h, them) = (home(&g), Player(1));
            let from = slot_at_distance(&g, h, 1);
            g.state.add_units(them, Location::Space(from), UnitType::Destroyer, 1).unwrap();
            g.flow.turn = them;
            g.step = Step::Turn(them);
            g.apply(Action::Activate(h));
            while g.step == Step::Decide(them) {
                g.apply(Action::Done);
            }
            g.apply(Action::Move(from, UnitType::Destroyer));
            g.apply(Action::Done);
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            while g.flow.turn == them && !g.is_terminal() {
                check(&g).unwrap();
                if g.current() == crate::game::Turn::Chance {
                    g.apply_chance(&mut rng);
                } else {
                    let a = if legal(&g).contains(&Action::Done) { Action::Done } else { legal(&g)[0] };
                    g.apply(a);
                }
            }
            lost += u32::from(g.state.player(them).on_board[UnitType::Destroyer.idx()] == 0);
        }
        lost
    };
    assert_eq!(destroyed(false), 0, "no unit of the Titans there has SPACE CANNON");
    let hit = destroyed(true);
    assert!((10..=24).contains(&hit), "3 dice hitting on 5 destroy the destroyer 78% of the time: {hit} of 24");
}

/// M'aban: "You may produce 1 additional fighter for their cost; these additional units do not
/// count against your production limit." Unlock: "Have 12 fighters on the game board." A
/// production that places fighters places 1 more, free, beyond the PRODUCTION limit.
#[test]
fn naalu_commander_maban_produces_1_more_fighter_free_beyond_the_limit() {
    const NAALU: u64 = 6;
    let mut g = scenario_of(six_player_game(NAALU));
    let h = home(&g);
    let fighters = g.state.player(ME).on_board[UnitType::Fighter.idx()];
    g.state.add_units(ME, Location::Space(h), UnitType::Fighter, 11 - fighters).unwrap();
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, ME, "naalu_commander"), LeaderState::Locked, "11 fighters");
    let mut twelve = g.clone();
    twelve.state.add_units(ME, Location::Space(h), UnitType::Fighter, 1).unwrap();
    run_unlocks(&mut twelve);
    assert_eq!(state_of(&twelve, ME, "naalu_commander"), LeaderState::Unlocked, "12 fighters");
    // A space dock at home, and room for every fighter it can produce: capacity and
    // trade goods.
    g.state.remove_units(Location::Space(h), UnitType::Fighter, 11 - fighters).unwrap();
    g.state.add_units(ME, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 3).unwrap();
    g.state.player_mut(ME).trade_goods = 20;
    // Fighters produced up to the limit, and paid for: (fighters in the home system, trade
    // goods left).
    let produced = |mut g: Ti4Game| {
        g.apply(Action::Activate(h));
        g.apply(Action::Done);
        assert_eq!(g.step, Step::Produce(ME));
        while legal(&g).contains(&Action::Produce(UnitType::Fighter)) {
            g.apply(Action::Produce(UnitType::Fighter));
        }
        g.apply(Action::Done);
        super::payment_tests::pay_first_way(&mut g);
        check(&g).unwrap();
        (g.state.count_at(Location::Space(h), UnitType::Fighter), g.state.player(ME).trade_goods)
    };
    let (without, tg) = produced(g.clone());
    assert!(without >= fighters + 2, "the home system produces fighters");
    let mut with = g.clone();
    unlocked(&mut with, ME, "naalu_commander");
    assert_eq!(produced(with), (without + 1, tg));
    // No fighter produced: none added.
    let mut infantry = g.clone();
    unlocked(&mut infantry, ME, "naalu_commander");
    infantry.apply(Action::Activate(h));
    infantry.apply(Action::Done);
    infantry.apply(Action::Produce(UnitType::Infantry));
    infantry.apply(Action::Done);
    super::payment_tests::pay_first_way(&mut infantry);
    assert_eq!(infantry.state.count_at(Location::Space(h), UnitType::Fighter), fighters);
}

/// The Helmsman, DARK SPACE NAVIGATION: "ACTION: Choose 1 system that does not contain other
/// players' ships; you may move your flagship and any number of your dreadnoughts from other
/// systems into the chosen system. Then, purge this card." A target per system, with or
/// without the ships of the home system; none where another player has ships.
#[test]
fn l1z1x_hero_the_helmsman_moves_the_flagship_and_dreadnoughts_into_a_system() {
    let mut g = scenario_of(six_player_game(L1Z1X));
    let h = home(&g);
    let src = unlocked(&mut g, ME, "l1z1x_hero");
    let (near, far) = (slot_at_distance(&g, h, 1), slot_at_distance(&g, h, 3));
    g.state.add_units(ME, Location::Space(h), UnitType::Dreadnought, 2).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Fighter, 2).unwrap();
    g.state.add_units(ME, Location::Space(near), UnitType::Flagship, 1).unwrap();
    g.state.add_units(ME, Location::Space(near), UnitType::Fighter, 3).unwrap();
    g.state.set_damaged(Location::Space(near), UnitType::Flagship, 1).unwrap();
    let enemy = slot_at_distance(&g, h, 2);
    g.state.add_units(Player(1), Location::Space(enemy), UnitType::Destroyer, 1).unwrap();
    let targets = choices_of(&g, src);
    assert!(targets.contains(&Action::Use(src, far)) && targets.contains(&Action::Use(src, far | 64)));
    assert!(!targets.iter().any(|a| matches!(a, Action::Use(_, t) if t % 64 == enemy)), "another player's ships");
    assert!(!targets.contains(&Action::Use(src, h | 64)), "the home system's ships stay there anyway");
    let mut all = g.clone();
    all.apply(Action::Use(src, far));
    check(&all).unwrap();
    assert_eq!(state_of(&all, ME, "l1z1x_hero"), LeaderState::Purged);
    let at = |g: &Ti4Game, sl: u8, t: UnitType| g.state.count_at(Location::Space(sl), t);
    assert_eq!((at(&all, far, UnitType::Flagship), at(&all, far, UnitType::Dreadnought)), (1, 2));
    assert_eq!(all.state.damaged_at(Location::Space(far), UnitType::Flagship), 1, "damage kept");
    assert_eq!(at(&all, far, UnitType::Fighter), 0, "no transport");
    assert_eq!(at(&all, h, UnitType::Fighter), 0, "fighters without capacity where the ships left");
    assert_eq!(at(&all, near, UnitType::Fighter), 0);
    assert_ne!(all.step, g.step, "the turn ended");
    g.apply(Action::Use(src, far | 64));
    check(&g).unwrap();
    assert_eq!((at(&g, far, UnitType::Flagship), at(&g, far, UnitType::Dreadnought)), (1, 0));
    assert_eq!((at(&g, h, UnitType::Dreadnought), at(&g, h, UnitType::Fighter)), (2, 2));
}

/// UNIT.DSGN.FLAYESH, POLYMORPHIC ALGORITHM: "ACTION: Choose a planet that has a technology
/// specialty in a system that contains your units. Destroy any other player's units on that
/// planet. Gain trade goods equal to that planet's combined resource and influence values and
/// gain 1 technology that matches the specialty of that planet. Then, purge this card." One
/// target per (planet, technology of its colour).
#[test]
fn nekro_hero_flayesh_destroys_the_units_on_a_specialty_planet_and_gains_its_values_and_a_technology() {
    const THEM: Player = Player(1);
    let mut g = scenario_of(six_player_game(NEKRO));
    let c = g.content.clone();
    // A planet with a specialty in a system that is not a home system.
    let (sl, pl) = (0..g.state.num_systems)
        .filter(|sl| !g.home_slot[..6].contains(sl))
        .find_map(|sl| {
            let pl = g.state.planet_at(&c, Location::Planet(sl, 0))?;
            (c.planets[pl.idx()].specialties != 0).then_some((sl, pl))
        })
        .expect("a specialty planet");
    let src = unlocked(&mut g, ME, "nekro_hero");
    assert!(choices_of(&g, src).is_empty(), "no Nekro unit near a specialty planet");
    g.state.add_units(ME, Location::Space(sl), UnitType::Cruiser, 1).unwrap();
    crate::ti4::control::gain_control(&c, &mut g.state, THEM, pl, false).unwrap();
    g.state.add_units(THEM, Location::Planet(sl, 0), UnitType::Infantry, 2).unwrap();
    g.state.add_units(THEM, Location::Planet(sl, 0), UnitType::Pds, 1).unwrap();
    let colours = c.planets[pl.idx()].specialties;
    let of_colour = |t: TechId| matches!(c.tech_def(t).kind, crate::ti4::content::TechKind::Coloured(col) if colours >> col as usize & 1 == 1);
    let gainable = (0..c.techs.len() as u8)
        .map(TechId)
        .filter(|&t| of_colour(t) && c.tech_def(t).faction.is_none() && !g.state.player(ME).techs.contains(t))
        .count();
    let targets = choices_of(&g, src);
    let planets_here = (0..3).filter(|&n| g.state.planet_at(&c, Location::Planet(sl, n)).is_some()).count();
    assert!(targets.len() >= gainable && gainable > 0 && targets.len() <= gainable * planets_here, "{targets:?}");
    let tg = g.state.player(ME).trade_goods;
    let value = g.state.resources_of(&c, pl) + g.state.influence_of(&c, pl);
    let techs = g.state.player(ME).techs;
    g.apply(targets[0]);
    check(&g).unwrap();
    assert_eq!(g.state.occupant(Location::Planet(sl, 0)), None, "their units destroyed");
    assert_eq!(g.state.player(ME).trade_goods, tg + value);
    let gained: Vec<TechId> = g.state.player(ME).techs.difference(techs).iter().collect();
    assert!(gained.len() == 1 && of_colour(gained[0]), "{gained:?}");
    assert_eq!(state_of(&g, ME, "nekro_hero"), LeaderState::Purged);
    assert!(choices_of(&g, src).is_empty());
}

/// Il Na Viroset: "During your tactical actions, you can activate systems that contain your
/// command tokens. If you do, return both command tokens to your reinforcements and end your
/// turn." Unlock: "Have 2 other factions' command tokens in your fleet pool." (Game 20 seats
/// the Mahact at seat 0.)
#[test]
fn mahact_commander_il_na_viroset_activates_a_system_with_its_own_token() {
    const MAHACT: u64 = 20;
    let mut g = scenario_of(six_player_game(MAHACT));
    let mut one = g.clone();
    *one.state.factions.held_tokens_mut(ME) = 1 << 1;
    run_unlocks(&mut one);
    assert_eq!(state_of(&one, ME, "mahact_commander"), LeaderState::Locked, "1 token held");
    *one.state.factions.held_tokens_mut(ME) |= 1 << 2;
    run_unlocks(&mut one);
    assert_eq!(state_of(&one, ME, "mahact_commander"), LeaderState::Unlocked, "2 tokens held");
    // A carrier at home, the Mahact's token in the system next to it.
    let (h, near) = (home(&g), slot_at_distance(&g, home(&g), 1));
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
    g.state.player_mut(ME).token_reinforcements -= 1;
    g.state.systems[near as usize].tokens |= 1 << ME.0;
    check(&g).unwrap();
    assert!(!legal(&g).contains(&Action::Activate(near)), "the token is there");
    unlocked(&mut g, ME, "mahact_commander");
    assert!(legal(&g).contains(&Action::Activate(near)));
    // Pools (Predictive Intelligence may redistribute them at the end of the turn) and
    // reinforcements.
    let tokens = |g: &Ti4Game| {
        let ps = g.state.player(ME);
        (ps.tactic + ps.fleet + ps.strategy, ps.token_reinforcements)
    };
    let (pools, reinforcements) = tokens(&g);
    g.apply(Action::Activate(near));
    assert_eq!(g.step, Step::Move(ME), "no window after the activation");
    check(&g).unwrap();
    g.apply(Action::Move(h, UnitType::Carrier));
    while g.flow.turn == ME && !matches!(g.step, Step::Turn(_)) {
        let a = if legal(&g).contains(&Action::Done) { Action::Done } else { legal(&g)[0] };
        g.apply(a);
    }
    check(&g).unwrap();
    assert_eq!(g.state.count_at(Location::Space(near), UnitType::Carrier), 1);
    assert_eq!(g.state.systems[near as usize].tokens >> ME.0 & 1, 0, "both tokens returned");
    assert_eq!(tokens(&g), (pools - 1, reinforcements + 2), "1 token from the tactic pool, 2 back");
    assert_ne!(g.flow.turn, ME, "the turn ended");
}

/// Emissary Taivra (Creuss agent): "After a player activates a system that contains a non-delta
/// wormhole, you may exhaust this card; if you do, that system is adjacent to all other systems
/// that contain a wormhole during this tactical action." Game 16 seats the Creuss at seat 0;
/// seat 1 activates a system with the alpha token, and its carrier 3 systems away, in the beta
/// token's system, reaches it once the Creuss exhaust the agent.
#[test]
fn ghost_agent_emissary_taivra_joins_the_active_system_to_every_wormhole_system() {
    const THEM: Player = Player(1);
    let mut g = scenario_of(six_player_game(16));
    assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "ghost");
    let src = unlocked(&mut g, ME, "ghost_agent");
    let gal = g.galaxy().clone();
    let homes = g.home_slot;
    let plain = |sl: u8| {
        gal.anomalies(sl) == 0
            && !homes[..6].contains(&sl)
            && sl != gal.mecatol()
            && Wormhole::ALL.iter().all(|&k| gal.wormhole_slots(k) >> sl & 1 == 0)
    };
    let a = (0..g.state.num_systems).find(|&sl| plain(sl)).expect("a plain system");
    let far = (0..g.state.num_systems).find(|&sl| plain(sl) && gal.distance(a, sl) == Some(3)).expect("3 away");
    g.state.add_units(THEM, Location::Space(far), UnitType::Carrier, 1).unwrap();
    (g.flow.turn, g.step) = (THEM, Step::Turn(THEM));
    // Without a non-delta wormhole in the active system the agent is not offered.
    let mut none = g.clone();
    none.apply(Action::Activate(a));
    assert!(choices_of(&none, src).is_empty());
    *g.state.factions.wormhole_tokens_mut() = [Some(a), Some(far)];
    assert_eq!(g.ship_reach(THEM).systems(far, 1) >> a & 1, 0, "out of reach");
    g.apply(Action::Activate(a));
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SystemActivated)));
    assert_eq!(choices_of(&g, src), vec![Action::Choose(src, 0)]);
    let mut declined = g.clone();
    g.apply(Action::Choose(src, 0));
    check(&g).unwrap();
    assert_eq!(state_of(&g, ME, "ghost_agent"), LeaderState::Exhausted);
    assert!(g.flow.tactical.wormhole_hub);
    assert_eq!(g.ship_reach(THEM).systems(far, 1) >> a & 1, 1, "adjacent during this tactical action");
    while matches!(g.step, Step::Decide(_)) {
        g.apply(Action::Done);
    }
    assert!(legal(&g).contains(&Action::Move(far, UnitType::Carrier)), "{:?}", legal(&g));
    declined.apply(Action::Done);
    while matches!(declined.step, Step::Decide(_)) {
        declined.apply(Action::Done);
    }
    assert!(!legal(&declined).contains(&Action::Move(far, UnitType::Carrier)));
}

/// Ta Zern (Jol-Nar commander): "When 1 or more of your units use BOMBARDMENT or SPACE CANNON,
/// you may reroll any number of those dice." Unlock: "Own 8 technologies." Game 4 seats the
/// Jol-Nar at seat 0: seat 1 moves 3 destroyers into the Jol-Nar home system, where 2 PDS fire
/// space cannon offense; with the commander unlocked, every miss is rolled again.
#[test]
fn jolnar_commander_ta_zern_rerolls_missed_space_cannon_dice() {
    const THEM: Player = Player(1);
    let lost = |commander: bool, seed: u64| -> u8 {
        let mut g = scenario_of(six_player_game(4));
        assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "jolnar");
        let h = home(&g);
        let pl = g.state.planet_at(g.content(), Location::Planet(h, 0)).unwrap();
        assert!(g.state.player(ME).planets.contains(pl));
        g.state.add_units(ME, Location::Planet(h, 0), UnitType::Pds, 2).unwrap();
        let from = slot_at_distance(&g, h, 1);
        g.state.add_units(THEM, Location::Space(from), UnitType::Destroyer, 3).unwrap();
        if commander {
            unlocked(&mut g, ME, "jolnar_commander");
        }
        (g.flow.turn, g.step) = (THEM, Step::Turn(THEM));
        g.apply(Action::Activate(h));
        while matches!(g.step, Step::Decide(_)) {
            g.apply(Action::Done);
        }
        for _ in 0..3 {
            g.apply(Action::Move(from, UnitType::Destroyer));
        }
        g.apply(Action::Done);
        while matches!(g.step, Step::Decide(_)) {
            g.apply(Action::Done);
        }
        assert_eq!(g.step, Step::SpaceCannon);
        g.apply_chance(&mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed));
        check(&g).unwrap();
        3 - g.state.count_at(Location::Space(h), UnitType::Destroyer)
    };
    // Locked until the Jol-Nar own 8 technologies.
    let mut g = scenario_of(six_player_game(4));
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, ME, "jolnar_commander"), LeaderState::Locked);
    let more: Vec<TechId> =
        g.content().all_techs.iter().filter(|&t| g.content().tech_def(t).faction.is_none()).take(8).collect();
    for t in more {
        g.state.player_mut(ME).techs.insert(t);
    }
    run_unlocks(&mut g);
    assert_eq!(state_of(&g, ME, "jolnar_commander"), LeaderState::Unlocked);
    let (mut without, mut with) = (0u32, 0u32);
    for seed in 0..100 {
        let (a, b) = (lost(false, seed), lost(true, seed));
        assert!(b >= a, "the same dice, misses rolled again (seed {seed})");
        (without, with) = (without + a as u32, with + b as u32);
    }
    // PDS hit on 6: 1 hit per 2 dice, 3 per 4 with the rerolls.
    assert!(with > without + 25, "{with} hits with the commander, {without} without");
}

/// The Stillness of Stars (Vuil'raith agent): "After another player replenishes commodities:
/// You may exhaust this card to convert their commodities to trade goods and capture 1 unit
/// from their reinforcements that has a cost equal to or lower than their commodity value."
/// Game 18 seats the Vuil'raith at seat 0; seat 1 resolves the Trade primary.
#[test]
fn cabal_agent_the_stillness_of_stars_converts_commodities_and_captures_a_unit() {
    const THEM: Player = Player(1);
    const TRADE: u8 = 4;
    let mut g = scenario_of(six_player_game(18));
    let c = g.content.clone();
    assert_eq!(c.factions[g.state.player(ME).faction.idx()].key, "cabal");
    let src = unlocked(&mut g, ME, "cabal_agent");
    let value = c.factions[g.state.player(THEM).faction.idx()].commodities;
    let tg = g.state.player(THEM).trade_goods;
    g.state.strategy_cards.set_holder(crate::ti4::components::StrategyCard(TRADE), Some(THEM));
    g.flow.turn = THEM;
    g.step = cards::strategic(&mut g, THEM, TRADE);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::CommoditiesReplenished)));
    assert_eq!(g.state.player(THEM).commodities, value, "replenished");
    let choices = choices_of(&g, src);
    let cost = |t: UnitType| {
        let f = g.state.player(THEM).faction;
        c.effective_unit(f, t, g.state.player(THEM).techs).and_then(|u| c.units[u.idx()].cost)
    };
    for t in UnitType::ALL {
        let offered = choices.contains(&Action::Choose(src, t.idx() as u16));
        assert_eq!(offered, cost(t).is_some_and(|k| k <= value), "{t:?}");
    }
    g.apply(Action::Choose(src, UnitType::Infantry.idx() as u16));
    check(&g).unwrap();
    assert_eq!(state_of(&g, ME, "cabal_agent"), LeaderState::Exhausted);
    assert_eq!((g.state.player(THEM).commodities, g.state.player(THEM).trade_goods), (0, tg + 3 + value));
    assert_eq!(g.state.captured.held(ME, THEM, UnitType::Infantry), 1);
    assert!(matches!(g.step, Step::Follow(_) | Step::Turn(_)), "the strategic action goes on: {:?}", g.step);
    // Their own replenishment is not "another player's".
    let mut own = scenario_of(six_player_game(18));
    unlocked(&mut own, ME, "cabal_agent");
    own.state.strategy_cards.set_holder(crate::ti4::components::StrategyCard(TRADE), Some(ME));
    own.step = cards::strategic(&mut own, ME, TRADE);
    assert!(choices_of(&own, src).is_empty());
}

/// It Feeds on Carrion (Vuil'raith hero): "ACTION: Each other player rolls a die for each of
/// their non-fighter ships that are in or adjacent to a system that contains a dimensional
/// tear; on a 1-3, capture that unit. If this causes a player's ground forces or fighters to be
/// removed, also capture those units. Then, purge this card." Game 18 seats the Vuil'raith at
/// seat 0, with a space dock (a dimensional tear) at home; seat 1 has 6 cruisers and a carrier
/// with 4 infantry next to it, and a destroyer far away.
#[test]
fn cabal_hero_it_feeds_on_carrion_captures_ships_near_a_dimensional_tear_on_1_to_3() {
    const THEM: Player = Player(1);
    let setup = || {
        let mut g = scenario_of(six_player_game(18));
        assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "cabal");
        let h = home(&g);
        g.state.add_units(ME, Location::Planet(h, 0), UnitType::SpaceDock, 1).unwrap();
        let next = slot_at_distance(&g, h, 1);
        let far = slot_at_distance(&g, h, 3);
        g.state.add_units(THEM, Location::Space(next), UnitType::Cruiser, 6).unwrap();
        g.state.add_units(THEM, Location::Space(next), UnitType::Carrier, 1).unwrap();
        g.state.add_units(THEM, Location::Space(next), UnitType::Infantry, 4).unwrap();
        g.state.add_units(THEM, Location::Space(far), UnitType::Destroyer, 1).unwrap();
        // Room in the fleet pool for 7 ships in one system.
        g.state.player_mut(THEM).fleet += 4;
        g.state.player_mut(THEM).token_reinforcements -= 4;
        (g, next, far)
    };
    let (g, ..) = setup();
    let src = {
        let mut g = g.clone();
        unlocked(&mut g, ME, "cabal_hero")
    };
    assert!(choices_of(&g, src).is_empty(), "locked");
    let (mut cruisers, mut carriers_taken_with_infantry) = (0u32, 0u32);
    for seed in 0..100 {
        let (mut g, next, far) = setup();
        unlocked(&mut g, ME, "cabal_hero");
        assert_eq!(choices_of(&g, src), vec![Action::Use(src, 0)]);
        g.apply(Action::Use(src, 0));
        assert_eq!(g.step, Step::ComponentRoll(ME));
        g.apply_chance(&mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed));
        check(&g).unwrap();
        assert_eq!(state_of(&g, ME, "cabal_hero"), LeaderState::Purged);
        let held = |t: UnitType| u32::from(g.state.captured.held(ME, THEM, t));
        let here = |t: UnitType| u32::from(g.state.count_at(Location::Space(next), t));
        assert_eq!(held(UnitType::Cruiser) + here(UnitType::Cruiser), 6);
        assert_eq!(held(UnitType::Carrier) + here(UnitType::Carrier), 1);
        // Capacity 16.3: a captured carrier leaves the infantry without room (cruisers carry 0).
        assert_eq!(held(UnitType::Infantry), 4 * held(UnitType::Carrier), "seed {seed}");
        assert_eq!(g.state.count_at(Location::Space(far), UnitType::Destroyer), 1, "far from the tear");
        cruisers += held(UnitType::Cruiser);
        carriers_taken_with_infantry += held(UnitType::Carrier);
        assert_ne!(g.step, Step::ComponentRoll(ME), "the turn goes on");
    }
    // 1-3 on a d10: 30% of 600 cruiser dice, 30 of 100 carriers.
    assert!((140..=220).contains(&cruisers), "{cruisers} cruisers captured");
    assert!((15..=45).contains(&carriers_taken_with_infantry), "{carriers_taken_with_infantry} carriers");
}

/// Jae Mir Kan (Mahact agent): "When you would spend a command token during the secondary
/// ability of a strategic action: You may exhaust this card to remove 1 of the active player's
/// command tokens from the board and use it instead." Game 20 seats the Mahact at seat 0; seat
/// 1 resolves the Trade primary with a command token on the board, and the Mahact follow.
#[test]
fn mahact_agent_jae_mir_kan_pays_a_secondary_with_the_active_players_token() {
    const THEM: Player = Player(1);
    const TRADE: u8 = 4;
    let mut g = scenario_of(six_player_game(20));
    assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "mahact");
    let src = unlocked(&mut g, ME, "mahact_agent");
    let slot = slot_at_distance(&g, home(&g), 2);
    g.state.systems[slot as usize].tokens |= 1 << THEM.0;
    g.state.player_mut(THEM).token_reinforcements -= 1;
    g.state.strategy_cards.set_holder(crate::ti4::components::StrategyCard(TRADE), Some(THEM));
    g.flow.turn = THEM;
    g.step = cards::strategic(&mut g, THEM, TRADE);
    while let Step::Follow(q) | Step::Decide(q) = g.step {
        if q == ME {
            break;
        }
        g.apply(Action::Done);
    }
    assert_eq!(g.step, Step::Follow(ME));
    let (mine, theirs) = (g.state.player(ME).strategy, g.state.player(THEM).token_reinforcements);
    let mut paid = g.clone();
    paid.apply(Action::Follow);
    assert_eq!((paid.step, paid.flow.pending.window), (Step::Decide(ME), Some(Window::SecondaryFollowed)));
    assert_eq!(choices_of(&paid, src), vec![Action::Choose(src, u16::from(slot))]);
    paid.apply(Action::Choose(src, u16::from(slot)));
    check(&paid).unwrap();
    assert_eq!(state_of(&paid, ME, "mahact_agent"), LeaderState::Exhausted);
    assert_eq!(paid.state.player(ME).strategy, mine, "no token of the Mahact's spent");
    assert_eq!(paid.state.systems[slot as usize].tokens >> THEM.0 & 1, 0, "the active player's token left the board");
    assert_eq!(paid.state.player(THEM).token_reinforcements, theirs + 1);
    assert!(!paid.flow.strategic.token_paid, "used once");
    let full = paid.content().factions[paid.state.player(ME).faction.idx()].commodities;
    assert_eq!(paid.state.player(ME).commodities, full, "the secondary resolved");
    // Declined: the strategy pool pays.
    g.apply(Action::Follow);
    g.apply(Action::Done);
    check(&g).unwrap();
    assert_eq!(g.state.player(ME).strategy, mine - 1);
}

/// The Oracle (Naalu hero), C-RADIUM GEOMETRY: "At the end of the status phase, you may force
/// each other player to give you 1 promissory note from their hand. If you do, purge this
/// card." Game 6 seats the Naalu at seat 0: returning the strategy cards ends the status phase
/// and opens window `StatusPhaseEnd`, where the unlocked hero is offered; using it purges it
/// and each other player gives a note from their hand (their own Ceasefire here); a player
/// with no note to give gives none. A locked hero is not offered.
#[test]
fn naalu_hero_the_oracle_takes_a_promissory_note_from_each_other_player() {
    let mut g = scenario_of(six_player_game(6));
    assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, "naalu");
    g.flow.custodians = true;
    let mut locked = g.clone();
    assert!(!matches!(super::flow::return_strategy_cards(&mut locked), Step::Decide(ME)), "a locked hero");
    let src = unlocked(&mut g, ME, "naalu_hero");
    let ceasefire = g.notes.ceasefire.expect("Ceasefire has an effect");
    // Seat 2 already gave the Naalu its notes that have an effect here: it has none to give.
    let empty = Player(2);
    let n = g.notes;
    for k in [n.ceasefire, n.trade_agreement].into_iter().flatten() {
        g.state.notes.set(empty, k as usize, Zone::Hand(ME));
    }
    g.state.notes.set(empty, n.support_for_the_throne.expect("an effect") as usize, Zone::PlayArea(ME));
    g.step = super::flow::return_strategy_cards(&mut g);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::StatusPhaseEnd)));
    assert_eq!(choices_of(&g, src), vec![Action::Choose(src, 0)]);
    g.apply(Action::Choose(src, 0));
    assert_eq!(state_of(&g, ME, "naalu_hero"), LeaderState::Purged);
    for q in (1..6).map(Player) {
        assert_eq!(g.state.notes.get(q, ceasefire as usize), Zone::Hand(ME), "{q:?}'s Ceasefire");
    }
    for k in [n.trade_agreement, n.support_for_the_throne].into_iter().flatten() {
        assert!((1..6).all(|q| g.state.notes.get(Player(q), k as usize) != Zone::Hand(ME) || q == 2), "one note each");
    }
    check(&g).unwrap();
}

/// A scenario ([`scenario_of`]) of the factions `keys` in seat order on random map `map`.
fn seated(keys: [&str; 6], map: u64) -> Ti4Game {
    let c = crate::ti4::content::Content::embedded();
    let factions: Vec<FactionId> = keys.iter().map(|k| c.faction(k).unwrap()).collect();
    scenario_of(Ti4Game::new(c, &factions, &MapChoice::Random(map), Ti4Options::default()).unwrap())
}

/// Kuuasi Aun Jalatai (Keleres hero, Argent home), OVERWING ZETA: "At the start of a round of
/// space combat in a system that contains a planet you control: You may place your flagship and
/// up to 2 cruisers or destroyers from your reinforcements in the active system. Then, purge
/// this card." The Keleres (seat 0, with the Mentak and Xxcha seated, so on the Argent home)
/// attack a destroyer next door in a system with a planet they control: at window
/// `SpaceCombatStart` they may place ships (within the fleet pool); 1 cruiser and 1 destroyer
/// with the flagship join the attack and the hero is purged.
#[test]
fn keleres_hero_kuuasi_aun_jalatai_places_ships_at_the_start_of_a_space_combat() {
    let mut g = seated(["keleres", "mentak", "xxcha", "sol", "hacan", "letnev"], 3);
    let c = g.content.clone();
    let src = unlocked(&mut g, ME, "keleres_hero_kuuasi");
    let h = home(&g);
    let homes: Vec<u8> = g.home_slot()[..6].to_vec();
    let target = crate::ti4::galaxy::bits(g.galaxy.neighbours(h))
        .find(|&sl| !homes.contains(&sl) && !c.systems[g.galaxy.tile(sl).idx()].planets.is_empty())
        .expect("a system with a planet next to the Keleres home");
    let pl = c.systems[g.galaxy.tile(target).idx()].planets[0];
    let (cc, s) = g.content_and_state();
    crate::ti4::control::gain_control(cc, s, ME, pl, false).unwrap();
    g.state.add_units(Player(1), Location::Space(target), UnitType::Destroyer, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Cruiser, 2).unwrap();
    // Room in the fleet pool for the placed ships: 3 tokens from the reinforcements.
    let ps = g.state.player_mut(ME);
    (ps.fleet, ps.token_reinforcements) = (ps.fleet + 3, ps.token_reinforcements - 3);
    g.apply(Action::Activate(target));
    g.apply(Action::Move(h, UnitType::Cruiser));
    g.apply(Action::Move(h, UnitType::Cruiser));
    g.apply(Action::Done);
    let (_, mut g) = asked_at(&g, Window::SpaceCombatStart, ME).next().expect("asked at the combat's start");
    let offered = choices_of(&g, src);
    assert!(offered.contains(&Action::Choose(src, 3 + 1)), "{offered:?}");
    assert!(!offered.contains(&Action::Choose(src, 3 * 2 + 1)), "at most 2 cruisers and destroyers");
    let reinf = |g: &Ti4Game, t: UnitType| g.state.player(ME).reinforcements[t.idx()];
    assert!(reinf(&g, UnitType::Flagship) > 0);
    g.apply(Action::Choose(src, 3 + 1));
    assert_eq!(state_of(&g, ME, "keleres_hero_kuuasi"), LeaderState::Purged);
    check(&g).unwrap();
    let combat = g.flow.tactical.space.expect("the combat starts");
    let att = combat.force(Side::Attacker);
    assert_eq!(
        [UnitType::Flagship, UnitType::Cruiser, UnitType::Destroyer].map(|t| att.count(t)),
        [1, 3, 1],
        "the 2 moved cruisers, and the flagship, a cruiser and a destroyer placed"
    );
}

/// Harka Leeds (Keleres hero, Mentak home), ERWAN'S COVENANT: "ACTION: Reveal cards from the
/// action card deck until you reveal 3 action cards that have component actions. Draw those
/// cards and shuffle the rest back into the deck. Then, purge this card." The Keleres (seat 0,
/// no Mentak seated, so on the Mentak home) use it at their turn: its chance step puts 3 cards
/// with component actions from the deck into their hand and purges the hero.
#[test]
fn keleres_hero_harka_leeds_draws_3_action_cards_with_component_actions() {
    use rand::SeedableRng;
    let mut g = seated(["keleres", "sol", "hacan", "letnev", "jolnar", "nekro"], 4);
    let c = g.content.clone();
    let src = unlocked(&mut g, ME, "keleres_hero_harka");
    assert_eq!(g.step, Step::Turn(ME));
    assert_eq!(choices_of(&g, src), vec![Action::Use(src, 0)]);
    let hand = |g: &Ti4Game| -> Vec<usize> {
        (0..c.cards.action_copies.len()).filter(|&k| g.state.action_cards.get(k) == Zone::Hand(ME)).collect()
    };
    let before = hand(&g);
    g.apply(Action::Use(src, 0));
    assert_eq!(g.step, Step::ComponentRoll(ME));
    g.apply_chance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(9));
    let drawn: Vec<usize> = hand(&g).into_iter().filter(|k| !before.contains(k)).collect();
    assert_eq!(drawn.len(), 3, "3 cards drawn");
    for k in drawn {
        let card = c.cards.action_copies[k];
        assert!(
            g.action_effects[card.idx()].is_some(),
            "{}: a card with a component action",
            c.cards.action_cards[card.idx()].key
        );
    }
    assert_eq!(state_of(&g, ME, "keleres_hero_harka"), LeaderState::Purged);
    check(&g).unwrap();
}
