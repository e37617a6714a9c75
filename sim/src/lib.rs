//! `sim`: the command-line front end of the engine — experiments, explanations, benches,
//! replays (see `docs/CLI.md`).
//!
//! Exit codes: 0 success; 2 bad input (command line, content, position, config), with one line
//! on stderr naming the file and the field. Subcommands live in their own modules and are
//! dispatched from [`run`]; new ones (`explain elimination`, `bench`, `replay`, `merge`)
//! slot in as further [`cli::Command`] / [`cli::ExplainTopic`] variants.

pub mod cli;
pub mod error;
pub mod explain;
pub mod input;
pub mod stats;

use clap::CommandFactory;
use cli::{Cli, Command};
use error::SimError;

/// Exit code for bad input (the same code clap uses for command-line errors).
pub const EXIT_BAD_INPUT: u8 = 2;

/// Runs one parsed command line.
pub fn run(cli: Cli) -> Result<(), SimError> {
    match cli.command {
        // No subcommand yet: help (the default `run` will take this place).
        None => Cli::command().print_help().map_err(SimError::Output),
        Some(Command::Explain(args)) => explain::run(args),
    }
}
