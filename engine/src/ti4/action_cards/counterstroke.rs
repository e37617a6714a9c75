//! Action card "Counterstroke" (Codex, 1 copy): "After a player activates a system that
//! contains 1 of your command tokens: Return that command token to your tactic pool."
//!
//! Offered at window `SystemActivated` to each other player whose command token is in the
//! active system; the token leaves the board for their tactic pool. Simplified: the active
//! player is not offered it for the token the activation just placed.

use super::activation::activated_by_another;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("counterstroke"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

fn has_token(g: &Ti4Game, p: Player) -> bool {
    g.state.systems[g.flow.tactical.active as usize].tokens >> p.0 & 1 == 1
}

/// One choice (0) for another player with a command token in the active system.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if activated_by_another(g, p, window) && has_token(g, p) {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    if has_token(g, p) {
        g.state.systems[g.flow.tactical.active as usize].tokens &= !(1 << p.0);
        g.state.player_mut(p).tactic += 1;
    }
}
