//! `sim run`: seeded self-play experiments, generic over [`engine::game::Game`].
//!
//! A config ([`config`]) names the game, the agents and their lineups, the seating and the
//! number of games. Game `i` is a pure function of (config, `i`) ([`seating`], [`play`]);
//! games run in parallel, one per rayon task, and their records stream to `games.jsonl`
//! ([`record`], [`output`]); at the end [`summary`] folds the records in index order into
//! `summary.json`, byte-identical for any thread count, resume or shard split ([`shard`],
//! `crate::merge`). A game plugs in by implementing [`spec::Experimentable`].
//!
//! Files: `run/config.rs` (config), `seating.rs` (who sits where, RNG streams), `play.rs`
//! (one game, panics caught), `record.rs` (JSONL lines), `summary.rs` (statistics),
//! `groups.rs` (per-group statistics and the balance test), `output.rs` (files, run.json, hash), `shard.rs`, `console.rs` (progress, table),
//! `execute.rs` (the pipeline), `spec.rs` (the game trait), `tally.rs` (the generic statistics
//! channel), `tables.rs` (matchups, scores by round). The games themselves are in `crate::games`. Outputs are documented in
//! `results/README.md`.

pub mod config;
pub mod console;
pub mod error;
pub mod execute;
pub mod groups;
pub mod output;
pub mod play;
pub mod record;
pub mod seating;
pub mod sequential;
pub mod shard;
pub mod spec;
pub mod summary;
pub mod tables;
pub mod tally;
#[cfg(test)]
pub mod test_game;

use crate::cli::RunArgs;
use config::{Experiment, Overrides, DEFAULT_EXPERIMENT, DEFAULT_ORIGIN};
use error::RunError;
use execute::RunOptions;
use summary::Summary;

use crate::registry::Registry;

/// Runs `sim run` (and `sim` without a command, on the embedded default experiment) on the
/// built-in games.
pub fn run(args: &RunArgs) -> Result<Summary, RunError> {
    run_in(&crate::games::builtin(), args)
}

/// Runs `sim run` on the games of `registry`.
pub fn run_in(registry: &Registry, args: &RunArgs) -> Result<Summary, RunError> {
    let (text, origin) = match &args.config {
        None => (DEFAULT_EXPERIMENT.to_string(), DEFAULT_ORIGIN.to_string()),
        Some(path) => (std::fs::read_to_string(path).map_err(|e| RunError::io(path, e))?, path.display().to_string()),
    };
    let overrides =
        Overrides { games: args.games, seed: args.seed, out: args.out.clone(), until_decided: args.until_decided };
    let exp = Experiment::from_json_in(registry, &text, &origin, &overrides)?;
    let shard = match args.shard {
        Some(s) => Some(s),
        None => shard::from_env(|k| std::env::var(k).ok())?,
    };
    let threads = match args.threads {
        Some(0) => return Err(RunError::Argument { name: "--threads".into(), problem: "must be at least 1".into() }),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let opts = RunOptions {
        threads,
        quiet: args.quiet,
        resume: args.resume,
        force: args.force,
        shard,
        check_invariants: args.check_invariants,
        command: std::env::args().collect(),
        origin,
        compare_to: args.compare_to.clone(),
    };
    if opts.compare_to.is_some() && opts.shard.is_some() {
        return Err(RunError::Argument {
            name: "--compare-to".into(),
            problem: "not with --shard: run the shards, merge them, then sim compare BASE MERGED".into(),
        });
    }
    let summary = execute_experiment(registry, &exp, &opts)?;
    if let (Some(base), false) = (&opts.compare_to, opts.quiet) {
        let c = crate::compare::compare(registry, base, &output::run_dir(&exp, None))?;
        console::print(&crate::compare::render(&c));
    }
    Ok(summary)
}

/// Plays `exp` through its game's registry entry.
pub fn execute_experiment(registry: &Registry, exp: &Experiment, opts: &RunOptions) -> Result<Summary, RunError> {
    let game = registry.get(&exp.game).map_err(|p| config::ConfigError::new(&opts.origin, "game", p))?;
    game.execute(exp, opts)
}
