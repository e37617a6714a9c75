//! Paying a resource or influence cost as the player's decision (rules 6 "spend resources" in
//! the digest: exhaust ready planets you control for their resources, or their influence, and
//! spend trade goods, excess lost; Technology 3.1's costs, production, rules 67; Leadership's
//! tokens, rules 52; spend objectives). Which planets pay decides what stays ready for
//! the rest of the round, so it is a choice ([`Step::Pay`]), made in small steps so that search
//! sees a few options at a time:
//!
//! - `Exhaust(planet)`: exhaust one more planet for its resources (its influence for an
//!   influence cost), in increasing planet order (so every set of planets is reached by exactly
//!   one sequence);
//! - `Done`: pay what is left with trade goods;
//! - once the exhausted planets cover the cost, the payment ends by itself.
//!
//! Only *undominated* payments are offered, which is exact: a payment is dominated when a
//! planet could be left out of it without spending more trade goods, since exhausting more and
//! spending no less is never better. So a set of planets worth more than the cost is offered
//! only when every planet in it is needed (its worth less its smallest planet is below the
//! cost), and trade goods pay only what the planets leave. An option is offered only when some
//! undominated payment completes it. When exactly one option is left it is applied without a
//! decision, so a cost with one undominated payment asks nothing.
//!
//! What the payment pays for resumes once it is paid ([`PayFor`]): the Technology card's
//! research (after the research option, Technology 14, is fixed), production, Leadership's
//! bought tokens, and the spend objectives: resources, influence (for one of several kinds,
//! the resources first, offering only payments that leave enough ready influence and trade
//! goods for the influence and the objective's own trade goods, then the influence), or
//! command tokens (how many come from the tactic pool, the strategy pool giving the rest, is
//! one `Tokens(k)` decision). Action-card costs are still paid automatically; `docs/RULES.md`
//! says so.

use super::{cards, production, Action, Step, Ti4Game};
use crate::ti4::ids::*;
use crate::ti4::technology::{spend, Payment};

/// Most planets a payment considers (the ready ones with resources, in planet order).
const MAX_CANDIDATES: usize = 24;

#[cfg(test)]
thread_local! {
    /// The first payment made on this thread since a test cleared it (for the payment tests,
    /// which read what a sequence of decisions paid before the rule that resumes changes the
    /// planets again).
    pub(super) static LAST_PAYMENT: std::cell::Cell<Option<Payment>> = const { std::cell::Cell::new(None) };
}

/// What resumes once the payment is made.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PayFor {
    /// No payment is under way.
    #[default]
    Nothing,
    /// The Technology card: research `tech` through its payable research option `option`
    /// (`cost` and `second` as in [`Step::Research`]).
    Research {
        /// The card's cost (0, 4 or 6).
        cost: u8,
        /// The primary's second research.
        second: bool,
        /// The technology.
        tech: TechId,
        /// Index among its payable research options (see `cards::payable_option`).
        option: u8,
    },
    /// Nekro Virus, Propagation, where the Technology card would research (`cost`, `second` as
    /// in [`Step::Research`]).
    Propagate {
        /// The card's cost.
        cost: u8,
        /// The primary's second research.
        second: bool,
    },
    /// The production queue of the tactical action (or Warfare's secondary).
    Production,
    /// Leadership (rules 52): the tokens bought; then `gain` tokens are placed and `then`
    /// resumes (as `tokens::gain` without redistribution).
    Tokens {
        /// Tokens gained, the bought ones included.
        gain: u8,
        /// What resumes after the placement.
        then: super::tokens::TokensThen,
    },
    /// A spend objective of several kinds (Amass Wealth, Hold Vast Reserves), its resources
    /// paid: `influence` influence is paid next (a payment of its own, leaving `trade_goods`),
    /// then `trade_goods` trade goods, then the objective is scored as with `Objective`.
    ObjectiveResources {
        /// A secret objective.
        secret: bool,
        /// Its id.
        id: u8,
        /// Scored through the Imperial primary.
        imperial: bool,
        /// The influence still owed.
        influence: u8,
        /// The trade goods owed last.
        trade_goods: u8,
    },
    /// A spend objective of several kinds, its influence paid: `trade_goods` trade goods, then
    /// the objective is scored as with `Objective`.
    ObjectiveRest {
        /// A secret objective.
        secret: bool,
        /// Its id.
        id: u8,
        /// Scored through the Imperial primary.
        imperial: bool,
        /// The trade goods owed.
        trade_goods: u8,
    },
    /// A spend objective: public objective `id` (secret with `secret`) is scored once paid; the
    /// Imperial primary's scoring (`imperial`) or the status phase's then resumes.
    Objective {
        /// A secret objective.
        secret: bool,
        /// Its id.
        id: u8,
        /// Scored through the Imperial primary.
        imperial: bool,
    },
}

