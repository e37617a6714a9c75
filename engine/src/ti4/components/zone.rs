//! [`Zone`]: where one card is, stored as one byte.

use crate::ti4::ids::{Player, MAX_PLAYERS};

/// Where one card is. Each kind of card uses the zones that exist for it (an action card is in
/// the deck, the discard pile or a hand; a promissory note in a hand, a play area, attached, or
/// the box ...); the checks in `elimination::conservation` say which.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Zone {
    /// The deck (unordered).
    Deck,
    /// The discard pile.
    Discard,
    /// In play in the common play area (a law nobody owns).
    Law,
    /// Attached to a planet (Terraform; which planet: `Tokens`).
    Attached,
    /// In a player's hand (action cards, unscored secret objectives, promissory notes).
    Hand(Player),
    /// Face up in a player's play area: an agenda they own, a secret objective they scored, a
    /// promissory note in play in front of them.
    PlayArea(Player),
    /// Returned to the game box (out of the game); also unused slots of the fixed arrays.
    Removed,
}

const HAND: u8 = 0x10;
const PLAY: u8 = 0x20;
const REMOVED: u8 = 0xFF;

impl Zone {
    /// The byte stored in the state.
    #[inline]
    pub const fn code(self) -> u8 {
        match self {
            Zone::Deck => 0,
            Zone::Discard => 1,
            Zone::Law => 2,
            Zone::Attached => 3,
            Zone::Hand(p) => HAND | p.0,
            Zone::PlayArea(p) => PLAY | p.0,
            Zone::Removed => REMOVED,
        }
    }
    /// The zone of a stored byte (`Removed` for bytes no zone writes).
    #[inline]
    pub const fn from_code(c: u8) -> Zone {
        match c {
            0 => Zone::Deck,
            1 => Zone::Discard,
            2 => Zone::Law,
            3 => Zone::Attached,
            c if c & 0xF0 == HAND && ((c & 0x0F) as usize) < MAX_PLAYERS => Zone::Hand(Player(c & 0x0F)),
            c if c & 0xF0 == PLAY && ((c & 0x0F) as usize) < MAX_PLAYERS => Zone::PlayArea(Player(c & 0x0F)),
            _ => Zone::Removed,
        }
    }
    /// The player whose hand or play area holds the card.
    pub const fn holder(self) -> Option<Player> {
        match self {
            Zone::Hand(p) | Zone::PlayArea(p) => Some(p),
            _ => None,
        }
    }
}

/// One zone byte per card, `N` slots; slots past the content's cards stay [`Zone::Removed`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct ZoneArray<const N: usize> {
    codes: [u8; N],
}

