//! Captured units (Vuil'raith Cabal: Devour, Amalgamation, its mech, agent and hero): units of an
//! owner held on a captor's faction sheet.
//!
//! The state holds up to [`MAX_CAPTORS`] captors' sheets (only the Cabal captures in the base
//! game, Prophecy of Kings and Codex content). Simplified: a captured fighter or infantry is
//! counted as the owner's piece on the captor's sheet (the rules return the piece and use a
//! supply token instead; fighters and infantry are supply-limited tokens here anyway).

use crate::ti4::ids::*;
use crate::ti4::state::NOBODY;

/// Most players who hold captured units at once.
pub const MAX_CAPTORS: usize = 2;

/// Why a capture or release is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CaptureError {
    /// [`MAX_CAPTORS`] other players already hold captured units.
    TooManyCaptors,
    /// Fewer units captured (or in reinforcements) than asked for.
    NotEnough,
    /// A player cannot capture their own units.
    OwnUnits,
}

/// The captors' sheets: `units[k][owner][type]` held by `captor[k]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Captured {
    captor: [u8; MAX_CAPTORS],
    units: [[[u8; UNIT_TYPES]; MAX_PLAYERS]; MAX_CAPTORS],
}

impl Default for Captured {
    fn default() -> Self {
        Captured { captor: [NOBODY; MAX_CAPTORS], units: [[[0; UNIT_TYPES]; MAX_PLAYERS]; MAX_CAPTORS] }
    }
}