/// The payment under way: the resources owed, the planets it may not use, the planets it has
/// exhausted so far (already exhausted in the state) and what resumes.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct PayState {
    /// Resources owed (influence with `influence`).
    pub need: u8,
    /// The cost is influence.
    pub influence: bool,
    /// Planets the payment may not use (a research option's specialty planets).
    pub keep: PlanetSet,
    /// Planets exhausted for this payment so far.
    pub chosen: PlanetSet,
    /// What resumes.
    pub then: PayFor,
    /// The cost is `need` command tokens from the tactic and strategy pools (the spend
    /// objectives Lead from the Front and Galvanize the People): one decision, how many come
    /// from the tactic pool (`Tokens(k)`).
    #[serde(default)]
    pub tokens: bool,
    /// Trade goods the payment must leave (a spend objective's own trade goods, paid last).
    #[serde(default)]
    pub reserve: u8,
    /// Influence a later payment of the same cost still owes (a spend objective of several
    /// kinds: its resources are paid first); only payments that leave enough ready influence
    /// and trade goods for it are offered.
    #[serde(default)]
    pub then_influence: u8,
}

/// What planet `pl` pays: its resources, or its influence.
fn value(g: &Ti4Game, pl: PlanetId, influence: bool) -> u8 {
    super::objectives::value(&g.content, &g.state, pl, !influence) as u8
}

/// A payment whose planets are worth `worth` (the smallest `least`) with at most `tg` trade
/// goods for the rest is undominated: no planet in it is needless, and it can be paid.
fn undominated(worth: u32, least: u32, need: u32, tg: u32) -> bool {
    if worth >= need {
        worth - least < need
    } else {
        need - worth <= tg
    }
}

/// The ready planets `p` may still exhaust for this payment (worth above 0, not kept, not
/// exhausted), in planet order, with what each pays.
fn candidates(g: &Ti4Game, p: Player, st: &PayState) -> ([(PlanetId, u8); MAX_CANDIDATES], usize) {
    let s = &g.state;
    let mut out = [(PlanetId(0), 0u8); MAX_CANDIDATES];
    let mut n = 0;
    for pl in s.player(p).planets.difference(s.exhausted_planets).difference(st.keep).iter() {
        let r = value(g, pl, st.influence);
        if r > 0 && n < MAX_CANDIDATES {
            out[n] = (pl, r);
            n += 1;
        }
    }
    (out, n)
}

/// What a payment leaves for the influence a later payment of the same cost owes
/// (`PayState::then_influence`): the ready influence of the planets it does not exhaust
/// (`influence_left`), and the trade goods beyond its own.
#[derive(Clone, Copy)]
struct After {
    /// Influence still owed afterwards (0: nothing follows).
    owed: u32,
    /// Ready influence of the payer's planets not kept, not exhausted, not chosen so far.
    influence_left: u32,
}

impl After {
    fn of(g: &Ti4Game, p: Player, st: &PayState) -> After {
        let (c, s) = (&g.content, &g.state);
        let influence_left = if st.then_influence == 0 {
            0
        } else {
            s.player(p).planets.difference(s.exhausted_planets).iter().map(|pl| s.influence_of(c, pl) as u32).sum()
        };
        After { owed: st.then_influence as u32, influence_left }
    }

    /// A payment spending `tg_used` of the `tg` trade goods it may use, its planets leaving
    /// this ready influence, leaves enough for what is owed afterwards.
    fn ok(&self, tg: u32, tg_used: u32) -> bool {
        self.owed == 0 || self.influence_left + tg.saturating_sub(tg_used) >= self.owed
    }

    /// The same after also exhausting planet `pl`.
    fn without(&self, g: &Ti4Game, pl: PlanetId) -> After {
        let i = if self.owed == 0 { 0 } else { g.state.influence_of(&g.content, pl) as u32 };
        After { owed: self.owed, influence_left: self.influence_left - i }
    }
}

