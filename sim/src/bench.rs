//! `sim bench`: the headline performance figures of every registered game as one JSON object,
//! `{"format", "version", "quick", "cores", "threads", "timing", "games": {ID: {...}}}`.
//!
//! Each game's figures come from its registry entry ([`crate::registry::GameEntry::bench`]);
//! their keys and what each times are documented in the game's adapter
//! (`sim/src/games/<game>/bench*`) and in `docs/CLI.md`.
//!
//! Every figure names its unit in its key (`_ns`, `_per_sec`, `_x`) and is the median over
//! batches of the batch mean ([`timing`]). Every bench first checks that it measures the right
//! thing and fails with exit code 3 otherwise. Wall-clock time is the quantity measured here;
//! nothing timed decides anything.
//!
//! Files: `bench/timing.rs` (method) and `bench/games.rs` (random games and MCTS searches timed
//! for any `Game`: a new game's figures are one function each on top of it).

pub mod games;
pub mod timing;

use std::fmt;
use std::io::Write;
use std::time::Instant;

use serde::Serialize;

use crate::cli::BenchArgs;
use crate::error::SimError;
use crate::run::error::RunError;
use timing::Budget;

/// Version of the report's layout; bumped when a key changes meaning or disappears (2: the
/// figures moved under `games.<id>`).
pub const REPORT_FORMAT: u32 = 2;

/// The whole report, serialized in this field order.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// [`REPORT_FORMAT`].
    pub format: u32,
    /// `sim` version.
    pub version: &'static str,
    /// `--quick`: shorter batches, fewer of them, smaller game batches.
    pub quick: bool,
    /// Cores the machine offers (`available_parallelism`).
    pub cores: usize,
    /// Worker threads of the parallel figure (all cores unless `--threads`).
    pub threads: usize,
    /// The timing method, in words.
    pub timing: String,
    /// Each registered game's figures, by game id (games without a bench are left out).
    pub games: serde_json::Map<String, serde_json::Value>,
}

/// Why `sim bench` failed.
#[derive(Debug, Clone, PartialEq)]
pub enum BenchError {
    /// A bench did not measure what it should: a regression in the code it times.
    Check {
        /// The bench (`research`, `elimination`, `connect_four`, `ti4`, `legion` ...).
        bench: &'static str,
        /// What was expected and what was found.
        problem: String,
    },
    /// A command-line argument is invalid.
    Argument {
        /// The argument (`--threads`).
        name: &'static str,
        /// What is wrong.
        problem: String,
    },
}

impl BenchError {
    /// A failed check of `bench`.
    pub fn check(bench: &'static str, problem: impl Into<String>) -> Self {
        BenchError::Check { bench, problem: problem.into() }
    }
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchError::Check { bench, problem } => write!(f, "bench {bench}: check failed: {problem}"),
            BenchError::Argument { name, problem } => write!(f, "{name}: {problem}"),
        }
    }
}

impl std::error::Error for BenchError {}

/// Exit codes through the existing [`SimError`] variants: a bad argument is bad input (2); a
/// failed check means the code did not reproduce its regression data, which is what
/// [`RunError::Replay`] reports for games (3).
impl From<BenchError> for SimError {
    fn from(e: BenchError) -> Self {
        match e {
            BenchError::Argument { name, problem } => SimError::Run(RunError::Argument { name: name.into(), problem }),
            check @ BenchError::Check { .. } => SimError::Run(RunError::Replay { problem: check.to_string() }),
        }
    }
}

/// Runs `sim bench`: measures, then prints the report (indented, with progress on stderr; one
/// line and nothing on stderr with `--json`).
pub fn run(args: &BenchArgs) -> Result<(), SimError> {
    let report = measure(args)?;
    let text = if args.json { serde_json::to_string(&report) } else { serde_json::to_string_pretty(&report) }
        .expect("the report serializes");
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").and_then(|()| out.flush()).map_err(SimError::Output)
}

/// Measures every figure (see the module docs).
pub fn measure(args: &BenchArgs) -> Result<Report, BenchError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = match args.threads {
        Some(0) => return Err(BenchError::Argument { name: "--threads", problem: "must be at least 1".into() }),
        Some(t) => t,
        None => cores,
    };
    let budget = if args.quick { Budget::QUICK } else { Budget::DEFAULT };
    let progress = |name: &str, started: Instant| {
        if !args.json {
            eprintln!("sim bench: {name} done in {:.1} s", started.elapsed().as_secs_f64());
        }
    };
    let registry = crate::games::builtin();
    let mut games = serde_json::Map::new();
    for g in registry.games() {
        let t = Instant::now();
        if let Some(figures) = g.bench(&budget, threads)? {
            progress(g.id(), t);
            games.insert(g.id().to_string(), figures);
        }
    }
    Ok(Report {
        format: REPORT_FORMAT,
        version: env!("CARGO_PKG_VERSION"),
        quick: args.quick,
        cores,
        threads,
        timing: budget.describe(),
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_checks_exit_3_and_bad_arguments_exit_2() {
        let SimError::Run(e) = SimError::from(BenchError::check("research", "mid_game: 20 options, expected 21"))
        else {
            panic!("not a run error")
        };
        assert_eq!(
            (e.exit_code(), e.to_string().as_str()),
            (3, "bench research: check failed: mid_game: 20 options, expected 21")
        );
        let SimError::Run(e) =
            SimError::from(BenchError::Argument { name: "--threads", problem: "must be at least 1".into() })
        else {
            panic!("not a run error")
        };
        assert_eq!((e.exit_code(), e.to_string().as_str()), (2, "--threads: must be at least 1"));
    }
}
