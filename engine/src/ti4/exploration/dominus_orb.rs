//! Relic "Dominus Orb": "Before you move units during a tactical action, you may purge this
//! card to move and transport units that are in systems that contain 1 of your command tokens."
//!
//! Offered to its holder at window `SystemActivated` of their own tactical action (after the
//! activation, before movement) when one of their ships in another system with their command
//! token can reach the active system (choice 0; `Done` declines). Taking it purges the relic;
//! during that tactical action movement offers ships and transported units from those systems
//! too (`TacticalAction::dominus_orb`). Simplified: which systems may be activated is not
//! widened by the relic (a system reachable only through it is not offered for activation).

use crate::ti4::components::Zone;
use crate::ti4::game::component::locked_ship_can_move;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Relic("dominus_orb"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(purge),
        ..Hooks::NONE
    },
};

/// Choice 0 at the holder's own activation, when a ship of theirs would move only through it.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::SystemActivated
        && g.flow.turn == p
        && !g.flow.tactical.dominus_orb
        && locked_ship_can_move(g, p)
    {
        out(0);
    }
}

/// Purges the relic: units move from systems with the holder's command tokens this action.
fn purge(src: Source, g: &mut Ti4Game, _: Player, _: Window, _: u16) {
    let Source::Relic(r) = src else { return };
    g.state.exploration.set_relic(r, Zone::Removed);
    g.flow.tactical.dominus_orb = true;
}
