//! The round (digest §2): strategy phase, action-phase turns (Bio-Stims at the end of a turn),
//! status phase in its eight steps (Neural Motivator's card in step 3, Hyper Metabolism's token
//! in step 5), agenda phase (two agendas a round once the custodians are gone: reveal, votes
//! with Predictive Intelligence's 3, outcome; the effects are in `agendas`), the end of the
//! game; plus the dispatch of [`Game`](crate::game::Game) calls to the rule modules, and
//! observation / determinization.
//!
//! The dispatch ([`apply`], [`chance`], [`advance`]) is the one place the game's [`Step`]
//! changes: every handler it calls returns the step that follows (`docs/ADDING_RULES.md`, "The
//! round loop").

use super::agendas::may_vote;
use super::objectives::{meets, pay_if_spend, Cond};
use super::tokens::{self, TokensThen};
use super::{
    action_cards, agendas, cards, invasion, notes, production, tactical, Action, EndCondition, Step, Ti4Game,
    Ti4Observation,
};
use crate::game::Turn;
use crate::ti4::combat::{Side, SpaceDecision, SpacePhase, Step as CStep};
use crate::ti4::components::{PublicState, StrategyCard, Zone, STRATEGY_CARDS};
use crate::ti4::elimination::{initiative_order, next_in_game_left_of, strategy_cards_per_player};
use crate::ti4::galaxy::bits;
use crate::ti4::ids::*;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

pub(super) fn current(g: &Ti4Game) -> Turn {
    match g.step {
        Step::Deal
        | Step::SpaceCannon
        | Step::InvasionRolls(_)
        | Step::Reveal
        | Step::DrawSecret(_)
        | Step::RevealAgenda
        | Step::ResolveAgenda
        | Step::DrawActionCards(_)
        | Step::Explore(_)
        | Step::ExploreDraw(_)
        | Step::DrawRelic(_)
        | Step::ComponentRoll(_)
        | Step::CardChance => Turn::Chance,
        Step::Space => match g.flow.tactical.space.map(|c| c.next_decision()) {
            Some(CStep::Decide(side)) => Turn::Player(seat_of_side(g, side).idx()),
            _ => Turn::Chance,
        },
        Step::Ground(_) => match g.flow.tactical.ground.map(|c| c.next_decision()) {
            Some(CStep::Decide(side)) => Turn::Player(seat_of_side(g, side).idx()),
            _ => Turn::Chance,
        },
        Step::Over(_) => Turn::Terminal,
        Step::Pick(p)
        | Step::GiveCard { p, .. }
        | Step::Turn(p)
        | Step::Move(p)
        | Step::Land(p)
        | Step::Produce(p)
        | Step::Research { p, .. }
        | Step::ResearchOption { p, .. }
        | Step::Follow(p)
        | Step::ChooseSpeaker(p)
        | Step::Diplomacy(p)
        | Step::Warfare(p)
        | Step::Build { p, .. }
        | Step::Imperial(p)
        | Step::Score(p)
        | Step::Vote(p)
        | Step::CastVotes { p, .. }
        | Step::TieBreak(p)
        | Step::Offer(p)
        | Step::ReturnSecret(p)
        | Step::GainTechnology(p)
        | Step::AgendaResearch(p)
        | Step::Tokens { p, .. }
        | Step::BuyTokens { p, .. }
        | Step::Pay(p)
        | Step::Decide(p)
        | Step::PlaceUnit { p, .. }
        | Step::Redeploy(p)
        | Step::TakeCards(p) => Turn::Player(p.idx()),
    }
}

fn seat_of_side(g: &Ti4Game, side: Side) -> Player {
    match side {
        Side::Attacker => g.flow.turn,
        Side::Defender => g.flow.tactical.defender,
    }
}

pub(super) fn legal(g: &Ti4Game, buf: &mut Vec<Action>) {
    let s = &g.state;
    match g.step {
        Step::Pick(_) => buf.extend(
            StrategyCard::all()
                .filter(|&k| s.strategy_cards.holder(k).is_none() && g.flow.disgraced != Some(k.0))
                .map(|k| Action::Pick(k.0)),
        ),
        Step::GiveCard { p, .. } => agendas::card_recipients(g, p, &mut |q| buf.push(Action::Give(q.0))),
        Step::Turn(p) if g.flow.logistics == 1 => {
            // Fleet Logistics: the turn's second tactical action, or none.
            if s.player(p).tactic > 0 {
                tactical::activation_options(g, p, buf);
            }
            buf.push(Action::Done);
        }
        Step::Turn(p) => {
            if s.player(p).tactic > 0 {
                tactical::activation_options(g, p, buf);
            }
            action_cards::play_options(g, p, buf);
            super::component::options(g, p, buf);
            notes::transact_options(g, p, buf);
            let held = s.strategy_cards.held_by(p);
            let mut all_used = true;
            for k in StrategyCard::all().filter(|k| held >> k.0 & 1 == 1) {
                if !s.strategy_cards.is_exhausted(k) {
                    all_used = false;
                    buf.push(Action::Strategic(k.0));
                }
            }
            if all_used {
                buf.push(Action::Pass);
            }
        }
        Step::Move(p) => {
            if !g.flow.tactical.ceasefire {
                tactical::move_options(g, p, buf);
            }
            buf.push(Action::Done);
        }
        Step::Space => {
            if let Some(c) = &g.flow.tactical.space {
                match c.phase() {
                    SpacePhase::AnnounceRetreat(_) => buf.extend([Action::Retreat, Action::Done]),
                    // Raid Formation: the opponent's ship types the deciding side may damage.
                    SpacePhase::RaidFormation(_) => buf.extend(c.raid_choices().map(Action::Hit)),
                    SpacePhase::Retreat(_) => {
                        // The systems the combat accepts (its retreat set), as board slots.
                        for sl in bits(g.galaxy.neighbours(g.flow.tactical.active)) {
                            let mut probe = *c;
                            if probe.apply_decision(SpaceDecision::RetreatTo(g.galaxy.tile(sl))).is_ok() {
                                buf.push(Action::RetreatTo(sl));
                            }
                        }
                    }
                    _ => {
                        if let CStep::Decide(side) = c.next_decision() {
                            buf.extend(c.pending_hits(side).choices(c.force(side)).map(Action::Hit));
                        }
                    }
                }
            }
        }
        Step::Ground(_) => {
            if let Some(c) = &g.flow.tactical.ground {
                if let CStep::Decide(side) = c.next_decision() {
                    buf.extend(c.pending_hits(side).choices(c.force(side)).map(Action::Hit));
                }
            }
        }
        Step::Land(p) => {
            invasion::land_options(g, p, buf);
            buf.push(Action::Done);
        }
        Step::Produce(p) => {
            production::produce_options(g, p, buf);
            buf.push(Action::Done);
        }
        Step::Research { p, cost, second } => {
            cards::research_actions(g, p, cost as u32, second, buf);
            buf.push(Action::Done);
        }
        Step::ResearchOption { p, cost, tech, .. } => cards::research_option_actions(g, p, cost, tech, buf),
        Step::Follow(_) => buf.extend([Action::Follow, Action::Done]),
        // Politics: any player in the game but the current speaker (the active player included).
        Step::ChooseSpeaker(_) => buf.extend(
            s.seats().filter(|&q| s.player(q).in_game && s.tokens.speaker != Some(q)).map(|q| Action::Speaker(q.0)),
        ),
        Step::Diplomacy(p) => cards::diplomacy_systems(g, p, &mut |sl| buf.push(Action::DiplomacySystem(sl))),
        Step::Warfare(p) => cards::warfare_tokens(g, p, &mut |sl| buf.push(Action::WarfareToken(sl))),
        Step::Build { p, pds_only, .. } => {
            cards::build_options(g, p, pds_only, buf);
            buf.push(Action::Done);
        }
        Step::Imperial(p) => {
            // Imperial's note (rules 61): the status phase's home-system condition applies.
            if controls_home(g, p) {
                public_options(g, p, buf);
            }
            buf.push(Action::Done);
        }
        Step::Score(p) => {
            if g.flow.status.scored_now & 1 == 0 && controls_home(g, p) {
                public_options(g, p, buf);
            }
            if g.flow.status.scored_now & 2 == 0 {
                for i in 0..g.content.cards.secret_objectives.len() {
                    if s.secret_objectives.get(i) == Zone::Hand(p) {
                        if let Some(cond) = g.objectives.secret[i] {
                            if meets(g, p, cond) {
                                buf.push(Action::ScoreSecret(SecretObjectiveId(i as u8)));
                            }
                        }
                    }
                }
            }
            buf.push(Action::Done);
        }
        Step::Vote(_) => {
            agendas::outcomes(g, &mut |o| buf.push(Action::Vote(o)));
            buf.push(Action::Done);
        }
        Step::CastVotes { p, .. } => agendas::cast_options(g, p, &mut |a| buf.push(a)),
        Step::TieBreak(_) => agendas::tied(g, &mut |o| buf.push(Action::Vote(o))),
        Step::Offer(_) => buf.extend([Action::Accept, Action::Done]),
        Step::Tokens { p, stage } => tokens::options(g, p, stage, &mut |k| buf.push(Action::Tokens(k))),
        Step::BuyTokens { p, gaining } => {
            let least = (gaining == 0) as u8;
            (least..=tokens::most_to_buy(g, p, gaining)).for_each(|k| buf.push(Action::Tokens(k)));
        }
        Step::Pay(p) => super::payment::options(g, p, &mut |a| buf.push(a)),
        Step::Decide(_) => super::pending::options(g, buf),
        Step::PlaceUnit { p, .. } => placement_planets(g, p, &mut |pl| buf.push(Action::PlaceOn(pl))),
        Step::Redeploy(p) => super::redeploy::options(g, p, buf),
        Step::TakeCards(_) => super::take_cards::options(g, buf),
        Step::GainTechnology(p) => agendas::grant_options(g, p, &mut |t| buf.push(Action::Research(t))),
        Step::AgendaResearch(p) => {
            super::cards::granted_research_options(g, p, false, &mut |t| buf.push(Action::Research(t)));
            buf.push(Action::Done);
        }
        Step::ReturnSecret(p) => {
            for i in 0..g.content.cards.secret_objectives.len() {
                if s.secret_objectives.get(i) == Zone::Hand(p) {
                    buf.push(Action::ReturnSecret(SecretObjectiveId(i as u8)));
                }
            }
        }
        Step::RevealAgenda
        | Step::ResolveAgenda
        | Step::DrawActionCards(_)
        | Step::Explore(_)
        | Step::ExploreDraw(_)
        | Step::DrawRelic(_)
        | Step::ComponentRoll(_)
        | Step::CardChance
        | Step::Deal
        | Step::SpaceCannon
        | Step::InvasionRolls(_)
        | Step::Reveal
        | Step::DrawSecret(_)
        | Step::Over(_) => {}
    }
}

