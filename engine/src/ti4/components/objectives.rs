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
/// the victory-point target after every step). Seats beyond the game's are 0.
pub fn all_victory_points(c: &Content, s: &State) -> [u32; MAX_PLAYERS] {
    let mut vp = [0u32; MAX_PLAYERS];
    for (i, o) in c.cards.public_objectives.iter().enumerate() {
        let mut by = s.public_objectives.scored_by(PublicObjectiveId(i as u8)).words()[0];
        while by != 0 {
            let q = by.trailing_zeros() as usize;
            if q < MAX_PLAYERS {
                vp[q] += o.stage as u32;
            }
            by &= by - 1;
        }
    }
    for &code in s.secret_objectives.codes().iter().take(c.cards.secret_objectives.len()) {
        if let Zone::PlayArea(q) = Zone::from_code(code) {
            vp[q.idx()] += 1;
        }
    }
    for q in s.seats() {
        vp[q.idx()] += s.player(q).bonus_vp as u32;
    }
    vp
}
