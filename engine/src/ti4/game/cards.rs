//! The eight strategy cards (digest §3), primary then secondaries offered clockwise.
//!
//! Diplomacy's and Warfare's primaries are split into a decision each: the system Diplomacy
//! chooses ([`Step::Diplomacy`], [`Action::DiplomacySystem`]) and the board token Warfare removes
//! ([`Step::Warfare`], [`Action::WarfareToken`]).
//!
//! Command tokens gained (Leadership, Warfare) are placed by the player (`super::tokens`).
//!
//! Simplified (`docs/RULES.md`, "Round loop"): Diplomacy
//! readies the two highest-resource exhausted planets (primary and secondary); Politics
//! draws 2 action cards after choosing the speaker (no agenda deck look) / secondary: 1 strategy
//! token for 2 action cards; Warfare's secondary produces in the home
//! system (PRODUCTION of every unit there); payments are automatic (largest planets first, then trade
//! goods); Nekro (Propagation) gains 3 tokens (one per pool) where it would research; the second research of the
//! primary exhausts its 6 resources as the first research's payment.

use super::payment::{self, PayFor};
use super::tokens::{self, TokensThen};
use super::{tactical, Action, Step, Ti4Game};
use crate::ti4::components::{StrategyCard, Zone};
use crate::ti4::ids::*;
use crate::ti4::state::Location;
use crate::ti4::technology::strategy_card::{
    technology_brilliant, technology_primary, technology_secondary_as, ResearchStep,
};
use crate::ti4::technology::{research_options, Payment, ResearchOption};
use std::cell::RefCell;

thread_local! {
    static OPTIONS: RefCell<Vec<ResearchOption>> = const { RefCell::new(Vec::new()) };
}

/// Diplomacy (digest §3; rules 32.2, 32.3): `p` readies up to two exhausted planets, chosen
/// automatically: the highest resources first (then the lowest planet id).
fn ready_two(g: &mut Ti4Game, p: Player) {
    for _ in 0..2 {
        let s = &g.state;
        let best = s
            .player(p)
            .planets
            .intersection(s.exhausted_planets)
            .iter()
            .max_by_key(|pl| (s.resources_of(&g.content, *pl), std::cmp::Reverse(pl.0)));
        if let Some(pl) = best {
            g.state.exhausted_planets.remove(pl);
        }
    }
}

pub(super) fn strategic(g: &mut Ti4Game, p: Player, k: u8) -> Step {
    g.flow.strategic.card = k;
    g.flow.strategic.card_owner = p;
    g.flow.strategic.follower = 0;
    g.flow.strategic.cancelled = false;
    // Window `StrategicAction`: the other players, clockwise (Coup d'Etat).
    let (others, len) = super::pending::others_clockwise(g.state.num_players, p);
    match super::pending::open(g, crate::ti4::rules::Window::StrategicAction, &others[..len]) {
        Some(decide) => decide,
        None => perform_strategic(g),
    }
}

/// After window `StrategicAction`: the strategic action resolves, unless it was cancelled
/// (`StrategicAction::cancelled`: the turn ends and the card stays ready).
pub(super) fn after_strategic_window(g: &mut Ti4Game) -> Step {
    if std::mem::take(&mut g.flow.strategic.cancelled) {
        return super::flow::next_turn(g);
    }
    perform_strategic(g)
}

/// The strategic action of `StrategicAction::card` by its owner: the card is exhausted and its
/// primary resolves (then the secondaries).
fn perform_strategic(g: &mut Ti4Game) -> Step {
    let (p, k) = (g.flow.strategic.card_owner, g.flow.strategic.card);
    g.state.strategy_cards.set_exhausted(StrategyCard(k), true);
    match k {
        // Leadership (rules 52): gain 3 tokens, and buy more with influence.
        0 if tokens::most_to_buy(g, p, 3) > 0 => Step::BuyTokens { p, gaining: 3 },
        0 => tokens::gain(g, p, 3, false, TokensThen::Primary, 0),
        1 => {
            let mut any = false;
            diplomacy_systems(g, p, &mut |_| any = true);
            if any {
                Step::Diplomacy(p)
            } else {
                // No system to choose (only Mecatol Rex, or no planet): the planets still ready.
                ready_two(g, p);
                diplomacy_resolved(g, p)
            }
        }
        2 => Step::ChooseSpeaker(p),
        3 => Step::Build { p, pds_only: false, secondary: false },
        4 => {
            g.state.player_mut(p).trade_goods += 3;
            g.replenish_commodities(p);
            trade_replenished(g, p)
        }
        5 => {
            let mut any = false;
            warfare_tokens(g, p, &mut |_| any = true);
            if any {
                Step::Warfare(p)
            } else {
                // No token of `p` on the board: nothing to remove.
                start_secondaries(g)
            }
        }
        6 => Step::Research { p, cost: 0, second: false },
        _ => Step::Imperial(p),
    }
}

