//! The tactical action (digest §2.2, §4-§5): activation, movement with move values, anomalies,
//! transport and capacity and the fleet pool; space cannon offense; space combat with retreats
//! (78.5: adjacent systems with the side's units or planets and no other player's ships; a
//! command token placed there; fleet pool and capacity enforced there). Invasion
//! (`invasion`) and production (`production`) follow in their own modules.
//!
//! Simplified (listed in `docs/RULES.md`, "Round loop"): activation is offered only for systems
//! some ship can reach or where the player can produce; fighters move only transported;
//! gravity rifts: one roll per ship that uses or leaves one (not one per rift crossed), a ship
//! takes a rift only when it cannot arrive otherwise; transport picks up in systems ships moved from;
//! space cannon and bombardment hits are assigned by the default policy (cheapest first,
//! sustain first); all bombarding units fire at the first contested planet; capacity is the ships' capacity plus 3
//! fighters per space dock on a planet in the system (every faction's dock counts 3), and excess
//! fighters are removed before ground forces.
//!
//! Card and ability effects reach this module only through hook points (`crate::ti4::rules`):
//! movement (`moves_through_ships`, `mover_traits`, `move_bonus_once`, `move_bonus_from`,
//! `reach`), space cannon (`extra_ability_die`, `space_cannon_penalty_against`,
//! `before_space_cannon`), space combat (`space_combat_start`, `combat_repair`) and retreats
//! (`retreat_into_empty`); the effects are in `crate::ti4::techs` and `crate::ti4::factions`.

use super::{Action, Counts, Step, Ti4Game};
use crate::ti4::combat::{
    assign_hits_default, best_space_cannon, penalised, roll_d10, roll_hits, roll_space_cannon_offense_against, Arena,
    Force, SpaceCombat, FIGHTERS,
};
use crate::ti4::content::{Content, Production};
use crate::ti4::elimination::destroy_units;
use crate::ti4::galaxy::anomaly::{move_value_leaving, rift_destroys, rift_roll_needed};
use crate::ti4::galaxy::{bits, Anomaly, MoverTraits, Reach, Wormhole};
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::{Location, State, MAX_PLANETS_PER_SYSTEM};
use crate::ti4::technology::valefar::effective_techs;
use rand_chacha::ChaCha8Rng;

pub(super) const SHIPS: &[UnitType] = UnitType::SHIPS;

pub(super) fn is_ship(t: UnitType) -> bool {
    t.idx() >= UnitType::Fighter.idx()
}

/// The unit definitions a player's units use now.
pub(crate) fn units_of(c: &Content, s: &State, p: Player) -> [Option<UnitId>; UNIT_TYPES] {
    let f = s.player(p).faction;
    let techs = effective_techs(c, s, p);
    UnitType::ALL.map(|t| c.effective_unit(f, t, techs))
}

pub(super) fn capacity_of(c: &Content, units: &[Option<UnitId>; UNIT_TYPES], t: UnitType) -> u8 {
    units[t.idx()].map_or(0, |u| c.units[u.idx()].capacity)
}

/// Fighters per space dock on a planet that do not count against capacity (Space Dock I and II).
pub const DOCK_FIGHTERS: u32 = 3;

/// Capacity 16 (space docks): how many of `p`'s fighters in `slot` need no ship capacity: 3
/// per space dock `p` has on a planet of the system (simplified: every faction's dock allows 3).
pub(super) fn dock_fighter_allowance(s: &State, slot: u8, p: Player) -> u32 {
    let planets = &s.systems[slot as usize].planets;
    DOCK_FIGHTERS * planets.iter().filter(|x| x.owner == p.0).map(|x| x.of(UnitType::SpaceDock) as u32).sum::<u32>()
}

/// Capacity 16: the ships' capacity in a space area and the fighters and ground forces there
/// that count against it (fighters within [`dock_fighter_allowance`] do not).
pub fn space_load(c: &Content, s: &State, slot: u8) -> (u32, u32) {
    let a = &s.systems[slot as usize].space;
    let Some(p) = a.occupant() else { return (0, 0) };
    let units = units_of(c, s, p);
    // Ships, and a space dock in the space area (a Floating Factory), carry.
    let cap = UnitType::ALL[2..].iter().map(|&t| a.of(t) as u32 * capacity_of(c, &units, t) as u32).sum();
    let fighters = a.of(UnitType::Fighter) as u32;
    let free = fighters.min(dock_fighter_allowance(s, slot, p));
    let load = fighters - free + (a.of(UnitType::Infantry) + a.of(UnitType::Mech)) as u32;
    (cap, load)
}

/// Fleet pool 4: non-fighter ships of the occupant in a space area.
pub fn non_fighter_ships(s: &State, slot: u8) -> u32 {
    let a = &s.systems[slot as usize].space;
    SHIPS[1..].iter().map(|&t| a.of(t) as u32).sum()
}

/// Capacity 16.3: removes the occupant's fighters, then ground forces, beyond capacity.
pub(crate) fn enforce_capacity(g: &mut Ti4Game, slot: u8, by: Option<Player>) {
    let (cap, load) = space_load(&g.content, &g.state, slot);
    let mut excess = load.saturating_sub(cap);
    let loc = Location::Space(slot);
    // Fighters a space dock carries do not count: only the others are removed.
    let ground = (g.state.count_at(loc, UnitType::Infantry) + g.state.count_at(loc, UnitType::Mech)) as u32;
    let counted_fighters = load.saturating_sub(ground);
    for t in [UnitType::Fighter, UnitType::Infantry, UnitType::Mech] {
        let here = if t == UnitType::Fighter { counted_fighters } else { g.state.count_at(loc, t) as u32 };
        let k = here.min(excess);
        if k > 0 {
            destroy_units(&g.content, &mut g.state, loc, t, k as u8, by)
                .expect("the destroyed units are at the location");
            excess -= k;
        }
    }
}

