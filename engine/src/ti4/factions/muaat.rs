//! The Embers of Muaat: Magmus Reactor. (Star Forge and Gashlai Physiology are not modelled.)

use crate::ti4::elimination::SUPERNOVA_PRODUCTION;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Magmus Reactor, read as its Omega printing: a supernova with Muaat units is a PRODUCTION
    // source for the elimination condition. Carried by a Valefar copy (the masks use the
    // player's effective technologies).
    Rule {
        source: SourceKey::Tech("magmus_reactor"),
        hooks: Hooks { production_mask: Some(supernova), ..Hooks::NONE },
    },
];

fn supernova(_: Source) -> u16 {
    SUPERNOVA_PRODUCTION
}
