//! Technology card "Hyper Metabolism": "During the status phase, gain 3 command tokens instead of
//! 2." The third goes to the strategy pool (the tactic, fleet, strategy rotation Leadership
//! uses; no redistribution).

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("hyper_metabolism"),
    hooks: Hooks { status_command_tokens: Some(tokens), ..Hooks::NONE },
};

fn tokens(_: Source, _: &Content, _: &State, _: Player) -> u8 {
    1
}
