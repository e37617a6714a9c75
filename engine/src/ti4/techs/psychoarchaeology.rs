//! Technology card "Psychoarchaeology": "You can use technology specialties on planets you
//! control without exhausting them, even if those planets are exhausted." (Its other abilities,
//! on relic fragments and exploration, are not modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("psychoarchaeology"),
    hooks: Hooks { research_free_specialties: Some(free_specialties), ..Hooks::NONE },
};

/// Technology 13 with Psychoarchaeology: specialties of every controlled planet count.
fn free_specialties(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