/// Status phase 1 (and the Imperial primary, rules 61): a player who does not control every
/// planet of their home system cannot score public objectives (unless a rule says otherwise:
/// hook point `scores_without_home`, Saar's Nomadic).
fn controls_home(g: &Ti4Game, p: Player) -> bool {
    if crate::ti4::rules::scores_without_home(g, p) {
        return true;
    }
    let tile = g.galaxy.tile(g.home_slot[p.idx()]);
    g.content.systems[tile.idx()].planets.iter().all(|&pl| g.state.player(p).planets.contains(pl))
}

fn public_options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    let s = &g.state;
    for i in 0..g.content.cards.public_objectives.len() {
        let o = PublicObjectiveId(i as u8);
        if s.public_objectives.state(o) == PublicState::Revealed && !s.public_objectives.scored_by(o).contains(p) {
            if let Some(cond) = g.objectives.public[i] {
                if meets(g, p, cond) {
                    buf.push(Action::ScorePublic(o));
                }
            }
        }
    }
}

/// `p` scores public objective `id` (secret with `secret`) in the status phase or through the
/// Imperial primary (`imperial`): a spend objective is paid as the player chooses first
/// ([`super::payment`]: resources, then influence, then its trade goods; or command tokens);
/// one of trade goods only leaves no choice and is paid at once.
fn score(g: &mut Ti4Game, p: Player, secret: bool, id: u8, imperial: bool) -> Step {
    let cond = if secret { g.objectives.secret[id as usize] } else { g.objectives.public[id as usize] };
    let then = super::payment::PayFor::Objective { secret, id, imperial };
    match cond {
        Some(Cond::Spend { resources, influence: 0, trade_goods: 0, tokens: 0 }) if resources > 0 => {
            return super::payment::start(g, p, resources as u32, PlanetSet::EMPTY, then);
        }
        Some(Cond::Spend { resources: 0, influence, trade_goods: 0, tokens: 0 }) if influence > 0 => {
            return super::payment::start_influence(g, p, influence as u32, then);
        }
        Some(Cond::Spend { resources: 0, influence: 0, trade_goods: 0, tokens }) if tokens > 0 => {
            return super::payment::start_tokens(g, p, tokens, then);
        }
        Some(Cond::Spend { resources, influence, trade_goods, tokens: 0 }) if resources > 0 || influence > 0 => {
            return super::payment::start_objective_parts(g, p, resources, influence, trade_goods, then);
        }
        Some(cond) => pay_if_spend(&g.content, &mut g.state, p, cond),
        None => {}
    }
    scored(g, p, secret, id, imperial)
}

/// The objective is scored (paid); the status phase's scoring step, or the Imperial primary,
/// goes on.
pub(super) fn scored(g: &mut Ti4Game, p: Player, secret: bool, id: u8, imperial: bool) -> Step {
    if secret {
        g.state.secret_objectives.set(id as usize, Zone::PlayArea(p));
        g.flow.status.scored_now |= 2;
    } else {
        g.state.public_objectives.set_scored(PublicObjectiveId(id), p, true);
        if !imperial {
            g.flow.status.scored_now |= 1;
        }
    }
    if imperial {
        cards::imperial_rest(g, p)
    } else {
        Step::Score(p)
    }
}

