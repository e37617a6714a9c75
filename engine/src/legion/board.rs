//! The board (digest §6.2): a grid of 3-inch cells (24 x 12, or 16 x 8 for skirmish), the
//! terrain layouts, the range-band table, line of sight along a supercover line, cover, and
//! movement reach.
//!
//! Faithful in spirit: range bands of 6 inches between cell centres (half range is 3 inches:
//! the same or an orthogonally adjacent cell); blocking terrain stops LOS and movement;
//! difficult terrain slows; light and heavy cover; ground vehicles block LOS and give heavy
//! cover; POI tokens are heavy cover and cannot be entered.
//!
//! Simplified (documented choices):
//! - the layouts are point-symmetric: the upper half is the lower half turned 180 degrees;
//! - LOS is binary per unit: the segment between cell centres is walked as a supercover line;
//!   any intermediate blocking cell blocks it, and where the line passes exactly through a
//!   corner it is blocked only if *both* corner cells block;
//! - a ground vehicle on the line blocks LOS, unless it is within half range of the defender,
//!   where it gives heavy cover instead (the defender is partly visible beside it);
//! - a defender has cover when it stands in a cover cell, or when the line touches a cover
//!   cell (or a POI, a half-blocking corner, a ground vehicle) within half range of it that is
//!   not within half range of the attacker;
//! - a move is up to `speed` king steps through free cells; entering a difficult cell costs 2
//!   steps (the lite form of "-1 speed"); units, POIs and blocking cells cannot be entered;
//! - a deploy move starts off the owner's edge (entering the edge row is the first step).

use super::options::BoardSize;

/// Most cells of any board (24 x 12).
pub const MAX_CELLS: usize = 288;
/// A cell index `y * width + x`.
pub type Cell = u16;
/// No cell: an undeployed or defeated unit.
pub const NO_CELL: Cell = u16::MAX;

/// Terrain of a cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Terrain {
    /// Open ground.
    Open,
    /// Difficult terrain: entering costs 2 steps.
    Difficult,
    /// Blocking: impassable and blocks LOS.
    Blocking,
    /// Light cover (scatter).
    Light,
    /// Heavy cover (barricade).
    Heavy,
}

/// A set of cells (bits of five words).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CellSet(pub [u64; 5]);

impl CellSet {
    /// Adds `c`.
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[c as usize / 64] |= 1 << (c % 64);
    }
    /// True when `c` is in the set.
    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        c != NO_CELL && self.0[c as usize / 64] & (1 << (c % 64)) != 0
    }
    /// The cells, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..5).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    (w * 64) as Cell + b as Cell
                })
            })
        })
    }
    /// Number of cells.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 5]
    }
}

/// A board: size and terrain (the lower half; the upper half is it turned 180 degrees).
#[derive(Debug)]
pub struct Geometry {
    /// Columns.
    pub w: u8,
    /// Rows (row 0 is player 0's edge).
    pub h: u8,
    lower: &'static [&'static [u8]],
    /// POI cells of P1 "Hold the Line" (flank, centre, flank).
    pub hold_the_line: [Cell; 3],
    /// POI cells of P2 "Breakthrough" (player 0's Territory, centre, player 1's Territory).
    pub breakthrough: [Cell; 3],
}

// Legend: '.' open, 'd' difficult, '#' blocking, 'l' light cover, 'h' heavy cover.
const STANDARD_LOWER: [&[u8]; 6] = [
    b"........................",
    b"...........d............",
    b"..l....h.......d....l...",
    b".....##......hh......#..",
    b"..d.....l..........h....",
    b"........##....l....##...",
];
const SKIRMISH_LOWER: [&[u8]; 4] = [b"................", b"....l......d....", b"..##...h.....l..", b".....d....##...."];

