//! Tabletop Simulator map strings: how the TI4 community writes down a galaxy.
//!
//! A map string lists tile numbers ring by ring from the centre, separated by spaces (commas are
//! accepted too), starting at position 1 (north of the centre) and going clockwise around each
//! ring ([`hex`](super::hex) gives the numbering). The centre is Mecatol Rex (`18`) unless the
//! string opens with `{tile}` (e.g. `{112}` for the Thunder's Edge Mecatol Rex).
//!
//! Tokens: a tile number (`19`, `1` for tile `01`, `82b`); `0` for a home system placeholder,
//! filled from the seating by [`MapString::fill_homes`]; `-1` for an empty position (no tile);
//! a hyperlane tile with its side and an optional rotation digit (`83A`, `86a3`: side A turned
//! three times 60 degrees clockwise, the convention of AsyncTI4 and the TTS Milty generators).
//! A string must hold whole rings: 6, 18, 36 or 60 positions after the centre.

use super::error::{GalaxyError, GalaxyErrorKind as K};
use super::hex::{positions_within, Hex, MAX_RINGS};
use crate::ti4::content::Content;
use crate::ti4::ids::SystemId;
use std::fmt::Write;

/// What a map position holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    /// No tile (`-1`).
    Empty,
    /// A home system placeholder (`0`), filled from the seating.
    Home,
    /// A system tile.
    System(SystemId),
    /// A hyperlane tile turned `rotation` times 60 degrees clockwise (Rules Reference 44).
    Hyperlane {
        /// The tile side (e.g. `83a`).
        tile: SystemId,
        /// Turns of 60 degrees clockwise, 0-5.
        rotation: u8,
    },
}

/// A parsed map: what each position holds, the centre at index 0.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MapString {
    cells: Vec<Cell>,
}

impl MapString {
    /// Parses a map string (see the module docs); every error names the position and the problem.
    pub fn parse(content: &Content, text: &str) -> Result<MapString, GalaxyError> {
        let mut tokens: Vec<&str> =
            text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
        let mut cells = Vec::with_capacity(tokens.len() + 1);
        let centre = match tokens.first().and_then(|t| t.strip_prefix('{')) {
            Some(inner) => {
                let inner = inner.strip_suffix('}').ok_or_else(|| GalaxyError::at(0, K::BadToken(tokens[0].into())))?;
                let c = parse_token(content, inner, 0)?;
                tokens.remove(0);
                c
            }
            None => Cell::System(content.system("18").ok_or_else(|| GalaxyError::at(0, K::UnknownTile("18".into())))?),
        };
        cells.push(centre);
        for (i, t) in tokens.iter().enumerate() {
            cells.push(parse_token(content, t, i + 1)?);
        }
        MapString::from_cells(content, cells)
    }

    /// A map from its cells (index = position); checks the count and duplicate tiles.
    pub fn from_cells(content: &Content, cells: Vec<Cell>) -> Result<MapString, GalaxyError> {
        let after_centre = cells.len().saturating_sub(1);
        if !(1..=MAX_RINGS).any(|r| positions_within(r) == cells.len()) {
            return Err(GalaxyError::map(K::WrongCount { found: after_centre }));
        }
        let m = MapString { cells };
        m.check_duplicates(content)?;
        Ok(m)
    }

    /// What each position holds (index = position, 0 = centre).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Rings around the centre.
    pub fn rings(&self) -> u8 {
        (1..=MAX_RINGS).find(|&r| positions_within(r) == self.cells.len()).unwrap_or(0)
    }

    /// Home placeholder positions in seating order: clockwise from north, inner ring first on a
    /// shared bearing. (A placeholder at the centre is not a home: the centre must be a system.)
    pub fn placeholders(&self) -> Vec<usize> {
        clockwise((1..self.cells.len()).filter(|&p| self.cells[p] == Cell::Home).collect())
    }

