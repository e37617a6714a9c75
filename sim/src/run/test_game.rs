//! A tiny game with chance, used only by tests to check that the harness is generic: chance
//! events are counted and traced, scores and rounds flow into records, and a broken invariant
//! fails the game under `--check-invariants`.
//!
//! Race: two players take turns adding 1 or 2 to a shared total; after every move a coin
//! (chance) adds 0 or 1 more. Whoever brings the total to [`TARGET`] or beyond wins. A round is
//! one move of each player.

use std::ops::RangeInclusive;

use agents::agent::Agent;
use agents::config::{AgentConfig, ConfigError as AgentError};
use agents::heuristic::{Evaluator, HasHeuristic};
use engine::game::{Game, PerPlayer, Turn};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::run::config::{ConfigError, Experiment};
use crate::run::spec::{Experimentable, Setup};

/// The total that ends the game.
pub const TARGET: u8 = 12;

/// A Race state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    /// The shared total.
    pub total: u8,
    /// Seat to move (after the game: the one who would have).
    pub to_move: u8,
    /// A coin is due.
    pub coin: bool,
    /// Seat that reached the target.
    pub winner: Option<u8>,
    /// Moves made.
    pub moves: u8,
    /// `check_invariants` fails once the total reaches this (to test the failure path).
    pub broken_at: Option<u8>,
}

impl Game for Race {
    type Action = u8;
    type Observation = Race;
    const HIDDEN_INFORMATION: bool = false;
    const CHANCE: bool = true;

    fn num_players(&self) -> usize {
        2
    }
    fn current(&self) -> Turn {
        match (self.winner, self.coin) {
            (Some(_), _) => Turn::Terminal,
            (None, true) => Turn::Chance,
            (None, false) => Turn::Player(self.to_move as usize),
        }
    }
    fn legal_actions(&self, buf: &mut Vec<u8>) {
        buf.clear();
        if matches!(self.current(), Turn::Player(_)) {
            buf.extend([1, 2]);
        }
    }
    fn apply(&mut self, action: u8) {
        self.total += action;
        self.moves += 1;
        if self.total >= TARGET {
            self.winner = Some(self.to_move);
        } else {
            self.coin = true;
        }
    }
    fn apply_chance(&mut self, rng: &mut ChaCha8Rng) {
        self.total += rng.random_range(0..2u8);
        self.coin = false;
        if self.total >= TARGET {
            self.winner = Some(self.to_move);
        }
        self.to_move ^= 1;
    }
    fn returns(&self) -> PerPlayer<f64> {
        let mut r = PerPlayer::filled(2, 0.0);
        if let Some(w) = self.winner {
            r[w as usize] = 1.0;
            r[1 - w as usize] = -1.0;
        }
        r
    }
    fn utility_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }
    fn observation(&self, _player: usize) -> Race {
        *self
    }
    fn determinize(&self, _observer: usize, _rng: &mut ChaCha8Rng) -> Race {
        *self
    }
    fn action_to_string(&self, action: u8) -> String {
        format!("+{action}")
    }
    fn max_game_length(&self) -> u64 {
        10_000
    }
}

/// Values the total's closeness to the target for the player to move (a weak heuristic).
#[derive(Clone, Copy, Debug, Default)]
pub struct RaceHeuristic;

impl Evaluator<Race> for RaceHeuristic {
    fn evaluate(&self, s: &Race) -> PerPlayer<f64> {
        s.returns().map(|r| (r + 1.0) / 2.0)
    }
}

impl HasHeuristic for Race {
    type Heuristic = RaceHeuristic;
}

impl Experimentable for Race {
    const ID: &'static str = "race";
    const PLAYERS: RangeInclusive<usize> = 2..=2;
    type Prepared = Option<u8>;

    /// `rules.broken_at`: the total at which invariants fail.
    fn prepare(exp: &Experiment, origin: &str) -> Result<Option<u8>, ConfigError> {
        match exp.rules.get("broken_at") {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .map(|b| Some(b as u8))
                .ok_or_else(|| ConfigError::new(origin, "rules.broken_at", "expected an integer")),
        }
    }
    fn build_agent(cfg: &AgentConfig, _prep: &Option<u8>) -> Result<Box<dyn Agent<Self>>, AgentError> {
        cfg.try_build::<Race>().map(|a| a as Box<dyn Agent<Self>>)
    }
    fn new_game(prep: &Option<u8>, _setup: &Setup, _rng: &mut ChaCha8Rng) -> Self {
        Race { total: 0, to_move: 0, coin: false, winner: None, moves: 0, broken_at: *prep }
    }
    fn scores(&self) -> PerPlayer<i64> {
        self.returns().map(|r| r as i64)
    }
    fn end_condition(&self) -> &'static str {
        "target_reached"
    }
    fn rounds(&self) -> Option<u32> {
        Some(self.moves.div_ceil(2) as u32)
    }
    fn check_invariants(&self) -> Result<(), String> {
        match self.broken_at {
            Some(b) if self.total >= b => Err(format!("total {} reached broken_at {b}", self.total)),
            _ => Ok(()),
        }
    }
    fn describe_chance(before: &Self, after: &Self) -> String {
        format!("coin +{}", after.total - before.total)
    }
}
