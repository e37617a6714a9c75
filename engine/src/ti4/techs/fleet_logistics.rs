//! Technology card "Fleet Logistics": "When you would perform a tactical action, you may perform
//! 2 tactical actions instead of 1." After the first tactical action of a turn the active player
//! is offered a second one (`Flow::logistics` 1: only `Activate` or `Done`); the turn ends after
//! it. The core offers it only with a tactic token.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("fleet_logistics"),
    hooks: Hooks { extra_tactical_action: Some(second), ..Hooks::NONE },
};

fn second(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
