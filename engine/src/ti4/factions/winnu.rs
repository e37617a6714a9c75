//! The Winnu: Blood Ties, Reclamation, Lazax Gate Folding, the mech Reclaimer, the note
//! Acquiescence.

use crate::ti4::galaxy::{Reach, Wormhole};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) static RULES: &[Rule] = &[
    // Blood Ties: "You do not have to spend influence to remove the custodians token from
    // Mecatol Rex." (Digest §5, custodians)
    Rule {
        source: SourceKey::Ability("blood_ties"),
        hooks: Hooks { custodians_free: Some(blood_ties), ..Hooks::NONE },
    },
    // Reclamation: "After you resolve a tactical action during which you gained control of
    // Mecatol Rex, you may place 1 PDS and 1 space dock from your reinforcements on Mecatol
    // Rex." (Window `TacticalActionEnd`; one choice, 0: place both, or those in
    // reinforcements; `Done` declines.)
    Rule {
        source: SourceKey::Ability("reclamation"),
        hooks: Hooks {
            may_choices: Some(reclamation_offered),
            may_windows: Some(&[Window::TacticalActionEnd]),
            may_resolve: Some(reclamation),
            ..Hooks::NONE
        },
    },
    // Acquiescence (promissory note): "At the end of the strategy phase: Swap 1 of your
    // strategy cards with 1 of the Winnu player's strategy cards. Then, return this card to the
    // Winnu player." (Rules 69.) A decision of its holder at window `StrategyPhaseEnd`: one
    // choice per pair (the holder's card × 8 + the Winnu's card).
    Rule {
        source: SourceKey::Note("acquiescence"),
        hooks: Hooks {
            may_choices: Some(acquiescence_choices),
            may_windows: Some(&[Window::StrategyPhaseEnd]),
            may_resolve: Some(acquiescence),
            ..Hooks::NONE
        },
    },
    // Lazax Gate Folding: "During your tactical actions, if you do not control Mecatol Rex,
    // treat its system as if it has both an alpha and beta wormhole. ACTION: If you control
    // Mecatol Rex, exhaust this card to place 1 infantry from your reinforcements on Mecatol
    // Rex." (rules 23, 101; the action's target is the Mecatol Rex planet id.) Not modelled: a Valefar copy
    // does not carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("lazax_gate_folding"),
        hooks: Hooks {
            reach: Some(gate_folding),
            component_targets: Some(gate_folding_targets),
            component_action: Some(gate_folding_infantry),
            ..Hooks::NONE
        },
    },
    // Reclaimer (mech): "After you resolve a tactical action where you gained control of this
    // planet, you may place 1 PDS or 1 space dock from your reinforcements on this planet."
    // (Window `TacticalActionEnd`; a choice per planet of the active system gained during the
    // action with a Winnu mech on it, and structure: planet index * 2, + 1 for the space dock;
    // `Done` declines. The window asks each rule once, so one placement per tactical action.)
    Rule {
        source: SourceKey::Unit("winnu_mech"),
        hooks: Hooks {
            may_choices: Some(reclaimer_offered),
            may_windows: Some(&[Window::TacticalActionEnd]),
            may_resolve: Some(reclaimer),
            ..Hooks::NONE
        },
    },
];

/// Reclaimer: each planet of the active system `p` gained during its tactical action just
/// resolved and still holds with a mech there, for a PDS (under the PDS limit) and a space dock
/// (none there yet), each while one is in reinforcements.
fn reclaimer_offered(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::TacticalActionEnd {
        return;
    }
    let (s, r) = (&g.state, &g.state.player(p).reinforcements);
    for (n, loc) in crate::ti4::game::component::gained_planets(g, p) {
        if s.occupant(loc) != Some(p) || s.count_at(loc, UnitType::Mech) == 0 {
            continue;
        }
        if r[UnitType::Pds.idx()] > 0 && s.count_at(loc, UnitType::Pds) < crate::ti4::game::agendas::pds_limit(g) {
            out(u16::from(n) * 2);
        }
        if r[UnitType::SpaceDock.idx()] > 0 && s.count_at(loc, UnitType::SpaceDock) == 0 {
            out(u16::from(n) * 2 + 1);
        }
    }
}

/// Reclaimer: the PDS or space dock placed on the planet.
fn reclaimer(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let loc = Location::Planet(g.flow.tactical.active, (choice / 2) as u8);
    let t = if choice % 2 == 1 { UnitType::SpaceDock } else { UnitType::Pds };
    g.place_units(p, loc, t, 1).expect("placed units come from reinforcements the caller checked");
}