/// Strategy cards: Diplomacy primary (digest §3; rules 32.2), the choice: every system other
/// than the Mecatol Rex system that contains a planet `p` controls, in slot order.
pub(super) fn diplomacy_systems(g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let c = &*g.content;
    systems_with_planets_of(g, p, &mut |slot, planets| {
        let mecatol = match c.known.mecatol_rex {
            Some(m) => planets.contains(&m),
            None => slot == g.galaxy.mecatol(),
        };
        if !mecatol {
            out(slot);
        }
    });
}

/// Every system (board slot, in slot order) that contains a planet `p` controls, with the
/// system's planets (Diplomacy, Diplomacy Rider).
pub(super) fn systems_with_planets_of(g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8, &[PlanetId])) {
    let (c, s) = (&*g.content, &g.state);
    let controlled = s.player(p).planets;
    for slot in 0..s.num_systems {
        let planets = &c.systems[s.systems[slot as usize].tile.idx()].planets;
        if planets.iter().any(|&pl| controlled.contains(pl)) {
            out(slot, planets);
        }
    }
}

/// Strategy cards: Diplomacy primary (digest §3; rules 32.2): in the chosen system `slot` each
/// other player in the game places a command token from their reinforcements (none if they
/// already have one there, rules 32.2b; from their command sheet with none in reinforcements,
/// rules 20.3b, [`tokens::place_on_board`]); then `p` readies up to two exhausted planets.
pub(super) fn diplomacy_primary(g: &mut Ti4Game, p: Player, slot: u8) -> Step {
    for q in g.state.seats() {
        if q != p && g.state.player(q).in_game {
            tokens::place_on_board(g, q, slot);
        }
    }
    ready_two(g, p);
    diplomacy_resolved(g, p)
}

/// The Diplomacy primary or a secondary is resolved by `p`: `p`'s decisions of window
/// `DiplomacyResolved` ([`super::pending`]), then [`after_diplomacy`].
fn diplomacy_resolved(g: &mut Ti4Game, p: Player) -> Step {
    match super::pending::open(g, crate::ti4::rules::Window::DiplomacyResolved, &[p]) {
        Some(decide) => decide,
        None => after_diplomacy(g),
    }
}

/// After `p` replenished commodities through the Trade primary or secondary: window
/// `CommoditiesReplenished` for the other players, clockwise from `p`, then the strategic
/// action goes on ([`after_diplomacy`]).
fn trade_replenished(g: &mut Ti4Game, p: Player) -> Step {
    let (others, len) = super::pending::others_clockwise(g.state.num_players, p);
    match super::pending::open(g, crate::ti4::rules::Window::CommoditiesReplenished, &others[..len]) {
        Some(decide) => decide,
        None => after_diplomacy(g),
    }
}

/// The player resolving the strategic action's primary (`follower` 0: the card's owner) or
/// the secondary being resolved.
pub(crate) fn resolving_player(g: &Ti4Game) -> Player {
    let (owner, n) = (g.flow.strategic.card_owner, g.state.num_players.max(1));
    Player((owner.0 + g.flow.strategic.follower) % n)
}

/// After a Diplomacy resolution (or a Trade replenishment): the secondaries are offered (after
/// the primary, `follower` 0) or the next one is.
pub(super) fn after_diplomacy(g: &mut Ti4Game) -> Step {
    if g.flow.strategic.follower == 0 {
        start_secondaries(g)
    } else {
        next_secondary(g)
    }
}

/// Strategy cards: Warfare primary (digest §3; rules 99.1), the choice: every board slot
/// holding a command token of `p`, in slot order.
pub(super) fn warfare_tokens(g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let s = &g.state;
    for slot in 0..s.num_systems {
        if s.systems[slot as usize].tokens >> p.0 & 1 == 1 {
            out(slot);
        }
    }
}

