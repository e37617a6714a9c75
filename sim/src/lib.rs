//! `sim`: the command-line front end of the engine — experiments, explanations, benches,
//! replays (see `docs/CLI.md`).
//!
//! Exit codes: 0 success; 2 bad input (command line, content, position, config), with one line
//! on stderr naming the file and the field; 3 when games of an experiment failed (`run`,
//! `merge`) or a replay did not reproduce its record. Subcommands live in their own modules and are
//! dispatched from [`run()`]; every one is written against the game registry ([`registry`]):
//! the games themselves live in [`games`], one folder each, registered in
//! [`games::builtin`].

pub mod bench;
pub mod cli;
pub mod compare;
pub mod content_diff;
pub mod error;
pub mod explain;
pub mod export;
pub mod games;
pub mod merge;
pub mod registry;
pub mod replay;
pub mod report;
pub mod run;
pub mod stats;

use cli::{Cli, Command};
use error::SimError;

/// Exit code for bad input (the same code clap uses for command-line errors).
pub const EXIT_BAD_INPUT: u8 = 2;

/// Runs one parsed command line.
pub fn run(cli: Cli) -> Result<(), SimError> {
    match cli.command {
        // No subcommand: the embedded default experiment.
        None => run::run(&cli::RunArgs::default()).map(drop).map_err(SimError::Run),
        Some(Command::Explain(args)) => explain::run(args),
        Some(Command::Run(args)) => run::run(&args).map(drop).map_err(SimError::Run),
        Some(Command::Replay(args)) => replay::run(&args).map(drop).map_err(SimError::Run),
        Some(Command::Merge(args)) => merge::run(&args).map(drop).map_err(SimError::Run),
        Some(Command::Compare(args)) => compare::run(&args).map(drop).map_err(SimError::Run),
        Some(Command::Export(args)) => export::run(&args).map(drop).map_err(SimError::Run),
        Some(Command::Report(args)) => report::run(&args).map(drop).map_err(SimError::Run),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Content(args)) => match args.command {
            cli::ContentCommand::Diff { dir } => content_diff::run(&dir),
        },
        Some(Command::Apply(args)) => games::ti4::console::run_apply(&args),
        Some(Command::Perft(args)) => games::ti4::console::run_perft(&args),
    }
}