/// Whether a payment with planets worth `worth` (smallest `least`) can be completed into an
/// undominated one by adding some of `rest` (planets after the last chosen, in order) and at
/// most `tg` trade goods.
fn completable(g: &Ti4Game, rest: &[(PlanetId, u8)], worth: u32, least: u32, need: u32, tg: u32, after: After) -> bool {
    if undominated(worth, least, need, tg) && after.ok(tg, need.saturating_sub(worth)) {
        return true;
    }
    if worth >= need {
        // More planets only make it more dominated.
        return false;
    }
    rest.iter().enumerate().any(|(i, &(pl, r))| {
        completable(g, &rest[i + 1..], worth + r as u32, least.min(r as u32), need, tg, after.without(g, pl))
    })
}

/// What the planets chosen so far pay and the smallest of them.
fn chosen_worth(g: &Ti4Game, st: &PayState) -> (u32, u32) {
    st.chosen.iter().fold((0, u32::MAX), |(w, m), pl| {
        let r = value(g, pl, st.influence) as u32;
        (w + r, m.min(r))
    })
}

/// The options at [`Step::Pay`] (module docs): each `Exhaust` some undominated payment
/// completes, and `Done` when trade goods can pay the rest.
pub(super) fn options(g: &Ti4Game, p: Player, out: &mut dyn FnMut(Action)) {
    let st = g.flow.pay;
    if st.tokens {
        return tactic_range(g, p, st.need).for_each(|k| out(Action::Tokens(k)));
    }
    let (worth, least) = chosen_worth(g, &st);
    let (need, tg) = (st.need as u32, usable_trade_goods(g, p, &st));
    let after = After::of(g, p, &st);
    let last = st.chosen.iter().last();
    let (cands, n) = candidates(g, p, &st);
    let cands = &cands[..n];
    for (i, &(pl, r)) in cands.iter().enumerate() {
        if last.is_some_and(|l| pl <= l) {
            continue;
        }
        if completable(g, &cands[i + 1..], worth + r as u32, least.min(r as u32), need, tg, after.without(g, pl)) {
            out(Action::Exhaust(pl));
        }
    }
    if worth < need && need - worth <= tg && after.ok(tg, need - worth) {
        out(Action::Done);
    }
}

/// The trade goods a payment may spend: the payer's, less those it must leave.
fn usable_trade_goods(g: &Ti4Game, p: Player, st: &PayState) -> u32 {
    (g.state.player(p).trade_goods as u32).saturating_sub(st.reserve as u32)
}

/// `p` starts paying a spend objective of several kinds (Amass Wealth, Hold Vast Reserves):
/// `resources` first (only payments that leave enough for the rest are offered), then
/// `influence`, each as the player chooses, then `trade_goods`; then `then`, an
/// [`PayFor::Objective`], is scored. The caller has checked that `p` can pay.
pub(super) fn start_objective_parts(
    g: &mut Ti4Game,
    p: Player,
    resources: u8,
    influence: u8,
    trade_goods: u8,
    then: PayFor,
) -> Step {
    let PayFor::Objective { secret, id, imperial } = then else { panic!("not an objective: {then:?}") };
    let rest = PayFor::ObjectiveResources { secret, id, imperial, influence, trade_goods };
    g.flow.pay = PayState {
        need: resources,
        keep: PlanetSet::EMPTY,
        chosen: PlanetSet::EMPTY,
        then: rest,
        reserve: trade_goods,
        then_influence: influence,
        ..PayState::default()
    };
    settle(g, p)
}

/// `p` starts paying `need` resources without using `keep`; then `then` resumes (at once when
/// there is nothing to choose). The caller has checked that `p` can pay.
pub(super) fn start(g: &mut Ti4Game, p: Player, need: u32, keep: PlanetSet, then: PayFor) -> Step {
    begin(g, p, need, false, keep, then)
}

/// As [`start`], for an influence cost.
pub(super) fn start_influence(g: &mut Ti4Game, p: Player, need: u32, then: PayFor) -> Step {
    begin(g, p, need, true, PlanetSet::EMPTY, then)
}

fn begin(g: &mut Ti4Game, p: Player, need: u32, influence: bool, keep: PlanetSet, then: PayFor) -> Step {
    g.flow.pay =
        PayState { need: need.min(255) as u8, influence, keep, chosen: PlanetSet::EMPTY, then, ..PayState::default() };
    settle(g, p)
}