/// Strategy cards: Warfare primary (digest §3; rules 99.1-99.2): `p` removes their command
/// token from board slot `slot` (back to reinforcements), gains 1 token and redistributes the
/// tokens of the command sheet ([`tokens::gain`]).
pub(super) fn warfare_primary(g: &mut Ti4Game, p: Player, slot: u8) -> Step {
    let s = &mut g.state;
    if s.systems[slot as usize].tokens >> p.0 & 1 == 1 {
        s.systems[slot as usize].tokens &= !(1 << p.0);
        s.player_mut(p).token_reinforcements += 1;
    }
    tokens::gain(g, p, 1, true, TokensThen::Primary, 0)
}

/// Imperial primary, after the optional scoring: +1 VP with Mecatol Rex, else draw a secret.
pub(super) fn imperial_rest(g: &mut Ti4Game, p: Player) -> Step {
    let mecatol = g.content.known.mecatol_rex.is_some_and(|m| g.state.player(p).planets.contains(m));
    if mecatol {
        g.state.player_mut(p).bonus_vp += 1;
        start_secondaries(g)
    } else if may_draw_secret(g) {
        Step::DrawSecret(p)
    } else {
        start_secondaries(g)
    }
}

/// A secret objective is left to draw. Holding three does not prevent the draw: the player then
/// returns an unscored one (rules 61; [`Step::ReturnSecret`]).
pub(super) fn may_draw_secret(g: &Ti4Game) -> bool {
    let n = g.content.cards.secret_objectives.len();
    g.state.secret_objectives.count(n, Zone::Deck) > 0
}

pub(super) fn after_draw(g: &mut Ti4Game, _p: Player) -> Step {
    if g.flow.strategic.follower == 0 {
        start_secondaries(g)
    } else {
        next_secondary(g)
    }
}

pub(super) fn start_secondaries(g: &mut Ti4Game) -> Step {
    g.flow.strategic.follower = 0;
    next_secondary(g)
}

/// Offers the secondary to the next eligible player clockwise from the card's owner; ends the
/// strategic action after the last.
pub(super) fn next_secondary(g: &mut Ti4Game) -> Step {
    let n = g.state.num_players;
    let owner = g.flow.strategic.card_owner;
    // Galactic Crisis Pact: the owner's seat is asked too, last.
    let crisis = g.flow.strategic.crisis_pact;
    while g.flow.strategic.follower + 1 < n + crisis as u8 {
        g.flow.strategic.follower += 1;
        let q = Player((owner.0 + g.flow.strategic.follower) % n);
        if may_follow(g, q) {
            return Step::Follow(q);
        }
    }
    if crisis {
        g.flow.strategic.crisis_pact = false;
        return super::flow::agenda_resolved(g);
    }
    g.flow.turn = owner;
    super::flow::next_turn(g)
}

/// Galactic Crisis Pact, resolved for strategy card `card`: each player in the game, from the
/// speaker clockwise, may perform its secondary without spending a command token; then the
/// agenda phase goes on (window `AgendaResolved`).
pub(super) fn crisis_pact_secondaries(g: &mut Ti4Game, card: u8) -> Step {
    let n = g.state.num_players;
    let speaker = g.state.tokens.speaker.unwrap_or(Player(0));
    g.flow.strategic = super::procedures::StrategicAction {
        card,
        card_owner: Player((speaker.0 + n - 1) % n),
        follower: 0,
        cancelled: false,
        crisis_pact: true,
        token_paid: false,
    };
    next_secondary(g)
}

/// `q` resolves the secondary without spending a command token: a rule of theirs waives it
/// (hook point `secondary_without_token`, Hacan's Masters of Trade), or Galactic Crisis Pact.
fn secondary_free(g: &Ti4Game, q: Player) -> bool {
    g.flow.strategic.crisis_pact || crate::ti4::rules::secondary_without_token(g, q, g.flow.strategic.card)
}