/// Mecatol Rex's planet, and whether `p` controls it.
fn mecatol(g: &Ti4Game, p: Player) -> Option<(PlanetId, bool)> {
    let pl = g.content().known.mecatol_rex?;
    Some((pl, g.state.player(p).planets.contains(pl)))
}

/// Lazax Gate Folding, first part: without Mecatol Rex, its system holds an alpha and a beta
/// wormhole for the owner's movement.
fn gate_folding(_: Source, g: &Ti4Game, p: Player, q: &mut Reach) {
    if mecatol(g, p).is_some_and(|(_, held)| !held) {
        q.extra.insert(g.galaxy().mecatol(), Wormhole::Alpha);
        q.extra.insert(g.galaxy().mecatol(), Wormhole::Beta);
    }
}

/// Lazax Gate Folding's action: offered (while the card is ready) when `p` controls Mecatol Rex
/// and has an infantry in reinforcements.
fn gate_folding_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    if g.state.player(p).reinforcements[UnitType::Infantry.idx()] == 0 {
        return;
    }
    if let Some((pl, true)) = mecatol(g, p) {
        out(pl.0);
    }
}

/// Lazax Gate Folding's action: the card exhausted, 1 infantry placed on Mecatol Rex.
fn gate_folding_infantry(src: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    let Some(t) = src.tech() else { return ComponentThen::TurnEnds };
    g.state.player_mut(p).exhausted_techs.insert(t);
    if let Some(loc) = g.state.planet_location(g.content(), PlanetId(target)) {
        g.place_units(p, loc, UnitType::Infantry, 1).expect("placed units come from reinforcements the caller checked");
    }
    ComponentThen::TurnEnds
}

fn blood_ties(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

/// Reclamation: where Mecatol Rex is when `p` gained it during the tactical action just
/// resolved (`Flow::gained`) and still controls it.
fn reclaimed(g: &Ti4Game, p: Player) -> Option<crate::ti4::state::Location> {
    let (pl, held) = mecatol(g, p)?;
    let loc = g.state.planet_location(g.content(), pl)?;
    match loc {
        crate::ti4::state::Location::Planet(slot, n)
            if held && g.flow.turn == p && slot == g.flow.tactical.active && g.flow.tactical.gained >> n & 1 == 1 =>
        {
            Some(loc)
        }
        _ => None,
    }
}

/// Reclamation is offered while a PDS or a space dock is in reinforcements.
fn reclamation_offered(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let r = &g.state.player(p).reinforcements;
    if window == Window::TacticalActionEnd
        && (r[UnitType::Pds.idx()] > 0 || r[UnitType::SpaceDock.idx()] > 0)
        && reclaimed(g, p).is_some()
    {
        out(0);
    }
}

/// Reclamation: 1 PDS and 1 space dock (those in reinforcements) on Mecatol Rex.
fn reclamation(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    let Some(loc) = reclaimed(g, p) else { return };
    for t in [UnitType::Pds, UnitType::SpaceDock] {
        if g.state.player(p).reinforcements[t.idx()] > 0 {
            g.place_units(p, loc, t, 1).expect("placed units come from reinforcements the caller checked");
        }
    }
}

/// Acquiescence: every pair of a strategy card of the holder `p` and one of the Winnu's.
fn acquiescence_choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some((owner, _)) = src.note_owner(g.content(), &g.state) else { return };
    if window != Window::StrategyPhaseEnd {
        return;
    }
    let cards = &g.state.strategy_cards;
    for mine in crate::ti4::galaxy::bits(cards.held_by(p) as u64) {
        for theirs in crate::ti4::galaxy::bits(cards.held_by(owner) as u64) {
            out(mine as u16 * 8 + theirs as u16);
        }
    }
}

/// Acquiescence: the two cards change hands (each keeps its state); the note returns.
fn acquiescence(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    use crate::ti4::components::StrategyCard;
    let Some((owner, _)) = src.note_owner(g.content(), &g.state) else { return };
    let (mine, theirs) = (StrategyCard((choice / 8) as u8), StrategyCard((choice % 8) as u8));
    let cards = &mut g.state.strategy_cards;
    let (a, b) = (cards.is_exhausted(mine), cards.is_exhausted(theirs));
    cards.set_holder(mine, Some(owner));
    cards.set_holder(theirs, Some(p));
    cards.set_exhausted(mine, a);
    cards.set_exhausted(theirs, b);
    crate::ti4::game::notes::return_note(g, src);
}
