//! Paying resources: exhaust ready planets you control and spend trade goods (Rules 6 in
//! `ti4-rules.md`; the Technology card's costs). Excess is lost.

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::State;

/// How a player pays a cost.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Payment {
    /// Ready planets the player controls, exhausted for their resources.
    pub planets: PlanetSet,
    /// Trade goods spent, 1 resource each.
    pub trade_goods: u8,
}

/// Why a payment is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PayError {
    /// A planet that is not controlled by the payer.
    NotControlled(PlanetId),
    /// A planet that is already exhausted.
    Exhausted(PlanetId),
    /// More trade goods than the payer has.
    NotEnoughTradeGoods,
    /// The payment is worth less than the cost.
    TooLittle {
        /// The cost.
        cost: u32,
        /// What the payment is worth.
        paid: u32,
    },
}

impl Payment {
    /// What the payment is worth in resources.
    pub fn value(&self, c: &Content, s: &State) -> u32 {
        self.planets.iter().map(|p| s.resources_of(c, p) as u32).sum::<u32>() + self.trade_goods as u32
    }
}

/// Checks that `payment` is a valid way for `p` to pay `cost`.
pub fn check_payment(c: &Content, s: &State, p: Player, cost: u32, payment: &Payment) -> Result<(), PayError> {
    let ps = s.player(p);
    if let Some(pl) = payment.planets.difference(ps.planets).first() {
        return Err(PayError::NotControlled(pl));
    }
    if let Some(pl) = payment.planets.intersection(s.exhausted_planets).first() {
        return Err(PayError::Exhausted(pl));
    }
    if payment.trade_goods > ps.trade_goods {
        return Err(PayError::NotEnoughTradeGoods);
    }
    let paid = payment.value(c, s);
    if paid < cost {
        return Err(PayError::TooLittle { cost, paid });
    }
    Ok(())
}

/// Pays `cost`: exhausts the planets and spends the trade goods.
pub fn pay(c: &Content, s: &mut State, p: Player, cost: u32, payment: &Payment) -> Result<(), PayError> {
    check_payment(c, s, p, cost, payment)?;
    spend(s, p, payment);
    Ok(())
}

/// Exhausts `payment`'s planets and spends its trade goods, unchecked (for a payment already
/// checked, or one paying influence, which [`check_payment`] does not value).
pub fn spend(s: &mut State, p: Player, payment: &Payment) {
    s.exhausted_planets = s.exhausted_planets.union(payment.planets);
    s.player_mut(p).trade_goods -= payment.trade_goods;
}

/// A deterministic payment of `cost` that wastes as little as it can: the ready planets not in
/// `keep` whose resources come closest to the cost from above (ties: fewer planets, then lower
/// ids), topped up with trade goods. `None` when the player cannot pay.
pub fn cheapest_payment(c: &Content, s: &State, p: Player, cost: u32, keep: PlanetSet) -> Option<Payment> {
    let ps = s.player(p);
    if cost == 0 {
        return Some(Payment::default());
    }
    let mut ready = [PlanetId(0); 12];
    let mut n = 0;
    for pl in ps.planets.difference(s.exhausted_planets).difference(keep).iter() {
        if s.resources_of(c, pl) > 0 && n < ready.len() {
            ready[n] = pl;
            n += 1;
        }
    }
    let mut best: Option<(u32, u32, u32, Payment)> = None;
    for mask in 0u32..(1 << n) {
        let planets: PlanetSet = (0..n).filter(|i| mask >> i & 1 == 1).map(|i| ready[i]).collect();
        let res: u32 = planets.iter().map(|pl| s.resources_of(c, pl) as u32).sum();
        let tg = cost.saturating_sub(res);
        if tg > ps.trade_goods as u32 {
            continue;
        }
        let key = (res + tg - cost, tg, mask.count_ones());
        if best.as_ref().is_none_or(|b| key < (b.0, b.1, b.2)) {
            best = Some((key.0, key.1, key.2, Payment { planets, trade_goods: tg as u8 }));
        }
    }
    best.map(|b| b.3)
}
