//! [`Force`]: one side's units in a combat, counted by unit type, with the unit values the combat
//! rules read (copied out of the content once, so that rolls and hit assignment need no tables).

use super::CombatError;
use crate::ti4::content::{Content, Dice, Unit};
use crate::ti4::ids::{UnitId, UnitType, UNIT_TYPES};
use std::hash::{Hash, Hasher};

/// A set of unit types, one bit per [`UnitType`] index.
pub type TypeMask = u16;

/// The bit of one unit type in a [`TypeMask`].
#[inline]
pub const fn type_bit(t: UnitType) -> TypeMask {
    1 << t as u16
}

/// The fighters' bit: anti-fighter barrage hits only these (Anti-Fighter Barrage 10.2).
pub const FIGHTERS: TypeMask = type_bit(UnitType::Fighter);

/// Half-resource cost given to units that are never produced (structures): they rank last when
/// hits are assigned cheapest first.
const UNPRODUCED: u8 = u8::MAX;

/// Where a force fights; decides which of its units take part (are *combatants*).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Arena {
    /// Space combat (Space Combat 78): ships take part; ground forces carried in the space area
    /// do not.
    Space,
    /// Ground combat (Ground Combat 42): ground forces on the planet take part; structures that
    /// are not ground forces do not, but still give PLANETARY SHIELD and SPACE CANNON.
    Ground,
}

/// The combat-relevant values of one unit definition.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct UnitStats {
    /// The content definition these values come from (`None` for a type the side lacks).
    pub unit: Option<UnitId>,
    /// Combat value; `dice == 0` rolls one die per opposing non-fighter ship (Winnu flagship).
    pub combat: Option<Dice>,
    /// ANTI-FIGHTER BARRAGE.
    pub anti_fighter_barrage: Option<Dice>,
    /// BOMBARDMENT.
    pub bombardment: Option<Dice>,
    /// SPACE CANNON.
    pub space_cannon: Option<Dice>,
    /// The SPACE CANNON also fires at adjacent systems (PDS II) during space cannon offense.
    pub space_cannon_adjacent: bool,
    /// SUSTAIN DAMAGE.
    pub sustain_damage: bool,
    /// PLANETARY SHIELD.
    pub planetary_shield: bool,
    /// Is a ship.
    pub ship: bool,
    /// Is a ground force.
    pub ground_force: bool,
    /// Cost of one unit in half resources (fighters and infantry 1, a dreadnought 8), 255 for
    /// units that are never produced: the default hit assignment destroys the cheapest first.
    pub half_cost: u8,
}

impl UnitStats {
    /// The values of content unit `def` (with id `id`).
    pub fn of(id: UnitId, def: &Unit) -> UnitStats {
        let half_cost = match def.cost {
            Some(c) => (u16::from(c) * 2 / u16::from(def.units_per_cost.max(1))).min(u16::from(UNPRODUCED - 1)) as u8,
            None => UNPRODUCED,
        };
        UnitStats {
            unit: Some(id),
            combat: def.combat,
            anti_fighter_barrage: def.anti_fighter_barrage,
            bombardment: def.bombardment,
            space_cannon: def.space_cannon.map(|(d, _)| d),
            space_cannon_adjacent: def.space_cannon.is_some_and(|(_, adj)| adj),
            sustain_damage: def.sustain_damage,
            planetary_shield: def.planetary_shield,
            ship: def.ship,
            ground_force: def.ground_force,
            half_cost,
        }
    }
}

