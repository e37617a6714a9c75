//! Positions: a game state as JSON, in and out (`docs/POSITION.md` documents every field).
//!
//! A [`Position`] is the file's shape, ids as in the content files; [`from_position`] resolves
//! and checks it into a [`State`], naming the first wrong field (`players[0].planets[1].id:
//! unknown planet 'lodr'`); [`to_position`] writes a state back with every field explicit, so
//! that `from_position(to_position(s)) == s` for every state the checks accept.
//!
//! Covers what [`State`] holds today: seats, technologies, planets, pools, command tokens, the
//! board and its units, Valefar tokens. Later parts of the game (strategy cards, objectives,
//! action cards ...) join as further optional sections (see [the `format` module](self::format)).

mod components;
mod error;
pub mod format;
mod read;
mod write;

#[cfg(test)]
pub(crate) mod random;
#[cfg(test)]
mod tests;

pub(crate) use components::{live_seat, seat};
pub use error::{IdKind, Place, PositionError, PositionErrorKind};
pub use format::*;
pub use read::from_position;
pub(crate) use read::lookup;
pub use write::to_position;

use crate::ti4::content::Content;
use crate::ti4::state::State;

/// Parses position JSON (no content needed); a shape error names the field path and the
/// line and column.
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let pos: Position = serde_path_to_error::deserialize(&mut de).map_err(|e| shape_error("", &e))?;
    de.end().map_err(|e| PositionError::new("", PositionErrorKind::Json(one_line(&e.to_string()))))?;
    Ok(pos)
}

/// A serde shape error as a position error at its field path, under `prefix` (a field of the
/// position whose value was read separately, or empty for the whole position).
pub(crate) fn shape_error(prefix: &str, e: &serde_path_to_error::Error<serde_json::Error>) -> PositionError {
    let path = e.path().to_string();
    let path = match (prefix, path.as_str()) {
        (p, ".") => p.to_string(),
        ("", path) => path.to_string(),
        (p, path) => format!("{p}.{path}"),
    };
    PositionError::new(path, PositionErrorKind::Json(one_line(&e.inner().to_string())))
}

fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

/// Parses and checks position JSON into a state.
pub fn state_from_json(c: &Content, text: &str) -> Result<State, PositionError> {
    from_position(c, &parse_position(text)?)
}

impl Position {
    /// The position as one line of JSON.
    pub fn to_json(&self) -> String {
        // Plain structs with string keys: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
    /// The position as indented JSON.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// A state as indented position JSON, every field explicit.
pub fn state_to_json(c: &Content, s: &State) -> String {
    to_position(c, s).to_json_pretty()
}
