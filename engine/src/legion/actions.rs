//! A unit's actions (digest §1.3): the kinds of action the active unit may take, their
//! destinations and targets, and performing them. Move destinations are waypoints (see the
//! [`super::activation`] module docs); each action but Move once per activation; one Attack
//! (two for Luke under Son of Skywalker), none after Standby; Relentless and Charge free
//! attacks after a move; Steady Aim is a free action.

use super::activation::used;
use super::board::{Cell, CellSet, Terrain, NO_CELL};
use super::command::Card;
use super::roster::{kw, Class, LUKE};
use super::{Action, LegionGame, PendingAttack, Slot, Step};

/// A complete action of the active unit (its kind and destination or target chosen).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Perform {
    Move(super::board::Cell),
    Attack(Slot),
    Aim,
    Dodge,
    Recover,
    Standby,
    Observe(Slot),
    SteadyAim,
}

impl LegionGame {
    /// The active unit's choices: the kinds of action it can take (a Move, Attack or Observe
    /// then asks for its destination or target), `EndActivation` last.
    pub(crate) fn act_actions(&self, f: &mut impl FnMut(Action)) {
        let a = self.act;
        let u = self.unit(a.unit);
        if !a.panicked {
            let mut any = false;
            if a.actions > 0 {
                self.move_targets(&mut |_| any = true);
            }
            if any {
                f(Action::Move);
            }
            if u.deployed {
                self.deployed_actions(f);
            }
        }
        f(Action::EndActivation);
    }

    /// Destinations of the active unit's Move (or Deploy): not every reachable cell but one per
    /// *waypoint* (the lite movement abstraction, see the module docs): for each enemy unit on
    /// the board and each POI, the reachable cell nearest to it (offered only when nearer than
    /// the unit already is); the reachable cover cell nearest the nearest enemy; the reachable
    /// cell nearest the unit's own edge. Ties go to the lower cell index; equal destinations
    /// are offered once.
    pub(crate) fn move_targets(&self, f: &mut impl FnMut(Action)) {
        let s = self.act.unit;
        let p = Self::owner(s);
        let u = self.unit(s);
        let geo = self.geometry();
        let mut blocked: CellSet = self.occupied();
        for c in self.poi_cells() {
            blocked.insert(c);
        }
        let reach = geo.reach(u.cell, p, u.card().speed, &blocked);
        if reach.is_empty() {
            return;
        }
        let nearest = |w: Cell, only: &dyn Fn(Cell) -> bool| -> Option<(Cell, i32)> {
            let mut best: Option<(Cell, i32)> = None;
            for c in reach.iter().filter(|&c| only(c)) {
                let d = geo.d2(c, w);
                if best.is_none_or(|(_, bd)| d < bd) {
                    best = Some((c, d));
                }
            }
            best
        };
        let mut out = CellSet::default();
        let toward = |w: Cell, out: &mut CellSet| {
            if let Some((c, d)) = nearest(w, &|_| true) {
                if u.cell == NO_CELL || d < geo.d2(u.cell, w) {
                    out.insert(c);
                }
            }
        };
        let mut closest_enemy: Option<(Cell, i32)> = None;
        for e in self.slots(1 - p) {
            if self.on_board(e) {
                let ec = self.unit(e).cell;
                toward(ec, &mut out);
                let d = if u.cell == NO_CELL { 0 } else { geo.d2(u.cell, ec) };
                if closest_enemy.is_none_or(|(_, bd)| d < bd) {
                    closest_enemy = Some((ec, d));
                }
            }
        }
        for c in self.poi_cells() {
            toward(c, &mut out);
        }
        let anchor = closest_enemy.map_or(self.poi_cells()[1], |(c, _)| c);
        let is_cover = |c: Cell| matches!(geo.terrain(c), Terrain::Light | Terrain::Heavy);
        if let Some((c, _)) = nearest(anchor, &is_cover) {
            out.insert(c);
        }
        let edge_y = if p == 0 { 0 } else { geo.h as i32 - 1 };
        let mut back: Option<(Cell, i32)> = None;
        for c in reach.iter() {
            let d = (geo.xy(c).1 - edge_y).abs();
            if back.is_none_or(|(_, bd)| d < bd) {
                back = Some((c, d));
            }
        }
        if let Some((c, _)) = back {
            out.insert(c);
        }
        for c in out.iter() {
            f(Action::MoveTo(c));
        }
    }

    /// Units the active unit may attack now.
    pub(crate) fn attack_targets(&self, f: &mut impl FnMut(Action)) {
        let a = self.act;
        let s = a.unit;
        let p = Self::owner(s);
        let u = self.unit(s);
        let limit = if u.kind == LUKE && self.revealed(p) == Some(Card::SonOfSkywalker) { 2 } else { 1 };
        if a.attacks >= limit || a.used & used::STANDBY != 0 {
            return;
        }
        for d in self.slots(1 - p) {
            if let Some(melee) = self.attack_mode(s, d) {
                if a.actions > 0 || a.free_attack || (a.free_melee && melee) {
                    f(Action::Target(d));
                }
            }
        }
    }

