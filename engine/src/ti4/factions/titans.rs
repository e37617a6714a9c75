//! The Titans of Ul: the agent Tellurian, the commander Tungstantus and the hero Ul the
//! Progenitor. (Terragenesis, Awaken and Coalescence are not modelled yet: `docs/RULES.md`.)

use crate::ti4::components::LeaderState;
use crate::ti4::game::component::assigning_space_combat_hits;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey, Window};

pub(super) static RULES: &[Rule] = &[
    // Tungstantus (commander): "When 1 or more of your units use PRODUCTION: You may gain 1
    // trade good." Unlock: "Have 5 structures on the game board." (Rules 51.) Automatic: a
    // trade good is never worse than none.
    Rule {
        source: SourceKey::Leader("titans_commander"),
        hooks: Hooks { commander_unlocked: Some(five_structures), units_produced: Some(tungstantus), ..Hooks::NONE },
    },
    // Tellurian (agent): "When a hit is produced against a unit: You may exhaust this card to
    // cancel that hit." (Rules 51.) Simplified: offered to its owner before they assign the
    // hits of a space combat's combat roll against their ships (window `SpaceCombatBeforeHits`).
    Rule {
        source: SourceKey::Leader("titans_agent"),
        hooks: Hooks { may_choices: Some(tellurian_choices), may_resolve: Some(tellurian), ..Hooks::NONE },
    },
    // Ul the Progenitor (hero), GEOFORM: "ACTION: Ready Elysium and attach this card to it. Its
    // resource and influence values are each increased by 3, and it gains the SPACE CANNON 5
    // (x3) ability as if it were a unit." (Rules 51; target 0, while the player controls
    // Elysium.) The hero is attached (`LeaderState::Attached`, `Tokens::geoform`), which
    // `State::resources_of` and `influence_of` read. Simplified: Elysium's SPACE CANNON is not
    // modelled.
    Rule {
        source: SourceKey::Leader("titans_hero"),
        hooks: Hooks { component_targets: Some(geoform_targets), component_action: Some(geoform), ..Hooks::NONE },
    },
];

/// Elysium, the planet Geoform attaches to.
fn elysium(g: &Ti4Game) -> Option<PlanetId> {
    g.content().planet("elysium")
}

/// Target 0 while the player controls Elysium.
fn geoform_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    if elysium(g).is_some_and(|pl| g.state.player(p).planets.contains(pl)) {
        out(0);
    }
}

/// Elysium readies and the hero attaches to it.
fn geoform(src: Source, g: &mut Ti4Game, p: Player, _: u8) -> ComponentThen {
    let (Some(pl), Source::Leader(l, _)) = (elysium(g), src) else { return ComponentThen::TurnEnds };
    g.state.exhausted_planets.remove(pl);
    g.state.tokens.geoform = Some(pl);
    let (c, s) = g.content_and_state();
    crate::ti4::components::leaders::set_own(c, s, p, l, LeaderState::Attached);
    ComponentThen::TurnEnds
}

/// Structures on the game board that unlock Tungstantus.
const STRUCTURES: u8 = 5;

/// Tungstantus's unlock: 5 structures (PDS and space docks) of the player on the board.
fn five_structures(_: Source, g: &Ti4Game, p: Player) -> bool {
    let b = &g.state.player(p).on_board;
    b[UnitType::Pds.idx()] + b[UnitType::SpaceDock.idx()] >= STRUCTURES
}

/// Tungstantus: 1 trade good when the player's units used PRODUCTION (not a component action's
/// production, Sling Relay, nor Integrated Economy's: no unit uses PRODUCTION there).
fn tungstantus(_: Source, g: &mut Ti4Game, p: Player, _: &[u8; UNIT_TYPES]) {
    if !g.flow.production.component && g.flow.production.integrated.is_none() {
        g.state.player_mut(p).trade_goods += 1;
    }
}

/// One choice (0) for the side about to assign a space combat's combat-roll hits.
fn tellurian_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if assigning_space_combat_hits(g, p, window) {
        out(0);
    }
}

/// The agent is exhausted and 1 hit cancelled.
fn tellurian(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    crate::ti4::game::leaders::exhaust(g, p, src);
    if let Some(c) = g.flow.tactical.space.as_mut() {
        c.cancel_hits(1);
    }
}
