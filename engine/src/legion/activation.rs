//! Activation Phase (digest §1.3): alternating turns (activate an ordered unit, draw an order
//! token and activate a unit of that rank, or spend an Advantage token to pass), a unit's
//! activation (start effects, Rally, actions, end effects) and the Standby reaction.
//!
//! Faithful: turn order from priority; a player with nothing left to activate is skipped; a
//! drawn rank with no eligible unit is removed and the player chooses again; passing spends an
//! Advantage token and never on two turns in a row; Rally (a white die per suppression token,
//! block or surge removes one); two actions, one when Suppressed, none when Panicked (which
//! sheds suppression equal to courage at the end); each action once per activation except
//! Move; one attack per activation (two for Luke under Son of Skywalker); no Standby in an
//! activation with an attack, one token at most, lost when the unit moves, attacks, acts or
//! gains suppression; Relentless and Charge free attacks; the first move of an undeployed unit
//! is its Deploy move and it must deploy before doing anything else; Vehicle Damage roll.
//!
//! Simplified: movement uses waypoints. A Move (or Deploy) offers one destination per
//! waypoint instead of every reachable cell: toward each enemy unit on the board, toward each
//! POI, into the cover cell nearest the nearest enemy, and back toward the own edge (each the
//! nearest reachable cell to it). This keeps the decision small (at most 13 destinations) and
//! makes every move purposeful, also for random agents.
//! Recover is offered only to a suppressed unit (it has no cards to ready); a
//! Standby token may be spent only on a free Attack (its free Move is not modelled); each
//! trigger offers every eligible Standby unit in slot order until one attacks, and a Standby
//! attack does not itself trigger Standby.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::board::{Cell, CellSet, Terrain, NO_CELL};
use super::command::Card;
use super::dice::{roll_defense, DefenseDie, DefenseFace};
use super::roster::{kw, Class, Rank, LUKE, VADER};
use super::{Action, ActivationState, LegionGame, PendingAttack, Slot, Step};

/// A complete action of the active unit (its kind and destination or target chosen).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Perform {
    Move(super::board::Cell),
    Attack(Slot),
    Aim,
    Dodge,
    Recover,
    Standby,
    Observe(Slot),
    SteadyAim,
}

/// Bits of [`ActivationState::used`]: once-per-activation actions taken.
pub mod used {
    /// Aim.
    pub const AIM: u8 = 1;
    /// Dodge.
    pub const DODGE: u8 = 2;
    /// Recover.
    pub const RECOVER: u8 = 4;
    /// Standby.
    pub const STANDBY: u8 = 8;
    /// Observe (card action).
    pub const OBSERVE: u8 = 16;
    /// Steady Aim (lite free action).
    pub const STEADY: u8 = 32;
}

impl LegionGame {
    /// True when `player` can still activate something: an ordered unit that has not
    /// activated, or a token in their order pool.
    pub fn has_activation(&self, player: usize) -> bool {
        self.order_pool[player].iter().any(|&n| n > 0)
            || self.slots(player).any(|s| {
                let u = self.unit(s);
                !u.defeated && u.ordered && !u.activated
            })
    }

    pub(crate) fn begin_activation_phase(&mut self) {
        self.start_turn(self.priority as usize);
    }

    /// `player`'s turn if they have something to activate, else the opponent's; the End
    /// Phase when neither has.
    pub(crate) fn start_turn(&mut self, player: usize) {
        if self.has_activation(player) {
            self.step = Step::Turn(player as u8);
        } else if self.has_activation(1 - player) {
            self.step = Step::Turn(1 - player as u8);
        } else {
            self.begin_end_phase();
        }
    }

    /// The turn choices of `player`.
    pub(crate) fn turn_actions(&self, player: usize, f: &mut impl FnMut(Action)) {
        for s in self.slots(player) {
            let u = self.unit(s);
            if !u.defeated && u.ordered && !u.activated {
                f(Action::Activate(s));
            }
        }
        if self.order_pool[player].iter().any(|&n| n > 0) {
            f(Action::DrawOrder);
        }
        if self.pass_pool[player] > 0 && !self.passed_last[player] {
            f(Action::Pass);
        }
    }

