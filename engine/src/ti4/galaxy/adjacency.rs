//! Adjacency and distance over board slots (Rules Reference 6 "Adjacency", 101 "Wormholes";
//! digest §5), as `u64` slot masks: bit `s` is slot `s`.
//!
//! Two systems are adjacent when they share a side, are joined by hyperlanes, or hold matching
//! wormholes (alpha-alpha, beta-beta, gamma-gamma, delta-delta, epsilon-epsilon). Printed
//! wormholes are part of the galaxy; wormholes placed during play (Creuss alpha/beta tokens,
//! exploration gamma tokens, the Nexus's alpha and beta once active, the Creuss flagship's delta)
//! are an input, [`ExtraWormholes`], so that for example the Creuss tokens stay in play after the
//! Creuss player is eliminated. A system is never adjacent to itself.

use super::anomaly::{Anomaly, MoverTraits};
use super::{bits, Galaxy, MAX_SLOTS, UNREACHABLE};

/// A wormhole kind; the discriminant is the bit index in a system's `wormholes` byte
/// ([`WORMHOLES`](crate::ti4::content::WORMHOLES)).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Wormhole {
    /// Alpha.
    Alpha = 0,
    /// Beta.
    Beta = 1,
    /// Gamma (PoK: the Wormhole Nexus, exploration tokens).
    Gamma = 2,
    /// Delta (the Ghosts of Creuss: gate 17 and home 51).
    Delta = 3,
    /// Epsilon (Thunder's Edge Crimson Rebellion: The Sorrow 94 and home 118).
    Epsilon = 4,
}

impl Wormhole {
    /// All kinds in bit order.
    pub const ALL: [Wormhole; 5] =
        [Wormhole::Alpha, Wormhole::Beta, Wormhole::Gamma, Wormhole::Delta, Wormhole::Epsilon];
}

/// Wormholes placed during play, by kind, plus the Creuss Quantum Entanglement link, the
/// wormhole kinds closed to the mover (Enforced Travel Ban's alpha and beta; every kind but
/// epsilon for the Crimson Rebellion, SUNDERED) and the Crimson Rebellion's active breaches
/// (Incursion: systems that contain them are adjacent to each other; breaches are not
/// wormholes, so no closure touches them).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ExtraWormholes {
    slots: [u64; 5],
    alpha_beta_linked: bool,
    /// Wormhole kinds with no effect (bit per [`Wormhole`]).
    closed: u8,
    /// Systems adjacent to each other (bit per slot): the active breaches.
    clique: u64,
    /// A system made adjacent to every system of `spokes` (bit per slot; 0: none).
    hub: u64,
    spokes: u64,
}

impl ExtraWormholes {
    /// No extra wormholes.
    pub const NONE: ExtraWormholes =
        ExtraWormholes { slots: [0; 5], alpha_beta_linked: false, closed: 0, clique: 0, hub: 0, spokes: 0 };

    /// These wormholes plus one of `kind` in `slot`.
    #[must_use]
    pub const fn with(mut self, slot: u8, kind: Wormhole) -> Self {
        self.slots[kind as usize] |= 1 << slot;
        self
    }
    /// Places a wormhole of `kind` in `slot`.
    pub fn insert(&mut self, slot: u8, kind: Wormhole) {
        self.slots[kind as usize] |= 1 << slot;
    }
    /// Removes a placed wormhole of `kind` from `slot`.
    pub fn remove(&mut self, slot: u8, kind: Wormhole) {
        self.slots[kind as usize] &= !(1 << slot);
    }
    /// Slots holding a placed wormhole of `kind`.
    pub const fn slots(&self, kind: Wormhole) -> u64 {
        self.slots[kind as usize]
    }
    /// Quantum Entanglement (Creuss): systems with an alpha or a beta wormhole are all adjacent,
    /// for the Creuss player's purposes only; the caller sets it for that player.
    #[must_use]
    pub const fn alpha_beta_linked(mut self) -> Self {
        self.alpha_beta_linked = true;
        self
    }
    /// Enforced Travel Ban (law, "for"): "Alpha and beta wormholes have no effect during
    /// movement": no system is adjacent to another through an alpha or beta wormhole, printed or
    /// placed (the link above included); the caller sets it for movement only.
    #[must_use]
    pub const fn alpha_beta_closed(mut self) -> Self {
        self.closed |= 1 << Wormhole::Alpha as u8 | 1 << Wormhole::Beta as u8;
        self
    }
    /// SUNDERED (Crimson Rebellion): "You cannot use wormholes other than epsilon wormholes":
    /// every other kind, printed or placed, has no effect for the caller's player.
    #[must_use]
    pub const fn only_epsilon(mut self) -> Self {
        self.closed |= !(1 << Wormhole::Epsilon as u8) & 0x1f;
        self
    }
    /// Incursion (Crimson Rebellion): "Systems that contain active breaches are adjacent to each
    /// other" (bit per slot); for every player.
    #[must_use]
    pub const fn with_clique(mut self, slots: u64) -> Self {
        self.clique = slots;
        self
    }
    /// System `hub` is adjacent to every system of `spokes` (bit per slot), and each of them to
    /// it, for the caller's player (Spatial Conduit Cylinders, Emissary Taivra). A second call
    /// with the same hub adds its spokes; another hub replaces the first.
    #[must_use]
    pub const fn with_hub(mut self, hub: u8, spokes: u64) -> Self {
        self.spokes = if self.hub == 1 << hub { self.spokes | spokes } else { spokes };
        self.hub = 1 << hub;
        self
    }
    /// True when nothing is placed, linked or closed.
    pub fn is_none(&self) -> bool {
        *self == ExtraWormholes::NONE
    }
}

