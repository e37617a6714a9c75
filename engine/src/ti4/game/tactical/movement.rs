//! Movement (rules 58 "Movement", digest §2.2): move values, routes through anomalies and
//! wormholes, ships and transported units moving into the active system, gravity rift rolls
//! (41.2), and the units' arrival.

use super::*;
use crate::ti4::combat::{roll_d10, Arena, CombatStart, Force, SpaceCombat, SpacePhase};
use crate::ti4::content::Content;
use crate::ti4::galaxy::anomaly::{move_value_leaving, rift_destroys, rift_roll_needed};
use crate::ti4::galaxy::{Anomaly, MoverTraits, Reach, Wormhole};
use crate::ti4::game::{Action, Counts, Step, Ti4Game};
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::{Location, State, MAX_PLANETS_PER_SYSTEM};
use rand_chacha::ChaCha8Rng;

pub(super) fn move_value(c: &Content, units: &[Option<UnitId>; UNIT_TYPES], t: UnitType) -> u8 {
    units[t.idx()].and_then(|u| c.units[u.idx()].move_value).unwrap_or(0)
}

/// Slots with another player's ships (movement may end there but not pass through).
pub(crate) fn enemy_ships(s: &State, p: Player) -> u64 {
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
pub(super) fn movement_blocked(g: &Ti4Game, p: Player) -> u64 {
    if rules::moves_through_ships(g, p) {
        0
    } else {
        enemy_ships(&g.state, p)
    }
}

/// Hook point `move_bonus_once` (Gravity Drive): +1 to the move value of 1 ship, available
/// while unused this tactical action.
pub(super) fn move_bonus_once_available(g: &Ti4Game, p: Player) -> bool {
    !g.flow.tactical.move_bonus_used && rules::move_bonus_once(g, p)
}

/// The movement rules of `p` for one batch of movement queries, asked once: the hook points
/// `moves_through_ships` (in `blocked`), `mover_traits`, `move_bonus_once` (while unused this
/// action), and whether any `move_bonus_from` or `reach` rule applies at all.
#[derive(Clone, Copy)]
pub(in crate::ti4::game) struct Mover {
    blocked: u64,
    traits: MoverTraits,
    bonus_once: bool,
    bonus_from: bool,
    reach: bool,
    /// Flank Speed's +1 for every ship (the active player, once played this tactical action).
    flank: u8,
    /// Lost Star Chart (the active player, this action) or Wormhole Reconstruction (a law in
    /// play): alpha and beta wormholes adjacent.
    linked: bool,
    /// Enforced Travel Ban (a law in play): alpha and beta wormholes have no effect.
    closed: bool,
    /// Shared Research (a law in play): ships move through nebulae.
    nebulae_passable: bool,
    /// Nav Suite: the effects of anomalies ignored (the active player, this movement).
    anomalies_ignored: bool,
    /// In the Silence of Space: the system whose ships move through other players' ships (the
    /// active player, this tactical action).
    silence: Option<u8>,
    /// Ship types that move through other players' ships (hook point
    /// `types_moving_through_ships`: Y'sia Y'ssrila).
    through_types: u16,
}

impl Mover {
    pub(in crate::ti4::game) fn of(g: &Ti4Game, p: Player) -> Mover {
        let (c, s) = (g.content(), &g.state);
        Mover {
            blocked: movement_blocked(g, p),
            traits: rules::mover_traits(g, p),
            bonus_once: move_bonus_once_available(g, p),
            bonus_from: c.rules.move_bonus_from.may_apply(c, s, p),
            reach: c.rules.reach.may_apply(c, s, p),
            flank: (g.flow.tactical.flank_speed && p == g.flow.turn) as u8,
            linked: (g.flow.tactical.lost_star_chart && p == g.flow.turn)
                || crate::ti4::game::agendas::wormholes_linked(g),
            closed: crate::ti4::game::agendas::wormholes_closed(g),
            nebulae_passable: crate::ti4::game::agendas::nebulae_passable(g),
            anomalies_ignored: g.flow.tactical.nav_suite && p == g.flow.turn,
            silence: g.flow.tactical.silence.filter(|_| p == g.flow.turn),
            through_types: rules::types_moving_through_ships(g, p),
        }
    }
    /// The same rules with other blocked systems (tests).
    #[cfg(test)]
    pub(in crate::ti4::game) fn with_blocked(mut self, blocked: u64) -> Mover {
        self.blocked = blocked;
        self
    }

    /// These rules for a ship leaving `from`: nothing blocks it when In the Silence of Space
    /// chose `from`.
    fn leaving_from(&self, from: u8) -> Mover {
        let mut m = *self;
        if self.silence == Some(from) {
            m.blocked = 0;
        }
        m
    }

    /// The move value of a ship with printed move value `base` leaving `from`: 1 out of a
    /// nebula (Nebula 59.2), unless the player's traits or Nav Suite ignore it.
    fn leaving(&self, g: &Ti4Game, from: u8, base: u8) -> u8 {
        if self.anomalies_ignored {
            base
        } else {
            move_value_leaving(g.galaxy.anomalies(from), base, self.traits)
        }
    }
}

/// The bonus of every ship of `p` that starts in `from`: hook point `move_bonus_from`
/// (Slipstream), plus Flank Speed's +1 when played this tactical action.
pub(super) fn start_bonus(g: &Ti4Game, p: Player, m: &Mover, from: u8) -> u8 {
    m.flank + if m.bonus_from { rules::move_bonus_from(g, p, from) } else { 0 }
}

/// The movement query of a ship of `p` leaving `from` with move value `mv`. Without
/// `use_rifts` the ship neither passes through a gravity rift nor takes a rift's +1 (so it
/// never rolls for one); with it, every rift left costs no move (Gravity rift 41.1). Quantum
/// Entanglement (Creuss) links the alpha and beta wormholes for its owner; the Creuss wormhole
/// tokens on the board are alpha and beta wormholes for everyone, and the Crimson Rebellion's
/// active breaches adjacent to each other for everyone. Enforced Travel Ban closes
/// alpha and beta wormholes; Shared Research lets ships move through nebulae (not out of one
/// at full move value: Nebula 59.2 still applies).
pub(super) fn movement_query(g: &Ti4Game, p: Player, m: &Mover, mv: u8, use_rifts: bool) -> Reach {
    let gal = &g.galaxy;
    let traits = if m.nebulae_passable { MoverTraits { nebulae_ignored: true, ..m.traits } } else { m.traits };
    let mut q = gal.anomaly_reach(mv, traits, use_rifts);
    if m.anomalies_ignored {
        // Nav Suite: no anomaly stops, slows or speeds the ship.
        (q.no_pass, q.no_entry, q.no_end, q.free_exit) = (0, 0, 0, 0);
    } else if !use_rifts {
        q.no_pass |= gal.anomaly_slots(Anomaly::GravityRift);
    }
    q.no_pass |= m.blocked;
    // Creuss wormhole tokens are wormholes for every player (Wormholes 101).
    for (k, kind) in [(0, Wormhole::Alpha), (1, Wormhole::Beta)] {
        if let Some(slot) = g.state.factions.wormhole_tokens()[k] {
            q.extra.insert(slot, kind);
        }
    }
    // Incursion (Crimson Rebellion): systems that contain active breaches are adjacent to each
    // other, for every player.
    let breaches = g.state.factions.active_breaches();
    if breaches.count_ones() > 1 {
        q.extra = q.extra.with_clique(breaches);
    }
    if g.flow.tactical.wormhole_hub {
        // Emissary Taivra: the active system is adjacent to every other system with a wormhole.
        let a = g.flow.tactical.active;
        q.extra = q.extra.with_hub(a, wormhole_systems(g) & !(1 << a));
    }
    if m.linked {
        // Lost Star Chart: alpha and beta wormholes are adjacent to each other.
        q.extra = q.extra.alpha_beta_linked();
    }
    if m.closed {
        // Enforced Travel Ban: "Alpha and beta wormholes have no effect during movement."
        q.extra = q.extra.alpha_beta_closed();
    }
    if m.reach {
        rules::reach(g, p, &mut q);
    }
    q
}

/// The board slots holding a wormhole of `kind`: printed, or a Creuss wormhole token (alpha
/// and beta; Wormholes 101).
pub(crate) fn wormhole_slots(g: &Ti4Game, kind: Wormhole) -> u64 {
    let token = g.state.factions.wormhole_tokens().get(kind as usize).copied().flatten();
    g.galaxy.wormhole_slots(kind) | token.map_or(0, |sl| 1 << sl)
}

/// The board slots holding a wormhole of any kind (printed, or a Creuss wormhole token).
pub(crate) fn wormhole_systems(g: &Ti4Game) -> u64 {
    Wormhole::ALL.into_iter().fold(0, |m, kind| m | wormhole_slots(g, kind))
}

/// How a ship gets to the active system: whether it needs Gravity Drive's +1 and whether it
/// rolls for a gravity rift.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::ti4::game) struct Route {
    /// Gravity Drive's +1 is spent on this ship.
    pub gravity_drive: bool,
    /// The ship moves out of or through a gravity rift and rolls (41.2).
    pub rift_roll: bool,
}

