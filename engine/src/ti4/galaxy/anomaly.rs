//! Anomalies and their movement and combat rules (Rules Reference 9 "Anomalies", 11 "Asteroid
//! Field", 41 "Gravity Rift", 59 "Nebula", 86 "Supernova"; digest §5), as predicates and
//! modifiers the movement and combat modules apply.
//!
//! - Asteroid field: ships cannot move into or through it; Antimass Deflectors lift this.
//! - Supernova: ships cannot move into or through it; the Embers of Muaat (Gashlai Physiology) may.
//!   Their ability says "through"; this engine lets Muaat ships also end there, as Magmus
//!   Reactor (Omega) presumes Muaat units in a supernova.
//! - Nebula: a ship may move into it only as the active system (never through it); a ship that
//!   starts its movement there has move value 1; the defender's units there roll combat +1.
//! - Gravity rift: a ship moving out of or through one applies +1 to its move value (one per rift
//!   left: the step out of a rift is free); each such ship rolls a die and is destroyed on 1-3.
//! - Entropic scar (Thunder's Edge): counts as an anomaly for effects that ask, nothing more; its
//!   own rules are not modelled.
//!
//! Bits follow [`ANOMALIES`](crate::ti4::content::ANOMALIES): a system's `anomalies` byte.

/// An anomaly kind; the discriminant is the bit index in a system's `anomalies` byte.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Anomaly {
    /// Asteroid field.
    AsteroidField = 0,
    /// Nebula.
    Nebula = 1,
    /// Supernova.
    Supernova = 2,
    /// Gravity rift.
    GravityRift = 3,
    /// Entropic scar (Thunder's Edge; not modelled beyond being an anomaly).
    EntropicScar = 4,
}

impl Anomaly {
    /// All kinds in bit order.
    pub const ALL: [Anomaly; 5] =
        [Anomaly::AsteroidField, Anomaly::Nebula, Anomaly::Supernova, Anomaly::GravityRift, Anomaly::EntropicScar];
    /// This kind's bit in an `anomalies` byte.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
    /// True when the byte holds this kind.
    pub const fn in_bits(self, anomalies: u8) -> bool {
        anomalies & self.bit() != 0
    }
}

/// What lets a player's ships ignore anomaly movement rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoverTraits {
    /// Antimass Deflectors: ships may move into and through asteroid fields.
    pub antimass_deflectors: bool,
    /// Gashlai Physiology (Embers of Muaat): ships may move through supernovas (not end a move
    /// in one: 86.1 still forbids moving into it).
    pub gashlai_physiology: bool,
    /// Voidborn (Empyrean): nebulae do not affect the ships' movement (59.1, 59.2).
    pub nebulae_ignored: bool,
    /// Magmus Reactor Ω (Embers of Muaat): ships may move into supernovas (end a move in one).
    pub supernova_entry: bool,
}

impl MoverTraits {
    /// How many trait combinations there are (four flags).
    pub const COMBINATIONS: usize = 16;

    /// This combination's index, below [`MoverTraits::COMBINATIONS`].
    pub fn index(self) -> usize {
        self.antimass_deflectors as usize
            | (self.gashlai_physiology as usize) << 1
            | (self.nebulae_ignored as usize) << 2
            | (self.supernova_entry as usize) << 3
    }

    /// The combination of index `i` (the inverse of [`MoverTraits::index`]).
    pub fn of_index(i: usize) -> MoverTraits {
        MoverTraits {
            antimass_deflectors: i & 1 != 0,
            gashlai_physiology: i & 2 != 0,
            nebulae_ignored: i & 4 != 0,
            supernova_entry: i & 8 != 0,
        }
    }
}

/// Lowest die result that lets a ship survive a gravity rift (1-3 destroy it).
pub const GRAVITY_RIFT_SURVIVES_ON: u8 = 4;

/// Asteroid field 11.1, supernova 86.1, nebula 59.1: may a ship move into a system with these
/// anomalies as the end of its move? (A nebula may be entered only as the active system, which is
/// where a move ends, so it is allowed here and forbidden by [`may_pass`]; a supernova only for
/// a ship that may move into one, Magmus Reactor Ω, not for one that may only move through.)
pub const fn may_enter(anomalies: u8, t: MoverTraits) -> bool {
    let asteroids_ok = !Anomaly::AsteroidField.in_bits(anomalies) || t.antimass_deflectors;
    asteroids_ok && (!Anomaly::Supernova.in_bits(anomalies) || t.supernova_entry)
}

/// Asteroid field 11.1, supernova 86.1 (Gashlai Physiology: "Your ships can move through
/// supernovas"), nebula 59.1: may a ship move through a system with these anomalies (enter it
/// and leave it in the same movement)?
pub const fn may_pass(anomalies: u8, t: MoverTraits) -> bool {
    let asteroids_ok = !Anomaly::AsteroidField.in_bits(anomalies) || t.antimass_deflectors;
    let supernova_ok = !Anomaly::Supernova.in_bits(anomalies) || t.gashlai_physiology;
    asteroids_ok && supernova_ok && (!Anomaly::Nebula.in_bits(anomalies) || t.nebulae_ignored)
}

/// Nebula 59.2: the move value of a ship with traits `t` that starts its movement in a system
/// with these anomalies.
pub const fn move_value_leaving(anomalies: u8, move_value: u8, t: MoverTraits) -> u8 {
    if Anomaly::Nebula.in_bits(anomalies) && move_value > 1 && !t.nebulae_ignored {
        1
    } else {
        move_value
    }
}

/// Gravity rift 41.1: the bonus to move value for moving out of (or through) a system with these
/// anomalies.
pub const fn exit_move_bonus(anomalies: u8) -> u8 {
    Anomaly::GravityRift.in_bits(anomalies) as u8
}

/// Gravity rift 41.2: does a ship leaving or passing a rift need a survival roll?
pub const fn rift_roll_needed(anomalies: u8) -> bool {
    Anomaly::GravityRift.in_bits(anomalies)
}

/// Gravity rift 41.2: is a ship destroyed by this die result (1-10)?
pub const fn rift_destroys(roll: u8) -> bool {
    roll < GRAVITY_RIFT_SURVIVES_ON
}

/// Nebula 59.3: the bonus the defender applies to each of its combat rolls during a combat in a
/// system with these anomalies (which combats count is the combat module's call).
pub const fn defender_combat_bonus(anomalies: u8) -> u8 {
    Anomaly::Nebula.in_bits(anomalies) as u8
}
