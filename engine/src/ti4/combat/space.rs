//! [`SpaceCombat`]: the rounds of a space combat (Space Combat 78) as a state machine of small
//! decisions and explicit chance points.
//!
//! At the start of the combat, hits produced before it ([`CombatStart::hits`], Yin's Impulse
//! Core) are assigned first (attacker, then defender; to non-fighter ships if able); then a
//! side with Mentak's Ambush ([`SpaceCombat::with_ambush`]) rolls
//! for up to 2 of its cruisers and destroyers (a chance point, skipped when no side ambushes),
//! and each side assigns those hits to its ships; the combat ends at once if a side has no
//! ships left. Round 1 then opens with anti-fighter barrage (a chance point, skipped when neither side has the
//! ability, then each side assigns the barrage hits to its fighters; the combat ends at once if
//! a side has no ships left, 78.3.1). Each round then runs: announce retreats (defender first;
//! a side without an eligible system, or the attacker after the defender announced, is not
//! asked), roll (one chance point: the attacker's combat roll, then the defender's, both
//! against the forces as they stood before any hit), assign hits (attacker, then defender),
//! check for the end (at most one side has ships: 78.7), retreat (the announcing side picks one
//! of the systems the caller listed and the combat ends with the other side the winner).
//!
//! Steps with one possible result are taken automatically, so [`SpaceCombat::next_decision`]
//! only stops where a side has a real choice.

use super::force::{Arena, Force, TypeMask, FIGHTERS};
use super::hits::{HitChoice, Hits};
use super::rolls::{ambush_values, roll_ambush, roll_anti_fighter_barrage, roll_combat_paying};
use super::{CombatError, Outcome, Side, Step};
use crate::ti4::ids::{SystemId, SystemSet, UnitType, UNIT_TYPES};
use rand::Rng;

/// A decision in a space combat, ordered for [`SpaceCombat::legal_decisions`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum SpaceDecision {
    /// Place the next hit (anti-fighter barrage or combat hits).
    Assign(HitChoice),
    /// Do not announce a retreat this round.
    Stay,
    /// Space Combat 78.4: announce a retreat (it happens in the retreat step).
    AnnounceRetreat,
    /// Space Combat 78.5: retreat all ships to this system.
    RetreatTo(SystemId),
}

/// Where a space combat stands.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SpacePhase {
    /// At the start of the combat: the side assigns the hits produced against it before the
    /// combat ([`CombatStart::hits`]), to its non-fighter ships if able.
    AssignOpening(Side),
    /// At the start of the combat: the sides with Ambush roll it (chance).
    Ambush,
    /// At the start of the combat: the side assigns the Ambush hits against its ships.
    AssignAmbush(Side),
    /// Step 1, first round only: both sides roll anti-fighter barrage (chance).
    AntiFighterBarrage,
    /// Step 1: the side assigns the barrage hits against its fighters.
    AssignBarrage(Side),
    /// Step 1, after the barrage: the side (Argent Flight's Raid Formation) picks which of its
    /// opponent's undamaged ships with SUSTAIN DAMAGE become damaged, one per barrage hit in
    /// excess of the opponent's fighters.
    RaidFormation(Side),
    /// Step 2: the side may announce a retreat.
    AnnounceRetreat(Side),
    /// Step 3: both sides make combat rolls (chance).
    Roll,
    /// Step 4: the side assigns the hits its opponent produced.
    AssignHits(Side),
    /// Step 5: the side, having announced a retreat, picks where to.
    Retreat(Side),
    /// After a round with no retreat, the combat going on: the caller acts, then
    /// [`SpaceCombat::next_round`] (only with [`SpaceCombat::set_pause_between_rounds`]).
    Between,
    /// Step 4, before the side assigns the combat-roll hits produced against it: the caller
    /// acts ("before you assign hits": [`SpaceCombat::cancel_hits`]), then
    /// [`SpaceCombat::resume`] (only with [`SpaceCombat::set_pause_at_hits`]).
    BeforeHits(Side),
    /// Step 4, after the side assigned the combat-roll hits and some of its ships used SUSTAIN
    /// DAMAGE on them: the caller acts ("after a ship uses SUSTAIN DAMAGE":
    /// [`SpaceCombat::destroy_sustained`]), then [`SpaceCombat::resume`] (only with
    /// [`SpaceCombat::set_pause_at_hits`]).
    AfterHits(Side),
    /// The combat is over.
    Over(Outcome),
}

/// What happens at the start of a space combat, before anti-fighter barrage, per side
/// (attacker first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CombatStart {
    /// Hits produced against the side at the start of the combat, which it assigns to its
    /// non-fighter ships if able (Yin's Impulse Core).
    pub hits: [u16; 2],
    /// The side rolls Mentak's Ambush.
    pub ambush: [bool; 2],
    /// The side's first combat roll re-rolls its misses ([`SpaceCombat::set_reroll`]).
    pub reroll: [bool; 2],
    /// The side's first combat roll has +1 on each die ([`SpaceCombat::set_boost`]).
    pub boost: [bool; 2],
    /// The side's first combat roll has +2 on each fighter die
    /// ([`SpaceCombat::set_fighter_boost`]).
    pub fighter_boost: [bool; 2],
    /// The hits of the side's anti-fighter barrage are produced against all of the opponent's
    /// ships, not just fighters (Waylay).
    pub barrage_all_ships: [bool; 2],
    /// The side must announce a retreat in the first round, if able (Rout;
    /// [`SpaceCombat::set_routed`]).
    pub routed: [bool; 2],
    /// Per side, unit types one of whose ships rolls 1 additional die in the first combat roll
    /// ([`SpaceCombat::add_round_die`]).
    pub extra_die: [TypeMask; 2],
}

