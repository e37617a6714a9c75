//! Action cards played at the round loop's windows, one file per card, each a [`Rule`] whose
//! source is the card ([`crate::ti4::rules::SourceKey::ActionCard`]): the rule is active for a
//! player who holds a copy in hand, its "you may" is offered at a window
//! ([`crate::ti4::rules::Window`]) as a pending decision of that player, and taking it plays
//! the card (rules 2: one copy goes to the discard pile, then the effect resolves). The
//! component-action cards ("ACTION:", rules 23) are in `crate::ti4::game::action_cards`.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::Rule;
use crate::ti4::state::Location;

mod activation;
mod ancient_burial_sites;
mod assassinate_representative;
mod blitz;
mod bribery;
mod bunker;
mod counterstroke;
mod coup_detat;
mod deadly_plot;
mod decoy_operation;
mod diplomatic_pressure;
mod direct_hit;
mod disable;
mod distinguished_councilor;
mod emergency_repairs;
mod experimental_battlestation;
mod fighter_prototype;
mod flank_speed;
mod forward_supply_base;
mod ghost_squad;
mod hack_election;
mod harness_energy;
mod in_the_silence_of_space;
mod invasion;
pub(crate) use invasion::committed_against;
mod legal_text;
mod lost_star_chart;
mod master_plan;
mod morale_boost;
mod nav_suite;
mod parley;
mod political_stability;
mod public_disgrace;
mod rally;
mod reparations;
mod reveal_prototype;
mod reverse_engineer;
mod riders;
mod rout;
mod sabotage;
mod salvage;
mod shields_holding;
mod skilled_retreat;
mod solar_flare;
mod summit;
mod upgrade;
mod veto;
mod war_machine;
mod waylay;

/// The action-card rules, one line per card.
pub(crate) static RULES: &[Rule] = &[
    morale_boost::RULE,
    emergency_repairs::RULE,
    fighter_prototype::RULE,
    salvage::RULE,
    shields_holding::RULE,
    direct_hit::RULE,
    riders::IMPERIAL,
    riders::TRADE,
    riders::POLITICS,
    riders::LEADERSHIP,
    riders::SANCTION,
    assassinate_representative::RULE,
    hack_election::RULE,
    summit::RULE,
    flank_speed::RULE,
    solar_flare::RULE,
    upgrade::RULE,
    counterstroke::RULE,
    forward_supply_base::RULE,
    harness_energy::RULE,
    rally::RULE,
    lost_star_chart::RULE,
    nav_suite::RULE,
    in_the_silence_of_space::RULE,
    riders::CONSTRUCTION,
    riders::DIPLOMACY,
    riders::TECHNOLOGY,
    riders::WARFARE,
    veto::RULE,
    diplomatic_pressure::RULE,
    blitz::RULE,
    bunker::RULE,
    disable::RULE,
    parley::RULE,
    ghost_squad::RULE,
    distinguished_councilor::RULE,
    bribery::RULE,
    legal_text::CONFUSING,
    legal_text::CONFOUNDING,
    deadly_plot::RULE,
    reparations::RULE,
    war_machine::RULE,
    sabotage::RULE,
    reverse_engineer::RULE,
    skilled_retreat::RULE,
    coup_detat::RULE,
    master_plan::RULE,
    ancient_burial_sites::RULE,
    reveal_prototype::RULE,
    decoy_operation::RULE,
    experimental_battlestation::RULE,
    public_disgrace::RULE,
    political_stability::RULE,
    waylay::RULE,
    rout::RULE,
];

/// The locations of the active system where `p` has units: its planets, and its space area
/// with `space`.
fn active_locations_of(g: &Ti4Game, p: Player, space: bool) -> impl Iterator<Item = Location> + '_ {
    Location::all_in(g.flow.tactical.active)
        .filter(move |&loc| (space || matches!(loc, Location::Planet(..))) && g.state.occupant(loc) == Some(p))
}

/// Up to `max` of `p`'s ground forces at `from` move to `to` (no other player's units there),
/// the types in `order` first. A type that moves whole keeps its damage; of one that moves in
/// part the undamaged go (`State::remove_units` keeps the damaged ones).
fn move_ground_forces(g: &mut Ti4Game, p: Player, from: Location, to: Location, order: [UnitType; 2], max: u8) {
    if g.state.occupant(from) != Some(p) {
        return;
    }
    let mut left = max;
    for t in order {
        let here = g.state.count_at(from, t);
        let k = here.min(left);
        if k > 0 {
            let damaged = if k == here { g.state.damaged_at(from, t) } else { 0 };
            g.state.remove_units(from, t, k).expect("the ground forces are there");
            g.state.add_units(p, to, t, k).expect("the destination holds no other player's units");
            let now = (g.state.damaged_at(to, t) + damaged).min(g.state.count_at(to, t));
            g.state.set_damaged(to, t, now).expect("at most the units there are damaged");
            left -= k;
        }
    }
}

/// True when `p` has a damaged unit on the board in the active system (its planets, and its
/// space area with `space`).
fn damaged_on_board(g: &Ti4Game, p: Player, space: bool) -> bool {
    active_locations_of(g, p, space).any(|loc| UnitType::ALL.iter().any(|&t| g.state.damaged_at(loc, t) > 0))
}

/// Repairs every damaged unit of `p` on the board in the active system (its planets, and its
/// space area with `space`).
fn repair_on_board(g: &mut Ti4Game, p: Player, space: bool) {
    let mut locs = [None; 1 + crate::ti4::state::MAX_PLANETS_PER_SYSTEM];
    for (at, loc) in locs.iter_mut().zip(active_locations_of(g, p, space)) {
        *at = Some(loc);
    }
    for loc in locs.into_iter().flatten() {
        for t in UnitType::ALL {
            if g.state.damaged_at(loc, t) > 0 {
                g.state.set_damaged(loc, t, 0).expect("the units are at the location");
            }
        }
    }
}
