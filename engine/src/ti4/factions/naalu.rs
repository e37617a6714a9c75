//! The Naalu Collective: Telepathic (the "0" initiative token). (Foresight is not modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Telepathic: "At the end of the strategy phase, place the Naalu "0" token on your
    // strategy card; you are first in initiative order." The token is held at setup; its
    // elimination clause is in `crate::ti4::elimination::factions`.
    Rule { source: SourceKey::Ability("telepathic"), hooks: Hooks { owns_zero_token: Some(yes), ..Hooks::NONE } },
];

fn yes(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