/// A space combat between an attacker and a defender.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[serde(deny_unknown_fields)]
pub struct SpaceCombat {
    forces: [Force; 2],
    retreat_to: [SystemSet; 2],
    phase: SpacePhase,
    round: u8,
    /// The hits each side is assigning now.
    hits: [Hits; 2],
    announced: Option<Side>,
    retreat: Option<(Side, SystemId)>,
    /// Hits produced against each side so far.
    produced: [u16; 2],
    /// Hits each side has placed so far.
    assigned: [u16; 2],
    /// Duranium Armor per side: repair 1 unit after assigning each round's hits.
    repair: [bool; 2],
    /// Damaged counts per side when this round's combat rolls were made.
    round_damaged: [[u8; UNIT_TYPES]; 2],
    /// Per side: Mentak's Ambush at the start of the combat.
    #[serde(default, skip_serializing_if = "is_never")]
    ambush: [bool; 2],
    /// Each round with no retreat ends at [`SpacePhase::Between`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pause_between_rounds: bool,
    /// Per side: Argent Flight's Raid Formation.
    #[serde(default, skip_serializing_if = "is_never")]
    raid_formation: [bool; 2],
    /// Per side: ships still to become damaged by the opponent's Raid Formation.
    #[serde(default, skip_serializing_if = "no_raid")]
    raid: [u16; 2],
    /// Per side: the misses of its next combat roll are re-rolled once (Letnev's Munitions
    /// Reserves); cleared by that roll.
    #[serde(default, skip_serializing_if = "is_never")]
    reroll: [bool; 2],
    /// The lowest unit type index the next Raid Formation choice may name (choices in type
    /// order, so each result is reached by one sequence).
    #[serde(default)]
    raid_from: u8,
    /// Per side: its fighters when the anti-fighter barrage was rolled.
    #[serde(default, skip_serializing_if = "no_fighters")]
    barrage_fighters: [u8; 2],
    /// Per side: its anti-fighter barrage destroyed the last of the opponent's fighters (Fight
    /// with Precision).
    #[serde(default, skip_serializing_if = "is_never")]
    barrage_cleared: [bool; 2],
    /// Per side: +1 to each die of its next combat roll (Morale Boost); cleared by that roll.
    #[serde(default, skip_serializing_if = "is_never")]
    boost: [bool; 2],
    /// Per side: +2 to each fighter die of its next combat roll (Fighter Prototype); cleared by
    /// that roll.
    #[serde(default, skip_serializing_if = "is_never")]
    fighter_boost: [bool; 2],
    /// Per side: the hits of its anti-fighter barrage are produced against all of the
    /// opponent's ships (Waylay).
    #[serde(default, skip_serializing_if = "is_never")]
    barrage_all_ships: [bool; 2],
    /// Per side: it must announce a retreat in this round's (or, set between rounds, the next
    /// round's) Announce Retreats step, if able (Rout); cleared by the round's combat roll.
    #[serde(default, skip_serializing_if = "is_never")]
    routed: [bool; 2],
    /// Per side: unit types one of whose ships rolls 1 additional die in its next combat roll
    /// (Letnev's Viscount Unlenn); cleared by that roll.
    #[serde(default, skip_serializing_if = "no_extra_die")]
    extra_die: [TypeMask; 2],
    /// Each side's assignment of combat-roll hits pauses before ([`SpacePhase::BeforeHits`])
    /// and, when a ship sustained, after ([`SpacePhase::AfterHits`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pause_at_hits: bool,
}

fn no_fighters(x: &[u8; 2]) -> bool {
    *x == [0; 2]
}

fn no_raid(x: &[u16; 2]) -> bool {
    *x == [0; 2]
}

fn is_never(x: &[bool; 2]) -> bool {
    *x == [false; 2]
}

fn no_extra_die(x: &[TypeMask; 2]) -> bool {
    *x == [0; 2]
}

impl SpaceCombat {
    /// A space combat between `attacker` and `defender` (forces of [`Arena::Space`], modifiers
    /// included). `retreat_to[side]` lists the systems that side may retreat to (Space Combat
    /// 78.5.3: adjacent, holding its units or a planet it controls, no other player's ships,
    /// and whatever its technologies allow); empty means it cannot retreat. If a side has no
    /// ships the combat is over at once.
    pub fn new(attacker: Force, defender: Force, retreat_to: [SystemSet; 2]) -> Result<SpaceCombat, CombatError> {
        SpaceCombat::with_start(attacker, defender, retreat_to, CombatStart::default())
    }