/// One side's units taking part in a combat (or firing an ability), counted by [`UnitType`]:
/// the owner's effective unit definitions, how many units of each type and how many of those
/// are damaged, and the side's combat-roll modifier. `Copy`, no heap.
///
/// Invariant: `damaged(t) <= count(t)` for every type, and a type without a definition has no
/// units.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Force {
    stats: [UnitStats; UNIT_TYPES],
    count: [u8; UNIT_TYPES],
    damaged: [u8; UNIT_TYPES],
    /// Position of each type in the cheapest-first destroy order (0 = destroyed first).
    rank: [u8; UNIT_TYPES],
    combatants: TypeMask,
    modifier: i8,
    arena: Arena,
    /// Hits one use of SUSTAIN DAMAGE cancels: 1 (Sustain Damage 87.1), 2 with a rule that
    /// says so (Letnev's Non-Euclidean Shielding).
    #[serde(default = "one_hit", skip_serializing_if = "is_one_hit")]
    sustain_cancels: u8,
    /// A bonus that holds while a unit of some type is in the force ([`Aura`]).
    #[serde(default, skip_serializing_if = "Aura::is_none")]
    aura: Aura,
    /// Additional hits for high natural results ([`Natural`]).
    #[serde(default, skip_serializing_if = "Natural::is_none")]
    natural: Natural,
    /// Unit types repaired at the start of each space combat round (Arc Secundus).
    #[serde(default, skip_serializing_if = "is_no_type")]
    round_repair: TypeMask,
    /// Unit types one of whose units rolls 1 additional die in the current combat round's
    /// combat roll (Sol's Evelyn Delouis); the combat clears it as the round ends.
    #[serde(default, skip_serializing_if = "is_no_type")]
    round_extra_die: TypeMask,
    /// While a unit of these types is in the force, its side may spend 1 trade good after each
    /// of its combat-roll dice to apply +1 to the result (Wrath of Kenara; [`Force::pays_plus_one`]).
    #[serde(default, skip_serializing_if = "is_no_type")]
    plus_one_for_trade_goods: TypeMask,
    /// Ground-force types that take part in a space combat as if they were ships (The
    /// Alastor; [`Force::with_ground_forces_as_ships`]).
    #[serde(default, skip_serializing_if = "is_no_type")]
    ground_as_ships: TypeMask,
}

fn is_no_type(m: &TypeMask) -> bool {
    *m == 0
}

/// Additional hits that a unit type's combat-roll dice produce on a high result before
/// modifiers (J.N.S. Hylarim: "each result of 9 or 10, before applying modifiers, produces 2
/// additional hits"), whether or not the die hits. At most one per force.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Natural {
    /// The types whose dice produce them (none: no such rule).
    pub on: TypeMask,
    /// The lowest result (before modifiers) that produces them.
    pub at_least: u8,
    /// Additional hits per such result.
    pub extra: u8,
}

impl Natural {
    /// True when the force has no such rule.
    pub fn is_none(&self) -> bool {
        self.on == 0
    }
    /// The additional hits of one die of type `t` showing `result`.
    #[inline]
    pub fn hits(&self, t: UnitType, result: u8) -> u16 {
        if self.on & type_bit(t) != 0 && result >= self.at_least {
            u16::from(self.extra)
        } else {
            0
        }
    }
}

/// A combat-roll bonus on some of a force's unit types that holds only while the force still
/// has a unit of another type (a flagship's "+1 to your other ships in this system", a mech's
/// "your infantry on this planet"): read at every roll, so it ends when that unit is destroyed.
/// At most one per force (a faction has one unit with such a text).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Aura {
    /// The types whose presence the bonus needs (none: no aura).
    pub needs: TypeMask,
    /// The types whose combat rolls get the bonus.
    pub on: TypeMask,
    /// Added to each of their combat-roll results.
    pub bonus: u8,
}

impl Aura {
    /// True when the force has no aura.
    pub fn is_none(&self) -> bool {
        self.needs == 0
    }
}

fn one_hit() -> u8 {
    1
}

fn is_one_hit(k: &u8) -> bool {
    *k == 1
}

impl Hash for Force {
    fn hash<H: Hasher>(&self, h: &mut H) {
        for s in &self.stats {
            s.unit.hash(h);
        }
        self.count.hash(h);
        self.damaged.hash(h);
        self.modifier.hash(h);
        self.arena.hash(h);
        self.sustain_cancels.hash(h);
        self.aura.hash(h);
        self.natural.hash(h);
        self.round_repair.hash(h);
        // Only when set, so that the hash of a force without one is as before the field.
        if self.round_extra_die != 0 {
            self.round_extra_die.hash(h);
        }
        if self.plus_one_for_trade_goods != 0 {
            self.plus_one_for_trade_goods.hash(h);
        }
        if self.ground_as_ships != 0 {
            self.ground_as_ships.hash(h);
        }
    }
}

impl Force {
    /// An empty force of the unit definitions `units` (per type, as the caller resolved them with
    /// [`Content::effective_unit`]).
    pub fn new(content: &Content, units: &[Option<UnitId>; UNIT_TYPES], arena: Arena) -> Result<Force, CombatError> {
        let mut stats = [UnitStats::default(); UNIT_TYPES];
        for t in UnitType::ALL {
            if let Some(id) = units[t.idx()] {
                let def = &content.units[id.idx()];
                if def.unit_type != t {
                    return Err(CombatError::WrongUnitType { unit_type: t, unit: id });
                }
                stats[t.idx()] = UnitStats::of(id, def);
            }
        }
        Ok(Force::from_stats(stats, arena))
    }

