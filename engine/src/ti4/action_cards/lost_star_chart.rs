//! Action card "Lost Star Chart" (base, 1 copy): "After you activate a system: During this
//! tactical action, systems that contain alpha and beta wormholes are adjacent to each other."
//!
//! Offered to the active player at window `SystemActivated`; playing it sets
//! `TacticalAction::lost_star_chart`, which links alpha and beta wormholes in the active
//! player's movement queries (`movement::movement_query`, as Quantum Entanglement does for the
//! Creuss) until the tactical action ends. Offered only when the board holds an alpha and a
//! beta wormhole (printed or a Creuss token): otherwise it links nothing.

use super::activation::activated_by;
use crate::ti4::galaxy::Wormhole;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("lost_star_chart"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// True when the board holds a wormhole of `kind`, printed or a Creuss token.
fn on_board(g: &Ti4Game, kind: Wormhole) -> bool {
    crate::ti4::game::component::wormhole_slots(g, kind) != 0
}

/// One choice (0) for the active player, once per tactical action, on a board with both
/// wormhole kinds.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if activated_by(g, p, window)
        && !g.flow.tactical.lost_star_chart
        && on_board(g, Wormhole::Alpha)
        && on_board(g, Wormhole::Beta)
    {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    g.flow.tactical.lost_star_chart = true;
}
