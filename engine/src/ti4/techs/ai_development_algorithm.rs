//! Technology card "AI Development Algorithm": "When you research a unit upgrade technology, you
//! may exhaust this card to ignore any 1 prerequisite." (Technology 12.3; its second ability,
//! on production costs, is not modelled.)

use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::technology::research::Skip;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("ai_development_algorithm"),
    hooks: Hooks { prerequisite_skip: Some(skip), ..Hooks::NONE },
};

/// Technology 12.3: exhaust to ignore 1 prerequisite of a unit upgrade.
fn skip(_: Source) -> Skip {
    Skip::OneUpgradePrerequisite
}
