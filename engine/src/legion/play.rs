//! The [`Game`] implementation of [`LegionGame`]: the action type, legal actions by step,
//! chance events, observation and determinization, returns, rendering.
//!
//! Decisions are split small: a card, a nomination, one order at a time, one turn choice,
//! one action (each Move destination and each attack target is its own action), each "may"
//! as accept/decline, one promotion. Illegal actions are not checked: an action of the wrong
//! kind for the step panics, a wrong argument corrupts the state (callers use
//! `legal_actions`).

use std::fmt::Write as _;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::board::{Cell, Terrain, NO_CELL};
use super::command::{Card, HIDDEN_CARD, NO_CARD};
use super::dice::{roll_defense, DefenseDie, DefenseFace};
use super::{LegionGame, Slot, Step, DRAW, MAX_UNITS, ONGOING};
use crate::game::{Game, PerPlayer, Turn};

/// A decision of Legion-lite. `Ord` (variant, then argument) fixes the legal-action order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Choose this command card (face down).
    PlayCard(Card),
    /// Nominate this unit as the commander issuing orders.
    Nominate(Slot),
    /// Give this unit an order.
    Order(Slot),
    /// Activate this ordered unit.
    Activate(Slot),
    /// Draw a random token from the order pool.
    DrawOrder,
    /// Spend an Advantage token to pass.
    Pass,
    /// Activate this unit with the drawn token.
    ActivateDrawn(Slot),
    /// Take a Move action (or the Deploy move); its destination is the next decision.
    Move,
    /// Take an Attack action; its target is the next decision.
    Attack,
    /// Aim action.
    Aim,
    /// Dodge action.
    Dodge,
    /// Recover action.
    Recover,
    /// Standby action.
    Standby,
    /// Observe 1 (card action); its target is the next decision.
    Observe,
    /// Steady Aim (lite free action): gain a Surge token.
    SteadyAim,
    /// End the activation.
    EndActivation,
    /// Spend the Standby token to attack the triggering enemy.
    StandbyAttack,
    /// Accept an optional cost (New Ways, Implacable): suffer 1 wound.
    TakeWound,
    /// Decline an optional effect.
    Decline,
    /// Promote this Trooper unit to Commander.
    Promote(Slot),
    /// The destination of the chosen Move.
    MoveTo(Cell),
    /// The target of the chosen Attack or Observe.
    Target(Slot),
}

/// What one player sees: the state with the opponent's chosen, unrevealed card hidden.
#[derive(Clone, PartialEq, Debug)]
pub struct LegionObservation {
    /// The state as the player sees it (a hidden card shows as hidden).
    pub view: LegionGame,
}

/// Worst-case steps of a game (see [`Game::max_game_length`]): per round at most 30 command
/// steps, 17 activations (16 units and one Implacable re-activation) of at most 80 steps each
/// (a turn choice, a draw, a pick, an offer, a roll, at most 3 actions costing an action plus
/// a free action and a free attack, each followed by at most 8 Standby offers and a reaction
/// roll, 2 attack rolls, an Implacable offer), 40 passes and burned draws, 2 promotions;
/// times 9 rounds (the options' maximum), plus setup.
const MAX_GAME_LENGTH: u64 = 9 * (30 + 17 * 80 + 40 + 2) + 1;

impl LegionGame {
    fn gen_legal(&self, f: &mut impl FnMut(Action)) {
        match self.step {
            Step::ChooseCard(p) => {
                for c in Card::ALL {
                    if self.card_playable(p as usize, c) {
                        f(Action::PlayCard(c));
                    }
                }
            }
            Step::Nominate(p) => self.nomination_candidates(p as usize).for_each(|s| f(Action::Nominate(s))),
            Step::IssueOrder(p) => self.order_targets(p as usize).for_each(|s| f(Action::Order(s))),
            Step::Turn(p) => self.turn_actions(p as usize, f),
            Step::ChooseDrawn(p) => self.drawn_candidates(p as usize).for_each(|s| f(Action::ActivateDrawn(s))),
            Step::Act => self.act_actions(f),
            Step::MoveTo => self.move_targets(f),
            Step::AttackTarget => self.attack_targets(f),
            Step::ObserveTarget => self.observe_targets(f),
            Step::StandbyOffer(_) => {
                f(Action::StandbyAttack);
                f(Action::Decline);
            }
            Step::NewWaysOffer | Step::ImplacableOffer => {
                f(Action::TakeWound);
                f(Action::Decline);
            }
            Step::Promote(p) => {
                if let super::end_phase::PromotionNeed::Candidates(c) = self.promotion_need(p as usize) {
                    for s in self.slots(p as usize) {
                        if c & (1 << (s as usize % super::roster::MAX_ARMY)) != 0 {
                            f(Action::Promote(s));
                        }
                    }
                }
            }
            Step::Setup | Step::PriorityRoll | Step::Draw(_) | Step::ActivationRoll | Step::AttackRoll | Step::Over => {
            }
        }
    }

