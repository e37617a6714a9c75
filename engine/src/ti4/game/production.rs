//! Production (digest §6; Rules Reference 67 "Producing Units"): the PRODUCTION of the player's
//! units in the system (a space dock: its planet's resources + 2), one unit queued at a time,
//! "1 for 2" costs, affordability, blockades (no ships where another player has ships), the
//! fleet pool and capacity, component limits (reinforcements); payment the player's choice of
//! planets and trade goods ([`payment`]); ground forces on the dock's planet. Hook points:
//! `production_discount`, `extra_tactical_action`; window `AfterProduction`.

use super::payment::{self, PayFor};
use super::tactical::{
    capacity_of, dock_fighter_allowance, is_ship, non_fighter_ships, production_value, production_value_without_docks,
    transit_non_fighters, units_of, SHIPS,
};
use super::{flow, Action, Counts, Step, Ti4Game};
use crate::ti4::ids::*;
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};
use crate::ti4::technology::Payment;

/// The production step of `p` in the active system (a tactical action's, or Warfare's
/// secondary in the home system): window `ProductionStart` for `p` (War Machine), then
/// [`Step::Produce`]; straight to [`end_production`] when their units there have no PRODUCTION.
pub(super) fn start_production(g: &mut Ti4Game, p: Player) -> Step {
    g.flow.production.integrated_used = 0;
    empty_queue(g);
    if g.state.player(p).in_game && production_value(g, p, g.flow.tactical.active) > 0 {
        match super::pending::open(g, crate::ti4::rules::Window::ProductionStart, &[p]) {
            Some(decide) => decide,
            None => Step::Produce(p),
        }
    } else {
        end_production(g)
    }
}

/// The player producing now: the one using Warfare's secondary, or the active player.
pub(super) fn producer(g: &Ti4Game) -> Player {
    if g.flow.production.warfare {
        let (owner, n) = (g.flow.strategic.card_owner, g.state.num_players);
        Player((owner.0 + g.flow.strategic.follower) % n)
    } else {
        g.flow.turn
    }
}

/// War Machine's increase of a production's PRODUCTION value.
pub(crate) const WAR_MACHINE_PRODUCTION: u32 = 4;

/// The reduction of the production's combined cost: hook point `production_discount`, and 1
/// more with War Machine; none for Integrated Economy's (no unit uses PRODUCTION); all of it
/// with Harrugh Gefhara (`ProductionRun::costless`).
fn discount(g: &Ti4Game, p: Player) -> u32 {
    if g.flow.production.integrated.is_some() {
        return 0;
    }
    if g.flow.production.costless {
        return u32::MAX;
    }
    crate::ti4::rules::production_discount(g, p) + g.flow.production.war_machine as u32
}

/// After window `ControlGained`: Integrated Economy's production on the planet a choice named
/// ([`ProductionRun::integrated`](super::procedures::ProductionRun)), or the tactical action's
/// production step.
pub(super) fn after_control_gained(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    if g.flow.production.integrated.is_some() {
        empty_queue(g);
        Step::Produce(p)
    } else {
        start_production(g, p)
    }
}

/// What one production may queue: at most `units` units, ships only when `ships_only`, of a
/// combined cost at most `cost`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cap {
    /// Most units queued (the PRODUCTION value).
    pub units: u32,
    /// Ships only (Sling Relay).
    pub ships_only: bool,
    /// Most combined cost of the queue, before any reduction (Integrated Economy: the planet's
    /// resources).
    pub cost: u32,
    /// The planet (index in the system) ground forces go to whatever the structures there
    /// (Integrated Economy's planet).
    pub planet: Option<u8>,
}

impl Cap {
    /// 1 ship (Sling Relay's production).
    pub(crate) const ONE_SHIP: Cap = Cap { units: 1, ships_only: true, cost: u32::MAX, planet: None };

    /// Integrated Economy's production on planet `n` of system `a`: any number of units of a
    /// combined cost at most the planet's resources, ground forces on the planet.
    pub(crate) fn integrated(g: &Ti4Game, a: u8, n: u8) -> Cap {
        let resources =
            g.state.planet_at(&g.content, Location::Planet(a, n)).map_or(0, |pl| g.state.resources_of(&g.content, pl));
        Cap { units: u32::MAX, ships_only: false, cost: resources as u32, planet: Some(n) }
    }