    /// An empty force of explicit unit values (for callers that change them: abilities that grant
    /// SUSTAIN DAMAGE, hypothetical units in tests).
    pub fn from_stats(stats: [UnitStats; UNIT_TYPES], arena: Arena) -> Force {
        let mut order = UnitType::ALL;
        order.sort_by_key(|t| (stats[t.idx()].half_cost, t.idx()));
        let mut rank = [0; UNIT_TYPES];
        for (r, t) in order.iter().enumerate() {
            rank[t.idx()] = r as u8;
        }
        let combatants = UnitType::ALL
            .iter()
            .filter(|t| {
                let s = &stats[t.idx()];
                match arena {
                    Arena::Space => s.ship,
                    Arena::Ground => s.ground_force,
                }
            })
            .fold(0, |m, &t| m | type_bit(t));
        Force {
            stats,
            count: [0; UNIT_TYPES],
            damaged: [0; UNIT_TYPES],
            rank,
            combatants,
            modifier: 0,
            arena,
            sustain_cancels: 1,
            aura: Aura::default(),
            natural: Natural::default(),
            round_repair: 0,
            round_extra_die: 0,
            plus_one_for_trade_goods: 0,
            ground_as_ships: 0,
        }
    }

    /// Hits one use of SUSTAIN DAMAGE cancels for this side: 1, or 2 with Non-Euclidean
    /// Shielding (hook point `sustain_cancels_two`).
    #[inline]
    pub fn sustain_cancels(&self) -> u16 {
        u16::from(self.sustain_cancels)
    }

    /// Sets the hits one use of SUSTAIN DAMAGE cancels (1 or 2).
    pub fn set_sustain_cancels(&mut self, hits: u8) {
        self.sustain_cancels = hits.clamp(1, 2);
    }

    /// Sets the number of units of type `t` and how many of them are damaged.
    pub fn set_units(&mut self, t: UnitType, count: u8, damaged: u8) -> Result<(), CombatError> {
        if damaged > count {
            return Err(CombatError::DamagedExceedsCount { unit_type: t, count, damaged });
        }
        if count > 0 && self.stats[t.idx()] == UnitStats::default() {
            return Err(CombatError::NoDefinition { unit_type: t });
        }
        self.count[t.idx()] = count;
        self.damaged[t.idx()] = damaged;
        Ok(())
    }

    /// This force with `count` units of type `t`, `damaged` of them damaged.
    pub fn with_units(mut self, t: UnitType, count: u8, damaged: u8) -> Result<Force, CombatError> {
        self.set_units(t, count, damaged)?;
        Ok(self)
    }

    /// This force with all counts replaced (indexed by [`UnitType`]).
    pub fn with_counts(mut self, count: [u8; UNIT_TYPES], damaged: [u8; UNIT_TYPES]) -> Result<Force, CombatError> {
        for t in UnitType::ALL {
            self.set_units(t, count[t.idx()], damaged[t.idx()])?;
        }
        Ok(self)
    }

    /// This force with combat-roll modifier `m` (Modifiers 56: +1 for the defender in a nebula,
    /// Sardakk +1, Jol-Nar -1 ...). It applies to combat rolls only, never to anti-fighter
    /// barrage, bombardment or space cannon rolls.
    pub fn with_modifier(mut self, m: i8) -> Force {
        self.modifier = m;
        self
    }

    /// The combat-roll modifier.
    #[inline]
    pub fn modifier(&self) -> i8 {
        self.modifier
    }
    /// The arena the force was built for.
    #[inline]
    pub fn arena(&self) -> Arena {
        self.arena
    }
    /// The unit values of type `t`.
    #[inline]
    pub fn stats(&self, t: UnitType) -> &UnitStats {
        &self.stats[t.idx()]
    }
    /// Units of type `t`.
    #[inline]
    pub fn count(&self, t: UnitType) -> u8 {
        self.count[t.idx()]
    }
    /// Damaged units of type `t`.
    #[inline]
    pub fn damaged(&self, t: UnitType) -> u8 {
        self.damaged[t.idx()]
    }
    /// Undamaged units of type `t`.
    #[inline]
    pub fn undamaged(&self, t: UnitType) -> u8 {
        self.count[t.idx()] - self.damaged[t.idx()]
    }
    /// Units by type.
    pub fn counts(&self) -> &[u8; UNIT_TYPES] {
        &self.count
    }
    /// Damaged units by type.
    pub fn damaged_counts(&self) -> &[u8; UNIT_TYPES] {
        &self.damaged
    }
    /// Position of `t` in the cheapest-first order hits destroy units in (0 = first): by cost,
    /// then by type index.
    #[inline]
    pub fn destroy_rank(&self, t: UnitType) -> u8 {
        self.rank[t.idx()]
    }

