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

use super::command::Card;
use super::dice::{roll_defense, DefenseDie, DefenseFace};
use super::roster::{Rank, LUKE, VADER};
use super::{Action, ActivationState, LegionGame, PendingAttack, Slot, Step};

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

    /// Waits for the active unit's next action, or ends the activation when it has none.
    pub(crate) fn act_or_end(&mut self) {
        let mut any = false;
        self.act_actions(&mut |a| any |= a != Action::EndActivation);
        if any {
            self.step = Step::Act;
        } else {
            self.end_activation();
        }
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
    pub(crate) fn end_activation(&mut self) {
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
