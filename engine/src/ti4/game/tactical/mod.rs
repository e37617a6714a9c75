//! The tactical action (digest §2.2, §4-§5): activation, movement with move values, anomalies,
//! transport and capacity and the fleet pool; space cannon offense; space combat with retreats
//! (78.5: adjacent systems with the side's units or planets and no other player's ships; a
//! command token placed there; fleet pool and capacity enforced there). Invasion
//! (`invasion`) and production (`production`) follow in their own modules.
//!
//! Simplified (listed in `docs/RULES.md`, "Round loop"): activation is offered only for systems
//! some ship can reach, where the player can produce, or that a rule names (hook point
//! `activation_targets`); fighters move only transported;
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
//!
//! Files: `movement` (moves, rifts, arrival), `capacity` (capacity and the fleet pool),
//! `space_cannon`, `space_combat` (what follows a space combat), `retreats`, `forces` (units as a
//! combat force); this file holds the activation.

mod capacity;
mod forces;
mod movement;
mod retreats;
mod space_cannon;
mod space_combat;

pub use capacity::*;
pub(in crate::ti4::game) use forces::*;
pub use movement::ShipReach;
pub(in crate::ti4::game) use movement::*;
pub(crate) use movement::{enemy_ships, fleet_has_room, locked_ship_can_move, wormhole_slots, wormhole_systems};
pub(crate) use retreats::*;
pub(in crate::ti4::game) use space_cannon::*;
pub(in crate::ti4::game) use space_combat::*;

use crate::ti4::combat::{Arena, Force, Side};
use crate::ti4::content::{Content, Production};
use crate::ti4::game::{Action, Step, Ti4Game};
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::{Location, State, MAX_PLANETS_PER_SYSTEM};
use crate::ti4::technology::valefar::effective_techs;

pub(in crate::ti4::game) const SHIPS: &[UnitType] = UnitType::SHIPS;

pub(in crate::ti4::game) fn is_ship(t: UnitType) -> bool {
    t.idx() >= UnitType::Fighter.idx()
}

/// The side `p` is on in the combat of the active system: the active player attacks, the
/// other player there (`TacticalAction::defender`) defends; `None` for anybody else.
pub(crate) fn combat_side(g: &Ti4Game, p: Player) -> Option<Side> {
    if p == g.flow.turn {
        Some(Side::Attacker)
    } else if p == g.flow.tactical.defender {
        Some(Side::Defender)
    } else {
        None
    }
}

/// At window `SpaceCombatBeforeHits`: `p`'s side is about to assign hits of the opponent's
/// combat roll ("before you assign hits": Shields Holding, Tellurian).
pub(crate) fn assigning_space_combat_hits(g: &Ti4Game, p: Player, window: rules::Window) -> bool {
    let (rules::Window::SpaceCombatBeforeHits, Some(c), Some(side)) =
        (window, &g.flow.tactical.space, combat_side(g, p))
    else {
        return false;
    };
    c.phase() == crate::ti4::combat::SpacePhase::BeforeHits(side) && c.pending_hits(side).remaining() > 0
}

/// At window `SpaceCombatStart` or `SpaceCombatRoundEnd`, when a round of the space combat is
/// about to be fought (the first, or another while both sides have ships): `p`'s side, and the
/// running combat between rounds (`None` at the start, before the combat is built). `None` for
/// another window, a player not in the combat, or a combat about to end.
pub(crate) fn side_before_round(
    g: &Ti4Game,
    p: Player,
    window: rules::Window,
) -> Option<(Side, Option<&crate::ti4::combat::SpaceCombat>)> {
    let side = combat_side(g, p)?;
    match (window, &g.flow.tactical.space) {
        (rules::Window::SpaceCombatStart, _) => combat_will_start(g).then_some((side, None)),
        (rules::Window::SpaceCombatRoundEnd, Some(c)) => {
            let fights = c.phase() == crate::ti4::combat::SpacePhase::Between
                && c.force(Side::Attacker).has_combatants()
                && c.force(Side::Defender).has_combatants();
            fights.then_some((side, Some(c)))
        }
        _ => None,
    }
}

