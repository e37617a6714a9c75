//! Exploration card "Functioning Base" (industrial, 4 copies): "You may gain 1 commodity, or
//! you may spend 1 trade good or 1 commodity to draw 1 action card."
//!
//! Offered at window `PlanetExplored`: choice 0 gains a commodity (below the commodity value),
//! 1 spends a trade good and 2 a commodity to draw an action card (the draw is the chance step
//! `ExploreDraw` after the window).

use super::{commodity_or_payment, exploring_src, offer_commodities, offer_payments};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Exploration("functioning_base"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::PlanetExplored]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

fn choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if exploring_src(src, g, p, window).is_none() {
        return;
    }
    offer_commodities(g, p, out);
    offer_payments(g, p, out);
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    if commodity_or_payment(g, p, choice) {
        g.flow.tactical.explore_draw = true;
    }
}
