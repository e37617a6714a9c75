//! Public objectives (stage I and II) and victory points.
//!
//! A public objective is in its stage's deck, set up face down in the objective area, or
//! revealed; players who scored it are a set of seats (each player scores each objective at most
//! once). Secret objectives are cards in a hand or a play area ([`SecretObjectives`]).
//! Victory points are derived, never stored: scored objectives plus the points from other
//! sources ([`PlayerState::bonus_vp`]), so un-scoring a secret (elimination) keeps them consistent.
//!
//! [`SecretObjectives`]: super::SecretObjectives
//! [`PlayerState::bonus_vp`]: crate::ti4::state::PlayerState::bonus_vp

use super::zone::Zone;
use crate::ti4::content::cards::MAX_PUBLIC_OBJECTIVES;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::State;

/// Where a public objective is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum PublicState {
    /// In its stage's deck (not set up; "Incentive Program" draws from here).
    Deck,
    /// Set up face down in the objective area, not yet revealed.
    Unrevealed,
    /// Revealed: players may score it.
    Revealed,
}

/// Every public objective's place and who scored it, by [`PublicObjectiveId`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct PublicObjectives {
    state: [u8; MAX_PUBLIC_OBJECTIVES],
    scored: [u8; MAX_PUBLIC_OBJECTIVES],
}

impl Default for PublicObjectives {
    fn default() -> Self {
        PublicObjectives { state: [0; MAX_PUBLIC_OBJECTIVES], scored: [0; MAX_PUBLIC_OBJECTIVES] }
    }
}

impl PublicObjectives {
    /// Where objective `o` is.
    pub fn state(&self, o: PublicObjectiveId) -> PublicState {
        match self.state.get(o.idx()) {
            Some(1) => PublicState::Unrevealed,
            Some(2) => PublicState::Revealed,
            _ => PublicState::Deck,
        }
    }
    /// Puts objective `o` in `st`.
    pub fn set_state(&mut self, o: PublicObjectiveId, st: PublicState) {
        if let Some(x) = self.state.get_mut(o.idx()) {
            *x = st as u8;
        }
    }
    /// How many of the first `n` objectives `p` scored.
    pub fn count_scored_by(&self, p: Player, n: usize) -> u32 {
        self.scored.iter().take(n).filter(|&&by| by >> p.0 & 1 == 1).count() as u32
    }
    /// The seats that scored objective `o`.
    pub fn scored_by(&self, o: PublicObjectiveId) -> PlayerSet {
        PlayerSet::from_words([self.scored.get(o.idx()).copied().unwrap_or(0) as u64])
    }
    /// Marks objective `o` scored (or not) by `p`.
    pub fn set_scored(&mut self, o: PublicObjectiveId, p: Player, scored: bool) {
        if let Some(x) = self.scored.get_mut(o.idx()) {
            let bit = 1u8 << p.0;
            *x = if scored { *x | bit } else { *x & !bit };
        }
    }
    /// Removes `p`'s marker from every objective; returns how many were removed.
    pub fn unscore_all(&mut self, p: Player) -> usize {
        let bit = 1u8 << p.0;
        let mut n = 0;
        for x in self.scored.iter_mut() {
            if *x & bit != 0 {
                *x &= !bit;
                n += 1;
            }
        }
        n
    }
}

/// Victory points of player `p`: 1 per stage I and 2 per stage II public objective scored, 1 per
/// scored secret objective (one in their play area), plus [`bonus_vp`] (custodians token,
/// Imperial, agendas, relics ...).
///
/// [`bonus_vp`]: crate::ti4::state::PlayerState::bonus_vp
pub fn victory_points(c: &Content, s: &State, p: Player) -> u32 {
    all_victory_points(c, s)[p.idx()]
}

/// [`victory_points`] of every seat in one pass over the objectives (the round loop checks
/// the victory-point target after every step). Seats beyond the game's are 0. The zone and
/// scorer bytes are read eight at a time, and only the words that can hold a point are read
/// byte by byte (most objectives are scored by nobody); equal to the plain per-seat count (the
/// test `all_victory_points_agree_with_the_plain_count`).
pub fn all_victory_points(c: &Content, s: &State) -> [u32; MAX_PLAYERS] {
    let mut vp = [0u32; MAX_PLAYERS];
    let scored = &s.public_objectives.scored;
    let n = c.cards.public_objectives.len().min(MAX_PUBLIC_OBJECTIVES);
    for k in 0..n.div_ceil(8) {
        if word(scored, k) == 0 {
            continue;
        }
        let (from, to) = (8 * k, (8 * k + 8).min(n));
        for (&by, o) in scored[from..to].iter().zip(&c.cards.public_objectives[from..to]) {
            add_scorers(&mut vp, by, o.stage as u32);
        }
    }
    let codes = s.secret_objectives.codes();
    let n = c.cards.secret_objectives.len().min(codes.len());
    for k in 0..n.div_ceil(8) {
        if !may_hold_play_area(word(codes, k)) {
            continue;
        }
        for &code in &codes[8 * k..(8 * k + 8).min(n)] {
            if let Zone::PlayArea(q) = Zone::from_code(code) {
                vp[q.idx()] += 1;
            }
        }
    }
    for q in s.seats() {
        vp[q.idx()] += s.player(q).bonus_vp as u32;
    }
    // Shard of the Throne: 1 victory point while in a play area.
    if let Some(Zone::PlayArea(q)) = c.known.shard_of_the_throne.map(|r| s.exploration.relic(r)) {
        vp[q.idx()] += 1;
    }
    vp
}

/// Adds `points` to each seat in the scorer byte `by` (one bit per seat).
fn add_scorers(vp: &mut [u32; MAX_PLAYERS], by: u8, points: u32) {
    let mut by = by;
    while by != 0 {
        vp[by.trailing_zeros() as usize] += points;
        by &= by - 1;
    }
}

/// Bytes `8 * k .. 8 * k + 8` of `bytes` as one word (its length a multiple of 8).
fn word<const N: usize>(bytes: &[u8; N], k: usize) -> u64 {
    const { assert!(N.is_multiple_of(8)) };
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[8 * k..8 * k + 8]);
    u64::from_le_bytes(w)
}

/// False when no byte of `w` is a play-area zone code (high nibble `0x2`): the word then
/// holds no scored secret objective. (True for a word with such a byte, whatever its seat.)
fn may_hold_play_area(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // A zero byte for each byte with the play-area nibble; then the classic zero-byte test,
    // exact on whether some byte is zero.
    let t = (w & (0xF0 * ONES)) ^ (Zone::PlayArea(Player(0)).code() as u64 * ONES);
    t.wrapping_sub(ONES) & !t & (0x80 * ONES) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word test agrees with the byte-by-byte one for every byte value at every position
    /// of a word, among bytes of every other zone.
    #[test]
    fn play_area_word_test_is_exact() {
        let plain = |w: u64| w.to_le_bytes().iter().any(|&b| b & 0xF0 == 0x20);
        let others = [0x00u8, 0x01, 0x02, 0x03, 0x10, 0x15, 0x1F, 0x30, 0xFF, 0x2F];
        for pos in 0..8 {
            for b in 0..=255u8 {
                for &o in &others {
                    let mut bytes = [o; 8];
                    bytes[pos] = b;
                    bytes[(pos + 3) % 8] = o.wrapping_add(b);
                    let w = u64::from_le_bytes(bytes);
                    assert_eq!(may_hold_play_area(w), plain(w), "{bytes:02x?}");
                }
            }
        }
    }
}
