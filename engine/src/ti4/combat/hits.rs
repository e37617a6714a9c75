//! Assigning hits (Space Combat 78.4, Ground Combat 42.2, Sustain Damage 87) as a sequence of
//! small decisions.
//!
//! A side that must take `h` hits chooses, one hit at a time, a [`HitChoice`]: destroy a unit of
//! a type, or let an undamaged unit of a type with SUSTAIN DAMAGE cancel the hit. The rules let
//! the player assign all hits at once after choosing its sustains; the engine encodes the same
//! assignments in one canonical order, so that each distinct result is reached by exactly one
//! sequence and search sees no transpositions:
//! 1. first the units that will be destroyed, cheapest type first ([`Force::destroy_rank`]),
//!    damaged units first within a type;
//! 2. then the units that sustain damage and survive, in unit type order.
//!
//! A destroyed unit that was undamaged and has SUSTAIN DAMAGE could have cancelled one more hit
//! before being destroyed (87.1, then the hit that destroys it): such units are *spare*
//! capacity, and as soon as the hits left are no more than the spare capacity they are absorbed
//! there and the assignment ends. So the engine never offers a result that takes an avoidable
//! extra loss or extra damage (destroying a damaged unit while an undamaged one of the type
//! survives, or placing a hit on a survivor that a destroyed unit could have absorbed); every
//! other result the rules allow is offered. A choice is legal only if the hits left can still
//! be placed afterwards, so no sequence strands a hit while units remain. Hits beyond what the
//! eligible units can take are lost (Anti-Fighter Barrage 10.2.1, Bombardment 15.2.1).

use super::force::{type_bit, Force, TypeMask};
use super::CombatError;
use crate::ti4::ids::{UnitType, UNIT_TYPES};

/// Where the next hit goes.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum HitChoice {
    /// A unit of this type is destroyed (a damaged one if any).
    Destroy(UnitType),
    /// Sustain Damage 87.1: an undamaged unit of this type cancels the hit and becomes damaged.
    Sustain(UnitType),
}

/// Most hit choices legal at once: one destroy and one sustain per unit type. A buffer of this
/// capacity never reallocates.
pub const MAX_HIT_CHOICES: usize = 2 * UNIT_TYPES;

/// A batch of hits one side must assign to its own units of the `eligible` types, and how far
/// the assignment has gone.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Hits {
    remaining: u16,
    eligible: TypeMask,
    last: Option<HitChoice>,
    assigned: u16,
    /// Destroyed units that were undamaged and had SUSTAIN DAMAGE: hits they can still absorb
    /// (each as many as one use of SUSTAIN DAMAGE cancels, [`Force::sustain_cancels`]).
    spare: u16,
}

impl Hits {
    /// `hits` hits to assign to units of the types in `eligible` (e.g. the force's
    /// [`Force::combatant_mask`], [`FIGHTERS`](super::FIGHTERS) for anti-fighter barrage,
    /// [`Force::ground_force_mask`] for bombardment).
    pub const fn new(hits: u16, eligible: TypeMask) -> Hits {
        Hits { remaining: hits, eligible, last: None, assigned: 0, spare: 0 }
    }
    /// Hits still to place.
    #[inline]
    pub fn remaining(&self) -> u16 {
        self.remaining
    }
    /// Hits placed so far (destroying a unit, sustained, or absorbed by a destroyed unit's
    /// SUSTAIN DAMAGE).
    #[inline]
    pub fn assigned(&self) -> u16 {
        self.assigned
    }
    /// The types the hits may land on.
    #[inline]
    pub fn eligible(&self) -> TypeMask {
        self.eligible
    }

    /// True when nothing is left to decide: no hits left, or no eligible units left (the rest
    /// of the hits are lost).
    pub fn is_done(&self, force: &Force) -> bool {
        self.remaining == 0 || force.units_in(self.eligible) == 0
    }

    /// True when every legal sequence gives the same result: nothing to decide, or enough hits
    /// to destroy every eligible unit whatever is sustained.
    pub fn is_forced(&self, force: &Force) -> bool {
        self.is_done(force) || self.remaining >= force.hits_to_destroy(self.eligible)
    }