fn move_value(c: &Content, units: &[Option<UnitId>; UNIT_TYPES], t: UnitType) -> u8 {
    units[t.idx()].and_then(|u| c.units[u.idx()].move_value).unwrap_or(0)
}

/// Slots with another player's ships (movement may end there but not pass through).
fn enemy_ships(s: &State, p: Player) -> u64 {
    let mut m = 0;
    for sl in 0..s.num_systems {
        let a = &s.systems[sl as usize].space;
        if a.owner != p.0 && a.owner != crate::ti4::state::NOBODY && SHIPS.iter().any(|&t| a.of(t) > 0) {
            m |= 1 << sl;
        }
    }
    m
}

/// Slots `p`'s ships may not move through (Movement 58: other players' ships). Technology card
/// "Light/Wave Deflector": "Your ships can move through systems that contain other players'
/// ships." -- nothing blocks its owner (retreats keep their own rule, [`retreat_systems`]).
fn movement_blocked(g: &Ti4Game, p: Player) -> u64 {
    if rules::moves_through_ships(g, p) {
        0
    } else {
        enemy_ships(&g.state, p)
    }
}

/// Hook point `move_bonus_once` (Gravity Drive): +1 to the move value of 1 ship, available
/// while unused this tactical action.
fn move_bonus_once_available(g: &Ti4Game, p: Player) -> bool {
    !g.flow.move_bonus_used && rules::move_bonus_once(g, p)
}

/// The movement rules of `p` for one batch of movement queries, asked once: the hook points
/// `moves_through_ships` (in `blocked`), `mover_traits`, `move_bonus_once` (while unused this
/// action), and whether any `move_bonus_from` or `reach` rule applies at all.
#[derive(Clone, Copy)]
pub(super) struct Mover {
    blocked: u64,
    traits: MoverTraits,
    bonus_once: bool,
    bonus_from: bool,
    reach: bool,
}

impl Mover {
    pub(super) fn of(g: &Ti4Game, p: Player) -> Mover {
        let (c, s) = (g.content(), &g.state);
        Mover {
            blocked: movement_blocked(g, p),
            traits: rules::mover_traits(g, p),
            bonus_once: move_bonus_once_available(g, p),
            bonus_from: c.rules.move_bonus_from.may_apply(c, s, p),
            reach: c.rules.reach.may_apply(c, s, p),
        }
    }
    /// The same rules with other blocked systems (tests).
    #[cfg(test)]
    pub(super) fn with_blocked(mut self, blocked: u64) -> Mover {
        self.blocked = blocked;
        self
    }
}

/// Hook point `move_bonus_from` (Slipstream): the bonus of a ship that starts in `from`.
fn start_bonus(g: &Ti4Game, p: Player, m: &Mover, from: u8) -> u8 {
    if m.bonus_from {
        rules::move_bonus_from(g, p, from)
    } else {
        0
    }
}

/// The movement query of a ship of `p` leaving `from` with move value `mv`. Without
/// `use_rifts` the ship neither passes through a gravity rift nor takes a rift's +1 (so it
/// never rolls for one); with it, every rift left costs no move (Gravity rift 41.1). Quantum
/// Entanglement (Creuss) links the alpha and beta wormholes for its owner; the Creuss wormhole
/// tokens on the board are alpha and beta wormholes for everyone.
fn movement_query(g: &Ti4Game, p: Player, m: &Mover, mv: u8, use_rifts: bool) -> Reach {
    let gal = &g.galaxy;
    let mut q = gal.anomaly_reach(mv, m.traits, use_rifts);
    q.no_pass |= m.blocked;
    if !use_rifts {
        q.no_pass |= gal.anomaly_slots(Anomaly::GravityRift);
    }
    // Creuss wormhole tokens are wormholes for every player (Wormholes 101).
    for (k, kind) in [(0, Wormhole::Alpha), (1, Wormhole::Beta)] {
        if let Some(slot) = g.state.tokens.creuss_wormholes[k] {
            q.extra.insert(slot, kind);
        }
    }
    if m.reach {
        rules::reach(g, p, &mut q);
    }
    q
}

/// How a ship gets to the active system: whether it needs Gravity Drive's +1 and whether it
/// rolls for a gravity rift.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Route {
    /// Gravity Drive's +1 is spent on this ship.
    pub gravity_drive: bool,
    /// The ship moves out of or through a gravity rift and rolls (41.2).
    pub rift_roll: bool,
}

/// Movement 58 with Gravity Drive, Slipstream and gravity rifts 41: can a ship with printed
/// move value `base` in `from` reach `to`, and how. The safest way is taken: no bonus and no
/// rift first, then Gravity Drive, then a rift, then both. A ship leaving a rift always rolls
/// (41.2) and takes the rift's +1. Simplified: one roll per ship even when its path crosses
/// several rifts.
pub(super) fn route(g: &Ti4Game, p: Player, m: &Mover, from: u8, to: u8, base: u8) -> Option<Route> {
    if base == 0 {
        return None;
    }
    let gal = &g.galaxy;
    let mv = move_value_leaving(gal.anomalies(from), base, m.traits) + start_bonus(g, p, m, from);
    let gd = m.bonus_once;
    let from_rift = rift_roll_needed(gal.anomalies(from));
    for (gravity_drive, rifts) in [(false, false), (true, false), (false, true), (true, true)] {
        if (gravity_drive && !gd) || (from_rift && !rifts) {
            continue;
        }
        let q = movement_query(g, p, m, mv + gravity_drive as u8, rifts);
        if gal.reach(from, &q) >> to & 1 == 1 {
            return Some(Route { gravity_drive, rift_roll: rifts });
        }
    }
    None
}

