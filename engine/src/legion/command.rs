//! Command Phase (digest §1.2, §6.4): command hands, selecting and revealing cards, priority
//! (fewer pips; a tie, or nobody playing, is rolled by the blue player on a red defense die:
//! a block gives the blue player priority), nominating a commander, issuing orders, building
//! the order pools and the pass pools.
//!
//! Faithful: 7-card hands (2/2/2 pips plus Standing Orders), a card named for a unit is
//! playable only while that unit is undefeated, no card without a Commander (or a Field
//! Commander holding the Commander token), orders by rank with at most one per unit and lost
//! when none can be issued, order pools of rank tokens for unordered units, pass pool of
//! `difference - 1` Advantage tokens for the side with fewer units, Standing Orders returning
//! to hand at the end of the phase.
//! Simplified: card effects are the paraphrases of digest §6.4; no command range (2.6).

use serde::{Deserialize, Serialize};

use super::roster::{Faction, Rank, TypeId, LUKE, VADER};
use super::{LegionGame, Slot, Step, NO_SLOT};

/// No card (in `chosen` / `revealed`).
pub const NO_CARD: u8 = u8::MAX;
/// A chosen card hidden from the observer.
pub const HIDDEN_CARD: u8 = u8::MAX - 1;

/// A command card.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// Ambush: 1 pip, 1 unit.
    Ambush,
    /// Push: 2 pips, 2 units.
    Push,
    /// Assault: 3 pips, 3 units.
    Assault,
    /// Standing Orders: 4 pips, 1 unit; returns to hand at the end of the Command Phase.
    StandingOrders,
    /// Implacable (Vader): 1 pip, orders Vader; after his first activation he may suffer 1
    /// wound to return a Commander token to the pool (his second activation has one action
    /// fewer).
    Implacable,
    /// New Ways to Motivate Them (Vader): 2 pips, 2 troopers; an ordered non-Vader trooper
    /// may suffer 1 wound when it activates to gain a free action.
    NewWaysToMotivateThem,
    /// Master of Evil (Vader): 3 pips, Vader + 2 units; Vader gains a dodge; when he
    /// activates, enemy troopers in range 2 gain suppression (option, default 2).
    MasterOfEvil,
    /// Son of Skywalker (Luke): 1 pip, orders Luke; he may attack twice in an activation.
    SonOfSkywalker,
    /// My Ally Is the Force (Luke): 2 pips, 2 troopers; each friendly trooper gains a dodge
    /// when it activates.
    MyAllyIsTheForce,
    /// Return of the Jedi (Luke): 3 pips, Luke + 2 units; Luke gains a dodge; when he
    /// activates, friendly troopers in range 3 remove 1 suppression.
    ReturnOfTheJedi,
}

/// What a card does in the Command Phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CardInfo {
    /// Pips (fewer wins priority).
    pub pips: u8,
    /// Orders issued, the named unit's included.
    pub orders: u8,
    /// The unit the card is named for (it must be nominated; the card is unplayable once it
    /// is defeated).
    pub named: Option<TypeId>,
    /// The named unit receives the first order.
    pub orders_named: bool,
    /// Orders go to troopers only.
    pub troopers_only: bool,
}

impl Card {
    /// Every card, in action order.
    pub const ALL: [Card; 10] = [
        Card::Ambush,
        Card::Push,
        Card::Assault,
        Card::StandingOrders,
        Card::Implacable,
        Card::NewWaysToMotivateThem,
        Card::MasterOfEvil,
        Card::SonOfSkywalker,
        Card::MyAllyIsTheForce,
        Card::ReturnOfTheJedi,
    ];
    /// The card with index `i` (`Card as u8`), if any.
    pub fn from_index(i: u8) -> Option<Card> {
        Card::ALL.get(i as usize).copied()
    }
    /// The card's bit in a hand.
    pub const fn bit(self) -> u16 {
        1 << self as u16
    }
    /// Pips, orders and restrictions.
    pub const fn info(self) -> CardInfo {
        let (pips, orders, named, orders_named, troopers_only) = match self {
            Card::Ambush => (1, 1, None, false, false),
            Card::Push => (2, 2, None, false, false),
            Card::Assault => (3, 3, None, false, false),
            Card::StandingOrders => (4, 1, None, false, false),
            Card::Implacable => (1, 1, Some(VADER), true, false),
            Card::NewWaysToMotivateThem => (2, 2, Some(VADER), false, true),
            Card::MasterOfEvil => (3, 3, Some(VADER), true, false),
            Card::SonOfSkywalker => (1, 1, Some(LUKE), true, false),
            Card::MyAllyIsTheForce => (2, 2, Some(LUKE), false, true),
            Card::ReturnOfTheJedi => (3, 3, Some(LUKE), true, false),
        };
        CardInfo { pips, orders, named, orders_named, troopers_only }
    }
    /// Display name.
    pub const fn name(self) -> &'static str {
        match self {
            Card::Ambush => "Ambush",
            Card::Push => "Push",
            Card::Assault => "Assault",
            Card::StandingOrders => "Standing Orders",
            Card::Implacable => "Implacable",
            Card::NewWaysToMotivateThem => "New Ways to Motivate Them",
            Card::MasterOfEvil => "Master of Evil",
            Card::SonOfSkywalker => "Son of Skywalker",
            Card::MyAllyIsTheForce => "My Ally Is the Force",
            Card::ReturnOfTheJedi => "Return of the Jedi",
        }
    }
}