    /// [`SpaceCombat::new`] with what happens at its start: each side first assigns
    /// `start.hits[side]` hits to its non-fighter ships (to its other ships when it has none),
    /// then the sides with `start.ambush[side]` (Mentak's Ambush) roll 1 die for each of up to
    /// 2 of their cruisers and destroyers ([`ambush_values`](super::ambush_values)), each
    /// result equal to or greater than the ship's combat value a hit that the opponent assigns
    /// to its ships; then anti-fighter barrage. The start's hits are assigned even when a side
    /// has no ships (the side that produced them may have destroyed its last one).
    pub fn with_start(
        attacker: Force,
        defender: Force,
        retreat_to: [SystemSet; 2],
        start: CombatStart,
    ) -> Result<SpaceCombat, CombatError> {
        for f in [&attacker, &defender] {
            if f.arena() != Arena::Space {
                return Err(CombatError::WrongArena { expected: Arena::Space });
            }
        }
        let mut c = SpaceCombat {
            forces: [attacker, defender],
            retreat_to,
            phase: SpacePhase::Ambush,
            round: 1,
            hits: [Hits::default(); 2],
            announced: None,
            retreat: None,
            produced: [0; 2],
            assigned: [0; 2],
            repair: [false; 2],
            round_damaged: [[0; UNIT_TYPES]; 2],
            ambush: start.ambush,
            pause_between_rounds: false,
            raid_formation: [false; 2],
            raid: [0; 2],
            raid_from: 0,
            reroll: start.reroll,
            barrage_fighters: [0; 2],
            barrage_cleared: [false; 2],
            boost: start.boost,
            fighter_boost: start.fighter_boost,
            barrage_all_ships: start.barrage_all_ships,
            routed: start.routed,
            extra_die: start.extra_die,
            pause_at_hits: false,
        };
        if start.hits != [0; 2] {
            for side in Side::BOTH {
                let f = &c.forces[side.idx()];
                let non_fighters = f.combatant_mask() & !FIGHTERS;
                let eligible = if f.units_in(non_fighters) > 0 { non_fighters } else { f.combatant_mask() };
                c.hits[side.idx()] = Hits::new(start.hits[side.idx()], eligible);
                c.produced[side.idx()] = start.hits[side.idx()];
            }
            c.phase = SpacePhase::AssignOpening(Side::Attacker);
            c.advance();
        } else if !c.ended() {
            c.advance();
        }
        Ok(c)
    }

    /// Technology card "Duranium Armor" (`repair[side]`: that side owns it): "During each combat
    /// round, after you assign hits to your units, repair 1 of your damaged units that did not use
    /// SUSTAIN DAMAGE during this combat round." Applied after the side's assignment of the
    /// combat-roll hits in every round (also when no hit was produced against it), to its most
    /// expensive unit that was damaged before the round's rolls.
    pub fn set_repair(&mut self, repair: [bool; 2]) {
        self.repair = repair;
    }

    /// With `on`, each round that ends with no retreat and the combat going on stops at
    /// [`SpacePhase::Between`] ([`Step::Between`]) for the caller to resolve what happens
    /// "after a round" before [`SpaceCombat::next_round`].
    pub fn set_pause_between_rounds(&mut self, on: bool) {
        self.pause_between_rounds = on;
    }