/// A player's decision `a` at the current step: the handler of that (step, action) pair
/// resolves it and returns the next step, which is written here. An action of a kind the step
/// does not take is rejected (a panic naming it, [`super::IllegalAction`]), never read as
/// another; within a kind the step takes, the caller keeps to `legal_actions`
/// ([`Ti4Game::try_apply`] checks that too).
pub(super) fn apply(g: &mut Ti4Game, a: Action) {
    g.step = match (g.step, a) {
        (Step::Pick(p), Action::Pick(k)) => choose_strategy_card(g, p, k),
        (Step::GiveCard { p, card }, Action::Give(q)) => {
            // Checks and Balances: the chosen card goes to the recipient.
            g.state.strategy_cards.set_holder(StrategyCard(card), Some(Player(q)));
            after_pick(g, p)
        }
        (Step::Turn(p), Action::Activate(slot)) => tactical::activate(g, p, slot),
        (Step::Turn(p), Action::Strategic(k)) => cards::strategic(g, p, k),
        (Step::Turn(p), Action::Play(k, t)) => action_cards::play(g, p, k, t),
        (Step::Turn(p), Action::Use(src, t)) => super::component::perform(g, p, src, t),
        (Step::Turn(p), Action::Transact(q, what)) => notes::offer(g, p, q, what),
        (Step::Offer(q), Action::Accept | Action::Done) => notes::answer(g, q, a == Action::Accept),
        (Step::Tokens { p, stage }, Action::Tokens(k)) => tokens::place(g, p, stage, k),
        (Step::BuyTokens { p, gaining }, Action::Tokens(k)) => {
            let then = if g.flow.strategic.follower == 0 { TokensThen::Primary } else { TokensThen::Secondary };
            tokens::buy(g, p, k, gaining, then)
        }
        (Step::AgendaResearch(p), Action::Research(_) | Action::Done) => {
            let ap = &mut g.flow.agenda_phase;
            let again = a != Action::Done && ap.researching_again >> p.0 & 1 == 1;
            ap.researching_again &= !(1 << p.0);
            if !again {
                ap.researchers &= !(1 << p.0);
            }
            if let Action::Research(t) = a {
                let researched = super::cards::granted_research(g, p, t, false);
                debug_assert!(researched, "an offered research");
            }
            agendas::research_then(g)
        }
        (Step::GainTechnology(p), Action::Research(t)) => {
            agendas::grant_technology(g, p, t);
            agenda_resolved(g)
        }
        (Step::ReturnSecret(p), Action::ReturnSecret(o)) => {
            // Shuffled back: draws are uniform over the deck.
            g.state.secret_objectives.set(o.idx(), Zone::Deck);
            if g.flow.played.is_some() {
                // Impersonation's draw: the card's play goes on.
                action_cards::card_discarded(g)
            } else if g.flow.agenda_phase.returning {
                // Archived Secret's or Search Warrant's draws: once the player holds no more
                // than 3, the agenda's resolution goes on.
                if must_return_secret(g, p) {
                    Step::ReturnSecret(p)
                } else {
                    g.flow.agenda_phase.returning = false;
                    agenda_resolved(g)
                }
            } else {
                cards::after_draw(g, p)
            }
        }
        (Step::Turn(_), Action::Done) if g.flow.logistics == 1 => {
            g.flow.logistics = 0;
            next_turn(g)
        }
        (Step::Turn(p), Action::Pass) => {
            g.flow.passed |= 1 << p.0;
            // Prove Endurance: the last player in the game to pass.
            if g.state.seats().all(|q| !g.state.player(q).in_game || g.flow.passed >> q.0 & 1 == 1) {
                super::objectives::score_event(g, p, |e| e == super::objectives::Event::LastToPass);
            }
            next_turn(g)
        }
        (Step::Move(p), Action::Move(from, t)) => tactical::move_ship(g, p, from, t),
        (Step::Move(p), Action::Carry(from, t)) => {
            tactical::carry(g, p, from, t);
            Step::Move(p)
        }
        (Step::Move(_), Action::Done) => tactical::end_movement(g),
        (Step::Space, Action::Hit(_) | Action::Retreat | Action::RetreatTo(_) | Action::Done) => {
            let tile = |sl: u8| g.galaxy.tile(sl);
            let d = match a {
                Action::Hit(h) => SpaceDecision::Assign(h),
                Action::Retreat => SpaceDecision::AnnounceRetreat,
                Action::RetreatTo(sl) => SpaceDecision::RetreatTo(tile(sl)),
                _ => SpaceDecision::Stay,
            };
            if let Some(c) = g.flow.tactical.space.as_mut() {
                c.apply_decision(d).expect("legal space combat decision");
            }
            Step::Space
        }
        (Step::Ground(n), Action::Hit(h)) => {
            if let Some(c) = g.flow.tactical.ground.as_mut() {
                c.apply_decision(h).expect("legal hit choice");
            }
            Step::Ground(n)
        }
        (Step::Land(p), Action::Land(n, t)) => invasion::land(g, p, n, t),
        (Step::Land(_), Action::Done) => invasion::after_landing(g),
        (Step::Produce(p), Action::Produce(t)) => {
            g.flow.production.queue[t.idx()] += 1;
            Step::Produce(p)
        }
        (Step::Produce(p), Action::Choose(_, k)) => {
            // A unit produced without spending resources (hook point `produce_without_paying`).
            let t = k as usize;
            g.flow.production.queue[t] += 1;
            g.flow.production.free[t] += 1;
            Step::Produce(p)
        }
        (Step::Produce(p), Action::Done) => production::finish_production(g, p),
        (Step::Pay(p), Action::Tokens(_) | Action::Exhaust(_) | Action::Done) => super::payment::choose(g, p, a),
        (Step::Decide(p), Action::Choose(src, k)) => super::pending::decide(g, p, Some((src, k))),
        (Step::Decide(p), Action::Done) => super::pending::decide(g, p, None),
        (Step::Redeploy(p), Action::Choose(..) | Action::Done) => super::redeploy::apply(g, p, a),
        (Step::TakeCards(p), Action::Choose(..) | Action::Done) => super::take_cards::apply(g, p, a),
        (Step::PlaceUnit { p, unit }, Action::PlaceOn(pl)) => {
            if let Some(loc) = g.state.planet_location(&g.content, pl) {
                g.place_units(p, loc, unit, 1).expect("placed units come from reinforcements the caller checked");
            }
            g.flow.status.order_idx += 1;
            status_placements(g)
        }
        (Step::Research { p, cost, second }, Action::Research(_) | Action::Propagate | Action::Done) => {
            cards::research_step(g, p, cost, second, a)
        }
        (Step::ResearchOption { p, cost, second, tech }, Action::PayWith(k)) => {
            cards::research_option_step(g, p, cost, second, tech, k)
        }
        (Step::Follow(p), Action::Follow) => cards::follow(g, p),
        (Step::Follow(_), Action::Done) => cards::next_secondary(g),
        (Step::ChooseSpeaker(p), Action::Speaker(q)) => {
            g.state.tokens.speaker = Some(Player(q));
            Step::DrawActionCards(p)
        }
        (Step::Diplomacy(p), Action::DiplomacySystem(sl)) => cards::diplomacy_primary(g, p, sl),
        (Step::Warfare(p), Action::WarfareToken(sl)) => cards::warfare_primary(g, p, sl),
        (Step::Build { p, pds_only, secondary }, Action::Build(..) | Action::Done) => {
            cards::build_step(g, p, pds_only, secondary, a)
        }
        (Step::Imperial(p), Action::ScorePublic(o)) => score(g, p, false, o.0, true),
        (Step::Imperial(p), Action::Done) => cards::imperial_rest(g, p),
        (Step::Score(p), Action::ScorePublic(o)) => score(g, p, false, o.0, false),
        (Step::Score(p), Action::ScoreSecret(o)) => score(g, p, true, o.0, false),
        (Step::Score(_), Action::Done) => {
            g.flow.status.order_idx += 1;
            next_scorer(g)
        }
        (Step::Vote(p), Action::Vote(o)) if agendas::one_vote_each(g) => {
            // Representative Government: 1 vote, no planet, no additional votes.
            g.flow.agenda_phase.outcome_voters[o as usize] |= 1 << p.0;
            agendas::cast_one_vote(g, p, o)
        }
        (Step::Vote(p), Action::Vote(o)) => {
            // Asked before the planets are exhausted (Zeal counts only for a player who casts
            // at least 1 vote, which choosing an outcome does when the player can).
            let extra = crate::ti4::rules::extra_votes(g, p);
            if extra > 0 {
                g.flow.agenda_phase.votes[o as usize] += extra;
                g.flow.agenda_phase.extra_voters |= 1 << p.0;
            }
            g.flow.agenda_phase.outcome_voters[o as usize] |= 1 << p.0;
            agendas::start_casting(g, p, o)
        }
        (Step::Vote(p), Action::Done) => next_voter(g, p),
        (Step::CastVotes { p, outcome }, Action::Exhaust(_) | Action::Done) => agendas::cast(g, p, outcome, a),
        (Step::TieBreak(_), Action::Vote(o)) => {
            g.flow.agenda_phase.outcome = o;
            agendas::outcome_decided(g)
        }
        (step, action) => panic!("{}", super::IllegalAction { step, action }),
    };
}

