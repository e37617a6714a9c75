//! Hex coordinates of the board (Rules Reference 6 "Adjacency": systems sharing a side are adjacent).
//!
//! TI4 tiles are flat-topped hexes: each has a side facing north, north-east, south-east, south,
//! south-west and north-west. Coordinates are axial `(q, r)` with north `(0, -1)` and south-east
//! `(1, 0)`. Positions are numbered as in Tabletop Simulator map strings: 0 is the centre, then
//! ring 1 (positions 1-6), ring 2 (7-18), ring 3 (19-36), ring 4 (37-60), each ring clockwise
//! starting from the hex straight north of the centre.

/// Most rings around the centre a galaxy may have (a radius-4 map holds 61 positions).
pub const MAX_RINGS: u8 = 4;
/// Positions in a map of [`MAX_RINGS`] rings, centre included.
pub const MAX_POSITIONS: usize = positions_within(MAX_RINGS);

/// Positions in a map of `rings` rings, centre included: `1 + 3 r (r + 1)`.
pub const fn positions_within(rings: u8) -> usize {
    let r = rings as usize;
    1 + 3 * r * (r + 1)
}

/// The six sides of a hex, clockwise from north; also the six directions to its neighbours.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// North.
    N = 0,
    /// North-east.
    NE = 1,
    /// South-east.
    SE = 2,
    /// South.
    S = 3,
    /// South-west.
    SW = 4,
    /// North-west.
    NW = 5,
}

impl Side {
    /// All sides, clockwise from north.
    pub const ALL: [Side; 6] = [Side::N, Side::NE, Side::SE, Side::S, Side::SW, Side::NW];

    /// The side with this index (taken modulo 6).
    pub const fn from_index(i: u8) -> Side {
        Side::ALL[(i % 6) as usize]
    }
    /// The side facing the opposite way.
    pub const fn opposite(self) -> Side {
        Side::from_index(self as u8 + 3)
    }
    /// This side after turning the tile `steps` times 60 degrees clockwise.
    pub const fn rotated(self, steps: u8) -> Side {
        Side::from_index(self as u8 + steps % 6)
    }
    /// The axial offset to the neighbour across this side.
    pub const fn offset(self) -> Hex {
        match self {
            Side::N => Hex::new(0, -1),
            Side::NE => Hex::new(1, -1),
            Side::SE => Hex::new(1, 0),
            Side::S => Hex::new(0, 1),
            Side::SW => Hex::new(-1, 1),
            Side::NW => Hex::new(-1, 0),
        }
    }
    /// Parses `n`, `ne`, `se`, `s`, `sw` or `nw`.
    pub fn parse(s: &str) -> Option<Side> {
        Some(match s {
            "n" => Side::N,
            "ne" => Side::NE,
            "se" => Side::SE,
            "s" => Side::S,
            "sw" => Side::SW,
            "nw" => Side::NW,
            _ => return None,
        })
    }
}

/// A hex in axial coordinates.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Hex {
    /// Column: grows to the east.
    pub q: i8,
    /// Row: grows to the south(-west).
    pub r: i8,
}

impl Hex {
    /// The centre of the board (Mecatol Rex).
    pub const CENTRE: Hex = Hex::new(0, 0);

