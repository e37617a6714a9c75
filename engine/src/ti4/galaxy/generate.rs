//! Seeded random galaxies for experiments, on the standard layouts of `maps.json`.
//!
//! Each seat's slice gets the layout's share of blue and red tiles (3 and 2 on every standard
//! layout), dealt from the base (and, by default, PoK) pools. The data records no tile back, so
//! the colour is inferred: a tile is **red** when it has an anomaly or no planet (wormhole-only,
//! empty, asteroid, nebula, supernova, rift tiles; also Cormund 67 and Everra 68, planets in a
//! rift or nebula), **blue** otherwise (wormhole planets such as Quann 25, Lodor 26 and Atlas 64
//! are blue, as printed). Home systems, gates, hyperlanes, Mecatol Rex and `pool_excluded` tiles
//! (the Muaat hero supernova, the Wormhole Nexus) are never dealt.
//!
//! Balance, kept simple: every slice has the same number of blue and red tiles; the slices'
//! planet values (sum over planets of the larger of resources and influence, the community's
//! "optimal" value) differ by at most [`GeneratorOptions::max_value_spread`], reached by greedy
//! swaps between the richest and poorest slice; and no two anomalies touch (sides or hyperlanes).
//! Deals that fail are redrawn; everything draws from the one RNG, so a seed gives one map.

use super::data::{Layout, MapData};
use super::error::{GalaxyError, GalaxyErrorKind as K};
use super::hex::positions_within;
use super::hyperlane::{touching, Occupant};
use super::mapstring::{Cell, MapString};
use crate::ti4::content::{Content, PlanetKind, Source, System};
use crate::ti4::ids::SystemId;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Generator settings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GeneratorOptions {
    /// Deal Prophecy of Kings tiles as well as base-game ones.
    pub pok: bool,
    /// Largest allowed difference between the richest and the poorest slice's planet value.
    pub max_value_spread: u32,
    /// Keep anomalies from touching one another.
    pub anomalies_apart: bool,
    /// Tile deals tried before giving up.
    pub attempts: u32,
}

impl Default for GeneratorOptions {
    fn default() -> Self {
        GeneratorOptions { pok: true, max_value_spread: 2, anomalies_apart: true, attempts: 1000 }
    }
}

/// Arrangements of one deal tried before drawing a new deal.
const ARRANGEMENTS: u32 = 20;

/// A red-backed tile, inferred: an anomaly or no planet (see the module docs).
pub fn is_red(sys: &System) -> bool {
    sys.anomalies != 0 || sys.planets.is_empty()
}

/// A tile's planet value: the sum over its planets of the larger of resources and influence.
pub fn planet_value(content: &Content, tile: SystemId) -> u32 {
    content.systems[tile.idx()]
        .planets
        .iter()
        .map(|p| {
            let p = &content.planets[p.idx()];
            p.resources.max(p.influence) as u32
        })
        .sum()
}

/// The tiles a random galaxy may deal, blue and red, in content order.
pub fn pools(content: &Content, data: &MapData, pok: bool) -> (Vec<SystemId>, Vec<SystemId>) {
    let (mut blue, mut red) = (Vec::new(), Vec::new());
    for (i, s) in content.systems.iter().enumerate() {
        let source_ok = s.source == Source::Base || (pok && s.source == Source::Pok);
        let mecatol = s.planets.iter().any(|p| content.planets[p.idx()].kind == PlanetKind::MecatolRex);
        if !source_ok
            || s.hyperlane
            || s.home_of.is_some()
            || s.board_position_of.is_some()
            || mecatol
            || data.pool_excluded.contains(&s.key)
        {
            continue;
        }
        if is_red(s) {
            red.push(SystemId(i as u8));
        } else {
            blue.push(SystemId(i as u8));
        }
    }
    (blue, red)
}

/// A random map for `players` on the standard layout, homes left as placeholders (fill them with
/// [`MapString::fill_homes`]); embedded map data and default options.
pub fn random_map(content: &Content, players: usize, seed: u64) -> Result<MapString, GalaxyError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    generate(content, MapData::embedded(), players, &mut rng, &GeneratorOptions::default())
}

