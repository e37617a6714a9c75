//! Technology card "Neural Motivator": "During the status phase, draw 2 action cards instead of
//! 1."

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("neural_motivator"),
    hooks: Hooks { status_action_cards: Some(draws), ..Hooks::NONE },
};

fn draws(_: Source, _: &Ti4Game, _: Player) -> u8 {
    1
}