/// Every system a ship with printed move value `base` in `from` could reach this action (all
/// bonuses and rifts used).
fn reach_set(g: &Ti4Game, p: Player, m: &Mover, from: u8, base: u8) -> u64 {
    let gal = &g.galaxy;
    let mv = move_value_leaving(gal.anomalies(from), base, m.traits) + start_bonus(g, p, m, from) + m.bonus_once as u8;
    gal.reach(from, &movement_query(g, p, m, mv, true))
}

/// Production: the PRODUCTION value of `p`'s units in a system (0 when none).
pub(super) fn production_value(g: &Ti4Game, p: Player, slot: u8) -> u32 {
    let (c, s) = (&*g.content, &g.state);
    production_value_with(c, s, &units_of(c, s, p), p, slot)
}

/// [`production_value`] without the space docks' PRODUCTION (Mitosis: what may produce
/// infantry).
pub(super) fn production_value_without_docks(g: &Ti4Game, p: Player, slot: u8) -> u32 {
    let (c, s) = (&*g.content, &g.state);
    let mut units = units_of(c, s, p);
    units[UnitType::SpaceDock.idx()] = None;
    production_value_with(c, s, &units, p, slot)
}

/// [`production_value`] with `p`'s unit definitions already looked up ([`units_of`]).
fn production_value_with(c: &Content, s: &State, units: &[Option<UnitId>; UNIT_TYPES], p: Player, slot: u8) -> u32 {
    let sys = &s.systems[slot as usize];
    let mut total = 0u32;
    let value = |t: UnitType, planet: Option<PlanetId>| -> u32 {
        match units[t.idx()].and_then(|u| c.units[u.idx()].production) {
            Some(Production::Fixed(n)) => n as u32,
            Some(Production::PlanetResourcesPlus(n)) => {
                planet.map_or(0, |pl| c.planets[pl.idx()].resources as u32) + n as u32
            }
            None => 0,
        }
    };
    if sys.space.owner == p.0 {
        for t in UnitType::ALL[2..].iter().copied() {
            total += value(t, None) * sys.space.of(t) as u32;
        }
    }
    for n in 0..MAX_PLANETS_PER_SYSTEM as u8 {
        let a = &sys.planets[n as usize];
        if a.owner == p.0 {
            let pl = s.planet_at(c, Location::Planet(slot, n));
            for t in [UnitType::Infantry, UnitType::Mech, UnitType::Pds, UnitType::SpaceDock] {
                total += value(t, pl) * a.of(t) as u32;
            }
        }
    }
    total
}

pub(super) fn activation_options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    let s = &g.state;
    let c = &*g.content;
    let units = units_of(c, s, p);
    let m = Mover::of(g, p);
    let mut reach = 0u64;
    for from in 0..s.num_systems {
        let sl = &s.systems[from as usize];
        if sl.space.owner != p.0 || sl.tokens >> p.0 & 1 == 1 {
            continue;
        }
        let mut mvs = 0u16;
        for t in SHIPS[1..].iter().copied().filter(|&t| sl.space.of(t) > 0) {
            mvs |= 1 << move_value(c, &units, t);
        }
        for mv in 1..8u8 {
            if mvs >> mv & 1 == 1 {
                reach |= reach_set(g, p, &m, from, mv);
            }
        }
    }
    for slot in 0..s.num_systems {
        if s.systems[slot as usize].tokens >> p.0 & 1 == 1 {
            continue;
        }
        if reach >> slot & 1 == 1 || production_value_with(c, s, &units, p, slot) > 0 {
            buf.push(Action::Activate(slot));
        }
    }
}

pub(super) fn activate(g: &mut Ti4Game, p: Player, slot: u8) {
    let ps = g.state.player_mut(p);
    ps.tactic -= 1;
    g.state.systems[slot as usize].tokens |= 1 << p.0;
    let f = &mut g.flow;
    f.active = slot;
    f.transit = [0; UNIT_TYPES];
    f.transit_damaged = [0; UNIT_TYPES];
    f.rift = [0; UNIT_TYPES];
    f.move_bonus_used = false;
    f.moved_from = 0;
    f.capacity = 0;
    f.carried = 0;
    f.committed = [[0; 2]; 3];
    f.queue = [0; UNIT_TYPES];
    f.warfare = false;
    f.gained = 0;
    if f.logistics == 1 {
        f.logistics = 2;
    }
    g.step = Step::Move(p);
    super::notes::on_activate(g, p, slot);
    // Hook point `system_activated`, for every player in the game clockwise from the active one.
    let n = g.state.num_players;
    for k in 0..n {
        let q = Player((p.0 + k) % n);
        if g.state.player(q).in_game {
            rules::system_activated(g, q, p, slot);
        }
    }
}

pub(super) fn transit_non_fighters(f: &Counts) -> u32 {
    SHIPS[1..].iter().map(|&t| f[t.idx()] as u32).sum()
}