/// The 7-card hand of `faction`: its commander's three cards and the four neutral ones.
pub fn starting_hand(faction: Faction) -> u16 {
    let neutral = Card::Ambush.bit() | Card::Push.bit() | Card::Assault.bit() | Card::StandingOrders.bit();
    neutral
        | match faction {
            Faction::Empire => Card::Implacable.bit() | Card::NewWaysToMotivateThem.bit() | Card::MasterOfEvil.bit(),
            Faction::Rebels => Card::SonOfSkywalker.bit() | Card::MyAllyIsTheForce.bit() | Card::ReturnOfTheJedi.bit(),
        }
}

impl LegionGame {
    /// The undefeated unit of `player` of type `t`, if any.
    pub(crate) fn named_unit(&self, player: usize, t: TypeId) -> Option<Slot> {
        self.slots(player).find(|&s| self.alive(s) && self.unit(s).kind == t)
    }

    /// Command Phase, Select: `player` may play `card` (in hand, a Commander to play it, and
    /// the named unit undefeated).
    pub fn card_playable(&self, player: usize, card: Card) -> bool {
        self.hand[player] & card.bit() != 0
            && self.has_commander(player)
            && card.info().named.is_none_or(|t| self.named_unit(player, t).is_some())
    }

    /// True when `player` can play some card this round.
    pub fn can_play_card(&self, player: usize) -> bool {
        Card::ALL.iter().any(|&c| self.card_playable(player, c))
    }

    /// Starts the Command Phase of the current round.
    pub(crate) fn begin_command_phase(&mut self) {
        for u in self.units.iter_mut() {
            u.ordered = false;
            u.activated = false;
        }
        self.chosen = [super::command::NO_CARD; 2];
        self.revealed = [NO_CARD; 2];
        self.nominee = [NO_SLOT; 2];
        self.implacable_used = [false; 2];
        self.implacable_pending = [false; 2];
        self.passed_last = [false; 2];
        self.next_chooser(0);
    }

    /// Select: the next player from `from` who can play a card chooses, or all cards are
    /// revealed.
    fn next_chooser(&mut self, from: usize) {
        for p in from..2 {
            if self.can_play_card(p) {
                self.step = Step::ChooseCard(p as u8);
                return;
            }
        }
        self.reveal();
    }

    /// `player` puts `card` face down.
    pub(crate) fn choose_card(&mut self, player: usize, card: Card) {
        self.chosen[player] = card as u8;
        self.next_chooser(player + 1);
    }

    /// Reveal and resolve, then Priority.
    fn reveal(&mut self) {
        for p in 0..2 {
            if let Some(c) = Card::from_index(self.chosen[p]) {
                self.hand[p] &= !c.bit();
                self.revealed[p] = c as u8;
                // On reveal: Master of Evil and Return of the Jedi give their commander a dodge.
                if matches!(c, Card::MasterOfEvil | Card::ReturnOfTheJedi) {
                    let t = c.info().named.expect("named card");
                    if let Some(s) = self.named_unit(p, t) {
                        self.units[s as usize].tokens.dodge += 1;
                    }
                }
            }
        }
        self.chosen = [NO_CARD; 2];
        let pips = [0, 1].map(|p| Card::from_index(self.revealed[p]).map(|c| c.info().pips));
        match pips {
            [Some(a), Some(b)] if a != b => self.set_priority(if a < b { 0 } else { 1 }),
            [Some(_), None] => self.set_priority(0),
            [None, Some(_)] => self.set_priority(1),
            _ => self.step = Step::PriorityRoll,
        }
    }

    /// Priority tie: the blue player's red defense die roll gave `block`.
    pub(crate) fn priority_rolled(&mut self, block: bool) {
        let p = if block { self.blue } else { 1 - self.blue };
        self.set_priority(p as usize);
    }

