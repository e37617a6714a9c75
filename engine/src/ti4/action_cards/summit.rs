//! Action card "Summit" (base, 1 copy): "At the start of the strategy phase: Gain 2 command
//! tokens."
//!
//! Offered at window `StrategyPhaseStart` to a player with a command token in reinforcements,
//! one choice per placement of the 2 tokens among the pools (rules 20: a gained token goes to
//! the pool of the player's choice): 0 tactic+tactic, 1 tactic+fleet, 2 tactic+strategy,
//! 3 fleet+fleet, 4 fleet+strategy, 5 strategy+strategy. With one token in reinforcements only
//! the first pool of the pair gains. With Fleet Regulations in play, no pair puts more in the
//! fleet pool than it can take (`agendas::fleet_room`).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("summit"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::StrategyPhaseStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// The pools of each choice: 0 tactic, 1 fleet, 2 strategy.
const PAIRS: [[u8; 2]; 6] = [[0, 0], [0, 1], [0, 2], [1, 1], [1, 2], [2, 2]];

fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::StrategyPhaseStart && g.state.player(p).token_reinforcements > 0 {
        let room = crate::ti4::game::agendas::fleet_room(g, p);
        for k in 0..PAIRS.len() as u16 {
            // Fleet Regulations: no pair the fleet pool cannot take.
            if PAIRS[k as usize].iter().filter(|&&pool| pool == 1).count() as u8 > room {
                continue;
            }
            out(k);
        }
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    for pool in PAIRS[choice as usize % PAIRS.len()] {
        crate::ti4::game::agendas::gain_token(g, p, pool);
    }
}
