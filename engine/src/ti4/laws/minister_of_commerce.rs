//! Minister of Commerce (law, Elect Player): "The elected player gains this card. After the
//! owner of this card replenishes commodities, they gain 1 trade good for each player that is
//! their neighbor."

use crate::ti4::game::{neighbours, Ti4Game};
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("minister_of_commerce"),
    hooks: Hooks { commodities_replenished: Some(per_neighbour), ..Hooks::NONE },
};

/// Minister of Commerce: +1 trade good per neighbour (rules 60) after replenishing.
fn per_neighbour(_: Source, g: &mut Ti4Game, p: Player) {
    let n = neighbours(g, p).count_ones() as u8;
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(n);
}
