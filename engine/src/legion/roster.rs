//! Rosters (digest §6.3): the unit types of both armies as const tables, with FFG-era reference
//! stats labelled as *lite* values, and the army lists for each [`CommanderVariant`].
//!
//! Simplified: no upgrades; a squad's heavy weapon is one model of the unit (taken second to
//! last, the leader last); Scout X is listed on the cards but not modelled (deploy is by rows).
//! Lite assignments (marked `*` in the digest): Observe 1 on the Special Forces, Armor 2 on
//! the vehicles, and the Special Forces' free action "Steady Aim" (gain 1 Surge token).

use serde::{Deserialize, Serialize};

use super::dice::{AttackDie, DefenseDie};
use super::options::CommanderVariant;

/// An army's faction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    /// Galactic Empire: Darth Vader's army.
    Empire,
    /// Rebel Alliance: Luke Skywalker's army.
    Rebels,
}

/// A unit's rank: which order token it uses and which cards order it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    /// Commander (also a promoted unit).
    Commander = 0,
    /// Operative (none in the lite rosters).
    Operative = 1,
    /// Corps.
    Corps = 2,
    /// Special Forces.
    SpecialForces = 3,
    /// Support (none in the lite rosters).
    Support = 4,
    /// Heavy.
    Heavy = 5,
}

/// Number of ranks (order-token kinds).
pub const RANKS: usize = 6;

impl Rank {
    /// All ranks, in token order.
    pub const ALL: [Rank; RANKS] =
        [Rank::Commander, Rank::Operative, Rank::Corps, Rank::SpecialForces, Rank::Support, Rank::Heavy];
    /// Lower-case name used in positions and transcripts.
    pub const fn name(self) -> &'static str {
        match self {
            Rank::Commander => "commander",
            Rank::Operative => "operative",
            Rank::Corps => "corps",
            Rank::SpecialForces => "special_forces",
            Rank::Support => "support",
            Rank::Heavy => "heavy",
        }
    }
}

/// Unit type: troopers take suppression and can be promoted; vehicles cannot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Class {
    /// Trooper.
    Trooper,
    /// Ground vehicle: blocks LOS, never obscured, may Standby.
    GroundVehicle,
    /// Repulsor vehicle: blocks nothing, no Standby.
    Repulsor,
}

/// What an attack surge becomes on the unit card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SurgeChart {
    /// Surge stays blank.
    None,
    /// Surge becomes a hit.
    Hit,
    /// Surge becomes a critical.
    Crit,
}

/// A weapon profile: dice per model and range band (melee: `max_range == 0`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Weapon {
    /// Red, black, white attack dice per model carrying it.
    pub dice: [u8; 3],
    /// Shortest range band (1..).
    pub min_range: u8,
    /// Longest range band; 0 for a melee weapon.
    pub max_range: u8,
    /// Impact X.
    pub impact: u8,
    /// Pierce X.
    pub pierce: u8,
}

impl Weapon {
    /// The number of dice of colour `d` per model.
    pub const fn count(&self, d: AttackDie) -> u8 {
        self.dice[d as usize]
    }
    /// True when the weapon reaches range band `band` (ranged weapons only).
    pub const fn reaches(&self, band: u8) -> bool {
        self.max_range > 0 && band >= self.min_range && band <= self.max_range
    }
}

const fn ranged(r: u8, b: u8, w: u8, min: u8, max: u8, impact: u8, pierce: u8) -> Option<Weapon> {
    Some(Weapon { dice: [r, b, w], min_range: min, max_range: max, impact, pierce })
}
const fn melee(r: u8, b: u8, w: u8, impact: u8, pierce: u8) -> Option<Weapon> {
    Some(Weapon { dice: [r, b, w], min_range: 0, max_range: 0, impact, pierce })
}

/// Keyword bits of [`UnitType::keywords`].
pub mod kw {
    /// Deflect: when a dodge is spent against a ranged attack, defense surges are blocks and
    /// the attacker suffers 1 wound per defense surge.
    pub const DEFLECT: u16 = 1;
    /// Immune: Pierce.
    pub const IMMUNE_PIERCE: u16 = 2;
    /// Relentless: a free attack after a Move action.
    pub const RELENTLESS: u16 = 4;
    /// Charge: a free melee attack after a move that ends next to an enemy.
    pub const CHARGE: u16 = 8;
    /// Low Profile: one cover-pool die becomes an automatic block.
    pub const LOW_PROFILE: u16 = 16;
    /// Observe 1 (card action): an Observation token on an enemy in range 3 and LOS.
    pub const OBSERVE: u16 = 32;
    /// Lite free action "Steady Aim": gain 1 Surge token.
    pub const STEADY_AIM: u16 = 64;
    /// Field Commander (granted to the Special Forces in variant C).
    pub const FIELD_COMMANDER: u16 = 128;
}