/// [`route`] for a ship of type `t`: other players' ships do not block a type the player's
/// rules let move through them (hook point `types_moving_through_ships`).
pub(in crate::ti4::game) fn ship_route(
    g: &Ti4Game,
    p: Player,
    m: &Mover,
    from: u8,
    to: u8,
    t: UnitType,
    base: u8,
) -> Option<Route> {
    if m.through_types & crate::ti4::combat::type_bit(t) != 0 {
        route(g, p, &Mover { blocked: 0, ..*m }, from, to, base)
    } else {
        route(g, p, m, from, to, base)
    }
}

/// Movement 58 with Gravity Drive, Slipstream and gravity rifts 41: can a ship with printed
/// move value `base` in `from` reach `to`, and how. The safest way is taken: no bonus and no
/// rift first, then Gravity Drive, then a rift, then both. A ship leaving a rift always rolls
/// (41.2) and takes the rift's +1. Simplified: one roll per ship even when its path crosses
/// several rifts.
pub(in crate::ti4::game) fn route(g: &Ti4Game, p: Player, m: &Mover, from: u8, to: u8, base: u8) -> Option<Route> {
    if base == 0 {
        return None;
    }
    let gal = &g.galaxy;
    let m = &m.leaving_from(from);
    let mv = m.leaving(g, from, base) + start_bonus(g, p, m, from);
    let gd = m.bonus_once;
    let from_rift = !m.anomalies_ignored && rift_roll_needed(gal.anomalies(from));
    for (gravity_drive, rifts) in [(false, false), (true, false), (false, true), (true, true)] {
        if (gravity_drive && !gd) || (from_rift && !rifts) || (rifts && m.anomalies_ignored) {
            continue;
        }
        let q = movement_query(g, p, m, mv + gravity_drive as u8, rifts);
        if gal.reach(from, &q) >> to & 1 == 1 {
            return Some(Route { gravity_drive, rift_roll: rifts });
        }
    }
    None
}

