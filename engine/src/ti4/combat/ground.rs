//! [`GroundCombat`]: the rounds of a ground combat on one planet (Ground Combat 42) as a state
//! machine: roll (a chance point: attacker, then defender), assign hits (attacker, then
//! defender), until at most one side has ground forces. No retreat (42 note). If both sides
//! are destroyed the combat is a draw and the defender keeps control of the planet (Invasion
//! 49.5.4).
//!
//! With [`GroundCombat::set_round_end_bombardment`] (L1Z1X's Harrow) each round ends with a
//! bombardment chance point for the attacker ([`GroundPhase::Bombard`]): the caller rolls the
//! bombardment and gives the hits to [`GroundCombat::bombard`], which the defender's ground
//! forces take (default policy).
//!
//! Bombardment and space cannon defense come before it in an invasion; the caller resolves them
//! with [`roll_bombardment`](super::roll_bombardment) and
//! [`roll_space_cannon_defense`](super::roll_space_cannon_defense) and assigns their hits with
//! [`Hits`] on the planet's forces before building the combat.

use super::force::{Arena, Force};
use super::hits::{HitChoice, Hits};
use super::rolls::roll_combat;
use super::{CombatError, Outcome, Side, Step};
use crate::ti4::ids::{UnitType, UNIT_TYPES};
use rand::Rng;

/// Where a ground combat stands.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GroundPhase {
    /// Step 1: both sides make combat rolls (chance).
    Roll,
    /// Step 2: the side assigns the hits its opponent produced.
    AssignHits(Side),
    /// The end of a round with a round-end bombardment: the attacker's ships bombard the
    /// defender's ground forces (chance, rolled by the caller).
    Bombard,
    /// The combat is over.
    Over(Outcome),
}

/// A ground combat on one planet between the invader (attacker) and the defender.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[serde(deny_unknown_fields)]
pub struct GroundCombat {
    forces: [Force; 2],
    phase: GroundPhase,
    round: u8,
    hits: [Hits; 2],
    produced: [u16; 2],
    assigned: [u16; 2],
    /// Duranium Armor per side: repair 1 unit after assigning each round's hits.
    repair: [bool; 2],
    /// Damaged counts per side when this round's combat rolls were made.
    round_damaged: [[u8; UNIT_TYPES]; 2],
    /// Each round ends with the attacker's bombardment of the defender's ground forces.
    #[serde(default)]
    round_end_bombardment: bool,
    /// Per side: after the round's combat rolls, the side produces 1 additional hit when its
    /// opponent produced at least one (Sardakk's Valkyrie Particle Weave).
    #[serde(default, skip_serializing_if = "is_never")]
    answer_hit: [bool; 2],
}

fn is_never(x: &[bool; 2]) -> bool {
    *x == [false; 2]
}

impl GroundCombat {
    /// A ground combat between the attacker's committed ground forces and the defender's units on
    /// the planet (forces of [`Arena::Ground`]; the defender's may include structures, which do
    /// not fight). If a side has no ground forces there is no combat and it is over at once.
    pub fn new(attacker: Force, defender: Force) -> Result<GroundCombat, CombatError> {
        for f in [&attacker, &defender] {
            if f.arena() != Arena::Ground {
                return Err(CombatError::WrongArena { expected: Arena::Ground });
            }
        }
        let mut c = GroundCombat {
            forces: [attacker, defender],
            phase: GroundPhase::Roll,
            round: 1,
            hits: [Hits::default(); 2],
            produced: [0; 2],
            assigned: [0; 2],
            repair: [false; 2],
            round_damaged: [[0; UNIT_TYPES]; 2],
            round_end_bombardment: false,
            answer_hit: [false; 2],
        };
        c.check_end();
        Ok(c)
    }

    /// Technology card "Duranium Armor" (`repair[side]`: that side owns it): "During each combat
    /// round, after you assign hits to your units, repair 1 of your damaged units that did not use
    /// SUSTAIN DAMAGE during this combat round." Applied after the side's assignment in every
    /// round (also when no hit was produced against it), to its most expensive unit that was
    /// damaged before the round's rolls.
    pub fn set_repair(&mut self, repair: [bool; 2]) {
        self.repair = repair;
    }

    /// Sardakk N'orr "Valkyrie Particle Weave" (`answer_hit[side]`: that side owns it): "After
    /// making combat rolls during a round of ground combat, if your opponent produced 1 or more
    /// hits, you produce 1 additional hit." Applied in every round's roll, against the hits the
    /// opponent's dice produced.
    pub fn set_answer_hit(&mut self, answer_hit: [bool; 2]) {
        self.answer_hit = answer_hit;
    }

    /// Per side, whether it produces Valkyrie Particle Weave's additional hit
    /// ([`GroundCombat::set_answer_hit`]).
    pub fn answer_hit(&self) -> [bool; 2] {
        self.answer_hit
    }

