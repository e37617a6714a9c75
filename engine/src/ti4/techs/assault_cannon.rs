//! Technology card "Assault Cannon": "At the start of a space combat in a system that contains 3
//! or more of your non-fighter ships, your opponent must destroy 1 of their non-fighter ships."
//! Simplified: the opponent's choice is its cheapest non-fighter ship (a damaged one of the type
//! first); the active player's card resolves first, so the defender's counts its ships after
//! that loss.

use crate::ti4::combat::Force;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("assault_cannon"),
    hooks: Hooks { space_combat_start: Some(at_start), ..Hooks::NONE },
};

fn at_start(_: Source, _: &Content, _: &State, _: Player, own: &Force, opponent: &mut Force) {
    if own.non_fighter_ships() < 3 {
        return;
    }
    let victim = UnitType::SHIPS
        .iter()
        .copied()
        .filter(|&t| t != UnitType::Fighter && opponent.count(t) > 0 && opponent.stats(t).ship)
        .min_by_key(|&t| opponent.destroy_rank(t));
    if let Some(t) = victim {
        opponent.destroy(t);
    }
}
