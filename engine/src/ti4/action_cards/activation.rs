//! What the action cards played at window `SystemActivated` ask of the active system.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;

/// True when the window open is `SystemActivated` and `p` is the active player.
pub(super) fn activated_by(g: &Ti4Game, p: Player, window: crate::ti4::rules::Window) -> bool {
    window == crate::ti4::rules::Window::SystemActivated && g.flow.turn == p
}

/// True when the window open is `SystemActivated` and `p` is not the active player.
pub(super) fn activated_by_another(g: &Ti4Game, p: Player, window: crate::ti4::rules::Window) -> bool {
    window == crate::ti4::rules::Window::SystemActivated && g.flow.turn != p
}

/// True when `p` has units (ships, ground forces or structures) in the active system.
pub(super) fn has_units_in_active(g: &Ti4Game, p: Player) -> bool {
    g.state.has_units_in(p, g.flow.tactical.active)
}