    fn unit_name(&self, s: Slot) -> String {
        format!("{}#{}", self.unit(s).card().id, s)
    }

    fn cell_name(&self, c: Cell) -> String {
        if c == NO_CELL {
            return "-".into();
        }
        let (x, y) = self.geometry().xy(c);
        format!("({x},{y})")
    }
}

impl Game for LegionGame {
    type Action = Action;
    type Observation = LegionObservation;
    const HIDDEN_INFORMATION: bool = true;
    const CHANCE: bool = true;

    fn num_players(&self) -> usize {
        2
    }

    fn current(&self) -> Turn {
        match self.step {
            Step::ChooseCard(p)
            | Step::Nominate(p)
            | Step::IssueOrder(p)
            | Step::Turn(p)
            | Step::ChooseDrawn(p)
            | Step::Promote(p) => Turn::Player(p as usize),
            Step::NewWaysOffer
            | Step::Act
            | Step::MoveTo
            | Step::AttackTarget
            | Step::ObserveTarget
            | Step::ImplacableOffer => Turn::Player(Self::owner(self.act.unit)),
            Step::StandbyOffer(s) => Turn::Player(Self::owner(s)),
            Step::Setup | Step::PriorityRoll | Step::Draw(_) | Step::ActivationRoll | Step::AttackRoll => Turn::Chance,
            Step::Over => Turn::Terminal,
        }
    }

    fn legal_actions(&self, buf: &mut Vec<Action>) {
        buf.clear();
        self.gen_legal(&mut |a| buf.push(a));
        buf.sort_unstable();
    }

    fn apply(&mut self, action: Action) {
        match (self.step, action) {
            (Step::ChooseCard(p), Action::PlayCard(c)) => self.choose_card(p as usize, c),
            (Step::Nominate(p), Action::Nominate(s)) => self.nominate(p as usize, s),
            (Step::IssueOrder(p), Action::Order(s)) => self.issue_order(p as usize, s),
            (Step::Turn(p), a) => self.take_turn(p as usize, a),
            (Step::ChooseDrawn(_), Action::ActivateDrawn(s)) => self.begin_activation(s),
            (Step::Act, a) => self.act(a),
            (Step::MoveTo | Step::AttackTarget | Step::ObserveTarget, a) => self.act_target(a),
            (Step::StandbyOffer(s), a) => self.standby_choice(s, a == Action::StandbyAttack),
            (Step::NewWaysOffer, a) => self.new_ways(a == Action::TakeWound),
            (Step::ImplacableOffer, a) => self.implacable(a == Action::TakeWound),
            (Step::Promote(_), Action::Promote(s)) => self.choose_promotion(s),
            (step, a) => panic!("action {a:?} does not fit step {step:?}"),
        }
    }

    fn apply_chance(&mut self, rng: &mut ChaCha8Rng) {
        match self.step {
            Step::Setup => self.setup(rng),
            Step::PriorityRoll => {
                let block = roll_defense(rng, DefenseDie::Red) == DefenseFace::Block;
                self.priority_rolled(block);
            }
            Step::Draw(p) => self.draw_order(p as usize, rng),
            Step::ActivationRoll => self.activation_roll(rng),
            Step::AttackRoll => self.roll_attack(rng),
            s => panic!("apply_chance at a player step {s:?}"),
        }
    }

    fn returns(&self) -> PerPlayer<f64> {
        let mut r = PerPlayer::filled(2, 0.0);
        if self.winner < DRAW {
            r[self.winner as usize] = 1.0;
            r[1 - self.winner as usize] = -1.0;
        }
        r
    }

    fn utility_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn observation(&self, player: usize) -> LegionObservation {
        let mut view = self.clone();
        let q = 1 - player;
        if view.chosen[q] != NO_CARD {
            view.chosen[q] = HIDDEN_CARD;
        }
        LegionObservation { view }
    }