fn may_follow(g: &Ti4Game, q: Player) -> bool {
    let s = &g.state;
    let ps = s.player(q);
    if !ps.in_game {
        return false;
    }
    let token = ps.strategy > 0 || secondary_free(g, q);
    match g.flow.strategic.card {
        0 => tokens::most_to_buy(g, q, 0) > 0,
        1 => token && !ps.planets.intersection(s.exhausted_planets).is_empty(),
        2 => token && action_cards_left(g),
        3 => {
            let mut any = false;
            token && {
                each_build_option(g, q, false, &mut |_| any = true);
                any
            }
        }
        4 => token && ps.commodities < g.content.factions[ps.faction.idx()].commodities,
        5 => token && tactical::production_value(g, q, g.home_slot[q.idx()]) > 0,
        6 => {
            let mut any = false;
            token && {
                let cost = if brilliant(g, q) { 0 } else { 4 };
                if propagates(g, q) {
                    any = pay_resources(g, q, cost, PlanetSet::EMPTY).is_some();
                } else {
                    first_option(g, q, cost, None, &mut |_, _| any = true);
                }
                any
            }
        }
        _ => token && may_draw_secret(g),
    }
}

/// Action cards left to draw (deck or discard pile).
fn action_cards_left(g: &Ti4Game) -> bool {
    let n = g.content.cards.action_copies.len();
    g.state.action_cards.count(n, Zone::Deck) + g.state.action_cards.count(n, Zone::Discard) > 0
}

/// A follower spends a token from its strategy pool for the secondary (digest §3), unless a
/// rule waives it (hook point `secondary_without_token`, Hacan's Masters of Trade) or Galactic
/// Crisis Pact ([`secondary_free`]).
fn spend_strategy_token(g: &mut Ti4Game, q: Player) {
    if secondary_free(g, q) || std::mem::take(&mut g.flow.strategic.token_paid) {
        return;
    }
    let (c, s) = g.content_and_state();
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, q);
}

pub(super) fn follow(g: &mut Ti4Game, q: Player) -> Step {
    // Window `SecondaryFollowed` before a strategy-pool token is spent (not for Leadership's
    // secondary, which spends none, nor Technology's, whose research spends it).
    if !matches!(g.flow.strategic.card, 0 | 6) && !secondary_free(g, q) {
        if let Some(decide) = super::pending::open(g, crate::ti4::rules::Window::SecondaryFollowed, &[q]) {
            return decide;
        }
    }
    follow_secondary(g, q)
}

/// The secondary ability of the strategic action's card, followed by `q` (after window
/// `SecondaryFollowed`).
pub(super) fn follow_secondary(g: &mut Ti4Game, q: Player) -> Step {
    match g.flow.strategic.card {
        // Leadership's secondary (rules 52): buy tokens with influence (no strategy token).
        0 => Step::BuyTokens { p: q, gaining: 0 },
        1 => {
            spend_strategy_token(g, q);
            ready_two(g, q);
            diplomacy_resolved(g, q)
        }
        2 => {
            spend_strategy_token(g, q);
            Step::DrawActionCards(q)
        }
        3 => {
            spend_strategy_token(g, q);
            Step::Build { p: q, pds_only: false, secondary: true }
        }
        4 => {
            spend_strategy_token(g, q);
            g.replenish_commodities(q);
            trade_replenished(g, q)
        }
        5 => {
            // Warfare secondary: PRODUCTION in the home system, no token placed there.
            spend_strategy_token(g, q);
            g.flow.tactical.active = g.home_slot[q.idx()];
            g.flow.production.warfare = true;
            super::production::start_production(g, q)
        }
        // Jol-Nar, Brilliant: the primary instead (first research free, optional second for 6),
        // for the same strategy token. Automatic: the primary is never worse than the secondary
        // (the same research for 0 instead of 4 resources, plus an optional second).
        6 if brilliant(g, q) && !g.flow.strategic.crisis_pact => Step::Research { p: q, cost: 0, second: false },
        6 => Step::Research { p: q, cost: 4, second: false },
        _ => {
            spend_strategy_token(g, q);
            Step::DrawSecret(q)
        }
    }
}

// ---- Technology --------------------------------------------------------------------------

/// The resources a research through the Technology card charges `p` for the card's printed
/// `cost` (a step's `cost` names the card's ability: 4 the secondary, 6 the primary's second
/// research, 0 the primary's first): none when a rule of `p`'s waives them (Minister of
/// Sciences, `technology::strategy_card::card_cost`).
fn charged(g: &Ti4Game, p: Player, cost: u32) -> u32 {
    crate::ti4::technology::strategy_card::card_cost(&g.content, &g.state, p, cost)
}