/// The standard 24 x 12 board.
pub static STANDARD: Geometry = Geometry {
    w: 24,
    h: 12,
    lower: &STANDARD_LOWER,
    hold_the_line: [6 * 24 + 5, 5 * 24 + 11, 5 * 24 + 18],
    breakthrough: [24 + 12, 5 * 24 + 11, 10 * 24 + 11],
};
/// The 16 x 8 skirmish board.
pub static SKIRMISH: Geometry = Geometry {
    w: 16,
    h: 8,
    lower: &SKIRMISH_LOWER,
    hold_the_line: [4 * 16 + 3, 3 * 16 + 7, 3 * 16 + 12],
    breakthrough: [16 + 8, 3 * 16 + 7, 6 * 16 + 7],
};

/// The board of `size`.
pub fn geometry(size: BoardSize) -> &'static Geometry {
    match size {
        BoardSize::Standard => &STANDARD,
        BoardSize::Skirmish => &SKIRMISH,
    }
}

/// Range band by |dx|, |dy| (cells): the least k in 1..=5 with distance <= 6k inches, 6 when
/// beyond range 5. Precomputed once at compile time.
const BAND: [[u8; 12]; 24] = {
    let mut t = [[6u8; 12]; 24];
    let mut dx = 0;
    while dx < 24 {
        let mut dy = 0;
        while dy < 12 {
            let d2 = dx * dx + dy * dy;
            let mut k = 5;
            while k >= 1 && d2 <= 4 * k * k {
                t[dx][dy] = k as u8;
                k -= 1;
            }
            dy += 1;
        }
        dx += 1;
    }
    t
};

