//! Errors of the `sim` binary: each is one line naming the file (or argument) and the field.

use engine::ti4::content::ContentError;
use engine::ti4::position::PositionError;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// What went wrong running a command.
#[derive(Debug)]
pub enum SimError {
    /// The content directory is missing or invalid (the error names file, entry and field).
    Content(ContentError),
    /// An input file could not be read.
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A position file is malformed or inconsistent.
    Position {
        /// The file.
        file: PathBuf,
        /// The field and the problem.
        error: PositionError,
    },
    /// A command-line argument names a faction the content does not have.
    UnknownFaction {
        /// The argument (`--player`).
        arg: &'static str,
        /// The id given.
        id: String,
    },
    /// A command-line argument names a faction the position does not seat.
    NotSeated {
        /// The argument (`--player`).
        arg: &'static str,
        /// The position file.
        file: PathBuf,
        /// The id given.
        id: String,
        /// The factions seated, in seat order.
        seated: Vec<String>,
    },
    /// Writing the output failed.
    Output(io::Error),
    /// `sim run`, `replay` or `merge` failed (exit code from [`crate::run::error::RunError::exit_code`]).
    Run(crate::run::error::RunError),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Content(e) => write!(f, "content: {e}"),
            SimError::Read { file, error } => write!(f, "{}: cannot read: {error}", file.display()),
            SimError::Position { file, error } => write!(f, "{}: {error}", file.display()),
            SimError::UnknownFaction { arg, id } => write!(f, "{arg}: unknown faction '{id}'"),
            SimError::NotSeated { arg, file, id, seated } => {
                write!(f, "{arg}: faction '{id}' is not seated in {} (seated: {})", file.display(), seated.join(", "))
            }
            SimError::Output(e) => write!(f, "cannot write output: {e}"),
            SimError::Run(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SimError {}
