//! Technology card "Gravity Drive": "After you activate a system, apply +1 to the move value of
//! 1 of your ships during this tactical action." Available while unused this tactical action
//! (the core tracks the once-per-action use in `Flow::move_bonus_used`).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule =
    Rule { source: SourceKey::Tech("gravity_drive"), hooks: Hooks { move_bonus_once: Some(bonus), ..Hooks::NONE } };

fn bonus(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
