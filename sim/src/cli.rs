//! The command line (clap derive). One variant per subcommand; arguments shared by several
//! subcommands (the content directory) are flattened structs.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Board-game self-play: experiments, explanations, benches and replays for every registered game.
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
    /// Explain a position of a registered game (topics: `sim explain --help`).
    Explain(ExplainArgs),
    /// Run an experiment: seeded self-play games in parallel, statistics in results/NAME/.
    Run(RunArgs),
    /// Replay one game of a run bit for bit and check it against its record.
    Replay(ReplayArgs),
    /// Merge the directories of shards into one run with the single-run summary.json.
    Merge(MergeArgs),
    /// Compare two runs of the same games (same seed): what changed and what it did.
    Compare(CompareArgs),
    /// Write one CSV row per player of every game of a run (default DIR/players.csv).
    Export(ExportArgs),
    /// Write a self-contained HTML report of a run (default DIR/report.html).
    Report(ReportArgs),
    /// Measure the headline performance figures and print them as one JSON object.
    Bench(BenchArgs),
    /// Inspect a TI4 content directory.
    Content(ContentArgs),
    /// Apply action ids to a TI4 game position and print the new position (the console).
    Apply(ApplyArgs),
    /// Count the decision sequences of a TI4 game position to a depth (perft; the console).
    Perft(PerftArgs),
}

/// Where a console command's TI4 game stands: a game position file or a new game.
#[derive(Args, Debug, Clone)]
pub struct GameStartArgs {
    /// A TI4 game position (docs/POSITION.md, "Game positions"), as `sim apply` writes it.
    #[arg(long, value_name = "FILE", required_unless_present = "new", conflicts_with = "new")]
    pub position: Option<PathBuf>,
    /// Or a new game of these factions in seat order (3 to 8, comma-separated), waiting at
    /// setup's chance event.
    #[arg(long, value_name = "FACTIONS", value_delimiter = ',')]
    pub new: Option<Vec<String>>,
    /// With --new: the seed of the random map.
    #[arg(long, value_name = "S", default_value_t = 0, requires = "new")]
    pub map_seed: u64,
    /// Content directory: each data file present there replaces the embedded one.
    #[arg(long = "content", value_name = "DIR")]
    pub content: Option<PathBuf>,
}

/// `sim apply`.
#[derive(Args, Debug, Clone)]
pub struct ApplyArgs {
    /// Where the game stands.
    #[command(flatten)]
    pub start: GameStartArgs,
    /// Action ids to apply in turn, comma-separated (`sim explain actions` lists them; `chance`
    /// or `chance:SEED` resolves a chance event). None: print the position as it is.
    #[arg(long, value_name = "ID,ID,...", value_delimiter = ',')]
    pub actions: Vec<String>,
    /// Indent the JSON output (default: one line).
    #[arg(long)]
    pub pretty: bool,
}

/// `sim perft`.
#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// Where the game stands.
    #[command(flatten)]
    pub start: GameStartArgs,
    /// Decisions deep (chance events and the end of the game stop a sequence earlier).
    #[arg(long, value_name = "D")]
    pub depth: u32,
    /// Also give the count below each legal action.
    #[arg(long)]
    pub divide: bool,
    /// Indent the JSON output (default: one line).
    #[arg(long)]
    pub pretty: bool,
}

/// `sim content`.
#[derive(Args, Debug, Clone)]
pub struct ContentArgs {
    /// What to do with the content directory.
    #[command(subcommand)]
    pub command: ContentCommand,
}

/// `sim content` subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum ContentCommand {
    /// Validate a TI4 content directory and list what it changes from the embedded content
    /// (entries added `+`, removed `-`, changed `~` with each field's old and new value).
    Diff {
        /// The content directory.
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
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
    #[arg(long, conflicts_with = "force")]
    pub resume: bool,
    /// Delete an earlier run in the results directory and start over (without it, an existing
    /// run is an error).
    #[arg(long)]
    pub force: bool,
    /// Play shard K of N (games i with i % N == K); default from SLURM_ARRAY_TASK_ID /
    /// SLURM_ARRAY_TASK_COUNT or JOB_COMPLETION_INDEX / SIM_SHARD_COUNT.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::run::shard::Shard>,
    /// Check the game's invariants after every step (slower).
    #[arg(long)]
    pub check_invariants: bool,
    /// Sequential stopping: play in looks and stop when every faction (agent) is decided,
    /// with the config's `until_decided` rule or the defaults; `games` is then the cap.
    #[arg(long)]
    pub until_decided: bool,
    /// Pair this run with the run in DIR (same seed, game by game): with --until-decided the
    /// rule then decides the per-faction difference new - base; afterwards the comparison is
    /// printed as `sim compare DIR NEW` prints it.
    #[arg(long, value_name = "DIR")]
    pub compare_to: Option<PathBuf>,
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
    /// Print the game's position before step STEP (0: the start; TI4 game positions, as
    /// `sim apply --position` reads them) instead of the log; exit 0 once printed.
    #[arg(long, value_name = "STEP")]
    pub position_at: Option<u64>,
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
    /// Replace an existing run in the output directory (without it, one is an error).
    #[arg(long)]
    pub force: bool,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

/// `sim report`.
#[derive(Args, Debug, Clone)]
pub struct ReportArgs {
    /// The run directory (holding summary.json and games.jsonl).
    #[arg(value_name = "DIR")]
    pub run: PathBuf,
    /// A base run of the same games to compare with (as `sim compare BASE_DIR DIR`).
    #[arg(long, value_name = "BASE_DIR")]
    pub compare: Option<PathBuf>,
    /// The HTML file to write (default: DIR/report.html).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

/// `sim export`.
#[derive(Args, Debug, Clone)]
pub struct ExportArgs {
    /// The run directory (holding games.jsonl).
    #[arg(value_name = "DIR")]
    pub run: PathBuf,
    /// The CSV file to write (default: DIR/players.csv).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

/// `sim compare`.
#[derive(Args, Debug, Clone)]
pub struct CompareArgs {
    /// The base run directory (before the change).
    #[arg(value_name = "BASE_DIR")]
    pub base: PathBuf,
    /// The new run directory (after the change; same game, players, seating and seed).
    #[arg(value_name = "NEW_DIR")]
    pub new: PathBuf,
    /// Print the comparison as JSON (format `sim-compare/1`) instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// `sim explain TOPIC [ARGS...]`: the topics come from the registered games (see
/// `sim explain --help`); each topic parses its own arguments.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// What to explain: a topic of a registered game (`research`, `elimination`, ...).
    #[arg(value_name = "TOPIC")]
    pub topic: String,
    /// The topic's own arguments (`sim explain TOPIC --help` lists them).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
    pub args: Vec<String>,
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
