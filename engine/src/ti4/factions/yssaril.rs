//! The Yssaril Tribes: Crafty. (Stall Tactics and Scheming are not modelled.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Crafty: "You can have any number of action cards in your hand. Game effects cannot prevent
    // you from using this ability." (Rules 2.3)
    Rule { source: SourceKey::Ability("crafty"), hooks: Hooks { no_hand_limit: Some(crafty), ..Hooks::NONE } },
];

fn crafty(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
