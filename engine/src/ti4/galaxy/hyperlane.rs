//! Physical adjacency of map positions: shared sides (Rules Reference 6) and hyperlanes (44).
//!
//! Hyperlane tiles are not systems (44.2): they get no board slot. Each carries lanes joining two
//! of its sides; systems joined by a line across one or more hyperlane tiles are adjacent (44.1).
//! Lanes are followed from a system's side through chains of hyperlane tiles; a lane that runs
//! off the map or into an empty position joins nothing.

use super::data::MapData;
use super::hex::{Hex, Side};
use super::mapstring::Cell;
use crate::ti4::content::Content;

/// What occupies a position, for adjacency.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Occupant<'a> {
    /// Nothing: an empty position (or beyond the map).
    Nothing,
    /// A system (or a home placeholder, which becomes one).
    System,
    /// A hyperlane tile's lanes at rotation 0, and its rotation.
    Hyperlane(&'a [(Side, Side)], u8),
}

/// The occupants of a map's cells; hyperlane lanes come from the map data.
pub(crate) fn occupants<'a>(
    content: &Content,
    data: &'a MapData,
    cells: &[Cell],
) -> Result<Vec<Occupant<'a>>, super::GalaxyError> {
    cells
        .iter()
        .enumerate()
        .map(|(p, c)| {
            Ok(match *c {
                Cell::Empty => Occupant::Nothing,
                Cell::Home | Cell::System(_) => Occupant::System,
                Cell::Hyperlane { tile, rotation } => {
                    let key = &content.systems[tile.idx()].key;
                    let lanes = data.hyperlanes.get(key).ok_or_else(|| {
                        super::GalaxyError::at(p, super::GalaxyErrorKind::UnknownHyperlane(key.clone()))
                    })?;
                    Occupant::Hyperlane(lanes, rotation)
                }
            })
        })
        .collect()
}

/// For each position, the positions of the systems it touches (bit `p` = position `p`; maps hold
/// at most 61 positions): sides shared with a system, and systems at the far end of hyperlane
/// lanes. Positions that are not systems touch nothing.
pub(crate) fn touching(occ: &[Occupant]) -> Vec<u64> {
    let at = |h: Hex| -> Option<usize> { h.position().filter(|&p| p < occ.len()) };
    let mut out = vec![0u64; occ.len()];
    for (p, o) in occ.iter().enumerate() {
        if !matches!(o, Occupant::System) {
            continue;
        }
        let hex = Hex::from_position(p).expect("map positions lie within the rings");
        for side in Side::ALL {
            let Some(q) = at(hex.step(side)) else { continue };
            match occ[q] {
                Occupant::Nothing => {}
                Occupant::System => out[p] |= 1 << q,
                Occupant::Hyperlane(..) => {
                    // (position, entry side) pairs already followed: a cycle guard.
                    let mut seen = [false; super::hex::MAX_POSITIONS * 6];
                    follow(occ, q, side.opposite(), p, &mut out[p], &mut seen);
                }
            }
        }
    }
    out
}

/// Follows the lanes of the hyperlane at `q` entered through `entry`, marking systems reached.
fn follow(occ: &[Occupant], q: usize, entry: Side, origin: usize, reached: &mut u64, seen: &mut [bool]) {
    if std::mem::replace(&mut seen[q * 6 + entry as usize], true) {
        return;
    }
    let Occupant::Hyperlane(lanes, rot) = occ[q] else { return };
    let hex = Hex::from_position(q).expect("map positions lie within the rings");
    for &(a, b) in lanes {
        let (a, b) = (a.rotated(rot), b.rotated(rot));
        let exit = if a == entry {
            b
        } else if b == entry {
            a
        } else {
            continue;
        };
        let Some(next) = hex.step(exit).position().filter(|&n| n < occ.len()) else { continue };
        match occ[next] {
            Occupant::Nothing => {}
            Occupant::System => {
                if next != origin {
                    *reached |= 1 << next;
                }
            }
            Occupant::Hyperlane(..) => follow(occ, next, exit.opposite(), origin, reached, seen),
        }
    }
}
