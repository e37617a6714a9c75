//! Combat: space cannon, anti-fighter barrage, space combat, bombardment, space cannon defense and
//! ground combat, as pure functions over small fixed-size values (digest §5).
//!
//! Rules Reference clauses implemented (numbers as in the Living Rules Reference):
//! - 10 Anti-Fighter Barrage: first round of a space combat only; hits only fighters; combat-roll
//!   modifiers do not apply ([`roll_anti_fighter_barrage`], [`SpaceCombat`]).
//! - 15 Bombardment, 65 Planetary Shield: per planet; a unit with PLANETARY SHIELD on the planet
//!   blocks it unless the bombarding player has a war sun in the system or the caller says the
//!   shields are disabled; hits destroy ground forces ([`roll_bombardment`],
//!   [`bombardment_blocked`]).
//! - 42 Ground Combat: rounds of roll and assign until one side (or neither) has ground forces; no
//!   retreat ([`GroundCombat`]). 49.5.4 Invasion: if both sides die, the defender keeps control.
//! - 56 Modifiers: a per-side combat-roll modifier (nebula defender +1, Sardakk +1, Jol-Nar -1 ...)
//!   is given by the caller in the [`Force`]; it applies to combat rolls only.
//! - 77 Space Cannon: offense after movement (non-active players fire at the active player, the
//!   active player at one player of its choice with ships there; PDS II and other "adjacent"
//!   cannons also from adjacent systems) and defense against committed ground forces
//!   ([`roll_space_cannon_offense`], [`roll_space_cannon_defense`], [`space_cannon_offense_target`]).
//! - 78 Space Combat: anti-fighter barrage, announce retreats (defender first; if the defender
//!   announces, the attacker may not), roll (attacker first), assign hits, retreat, repeat
//!   until at most one side has ships; winner, loser or draw ([`SpaceCombat`]).
//! - 87 Sustain Damage: before assigning hits a player may cancel one hit per undamaged unit with
//!   SUSTAIN DAMAGE that is eligible to be hit; the unit becomes damaged (and may still be
//!   destroyed by another hit) ([`Hits`]).
//!
//! Hit assignment is a sequence of small decisions ([`HitChoice`]: destroy a unit of one type,
//! or let one sustain damage) in a canonical order (destroys first, cheapest first; then the
//! surviving units that sustain, by type), so that each distinct result is reached by exactly
//! one sequence and search sees no transpositions; results that take an avoidable extra loss
//! are not offered (see [`Hits`]). Decisions whose every option leads to the same state (one
//! legal choice, or more hits than the side can absorb) are resolved automatically.
//!
//! Technologies: Duranium Armor is applied inside the combats ([`SpaceCombat::set_repair`],
//! [`GroundCombat::set_repair`]); for Plasma Scoring the caller rolls the additional die at
//! [`best_bombardment`] / [`best_space_cannon`]; Assault Cannon, Graviton Laser System and Magen
//! Defense Grid are the caller's (they change the forces before a combat or where ability hits
//! go).
//!
//! Simplifications (hooks, not implemented): action cards (Shields Holding, Direct Hit, Skilled
//! Retreat, Morale Boost ...), faction combat abilities, flagship texts (except the Winnu
//! flagship's variable dice, `Dice::dice == 0`), promissory notes and the other technologies
//! that change combat (Non-Euclidean Shielding, X-89 ...): the caller applies what it
//! implements through the force's modifier, [`Force::from_stats`] and the `shields_disabled`
//! flag. Which systems a side may
//! retreat to, moving its units there (transport, capacity, fighters without move value) and
//! placing its command token are the caller's, as are capacity checks after combat and
//! establishing control after an invasion. A combat in which neither side can ever produce a
//! hit (only with extreme modifiers) ends as [`Outcome::Stalemate`] instead of looping forever.

pub mod exact;
mod force;
mod ground;
mod hits;
mod rolls;
mod space;

pub use force::{type_bit, Arena, Aura, Force, Natural, TypeMask, UnitStats, FIGHTERS};
pub use ground::{GroundCombat, GroundPhase};
pub use hits::{assign_hits_default, assigned_hit_options, HitChoice, Hits, MAX_HIT_CHOICES};
pub use rolls::{
    ambush_values, best_bombardment, best_space_cannon, bombardment_blocked, hit_probability, penalised, roll_ambush,
    roll_anti_fighter_barrage, roll_bombardment, roll_bombardment_against, roll_combat, roll_combat_paying,
    roll_combat_rerolling, roll_d10, roll_hits, roll_hits_rerolling, roll_space_cannon_defense,
    roll_space_cannon_defense_against, roll_space_cannon_offense, roll_space_cannon_offense_against,
    space_cannon_offense_order, space_cannon_offense_target,
};
pub use space::{CombatStart, SpaceCombat, SpaceDecision, SpacePhase};

use crate::ti4::ids::{Player, UnitId, UnitType};
use std::fmt;

/// A side of a combat. The attacker is the active player, the defender the other player in the
/// combat (Rules Reference "Attacker", "Defender"); the discriminant indexes per-side arrays.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// The active player.
    Attacker = 0,
    /// The other player in the combat.
    Defender = 1,
}

