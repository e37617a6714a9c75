//! Action card "Parley" (base, 1 copy): "After another player commits units to land on a
//! planet you control: Return the committed units to the space area."
//!
//! Offered at window `GroundForcesCommitted` to each player the active player committed ground
//! forces against, one choice per such planet (its index in the active system). The units
//! committed there (`TacticalAction::committed`) go back to the active system's space area,
//! where they came from (no capacity check is needed: they left it this tactical action), and
//! no ground combat is fought on that planet.

use super::invasion::committed_against;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("parley"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::GroundForcesCommitted]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice per planet of `p` that ground forces were committed to: its planet index.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    committed_against(g, p, window).for_each(|n| out(u16::from(n)));
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, choice: u16) {
    let (a, invader) = (g.flow.tactical.active, g.flow.turn);
    let Some(committed) = g.flow.tactical.committed.get_mut(choice as usize) else { return };
    let [infantry, mechs] = std::mem::take(committed);
    for (t, k) in [(UnitType::Infantry, infantry), (UnitType::Mech, mechs)] {
        if k > 0 {
            g.state
                .add_units(invader, Location::Space(a), t, k)
                .expect("committed units wait in reinforcements; the space area is the invader's");
        }
    }
}
