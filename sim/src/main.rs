//! The `sim` binary: parses the command line and maps errors to exit codes (see the library).

use clap::{CommandFactory, FromArgMatches};
use sim::cli::Cli;
use sim::error::SimError;
use std::process::ExitCode;

fn main() -> ExitCode {
    // clap prints its own usage errors and exits with code 2 (0 for --help / --version).
    let topics = sim::explain::topics_help(&sim::games::builtin());
    let matches = Cli::command().mut_subcommand("explain", |c| c.after_help(topics)).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match sim::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout (`sim ... | head`) is not an error of the input.
        Err(SimError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(SimError::Run(e)) => {
            eprintln!("sim: error: {}", e.to_string().replace(['\n', '\r'], " "));
            ExitCode::from(e.exit_code())
        }
        Err(e) => {
            eprintln!("sim: error: {}", e.to_string().replace(['\n', '\r'], " "));
            ExitCode::from(sim::EXIT_BAD_INPUT)
        }
    }
}
