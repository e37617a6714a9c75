//! The Barony of Letnev: Armada, Munitions Reserves, L4 Disruptors, Non-Euclidean Shielding,
//! the flagship Arc Secundus, the commander Rear Admiral Farran and the hero Darktalon Treilla.

use crate::ti4::components::LeaderState;
use crate::ti4::content::Content;
use crate::ti4::game::component::{combat_side, side_before_round};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Armada: "The maximum number of non-fighter ships you can have in each system is equal to
    // 2 more than the number of tokens in your fleet pool." (Rules 37, fleet pool)
    Rule { source: SourceKey::Ability("armada"), hooks: Hooks { fleet_limit_bonus: Some(armada), ..Hooks::NONE } },
    // Munitions Reserves: "At the start of each round of space combat, you may spend 2 trade
    // goods; you may re-roll any number of your dice during that combat round." A decision of
    // the Letnev at window `SpaceCombatStart` (the first round) and at `SpaceCombatRoundEnd`
    // (the next round: the pause between rounds is its start); the round's combat roll then
    // re-rolls every miss (`SpaceCombat::set_reroll`: re-rolling exactly the misses is never
    // worse than another choice of dice).
    Rule {
        source: SourceKey::Ability("munitions"),
        hooks: Hooks {
            may_choices: Some(munitions_choice),
            may_windows: Some(&[Window::SpaceCombatStart, Window::SpaceCombatRoundEnd]),
            may_resolve: Some(munitions),
            ..Hooks::NONE
        },
    },
    // War Funding (promissory note): "At the start of a round of space combat: The Letnev
    // player loses 2 trade goods. During this combat round, re-roll any number of your dice.
    // Then, return this card to the Letnev player." (Rules 69.) A decision of its holder, in a
    // space combat, at window `SpaceCombatStart` (the first round) and `SpaceCombatRoundEnd`
    // (the next), as Munitions Reserves: the round's combat roll re-rolls the holder's misses.
    // Simplified: offered only while the Letnev player has 2 trade goods to lose.
    Rule {
        source: SourceKey::Note("war_funding"),
        hooks: Hooks {
            may_choices: Some(war_funding_choice),
            may_windows: Some(&[Window::SpaceCombatStart, Window::SpaceCombatRoundEnd]),
            may_resolve: Some(war_funding),
            ..Hooks::NONE
        },
    },
    // Non-Euclidean Shielding: "When 1 of your units uses SUSTAIN DAMAGE, cancel 2 hits instead
    // of 1." (Sustain Damage 87.) Every force of the owner's units cancels 2 hits per sustain
    // (`Force::sustain_cancels`), in every hit assignment; not modelled: a Valefar copy does not
    // carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("non_euclidean_shielding"),
        hooks: Hooks { sustain_cancels_two: Some(non_euclidean_shielding), ..Hooks::NONE },
    },
    // L4 Disruptors: "During an invasion, units cannot use SPACE CANNON against your units."
    // (Space cannon 77.5: no space cannon defense against the owner's invading ground forces.)
    // Not modelled: a Valefar copy does not carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("l4_disruptors"),
        hooks: Hooks { no_space_cannon_in_invasion: Some(l4_disruptors), ..Hooks::NONE },
    },
    // Arc Secundus (flagship): "Other players' units in this system lose PLANETARY SHIELD. At
    // the start of each space combat round, repair this ship." (Bombardment 15.1f: the
    // Letnev's bombardment in the flagship's system ignores PLANETARY SHIELD; the repair is
    // the flagship's force's, `Force::with_round_repair`, done by the space combat as each
    // round starts, the first before its anti-fighter barrage.)
    Rule {
        source: SourceKey::Unit("letnev_flagship"),
        hooks: Hooks {
            combat_sides: Some(arc_secundus_repairs),
            disables_planetary_shields: Some(arc_secundus_shields),
            ..Hooks::NONE
        },
    },
    // Viscount Unlenn (agent): "At the start of a space combat round: You may exhaust this card
    // to choose 1 ship in the active system; that ship rolls 1 additional die during this
    // combat round." (Rules 51.) A decision of the Letnev at window `SpaceCombatStart` (the
    // first round) and `SpaceCombatRoundEnd` (the next round), as Munitions Reserves: one
    // choice per type of its ships with a combat value in the combat (the unit type's index;
    // `SpaceCombat::add_round_die`). Simplified: only in a space combat the Letnev fight, for
    // one of their own ships (the window opens for the two sides only).
    Rule {
        source: SourceKey::Leader("letnev_agent"),
        hooks: Hooks {
            may_choices: Some(unlenn_choices),
            may_windows: Some(&[Window::SpaceCombatStart, Window::SpaceCombatRoundEnd]),
            may_resolve: Some(unlenn),
            ..Hooks::NONE
        },
    },
    // Dunlain Reaper (mech), DEPLOY: "At the start of a round of ground combat, you may spend 2
    // resources to replace 1 of your infantry in that combat with 1 mech." A decision of the
    // Letnev at window `GroundCombatRoundStart` (one mech a round: Deploy 28.3, once per timing
    // window), as the invader or the defender, with an infantry in the combat, a mech in
    // reinforcements (not one committed elsewhere, which waits there) and 2 resources to spend
    // (simplified: paid by the default plan, `objectives::spend_plan`, as ZS Thunderbolt M2).
    Rule {
        source: SourceKey::Unit("letnev_mech"),
        hooks: Hooks {
            may_choices: Some(reaper_choices),
            may_windows: Some(&[Window::GroundCombatRoundStart]),
            may_resolve: Some(reaper),
            ..Hooks::NONE
        },
    },
    // Rear Admiral Farran (commander): "After 1 of your units uses SUSTAIN DAMAGE: You may gain 1
    // trade good." Unlock: "Have 5 non-fighter ships in 1 system." (Rules 51.) One trade good
    // per unit that sustained; automatic (a trade good is never worse). Simplified: only the
    // SUSTAIN DAMAGE used on a space combat's combat-roll hits (hook point `units_sustained`).
    Rule {
        source: SourceKey::Leader("letnev_commander"),
        hooks: Hooks { commander_unlocked: Some(five_ships_in_a_system), units_sustained: Some(farran), ..Hooks::NONE },
    },
    // Darktalon Treilla (hero), DARK MATTER AFFINITY: "ACTION: Place this card near the game
    // board; the number of non-fighter ships you can have in systems is not limited by laws or
    // by the number of command tokens in your fleet pool during this game round. At the end of
    // that game round, purge this card." (Rules 51, 37.) The card near the game board is the
    // hero in use (`LeaderState::Exhausted`); at the end of the game round (the next strategy
    // phase's start) it is purged and ships beyond the fleet pool are removed.
    Rule {
        source: SourceKey::Leader("letnev_hero"),
        hooks: Hooks {
            component_targets: Some(darktalon_targets),
            component_action: Some(darktalon),
            fleet_limit_bonus: Some(darktalon_fleet),
            strategy_phase_start: Some(darktalon_ends),
            ..Hooks::NONE
        },
    },
];

