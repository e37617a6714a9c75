//! The Crimson Rebellion: SUNDERED. (Incursion and Sorrow are not modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // SUNDERED: other players' units that move into or are placed in the Crimson Rebellion's
    // home system are destroyed; so no other player's ground forces ever stand on its home
    // planets, and the Rebellion cannot be eliminated while it controls one (Elimination,
    // "Trivia").
    Rule {
        source: SourceKey::Ability("sundered"),
        hooks: Hooks {
            units_placed: Some(destroyed),
            planet_protected: Some(home_planet),
            cannot_be_eliminated: Some(immune),
            ..Hooks::NONE
        },
    },
];

/// Units of `placer` put into the holder's home system are destroyed.
fn destroyed(_: Source, c: &Content, s: &State, holder: Player, placer: Player, tile: SystemId) -> bool {
    holder != placer && c.factions[s.player(holder).faction.idx()].home_system == Some(tile)
}

/// A home planet the holder controls.
fn home_planet(_: Source, c: &Content, s: &State, p: Player, planet: PlanetId) -> bool {
    c.factions[s.player(p).faction.idx()].home_planets.contains(&planet) && s.player(p).planets.contains(planet)
}

fn immune(src: Source, c: &Content, s: &State, p: Player) -> Option<&'static str> {
    s.player(p).planets.iter().any(|pl| home_planet(src, c, s, p, pl)).then_some("sundered")
}
