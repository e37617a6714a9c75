//! Command tokens gained and redistributed among the three pools of the command sheet (rules
//! 20): status phase step 5 (rules 81.5: gain 2, then redistribute), Leadership (rules 52:
//! gain 3, and buy more with influence; the secondary buys only), Warfare (rules 99.1-99.2:
//! the token removed from the board is gained again, then redistribute) and the end of a turn
//! where the player's rules allow a redistribution (Predictive Intelligence; hook point
//! `redistributes_at_turn_end`).
//!
//! The placement is a decision of the player, split into two small steps so that search sees a
//! few options at a time ([`Step::Tokens`]): first how many tokens the tactic pool holds, then
//! how many the fleet pool holds; the strategy pool holds the rest. Gaining without
//! redistribution keeps every pool at least where it was; redistribution may move any token,
//! except that the fleet pool is never offered below the non-fighter ships the player has in
//! one system (rules 4.3 would then remove ships: a choice that is never better, left out).
//! Buying tokens (Leadership) is one decision of how many ([`Step::BuyTokens`]), then the
//! influence is paid as the player chooses ([`payment`]). A step with one option is applied without a
//! decision.

use super::objectives::spend_plan;
use super::payment::{self, PayFor};
use super::{tactical, Step, Ti4Game};
use crate::ti4::ids::*;

/// What resumes once the tokens are placed.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TokensThen {
    /// Status phase step 5: the next player in initiative order, then steps 6-8.
    #[default]
    Status,
    /// A strategy card's primary: its secondaries.
    Primary,
    /// A strategy card's secondary: the next follower.
    Secondary,
    /// The end of the active player's turn (a redistribution the player's rules allow there,
    /// hook point `redistributes_at_turn_end`): the next turn.
    TurnEnd,
}

/// The placement under way: the tokens on the command sheet after the gain (`total`), the
/// least each pool may hold (`floor`: tactic, fleet, strategy) and what follows.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct TokenPlan {
    /// Tokens in the three pools once the gained ones are added.
    pub total: u8,
    /// The least each pool may hold.
    pub floor: [u8; 3],
    /// What resumes afterwards.
    pub then: TokensThen,
    /// Status phase: the index in initiative order of the player placing.
    pub order_idx: u8,
    /// The pools (tactic, fleet, strategy) before the placement.
    #[serde(default)]
    pub before: [u8; 3],
}

impl TokenPlan {
    /// The tactic-pool counts offered: enough left for the other two pools' floors.
    pub fn tactic_range(&self) -> std::ops::RangeInclusive<u8> {
        self.floor[0]..=self.total.saturating_sub(self.floor[1] + self.floor[2]).max(self.floor[0])
    }
    /// The fleet-pool counts offered once the tactic pool holds `tactic`.
    pub fn fleet_range(&self, tactic: u8) -> std::ops::RangeInclusive<u8> {
        self.floor[1]..=self.total.saturating_sub(tactic + self.floor[2]).max(self.floor[1])
    }
}

/// The fleet-pool tokens `p` needs: the most non-fighter ships it has in one system, less what
/// its rules allow beyond the fleet pool (rules 37: the fleet pool must cover them).
fn fleet_needed(g: &Ti4Game, p: Player) -> u8 {
    let most = (0..g.state.num_systems)
        .filter(|&sl| g.state.systems[sl as usize].space.owner == p.0)
        .map(|sl| tactical::non_fighter_ships(&g.state, sl))
        .max()
        .unwrap_or(0);
    most.saturating_sub(crate::ti4::rules::fleet_limit_bonus(&g.content, &g.state, p)) as u8
}

/// `p` gains up to `gain` tokens from reinforcements and places them (with `redistribute`, may
/// also move the tokens already in the pools); then `then` resumes.
pub(super) fn gain(g: &mut Ti4Game, p: Player, gain: u8, redistribute: bool, then: TokensThen, order_idx: u8) -> Step {
    let need = fleet_needed(g, p);
    let ps = g.state.player_mut(p);
    let n = gain.min(ps.token_reinforcements);
    ps.token_reinforcements -= n;
    let cur = [ps.tactic, ps.fleet, ps.strategy];
    let total = cur.iter().sum::<u8>() + n;
    let floor = if redistribute { [0, need.min(total), 0] } else { cur };
    g.flow.tokens = TokenPlan { total, floor, then, order_idx, before: cur };
    set_pools(g, p, floor[0]);
    choose(g, p, 0)
}

