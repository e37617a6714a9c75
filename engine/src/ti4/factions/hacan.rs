//! The Emirates of Hacan: Masters of Trade, Guild Ships, Production Biomes, the agent Carth of
//! Golden Sands, the commander Gila the Silvertongue, the hero Harrugh Gefhara and the flagship
//! Wrath of Kenara, and Quantum Datahub Node. (Arbiters lets
//! action cards be exchanged in transactions, which trade commodities and promissory notes only
//! here.)

use crate::ti4::components::StrategyCard;
use crate::ti4::content::Content;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{CombatSides, ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, State};

/// The Trade strategy card (initiative 5, index 4).
const TRADE: u8 = 4;

pub(super) static RULES: &[Rule] = &[
    // Production Biomes: "ACTION: Exhaust this card and spend 1 token from your strategy pool to
    // gain 4 trade goods and choose 1 other player; that player gains 2 trade goods." (rules 23;
    // target = the other player's seat.) Not modelled: a Valefar copy does not carry it
    // (Technology 16; `rules::Source::active`).
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
    // Trade Convoys (promissory note): "When you receive this card, if you are not the Hacan
    // player, you must place it face up in your play area. While this card is in your play
    // area, you may negotiate transactions with players who are not your neighbor." (Rules 69,
    // 94.) The holder transacts as Guild Ships lets the Hacan.
    Rule {
        source: SourceKey::Note("trade_convoys"),
        hooks: Hooks { transacts_with_anyone: Some(trade_convoys), note_placed_face_up: Some(face_up), ..Hooks::NONE },
    },
    // Carth of Golden Sands (agent): "During the action phase: You may exhaust this card to gain
    // 2 commodities or replenish another player's commodities." (Rules 51.) Offered at the
    // holder's window `TurnEnd`: choice 0 gains 2 commodities (up to the commodity value), choice
    // 1 + seat replenishes that player's.
    Rule {
        source: SourceKey::Leader("hacan_agent"),
        hooks: Hooks {
            may_choices: Some(carth_choices),
            may_windows: Some(&[Window::TurnEnd]),
            may_resolve: Some(carth),
            ..Hooks::NONE
        },
    },
    // Gila the Silvertongue (commander): "When you cast votes: You may spend any number of
    // trade goods; cast 2 additional votes for each trade good spent." Unlock: "Have 10 trade
    // goods." (Rules 51.) Offered at window `VotesCast` right after the player's own vote: one
    // choice per number of trade goods (1 to all), the votes added to the outcome voted for.
    Rule {
        source: SourceKey::Leader("hacan_commander"),
        hooks: Hooks {
            commander_unlocked: Some(ten_trade_goods),
            may_choices: Some(gila_choices),
            may_windows: Some(&[Window::VotesCast]),
            may_resolve: Some(gila),
            ..Hooks::NONE
        },
    },
    // Harrugh Gefhara (hero), GALACTIC SECURITIES NET: "When 1 or more of your units use
    // PRODUCTION: You may reduce the cost of each of your units to 0 during this use of
    // PRODUCTION. If you do, purge this card." (Rules 51; window `ProductionStart`:
    // `ProductionRun::costless`.)
    Rule {
        source: SourceKey::Leader("hacan_hero"),
        hooks: Hooks {
            may_choices: Some(harrugh_choices),
            may_windows: Some(&[Window::ProductionStart]),
            may_resolve: Some(harrugh),
            ..Hooks::NONE
        },
    },
    // Wrath of Kenara (flagship): "After you roll a die during a space combat in this system, you
    // may spend 1 trade good to apply +1 to the result." (FAQ: once per die, +1 at most.) At
    // the start of a space combat the flagship fights in (hook point `combat_sides`), the
    // Hacan side may pay for +1 while the flagship is in the combat
    // (`Force::with_plus_one_for_trade_goods`; the dice rolls in `combat::rolls`). Simplified:
    // +1 is bought for every die that misses by exactly 1 (the only die it turns into a hit)
    // while trade goods last, never asked; the engagement estimate does not count it.
    Rule {
        source: SourceKey::Unit("hacan_flagship"),
        hooks: Hooks { combat_sides: Some(wrath_of_kenara), ..Hooks::NONE },
    },
    // Quantum Datahub Node: "At the end of the strategy phase, you may spend 1 token from your
    // strategy pool and give another player 3 of your trade goods. If you do, give 1 of your
    // strategy cards to that player and take 1 of their strategy cards." A decision of the owner
    // at window `StrategyPhaseEnd` (with a strategy token and 3 trade goods), one choice per swap:
    // `mine * 8 + theirs` (strategy card indices, 0 Leadership … 7 Imperial); the trade goods go
    // to the holder of `theirs`. Not modelled: a Valefar copy does not carry it (Technology 16;
    // `rules::Source::active`).
    Rule {
        source: SourceKey::Tech("quantum_datahub_node"),
        hooks: Hooks {
            may_choices: Some(datahub_choices),
            may_windows: Some(&[Window::StrategyPhaseEnd]),
            may_resolve: Some(datahub),
            ..Hooks::NONE
        },
    },
];

