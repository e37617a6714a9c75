//! The L1Z1X Mindnet: Assimilate and Inheritance Systems. (Harrow is not modelled.)

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;
use crate::ti4::technology::research::Skip;

pub(super) static RULES: &[Rule] = &[
    // Assimilate: "When you gain control of a planet, replace each PDS and space dock that is on
    // that planet with a matching unit from your reinforcements." (Invasion 49.6; as many as
    // the reinforcements hold)
    Rule {
        source: SourceKey::Ability("assimilate"),
        hooks: Hooks { assimilates_structures: Some(assimilate), ..Hooks::NONE },
    },
    // Inheritance Systems: "You may exhaust this card and spend 2 resources when you research
    // a technology; ignore all of that technology's prerequisites." (Technology 12.3)
    Rule {
        source: SourceKey::Tech("inheritance_systems"),
        hooks: Hooks { prerequisite_skip: Some(skip), ..Hooks::NONE },
    },
];

fn skip(_: Source) -> Skip {
    Skip::AllPrerequisites
}

fn assimilate(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