impl<const N: usize> ZoneArray<N> {
    /// `n` cards in `zone`, the other slots unused.
    pub fn new(n: usize, zone: Zone) -> Self {
        let mut codes = [REMOVED; N];
        for c in codes.iter_mut().take(n) {
            *c = zone.code();
        }
        ZoneArray { codes }
    }
    /// The zone of card `i` (`Removed` past the end).
    #[inline]
    pub fn get(&self, i: usize) -> Zone {
        self.codes.get(i).map_or(Zone::Removed, |&c| Zone::from_code(c))
    }
    /// Moves card `i` to `zone` (ignored past the end).
    #[inline]
    pub fn set(&mut self, i: usize, zone: Zone) {
        if let Some(c) = self.codes.get_mut(i) {
            *c = zone.code();
        }
    }
    /// The raw bytes (for checks).
    pub fn codes(&self) -> &[u8; N] {
        &self.codes
    }
    /// Moves every card of `from` (among the first `n`) to `to`; returns how many moved.
    pub fn move_all(&mut self, n: usize, from: Zone, to: Zone) -> usize {
        let (f, t) = (from.code(), to.code());
        let mut moved = 0;
        for c in self.codes.iter_mut().take(n) {
            if *c == f {
                *c = t;
                moved += 1;
            }
        }
        moved
    }
    /// Sorts the zone bytes of cards `from..to` (interchangeable copies of one card), so that
    /// states differing only in which copy is where compare equal.
    pub fn sort_range(&mut self, from: usize, to: usize) {
        if let Some(r) = self.codes.get_mut(from..to.min(N)) {
            r.sort_unstable();
        }
    }
    /// True when the bytes of cards `from..to` are sorted.
    pub fn is_sorted_range(&self, from: usize, to: usize) -> bool {
        self.codes.get(from..to.min(N)).is_none_or(|r| r.windows(2).all(|w| w[0] <= w[1]))
    }
    /// The cards (of the first 128) in `zone`, bit `i` for card `i`: eight bytes at a time
    /// (equal to testing [`ZoneArray::get`] of each, the test `mask_agrees_with_get`).
    #[inline]
    pub fn mask(&self, zone: Zone) -> u128 {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let fill = u64::from_ne_bytes([zone.code(); 8]);
        let mut m = 0u128;
        let n = N.min(128);
        let mut chunks = self.codes[..n].chunks_exact(8);
        for (k, chunk) in chunks.by_ref().enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            // 0x80 in each byte equal to the zone's code, nothing elsewhere.
            let x = u64::from_le_bytes(word) ^ fill;
            let zero = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
            // The high bit of byte j to bit j.
            let bits = ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u128;
            m |= bits << (8 * k);
        }
        let base = n - chunks.remainder().len();
        for (i, &c) in chunks.remainder().iter().enumerate() {
            m |= ((c == zone.code()) as u128) << (base + i);
        }
        m
    }
    /// How many of the first `n` cards are in `zone`.
    pub fn count(&self, n: usize, zone: Zone) -> usize {
        let z = zone.code();
        self.codes.iter().take(n).filter(|&&c| c == z).count()
    }
    /// The index of the `k`-th (from 0) of the first `n` cards in `zone`, counted as
    /// [`ZoneArray::count`] counts them (by zone byte); `None` when there are `k` or fewer.
    /// For a zone other than [`Zone::Removed`], the `k`-th card whose [`ZoneArray::get`] is
    /// `zone`.
    pub fn nth(&self, n: usize, zone: Zone, k: usize) -> Option<usize> {
        let z = zone.code();
        let mut left = k;
        for (i, &c) in self.codes.iter().enumerate().take(n) {
            if c == z {
                if left == 0 {
                    return Some(i);
                }
                left -= 1;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`ZoneArray::mask`] sets the bits of the cards whose [`ZoneArray::get`] is the zone, for
    /// arrays of several lengths (a multiple of eight and not) and every zone that occurs.
    #[test]
    fn mask_agrees_with_get() {
        fn check<const N: usize>(seed: u64) {
            let zones =
                [Zone::Deck, Zone::Discard, Zone::Hand(Player(0)), Zone::Hand(Player(5)), Zone::PlayArea(Player(3))];
            let mut a = ZoneArray::<N>::new(N.saturating_sub(3), Zone::Deck);
            let mut x = seed;
            for i in 0..N {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                if x >> 60 < 13 {
                    a.set(i, zones[(x >> 33) as usize % zones.len()]);
                }
            }
            for z in zones.into_iter().chain([Zone::Removed]) {
                let want = (0..N.min(128)).filter(|&i| a.get(i) == z).fold(0u128, |m, i| m | 1 << i);
                assert_eq!(a.mask(z), want, "N = {N}, zone {z:?}, seed {seed}");
            }
        }
        for seed in 0..50 {
            check::<128>(seed);
            check::<20>(seed);
            check::<5>(seed);
            check::<200>(seed);
        }
    }

    /// [`ZoneArray::nth`] finds what filtering [`ZoneArray::get`] finds, for every zone that
    /// occurs, every rank and every prefix.
    #[test]
    fn nth_agrees_with_the_filtered_cards() {
        let zones = [Zone::Deck, Zone::Discard, Zone::Hand(Player(2)), Zone::PlayArea(Player(0)), Zone::Law];
        let mut a = ZoneArray::<16>::new(14, Zone::Deck);
        for i in 0..14 {
            a.set(i, zones[(i * 7 + i / 3) % zones.len()]);
        }
        for z in zones {
            for n in 0..=16 {
                for k in 0..=n {
                    let plain = (0..n).filter(|&i| a.get(i) == z).nth(k);
                    assert_eq!(a.nth(n, z, k), plain, "{z:?} n {n} k {k}");
                }
            }
        }
    }

    #[test]
    fn zone_codes_round_trip() {
        let all = [Zone::Deck, Zone::Discard, Zone::Law, Zone::Attached, Zone::Removed]
            .into_iter()
            .chain((0..MAX_PLAYERS as u8).flat_map(|p| [Zone::Hand(Player(p)), Zone::PlayArea(Player(p))]));
        for z in all {
            assert_eq!(Zone::from_code(z.code()), z);
        }
        assert_eq!(Zone::from_code(0x18), Zone::Removed, "seat 8 does not exist");
    }
}
