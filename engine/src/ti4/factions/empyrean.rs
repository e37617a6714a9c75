//! The Empyrean: Voidborn, Aetherstream. (Aetherpassage is a permission to other players, which the round loop
//! never asks for; Dark Whispers gives a second faction promissory note, and neither Dark Pact nor
//! Blood Pact has an effect in play yet.)

use crate::ti4::galaxy::MoverTraits;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) static RULES: &[Rule] = &[
    // Voidborn: "Nebulae do not affect your ships' movement." (Rules 59.1, 59.2)
    Rule { source: SourceKey::Ability("voidborn"), hooks: Hooks { mover_traits: Some(voidborn), ..Hooks::NONE } },
    // Aetherstream: "After you or one of your neighbors activates a system that is adjacent to
    // an anomaly, you may exhaust this card; if you do, that player applies +1 to the move
    // value of all of their ships during this tactical action." A decision of the owner at
    // window `SystemActivated` (the card ready; the active player the owner or a neighbour,
    // rules 60): the +1 is Flank Speed's (`TacticalAction::flank_speed`). Simplified: not
    // offered when Flank Speed was already played (the two do not add up). Not modelled: a Valefar copy
    // does not carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("aetherstream"),
        hooks: Hooks {
            may_choices: Some(aetherstream_offered),
            may_windows: Some(&[Window::SystemActivated]),
            may_resolve: Some(aetherstream),
            ..Hooks::NONE
        },
    },
];

/// One choice (0) when the owner or a neighbour of theirs activated a system adjacent to an
/// anomaly, and the active player's ships have no +1 yet.
fn aetherstream_offered(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let (q, a) = (g.flow.turn, g.flow.tactical.active);
    if window != Window::SystemActivated || g.flow.tactical.flank_speed {
        return;
    }
    let gal = g.galaxy();
    if gal.neighbours(a) & gal.anomaly_systems() == 0 {
        return;
    }
    if q == p || crate::ti4::game::neighbours(g, p) >> q.0 & 1 == 1 {
        out(0);
    }
}

/// The card is exhausted; the active player's ships move 1 farther this tactical action.
fn aetherstream(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    src.exhaust_card(&mut g.state, p);
    g.flow.tactical.flank_speed = true;
}

fn voidborn(_: Source, _: &Ti4Game, _: Player, t: &mut MoverTraits) {
    t.nebulae_ignored = true;
}
