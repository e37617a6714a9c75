//! The L1Z1X Mindnet: Assimilate, Harrow and Inheritance Systems.

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
    // Harrow: "At the end of each round of ground combat, your ships in the active system may
    // use their BOMBARDMENT abilities against your opponent's ground forces on the planet."
    // Only the active player bombards (Bombardment 15; the L1Z1X defending do not harrow), and
    // not a planet with PLANETARY SHIELD (15.1f) unless a war sun cancels it; the round-end
    // roll is `GroundCombat::set_round_end_bombardment`. Automatic: it only destroys the
    // opponent's ground forces, so declining never helps.
    Rule {
        source: SourceKey::Ability("harrow"),
        hooks: Hooks { bombards_after_ground_rounds: Some(harrow), ..Hooks::NONE },
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

fn harrow(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}