    /// A production of at most `units` units of any kind and cost.
    pub(crate) fn units(units: u32) -> Cap {
        Cap { units, ships_only: false, cost: u32::MAX, planet: None }
    }
}

/// The cap of the production under way: Sling Relay's 1 ship, Integrated Economy's planet
/// resources, or the PRODUCTION value of the player's units in the active system (+4 with War
/// Machine).
fn cap(g: &Ti4Game, p: Player) -> Cap {
    let a = g.flow.tactical.active;
    if g.flow.production.component {
        Cap::ONE_SHIP
    } else if let Some(n) = g.flow.production.integrated {
        Cap::integrated(g, a, n)
    } else {
        let war_machine = if g.flow.production.war_machine { WAR_MACHINE_PRODUCTION } else { 0 };
        Cap::units(production_value(g, p, a) + war_machine)
    }
}

/// A component action's production of 1 ship in system `slot` (Sling Relay): the production
/// step with no tactical action; the turn ends after it ([`end_production`]).
pub(super) fn start_component_production(g: &mut Ti4Game, p: Player, slot: u8) -> Step {
    empty_queue(g);
    (g.flow.tactical.active, g.flow.production.component) = (slot, true);
    Step::Produce(p)
}

/// A production starts with nothing queued (nor in transit) and without War Machine.
fn empty_queue(g: &mut Ti4Game) {
    g.flow.production.queue = [0; UNIT_TYPES];
    g.flow.production.free = [0; UNIT_TYPES];
    g.flow.production.war_machine = false;
    g.flow.production.costless = false;
    g.flow.tactical.transit = [0; UNIT_TYPES];
}

/// The cost of the units of queue `q` (units one cost buys: `agendas::units_per_cost`).
fn unit_cost(g: &Ti4Game, units: &[Option<UnitId>; UNIT_TYPES], q: &Counts) -> u32 {
    let c = &g.content;
    let mut total = 0;
    for t in UnitType::ALL {
        if q[t.idx()] > 0 {
            if let Some(u) = units[t.idx()] {
                let d = &c.units[u.idx()];
                let per = super::agendas::units_per_cost(g, t, d.units_per_cost);
                total += d.cost.unwrap_or(0) as u32 * (q[t.idx()] as u32).div_ceil(per);
            }
        }
    }
    total
}

/// The planet of the system where produced ground forces go (one with a producing structure;
/// Integrated Economy's planet), or `None` for the space area.
pub(crate) fn ground_target(g: &Ti4Game, p: Player) -> Option<u8> {
    if let Some(n) = g.flow.production.integrated {
        return Some(n);
    }
    let sys = &g.state.systems[g.flow.tactical.active as usize];
    (0..MAX_PLANETS_PER_SYSTEM as u8)
        .find(|&n| sys.planets[n as usize].owner == p.0 && sys.planets[n as usize].of(UnitType::SpaceDock) > 0)
}

/// The production step's actions: `Produce(t)` for each unit type the player may queue and
/// pay for, and `Choose(source, t)` for each it may queue without paying through a rule (hook
/// point `produce_without_paying`), listed before the paid ones.
pub(super) fn produce_options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    let a = g.flow.tactical.active;
    let run = &g.flow.production;
    let mut paid = [false; UNIT_TYPES];
    producible(g, p, a, &run.queue, &run.free, cap(g, p), &mut |t, affordable| {
        if let Some((src, n)) = crate::ti4::rules::produce_without_paying(g, p, t) {
            if run.free[t.idx()] < n {
                buf.push(Action::Choose(src, t.idx() as u16));
            }
        }
        paid[t.idx()] = affordable;
    });
    for t in UnitType::ALL.into_iter().filter(|t| paid[t.idx()]) {
        buf.push(Action::Produce(t));
    }
}

