//! Action card "Upgrade" (base, 1 copy): "After you activate a system that contains 1 or more
//! of your ships: Replace 1 of your cruisers in that system with 1 dreadnought from your
//! reinforcements."
//!
//! Offered to the active player at window `SystemActivated` when they have a cruiser in the
//! active system's space area and a dreadnought in reinforcements. The cruiser returns to
//! reinforcements; the dreadnought is placed through `placement::place_units`.

use super::activation::activated_by;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::placement::place_units;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("upgrade"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

fn space(g: &Ti4Game) -> Location {
    Location::Space(g.flow.tactical.active)
}

/// One choice (0) for the active player with a cruiser in the active system and a dreadnought
/// in reinforcements.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let loc = space(g);
    if activated_by(g, p, window)
        && g.state.occupant(loc) == Some(p)
        && g.state.count_at(loc, UnitType::Cruiser) > 0
        && g.state.player(p).reinforcements[UnitType::Dreadnought.idx()] > 0
    {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    let loc = space(g);
    g.state.remove_units(loc, UnitType::Cruiser, 1).expect("the choice needs a cruiser there");
    let (c, s) = g.content_and_state();
    place_units(c, s, p, loc, UnitType::Dreadnought, 1).expect("a dreadnought is in reinforcements");
}