/// `p` spends `need` command tokens from its tactic and strategy pools as it chooses (the spend
/// objectives' "spend N tokens from your tactic and/or strategy pools"); then `then` resumes
/// (at once when only one split is possible). The caller has checked that `p` can pay.
pub(super) fn start_tokens(g: &mut Ti4Game, p: Player, need: u8, then: PayFor) -> Step {
    let r = tactic_range(g, p, need);
    if r.start() == r.end() {
        return spend_tokens(g, p, need, *r.start(), then);
    }
    g.flow.pay = PayState { need, tokens: true, then, ..PayState::default() };
    Step::Pay(p)
}

/// The tactic-pool tokens a spend of `need` tokens may take: the strategy pool pays the rest.
fn tactic_range(g: &Ti4Game, p: Player, need: u8) -> std::ops::RangeInclusive<u8> {
    let ps = g.state.player(p);
    need.saturating_sub(ps.strategy)..=need.min(ps.tactic)
}

/// Spends `tactic` tokens of the tactic pool and the rest of `need` from the strategy pool
/// (back to reinforcements), then resumes `then`.
fn spend_tokens(g: &mut Ti4Game, p: Player, need: u8, tactic: u8, then: PayFor) -> Step {
    let (c, s) = g.content_and_state();
    let ps = s.player_mut(p);
    ps.tactic -= tactic;
    ps.token_reinforcements += tactic;
    for _ in tactic..need {
        crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
    }
    resume(g, p, &Payment { planets: PlanetSet::EMPTY, trade_goods: 0 }, then)
}

/// The decision at [`Step::Pay`].
pub(super) fn choose(g: &mut Ti4Game, p: Player, a: Action) -> Step {
    match a {
        Action::Tokens(k) => {
            let st = std::mem::take(&mut g.flow.pay);
            spend_tokens(g, p, st.need, k, st.then)
        }
        Action::Exhaust(pl) => {
            g.state.exhausted_planets.insert(pl);
            g.flow.pay.chosen.insert(pl);
            settle(g, p)
        }
        _ => finish(g, p),
    }
}

/// Ends the payment when the planets cover it, applies a lone option, or waits for the player.
fn settle(g: &mut Ti4Game, p: Player) -> Step {
    loop {
        let (worth, _) = chosen_worth(g, &g.flow.pay);
        if worth >= g.flow.pay.need as u32 {
            return finish(g, p);
        }
        let (mut count, mut only) = (0, Action::Done);
        options(g, p, &mut |a| {
            count += 1;
            only = a;
        });
        match (count, only) {
            (0, _) => return finish(g, p),
            (1, Action::Exhaust(pl)) => {
                g.state.exhausted_planets.insert(pl);
                g.flow.pay.chosen.insert(pl);
            }
            (1, _) => return finish(g, p),
            _ => {
                return Step::Pay(p);
            }
        }
    }
}

/// Pays the rest with trade goods and resumes what the payment was for.
fn finish(g: &mut Ti4Game, p: Player) -> Step {
    let st = std::mem::take(&mut g.flow.pay);
    let (worth, _) = chosen_worth(g, &st);
    let tg = (st.need as u32).saturating_sub(worth).min(usable_trade_goods(g, p, &st)) as u8;
    // The planets go back to ready: the rule that resumes pays with them (and checks it).
    g.state.exhausted_planets = g.state.exhausted_planets.difference(st.chosen);
    let pay = Payment { planets: st.chosen, trade_goods: tg };
    #[cfg(test)]
    LAST_PAYMENT.with(|l| {
        // The first payment since the test cleared it (a spend objective of several kinds
        // makes a second one at once when it leaves no choice).
        if l.get().is_none() {
            l.set(Some(pay))
        }
    });
    resume(g, p, &pay, st.then)
}