pub(super) fn move_options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    let (c, s) = (&*g.content, &g.state);
    let a = g.flow.active;
    let units = units_of(c, s, p);
    let m = Mover::of(g, p);
    let here = if s.systems[a as usize].space.owner == p.0 { non_fighter_ships(s, a) } else { 0 };
    let fleet_ok = here + transit_non_fighters(&g.flow.transit) < crate::ti4::rules::fleet_limit(c, s, p);
    for from in 0..s.num_systems {
        let sl = &s.systems[from as usize];
        if from == a || sl.tokens >> p.0 & 1 == 1 {
            continue;
        }
        if sl.space.owner == p.0 && fleet_ok {
            for &t in &SHIPS[1..] {
                if sl.space.of(t) > 0 && route(g, p, &m, from, a, move_value(c, &units, t)).is_some() {
                    buf.push(Action::Move(from, t));
                }
            }
        }
        if g.flow.moved_from >> from & 1 == 1 && g.flow.carried < g.flow.capacity {
            for t in [UnitType::Infantry, UnitType::Mech, UnitType::Fighter] {
                let in_space = sl.space.owner == p.0 && sl.space.of(t) > 0;
                let on_planet = t != UnitType::Fighter && sl.planets.iter().any(|x| x.owner == p.0 && x.of(t) > 0);
                if in_space || on_planet {
                    buf.push(Action::Carry(from, t));
                }
            }
        }
    }
}

/// Takes one unit off the board into transit; returns whether it was damaged.
fn lift(g: &mut Ti4Game, loc: Location, t: UnitType) {
    let before = g.state.damaged_at(loc, t);
    g.state.remove_units(loc, t, 1).expect("the removed units are at the location");
    let after = g.state.damaged_at(loc, t);
    g.flow.transit[t.idx()] += 1;
    g.flow.transit_damaged[t.idx()] += before - after.min(before);
}

pub(super) fn move_ship(g: &mut Ti4Game, p: Player, from: u8, t: UnitType) {
    let c = g.content.clone();
    let units = units_of(&c, &g.state, p);
    let m = Mover::of(g, p);
    if let Some(r) = route(g, p, &m, from, g.flow.active, move_value(&c, &units, t)) {
        g.flow.move_bonus_used |= r.gravity_drive;
        g.flow.rift[t.idx()] += r.rift_roll as u8;
    }
    lift(g, Location::Space(from), t);
    let cap = capacity_of(&c, &units, t);
    if cap > 0 {
        g.flow.capacity += cap;
        g.flow.moved_from |= 1 << from;
    }
    // Units the departure would leave over capacity go along.
    let (left_cap, load) = space_load(&c, &g.state, from);
    let mut excess = load.saturating_sub(left_cap);
    for u in [UnitType::Infantry, UnitType::Mech, UnitType::Fighter] {
        while excess > 0 && g.state.count_at(Location::Space(from), u) > 0 {
            lift(g, Location::Space(from), u);
            g.flow.carried += 1;
            excess -= 1;
        }
    }
    g.step = Step::Move(p);
}

pub(super) fn carry(g: &mut Ti4Game, p: Player, from: u8, t: UnitType) {
    let space = Location::Space(from);
    let loc = if g.state.occupant(space) == Some(p) && g.state.count_at(space, t) > 0 {
        space
    } else {
        (0..MAX_PLANETS_PER_SYSTEM as u8)
            .map(|n| Location::Planet(from, n))
            .find(|&l| g.state.occupant(l) == Some(p) && g.state.count_at(l, t) > 0)
            .unwrap_or(space)
    };
    lift(g, loc, t);
    g.flow.carried += 1;
}

/// Shooters of space cannon offense: other players' units with SPACE CANNON in the active
/// system or (adjacent range) next to it, and the active player's against a defender there.
fn cannon_forces(g: &Ti4Game, q: Player) -> (Force, Force) {
    let a = g.flow.active;
    super::engagement::cannon_forces(&g.content, &g.state, q, a, g.galaxy.neighbours(a))
}

fn has_cannon(f: &Force) -> bool {
    UnitType::ALL.iter().any(|&t| f.count(t) > 0 && f.stats(t).space_cannon.is_some())
}

fn defender_in_space(g: &Ti4Game, p: Player) -> Option<Player> {
    let a = &g.state.systems[g.flow.active as usize].space;
    a.occupant().filter(|&q| q != p && SHIPS.iter().any(|&t| a.of(t) > 0))
}

pub(super) fn end_movement(g: &mut Ti4Game) {
    // Window `AfterMovement`: the other players' "you may" once ships moved into the system,
    // clockwise from the active player.
    if SHIPS.iter().any(|&t| g.flow.transit[t.idx()] > 0) {
        let (p, n) = (g.flow.turn, g.state.num_players);
        let mut others = [Player(0); crate::ti4::ids::MAX_PLAYERS];
        for (k, q) in others.iter_mut().enumerate().take(n as usize - 1) {
            *q = Player((p.0 + 1 + k as u8) % n);
        }
        if super::pending::open(g, rules::Window::AfterMovement, &others[..n as usize - 1]) {
            return;
        }
    }
    after_movement(g);
}

/// After movement and its decisions: gravity rift rolls and space cannon offense (a chance
/// event) when there are any, else the ships arrive.
pub(super) fn after_movement(g: &mut Ti4Game) {
    let rifts = g.flow.rift.iter().any(|&k| k > 0);
    if rifts || cannon_may_fire(g) {
        g.step = Step::SpaceCannon;
    } else {
        arrive(g);
    }
}