    fn is_eligible(&self, t: UnitType) -> bool {
        self.eligible & type_bit(t) != 0
    }

    /// Undamaged units with SUSTAIN DAMAGE of eligible types `from` and later (type order).
    fn sustains_from(&self, force: &Force, from: UnitType) -> u16 {
        UnitType::ALL
            .into_iter()
            .filter(|&u| u >= from && self.is_eligible(u) && force.stats(u).sustain_damage)
            .map(|u| u16::from(force.undamaged(u)))
            .sum()
    }

    /// True when a unit of type `t` may be destroyed now and the hits left can still be placed.
    fn destroy_is_legal(&self, force: &Force, t: UnitType) -> bool {
        let rank = force.destroy_rank(t);
        let in_order = match self.last {
            None => true,
            Some(HitChoice::Destroy(u)) => rank >= force.destroy_rank(u),
            Some(HitChoice::Sustain(_)) => false,
        };
        if !in_order || !self.is_eligible(t) || force.count(t) == 0 {
            return false;
        }
        // After the destroy: r hits left, `spare` absorbable, units of lower rank can no longer
        // be destroyed. Feasible if the hits fit as spare, or everything left can still be
        // destroyed, or destroying the rest (each undamaged sustainer absorbing k more) and
        // sustaining the lower ranks absorbs them.
        let r = self.remaining - 1;
        let k = force.sustain_cancels();
        let gained = u16::from(force.damaged(t) == 0 && force.stats(t).sustain_damage);
        let spare = self.spare + k * gained;
        if r <= spare {
            return true;
        }
        let (mut lower, mut capacity) = (0u16, spare);
        for u in UnitType::ALL.into_iter().filter(|&u| self.is_eligible(u)) {
            let (mut n, mut und) = (u16::from(force.count(u)), u16::from(force.undamaged(u)));
            if u == t {
                n -= 1;
                und -= gained;
            }
            let sustains = if force.stats(u).sustain_damage { und } else { 0 };
            if force.destroy_rank(u) < rank {
                lower += n;
                capacity += k * sustains;
            } else {
                capacity += n + k * sustains;
            }
        }
        lower == 0 || r <= capacity
    }

    /// True when `c` may be chosen now.
    pub fn is_legal(&self, force: &Force, c: HitChoice) -> bool {
        if self.is_done(force) {
            return false;
        }
        match c {
            HitChoice::Destroy(t) => self.destroy_is_legal(force, t),
            HitChoice::Sustain(t) => {
                let in_order = match self.last {
                    None | Some(HitChoice::Destroy(_)) => true,
                    Some(HitChoice::Sustain(u)) => u <= t,
                };
                in_order
                    && self.is_eligible(t)
                    && force.stats(t).sustain_damage
                    && force.undamaged(t) > 0
                    // After it (cancelling k hits, Non-Euclidean Shielding: 2), the hits left
                    // fit the spare capacity and the other sustains of this type or later:
                    // r - k <= spare + k · (sustains_from(t) - 1).
                    && self.remaining <= self.spare + force.sustain_cancels() * self.sustains_from(force, t)
            }
        }
    }

    /// The legal choices, in increasing order, without allocating.
    pub fn choices<'a>(&'a self, force: &'a Force) -> impl Iterator<Item = HitChoice> + 'a {
        UnitType::ALL
            .into_iter()
            .map(HitChoice::Destroy)
            .chain(UnitType::ALL.into_iter().map(HitChoice::Sustain))
            .filter(move |&c| self.is_legal(force, c))
    }

    /// Clears `buf` and fills it with the legal choices in increasing order (at most
    /// [`MAX_HIT_CHOICES`]).
    pub fn legal(&self, force: &Force, buf: &mut Vec<HitChoice>) {
        buf.clear();
        buf.extend(self.choices(force));
    }