    /// Applies a turn choice of `player`.
    pub(crate) fn take_turn(&mut self, player: usize, a: Action) {
        match a {
            Action::Activate(s) => {
                self.passed_last[player] = false;
                self.begin_activation(s);
            }
            Action::DrawOrder => {
                self.passed_last[player] = false;
                self.step = Step::Draw(player as u8);
            }
            Action::Pass => {
                self.pass_pool[player] -= 1;
                self.passed_last[player] = true;
                self.start_turn(1 - player);
            }
            _ => panic!("{a:?} is not a turn action"),
        }
    }

    /// Chance: `player` draws a random token from their order pool.
    pub(crate) fn draw_order(&mut self, player: usize, rng: &mut ChaCha8Rng) {
        let pool = &mut self.order_pool[player];
        let total: u32 = pool.iter().map(|&n| n as u32).sum();
        let mut k = rng.random_range(0..total);
        let mut rank = 0;
        while k >= pool[rank] as u32 {
            k -= pool[rank] as u32;
            rank += 1;
        }
        pool[rank] -= 1;
        self.drawn = rank as u8;
        if self.drawn_candidates(player).next().is_some() {
            self.step = Step::ChooseDrawn(player as u8);
        } else {
            // No eligible unit: the token is removed and the player chooses again.
            self.start_turn(player);
        }
    }

