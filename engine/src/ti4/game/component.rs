//! Component actions of rule sources (rules 23 "Component Action"): a faction ability or a
//! technology whose text begins "ACTION:" is offered at the start of an action-phase turn as
//! [`Action::Use`]`(source, target)`, one action per target the rule's `component_targets`
//! names; performing it (hook point `component_action`, which pays the cost) is the turn's
//! action, and the turn then ends (after the decisions it opens, if any). The core knows no component action by name: the rules live
//! in their sources' files (`crate::ti4::factions`, `crate::ti4::techs`).

use super::{Action, Step, Ti4Game};

pub(crate) use super::action_cards::{cards_in_hand, discard, draw_component_cards, fighter_fits, fits_ship};
pub(crate) use super::cards::{granted_research, granted_research_options, resolving_player};
pub(crate) use super::exploration::{explorable, explore_at_activation};
pub(crate) use super::invasion::{
    blitz_arms_a_ship, bombarding_force, can_join_ground_combat, gain_planet, ground_round_start, place_by_rule,
};
pub(crate) use super::tactical::{
    adjacent_without_enemy_ships, assigning_space_combat_hits, boost_round, combat_ships, combat_side,
    combat_will_start, enemy_ships, enforce_capacity, enforce_fleet_everywhere, has_ships_in, hit_combat_ship,
    non_fighter_ships, relocate_space_units, relocate_space_units_of, retreat_systems, round_boost_open,
    side_before_round, skilled_retreat, units_of, withdrawal_systems, wormhole_slots,
};
pub(crate) use super::tactical::{fleet_has_room, locked_ship_can_move, space_load, wormhole_systems};
pub(crate) use super::take_cards::discarded as discarded_action_cards;
use crate::ti4::ids::{Player, UnitType};
use crate::ti4::rules::{self, ComponentThen, Source};
use crate::ti4::state::Location;

/// At window `TurnEnd`: `p` is the active player, has performed an action (not passed) and has
/// no additional action granted yet: Master Plan and Minister of War may grant one.
pub(crate) fn may_act_again(g: &Ti4Game, p: Player, window: rules::Window) -> bool {
    window == rules::Window::TurnEnd && p == g.flow.turn && g.flow.passed >> p.0 & 1 == 0 && !g.flow.extra_action
}

/// The active player performs an additional action this turn (`Flow::extra_action`).
pub(crate) fn act_again(g: &mut Ti4Game) {
    g.flow.extra_action = true;
}

/// The [`Action::Use`] options of `p` at the start of an action-phase turn (no allocation).
pub(super) fn options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    rules::component_targets(g, p, &mut |src, t| buf.push(Action::Use(src, t)));
}

/// Rules 23: `p` performs the component action of `src` on `target`; the turn then ends. A
/// component action that needs further decisions (Sling Relay's production) goes on to them,
/// and the step that finishes them ends the turn instead.
pub(super) fn perform(g: &mut Ti4Game, p: Player, src: Source, target: u8) -> Step {
    match rules::component_action(g, p, src, target) {
        ComponentThen::TurnEnds => {
            // Window `TurnEnd` may answer it ("after you use ...": ZS Thunderbolt M2).
            g.flow.component_used = Some((src, target));
            super::flow::next_turn(g)
        }
        ComponentThen::ProduceShip(slot) => super::production::start_component_production(g, p, slot),
        ComponentThen::DrawRelic => Step::DrawRelic(p),
        ComponentThen::Roll => {
            g.flow.component_used = Some((src, target));
            Step::ComponentRoll(p)
        }
        ComponentThen::Redeploy(n) => super::redeploy::start(g, p, src, n),
        ComponentThen::TakeDiscarded(n) => super::take_cards::start(g, p, src, n),
    }
}

/// The board slot of `p`'s flagship (in a space area `p` occupies), if it is on the board.
/// The planets of the active system that `p`, the active player, gained during its tactical
/// action (`TacticalAction::gained`) and still controls: each planet's index and location
/// (none when `p` is not the active player).
pub(crate) fn gained_planets(g: &Ti4Game, p: Player) -> impl Iterator<Item = (u8, Location)> + '_ {
    let (s, slot) = (&g.state, g.flow.tactical.active);
    let active = g.flow.turn == p;
    (0..crate::ti4::state::MAX_PLANETS_PER_SYSTEM as u8)
        .filter(move |&n| active && g.flow.tactical.gained >> n & 1 == 1)
        .map(move |n| (n, Location::Planet(slot, n)))
        .filter(move |&(_, loc)| s.planet_at(g.content(), loc).is_some_and(|pl| s.player(p).planets.contains(pl)))
}

pub(crate) fn flagship_slot(g: &Ti4Game, p: Player) -> Option<u8> {
    let s = &g.state;
    (0..s.num_systems).find(|&slot| {
        s.systems[slot as usize].space.owner == p.0 && s.count_at(Location::Space(slot), UnitType::Flagship) > 0
    })
}

/// Rules 21 ("Commodities"): `p`'s commodity value, printed on its faction sheet.
pub(crate) fn commodity_value(g: &Ti4Game, p: Player) -> u8 {
    g.content.factions[g.state.player(p).faction.idx()].commodities
}

/// Rules 21: `p` gains `n` commodities, never above its commodity value.
pub(crate) fn gain_commodities(g: &mut Ti4Game, p: Player, n: u8) {
    let value = commodity_value(g, p);
    let ps = g.state.player_mut(p);
    ps.commodities = ps.commodities.saturating_add(n).min(value.max(ps.commodities));
}

/// The cost of 1 unit of type `t` for `p` (its effective unit definition; `None` without one).
pub(crate) fn unit_cost(g: &Ti4Game, p: Player, t: UnitType) -> Option<u8> {
    units_of(&g.content, &g.state, p)[t.idx()].and_then(|u| g.content.units[u.idx()].cost)
}

/// A rule may have `p` produce 1 ship of type `t` in the space area of `slot` (Salvage
/// Operations, Subatomic Splicer): one is in its reinforcements, it fits there (fleet pool, or
/// capacity for a fighter) and `p` can pay its cost (default plan).
pub(crate) fn ship_producible(g: &Ti4Game, p: Player, t: UnitType, slot: u8) -> bool {
    let fits = if t == UnitType::Fighter { fighter_fits(g, p, slot) } else { fits_ship(g, p, slot) };
    let affordable = unit_cost(g, p, t)
        .is_some_and(|k| crate::ti4::game::objectives::spend_plan(&g.content, &g.state, p, k, 0, 0, 0).is_some());
    fits && affordable && g.state.player(p).reinforcements[t.idx()] > 0
}

/// `p` pays for 1 ship of type `t` (default plan) and places it in the space area of `slot`
/// (a choice [`ship_producible`] offered).
pub(crate) fn produce_ship(g: &mut Ti4Game, p: Player, t: UnitType, slot: u8) {
    let Some(k) = unit_cost(g, p, t) else { return };
    let (c, s) = g.content_and_state();
    if crate::ti4::game::objectives::spend_default(c, s, p, k, 0) {
        g.place_units(p, Location::Space(slot), t, 1).expect("a ship from the reinforcements");
    }
}
