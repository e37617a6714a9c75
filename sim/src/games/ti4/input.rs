//! Reading TI4 inputs of the explain topics: content and position files, and the seat a
//! `--player` argument names. Errors are [`Ti4InputError`]: one line naming the file (or
//! argument) and the field.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use engine::ti4::content::{Content, ContentError};
use engine::ti4::ids::Player;
use engine::ti4::position::{state_from_json, PositionError};
use engine::ti4::state::State;

use crate::error::SimError;

/// Which content (technologies, units, factions, planets, systems) to load.
#[derive(Args, Debug, Clone, Default)]
pub struct ContentArgs {
    /// Content directory: each data file present there replaces the embedded one.
    #[arg(long = "content", value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Bad TI4 input of an explain topic.
#[derive(Debug)]
pub enum Ti4InputError {
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
    /// `--new`: the game cannot be set up (why).
    NewGame(String),
    /// An action id of `--actions` that is not legal where it is applied.
    Illegal {
        /// Its index in the list.
        index: usize,
        /// The id given.
        id: String,
        /// The legal ids there (empty: the game is over).
        legal: Vec<String>,
    },
    /// `sim explain combat` cannot set up the combat.
    Combat {
        /// The argument at fault.
        arg: &'static str,
        /// The position file.
        file: PathBuf,
        /// What is wrong.
        problem: String,
    },
}

impl fmt::Display for Ti4InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ti4InputError::Content(e) => write!(f, "content: {e}"),
            Ti4InputError::Read { file, error } => write!(f, "{}: cannot read: {error}", file.display()),
            Ti4InputError::Position { file, error } => write!(f, "{}: {error}", file.display()),
            Ti4InputError::UnknownFaction { arg, id } => write!(f, "{arg}: unknown faction '{id}'"),
            Ti4InputError::NotSeated { arg, file, id, seated } => {
                write!(f, "{arg}: faction '{id}' is not seated in {} (seated: {})", file.display(), seated.join(", "))
            }
            Ti4InputError::NewGame(why) => write!(f, "--new: {why}"),
            Ti4InputError::Illegal { index, id, legal } if legal.is_empty() => {
                write!(f, "--actions[{index}]: '{id}': the game is over")
            }
            Ti4InputError::Illegal { index, id, legal } => {
                write!(f, "--actions[{index}]: '{id}' is not legal here (legal: {})", legal.join(", "))
            }
            Ti4InputError::Combat { arg, file, problem } => write!(f, "{}: {arg}: {problem}", file.display()),
        }
    }
}

impl std::error::Error for Ti4InputError {}

impl From<Ti4InputError> for SimError {
    fn from(e: Ti4InputError) -> Self {
        SimError::Input(Box::new(e))
    }
}

/// The embedded content, or the directory's (`--content DIR`).
pub fn load_content(args: &ContentArgs) -> Result<Arc<Content>, Ti4InputError> {
    match &args.dir {
        None => Ok(Content::embedded()),
        Some(dir) => Content::from_dir(dir).map(Arc::new).map_err(Ti4InputError::Content),
    }
}

/// The text of an input file.
pub fn read_text(file: &Path) -> Result<String, Ti4InputError> {
    std::fs::read_to_string(file).map_err(|error| Ti4InputError::Read { file: file.to_path_buf(), error })
}

/// Reads and checks a position file.
pub fn load_position(c: &Content, file: &Path) -> Result<State, Ti4InputError> {
    let text = read_text(file)?;
    state_from_json(c, &text).map_err(|error| Ti4InputError::Position { file: file.to_path_buf(), error })
}

/// The seat playing the faction named by a command-line argument.
pub fn seat_of(c: &Content, s: &State, arg: &'static str, id: &str, file: &Path) -> Result<Player, Ti4InputError> {
    let f = c.faction(id).ok_or_else(|| Ti4InputError::UnknownFaction { arg, id: id.to_string() })?;
    s.seat_of(f).ok_or_else(|| Ti4InputError::NotSeated {
        arg,
        file: file.to_path_buf(),
        id: id.to_string(),
        seated: s.seats().map(|p| c.factions[s.player(p).faction.idx()].key.clone()).collect(),
    })
}