    fn set_priority(&mut self, p: usize) {
        self.priority = p as u8;
        self.cmd_index = 0;
        self.begin_orders();
    }

    /// The commanders `player` may nominate for a non-unit-specific card.
    pub fn nomination_candidates(&self, player: usize) -> impl Iterator<Item = Slot> + '_ {
        self.slots(player).filter(move |&s| {
            let u = self.unit(s);
            !u.defeated && (u.rank() == Rank::Commander || (u.field_commander && u.commander_token))
        })
    }

    /// Nominate and issue orders, for the player at `cmd_index` (priority player first).
    fn begin_orders(&mut self) {
        while self.cmd_index < 2 {
            let p = if self.cmd_index == 0 { self.priority } else { 1 - self.priority } as usize;
            if let Some(card) = Card::from_index(self.revealed[p]) {
                let info = card.info();
                if let Some(t) = info.named {
                    self.nominee[p] = self.named_unit(p, t).expect("playable card's unit");
                } else {
                    let first = self.nomination_candidates(p).next().expect("a commander to play a card");
                    if self.nomination_candidates(p).nth(1).is_some() {
                        self.step = Step::Nominate(p as u8);
                        return;
                    }
                    self.nominee[p] = first;
                }
                if self.start_issuing(p) {
                    return;
                }
            }
            self.cmd_index += 1;
        }
        self.finish_command_phase();
    }

    /// `player` nominated `slot`.
    pub(crate) fn nominate(&mut self, player: usize, slot: Slot) {
        self.nominee[player] = slot;
        if !self.start_issuing(player) {
            self.cmd_index += 1;
            self.begin_orders();
        }
    }

    /// Sets up the card's orders for `p`; true when `p` must now choose an order.
    fn start_issuing(&mut self, p: usize) -> bool {
        let info = Card::from_index(self.revealed[p]).expect("revealed").info();
        self.orders_left = info.orders;
        self.orders_troopers_only = info.troopers_only;
        if info.orders_named {
            self.units[self.nominee[p] as usize].ordered = true;
            self.orders_left -= 1;
        }
        if self.orders_left > 0 && self.order_targets(p).next().is_some() {
            self.step = Step::IssueOrder(p as u8);
            return true;
        }
        false
    }

    /// Units `player` may still give an order to.
    pub fn order_targets(&self, player: usize) -> impl Iterator<Item = Slot> + '_ {
        self.slots(player).filter(move |&s| {
            let u = self.unit(s);
            !u.defeated && !u.ordered && (!self.orders_troopers_only || u.card().is_trooper())
        })
    }

    /// `player` orders `slot`.
    pub(crate) fn issue_order(&mut self, player: usize, slot: Slot) {
        self.units[slot as usize].ordered = true;
        self.orders_left -= 1;
        if self.orders_left > 0 && self.order_targets(player).next().is_some() {
            return;
        }
        self.cmd_index += 1;
        self.begin_orders();
    }

    /// End of the Command Phase: Standing Orders returns to hand; order pools (one rank token
    /// per undefeated unit without an order) and pass pools (`difference - 1` Advantage tokens
    /// for the side with fewer undefeated units) are built; the Activation Phase starts.
    fn finish_command_phase(&mut self) {
        for p in 0..2 {
            if self.revealed[p] == Card::StandingOrders as u8 {
                self.hand[p] |= Card::StandingOrders.bit();
                self.revealed[p] = NO_CARD;
            }
        }
        self.build_order_pools();
        self.build_pass_pools();
        self.begin_activation_phase();
    }

    /// Command Phase step 5: each player's pool of rank tokens for unordered units.
    pub(crate) fn build_order_pools(&mut self) {
        for p in 0..2 {
            let mut pool = [0u8; super::roster::RANKS];
            for s in self.slots(p) {
                let u = self.unit(s);
                if !u.defeated && !u.ordered {
                    pool[u.rank() as usize] += 1;
                }
            }
            self.order_pool[p] = pool;
        }
    }

    /// Command Phase step 6: the player with fewer undefeated units gets `difference - 1`
    /// Advantage tokens in their pass pool.
    pub(crate) fn build_pass_pools(&mut self) {
        let n = [0, 1].map(|p| self.slots(p).filter(|&s| self.alive(s)).count() as u8);
        self.pass_pool = [0; 2];
        if n[0] + 1 < n[1] {
            self.pass_pool[0] = n[1] - n[0] - 1;
        } else if n[1] + 1 < n[0] {
            self.pass_pool[1] = n[0] - n[1] - 1;
        }
    }
}
