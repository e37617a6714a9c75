//! Errors of the `sim` binary: each is one line naming the file (or argument) and the field.

use std::fmt;
use std::io;

/// What went wrong running a command.
#[derive(Debug)]
pub enum SimError {
    /// A command line the parser rejected (an explain topic's arguments), or an unknown topic.
    Usage(String),
    /// Bad input of a game's own (content, position, an argument naming something the input
    /// lacks): the game's typed error, which names the file and the field.
    Input(Box<dyn std::error::Error + Send + Sync>),
    /// Writing the output failed.
    Output(io::Error),
    /// `sim run`, `replay` or `merge` failed (exit code from [`crate::run::error::RunError::exit_code`]).
    Run(crate::run::error::RunError),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Usage(m) => write!(f, "{m}"),
            SimError::Input(e) => write!(f, "{e}"),
            SimError::Output(e) => write!(f, "cannot write output: {e}"),
            SimError::Run(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SimError {}
