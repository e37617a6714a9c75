//! Game positions: a [`Ti4Game`] at any step written as a position (`docs/POSITION.md`,
//! "Game positions") and read back, so that any reachable state can be saved, inspected,
//! edited and continued identically (issue 14, Build 3).
//!
//! A game position is a [`Position`] (the components, as ids) with three more sections: `map`
//! (the galaxy as a Tabletop Simulator map string), `rules` (the game's options) and
//! `procedure` (a [`Procedure`]: the [`Step`] the game waits at, the round's [`Flow`] — a
//! tactical action half-way, a combat round, an agenda vote — and the game's counters).
//! `procedure` is the engine's own bookkeeping written by serde (seats, board slots and card
//! indices as numbers); reading it checks every seat, slot and card index against the game and
//! then the round loop's invariants ([`Ti4Game::check_invariants`]), but it cannot prove that a
//! hand-edited procedure is one the rules could reach.

use super::effects::{Effect, EFFECTS};
use super::{agendas::NO_AGENDA, setup::GameTables, Flow, Step, Ti4Game, Ti4Options, AGENDA_LOG, RESEARCH_LOG};
use crate::ti4::combat::{Force, GroundCombat, Side, SpaceCombat};
use crate::ti4::content::Content;
use crate::ti4::galaxy::{Galaxy, MapString};
use crate::ti4::ids::*;
use crate::ti4::position::{
    from_position, parse_position, to_position, Position, PositionError, PositionErrorKind as K, RulesSection,
};
use crate::ti4::state::MAX_PLANETS_PER_SYSTEM;
use crate::ti4::technology::Skip;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where the round stands: everything of a [`Ti4Game`] beyond its components, map and options.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Procedure {
    /// The decision or chance point the game waits at.
    pub step: Step,
    /// The round's bookkeeping.
    pub flow: Flow,
    /// Decisions applied so far.
    pub decisions: u32,
    /// Technologies researched so far.
    pub researched: u16,
    /// Victory points agendas have given.
    pub agenda_points: u16,
    /// The first researches (at most 256): `[seat, technology index, round]`.
    pub research_log: Vec<[u8; 3]>,
    /// The logged researches that used a prerequisite skip: `[index in research_log, skip]`
    /// (`Skip as u8`, 1-3); omitted when none did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub research_skips: Vec<[u16; 2]>,
    /// The rule effects counted so far (`effects::Effect`): `[effect index, seat, count]` for
    /// each nonzero count; omitted when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<[u16; 3]>,
    /// Exploration cards drawn so far: `[card index, count]` for each card drawn, in card
    /// order; omitted when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub explorations: Vec<[u16; 2]>,
    /// Agendas resolved so far; omitted when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub agendas_resolved: u16,
    /// The first agendas resolved (at most 64): `[agenda index, outcome, round]`; omitted when
    /// none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agenda_log: Vec<[u8; 3]>,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// The game as a position with every section explicit (components, map, rules, procedure).
pub fn game_to_position(g: &Ti4Game) -> Position {
    let c = &*g.content;
    let mut pos = to_position(c, &g.state);
    pos.map = Some(g.galaxy.map().to_tts(c));
    pos.rules = Some(RulesSection { victory_points: g.opts.victory_points, round_cap: g.opts.round_cap });
    let logged = (g.researched as usize).min(RESEARCH_LOG);
    let procedure = Procedure {
        step: g.step,
        flow: g.flow,
        decisions: g.decisions,
        researched: g.researched,
        agenda_points: g.agenda_points,
        research_log: g.research_log[..logged].iter().map(|&(p, t, r, _)| [p, t, r]).collect(),
        research_skips: (0..logged)
            .filter(|&i| g.research_log[i].3 != 0)
            .map(|i| [i as u16, g.research_log[i].3 as u16])
            .collect(),
        effects: g.effects.nonzero().map(|(p, e, n)| [e as u16, p.0 as u16, n]).collect(),
        explorations: (0..g.explorations.len())
            .filter(|&i| g.explorations[i] > 0)
            .map(|i| [i as u16, g.explorations[i]])
            .collect(),
        agendas_resolved: g.agendas_resolved,
        agenda_log: g.agenda_log[..(g.agendas_resolved as usize).min(AGENDA_LOG)]
            .iter()
            .map(|&(a, o, r)| [a, o, r])
            .collect(),
    };
    // Plain data with string keys: serialising cannot fail.
    pos.procedure = serde_json::to_value(procedure).ok();
    pos
}

/// The game as one line of position JSON.
pub fn game_to_json(g: &Ti4Game) -> String {
    game_to_position(g).to_json()
}

/// Parses and checks game-position JSON into a game on `content`.
pub fn game_from_json(content: Arc<Content>, text: &str) -> Result<Ti4Game, PositionError> {
    game_from_position(content, &parse_position(text)?)
}

/// Reads a game position: the components as [`from_position`] reads them, the galaxy from
/// `map` (the board must hold the map's tiles in slot order; an empty `systems` list takes
/// them from the map), `rules` (default: [`Ti4Options::default`]) and `procedure` (required).
/// Errors name the field: `map`, `systems[3]`, `procedure.flow.turn`, `procedure` (an
/// invariant the game breaks).
pub fn game_from_position(content: Arc<Content>, pos: &Position) -> Result<Ti4Game, PositionError> {
    let c = &*content;
    let Some(value) = &pos.procedure else {
        return Err(PositionError::new(
            "procedure",
            K::Procedure("missing: a game position carries the round's procedure (written by `sim apply`)".into()),
        ));
    };
    let Some(map) = &pos.map else {
        return Err(PositionError::new("map", K::MissingMap));
    };
    let galaxy = MapString::parse(c, map)
        .and_then(|m| Galaxy::new(c, &m))
        .map_err(|e| PositionError::new("map", K::Map(e.to_string())))?;
    let mut pos = pos.clone();
    if pos.systems.is_empty() {
        pos.systems = galaxy.tiles().iter().map(|t| c.systems[t.idx()].key.clone()).collect();
    }
    let state = from_position(c, &pos)?;
    for slot in 0..state.num_systems.max(galaxy.len() as u8) as usize {
        let tile = |t: Option<SystemId>| t.map_or_else(|| "(none)".to_string(), |t| c.systems[t.idx()].key.clone());
        let on_board = (slot < state.num_systems as usize).then(|| state.systems[slot].tile);
        let on_map = (slot < galaxy.len()).then(|| galaxy.tile(slot as u8));
        if on_board != on_map {
            return Err(PositionError::new("systems", K::BoardNotMap(slot, tile(on_board), tile(on_map))));
        }
    }
    if galaxy.homes().len() != state.num_players as usize {
        let why = format!("the map has {} home systems for {} players", galaxy.homes().len(), state.num_players);
        return Err(PositionError::new("map", K::Map(why)));
    }
    for (i, h) in galaxy.homes().iter().enumerate() {
        if h.faction != Some(state.player(Player(i as u8)).faction) {
            let why = format!("home system {} of the map is not players[{i}]'s", i + 1);
            return Err(PositionError::new("map", K::Map(why)));
        }
    }
    let opts = match &pos.rules {
        None => Ti4Options::default(),
        Some(r) => {
            for (field, v) in [("victory_points", r.victory_points), ("round_cap", r.round_cap)] {
                if !(1..=30).contains(&v) {
                    return Err(PositionError::new(format!("rules.{field}"), K::BadValue(v.to_string(), "1 to 30")));
                }
            }
            Ti4Options { victory_points: r.victory_points, round_cap: r.round_cap }
        }
    };
    let procedure: Procedure =
        serde_path_to_error::deserialize(value).map_err(|e| crate::ti4::position::shape_error("procedure", &e))?;
    let mut g = Ti4Game::assemble(
        content.clone(),
        Arc::new(galaxy),
        GameTables::of(content.clone()),
        opts,
        state,
        procedure.step,
        procedure.flow,
    );
    check_ranges(&g, &procedure)?;
    g.decisions = procedure.decisions;
    g.researched = procedure.researched;
    g.agenda_points = procedure.agenda_points;
    for (i, e) in procedure.research_log.iter().enumerate() {
        g.research_log[i] = (e[0], e[1], e[2], 0);
    }
    for &[i, k] in &procedure.research_skips {
        g.research_log[i as usize].3 = k as u8;
    }
    for &[e, p, n] in &procedure.effects {
        g.effects.set(Player(p as u8), Effect::ALL[e as usize], n);
    }
    for &[i, n] in &procedure.explorations {
        g.explorations[i as usize] = n;
    }
    g.agendas_resolved = procedure.agendas_resolved;
    for (i, e) in procedure.agenda_log.iter().enumerate() {
        g.agenda_log[i] = (e[0], e[1], e[2]);
    }
    g.check_invariants().map_err(|e| PositionError::new("procedure", K::Procedure(format!("invariant: {e}"))))?;
    Ok(g)
}

/// True when two games are the same game: equal components, map, options, step, bookkeeping
/// and counters (the content compared by identity, the galaxy by value).
pub fn same_game(a: &Ti4Game, b: &Ti4Game) -> bool {
    Arc::ptr_eq(&a.content, &b.content)
        && a.galaxy.tiles() == b.galaxy.tiles()
        && a.galaxy.map().to_tts(&a.content) == b.galaxy.map().to_tts(&b.content)
        && a.opts == b.opts
        && a.state == b.state
        && a.home_slot == b.home_slot
        && a.step == b.step
        && a.flow == b.flow
        && a.decisions == b.decisions
        && a.researched == b.researched
        && a.agenda_points == b.agenda_points
        && a.research_log == b.research_log
        && a.effects == b.effects
        && a.explorations == b.explorations
        && a.agendas_resolved == b.agendas_resolved
        && a.agenda_log == b.agenda_log
}

/// Every seat, board slot, planet and card index of the procedure lies in the game.
fn check_ranges(g: &Ti4Game, pr: &Procedure) -> Result<(), PositionError> {
    let c = &*g.content;
    let n = g.state.num_players;
    let slots = g.state.num_systems;
    let bad = |field: &str, why: String| Err(PositionError::new(format!("procedure.{field}"), K::Procedure(why)));
    let seat = |field: &str, p: Player| if p.0 < n { Ok(()) } else { bad(field, format!("seat {} of {n}", p.0)) };
    let planet = |field: &str, k: u8| {
        if (k as usize) < MAX_PLANETS_PER_SYSTEM {
            Ok(())
        } else {
            bad(field, format!("planet {k} of a system (at most {MAX_PLANETS_PER_SYSTEM})"))
        }
    };
    match pr.step {
        Step::Pick(p)
        | Step::GiveCard { p, .. }
        | Step::Turn(p)
        | Step::Move(p)
        | Step::Land(p)
        | Step::Produce(p)
        | Step::Follow(p)
        | Step::ChooseSpeaker(p)
        | Step::Diplomacy(p)
        | Step::Warfare(p)
        | Step::Imperial(p)
        | Step::DrawSecret(p)
        | Step::ReturnSecret(p)
        | Step::GainTechnology(p)
        | Step::AgendaResearch(p)
        | Step::Score(p)
        | Step::Vote(p)
        | Step::TieBreak(p)
        | Step::Offer(p)
        | Step::DrawActionCards(p)
        | Step::Explore(p)
        | Step::ExploreDraw(p)
        | Step::DrawRelic(p)
        | Step::ComponentRoll(p)
        | Step::Research { p, .. }
        | Step::CastVotes { p, .. }
        | Step::Build { p, .. }
        | Step::BuyTokens { p, .. } => seat("step", p)?,
        Step::ResearchOption { p, tech, .. } => {
            seat("step", p)?;
            if tech.idx() >= c.techs.len() {
                return bad("step", format!("technology {} of {}", tech.0, c.techs.len()));
            }
        }
        Step::PlaceUnit { p, .. } | Step::Redeploy(p) | Step::TakeCards(p) => seat("step", p)?,
        Step::Decide(p) => {
            seat("step", p)?;
            let pend = &pr.flow.pending;
            match (pend.window, pend.current()) {
                (Some(_), Some((q, _))) if q != p => {
                    return bad("flow.pending", format!("seat {} decides, not seat {}", q.0, p.0))
                }
                (Some(_), Some(_)) => {}
                _ => return bad("flow.pending", "a decision step with no pending decision".into()),
            }
            for (q, src) in pend.queue.iter().flatten() {
                seat("flow.pending.queue", *q)?;
                if c.rules.key(*src).is_none() {
                    return bad("flow.pending.queue", format!("{src:?} is no rule of this content"));
                }
            }
        }
        Step::Pay(p) => {
            seat("step", p)?;
            if pr.flow.pay.then == super::payment::PayFor::Nothing {
                return bad("flow.pay", "a payment step with nothing to pay for".into());
            }
            if let super::payment::PayFor::Research { tech, .. } = pr.flow.pay.then {
                if tech.idx() >= c.techs.len() {
                    return bad("flow.pay.then", format!("technology {} of {}", tech.0, c.techs.len()));
                }
            }
            if let super::payment::PayFor::Objective { secret, id, .. }
            | super::payment::PayFor::ObjectiveResources { secret, id, .. }
            | super::payment::PayFor::ObjectiveRest { secret, id, .. } = pr.flow.pay.then
            {
                let n = if secret { c.cards.secret_objectives.len() } else { c.cards.public_objectives.len() };
                if id as usize >= n {
                    return bad("flow.pay.then", format!("objective {id} of {n}"));
                }
            }
        }
        Step::Tokens { p, stage } => {
            seat("step", p)?;
            if stage > 1 {
                return bad("step", format!("token stage {stage} (0 or 1)"));
            }
        }
        Step::InvasionRolls(k) | Step::Ground(k) => planet("step", k)?,
        Step::Space => {
            if pr.flow.tactical.space.is_none() {
                return bad("flow.tactical.space", "a space combat step without its combat".into());
            }
        }
        Step::CardChance => {
            if pr.flow.played.is_none() {
                return bad("flow.played", "a card's chance step without the card being played".into());
            }
        }
        Step::Deal | Step::SpaceCannon | Step::Reveal | Step::RevealAgenda | Step::ResolveAgenda | Step::Over(_) => {}
    }
    // The card being played (windows `ActionCardPlayed`, `ActionCardDiscarded`): a seat of the
    // table and a card of the content, which the round loop indexes without checking.
    if let Some(played) = pr.flow.played {
        seat("flow.played.player", played.player)?;
        if played.card.idx() >= c.cards.action_cards.len() {
            return bad("flow.played.card", format!("action card {} of {}", played.card.0, c.cards.action_cards.len()));
        }
    }
    // The strategy card being chosen (window `StrategyCardChosen`) and the one barred.
    if let Some((p, k)) = pr.flow.choosing {
        seat("flow.choosing", p)?;
        if k >= 8 {
            return bad("flow.choosing", format!("strategy card {k} (0 to 7)"));
        }
    }
    if pr.flow.disgraced.is_some_and(|k| k >= 8) {
        return bad("flow.disgraced", "a strategy card 0 to 7".into());
    }
    if matches!(pr.step, Step::Ground(_)) && pr.flow.tactical.ground.is_none() {
        return bad("flow.tactical.ground", "a ground combat step without its combat".into());
    }
    let f = &pr.flow;
    if f.pending.window.is_some() && !matches!(pr.step, Step::Decide(_)) {
        return bad("flow.pending", "decisions pending outside a decision step".into());
    }
    seat("flow.turn", f.turn)?;
    seat("flow.strategic.card_owner", f.strategic.card_owner)?;
    seat("flow.tactical.defender", f.tactical.defender)?;
    if f.tactical.active >= slots {
        return bad("flow.tactical.active", format!("board slot {} of {slots}", f.tactical.active));
    }
    if f.strategic.card >= 8 {
        return bad("flow.strategic.card", format!("strategy card {} (0 to 7)", f.strategic.card));
    }
    if f.strategic.follower > n {
        return bad("flow.strategic.follower", format!("seat offset {} of {n}", f.strategic.follower));
    }
    if let Some(q) = f.transaction.resolved_with {
        seat("flow.transaction.resolved_with", q)?;
    }
    if f.transaction.offer_from >= n {
        return bad("flow.transaction.offer_from", format!("seat {} of {n}", f.transaction.offer_from));
    }
    if f.agenda_phase.agenda_card != NO_AGENDA && f.agenda_phase.agenda_card as usize >= c.cards.agendas.len() {
        return bad(
            "flow.agenda_phase.agenda_card",
            format!("agenda {} of {}", f.agenda_phase.agenda_card, c.cards.agendas.len()),
        );
    }
    let ap = &f.agenda_phase;
    if ap.rider_count as usize > super::agendas::MAX_RIDERS {
        return bad(
            "flow.agenda_phase.rider_count",
            format!("{} riders (at most {})", ap.rider_count, super::agendas::MAX_RIDERS),
        );
    }
    for (i, &[p, r, o]) in ap.riders[..ap.rider_count as usize].iter().enumerate() {
        if p >= n || r as usize >= super::agendas::Rider::ALL.len() || o as usize >= MAX_PLAYERS {
            return bad(
                &format!("flow.agenda_phase.riders[{i}]"),
                format!("seat {p}, rider {r} or outcome {o} out of range"),
            );
        }
    }
    if f.agenda_phase.outcome as usize >= MAX_PLAYERS {
        return bad(
            "flow.agenda_phase.outcome",
            format!("outcome {} (0 to {})", f.agenda_phase.outcome, MAX_PLAYERS - 1),
        );
    }
    let known = |u: UnitId| u.idx() < c.units.len();
    if let Some(sc) = &f.tactical.space {
        if !space_units(sc).all(known) {
            return bad("flow.tactical.space", "a unit index beyond the content's units".into());
        }
    }
    if let Some(gc) = &f.tactical.ground {
        if !ground_units(gc).all(known) {
            return bad("flow.tactical.ground", "a unit index beyond the content's units".into());
        }
    }
    let run = &pr.flow.production;
    if (0..UNIT_TYPES).any(|t| run.free[t] > run.queue[t]) {
        return bad("flow.production.free", format!("{:?} produced without paying, queue {:?}", run.free, run.queue));
    }
    let logged = (pr.researched as usize).min(RESEARCH_LOG);
    let agendas_logged = (pr.agendas_resolved as usize).min(AGENDA_LOG);
    if pr.agenda_log.len() != agendas_logged {
        return bad("agenda_log", format!("{} entries for {} agendas", pr.agenda_log.len(), pr.agendas_resolved));
    }
    for (i, e) in pr.agenda_log.iter().enumerate() {
        if e[0] as usize >= c.cards.agendas.len() || e[1] as usize >= MAX_PLAYERS {
            return bad(&format!("agenda_log[{i}]"), format!("agenda {} or outcome {} out of range", e[0], e[1]));
        }
    }
    if pr.research_log.len() != logged {
        return bad("research_log", format!("{} entries for {} researches", pr.research_log.len(), pr.researched));
    }
    for (i, e) in pr.research_log.iter().enumerate() {
        if e[0] >= n || e[1] as usize >= c.techs.len() {
            return bad(&format!("research_log[{i}]"), format!("seat {} or technology {} out of range", e[0], e[1]));
        }
    }
    let mut last = None;
    for (j, &[i, k]) in pr.research_skips.iter().enumerate() {
        if i as usize >= logged || last.is_some_and(|l| l >= i) {
            return bad(&format!("research_skips[{j}]"), format!("entry {i} of {logged}, not after the one before"));
        }
        if k == 0 || u8::try_from(k).ok().and_then(Skip::from_index).is_none() {
            return bad(&format!("research_skips[{j}]"), format!("skip {k} (1-{})", Skip::ALL.len() - 1));
        }
        last = Some(i);
    }
    let mut last = None;
    for (j, &[e, p, k]) in pr.effects.iter().enumerate() {
        let field = format!("effects[{j}]");
        if e as usize >= EFFECTS || p >= n as u16 || k == 0 {
            return bad(&field, format!("effect {e} (0-{}), seat {p} of {n}, count {k} (at least 1)", EFFECTS - 1));
        }
        if last.is_some_and(|l| l >= (e, p)) {
            return bad(&field, "not after the entry before (effect, then seat)".into());
        }
        last = Some((e, p));
    }
    let mut last = None;
    for (j, &[i, k]) in pr.explorations.iter().enumerate() {
        if i as usize >= c.cards.exploration.len() || k == 0 || last.is_some_and(|l| l >= i) {
            return bad(
                &format!("explorations[{j}]"),
                format!("card {i} of {}, count {k} (at least 1), after the entry before", c.cards.exploration.len()),
            );
        }
        last = Some(i);
    }
    Ok(())
}

/// The unit definitions a force's stats name.
fn force_units(f: &Force) -> impl Iterator<Item = UnitId> + '_ {
    UnitType::ALL.into_iter().filter_map(|t| f.stats(t).unit)
}

/// The unit definitions a space combat's forces name.
fn space_units(sc: &SpaceCombat) -> impl Iterator<Item = UnitId> + '_ {
    Side::BOTH.into_iter().flat_map(|s| force_units(sc.force(s)))
}

/// The unit definitions a ground combat's forces name.
fn ground_units(gc: &GroundCombat) -> impl Iterator<Item = UnitId> + '_ {
    Side::BOTH.into_iter().flat_map(|s| force_units(gc.force(s)))
}