/// A greedy payment of `cost` resources keeping `keep` ready (largest planets first).
fn pay_resources(g: &Ti4Game, p: Player, cost: u32, keep: PlanetSet) -> Option<Payment> {
    let (c, s) = (&*g.content, &g.state);
    let mut need = cost;
    let mut planets = PlanetSet::EMPTY;
    let ready = s.player(p).planets.difference(s.exhausted_planets).difference(keep);
    while need > 0 {
        let best = ready
            .difference(planets)
            .iter()
            .map(|pl| (s.resources_of(c, pl) as u32, pl))
            .filter(|&(v, _)| v > 0)
            .max_by_key(|&(v, pl)| (v.min(need), std::cmp::Reverse(v), std::cmp::Reverse(pl.0)));
        match best {
            Some((v, pl)) => {
                planets.insert(pl);
                need = need.saturating_sub(v);
            }
            None => break,
        }
    }
    let tg = need;
    (tg <= s.player(p).trade_goods as u32).then_some(Payment { planets, trade_goods: tg as u8 })
}

/// The first research option for each technology that can be paid (`cost` resources plus what
/// the option owes).
fn first_option(g: &Ti4Game, p: Player, cost: u32, t: Option<TechId>, out: &mut dyn FnMut(ResearchOption, Payment)) {
    first_option_owing(g, p, cost, t, true, out);
}

/// As [`first_option`], with only options that owe nothing when `may_owe` is false.
fn first_option_owing(
    g: &Ti4Game,
    p: Player,
    cost: u32,
    t: Option<TechId>,
    may_owe: bool,
    out: &mut dyn FnMut(ResearchOption, Payment),
) {
    let cost = charged(g, p, cost);
    OPTIONS.with(|o| {
        let mut opts = o.borrow_mut();
        research_options(&g.content, &g.state, p, cost, &mut opts);
        let mut seen = TechSet::EMPTY;
        for opt in opts.iter() {
            if seen.contains(opt.tech) || t.is_some_and(|t| t != opt.tech) || (!may_owe && opt.skip.resources() > 0) {
                continue;
            }
            if let Some(pay) = pay_resources(g, p, cost + opt.skip.resources(), opt.exhaust_set()) {
                seen.insert(opt.tech);
                out(*opt, pay);
            }
        }
    });
}

/// Jol-Nar, Brilliant (faction sheet): `p` may resolve the Technology primary when following.
fn brilliant(g: &Ti4Game, p: Player) -> bool {
    crate::ti4::factions::has_brilliant(&g.content, &g.state, p)
}

/// The first research of a Technology follower resolving the primary through Brilliant (cost 0
/// while a secondary is being offered).
fn brilliant_first(g: &Ti4Game, cost: u32, second: bool) -> bool {
    cost == 0 && !second && g.flow.strategic.follower != 0
}

pub(super) fn research_actions(g: &Ti4Game, p: Player, cost: u32, second: bool, buf: &mut Vec<Action>) {
    if (cost == 4 || brilliant_first(g, cost, second)) && g.state.player(p).strategy == 0 && !secondary_free(g, p) {
        return;
    }
    if propagates(g, p) {
        if pay_resources(g, p, charged(g, p, cost), PlanetSet::EMPTY).is_some() {
            buf.push(Action::Propagate);
        }
        return;
    }
    first_option(g, p, cost, None, &mut |o, _| buf.push(Action::Research(o.tech)));
}

/// A research another effect grants for no cost (Technology Rider) or pays for (Focused
/// Research): each technology with a research option that can pay what it owes (with
/// `may_owe`; without it, an option that owes nothing), in technology id order; for a player
/// who cannot research (Propagation), the one target `TechId(0)`: 3 command tokens instead
/// ([`granted_research`]).
pub(crate) fn granted_research_options(g: &Ti4Game, p: Player, may_owe: bool, out: &mut dyn FnMut(TechId)) {
    if propagates(g, p) {
        out(TechId(0));
    } else {
        first_option_owing(g, p, 0, None, may_owe, &mut |o, _| out(o.tech));
    }
}

