//! Exploration card "Local Fabricators" (industrial, 4 copies): "You may gain 1 commodity, or
//! you may spend 1 trade good or 1 commodity to place 1 mech from your reinforcements on this
//! planet."
//!
//! Offered at window `PlanetExplored`: choice 0 gains a commodity (below the commodity value),
//! 1 spends a trade good and 2 a commodity to place a mech (offered when one is in
//! reinforcements).

use super::{commodity_or_payment, exploring_src, offer_commodities, offer_payments};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Exploration("local_fabricators"),
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
    if g.state.player(p).reinforcements[UnitType::Mech.idx()] > 0 {
        offer_payments(g, p, out);
    }
}

fn resolve(src: Source, g: &mut Ti4Game, p: Player, window: Window, choice: u16) {
    let Some((loc, _)) = exploring_src(src, g, p, window) else { return };
    if commodity_or_payment(g, p, choice) {
        let _ = g.place_units(p, loc, UnitType::Mech, 1);
    }
}
