//! The eight strategy cards: each in the common play area or held by one player, ready or
//! exhausted, with the trade goods lying on it (placed on cards nobody chose; taken with the card).

use crate::ti4::ids::*;
use crate::ti4::state::NOBODY;

/// Number of strategy cards.
pub const STRATEGY_CARDS: usize = 8;

/// A strategy card, by initiative number minus one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct StrategyCard(pub u8);

impl StrategyCard {
    /// The position-file names, in initiative order.
    pub const NAMES: [&'static str; STRATEGY_CARDS] =
        ["leadership", "diplomacy", "politics", "construction", "trade", "warfare", "technology", "imperial"];
    /// All eight, in initiative order.
    pub fn all() -> impl Iterator<Item = StrategyCard> {
        (0..STRATEGY_CARDS as u8).map(StrategyCard)
    }
    /// The initiative number (1-8).
    pub const fn initiative(self) -> u8 {
        self.0 + 1
    }
    /// The position-file name.
    pub fn name(self) -> &'static str {
        Self::NAMES.get(self.0 as usize).copied().unwrap_or("?")
    }
    /// Parses a position-file name.
    pub fn parse(s: &str) -> Option<StrategyCard> {
        Self::NAMES.iter().position(|&n| n == s).map(|i| StrategyCard(i as u8))
    }
}

/// Where each strategy card is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct StrategyCards {
    holder: [u8; STRATEGY_CARDS],
    exhausted: u8,
    trade_goods: [u8; STRATEGY_CARDS],
}

impl Default for StrategyCards {
    fn default() -> Self {
        StrategyCards { holder: [NOBODY; STRATEGY_CARDS], exhausted: 0, trade_goods: [0; STRATEGY_CARDS] }
    }
}

impl StrategyCards {
    /// The player holding `card`, or `None` when it is in the common play area.
    #[inline]
    pub fn holder(&self, card: StrategyCard) -> Option<Player> {
        let h = self.holder[card.0 as usize % STRATEGY_CARDS];
        (h != NOBODY).then_some(Player(h))
    }
    /// True when `card` is exhausted (used this round).
    pub fn is_exhausted(&self, card: StrategyCard) -> bool {
        self.exhausted >> card.0 & 1 == 1
    }
    /// Trade goods on `card`.
    pub fn trade_goods(&self, card: StrategyCard) -> u8 {
        self.trade_goods[card.0 as usize % STRATEGY_CARDS]
    }
    /// The cards `p` holds, one bit per card.
    pub fn held_by(&self, p: Player) -> u8 {
        (0..STRATEGY_CARDS).filter(|&i| self.holder[i] == p.0).fold(0, |m, i| m | 1 << i)
    }
    /// Gives `card` to `p` (or puts it in the common area with `None`), ready or exhausted.
    pub fn set_holder(&mut self, card: StrategyCard, p: Option<Player>) {
        self.holder[card.0 as usize % STRATEGY_CARDS] = p.map_or(NOBODY, |p| p.0);
    }
    /// Exhausts or readies `card`.
    pub fn set_exhausted(&mut self, card: StrategyCard, exhausted: bool) {
        let bit = 1 << card.0;
        self.exhausted = if exhausted { self.exhausted | bit } else { self.exhausted & !bit };
    }
    /// Sets the trade goods on `card`.
    pub fn set_trade_goods(&mut self, card: StrategyCard, n: u8) {
        self.trade_goods[card.0 as usize % STRATEGY_CARDS] = n;
    }
    /// The lowest initiative number among `p`'s cards, if they hold any.
    pub fn initiative_of(&self, p: Player) -> Option<u8> {
        let held = self.held_by(p);
        (held != 0).then(|| held.trailing_zeros() as u8 + 1)
    }
}
