//! The command line (clap derive). One variant per subcommand; arguments shared by several
//! subcommands (the content directory) are flattened structs.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// TI4 rules engine: experiments, explanations, benches and replays.
#[derive(Parser, Debug)]
#[command(name = "sim", version, about)]
#[command(after_help = "Without a command, sim runs the embedded default experiment (as `sim run`).")]
pub struct Cli {
    /// What to do; without one, runs the embedded default experiment (`sim run`).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Explain a position: what a player may do and why.
    Explain(ExplainArgs),
    /// Run an experiment: seeded self-play games in parallel, statistics in results/NAME/.
    Run(RunArgs),
    /// Replay one game of a run bit for bit and check it against its record.
    Replay(ReplayArgs),
    /// Merge the directories of shards into one run with the single-run summary.json.
    Merge(MergeArgs),
    /// Measure the headline performance figures and print them as one JSON object.
    Bench(BenchArgs),
}

/// `sim bench`.
#[derive(Args, Debug, Clone, Default)]
pub struct BenchArgs {
    /// Short batches and small game batches (about a second; for tests, figures noisier).
    #[arg(long)]
    pub quick: bool,
    /// Worker threads of the parallel speed-up (default: all cores).
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Print the JSON on one line and nothing on stderr (default: indented, with progress).
    #[arg(long)]
    pub json: bool,
}

/// `sim run` (and `sim` without a command, on the embedded default experiment).
#[derive(Args, Debug, Clone, Default)]
pub struct RunArgs {
    /// Experiment config (JSON, see results/README.md); default: the embedded default.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Number of games (overrides the config's `games`).
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
    /// Experiment seed (overrides the config's `seed`).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). Does not change any result.
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Parent directory of the results directory (overrides the config's `out`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
    /// Finish an interrupted run: play only the games missing from games.jsonl.
    #[arg(long)]
    pub resume: bool,
    /// Play shard K of N (games i with i % N == K); default from SLURM_ARRAY_TASK_ID /
    /// SLURM_ARRAY_TASK_COUNT or JOB_COMPLETION_INDEX / SIM_SHARD_COUNT.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::run::shard::Shard>,
    /// Check the game's invariants after every step (slower).
    #[arg(long)]
    pub check_invariants: bool,
}

/// `sim replay`.
#[derive(Args, Debug, Clone)]
pub struct ReplayArgs {
    /// The run directory (holding run.json and games.jsonl).
    #[arg(long, value_name = "DIR")]
    pub run: PathBuf,
    /// The game index.
    #[arg(long, value_name = "I")]
    pub game: u64,
    /// Print a machine-readable trace (one JSON object) instead of the log.
    #[arg(long)]
    pub json: bool,
    /// Check invariants after every step (always on when the run checked them).
    #[arg(long)]
    pub check_invariants: bool,
}

/// `sim merge`.
#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// The shard directories.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// The merged run directory (default: PARENT/NAME beside the first DIR).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

/// `sim explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// What to explain.
    #[command(subcommand)]
    pub topic: ExplainTopic,
}

/// What `sim explain` explains.
#[derive(Subcommand, Debug)]
pub enum ExplainTopic {
    /// Every technology: owned, researchable (with the planets to exhaust) or blocked (and why).
    Research(ExplainResearchArgs),
    /// Every player's elimination conditions; with --apply, the position after the eliminations.
    Elimination(ExplainEliminationArgs),
}

/// `sim explain elimination`.
#[derive(Args, Debug)]
pub struct ExplainEliminationArgs {
    /// Position file (JSON, see docs/POSITION.md).
    #[arg(long, value_name = "FILE")]
    pub position: PathBuf,
    /// Print the position after resolving every elimination the conditions call for (in the
    /// position format, readable back) instead of the conditions.
    #[arg(long)]
    pub apply: bool,
    /// Content to use.
    #[command(flatten)]
    pub content: ContentArgs,
    /// Indent the JSON output (default: one line).
    #[arg(long)]
    pub pretty: bool,
}

/// `sim explain research`.
#[derive(Args, Debug)]
pub struct ExplainResearchArgs {
    /// Position file (JSON, see docs/POSITION.md).
    #[arg(long, value_name = "FILE")]
    pub position: PathBuf,
    /// The player to explain, by faction id (e.g. `sol`).
    #[arg(long, value_name = "FACTION_ID")]
    pub player: String,
    /// Content to use.
    #[command(flatten)]
    pub content: ContentArgs,
    /// Indent the JSON output (default: one line).
    #[arg(long)]
    pub pretty: bool,
}

/// Which content (technologies, units, factions, planets, systems) to load.
#[derive(Args, Debug, Clone, Default)]
pub struct ContentArgs {
    /// Content directory: each data file present there replaces the embedded one.
    #[arg(long = "content", value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
