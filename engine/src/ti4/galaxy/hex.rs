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

    /// The hex at a map-string position (`None` beyond [`MAX_RINGS`]).
    pub fn from_position(pos: usize) -> Option<Hex> {
        if pos == 0 {
            return Some(Hex::CENTRE);
        }
        let ring = (1..=MAX_RINGS).find(|&k| pos < positions_within(k))?;
        let mut j = pos - positions_within(ring - 1);
        // Start north, then walk each of the six sides of the ring, clockwise.
        let mut h = Hex::CENTRE.steps(Side::N, ring as i8);
        for side in 0..6u8 {
            let dir = Side::from_index(side + 2);
            let k = j.min(ring as usize);
            h = h.steps(dir, k as i8);
            j -= k;
            if j == 0 {
                break;
            }
        }
        Some(h)
    }

    /// The map-string position of this hex (`None` beyond [`MAX_RINGS`]).
    pub fn position(self) -> Option<usize> {
        let ring = self.ring();
        if ring == 0 {
            return Some(0);
        }
        if ring > MAX_RINGS {
            return None;
        }
        let first = positions_within(ring - 1);
        (first..positions_within(ring)).find(|&p| Hex::from_position(p) == Some(self))
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