/// The chance event of the current step, drawn from `rng`; its handler returns the next step,
/// which is written here.
pub(super) fn chance(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    g.step = match g.step {
        Step::Deal => deal(g, rng),
        Step::SpaceCannon => tactical::space_cannon(g, rng),
        Step::InvasionRolls(n) => invasion::invasion_rolls(g, n, rng),
        Step::Space => {
            // Each side that may pay for +1 on its combat-roll dice pays with its trade goods.
            let seats = [g.flow.turn, g.flow.tactical.defender];
            let budget = seats.map(|q| g.state.player(q).trade_goods);
            if let Some(c) = g.flow.tactical.space.as_mut() {
                let spent = c.apply_chance_paying(rng, budget).expect("space combat awaits dice");
                for (q, k) in seats.into_iter().zip(spent).filter(|&(_, k)| k > 0) {
                    g.state.player_mut(q).trade_goods -= k;
                    g.note_effect(q, super::effects::Effect::PlusOneBought, k.into());
                }
            }
            Step::Space
        }
        Step::Ground(n) if g.flow.tactical.ground.is_some_and(|c| c.awaits_bombardment()) => {
            invasion::round_end_bombardment(g, rng);
            Step::Ground(n)
        }
        Step::Ground(n) => {
            if let Some(c) = g.flow.tactical.ground.as_mut() {
                c.apply_chance(rng).expect("ground combat awaits dice");
            }
            Step::Ground(n)
        }
        Step::Reveal => {
            let stage = if unrevealed(g, 1) > 0 { 1 } else { 2 };
            if let Some(o) = draw_public(g, rng, stage, PublicState::Unrevealed) {
                g.state.public_objectives.set_state(o, PublicState::Revealed);
            }
            status_rest(g, rng)
        }
        Step::DrawSecret(p) => {
            draw_secret(g, rng, p);
            if must_return_secret(g, p) {
                Step::ReturnSecret(p)
            } else {
                cards::after_draw(g, p)
            }
        }
        Step::CardChance => action_cards::card_chance(g, rng),
        Step::Explore(p) => super::exploration::explore(g, rng, p),
        Step::ExploreDraw(p) => super::exploration::explore_draw(g, rng, p),
        Step::DrawRelic(p) => {
            super::exploration::draw_relic(g, rng, p);
            next_turn(g)
        }
        Step::ComponentRoll(p) => {
            if let Some((src, target)) = g.flow.component_used {
                crate::ti4::rules::component_roll(g, p, src, target, rng);
            }
            next_turn(g)
        }
        Step::DrawActionCards(p) => {
            action_cards::draw(g, rng, p);
            action_cards::draw(g, rng, p);
            action_cards::discard_to_limit(g);
            cards::after_draw(g, p)
        }
        Step::RevealAgenda => {
            agendas::reveal(g, rng);
            agenda_revealed(g)
        }
        Step::ResolveAgenda => {
            agendas::resolve(g, rng);
            let elected = Player(g.flow.agenda_phase.outcome);
            if g.flow.agenda_phase.returning {
                Step::ReturnSecret(elected)
            } else if std::mem::take(&mut g.flow.agenda_phase.granting) && g.state.player(elected).in_game {
                // Research Grant Reallocation (the elected player still in the game: a rider
                // or law resolved with the agenda may have eliminated them).
                Step::GainTechnology(elected)
            } else if let Some(card) = g.flow.agenda_phase.crisis_card.take() {
                cards::crisis_pact_secondaries(g, card)
            } else {
                agendas::research_then(g)
            }
        }
        step => panic!("apply_chance at {step:?}"),
    };
}

/// Resolves automatic steps and the ends of the game (victory, last player).
pub(super) fn advance(g: &mut Ti4Game) {
    loop {
        if matches!(g.step, Step::Over(_)) {
            return;
        }
        if g.state.seats().filter(|&p| g.state.player(p).in_game).count() <= 1 {
            g.step = Step::Over(EndCondition::LastPlayer);
            return;
        }
        let target = g.opts.victory_points as u32;
        let vp = g.all_victory_points();
        if g.state.seats().any(|p| g.state.player(p).in_game && vp[p.idx()] >= target) {
            g.step = Step::Over(EndCondition::Victory);
            return;
        }
        super::leaders::unlock(g, &vp);
        match g.step {
            Step::Space if g.flow.tactical.space.is_some_and(|c| c.outcome().is_some()) => {
                g.step = tactical::after_space_combat(g)
            }
            Step::Space if g.flow.tactical.space.is_some_and(|c| c.phase() == SpacePhase::Between) => {
                g.step = tactical::between_space_rounds(g)
            }
            Step::Space
                if g.flow
                    .tactical
                    .space
                    .is_some_and(|c| matches!(c.phase(), SpacePhase::BeforeHits(_) | SpacePhase::AfterHits(_))) =>
            {
                g.step = tactical::at_space_hits(g)
            }
            Step::Ground(n) if g.flow.tactical.ground.is_some_and(|c| c.outcome().is_some()) => {
                g.step = invasion::after_ground(g, n)
            }
            Step::Ground(n) if invasion::round_start_due(g, n) => match invasion::open_round_start(g, n) {
                Some(decide) => g.step = decide,
                None => return,
            },
            _ => return,
        }
    }
}

// ---- Setup deal, strategy phase, action turns -------------------------------------------

fn deal(g: &mut Ti4Game, rng: &mut ChaCha8Rng) -> Step {
    let n = g.state.num_players;
    g.state.tokens.speaker = Some(Player(rng.random_range(0..n)));
    for p in 0..n {
        draw_secret(g, rng, Player(p));
    }
    for stage in [1u8, 2] {
        for _ in 0..5 {
            if let Some(o) = draw_public(g, rng, stage, PublicState::Deck) {
                g.state.public_objectives.set_state(o, PublicState::Unrevealed);
            }
        }
    }
    for _ in 0..2 {
        if let Some(o) = draw_public(g, rng, 1, PublicState::Unrevealed) {
            g.state.public_objectives.set_state(o, PublicState::Revealed);
        }
    }
    start_strategy_phase(g)
}

