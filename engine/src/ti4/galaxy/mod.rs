//! The galaxy: system tiles on hex positions, built once per game and shared read-only.
//!
//! Implements the board of the rules digest (`ti4-rules.md` §1 setup, §5 adjacency and anomalies;
//! Rules Reference 6 "Adjacency", 9 "Anomalies", 44 "Hyperlanes", 101 "Wormholes") and issue 4
//! item 1. The hot game state refers to systems by *slot* (`u8`, below 64); a [`Galaxy`] maps
//! slot ↔ tile ↔ hex and answers adjacency with one `u64` per slot (bit `s` = slot `s`).
//!
//! - Slots: the centre (Mecatol Rex) is slot 0; then every position holding a system, in map
//!   order; then the off-board systems: the Creuss home (51) when its gate (17) is on the board,
//!   the Crimson Rebellion home (118) when The Sorrow (94) is, and the inactive Wormhole Nexus
//!   (82a, PoK: it starts off the board). Off-board systems have no hex and are reached only
//!   through wormholes. Setup places tiles in the state in slot order so the indexes agree.
//! - Adjacency ([`adjacency`]): shared sides; hyperlane lanes (module `hyperlane`, with lanes from
//!   `maps.json`); matching wormholes (alpha, beta, gamma, delta, epsilon), printed or placed as
//!   tokens ([`ExtraWormholes`]: Creuss tokens, the active Nexus's alpha and beta).
//! - Anomalies ([`anomaly`]): predicates and modifiers; the movement module applies them.
//! - Maps: Tabletop Simulator strings ([`mapstring`]), the standard 3-8 player layouts and a
//!   seeded generator ([`generate`]).
//!
//! Simplified:
//! - Hyperlanes are geometry only; their lanes come from TI4-TTPG's data and a repeated hyperlane
//!   tile is allowed (AsyncTI4's 7-player layout uses 83B three times, the box holds one).
//! - The standard layouts are AsyncTI4's (`maps.json`), not checked against the printed setups.
//! - Ring 4 is the largest map; the Nexus flipping to its active side is the caller's extra
//!   alpha/beta wormholes; the interpretations of rift stacking, Muaat ending in a supernova and
//!   the entropic scar are in [`anomaly`].

pub mod adjacency;
pub mod anomaly;
pub mod data;
pub mod error;
pub mod generate;
pub mod hex;
mod hyperlane;
pub mod mapstring;

pub use adjacency::{ExtraWormholes, Reach, Wormhole};
pub use anomaly::{Anomaly, MoverTraits};
pub use data::{Layout, MapData};
pub use error::{GalaxyError, GalaxyErrorKind};
pub use generate::GeneratorOptions;
pub use hex::{Hex, Side};
pub use mapstring::{Cell, MapString};

use crate::ti4::content::Content;
use crate::ti4::ids::{FactionId, PlanetId, SystemId};
use GalaxyErrorKind as K;

/// Most systems (board slots) a galaxy holds: one bit each in a `u64`.
pub const MAX_SLOTS: usize = 64;
/// Distance recorded for an unreachable system.
pub const UNREACHABLE: u8 = u8::MAX;

/// A seat's home system.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Home {
    /// The map position the seat's home takes.
    pub position: usize,
    /// The slot at that position (the Creuss gate or The Sorrow for those factions).
    pub board_slot: u8,
    /// The slot of the home system itself (off the board for Creuss and the Crimson Rebellion).
    pub slot: u8,
    /// The home system tile.
    pub tile: SystemId,
    /// The faction whose home it is.
    pub faction: Option<FactionId>,
}

/// Options for building a galaxy.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GalaxyOptions {
    /// Put the Wormhole Nexus (inactive side) off the board when the map does not hold it (PoK).
    pub wormhole_nexus: bool,
}

impl Default for GalaxyOptions {
    fn default() -> Self {
        GalaxyOptions { wormhole_nexus: true }
    }
}