    /// Enemy units the active unit may Observe (range 3, LOS).
    pub(crate) fn observe_targets(&self, f: &mut impl FnMut(Action)) {
        let s = self.act.unit;
        let u = self.unit(s);
        let (geo, veh, pois) = (self.geometry(), self.vehicle_cells(), self.poi_set());
        for d in self.slots(1 - Self::owner(s)) {
            let e = self.unit(d);
            if self.on_board(d) && geo.band(u.cell, e.cell) <= 3 && geo.sight(u.cell, e.cell, &veh, &pois).visible {
                f(Action::Target(d));
            }
        }
    }

    fn deployed_actions(&self, f: &mut impl FnMut(Action)) {
        let a = self.act;
        let u = self.unit(a.unit);
        let t = u.card();
        let mut any = false;
        self.attack_targets(&mut |_| any = true);
        if any {
            f(Action::Attack);
        }
        if a.actions > 0 {
            if a.used & used::AIM == 0 {
                f(Action::Aim);
            }
            if a.used & used::DODGE == 0 {
                f(Action::Dodge);
            }
            if a.used & used::RECOVER == 0 && u.tokens.suppression > 0 {
                f(Action::Recover);
            }
            if a.used & used::STANDBY == 0 && a.attacks == 0 && u.tokens.standby == 0 && t.class != Class::Repulsor {
                f(Action::Standby);
            }
            if t.has(kw::OBSERVE) && a.used & used::OBSERVE == 0 {
                let mut any = false;
                self.observe_targets(&mut |_| any = true);
                if any {
                    f(Action::Observe);
                }
            }
        }
        if t.has(kw::STEADY_AIM) && a.used & used::STEADY == 0 {
            f(Action::SteadyAim);
        }
    }

    /// Applies the active unit's choice of action `a`; a Move, Attack or Observe waits for
    /// its destination or target ([`LegionGame::act_target`]).
    pub(crate) fn act(&mut self, a: Action) {
        match a {
            Action::EndActivation => self.end_activation(),
            Action::Move => self.step = Step::MoveTo,
            Action::Attack => self.step = Step::AttackTarget,
            Action::Observe => self.step = Step::ObserveTarget,
            Action::Aim => self.perform(Perform::Aim),
            Action::Dodge => self.perform(Perform::Dodge),
            Action::Recover => self.perform(Perform::Recover),
            Action::Standby => self.perform(Perform::Standby),
            Action::SteadyAim => self.perform(Perform::SteadyAim),
            a => panic!("{a:?} is not an activation action"),
        }
    }

    /// The destination or target of the chosen Move, Attack or Observe.
    pub(crate) fn act_target(&mut self, a: Action) {
        let a = match (self.step, a) {
            (Step::MoveTo, Action::MoveTo(c)) => Perform::Move(c),
            (Step::AttackTarget, Action::Target(d)) => Perform::Attack(d),
            (Step::ObserveTarget, Action::Target(d)) => Perform::Observe(d),
            (step, a) => panic!("{a:?} does not fit {step:?}"),
        };
        self.perform(a);
    }

    /// Performs a complete action of the active unit.
    fn perform(&mut self, a: Perform) {
        let s = self.act.unit;
        let i = s as usize;
        // A unit loses its Standby token when it moves, attacks or acts.
        self.units[i].tokens.standby = 0;
        let (free_attack, free_melee) = (self.act.free_attack, self.act.free_melee);
        self.act.free_attack = false;
        self.act.free_melee = false;
        let spend = |g: &mut LegionGame| g.act.actions -= 1;
        match a {
            Perform::Move(c) => {
                spend(self);
                self.units[i].cell = c;
                self.units[i].deployed = true;
                let t = self.unit(s).card();
                if self.act.attacks == 0 {
                    self.act.free_attack = t.has(kw::RELENTLESS);
                    let geo = self.geometry();
                    self.act.free_melee = t.has(kw::CHARGE)
                        && self
                            .slots(1 - Self::owner(s))
                            .any(|d| self.on_board(d) && geo.adjacent(c, self.unit(d).cell));
                }
            }
            Perform::Attack(d) => {
                let melee = self.attack_mode(s, d).expect("legal target");
                if !(free_attack || (free_melee && melee)) {
                    spend(self);
                }
                self.act.attacks += 1;
                self.pending = PendingAttack { attacker: s, defender: d, melee, reaction: false };
                self.step = Step::AttackRoll;
                return;
            }
            Perform::Aim => {
                spend(self);
                self.act.used |= used::AIM;
                self.units[i].tokens.aim += 1;
            }
            Perform::Dodge => {
                spend(self);
                self.act.used |= used::DODGE;
                self.units[i].tokens.dodge += 1;
            }
            Perform::Recover => {
                spend(self);
                self.act.used |= used::RECOVER;
                self.units[i].tokens.suppression = 0;
            }
            Perform::Standby => {
                spend(self);
                self.act.used |= used::STANDBY;
                self.units[i].tokens.standby = 1;
            }
            Perform::Observe(d) => {
                spend(self);
                self.act.used |= used::OBSERVE;
                self.units[d as usize].tokens.observation += 1;
            }
            Perform::SteadyAim => {
                self.act.used |= used::STEADY;
                self.units[i].tokens.surge += 1;
            }
        }
        self.begin_standby_scan();
    }
}
