//! The Yin Brotherhood: Devotion, Impulse Core, Yin Spinner. (Indoctrination is not
//! modelled.)

use crate::ti4::combat::assigned_hit_options;
use crate::ti4::game::component::{combat_ships, combat_side, hit_combat_ship};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) static RULES: &[Rule] = &[
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
