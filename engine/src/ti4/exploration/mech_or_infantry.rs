//! The hazardous exploration cards that read "If you have at least 1 mech on this planet, or if
//! you remove 1 infantry from this planet, …": "Core Mine" (3 copies: gain 1 trade good),
//! "Expedition" (3 copies: ready this planet) and "Volatile Fuel Source" (3 copies: gain 1
//! command token).
//!
//! Offered at window `PlanetExplored` when the explorer has a mech or an infantry on the
//! planet. With a mech the card costs nothing; without one, the choice removes 1 infantry
//! from the planet to the explorer's reinforcements. Core Mine and Expedition have one choice
//! (0); Volatile Fuel Source one per pool the token goes to (0 tactic, 1 fleet, 2 strategy),
//! none when the explorer has no token left in reinforcements. Simplified: with a mech the
//! player may still decline (the decision's `Done`), which never helps them.

use super::exploring_src;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) const CORE_MINE: Rule = Rule {
    source: SourceKey::Exploration("core_mine"),
    hooks: Hooks {
        may_choices: Some(one_choice),
        may_windows: Some(&[Window::PlanetExplored]),
        may_resolve: Some(core_mine),
        ..Hooks::NONE
    },
};

pub(super) const EXPEDITION: Rule = Rule {
    source: SourceKey::Exploration("expedition"),
    hooks: Hooks {
        may_choices: Some(one_choice),
        may_windows: Some(&[Window::PlanetExplored]),
        may_resolve: Some(expedition),
        ..Hooks::NONE
    },
};

pub(super) const VOLATILE_FUEL_SOURCE: Rule = Rule {
    source: SourceKey::Exploration("volatile_fuel_source"),
    hooks: Hooks {
        may_choices: Some(pool_choices),
        may_windows: Some(&[Window::PlanetExplored]),
        may_resolve: Some(volatile_fuel_source),
        ..Hooks::NONE
    },
};

/// The planet explored with `src`'s card and whether the explorer can meet the condition
/// there (a mech, or an infantry to remove).
fn condition(src: Source, g: &Ti4Game, p: Player, window: Window) -> Option<(Location, PlanetId)> {
    let at = exploring_src(src, g, p, window)?;
    let s = &g.state;
    (s.occupant(at.0) == Some(p) && (s.count_at(at.0, UnitType::Mech) > 0 || s.count_at(at.0, UnitType::Infantry) > 0))
        .then_some(at)
}

fn one_choice(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if condition(src, g, p, window).is_some() {
        out(0);
    }
}

fn pool_choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if condition(src, g, p, window).is_some() && g.state.player(p).token_reinforcements > 0 {
        for pool in 0..3 {
            out(pool);
        }
    }
}

/// Pays the condition: nothing with a mech on the planet, else 1 infantry back to
/// reinforcements. The planet explored, or `None` when the condition cannot be met.
fn pay(src: Source, g: &mut Ti4Game, p: Player, window: Window) -> Option<PlanetId> {
    let (loc, pl) = condition(src, g, p, window)?;
    if g.state.count_at(loc, UnitType::Mech) == 0 {
        g.state.remove_units(loc, UnitType::Infantry, 1).ok()?;
    }
    Some(pl)
}

fn core_mine(src: Source, g: &mut Ti4Game, p: Player, window: Window, _choice: u16) {
    if pay(src, g, p, window).is_some() {
        let ps = g.state.player_mut(p);
        ps.trade_goods = ps.trade_goods.saturating_add(1);
    }
}

fn expedition(src: Source, g: &mut Ti4Game, p: Player, window: Window, _choice: u16) {
    if let Some(pl) = pay(src, g, p, window) {
        g.state.exhausted_planets.remove(pl);
    }
}

fn volatile_fuel_source(src: Source, g: &mut Ti4Game, p: Player, window: Window, choice: u16) {
    if pay(src, g, p, window).is_some() {
        g.state.player_mut(p).gain_token(choice as u8);
    }
}
