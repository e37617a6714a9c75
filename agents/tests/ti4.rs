//! TI4 agents: the heuristic's values, configs with weights, the information-leak checks on
//! states of seeded random play, and the heuristic against random agents in 6-player games.

use agents::leak::{check_agent_sees_only_its_view, check_determinize_contract};
use agents::ti4::{play_rotated, six_player_game, wilson, TI4_WEIGHT_NAMES};
use agents::{agent_rng, AgentConfig, ConfigError, Evaluator, HasHeuristic, HeuristicAgent, Ti4Heuristic, Ti4Weights};
use engine::game::{Game, Turn};
use engine::ti4::game::{Action, Step, Ti4Game};
use engine::ti4::ids::{Player, UnitType};
use engine::ti4::state::Location;
use rand::RngExt;

/// Player-turn states of seeded random play: every `every`-th decision of game `game`, up to
/// `max` states.
fn random_play_states(game: u64, every: u32, max: usize) -> Vec<Ti4Game> {
    let mut g = six_player_game(game);
    let mut rng = agent_rng(77, game);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut k = 0;
    while out.len() < max {
        match g.current() {
            Turn::Terminal => break,
            Turn::Chance => g.apply_chance(&mut rng),
            Turn::Player(_) => {
                k += 1;
                if k % every == 0 {
                    out.push(g.clone());
                }
                g.legal_actions(&mut buf);
                g.apply(buf[rng.random_range(0..buf.len())]);
            }
        }
    }
    out
}

#[test]
fn values_are_in_the_unit_interval_and_average_one_half() {
    let eval = Ti4Heuristic::default();
    for s in random_play_states(1, 97, 40) {
        let v = eval.evaluate(&s);
        assert_eq!(v.len(), 6);
        assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{v:?}");
        let mean = v.iter().sum::<f64>() / 6.0;
        assert!((mean - 0.5).abs() < 1e-9, "pairwise values average 1/2: {v:?}");
    }
}

