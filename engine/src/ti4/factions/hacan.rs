//! The Emirates of Hacan: Masters of Trade and Guild Ships. (Arbiters lets action cards be
//! exchanged in transactions, which trade commodities and promissory notes only here.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};

/// The Trade strategy card (initiative 5, index 4).
const TRADE: u8 = 4;

pub(super) static RULES: &[Rule] = &[
    // Masters of Trade: "You do not have to spend a command token to resolve the secondary
    // ability of the Trade strategy card." (digest §3, Trade)
    Rule {
        source: SourceKey::Ability("master_of_trade"),
        hooks: Hooks { secondary_without_token: Some(masters_of_trade), ..Hooks::NONE },
    },
    // Guild Ships: "You can negotiate transactions with players who are not your neighbor."
    // (Rules 94, transactions)
    Rule {
        source: SourceKey::Ability("guild_ships"),
        hooks: Hooks { transacts_with_anyone: Some(guild_ships), ..Hooks::NONE },
    },
];

fn guild_ships(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

fn masters_of_trade(_: Source, _: &Ti4Game, _: Player, card: u8) -> bool {
    card == TRADE
}
