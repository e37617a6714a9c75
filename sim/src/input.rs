//! Reading the inputs that several subcommands share: content and position files.

use crate::cli::ContentArgs;
use crate::error::SimError;
use engine::ti4::content::Content;
use engine::ti4::ids::Player;
use engine::ti4::position::state_from_json;
use engine::ti4::state::State;
use std::path::Path;
use std::sync::Arc;

/// The embedded content, or the directory's (`--content DIR`).
pub fn load_content(args: &ContentArgs) -> Result<Arc<Content>, SimError> {
    match &args.dir {
        None => Ok(Content::embedded()),
        Some(dir) => Content::from_dir(dir).map(Arc::new).map_err(SimError::Content),
    }
}

/// Reads and checks a position file.
pub fn load_position(c: &Content, file: &Path) -> Result<State, SimError> {
    let text = std::fs::read_to_string(file).map_err(|error| SimError::Read { file: file.to_path_buf(), error })?;
    state_from_json(c, &text).map_err(|error| SimError::Position { file: file.to_path_buf(), error })
}

/// The seat playing the faction named by a command-line argument.
pub fn seat_of(c: &Content, s: &State, arg: &'static str, id: &str, file: &Path) -> Result<Player, SimError> {
    let f = c.faction(id).ok_or_else(|| SimError::UnknownFaction { arg, id: id.to_string() })?;
    s.seat_of(f).ok_or_else(|| SimError::NotSeated {
        arg,
        file: file.to_path_buf(),
        id: id.to_string(),
        seated: s.seats().map(|p| c.factions[s.player(p).faction.idx()].key.clone()).collect(),
    })
}
