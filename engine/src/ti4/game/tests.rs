//! Round-loop tests: random simulation with the TI4 invariants, and rule tests.

use super::*;
use crate::game::random_simulation;

pub(crate) fn six_player_game(seed: u64) -> Ti4Game {
    let c = Content::embedded();
    let keys = [
        "sol", "hacan", "letnev", "xxcha", "jolnar", "yssaril", "naalu", "mentak", "l1z1x", "arborec", "winnu", "saar",
        "muaat", "sardakk", "yin", "nekro", "ghost", "argent", "cabal", "empyrean", "mahact", "nomad", "naaz",
        "titans",
    ];
    let k = seed as usize % keys.len();
    let factions: Vec<FactionId> =
        (0..6).map(|i| c.faction(keys[(k + i * 3) % keys.len()]).expect("faction")).collect();
    Ti4Game::new(c, &factions, &MapChoice::Random(seed), Ti4Options::default()).expect("setup")
}

/// The body of the `docs/RULES.md` section under `heading` (up to the next heading).
pub(crate) fn rules_md_section(heading: &str) -> &'static str {
    let doc = include_str!("../../../../docs/RULES.md");
    let start = doc.find(heading).unwrap_or_else(|| panic!("docs/RULES.md has no section {heading}"));
    let body = &doc[start + heading.len()..];
    &body[..body.find("\n#").unwrap_or(body.len())]
}

/// The TI4 invariants checked at every state.
pub(crate) fn check(g: &Ti4Game) -> Result<(), String> {
    let c = g.content();
    g.check_invariants()?;
    // Position round trip at power-of-two decision counts.
    if g.decisions.is_power_of_two() {
        let pos = crate::ti4::position::to_position(c, &g.state);
        let back = crate::ti4::position::from_position(c, &pos).map_err(|e| format!("position read: {e:?}"))?;
        if back != g.state {
            return Err("position round trip changed the state".into());
        }
    }
    Ok(())
}

#[test]
/// OpenSpiel-style random simulation: 1,000 complete 6-player games (about 35 s in the test
/// profile), every state checked by `random_simulation` and [`check`].
fn random_games_terminate_and_keep_invariants() {
    let g = six_player_game(1);
    let every_game_researches = |g: &Ti4Game| {
        check(g)?;
        if g.end_condition().is_some() && g.researched == 0 {
            return Err("a game ended without any research".into());
        }
        Ok(())
    };
    let summary = random_simulation(&g, 1000, 7, 200_000, every_game_researches).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary.games, 1000);
}

/// Plays `n` random games and prints end conditions, eliminations and research (run with
/// `--ignored --nocapture`).
#[test]
#[ignore]
fn random_play_statistics() {
    for bias in [0.0, 0.9, 2.0] {
        play_statistics(bias);
    }
}

/// A random legal action; with probability `bias` a non-`Done` one when there is any (a
/// "keep going" random policy: moves, lands and produces more than uniform play).
pub(crate) fn pick_biased(buf: &[Action], rng: &mut rand_chacha::ChaCha8Rng, bias: f64) -> Action {
    use rand::RngExt;
    let active = buf.iter().filter(|&&a| a != Action::Done && a != Action::Pass).count();
    if active > 0 && active < buf.len() && rng.random_bool(bias) {
        let k = rng.random_range(0..active);
        return *buf.iter().filter(|&&a| a != Action::Done && a != Action::Pass).nth(k).expect("k < active");
    }
    buf[rng.random_range(0..buf.len())]
}

/// A random policy that attacks and scores: scores an objective whenever it can, activates systems holding other players' planets or ships when
/// it can, always moves, transports, lands and produces (never `Done` while it can act), and
/// otherwise plays uniformly. Used to show that eliminations arise from play.
pub(crate) fn pick_aggressive(g: &Ti4Game, buf: &[Action], rng: &mut rand_chacha::ChaCha8Rng) -> Action {
    use rand::RngExt;
    let s = &g.state;
    let me = match crate::game::Game::current(g) {
        crate::game::Turn::Player(p) => Player(p as u8),
        _ => return buf[0],
    };
    let hostile = |slot: u8| {
        let sl = &s.systems[slot as usize];
        let theirs = |o: u8| o != me.0 && o != crate::ti4::state::NOBODY;
        theirs(sl.space.owner)
            || sl.planets.iter().any(|a| theirs(a.owner))
            || g.content().systems[sl.tile.idx()]
                .planets
                .iter()
                .any(|&pl| crate::ti4::control::controller(s, pl).is_some_and(|q| q != me))
    };
    let scores: Vec<Action> =
        buf.iter().copied().filter(|a| matches!(a, Action::ScorePublic(_) | Action::ScoreSecret(_))).collect();
    if !scores.is_empty() {
        return scores[rng.random_range(0..scores.len())];
    }
    let targets: Vec<Action> =
        buf.iter().copied().filter(|a| matches!(a, Action::Activate(sl) if hostile(*sl))).collect();
    if !targets.is_empty() && rng.random_bool(0.8) {
        return targets[rng.random_range(0..targets.len())];
    }
    let eager: Vec<Action> = buf
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Move(..) | Action::Carry(..) | Action::Land(..) | Action::Produce(_)))
        .collect();
    if !eager.is_empty() {
        return eager[rng.random_range(0..eager.len())];
    }
    buf[rng.random_range(0..buf.len())]
}