/// A movement query for agents and tools (issue 11: the heuristic asks the engine instead of
/// re-implementing movement): the systems ships of one player can reach, under Movement 58 and
/// every movement rule in play for that player (anomalies 41-42 and Antimass Deflectors,
/// wormholes with the Creuss tokens, other players' ships with Light/Wave Deflector, Gravity
/// Drive once per tactical action, Slipstream, gravity rifts). Command tokens, the fleet pool and
/// capacity are not its concern. Built once ([`Ti4Game::ship_reach`]), asked many times.
#[derive(Clone, Copy)]
pub struct ShipReach<'a> {
    g: &'a Ti4Game,
    p: Player,
    m: Mover,
}

impl Ti4Game {
    /// The movement query of player `p` ([`ShipReach`]).
    pub fn ship_reach(&self, p: Player) -> ShipReach<'_> {
        ShipReach { g: self, p, m: Mover::of(self, p) }
    }
}

impl ShipReach<'_> {
    /// The systems (bit per board slot) a ship of the player with printed move value `base` in
    /// system `from` can reach this tactical action, every bonus and rift used where it helps
    /// (the ship's own system included); 0 when `base` is 0.
    pub fn systems(&self, from: u8, base: u8) -> u64 {
        if base == 0 {
            return 0;
        }
        reach_set(self.g, self.p, &self.m, from, base)
    }
}

