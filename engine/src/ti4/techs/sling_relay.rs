//! Technology card "Sling Relay": "ACTION: Exhaust this card to produce 1 ship in any system
//! that contains 1 of your space docks." (rules 23, 67). A component action: its targets are
//! the systems with a space dock of the player where at least 1 ship can be produced (one in
//! reinforcements, within the fleet pool and capacity, affordable, and no other player's ships
//! in the space area, as for any production of ships, rules 14.1); performing it exhausts the
//! card and opens the production step limited to 1 ship, which the player pays for as any
//! production. The system is not activated.

use crate::ti4::game::production::{producible, Cap};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey};
use crate::ti4::state::Location;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("sling_relay"),
    hooks: Hooks { component_targets: Some(targets), component_action: Some(produce), ..Hooks::NONE },
};

/// Each system (slot) with a space dock of `p` where a ship can be produced, while the card is
/// ready.
fn targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let s = &g.state;
    if s.player(p).on_board[UnitType::SpaceDock.idx()] == 0 {
        return;
    }
    for slot in 0..s.num_systems {
        let docked = (0..s.systems[slot as usize].planets.len() as u8).any(|n| {
            s.occupant(Location::Planet(slot, n)) == Some(p)
                && s.count_at(Location::Planet(slot, n), UnitType::SpaceDock) > 0
        });
        if !docked {
            continue;
        }
        let mut any = false;
        producible(g, p, slot, &[0; UNIT_TYPES], &[0; UNIT_TYPES], Cap::ONE_SHIP, &mut |_, affordable| {
            any |= affordable
        });
        if any {
            out(slot);
        }
    }
}

/// Exhausts the card; the production of 1 ship in system `slot` follows.
fn produce(src: Source, g: &mut Ti4Game, p: Player, slot: u8) -> ComponentThen {
    let Some(t) = src.tech() else { return ComponentThen::TurnEnds };
    g.state.player_mut(p).exhausted_techs.insert(t);
    ComponentThen::ProduceShip(slot)
}
