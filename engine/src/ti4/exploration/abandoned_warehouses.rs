//! Exploration card "Abandoned Warehouses" (industrial, 4 copies): "You may gain 2
//! commodities, or you may convert up to 2 of your commodities to trade goods."
//!
//! Offered at window `PlanetExplored`: choice 0 gains commodities (up to the faction's
//! commodity value; offered when below it), choice 1 converts up to 2 commodities (offered
//! when the explorer has any).

use super::{exploring_src, offer_commodities};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Exploration("abandoned_warehouses"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::PlanetExplored]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

fn choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if exploring_src(src, g, p, window).is_some() {
        offer_commodities(g, p, out);
        if g.state.player(p).commodities > 0 {
            out(1);
        }
    }
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    if choice == 0 {
        crate::ti4::game::component::gain_commodities(g, p, 2);
    } else {
        let ps = g.state.player_mut(p);
        let k = ps.commodities.min(2);
        ps.commodities -= k;
        ps.trade_goods = ps.trade_goods.saturating_add(k);
    }
}