impl Side {
    /// Both sides, attacker first.
    pub const BOTH: [Side; 2] = [Side::Attacker, Side::Defender];
    /// The opposing side.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }
    /// Index into per-side arrays.
    #[inline]
    pub const fn idx(self) -> usize {
        self as usize
    }
}

/// How a combat ended (Space Combat 78.8, Ground Combat 42.4).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Only the attacker has units left (in space: ships; on a planet: ground forces), or the
    /// defender retreated.
    AttackerWins,
    /// Only the defender has units left, or the attacker retreated.
    DefenderWins,
    /// Neither side has units left: no winner. After a ground combat the defender keeps control
    /// of the planet (Invasion 49.5.4).
    Draw,
    /// Both sides have units left but neither can ever produce a hit (not a rules outcome: only
    /// reachable with modifiers that push every combat value past 10). Both sides stay.
    Stalemate,
}

impl Outcome {
    /// The outcome when the attacker (`a`) and the defender (`d`) do or do not have units left.
    pub const fn from_presence(a: bool, d: bool) -> Outcome {
        match (a, d) {
            (true, false) => Outcome::AttackerWins,
            (false, true) => Outcome::DefenderWins,
            (false, false) => Outcome::Draw,
            (true, true) => Outcome::Stalemate,
        }
    }
    /// The winning side, if any.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::AttackerWins => Some(Side::Attacker),
            Outcome::DefenderWins => Some(Side::Defender),
            Outcome::Draw | Outcome::Stalemate => None,
        }
    }
}

/// What a combat state machine needs next (the combat analogue of [`crate::game::Turn`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Step {
    /// `Side` chooses one of the legal decisions.
    Decide(Side),
    /// Dice are rolled: call `apply_chance` with an RNG.
    Chance,
    /// A space combat round is over and the combat goes on: the caller resolves what happens
    /// "after a round" (rules of the players, e.g. Yin's Devotion, through
    /// [`SpaceCombat::destroy_unit`] and [`SpaceCombat::hit_unit`]), then calls
    /// [`SpaceCombat::next_round`]. Only with [`SpaceCombat::set_pause_between_rounds`].
    Between,
    /// The combat is over.
    Over(Outcome),
}

/// Why a combat input was rejected.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CombatError {
    /// A force holds units of a type for which its profile has no unit definition.
    NoDefinition {
        /// The unit type.
        unit_type: UnitType,
    },
    /// A profile names a unit definition of another type in a unit type's slot.
    WrongUnitType {
        /// The slot.
        unit_type: UnitType,
        /// The definition found there.
        unit: UnitId,
    },
    /// More damaged units than units of a type.
    DamagedExceedsCount {
        /// The unit type.
        unit_type: UnitType,
        /// Units of the type.
        count: u8,
        /// Damaged units claimed.
        damaged: u8,
    },
    /// A combat was given a force built for the other arena.
    WrongArena {
        /// The arena the combat needs.
        expected: Arena,
    },
    /// A decision was applied where none is awaited (chance is pending or the combat is over).
    NotAwaitingDecision,
    /// A chance event was applied where none is pending.
    NotAwaitingChance,
    /// The force has no unit of the type an operation names (to replace, or to give a die).
    NoUnit {
        /// The unit type.
        unit_type: UnitType,
    },
    /// A hit choice that is not legal now.
    IllegalHit(HitChoice),
    /// A space combat decision that is not legal now.
    IllegalDecision(SpaceDecision),
    /// Space Cannon 77.3: the firing player has nobody it may target.
    NoSpaceCannonTarget {
        /// The firing player.
        firer: Player,
    },
    /// Space Cannon 77.3: the firing player may not target this player.
    InvalidSpaceCannonTarget {
        /// The firing player.
        firer: Player,
        /// The target named.
        target: Player,
    },
}

impl fmt::Display for CombatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CombatError::NoDefinition { unit_type } => {
                write!(f, "units of type {} but no unit definition for it", unit_type.name())
            }
            CombatError::WrongUnitType { unit_type, unit } => {
                write!(f, "unit {unit:?} placed in the {} slot is of another type", unit_type.name())
            }
            CombatError::DamagedExceedsCount { unit_type, count, damaged } => {
                write!(f, "{damaged} damaged {} but only {count} units", unit_type.name())
            }
            CombatError::WrongArena { expected } => write!(f, "force is not built for {expected:?} combat"),
            CombatError::NotAwaitingDecision => write!(f, "no decision is awaited"),
            CombatError::NotAwaitingChance => write!(f, "no chance event is pending"),
            CombatError::NoUnit { unit_type } => write!(f, "no {unit_type:?} in the force"),
            CombatError::IllegalHit(c) => write!(f, "hit choice {c:?} is not legal now"),
            CombatError::IllegalDecision(d) => write!(f, "decision {d:?} is not legal now"),
            CombatError::NoSpaceCannonTarget { firer } => {
                write!(f, "player {} has no space cannon target", firer.0)
            }
            CombatError::InvalidSpaceCannonTarget { firer, target } => {
                write!(f, "player {} may not fire space cannon at player {}", firer.0, target.0)
            }
        }
    }
}

impl std::error::Error for CombatError {}

#[cfg(test)]
mod tests;
