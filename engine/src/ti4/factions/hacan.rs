//! The Emirates of Hacan: Masters of Trade, Guild Ships and Production Biomes. (Arbiters lets
//! action cards be exchanged in transactions, which trade commodities and promissory notes only
//! here.)

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey};

/// The Trade strategy card (initiative 5, index 4).
const TRADE: u8 = 4;

pub(super) static RULES: &[Rule] = &[
    // Production Biomes: "ACTION: Exhaust this card and spend 1 token from your strategy pool to
    // gain 4 trade goods and choose 1 other player; that player gains 2 trade goods." (rules 23;
    // target = the other player's seat.) A Valefar copy carries it (Technology 16).
    Rule {
        source: SourceKey::Tech("production_biomes"),
        hooks: Hooks { component_targets: Some(biomes_targets), component_action: Some(biomes), ..Hooks::NONE },
    },
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

/// Production Biomes' targets: every other player in the game, while the card is ready and
/// `p` has a strategy token.
fn biomes_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let s = &g.state;
    if s.player(p).strategy == 0 {
        return;
    }
    for q in s.seats().filter(|&q| q != p && s.player(q).in_game) {
        out(q.0);
    }
}

/// Production Biomes: the card exhausted and 1 strategy token spent (back to reinforcements,
/// rules 20); 4 trade goods for `p`, 2 for the chosen player.
fn biomes(src: Source, g: &mut Ti4Game, p: Player, other: u8) -> ComponentThen {
    let Some(t) = src.tech() else { return ComponentThen::TurnEnds };
    let (c, s) = g.content_and_state();
    s.player_mut(p).exhausted_techs.insert(t);
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
    let ps = s.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(4);
    let q = g.state.player_mut(Player(other));
    q.trade_goods = q.trade_goods.saturating_add(2);
    ComponentThen::TurnEnds
}