impl Geometry {
    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.w as usize * self.h as usize
    }
    /// Column and row of `c`.
    #[inline]
    pub fn xy(&self, c: Cell) -> (i32, i32) {
        ((c % self.w as u16) as i32, (c / self.w as u16) as i32)
    }
    /// The cell at column `x`, row `y`, if on the board.
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> Option<Cell> {
        (x >= 0 && y >= 0 && x < self.w as i32 && y < self.h as i32).then(|| (y * self.w as i32 + x) as Cell)
    }
    /// Terrain of `c`.
    pub fn terrain(&self, c: Cell) -> Terrain {
        let (x, y) = self.xy(c);
        let half = self.h as i32 / 2;
        let b = if y < half {
            self.lower[y as usize][x as usize]
        } else {
            self.lower[(self.h as i32 - 1 - y) as usize][(self.w as i32 - 1 - x) as usize]
        };
        match b {
            b'd' => Terrain::Difficult,
            b'#' => Terrain::Blocking,
            b'l' => Terrain::Light,
            b'h' => Terrain::Heavy,
            _ => Terrain::Open,
        }
    }
    /// Squared distance in cells.
    #[inline]
    pub fn d2(&self, a: Cell, b: Cell) -> i32 {
        let ((ax, ay), (bx, by)) = (self.xy(a), self.xy(b));
        (ax - bx) * (ax - bx) + (ay - by) * (ay - by)
    }
    /// Range band from `a` to `b` (1..=5, 6 beyond range 5), from the precomputed table.
    #[inline]
    pub fn band(&self, a: Cell, b: Cell) -> u8 {
        let ((ax, ay), (bx, by)) = (self.xy(a), self.xy(b));
        BAND[(ax - bx).unsigned_abs() as usize][(ay - by).unsigned_abs() as usize]
    }
    /// Within half range (3 inches): the same or an orthogonally adjacent cell.
    #[inline]
    pub fn within_half(&self, a: Cell, b: Cell) -> bool {
        self.d2(a, b) <= 1
    }
    /// Melee reach: king-adjacent cells (base contact in the lite game).
    #[inline]
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        a != b && self.d2(a, b) <= 2
    }
    /// True when row `y` is in `player`'s Territory (their 3 edge rows).
    pub fn in_territory(&self, player: usize, c: Cell) -> bool {
        let y = self.xy(c).1;
        if player == 0 {
            y < 3
        } else {
            y >= self.h as i32 - 3
        }
    }

    /// Walks the supercover line from `a` to `b`, calling `visit(cell, other)` for every
    /// intermediate cell; at an exact corner crossing both corner cells are passed together
    /// (`other` is the second one). Endpoints are not visited.
    pub fn line(&self, a: Cell, b: Cell, mut visit: impl FnMut(Cell, Option<Cell>)) {
        let ((mut x, mut y), (bx, by)) = (self.xy(a), self.xy(b));
        let (dx, dy) = (bx - x, by - y);
        let (nx, ny) = (dx.abs(), dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        let (mut ix, mut iy) = (0, 0);
        while ix < nx || iy < ny {
            let decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
            if decision == 0 {
                let c1 = self.at(x + sx, y).expect("on board");
                let c2 = self.at(x, y + sy).expect("on board");
                x += sx;
                y += sy;
                ix += 1;
                iy += 1;
                visit(c1, Some(c2));
            } else if decision < 0 {
                x += sx;
                ix += 1;
            } else {
                y += sy;
                iy += 1;
            }
            if (x, y) != (bx, by) {
                visit(self.at(x, y).expect("on board"), None);
            }
        }
    }

    /// Line of sight and cover from `from` to `to` (see the module docs). `vehicles` holds the
    /// cells of ground vehicles, `pois` the POI cells. Cover is 0, 1 (light) or 2 (heavy),
    /// before suppression, Cover X and Sharpshooter.
    pub fn sight(&self, from: Cell, to: Cell, vehicles: &CellSet, pois: &CellSet) -> Sight {
        let mut visible = true;
        let mut cover = match self.terrain(to) {
            Terrain::Light => 1,
            Terrain::Heavy => 2,
            _ => 0,
        };
        let blocks =
            |c: Cell| self.terrain(c) == Terrain::Blocking || (vehicles.contains(c) && !self.within_half(c, to));
        let gives = |c: Cell| -> u8 {
            if !self.within_half(c, to) || self.within_half(c, from) {
                return 0;
            }
            if pois.contains(c) || vehicles.contains(c) {
                return 2;
            }
            match self.terrain(c) {
                Terrain::Light => 1,
                Terrain::Heavy | Terrain::Blocking => 2,
                _ => 0,
            }
        };
        self.line(from, to, |c, other| match other {
            None => {
                if blocks(c) {
                    visible = false;
                }
                cover = cover.max(gives(c));
            }
            Some(o) => {
                if blocks(c) && blocks(o) {
                    visible = false;
                }
                cover = cover.max(gives(c)).max(gives(o));
            }
        });
        Sight { visible, cover }
    }

    /// The cells a move of `speed` steps can end in, from `from`, or for a deploy move
    /// (`from == NO_CELL`) from off `player`'s edge. `blocked` holds cells that cannot be
    /// entered besides blocking terrain (units, POIs).
    pub fn reach(&self, from: Cell, player: usize, speed: u8, blocked: &CellSet) -> CellSet {
        let mut cost = [u8::MAX; MAX_CELLS];
        let mut out = CellSet::default();
        let n = self.cells();
        let enter = |c: Cell| -> Option<u8> {
            match self.terrain(c) {
                Terrain::Blocking => None,
                _ if blocked.contains(c) => None,
                Terrain::Difficult => Some(2),
                _ => Some(1),
            }
        };
        if from == NO_CELL {
            let y = if player == 0 { 0 } else { self.h as i32 - 1 };
            for x in 0..self.w as i32 {
                let c = self.at(x, y).expect("edge");
                if let Some(k) = enter(c).filter(|&k| k <= speed) {
                    cost[c as usize] = k;
                }
            }
        } else {
            cost[from as usize] = 0;
        }
        for k in 0..speed {
            for c in 0..n as Cell {
                if cost[c as usize] != k {
                    continue;
                }
                let (x, y) = self.xy(c);
                for (ddx, ddy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                    let Some(d) = self.at(x + ddx, y + ddy) else { continue };
                    if let Some(e) = enter(d) {
                        let total = k + e;
                        if total <= speed && total < cost[d as usize] {
                            cost[d as usize] = total;
                        }
                    }
                }
            }
        }
        for c in 0..n as Cell {
            if cost[c as usize] != u8::MAX && c != from {
                out.insert(c);
            }
        }
        out
    }
}