    fn determinize(&self, observer: usize, rng: &mut ChaCha8Rng) -> Self {
        let mut d = self.observation(observer).view;
        let q = 1 - observer;
        if d.chosen[q] == HIDDEN_CARD {
            let n = Card::ALL.iter().filter(|&&c| d.card_playable(q, c)).count();
            let k = rng.random_range(0..n);
            let c = Card::ALL.into_iter().filter(|&c| d.card_playable(q, c)).nth(k).expect("k < n");
            d.chosen[q] = c as u8;
        }
        d
    }

    fn action_to_string(&self, a: Action) -> String {
        match a {
            Action::PlayCard(c) => format!("play {}", c.name()),
            Action::Nominate(s) => format!("nominate {}", self.unit_name(s)),
            Action::Order(s) => format!("order {}", self.unit_name(s)),
            Action::Activate(s) => format!("activate {}", self.unit_name(s)),
            Action::DrawOrder => "draw order token".into(),
            Action::Pass => "pass (spend advantage)".into(),
            Action::ActivateDrawn(s) => format!("activate drawn {}", self.unit_name(s)),
            Action::Move => format!(
                "{} {}",
                if self.unit(self.act.unit).deployed { "move" } else { "deploy" },
                self.unit_name(self.act.unit)
            ),
            Action::MoveTo(c) => format!("to {}", self.cell_name(c)),
            Action::Attack => format!("{} attacks", self.unit_name(self.act.unit)),
            Action::Target(d) => format!("target {}", self.unit_name(d)),
            Action::Aim => "aim".into(),
            Action::Dodge => "dodge".into(),
            Action::Recover => "recover".into(),
            Action::Standby => "standby".into(),
            Action::Observe => "observe".into(),
            Action::SteadyAim => "steady aim".into(),
            Action::EndActivation => "end activation".into(),
            Action::StandbyAttack => "standby attack".into(),
            Action::TakeWound => "suffer 1 wound".into(),
            Action::Decline => "decline".into(),
            Action::Promote(s) => format!("promote {}", self.unit_name(s)),
        }
    }

    fn max_game_length(&self) -> u64 {
        MAX_GAME_LENGTH
    }

    fn render(&self) -> String {
        let mut out = String::new();
        let g = self.geometry();
        let _ = writeln!(
            out,
            "round {} step {:?} priority {} blue {} vp {:?} mission {:?}/{:?} winner {}",
            self.round,
            self.step,
            self.priority,
            self.blue,
            self.vp,
            self.primary,
            self.secondary,
            if self.winner == ONGOING { "-".to_string() } else { self.winner.to_string() }
        );
        let pois = self.poi_set();
        let mut at = [u8::MAX; super::board::MAX_CELLS];
        for s in 0..MAX_UNITS as u8 {
            if (s as usize % 8) < self.n_units[s as usize / 8] as usize && self.on_board(s) {
                at[self.unit(s).cell as usize] = s;
            }
        }
        for y in (0..g.h as i32).rev() {
            for x in 0..g.w as i32 {
                let c = g.at(x, y).expect("cell");
                let ch = if at[c as usize] != u8::MAX {
                    let s = at[c as usize];
                    let i = s % 8;
                    (if s < 8 { b'A' } else { b'a' } + i) as char
                } else if pois.contains(c) {
                    'O'
                } else {
                    match g.terrain(c) {
                        Terrain::Open => '.',
                        Terrain::Difficult => 'd',
                        Terrain::Blocking => '#',
                        Terrain::Light => 'l',
                        Terrain::Heavy => 'h',
                    }
                };
                out.push(ch);
            }
            out.push('\n');
        }
        for p in 0..2 {
            let _ = writeln!(
                out,
                "player {p}: hand {:03x} discard {:03x} pass pool {} order pool {:?} lost {}",
                self.hand[p], self.discard[p], self.pass_pool[p], self.order_pool[p], self.lost_points[p]
            );
            for s in self.slots(p) {
                let u = self.unit(s);
                let t = u.tokens;
                let _ = writeln!(
                    out,
                    "  {} {} {} w{}/{} sup{} aim{} dodge{} obs{} surge{} sb{}{}{}",
                    (if p == 0 { b'A' } else { b'a' } + (s % 8)) as char,
                    u.card().id,
                    self.cell_name(u.cell),
                    u.wounds,
                    u.card().total_wounds(),
                    t.suppression,
                    t.aim,
                    t.dodge,
                    t.observation,
                    t.surge,
                    t.standby,
                    if u.promoted { " promoted" } else { "" },
                    if u.defeated { " defeated" } else { "" }
                );
            }
        }
        out
    }
}