    /// A hex from axial coordinates.
    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }
    /// The third cube coordinate (`q + r + s = 0`).
    pub const fn s(self) -> i8 {
        -self.q - self.r
    }
    /// The neighbour across `side`.
    pub const fn step(self, side: Side) -> Hex {
        let o = side.offset();
        Hex::new(self.q + o.q, self.r + o.r)
    }
    /// `k` steps across `side`.
    pub const fn steps(self, side: Side, k: i8) -> Hex {
        let o = side.offset();
        Hex::new(self.q + k * o.q, self.r + k * o.r)
    }
    /// Hex distance: the fewest steps between the two hexes.
    pub const fn distance(self, o: Hex) -> u8 {
        let dq = (self.q - o.q).unsigned_abs();
        let dr = (self.r - o.r).unsigned_abs();
        let ds = (self.s() - o.s()).unsigned_abs();
        let m = if dq > dr { dq } else { dr };
        if m > ds {
            m
        } else {
            ds
        }
    }
    /// The ring this hex lies on (its distance from the centre).
    pub const fn ring(self) -> u8 {
        self.distance(Hex::CENTRE)
    }
    /// The side through which `o` is reached in one step, if `o` is a neighbour.
    pub fn side_towards(self, o: Hex) -> Option<Side> {
        Side::ALL.into_iter().find(|&d| self.step(d) == o)
    }

    /// The hex at a map-string position (`None` beyond [`MAX_RINGS`]): a table lookup.
    #[inline]
    pub fn from_position(pos: usize) -> Option<Hex> {
        HEXES.get(pos).copied()
    }

    /// The map-string position of this hex (`None` beyond [`MAX_RINGS`]): a table lookup.
    #[inline]
    pub fn position(self) -> Option<usize> {
        if self.ring() > MAX_RINGS {
            return None;
        }
        let p = POSITIONS[(self.q + AXIS) as usize][(self.r + AXIS) as usize];
        (p != NO_POSITION).then_some(p as usize)
    }

    /// Clockwise bearing from north, as the fraction of its ring walked from the ring's first
    /// position, in units of 1/288 of a turn (288 is divisible by each ring's length, 6, 12, 18
    /// and 24). Used to seat players clockwise; corners of all rings share a bearing.
    pub fn clockwise_key(self) -> u32 {
        match self.position() {
            None | Some(0) => 0,
            Some(p) => {
                let ring = self.ring() as u32;
                let j = (p - positions_within(ring as u8 - 1)) as u32;
                j * 288 / (6 * ring)
            }
        }
    }
}

/// Offset of axial coordinates in [`POSITIONS`]: `q` and `r` lie in `-MAX_RINGS..=MAX_RINGS`.
const AXIS: i8 = MAX_RINGS as i8;
/// Side of the square [`POSITIONS`] table.
const SPAN: usize = 2 * MAX_RINGS as usize + 1;
/// A cell of [`POSITIONS`] outside the rings.
const NO_POSITION: u8 = u8::MAX;

/// The hex of every map-string position: the centre, then each ring from the hex straight north
/// of the centre, clockwise (walking its six sides south-east first).
const HEXES: [Hex; MAX_POSITIONS] = {
    let mut out = [Hex::CENTRE; MAX_POSITIONS];
    let mut pos = 1;
    let mut ring = 1;
    while ring <= MAX_RINGS {
        let mut h = Hex::CENTRE.steps(Side::N, ring as i8);
        let mut side = 0;
        while side < 6 {
            let dir = Side::from_index(side + 2);
            let mut k = 0;
            while k < ring {
                out[pos] = h;
                pos += 1;
                h = h.step(dir);
                k += 1;
            }
            side += 1;
        }
        ring += 1;
    }
    out
};

/// The inverse of [`HEXES`], by `(q + AXIS, r + AXIS)`.
const POSITIONS: [[u8; SPAN]; SPAN] = {
    let mut out = [[NO_POSITION; SPAN]; SPAN];
    let mut pos = 0;
    while pos < MAX_POSITIONS {
        let h = HEXES[pos];
        out[(h.q + AXIS) as usize][(h.r + AXIS) as usize] = pos as u8;
        pos += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain walk the tables replace: ring by ring from north, clockwise.
    fn walked(pos: usize) -> Option<Hex> {
        if pos == 0 {
            return Some(Hex::CENTRE);
        }
        let ring = (1..=MAX_RINGS).find(|&k| pos < positions_within(k))?;
        let mut j = pos - positions_within(ring - 1);
        let mut h = Hex::CENTRE.steps(Side::N, ring as i8);
        for side in 0..6u8 {
            let k = j.min(ring as usize);
            h = h.steps(Side::from_index(side + 2), k as i8);
            j -= k;
            if j == 0 {
                break;
            }
        }
        Some(h)
    }

    /// Differential: the position tables agree with the plain walk, both ways, and every hex
    /// beyond the rings has no position.
    #[test]
    fn position_tables_agree_with_the_ring_walk() {
        for pos in 0..MAX_POSITIONS + 5 {
            assert_eq!(Hex::from_position(pos), walked(pos), "position {pos}");
        }
        for q in -8i8..=8 {
            for r in -8i8..=8 {
                let h = Hex::new(q, r);
                let want = (0..MAX_POSITIONS).find(|&p| walked(p) == Some(h));
                assert_eq!(h.position(), want, "hex {h:?}");
            }
        }
        assert_eq!(Hex::from_position(8), Some(Hex::new(1, -2)));
    }
}