    /// L1Z1X "Harrow": "At the end of each round of ground combat, your ships in the active
    /// system may use their BOMBARDMENT abilities against your opponent's ground forces on the
    /// planet." With `on`, each round ends (once both sides assigned their hits, while the
    /// defender has ground forces) at [`GroundPhase::Bombard`]. The caller sets it only when the
    /// attacker has ships with BOMBARDMENT there and the planet can be bombarded.
    pub fn set_round_end_bombardment(&mut self, on: bool) {
        self.round_end_bombardment = on;
    }

    /// True at a round-end bombardment (a chance point the caller resolves with
    /// [`GroundCombat::bombard`]).
    #[inline]
    pub fn awaits_bombardment(&self) -> bool {
        self.phase == GroundPhase::Bombard
    }

    /// Resolves a round-end bombardment: the defender's ground forces take `hits` (default
    /// policy: Bombardment 15.2, the defender assigns; a mech sustains first), then the round
    /// ends. Rejected anywhere else.
    pub fn bombard(&mut self, hits: u16) -> Result<(), CombatError> {
        if self.phase != GroundPhase::Bombard {
            return Err(CombatError::NotAwaitingChance);
        }
        let d = &mut self.forces[Side::Defender.idx()];
        let m = d.ground_force_mask();
        super::assign_hits_default(d, hits, m);
        self.end_round();
        Ok(())
    }

    /// True once a combat round has been fought: false for a combat that was over at once (a
    /// side without ground forces, so no ground combat took place).
    pub fn fought(&self) -> bool {
        self.round > 1 || self.produced != [0, 0]
    }

    /// A side's units as they stand.
    #[inline]
    pub fn force(&self, side: Side) -> &Force {
        &self.forces[side.idx()]
    }
    /// Replaces 1 undamaged unit of type `from` of `side` with 1 undamaged unit of type `to`
    /// (a DEPLOY at the start of a round: Letnev's Dunlain Reaper). Only before a round's
    /// rolls ([`GroundPhase::Roll`]); the caller moves the units on the board or in
    /// reinforcements.
    pub fn replace_unit(&mut self, side: Side, from: UnitType, to: UnitType) -> Result<(), CombatError> {
        if self.phase != GroundPhase::Roll {
            return Err(CombatError::NotAwaitingChance);
        }
        let f = self.forces[side.idx()];
        if f.undamaged(from) == 0 {
            return Err(CombatError::NoUnit { unit_type: from });
        }
        let f = f.with_units(from, f.count(from) - 1, f.damaged(from))?;
        self.forces[side.idx()] = f.with_units(to, f.count(to) + 1, f.damaged(to))?;
        Ok(())
    }

    /// Replaces 1 undamaged unit of type `t` of `side` with 1 undamaged unit of type `t` of the
    /// other side (Yin's Indoctrination). Only before a round's rolls ([`GroundPhase::Roll`]);
    /// the caller moves the units on the board or in reinforcements.
    pub fn switch_side(&mut self, side: Side, t: UnitType) -> Result<(), CombatError> {
        if self.phase != GroundPhase::Roll {
            return Err(CombatError::NotAwaitingChance);
        }
        let (f, o) = (self.forces[side.idx()], self.forces[side.other().idx()]);
        if f.undamaged(t) == 0 {
            return Err(CombatError::NoUnit { unit_type: t });
        }
        let f = f.with_units(t, f.count(t) - 1, f.damaged(t))?;
        let o = o.with_units(t, o.count(t) + 1, o.damaged(t))?;
        (self.forces[side.idx()], self.forces[side.other().idx()]) = (f, o);
        Ok(())
    }

    /// 1 unit of type `t` of `side` rolls 1 additional die in this round's combat roll (Sol's
    /// Evelyn Delouis). Only before a round's rolls ([`GroundPhase::Roll`]).
    pub fn add_round_die(&mut self, side: Side, t: UnitType) -> Result<(), CombatError> {
        if self.phase != GroundPhase::Roll {
            return Err(CombatError::NotAwaitingChance);
        }
        if !self.forces[side.idx()].add_round_die(t) {
            return Err(CombatError::NoUnit { unit_type: t });
        }
        Ok(())
    }