/// A random map for `players` on the standard layout of `data`, drawing from `rng`.
pub fn generate<R: Rng + ?Sized>(
    content: &Content,
    data: &MapData,
    players: usize,
    rng: &mut R,
    opts: &GeneratorOptions,
) -> Result<MapString, GalaxyError> {
    let layout = data.layout(players)?;
    let (mut blue, mut red) = pools(content, data, opts.pok);
    let (nb, nr) = (layout.blue_per_slice as usize, layout.red_per_slice as usize);
    for (colour, needed, available) in [("blue", nb * players, blue.len()), ("red", nr * players, red.len())] {
        if needed > available {
            return Err(GalaxyError::map(K::PoolTooSmall { colour, needed, available }));
        }
    }
    let touch = layout_touching(data, layout);
    let values: Vec<u32> = (0..content.systems.len()).map(|t| planet_value(content, SystemId(t as u8))).collect();
    let anomalous = |t: SystemId| content.systems[t.idx()].anomalies != 0;
    for _ in 0..opts.attempts {
        shuffle(&mut blue, rng);
        shuffle(&mut red, rng);
        let mut deal: Vec<Vec<SystemId>> = (0..players)
            .map(|i| blue[i * nb..(i + 1) * nb].iter().chain(&red[i * nr..(i + 1) * nr]).copied().collect())
            .collect();
        if balance(&mut deal, &values, nb) > opts.max_value_spread {
            continue;
        }
        for _ in 0..ARRANGEMENTS {
            let mut cells = skeleton(content, layout)?;
            for (slice, tiles) in layout.slices.iter().zip(deal.iter_mut()) {
                shuffle(tiles, rng);
                for (&p, &t) in slice.iter().zip(tiles.iter()) {
                    cells[p] = Cell::System(t);
                }
            }
            let apart = !opts.anomalies_apart
                || (0..cells.len()).all(|p| match cells[p] {
                    Cell::System(t) if anomalous(t) => {
                        super::bits(touch[p]).all(|q| !matches!(cells[q as usize], Cell::System(u) if anomalous(u)))
                    }
                    _ => true,
                });
            if apart {
                return MapString::from_cells(content, cells);
            }
        }
    }
    Err(GalaxyError::map(K::NoValidMap { attempts: opts.attempts }))
}

/// Fisher-Yates, written out so the sequence a seed gives does not depend on `rand`'s helpers.
fn shuffle<T, R: Rng + ?Sized>(v: &mut [T], rng: &mut R) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

/// Greedy swaps (blue for blue, red for red) between the richest and poorest slice while the
/// spread shrinks; returns the final spread. Tiles `..nb` of a slice are blue.
fn balance(deal: &mut [Vec<SystemId>], values: &[u32], nb: usize) -> u32 {
    let total = |s: &[SystemId]| s.iter().map(|t| values[t.idx()]).sum::<u32>();
    loop {
        let sums: Vec<u32> = deal.iter().map(|s| total(s)).collect();
        let hi = (0..sums.len()).max_by_key(|&i| (sums[i], std::cmp::Reverse(i))).unwrap_or(0);
        let lo = (0..sums.len()).min_by_key(|&i| (sums[i], i)).unwrap_or(0);
        let gap = sums[hi] - sums[lo];
        // The swap moving value d from hi to lo that best halves the gap, same colour only.
        let mut best: Option<(u32, usize, usize)> = None;
        for a in 0..deal[hi].len() {
            for b in 0..deal[lo].len() {
                if (a < nb) != (b < nb) {
                    continue;
                }
                let (va, vb) = (values[deal[hi][a].idx()], values[deal[lo][b].idx()]);
                if va <= vb || va - vb >= gap {
                    continue;
                }
                let d = va - vb;
                let new_gap = (gap as i64 - 2 * d as i64).unsigned_abs() as u32;
                if best.is_none_or(|(g, _, _)| new_gap < g) {
                    best = Some((new_gap, a, b));
                }
            }
        }
        match best {
            Some((_, a, b)) => {
                let (x, y) = (deal[hi][a], deal[lo][b]);
                deal[hi][a] = y;
                deal[lo][b] = x;
            }
            None => return spread(deal, values),
        }
        if spread(deal, values) >= gap {
            return spread(deal, values);
        }
    }
}

fn spread(deal: &[Vec<SystemId>], values: &[u32]) -> u32 {
    let sums: Vec<u32> = deal.iter().map(|s| s.iter().map(|t| values[t.idx()]).sum()).collect();
    sums.iter().max().copied().unwrap_or(0) - sums.iter().min().copied().unwrap_or(0)
}

/// The layout's fixed cells: Mecatol Rex, home placeholders, hyperlanes; slices left empty.
fn skeleton(content: &Content, layout: &Layout) -> Result<Vec<Cell>, GalaxyError> {
    let mut cells = vec![Cell::Empty; positions_within(layout.rings)];
    cells[0] = Cell::System(content.system("18").ok_or_else(|| GalaxyError::at(0, K::UnknownTile("18".into())))?);
    for &h in &layout.homes {
        cells[h] = Cell::Home;
    }
    for (p, key, rotation) in &layout.hyperlanes {
        let tile = content.system(key).ok_or_else(|| GalaxyError::at(*p, K::UnknownTile(key.clone())))?;
        cells[*p] = Cell::Hyperlane { tile, rotation: *rotation };
    }
    Ok(cells)
}

/// Which positions of the layout touch (sides and hyperlanes), with every slice position a system.
fn layout_touching(data: &MapData, layout: &Layout) -> Vec<u64> {
    let mut occ = vec![Occupant::Nothing; positions_within(layout.rings)];
    occ[0] = Occupant::System;
    for &p in layout.homes.iter().chain(layout.slices.iter().flatten()) {
        occ[p] = Occupant::System;
    }
    for (p, key, rot) in &layout.hyperlanes {
        occ[*p] = Occupant::Hyperlane(&data.hyperlanes[key], *rot);
    }
    touching(&occ)
}
