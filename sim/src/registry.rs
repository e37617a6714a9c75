//! The game registry: every game `sim` can run, explain and bench, behind one object-safe
//! face ([`GameEntry`]).
//!
//! A game plugs in by implementing [`Experimentable`] (its descriptor: id, seats, typed rule
//! options, how to build a game, its agents, tallies, explain topics and bench) and adding one
//! line to [`crate::games::builtin`]. `run`, `replay`, `merge`, `explain`, `bench` and the config
//! errors ("expected one of …") are written once against [`Registry`]; none of them names a game.
//! A program (or a test) can register further games with [`Registry::with`] and call the
//! `*_in` entry points (`crate::run::run_in`, `crate::replay::run_in`, `crate::merge::run_in`).
//!
//! The registry is an explicit, ordered list (no global constructor magic), so the set of games
//! and the order in which errors list them are deterministic and greppable.

use std::marker::PhantomData;
use std::ops::RangeInclusive;

use crate::bench::timing::Budget;
use crate::bench::BenchError;
use crate::cli::ReplayArgs;
use crate::error::SimError;
use crate::replay::Verdict;
use crate::run::config::Experiment;
use crate::run::error::RunError;
use crate::run::execute::RunOptions;
use crate::run::output::RunInfo;
use crate::run::record::{FailureRecord, GameRecord};
use crate::run::spec::Experimentable;
use crate::run::summary::Summary;

/// One `sim explain` topic a game offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Topic {
    /// The topic's name on the command line (`sim explain NAME ...`), unique across games.
    pub name: &'static str,
    /// One line saying what it explains.
    pub about: &'static str,
}

/// A registered game, with its type erased. Implemented for every [`Experimentable`] by
/// [`Registered`]; nothing else needs to implement it.
pub trait GameEntry: Send + Sync {
    /// The config's `game` value.
    fn id(&self) -> &'static str;
    /// Supported numbers of seats.
    fn players(&self) -> RangeInclusive<usize>;
    /// Whether configs may give factions.
    fn has_factions(&self) -> bool;
    /// Whether configs may give a content directory.
    fn has_content(&self) -> bool;
    /// The embedded content files a content directory may replace, as (file name, text).
    fn content_files(&self) -> &'static [(&'static str, &'static str)];
    /// Plays (or resumes, or shards) an experiment of this game and writes its directory.
    fn execute(&self, exp: &Experiment, opts: &RunOptions) -> Result<Summary, RunError>;
    /// Replays one game of a run of this game.
    fn replay(&self, exp: &Experiment, args: &ReplayArgs, run: &RunInfo, origin: &str) -> Result<Verdict, RunError>;
    /// The summary of records of this game (for `merge`).
    fn summarize(
        &self,
        exp: &Experiment,
        hash: &str,
        planned: u64,
        records: &[GameRecord],
        failures: &[FailureRecord],
    ) -> Summary;
    /// The game's `sim explain` topics.
    fn topics(&self) -> &'static [Topic];
    /// Runs explain topic `topic` (one of [`GameEntry::topics`]) with its command-line arguments.
    fn explain(&self, topic: &str, args: &[String]) -> Result<(), SimError>;
    /// The game's `sim bench` figures, if it has any.
    fn bench(&self, budget: &Budget, threads: usize) -> Result<Option<serde_json::Value>, BenchError>;
}

/// The [`GameEntry`] of game type `G`.
pub struct Registered<G>(PhantomData<fn() -> G>);

impl<G> Default for Registered<G> {
    fn default() -> Self {
        Registered(PhantomData)
    }
}

impl<G: Experimentable> GameEntry for Registered<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn players(&self) -> RangeInclusive<usize> {
        G::PLAYERS
    }
    fn has_factions(&self) -> bool {
        G::FACTIONS
    }
    fn has_content(&self) -> bool {
        G::CONTENT
    }
    fn content_files(&self) -> &'static [(&'static str, &'static str)] {
        G::CONTENT_FILES
    }
    fn execute(&self, exp: &Experiment, opts: &RunOptions) -> Result<Summary, RunError> {
        crate::run::execute::execute::<G>(exp, opts)
    }
    fn replay(&self, exp: &Experiment, args: &ReplayArgs, run: &RunInfo, origin: &str) -> Result<Verdict, RunError> {
        crate::replay::replay::<G>(exp, args, run, origin)
    }
    fn summarize(
        &self,
        exp: &Experiment,
        hash: &str,
        planned: u64,
        records: &[GameRecord],
        failures: &[FailureRecord],
    ) -> Summary {
        crate::run::summary::summarize(exp, hash, planned, records, failures, G::SECTIONS)
    }
    fn topics(&self) -> &'static [Topic] {
        G::TOPICS
    }
    fn explain(&self, topic: &str, args: &[String]) -> Result<(), SimError> {
        G::explain(topic, args)
    }
    fn bench(&self, budget: &Budget, threads: usize) -> Result<Option<serde_json::Value>, BenchError> {
        G::bench(budget, threads)
    }
}

/// The games `sim` knows, in registration order.
pub struct Registry {
    games: Vec<Box<dyn GameEntry>>,
}

impl Registry {
    /// No games.
    pub fn empty() -> Self {
        Registry { games: Vec::new() }
    }

    /// This registry with game `G` added.
    ///
    /// # Panics
    /// If `G::ID` or one of its explain topics is already registered (a programming error).
    pub fn with<G: Experimentable>(mut self) -> Self {
        assert!(self.get(G::ID).is_err(), "game '{}' registered twice", G::ID);
        for t in G::TOPICS {
            assert!(self.topic(t.name).is_none(), "explain topic '{}' registered twice", t.name);
        }
        self.games.push(Box::new(Registered::<G>::default()));
        self
    }

    /// The game with config id `id`, or the problem ("unknown game … (expected one of …)").
    pub fn get(&self, id: &str) -> Result<&dyn GameEntry, String> {
        self.games.iter().find(|g| g.id() == id).map(|g| &**g).ok_or_else(|| {
            let ids: Vec<String> = self.ids().map(|i| format!("\"{i}\"")).collect();
            format!("unknown game '{id}' (expected one of: {})", ids.join(", "))
        })
    }

    /// Every registered id, in registration order.
    pub fn ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.games.iter().map(|g| g.id())
    }

    /// Every registered game, in registration order.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameEntry> + '_ {
        self.games.iter().map(|g| &**g)
    }

    /// The game offering explain topic `name`, with the topic.
    pub fn topic(&self, name: &str) -> Option<(&dyn GameEntry, Topic)> {
        self.games().find_map(|g| g.topics().iter().find(|t| t.name == name).map(|&t| (g, t)))
    }

    /// Every explain topic with its game's id, in registration order.
    pub fn topics(&self) -> impl Iterator<Item = (&'static str, Topic)> + '_ {
        self.games().flat_map(|g| g.topics().iter().map(move |&t| (g.id(), t)))
    }
}
