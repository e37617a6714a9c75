//! Action card "Disable" (base, 1 copy): "At the start of an invasion in a system that
//! contains 1 or more of your opponents' PDS units: Your opponents' PDS units in this system
//! lose PLANETARY SHIELD and SPACE CANNON during this invasion."
//!
//! Offered to the active player at window `InvasionStart` when another player has a PDS on a
//! planet of the active system. Playing it sets `TacticalAction::disable`: the invasion's
//! bombardment and space cannon defense see the defenders' units without their PDS
//! (`invasion::defending_force`). The space cannon offense of the movement step came before
//! the invasion and is not affected.

use super::invasion::invaded_by;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("disable"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::InvasionStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the invader when an opponent has a PDS on a planet of the active system.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let opponents_pds = Location::all_in(g.flow.tactical.active).any(|l| {
        matches!(l, Location::Planet(..))
            && g.state.occupant(l).is_some_and(|q| q != p)
            && g.state.count_at(l, UnitType::Pds) > 0
    });
    if invaded_by(g, p, window) && !g.flow.tactical.disable && opponents_pds {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.tactical.disable = true;
}
