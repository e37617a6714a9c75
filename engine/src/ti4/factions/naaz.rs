//! The Naaz-Rokha Alliance: Fabrication, the flagship Visz El Vir, Supercharge and Pre-Fab
//! Arcologies. (Distant Suns is not modelled.)

use crate::ti4::content::Content;
use crate::ti4::game::component::{boost_round, round_boost_open};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{CombatSides, ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, State};

pub(super) static RULES: &[Rule] = &[
    // Fabrication: "ACTION: Either purge 2 of your relic fragments of the same type to gain 1
    // relic; or purge 1 of your relic fragments to gain 1 command token." (Rules 23: a component
    // action.) Targets: a kind `k` (cultural, hazardous, industrial, unknown) of which the Naaz
    // hold 2 (an unknown fragment counts as any kind, rules 73) while the relic deck is not
    // empty: the 2 purged, the relic drawn at the chance step `DrawRelic`; or `4 + 3 k + pool`
    // for a fragment of kind `k` held and a token in reinforcements: that fragment purged and
    // the token placed in the tactic, fleet or strategy pool (`pool` 0, 1, 2).
    Rule {
        source: SourceKey::Ability("fabrication"),
        hooks: Hooks {
            component_targets: Some(fabrication_targets),
            component_action: Some(fabrication),
            ..Hooks::NONE
        },
    },
    // Visz El Vir (flagship): "Your mechs in this system roll 1 additional die during combat."
    // In a ground combat on a planet of the flagship's system (the flagship in its space area)
    // and in a space combat the flagship takes part in.
    Rule { source: SourceKey::Unit("naaz_flagship"), hooks: Hooks { combat_sides: Some(visz_el_vir), ..Hooks::NONE } },
    // Supercharge: "At the start of a combat round, you may exhaust this card to apply +1 to
    // the result of each of your unit's combat rolls during this combat round." (FAQ: combat
    // rolls only.) Asked as Morale Boost is, of the owner's side of a space combat at windows
    // `SpaceCombatStart` and `SpaceCombatRoundEnd` (the next round's start), and sets the same
    // +1 (`SpaceCombat::set_boost`). Simplified: not in ground combat, and not in a round
    // already boosted by Morale Boost (the two do not add up). Not modelled: a Valefar copy does
    // not carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("supercharge"),
        hooks: Hooks {
            may_choices: Some(supercharge_offered),
            may_windows: Some(&[Window::SpaceCombatStart, Window::SpaceCombatRoundEnd]),
            may_resolve: Some(supercharge),
            ..Hooks::NONE
        },
    },
    // Pre-Fab Arcologies: "After you explore a planet, ready that planet." At the explorer's
    // window `AfterExploring` (`TacticalAction::last_explored`): one choice that readies the
    // planet, offered while it is exhausted and controlled by the owner (simplified: asked,
    // where the card readies it unasked; readying is never worse). Not modelled: a Valefar copy
    // does not carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("pre_fab_arcologies"),
        hooks: Hooks {
            may_choices: Some(arcology_offered),
            may_windows: Some(&[Window::AfterExploring]),
            may_resolve: Some(arcology),
            ..Hooks::NONE
        },
    },
];

/// One choice (0) while the owner fights a space combat that starts or goes on into another
/// round, not yet boosted this round.
fn supercharge_offered(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if round_boost_open(g, p, window) {
        out(0);
    }
}

/// The card is exhausted; the round's combat roll of the owner's side has +1 on each die.
fn supercharge(src: Source, g: &mut Ti4Game, p: Player, window: Window, _: u16) {
    src.exhaust_card(&mut g.state, p);
    boost_round(g, p, window);
}

/// The planet just explored by the owner (the active player), while it is theirs and exhausted.
fn explored_planet(g: &Ti4Game, p: Player, window: Window) -> Option<PlanetId> {
    let n = g.flow.tactical.last_explored.filter(|_| window == Window::AfterExploring && g.flow.turn == p)?;
    let pl = g.state.planet_at(g.content(), Location::Planet(g.flow.tactical.active, n))?;
    (g.state.player(p).planets.contains(pl) && g.state.exhausted_planets.contains(pl)).then_some(pl)
}

fn arcology_offered(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if explored_planet(g, p, window).is_some() {
        out(0);
    }
}

/// The explored planet is readied.
fn arcology(_: Source, g: &mut Ti4Game, p: Player, window: Window, _: u16) {
    if let Some(pl) = explored_planet(g, p, window) {
        g.state.exhausted_planets.remove(pl);
    }
}

/// Visz El Vir: 1 more die per mech in the flagship's system.
fn visz_el_vir(_: Source, _: &Content, s: &State, p: Player, sides: &mut CombatSides) {
    let (loc, own) = (sides.loc, &mut sides.own);
    let space = Location::Space(loc.slot());
    let present = match loc {
        Location::Space(_) => own.count(UnitType::Flagship) > 0,
        Location::Planet(..) => s.occupant(space) == Some(p) && s.count_at(space, UnitType::Flagship) > 0,
    };
    if present {
        *own = own.with_extra_dice(UnitType::Mech, 1);
    }
}

/// Fabrication: the first target of a command token (`4 + 3 * kind + pool`).
const TOKEN_TARGETS: u8 = 4;

/// Fabrication's targets (see the rule): a relic for each kind with 2 fragments (unknown ones
/// filling in), a command token for each kind held and each pool.
fn fabrication_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    use crate::ti4::components::exploration::FRAGMENT_KINDS;
    let e = &g.state.exploration;
    if e.relics_in_deck() > 0 {
        for k in (0..FRAGMENT_KINDS).filter(|&k| e.can_purge(p, k, 2)) {
            out(k as u8);
        }
    }
    if g.state.player(p).token_reinforcements > 0 {
        for k in (0..FRAGMENT_KINDS).filter(|&k| e.fragments[p.idx()][k] > 0) {
            for pool in 0..3 {
                out(TOKEN_TARGETS + 3 * k as u8 + pool);
            }
        }
    }
}

/// Fabrication: purges the fragments of the target (their own kind first) and draws a relic or
/// gains a command token (rules 20, `PlayerState::gain_token`).
fn fabrication(_: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    let (kind, n) =
        if target < TOKEN_TARGETS { (target as usize, 2) } else { (((target - TOKEN_TARGETS) / 3) as usize, 1) };
    let (c, s) = g.content_and_state();
    s.exploration.purge_fragments(c, p, kind, n);
    if target < TOKEN_TARGETS {
        return ComponentThen::DrawRelic;
    }
    s.player_mut(p).gain_token((target - TOKEN_TARGETS) % 3);
    ComponentThen::TurnEnds
}
