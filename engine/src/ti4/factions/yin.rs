//! The Yin Brotherhood: Indoctrination, Devotion, Impulse Core, Yin Spinner.

use crate::ti4::combat::{assigned_hit_options, Side};
use crate::ti4::game::component::{combat_ships, combat_side, hit_combat_ship};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) static RULES: &[Rule] = &[
    // Indoctrination: "At the start of a ground combat, you may spend 2 influence to replace 1 of
    // your opponent's participating infantry with 1 infantry from your reinforcements." (Ground
    // Combat 42, before its first round's rolls.) A decision of the Yin at window
    // `GroundCombatRoundStart` of the first round, as the invader or the defender, when the
    // opponent has an undamaged infantry in the combat, the Yin an infantry in reinforcements
    // (not one of its committed ground forces, which wait there) and 2 influence to spend
    // (simplified: paid by the default plan, `objectives::spend_plan`). The opponent's infantry
    // returns to its reinforcements (it is replaced, not destroyed).
    Rule {
        source: SourceKey::Ability("indoctrination"),
        hooks: Hooks {
            may_choices: Some(indoctrination_choices),
            may_windows: Some(&[Window::GroundCombatRoundStart]),
            may_resolve: Some(indoctrination),
            ..Hooks::NONE
        },
    },
    // Devotion: "After each space battle round, you may destroy 1 of your cruisers or
    // destroyers in the active system to produce 1 hit and assign it to 1 of your opponent's
    // ships in that system." (Space Combat 78: after a round with no retreat.) A decision of
    // the Yin at window `SpaceCombatRoundEnd`: which ship it destroys and which of the
    // opponent's ships takes the hit (that ship cancels it with its own SUSTAIN DAMAGE when
    // the Yin picks an undamaged one that has it).
    Rule {
        source: SourceKey::Ability("devotion"),
        hooks: Hooks {
            may_choices: Some(devotion_choices),
            may_windows: Some(&[Window::SpaceCombatRoundEnd]),
            may_resolve: Some(devotion),
            ..Hooks::NONE
        },
    },
    // Impulse Core: "At the start of a space combat, you may destroy 1 of your cruisers or
    // destroyers in the active system to produce 1 hit against your opponent's ships; that hit
    // must be assigned by your opponent to 1 of their non-fighter ships if able." (Space
    // Combat 78, at its start.) A decision of the owner at window `SpaceCombatStart`; not
    // modelled: a Valefar copy does not carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("impulse_core"),
        hooks: Hooks {
            may_choices: Some(impulse_core_ships),
            may_windows: Some(&[Window::SpaceCombatStart]),
            may_resolve: Some(impulse_core),
            ..Hooks::NONE
        },
    },
    // Yin Spinner: "After 2 or more of your units use PRODUCTION, place 1 infantry from your
    // reinforcements on a planet you control in that system." (FAQ: the planet need not hold a
    // unit with PRODUCTION; effects that produce without a unit using PRODUCTION do not
    // trigger it.) After a use of PRODUCTION in a system where 2 or more of the owner's units
    // have PRODUCTION (hook point `units_produced`), 1 infantry is placed on the first planet
    // there the owner controls (simplified: that planet, not a planet of their choice). A
    // Valefar copy does not carry it: not modelled (`rules::Source::active`).
    Rule { source: SourceKey::Tech("yin_spinner"), hooks: Hooks { units_produced: Some(yin_spinner), ..Hooks::NONE } },
];

/// The ships Impulse Core may destroy.
const SACRIFICES: [UnitType; 2] = [UnitType::Destroyer, UnitType::Cruiser];

/// Impulse Core (Space Combat 78, at its start): the choices are the unit types (index) of
/// `p`'s cruisers and destroyers in the active system, for either side of the combat.
fn impulse_core_ships(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::SpaceCombatStart || combat_side(g, p).is_none() {
        return;
    }
    for t in SACRIFICES {
        if combat_ships(g, p, t).0 > 0 {
            out(t.idx() as u16);
        }
    }
}

/// Impulse Core: `p` destroys 1 ship of type `choice` in the active system and produces 1 hit
/// against its opponent, which the combat has the opponent assign to a non-fighter ship if
/// able (`TacticalAction::opening_hits`).
fn impulse_core(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    hit_combat_ship(g, p, UnitType::ALL[choice as usize], false, None);
    let opponent = combat_side(g, p).expect("a side of the combat").other();
    g.flow.tactical.opening_hits[opponent.idx()] += 1;
}

/// A Devotion choice: the Yin's ship type `own` destroyed, the hit on an opponent's ship of
/// type `target`, an undamaged one that sustains it when `sustain` (else one destroyed, a
/// damaged one when there is one).
fn devotion_code(own: UnitType, target: UnitType, sustain: bool) -> u16 {
    own.idx() as u16 * 32 + target.idx() as u16 * 2 + u16::from(sustain)
}

