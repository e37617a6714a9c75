//! The Yssaril Tribes: Stall Tactics, Crafty, the flagship Y'sia Y'ssrila. (Scheming is not
//! modelled.)

use crate::ti4::game::component::{cards_in_hand, discard};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Stall Tactics: "ACTION: Discard 1 action card from your hand." (rules 23; target = the
    // card's id).
    Rule {
        source: SourceKey::Ability("stall_tactics"),
        hooks: Hooks { component_targets: Some(stall_targets), component_action: Some(stall), ..Hooks::NONE },
    },
    // Crafty: "You can have any number of action cards in your hand. Game effects cannot prevent
    // you from using this ability." (Rules 2.3)
    Rule { source: SourceKey::Ability("crafty"), hooks: Hooks { no_hand_limit: Some(crafty), ..Hooks::NONE } },
    // Y'sia Y'ssrila (flagship): "This ship can move through systems that contain other
    // players' ships." (Movement 58; Light/Wave Deflector gives the same to every ship.)
    Rule {
        source: SourceKey::Unit("yssaril_flagship"),
        hooks: Hooks { types_moving_through_ships: Some(ysia_yssrila), ..Hooks::NONE },
    },
];

/// Y'sia Y'ssrila: the flagship moves through other players' ships.
fn ysia_yssrila(_: Source, _: &Ti4Game, _: Player) -> u16 {
    crate::ti4::combat::type_bit(UnitType::Flagship)
}

/// Each distinct action card in hand.
fn stall_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    for card in cards_in_hand(g, p) {
        out(card.0)
    }
}

/// Stall Tactics: the card goes to the discard pile.
fn stall(_: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    discard(g, p, ActionCardId(target));
    ComponentThen::TurnEnds
}

fn crafty(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
