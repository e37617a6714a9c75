//! Technology card "Dacxive Animators": "After you win a ground combat, you may place 1 infantry
//! from your reinforcements on that planet." Always placed when the reinforcements have one.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::Location;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Tech("dacxive_animators"),
    hooks: Hooks { ground_combat_won: Some(after_win), ..Hooks::NONE },
};

fn after_win(_: Source, g: &mut Ti4Game, who: Player, ploc: Location) {
    if g.state.occupant(ploc) == Some(who) && g.state.player(who).reinforcements[UnitType::Infantry.idx()] > 0 {
        g.place_units(who, ploc, UnitType::Infantry, 1)
            .expect("placed units come from reinforcements the caller checked");
    }
}