/// A research granted (Technology Rider, Focused Research): `t` researched by its first option
/// that can pay what it owes (only one that owes nothing without `may_owe`; simplified: the
/// player does not choose among the options, Technology 14's specialty planets or skip card),
/// as the Technology card's free first research; a player who cannot research (Propagation)
/// gains 3 command tokens instead, one per pool. Returns false, with nothing changed, when `t`
/// can no longer be researched.
pub(crate) fn granted_research(g: &mut Ti4Game, p: Player, t: TechId, may_owe: bool) -> bool {
    let c = g.content.clone();
    if propagates(g, p) {
        let pools = propagation_pools(g, p);
        crate::ti4::technology::propagate(&mut g.state, p, pools);
        return true;
    }
    let mut first = None;
    first_option_owing(g, p, 0, Some(t), may_owe, &mut |o, pay| first = first.or(Some((o, pay))));
    let Some((opt, pay)) = first else { return false };
    let done = technology_primary(&c, &mut g.state, p, (ResearchStep::Research(opt), &pay), None).is_ok();
    if done {
        g.log_research(p, t, opt.skip);
        super::agendas::after_research(g, p);
    }
    done
}

/// Nekro Virus, Propagation's 3 command tokens, one per pool (tactic, fleet, strategy); with
/// Fleet Regulations and a full fleet pool, the fleet token goes to the strategy pool.
fn propagation_pools(g: &Ti4Game, p: Player) -> [u8; 3] {
    if super::agendas::fleet_room(g, p) == 0 {
        [1, 0, 2]
    } else {
        [1, 1, 1]
    }
}

/// Nekro Virus, Propagation: the player cannot research.
fn propagates(g: &Ti4Game, p: Player) -> bool {
    crate::ti4::technology::cannot_research(&g.content, &g.state, p).is_some()
}

/// Technology 3.1: resolves `step` paid by `pay` as the card's secondary (`cost` 4), as the
/// primary through Jol-Nar's Brilliant, or as the primary; true when it was resolved.
fn resolve_research(g: &mut Ti4Game, p: Player, cost: u8, brilliant: bool, step: ResearchStep, pay: &Payment) -> bool {
    let c = g.content.clone();
    if cost == 4 {
        // Galactic Crisis Pact: no strategy token.
        let token = !g.flow.strategic.crisis_pact;
        technology_secondary_as(&c, &mut g.state, p, step, pay, token).is_ok()
    } else if brilliant {
        technology_brilliant(&c, &mut g.state, p, (step, pay), None).is_ok()
    } else {
        technology_primary(&c, &mut g.state, p, (step, pay), None).is_ok()
    }
}

/// Every payable research option for `t` in generation order (`cost` resources plus what the
/// option owes), with its payment.
fn payable_options(g: &Ti4Game, p: Player, cost: u32, t: TechId, out: &mut dyn FnMut(ResearchOption, Payment)) {
    let cost = charged(g, p, cost);
    OPTIONS.with(|o| {
        let mut opts = o.borrow_mut();
        research_options(&g.content, &g.state, p, cost, &mut opts);
        for opt in opts.iter().filter(|o| o.tech == t) {
            if let Some(pay) = pay_resources(g, p, cost + opt.skip.resources(), opt.exhaust_set()) {
                out(*opt, pay);
            }
        }
    });
}

/// The `k`-th payable research option for `t` (see [`payable_options`]).
fn payable_option(g: &Ti4Game, p: Player, cost: u32, t: TechId, k: usize) -> Option<(ResearchOption, Payment)> {
    let (mut i, mut found) = (0, None);
    payable_options(g, p, cost, t, &mut |o, pay| {
        if i == k {
            found = Some((o, pay));
        }
        i += 1;
    });
    found
}

/// `Step::ResearchOption`: one `PayWith(k)` per payable option.
pub(super) fn research_option_actions(g: &Ti4Game, p: Player, cost: u8, t: TechId, buf: &mut Vec<Action>) {
    let mut k = 0u8;
    payable_options(g, p, cost as u32, t, &mut |_, _| {
        buf.push(Action::PayWith(k));
        k += 1;
    });
}

