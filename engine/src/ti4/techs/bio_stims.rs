//! Technology card "Bio-Stims": "You may exhaust this card at the end of your turn to ready 1 of
//! your planets that has a technology specialty or 1 of your other technologies." A decision of
//! its owner at the end of each of their action-phase turns (window `TurnEnd`, while the card is
//! ready): one choice per exhausted specialty planet they control (the planet's id) and per
//! other exhausted technology they own (256 + the technology's id); `Done` declines.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("bio_stims"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::TurnEnd]),
        may_resolve: Some(ready_one),
        ..Hooks::NONE
    },
};

/// The choice number of technology `t` (planets are their own ids, below 256).
const TECH: u16 = 256;

/// Bio-Stims: the exhausted specialty planets of `p`, then its other exhausted technologies.
fn choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some(bs) = src.tech() else { return };
    if window != Window::TurnEnd {
        return;
    }
    let (c, ps) = (g.content(), g.state.player(p));
    for pl in ps.planets.intersection(g.state.exhausted_planets).iter() {
        if g.state.specialties_of(c, pl) != 0 {
            out(pl.0 as u16);
        }
    }
    for t in ps.exhausted_techs.iter().filter(|&t| t != bs) {
        out(TECH + t.0 as u16);
    }
}

/// Bio-Stims: exhausts the card and readies the chosen planet or technology.
fn ready_one(src: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let Some(bs) = src.tech() else { return };
    let s = &mut g.state;
    if choice < TECH {
        s.exhausted_planets.remove(PlanetId(choice as u8));
    } else {
        s.player_mut(p).exhausted_techs.remove(TechId((choice - TECH) as u8));
    }
    s.player_mut(p).exhausted_techs.insert(bs);
}
