//! A game added from outside `sim`: a tiny dice race defined in this file and registered here
//! with `Registry::with`, run through `sim run`, `replay` and `merge` with random and MCTS
//! agents, reporting a tally, without any file of sim or agents naming it (issue: "a game is one
//! folder and one line").

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use engine::game::{Game, PerPlayer, Turn};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use sim::cli::{MergeArgs, ReplayArgs, RunArgs};
use sim::games::builtin;
use sim::registry::Registry;
use sim::replay::Verdict;
use sim::run::config::{ConfigError, Experiment};
use sim::run::record::{Event, Tallies};
use sim::run::spec::{Experimentable, Setup};

/// Two players race to 12: on your turn, step 1 or 2, or roll a die (chance) that moves you
/// 0 to 3. A roll of 3 is a "bonus" event.
#[derive(Clone, Debug, PartialEq)]
struct DiceRace {
    pos: [u8; 2],
    to_move: u8,
    rolling: bool,
    turns: u32,
    bonuses: [u8; 2],
    events: [(u8, u32); 8],
}

const GOAL: u8 = 12;

impl DiceRace {
    fn winner(&self) -> Option<usize> {
        (0..2).find(|&p| self.pos[p] >= GOAL)
    }
}

impl Game for DiceRace {
    type Action = u8;
    type Observation = DiceRace;
    const HIDDEN_INFORMATION: bool = false;
    const CHANCE: bool = true;

    fn num_players(&self) -> usize {
        2
    }
    fn current(&self) -> Turn {
        if self.winner().is_some() {
            Turn::Terminal
        } else if self.rolling {
            Turn::Chance
        } else {
            Turn::Player(self.to_move as usize)
        }
    }
    fn legal_actions(&self, buf: &mut Vec<u8>) {
        buf.clear();
        if let Turn::Player(_) = self.current() {
            buf.extend([0, 1, 2]);
        }
    }
    fn apply(&mut self, action: u8) {
        let p = self.to_move as usize;
        match action {
            0 => self.rolling = true,
            step => {
                self.pos[p] += step;
                self.to_move ^= 1;
                self.turns += 1;
            }
        }
    }
    fn apply_chance(&mut self, rng: &mut ChaCha8Rng) {
        let p = self.to_move as usize;
        let roll = rng.random_range(0..4u8);
        self.pos[p] += roll;
        if roll == 3 {
            let k = (self.bonuses[0] + self.bonuses[1]) as usize;
            if k < self.events.len() {
                self.events[k] = (p as u8, self.turns / 2 + 1);
            }
            self.bonuses[p] += 1;
        }
        self.rolling = false;
        self.to_move ^= 1;
        self.turns += 1;
    }
    fn returns(&self) -> PerPlayer<f64> {
        let mut r = PerPlayer::filled(2, 0.0);
        if let Some(w) = self.winner() {
            r[w] = 1.0;
            r[1 - w] = -1.0;
        }
        r
    }
    fn utility_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }
    fn observation(&self, _player: usize) -> DiceRace {
        self.clone()
    }
    fn determinize(&self, _observer: usize, _rng: &mut ChaCha8Rng) -> Self {
        self.clone()
    }
    fn action_to_string(&self, action: u8) -> String {
        ["roll", "step 1", "step 2"][action as usize].into()
    }
    fn max_game_length(&self) -> u64 {
        // Every two steps (a roll and its chance event count two) advance someone by at least
        // one, except rolls of 0: bounded generously for the test, and checked by the runner.
        10_000
    }
}

impl Experimentable for DiceRace {
    const ID: &'static str = "dice-race";
    const PLAYERS: RangeInclusive<usize> = 2..=2;
    type Prepared = ();

    fn prepare(exp: &Experiment, origin: &str) -> Result<(), ConfigError> {
        sim::run::spec::check_agents(exp, origin, |a| a.try_build_generic::<DiceRace>())?;
        match exp.rules.keys().next() {
            Some(k) => Err(ConfigError::new(origin, format!("rules.{k}"), "dice-race has no rule options")),
            None => Ok(()),
        }
    }
    fn new_game(_: &(), _: &Setup, _: &mut ChaCha8Rng) -> Self {
        DiceRace { pos: [0, 0], to_move: 0, rolling: false, turns: 0, bonuses: [0, 0], events: [(0, 0); 8] }
    }
    fn scores(&self) -> PerPlayer<i64> {
        self.returns().map(|r| r as i64)
    }
    fn end_condition(&self) -> &'static str {
        "goal_reached"
    }
    fn rounds(&self) -> Option<u32> {
        Some(self.turns.div_ceil(2))
    }
    fn tallies(&self) -> Tallies {
        let n = ((self.bonuses[0] + self.bonuses[1]) as usize).min(self.events.len());
        let events = self.events[..n].iter().map(|&(seat, round)| Event::new("bonus").seat(seat as usize).round(round));
        let mut t = Tallies { events: events.collect(), ..Tallies::default() };
        t.seat_values.insert("final_position".into(), self.pos.iter().map(|&p| p as i64).collect());
        t
    }
}