#[test]
fn terminal_values_are_the_returns() {
    let config = AgentConfig::from_json(r#"{"kind": "heuristic"}"#).unwrap();
    let mut hero = config.build::<Ti4Game>();
    let mut field: Vec<_> = (0..5).map(|_| AgentConfig::Random.build::<Ti4Game>()).collect();
    let r = play_rotated(hero.as_mut(), &mut field, 0, 3);
    assert!(r.full_ranking);
    // A terminal state from random play.
    let mut g = six_player_game(2);
    let mut rng = agent_rng(5, 0);
    let mut buf = Vec::new();
    while !g.is_terminal() {
        if g.current() == Turn::Chance {
            g.apply_chance(&mut rng);
        } else {
            g.legal_actions(&mut buf);
            g.apply(buf[rng.random_range(0..buf.len())]);
        }
    }
    assert_eq!(Ti4Heuristic::default().evaluate(&g), g.returns());
}

#[test]
fn weights_come_from_the_config_and_unknown_names_name_the_field() {
    let c = AgentConfig::from_json(r#"{"kind": "heuristic", "weights": {"vp": 12, "planets": 2}}"#).unwrap();
    assert_eq!(c.name(), "heuristic(planets=2,vp=12)");
    assert_eq!(c.build::<Ti4Game>().name(), c.name());
    let h = <Ti4Game as HasHeuristic>::heuristic_with(&c.weights()).unwrap();
    assert_eq!((h.weights.vp, h.weights.planets, h.weights.fleet), (12.0, 2.0, 0.5));

    let bad = AgentConfig::from_json(r#"{"kind": "heuristic", "weights": {"victory": 3}}"#).unwrap();
    let err = bad.check::<Ti4Game>().unwrap_err();
    assert!(matches!(&err, ConfigError::UnknownWeight { weight, .. } if weight == "victory"), "{err:?}");
    assert!(err.to_string().starts_with("agent config: field \"weights.victory\": unknown weight"), "{err}");
    assert!(bad.try_build::<Ti4Game>().is_err());
    // Weights are for the game's evaluator: Connect Four's has none to set.
    assert!(bad.check::<engine::connect_four::ConnectFour>().is_err());

    let err = AgentConfig::from_json(r#"{"kind": "mcts", "weights": {"vp": "ten"}}"#).unwrap_err();
    assert_eq!(err.to_string(), "agent config: field \"weights.vp\": got \"ten\", expected a finite number");
    assert_eq!(
        AgentConfig::from_json(r#"{"kind": "heuristic", "weights": [1]}"#).unwrap_err(),
        ConfigError::WrongType { field: "weights", expected: "an object of numbers" }
    );
    let scale = AgentConfig::from_json(r#"{"kind": "heuristic", "weights": {"scale": 0}}"#).unwrap();
    assert!(matches!(scale.check::<Ti4Game>(), Err(ConfigError::BadWeight { .. })));

    let m = AgentConfig::from_json(
        r#"{"kind": "mcts", "iterations": 20, "rollout": "heuristic", "max_rollout_depth": 4, "weights": {"threat": -0.2}}"#,
    )
    .unwrap();
    assert_eq!(m.name(), "mcts(it=20,c=1.4,rollout=heuristic,depth=4,weights(threat=-0.2))");
    assert_eq!(m.build::<Ti4Game>().name(), m.name());
    let text = serde_json::to_string(&m).unwrap();
    assert_eq!(serde_json::from_str::<AgentConfig>(&text).unwrap(), m);
}

#[test]
fn determinize_keeps_the_contract_on_random_play_states() {
    let mut states = random_play_states(3, 53, 8);
    states.extend(random_play_states(4, 211, 4));
    assert!(states.len() >= 10);
    check_determinize_contract(&states, 3, 9).unwrap();
}

#[test]
fn heuristic_and_mcts_see_only_their_view() {
    let states: Vec<Ti4Game> = random_play_states(5, 89, 6).into_iter().chain(random_play_states(6, 131, 4)).collect();
    assert!(states.len() >= 8);
    let compared =
        check_agent_sees_only_its_view(&states, || HeuristicAgent::new(Ti4Heuristic::default()), 4, 11).unwrap();
    assert_eq!(compared, 4 * states.len() as u64);
    let mcts =
        AgentConfig::from_json(r#"{"kind": "mcts", "iterations": 24, "rollout": "heuristic", "max_rollout_depth": 4}"#)
            .unwrap();
    check_agent_sees_only_its_view(&states[..6], || mcts.build::<Ti4Game>(), 2, 11).unwrap();
    let random_rollouts =
        AgentConfig::from_json(r#"{"kind": "mcts", "iterations": 24, "max_rollout_depth": 20}"#).unwrap();
    check_agent_sees_only_its_view(&states[..4], || random_rollouts.build::<Ti4Game>(), 2, 11).unwrap();
}

/// One heuristic agent against five random ones, seat rotated, 120 games: the heuristic wins
/// clearly more than its 1/6 share (Wilson 95% lower bound above 1/6), and every game ends
/// with a full ranking. Measured: 115 of 120 (0.958, Wilson 95% [0.906, 0.982]) with seed 1.
#[test]
fn heuristic_beats_random_in_six_player_games() {
    let heuristic = AgentConfig::from_json(r#"{"kind": "heuristic"}"#).unwrap();
    let mut hero = heuristic.build::<Ti4Game>();
    let mut field: Vec<_> = (0..5).map(|_| AgentConfig::Random.build::<Ti4Game>()).collect();
    let games = 120;
    let mut wins = 0;
    for game in 0..games {
        let r = play_rotated(hero.as_mut(), &mut field, game, 1);
        assert!(r.full_ranking, "game {game}: no full ranking");
        wins += (r.place == 0) as u64;
    }
    let (lo, hi) = wilson(wins, games, 1.96);
    assert!(lo > 1.0 / 6.0, "heuristic won {wins} of {games}: Wilson 95% [{lo:.3}, {hi:.3}]");
}

#[test]
fn wilson_interval_matches_known_values() {
    let (lo, hi) = wilson(8, 10, 1.96);
    assert!((lo - 0.4902).abs() < 1e-3 && (hi - 0.9433).abs() < 1e-3, "{lo} {hi}");
    assert_eq!(wilson(0, 0, 1.96), (0.0, 1.0));
}

/// A small MCTS budget plays complete 6-player games against heuristic agents, each ending
/// with a full ranking (the strength comparison is `mcts_beats_heuristic_agents`).
#[test]
fn mcts_plays_complete_games_against_heuristics() {
    let mcts =
        AgentConfig::from_json(r#"{"kind": "mcts", "iterations": 8, "rollout": "heuristic", "max_rollout_depth": 4}"#)
            .unwrap();
    let mut hero = mcts.build::<Ti4Game>();
    let heuristic = AgentConfig::from_json(r#"{"kind": "heuristic"}"#).unwrap();
    let mut field: Vec<_> = (0..5).map(|_| heuristic.build::<Ti4Game>()).collect();
    for game in 0..2 {
        let r = play_rotated(hero.as_mut(), &mut field, game, 2);
        assert!(r.full_ranking, "game {game}");
    }
}

/// One MCTS agent (50 iterations, heuristic rollouts cut off after 8 actions) against five
/// heuristic agents, seat rotated: wins more than its 1/6 share. Slow (about 3 s per game on
/// one core), so ignored; `cargo run --release -p agents --example ti4_ladder` measures it
/// on more games (MCTS-100: 31 of 90, Wilson 95% [0.254, 0.447]). Run:
/// `cargo test --release -p agents --test ti4 -- --ignored`.
#[test]
#[ignore]
fn mcts_beats_heuristic_agents() {
    let mcts =
        AgentConfig::from_json(r#"{"kind": "mcts", "iterations": 50, "rollout": "heuristic", "max_rollout_depth": 8}"#)
            .unwrap();
    let mut hero = mcts.build::<Ti4Game>();
    let heuristic = AgentConfig::from_json(r#"{"kind": "heuristic"}"#).unwrap();
    let mut field: Vec<_> = (0..5).map(|_| heuristic.build::<Ti4Game>()).collect();
    let games = 36;
    let mut wins = 0;
    for game in 0..games {
        let r = play_rotated(hero.as_mut(), &mut field, game, 1);
        assert!(r.full_ranking, "game {game}");
        wins += (r.place == 0) as u64;
    }
    let (lo, hi) = wilson(wins, games, 1.96);
    assert!(lo > 1.0 / 6.0, "MCTS won {wins} of {games}: Wilson 95% [{lo:.3}, {hi:.3}]");
}

/// The first action-phase turn of seeded random play in game `game`: the state and the seat
/// to act.
fn first_turn(game: u64) -> (Ti4Game, Player) {
    let mut g = six_player_game(game);
    let mut rng = agent_rng(13, game);
    let mut buf = Vec::new();
    loop {
        match g.current() {
            Turn::Terminal => panic!("game {game} ended before an action-phase turn"),
            Turn::Chance => g.apply_chance(&mut rng),
            Turn::Player(p) => {
                if let Step::Turn(q) = g.step() {
                    return (g, q);
                }
                let _ = p;
                g.legal_actions(&mut buf);
                g.apply(buf[rng.random_range(0..buf.len())]);
            }
        }
    }
}

/// Seat `q`'s home planets lose every unit (ground forces and structures) and its home space
/// area every ship.
fn strip_home(g: &mut Ti4Game, q: Player) {
    let home = g.home_slot()[q.idx()];
    for n in 0..3u8 {
        for t in [UnitType::Infantry, UnitType::Mech, UnitType::Pds, UnitType::SpaceDock] {
            let loc = Location::Planet(home, n);
            if g.state().occupant(loc) == Some(q) {
                let k = g.state().count_at(loc, t);
                if k > 0 {
                    g.state_mut().remove_units(loc, t, k).unwrap();
                }
            }
        }
    }
    for t in UnitType::ALL {
        let loc = Location::Space(home);
        if g.state().occupant(loc) == Some(q) && g.state().count_at(loc, t) > 0 {
            let k = g.state().count_at(loc, t);
            g.state_mut().remove_units(loc, t, k).unwrap();
        }
    }
}

fn term(h: &Ti4Heuristic, g: &Ti4Game, p: Player, name: &str) -> f64 {
    h.breakdown(g, p).iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no term {name}")).1
}

#[test]
fn every_weight_name_is_settable_and_the_breakdown_sums_to_the_score() {
    for name in TI4_WEIGHT_NAMES {
        let c = AgentConfig::from_json(&format!(r#"{{"kind": "heuristic", "weights": {{"{name}": 0.5}}}}"#)).unwrap();
        c.check::<Ti4Game>().unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let h = <Ti4Game as HasHeuristic>::heuristic_with(
        &AgentConfig::from_json(
            r#"{"kind": "heuristic", "weights": {"conquest": 2, "pressure": 0.1, "prey": 1, "kills": 3, "kill": 0.5}}"#,
        )
        .unwrap()
        .weights(),
    )
    .unwrap();
    assert_eq!(
        (h.weights.conquest, h.weights.pressure, h.weights.prey, h.weights.kills, h.weights.kill),
        (2.0, 0.1, 1.0, 3.0, 0.5)
    );
    let d = Ti4Weights::default();
    assert!(d.conquest > 0.0 && d.pressure > 0.0 && d.prey > 0.0 && d.kills > 0.0);
    for s in random_play_states(7, 113, 10) {
        let scores = h.scores(&s);
        for p in s.state().seats().filter(|&p| s.state().player(p).in_game) {
            let sum: f64 = h.breakdown(&s, p).iter().map(|(_, x)| x).sum();
            assert!((sum - scores[p.idx()]).abs() < 1e-9, "{sum} vs {}", scores[p.idx()]);
        }
    }
}

/// Holding a planet of another player's home system is worth `conquest` per planet.
#[test]
fn conquest_counts_planets_of_other_players_home_systems() {
    let h = Ti4Heuristic::default();
    let (mut g, p) = first_turn(0);
    let q = Player((p.0 + 1) % 6);
    assert_eq!(term(&h, &g, p, "conquest"), 0.0);
    let c = engine::ti4::content::Content::embedded();
    let home = g.home_slot()[q.idx()];
    let pl = c.systems[g.state().systems[home as usize].tile.idx()].planets[0];
    strip_home(&mut g, q);
    engine::ti4::control::lose_control(&c, g.state_mut(), q, pl).unwrap();
    engine::ti4::control::gain_control(&c, g.state_mut(), p, pl, true).unwrap();
    assert_eq!(term(&h, &g, p, "conquest"), h.weights.conquest);
}

/// A transport with ground forces next to an undefended home system: the position is worth
/// `pressure` to its owner, and the greedy agent's best activation is that home system.
#[test]
fn an_undefended_home_within_reach_draws_pressure_and_the_attack() {
    let h = Ti4Heuristic::default();
    let (mut g, p) = first_turn(0);
    let gal = g.galaxy().clone();
    let homes: Vec<u8> = g.state().seats().map(|q| g.home_slot()[q.idx()]).collect();
    // Another seat's home with a free, plain system next to it.
    let (q, staging) = g
        .state()
        .seats()
        .filter(|&q| q != p)
        .find_map(|q| {
            let home = g.home_slot()[q.idx()];
            let free = (0..g.state().num_systems).find(|&s| {
                gal.neighbours(home) >> s & 1 == 1
                    && !homes.contains(&s)
                    && gal.anomalies(s) == 0
                    && g.state().systems[s as usize].space.owner == engine::ti4::state::NOBODY
                    && g.state().systems[s as usize].planets.iter().all(|a| a.owner == engine::ti4::state::NOBODY)
                    && g.state().systems[s as usize].tokens == 0
            })?;
            Some((q, free))
        })
        .expect("a free system next to another home");
    strip_home(&mut g, q);
    let before = term(&h, &g, p, "pressure");
    g.state_mut().add_units(p, Location::Space(staging), UnitType::Carrier, 1).unwrap();
    g.state_mut().add_units(p, Location::Space(staging), UnitType::Infantry, 4).unwrap();
    let after = term(&h, &g, p, "pressure");
    assert!(after > before + 1.0, "pressure {before} -> {after}");
    // Activating the home scores best among the activations.
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let target = Action::Activate(g.home_slot()[q.idx()]);
    assert!(legal.contains(&target), "{:?}", legal);
    let value = |a: Action| {
        let mut n = g.clone();
        n.apply(a);
        h.scores(&n)[p.idx()]
    };
    let best = legal.iter().filter(|a| matches!(a, Action::Activate(_))).map(|&a| value(a)).fold(f64::MIN, f64::max);
    assert_eq!(value(target), best);
}