/// A uniform public objective of `stage` in `from` that has a condition.
pub(super) fn draw_public(
    g: &Ti4Game,
    rng: &mut ChaCha8Rng,
    stage: u8,
    from: PublicState,
) -> Option<PublicObjectiveId> {
    let c = &g.content;
    let ok = |i: usize| {
        c.cards.public_objectives[i].stage == stage
            && g.objectives.public[i].is_some()
            && g.state.public_objectives.state(PublicObjectiveId(i as u8)) == from
    };
    let n = (0..c.cards.public_objectives.len()).filter(|&i| ok(i)).count();
    if n == 0 {
        return None;
    }
    let k = rng.random_range(0..n);
    (0..c.cards.public_objectives.len()).filter(|&i| ok(i)).nth(k).map(|i| PublicObjectiveId(i as u8))
}

fn unrevealed(g: &Ti4Game, stage: u8) -> usize {
    (0..g.content.cards.public_objectives.len())
        .filter(|&i| {
            g.content.cards.public_objectives[i].stage == stage
                && g.state.public_objectives.state(PublicObjectiveId(i as u8)) == PublicState::Unrevealed
        })
        .count()
}

/// Objective cards (rules 61; digest §3): a player holds at most three secret objectives,
/// scored and unscored; one who draws a fourth returns an unscored one to the deck.
pub(super) const MAX_SECRETS: usize = 3;

/// The secret objectives `p` may hold: [`MAX_SECRETS`], one more with the relic "The
/// Obsidian" in its play area ("You can have 1 additional scored or unscored secret
/// objective").
pub(super) fn secret_limit(g: &Ti4Game, p: Player) -> usize {
    let obsidian = g.content.known.the_obsidian;
    MAX_SECRETS + obsidian.is_some_and(|r| g.state.exploration.relic(r) == Zone::PlayArea(p)) as usize
}

/// The secret objectives `p` holds, scored (play area) and unscored (hand).
pub(super) fn secrets_held(g: &Ti4Game, p: Player) -> usize {
    let n = g.content.cards.secret_objectives.len();
    g.state.secret_objectives.count(n, Zone::Hand(p)) + g.state.secret_objectives.count(n, Zone::PlayArea(p))
}

/// Rules 61 after a draw: `p` holds more secret objectives than it may and has an unscored one
/// to return (scored ones stay).
pub(super) fn must_return_secret(g: &Ti4Game, p: Player) -> bool {
    let n = g.content.cards.secret_objectives.len();
    secrets_held(g, p) > secret_limit(g, p) && g.state.secret_objectives.count(n, Zone::Hand(p)) > 0
}

/// Draws a secret objective into `p`'s hand (uniform over the deck); nothing if it is empty.
pub(super) fn draw_secret(g: &mut Ti4Game, rng: &mut ChaCha8Rng, p: Player) {
    let n_cards = g.content.cards.secret_objectives.len();
    let n = g.state.secret_objectives.count(n_cards, Zone::Deck);
    if n == 0 {
        return;
    }
    let k = rng.random_range(0..n);
    if let Some(i) = g.state.secret_objectives.nth(n_cards, Zone::Deck, k) {
        g.state.secret_objectives.set(i, Zone::Hand(p));
    }
}

fn start_strategy_phase(g: &mut Ti4Game) -> Step {
    agendas::at_strategy_phase_start(g);
    for q in g.state.seats() {
        if g.state.player(q).in_game {
            crate::ti4::rules::strategy_phase_start(g, q);
        }
    }
    g.flow.picks = 0;
    open_from_speaker(g, crate::ti4::rules::Window::StrategyPhaseStart).unwrap_or_else(|| after_strategy_phase_start(g))
}

/// Opens `window` for every player from the speaker clockwise ([`super::pending::open`]).
fn open_from_speaker(g: &mut Ti4Game, window: crate::ti4::rules::Window) -> Option<Step> {
    let speaker = g.state.tokens.speaker.unwrap_or(Player(0));
    let (order, len) = super::pending::clockwise_from(g.state.num_players, speaker);
    super::pending::open(g, window, &order[..len])
}

/// After window `StrategyPhaseStart`: the speaker picks first (or the first player after
/// them who chooses: Political Stability).
pub(super) fn after_strategy_phase_start(g: &mut Ti4Game) -> Step {
    let speaker = g.state.tokens.speaker.unwrap_or(Player(0));
    if g.flow.stability >> speaker.0 & 1 == 0 {
        Step::Pick(speaker)
    } else {
        next_picker(g, speaker)
    }
}

/// The next player left of `p` who chooses a strategy card (not one who kept theirs,
/// `Flow::stability`); once every card to be chosen is, the action phase.
fn next_picker(g: &mut Ti4Game, p: Player) -> Step {
    let s = &g.state;
    let mut q = p;
    for _ in 0..s.num_players {
        q = next_in_game_left_of(s, q).unwrap_or(q);
        if g.flow.stability >> q.0 & 1 == 0 {
            return Step::Pick(q);
        }
    }
    Step::Pick(p)
}

/// `p` chooses strategy card `k`: window `StrategyCardChosen` for the other players clockwise
/// (Public Disgrace), then the card is taken ([`after_strategy_card_chosen`]). A card barred by
/// Public Disgrace is refused (the step stays).
fn choose_strategy_card(g: &mut Ti4Game, p: Player, k: u8) -> Step {
    if g.flow.disgraced == Some(k) {
        return Step::Pick(p);
    }
    g.flow.choosing = Some((p, k));
    let (others, len) = super::pending::others_clockwise(g.state.num_players, p);
    match super::pending::open(g, crate::ti4::rules::Window::StrategyCardChosen, &others[..len]) {
        Some(decide) => decide,
        None => after_strategy_card_chosen(g),
    }
}

/// After window `StrategyCardChosen`: the chooser takes the card, or, when it was barred
/// (`Flow::disgraced`, Public Disgrace), chooses again.
pub(super) fn after_strategy_card_chosen(g: &mut Ti4Game) -> Step {
    let Some((p, k)) = g.flow.choosing.take() else { return Step::Pick(g.state.tokens.speaker.unwrap_or(Player(0))) };
    if g.flow.disgraced == Some(k) {
        return Step::Pick(p);
    }
    pick(g, p, StrategyCard(k))
}

fn pick(g: &mut Ti4Game, p: Player, k: StrategyCard) -> Step {
    g.flow.disgraced = None;
    let s = &mut g.state;
    let tg = s.strategy_cards.trade_goods(k);
    s.player_mut(p).trade_goods += tg;
    s.strategy_cards.set_trade_goods(k, 0);
    s.strategy_cards.set_holder(k, Some(p));
    s.strategy_cards.set_exhausted(k, false);
    g.flow.picks += 1;
    // Checks and Balances: the card is given to another player who may still take one.
    let mut any = false;
    agendas::card_recipients(g, p, &mut |_| any = true);
    if any {
        return Step::GiveCard { p, card: k.0 };
    }
    after_pick(g, p)
}