/// Devotion (Space Combat 78, after a round): each pair of one of `p`'s cruiser or destroyer
/// types in the combat and one way the opponent's ships can take the hit (an undamaged ship
/// with SUSTAIN DAMAGE sustains it; a damaged one, or one without the ability, is destroyed).
fn devotion_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let (Window::SpaceCombatRoundEnd, Some(c), Some(side)) = (window, &g.flow.tactical.space, combat_side(g, p)) else {
        return;
    };
    let (own, other) = (c.force(side), c.force(side.other()));
    for t in SACRIFICES.into_iter().filter(|&t| own.count(t) > 0) {
        for u in UnitType::ALL.into_iter().filter(|&u| other.is_combatant(u) && other.count(u) > 0) {
            let (destroyed, sustained) =
                assigned_hit_options(other.count(u), other.damaged(u), other.stats(u).sustain_damage);
            if destroyed {
                out(devotion_code(t, u, false));
            }
            if sustained {
                out(devotion_code(t, u, true));
            }
        }
    }
}

/// Devotion: the Yin's ship is destroyed and the chosen opponent's ship takes the hit
/// (`SpaceCombat::destroy_unit`, `SpaceCombat::hit_unit`).
fn devotion(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let side = combat_side(g, p).expect("a side of the combat");
    let (own, target) = (UnitType::ALL[(choice / 32) as usize], UnitType::ALL[(choice % 32 / 2) as usize]);
    let c = g.flow.tactical.space.as_mut().expect("the combat is between rounds");
    let destroyed = c.destroy_unit(side, own);
    let hit = c.hit_unit(side.other(), target, choice % 2 == 1);
    debug_assert!(destroyed && hit, "an offered choice");
}

/// Yin Spinner: 2 or more of the owner's units with PRODUCTION in the active system used it.
fn yin_spinner(_: Source, g: &mut Ti4Game, p: Player, _: &[u8; UNIT_TYPES]) {
    if g.flow.production.component
        || g.flow.production.integrated.is_some()
        || g.state.player(p).reinforcements[UnitType::Infantry.idx()] == 0
    {
        return;
    }
    let a = g.flow.tactical.active;
    let (c, s) = (g.content(), &g.state);
    let units = crate::ti4::game::component::units_of(c, s, p);
    let producing: u32 = Location::all_in(a)
        .filter(|&loc| s.occupant(loc) == Some(p))
        .map(|loc| {
            UnitType::ALL
                .into_iter()
                .filter(|t| units[t.idx()].is_some_and(|u| c.units[u.idx()].production.is_some()))
                .map(|t| s.count_at(loc, t) as u32)
                .sum::<u32>()
        })
        .sum();
    if producing < 2 {
        return;
    }
    let planet = Location::all_in(a).find(|&loc| {
        matches!(loc, Location::Planet(..)) && s.planet_at(c, loc).is_some_and(|pl| s.player(p).planets.contains(pl))
    });
    if let Some(loc) = planet {
        g.place_units(p, loc, UnitType::Infantry, 1).expect("an infantry from the reinforcements");
    }
}

/// Influence Indoctrination costs.
const INDOCTRINATION_COST: u8 = 2;

/// At window `GroundCombatRoundStart` of a ground combat's first round: `p`'s side in it and the
/// planet's index, when the opponent has an undamaged infantry in the combat, `p` an infantry
/// in reinforcements that no committed ground force holds (and that no rule would destroy as it
/// is placed), and 2 influence to spend.
fn indoctrination_side(g: &Ti4Game, p: Player, window: Window) -> Option<(Side, u8)> {
    let (side, n, 1) = crate::ti4::game::component::ground_round_start(g, p, window)? else { return None };
    let c = g.flow.tactical.ground.as_ref()?;
    // The invader's infantry in the combat are its committed ones.
    let theirs_committed = side == Side::Attacker || g.flow.tactical.committed[n as usize][0] > 0;
    let ok = theirs_committed
        && c.force(side.other()).undamaged(UnitType::Infantry) > 0
        && crate::ti4::game::component::can_join_ground_combat(g, p, side, UnitType::Infantry)
        && crate::ti4::game::objectives::spend_plan(g.content(), &g.state, p, 0, INDOCTRINATION_COST, 0, 0).is_some();
    ok.then_some((side, n))
}

/// Indoctrination: one choice (0) at the start of a ground combat.
fn indoctrination_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if indoctrination_side(g, p, window).is_some() {
        out(0);
    }
}

/// Indoctrination: 2 influence spent; 1 of the opponent's infantry in the combat back to its
/// reinforcements and 1 of the Yin's in its place (the invader's among its committed units, the
/// defender's on the planet).
fn indoctrination(_: Source, g: &mut Ti4Game, p: Player, window: Window, _: u16) {
    let Some((side, n)) = indoctrination_side(g, p, window) else { return };
    let (c, s) = g.content_and_state();
    if !crate::ti4::game::objectives::spend_default(c, s, p, 0, INDOCTRINATION_COST) {
        return;
    }
    let ploc = Location::Planet(g.flow.tactical.active, n);
    let committed = &mut g.flow.tactical.committed[n as usize][0];
    match side {
        // The invader's committed infantry wait in reinforcements: one more is committed.
        Side::Attacker => {
            *committed += 1;
            g.state.remove_units(ploc, UnitType::Infantry, 1).expect("the defender's infantry is on the planet");
        }
        // The invader's infantry goes back (uncommitted); the Yin's is placed on its planet.
        Side::Defender => {
            *committed -= 1;
            g.place_units(p, ploc, UnitType::Infantry, 1).expect("an infantry in reinforcements");
        }
    }
    if let Some(c) = g.flow.tactical.ground.as_mut() {
        c.switch_side(side.other(), UnitType::Infantry).expect("an undamaged infantry of the opponent in the combat");
    }
}
