//! The Argent Flight: Zeal, Raid Formation, the flagship Quetzecoatl.

use crate::ti4::content::Content;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Zeal: "You always vote first during the agenda phase. When you cast at least 1 vote, cast
    // 1 additional vote for each player in the game, including you." (Rules 8)
    Rule {
        source: SourceKey::Ability("zeal"),
        hooks: Hooks { votes_first: Some(votes_first), extra_votes: Some(zeal_votes), ..Hooks::NONE },
    },
    // Raid Formation: "When 1 or more of your units uses ANTI-FIGHTER BARRAGE, for each hit
    // produced in excess of your opponent's fighters, choose 1 of your opponent's ships that has
    // SUSTAIN DAMAGE to become damaged." (Anti-Fighter Barrage 10, in a space combat's first
    // round: `SpaceCombat::set_raid_formation`; the Argent choose, a decision.)
    Rule {
        source: SourceKey::Ability("raid_formation"),
        hooks: Hooks { barrage_excess_damages: Some(raid_formation), ..Hooks::NONE },
    },
    // Quetzecoatl (flagship): "Other players cannot use SPACE CANNON against your ships in this
    // system." Space cannon offense in the active system, when the flagship moves in or is there.
    Rule {
        source: SourceKey::Unit("argent_flagship"),
        hooks: Hooks { no_space_cannon_against: Some(quetzecoatl), ..Hooks::NONE },
    },
];

/// Raid Formation (Anti-Fighter Barrage 10): barrage hits beyond the opponent's fighters
/// damage its ships with SUSTAIN DAMAGE.
fn raid_formation(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn votes_first(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

/// One vote per player in the game, when the player casts at least 1 vote of its planets'
/// influence (its ready planets, which a vote exhausts).
fn zeal_votes(_: Source, g: &Ti4Game, p: Player) -> u16 {
    let (c, s) = (g.content(), &g.state);
    let ready = s.player(p).planets.difference(s.exhausted_planets);
    if ready.iter().any(|pl| s.influence_of(c, pl) > 0) {
        s.seats().filter(|&q| s.player(q).in_game).count() as u16
    } else {
        0
    }
}

/// Quetzecoatl: the flagship is among the ships a space cannon offense would target.
fn quetzecoatl(_: Source, _: &Content, _: &State, _: Player, ships: &crate::ti4::combat::Force) -> bool {
    ships.count(UnitType::Flagship) > 0
}