/// The research option `PayWith(k)` names at a `Step::ResearchOption` (for action ids).
pub(super) fn research_option_of(g: &Ti4Game, k: u8) -> Option<ResearchOption> {
    match g.step {
        Step::ResearchOption { p, cost, tech, .. } => payable_option(g, p, cost as u32, tech, k as usize).map(|o| o.0),
        _ => None,
    }
}

/// Technology 14: a research with more than one payable option waits for the player's choice.
pub(super) fn research_option_step(g: &mut Ti4Game, p: Player, cost: u8, second: bool, t: TechId, k: u8) -> Step {
    match payable_option(g, p, cost as u32, t, k as usize) {
        Some((opt, _)) => pay_for_research(g, p, cost, second, t, k, opt),
        None => panic!(
            "{}",
            super::IllegalAction {
                step: Step::ResearchOption { p, cost, second, tech: t },
                action: Action::PayWith(k)
            }
        ),
    }
}

/// The cost of research option `opt` (the card's `cost` plus what the option owes) is paid as
/// the player chooses ([`payment`]); then [`paid_research`].
fn pay_for_research(
    g: &mut Ti4Game,
    p: Player,
    cost: u8,
    second: bool,
    tech: TechId,
    option: u8,
    opt: ResearchOption,
) -> Step {
    let need = charged(g, p, cost as u32) + opt.skip.resources();
    payment::start(g, p, need, opt.exhaust_set(), PayFor::Research { cost, second, tech, option })
}

/// The research of `tech` through its payable option `option`, paid with `pay`.
pub(super) fn paid_research(
    g: &mut Ti4Game,
    p: Player,
    cost: u8,
    second: bool,
    tech: TechId,
    option: u8,
    pay: &Payment,
) -> Step {
    let brilliant = brilliant_first(g, cost as u32, second);
    let opt = payable_option(g, p, cost as u32, tech, option as usize).map(|o| o.0);
    if let Some(opt) = opt {
        if resolve_research(g, p, cost, brilliant, ResearchStep::Research(opt), pay) {
            g.log_research(p, tech, opt.skip);
            super::agendas::after_research(g, p);
        }
    }
    after_research(g, p, second, brilliant, true)
}

/// Nekro's Propagation where the card would research, paid with `pay`.
pub(super) fn paid_propagation(g: &mut Ti4Game, p: Player, cost: u8, second: bool, pay: &Payment) -> Step {
    let brilliant = brilliant_first(g, cost as u32, second);
    resolve_research(g, p, cost, brilliant, ResearchStep::Propagate(propagation_pools(g, p)), pay);
    after_research(g, p, second, brilliant, true)
}

pub(super) fn research_step(g: &mut Ti4Game, p: Player, cost: u8, second: bool, a: Action) -> Step {
    let brilliant = brilliant_first(g, cost as u32, second);
    let charged = charged(g, p, cost as u32);
    if a == Action::Propagate && pay_resources(g, p, charged, PlanetSet::EMPTY).is_some() {
        return payment::start(g, p, charged, PlanetSet::EMPTY, PayFor::Propagate { cost, second });
    }
    if let Action::Research(t) = a {
        // One pass: the number of payable options, and the first.
        let (mut options, mut first) = (0, None);
        payable_options(g, p, cost as u32, t, &mut |o, pay| {
            first = first.or(Some((o, pay)));
            options += 1;
        });
        if options > 1 {
            // Technology 14: which specialty planets (or skip card) is the player's choice.
            return Step::ResearchOption { p, cost, second, tech: t };
        }
        if let Some((opt, _)) = first {
            return pay_for_research(g, p, cost, second, t, 0, opt);
        }
    }
    after_research(g, p, second, brilliant, matches!(a, Action::Research(_) | Action::Propagate))
}

/// After a research step: the primary's optional second research, or the secondaries.
fn after_research(g: &mut Ti4Game, p: Player, second: bool, brilliant: bool, researched: bool) -> Step {
    if (g.flow.strategic.follower == 0 || brilliant) && !second && researched {
        Step::Research { p, cost: 6, second: true }
    } else if g.flow.strategic.follower == 0 {
        start_secondaries(g)
    } else {
        next_secondary(g)
    }
}

// ---- Construction ------------------------------------------------------------------------

pub(super) fn build_options(g: &Ti4Game, p: Player, pds_only: bool, buf: &mut Vec<Action>) {
    each_build_option(g, p, pds_only, &mut |a| buf.push(a));
}