/// Non-fighter ships in one system that unlock Rear Admiral Farran.
const FARRAN_SHIPS: u8 = 5;

/// Non-fighter ship types.
const NON_FIGHTER_SHIPS: [UnitType; 6] = [
    UnitType::Carrier,
    UnitType::Cruiser,
    UnitType::Destroyer,
    UnitType::Dreadnought,
    UnitType::Flagship,
    UnitType::WarSun,
];

/// Farran's unlock: 5 of the player's non-fighter ships in one system.
fn five_ships_in_a_system(_: Source, g: &Ti4Game, p: Player) -> bool {
    let s = &g.state;
    let ships = |count: &[u8; UNIT_TYPES]| NON_FIGHTER_SHIPS.iter().map(|&t| count[t.idx()]).sum::<u8>();
    ships(&s.player(p).on_board) >= FARRAN_SHIPS
        && s.systems[..s.num_systems as usize]
            .iter()
            .any(|sys| sys.space.owner == p.0 && ships(&sys.space.count) >= FARRAN_SHIPS)
}

/// Farran: 1 trade good per unit that used SUSTAIN DAMAGE.
fn farran(_: Source, g: &mut Ti4Game, p: Player, units: u8) {
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(units);
}

/// Fleet limit bonus while Darktalon Treilla is in use: no limit in practice.
const DARKTALON_FLEET: u8 = 100;

/// Darktalon Treilla in use (near the game board).
fn darktalon_in_use(src: Source, c: &Content, s: &State, p: Player) -> bool {
    let Source::Leader(l, f) = src else { return false };
    crate::ti4::rules::leader_state(c, s, p, l, f) == LeaderState::Exhausted
}

