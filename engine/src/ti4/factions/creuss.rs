//! The Ghosts of Creuss: Slipstream, Quantum Entanglement. (Creuss Gate and the wormhole
//! tokens' movement are in the galaxy; Creuss Gate itself is not modelled.)

use crate::ti4::galaxy::{ExtraWormholes, Reach, Wormhole};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Quantum Entanglement: "You treat all systems that contain either an alpha or beta
    // wormhole as adjacent to each other."
    Rule { source: SourceKey::Ability("quantum_entanglement"), hooks: Hooks { reach: Some(linked), ..Hooks::NONE } },
    // Slipstream: "During your tactical actions, apply +1 to the move value of each of your
    // ships that starts its movement in your home system or in a system that contains either an
    // alpha or beta wormhole."
    Rule {
        source: SourceKey::Ability("slipstream"),
        hooks: Hooks { move_bonus_from: Some(slipstream), ..Hooks::NONE },
    },
];

fn linked(_: Source, _: &Ti4Game, _: Player, q: &mut Reach) {
    q.extra = ExtraWormholes::NONE.alpha_beta_linked();
}

fn slipstream(_: Source, g: &Ti4Game, p: Player, from: u8) -> u8 {
    let gal = g.galaxy();
    let wormholes = gal.wormhole_slots(Wormhole::Alpha) | gal.wormhole_slots(Wormhole::Beta);
    (from == g.home_slot[p.idx()] || wormholes >> from & 1 == 1) as u8
}