/// Every system a ship with printed move value `base` in `from` could reach this action (all
/// bonuses and rifts used).
pub(super) fn reach_set(g: &Ti4Game, p: Player, m: &Mover, from: u8, base: u8) -> u64 {
    let gal = &g.galaxy;
    let m = &m.leaving_from(from);
    let mv = m.leaving(g, from, base) + start_bonus(g, p, m, from) + m.bonus_once as u8;
    gal.reach(from, &movement_query(g, p, m, mv, true))
}

pub(in crate::ti4::game) fn transit_non_fighters(f: &Counts) -> u32 {
    SHIPS[1..].iter().map(|&t| f[t.idx()] as u32).sum()
}

/// Rules 37 (fleet pool): one more non-fighter ship of the active player `p` fits in the active
/// system (its ships there and those in transit counted).
pub(crate) fn fleet_has_room(g: &Ti4Game, p: Player) -> bool {
    let (c, s, a) = (&*g.content, &g.state, g.flow.tactical.active);
    let here = if s.systems[a as usize].space.owner == p.0 { non_fighter_ships(s, a) } else { 0 };
    here + transit_non_fighters(&g.flow.tactical.transit) < crate::ti4::rules::fleet_limit(c, s, p)
}

pub(in crate::ti4::game) fn move_options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    let (c, s) = (&*g.content, &g.state);
    let a = g.flow.tactical.active;
    let units = units_of(c, s, p);
    let m = Mover::of(g, p);
    let fleet_ok = fleet_has_room(g, p);
    for from in 0..s.num_systems {
        let sl = &s.systems[from as usize];
        if from == a || (sl.tokens >> p.0 & 1 == 1 && !g.flow.tactical.dominus_orb) {
            continue;
        }
        if sl.space.owner == p.0 && fleet_ok {
            for &t in &SHIPS[1..] {
                if sl.space.of(t) > 0 && ship_route(g, p, &m, from, a, t, move_value(c, &units, t)).is_some() {
                    buf.push(Action::Move(from, t));
                }
            }
        }
        if g.flow.tactical.moved_from >> from & 1 == 1 && g.flow.tactical.carried < g.flow.tactical.capacity {
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

/// Dominus Orb's condition: a ship of `p` in a system other than the active one that contains
/// their command token can reach the active system (what the relic would let move).
pub(crate) fn locked_ship_can_move(g: &Ti4Game, p: Player) -> bool {
    let (c, s) = (&*g.content, &g.state);
    let a = g.flow.tactical.active;
    let units = units_of(c, s, p);
    let m = Mover::of(g, p);
    (0..s.num_systems).any(|from| {
        let sl = &s.systems[from as usize];
        from != a
            && sl.tokens >> p.0 & 1 == 1
            && sl.space.owner == p.0
            && SHIPS[1..]
                .iter()
                .any(|&t| sl.space.of(t) > 0 && ship_route(g, p, &m, from, a, t, move_value(c, &units, t)).is_some())
    })
}

/// Takes one unit off the board into transit; returns whether it was damaged.
pub(super) fn lift(g: &mut Ti4Game, loc: Location, t: UnitType) {
    let before = g.state.damaged_at(loc, t);
    g.state.remove_units(loc, t, 1).expect("the removed units are at the location");
    let after = g.state.damaged_at(loc, t);
    g.flow.tactical.transit[t.idx()] += 1;
    g.flow.tactical.transit_damaged[t.idx()] += before - after.min(before);
}

pub(in crate::ti4::game) fn move_ship(g: &mut Ti4Game, p: Player, from: u8, t: UnitType) -> Step {
    let c = g.content.clone();
    let units = units_of(&c, &g.state, p);
    let m = Mover::of(g, p);
    if let Some(r) = ship_route(g, p, &m, from, g.flow.tactical.active, t, move_value(&c, &units, t)) {
        g.flow.tactical.move_bonus_used |= r.gravity_drive;
        g.flow.tactical.rift[t.idx()] += r.rift_roll as u8;
    }
    lift(g, Location::Space(from), t);
    let cap = capacity_of(&c, &units, t);
    if cap > 0 {
        g.flow.tactical.capacity += cap;
        g.flow.tactical.moved_from |= 1 << from;
    }
    // Units the departure would leave over capacity go along.
    let (left_cap, load) = space_load(&c, &g.state, from);
    let mut excess = load.saturating_sub(left_cap);
    for u in [UnitType::Infantry, UnitType::Mech, UnitType::Fighter] {
        while excess > 0 && g.state.count_at(Location::Space(from), u) > 0 {
            lift(g, Location::Space(from), u);
            g.flow.tactical.carried += 1;
            excess -= 1;
        }
    }
    Step::Move(p)
}

pub(in crate::ti4::game) fn carry(g: &mut Ti4Game, p: Player, from: u8, t: UnitType) {
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
    g.flow.tactical.carried += 1;
}

pub(in crate::ti4::game) fn end_movement(g: &mut Ti4Game) -> Step {
    // Window `AfterMovement`: the other players' "you may" once ships moved into the system,
    // clockwise from the active player.
    if SHIPS.iter().any(|&t| g.flow.tactical.transit[t.idx()] > 0) {
        let (p, n) = (g.flow.turn, g.state.num_players);
        let (others, len) = super::super::pending::others_clockwise(n, p);
        if let Some(decide) = super::super::pending::open(g, rules::Window::AfterMovement, &others[..len]) {
            return decide;
        }
    }
    after_movement(g)
}

/// After movement and its decisions: gravity rift rolls and space cannon offense (a chance
/// event) when there are any, else the ships arrive.
pub(in crate::ti4::game) fn after_movement(g: &mut Ti4Game) -> Step {
    let rifts = g.flow.tactical.rift.iter().any(|&k| k > 0);
    if rifts || cannon_may_fire(g) {
        Step::SpaceCannon
    } else {
        arrive(g)
    }
}

pub(super) fn transit_force(g: &Ti4Game, p: Player, arena: Arena) -> Force {
    let f = super::force_of(&g.content, &g.state, p, arena);
    f.with_counts(g.flow.tactical.transit, g.flow.tactical.transit_damaged).unwrap_or(f)
}

/// Transported units over the moving ships' capacity are lost (in transit they are off the
/// board already).
pub(in crate::ti4::game) fn trim_transit(g: &mut Ti4Game, p: Player) {
    let c = g.content.clone();
    let units = units_of(&c, &g.state, p);
    let cap: u32 =
        SHIPS.iter().map(|&t| g.flow.tactical.transit[t.idx()] as u32 * capacity_of(&c, &units, t) as u32).sum();
    for t in [UnitType::Fighter, UnitType::Infantry, UnitType::Mech] {
        loop {
            let load: u32 = [UnitType::Fighter, UnitType::Infantry, UnitType::Mech]
                .iter()
                .map(|&u| g.flow.tactical.transit[u.idx()] as u32)
                .sum();
            if load <= cap || g.flow.tactical.transit[t.idx()] == 0 {
                break;
            }
            g.flow.tactical.transit[t.idx()] -= 1;
            g.flow.tactical.transit_damaged[t.idx()] =
                g.flow.tactical.transit_damaged[t.idx()].min(g.flow.tactical.transit[t.idx()]);
        }
    }
}

/// Gravity rift 41.2: each ship that moved out of or through a gravity rift rolls a die and is
/// destroyed on 1-3 (an undamaged one first); transported units beyond the remaining capacity
/// are lost with it ([`trim_transit`]).
pub(in crate::ti4::game) fn gravity_rift_rolls(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    for &t in SHIPS {
        for _ in 0..std::mem::take(&mut g.flow.tactical.rift[t.idx()]) {
            if rift_destroys(roll_d10(rng)) && g.flow.tactical.transit[t.idx()] > 0 {
                g.flow.tactical.transit[t.idx()] -= 1;
                g.flow.tactical.transit_damaged[t.idx()] =
                    g.flow.tactical.transit_damaged[t.idx()].min(g.flow.tactical.transit[t.idx()]);
            }
        }
    }
    trim_transit(g, g.flow.turn);
}

/// After movement and space cannon: space combat if the system holds another player's ships,
/// else the moving units arrive.
pub(super) fn arrive(g: &mut Ti4Game) -> Step {
    let p = g.flow.turn;
    let moving_ships = SHIPS.iter().any(|&t| g.flow.tactical.transit[t.idx()] > 0);
    if !moving_ships {
        g.flow.tactical.transit = [0; UNIT_TYPES];
        g.flow.tactical.transit_damaged = [0; UNIT_TYPES];
    }
    if let (Some(d), true) = (defender_in_space(g, p), moving_ships) {
        g.flow.tactical.defender = d;
        // Window `SpaceCombatStart`: "at the start of a space combat" choices (Impulse Core),
        // the active player first.
        if let Some(decide) = super::super::pending::open(g, rules::Window::SpaceCombatStart, &[p, d]) {
            return decide;
        }
        return start_space_combat(g);
    }
    place_transit(g, p);
    super::super::invasion::start_landing(g, p)
}

/// Space combat 78 starts between the active player's ships in transit and the defender's in
/// the active system (`TacticalAction::defender`): the start's hits
/// (`TacticalAction::opening_hits`), the abilities at its start (hook points
/// `space_combat_start`, `space_combat_ambush`), retreat systems and Duranium Armor.
pub(in crate::ti4::game) fn start_space_combat(g: &mut Ti4Game) -> Step {
    let (p, d) = (g.flow.turn, g.flow.tactical.defender);
    let loc = Location::Space(g.flow.tactical.active);
    let (c, s) = (&*g.content, &g.state);
    let mut att = rules::with_combat_roll_modifier(c, s, p, transit_force(g, p, Arena::Space));
    let bonus = crate::ti4::galaxy::anomaly::defender_combat_bonus(g.galaxy.anomalies(g.flow.tactical.active)) as i8;
    let mut def = rules::with_combat_roll_modifier(c, s, d, board_force(g, d, loc).with_modifier(bonus));
    // At the start of the combat: the active player's abilities first.
    rules::combat_sides(c, s, p, d, loc, &mut att, &mut def);
    rules::combat_sides(c, s, d, p, loc, &mut def, &mut att);
    rules::space_combat_start(c, s, p, &att, &mut def);
    rules::space_combat_start(c, s, d, &def, &mut att);
    let sets = [retreat_systems(g, p), retreat_systems(g, d)];
    let start = CombatStart {
        hits: std::mem::take(&mut g.flow.tactical.opening_hits).map(u16::from),
        ambush: [rules::space_combat_ambush(c, s, p), rules::space_combat_ambush(c, s, d)],
        reroll: std::mem::take(&mut g.flow.tactical.reroll),
        boost: std::mem::take(&mut g.flow.tactical.boost),
        fighter_boost: std::mem::take(&mut g.flow.tactical.fighter_boost),
        barrage_all_ships: std::mem::take(&mut g.flow.tactical.barrage_all_ships),
        routed: std::mem::take(&mut g.flow.tactical.routed),
        extra_die: std::mem::take(&mut g.flow.tactical.extra_die),
    };
    let mut combat = SpaceCombat::with_start(att, def, sets, start).expect("space forces");
    // Each round with no retreat pauses for window `SpaceCombatRoundEnd`, each assignment of
    // combat-roll hits for windows `SpaceCombatBeforeHits` and `SpaceCombatAfterHits`.
    combat.set_pause_between_rounds(true);
    combat.set_pause_at_hits(true);
    combat.set_raid_formation([rules::barrage_excess_damages(c, s, p), rules::barrage_excess_damages(c, s, d)]);
    combat.set_repair([rules::combat_repair(c, s, p), rules::combat_repair(c, s, d)]);
    g.flow.tactical.space = Some(combat);
    Step::Space
}

/// A space combat round ended with no retreat and the combat goes on (`SpacePhase::Between`):
/// window `SpaceCombatRoundEnd` for the active player, then the defender (Yin's Devotion);
/// with nothing to decide, the next round.
pub(in crate::ti4::game) fn between_space_rounds(g: &mut Ti4Game) -> Step {
    let (p, d) = (g.flow.turn, g.flow.tactical.defender);
    if let Some(decide) = super::super::pending::open(g, rules::Window::SpaceCombatRoundEnd, &[p, d]) {
        return decide;
    }
    next_space_round(g)
}

/// A side of the space combat is about to assign combat-roll hits (`SpacePhase::BeforeHits`):
/// window `SpaceCombatBeforeHits` for its player; or has assigned them with a ship sustaining
/// (`SpacePhase::AfterHits`): window `SpaceCombatAfterHits` for the other side's player. With
/// nothing to decide the combat goes on.
pub(in crate::ti4::game) fn at_space_hits(g: &mut Ti4Game) -> Step {
    let (p, d) = (g.flow.turn, g.flow.tactical.defender);
    let seat = |s: Side| if s == Side::Attacker { p } else { d };
    let (window, player) = match g.flow.tactical.space.map(|c| c.phase()) {
        Some(SpacePhase::BeforeHits(s)) => (rules::Window::SpaceCombatBeforeHits, seat(s)),
        Some(SpacePhase::AfterHits(s)) => {
            let sustained: u8 = g.flow.tactical.space.iter().flat_map(|c| c.sustained()).map(|(_, n)| n).sum();
            if sustained > 0 {
                rules::units_sustained(g, seat(s), sustained);
            }
            (rules::Window::SpaceCombatAfterHits, seat(s.other()))
        }
        _ => return Step::Space,
    };
    if let Some(decide) = super::super::pending::open(g, window, &[player]) {
        return decide;
    }
    resume_space_combat(g)
}

/// The space combat goes on from a pause in its hit assignment.
pub(in crate::ti4::game) fn resume_space_combat(g: &mut Ti4Game) -> Step {
    if let Some(c) = g.flow.tactical.space.as_mut() {
        c.resume().expect("the combat is paused at its hits");
    }
    Step::Space
}

/// The space combat goes on from the pause between rounds (it ends there if a side has no
/// ships left, or is already over: a side withdrew, Skilled Retreat).
pub(in crate::ti4::game) fn next_space_round(g: &mut Ti4Game) -> Step {
    if let Some(c) = g.flow.tactical.space.as_mut().filter(|c| c.phase() == SpacePhase::Between) {
        c.next_round().expect("the combat is between rounds");
    }
    Step::Space
}

pub(in crate::ti4::game) fn place_transit(g: &mut Ti4Game, p: Player) {
    let loc = Location::Space(g.flow.tactical.active);
    let arriving = SHIPS.iter().any(|&t| g.flow.tactical.transit[t.idx()] > 0);
    if arriving && defender_in_space(g, p).is_none() && g.state.occupant(loc).is_some_and(|q| q != p) {
        // Another player's non-ship units left in space without capacity are lost (only when
        // ships arrive and that player has no ships there: nothing else is destroyed).
        destroy_stranded(g, loc, p);
    }
    for t in UnitType::ALL {
        let k = g.flow.tactical.transit[t.idx()];
        if k > 0 {
            let d = g.state.damaged_at(loc, t) + g.flow.tactical.transit_damaged[t.idx()];
            g.place_units(p, loc, t, k).expect("placed units come from reinforcements the caller checked");
            g.state.set_damaged(loc, t, d.min(g.state.count_at(loc, t))).expect("at most the units there are damaged");
        }
    }
    g.flow.tactical.transit = [0; UNIT_TYPES];
    g.flow.tactical.transit_damaged = [0; UNIT_TYPES];
    enforce_capacity(g, g.flow.tactical.active, Some(p));
}