/// Target 0 (the hero is ready: asked of ready sources only).
fn darktalon_targets(_: Source, _: &Ti4Game, _: Player, out: &mut dyn FnMut(u8)) {
    out(0);
}

/// The hero goes near the game board for the rest of the game round.
fn darktalon(src: Source, g: &mut Ti4Game, p: Player, _: u8) -> ComponentThen {
    crate::ti4::game::leaders::exhaust(g, p, src);
    ComponentThen::TurnEnds
}

fn darktalon_fleet(src: Source, c: &Content, s: &State, p: Player) -> u8 {
    if darktalon_in_use(src, c, s, p) {
        DARKTALON_FLEET
    } else {
        0
    }
}

/// The end of the game round: the hero is purged, ships beyond the fleet pool are removed.
fn darktalon_ends(src: Source, g: &mut Ti4Game, p: Player) {
    if darktalon_in_use(src, g.content(), &g.state, p) {
        crate::ti4::game::leaders::purge(g, p, src);
        crate::ti4::game::component::enforce_fleet_everywhere(g, p);
    }
}

/// Arc Secundus: the flagship repaired at the start of each space combat round it fights in.
fn arc_secundus_repairs(_: Source, _: &Content, _: &State, _: Player, sides: &mut crate::ti4::rules::CombatSides) {
    let own = &mut sides.own;
    if matches!(sides.loc, crate::ti4::state::Location::Space(_)) && own.count(UnitType::Flagship) > 0 {
        *own = own.with_round_repair(crate::ti4::combat::type_bit(UnitType::Flagship));
    }
}

/// Arc Secundus: other players' units lose PLANETARY SHIELD in the flagship's system.
fn arc_secundus_shields(_: Source, g: &Ti4Game, p: Player, slot: u8) -> bool {
    let space = &g.state.systems[slot as usize].space;
    space.owner == p.0 && space.of(UnitType::Flagship) > 0
}

