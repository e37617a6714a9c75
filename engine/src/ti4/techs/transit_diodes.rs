//! Technology card "Transit Diodes": "ACTION: Exhaust this card to remove up to 4 of your
//! ground forces from the game board and place them on 1 or more planets you control." (rules
//! 23). A component action with one target (0), offered while the card is ready and at least
//! one of the player's ground forces on the board has another planet of theirs to go to (no
//! other player's units there); performing it exhausts the card and opens the decisions of
//! `crate::ti4::game::redeploy`: up to 4 ground forces, one at a time, each to a planet of the
//! player's choice. The turn ends after them.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("transit_diodes"),
    hooks: Hooks { component_targets: Some(targets), component_action: Some(redeploy), ..Hooks::NONE },
};

/// Most ground forces the card moves.
const GROUND_FORCES: u8 = 4;

/// The one target (0), when a ground force of `p` can go somewhere, while the card is ready.
fn targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    if crate::ti4::game::redeploy::any_move(g, p) {
        out(0);
    }
}

/// Exhausts the card; up to 4 ground forces are moved.
fn redeploy(src: Source, g: &mut Ti4Game, p: Player, _: u8) -> ComponentThen {
    let Some(t) = src.tech() else { return ComponentThen::TurnEnds };
    g.state.player_mut(p).exhausted_techs.insert(t);
    ComponentThen::Redeploy(GROUND_FORCES)
}
