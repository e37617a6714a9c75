//! The Universities of Jol-Nar: Fragile, Analytical, Brilliant.

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Fragile: "Apply -1 to the result of each of your unit's combat rolls." (Modifiers 56)
    Rule { source: SourceKey::Ability("fragile"), hooks: Hooks { combat_roll_modifier: Some(fragile), ..Hooks::NONE } },
    // Analytical: "When you research a technology that is not a unit upgrade technology, you
    // may ignore 1 prerequisite." (Technology 12.1)
    Rule {
        source: SourceKey::Ability("analytical"),
        hooks: Hooks { research_ignores_one_prerequisite: Some(yes), ..Hooks::NONE },
    },
    // Brilliant: "When you spend a command token to resolve the secondary ability of the
    // Technology strategy card, you may resolve the primary ability instead." Implemented as
    // `technology::strategy_card::technology_brilliant` (checked by this bit), used by the round
    // loop for every Jol-Nar follower of Technology (`game::cards::follow`).
    Rule { source: SourceKey::Ability("brilliant"), hooks: Hooks::NONE },
    // E-Res Siphons: "After another player activates a system that contains 1 or more of your
    // ships, gain 4 trade goods." (A Valefar copy carries it.)
    Rule {
        source: SourceKey::Tech("e_res_siphons"),
        hooks: Hooks { system_activated: Some(e_res_siphons), ..Hooks::NONE },
    },
];

fn fragile(_: Source, _: &Content, _: &State, _: Player) -> i8 {
    -1
}

fn yes(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

/// True when `p`'s faction has Brilliant.
pub(crate) fn has_brilliant(c: &Content, s: &State, p: Player) -> bool {
    super::ability_bit("brilliant").is_some_and(|b| Source::Ability(b).active(c, s, p))
}

/// E-Res Siphons: 4 trade goods when another player activates a system holding the owner's ships.
fn e_res_siphons(_: Source, g: &mut crate::ti4::game::Ti4Game, p: Player, active: Player, slot: u8) {
    if active != p && crate::ti4::game::component::has_ships_in(&g.state, p, slot) {
        g.state.player_mut(p).trade_goods += 4;
    }
}