    /// Types that take part in combat in this force's arena (ships in space, ground forces on a
    /// planet), whether or not any are present.
    #[inline]
    pub fn combatant_mask(&self) -> TypeMask {
        self.combatants
    }
    /// Types that are ships.
    pub fn ship_mask(&self) -> TypeMask {
        self.mask_where(|s| s.ship)
    }
    /// Types that are ground forces.
    pub fn ground_force_mask(&self) -> TypeMask {
        self.mask_where(|s| s.ground_force)
    }
    fn mask_where(&self, f: impl Fn(&UnitStats) -> bool) -> TypeMask {
        UnitType::ALL.iter().filter(|t| f(&self.stats[t.idx()])).fold(0, |m, &t| m | type_bit(t))
    }
    /// True when `t` takes part in combat in this arena.
    #[inline]
    pub fn is_combatant(&self, t: UnitType) -> bool {
        self.combatants & type_bit(t) != 0
    }

    /// Units of the types in `mask`.
    pub fn units_in(&self, mask: TypeMask) -> u16 {
        UnitType::ALL.iter().filter(|&&t| mask & type_bit(t) != 0).map(|&t| u16::from(self.count[t.idx()])).sum()
    }
    /// Units taking part in combat.
    pub fn combatant_units(&self) -> u16 {
        self.units_in(self.combatants)
    }
    /// True when some unit takes part in combat (in space: the side has ships).
    pub fn has_combatants(&self) -> bool {
        self.combatant_units() > 0
    }
    /// Ships other than fighters (what a Winnu flagship counts).
    pub fn non_fighter_ships(&self) -> u16 {
        self.units_in(self.ship_mask() & !FIGHTERS)
    }

    /// Combat 78.3.1: dice rolled by all units of type `t` in a combat roll against a side with
    /// `opposing_non_fighters` non-fighter ships (a combat value with `dice == 0` rolls that many
    /// per unit). 0 for non-combatants.
    pub fn combat_dice(&self, t: UnitType, opposing_non_fighters: u16) -> u16 {
        match self.stats[t.idx()].combat {
            Some(d) if self.is_combatant(t) => {
                let per_unit = if d.dice == 0 { opposing_non_fighters } else { u16::from(d.dice) };
                per_unit * u16::from(self.count[t.idx()])
                    + u16::from(self.round_extra_die & type_bit(t) != 0 && self.count[t.idx()] > 0)
            }
            _ => 0,
        }
    }
    /// Combat 78.3 with Modifiers 56: the lowest die result that hits for units of type `t`
    /// (combat value minus the modifier, kept within 1..=11; 11 never hits), or `None` for units
    /// without a combat value.
    pub fn hits_on(&self, t: UnitType) -> Option<u8> {
        let aura =
            if self.aura.on & type_bit(t) != 0 && self.units_in(self.aura.needs) > 0 { self.aura.bonus } else { 0 };
        self.stats[t.idx()]
            .combat
            .map(|d| (i16::from(d.hits_on) - i16::from(self.modifier) - i16::from(aura)).clamp(1, 11) as u8)
    }
    /// True when a combat roll of this force against `opponent` can produce a hit.
    pub fn can_hit(&self, opponent: &Force) -> bool {
        let n = opponent.non_fighter_ships();
        UnitType::ALL.iter().any(|&t| self.combat_dice(t, n) > 0 && self.hits_on(t).is_some_and(|h| h <= 10))
    }