    /// The combat round, from 1.
    #[inline]
    pub fn round(&self) -> u8 {
        self.round
    }
    /// The current phase.
    #[inline]
    pub fn phase(&self) -> GroundPhase {
        self.phase
    }
    /// The result once over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            GroundPhase::Over(o) => Some(o),
            _ => None,
        }
    }
    /// Invasion 49.5: once over, true when the attacker still has ground forces on the planet and
    /// so establishes control; false when the defender keeps it (including when both sides were
    /// destroyed, 49.5.4).
    pub fn attacker_takes_control(&self) -> bool {
        self.outcome() == Some(Outcome::AttackerWins)
    }
    /// The hits `side` is assigning now.
    #[inline]
    pub fn pending_hits(&self, side: Side) -> &Hits {
        &self.hits[side.idx()]
    }
    /// Hits produced against `side` so far.
    #[inline]
    pub fn hits_produced(&self, side: Side) -> u16 {
        self.produced[side.idx()]
    }
    /// Hits `side` has placed so far (never more than were produced against it).
    #[inline]
    pub fn hits_assigned(&self, side: Side) -> u16 {
        self.assigned[side.idx()]
    }

    /// What happens next: a side's decision, a dice roll, or the end.
    pub fn next_decision(&self) -> Step {
        match self.phase {
            GroundPhase::Roll => Step::Chance,
            GroundPhase::AssignHits(s) => Step::Decide(s),
            GroundPhase::Bombard => Step::Chance,
            GroundPhase::Over(o) => Step::Over(o),
        }
    }

    /// Clears `buf` and fills it with the deciding side's legal hit choices in increasing order
    /// (at most [`MAX_HIT_CHOICES`](super::MAX_HIT_CHOICES)); empty at chance points and at the
    /// end.
    pub fn legal_decisions(&self, buf: &mut Vec<HitChoice>) {
        buf.clear();
        if let GroundPhase::AssignHits(s) = self.phase {
            buf.extend(self.hits[s.idx()].choices(&self.forces[s.idx()]));
        }
    }

    /// The default policy's decision ([`Hits::default_choice`]); `None` where no decision is
    /// awaited.
    pub fn default_decision(&self) -> Option<HitChoice> {
        match self.phase {
            GroundPhase::AssignHits(s) => self.hits[s.idx()].default_choice(&self.forces[s.idx()]),
            _ => None,
        }
    }

    /// Places the deciding side's next hit as `c`; an illegal choice is rejected and leaves the
    /// combat unchanged.
    pub fn apply_decision(&mut self, c: HitChoice) -> Result<(), CombatError> {
        let GroundPhase::AssignHits(s) = self.phase else {
            return Err(CombatError::NotAwaitingDecision);
        };
        self.hits[s.idx()].apply(&mut self.forces[s.idx()], c)?;
        self.assigned[s.idx()] += 1;
        self.advance();
        Ok(())
    }

    /// Rolls both sides' combat dice from `rng` (attacker first) and moves on to assigning hits.
    pub fn apply_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<(), CombatError> {
        if self.phase != GroundPhase::Roll {
            return Err(CombatError::NotAwaitingChance);
        }
        let [a, d] = &self.forces;
        self.round_damaged = [*a.damaged_counts(), *d.damaged_counts()];
        let (against_d, against_a) = (roll_combat(a, d, rng), roll_combat(d, a, rng));
        let (against_d, against_a) = answer_hits(self.answer_hit, against_d, against_a);
        self.hits = [Hits::new(against_a, a.combatant_mask()), Hits::new(against_d, d.combatant_mask())];
        self.produced[0] += against_a;
        self.produced[1] += against_d;
        self.phase = GroundPhase::AssignHits(Side::Attacker);
        self.advance();
        Ok(())
    }

    /// Ends the combat when at most one side has ground forces, or when neither can ever hit.
    fn check_end(&mut self) {
        let [a, d] = &self.forces;
        let (ha, hd) = (a.has_combatants(), d.has_combatants());
        if !(ha && hd) {
            self.phase = GroundPhase::Over(Outcome::from_presence(ha, hd));
        } else if !a.can_hit(d) && !d.can_hit(a) {
            self.phase = GroundPhase::Over(Outcome::Stalemate);
        }
    }

    /// Takes every forced step, stopping at a real choice, the next roll, or the end.
    fn advance(&mut self) {
        while let GroundPhase::AssignHits(s) = self.phase {
            let (hits, force) = (&mut self.hits[s.idx()], &mut self.forces[s.idx()]);
            let before = hits.assigned();
            let done = hits.settle(force);
            self.assigned[s.idx()] += hits.assigned() - before;
            if !done {
                return;
            }
            if self.repair[s.idx()] {
                self.forces[s.idx()].repair_one_damaged_before(&self.round_damaged[s.idx()]);
            }
            match s {
                Side::Attacker => self.phase = GroundPhase::AssignHits(Side::Defender),
                Side::Defender => {
                    if self.round_end_bombardment && self.forces[Side::Defender.idx()].has_combatants() {
                        self.phase = GroundPhase::Bombard;
                        return;
                    }
                    self.end_round();
                }
            }
        }
    }

    /// The round is over: the next one starts unless the combat ended.
    fn end_round(&mut self) {
        for f in &mut self.forces {
            f.end_round_dice();
        }
        self.phase = GroundPhase::Roll;
        self.check_end();
        if self.phase == GroundPhase::Roll {
            self.round = self.round.saturating_add(1);
        }
    }
}

/// The round's hits against the defender and against the attacker once each side with
/// `answer_hit` (Valkyrie Particle Weave) has added its 1 hit for the opponent's 1 or more
/// (both compared with what the dice produced).
pub(super) fn answer_hits(answer_hit: [bool; 2], against_d: u16, against_a: u16) -> (u16, u16) {
    (
        against_d + u16::from(answer_hit[Side::Attacker.idx()] && against_a > 0),
        against_a + u16::from(answer_hit[Side::Defender.idx()] && against_d > 0),
    )
}