/// What the payment `pay` was for resumes.
fn resume(g: &mut Ti4Game, p: Player, pay: &Payment, then: PayFor) -> Step {
    let pay = *pay;
    match then {
        PayFor::Research { cost, second, tech, option } => cards::paid_research(g, p, cost, second, tech, option, &pay),
        PayFor::Propagate { cost, second } => cards::paid_propagation(g, p, cost, second, &pay),
        PayFor::Production => production::paid_production(g, p, &pay),
        PayFor::Tokens { gain, then } => {
            spend(&mut g.state, p, &pay);
            super::tokens::gain(g, p, gain, false, then, 0)
        }
        PayFor::Objective { secret, id, imperial } => {
            spend(&mut g.state, p, &pay);
            super::flow::scored(g, p, secret, id, imperial)
        }
        PayFor::ObjectiveResources { secret, id, imperial, influence, trade_goods } => {
            spend(&mut g.state, p, &pay);
            let rest = PayFor::ObjectiveRest { secret, id, imperial, trade_goods };
            g.flow.pay =
                PayState { need: influence, influence: true, then: rest, reserve: trade_goods, ..PayState::default() };
            settle(g, p)
        }
        PayFor::ObjectiveRest { secret, id, imperial, trade_goods } => {
            spend(&mut g.state, p, &pay);
            g.state.player_mut(p).trade_goods -= trade_goods;
            super::flow::scored(g, p, secret, id, imperial)
        }
        PayFor::Nothing => unreachable!("a payment resumes nothing: no payment was under way"),
    }
}

/// The option a default payer takes at [`Step::Pay`]: towards the undominated completion that
/// spends the fewest trade goods, then keeps the most resources plus influence ready, then the
/// lowest planets; for evaluators that value a payment under way as its completion. It looks at
/// the first 16 planets it may still exhaust; `None` when none of those completions is
/// undominated (or no payment is under way).
pub fn default_option(g: &Ti4Game) -> Option<Action> {
    let Step::Pay(p) = g.step else { return None };
    let st = g.flow.pay;
    if st.tokens {
        return None;
    }
    let c = &*g.content;
    let (worth, least) = chosen_worth(g, &st);
    let (need, tg) = (st.need as u32, usable_trade_goods(g, p, &st));
    let after = After::of(g, p, &st);
    let last = st.chosen.iter().last();
    let (all, n) = candidates(g, p, &st);
    let from = all[..n].iter().position(|&(pl, _)| last.is_none_or(|l| pl > l)).unwrap_or(n);
    let cands = &all[from..n];
    // (trade goods, worth exhausted, first planet) of the best completion found.
    let mut best: Option<((u32, u32), Action)> = None;
    let total = cands.len().min(16);
    for mask in 0u32..(1 << total) {
        let mut w = worth;
        let mut m = least;
        let mut lost = 0;
        let mut left = after;
        for (i, &(pl, r)) in cands[..total].iter().enumerate() {
            if mask >> i & 1 == 1 {
                w += r as u32;
                m = m.min(r as u32);
                lost += (g.state.resources_of(c, pl) + g.state.influence_of(c, pl)) as u32;
                left = left.without(g, pl);
            }
        }
        if !undominated(w, m, need, tg) || !left.ok(tg, need.saturating_sub(w)) {
            continue;
        }
        let key = (need.saturating_sub(w), lost);
        let first = (mask != 0).then(|| Action::Exhaust(cands[mask.trailing_zeros() as usize].0));
        if best.as_ref().is_none_or(|b| key < b.0) {
            best = Some((key, first.unwrap_or(Action::Done)));
        }
    }
    best.map(|b| b.1)
}

/// The payment invariants: at [`Step::Pay`] the planets chosen are the payer's and exhausted,
/// they do not cover the cost yet, and there is something to resume; at any other step no
/// payment is under way.
pub(super) fn check(g: &Ti4Game) -> Result<(), String> {
    let st = g.flow.pay;
    let Step::Pay(p) = g.step else {
        return if st == PayState::default() { Ok(()) } else { Err(format!("a payment under way at {:?}", g.step)) };
    };
    let s = &g.state;
    if st.tokens {
        let r = tactic_range(g, p, st.need);
        if r.start() >= r.end() || st.then == PayFor::Nothing || !st.chosen.is_empty() {
            return Err(format!("a token payment with no choice, or planets, or nothing to pay for: {st:?}"));
        }
        return Ok(());
    }
    if !st.chosen.is_subset(&s.player(p).planets.intersection(s.exhausted_planets)) || st.chosen.intersects(&st.keep) {
        return Err("a payment's chosen planets are not the payer's exhausted ones".into());
    }
    if chosen_worth(g, &st).0 >= st.need as u32 || st.then == PayFor::Nothing {
        return Err(format!("a payment step that is already paid or pays for nothing: {st:?}"));
    }
    Ok(())
}
