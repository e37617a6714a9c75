//! Action card "Skilled Retreat" (base, 4 copies): "At the start of a combat round: Move all of
//! your ships from the active system into an adjacent system that does not contain another
//! player's ships; the space combat ends in a draw. Then, place a command token from your
//! reinforcements in that system."
//!
//! Offered to each side of a space combat at window `SpaceCombatStart` (the first round's
//! start) and at `SpaceCombatRoundEnd` (the pause between rounds is the next round's start),
//! one choice per adjacent system its ships may enter that holds no other player's ships (the
//! board slot). The ships leave with the units they transport; the combat has no winner
//! (`component::skilled_retreat`). Not offered in ground combat: the card moves ships.

use crate::ti4::galaxy::bits;
use crate::ti4::game::component::{side_before_round, skilled_retreat, withdrawal_systems};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("skilled_retreat"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SpaceCombatStart, Window::SpaceCombatRoundEnd]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice per system (board slot) `p`'s ships may withdraw to, while `p` fights a space
/// combat that starts or goes on into another round.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if side_before_round(g, p, window).is_some() {
        for slot in bits(withdrawal_systems(g, p)) {
            out(u16::from(slot));
        }
    }
}

/// `p`'s ships go to the chosen system; the combat ends in a draw.
fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    skilled_retreat(g, p, choice as u8);
}