/// A movement query for [`Galaxy::reach`]: which systems a ship can get to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Reach {
    /// Move value: moves into adjacent systems allowed.
    pub moves: u8,
    /// Systems the ship may end in but not move through (other players' ships, nebulae).
    pub no_pass: u64,
    /// Systems the ship may not move into at all (asteroid fields, supernovas).
    pub no_entry: u64,
    /// Systems the ship may move through but not end its move in (a supernova for a ship with
    /// Gashlai Physiology): left out of the reach, not of the paths.
    pub no_end: u64,
    /// Systems whose exit costs no move (gravity rifts the ship is willing to use: +1 move each).
    pub free_exit: u64,
    /// Wormholes placed during play.
    pub extra: ExtraWormholes,
}

impl Galaxy {
    /// Systems adjacent to `slot`: sides, hyperlanes and printed wormholes.
    #[inline]
    pub fn neighbours(&self, slot: u8) -> u64 {
        self.adjacent[slot as usize]
    }

    /// Systems sharing a side or a hyperlane with `slot` (wormholes ignored).
    #[inline]
    pub fn touching(&self, slot: u8) -> u64 {
        self.touching[slot as usize]
    }

    /// Systems adjacent to `slot` given wormholes placed during play.
    pub fn neighbours_with(&self, slot: u8, extra: &ExtraWormholes) -> u64 {
        let bit = 1u64 << slot;
        let mut holes = self.wormholes;
        for (h, e) in holes.iter_mut().zip(extra.slots) {
            *h |= e;
        }
        if extra.alpha_beta_linked && extra.closed & 0b11 == 0 {
            let ab = holes[0] | holes[1];
            holes[0] = ab;
            holes[1] = ab;
        }
        let mut n = self.touching[slot as usize];
        for (k, h) in holes.into_iter().enumerate() {
            if h & bit != 0 && extra.closed >> k & 1 == 0 {
                n |= h;
            }
        }
        if extra.clique & bit != 0 {
            n |= extra.clique;
        }
        if extra.hub & bit != 0 {
            n |= extra.spokes;
        } else if extra.spokes & bit != 0 {
            n |= extra.hub;
        }
        n & !bit & self.all()
    }

    /// True when `a` and `b` are adjacent (printed wormholes included).
    pub fn is_adjacent(&self, a: u8, b: u8) -> bool {
        self.neighbours(a) >> b & 1 == 1
    }

    /// Slots whose tile prints a wormhole of `kind`.
    pub fn wormhole_slots(&self, kind: Wormhole) -> u64 {
        self.wormholes[kind as usize]
    }

    /// Fewest moves from `a` to `b` over printed adjacency; `None` when unreachable.
    pub fn distance(&self, a: u8, b: u8) -> Option<u8> {
        let d = self.distance[a as usize * MAX_SLOTS + b as usize];
        (d != UNREACHABLE).then_some(d)
    }

    /// Fewest moves from `from` to every slot ([`UNREACHABLE`] where none), given placed
    /// wormholes; entries past [`Galaxy::len`] are unreachable.
    pub fn distances_from(&self, from: u8, extra: &ExtraWormholes) -> [u8; MAX_SLOTS] {
        let mut d = [UNREACHABLE; MAX_SLOTS];
        d[from as usize] = 0;
        let (mut seen, mut frontier, mut k) = (1u64 << from, 1u64 << from, 0u8);
        while frontier != 0 {
            k += 1;
            let mut next = 0;
            for s in bits(frontier) {
                next |= self.neighbours_with(s, extra);
            }
            next &= !seen;
            for s in bits(next) {
                d[s as usize] = k;
            }
            seen |= next;
            frontier = next;
        }
        d
    }

