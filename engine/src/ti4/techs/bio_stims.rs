//! Technology card "Bio-Stims": "You may exhaust this card at the end of your turn to ready 1 of
//! your planets that has a technology specialty or 1 of your other technologies." Used
//! automatically at the end of each of its owner's action-phase turns when something is
//! exhausted: the specialty planet with the most resources (then influence, then the lowest
//! id), else the lowest-id other technology.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule =
    Rule { source: SourceKey::Tech("bio_stims"), hooks: Hooks { turn_end: Some(ready_one), ..Hooks::NONE } };

fn ready_one(src: Source, g: &mut Ti4Game, p: Player) {
    let Some(bs) = src.tech() else { return };
    let s = &g.state;
    if !s.player(p).in_game || s.player(p).exhausted_techs.contains(bs) {
        return;
    }
    let c = g.content();
    let planet = s
        .player(p)
        .planets
        .intersection(s.exhausted_planets)
        .iter()
        .filter(|pl| c.planets[pl.idx()].specialties != 0)
        .max_by_key(|pl| (c.planets[pl.idx()].resources, c.planets[pl.idx()].influence, std::cmp::Reverse(pl.0)));
    let tech = s.player(p).exhausted_techs.iter().find(|&t| t != bs);
    let s = &mut g.state;
    match (planet, tech) {
        (Some(pl), _) => {
            s.exhausted_planets.remove(pl);
        }
        (None, Some(t)) => {
            s.player_mut(p).exhausted_techs.remove(t);
        }
        (None, None) => return,
    }
    s.player_mut(p).exhausted_techs.insert(bs);
}