/// Space cannon offense (rules 77.2): someone can fire in the active system after movement,
/// whether or not ships moved: the active player at another player's ships there, or another
/// player at the active player's ships there (moving or already present).
fn cannon_may_fire(g: &Ti4Game) -> bool {
    let p = g.flow.turn;
    let fires = |q: Player| {
        let (h, n) = cannon_forces(g, q);
        has_cannon(&h) || UnitType::ALL.iter().any(|&t| n.count(t) > 0 && n.stats(t).space_cannon_adjacent)
    };
    let space = &g.state.systems[g.flow.active as usize].space;
    let targets = SHIPS.iter().any(|&t| g.flow.transit[t.idx()] > 0)
        || (space.owner == p.0 && SHIPS.iter().any(|&t| space.of(t) > 0));
    (defender_in_space(g, p).is_some() && fires(p))
        || (targets && g.state.seats().any(|q| q != p && g.state.player(q).in_game && fires(q)))
}

fn transit_force(g: &Ti4Game, p: Player, arena: Arena) -> Force {
    let units = units_of(&g.content, &g.state, p);
    let f = Force::new(&g.content, &units, arena).expect("effective units");
    f.with_counts(g.flow.transit, g.flow.transit_damaged).unwrap_or(f)
}

/// Transported units over the moving ships' capacity are lost (in transit they are off the
/// board already).
pub(super) fn trim_transit(g: &mut Ti4Game, p: Player) {
    let c = g.content.clone();
    let units = units_of(&c, &g.state, p);
    let cap: u32 = SHIPS.iter().map(|&t| g.flow.transit[t.idx()] as u32 * capacity_of(&c, &units, t) as u32).sum();
    for t in [UnitType::Fighter, UnitType::Infantry, UnitType::Mech] {
        loop {
            let load: u32 = [UnitType::Fighter, UnitType::Infantry, UnitType::Mech]
                .iter()
                .map(|&u| g.flow.transit[u.idx()] as u32)
                .sum();
            if load <= cap || g.flow.transit[t.idx()] == 0 {
                break;
            }
            g.flow.transit[t.idx()] -= 1;
            g.flow.transit_damaged[t.idx()] = g.flow.transit_damaged[t.idx()].min(g.flow.transit[t.idx()]);
        }
    }
}

/// Gravity rift 41.2: each ship that moved out of or through a gravity rift rolls a die and is
/// destroyed on 1-3 (an undamaged one first); transported units beyond the remaining capacity
/// are lost with it ([`trim_transit`]).
pub(super) fn gravity_rift_rolls(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    for &t in SHIPS {
        for _ in 0..std::mem::take(&mut g.flow.rift[t.idx()]) {
            if rift_destroys(roll_d10(rng)) && g.flow.transit[t.idx()] > 0 {
                g.flow.transit[t.idx()] -= 1;
                g.flow.transit_damaged[t.idx()] = g.flow.transit_damaged[t.idx()].min(g.flow.transit[t.idx()]);
            }
        }
    }
    trim_transit(g, g.flow.turn);
}

/// Space cannon offense (rules 77.2-77.3), starting with the active player and continuing
/// clockwise: the active player fires at a defender's ships in the active system; then every
/// other player fires at the active player's ships there: the moving ships while a defender
/// holds the space area (the combat that follows is theirs), else every ship of the active
/// player in the system, the moved ones placed first. Hits are assigned by the default policy,
/// or to non-fighter ships first with Graviton Laser System; Plasma Scoring adds a die. Gravity
/// rift rolls come first (they happen during movement).
pub(super) fn space_cannon(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    gravity_rift_rolls(g, rng);
    let p = g.flow.turn;
    let loc = Location::Space(g.flow.active);
    if let Some(d) = defender_in_space(g, p) {
        let (h, near) = cannon_forces(g, p);
        let mut f = board_force(g, d, loc);
        if let Some((hits, graviton)) = cannon_hits(g, p, d, &h, &near, &f, rng) {
            assign_cannon_hits(&mut f, hits, graviton);
            write_back(g, loc, &f, p);
            // Capacity 16.3: a carrier lost (Graviton Laser System) takes its fighters along.
            enforce_capacity(g, g.flow.active, Some(p));
        }
    }
    let contested = defender_in_space(g, p).is_some();
    if !contested {
        place_transit(g, p);
    }
    let n = g.state.num_players;
    for k in 1..n {
        let q = Player((p.0 + k) % n);
        if !g.state.player(q).in_game {
            continue;
        }
        let (h, near) = cannon_forces(g, q);
        if contested {
            let mut f = transit_force(g, p, Arena::Space);
            if let Some((hits, graviton)) = cannon_hits(g, q, p, &h, &near, &f, rng) {
                assign_cannon_hits(&mut f, hits, graviton);
                g.flow.transit = *f.counts();
                g.flow.transit_damaged = *f.damaged_counts();
            }
        } else {
            let mut f = board_force(g, p, loc);
            if let Some((hits, graviton)) = cannon_hits(g, q, p, &h, &near, &f, rng) {
                assign_cannon_hits(&mut f, hits, graviton);
                write_back(g, loc, &f, q);
                enforce_capacity(g, g.flow.active, None);
            }
        }
    }
    trim_transit(g, p);
    arrive(g);
}

/// `q`'s space cannon offense at `target`'s ships `f` (units `here` in the active system,
/// `near` adjacent): the hits and whether Graviton Laser System directs them; `None` when `f`
/// holds no ship or no hit is scored.
fn cannon_hits(
    g: &mut Ti4Game,
    q: Player,
    target: Player,
    here: &Force,
    near: &Force,
    f: &Force,
    rng: &mut ChaCha8Rng,
) -> Option<(u16, bool)> {
    if !SHIPS.iter().any(|&t| f.count(t) > 0) {
        return None;
    }
    let best = best_space_cannon(here, Some(near));
    let graviton = rules::before_space_cannon(&g.content, &mut g.state, q, best, f);
    let penalty = rules::space_cannon_penalty_against(&g.content, &g.state, target);
    let hits = roll_space_cannon_offense_against(here, near, penalty, rng) + extra_die_hits(g, q, best, penalty, rng);
    (hits > 0).then_some((hits, graviton))
}