/// One unit card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct UnitType {
    /// Identifier used in positions (`"vader"`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Rank.
    pub rank: Rank,
    /// Trooper or vehicle.
    pub class: Class,
    /// Models in the unit.
    pub models: u8,
    /// Wounds per model.
    pub wounds: u8,
    /// Courage; 0 means "–" (never suppressed or panicked).
    pub courage: u8,
    /// Speed 1..=3.
    pub speed: u8,
    /// Defense die colour.
    pub defense: DefenseDie,
    /// Attack surge chart.
    pub attack_surge: SurgeChart,
    /// Defense surge becomes a block.
    pub defense_surge: bool,
    /// Ranged weapon carried by every model (but the heavy-weapon model).
    pub ranged: Option<Weapon>,
    /// Heavy weapon carried by one model.
    pub heavy: Option<Weapon>,
    /// Melee weapon carried by every model.
    pub melee: Option<Weapon>,
    /// Keyword bits ([`kw`]).
    pub keywords: u16,
    /// Precise X.
    pub precise: u8,
    /// Sharpshooter X.
    pub sharpshooter: u8,
    /// Armor X (2025 form: cancel up to X hits).
    pub armor: u8,
    /// Cover X.
    pub cover: u8,
    /// Resilience (vehicles); 0 for none.
    pub resilience: u8,
    /// Points (FFG-era list values, for the lost-points tie-break).
    pub points: u16,
}

impl UnitType {
    /// Total wounds of the unit.
    pub const fn total_wounds(&self) -> u8 {
        self.models * self.wounds
    }
    /// True for troopers.
    pub const fn is_trooper(&self) -> bool {
        matches!(self.class, Class::Trooper)
    }
    /// True when the unit has keyword bit `k`.
    pub const fn has(&self, k: u16) -> bool {
        self.keywords & k != 0
    }
}

const fn unit(id: &'static str, name: &'static str, rank: Rank, class: Class, models: u8, wounds: u8) -> UnitType {
    UnitType {
        id,
        name,
        rank,
        class,
        models,
        wounds,
        courage: 0,
        speed: 2,
        defense: DefenseDie::White,
        attack_surge: SurgeChart::None,
        defense_surge: false,
        ranged: None,
        heavy: None,
        melee: None,
        keywords: 0,
        precise: 0,
        sharpshooter: 0,
        armor: 0,
        cover: 0,
        resilience: 0,
        points: 0,
    }
}

/// Index of a unit type in [`UNIT_TYPES`].
pub type TypeId = u8;

/// Darth Vader.
pub const VADER: TypeId = 0;
/// Stormtroopers.
pub const STORMTROOPERS: TypeId = 1;
/// Stormtroopers with a DLT-19.
pub const STORMTROOPERS_DLT: TypeId = 2;
/// Scout Troopers.
pub const SCOUTS: TypeId = 3;
/// AT-ST.
pub const AT_ST: TypeId = 4;
/// Luke Skywalker.
pub const LUKE: TypeId = 5;
/// Rebel Troopers.
pub const REBEL_TROOPERS: TypeId = 6;
/// Rebel Troopers with a Z-6.
pub const REBEL_TROOPERS_Z6: TypeId = 7;
/// Rebel Commandos.
pub const COMMANDOS: TypeId = 8;
/// T-47 Airspeeder.
pub const T47: TypeId = 9;
/// Imperial Officer (variant B).
pub const IMPERIAL_OFFICER: TypeId = 10;
/// Rebel Officer (variant B).
pub const REBEL_OFFICER: TypeId = 11;