/// Puts `tactic` tokens in the tactic pool and the rest at the fleet floor, then strategy: every
/// intermediate state holds the plan's total.
fn set_pools(g: &mut Ti4Game, p: Player, tactic: u8) {
    let plan = g.flow.tokens;
    let ps = g.state.player_mut(p);
    ps.tactic = tactic;
    ps.fleet = plan.floor[1];
    ps.strategy = plan.total - tactic - plan.floor[1];
}

/// Offers stage `stage` (0 tactic, 1 fleet), or applies it when it has one option.
fn choose(g: &mut Ti4Game, p: Player, stage: u8) -> Step {
    let range = stage_range(g, p, stage);
    if range.start() < range.end() {
        Step::Tokens { p, stage }
    } else {
        place(g, p, stage, *range.start())
    }
}

/// The decision at [`Step::Tokens`]: `k` tokens in the tactic pool (stage 0) or the fleet pool
/// (stage 1).
pub(super) fn place(g: &mut Ti4Game, p: Player, stage: u8, k: u8) -> Step {
    if stage == 0 {
        set_pools(g, p, k);
        return choose(g, p, 1);
    }
    let plan = g.flow.tokens;
    let ps = g.state.player_mut(p);
    ps.fleet = k;
    ps.strategy = plan.total - ps.tactic - k;
    match plan.then {
        TokensThen::Status => super::flow::status_tokens_next(g, plan.order_idx + 1),
        TokensThen::Primary => super::cards::start_secondaries(g),
        TokensThen::Secondary => super::cards::next_secondary(g),
        TokensThen::TurnEnd => {
            let ps = g.state.player(p);
            if [ps.tactic, ps.fleet, ps.strategy] != plan.before {
                crate::ti4::rules::turn_end_redistributed(g, p);
            }
            super::flow::advance_turn(g)
        }
    }
}

/// The counts offered at stage `stage` (0 tactic, 1 fleet once the tactic pool is set).
fn stage_range(g: &Ti4Game, p: Player, stage: u8) -> std::ops::RangeInclusive<u8> {
    let plan = g.flow.tokens;
    if stage == 0 {
        plan.tactic_range()
    } else {
        // Fleet Regulations: no more than its limit (the floor stays offered).
        let r = plan.fleet_range(g.state.player(p).tactic);
        *r.start()..=(*r.end()).min(super::agendas::fleet_pool_max(g)).max(*r.start())
    }
}

/// The options at [`Step::Tokens`].
pub(super) fn options(g: &Ti4Game, p: Player, stage: u8, out: &mut dyn FnMut(u8)) {
    stage_range(g, p, stage).for_each(out);
}

/// Leadership (rules 52): the most tokens `p` can buy at 3 influence each (influence, then
/// trade goods), limited by reinforcements after `gaining` more.
pub(super) fn most_to_buy(g: &Ti4Game, p: Player, gaining: u8) -> u8 {
    let left = g.state.player(p).token_reinforcements.saturating_sub(gaining);
    (1..=left).take_while(|&k| spend_plan(&g.content, &g.state, p, 0, 3 * k, 0, 0).is_some()).last().unwrap_or(0)
}

/// The decision at [`Step::BuyTokens`]: buy `k` tokens, then gain them with `gaining` more.
/// The 3 influence per token are paid as the player chooses ([`payment`]).
pub(super) fn buy(g: &mut Ti4Game, p: Player, k: u8, gaining: u8, then: TokensThen) -> Step {
    if k > 0 && spend_plan(&g.content, &g.state, p, 0, 3 * k, 0, 0).is_some() {
        return payment::start_influence(g, p, 3 * k as u32, PayFor::Tokens { gain: gaining + k, then });
    }
    gain(g, p, gaining + k, false, then, 0)
}

/// Command tokens 20.3b: a game effect places `p`'s command token from reinforcements in board
/// slot `slot` (none when `p` already has one there); with none in reinforcements, `p` takes
/// one from a pool of the command sheet. Simplified (automatic where the rules let the player
/// choose the pool): the strategy pool, then the tactic pool, then the fleet pool while it stays
/// above the non-fighter ships `p` has in one system; with none of these, no token is placed.
pub(super) fn place_on_board(g: &mut Ti4Game, p: Player, slot: u8) {
    if g.state.systems[slot as usize].tokens >> p.0 & 1 == 1 {
        return;
    }
    let need = fleet_needed(g, p);
    let ps = g.state.player_mut(p);
    if ps.token_reinforcements > 0 {
        ps.token_reinforcements -= 1;
    } else if ps.strategy > 0 {
        ps.strategy -= 1;
    } else if ps.tactic > 0 {
        ps.tactic -= 1;
    } else if ps.fleet > need {
        ps.fleet -= 1;
    } else {
        return;
    }
    g.state.systems[slot as usize].tokens |= 1 << p.0;
}