/// Construction: every planet and structure `p` may place (PDS: at most 2 per planet, any number
/// under Homeland Defense Act; space
/// dock: at most 1; component limits), without allocating. Where a PDS may be placed, a rule
/// may let `p` place 1 mech and 1 infantry instead (hook point `deploys_instead_of_pds`:
/// Hecatoncheires), offered as `Build(planet, Mech)`.
fn each_build_option(g: &Ti4Game, p: Player, pds_only: bool, out: &mut dyn FnMut(Action)) {
    let (c, s) = (&*g.content, &g.state);
    let ps = s.player(p);
    let mut deploys = None;
    for pl in ps.planets.iter() {
        let Some(loc) = s.planet_location(c, pl) else { continue };
        if s.occupant(loc).is_some_and(|q| q != p) {
            continue;
        }
        if s.count_at(loc, UnitType::Pds) < super::agendas::pds_limit(g) && ps.reinforcements[UnitType::Pds.idx()] > 0 {
            out(Action::Build(pl, UnitType::Pds));
            if ps.reinforcements[UnitType::Mech.idx()] > 0
                && *deploys.get_or_insert_with(|| crate::ti4::rules::deploys_instead_of_pds(g, p))
            {
                out(Action::Build(pl, UnitType::Mech));
            }
        }
        if !pds_only && dock_placement(g, p, pl).is_some() {
            out(Action::Build(pl, UnitType::SpaceDock));
        }
    }
}

/// Where a space dock of `p` may be placed for planet `pl` (Construction, Construction Rider):
/// `p` controls the planet, no other player's units are there, no space dock is where it would
/// stand ([`dock_location`]) and reinforcements hold one. `None` otherwise.
pub(super) fn dock_placement(g: &Ti4Game, p: Player, pl: PlanetId) -> Option<Location> {
    let (c, s) = (&*g.content, &g.state);
    let ps = s.player(p);
    let loc = s.planet_location(c, pl).filter(|_| ps.planets.contains(pl))?;
    if s.occupant(loc).is_some_and(|q| q != p) {
        return None;
    }
    let dock = dock_location(g, p, loc);
    (s.count_at(dock, UnitType::SpaceDock) == 0
        && s.occupant(dock).is_none_or(|q| q == p)
        && ps.reinforcements[UnitType::SpaceDock.idx()] > 0)
        .then_some(dock)
}

/// Where a space dock built on a planet goes: the planet, or the system's space area for a
/// player whose docks are Floating Factories (the Saar; a Nekro player owning or copying
/// Floating Factory II: Technology 19, [`docks_may_stand_in_space`](crate::ti4::technology::docks_may_stand_in_space)).
fn dock_location(g: &Ti4Game, p: Player, planet: Location) -> Location {
    match planet {
        Location::Planet(slot, _) if crate::ti4::technology::docks_may_stand_in_space(&g.content, &g.state, p) => {
            Location::Space(slot)
        }
        l => l,
    }
}

pub(super) fn build_step(g: &mut Ti4Game, p: Player, pds_only: bool, secondary: bool, a: Action) -> Step {
    if let Action::Build(pl, t) = a {
        let c = g.content.clone();
        if let Some(loc) = g.state.planet_location(&c, pl) {
            let at = if t == UnitType::SpaceDock { dock_location(g, p, loc) } else { loc };
            g.place_units(p, at, t, 1).expect("placed units come from reinforcements the caller checked");
            if t == UnitType::Mech {
                // A mech placed instead of a PDS comes with 1 infantry (Hecatoncheires).
                g.note_effect(p, super::effects::Effect::MechDeployedForPds, 1);
                if g.state.player(p).reinforcements[UnitType::Infantry.idx()] > 0 {
                    g.place_units(p, at, UnitType::Infantry, 1).expect("an infantry in reinforcements");
                }
            }
            if secondary {
                // The spent strategy token (back in reinforcements) goes to the system, unless
                // one is there already.
                if let Location::Planet(slot, _) = loc {
                    tokens::place_on_board(g, p, slot);
                }
            }
        }
    }
    if !secondary && !pds_only && matches!(a, Action::Build(..)) {
        Step::Build { p, pds_only: true, secondary: false }
    } else if secondary {
        next_secondary(g)
    } else {
        start_secondaries(g)
    }
}