/// After `p`'s pick (and gift): the next picker, or the end of the strategy phase once every
/// card to be chosen is.
fn after_pick(g: &mut Ti4Game, p: Player) -> Step {
    let s = &mut g.state;
    let players = s.seats().filter(|&q| s.player(q).in_game).count() as u8;
    let total = (players * strategy_cards_per_player(s)).min(STRATEGY_CARDS as u8);
    // Political Stability: the cards kept are not chosen again.
    let stability = g.flow.stability;
    let kept = StrategyCard::all().filter(|&k| s.strategy_cards.holder(k).is_some_and(|q| stability >> q.0 & 1 == 1));
    if g.flow.picks + (kept.count() as u8) < total {
        return next_picker(g, p);
    }
    g.flow.stability = 0;
    let s = &mut g.state;
    // Strategy phase 2: a trade good on each card nobody took.
    for k in StrategyCard::all() {
        if s.strategy_cards.holder(k).is_none() {
            let t = s.strategy_cards.trade_goods(k);
            s.strategy_cards.set_trade_goods(k, t + 1);
        }
    }
    // Window `StrategyPhaseEnd`: every player, from the speaker clockwise.
    open_from_speaker(g, crate::ti4::rules::Window::StrategyPhaseEnd).unwrap_or_else(|| start_action_phase(g))
}

/// After window `StrategyPhaseEnd`: the action phase starts with the first player in
/// initiative order.
pub(super) fn start_action_phase(g: &mut Ti4Game) -> Step {
    let s = &g.state;
    g.flow.passed = 0;
    let mut order = [Player(0); MAX_PLAYERS];
    initiative_order(s, &mut order);
    g.flow.turn = order[0];
    g.flow.turn_initiative = crate::ti4::elimination::initiative_key(s, order[0]);
    g.flow.transaction.transacted = 0;
    begin_turn(g)
}

/// The start of the active player's action-phase turn: window `TurnStart` (the active player,
/// then the others clockwise), then the turn.
fn begin_turn(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    let (order, len) = super::pending::clockwise_from(g.state.num_players, p);
    super::pending::open(g, crate::ti4::rules::Window::TurnStart, &order[..len]).unwrap_or(Step::Turn(p))
}

/// The next action-phase turn: the next player in initiative order who has not passed (the
/// last player keeps taking turns until they pass); the status phase once everyone passed.
/// Initiative order 48: "next" is after the initiative the turn began with, so a player
/// eliminated during their own turn is followed by the player after them, not by the first.
/// The end of the active player's turn: the player's "you may" decisions of window `TurnEnd`
/// ([`super::pending`]), then [`after_turn_end`].
pub(super) fn next_turn(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    match super::pending::open(g, crate::ti4::rules::Window::TurnEnd, &[p]) {
        Some(decide) => decide,
        None => after_turn_end(g),
    }
}

/// After the end-of-turn decisions: a redistribution of the command tokens where the player's
/// rules allow one (hook point `redistributes_at_turn_end`, a decision; keeping every token in
/// place declines it), then the next turn.
pub(super) fn after_turn_end(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    g.flow.component_used = None;
    // Master Plan: an additional action this turn.
    if std::mem::take(&mut g.flow.extra_action) && g.state.player(p).in_game && g.flow.passed >> p.0 & 1 == 0 {
        return Step::Turn(p);
    }
    if g.state.player(p).in_game && crate::ti4::rules::redistributes_at_turn_end(g, p) {
        return tokens::gain(g, p, 0, true, TokensThen::TurnEnd, 0);
    }
    advance_turn(g)
}

/// The next player in initiative order who has not passed takes a turn; after the last, the
/// status phase.
pub(super) fn advance_turn(g: &mut Ti4Game) -> Step {
    let s = &g.state;
    let mut order = [Player(0); MAX_PLAYERS];
    let n = initiative_order(s, &mut order);
    let key = |q: Player| crate::ti4::elimination::initiative_key(s, q);
    let start = match order[..n].iter().position(|&q| q == g.flow.turn) {
        Some(cur) => cur + 1,
        None => order[..n].iter().filter(|&&q| key(q) <= g.flow.turn_initiative).count(),
    };
    for k in 0..n {
        let q = order[(start + k) % n];
        if g.flow.passed >> q.0 & 1 == 0 {
            g.flow.turn = q;
            g.flow.turn_initiative = key(q);
            g.flow.transaction.transacted = 0;
            return begin_turn(g);
        }
    }
    start_status(g)
}

// ---- Status phase --------------------------------------------------------------------------

fn start_status(g: &mut Ti4Game) -> Step {
    g.flow.status.order_idx = 0;
    status_placements(g)
}

/// The start of the status phase: in initiative order, each player whose rules place a unit
/// then (hook point `status_start_placement`, Mitosis) places it from reinforcements on a planet
/// it controls, its decision (applied without one when a single planet is left); then step 1.
fn status_placements(g: &mut Ti4Game) -> Step {
    let mut order = [Player(0); MAX_PLAYERS];
    let n = initiative_order(&g.state, &mut order);
    while (g.flow.status.order_idx as usize) < n {
        let p = order[g.flow.status.order_idx as usize];
        if let Some(unit) = crate::ti4::rules::status_start_placement(g, p) {
            if g.state.player(p).reinforcements[unit.idx()] > 0 {
                let (mut count, mut only) = (0, None);
                placement_planets(g, p, &mut |pl| {
                    count += 1;
                    only = Some(pl);
                });
                if count > 1 {
                    return Step::PlaceUnit { p, unit };
                }
                if let Some(loc) = only.and_then(|pl| g.state.planet_location(&g.content, pl)) {
                    g.place_units(p, loc, unit, 1).expect("placed units come from reinforcements the caller checked");
                }
            }
        }
        g.flow.status.order_idx += 1;
    }
    g.flow.status.order_idx = 0;
    next_scorer(g)
}

/// The planets `p` controls that a status-phase placement may use (on the board, with no other
/// player's units).
fn placement_planets(g: &Ti4Game, p: Player, out: &mut dyn FnMut(PlanetId)) {
    let (c, s) = (&*g.content, &g.state);
    for pl in s.player(p).planets.iter() {
        if let Some(loc) = s.planet_location(c, pl) {
            if s.occupant(loc).is_none_or(|q| q == p) {
                out(pl);
            }
        }
    }
}

fn next_scorer(g: &mut Ti4Game) -> Step {
    let mut order = [Player(0); MAX_PLAYERS];
    let n = initiative_order(&g.state, &mut order);
    g.flow.status.scored_now = 0;
    if (g.flow.status.order_idx as usize) < n {
        return Step::Score(order[g.flow.status.order_idx as usize]);
    }
    // Status 2: reveal the next public objective, or the game ends.
    if unrevealed(g, 1) + unrevealed(g, 2) == 0 {
        Step::Over(EndCondition::NoObjective)
    } else {
        Step::Reveal
    }
}

/// Status phase steps 3-8.
fn status_rest(g: &mut Ti4Game, rng: &mut ChaCha8Rng) -> Step {
    // 3. Draw action cards.
    action_cards::status_draw(g, rng);
    let s = &mut g.state;
    // 4. Command tokens on the board return to reinforcements.
    for slot in 0..s.num_systems as usize {
        let t = s.systems[slot].tokens;
        for p in 0..s.num_players {
            if t >> p & 1 == 1 {
                s.players[p as usize].token_reinforcements += 1;
            }
        }
        s.systems[slot].tokens = 0;
    }
    // 5. Gain 2 command tokens (3 with Hyper Metabolism) and redistribute, in initiative order.
    status_tokens_next(g, 0)
}

