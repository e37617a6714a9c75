//! Technology card "Light/Wave Deflector": "Your ships can move through systems that contain
//! other players' ships." Nothing blocks its owner's movement (retreats keep their own rule,
//! Space Combat 78.5.3).

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("light_wave_deflector"),
    hooks: Hooks { moves_through_ships: Some(through), ..Hooks::NONE },
};

fn through(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
