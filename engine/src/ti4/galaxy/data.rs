//! The map data file `engine/data/maps.json`: hyperlane lanes, the standard layouts for 3 to 8
//! players, and the tiles kept out of random galaxies. Embedded by default; [`MapData::parse`]
//! reads a designer's edit. Errors name the field and the problem.

use super::error::{GalaxyError, GalaxyErrorKind as K};
use super::hex::{positions_within, Side, MAX_RINGS};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The embedded `maps.json`.
pub const EMBEDDED_MAPS: &str = include_str!("../../../data/maps.json");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMaps {
    #[serde(rename = "_about")]
    _about: Vec<String>,
    hyperlanes: BTreeMap<String, Vec<String>>,
    pool_excluded: Vec<String>,
    wormhole_nexus: String,
    layouts: Vec<RawLayout>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLayout {
    players: usize,
    rings: u8,
    blue_per_slice: u8,
    red_per_slice: u8,
    homes: Vec<usize>,
    slices: Vec<Vec<usize>>,
    hyperlanes: BTreeMap<String, String>,
}

/// A standard layout: where homes go, which open positions make each seat's slice, and the fixed
/// hyperlane tiles. Every other position off the centre is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Players seated.
    pub players: usize,
    /// Rings around the centre (3, or 4 for 7 and 8 players).
    pub rings: u8,
    /// Home positions, seat 0 first, clockwise from north.
    pub homes: Vec<usize>,
    /// Per seat, the open positions of its slice.
    pub slices: Vec<Vec<usize>>,
    /// Fixed hyperlane tiles: position, tile key (`83a`), rotation.
    pub hyperlanes: Vec<(usize, String, u8)>,
    /// Blue-backed (planet) tiles dealt to each slice.
    pub blue_per_slice: u8,
    /// Red-backed (anomaly, wormhole or empty) tiles dealt to each slice.
    pub red_per_slice: u8,
}

/// Compiled map data.
#[derive(Clone, Debug)]
pub struct MapData {
    /// Lanes of each hyperlane tile side at rotation 0, keyed as in `systems.json` (`83a`).
    pub hyperlanes: BTreeMap<String, Vec<(Side, Side)>>,
    /// Base / PoK tiles never dealt into a random galaxy.
    pub pool_excluded: Vec<String>,
    /// The Wormhole Nexus tile placed off the board at setup (inactive side).
    pub wormhole_nexus: String,
    /// Standard layouts by player count.
    pub layouts: Vec<Layout>,
}

fn bad(field: String, msg: impl Into<String>) -> GalaxyError {
    GalaxyError::map(K::Data(format!("{field}: {}", msg.into())))
}

impl MapData {
    /// The embedded map data, compiled once per process.
    pub fn embedded() -> &'static MapData {
        static D: OnceLock<MapData> = OnceLock::new();
        D.get_or_init(|| MapData::parse(EMBEDDED_MAPS).expect("embedded maps.json is valid"))
    }

    /// Parses and checks a `maps.json` text.
    pub fn parse(text: &str) -> Result<MapData, GalaxyError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let raw: RawMaps =
            serde_path_to_error::deserialize(de).map_err(|e| bad(e.path().to_string(), e.to_string()))?;
        let mut hyperlanes = BTreeMap::new();
        for (key, lanes) in &raw.hyperlanes {
            let mut v = Vec::new();
            for (i, l) in lanes.iter().enumerate() {
                let field = format!("hyperlanes.{key}[{i}]");
                let (a, b) = l.split_once('-').ok_or_else(|| bad(field.clone(), format!("'{l}' is not side-side")))?;
                match (Side::parse(a), Side::parse(b)) {
                    (Some(a), Some(b)) if a != b => v.push((a, b)),
                    _ => return Err(bad(field, format!("'{l}' needs two different sides of n ne se s sw nw"))),
                }
            }
            hyperlanes.insert(key.clone(), v);
        }
        let mut layouts = Vec::new();
        for (li, l) in raw.layouts.iter().enumerate() {
            layouts.push(layout(li, l, &hyperlanes)?);
        }
        Ok(MapData { hyperlanes, pool_excluded: raw.pool_excluded, wormhole_nexus: raw.wormhole_nexus, layouts })
    }

    /// The standard layout for `players` players.
    pub fn layout(&self, players: usize) -> Result<&Layout, GalaxyError> {
        self.layouts.iter().find(|l| l.players == players).ok_or_else(|| GalaxyError::map(K::NoLayout(players)))
    }
}

fn layout(li: usize, l: &RawLayout, lanes: &BTreeMap<String, Vec<(Side, Side)>>) -> Result<Layout, GalaxyError> {
    let f = |field: &str| format!("layouts[{li}].{field}");
    if l.rings == 0 || l.rings > MAX_RINGS {
        return Err(bad(f("rings"), format!("{} rings; 1 to {MAX_RINGS} allowed", l.rings)));
    }
    if l.homes.len() != l.players || l.slices.len() != l.players {
        return Err(bad(f("homes"), format!("{} players need as many homes and slices", l.players)));
    }
    let limit = positions_within(l.rings);
    let mut used = vec![false; limit];
    used[0] = true;
    let mut take = |p: usize, field: String| -> Result<(), GalaxyError> {
        if p >= limit {
            return Err(bad(field, format!("position {p} is outside {} rings", l.rings)));
        }
        if std::mem::replace(&mut used[p], true) {
            return Err(bad(field, format!("position {p} is used twice")));
        }
        Ok(())
    };
    for &p in &l.homes {
        take(p, f("homes"))?;
    }
    for (s, slice) in l.slices.iter().enumerate() {
        if slice.len() != (l.blue_per_slice + l.red_per_slice) as usize {
            return Err(bad(f(&format!("slices[{s}]")), "slice size differs from blue_per_slice + red_per_slice"));
        }
        for &p in slice {
            take(p, f(&format!("slices[{s}]")))?;
        }
    }
    let mut hyperlanes = Vec::new();
    for (pos, tok) in &l.hyperlanes {
        let field = f(&format!("hyperlanes.{pos}"));
        let p: usize = pos.parse().map_err(|_| bad(field.clone(), "position is not a number"))?;
        take(p, field.clone())?;
        let (key, rot) = tok.split_at(tok.len().saturating_sub(1));
        let rot = rot.parse::<u8>().ok().filter(|&r| r < 6);
        match rot {
            Some(r) if lanes.contains_key(key) => hyperlanes.push((p, key.to_string(), r)),
            _ => return Err(bad(field, format!("'{tok}' is not a hyperlane key with a rotation digit 0-5"))),
        }
    }
    Ok(Layout {
        players: l.players,
        rings: l.rings,
        homes: l.homes.clone(),
        slices: l.slices.clone(),
        hyperlanes,
        blue_per_slice: l.blue_per_slice,
        red_per_slice: l.red_per_slice,
    })
}
