//! The Clan of Saar: Scavenge, Nomadic, the mech Scavenger Zeta.

use crate::ti4::game::component::gained_planets;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) static RULES: &[Rule] = &[
    // Scavenge: "After you gain control of a planet, gain 1 trade good."
    Rule { source: SourceKey::Ability("scavenge"), hooks: Hooks { control_gained: Some(scavenge), ..Hooks::NONE } },
    // Nomadic: "You can score objectives even if you do not control the planets in your home
    // system." (Rules 61.2; status phase 1 and Imperial)
    Rule { source: SourceKey::Ability("nomadic"), hooks: Hooks { scores_without_home: Some(nomadic), ..Hooks::NONE } },
    // Scavenger Zeta (mech): "DEPLOY: After you gain control of a planet, you may spend 1 trade
    // good to place 1 mech on that planet." Simplified timing: offered at window
    // `TacticalActionEnd` for the planets of the active system gained during the tactical
    // action (a choice per planet index; `Done` declines), not at once and not for planets
    // gained otherwise. The window asks each rule once: one mech per tactical action.
    Rule {
        source: SourceKey::Unit("saar_mech"),
        hooks: Hooks {
            may_choices: Some(scavenger_zeta_offered),
            may_windows: Some(&[Window::TacticalActionEnd]),
            may_resolve: Some(scavenger_zeta),
            ..Hooks::NONE
        },
    },
];

/// Scavenger Zeta: each planet of the active system `p` gained during its tactical action and
/// still controls, with no other player's units on it, while `p` has a trade good and a mech
/// in reinforcements.
fn scavenger_zeta_offered(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let s = &g.state;
    if window != Window::TacticalActionEnd
        || s.player(p).trade_goods == 0
        || s.player(p).reinforcements[UnitType::Mech.idx()] == 0
    {
        return;
    }
    for (n, loc) in gained_planets(g, p) {
        if s.occupant(loc).is_none_or(|q| q == p) {
            out(u16::from(n));
        }
    }
}

/// Scavenger Zeta: 1 trade good spent, 1 mech placed on the planet.
fn scavenger_zeta(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    g.state.player_mut(p).trade_goods -= 1;
    let loc = Location::Planet(g.flow.tactical.active, choice as u8);
    g.place_units(p, loc, UnitType::Mech, 1).expect("the mech is in reinforcements, the planet free");
}

fn scavenge(_: Source, g: &mut Ti4Game, p: Player, _: Location) {
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(1);
}

fn nomadic(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
