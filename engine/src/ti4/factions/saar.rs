//! The Clan of Saar: Scavenge and Nomadic.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::Location;

pub(super) static RULES: &[Rule] = &[
    // Scavenge: "After you gain control of a planet, gain 1 trade good."
    Rule { source: SourceKey::Ability("scavenge"), hooks: Hooks { control_gained: Some(scavenge), ..Hooks::NONE } },
    // Nomadic: "You can score objectives even if you do not control the planets in your home
    // system." (Rules 61.2; status phase 1 and Imperial)
    Rule { source: SourceKey::Ability("nomadic"), hooks: Hooks { scores_without_home: Some(nomadic), ..Hooks::NONE } },
];

fn scavenge(_: Source, g: &mut Ti4Game, p: Player, _: Location) {
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(1);
}

fn nomadic(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
