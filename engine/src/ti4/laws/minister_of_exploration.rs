//! Minister of Exploration (law, Elect Player): "The elected player gains this card. When the
//! owner of this card gains control of a planet, they gain 1 trade good."

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::Location;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("minister_of_exploration"),
    hooks: Hooks { control_gained: Some(trade_good), ..Hooks::NONE },
};

/// Minister of Exploration: +1 trade good for each planet whose control the owner gains.
fn trade_good(_: Source, g: &mut Ti4Game, p: Player, _: Location) {
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(1);
}
