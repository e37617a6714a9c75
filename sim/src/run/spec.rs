//! What a game must provide to be run as an experiment: the [`Experimentable`] trait, its
//! game descriptor. The registry ([`crate::registry`]) erases the type; every subcommand is
//! written once against it.
//!
//! Plugging in a game is one `impl Experimentable` (in `sim/src/games/<game>/`, or in any crate
//! that depends on `sim`) plus one line in [`crate::games::builtin`] (or
//! [`crate::registry::Registry::with`]). Everything else (config checks, seating, seeding,
//! parallel play, records, tallies, statistics, replay, merge, explain, bench) is generic.
//!
//! Contracts: every method is deterministic (a function of its arguments); `prepare` rejects
//! bad input before anything is written, with errors naming the config key; `new_game` never
//! fails for prepared input; `tallies` reports what happened in one finished game.

use std::ops::RangeInclusive;

use agents::agent::Agent;
use agents::config::{AgentConfig, ConfigError as AgentError};
use engine::game::{Game, PerPlayer};
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};

use crate::bench::timing::Budget;
use crate::bench::BenchError;
use crate::error::SimError;
use crate::registry::Topic;
use crate::run::config::{ConfigError, Experiment};
use crate::run::record::{Event, Tallies};
use crate::run::tally::Section;

/// Who sits where in one game, as handed to [`Experimentable::new_game`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Seats.
    pub players: usize,
    /// Faction id per seat, for games with factions.
    pub factions: Option<Vec<String>>,
}

/// What an adapter notes while a game is played ([`Experimentable::observe`]): the speaker at
/// the start and each seat's score at the end of every round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The speaker seat at the start of the game.
    pub speaker: Option<usize>,
    /// Scores per seat at the end of rounds 1, 2, ... (the harness appends the final scores
    /// at the end of the last round).
    pub scores_by_round: Vec<Vec<i64>>,
    /// Whether the game reports scores by round (set by the adapter).
    pub by_round: bool,
    /// Events noted from the decisions as they were made ([`Experimentable::decision_events`]),
    /// in play order; the record's tallies hold them after the final state's own.
    pub events: Vec<Event>,
}