/// L4 Disruptors (Space cannon 77.5): no space cannon defense against the owner's invasions.
fn l4_disruptors(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn armada(_: Source, _: &Content, _: &State, _: Player) -> u8 {
    2
}

/// Trade goods Munitions Reserves costs.
const MUNITIONS_COST: u8 = 2;

/// Munitions Reserves: one choice (0) while the Letnev fight the space combat starting or
/// going on into another round, hold 2 trade goods, and have not already paid for that round.
fn munitions_choice(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    // Between rounds: only when another round follows (both sides still have ships).
    let Some((side, combat)) = side_before_round(g, p, window) else { return };
    if g.state.player(p).trade_goods < MUNITIONS_COST {
        return;
    }
    let paid = combat.map_or(g.flow.tactical.reroll, |c| c.reroll())[side.idx()];
    if !paid {
        out(0);
    }
}

/// Munitions Reserves: 2 trade goods spent; the round's combat roll re-rolls the misses.
fn munitions(_: Source, g: &mut Ti4Game, p: Player, window: Window, _choice: u16) {
    g.state.player_mut(p).trade_goods -= MUNITIONS_COST;
    reroll_this_round(g, p, window);
}

/// Munitions Reserves and War Funding: the combat roll of `p`'s side this round re-rolls the
/// misses.
fn reroll_this_round(g: &mut Ti4Game, p: Player, window: Window) {
    let side = combat_side(g, p).expect("a side of the combat");
    match (window, g.flow.tactical.space.as_mut()) {
        (Window::SpaceCombatRoundEnd, Some(c)) => c.set_reroll(side, true),
        _ => g.flow.tactical.reroll[side.idx()] = true,
    }
}

/// Trade goods War Funding takes from the Letnev player.
const WAR_FUNDING_LOSS: u8 = 2;

/// War Funding: one choice (0) while its holder `p` fights a space combat starting or going on
/// into another round, has no re-roll for that round yet, and the Letnev player (the note's
/// owner) has 2 trade goods.
fn war_funding_choice(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some((side, combat)) = side_before_round(g, p, window) else { return };
    let Some((owner, _)) = src.note_owner(g.content(), &g.state) else { return };
    let paid = combat.map_or(g.flow.tactical.reroll, |c| c.reroll())[side.idx()];
    if !paid && g.state.player(owner).trade_goods >= WAR_FUNDING_LOSS {
        out(0);
    }
}

/// War Funding: the Letnev player loses 2 trade goods, the holder's roll this round re-rolls
/// its misses, and the note returns.
fn war_funding(src: Source, g: &mut Ti4Game, p: Player, window: Window, _choice: u16) {
    let Some((owner, _)) = src.note_owner(g.content(), &g.state) else { return };
    g.state.player_mut(owner).trade_goods -= WAR_FUNDING_LOSS;
    reroll_this_round(g, p, window);
    crate::ti4::game::notes::return_note(g, src);
}

fn non_euclidean_shielding(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

/// Resources Dunlain Reaper's DEPLOY costs.
const REAPER_COST: u8 = 2;

/// At window `GroundCombatRoundStart`: `p`'s side in the ground combat and its planet's index,
/// when that side has an undamaged infantry in it, `p` a mech in reinforcements that no
/// committed ground force holds, and 2 resources to spend.
fn reaper_side(g: &Ti4Game, p: Player, window: Window) -> Option<(crate::ti4::combat::Side, u8)> {
    let (side, n, _) = crate::ti4::game::component::ground_round_start(g, p, window)?;
    let c = g.flow.tactical.ground.as_ref()?;
    let ok = c.force(side).undamaged(UnitType::Infantry) > 0
        && crate::ti4::game::component::can_join_ground_combat(g, p, side, UnitType::Mech)
        && crate::ti4::game::objectives::spend_plan(g.content(), &g.state, p, REAPER_COST, 0, 0, 0).is_some();
    ok.then_some((side, n))
}

/// Dunlain Reaper: one choice (0) at the start of a ground combat round.
fn reaper_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if reaper_side(g, p, window).is_some() {
        out(0);
    }
}

/// Dunlain Reaper: 2 resources spent; 1 infantry in the combat back to reinforcements and 1 mech
/// in its place (the invader's among its committed units, the defender's on the planet).
fn reaper(_: Source, g: &mut Ti4Game, p: Player, window: Window, _: u16) {
    let Some((side, n)) = reaper_side(g, p, window) else { return };
    let (c, s) = g.content_and_state();
    if !crate::ti4::game::objectives::spend_default(c, s, p, REAPER_COST, 0) {
        return;
    }
    if side == crate::ti4::combat::Side::Attacker {
        let k = &mut g.flow.tactical.committed[n as usize];
        k[0] -= 1;
        k[1] += 1;
    } else {
        let ploc = crate::ti4::state::Location::Planet(g.flow.tactical.active, n);
        g.state.remove_units(ploc, UnitType::Infantry, 1).expect("the defender's infantry is on the planet");
        g.place_units(p, ploc, UnitType::Mech, 1).expect("a mech in reinforcements");
    }
    if let Some(c) = g.flow.tactical.ground.as_mut() {
        c.replace_unit(side, UnitType::Infantry, UnitType::Mech).expect("an undamaged infantry in the combat");
    }
}

/// Viscount Unlenn: each type of `p`'s ships with a combat value in the space combat about to
/// fight a round (the force it starts with, or the one between rounds).
fn unlenn_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some((side, combat)) = side_before_round(g, p, window) else { return };
    for t in UnitType::ALL {
        let there = match combat {
            Some(c) => c.force(side).count(t) > 0 && c.force(side).stats(t).combat.is_some(),
            None => crate::ti4::game::component::combat_ships(g, p, t).0 > 0,
        };
        if there && (t == UnitType::Fighter || NON_FIGHTER_SHIPS.contains(&t)) {
            out(t.idx() as u16);
        }
    }
}

/// Viscount Unlenn: the agent exhausted; 1 ship of the chosen type rolls 1 more die this round.
fn unlenn(src: Source, g: &mut Ti4Game, p: Player, window: Window, choice: u16) {
    let (Some(side), Some(&t)) = (combat_side(g, p), UnitType::ALL.get(choice as usize)) else { return };
    crate::ti4::game::leaders::exhaust(g, p, src);
    match (window, g.flow.tactical.space.as_mut()) {
        (Window::SpaceCombatRoundEnd, Some(c)) => c.add_round_die(side, t),
        _ => g.flow.tactical.extra_die[side.idx()] |= crate::ti4::combat::type_bit(t),
    }
}