fn play_statistics(bias: f64) {
    use crate::game::{Game, Turn};
    use rand::SeedableRng;
    let n = 1000u64;
    let mut ends = std::collections::BTreeMap::new();
    let (mut elim_games, mut elims, mut researched, mut decisions, mut rounds) = (0, 0, 0, 0u64, 0u64);
    let mut max_vp = 0u64;
    let mut buf = Vec::new();
    let t0 = std::time::Instant::now();
    for i in 0..n {
        let mut g = six_player_game(i);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
        rng.set_stream(i);
        loop {
            match g.current() {
                Turn::Terminal => break,
                Turn::Chance => g.apply_chance(&mut rng),
                Turn::Player(_) => {
                    g.legal_actions(&mut buf);
                    let a = if bias > 1.0 {
                        pick_aggressive(&g, &buf, &mut rng)
                    } else {
                        pick_biased(&buf, &mut rng, bias)
                    };
                    g.apply(a);
                }
            }
        }
        *ends.entry(g.end_condition().unwrap().label()).or_insert(0) += 1;
        let e = g.state.seats().filter(|&p| !g.state.player(p).in_game).count();
        elims += e;
        elim_games += (e > 0) as u32;
        researched += (g.researched > 0) as u32;
        decisions += g.decisions as u64;
        rounds += g.state.round as u64;
        max_vp += g.state.seats().map(|p| g.victory_points(p)).max().unwrap_or(0) as u64;
    }
    println!(
        "bias {bias}: {n} games in {:?}: ends {ends:?}, games with eliminations {elim_games}, eliminations {elims}, games with research {researched}, decisions/game {}, rounds/game {:.2}, winner's VP {:.2}",
        t0.elapsed(),
        decisions / n,
        rounds as f64 / n as f64,
        max_vp as f64 / n as f64
    );
}

