//! Technology card "Dark Energy Tap" (second ability): "Your ships can retreat into adjacent
//! systems that do not contain other players' units, even if you do not have units or control
//! planets in that system." (Its first ability explores frontier tokens: exploration is not
//! modelled.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("dark_energy_tap"),
    hooks: Hooks { retreat_into_empty: Some(retreat), ..Hooks::NONE },
};

fn retreat(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