/// Hook point `extra_ability_die` (Plasma Scoring): the hits of `p`'s additional die, rolled
/// after the ability's other dice by the best unit that used it (`best`: its value, from
/// [`best_space_cannon`] or [`crate::ti4::combat::best_bombardment`]; `penalty` as the other
/// dice, hook point `space_cannon_penalty_against`); 0 without such a rule or without a unit that used the ability.
pub(super) fn extra_die_hits(g: &Ti4Game, p: Player, best: Option<u8>, penalty: u8, rng: &mut ChaCha8Rng) -> u16 {
    match best {
        Some(on) if rules::extra_ability_die(&g.content, &g.state, p) => roll_hits(1, penalised(on, penalty), rng),
        _ => 0,
    }
}

/// Space cannon hits on ships (default policy: sustain first, then the cheapest); with
/// `graviton` (Graviton Laser System) they go to non-fighter ships while there are any, and only
/// the rest to fighters.
pub(super) fn assign_cannon_hits(f: &mut Force, hits: u16, graviton: bool) {
    let placed = if graviton { assign_hits_default(f, hits, f.ship_mask() & !FIGHTERS) } else { 0 };
    let m = f.ship_mask();
    assign_hits_default(f, hits - placed, m);
}

/// Assigns `hits` to `owner`'s units at `loc` by the default policy and destroys them.
pub(super) fn damage_stack(g: &mut Ti4Game, loc: Location, owner: Player, hits: u16, by: Player) {
    let mut f = board_force(g, owner, loc);
    let mask = if matches!(loc, Location::Space(_)) { f.ship_mask() } else { f.ground_force_mask() };
    assign_hits_default(&mut f, hits, mask);
    write_back(g, loc, &f, by);
}

pub(super) fn board_force(g: &Ti4Game, owner: Player, loc: Location) -> Force {
    super::engagement::board_force(&g.content, &g.state, owner, loc)
}

/// Destroys on the board what `f` no longer holds at `loc`, and records damage.
pub(super) fn write_back(g: &mut Ti4Game, loc: Location, f: &Force, by: Player) {
    for t in UnitType::ALL {
        let k = g.state.count_at(loc, t);
        let lost = k.saturating_sub(f.count(t));
        if lost > 0 {
            destroy_units(&g.content, &mut g.state, loc, t, lost, Some(by))
                .expect("the destroyed units are at the location");
        }
        let left = g.state.count_at(loc, t);
        if left > 0 {
            g.state.set_damaged(loc, t, f.damaged(t).min(left)).expect("at most the units there are damaged");
        }
    }
}

/// After movement and space cannon: space combat if the system holds another player's ships,
/// else the moving units arrive.
fn arrive(g: &mut Ti4Game) {
    let p = g.flow.turn;
    let moving_ships = SHIPS.iter().any(|&t| g.flow.transit[t.idx()] > 0);
    if !moving_ships {
        g.flow.transit = [0; UNIT_TYPES];
        g.flow.transit_damaged = [0; UNIT_TYPES];
    }
    if let (Some(d), true) = (defender_in_space(g, p), moving_ships) {
        let loc = Location::Space(g.flow.active);
        let (c, s) = (&*g.content, &g.state);
        let mut att = rules::with_combat_roll_modifier(c, s, p, transit_force(g, p, Arena::Space));
        let bonus = crate::ti4::galaxy::anomaly::defender_combat_bonus(g.galaxy.anomalies(g.flow.active)) as i8;
        let mut def = rules::with_combat_roll_modifier(c, s, d, board_force(g, d, loc).with_modifier(bonus));
        // At the start of the combat: the active player's abilities first.
        rules::space_combat_start(&g.content, &g.state, p, &att, &mut def);
        rules::space_combat_start(&g.content, &g.state, d, &def, &mut att);
        g.flow.defender = d;
        let sets = [retreat_systems(g, p), retreat_systems(g, d)];
        let mut combat = SpaceCombat::new(att, def, sets).expect("space forces");
        combat
            .set_repair([rules::combat_repair(&g.content, &g.state, p), rules::combat_repair(&g.content, &g.state, d)]);
        g.flow.space = Some(combat);
        g.step = Step::Space;
        return;
    }
    place_transit(g, p);
    super::invasion::start_landing(g, p);
}

pub(super) fn place_transit(g: &mut Ti4Game, p: Player) {
    let loc = Location::Space(g.flow.active);
    let arriving = SHIPS.iter().any(|&t| g.flow.transit[t.idx()] > 0);
    if arriving && defender_in_space(g, p).is_none() && g.state.occupant(loc).is_some_and(|q| q != p) {
        // Another player's non-ship units left in space without capacity are lost (only when
        // ships arrive and that player has no ships there: nothing else is destroyed).
        destroy_stranded(g, loc, p);
    }
    for t in UnitType::ALL {
        let k = g.flow.transit[t.idx()];
        if k > 0 {
            let d = g.state.damaged_at(loc, t) + g.flow.transit_damaged[t.idx()];
            g.place_units(p, loc, t, k).expect("placed units come from reinforcements the caller checked");
            g.state.set_damaged(loc, t, d.min(g.state.count_at(loc, t))).expect("at most the units there are damaged");
        }
    }
    g.flow.transit = [0; UNIT_TYPES];
    g.flow.transit_damaged = [0; UNIT_TYPES];
    enforce_capacity(g, g.flow.active, Some(p));
}

