//! Technology card "Graviton Laser System": "You may exhaust this card before 1 or more of your
//! units uses SPACE CANNON; hits produced by those units must be assigned to non-fighter ships
//! if able." Used automatically, and exhausted, when it is ready, its owner has a unit that
//! fires (`best`) and the target ships hold both fighters and non-fighter ships (the only case
//! where it changes where hits go).

use crate::ti4::combat::{Force, FIGHTERS};
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("graviton_laser_system"),
    hooks: Hooks { before_space_cannon: Some(use_card), ..Hooks::NONE },
};

fn use_card(src: Source, _: &Content, s: &mut State, p: Player, best: Option<u8>, target: &Force) -> bool {
    let mixed = target.units_in(FIGHTERS) > 0 && target.non_fighter_ships() > 0;
    let Some(t) = src.tech() else { return false };
    if best.is_none() || !mixed || s.player(p).exhausted_techs.contains(t) {
        return false;
    }
    s.player_mut(p).exhausted_techs.insert(t);
    true
}