/// Calls `out` with each unit type `p` may add to the production queue `q` (of which `free`
/// costs nothing) in system `a` within `cap`: reinforcements, blockades, the fleet pool,
/// capacity and Mitosis (rules 67), and whether the player can pay for it.
pub(crate) fn producible(
    g: &Ti4Game,
    p: Player,
    a: u8,
    q: &Counts,
    free: &Counts,
    cap: Cap,
    out: &mut dyn FnMut(UnitType, bool),
) {
    let (limit, ships_only) = (cap.units, cap.ships_only);
    let (c, s) = (&*g.content, &g.state);
    let units = units_of(c, s, p);
    let queued: u32 = q.iter().map(|&k| k as u32).sum();
    // Fighters and infantry beyond the limit (That Which Molds Flesh: hook point
    // `production_limit_exempt`), for a use of PRODUCTION only.
    let uses_production = !g.flow.production.component && g.flow.production.integrated.is_none();
    let exempt = if uses_production { crate::ti4::rules::production_limit_exempt(g, p) as u32 } else { 0 };
    let light = (q[UnitType::Fighter.idx()] + q[UnitType::Infantry.idx()]) as u32;
    let room = queued - light.min(exempt) < limit;
    if !room && light >= exempt {
        return;
    }
    let budget = s.spendable_resources(c, p, PlanetSet::EMPTY);
    let discount = discount(g, p);
    let sp = &s.systems[a as usize].space;
    let blockaded = sp.occupant().is_some_and(|o| o != p);
    let own = sp.owner == p.0;
    let nf_here = if own { non_fighter_ships(s, a) } else { 0 } + transit_non_fighters(q);
    let cap_here: u32 = SHIPS
        .iter()
        .map(|&t| ((if own { sp.of(t) } else { 0 }) as u32 + q[t.idx()] as u32) * capacity_of(c, &units, t) as u32)
        .sum();
    let ground_in_space = cap.planet.is_none() && ground_target(g, p).is_none();
    // Mitosis (hook point `docks_cannot_produce_infantry`): infantry only from other PRODUCTION.
    let infantry_limit = if crate::ti4::rules::docks_cannot_produce_infantry(g, p) {
        production_value_without_docks(g, p, a)
    } else {
        u32::MAX
    };
    let load_here =
        if own { (sp.of(UnitType::Fighter) + sp.of(UnitType::Infantry) + sp.of(UnitType::Mech)) as u32 } else { 0 }
            + q[UnitType::Fighter.idx()] as u32
            + if ground_in_space { (q[0] + q[1]) as u32 } else { 0 };
    // Space docks on planets here carry some fighters (capacity 16).
    let fighters = if own { sp.of(UnitType::Fighter) as u32 } else { 0 } + q[UnitType::Fighter.idx()] as u32;
    let load_here = load_here - fighters.min(dock_fighter_allowance(s, a, p));
    for t in UnitType::ALL {
        let Some(u) = units[t.idx()] else { continue };
        let d = &c.units[u.idx()];
        if d.cost.is_none() || d.structure || s.player(p).reinforcements[t.idx()] <= q[t.idx()] {
            continue;
        }
        if ships_only && !is_ship(t) {
            continue;
        }
        if !room && !matches!(t, UnitType::Fighter | UnitType::Infantry) {
            continue;
        }
        if is_ship(t) && blockaded {
            continue;
        }
        if t == UnitType::Infantry && q[t.idx()] as u32 + 1 > infantry_limit {
            continue;
        }
        if is_ship(t) && t != UnitType::Fighter && nf_here + 1 > crate::ti4::rules::fleet_limit(c, s, p) {
            continue;
        }
        let carried = t == UnitType::Fighter || (ground_in_space && !is_ship(t));
        if carried && load_here + 1 > cap_here {
            continue;
        }
        if !is_ship(t) && ground_in_space && blockaded {
            continue;
        }
        if cap.cost != u32::MAX {
            let mut whole = *q;
            whole[t.idx()] += 1;
            if unit_cost(g, &units, &whole) > cap.cost {
                continue;
            }
        }
        let mut q2 = paid_part(q, free);
        q2[t.idx()] += 1;
        out(t, unit_cost(g, &units, &q2).saturating_sub(discount) <= budget);
    }
}

/// The part of queue `q` paid with resources: `free` units cost nothing.
fn paid_part(q: &Counts, free: &Counts) -> Counts {
    std::array::from_fn(|i| q[i].saturating_sub(free[i]))
}