/// Morale Boost and Supercharge: `p`'s side of a space combat that starts, or goes on into
/// another round, has no +1 on its combat roll yet this round.
pub(crate) fn round_boost_open(g: &Ti4Game, p: Player, window: rules::Window) -> bool {
    side_before_round(g, p, window)
        .is_some_and(|(side, combat)| !combat.map_or(g.flow.tactical.boost, |c| c.boost())[side.idx()])
}

/// Morale Boost and Supercharge: this round's combat roll of `p`'s side has +1 on each die
/// (`SpaceCombat::set_boost`; the first round's through `TacticalAction::boost`).
pub(crate) fn boost_round(g: &mut Ti4Game, p: Player, window: rules::Window) {
    let side = combat_side(g, p).expect("a side of the combat");
    match (window, g.flow.tactical.space.as_mut()) {
        (rules::Window::SpaceCombatRoundEnd, Some(c)) => c.set_boost(side, true),
        _ => g.flow.tactical.boost[side.idx()] = true,
    }
}

/// After window `SystemActivated`: the planets a choice there explores (Scanlink Drone
/// Network, `TacticalAction::explore_at_activation`; this runs again after them), then
/// movement, unless the active player's turn was ended there (`TacticalAction::peace`,
/// Minister of Peace): the tactical action is over and the turn ends.
pub(in crate::ti4::game) fn after_activation_window(g: &mut Ti4Game) -> Step {
    if g.flow.tactical.to_explore != 0 {
        return Step::Explore(g.flow.turn);
    }
    if !std::mem::take(&mut g.flow.tactical.peace) {
        return Step::Move(g.flow.turn);
    }
    g.flow.tactical.clear_card_effects();
    g.flow.logistics = 0;
    super::flow::next_turn(g)
}

/// At window `SpaceCombatStart`: the combat is still to be fought, both sides having ships in
/// the active system (the active player's in transit); false once a side left it (Skilled
/// Retreat).
pub(crate) fn combat_will_start(g: &Ti4Game) -> bool {
    let p = g.flow.turn;
    SHIPS.iter().any(|&t| g.flow.tactical.transit[t.idx()] > 0) && defender_in_space(g, p).is_some()
}

/// After window `SpaceCombatStart`: the space combat (rules 78), or, when a side left the
/// active system during the window (`TacticalAction::withdrawn`, Skilled Retreat: "the space
/// combat ends in a draw"), no combat: what was prepared for it is dropped, the active player's ships left in transit
/// arrive and the landing follows.
pub(in crate::ti4::game) fn after_combat_start_window(g: &mut Ti4Game) -> Step {
    if !std::mem::take(&mut g.flow.tactical.withdrawn) {
        return start_space_combat(g);
    }
    let t = &mut g.flow.tactical;
    (t.opening_hits, t.reroll, t.boost, t.fighter_boost, t.barrage_all_ships, t.routed) =
        ([0; 2], [false; 2], [false; 2], [false; 2], [false; 2], [false; 2]);
    t.extra_die = [0; 2];
    let p = g.flow.turn;
    place_transit(g, p);
    super::invasion::start_landing(g, p)
}

/// At the start of a space combat (window `SpaceCombatStart`): `p`'s ships of type `t` in the
/// active system and how many of them are damaged, the active player's in transit, the
/// defender's in the space area.
pub(crate) fn combat_ships(g: &Ti4Game, p: Player, t: UnitType) -> (u8, u8) {
    if p == g.flow.turn {
        return (g.flow.tactical.transit[t.idx()], g.flow.tactical.transit_damaged[t.idx()]);
    }
    let loc = Location::Space(g.flow.tactical.active);
    if g.state.occupant(loc) == Some(p) {
        (g.state.count_at(loc, t), g.state.damaged_at(loc, t))
    } else {
        (0, 0)
    }
}