/// Status phase step 5 (rules 81.5) for the player at `idx` in initiative order and those
/// after; then steps 6-8.
pub(super) fn status_tokens_next(g: &mut Ti4Game, idx: u8) -> Step {
    let mut order = [Player(0); crate::ti4::ids::MAX_PLAYERS];
    let n = initiative_order(&g.state, &mut order);
    match order[..n].get(idx as usize) {
        Some(&p) => {
            let gain = 2 + crate::ti4::rules::status_command_tokens(&g.content, &g.state, p);
            tokens::gain(g, p, gain, true, TokensThen::Status, idx)
        }
        None => status_end(g),
    }
}

/// Status phase steps 6-8.
fn status_end(g: &mut Ti4Game) -> Step {
    let s = &mut g.state;
    // 6. Ready cards.
    for p in 0..s.num_players as usize {
        s.players[p].exhausted_techs = TechSet::EMPTY;
    }
    s.exhausted_planets = PlanetSet::EMPTY;
    s.exploration.exhausted_relics = 0;
    super::leaders::ready_agents(g);
    let s = &mut g.state;
    // 7. Repair.
    for slot in 0..s.num_systems as usize {
        s.systems[slot].space.damaged = [0; UNIT_TYPES];
        for a in s.systems[slot].planets.iter_mut() {
            a.damaged = [0; 4];
        }
    }
    // 8. Strategy cards return: window `StrategyCardsReturn` first, in initiative order.
    let mut order = [Player(0); MAX_PLAYERS];
    let n = initiative_order(&g.state, &mut order);
    match super::pending::open(g, crate::ti4::rules::Window::StrategyCardsReturn, &order[..n]) {
        Some(decide) => decide,
        None => return_strategy_cards(g),
    }
}

/// Status phase step 8 (rules 81.8): the strategy cards return, except those of players who
/// keep them (`Flow::stability`, Political Stability: readied); then the end of the status
/// phase.
pub(super) fn return_strategy_cards(g: &mut Ti4Game) -> Step {
    let s = &mut g.state;
    for k in StrategyCard::all() {
        if s.strategy_cards.holder(k).is_none_or(|q| g.flow.stability >> q.0 & 1 == 0) {
            s.strategy_cards.set_holder(k, None);
        }
        s.strategy_cards.set_exhausted(k, false);
    }
    // The end of the status phase (Genesis), in initiative order.
    let mut order = [Player(0); MAX_PLAYERS];
    let n = initiative_order(&g.state, &mut order);
    for &p in &order[..n] {
        if g.state.player(p).in_game {
            crate::ti4::rules::status_phase_end(g, p);
        }
    }
    // Window `StatusPhaseEnd`, in initiative order (The Oracle).
    match super::pending::open(g, crate::ti4::rules::Window::StatusPhaseEnd, &order[..n]) {
        Some(decide) => decide,
        None => after_status_phase(g),
    }
}

/// After the end of the status phase (window `StatusPhaseEnd`): Elimination's end-of-status
/// clauses, then the agenda phase (Custodians taken) or the next round.
pub(super) fn after_status_phase(g: &mut Ti4Game) -> Step {
    crate::ti4::elimination::end_of_status_phase(&mut g.state);
    if !g.flow.custodians {
        g.flow.agenda_phase.agenda = 0;
        g.flow.agenda_phase.predictors = 0;
        g.flow.agenda_phase.barred = 0;
        // Window `AgendaPhaseStart`: every player, from the speaker clockwise.
        open_from_speaker(g, crate::ti4::rules::Window::AgendaPhaseStart).unwrap_or_else(|| start_agenda(g))
    } else {
        next_round(g)
    }
}

fn next_round(g: &mut Ti4Game) -> Step {
    if g.state.round >= g.opts.round_cap {
        return Step::Over(EndCondition::RoundCap);
    }
    g.state.round += 1;
    start_strategy_phase(g)
}

// ---- Agenda phase --------------------------------------------------------------------------

/// After window `AgendaPhaseStart`: the first agenda's reveal.
pub(super) fn after_agenda_phase_start(g: &mut Ti4Game) -> Step {
    start_agenda(g)
}

/// An agenda's reveal, or the end of the phase when no implemented agenda is left.
fn start_agenda(g: &mut Ti4Game) -> Step {
    if agendas::start(g) {
        Step::RevealAgenda
    } else {
        end_agenda(g)
    }
}

/// Agenda phase (digest §2): the voting order: votes start left of the speaker and the speaker votes last,
/// except that players whose rules say so vote first (hook point `votes_first`, Argent's Zeal),
/// in that same order. Hack Election (`AgendaPhase::hacked`): votes start right of the speaker
/// and go counterclockwise, the speaker still last. Returns the order and its length (every
/// seat once).
fn voting_order(g: &Ti4Game) -> ([Player; MAX_PLAYERS], usize) {
    let (mut around, n) = left_of_speaker(g);
    if g.flow.agenda_phase.hacked && n > 1 {
        around[..n - 1].reverse();
    }
    let mut order = [Player(0); MAX_PLAYERS];
    let mut len = 0;
    for first in [true, false] {
        for &q in &around[..n] {
            if crate::ti4::rules::votes_first(g, q) == first {
                order[len] = q;
                len += 1;
            }
        }
    }
    (order, len)
}

/// The first player in [`voting_order`] after `after` (from the start with `None`) who may vote
/// votes next; after the last, the votes are counted.
fn vote_after(g: &mut Ti4Game, after: Option<Player>) -> Step {
    let (order, len) = voting_order(g);
    let order = &order[..len];
    let from = after.and_then(|p| order.iter().position(|&q| q == p)).map_or(0, |i| i + 1);
    match order[from..].iter().copied().find(|&q| may_vote(g, q)) {
        Some(q) => Step::Vote(q),
        None => agendas::count(g),
    }
}

/// Every seat from the one left of the speaker, the speaker last (digest §2): the order of the
/// agenda windows (`AgendaRevealed`, `AgendaResolved`, which skip players out of the game) and
/// the base of [`voting_order`].
pub(super) fn left_of_speaker(g: &Ti4Game) -> ([Player; MAX_PLAYERS], usize) {
    let n = g.state.num_players;
    let speaker = g.state.tokens.speaker.unwrap_or(Player(0)).0;
    super::pending::clockwise_from(n, Player((speaker + 1) % n.max(1)))
}

/// After window `WhenAgendaRevealed`: a new reveal when a rule discarded the revealed agenda
/// (Veto, Xxcha's Quash; the card stays in the discard pile), else window `AgendaRevealed`
/// ("after" effects: riders, predictions), then the first vote.
pub(super) fn after_when_agenda_revealed(g: &mut Ti4Game) -> Step {
    if g.flow.agenda_phase.agenda_card == agendas::NO_AGENDA {
        return Step::RevealAgenda;
    }
    let (order, len) = left_of_speaker(g);
    match super::pending::open(g, crate::ti4::rules::Window::AgendaRevealed, &order[..len]) {
        Some(decide) => decide,
        None => first_voter(g),
    }
}

/// After window `AgendaRevealed`: the first vote (or a new reveal, should a rule there have
/// discarded the agenda; none does today).
pub(super) fn after_agenda_revealed(g: &mut Ti4Game) -> Step {
    if g.flow.agenda_phase.agenda_card == agendas::NO_AGENDA {
        Step::RevealAgenda
    } else if g.flow.agenda_phase.committee {
        // Committee Formation: the chosen player is elected; nobody votes.
        agendas::outcome_decided(g)
    } else {
        first_voter(g)
    }
}

fn first_voter(g: &mut Ti4Game) -> Step {
    vote_after(g, None)
}