    /// Systems at most `k` moves from `from` over printed adjacency, `from` included.
    pub fn within(&self, from: u8, k: u8) -> u64 {
        let (mut seen, mut frontier) = (1u64 << from, 1u64 << from);
        for _ in 0..k {
            let mut next = 0;
            for s in bits(frontier) {
                next |= self.adjacent[s as usize];
            }
            frontier = next & !seen;
            seen |= frontier;
        }
        seen
    }

    /// Systems a ship in `from` can move into with `moves` moves, never entering or passing
    /// through a `blocked` system; `from` itself is not in the result.
    pub fn reachable(&self, from: u8, moves: u8, blocked: u64) -> u64 {
        self.reach(from, &Reach { moves, no_pass: blocked, no_entry: blocked, ..Reach::default() })
    }

    /// Movement 58 with anomalies: the systems a ship in `from` can end a move in, under `q`.
    /// The ship leaves `from` whatever `from` holds; every system after it must be outside
    /// `no_entry`, and every system it moves through (not the last) outside `no_pass`; the last
    /// outside `no_end`. Leaving a `free_exit` system costs no move. `from` itself is not in the
    /// result.
    pub fn reach(&self, from: u8, q: &Reach) -> u64 {
        let from_bit = 1u64 << from;
        let plain = q.extra.is_none();
        let expand = |set: u64| -> u64 {
            let mut out = 0;
            for s in bits(set & (!q.no_pass | from_bit)) {
                out |= if plain { self.adjacent[s as usize] } else { self.neighbours_with(s, &q.extra) };
            }
            out & !q.no_entry
        };
        let (mut seen, mut frontier) = (from_bit, from_bit);
        let mut spent = 0;
        loop {
            // Free exits at the current cost, to a fixed point (rift to rift chains).
            loop {
                let x = expand(frontier & q.free_exit) & !seen;
                if x == 0 {
                    break;
                }
                seen |= x;
                frontier |= x;
            }
            if spent == q.moves {
                break;
            }
            let next = expand(frontier & !q.free_exit) & !seen;
            if next == 0 {
                break;
            }
            seen |= next;
            frontier = next;
            spent += 1;
        }
        seen & !from_bit & !q.no_end
    }

    /// Anomaly bits of the tile in `slot`.
    pub fn anomalies(&self, slot: u8) -> u8 {
        self.anomaly_bits[slot as usize]
    }

    /// Slots whose tile has anomaly `a`.
    pub fn anomaly_slots(&self, a: Anomaly) -> u64 {
        self.anomalies[a as usize]
    }

    /// Slots holding any anomaly (Rules Reference 9).
    pub fn anomaly_systems(&self) -> u64 {
        self.anomalies.iter().fold(0, |m, &a| m | a)
    }

    /// Slots a ship with these traits may not move into (asteroid fields, supernovas).
    pub fn no_entry(&self, t: MoverTraits) -> u64 {
        self.blocked[1][t.index()]
    }

    /// Slots a ship with these traits may not move through (adds nebulae to [`Galaxy::no_entry`]).
    pub fn no_pass(&self, t: MoverTraits) -> u64 {
        self.blocked[0][t.index()]
    }

    /// A [`Reach`] query with the anomaly rules for a ship: `moves` (already reduced to 1 if it
    /// starts in a nebula), the player's traits, and whether it may use gravity rifts.
    pub fn anomaly_reach(&self, moves: u8, t: MoverTraits, use_rifts: bool) -> Reach {
        Reach {
            moves,
            no_pass: self.no_pass(t),
            // Entered on the way only where the ship may end or pass; ended only where it may end.
            no_entry: self.no_entry(t) & self.no_pass(t),
            no_end: self.no_entry(t),
            free_exit: if use_rifts { self.anomaly_slots(Anomaly::GravityRift) } else { 0 },
            extra: ExtraWormholes::NONE,
        }
    }

    pub(super) fn mask_where(&self, f: impl Fn(u8) -> bool) -> u64 {
        self.anomaly_bits.iter().enumerate().filter(|(_, &a)| f(a)).fold(0, |m, (s, _)| m | 1 << s)
    }
}
