//! Minister of Peace (law, Elect Player): "The elected player gains this card. After a player
//! activates a system that contains 1 or more of a different player's units, the owner of this
//! card may discard this card; immediately end the active player's turn."
//!
//! Offered to its owner, when another player activated a system holding units of a player
//! other than the active one, at window `SystemActivated` (before movement): discarded, the
//! active player's turn ends there (`TacticalAction::peace`; the command token stays).

use crate::ti4::components::Zone;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("minister_of_peace"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the owner when another player activated a system with units of a player
/// other than the active one.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let active = g.flow.turn;
    if window != Window::SystemActivated || p == active || g.flow.tactical.peace {
        return;
    }
    if Location::all_in(g.flow.tactical.active).any(|loc| g.state.occupant(loc).is_some_and(|q| q != active)) {
        out(0);
    }
}

/// The card is discarded; the active player's turn ends.
fn resolve(src: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    if let Source::Agenda(a) = src {
        g.state.agendas.set(a.idx(), Zone::Discard);
        g.flow.tactical.peace = true;
    }
}
