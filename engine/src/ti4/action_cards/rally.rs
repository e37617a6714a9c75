//! Action card "Rally" (Codex, 1 copy): "After you activate a system that contains another
//! player's ships: Place 2 command tokens from your reinforcements in your fleet pool."
//!
//! Offered to the active player at window `SystemActivated` when another player's ships are
//! in the active system and the active player has a command token in reinforcements; up to 2
//! tokens move to the fleet pool (as many as reinforcements hold and, with Fleet Regulations in
//! play, the fleet pool can take: `agendas::fleet_room`; not offered when it can take none).

use super::activation::activated_by;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("rally"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// True when another player's ships are in the active system.
fn other_ships(g: &Ti4Game, p: Player) -> bool {
    let loc = Location::Space(g.flow.tactical.active);
    g.state.occupant(loc).is_some_and(|q| q != p) && UnitType::SHIPS.iter().any(|&t| g.state.count_at(loc, t) > 0)
}

/// One choice (0) for the active player facing another player's ships, with a token to place.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if activated_by(g, p, window)
        && other_ships(g, p)
        && g.state.player(p).token_reinforcements > 0
        && crate::ti4::game::agendas::fleet_room(g, p) > 0
    {
        out(0);
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    // Fleet Regulations: as many as the fleet pool can take.
    let n = crate::ti4::game::agendas::fleet_room(g, p).min(2);
    let ps = g.state.player_mut(p);
    for _ in 0..n {
        ps.gain_token(1);
    }
}
