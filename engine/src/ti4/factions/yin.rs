//! The Yin Brotherhood: Impulse Core. (Indoctrination, Devotion and Yin Spinner are not
//! modelled.)

use crate::ti4::game::component::{combat_ships, destroy_combat_ship};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) static RULES: &[Rule] = &[
    // Impulse Core: "At the start of a space combat, you may destroy 1 of your cruisers or
    // destroyers in the active system to produce 1 hit against your opponent's ships; that hit
    // must be assigned by your opponent to 1 of their non-fighter ships if able." (Space
    // Combat 78, at its start.) A decision of the owner at window `SpaceCombatStart`; a Valefar
    // copy carries it.
    Rule {
        source: SourceKey::Tech("impulse_core"),
        hooks: Hooks { may_choices: Some(impulse_core_ships), may_resolve: Some(impulse_core), ..Hooks::NONE },
    },
];

/// The ships Impulse Core may destroy.
const SACRIFICES: [UnitType; 2] = [UnitType::Destroyer, UnitType::Cruiser];

/// Impulse Core (Space Combat 78, at its start): the choices are the unit types (index) of
/// `p`'s cruisers and destroyers in the active system, for either side of the combat.
fn impulse_core_ships(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::SpaceCombatStart || (p != g.flow.turn && p != g.flow.tactical.defender) {
        return;
    }
    for t in SACRIFICES {
        if combat_ships(g, p, t) > 0 {
            out(t.idx() as u16);
        }
    }
}

/// Impulse Core: `p` destroys 1 ship of type `choice` in the active system and produces 1 hit
/// against its opponent, which the combat has the opponent assign to a non-fighter ship if
/// able (`TacticalAction::opening_hits`).
fn impulse_core(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let t = UnitType::ALL[choice as usize];
    destroy_combat_ship(g, p, t);
    let opponent = usize::from(p == g.flow.turn);
    g.flow.tactical.opening_hits[opponent] += 1;
}
