//! Technology card "Self-Assembly Routines" (first ability): "After 1 or more of your units use
//! PRODUCTION, you may exhaust this card to place 1 mech from your reinforcements on a planet you
//! control in that system." Used automatically when ready and a mech is in reinforcements: on
//! the planet produced ground forces go to, else the first planet its owner controls in the
//! system (none: not used). (Its second ability, 1 trade good when a mech is destroyed, is not
//! modelled.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("self_assembly_routines"),
    hooks: Hooks { after_production: Some(place_mech), ..Hooks::NONE },
};

fn place_mech(src: Source, g: &mut Ti4Game, p: Player) {
    let Some(t) = src.tech() else { return };
    if g.state.player(p).exhausted_techs.contains(t) || g.state.player(p).reinforcements[UnitType::Mech.idx()] == 0 {
        return;
    }
    let a = g.flow.active;
    let c = g.content();
    let planet = crate::ti4::game::production::ground_target(g, p).or_else(|| {
        (0..MAX_PLANETS_PER_SYSTEM as u8).find(|&n| {
            g.state.planet_at(c, Location::Planet(a, n)).is_some_and(|pl| g.state.player(p).planets.contains(pl))
                && g.state.occupant(Location::Planet(a, n)).is_none_or(|q| q == p)
        })
    });
    if let Some(n) = planet {
        if g.place_units(p, Location::Planet(a, n), UnitType::Mech, 1).is_ok() {
            g.state.player_mut(p).exhausted_techs.insert(t);
        }
    }
}