    /// Per side: the misses of that side's next combat roll (this round's, or the next round's
    /// when set between rounds) are re-rolled once. Re-rolling exactly the misses is never worse
    /// than any other choice of dice to re-roll, so it stands for "re-roll any number of your
    /// dice" (Munitions Reserves).
    pub fn set_reroll(&mut self, side: Side, on: bool) {
        self.reroll[side.idx()] = on;
    }
    /// The sides whose next combat roll re-rolls its misses.
    pub fn reroll(&self) -> [bool; 2] {
        self.reroll
    }
    /// Per side: +1 to the result of each die of that side's next combat roll (this round's, or
    /// the next round's when set between rounds): Morale Boost's "+1 to the result of each of
    /// your unit's combat rolls during this combat round".
    pub fn set_boost(&mut self, side: Side, on: bool) {
        self.boost[side.idx()] = on;
    }
    /// The sides whose next combat roll has +1 on each die.
    pub fn boost(&self) -> [bool; 2] {
        self.boost
    }
    /// 1 ship of type `t` of `side` rolls 1 additional die in the side's next combat roll (this
    /// round's, or the next round's when set between rounds): Viscount Unlenn's "that ship
    /// rolls 1 additional die during this combat round".
    pub fn add_round_die(&mut self, side: Side, t: UnitType) {
        self.extra_die[side.idx()] |= super::type_bit(t);
    }
    /// Per side, the types with an additional die in the next combat roll.
    pub fn extra_die(&self) -> [TypeMask; 2] {
        self.extra_die
    }
    /// With `on`, each side's assignment of the combat-roll hits produced against it stops at
    /// [`SpacePhase::BeforeHits`] when there are hits to assign, and at [`SpacePhase::AfterHits`]
    /// when one of its ships used SUSTAIN DAMAGE in it, for the caller to resolve "before you
    /// assign hits" and "after a ship uses SUSTAIN DAMAGE" before [`SpaceCombat::resume`].
    pub fn set_pause_at_hits(&mut self, on: bool) {
        self.pause_at_hits = on;
    }
    /// At [`SpacePhase::BeforeHits`]: cancels up to `k` of the hits produced against the side
    /// about to assign them (Shields Holding); returns how many were cancelled.
    pub fn cancel_hits(&mut self, k: u16) -> u16 {
        let SpacePhase::BeforeHits(s) = self.phase else { return 0 };
        self.hits[s.idx()].cancel(k)
    }
    /// At [`SpacePhase::AfterHits`]: the side's ship types that used SUSTAIN DAMAGE in this
    /// round (damaged now, undamaged when the round's rolls were made), with how many.
    pub fn sustained(&self) -> impl Iterator<Item = (UnitType, u8)> + '_ {
        let side = match self.phase {
            SpacePhase::AfterHits(s) => Some(s),
            _ => None,
        };
        side.into_iter().flat_map(|s| self.sustained_by(s))
    }
    /// `side`'s ship types damaged now that were undamaged when the round's rolls were made,
    /// with how many.
    fn sustained_by(&self, side: Side) -> impl Iterator<Item = (UnitType, u8)> + '_ {
        let (f, before) = (&self.forces[side.idx()], &self.round_damaged[side.idx()]);
        UnitType::ALL.into_iter().filter_map(move |t| {
            let n = f.damaged(t).saturating_sub(before[t.idx()]);
            (n > 0).then_some((t, n))
        })
    }
    /// At [`SpacePhase::AfterHits`]: destroys one of the side's ships of type `t` that used
    /// SUSTAIN DAMAGE this round (Direct Hit); false (nothing changed) when none did.
    pub fn destroy_sustained(&mut self, t: UnitType) -> bool {
        let SpacePhase::AfterHits(s) = self.phase else { return false };
        if !self.sustained().any(|(u, _)| u == t) {
            return false;
        }
        self.forces[s.idx()].destroy(t)
    }
    /// Goes on from a pause: the next round from [`SpacePhase::Between`] (as
    /// [`SpaceCombat::next_round`]), the assignment from [`SpacePhase::BeforeHits`], what
    /// follows it from [`SpacePhase::AfterHits`] (the combat ends if a side has no ships left).
    pub fn resume(&mut self) -> Result<(), CombatError> {
        match self.phase {
            SpacePhase::Between => return self.next_round(),
            SpacePhase::BeforeHits(s) => self.phase = SpacePhase::AssignHits(s),
            SpacePhase::AfterHits(s) => self.finish_assignment(s, false),
            _ => return Err(CombatError::NotAwaitingDecision),
        }
        self.advance();
        Ok(())
    }
    /// Per side: +2 to the result of each fighter die of that side's next combat roll (Fighter
    /// Prototype: "+2 to the result of each of your fighters' combat rolls during this combat
    /// round").
    pub fn set_fighter_boost(&mut self, side: Side, on: bool) {
        self.fighter_boost[side.idx()] = on;
    }
    /// The sides whose next combat roll has +2 on each fighter die.
    pub fn fighter_boost(&self) -> [bool; 2] {
        self.fighter_boost
    }

    /// Per side: its anti-fighter barrage hits all of the opponent's ships (Waylay).
    pub fn barrage_all_ships(&self) -> [bool; 2] {
        self.barrage_all_ships
    }

    /// Per side: it must announce a retreat at the Announce Retreats step of this round (or,
    /// set between rounds, of the next), if it has a system to retreat to (Rout: "Your opponent
    /// must announce a retreat, if able"). Announcing is then not a decision.
    pub fn set_routed(&mut self, side: Side, on: bool) {
        self.routed[side.idx()] = on;
    }

    /// The sides that must announce a retreat this round, if able.
    pub fn routed(&self) -> [bool; 2] {
        self.routed
    }

    /// True when `side` has a system to retreat to (Space Combat 78.5).
    pub fn can_retreat(&self, side: Side) -> bool {
        !self.retreat_to[side.idx()].is_empty()
    }
    /// Between rounds: repairs every damaged unit of `side` (Emergency Repairs); false (nothing
    /// changed) when it has none or the combat is not between rounds.
    pub fn repair_all(&mut self, side: Side) -> bool {
        self.phase == SpacePhase::Between && self.forces[side.idx()].repair_all()
    }
    /// Per side: its anti-fighter barrage destroyed the last of the opponent's fighters
    /// (the opponent had fighters when the barrage was rolled and none once its hits were
    /// assigned).
    pub fn barrage_cleared(&self) -> [bool; 2] {
        self.barrage_cleared
    }
    /// Argent Flight "Raid Formation" (`on[side]`: that side has it): "When 1 or more of your
    /// units uses ANTI-FIGHTER BARRAGE, for each hit produced in excess of your opponent's
    /// fighters, choose 1 of your opponent's ships that has SUSTAIN DAMAGE to become damaged."
    /// After the barrage's hits are assigned ([`SpacePhase::RaidFormation`]). Set before the
    /// barrage is rolled.
    pub fn set_raid_formation(&mut self, on: [bool; 2]) {
        self.raid_formation = on;
    }

    /// Per side, whether it has Raid Formation ([`SpaceCombat::set_raid_formation`]).
    pub fn raid_formation(&self) -> [bool; 2] {
        self.raid_formation
    }

    /// At [`SpacePhase::RaidFormation`]: the opponent's ship types the deciding side may damage
    /// next (`HitChoice::Sustain(type)`: an undamaged ship of that type with SUSTAIN DAMAGE
    /// becomes damaged), in type order, without allocating; nothing elsewhere.
    pub fn raid_choices(&self) -> impl Iterator<Item = HitChoice> + '_ {
        let target = match self.phase {
            SpacePhase::RaidFormation(s) => Some(&self.forces[s.other().idx()]),
            _ => None,
        };
        let from = self.raid_from as usize;
        UnitType::ALL
            .into_iter()
            .filter(move |&t| {
                target.is_some_and(|f| {
                    t.idx() >= from && f.is_combatant(t) && f.stats(t).sustain_damage && f.undamaged(t) > 0
                })
            })
            .map(HitChoice::Sustain)
    }

    /// From [`SpacePhase::Between`]: the combat ends if at most one side has ships left (the
    /// caller's effects may have destroyed the last ones), else the next round starts.
    pub fn next_round(&mut self) -> Result<(), CombatError> {
        if self.phase != SpacePhase::Between {
            return Err(CombatError::NotAwaitingDecision);
        }
        if !self.ended() {
            self.round = self.round.saturating_add(1);
            self.phase = SpacePhase::AnnounceRetreat(Side::Defender);
            self.round_starts();
            self.advance();
        }
        Ok(())
    }

    /// The start of a combat round (the first before its anti-fighter barrage): the units of
    /// each side's [`Force::round_repair`] types are repaired.
    fn round_starts(&mut self) {
        for f in &mut self.forces {
            f.repair_at_round_start();
        }
    }

    /// Between rounds: `side` destroys one of its own units of type `t` (a damaged one if
    /// any); false (nothing changed) when it has none or the combat is not between rounds.
    pub fn destroy_unit(&mut self, side: Side, t: UnitType) -> bool {
        self.phase == SpacePhase::Between && self.forces[side.idx()].destroy(t)
    }

    /// Between rounds: `side` leaves the combat with all its ships to `to` (Skilled Retreat:
    /// "the space combat ends in a draw"): the combat is over with no winner
    /// ([`Outcome::Draw`]) and [`SpaceCombat::retreat`] says where the side went. False
    /// (nothing changed) when the combat is not between rounds.
    pub fn withdraw(&mut self, side: Side, to: SystemId) -> bool {
        if self.phase != SpacePhase::Between {
            return false;
        }
        self.retreat = Some((side, to));
        self.announced = None;
        self.phase = SpacePhase::Over(Outcome::Draw);
        true
    }

    /// Between rounds: a hit produced by `side`'s opponent and assigned to one of `side`'s
    /// ships of type `t` (Yin's Devotion): with `sustain`, an undamaged one that cancels it with
    /// SUSTAIN DAMAGE (87.1) and becomes damaged; else the ship is destroyed (a damaged one if
    /// any). False (nothing changed) when there is no such ship or the combat is not between
    /// rounds.
    pub fn hit_unit(&mut self, side: Side, t: UnitType, sustain: bool) -> bool {
        let f = &mut self.forces[side.idx()];
        if self.phase != SpacePhase::Between || !f.is_combatant(t) {
            return false;
        }
        let done = if sustain { f.sustain(t) } else { f.destroy(t) };
        if done {
            self.produced[side.idx()] += 1;
            self.assigned[side.idx()] += 1;
        }
        done
    }

    /// A side's units as they stand (after a retreat: the ships that left).
    #[inline]
    pub fn force(&self, side: Side) -> &Force {
        &self.forces[side.idx()]
    }
    /// The combat round, from 1.
    #[inline]
    pub fn round(&self) -> u8 {
        self.round
    }
    /// The current phase.
    #[inline]
    pub fn phase(&self) -> SpacePhase {
        self.phase
    }
    /// The result once over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            SpacePhase::Over(o) => Some(o),
            _ => None,
        }
    }
    /// The side that retreated and where to, if one did.
    #[inline]
    pub fn retreat(&self) -> Option<(Side, SystemId)> {
        self.retreat
    }
    /// The side that announced a retreat this round, if any.
    #[inline]
    pub fn announced_retreat(&self) -> Option<Side> {
        self.announced
    }
    /// The hits `side` is assigning now (meaningful in the assign phases).
    #[inline]
    pub fn pending_hits(&self, side: Side) -> &Hits {
        &self.hits[side.idx()]
    }
    /// Hits produced against `side` so far (anti-fighter barrage and combat rolls).
    #[inline]
    pub fn hits_produced(&self, side: Side) -> u16 {
        self.produced[side.idx()]
    }
    /// Hits `side` has placed on its units so far (never more than were produced against it).
    #[inline]
    pub fn hits_assigned(&self, side: Side) -> u16 {
        self.assigned[side.idx()]
    }

    /// What happens next: a side's decision, a dice roll, or the end.
    pub fn next_decision(&self) -> Step {
        match self.phase {
            SpacePhase::Ambush | SpacePhase::AntiFighterBarrage | SpacePhase::Roll => Step::Chance,
            SpacePhase::AssignOpening(s)
            | SpacePhase::AssignAmbush(s)
            | SpacePhase::AssignBarrage(s)
            | SpacePhase::AssignHits(s)
            | SpacePhase::RaidFormation(s)
            | SpacePhase::AnnounceRetreat(s)
            | SpacePhase::Retreat(s) => Step::Decide(s),
            SpacePhase::Between | SpacePhase::BeforeHits(_) | SpacePhase::AfterHits(_) => Step::Between,
            SpacePhase::Over(o) => Step::Over(o),
        }
    }

    /// Clears `buf` and fills it with the deciding side's legal decisions in increasing order;
    /// empty at chance points and at the end. At most [`MAX_HIT_CHOICES`](super::MAX_HIT_CHOICES)
    /// long, or the number of retreat systems.
    pub fn legal_decisions(&self, buf: &mut Vec<SpaceDecision>) {
        buf.clear();
        match self.phase {
            SpacePhase::AssignOpening(s)
            | SpacePhase::AssignAmbush(s)
            | SpacePhase::AssignBarrage(s)
            | SpacePhase::AssignHits(s) => {
                buf.extend(self.hits[s.idx()].choices(&self.forces[s.idx()]).map(SpaceDecision::Assign));
            }
            SpacePhase::RaidFormation(_) => buf.extend(self.raid_choices().map(SpaceDecision::Assign)),
            SpacePhase::AnnounceRetreat(s) if self.routed[s.idx()] => buf.push(SpaceDecision::AnnounceRetreat),
            SpacePhase::AnnounceRetreat(_) => buf.extend([SpaceDecision::Stay, SpaceDecision::AnnounceRetreat]),
            SpacePhase::Retreat(s) => buf.extend(self.retreat_to[s.idx()].iter().map(SpaceDecision::RetreatTo)),
            SpacePhase::Ambush
            | SpacePhase::AntiFighterBarrage
            | SpacePhase::Roll
            | SpacePhase::Between
            | SpacePhase::BeforeHits(_)
            | SpacePhase::AfterHits(_)
            | SpacePhase::Over(_) => {}
        }
    }

    /// The default policy's decision: hits by [`Hits::default_choice`], never announce a
    /// retreat, retreat to the lowest-numbered system. `None` where no decision is awaited.
    pub fn default_decision(&self) -> Option<SpaceDecision> {
        match self.phase {
            SpacePhase::AssignOpening(s)
            | SpacePhase::AssignAmbush(s)
            | SpacePhase::AssignBarrage(s)
            | SpacePhase::AssignHits(s) => {
                self.hits[s.idx()].default_choice(&self.forces[s.idx()]).map(SpaceDecision::Assign)
            }
            // Raid Formation: the most expensive ship first.
            SpacePhase::RaidFormation(s) => {
                let f = &self.forces[s.other().idx()];
                self.raid_choices()
                    .max_by_key(|&c| match c {
                        HitChoice::Sustain(t) | HitChoice::Destroy(t) => (f.stats(t).half_cost, t.idx()),
                    })
                    .map(SpaceDecision::Assign)
            }
            SpacePhase::AnnounceRetreat(s) if self.routed[s.idx()] => Some(SpaceDecision::AnnounceRetreat),
            SpacePhase::AnnounceRetreat(_) => Some(SpaceDecision::Stay),
            SpacePhase::Retreat(s) => self.retreat_to[s.idx()].first().map(SpaceDecision::RetreatTo),
            _ => None,
        }
    }

    /// Applies the deciding side's decision `d` (one of [`SpaceCombat::legal_decisions`]); an
    /// illegal one is rejected and leaves the combat unchanged.
    pub fn apply_decision(&mut self, d: SpaceDecision) -> Result<(), CombatError> {
        match (self.phase, d) {
            (
                SpacePhase::AssignOpening(s)
                | SpacePhase::AssignAmbush(s)
                | SpacePhase::AssignBarrage(s)
                | SpacePhase::AssignHits(s),
                SpaceDecision::Assign(c),
            ) => {
                self.hits[s.idx()].apply(&mut self.forces[s.idx()], c).map_err(|_| CombatError::IllegalDecision(d))?;
                self.assigned[s.idx()] += 1;
            }
            (SpacePhase::RaidFormation(s), SpaceDecision::Assign(c)) if self.raid_choices().any(|x| x == c) => {
                let HitChoice::Sustain(t) = c else { unreachable!("raid choices are sustains") };
                self.damage_by_raid(s, t);
            }
            (SpacePhase::AnnounceRetreat(s), SpaceDecision::Stay) if !self.routed[s.idx()] => {
                self.phase = match s {
                    Side::Defender => SpacePhase::AnnounceRetreat(Side::Attacker),
                    Side::Attacker => SpacePhase::Roll,
                };
            }
            (SpacePhase::AnnounceRetreat(s), SpaceDecision::AnnounceRetreat) => {
                self.announced = Some(s);
                self.phase = SpacePhase::Roll;
            }
            (SpacePhase::Retreat(s), SpaceDecision::RetreatTo(sys)) if self.retreat_to[s.idx()].contains(sys) => {
                self.retreat = Some((s, sys));
                self.phase = SpacePhase::Over(Outcome::from_presence(s == Side::Defender, s == Side::Attacker));
            }
            (
                SpacePhase::Ambush
                | SpacePhase::AntiFighterBarrage
                | SpacePhase::Roll
                | SpacePhase::Between
                | SpacePhase::Over(_),
                _,
            ) => return Err(CombatError::NotAwaitingDecision),
            _ => return Err(CombatError::IllegalDecision(d)),
        }
        self.advance();
        Ok(())
    }

    /// Rolls the pending dice from `rng`: Ambush (the sides that have it, attacker first),
    /// anti-fighter barrage (both sides) or the combat rolls (attacker first, then defender),
    /// and moves on to hit assignment.
    pub fn apply_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<(), CombatError> {
        self.apply_chance_paying(rng, [0; 2]).map(|_| ())
    }

    /// [`SpaceCombat::apply_chance`], where each side's combat roll may buy +1 on a die that
    /// misses by 1 ([`Force::pays_plus_one`]) with up to `budget` trade goods of that side (in
    /// side order); returns the trade goods each side spent. The dice drawn are those of
    /// [`SpaceCombat::apply_chance`].
    pub fn apply_chance_paying<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        budget: [u8; 2],
    ) -> Result<[u8; 2], CombatError> {
        let mut spent = [0; 2];
        let [a, d] = &self.forces;
        let (against_d, against_a, eligible) = match self.phase {
            SpacePhase::Ambush => {
                let roll = |f: &Force, on: bool, rng: &mut R| if on { roll_ambush(f, rng) } else { 0 };
                let x = roll(a, self.ambush[0], rng);
                let y = roll(d, self.ambush[1], rng);
                (x, y, [a.combatant_mask(), d.combatant_mask()])
            }
            SpacePhase::AntiFighterBarrage => {
                let (x, y) = (roll_anti_fighter_barrage(a, rng), roll_anti_fighter_barrage(d, rng));
                self.barrage_fighters = [a.count(UnitType::Fighter), d.count(UnitType::Fighter)];
                // Raid Formation: the hits in excess of the opponent's fighters.
                let excess = |hits: u16, f: &Force| hits.saturating_sub(u16::from(f.count(UnitType::Fighter)));
                self.raid = [
                    if self.raid_formation[1] { excess(y, a) } else { 0 },
                    if self.raid_formation[0] { excess(x, d) } else { 0 },
                ];
                // Waylay: a side's barrage hits go to all of the opponent's ships.
                let against = |f: &Force, all: bool| if all { f.ship_mask() } else { FIGHTERS };
                (x, y, [against(a, self.barrage_all_ships[1]), against(d, self.barrage_all_ships[0])])
            }
            SpacePhase::Roll => {
                self.round_damaged = [*a.damaged_counts(), *d.damaged_counts()];
                let [ra, rd] = std::mem::take(&mut self.reroll);
                let [ba, bd] = std::mem::take(&mut self.boost);
                let [fa, fd] = std::mem::take(&mut self.fighter_boost);
                let [xa, xd] = std::mem::take(&mut self.extra_die);
                self.routed = [false; 2];
                let boosted = |f: &Force, on: bool, fighters: bool, extra: TypeMask| {
                    let mut f = if on { f.with_modifier(f.modifier().saturating_add(1)) } else { *f };
                    for t in UnitType::ALL.into_iter().filter(|&t| extra & super::type_bit(t) != 0) {
                        f.add_round_die(t);
                    }
                    if fighters {
                        f.with_type_bonus(UnitType::Fighter, 2)
                    } else {
                        f
                    }
                };
                let (a, d) = (&boosted(a, ba, fa, xa), &boosted(d, bd, fd, xd));
                let (x, sa) = roll_combat_paying(a, d, ra, budget[0], rng);
                let (y, sd) = roll_combat_paying(d, a, rd, budget[1], rng);
                spent = [sa, sd];
                (x, y, [a.combatant_mask(), d.combatant_mask()])
            }
            _ => return Err(CombatError::NotAwaitingChance),
        };
        self.hits = [Hits::new(against_a, eligible[0]), Hits::new(against_d, eligible[1])];
        self.produced[0] += against_a;
        self.produced[1] += against_d;
        self.phase = match self.phase {
            SpacePhase::Ambush => SpacePhase::AssignAmbush(Side::Attacker),
            SpacePhase::AntiFighterBarrage => SpacePhase::AssignBarrage(Side::Attacker),
            _ => self.assign_phase(Side::Attacker),
        };
        self.advance();
        Ok(spent)
    }

    /// Ends the combat if at most one side has ships (78.3.1, 78.7); returns whether it ended.
    fn ended(&mut self) -> bool {
        let (a, d) = (self.forces[0].has_combatants(), self.forces[1].has_combatants());
        if a && d {
            return false;
        }
        self.phase = SpacePhase::Over(Outcome::from_presence(a, d));
        true
    }

    /// Takes every step that needs no choice and no dice, stopping at the next decision with at
    /// least two options, chance point, or the end.
    fn advance(&mut self) {
        loop {
            match self.phase {
                SpacePhase::Ambush => {
                    let rolls = |side: Side| {
                        self.ambush[side.idx()] && ambush_values(&self.forces[side.idx()]).next().is_some()
                    };
                    if rolls(Side::Attacker) || rolls(Side::Defender) {
                        return;
                    }
                    self.phase = SpacePhase::AntiFighterBarrage;
                    self.round_starts();
                }
                // The start's hits, then Ambush's: attacker, defender, then the next step.
                SpacePhase::AssignOpening(s) | SpacePhase::AssignAmbush(s) => {
                    if !self.settle(s) {
                        return;
                    }
                    let opening = matches!(self.phase, SpacePhase::AssignOpening(_));
                    self.phase = match (s, opening) {
                        (Side::Attacker, true) => SpacePhase::AssignOpening(Side::Defender),
                        (Side::Attacker, false) => SpacePhase::AssignAmbush(Side::Defender),
                        (Side::Defender, _) if self.ended() => continue,
                        (Side::Defender, true) => SpacePhase::Ambush,
                        (Side::Defender, false) => SpacePhase::AntiFighterBarrage,
                    };
                    if self.phase == SpacePhase::AntiFighterBarrage {
                        self.round_starts();
                    }
                }
                SpacePhase::AntiFighterBarrage => {
                    let any = self.forces.iter().any(|f| {
                        UnitType::ALL
                            .iter()
                            .any(|&t| f.is_combatant(t) && f.count(t) > 0 && f.stats(t).anti_fighter_barrage.is_some())
                    });
                    if any {
                        return;
                    }
                    self.phase = SpacePhase::AnnounceRetreat(Side::Defender);
                }
                SpacePhase::AssignBarrage(s) | SpacePhase::AssignHits(s) => {
                    if !self.settle(s) {
                        return;
                    }
                    let barrage = matches!(self.phase, SpacePhase::AssignBarrage(_));
                    if barrage
                        && self.barrage_fighters[s.idx()] > 0
                        && self.forces[s.idx()].count(UnitType::Fighter) == 0
                    {
                        self.barrage_cleared[s.other().idx()] = true;
                    }
                    if !barrage && self.pause_at_hits && self.sustained_by(s).next().is_some() {
                        self.phase = SpacePhase::AfterHits(s);
                        return;
                    }
                    self.finish_assignment(s, barrage);
                }
                SpacePhase::RaidFormation(s) => {
                    if !self.settle_raid(s) {
                        return;
                    }
                    self.raid_from = 0;
                    self.phase = match s {
                        Side::Attacker => SpacePhase::RaidFormation(Side::Defender),
                        Side::Defender => SpacePhase::AnnounceRetreat(Side::Defender),
                    };
                }
                SpacePhase::AnnounceRetreat(s) => {
                    if !self.retreat_to[s.idx()].is_empty() {
                        if self.routed[s.idx()] {
                            // Rout: the announcement is forced (one option, no decision).
                            self.announced = Some(s);
                            self.phase = SpacePhase::Roll;
                            continue;
                        }
                        return;
                    }
                    self.phase = match s {
                        Side::Defender => SpacePhase::AnnounceRetreat(Side::Attacker),
                        Side::Attacker => SpacePhase::Roll,
                    };
                }
                SpacePhase::Roll => {
                    let [a, d] = &self.forces;
                    if self.announced.is_none() && !a.can_hit(d) && !d.can_hit(a) {
                        self.phase = SpacePhase::Over(Outcome::Stalemate);
                    }
                    return;
                }
                SpacePhase::Retreat(s) => {
                    let options = self.retreat_to[s.idx()];
                    match (options.first(), options.len()) {
                        (Some(only), 1) => {
                            self.retreat = Some((s, only));
                            self.phase =
                                SpacePhase::Over(Outcome::from_presence(s == Side::Defender, s == Side::Attacker));
                        }
                        (None, _) => {
                            // 78.5: no eligible system left, so no retreat; the combat goes on.
                            self.announced = None;
                            self.phase = self.round_over();
                        }
                        _ => return,
                    }
                }
                SpacePhase::Between | SpacePhase::BeforeHits(_) | SpacePhase::AfterHits(_) | SpacePhase::Over(_) => {
                    return
                }
            }
        }
    }

    /// Combat-roll hits against `s` are assigned next: at [`SpacePhase::BeforeHits`] when the
    /// combat pauses there and there are hits to assign.
    fn assign_phase(&self, s: Side) -> SpacePhase {
        if self.pause_at_hits && self.hits[s.idx()].remaining() > 0 {
            SpacePhase::BeforeHits(s)
        } else {
            SpacePhase::AssignHits(s)
        }
    }

    /// After `s` assigned its hits (`barrage`: anti-fighter barrage hits): Duranium Armor's
    /// repair after combat-roll hits, then the next phase (the other side's assignment, Raid
    /// Formation, a retreat, the end of the round, or the end of the combat).
    fn finish_assignment(&mut self, s: Side, barrage: bool) {
        if !barrage && self.repair[s.idx()] {
            self.forces[s.idx()].repair_one_damaged_before(&self.round_damaged[s.idx()]);
        }
        self.phase = match (s, barrage) {
            (Side::Attacker, true) => SpacePhase::AssignBarrage(Side::Defender),
            (Side::Attacker, false) => self.assign_phase(Side::Defender),
            (Side::Defender, _) if self.ended() => return,
            (Side::Defender, true) => SpacePhase::RaidFormation(Side::Attacker),
            (Side::Defender, false) => match self.announced {
                Some(r) => SpacePhase::Retreat(r),
                None => self.round_over(),
            },
        };
    }

    /// Raid Formation of `decider`: one undamaged ship of type `t` of its opponent becomes
    /// damaged.
    fn damage_by_raid(&mut self, decider: Side, t: UnitType) {
        let target = decider.other().idx();
        let done = self.forces[target].sustain(t);
        debug_assert!(done, "a legal raid choice");
        self.raid[target] -= 1;
        self.raid_from = t.idx() as u8;
    }

    /// Places `decider`'s Raid Formation damage while there is no real choice (nothing left to
    /// place, no ship left to damage, one type left, or enough damage for every ship); true when
    /// it is finished, false at a real choice.
    fn settle_raid(&mut self, decider: Side) -> bool {
        loop {
            let target = decider.other().idx();
            let (first, second) = {
                let mut it = self.raid_choices();
                (it.next(), it.next())
            };
            let Some(HitChoice::Sustain(t)) = first else {
                self.raid[target] = 0;
                return true;
            };
            if self.raid[target] == 0 {
                return true;
            }
            let f = &self.forces[target];
            let left: u16 = self
                .raid_choices()
                .map(|c| match c {
                    HitChoice::Sustain(u) | HitChoice::Destroy(u) => u16::from(f.undamaged(u)),
                })
                .sum();
            if second.is_some() && self.raid[target] < left {
                return false;
            }
            self.damage_by_raid(decider, t);
        }
    }

    /// A round ended with no retreat and both sides still have ships: the pause between rounds,
    /// or the next round.
    fn round_over(&mut self) -> SpacePhase {
        if self.pause_between_rounds {
            return SpacePhase::Between;
        }
        self.round = self.round.saturating_add(1);
        self.round_starts();
        SpacePhase::AnnounceRetreat(Side::Defender)
    }

    /// Places the forced hits of `side`; returns true when its assignment is finished, false
    /// when it has a real choice to make.
    fn settle(&mut self, side: Side) -> bool {
        let (hits, force) = (&mut self.hits[side.idx()], &mut self.forces[side.idx()]);
        let before = hits.assigned();
        let done = hits.settle(force);
        self.assigned[side.idx()] += hits.assigned() - before;
        done
    }
}
