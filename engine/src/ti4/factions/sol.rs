//! The Federation of Sol: Orbital Drop, Versatile, the flagship Genesis.

use crate::ti4::content::Content;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey};
use crate::ti4::state::{Location, State};

pub(super) static RULES: &[Rule] = &[
    // Orbital Drop: "ACTION: Spend 1 token from your strategy pool to place 2 infantry from
    // your reinforcements on 1 planet you control." (rules 23; target = the planet id.)
    Rule {
        source: SourceKey::Ability("orbital_drop"),
        hooks: Hooks {
            component_targets: Some(orbital_drop_targets),
            component_action: Some(orbital_drop),
            ..Hooks::NONE
        },
    },
    // Versatile: "When you gain command tokens during the status phase, gain 1 additional
    // command token." (Status phase step 5, rules 81.5)
    Rule {
        source: SourceKey::Ability("versatile"),
        hooks: Hooks { status_command_tokens: Some(versatile), ..Hooks::NONE },
    },
    // Genesis (flagship): "At the end of the status phase, place 1 infantry from your
    // reinforcements in this system's space area." (Capacity 16: an infantry beyond the
    // capacity there is removed at once.)
    Rule { source: SourceKey::Unit("sol_flagship"), hooks: Hooks { status_phase_end: Some(genesis), ..Hooks::NONE } },
];

/// Genesis: 1 infantry into the flagship's space area, if the reinforcements hold one.
fn genesis(_: Source, g: &mut Ti4Game, p: Player) {
    let Some(slot) = crate::ti4::game::component::flagship_slot(g, p) else { return };
    if g.state.player(p).reinforcements[UnitType::Infantry.idx()] == 0 {
        return;
    }
    g.place_units(p, Location::Space(slot), UnitType::Infantry, 1)
        .expect("placed units come from reinforcements the caller checked");
    crate::ti4::game::component::enforce_capacity(g, slot, None);
}

fn versatile(_: Source, _: &Content, _: &State, _: Player) -> u8 {
    1
}

/// Orbital Drop's targets: each planet `p` controls on the board that holds no other player's
/// units, while `p` has a strategy token and an infantry in reinforcements.
fn orbital_drop_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let (c, s) = (g.content(), &g.state);
    let ps = s.player(p);
    if ps.strategy == 0 || ps.reinforcements[UnitType::Infantry.idx()] == 0 {
        return;
    }
    for pl in ps.planets.iter() {
        if let Some(loc) = s.planet_location(c, pl) {
            if s.occupant(loc).is_none_or(|q| q == p) {
                out(pl.0);
            }
        }
    }
}

/// Orbital Drop: 1 strategy token spent (back to reinforcements, rules 20), then 2 infantry
/// (as many as the reinforcements hold) placed on the planet.
fn orbital_drop(_: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    let Some(loc) = g.state.planet_location(g.content(), PlanetId(target)) else { return ComponentThen::TurnEnds };
    let (c, s) = g.content_and_state();
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
    let n = g.state.player(p).reinforcements[UnitType::Infantry.idx()].min(2);
    g.place_units(p, loc, UnitType::Infantry, n).expect("placed units come from reinforcements the caller checked");
    ComponentThen::TurnEnds
}
