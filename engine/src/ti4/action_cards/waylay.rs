//! Action card "Waylay" (Prophecy of Kings, 1 copy): "Before you roll dice for ANTI-FIGHTER
//! BARRAGE: Hits from this roll are produced against all ships (not just fighters)."
//!
//! Offered to each side of a space combat at window `SpaceCombatStart` (the barrage is rolled
//! at the start of the first round, after that window) when the side has units with
//! ANTI-FIGHTER BARRAGE in the combat and the opponent has a ship other than a fighter (with
//! fighters only, the card changes nothing): the barrage's hits then go to all of the
//! opponent's ships, which may cancel them with SUSTAIN DAMAGE
//! (`SpaceCombat`'s `barrage_all_ships`).

use crate::ti4::game::component::{combat_ships, combat_side, units_of};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("waylay"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// True when `p` has units with ANTI-FIGHTER BARRAGE among its ships in the space combat about
/// to start.
fn has_barrage(g: &Ti4Game, p: Player) -> bool {
    let units = units_of(g.content(), &g.state, p);
    UnitType::SHIPS.iter().any(|&t| {
        units[t.idx()].is_some_and(|u| g.content().units[u.idx()].anti_fighter_barrage.is_some())
            && combat_ships(g, p, t).0 > 0
    })
}

/// One choice (0) for a side with ANTI-FIGHTER BARRAGE facing ships other than fighters.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some(side) = combat_side(g, p) else { return };
    let opponent = if side.idx() == 0 { g.flow.tactical.defender } else { g.flow.turn };
    if window == Window::SpaceCombatStart
        && !g.flow.tactical.barrage_all_ships[side.idx()]
        && has_barrage(g, p)
        && UnitType::SHIPS.iter().any(|&t| t != UnitType::Fighter && combat_ships(g, opponent, t).0 > 0)
    {
        out(0);
    }
}

/// The barrage of `p`'s side hits all of the opponent's ships.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    let side = combat_side(g, p).expect("a side of the combat");
    g.flow.tactical.barrage_all_ships[side.idx()] = true;
}