/// Result of [`Geometry::sight`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sight {
    /// Line of sight exists.
    pub visible: bool,
    /// Cover 0 (none), 1 (light) or 2 (heavy) from terrain, POIs and vehicles.
    pub cover: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY_LOWER: [&[u8]; 2] = [b"......", b"#....."];
    /// 6 x 4: (0,1) blocking, and by symmetry (5,2).
    static TINY: Geometry = Geometry { w: 6, h: 4, lower: &TINY_LOWER, hold_the_line: [0; 3], breakthrough: [0; 3] };

    fn c(g: &Geometry, x: i32, y: i32) -> Cell {
        g.at(x, y).expect("on board")
    }

    #[test]
    fn range_bands_are_six_inch_steps_between_cell_centres() {
        let g = &STANDARD;
        let band = |dx, dy| g.band(c(g, 0, 0), c(g, dx, dy));
        assert_eq!([band(0, 0), band(2, 0), band(3, 0), band(4, 0), band(5, 0)], [1, 1, 2, 2, 3]);
        assert_eq!([band(10, 0), band(11, 0), band(6, 8)], [5, 6, 5]);
        assert!(g.within_half(c(g, 0, 0), c(g, 1, 0)) && !g.within_half(c(g, 0, 0), c(g, 1, 1)));
        assert!(g.adjacent(c(g, 0, 0), c(g, 1, 1)) && !g.adjacent(c(g, 0, 0), c(g, 0, 0)));
    }

    #[test]
    fn supercover_line_passes_both_cells_at_a_corner() {
        let g = &TINY;
        let mut seen = Vec::new();
        g.line(c(g, 0, 0), c(g, 2, 2), |a, b| seen.push((g.xy(a), b.map(|b| g.xy(b)))));
        assert_eq!(seen, [((1, 0), Some((0, 1))), ((1, 1), None), ((2, 1), Some((1, 2)))]);
        let mut seen = Vec::new();
        g.line(c(g, 0, 0), c(g, 3, 1), |a, b| seen.push((g.xy(a), b.is_some())));
        // The line crosses the corner at (2, 1) exactly.
        assert_eq!(seen, [((1, 0), false), ((2, 0), true), ((2, 1), false)]);
    }

    #[test]
    fn los_at_a_corner_is_blocked_only_when_both_cells_block() {
        let g = &TINY;
        let none = CellSet::default();
        // (0,0) -> (1,2) passes (0,1), blocking.
        assert!(!g.sight(c(g, 0, 0), c(g, 0, 2), &none, &none).visible);
        // (0,0) -> (1,1): the corner pair (1,0) open and (0,1) blocking: visible, and the
        // half-blocking corner next to the defender gives heavy cover.
        let s = g.sight(c(g, 0, 0), c(g, 1, 1), &none, &none);
        assert!(s.visible);
        let mut veh = CellSet::default();
        veh.insert(c(g, 1, 0));
        // A vehicle in the other corner cell: it is within half range of the defender, so it
        // gives cover instead of blocking; nothing blocks the line outright.
        assert!(g.sight(c(g, 0, 0), c(g, 1, 1), &veh, &none).visible);
    }

    #[test]
    fn los_blocked_by_blocking_terrain_on_the_standard_board() {
        let g = &STANDARD;
        let none = CellSet::default();
        assert_eq!(g.terrain(c(g, 5, 3)), Terrain::Blocking);
        assert!(!g.sight(c(g, 5, 1), c(g, 5, 5), &none, &none).visible);
        assert!(g.sight(c(g, 0, 0), c(g, 0, 5), &none, &none).visible);
    }

    #[test]
    fn cover_from_standing_in_it_or_from_terrain_next_to_the_defender() {
        let g = &STANDARD;
        let none = CellSet::default();
        assert_eq!(g.terrain(c(g, 2, 2)), Terrain::Light);
        assert_eq!(g.sight(c(g, 2, 7), c(g, 2, 2), &none, &none), Sight { visible: true, cover: 1 });
        assert_eq!(g.terrain(c(g, 7, 2)), Terrain::Heavy);
        assert_eq!(g.sight(c(g, 7, 6), c(g, 7, 1), &none, &none), Sight { visible: true, cover: 2 });
        // The attacker within half range of the barricade: it does not obscure.
        assert_eq!(g.sight(c(g, 7, 3), c(g, 7, 1), &none, &none), Sight { visible: true, cover: 0 });
        // Open ground: no cover.
        assert_eq!(g.sight(c(g, 0, 6), c(g, 0, 1), &none, &none), Sight { visible: true, cover: 0 });
    }

    #[test]
    fn ground_vehicles_block_los_or_give_heavy_cover_next_to_the_defender() {
        let g = &STANDARD;
        let none = CellSet::default();
        let mut veh = CellSet::default();
        veh.insert(c(g, 0, 2));
        assert_eq!(g.sight(c(g, 0, 6), c(g, 0, 1), &veh, &none), Sight { visible: true, cover: 2 });
        let mut veh = CellSet::default();
        veh.insert(c(g, 0, 4));
        assert!(!g.sight(c(g, 0, 6), c(g, 0, 1), &veh, &none).visible);
        let mut pois = CellSet::default();
        pois.insert(c(g, 0, 2));
        assert_eq!(g.sight(c(g, 0, 6), c(g, 0, 1), &none, &pois).cover, 2, "POIs are heavy cover");
    }

    #[test]
    fn moves_pay_two_steps_into_difficult_terrain_and_deploy_from_the_edge() {
        let g = &STANDARD;
        let none = CellSet::default();
        assert_eq!(g.terrain(c(g, 11, 1)), Terrain::Difficult);
        assert!(!g.reach(c(g, 10, 1), 0, 1, &none).contains(c(g, 11, 1)));
        assert!(g.reach(c(g, 10, 1), 0, 2, &none).contains(c(g, 11, 1)));
        assert_eq!(g.reach(c(g, 10, 1), 0, 1, &none).len(), 7, "8 neighbours, one difficult");
        let deploy = g.reach(NO_CELL, 0, 2, &none);
        assert!(deploy.iter().all(|x| g.xy(x).1 <= 1) && deploy.contains(c(g, 0, 1)));
        let deploy = g.reach(NO_CELL, 1, 2, &none);
        assert!(deploy.iter().all(|x| g.xy(x).1 >= 10));
        let mut units = CellSet::default();
        units.insert(c(g, 9, 1));
        assert!(!g.reach(c(g, 10, 1), 0, 1, &units).contains(c(g, 9, 1)));
    }

    #[test]
    fn boards_are_point_symmetric_and_pois_are_free() {
        for g in [&STANDARD, &SKIRMISH] {
            for cell in 0..g.cells() as Cell {
                let (x, y) = g.xy(cell);
                let mirror = g.at(g.w as i32 - 1 - x, g.h as i32 - 1 - y).expect("mirror");
                assert_eq!(g.terrain(cell), g.terrain(mirror));
            }
            for p in g.hold_the_line.iter().chain(&g.breakthrough) {
                assert_eq!(g.terrain(*p), Terrain::Open);
            }
            assert!(g.in_territory(0, g.breakthrough[0]) && g.in_territory(1, g.breakthrough[2]));
        }
    }
}
