//! The Embers of Muaat: Gashlai Physiology, Magmus Reactor. (Star Forge is not modelled.)

use crate::ti4::elimination::SUPERNOVA_PRODUCTION;
use crate::ti4::galaxy::MoverTraits;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Gashlai Physiology: "Your ships can move through supernovas." (Supernova 86.1)
    Rule {
        source: SourceKey::Ability("gashlai_physiology"),
        hooks: Hooks { mover_traits: Some(through_supernovas), ..Hooks::NONE },
    },
    // Magmus Reactor, read as its Omega printing: a supernova with Muaat units is a PRODUCTION
    // source for the elimination condition. Carried by a Valefar copy (the masks use the
    // player's effective technologies).
    Rule {
        source: SourceKey::Tech("magmus_reactor"),
        hooks: Hooks { production_mask: Some(supernova), ..Hooks::NONE },
    },
];

fn through_supernovas(_: Source, _: &Ti4Game, _: Player, t: &mut MoverTraits) {
    t.gashlai_physiology = true;
}

fn supernova(_: Source) -> u16 {
    SUPERNOVA_PRODUCTION
}
