//! Errors of `sim run`, `sim replay` and `sim merge`, each one line, with the exit code it
//! maps to ([`RunError::exit_code`]).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::run::config::ConfigError;

/// Exit code when some games failed (or a replay did not reproduce its record).
pub const EXIT_GAMES_FAILED: u8 = 3;

/// What went wrong in an experiment command.
#[derive(Debug)]
pub enum RunError {
    /// The experiment config is invalid (exit 2).
    Config(ConfigError),
    /// A command-line argument or environment variable is invalid (exit 2).
    Argument {
        /// The argument or variable.
        name: String,
        /// What is wrong.
        problem: String,
    },
    /// A file could not be read or written (exit 2).
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// An existing results file is malformed (exit 2).
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Where and what.
        problem: String,
    },
    /// Existing results do not belong to this run (resume) or do not fit together (merge)
    /// (exit 2).
    Mismatch {
        /// The directory or file.
        path: PathBuf,
        /// What does not match.
        problem: String,
    },
    /// Another process holds the directory's lock (exit 2).
    Locked {
        /// The results directory.
        dir: PathBuf,
    },
    /// The directory holds an earlier run, which only `--resume` or `--force` may touch (exit 2).
    Exists {
        /// The results directory.
        dir: PathBuf,
        /// What is there.
        found: String,
    },
    /// Some games panicked or broke an invariant; they are in `failures.jsonl` (exit 3).
    GamesFailed {
        /// Failed games.
        failed: u64,
        /// Games planned.
        planned: u64,
        /// The failures file.
        file: PathBuf,
    },
    /// A replay did not reproduce the recorded game, or reproduced a recorded failure (exit 3).
    Replay {
        /// What happened.
        problem: String,
    },
}

impl RunError {
    /// An I/O error on `path`.
    pub fn io(path: &Path, error: io::Error) -> Self {
        RunError::Io { path: path.to_path_buf(), error }
    }

    /// The process exit code: 3 for failed games and replays, 2 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            RunError::GamesFailed { .. } | RunError::Replay { .. } => EXIT_GAMES_FAILED,
            _ => 2,
        }
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Config(e) => write!(f, "{e}"),
            RunError::Argument { name, problem } => write!(f, "{name}: {problem}"),
            RunError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            RunError::Corrupt { path, problem } => write!(f, "{}: {problem}", path.display()),
            RunError::Mismatch { path, problem } => write!(f, "{}: {problem}", path.display()),
            RunError::Locked { dir } => write!(
                f,
                "{}: another sim process is writing this results directory (it holds {}); wait for it or choose \
                 another --out",
                dir.display(),
                dir.join(crate::run::output::LOCK_FILE).display()
            ),
            RunError::Exists { dir, found } => write!(
                f,
                "{}: holds an earlier run ({found}); pass --resume to finish it, or --force to delete it and start \
                 over",
                dir.display()
            ),
            RunError::GamesFailed { failed, planned, file } => {
                write!(f, "{failed} of {planned} games failed; see {}", file.display())
            }
            RunError::Replay { problem } => write!(f, "{problem}"),
        }
    }
}

impl std::error::Error for RunError {}

impl From<ConfigError> for RunError {
    fn from(e: ConfigError) -> Self {
        RunError::Config(e)
    }
}