fn registry() -> Registry {
    builtin().with::<DiceRace>()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sim-registry-game-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn config(dir: &Path, agents: &str) -> PathBuf {
    let path = dir.join("dice.json");
    let text = format!(
        r#"{{"name": "dice", "game": "dice-race", "games": 40, "seed": 5, "players": 2,
            "agents": [{agents}]}}"#
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn run_args(config: &Path, out: &Path) -> RunArgs {
    RunArgs {
        config: Some(config.to_path_buf()),
        out: Some(out.to_path_buf()),
        quiet: true,
        threads: Some(2),
        check_invariants: true,
        ..RunArgs::default()
    }
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_game_registered_in_a_test_runs_replays_and_merges_with_random_and_mcts_agents() {
    let dir = scratch("run");
    let cfg = config(&dir, r#"{"kind": "random"}, {"kind": "mcts", "iterations": 50}"#);
    let reg = registry();
    let summary = sim::run::run_in(&reg, &run_args(&cfg, &dir.join("one"))).unwrap();
    assert_eq!((summary.game.as_str(), summary.games_completed), ("dice-race", 40));
    let run = dir.join("one/dice");
    let s = read(&run.join("summary.json"));
    let bonus = &s["tallies"]["bonus"];
    assert!(bonus["total"].as_u64().unwrap() > 0, "{s}");
    assert!(bonus["per_1000_games"].as_f64().unwrap() > 0.0 && bonus["by_round"].is_object(), "{bonus}");
    assert_eq!(s["seat_values"]["final_position"]["by_seat"].as_array().unwrap().len(), 2);
    assert!(s["agents"].as_object().unwrap().keys().any(|k| k.starts_with("mcts(")), "{s}");

    // Replay: every game reproduces its record.
    for game in [0, 17, 39] {
        let args = ReplayArgs { run: run.clone(), game, json: false, check_invariants: false, position_at: None };
        assert_eq!(sim::replay::run_in(&reg, &args).unwrap(), Verdict::Match);
    }

    // Two shards merged give the one-run summary, byte for byte.
    let shards = dir.join("shards");
    for k in [0, 1] {
        let mut a = run_args(&cfg, &shards);
        a.shard = Some(format!("{k}/2").parse().unwrap());
        sim::run::run_in(&reg, &a).unwrap();
    }
    let merged = dir.join("merged");
    let dirs = vec![shards.join("dice.shard-1-of-2"), shards.join("dice.shard-0-of-2")];
    sim::merge::run_in(&reg, &MergeArgs { dirs, out: Some(merged.clone()), quiet: true, force: false }).unwrap();
    assert_eq!(std::fs::read(merged.join("summary.json")).unwrap(), std::fs::read(run.join("summary.json")).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unregistered_game_and_a_missing_heuristic_are_config_errors() {
    let dir = scratch("errors");
    let cfg = config(&dir, r#"{"kind": "random"}, {"kind": "heuristic"}"#);
    let err = sim::run::run_in(&registry(), &run_args(&cfg, &dir)).unwrap_err().to_string();
    assert!(err.contains("agents[1].kind") && err.contains("needs a heuristic evaluator"), "{err}");
    let cfg = config(&dir, r#"{"kind": "random"}, {"kind": "mcts", "rollout": "heuristic"}"#);
    let err = sim::run::run_in(&registry(), &run_args(&cfg, &dir)).unwrap_err().to_string();
    assert!(err.contains("agents[1].rollout"), "{err}");
    let cfg = config(&dir, r#"{"kind": "random"}, {"kind": "random"}"#);
    let err = sim::run::run_in(&builtin(), &run_args(&cfg, &dir)).unwrap_err().to_string();
    assert!(err.contains("unknown game 'dice-race' (expected one of: \"connect4\", \"ti4\""), "{err}");
    assert!(!dir.join("dice").exists(), "nothing is written for a bad config");
    std::fs::remove_dir_all(&dir).unwrap();
}