/// A built galaxy: immutable, shared by every state of a game.
#[derive(Clone, Debug)]
pub struct Galaxy {
    map: MapString,
    tiles: Vec<SystemId>,
    positions: Vec<Option<u8>>,
    slot_at: Vec<Option<u8>>,
    /// Per slot: sides shared and hyperlanes (no wormholes).
    touching: Vec<u64>,
    /// Per slot: `touching` plus printed wormholes.
    adjacent: Vec<u64>,
    /// Per wormhole kind: slots whose tile prints it.
    wormholes: [u64; 5],
    /// Per anomaly kind: slots whose tile has it.
    anomalies: [u64; 5],
    /// Per slot: its tile's anomaly bits.
    anomaly_bits: Vec<u8>,
    /// Per mover-traits combination ([`MoverTraits::index`]): the slots a ship may not move
    /// through (`[0]`, [`Galaxy::no_pass`]) and may not enter (`[1]`, [`Galaxy::no_entry`]),
    /// computed once from `anomaly_bits`.
    blocked: [[u64; MoverTraits::COMBINATIONS]; 2],
    /// Distances over `adjacent`, `distance[a * MAX_SLOTS + b]`.
    distance: Vec<u8>,
    homes: Vec<Home>,
    nexus: Option<u8>,
    /// Slots on the edge of the game board ([`Galaxy::edge_systems`]).
    edge: u64,
    /// Per planet id: the first slot whose tile prints it ([`Galaxy::NO_SLOT`] when no tile of
    /// the galaxy does).
    planet_slot: Vec<u8>,
}

impl Galaxy {
    /// A galaxy from a map with its homes filled, using the embedded map data and default options.
    pub fn new(content: &Content, map: &MapString) -> Result<Galaxy, GalaxyError> {
        Galaxy::build(content, MapData::embedded(), map, GalaxyOptions::default())
    }

    /// A galaxy from a Tabletop Simulator string whose `0` placeholders take `homes` (seat 0
    /// first, clockwise from north).
    pub fn from_tts(content: &Content, text: &str, homes: &[SystemId]) -> Result<Galaxy, GalaxyError> {
        let map = MapString::parse(content, text)?;
        let map = if homes.is_empty() { map } else { map.fill_homes(content, homes)? };
        Galaxy::new(content, &map)
    }

