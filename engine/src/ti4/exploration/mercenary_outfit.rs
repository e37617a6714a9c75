//! Exploration card "Mercenary Outfit" (cultural, 3 copies): "You may place 1 infantry from
//! your reinforcements on this planet."
//!
//! Offered at window `PlanetExplored` when the explorer has an infantry in reinforcements
//! (choice 0).

use super::exploring_src;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Exploration("mercenary_outfit"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::PlanetExplored]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

fn choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if exploring_src(src, g, p, window).is_some() && g.state.player(p).reinforcements[UnitType::Infantry.idx()] > 0 {
        out(0);
    }
}

fn resolve(src: Source, g: &mut Ti4Game, p: Player, window: Window, _choice: u16) {
    let Some((loc, _)) = exploring_src(src, g, p, window) else { return };
    let _ = g.place_units(p, loc, UnitType::Infantry, 1);
}
