//! The Mentak Coalition: Ambush, Pillage, Salvage Operations, the flagship Fourth Moon, the
//! mech Moll Terminus. (Mirror Computing is not modelled.)

use crate::ti4::combat::type_bit;
use crate::ti4::content::Content;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{CombatSides, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, State};

pub(super) static RULES: &[Rule] = &[
    // Ambush: "At the start of a space combat, you may roll 1 die for each of up to 2 of your
    // cruisers and/or destroyers in the system. For each result equal to or greater than that
    // ship's combat value, produce 1 hit; your opponent must assign it to 1 of their ships."
    // (Space Combat 78: at its start, before anti-fighter barrage.) Automatic: the roll costs
    // nothing and its hits only fall on the opponent, so declining is never better; the best two
    // ships roll (`combat::ambush_values`).
    Rule { source: SourceKey::Ability("ambush"), hooks: Hooks { space_combat_ambush: Some(ambush), ..Hooks::NONE } },
    // Pillage: "After 1 of your neighbors gains trade goods or resolves a transaction, if they
    // have 3 or more trade goods, you may take 1 of their trade goods or commodities." A
    // decision of the Mentak after a transaction (window `TransactionResolved`: either side,
    // the Mentak's own partner included) and after the Trade strategy card's primary ability
    // gave its player 3 trade goods (window `CommoditiesReplenished` of the primary);
    // simplified: the other ways of gaining trade goods (exploration, abilities, cards) open no
    // window. One choice per neighbour with 3 or more trade goods and per kind (a trade good,
    // or a commodity when they have one); the Mentak gains 1 trade good either way (a
    // commodity received from another player is a trade good, rules 21).
    Rule {
        source: SourceKey::Ability("pillage"),
        hooks: Hooks {
            may_choices: Some(pillage_choices),
            may_windows: Some(&[Window::TransactionResolved, Window::CommoditiesReplenished]),
            may_resolve: Some(pillage),
            ..Hooks::NONE
        },
    },
    // Fourth Moon (flagship): "Other players' ships in this system cannot use SUSTAIN DAMAGE."
    // In a space combat the flagship takes part in, for the whole combat.
    Rule {
        source: SourceKey::Unit("mentak_flagship"),
        hooks: Hooks { combat_sides: Some(fourth_moon), ..Hooks::NONE },
    },
    // Moll Terminus (mech): "Other players' ground forces on this planet cannot use SUSTAIN
    // DAMAGE." In a ground combat the mech takes part in, for the whole combat.
    Rule { source: SourceKey::Unit("mentak_mech"), hooks: Hooks { combat_sides: Some(moll_terminus), ..Hooks::NONE } },
    // Salvage Operations: "After you win or lose a space combat, gain 1 trade good; if you won
    // the combat, you may also produce 1 ship in that system of any ship type that was
    // destroyed during the combat." The trade good after each space combat the owner fought
    // (hook point `own_casualties`, asked of both sides; simplified: a combat with no winner
    // counts too). The winner's production is a decision at window `SpaceCombatEnd`: one
    // choice per ship type destroyed in the combat (`TacticalAction::space_destroyed`) that
    // the reinforcements hold, fits there (fleet pool, capacity) and the owner can pay for
    // (its cost, paid by the default plan). Not modelled: a Valefar copy does not carry it
    // (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("salvage_operations"),
        hooks: Hooks {
            own_casualties: Some(salvage_trade_good),
            may_choices: Some(salvage_ships),
            may_windows: Some(&[Window::SpaceCombatEnd]),
            may_resolve: Some(salvage_produce),
            ..Hooks::NONE
        },
    },
];

/// Fourth Moon: the opponent's ships lose SUSTAIN DAMAGE in a space combat with the flagship.
fn fourth_moon(_: Source, _: &Content, _: &State, _: Player, sides: &mut CombatSides) {
    if matches!(sides.loc, Location::Space(_)) && sides.own.count(UnitType::Flagship) > 0 {
        sides.other = sides.other.without_sustain(sides.other.ship_mask());
    }
}

/// Moll Terminus: the opponent's ground forces lose SUSTAIN DAMAGE in a ground combat with a
/// Mentak mech.
fn moll_terminus(_: Source, _: &Content, _: &State, _: Player, sides: &mut CombatSides) {
    if matches!(sides.loc, Location::Planet(..)) && sides.own.count(UnitType::Mech) > 0 {
        sides.other = sides.other.without_sustain(sides.other.ground_force_mask());
    }
}

/// Ambush (Space Combat 78, at its start): the Mentak's cruisers and destroyers roll.
fn ambush(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

/// Salvage Operations: 1 trade good after a space combat.
fn salvage_trade_good(
    _: Source,
    g: &mut Ti4Game,
    p: Player,
    loc: Location,
    _: &[u8; UNIT_TYPES],
    _: &[u8; UNIT_TYPES],
) {
    if matches!(loc, Location::Space(_)) {
        let ps = g.state.player_mut(p);
        ps.trade_goods = ps.trade_goods.saturating_add(1);
    }
}

/// The winner's choices: each ship type destroyed in the combat it may produce there.
fn salvage_ships(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::SpaceCombatEnd || g.flow.tactical.space_winner != Some(p) {
        return;
    }
    let a = g.flow.tactical.active;
    for t in UnitType::SHIPS.iter().copied().filter(|&t| g.flow.tactical.space_destroyed & type_bit(t) != 0) {
        if crate::ti4::game::component::ship_producible(g, p, t, a) {
            out(t.idx() as u16);
        }
    }
}

/// The ship is paid for and placed in the combat's system.
fn salvage_produce(_: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let a = g.flow.tactical.active;
    crate::ti4::game::component::produce_ship(g, p, UnitType::ALL[choice as usize], a);
}

/// Trade goods a neighbour needs for Pillage.
const PILLAGE_THRESHOLD: u8 = 3;

/// The players `p` may pillage at `window` (bit per seat): the sides of the transaction just
/// resolved, or the Trade primary's player, that are `p`'s neighbours with 3 or more trade goods.
fn pillage_victims(g: &Ti4Game, p: Player, window: Window) -> u8 {
    let candidates = match window {
        Window::TransactionResolved => {
            let Some(q) = g.flow.transaction.resolved_with else { return 0 };
            1u8 << g.flow.turn.0 | 1 << q.0
        }
        Window::CommoditiesReplenished if g.flow.strategic.follower == 0 => {
            1 << crate::ti4::game::component::resolving_player(g).0
        }
        _ => return 0,
    } & !(1 << p.0);
    let s = &g.state;
    let rich = s.seats().filter(|&q| s.player(q).trade_goods >= PILLAGE_THRESHOLD).fold(0u8, |m, q| m | 1 << q.0);
    if candidates & rich == 0 {
        return 0;
    }
    candidates & rich & crate::ti4::game::action_cards::neighbours(g, p)
}

/// Pillage: choice `q * 2` takes a trade good of seat `q`, `q * 2 + 1` one of its commodities.
fn pillage_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let victims = pillage_victims(g, p, window);
    for q in g.state.seats().filter(|q| victims >> q.0 & 1 == 1) {
        out(q.0 as u16 * 2);
        if g.state.player(q).commodities > 0 {
            out(q.0 as u16 * 2 + 1);
        }
    }
}

/// Pillage: the neighbour loses 1 trade good or commodity, the Mentak gains 1 trade good.
fn pillage(_: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let qs = g.state.player_mut(Player((choice / 2) as u8));
    if choice.is_multiple_of(2) {
        qs.trade_goods -= 1;
    } else {
        qs.commodities -= 1;
    }
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(1);
}