impl Captured {
    fn sheet(&self, captor: Player) -> Option<usize> {
        self.captor.iter().position(|&c| c == captor.0)
    }
    /// Units of `owner`'s type `t` on `captor`'s sheet.
    pub fn held(&self, captor: Player, owner: Player, t: UnitType) -> u8 {
        self.sheet(captor).map_or(0, |k| self.units[k][owner.idx()][t.idx()])
    }
    /// All of `owner`'s units of type `t` held captive by anyone.
    pub fn of_owner(&self, owner: Player, t: UnitType) -> u32 {
        (0..MAX_CAPTORS).map(|k| self.units[k][owner.idx()][t.idx()] as u32).sum()
    }
    /// Unit types of which `captor` holds at least 1 captured unit (any owner), bit per
    /// [`UnitType`] index.
    pub fn types_held(&self, captor: Player) -> u16 {
        let Some(k) = self.sheet(captor) else { return 0 };
        let mut bits = 0u16;
        for row in &self.units[k] {
            for (t, &n) in row.iter().enumerate() {
                if n > 0 {
                    bits |= 1 << t;
                }
            }
        }
        bits
    }
    /// The players holding captured units.
    pub fn captors(&self) -> impl Iterator<Item = Player> + '_ {
        self.captor.iter().filter(|&&c| c != NOBODY).map(|&c| Player(c))
    }
    /// Puts `n` units of `owner`'s type `t` on `captor`'s sheet (the caller took them from the
    /// board or the owner's reinforcements). The owner may be the captor: the Vuil'raith capture
    /// their own destroyed units (The Terror Between, Reanimator).
    pub fn add(&mut self, captor: Player, owner: Player, t: UnitType, n: u8) -> Result<(), CaptureError> {
        let k = match self.sheet(captor) {
            Some(k) => k,
            None => self.captor.iter().position(|&c| c == NOBODY).ok_or(CaptureError::TooManyCaptors)?,
        };
        let slot = &mut self.units[k][owner.idx()][t.idx()];
        *slot = slot.checked_add(n).ok_or(CaptureError::NotEnough)?;
        self.captor[k] = captor.0;
        self.normalize();
        Ok(())
    }

    /// Keeps the sheets in canonical order (by captor seat, unused last), so that equal games
    /// are equal states.
    fn normalize(&mut self) {
        for i in 1..MAX_CAPTORS {
            let mut j = i;
            while j > 0 && self.captor[j - 1] > self.captor[j] {
                self.captor.swap(j - 1, j);
                self.units.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// True when the sheets are in canonical order (for checks).
    pub fn is_normalized(&self) -> bool {
        self.captor.windows(2).all(|w| w[0] <= w[1])
            && (0..MAX_CAPTORS)
                .all(|k| self.captor[k] != NOBODY || self.units[k].iter().all(|r| r.iter().all(|&x| x == 0)))
    }
    /// Takes `n` units of `owner`'s type `t` off `captor`'s sheet (the caller returns them to
    /// the owner's reinforcements, or to the box if the owner is eliminated). A sheet left empty
    /// frees its slot.
    pub fn remove(&mut self, captor: Player, owner: Player, t: UnitType, n: u8) -> Result<(), CaptureError> {
        let k = self.sheet(captor).ok_or(CaptureError::NotEnough)?;
        let slot = &mut self.units[k][owner.idx()][t.idx()];
        *slot = slot.checked_sub(n).ok_or(CaptureError::NotEnough)?;
        if self.units[k].iter().all(|r| r.iter().all(|&x| x == 0)) {
            self.captor[k] = NOBODY;
        }
        self.normalize();
        Ok(())
    }
}

impl crate::ti4::state::State {
    /// Capture: `captor` takes `n` units of `owner`'s type `t` from `owner`'s reinforcements
    /// (e.g. the Vuil'raith agent) onto their faction sheet.
    pub fn capture_from_reinforcements(
        &mut self,
        captor: Player,
        owner: Player,
        t: UnitType,
        n: u8,
    ) -> Result<(), CaptureError> {
        if self.player(owner).reinforcements[t.idx()] < n {
            return Err(CaptureError::NotEnough);
        }
        self.captured.add(captor, owner, t, n)?;
        self.player_mut(owner).reinforcements[t.idx()] -= n;
        Ok(())
    }

    /// Capture: `captor` takes `n` units of type `t` from the board at `loc` (destroyed units
    /// captured instead of returning to reinforcements: Devour, Amalgamation ...). Callers check
    /// elimination afterwards: a capture removes a unit from the board.
    pub fn capture_from_board(
        &mut self,
        captor: Player,
        loc: crate::ti4::state::Location,
        t: UnitType,
        n: u8,
    ) -> Result<Player, CaptureError> {
        let owner = self.occupant(loc).ok_or(CaptureError::NotEnough)?;
        if owner == captor {
            return Err(CaptureError::OwnUnits);
        }
        if self.count_at(loc, t) < n {
            return Err(CaptureError::NotEnough);
        }
        // Refuse before touching the board when no captor sheet is free.
        if !self.captured.captors().any(|c| c == captor) && self.captured.captors().count() >= MAX_CAPTORS {
            return Err(CaptureError::TooManyCaptors);
        }
        self.remove_units(loc, t, n).map_err(|_| CaptureError::NotEnough)?;
        self.player_mut(owner).reinforcements[t.idx()] -= n;
        self.captured.add(captor, owner, t, n)?;
        Ok(owner)
    }

    /// Returns 1 captured unit of type `t` from `captor`'s sheet (a price some abilities pay:
    /// Riftmeld, Amalgamation) to its owner ([`State::release_captured`]), and names the owner;
    /// `None` when the sheet holds none. Simplified: with units of several owners on the sheet,
    /// the lowest seat's goes back (the rules let the captor choose; `docs/RULES.md`).
    pub fn return_one_captured(&mut self, captor: Player, t: UnitType) -> Option<Player> {
        let owner = self.seats().find(|&q| self.captured.held(captor, q, t) > 0)?;
        self.release_captured(captor, owner, t, 1).ok().map(|()| owner)
    }

    /// Release: `n` of `owner`'s type-`t` units leave `captor`'s sheet for `owner`'s
    /// reinforcements — or the game box when `owner` is eliminated (Elimination: their units
    /// held captive stay captured until then).
    pub fn release_captured(&mut self, captor: Player, owner: Player, t: UnitType, n: u8) -> Result<(), CaptureError> {
        self.captured.remove(captor, owner, t, n)?;
        if self.player(owner).in_game {
            self.player_mut(owner).reinforcements[t.idx()] += n;
        }
        Ok(())
    }
}
