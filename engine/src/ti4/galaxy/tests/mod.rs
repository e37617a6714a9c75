//! Galaxy tests: map strings, hex numbering, adjacency (sides, hyperlanes, wormholes, off-board
//! homes), anomalies, standard layouts and the generator. Each test names the rule it checks.

mod adjacency;
mod anomaly;
mod generate;
mod maps;

use super::*;
use crate::ti4::content::Content;
use std::sync::Arc;

/// A standard 6-player map written down by hand: homes are the six `0`s on ring 3 (positions
/// 19, 22, 25, 28, 31, 34); Lodor (26, alpha) at 1 and the alpha wormhole (39) at 12; Quann (25,
/// beta) at 20 and the beta wormhole (40) at 26; nebula 42 at 3, gravity rift 41 at 5.
pub(super) const SIX: &str = "26 33 42 27 41 36 \
    19 44 30 47 20 39 32 46 34 43 21 48 \
    0 25 45 0 35 22 0 40 37 0 23 49 0 38 24 0 50 28";

pub(super) fn content() -> Arc<Content> {
    Content::embedded()
}

pub(super) fn sys(c: &Content, key: &str) -> SystemId {
    c.system(key).unwrap_or_else(|| panic!("no system {key}"))
}

/// Sol, Letnev, Hacan, Creuss, Jol-Nar, Muaat, seats 0-5.
pub(super) fn six_homes(c: &Content) -> Vec<SystemId> {
    ["01", "10", "16", "51", "12", "04"].iter().map(|k| sys(c, k)).collect()
}

pub(super) fn six(c: &Content) -> Galaxy {
    Galaxy::from_tts(c, SIX, &six_homes(c)).expect("the written-down map builds")
}

/// The slot at a position (panics when there is none).
pub(super) fn at(g: &Galaxy, position: usize) -> u8 {
    g.slot_at(position).unwrap_or_else(|| panic!("no system at position {position}"))
}

/// The positions of the slots in a mask (off-board slots as 100 + slot).
pub(super) fn positions(g: &Galaxy, mask: u64) -> Vec<usize> {
    let mut v: Vec<usize> = bits(mask).map(|s| g.position(s).unwrap_or(100 + s as usize)).collect();
    v.sort_unstable();
    v
}