/// At the start of a space combat: a hit on one of `p`'s ships of type `t` in the active
/// system ([`combat_ships`]), produced by `by` (`None`: `p`'s own rule destroys it): with
/// `sustain`, an undamaged one with SUSTAIN DAMAGE cancels it and becomes damaged (87.1); else
/// one is destroyed, a damaged one if any (the active player's transported units over the
/// capacity left are lost with it, as to a gravity rift; the defender's over capacity are
/// removed, Capacity 16.3).
pub(crate) fn hit_combat_ship(g: &mut Ti4Game, p: Player, t: UnitType, sustain: bool, by: Option<Player>) {
    debug_assert!(combat_ships(g, p, t).0 > 0);
    let slot = g.flow.tactical.active;
    let loc = Location::Space(slot);
    if p == g.flow.turn {
        let tr = &mut g.flow.tactical;
        if sustain {
            tr.transit_damaged[t.idx()] = (tr.transit_damaged[t.idx()] + 1).min(tr.transit[t.idx()]);
        } else {
            tr.transit[t.idx()] -= 1;
            tr.transit_damaged[t.idx()] = tr.transit_damaged[t.idx()].saturating_sub(1).min(tr.transit[t.idx()]);
            trim_transit(g, p);
        }
    } else if sustain {
        let d = g.state.damaged_at(loc, t) + 1;
        g.state.set_damaged(loc, t, d).expect("an undamaged ship sustains the hit");
    } else {
        let d = g.state.damaged_at(loc, t).saturating_sub(1);
        g.destroy_units(loc, t, 1, by).expect("the hit ship is in the active system");
        g.state.set_damaged(loc, t, d.min(g.state.count_at(loc, t))).expect("at most the ships there are damaged");
        enforce_capacity(g, slot, by);
    }
}

/// The unit definitions a player's units use now.
pub(crate) fn units_of(c: &Content, s: &State, p: Player) -> [Option<UnitId>; UNIT_TYPES] {
    let f = s.player(p).faction;
    let techs = effective_techs(c, s, p);
    UnitType::ALL.map(|t| c.effective_unit(f, t, techs))
}

/// An empty force of `p`'s effective units in `arena`, with `p`'s rules on hit assignment
/// (hook point `sustain_cancels_two`: Non-Euclidean Shielding) and the laws in play (war suns
/// without SUSTAIN DAMAGE under Publicize Weapon Schematics, mechs without their printed
/// abilities under Articles of War). Every force of a player's units is
/// built here.
pub(crate) fn force_of(c: &Content, s: &State, p: Player, arena: Arena) -> Force {
    let mut f = Force::new(c, &units_of(c, s, p), arena).expect("effective units");
    if crate::ti4::rules::sustain_cancels_two(c, s, p) {
        f.set_sustain_cancels(2);
    }
    if crate::ti4::laws::publicize_weapon_schematics::war_suns_lose_sustain(c, s) {
        f = f.without_sustain(crate::ti4::combat::type_bit(UnitType::WarSun));
    }
    if crate::ti4::laws::articles_of_war::mechs_lose_abilities(c, s) {
        f = f.without_unit_abilities(crate::ti4::combat::type_bit(UnitType::Mech));
    }
    f
}

/// Production: the PRODUCTION value of `p`'s units in a system (0 when none).
pub(in crate::ti4::game) fn production_value(g: &Ti4Game, p: Player, slot: u8) -> u32 {
    let (c, s) = (&*g.content, &g.state);
    production_value_with(c, s, &units_of(c, s, p), p, slot)
}

/// [`production_value`] without the space docks' PRODUCTION (Mitosis: what may produce
/// infantry).
pub(in crate::ti4::game) fn production_value_without_docks(g: &Ti4Game, p: Player, slot: u8) -> u32 {
    let (c, s) = (&*g.content, &g.state);
    let mut units = units_of(c, s, p);
    units[UnitType::SpaceDock.idx()] = None;
    production_value_with(c, s, &units, p, slot)
}

