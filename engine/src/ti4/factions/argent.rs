//! The Argent Flight: Zeal. (Raid Formation is not modelled.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

pub(super) static RULES: &[Rule] = &[
    // Zeal: "You always vote first during the agenda phase. When you cast at least 1 vote, cast
    // 1 additional vote for each player in the game, including you." (Rules 8)
    Rule {
        source: SourceKey::Ability("zeal"),
        hooks: Hooks { votes_first: Some(votes_first), extra_votes: Some(zeal_votes), ..Hooks::NONE },
    },
];

fn votes_first(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

/// One vote per player in the game, when the player casts at least 1 vote of its planets'
/// influence (its ready planets, which a vote exhausts).
fn zeal_votes(_: Source, g: &Ti4Game, p: Player) -> u16 {
    let (c, s) = (g.content(), &g.state);
    let ready = s.player(p).planets.difference(s.exhausted_planets);
    if ready.iter().any(|pl| c.planets[pl.idx()].influence > 0) {
        s.seats().filter(|&q| s.player(q).in_game).count() as u16
    } else {
        0
    }
}
