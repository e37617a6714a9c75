//! `sim bench`: the headline performance figures of issue 5 as one JSON object.
//!
//! | section | figure | what is timed |
//! | --- | --- | --- |
//! | `research.<position>` | `fast_ns`, `reference_ns`, `speedup_x` | one research move generation in the three fixed positions of `benches/benches/research.rs`: the engine's generator and the plain reference |
//! | `elimination` | `check_ns` | one `check_elimination` over the six-seat mid-game position of `benches/benches/elimination.rs` |
//! | `connect_four` | `mcts_simulations_per_sec` | MCTS at 1,000 iterations per move against a random player, one thread, time inside searches only (the setting of `agents/examples/c4_bench.rs` and `scripts/openspiel_compare.py`) |
//! | `connect_four` | `parallel_speedup_x` | a fixed batch of those games on a rayon pool of all cores over a pool of one |
//! | `ti4` | `random_6p_games_per_sec_per_core` | complete games between six uniformly random players, one thread |
//! | `ti4` | `mcts_iterations_per_sec` | MCTS (random rollouts) from a fixed mid-game position, one thread |
//!
//! Every figure names its unit in its key (`_ns`, `_per_sec`, `_x`) and is the median over
//! batches of the batch mean ([`timing`]). Every bench first checks that it measures the right
//! thing (option counts and agreement with the reference, elimination outcomes, MCTS budgets and
//! tactics, identical results on one and on all threads, complete TI4 games with full rankings)
//! and fails with exit code 3 otherwise. Wall-clock time is the quantity measured here; nothing
//! timed decides anything.
//!
//! Files: `bench/timing.rs` (method), `bench/research.rs`, `bench/elimination.rs`,
//! `bench/connect_four.rs`, `bench/ti4.rs`, and `bench/games.rs` (random games and MCTS
//! searches timed for any `Game`: a new game's figures are one function each on top of it). The
//! research reference and the fixed positions are the very files the criterion benches and the
//! engine's tests include.

#[path = "../../benches/benches/support/elimination_positions.rs"]
mod elimination_positions;
#[path = "../../engine/tests/support/positions.rs"]
mod research_positions;
#[path = "../../engine/tests/support/research_reference.rs"]
mod research_reference;

pub mod connect_four;
pub mod elimination;
pub mod games;
pub mod research;
pub mod ti4;
pub mod timing;

use std::fmt;
use std::io::Write;
use std::time::Instant;

use serde::Serialize;

use crate::cli::BenchArgs;
use crate::error::SimError;
use crate::run::error::RunError;
use timing::Budget;

/// Version of the report's layout; bumped when a key changes meaning or disappears.
pub const REPORT_FORMAT: u32 = 1;

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
    /// Research move generation, per fixed position.
    pub research: research::ResearchFigures,
    /// The elimination check.
    pub elimination: elimination::EliminationFigures,
    /// Connect Four MCTS.
    pub connect_four: connect_four::ConnectFourFigures,
    /// TI4 games and search.
    pub ti4: ti4::Ti4Figures,
}

/// Why `sim bench` failed.
#[derive(Debug, Clone, PartialEq)]
pub enum BenchError {
    /// A bench did not measure what it should: a regression in the code it times.
    Check {
        /// The bench (`research`, `elimination`, `connect_four`, `ti4`).
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
    let t = Instant::now();
    let research = research::measure(&budget)?;
    progress("research", t);
    let t = Instant::now();
    let elimination = elimination::measure(&budget)?;
    progress("elimination", t);
    let t = Instant::now();
    let connect_four = connect_four::measure(&budget, threads)?;
    progress("connect_four", t);
    let t = Instant::now();
    let ti4 = ti4::measure(&budget)?;
    progress("ti4", t);
    Ok(Report {
        format: REPORT_FORMAT,
        version: env!("CARGO_PKG_VERSION"),
        quick: args.quick,
        cores,
        threads,
        timing: budget.describe(),
        research,
        elimination,
        connect_four,
        ti4,
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