/// Production ends (`Done`): the queue's cost is paid as the player chooses ([`payment`]), then
/// [`paid_production`] places the units.
pub(super) fn finish_production(g: &mut Ti4Game, p: Player) -> Step {
    let c = g.content.clone();
    let units = units_of(&c, &g.state, p);
    let paid = paid_part(&g.flow.production.queue, &g.flow.production.free);
    let cost = unit_cost(g, &units, &paid).saturating_sub(discount(g, p));
    if cost > 0 && g.state.spendable_resources(&c, p, PlanetSet::EMPTY) >= cost {
        return payment::start(g, p, cost, PlanetSet::EMPTY, PayFor::Production);
    }
    paid_production(g, p, &Payment::default())
}

/// Rules 67: the queued units, paid with `pay`, are placed in the active system.
pub(super) fn paid_production(g: &mut Ti4Game, p: Player, pay: &Payment) -> Step {
    crate::ti4::technology::spend(&mut g.state, p, pay);
    let a = g.flow.tactical.active;
    let target = ground_target(g, p);
    let produced = g.flow.production.queue.iter().any(|&k| k > 0);
    for t in UnitType::ALL {
        let k = g.flow.production.queue[t.idx()];
        if k == 0 {
            continue;
        }
        let loc = match (is_ship(t), target) {
            (false, Some(n)) => Location::Planet(a, n),
            _ => Location::Space(a),
        };
        g.place_units(p, loc, t, k).expect("placed units come from reinforcements the caller checked");
        let free = g.flow.production.free[t.idx()];
        if free > 0 {
            if let Some((src, _)) = crate::ti4::rules::produce_without_paying(g, p, t) {
                crate::ti4::rules::produced_without_paying(g, p, src, t, free);
            }
        }
    }
    if produced {
        let queue = g.flow.production.queue;
        crate::ti4::rules::units_produced(g, p, &queue);
    }
    g.flow.production.queue = [0; UNIT_TYPES];
    g.flow.production.free = [0; UNIT_TYPES];
    if produced {
        if let Some(decide) = super::pending::open(g, crate::ti4::rules::Window::AfterProduction, &[p]) {
            return decide;
        }
    }
    end_production(g)
}

/// The end of a production: a component action's production ends the turn, Integrated
/// Economy's returns to window `ControlGained`, the Warfare secondary goes on, or the tactical
/// action ends (the active player's decisions of window `TacticalActionEnd`, then
/// [`end_tactical_action`]).
pub(super) fn end_production(g: &mut Ti4Game) -> Step {
    g.flow.production.war_machine = false;
    g.flow.production.costless = false;
    if let Some(n) = g.flow.production.integrated.take() {
        g.flow.production.integrated_used |= 1 << n;
        super::invasion::after_planets_taken(g)
    } else if g.flow.production.component {
        g.flow.production.component = false;
        flow::next_turn(g)
    } else if g.flow.production.warfare {
        g.flow.production.warfare = false;
        super::cards::next_secondary(g)
    } else {
        match super::pending::open(g, crate::ti4::rules::Window::TacticalActionEnd, &[g.flow.turn]) {
            Some(decide) => decide,
            None => end_tactical_action(g),
        }
    }
}

/// After the tactical action's last decisions: with Fleet Logistics the second one is offered,
/// else the turn ends.
pub(super) fn end_tactical_action(g: &mut Ti4Game) -> Step {
    g.flow.tactical.clear_card_effects();
    if std::mem::take(&mut g.flow.tactical.own_token) {
        // Hook point `activates_own_token_systems`: the token returns; the turn ends.
        let (p, a) = (g.flow.turn, g.flow.tactical.active);
        if g.state.systems[a as usize].tokens >> p.0 & 1 == 1 {
            g.state.systems[a as usize].tokens &= !(1 << p.0);
            g.state.player_mut(p).token_reinforcements += 1;
        }
        g.flow.logistics = 0;
        return flow::next_turn(g);
    }
    if second_tactical_action(g) {
        g.flow.logistics = 1;
        Step::Turn(g.flow.turn)
    } else {
        g.flow.logistics = 0;
        flow::next_turn(g)
    }
}

/// Hook point `extra_tactical_action` (Fleet Logistics): after the first tactical action of a
/// turn the active player is offered a second one (`Flow::logistics` 1: only `Activate` or
/// `Done`); the turn ends after it. Not offered without a tactic token.
fn second_tactical_action(g: &Ti4Game) -> bool {
    let p = g.flow.turn;
    g.flow.logistics == 0
        && g.state.player(p).in_game
        && g.state.player(p).tactic > 0
        && crate::ti4::rules::extra_tactical_action(g, p)
}