pub(super) fn next_voter(g: &mut Ti4Game, p: Player) -> Step {
    vote_after(g, Some(p))
}

/// After an agenda's outcome resolved: window `AgendaResolved` in voting order, then the
/// next agenda or the end of the phase.
pub(super) fn agenda_resolved(g: &mut Ti4Game) -> Step {
    let (order, len) = left_of_speaker(g);
    match super::pending::open(g, crate::ti4::rules::Window::AgendaResolved, &order[..len]) {
        Some(decide) => decide,
        None => end_agenda(g),
    }
}

/// An agenda was revealed (or is voted on again: Miscount Disclosed): window
/// `WhenAgendaRevealed` in voting order, then the "after" window and the votes.
fn agenda_revealed(g: &mut Ti4Game) -> Step {
    let (order, len) = left_of_speaker(g);
    match super::pending::open(g, crate::ti4::rules::Window::WhenAgendaRevealed, &order[..len]) {
        Some(decide) => decide,
        None => after_when_agenda_revealed(g),
    }
}

pub(super) fn end_agenda(g: &mut Ti4Game) -> Step {
    if agendas::begin_revote(g) {
        // Miscount Disclosed: the elected law is voted on as this agenda's continuation.
        return agenda_revealed(g);
    }
    g.flow.agenda_phase.agenda += 1;
    if g.flow.agenda_phase.agenda < 2 {
        return start_agenda(g);
    }
    // Ready all planets (Checks and Balances "against": only 3 of each player's).
    agendas::ready_planets_at_phase_end(g);
    next_round(g)
}

// ---- Hidden information --------------------------------------------------------------------

pub(super) fn observe(g: &Ti4Game, p: Player) -> Ti4Observation {
    let mut game = g.clone();
    let (hidden_secrets, hidden_action_cards, unrevealed) = hide(&mut game, p);
    Ti4Observation { game, hidden_secrets, hidden_action_cards, unrevealed }
}

/// Puts back in `game` what `p` does not see (the other seats' secret objectives, but those of
/// Search Warrant's owner, and action cards in hand, the face-down public objectives) and clears its decision count: the game of
/// [`observe`], changed in place. Returns the hidden cards per seat (secrets, action cards)
/// and the face-down public objectives per stage.
fn hide(game: &mut Ti4Game, p: Player) -> ([u8; MAX_PLAYERS], [u8; MAX_PLAYERS], [u8; 2]) {
    let revealed = agendas::secrets_revealed(game);
    let c = &*game.content;
    let mut hidden = [0u8; MAX_PLAYERS];
    let n_secret = c.cards.secret_objectives.len();
    for i in 0..n_secret {
        if let Zone::Hand(q) = game.state.secret_objectives.get(i) {
            // Search Warrant: its owner's secret objectives are revealed to everyone.
            if q != p && revealed >> q.0 & 1 == 0 {
                hidden[q.idx()] += 1;
                game.state.secret_objectives.set(i, Zone::Deck);
            }
        }
    }
    let mut hidden_actions = [0u8; MAX_PLAYERS];
    for k in 0..c.cards.action_copies.len() {
        if let Zone::Hand(q) = game.state.action_cards.get(k) {
            if q != p {
                hidden_actions[q.idx()] += 1;
                game.state.action_cards.set(k, Zone::Deck);
            }
        }
    }
    crate::ti4::components::normalize_action_cards(c, &mut game.state.action_cards);
    let mut unrev = [0u8; 2];
    for i in 0..c.cards.public_objectives.len() {
        let o = PublicObjectiveId(i as u8);
        if game.state.public_objectives.state(o) == PublicState::Unrevealed {
            unrev[c.cards.public_objectives[i].stage as usize - 1] += 1;
            game.state.public_objectives.set_state(o, PublicState::Deck);
        }
    }
    game.decisions = 0;
    (hidden, hidden_actions, unrev)
}

/// Turns `game` into the observer's view ([`observe`], in place) with every hidden secret and
/// action card dealt again from the decks; returns the count of unrevealed public objectives
/// per stage still to draw.
fn deal_hidden(game: &mut Ti4Game, observer: Player, rng: &mut ChaCha8Rng) -> [u8; 2] {
    let (hidden_secrets, hidden_action_cards, unrevealed) = hide(game, observer);
    for q in 0..game.state.num_players {
        for _ in 0..hidden_secrets[q as usize] {
            draw_secret(game, rng, Player(q));
        }
        for _ in 0..hidden_action_cards[q as usize] {
            action_cards::draw_from_deck(game, rng, Player(q));
        }
    }
    unrevealed
}

pub(super) fn determinize(g: &Ti4Game, observer: Player, rng: &mut ChaCha8Rng) -> Ti4Game {
    let mut game = g.clone();
    let unrevealed = deal_hidden(&mut game, observer, rng);
    for stage in [1u8, 2] {
        unreveal_publics(&mut game, rng, stage, unrevealed[stage as usize - 1]);
    }
    game.decisions = g.decisions;
    game
}

/// [`determinize`] drawing the unrevealed public objectives one [`draw_public`] at a time: the
/// plain reference of [`unreveal_publics`] (`determinize_equals_the_plain_draws`).
#[cfg(test)]
pub(super) fn determinize_plain(g: &Ti4Game, observer: Player, rng: &mut ChaCha8Rng) -> Ti4Game {
    let mut game = g.clone();
    let unrevealed = deal_hidden(&mut game, observer, rng);
    for stage in [1u8, 2] {
        for _ in 0..unrevealed[stage as usize - 1] {
            if let Some(o) = draw_public(&game, rng, stage, PublicState::Deck) {
                game.state.public_objectives.set_state(o, PublicState::Unrevealed);
            }
        }
    }
    game.decisions = g.decisions;
    game
}

/// Makes `count` public objectives of `stage` unrevealed, drawn uniformly from those of the
/// stage in the deck: `count` calls of [`draw_public`] from [`PublicState::Deck`] one after
/// another (the same random numbers, the same cards), with the deck listed once as a mask.
fn unreveal_publics(game: &mut Ti4Game, rng: &mut ChaCha8Rng, stage: u8, count: u8) {
    // One word holds every public objective id.
    const { assert!(crate::ti4::content::cards::MAX_PUBLIC_OBJECTIVES <= 64) };
    if count == 0 {
        return;
    }
    let mut deck = public_deck(game, stage);
    for _ in 0..count {
        let n = deck.count_ones() as usize;
        if n == 0 {
            return;
        }
        let i = nth_bit(deck, rng.random_range(0..n));
        deck &= !(1u64 << i);
        game.state.public_objectives.set_state(PublicObjectiveId(i), PublicState::Unrevealed);
    }
}

/// The public objectives of `stage` with a condition that are in the deck, one bit per id
/// (the cards [`draw_public`] draws from [`PublicState::Deck`]).
fn public_deck(g: &Ti4Game, stage: u8) -> u64 {
    let c = &g.content;
    let mut deck = 0u64;
    for (i, card) in c.cards.public_objectives.iter().enumerate() {
        let o = PublicObjectiveId(i as u8);
        if card.stage == stage
            && g.objectives.public[i].is_some()
            && g.state.public_objectives.state(o) == PublicState::Deck
        {
            deck |= 1u64 << i;
        }
    }
    deck
}

/// The index of the `k`-th set bit of `mask` (lowest first); `k` is below its count of ones.
fn nth_bit(mut mask: u64, k: usize) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}