    /// The map with its home placeholders filled by `homes`, seat 0 first, clockwise from north
    /// (the order of [`MapString::placeholders`]). Each must be a faction's home system tile (or a
    /// tile taking a home's place, such as the Creuss gate).
    pub fn fill_homes(&self, content: &Content, homes: &[SystemId]) -> Result<MapString, GalaxyError> {
        let at = self.placeholders();
        if at.len() != homes.len() {
            return Err(GalaxyError::map(K::HomeCount { placeholders: at.len(), homes: homes.len() }));
        }
        let mut cells = self.cells.clone();
        for (&p, &h) in at.iter().zip(homes) {
            let s = &content.systems[h.idx()];
            if s.home_of.is_none() && s.board_position_of.is_none() {
                return Err(GalaxyError::at(p, K::NotAHome(s.key.clone())));
            }
            cells[p] = Cell::System(h);
        }
        MapString::from_cells(content, cells)
    }

    /// The map as a Tabletop Simulator string (`{centre}` written only when it is not `18`).
    pub fn to_tts(&self, content: &Content) -> String {
        let mut out = String::new();
        let centre = token(content, self.cells[0]);
        if centre != "18" {
            let _ = write!(out, "{{{centre}}} ");
        }
        let rest: Vec<String> = self.cells[1..].iter().map(|&c| token(content, c)).collect();
        out.push_str(&rest.join(" "));
        out
    }

    /// Rule: one copy of each system tile (the two sides of a tile such as 82a/82b count as one);
    /// hyperlanes are geometry and may repeat (AsyncTI4's layouts reuse them).
    fn check_duplicates(&self, content: &Content) -> Result<(), GalaxyError> {
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for (p, c) in self.cells.iter().enumerate() {
            if let Cell::System(t) = *c {
                let key = content.systems[t.idx()].key.as_str();
                let phys = physical_tile(key);
                if let Some(&(_, first)) = seen.iter().find(|(k, _)| *k == phys) {
                    return Err(GalaxyError::at(p, K::DuplicateTile { tile: key.to_string(), first }));
                }
                seen.push((phys, p));
            }
        }
        Ok(())
    }
}

/// Positions sorted clockwise from north, inner ring first on a shared bearing.
pub(crate) fn clockwise(mut positions: Vec<usize>) -> Vec<usize> {
    positions.sort_by_key(|&p| {
        let h = Hex::from_position(p).unwrap_or_default();
        (h.clockwise_key(), h.ring(), p)
    });
    positions
}

/// The physical tile of a key: the two printed sides `NNa` / `NNb` are one tile.
pub(crate) fn physical_tile(key: &str) -> &str {
    match key.strip_suffix('a').or_else(|| key.strip_suffix('b')) {
        Some(n) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => key,
    }
}

/// A content system key from a map token: numbers lose or gain leading zeros (`1` is `01`).
fn lookup(content: &Content, token: &str) -> Option<SystemId> {
    let lower = token.to_ascii_lowercase();
    if !lower.is_empty() && lower.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = lower.parse().ok()?;
        let key = if n < 10 { format!("{n:02}") } else { n.to_string() };
        return content.system(&key);
    }
    content.system(&lower)
}

fn parse_token(content: &Content, t: &str, pos: usize) -> Result<Cell, GalaxyError> {
    match t {
        "-1" => return Ok(Cell::Empty),
        "0" => return Ok(Cell::Home),
        _ => {}
    }
    if let Some(id) = lookup(content, t) {
        return Ok(if content.systems[id.idx()].hyperlane {
            Cell::Hyperlane { tile: id, rotation: 0 }
        } else {
            Cell::System(id)
        });
    }
    // A hyperlane with a rotation digit.
    let (head, last) = t.split_at(t.len().saturating_sub(1));
    if let (Some(id), Some(d)) = (lookup(content, head), last.chars().next().and_then(|c| c.to_digit(10))) {
        if content.systems[id.idx()].hyperlane {
            if d > 5 {
                return Err(GalaxyError::at(pos, K::BadToken(t.into())));
            }
            return Ok(Cell::Hyperlane { tile: id, rotation: d as u8 });
        }
    }
    Err(GalaxyError::at(pos, K::UnknownTile(t.into())))
}

fn token(content: &Content, c: Cell) -> String {
    match c {
        Cell::Empty => "-1".into(),
        Cell::Home => "0".into(),
        Cell::System(t) => {
            let key = &content.systems[t.idx()].key;
            match key.parse::<u32>() {
                Ok(n) => n.to_string(),
                Err(_) => key.clone(),
            }
        }
        Cell::Hyperlane { tile, rotation } => {
            format!("{}{}", content.systems[tile.idx()].key.to_ascii_uppercase(), rotation)
        }
    }
}