    /// A galaxy from a map. Seats are the home systems on the map, clockwise from north (seat 0
    /// first). Home placeholders must have been filled ([`MapString::fill_homes`]).
    pub fn build(
        content: &Content,
        data: &MapData,
        map: &MapString,
        opts: GalaxyOptions,
    ) -> Result<Galaxy, GalaxyError> {
        let mut cells = map.cells().to_vec();
        if !matches!(cells[0], Cell::System(_)) {
            return Err(GalaxyError::at(0, K::NoCentre));
        }
        let placeholders = map.placeholders();
        if !placeholders.is_empty() {
            return Err(GalaxyError::at(placeholders[0], K::HomeCount { placeholders: placeholders.len(), homes: 0 }));
        }
        // Off-board homes: the home tile leaves the board for its gate, or the gate brings it.
        let mut off_board: Vec<(usize, SystemId)> = Vec::new();
        for (p, cell) in cells.iter_mut().enumerate() {
            let Cell::System(t) = *cell else { continue };
            let sys = &content.systems[t.idx()];
            if let Some(gate) = sys.home_of.and_then(|f| board_tile_of(content, f)) {
                *cell = Cell::System(gate);
                off_board.push((p, t));
            } else if let Some(f) = sys.board_position_of {
                let home =
                    unique_home_of(content, f).ok_or_else(|| GalaxyError::at(p, K::OffBoardHome(sys.key.clone())))?;
                off_board.push((p, home));
            }
        }
        let map = MapString::from_cells(content, cells)?;
        let cells = map.cells();
        let mut extra: Vec<SystemId> = off_board.iter().map(|o| o.1).collect();
        let mut nexus_tile = None;
        if opts.wormhole_nexus {
            if let Some(n) = content.system(&data.wormhole_nexus) {
                let nexus_key = mapstring::physical_tile(&data.wormhole_nexus);
                let placed = cells.iter().any(|c| match c {
                    Cell::System(t) => mapstring::physical_tile(&content.systems[t.idx()].key) == nexus_key,
                    _ => false,
                });
                if !placed {
                    extra.push(n);
                    nexus_tile = Some(n);
                }
            }
        }

        // Slots.
        let mut tiles = Vec::new();
        let mut positions = Vec::new();
        let mut slot_at = vec![None; cells.len()];
        for (p, c) in cells.iter().enumerate() {
            if let Cell::System(t) = *c {
                slot_at[p] = Some(tiles.len() as u8);
                tiles.push(t);
                positions.push(Some(p as u8));
            }
        }
        for &t in &extra {
            tiles.push(t);
            positions.push(None);
        }
        if tiles.len() > MAX_SLOTS {
            return Err(GalaxyError::map(K::TooManySystems(tiles.len())));
        }
        let n = tiles.len();

        // Physical adjacency, moved from positions to slots.
        let occ = hyperlane::occupants(content, data, cells)?;
        let by_position = hyperlane::touching(&occ);
        let mut touching = vec![0u64; n];
        for (p, &mask) in by_position.iter().enumerate() {
            let Some(s) = slot_at[p] else { continue };
            for q in bits(mask) {
                if let Some(t) = slot_at[q as usize] {
                    touching[s as usize] |= 1 << t;
                }
            }
        }
        let mut wormholes = [0u64; 5];
        let mut anomalies = [0u64; 5];
        let mut anomaly_bits = vec![0u8; n];
        for (s, &t) in tiles.iter().enumerate() {
            let sys = &content.systems[t.idx()];
            for (k, w) in wormholes.iter_mut().enumerate() {
                if sys.wormholes >> k & 1 == 1 {
                    *w |= 1 << s;
                }
            }
            for (k, a) in anomalies.iter_mut().enumerate() {
                if sys.anomalies >> k & 1 == 1 {
                    *a |= 1 << s;
                }
            }
            anomaly_bits[s] = sys.anomalies;
        }

        // Seats: the home systems on the board, clockwise from north.
        let home_positions = mapstring::clockwise(
            (0..cells.len())
                .filter(|&p| match cells[p] {
                    Cell::System(t) => {
                        let s = &content.systems[t.idx()];
                        s.home_of.is_some() || s.board_position_of.is_some()
                    }
                    _ => false,
                })
                .collect(),
        );
        let slot_of_tile = |t: SystemId| tiles.iter().position(|&x| x == t).map(|i| i as u8);
        let homes = home_positions
            .into_iter()
            .map(|p| {
                let Cell::System(t) = cells[p] else { unreachable!("filtered to systems") };
                let board_slot = slot_at[p].expect("systems have slots");
                let (tile, slot) = match off_board.iter().find(|o| o.0 == p) {
                    Some(&(_, h)) => (h, slot_of_tile(h).expect("off-board homes have slots")),
                    None => (t, board_slot),
                };
                Home { position: p, board_slot, slot, tile, faction: content.systems[tile.idx()].home_of }
            })
            .collect();

        let edge = edge_slots(cells, &slot_at);
        let mut planet_slot = vec![Galaxy::NO_SLOT; content.planets.len()];
        for (sl, &t) in tiles.iter().enumerate().rev() {
            for pl in content.system_planets[t.idx()].iter() {
                planet_slot[pl.idx()] = sl as u8;
            }
        }
        let mut g = Galaxy {
            map,
            tiles,
            positions,
            slot_at,
            adjacent: Vec::new(),
            touching,
            wormholes,
            anomalies,
            anomaly_bits,
            blocked: [[0; MoverTraits::COMBINATIONS]; 2],
            distance: Vec::new(),
            homes,
            nexus: None,
            edge,
            planet_slot,
        };
        for i in 0..MoverTraits::COMBINATIONS {
            let t = MoverTraits::of_index(i);
            g.blocked[0][i] = g.mask_where(|a| !anomaly::may_pass(a, t));
            g.blocked[1][i] = g.mask_where(|a| !anomaly::may_enter(a, t));
        }
        g.nexus = nexus_tile.and_then(|t| g.slot_of(t));
        g.adjacent = (0..n as u8).map(|s| g.neighbours_with(s, &ExtraWormholes::NONE)).collect();
        g.distance = (0..n as u8).flat_map(|s| g.distances_from(s, &ExtraWormholes::NONE)).collect();
        Ok(g)
    }