/// Golden playthroughs of three seeded random 6-player games, by the one writer of
/// [`crate::playthrough`]; `UPDATE_GOLDEN=1` regenerates them.
#[test]
fn golden_playthroughs() {
    use crate::playthrough::{check_golden, playthrough, Render};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    for seed in [1u64, 2, 3] {
        let text = playthrough("TI4 random playthrough", &six_player_game(seed), seed, 1, Render::FinalOnly);
        check_golden(&dir.join(format!("ti4_seed{seed}.txt")), &text).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The invariants of [`check`] at every state of 100 games of the attacking random policy
/// ([`pick_aggressive`]), where eliminations happen; eliminated players never move again and
/// every game ends with a full ranking.
#[test]
fn aggressive_games_keep_invariants_and_eliminate() {
    use crate::game::{Game, Turn};
    use rand::SeedableRng;
    let mut buf = Vec::new();
    let mut eliminated = 0;
    let mut researching = 0;
    for i in 0..100u64 {
        let mut g = six_player_game(i);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        rng.set_stream(i);
        let mut steps = 0;
        loop {
            check(&g).unwrap_or_else(|e| panic!("game {i} step {steps}: {e}"));
            assert_eq!(g.clone(), g);
            match g.current() {
                Turn::Terminal => break,
                Turn::Chance => g.apply_chance(&mut rng),
                Turn::Player(p) => {
                    assert!(g.state.player(Player(p as u8)).in_game, "game {i}: eliminated player {p} to move");
                    g.legal_actions(&mut buf);
                    assert!(!buf.is_empty());
                    let a = pick_aggressive(&g, &buf, &mut rng);
                    g.apply(a);
                }
            }
            steps += 1;
            assert!(steps < 200_000, "game {i} does not end");
        }
        let rank = g.ranking();
        let mut places: Vec<u8> = rank.to_vec();
        places.sort_unstable();
        assert_eq!(places, (0..6).collect::<Vec<u8>>(), "game {i}: full ranking");
        // No rule forces a research (the Technology card may go unpicked or unused in a short
        // game), so research is counted over the games rather than required of each.
        researching += usize::from(g.researched > 0);
        eliminated += g.state.seats().filter(|&p| !g.state.player(p).in_game).count();
    }
    assert!(eliminated > 0, "attacking play eliminates somebody in 100 games");
    assert!(researching >= 90, "research in only {researching} of 100 games");
}

/// Every player count from 3 to 8 plays complete random games with the invariants; at 3-4
/// players everyone holds two strategy cards during the action phase.
#[test]
fn games_of_every_size() {
    let c = Content::embedded();
    let keys = ["sol", "hacan", "letnev", "xxcha", "jolnar", "naalu", "mentak", "l1z1x"];
    for n in 3..=8usize {
        let factions: Vec<FactionId> = keys[..n].iter().map(|k| c.faction(k).unwrap()).collect();
        let g = Ti4Game::new(c.clone(), &factions, &MapChoice::Random(n as u64), Ti4Options::default()).unwrap();
        let two = |g: &Ti4Game| -> Result<(), String> {
            check(g)?;
            if n <= 4 && matches!(g.step, Step::Turn(_)) && g.state.round == 1 {
                for p in g.state.seats() {
                    let held = g.state.strategy_cards.held_by(p).count_ones();
                    if held != 2 {
                        return Err(format!("{n} players: seat {} holds {held} cards", p.0));
                    }
                }
            }
            Ok(())
        };
        let summary = random_simulation(&g, 20, n as u64, 200_000, two).unwrap_or_else(|e| panic!("{n} players: {e}"));
        assert_eq!(summary.games, 20);
    }
}

/// Victory 7: the first player at the target wins; tied players are ranked by initiative order.
#[test]
fn ranking_breaks_ties_by_initiative() {
    use crate::game::Game;
    use crate::ti4::components::StrategyCard;
    use rand::SeedableRng;
    let mut g = six_player_game(3);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    g.apply_chance(&mut rng);
    g.state.strategy_cards.set_holder(StrategyCard(6), Some(Player(2)));
    g.state.strategy_cards.set_holder(StrategyCard(1), Some(Player(3)));
    g.state.player_mut(Player(2)).bonus_vp = 10;
    g.state.player_mut(Player(3)).bonus_vp = 10;
    g.state.player_mut(Player(4)).bonus_vp = 5;
    g.state.factions.set_zero_token(crate::ti4::factions::ZeroToken::Supply);
    flow::advance(&mut g);
    assert_eq!(g.end_condition(), Some(EndCondition::Victory));
    let r = g.ranking();
    assert_eq!((r[3], r[2], r[4]), (0, 1, 2), "{r:?}");
    assert_eq!(g.returns()[3], 1.0);
}

/// Objectives 7: every objective the decks can hold has a condition, and there are enough of
/// them: 5 stage I and 5 stage II for the objective area, a secret for 8 players plus draws.
#[test]
fn objective_decks_hold_only_evaluable_objectives() {
    let c = Content::embedded();
    let t = ObjectiveTable::embedded(&c);
    let stage = |k: u8| {
        (0..t.public.len()).filter(|&i| t.public[i].is_some() && c.cards.public_objectives[i].stage == k).count()
    };
    assert!(stage(1) >= 5 && stage(2) >= 5);
    assert!(t.secret.iter().filter(|x| x.is_some()).count() >= 16);
    let g = six_player_game(0);
    let n = c.cards.secret_objectives.len();
    for i in 0..n {
        let in_deck = g.state.secret_objectives.get(i) == crate::ti4::components::Zone::Deck;
        assert_eq!(
            in_deck,
            t.secret[i].is_some(),
            "secret {} is in the deck exactly when evaluable",
            c.cards.secret_objectives[i].key
        );
    }
    assert!(ObjectiveTable::parse(&c, r#"{"public":[{"id":"nope","kind":"spend"}],"secret":[]}"#)
        .unwrap_err()
        .contains("nope"));
}

/// The round cap ends the game with a full ranking.
#[test]
fn round_cap_ends_the_game() {
    use crate::game::{Game, Turn};
    use rand::{RngExt, SeedableRng};
    let c = Content::embedded();
    let f: Vec<FactionId> = ["sol", "hacan", "letnev"].iter().map(|k| c.faction(k).unwrap()).collect();
    let opts = Ti4Options { round_cap: 2, ..Ti4Options::default() };
    let mut g = Ti4Game::new(c, &f, &MapChoice::Random(9), opts).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut buf = Vec::new();
    while g.current() != Turn::Terminal {
        match g.current() {
            Turn::Chance => g.apply_chance(&mut rng),
            _ => {
                g.legal_actions(&mut buf);
                g.apply(buf[rng.random_range(0..buf.len())]);
            }
        }
    }
    assert_eq!(g.end_condition(), Some(EndCondition::RoundCap));
    assert_eq!(g.state.round, 2);
}

/// Agenda phase 2.4: once the custodians are gone every round ends with two votes (Nekro never
/// votes); games keep their invariants through it.
#[test]
fn agenda_phase_runs_once_the_custodians_are_gone() {
    let mut g = six_player_game(15); // seat 0 plays Nekro (Galactic Threat)
    g.flow.custodians = false;
    assert!(crate::ti4::rules::cannot_vote(&g, Player(0)));
    let mut votes = 0u32;
    let count = |s: &Ti4Game| -> Result<(), String> {
        check(s)?;
        if let Step::Vote(p) = s.step {
            if p == Player(0) {
                return Err("Nekro asked to vote".into());
            }
        }
        Ok(())
    };
    random_simulation(&g, 20, 3, 200_000, |s| {
        if matches!(s.step, Step::Vote(_)) {
            votes += 1;
        }
        count(s)
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(votes >= 20 * 9 * 2 * 5 / 2, "{votes} votes");
}

/// Setup 1: a Tabletop Simulator map string with home placeholders gives the same galaxy as the
/// seeded generator that produced it.
#[test]
fn setup_from_a_tts_map_string() {
    let c = Content::embedded();
    let f: Vec<FactionId> =
        ["sol", "hacan", "ghost", "xxcha", "jolnar", "naalu"].iter().map(|k| c.faction(k).unwrap()).collect();
    let text = crate::ti4::galaxy::generate::random_map(&c, 6, 5).unwrap().to_tts(&c);
    let a = Ti4Game::new(c.clone(), &f, &MapChoice::Tts(text), Ti4Options::default()).unwrap();
    let b = Ti4Game::new(c.clone(), &f, &MapChoice::Random(5), Ti4Options::default()).unwrap();
    assert_eq!(a.galaxy().tiles(), b.galaxy().tiles());
    assert_eq!(a.state, b.state);
    // The Creuss home is off the board, its gate on it; their units start at home.
    let creuss = a.home_slot[2];
    assert!(a.galaxy().is_off_board(creuss));
    assert_eq!(a.state.systems[creuss as usize].space.owner, 2);
    assert!(Ti4Game::new(c, &f[..2], &MapChoice::Random(5), Ti4Options::default()).is_err(), "3-8 players");
}

/// Setup 1: every faction of the content sets up on a random map (in seat 0 beside five base
/// factions), and a short random game from there keeps the invariants.
#[test]
fn every_faction_sets_up_and_plays() {
    let c = Content::embedded();
    let others = ["sol", "hacan", "letnev", "jolnar", "naalu", "l1z1x", "yin"];
    for (i, fd) in c.factions.iter().enumerate() {
        let f = FactionId(i as u8);
        let mut factions = vec![f];
        factions.extend(others.iter().map(|k| c.faction(k).unwrap()).filter(|&o| o != f).take(5));
        let g = Ti4Game::new(c.clone(), &factions, &MapChoice::Random(i as u64), Ti4Options::default())
            .unwrap_or_else(|e| panic!("{}: {e}", fd.key));
        let s = g.state.player(Player(0));
        assert!(!s.planets.is_empty(), "{}: home planets", fd.key);
        random_simulation(&g, 3, i as u64, 200_000, check).unwrap_or_else(|e| panic!("{}: {e}", fd.key));
    }
}

/// Setup 1, Council Keleres: the borrowed home belongs to a faction not in the game (Mentak is
/// in play here, so Xxcha's), its planets are Keleres', and it starts with 2 non-faction
/// technologies another seat owns.
#[test]
fn setup_1_keleres_borrows_a_home_not_in_play() {
    let c = Content::embedded();
    let keys = ["keleres", "mentak", "sol", "hacan", "letnev", "jolnar"];
    let f: Vec<FactionId> = keys.iter().map(|k| c.faction(k).unwrap()).collect();
    let g = Ti4Game::new(c.clone(), &f, &MapChoice::Random(2), Ti4Options::default()).unwrap();
    let tile = g.galaxy().tile(g.home_slot[0]);
    assert_eq!(c.systems[tile.idx()].key, "92new", "Mentak plays, so Keleres takes the Xxcha variant");
    let me = g.state.player(Player(0));
    assert_eq!(me.planets.len(), 2);
    let others = (1..6).fold(TechSet::EMPTY, |m, q| m.union(g.state.player(Player(q)).techs));
    let chosen: Vec<_> = me.techs.iter().filter(|&t| c.tech_def(t).faction.is_none()).collect();
    assert_eq!(chosen.len(), 2, "two starting technologies");
    assert!(chosen.iter().all(|&t| others.contains(t)), "owned by other players");
}

/// Differential: [`objectives::ObjectiveBoard`] (one board pass per player) answers every
/// condition as the plain [`objectives::meets`] does, on states of 30 attacking random games
/// (every fifth state, every seat, the conditions of the objective table and every kind at
/// counts 1 to 6).
#[test]
fn objective_board_agrees_with_meets() {
    use super::objectives::{meets, Cond, ObjectiveBoard, SystemFilter};
    use crate::game::{Game, Turn};
    use rand::SeedableRng;
    let g0 = six_player_game(0);
    let mut conds: Vec<Cond> =
        g0.objectives.public.iter().chain(g0.objectives.secret.iter()).flatten().copied().collect();
    for n in 1..=6u8 {
        conds.extend([
            Cond::PlanetsSameTrait(n),
            Cond::UnitUpgrades(n),
            Cond::TechsInColours { count: n, colours: 1 },
            Cond::TechsInColours { count: n.min(3), colours: 2 },
            Cond::PlanetsOutsideHome(n),
            Cond::SpecialtyPlanets(n),
            Cond::ShipsAdjacentToMecatol(n),
            Cond::Structures(n),
            Cond::StructurePlanetsOutsideHome(n),
            Cond::ShipsInOneSystem(n),
            Cond::SystemsWithUnits(n, SystemFilter::NoPlanets),
            Cond::SystemsWithUnits(n, SystemFilter::Special),
            Cond::PlanetInOtherHome(n),
            Cond::PlanetsWithTrait(n % 3, n),
            Cond::SpaceDocks(n),
            Cond::Dreadnoughts(n),
            Cond::TechsOneColour(n),
            Cond::MecatolWithShips(n),
            Cond::ShipsInSystems(n),
            Cond::FactionTechs(n),
            Cond::PlanetsWithMech(n),
            Cond::GroundForcesOnOnePlanet(n),
            Cond::PlanetResources(3 * n),
            Cond::PlanetInfluence(3 * n),
            Cond::ShipsNearAnomalies(n),
            Cond::Spend { resources: n, influence: n, trade_goods: 0, tokens: n % 3 },
            // One kind of value: the board's `can_spend` without a plan.
            Cond::Spend { resources: 2 * n, influence: 0, trade_goods: n % 2, tokens: 0 },
            Cond::Spend { resources: 0, influence: 2 * n, trade_goods: n % 3, tokens: n % 2 },
            Cond::SystemsWithUnits(n, SystemFilter::Edge),
            Cond::Pds(n),
            Cond::ActionCardsInHand(n),
            Cond::LawsInPlay(n),
            Cond::AttachedPlanets(n),
            Cond::PurgeFragments(n),
            Cond::ProductionInOneSystem(2 * n),
            Cond::MorePlanetsThanNeighbours(n),
            Cond::PlanetsNearOtherHomes(n),
        ]);
    }
    conds.extend([
        Cond::WarSunOrFlagship,
        Cond::ShipsNextToOtherHome,
        Cond::LegendaryPlanet,
        Cond::ShipsWithWormholes,
        Cond::ShipsWithOtherDock,
        Cond::NeighbourOfAll,
        Cond::SharedPlanetSystem,
        Cond::OthersNote,
        Cond::SupremacyShip,
    ]);
    let mut buf = Vec::new();
    let (mut checked, mut met) = (0u64, 0u64);
    for i in 0..30u64 {
        let mut g = six_player_game(i);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        rng.set_stream(i);
        let mut step = 0u64;
        loop {
            if step.is_multiple_of(5) {
                for p in g.state.seats() {
                    let board = ObjectiveBoard::new(&g, p);
                    for &cond in &conds {
                        let want = meets(&g, p, cond);
                        assert_eq!(board.meets(&g, p, cond), want, "game {i} step {step} seat {} {cond:?}", p.0);
                        checked += 1;
                        met += want as u64;
                    }
                }
            }
            match g.current() {
                Turn::Terminal => break,
                Turn::Chance => g.apply_chance(&mut rng),
                Turn::Player(_) => {
                    g.legal_actions(&mut buf);
                    let a = pick_aggressive(&g, &buf, &mut rng);
                    g.apply(a);
                }
            }
            step += 1;
        }
    }
    // Both answers occur often (the test would be empty if every condition were false).
    assert!(met > checked / 20 && met < checked - checked / 20, "{met} of {checked} met");
}

/// Expand Borders ("Control 6 planets in non-home systems") and Subdue the Galaxy (11): a planet
/// in another player's home system, an eliminated player's included, does not count; one in a
/// system that is nobody's home does.
#[test]
fn expand_borders_counts_no_planet_of_any_home_system() {
    use super::objectives::{meets, Cond};
    let mut g = six_player_game(3);
    let c = g.content.clone();
    let home_of = |g: &Ti4Game, q: usize| c.systems[g.galaxy().tile(g.home_slot[q]).idx()].planets.clone();
    let homes: Vec<PlanetId> = (0..6).flat_map(|q| home_of(&g, q)).collect();
    let elsewhere: Vec<PlanetId> = (0..g.state.num_systems)
        .filter(|sl| !g.home_slot[..6].contains(sl))
        .flat_map(|sl| c.systems[g.galaxy().tile(sl).idx()].planets.clone())
        .collect();
    let me = Player(0);
    let mine = |g: &mut Ti4Game, planets: &[PlanetId]| {
        let ps = g.state.player_mut(me);
        ps.planets = planets.iter().copied().collect();
    };
    // Five planets outside every home, plus seat 1's home planets: not six.
    let other_home = home_of(&g, 1);
    let mut held: Vec<PlanetId> = elsewhere[..5].to_vec();
    held.extend(&other_home);
    held.extend(home_of(&g, 0));
    mine(&mut g, &held);
    assert!(!meets(&g, me, Cond::PlanetsOutsideHome(6)), "another player's home planets are home planets");
    // Seat 1 eliminated: its home is still a home system.
    g.state.player_mut(Player(1)).in_game = false;
    assert!(!meets(&g, me, Cond::PlanetsOutsideHome(6)), "an eliminated player's home too");
    // A sixth planet outside every home system: met.
    held.push(elsewhere[5]);
    mine(&mut g, &held);
    assert!(meets(&g, me, Cond::PlanetsOutsideHome(6)));
    assert!(homes.iter().all(|pl| objectives::home_planets(&g).contains(*pl)));
    assert_eq!(objectives::home_planets(&g).len() as usize, homes.len());
}

/// [`six_player_game`] 3 after the deal (nobody holds a strategy card yet), with the Naalu "0"
/// token in the supply so that initiative follows the strategy cards alone, and every agent
/// exhausted (no agent's choice at the end of a turn).
fn dealt_without_zero_token() -> Ti4Game {
    use rand::SeedableRng;
    let mut g = six_player_game(3);
    g.apply_chance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(3));
    g.state.factions.set_zero_token(crate::ti4::factions::ZeroToken::Supply);
    super::rule_tests::exhaust_agents(&mut g);
    g
}

/// Initiative order 48 with elimination: a player eliminated during their own action-phase turn
/// (their strategy card returned) is followed by the next player in initiative order, not by
/// the first.
#[test]
fn initiative_48_a_player_eliminated_on_their_turn_is_followed_by_the_next() {
    use crate::ti4::components::StrategyCard;
    let mut g = dealt_without_zero_token();
    // Seat k holds card k + 1: initiative order is seat 0, 1, ..., 5.
    for k in 0..6u8 {
        g.state.strategy_cards.set_holder(StrategyCard(k + 1), Some(Player(k)));
    }
    g.flow.passed = 0;
    g.flow.turn = Player(3);
    g.flow.turn_initiative = crate::ti4::elimination::initiative_key(&g.state, Player(3));
    g.step = Step::Turn(Player(3));
    // Seat 3 is eliminated during its turn: its card goes back.
    g.state.player_mut(Player(3)).in_game = false;
    g.state.strategy_cards.set_holder(StrategyCard(4), None);
    g.step = flow::next_turn(&mut g);
    assert_eq!(g.flow.turn, Player(4), "the player after the eliminated one, not seat 0");
    // And the turn after goes on in order.
    g.step = flow::next_turn(&mut g);
    assert_eq!(g.flow.turn, Player(5));
    g.step = flow::next_turn(&mut g);
    assert_eq!(g.flow.turn, Player(0));
}

/// Victory points 98 with initiative order 48: ties outside the action phase (agenda phase,
/// strategy phase: nobody holds a strategy card): the player first clockwise from the speaker, the speaker first, wins; not the lower
/// seat.
#[test]
fn victory_ties_without_strategy_cards_go_by_order_from_the_speaker() {
    use crate::game::Game;
    let mut g = dealt_without_zero_token();
    assert!(g.state.seats().all(|p| g.state.strategy_cards.initiative_of(p).is_none()), "no cards after the deal");
    g.state.tokens.speaker = Some(Player(4));
    g.state.player_mut(Player(1)).bonus_vp = 10;
    g.state.player_mut(Player(5)).bonus_vp = 10;
    flow::advance(&mut g);
    assert_eq!(g.end_condition(), Some(EndCondition::Victory));
    let r = g.ranking();
    assert_eq!((r[5], r[1]), (0, 1), "seat 5 is one step from the speaker (seat 4), seat 1 three: {r:?}");
    let mut order = [Player(0); MAX_PLAYERS];
    let n = crate::ti4::elimination::initiative_order(&g.state, &mut order);
    assert_eq!(order[..n].to_vec(), [4, 5, 0, 1, 2, 3].map(Player).to_vec());
}

/// Differential: [`objectives::ObjectiveBoards`] (one board pass for all seats) equals the
/// per-seat [`objectives::ObjectiveBoard::new`] of every seat at every state of random games
/// (uniform random steps, and attacking games that conquer planets and home systems).
#[test]
fn objective_boards_equal_the_per_seat_boards() {
    use super::objectives::{ObjectiveBoard, ObjectiveBoards};
    use crate::game::{Game, Turn};
    use rand::SeedableRng;
    let mut buf = Vec::new();
    let (mut checked, mut changed) = (0u64, 0u64);
    // One cache through every game (different galaxies and homes on one content).
    let mut cache = super::objectives::OwnCache::default();
    for i in 0..16u64 {
        let mut g = six_player_game(200 + i);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
        let attacking = i % 2 == 1;
        let mut last = ObjectiveBoards::new(&g);
        for step in 0u64.. {
            let all = ObjectiveBoards::new(&g);
            assert_eq!(ObjectiveBoards::new_cached(&g, &mut cache), all, "game {i} step {step}: cached");
            for p in g.state.seats() {
                assert_eq!(*all.get(p), ObjectiveBoard::new(&g, p), "game {i} step {step} seat {}", p.0);
                checked += 1;
            }
            changed += (all != last) as u64;
            last = all;
            match g.current() {
                Turn::Terminal => break,
                Turn::Player(_) if attacking => {
                    g.legal_actions(&mut buf);
                    let a = pick_aggressive(&g, &buf, &mut rng);
                    g.apply(a);
                }
                _ => crate::game::random_step(&mut g, &mut rng, &mut buf),
            }
        }
    }
    // The boards move with the game (the test would be empty on a frozen board).
    assert!(changed > checked / 600, "{changed} changes in {checked} seat states");
}

/// Differential: the planet-by-planet count of Cond::PlanetsNearOtherHomes (through
/// [`crate::ti4::galaxy::Galaxy::planet_slot`]) equals the system loop for every seat at every
/// state of attacking random games, which take planets next to other homes.
#[test]
fn planets_near_other_homes_equal_the_system_loop() {
    use super::objectives::{planets_near_other_homes, planets_near_other_homes_plain};
    use crate::game::{Game, Turn};
    use rand::SeedableRng;
    let mut buf = Vec::new();
    let mut nonzero = 0u64;
    for i in 0..8u64 {
        let mut g = six_player_game(300 + i);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
        for pl in (0..g.content.planets.len()).map(|k| PlanetId(k as u8)) {
            if let Some(sl) = g.galaxy.planet_slot(pl) {
                assert!(g.content.system_planets[g.galaxy.tile(sl).idx()].contains(pl), "game {i}: planet {pl:?}");
            }
        }
        for step in 0u64.. {
            for p in g.state.seats() {
                let fast = planets_near_other_homes(&g, p);
                assert_eq!(fast, planets_near_other_homes_plain(&g, p), "game {i} step {step} seat {}", p.0);
                nonzero += (fast > 0) as u64;
            }
            match g.current() {
                Turn::Terminal => break,
                Turn::Player(_) => {
                    g.legal_actions(&mut buf);
                    let a = pick_aggressive(&g, &buf, &mut rng);
                    g.apply(a);
                }
                _ => crate::game::random_step(&mut g, &mut rng, &mut buf),
            }
        }
    }
    assert!(nonzero > 1000, "only {nonzero} seat states count a planet near another home");
}

/// Differential: [`objectives::ObjectiveBoard::own`] (set intersections with the planet and
/// technology classes of the content) equals its plain planet-by-planet loops for every seat,
/// with every seat's set of other homes, at every state of random games (uniform random
/// steps, and attacking games that conquer planets and home systems).
#[test]
fn own_counts_equal_the_plain_loops() {
    use super::objectives::ObjectiveBoard;
    use crate::game::{Game, Turn};
    use rand::SeedableRng;
    let mut buf = Vec::new();
    let mut checked = 0u64;
    for i in 0..16u64 {
        let mut g = six_player_game(300 + i);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
        let attacking = i % 2 == 1;
        for step in 0u64.. {
            for p in g.state.seats() {
                let others = g.state.seats().filter(|&q| q != p).fold(0u64, |m, q| m | 1u64 << g.home_slot[q.idx()]);
                // Also every seat's own home among the "others" (a superset the counts must
                // agree on as well).
                for mask in [others, others | 1u64 << g.home_slot[p.idx()]] {
                    let fast = ObjectiveBoard::own(&g, p, mask);
                    assert_eq!(fast, ObjectiveBoard::own_plain(&g, p, mask), "game {i} step {step} seat {}", p.0);
                    checked += 1;
                }
            }
            match g.current() {
                Turn::Terminal => break,
                Turn::Player(_) if attacking => {
                    g.legal_actions(&mut buf);
                    let a = pick_aggressive(&g, &buf, &mut rng);
                    g.apply(a);
                }
                _ => crate::game::random_step(&mut g, &mut rng, &mut buf),
            }
        }
    }
    assert!(checked > 10_000, "{checked} seat states");
}

/// Differential: [`flow::determinize`] (the unrevealed public objectives drawn from a deck
/// mask listed once) equals the plain draws one [`flow::draw_public`] at a time, for every
/// observer at every state of random games: the same game state and the same random numbers
/// left in the generator.
#[test]
fn determinize_equals_the_plain_draws() {
    use crate::game::Game;
    use rand::{RngExt, SeedableRng};
    let mut buf = Vec::new();
    let mut checked = 0u64;
    for i in 0..12u64 {
        let mut g = six_player_game(400 + i);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
        for step in 0u64.. {
            for p in g.state.seats() {
                let mut r1 = rand_chacha::ChaCha8Rng::seed_from_u64(step ^ i << 32 ^ (p.0 as u64) << 48);
                let mut r2 = r1.clone();
                let fast = flow::determinize(&g, p, &mut r1);
                let plain = flow::determinize_plain(&g, p, &mut r2);
                assert_eq!(fast.state, plain.state, "game {i} step {step} observer {}", p.0);
                assert_eq!(fast.decisions, plain.decisions);
                assert_eq!(r1.random::<u64>(), r2.random::<u64>(), "game {i} step {step}: random numbers used");
                checked += 1;
            }
            if g.current() == crate::game::Turn::Terminal {
                break;
            }
            crate::game::random_step(&mut g, &mut rng, &mut buf);
        }
    }
    assert!(checked > 5_000, "{checked} determinizations");
}

/// Differential test: the one-pass victory points of every seat (`all_victory_points`, what
/// the round loop checks after every step) equal the plain per-seat count (1 per stage I, 2 per
/// stage II public objective scored, 1 per scored secret, bonus points, Support for the
/// Throne) at every state of random games.
#[test]
fn all_victory_points_agree_with_the_plain_count() {
    use crate::ti4::components::Zone;
    use rand::SeedableRng;
    let plain = |g: &Ti4Game, p: Player| -> u32 {
        let (c, s) = (g.content(), &g.state);
        let publics: u32 = (0..c.cards.public_objectives.len())
            .filter(|&i| s.public_objectives.scored_by(PublicObjectiveId(i as u8)).contains(p))
            .map(|i| c.cards.public_objectives[i].stage as u32)
            .sum();
        let secrets = s.secret_objectives.count(c.cards.secret_objectives.len(), Zone::PlayArea(p)) as u32;
        let relics = (0..c.cards.relics.len())
            .filter(|&i| c.cards.relics[i].key == "shard_of_the_throne")
            .filter(|&i| s.exploration.relic(RelicId(i as u8)) == Zone::PlayArea(p))
            .count() as u32;
        publics + secrets + s.player(p).bonus_vp as u32 + notes::throne_points(g, p) + relics
    };
    let mut buf = Vec::new();
    let mut scored = 0;
    for i in 0..20 {
        let mut g = six_player_game(100 + i);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
        while !g.is_terminal() {
            let all = g.all_victory_points();
            for p in g.state.seats() {
                assert_eq!(all[p.idx()], plain(&g, p));
                assert_eq!(g.victory_points(p), plain(&g, p));
                scored += all[p.idx()] as u64;
            }
            crate::game::random_step(&mut g, &mut rng, &mut buf);
        }
    }
    assert!(scored > 0);
}

/// The round loop as procedures (issue "rule hooks", item 4): handlers return the step that
/// follows them and only the dispatch in `game/flow.rs` (`apply`, `chance`, `advance`) writes
/// it; `Ti4Game::set_step` (test support, `game/mod.rs`) is the one other writer. Scans the
/// engine's TI4 sources, tests excluded, for an assignment to a `step` field.
#[test]
fn the_round_loop_dispatch_is_the_only_writer_of_the_step() {
    fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let mut entries: Vec<_> =
            std::fs::read_dir(dir).expect("source dir").map(|e| e.expect("entry").path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                sources(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ti4");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut writers = Vec::new();
    for f in &files {
        let name = f.strip_prefix(&root).expect("under src/ti4").to_string_lossy().replace('\\', "/");
        if name.ends_with("tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("source");
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains(".step = ") {
                writers.push(format!("{name}:{}", i + 1));
            }
        }
    }
    assert!(files.len() > 50, "the scan found the sources");
    let allowed = |w: &String| w.starts_with("game/flow.rs:") || w.starts_with("game/mod.rs:");
    let others: Vec<&String> = writers.iter().filter(|w| !allowed(w)).collect();
    assert!(others.is_empty(), "the step is written outside the round loop's dispatch: {others:?}");
    assert!(writers.iter().filter(|w| w.starts_with("game/flow.rs:")).count() >= 3, "{writers:?}");
}

/// The game after its setup deal (the first strategy-phase pick).
fn dealt(seed: u64) -> Ti4Game {
    use rand::SeedableRng;
    let mut g = six_player_game(seed);
    g.apply_chance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    g
}

/// `apply` rejects an action of a kind the step does not take instead of reading it as another
/// (a vote step read anything but `Vote` as abstaining).
#[test]
#[should_panic(expected = "action Pass is not legal at Vote(Player(0))")]
fn apply_rejects_an_action_its_step_does_not_take() {
    let mut g = dealt(1);
    g.step = Step::Vote(Player(0));
    g.apply(Action::Pass);
}

/// `try_apply` checks the whole legal list: an action of another kind, and a strategy card
/// already taken (a kind the step takes), are returned as typed errors and change nothing.
#[test]
fn try_apply_returns_the_illegal_action_and_changes_nothing() {
    let mut g = dealt(2);
    let before = g.clone();
    assert_eq!(g.try_apply(Action::Pass), Err(IllegalAction { step: before.step, action: Action::Pass }));
    assert!(g == before);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let first = legal[0];
    g.try_apply(first).expect("a legal pick");
    let before = g.clone();
    let err = g.try_apply(first).expect_err("the card is taken");
    assert_eq!(err, IllegalAction { step: before.step, action: first });
    assert!(err.to_string().starts_with("action Pick("), "{err}");
    assert!(g == before);
}

/// `Ti4Game::new` and the invariant check return typed errors that print as one line.
#[test]
fn setup_and_invariant_errors_are_typed() {
    let c = Content::embedded();
    let two = [c.faction("sol").expect("sol"), c.faction("hacan").expect("hacan")];
    let err = Ti4Game::new(c.clone(), &two, &MapChoice::Random(1), Ti4Options::default()).expect_err("2 players");
    assert_eq!(err, SetupError::PlayerCount(2));
    assert_eq!(err.to_string(), "2 players: TI4 seats 3 to 8");
    let mut g = dealt(3);
    assert_eq!(g.check_invariants(), Ok(()));
    g.state.player_mut(Player(1)).bonus_vp = 5;
    let err = g.check_invariants().expect_err("5 bonus points in round 1");
    assert_eq!(err, InvariantError::BonusPoints { bonus: 5, round: g.state.round });
    assert_eq!(err.to_string(), format!("5 bonus VP after {} rounds", g.state.round));
}