/// Every unit card (lite values, digest §6.3).
pub const UNIT_TYPES: [UnitType; 12] = [
    UnitType {
        courage: 0,
        speed: 1,
        defense: DefenseDie::Red,
        melee: melee(6, 0, 0, 3, 3),
        keywords: kw::DEFLECT | kw::IMMUNE_PIERCE | kw::RELENTLESS,
        points: 190,
        ..unit("vader", "Darth Vader", Rank::Commander, Class::Trooper, 1, 8)
    },
    UnitType {
        courage: 1,
        defense: DefenseDie::Red,
        attack_surge: SurgeChart::Hit,
        ranged: ranged(0, 0, 1, 1, 3, 0, 0),
        precise: 1,
        points: 44,
        ..unit("stormtroopers", "Stormtroopers", Rank::Corps, Class::Trooper, 4, 1)
    },
    UnitType {
        courage: 1,
        defense: DefenseDie::Red,
        attack_surge: SurgeChart::Hit,
        ranged: ranged(0, 0, 1, 1, 3, 0, 0),
        heavy: ranged(2, 0, 0, 1, 4, 1, 0),
        precise: 1,
        points: 68,
        ..unit("stormtroopers_dlt19", "Stormtroopers (DLT-19)", Rank::Corps, Class::Trooper, 4, 1)
    },
    UnitType {
        courage: 2,
        defense_surge: true,
        ranged: ranged(0, 2, 0, 1, 2, 0, 0),
        keywords: kw::LOW_PROFILE | kw::OBSERVE | kw::STEADY_AIM,
        sharpshooter: 1,
        points: 60,
        ..unit("scout_troopers", "Scout Troopers", Rank::SpecialForces, Class::Trooper, 4, 1)
    },
    UnitType {
        defense_surge: true,
        ranged: ranged(2, 2, 2, 1, 4, 0, 0),
        melee: melee(4, 0, 0, 0, 0),
        armor: 2,
        resilience: 8,
        points: 170,
        ..unit("at_st", "AT-ST", Rank::Heavy, Class::GroundVehicle, 1, 11)
    },
    UnitType {
        courage: 3,
        defense: DefenseDie::Red,
        attack_surge: SurgeChart::Crit,
        ranged: ranged(2, 0, 0, 1, 2, 0, 2),
        melee: melee(0, 6, 0, 2, 2),
        keywords: kw::DEFLECT | kw::IMMUNE_PIERCE | kw::CHARGE,
        points: 160,
        ..unit("luke", "Luke Skywalker", Rank::Commander, Class::Trooper, 1, 6)
    },
    UnitType {
        courage: 1,
        defense_surge: true,
        ranged: ranged(0, 1, 0, 1, 3, 0, 0),
        points: 40,
        ..unit("rebel_troopers", "Rebel Troopers", Rank::Corps, Class::Trooper, 4, 1)
    },
    UnitType {
        courage: 1,
        defense_surge: true,
        ranged: ranged(0, 1, 0, 1, 3, 0, 0),
        heavy: ranged(0, 0, 6, 1, 3, 0, 0),
        points: 62,
        ..unit("rebel_troopers_z6", "Rebel Troopers (Z-6)", Rank::Corps, Class::Trooper, 4, 1)
    },
    UnitType {
        courage: 2,
        attack_surge: SurgeChart::Hit,
        defense_surge: true,
        ranged: ranged(0, 1, 0, 1, 3, 0, 0),
        keywords: kw::LOW_PROFILE | kw::OBSERVE | kw::STEADY_AIM,
        sharpshooter: 1,
        points: 60,
        ..unit("rebel_commandos", "Rebel Commandos", Rank::SpecialForces, Class::Trooper, 4, 1)
    },
    UnitType {
        speed: 3,
        defense_surge: true,
        ranged: ranged(3, 3, 0, 1, 3, 3, 0),
        armor: 2,
        cover: 1,
        resilience: 5,
        points: 140,
        ..unit("t47", "T-47 Airspeeder", Rank::Heavy, Class::Repulsor, 1, 7)
    },
    UnitType {
        courage: 2,
        defense_surge: true,
        ranged: ranged(0, 0, 2, 1, 2, 0, 0),
        points: 50,
        ..unit("imperial_officer", "Imperial Officer", Rank::Commander, Class::Trooper, 1, 4)
    },
    UnitType {
        courage: 2,
        defense_surge: true,
        ranged: ranged(0, 0, 2, 1, 2, 0, 0),
        points: 50,
        ..unit("rebel_officer", "Rebel Officer", Rank::Commander, Class::Trooper, 1, 4)
    },
];

/// Most units in one army (variant B has 7).
pub const MAX_ARMY: usize = 8;

/// The army list of `faction` under `variant`, in slot order, and its length.
pub fn army(faction: Faction, variant: CommanderVariant) -> ([TypeId; MAX_ARMY], usize) {
    let (cmd, corps_heavy, corps, sf, heavy, officer) = match faction {
        Faction::Empire => (VADER, STORMTROOPERS_DLT, STORMTROOPERS, SCOUTS, AT_ST, IMPERIAL_OFFICER),
        Faction::Rebels => (LUKE, REBEL_TROOPERS_Z6, REBEL_TROOPERS, COMMANDOS, T47, REBEL_OFFICER),
    };
    let mut out = [0; MAX_ARMY];
    let list: &[TypeId] = match variant {
        CommanderVariant::Standard => &[cmd, corps_heavy, corps, corps, sf, heavy],
        CommanderVariant::TwoCommanders => &[cmd, officer, corps_heavy, corps, corps, sf, heavy],
        CommanderVariant::FieldCommander => &[corps_heavy, corps, corps, sf, heavy],
    };
    out[..list.len()].copy_from_slice(list);
    (out, list.len())
}

/// The unit type with identifier `id`.
pub fn type_by_id(id: &str) -> Option<TypeId> {
    UNIT_TYPES.iter().position(|u| u.id == id).map(|i| i as TypeId)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armies_have_legal_rank_counts() {
        for f in [Faction::Empire, Faction::Rebels] {
            for v in [CommanderVariant::Standard, CommanderVariant::TwoCommanders, CommanderVariant::FieldCommander] {
                let (list, n) = army(f, v);
                let count = |r: Rank| list[..n].iter().filter(|&&t| UNIT_TYPES[t as usize].rank == r).count();
                assert!((3..=6).contains(&count(Rank::Corps)), "{f:?} {v:?}");
                let want = match v {
                    CommanderVariant::Standard => 1,
                    CommanderVariant::TwoCommanders => 2,
                    CommanderVariant::FieldCommander => 0,
                };
                assert_eq!(count(Rank::Commander), want, "{f:?} {v:?}");
            }
        }
        assert_eq!(type_by_id("t47"), Some(T47));
        assert_eq!(UNIT_TYPES[AT_ST as usize].total_wounds(), 11);
    }
}
