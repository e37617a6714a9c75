//! Action card "Reveal Prototype" (Prophecy of Kings, 1 copy): "At the start of a combat:
//! Spend 4 resources to research a unit upgrade technology of the same type as 1 of your units
//! that is participating in this combat."
//!
//! Offered to each side of a space combat at window `SpaceCombatStart`, with 4 resources to
//! spend, one choice per unit upgrade (the technology id) of a ship type the player has in the
//! combat that it can research now (prerequisites met, by the research option that owes nothing
//! more, as Focused Research's: `component::granted_research`). The upgrade is gained before
//! the combat's forces are built, so the combat is fought with it. Simplified: not at the start
//! of a ground combat (its start has no window); a player who cannot research (Propagation) is
//! not offered it.

use crate::ti4::game::component::{
    combat_ships, combat_side, combat_will_start, granted_research, granted_research_options,
};
use crate::ti4::game::objectives::{pay_plan, spend_plan};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("reveal_prototype"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatStart]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// The resources the card spends.
const COST: u8 = 4;

/// One choice per researchable unit upgrade of a ship type `p` has in the combat about to start.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::SpaceCombatStart || combat_side(g, p).is_none() || !combat_will_start(g) {
        return;
    }
    let c = g.content();
    if crate::ti4::technology::cannot_research(c, &g.state, p).is_some()
        || spend_plan(c, &g.state, p, COST, 0, 0, 0).is_none()
    {
        return;
    }
    granted_research_options(g, p, false, &mut |t| {
        if c.tech_def(t).unit.is_some_and(|u| UnitType::SHIPS.contains(&u) && combat_ships(g, p, u).0 > 0) {
            out(u16::from(t.0));
        }
    });
}

/// The upgrade is researched and the 4 resources spent (both or neither).
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let mut work = g.clone();
    if granted_research(&mut work, p, TechId(choice as u8), false) {
        if let Some(plan) = spend_plan(work.content(), &work.state, p, COST, 0, 0, 0) {
            let (c, s) = work.content_and_state();
            pay_plan(c, s, p, plan);
            *g = work;
        }
    }
}
