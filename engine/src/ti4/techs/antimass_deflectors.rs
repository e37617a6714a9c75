//! Technology card "Antimass Deflectors" (Prophecy of Kings printing): "Your ships can move into
//! and through asteroid fields. When other players' units use SPACE CANNON against your units,
//! apply -1 to the result of each die roll."

use crate::ti4::content::Content;
use crate::ti4::galaxy::MoverTraits;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("antimass_deflectors"),
    hooks: Hooks { mover_traits: Some(asteroid_fields), space_cannon_penalty_against: Some(penalty), ..Hooks::NONE },
};

/// First ability: asteroid fields (Asteroid field 11.1) do not stop its owner's ships.
fn asteroid_fields(_: Source, _: &Ti4Game, _: Player, t: &mut MoverTraits) {
    t.antimass_deflectors = true;
}

/// Second ability: -1 on every space cannon die aimed at its owner's units (offense and
/// defense).
fn penalty(_: Source, _: &Content, _: &State, _: Player) -> u8 {
    1
}