    /// Number of systems (slots).
    pub fn len(&self) -> usize {
        self.tiles.len()
    }
    /// True for a galaxy without systems (never, once built: Mecatol Rex is slot 0).
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }
    /// Every slot, as a mask.
    pub fn all(&self) -> u64 {
        if self.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.len()) - 1
        }
    }
    /// Slot of Mecatol Rex (the centre).
    pub const fn mecatol(&self) -> u8 {
        0
    }
    /// The tile in a slot.
    pub fn tile(&self, slot: u8) -> SystemId {
        self.tiles[slot as usize]
    }
    /// Tiles in slot order.
    pub fn tiles(&self) -> &[SystemId] {
        &self.tiles
    }
    /// What [`Galaxy::planet_slot`] finds for a planet no tile of the galaxy prints.
    pub const NO_SLOT: u8 = u8::MAX;

    /// The slot of the first tile (in slot order) that prints planet `pl`, `None` when no
    /// tile of the galaxy prints it: a table lookup.
    pub fn planet_slot(&self, pl: PlanetId) -> Option<u8> {
        self.planet_slot.get(pl.idx()).copied().filter(|&sl| sl != Galaxy::NO_SLOT)
    }

    /// The slot holding a tile.
    pub fn slot_of(&self, tile: SystemId) -> Option<u8> {
        self.tiles.iter().position(|&t| t == tile).map(|i| i as u8)
    }
    /// The map position of a slot (`None` off the board).
    pub fn position(&self, slot: u8) -> Option<usize> {
        self.positions[slot as usize].map(usize::from)
    }
    /// The hex of a slot (`None` off the board).
    pub fn hex(&self, slot: u8) -> Option<Hex> {
        self.position(slot).and_then(Hex::from_position)
    }
    /// The slot at a map position (`None` for empty positions and hyperlanes).
    pub fn slot_at(&self, position: usize) -> Option<u8> {
        self.slot_at.get(position).copied().flatten()
    }
    /// The slot at a hex.
    pub fn slot_at_hex(&self, hex: Hex) -> Option<u8> {
        hex.position().and_then(|p| self.slot_at(p))
    }
    /// True for systems with no hex (Creuss home, Crimson Rebellion home, inactive Nexus).
    pub fn is_off_board(&self, slot: u8) -> bool {
        self.positions[slot as usize].is_none()
    }
    /// Seats' home systems, seat 0 first.
    pub fn homes(&self) -> &[Home] {
        &self.homes
    }
    /// The Wormhole Nexus slot, when it was put off the board.
    pub fn nexus(&self) -> Option<u8> {
        self.nexus
    }
    /// The map as built (off-board homes replaced on the board by their gates).
    pub fn map(&self) -> &MapString {
        &self.map
    }
    /// Rings around the centre.
    pub fn rings(&self) -> u8 {
        self.map.rings()
    }
    /// The systems on the edge of the game board (Populate the Outer Rim, Control the
    /// Borderlands): board systems with a side that touches no tile (an empty position or one
    /// outside the map). Hyperlane tiles are tiles; off-board systems are not on the edge.
    pub fn edge_systems(&self) -> u64 {
        self.edge
    }
}

/// The slots of [`Galaxy::edge_systems`] from the map's cells.
fn edge_slots(cells: &[Cell], slot_at: &[Option<u8>]) -> u64 {
    let mut edge = 0u64;
    for (p, cell) in cells.iter().enumerate() {
        let (Cell::System(_), Some(slot), Some(hex)) = (cell, slot_at[p], Hex::from_position(p)) else { continue };
        let open = Side::ALL
            .iter()
            .any(|&side| hex.step(side).position().and_then(|q| cells.get(q)).is_none_or(|c| *c == Cell::Empty));
        if open {
            edge |= 1 << slot;
        }
    }
    edge
}

/// The tile that takes faction `f`'s home position on the board (Creuss gate, The Sorrow).
pub(crate) fn board_tile_of(content: &Content, f: FactionId) -> Option<SystemId> {
    content.systems.iter().position(|s| s.board_position_of == Some(f)).map(|i| SystemId(i as u8))
}

/// Faction `f`'s home tile, when it has exactly one.
fn unique_home_of(content: &Content, f: FactionId) -> Option<SystemId> {
    let mut it = content.systems.iter().enumerate().filter(|(_, s)| s.home_of == Some(f));
    match (it.next(), it.next()) {
        (Some((i, _)), None) => Some(SystemId(i as u8)),
        _ => None,
    }
}

/// The slots in a mask, lowest first.
pub fn bits(mask: u64) -> impl Iterator<Item = u8> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let b = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(b)
    })
}

#[cfg(test)]
mod tests;