    /// Units `player` may activate with the drawn token: undefeated, unordered, not yet
    /// activated, of the drawn rank.
    pub fn drawn_candidates(&self, player: usize) -> impl Iterator<Item = Slot> + '_ {
        self.slots(player).filter(move |&s| {
            let u = self.unit(s);
            !u.defeated && !u.ordered && !u.activated && u.rank() as u8 == self.drawn
        })
    }

    /// Activation step 1, start-of-activation effects, for the unit in `s`.
    pub(crate) fn begin_activation(&mut self, s: Slot) {
        let p = Self::owner(s);
        self.units[s as usize].activated = true;
        self.act = ActivationState { unit: s, ..ActivationState::default() };
        let card = self.revealed(p);
        let u = *self.unit(s);
        let geo = self.geometry();
        if u.cell != super::board::NO_CELL {
            if card == Some(Card::MasterOfEvil) && u.kind == VADER {
                let n = self.opts.master_of_evil_suppression;
                for e in self.slots(1 - p) {
                    if self.on_board(e) && self.unit(e).card().is_trooper() && geo.band(u.cell, self.unit(e).cell) <= 2
                    {
                        self.add_suppression(e, n);
                    }
                }
            }
            if card == Some(Card::ReturnOfTheJedi) && u.kind == LUKE {
                for f in self.slots(p) {
                    if self.on_board(f) && self.unit(f).card().is_trooper() && geo.band(u.cell, self.unit(f).cell) <= 3
                    {
                        let t = &mut self.units[f as usize].tokens;
                        t.suppression = t.suppression.saturating_sub(1);
                    }
                }
            }
        }
        if card == Some(Card::MyAllyIsTheForce) && u.card().is_trooper() {
            self.units[s as usize].tokens.dodge += 1;
        }
        if card == Some(Card::NewWaysToMotivateThem)
            && u.ordered
            && u.card().is_trooper()
            && u.kind != VADER
            && u.remaining() > 1
        {
            self.step = Step::NewWaysOffer;
            return;
        }
        self.roll_or_act();
    }

    /// New Ways to Motivate Them: the unit may suffer 1 wound to gain a free action.
    pub(crate) fn new_ways(&mut self, accept: bool) {
        if accept {
            self.suffer_wounds(self.act.unit, 1);
            self.act.bonus = true;
        }
        self.roll_or_act();
    }

    fn roll_or_act(&mut self) {
        let u = self.unit(self.act.unit);
        if u.tokens.suppression > 0 || u.damaged {
            self.step = Step::ActivationRoll;
        } else {
            self.compute_actions();
        }
    }

    /// Chance: Rally (one white defense die per suppression token; each block or surge
    /// removes one), then the Vehicle Damage roll (a blank loses one action).
    pub(crate) fn activation_roll(&mut self, rng: &mut ChaCha8Rng) {
        let s = self.act.unit as usize;
        let mut removed = 0;
        for _ in 0..self.units[s].tokens.suppression {
            if roll_defense(rng, DefenseDie::White) != DefenseFace::Blank {
                removed += 1;
            }
        }
        self.units[s].tokens.suppression -= removed;
        if self.units[s].damaged {
            self.act.damage_blank = roll_defense(rng, DefenseDie::White) == DefenseFace::Blank;
        }
        self.compute_actions();
    }

    fn compute_actions(&mut self) {
        let s = self.act.unit;
        let p = Self::owner(s);
        if self.is_panicked(s) {
            self.act.panicked = true;
            self.act.actions = 0;
        } else {
            let mut n: u8 = 2 + self.act.bonus as u8;
            n -= self.is_suppressed(s) as u8;
            n = n.saturating_sub(self.act.damage_blank as u8);
            if self.unit(s).kind == VADER && self.implacable_pending[p] {
                self.implacable_pending[p] = false;
                n = n.saturating_sub(1);
            }
            self.act.actions = n;
        }
        self.act_or_end();
    }

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

    /// Waits for the active unit's next action, or ends the activation when it has none.
    fn act_or_end(&mut self) {
        let mut any = false;
        self.act_actions(&mut |a| any |= a != Action::EndActivation);
        if any {
            self.step = Step::Act;
        } else {
            self.end_activation();
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

    /// Standby trigger: the active unit finished a move, attack or action.
    pub(crate) fn begin_standby_scan(&mut self) {
        self.standby_scan = 0;
        self.continue_standby_scan();
    }

    /// Offers the next eligible enemy Standby unit (in range 2, in LOS, able to attack the
    /// triggering unit) its reaction, or resumes the activation.
    fn continue_standby_scan(&mut self) {
        let trig = self.act.unit;
        if self.step == Step::Over {
            return;
        }
        if self.on_board(trig) {
            let geo = self.geometry();
            let (veh, pois) = (self.vehicle_cells(), self.poi_set());
            let tc = self.unit(trig).cell;
            for s in self.slots(1 - Self::owner(trig)) {
                let u = self.unit(s);
                if s < self.standby_scan || !self.on_board(s) || u.tokens.standby == 0 {
                    continue;
                }
                if geo.band(u.cell, tc) <= 2
                    && geo.sight(u.cell, tc, &veh, &pois).visible
                    && self.attack_mode(s, trig).is_some()
                {
                    self.standby_scan = s + 1;
                    self.step = Step::StandbyOffer(s);
                    return;
                }
            }
        }
        self.resume_activation();
    }

    /// The Standby unit in `s` spends its token to attack (`attack`) or keeps it.
    pub(crate) fn standby_choice(&mut self, s: Slot, attack: bool) {
        if attack {
            let d = self.act.unit;
            self.units[s as usize].tokens.standby = 0;
            let melee = self.attack_mode(s, d).expect("standby target");
            self.pending = PendingAttack { attacker: s, defender: d, melee, reaction: true };
            self.step = Step::AttackRoll;
        } else {
            self.continue_standby_scan();
        }
    }

    /// Back to the active unit after an attack or a reaction.
    pub(crate) fn resume_activation(&mut self) {
        if self.step == Step::Over {
            return;
        }
        if self.alive(self.act.unit) {
            self.act_or_end();
        } else {
            self.finish_activation();
        }
    }

    /// Activation steps 4 and 5: end-of-activation effects (Panic sheds suppression equal to
    /// courage; Implacable), then the order token is flipped.
    fn end_activation(&mut self) {
        let s = self.act.unit;
        let i = s as usize;
        if self.act.panicked {
            let c = self.unit(s).card().courage;
            self.units[i].tokens.suppression = self.units[i].tokens.suppression.saturating_sub(c);
        }
        let p = Self::owner(s);
        if self.revealed(p) == Some(Card::Implacable)
            && self.unit(s).kind == VADER
            && !self.implacable_used[p]
            && self.unit(s).remaining() > 1
        {
            self.step = Step::ImplacableOffer;
            return;
        }
        self.finish_activation();
    }

    /// Implacable: Vader may suffer 1 wound to put a Commander token back into the pool.
    pub(crate) fn implacable(&mut self, accept: bool) {
        let p = Self::owner(self.act.unit);
        self.implacable_used[p] = true;
        if accept {
            let s = self.act.unit;
            self.suffer_wounds(s, 1);
            self.order_pool[p][Rank::Commander as usize] += 1;
            self.implacable_pending[p] = true;
            self.units[s as usize].ordered = false;
            self.units[s as usize].activated = false;
            self.act = ActivationState::default();
            self.start_turn(1 - p);
            return;
        }
        self.finish_activation();
    }

    fn finish_activation(&mut self) {
        let s = self.act.unit;
        self.units[s as usize].ordered = false;
        self.act = ActivationState::default();
        self.start_turn(1 - Self::owner(s));
    }
}
