//! The L1Z1X Mindnet: Inheritance Systems. (Assimilate and Harrow are not modelled.)

use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::technology::research::Skip;

pub(super) static RULES: &[Rule] = &[
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