/// [`production_value`] with `p`'s unit definitions already looked up ([`units_of`]).
pub(super) fn production_value_with(
    c: &Content,
    s: &State,
    units: &[Option<UnitId>; UNIT_TYPES],
    p: Player,
    slot: u8,
) -> u32 {
    let sys = &s.systems[slot as usize];
    let mut total = 0u32;
    // Articles of War: mechs have no PRODUCTION.
    let no_mech = crate::ti4::laws::articles_of_war::mechs_lose_abilities(c, s);
    let value = |t: UnitType, planet: Option<PlanetId>| -> u32 {
        if no_mech && t == UnitType::Mech {
            return 0;
        }
        match units[t.idx()].and_then(|u| c.units[u.idx()].production) {
            Some(Production::Fixed(n)) => n as u32,
            Some(Production::PlanetResourcesPlus(n)) => planet.map_or(0, |pl| s.resources_of(c, pl) as u32) + n as u32,
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

pub(in crate::ti4::game) fn activation_options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
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
    // Hook point `activation_targets`: systems a rule gives a reason to activate (Awaken).
    reach |= rules::activation_targets(g, p);
    let tollers = rules::activation_tollers(g, p);
    // Hook point `activates_own_token_systems` (Il Na Viroset): systems with the player's own
    // command token may be activated too.
    let own_token_ok = rules::activates_own_token_systems(g, p);
    for slot in 0..s.num_systems {
        if s.systems[slot as usize].tokens >> p.0 & 1 == 1 && !own_token_ok {
            continue;
        }
        // PRODUCTION needs the player's units in the system (`production_value_with` is 0
        // elsewhere): tested only where they are.
        if reach >> slot & 1 == 1 || s.has_units_in(p, slot) && production_value_with(c, s, &units, p, slot) > 0 {
            // Hook point `activation_influence` (Artemiris): a system `p` cannot pay for is not
            // offered.
            let toll = activation_toll(g, p, tollers, slot);
            if toll == 0 || crate::ti4::game::objectives::spend_plan(c, s, p, 0, toll, 0, 0).is_some() {
                buf.push(Action::Activate(slot));
            }
        }
    }
}

/// Hook point `activation_influence`: the influence `p` spends to activate the system at `slot`
/// (0 when no other player in `tollers`, [`rules::activation_tollers`], has such a rule).
fn activation_toll(g: &Ti4Game, p: Player, tollers: u8, slot: u8) -> u8 {
    if tollers == 0 {
        0
    } else {
        rules::activation_influence(g, p, tollers, slot)
    }
}

pub(in crate::ti4::game) fn activate(g: &mut Ti4Game, p: Player, slot: u8) -> Step {
    // Hook point `activation_influence`: the influence other players' rules ask, spent first.
    let toll = activation_toll(g, p, rules::activation_tollers(g, p), slot);
    let (c, s) = g.content_and_state();
    crate::ti4::game::objectives::spend_default(c, s, p, 0, toll);
    // A system with the player's own token (hook point `activates_own_token_systems`): the
    // second token goes back to the reinforcements with the first as the action ends; it is
    // counted there now (the board holds one token per player and system).
    let own_token = g.state.systems[slot as usize].tokens >> p.0 & 1 == 1;
    let ps = g.state.player_mut(p);
    ps.tactic -= 1;
    if own_token {
        ps.token_reinforcements += 1;
    }
    g.state.systems[slot as usize].tokens |= 1 << p.0;
    let f = &mut g.flow;
    f.tactical.own_token = own_token;
    f.tactical.active = slot;
    f.tactical.transit = [0; UNIT_TYPES];
    f.tactical.transit_damaged = [0; UNIT_TYPES];
    f.tactical.rift = [0; UNIT_TYPES];
    f.tactical.move_bonus_used = false;
    f.tactical.moved_from = 0;
    f.tactical.capacity = 0;
    f.tactical.carried = 0;
    f.tactical.committed = [[0; 2]; 3];
    f.production.queue = [0; UNIT_TYPES];
    f.production.warfare = false;
    f.tactical.gained = 0;
    f.tactical.space_winner = None;
    f.tactical.space_destroyed = 0;
    f.tactical.space_lost = [0; 2];
    f.tactical.clear_card_effects();
    if f.logistics == 1 {
        f.logistics = 2;
    }
    super::notes::on_activate(g, p, slot);
    if own_token {
        // Il Na Viroset (FAQ): no "when/after ... activates a system" ability is used.
        return Step::Move(p);
    }
    // Hook point `system_activated`, for every player in the game clockwise from the active one.
    let n = g.state.num_players;
    for k in 0..n {
        let q = Player((p.0 + k) % n);
        if g.state.player(q).in_game {
            rules::system_activated(g, q, p, slot);
        }
    }
    // Window `SystemActivated`: the active player, then the others clockwise.
    let (order, len) = super::pending::clockwise_from(n, p);
    super::pending::open(g, rules::Window::SystemActivated, &order[..len]).unwrap_or(Step::Move(p))
}