    /// Sustain Damage 87: hits the undamaged units with SUSTAIN DAMAGE among `mask` can cancel.
    pub fn sustain_capacity(&self, mask: TypeMask) -> u16 {
        UnitType::ALL
            .iter()
            .filter(|&&t| mask & type_bit(t) != 0 && self.stats[t.idx()].sustain_damage)
            .map(|&t| u16::from(self.undamaged(t)))
            .sum()
    }
    /// Hits that destroy every unit of the types in `mask` however they are assigned: one per
    /// unit plus, per available SUSTAIN DAMAGE, the hits it cancels ([`Force::sustain_cancels`]).
    pub fn hits_to_destroy(&self, mask: TypeMask) -> u16 {
        self.units_in(mask) + self.sustain_cancels() * self.sustain_capacity(mask)
    }
    /// True when a unit with PLANETARY SHIELD is present (Planetary Shield 65).
    pub fn has_planetary_shield(&self) -> bool {
        UnitType::ALL.iter().any(|&t| self.count[t.idx()] > 0 && self.stats[t.idx()].planetary_shield)
    }

    /// Sustain Damage 87.1: one undamaged unit of type `t` becomes damaged.
    pub(crate) fn sustain(&mut self, t: UnitType) -> bool {
        if !self.stats[t.idx()].sustain_damage || self.undamaged(t) == 0 {
            return false;
        }
        self.damaged[t.idx()] += 1;
        true
    }
    /// Duranium Armor: repairs the most expensive damaged unit that was already damaged in
    /// `before` (the damaged counts when the round's dice were rolled, so it did not sustain
    /// damage this round; the owner destroys newly damaged units before those). Returns the
    /// type repaired, `None` when there is none.
    pub(crate) fn repair_one_damaged_before(&mut self, before: &[u8; UNIT_TYPES]) -> Option<UnitType> {
        let t = UnitType::ALL
            .into_iter()
            .filter(|&t| self.damaged[t.idx()].min(before[t.idx()]) > 0)
            .max_by_key(|&t| (self.stats[t.idx()].half_cost, t.idx()))?;
        self.damaged[t.idx()] -= 1;
        Some(t)
    }
    /// This force with +`k` on each combat die of its units of type `t` (Fighter Prototype,
    /// Prophecy of Ixth):
    /// their combat value lowered by `k` (at least 1).
    pub fn with_type_bonus(mut self, t: UnitType, k: u8) -> Force {
        if let Some(d) = self.stats[t.idx()].combat.as_mut() {
            d.hits_on = d.hits_on.saturating_sub(k).max(1);
        }
        self
    }
    /// This force with `aura` (replacing any other: see [`Aura`]).
    pub fn with_aura(mut self, aura: Aura) -> Force {
        self.aura = aura;
        self
    }
    /// The force's aura.
    pub fn aura(&self) -> Aura {
        self.aura
    }
    /// This force with `natural` (replacing any other: see [`Natural`]).
    pub fn with_natural(mut self, natural: Natural) -> Force {
        self.natural = natural;
        self
    }
    /// The force's additional hits on high natural results.
    #[inline]
    pub fn natural(&self) -> Natural {
        self.natural
    }
    /// This force with its units of the types in `mask` repaired at the start of each space
    /// combat round (Arc Secundus: "At the start of each space combat round, repair this ship").
    pub fn with_round_repair(mut self, mask: TypeMask) -> Force {
        self.round_repair = mask;
        self
    }
    /// The types repaired at the start of each space combat round.
    pub fn round_repair(&self) -> TypeMask {
        self.round_repair
    }
    /// One unit of type `t` rolls 1 additional die in this round's combat roll (the combat clears
    /// it with [`Force::end_round_dice`] as the round ends); false when the force has no such
    /// unit with a combat value.
    pub fn add_round_die(&mut self, t: UnitType) -> bool {
        let ok = self.count[t.idx()] > 0 && self.is_combatant(t) && self.stats[t.idx()].combat.is_some();
        if ok {
            self.round_extra_die |= type_bit(t);
        }
        ok
    }
    /// This force with +1 for 1 trade good on each combat-roll die while a unit of a type in
    /// `needs` is in it (Wrath of Kenara: "After you roll a die during a space combat in this
    /// system, you may spend 1 trade good to apply +1 to the result").
    pub fn with_plus_one_for_trade_goods(mut self, needs: TypeMask) -> Force {
        self.plus_one_for_trade_goods = needs;
        self
    }
    /// This space-combat force with its ground forces of the types in `mask` (those with a
    /// combat value) taking part as if they were ships: they roll their combat dice and may be
    /// assigned hits (The Alastor: "choose any number of your ground forces in this system to
    /// participate in that combat as if they were ships").
    pub fn with_ground_forces_as_ships(mut self, mask: TypeMask) -> Force {
        let mask = UnitType::ALL
            .into_iter()
            .filter(|&t| {
                mask & type_bit(t) != 0 && self.stats[t.idx()].ground_force && self.stats[t.idx()].combat.is_some()
            })
            .fold(0, |m, t| m | type_bit(t));
        if self.arena == Arena::Space {
            self.ground_as_ships |= mask;
            self.combatants |= mask;
        }
        self
    }
    /// True when the side may now pay for +1 on its combat-roll dice
    /// ([`Force::with_plus_one_for_trade_goods`], its unit still in the force).
    pub fn pays_plus_one(&self) -> bool {
        self.plus_one_for_trade_goods != 0 && self.units_in(self.plus_one_for_trade_goods) > 0
    }
    /// The types with an additional die this round ([`Force::add_round_die`]).
    pub fn round_extra_die(&self) -> TypeMask {
        self.round_extra_die
    }
    /// The round is over: its additional dice are gone.
    pub(crate) fn end_round_dice(&mut self) {
        self.round_extra_die = 0;
    }
    /// Repairs the damaged units of the types in [`Force::round_repair`]; false when none was
    /// damaged.
    pub(crate) fn repair_at_round_start(&mut self) -> bool {
        let mut any = false;
        for t in UnitType::ALL {
            if self.round_repair & type_bit(t) != 0 && self.damaged[t.idx()] > 0 {
                self.damaged[t.idx()] = 0;
                any = true;
            }
        }
        any
    }
    /// This force with `k` more combat dice for each unit of type `t` (a unit with a combat
    /// value; Visz El Vir's mechs).
    pub fn with_extra_dice(mut self, t: UnitType, k: u8) -> Force {
        if let Some(d) = self.stats[t.idx()].combat.as_mut().filter(|d| d.dice > 0) {
            d.dice = d.dice.saturating_add(k);
        }
        self
    }
    /// This force with BOMBARDMENT `d` for each of its non-fighter ship types that has none
    /// (Blitz: "Each of your non-fighter ships in the active system that do not have
    /// BOMBARDMENT gain BOMBARDMENT 6").
    pub fn with_bombardment_for_ships(mut self, d: Dice) -> Force {
        for t in UnitType::ALL {
            let s = &mut self.stats[t.idx()];
            if s.ship && t != UnitType::Fighter && s.bombardment.is_none() {
                s.bombardment = Some(d);
            }
        }
        self
    }
    /// This force with no SUSTAIN DAMAGE for its units of the types in `mask` (Fourth Moon:
    /// "other players' ships in this system cannot use SUSTAIN DAMAGE").
    pub fn without_sustain(mut self, mask: TypeMask) -> Force {
        for t in UnitType::ALL {
            if mask & type_bit(t) != 0 {
                self.stats[t.idx()].sustain_damage = false;
            }
        }
        self
    }
    /// This force with no ANTI-FIGHTER BARRAGE for any unit (Iconoclast Omega: "other players
    /// cannot use ANTI-FIGHTER BARRAGE against your units in this system").
    pub fn without_barrage(mut self) -> Force {
        for st in self.stats.iter_mut() {
            st.anti_fighter_barrage = None;
        }
        self
    }
    /// This force with no printed unit ability but SUSTAIN DAMAGE for its units of the types in
    /// `mask` (Articles of War: no SPACE CANNON, BOMBARDMENT, ANTI-FIGHTER BARRAGE or PLANETARY
    /// SHIELD; combat values stay).
    pub fn without_unit_abilities(mut self, mask: TypeMask) -> Force {
        for t in UnitType::ALL {
            if mask & type_bit(t) != 0 {
                let st = &mut self.stats[t.idx()];
                (st.space_cannon, st.space_cannon_adjacent) = (None, false);
                (st.bombardment, st.anti_fighter_barrage, st.planetary_shield) = (None, None, false);
            }
        }
        self
    }
    /// Repairs every damaged unit; false when none was damaged.
    pub(crate) fn repair_all(&mut self) -> bool {
        let any = self.damaged.iter().any(|&n| n > 0);
        self.damaged = [0; UNIT_TYPES];
        any
    }
    /// Destroys one unit of type `t`, a damaged one if there is one (always at least as good for
    /// its owner as destroying an undamaged one).
    pub(crate) fn destroy(&mut self, t: UnitType) -> bool {
        let i = t.idx();
        if self.count[i] == 0 {
            return false;
        }
        self.count[i] -= 1;
        self.damaged[i] = self.damaged[i].saturating_sub(1);
        true
    }
}
