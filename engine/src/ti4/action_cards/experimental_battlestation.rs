//! Action card "Experimental Battlestation" (base, 1 copy): "After another player moves ships
//! into a system during a tactical action: Choose 1 of your space docks that is either in or
//! adjacent to that system. That space dock uses SPACE CANNON 5 (x3) against ships in the active
//! system."
//!
//! Offered at window `AfterMovement` (the active player's ships moved in, before space cannon
//! offense) to each other player with a space dock on a planet of the active system or of a
//! system adjacent to it, one choice (0): the dock is not named, since any of them fires the
//! same dice. The 3 dice (hitting on 5, with the penalties against the active player's ships,
//! Antimass Deflectors) are rolled with that player's space cannon offense
//! (`TacticalAction::battlestation`); hits are assigned as the other space cannon hits. Not
//! offered when the active player's ships cannot be targeted by space cannon (Solar Flare).

use crate::ti4::galaxy::bits;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("experimental_battlestation"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::AfterMovement]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for another player than the active one with a space dock in or next to the
/// active system, while the active player's ships moved in and may be fired at.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let t = &g.flow.tactical;
    if window != Window::AfterMovement || p == g.flow.turn || t.solar_flare || t.battlestation.is_some() {
        return;
    }
    if !UnitType::SHIPS.iter().any(|&u| t.transit[u.idx()] > 0) {
        return;
    }
    let a = t.active;
    let s = &g.state;
    if s.has_dock_in(p, a) || bits(g.galaxy().neighbours(a)).any(|sl| s.has_dock_in(p, sl)) {
        out(0);
    }
}

/// `p`'s space cannon offense in this tactical action rolls 3 more dice, hitting on 5.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    g.flow.tactical.battlestation = Some(p);
}
