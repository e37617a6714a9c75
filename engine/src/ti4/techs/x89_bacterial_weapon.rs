//! Technology card "X-89 Bacterial Weapon" (base printing): "ACTION: Exhaust this card to choose
//! 1 planet in a system that contains 1 or more of your ships that have BOMBARDMENT; destroy all
//! infantry on that planet." (rules 23). A component action; its targets are the planets of such
//! systems that hold another player's infantry (a planet with only the player's own infantry, or
//! none, is not offered: destroying nothing or only one's own forces is never worth the turn).
//! It is not BOMBARDMENT, so a PLANETARY SHIELD does not stop it. Destroyed infantry may
//! eliminate their owner (Elimination, `Ti4Game::destroy_units`).

use crate::ti4::game::component::units_of;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey};
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("x89_bacterial_weapon"),
    hooks: Hooks { component_targets: Some(targets), component_action: Some(destroy_infantry), ..Hooks::NONE },
};

/// Each planet (id) with another player's infantry in a system where `p` has a ship with
/// BOMBARDMENT, while the card is ready.
fn targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let (c, s) = (g.content(), &g.state);
    let units = units_of(c, s, p);
    let bombards = |u: UnitType| units[u.idx()].is_some_and(|id| c.units[id.idx()].bombardment.is_some());
    for slot in 0..s.num_systems {
        let here = Location::Space(slot);
        if s.systems[slot as usize].space.owner != p.0
            || !UnitType::SHIPS.iter().any(|&u| s.count_at(here, u) > 0 && bombards(u))
        {
            continue;
        }
        for n in 0..MAX_PLANETS_PER_SYSTEM as u8 {
            let loc = Location::Planet(slot, n);
            let theirs = s.occupant(loc).is_some_and(|q| q != p);
            if let (true, Some(pl)) = (theirs && s.count_at(loc, UnitType::Infantry) > 0, s.planet_at(c, loc)) {
                out(pl.0);
            }
        }
    }
}

/// Exhausts the card and destroys every infantry on planet `target`.
fn destroy_infantry(src: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    let Some(t) = src.tech() else { return ComponentThen::TurnEnds };
    g.state.player_mut(p).exhausted_techs.insert(t);
    if let Some(loc) = g.state.planet_location(g.content(), PlanetId(target)) {
        let n = g.state.count_at(loc, UnitType::Infantry);
        if n > 0 {
            g.destroy_units(loc, UnitType::Infantry, n, Some(p)).expect("the destroyed units are at the location");
        }
    }
    ComponentThen::TurnEnds
}