/// Commodities Carth of Golden Sands gives its owner.
const CARTH_COMMODITIES: u8 = 2;

/// At the holder's window `TurnEnd`: 0 while below the commodity value, 1 + seat for each other
/// player in the game below theirs.
fn carth_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::TurnEnd {
        return;
    }
    let below = |q: Player| g.state.player(q).commodities < crate::ti4::game::component::commodity_value(g, q);
    if below(p) {
        out(0);
    }
    for q in g.state.seats().filter(|&q| q != p && g.state.player(q).in_game && below(q)) {
        out(1 + u16::from(q.0));
    }
}

/// The agent is exhausted; 2 commodities for its owner, or another player replenishes.
fn carth(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    crate::ti4::game::leaders::exhaust(g, p, src);
    match choice {
        0 => crate::ti4::game::component::gain_commodities(g, p, CARTH_COMMODITIES),
        k => g.replenish_commodities(Player((k - 1) as u8)),
    }
}

/// Trade goods that unlock Gila the Silvertongue.
const GILA_TRADE_GOODS: u8 = 10;

fn ten_trade_goods(_: Source, g: &Ti4Game, p: Player) -> bool {
    g.state.player(p).trade_goods >= GILA_TRADE_GOODS
}

/// Right after `p` cast votes (window `VotesCast`): 1 to all of its trade goods (none under
/// Representative Government's one vote each).
fn gila_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if crate::ti4::game::agendas::voted_for(g, p, window).is_none() || crate::ti4::game::agendas::one_vote_each(g) {
        return;
    }
    (1..=g.state.player(p).trade_goods).for_each(|n| out(u16::from(n)));
}

/// `choice` trade goods spent; 2 votes each for the outcome `p` voted for.
fn gila(_: Source, g: &mut Ti4Game, p: Player, window: Window, choice: u16) {
    if let Some(o) = crate::ti4::game::agendas::voted_for(g, p, window) {
        crate::ti4::game::agendas::trade_goods_for_votes(g, p, o as usize, choice as u8, GILA_VOTES);
    }
}

/// Votes Gila the Silvertongue casts per trade good.
const GILA_VOTES: u16 = 2;

/// One choice (0) when the player's units are about to use PRODUCTION (not a component
/// action's production nor Integrated Economy's, where no unit uses PRODUCTION).
fn harrugh_choices(_: Source, g: &Ti4Game, _: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let pr = &g.flow.production;
    if window == Window::ProductionStart && !pr.costless && !pr.component && pr.integrated.is_none() {
        out(0);
    }
}

/// The production costs nothing; the hero is purged.
fn harrugh(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    g.flow.production.costless = true;
    crate::ti4::game::leaders::purge(g, p, src);
}

fn guild_ships(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

/// Trade Convoys: its holder transacts with anyone while it lies in their play area.
fn trade_convoys(src: Source, g: &Ti4Game, p: Player) -> bool {
    src.note_owner(g.content(), &g.state)
        .is_some_and(|(owner, k)| g.state.notes.get(owner, k) == crate::ti4::components::Zone::PlayArea(p))
}

fn face_up(_: Source) -> bool {
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

/// Wrath of Kenara: the Hacan side of a space combat with the flagship pays for +1 on its dice.
fn wrath_of_kenara(_: Source, _: &Content, _: &State, _: Player, sides: &mut CombatSides) {
    let own = &mut sides.own;
    if matches!(sides.loc, Location::Space(_)) && own.count(UnitType::Flagship) > 0 {
        *own = own.with_plus_one_for_trade_goods(crate::ti4::combat::type_bit(UnitType::Flagship));
    }
}

/// Strategy cards, as the two halves of a Quantum Datahub Node choice.
const CARDS: u16 = 8;

/// Quantum Datahub Node: one choice per (own card, another player's card) at the end of the
/// strategy phase, while `p` has a strategy token and 3 trade goods.
fn datahub_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let ps = g.state.player(p);
    if window != Window::StrategyPhaseEnd || ps.strategy == 0 || ps.trade_goods < 3 {
        return;
    }
    let sc = &g.state.strategy_cards;
    for mine in StrategyCard::all().filter(|&k| sc.holder(k) == Some(p)) {
        for theirs in StrategyCard::all().filter(|&k| sc.holder(k).is_some_and(|q| q != p)) {
            out(u16::from(mine.0) * CARDS + u16::from(theirs.0));
        }
    }
}

/// A strategy token spent, 3 trade goods given to the other card's holder, and the two strategy
/// cards change hands.
fn datahub(_: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let (mine, theirs) = (StrategyCard((choice / CARDS) as u8), StrategyCard((choice % CARDS) as u8));
    let Some(q) = g.state.strategy_cards.holder(theirs) else { return };
    let (c, s) = g.content_and_state();
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
    s.player_mut(p).trade_goods -= 3;
    s.player_mut(q).trade_goods = s.player(q).trade_goods.saturating_add(3);
    s.strategy_cards.set_holder(theirs, Some(p));
    s.strategy_cards.set_holder(mine, Some(q));
}