    /// Cancels up to `k` of the hits still to assign (they are never placed); returns how many.
    pub fn cancel(&mut self, k: u16) -> u16 {
        let n = k.min(self.remaining);
        self.remaining -= n;
        n
    }
    /// Places the next hit on `force` as `c`.
    pub fn apply(&mut self, force: &mut Force, c: HitChoice) -> Result<(), CombatError> {
        if !self.is_legal(force, c) {
            return Err(CombatError::IllegalHit(c));
        }
        let k = force.sustain_cancels();
        let (done, placed) = match c {
            HitChoice::Destroy(t) => {
                self.spare += k * u16::from(force.damaged(t) == 0 && force.stats(t).sustain_damage);
                (force.destroy(t), 1)
            }
            // Sustain Damage 87.1 cancels 1 hit (Non-Euclidean Shielding: 2, as many as remain).
            HitChoice::Sustain(t) => (force.sustain(t), k.min(self.remaining)),
        };
        debug_assert!(done, "a legal hit choice applies");
        self.remaining -= placed;
        self.assigned += placed;
        self.last = Some(c);
        // Hits the destroyed units can still absorb end the assignment.
        if self.remaining <= self.spare || force.units_in(self.eligible) == 0 {
            let absorbed = self.remaining.min(self.spare);
            self.remaining -= absorbed;
            self.assigned += absorbed;
        }
        Ok(())
    }

    /// The default policy's next choice, in the canonical order: the result is that of
    /// sustaining damage on undamaged units with SUSTAIN DAMAGE while hits remain, then
    /// destroying the cheapest units first (fighters and infantry before anything else). So:
    /// while more hits remain than the sustains (and spare capacity) can take, destroy the
    /// cheapest unit; then sustain in type order. `None` when done.
    pub fn default_choice(&self, force: &Force) -> Option<HitChoice> {
        if self.is_done(force) {
            return None;
        }
        let destroy = || {
            UnitType::ALL
                .into_iter()
                .filter(|&t| self.is_legal(force, HitChoice::Destroy(t)))
                .min_by_key(|&t| force.destroy_rank(t))
                .map(HitChoice::Destroy)
        };
        let sustain = || UnitType::ALL.into_iter().map(HitChoice::Sustain).find(|&c| self.is_legal(force, c));
        let absorbable = self.spare + force.sustain_cancels() * self.sustains_from(force, UnitType::Infantry);
        if self.remaining > absorbable {
            destroy().or_else(sustain)
        } else {
            sustain().or_else(destroy)
        }
    }

    /// Takes every choice that needs no decision: one legal choice only, or enough hits to
    /// destroy everything whatever is chosen. Returns true when the assignment is finished,
    /// false when a real choice (two or more options with different results) remains.
    pub fn settle(&mut self, force: &mut Force) -> bool {
        loop {
            if self.is_done(force) {
                return true;
            }
            if self.is_forced(force) {
                self.resolve_default(force);
                return true;
            }
            let (first, second) = {
                let mut choices = self.choices(force);
                (choices.next(), choices.next())
            };
            match (first, second) {
                (Some(only), None) => {
                    if self.apply(force, only).is_err() {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }

    /// Assigns every remaining hit by [`Hits::default_choice`]; returns the hits placed by this
    /// call.
    pub fn resolve_default(&mut self, force: &mut Force) -> u16 {
        let before = self.assigned;
        while let Some(c) = self.default_choice(force) {
            if self.apply(force, c).is_err() {
                break;
            }
        }
        self.assigned - before
    }
}

/// How one unit of a type can take a hit another player assigns to it (Yin's Devotion, Creuss'
/// Dimensional Splicer), of `count` units of which `damaged` are damaged: `(destroyed,
/// sustained)`: a damaged one, or one without SUSTAIN DAMAGE, is destroyed; an undamaged one
/// with the ability cancels the hit and becomes damaged (87.1).
pub fn assigned_hit_options(count: u8, damaged: u8, sustain_damage: bool) -> (bool, bool) {
    (count > 0 && (!sustain_damage || damaged > 0), sustain_damage && count > damaged)
}

/// Assigns `hits` hits to `force`'s units of the `eligible` types by the default policy (the
/// result of sustaining first, then destroying the cheapest units; see [`Hits::default_choice`])
/// and returns how many were placed (fewer than `hits` when the units run out).
pub fn assign_hits_default(force: &mut Force, hits: u16, eligible: TypeMask) -> u16 {
    Hits::new(hits, eligible).resolve_default(force)
}