/// Space Combat 78.5.3: where `p` may retreat from the active system: adjacent systems that
/// hold `p`'s units or a planet `p` controls and no other player's ships, and that `p`'s ships
/// may enter (anomalies). With Dark Energy Tap also any adjacent system without other players'
/// units ([`dark_energy_tap`]).
pub(super) fn retreat_systems(g: &Ti4Game, p: Player) -> SystemSet {
    let (c, s) = (&*g.content, &g.state);
    let tap = rules::retreat_into_empty(g, p);
    let mut out = SystemSet::EMPTY;
    for sl in bits(adjacent_without_enemy_ships(g, p, g.flow.active)) {
        let sys = &s.systems[sl as usize];
        let units = sys.space.owner == p.0 || sys.planets.iter().any(|a| a.owner == p.0);
        let planet = c.systems[sys.tile.idx()].planets.iter().any(|&pl| s.player(p).planets.contains(pl));
        let others = |o: u8| o != p.0 && o != crate::ti4::state::NOBODY;
        let empty_of_others = !others(sys.space.owner) && !sys.planets.iter().any(|a| others(a.owner));
        if units || planet || (tap && empty_of_others) {
            out.insert(sys.tile);
        }
    }
    out
}

/// True when `p` has ships (fighters included) in the space area of board slot `slot`.
pub(crate) fn has_ships_in(s: &State, p: Player, slot: u8) -> bool {
    let loc = Location::Space(slot);
    s.occupant(loc) == Some(p) && SHIPS.iter().any(|&t| s.count_at(loc, t) > 0)
}

/// Rules 37 after `p` lost a fleet-pool token (Neuroglaive): in every system, `p`'s non-fighter
/// ships beyond the fleet limit are removed (cheapest first), then capacity.
pub(crate) fn enforce_fleet_everywhere(g: &mut Ti4Game, p: Player) {
    for slot in 0..g.state.num_systems {
        if g.state.occupant(Location::Space(slot)) == Some(p) {
            enforce_fleet(g, slot, p);
        }
    }
}

/// Fleet pool 4 after a retreat: non-fighter ships beyond the fleet pool are removed (cheapest
/// first), then capacity.
fn enforce_fleet(g: &mut Ti4Game, slot: u8, p: Player) {
    let fleet = crate::ti4::rules::fleet_limit(&g.content, &g.state, p);
    for &t in &SHIPS[1..] {
        let over = non_fighter_ships(&g.state, slot).saturating_sub(fleet);
        let k = (g.state.count_at(Location::Space(slot), t) as u32).min(over);
        if k > 0 && g.state.occupant(Location::Space(slot)) == Some(p) {
            destroy_units(&g.content, &mut g.state, Location::Space(slot), t, k as u8, None)
                .expect("the destroyed units are at the location");
        }
    }
    enforce_capacity(g, slot, None);
}

/// Space Combat 78.5.4: the retreating side's units go to `to` and a command token from its
/// reinforcements is placed there (if it has none there yet; from the command sheet with none in
/// reinforcements, rules 20.3b).
fn retreat_to(g: &mut Ti4Game, who: Player, to: u8, counts: &Counts, damaged: &Counts) {
    place_in_space(g, who, to, counts, damaged);
    super::tokens::place_on_board(g, who, to);
    enforce_fleet(g, to, who);
}

/// Destroys every unit at `loc` (by `by`): another player's units left in a space area without
/// their ships when `by`'s ships arrive (ground forces without capacity, Capacity 16.3; Saar
/// space docks in space, blockaded: "If this unit is blockaded, it is destroyed").
fn destroy_stranded(g: &mut Ti4Game, loc: Location, by: Player) {
    for t in UnitType::ALL {
        let k = g.state.count_at(loc, t);
        if k > 0 {
            destroy_units(&g.content, &mut g.state, loc, t, k, Some(by))
                .expect("the destroyed units are at the location");
        }
    }
}

/// `counts` units of `who` (`damaged` of them damaged) are placed in the space area of `to`
/// (a retreat or Foresight: it holds no other player's ships, so another player's units there
/// are stranded and destroyed first, as when ships arrive by movement).
fn place_in_space(g: &mut Ti4Game, who: Player, to: u8, counts: &Counts, damaged: &Counts) {
    let loc = Location::Space(to);
    if g.state.occupant(loc).is_some_and(|q| q != who) {
        destroy_stranded(g, loc, who);
    }
    for t in UnitType::ALL {
        let k = counts[t.idx()];
        if k > 0 {
            let d = g.state.damaged_at(loc, t) + damaged[t.idx()];
            g.place_units(who, loc, t, k).expect("placed units come from reinforcements the caller checked");
            g.state.set_damaged(loc, t, d.min(g.state.count_at(loc, t))).expect("at most the units there are damaged");
        }
    }
}

/// Every unit of `p` in the space area of `from` moves into the space area of `to` (damage
/// kept), then Fleet pool 4 and capacity apply there: ships that an ability moves outside
/// movement (Foresight).
pub(crate) fn relocate_space_units(g: &mut Ti4Game, p: Player, from: u8, to: u8) {
    let loc = Location::Space(from);
    if g.state.occupant(loc) != Some(p) {
        return;
    }
    let (mut counts, mut damaged) = ([0; UNIT_TYPES], [0; UNIT_TYPES]);
    for t in UnitType::ALL {
        let k = g.state.count_at(loc, t);
        if k > 0 {
            (counts[t.idx()], damaged[t.idx()]) = (k, g.state.damaged_at(loc, t));
            g.state.remove_units(loc, t, k).expect("the removed units are at the location");
        }
    }
    place_in_space(g, p, to, &counts, &damaged);
    enforce_fleet(g, to, p);
}

