//! Action card "Forward Supply Base" (Codex, 1 copy): "After another player activates a system
//! that contains your units: Gain 3 trade goods. Then, choose another player to gain 1 trade
//! good."
//!
//! Offered at window `SystemActivated` to each other player with units in the active system,
//! one choice per other player in the game (the seat that gains the 1 trade good).

use super::activation::{activated_by_another, has_units_in_active};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("forward_supply_base"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// Choice `q` (a seat) for each other player `q` in the game, when `p` has units in the
/// system another player activated.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if activated_by_another(g, p, window) && has_units_in_active(g, p) {
        for q in g.state.seats().filter(|&q| q != p && g.state.player(q).in_game) {
            out(q.0 as u16);
        }
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(3);
    let q = g.state.player_mut(Player(choice as u8));
    q.trade_goods = q.trade_goods.saturating_add(1);
}
