//! Galaxy errors: each names the map position (when there is one) and the problem, on one line.

use std::fmt;

/// A problem with a map string, a map data file, or a galaxy built from them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GalaxyError {
    /// The map-string position (0 = centre) the problem is at, if it is at one.
    pub position: Option<usize>,
    /// What is wrong.
    pub kind: GalaxyErrorKind,
}

/// What is wrong with a map or galaxy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GalaxyErrorKind {
    /// A token that names no system tile of the content.
    UnknownTile(String),
    /// A tile (or the other side of a two-sided tile) already placed at another position.
    DuplicateTile {
        /// The tile's key.
        tile: String,
        /// Where it was placed first.
        first: usize,
    },
    /// The string does not hold a whole number of rings.
    WrongCount {
        /// Positions found (the centre not counted).
        found: usize,
    },
    /// A rotation on a tile that is not a hyperlane, or a malformed token.
    BadToken(String),
    /// A hyperlane tile whose lanes are not in the map data.
    UnknownHyperlane(String),
    /// The centre holds no system (a placeholder or an empty position).
    NoCentre,
    /// Home placeholders and supplied home systems differ in number.
    HomeCount {
        /// `0` placeholders in the map.
        placeholders: usize,
        /// Home systems supplied.
        homes: usize,
    },
    /// A supplied home system is not a faction's home system.
    NotAHome(String),
    /// An off-board home (Creuss, Crimson Rebellion) whose board tile has no unique home.
    OffBoardHome(String),
    /// More systems than a galaxy holds.
    TooManySystems(usize),
    /// No standard layout for this many players.
    NoLayout(usize),
    /// A layout needs more tiles of one colour than the pool holds.
    PoolTooSmall {
        /// `blue` or `red`.
        colour: &'static str,
        /// Tiles needed.
        needed: usize,
        /// Tiles in the pool.
        available: usize,
    },
    /// The generator found no map meeting its constraints.
    NoValidMap {
        /// Attempts made.
        attempts: u32,
    },
    /// The map data file (`maps.json`) is malformed: the field and the problem.
    Data(String),
}

impl GalaxyError {
    /// An error at a position.
    pub fn at(position: usize, kind: GalaxyErrorKind) -> GalaxyError {
        GalaxyError { position: Some(position), kind }
    }
    /// An error of the map as a whole.
    pub fn map(kind: GalaxyErrorKind) -> GalaxyError {
        GalaxyError { position: None, kind }
    }
}

impl fmt::Display for GalaxyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use GalaxyErrorKind as K;
        match self.position {
            Some(p) => write!(f, "position {p}: ")?,
            None => write!(f, "map: ")?,
        }
        match &self.kind {
            K::UnknownTile(t) => write!(f, "unknown tile '{t}'"),
            K::DuplicateTile { tile, first } => write!(f, "tile '{tile}' is already at position {first}"),
            K::WrongCount { found } => {
                write!(f, "{found} positions after the centre; a map holds whole rings: 6, 18, 36 or 60 positions")
            }
            K::BadToken(t) => write!(f, "malformed token '{t}'"),
            K::UnknownHyperlane(t) => write!(f, "hyperlane tile '{t}' has no lanes in the map data"),
            K::NoCentre => write!(f, "the centre must hold a system (Mecatol Rex)"),
            K::HomeCount { placeholders, homes } => {
                write!(f, "{placeholders} home placeholders (0) but {homes} home systems supplied")
            }
            K::NotAHome(t) => write!(f, "tile '{t}' is not a home system"),
            K::OffBoardHome(t) => write!(f, "tile '{t}' takes an off-board home's place but that home is unknown"),
            K::TooManySystems(n) => write!(f, "{n} systems; a galaxy holds at most 64"),
            K::NoLayout(n) => write!(f, "no standard layout for {n} players (3 to 8)"),
            K::PoolTooSmall { colour, needed, available } => {
                write!(f, "needs {needed} {colour} tiles but the pool holds {available}")
            }
            K::NoValidMap { attempts } => write!(f, "no map met the constraints in {attempts} attempts"),
            K::Data(e) => write!(f, "map data: {e}"),
        }
    }
}

impl std::error::Error for GalaxyError {}