/// The systems adjacent to `from` that `p`'s ships may enter (anomalies) and that hold no other
/// player's ships, as board-slot bits.
pub(crate) fn adjacent_without_enemy_ships(g: &Ti4Game, p: Player, from: u8) -> u64 {
    let blocked = enemy_ships(&g.state, p) | g.galaxy.no_entry(rules::mover_traits(g, p));
    g.galaxy.neighbours(from) & !blocked
}

/// The units of every type at `loc`.
pub(super) fn board_counts(g: &Ti4Game, loc: Location) -> Counts {
    let mut k = [0; UNIT_TYPES];
    for t in UnitType::ALL {
        k[t.idx()] = g.state.count_at(loc, t);
    }
    k
}

/// The units a combat destroyed: per type, those of `before` (a side's units when it began) that
/// its final force `after` lacks.
pub(super) fn casualties(before: &Counts, after: &Force) -> Counts {
    let mut lost = [0; UNIT_TYPES];
    for t in UnitType::ALL {
        lost[t.idx()] = before[t.idx()].saturating_sub(after.count(t));
    }
    lost
}

/// After a space combat: the losses written back (the defender's on the board; the attacker's
/// never leave transit), hook point `combat_casualties` for both sides (the attacker's rules
/// first), then a retreat or the landing.
pub(super) fn after_space_combat(g: &mut Ti4Game) {
    let p = g.flow.turn;
    let Some(combat) = g.flow.space.take() else { return };
    let loc = Location::Space(g.flow.active);
    let d = g.flow.defender;
    let def = *combat.force(crate::ti4::combat::Side::Defender);
    let def_lost = casualties(&board_counts(g, loc), &def);
    write_back(g, loc, &def, p);
    let att = *combat.force(crate::ti4::combat::Side::Attacker);
    let att_lost = casualties(&g.flow.transit, &att);
    g.flow.transit = *att.counts();
    g.flow.transit_damaged = *att.damaged_counts();
    rules::combat_casualties(g, p, d, &def_lost);
    rules::combat_casualties(g, d, p, &att_lost);
    g.flow.combat_losses = combat_losses(p, &att_lost, d, &def_lost);
    let retreat = combat.retreat().and_then(|(side, tile)| g.galaxy.slot_of(tile).map(|sl| (side, sl)));
    match retreat {
        Some((crate::ti4::combat::Side::Attacker, to)) => {
            trim_transit(g, p);
            let (counts, damaged) = (g.flow.transit, g.flow.transit_damaged);
            g.flow.transit = [0; UNIT_TYPES];
            g.flow.transit_damaged = [0; UNIT_TYPES];
            retreat_to(g, p, to, &counts, &damaged);
            enforce_capacity(g, g.flow.active, Some(p));
            if defender_in_space(g, p).is_some() {
                rules::combat_won(g, d, p);
            }
            space_combat_end(g, p, d);
            return;
        }
        Some((crate::ti4::combat::Side::Defender, to)) => {
            let mut counts = [0; UNIT_TYPES];
            let mut damaged = [0; UNIT_TYPES];
            if g.state.occupant(loc) == Some(d) {
                for t in UnitType::ALL {
                    counts[t.idx()] = g.state.count_at(loc, t);
                    damaged[t.idx()] = g.state.damaged_at(loc, t);
                    if counts[t.idx()] > 0 {
                        g.state.remove_units(loc, t, counts[t.idx()]).expect("the removed units are at the location");
                    }
                }
            }
            retreat_to(g, d, to, &counts, &damaged);
        }
        None => enforce_capacity(g, g.flow.active, Some(p)),
    }
    let attacker_ships = SHIPS.iter().any(|&t| g.flow.transit[t.idx()] > 0);
    let defender_ships = defender_in_space(g, p).is_some();
    // Rules 78.10: the side with ships left wins (a stalemate, both left, has no winner).
    match (attacker_ships, defender_ships) {
        (true, false) => rules::combat_won(g, p, d),
        (false, true) => rules::combat_won(g, d, p),
        _ => {}
    }
    if !attacker_ships || defender_ships {
        // Lost, or a stalemate (treated as the attacker's loss): the moving units are gone.
        g.flow.transit = [0; UNIT_TYPES];
        g.flow.transit_damaged = [0; UNIT_TYPES];
    } else {
        trim_transit(g, p);
        place_transit(g, p);
    }
    space_combat_end(g, p, d);
}

/// The seats (bit per seat) of the two sides of a combat that lost units in it.
pub(super) fn combat_losses(a: Player, a_lost: &Counts, d: Player, d_lost: &Counts) -> u8 {
    let bit = |p: Player, lost: &Counts| if lost.iter().any(|&k| k > 0) { 1u8 << p.0 } else { 0 };
    bit(a, a_lost) | bit(d, d_lost)
}

/// The space combat is over: window `SpaceCombatEnd` for the active player `p`, then the
/// defender `d` (rules' order), then the landing.
fn space_combat_end(g: &mut Ti4Game, p: Player, d: Player) {
    if !super::pending::open(g, rules::Window::SpaceCombatEnd, &[p, d]) {
        super::invasion::start_landing(g, p);
    }
}