/// A game that `sim run` can play: its descriptor (id, seats, options), construction from a
/// config, per-game results and tallies, and hooks for invariants, replay logs, explain and
/// bench. All methods must be deterministic.
pub trait Experimentable: Game + Send + 'static {
    /// The config's `game` value (`"connect4"`).
    const ID: &'static str;
    /// The numbers of seats the game supports.
    const PLAYERS: RangeInclusive<usize>;
    /// Whether configs may give `factions` / `faction_pool` / `assignment`.
    const FACTIONS: bool = false;
    /// Whether configs may give a `content` directory.
    const CONTENT: bool = false;
    /// The embedded content files a content directory may replace, as (file name, text), for
    /// `sim compare` to say what a content directory changes.
    const CONTENT_FILES: &'static [(&'static str, &'static str)] = &[];
    /// Summary sections presenting some of the game's tallies under their own keys (TI4's
    /// `eliminations` and `technologies`); every other tally label is summarized under
    /// `tallies` (see [`crate::run::tally`]).
    const SECTIONS: &'static [Section] = &[];
    /// The game's `sim explain` topics.
    const TOPICS: &'static [Topic] = &[];

    /// Everything loaded once per run and shared by all games (content tables, parsed rules).
    type Prepared: Send + Sync;

    /// Checks the game-specific parts of `exp` (`rules`, `content`, faction ids, the agents) and
    /// loads what every game shares. Called before anything is written; errors name the key.
    fn prepare(exp: &Experiment, origin: &str) -> Result<Self::Prepared, ConfigError>;

    /// Every content file the prepared game uses, by file name, with the SHA-256 (hex) of the
    /// exact text loaded (embedded or from the config's `content` directory). It is covered by
    /// the config hash, so a content edit is a different run. Games without content: empty.
    fn content_files(prep: &Self::Prepared) -> crate::run::output::ContentFiles {
        let _ = prep;
        crate::run::output::ContentFiles::new()
    }

    /// Warnings about the prepared input that do not stop the run (a content edit that cannot
    /// matter), each one line naming its key; `sim run` prints them on stderr unless `--quiet`.
    fn warnings(prep: &Self::Prepared) -> Vec<String> {
        let _ = prep;
        Vec::new()
    }

    /// Builds an agent from its config. The default serves any game with no game-specific code
    /// ([`AgentConfig::try_build_generic`]: random agents, MCTS with random rollouts to the end);
    /// a game with a heuristic builds it here. `prepare` must have checked the config, so an
    /// error here is a bug.
    fn build_agent(cfg: &AgentConfig, prep: &Self::Prepared) -> Result<Box<dyn Agent<Self>>, AgentError> {
        let _ = prep;
        cfg.try_build_generic::<Self>().map(|a| a as Box<dyn Agent<Self>>)
    }

    /// The starting state of one game. `rng` is the game's chance stream (shared by the games
    /// of a rotation block), so setup randomness (a galaxy, shuffled decks) is common to them.
    fn new_game(prep: &Self::Prepared, setup: &Setup, rng: &mut ChaCha8Rng) -> Self;

    /// Each seat's score at the end (victory points in TI4), averaged as "mean score".
    fn scores(&self) -> PerPlayer<i64>;

    /// Why the game ended, a short snake_case label (`"four_in_a_row"`).
    fn end_condition(&self) -> &'static str;

    /// Game rounds played, for games that have rounds.
    fn rounds(&self) -> Option<u32> {
        None
    }

    /// Further per-game values for `games.jsonl` (keys sorted on output).
    fn extras(&self) -> Map<String, Value> {
        Map::new()
    }

    /// What happened in this finished game, as labelled events, counts and per-seat values
    /// (the generic statistics channel, [`crate::run::tally`]).
    fn tallies(&self) -> Tallies {
        Tallies::default()
    }

    /// Called with every decision before it is applied (seat `seat` chose `action` in this
    /// state), to note events that the final state no longer shows (an ability used, a card
    /// played) into `events`; they join the record's [`Tallies`]. The default notes nothing.
    /// Must be cheap and deterministic: it runs on every decision.
    fn decision_events(&self, _seat: usize, _action: Self::Action, _events: &mut Vec<Event>) {}

    /// Called after setup and after every step with the game's [`Progress`], to note the
    /// starting speaker and the scores at the end of each round (push one entry per finished
    /// round; the harness adds the final round's scores at the end). The default notes nothing.
    /// Must be cheap: it runs on every step.
    fn observe(&self, progress: &mut Progress) {
        let _ = progress;
    }

    /// The game's internal consistency checks, run after every step with `--check-invariants`.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    /// The state as the game's position JSON, readable back by the console (`sim apply
    /// --position`, `sim explain actions`); `None` for a game without game positions.
    /// `sim replay --position-at STEP` prints it.
    fn position(&self) -> Option<String> {
        None
    }

    /// A readable name for the chance outcome that turned `before` into `after` (dice rolled).
    fn describe_chance(before: &Self, after: &Self) -> String {
        let _ = (before, after);
        "chance event".into()
    }

    /// Runs explain topic `topic` (one of [`Experimentable::TOPICS`]) on its command-line
    /// arguments (everything after `sim explain TOPIC`), printing to stdout.
    fn explain(topic: &str, args: &[String]) -> Result<(), SimError> {
        let _ = args;
        Err(SimError::Usage(format!("{}: no explain topic '{topic}'", Self::ID)))
    }

    /// The game's `sim bench` figures (a JSON object), each checked before it is reported;
    /// `None` for a game without a bench.
    fn bench(budget: &Budget, threads: usize) -> Result<Option<Value>, BenchError> {
        let _ = (budget, threads);
        Ok(None)
    }
}

/// Checks every agent config of `exp` by building it once with `build` (so unknown weights, or
/// a heuristic the game does not have, are found before anything is written), with errors
/// keyed `agents[i]...` like the config's own.
pub fn check_agents<T>(
    exp: &Experiment,
    origin: &str,
    build: impl Fn(&AgentConfig) -> Result<T, AgentError>,
) -> Result<(), ConfigError> {
    for (i, a) in exp.agents.iter().enumerate() {
        build(a).map_err(|e| {
            let (key, problem) = crate::run::config::agent_error(i, &e);
            ConfigError::new(origin, key, problem)
        })?;
    }
    Ok(())
}
