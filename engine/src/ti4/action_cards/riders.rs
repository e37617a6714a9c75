//! The rider action cards (base, 1 copy each): "After an agenda is revealed: You cannot vote on
//! this agenda. Predict aloud an outcome of this agenda. If your prediction is correct, ..."
//! (Imperial Rider: gain 1 victory point; Trade Rider: gain 5 trade goods; Politics Rider: draw
//! 3 action cards and gain the speaker token; Leadership Rider: gain 3 command tokens;
//! Construction Rider: place 1 space dock on a planet you control; Diplomacy Rider: each other
//! player places a command token in a system with a planet you control; Technology Rider:
//! research 1 technology; Warfare Rider: place 1 dreadnought in a system with your ships).
//!
//! Offered at window `AgendaRevealed` to a player holding one, one choice per outcome of the
//! agenda (`agendas::outcomes`), times the payout's target for the last four
//! (`agendas::rider_targets`: choice = outcome + 8 × target); playing it records the
//! prediction and bars the player from voting on this agenda (`agendas::play_rider`); the
//! payout comes as the outcome resolves (`agendas::resolve`).

use crate::ti4::game::agendas::{self, Rider};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

const fn rider(key: &'static str) -> Rule {
    Rule {
        source: SourceKey::ActionCard(key),
        hooks: Hooks {
            may_choices: Some(choices),
            may_windows: Some(&[Window::AgendaRevealed]),
            may_resolve: Some(resolve),
            ..Hooks::NONE
        },
    }
}

pub(super) const IMPERIAL: Rule = rider("imperial_rider");
pub(super) const TRADE: Rule = rider("trade_rider");
pub(super) const POLITICS: Rule = rider("politics_rider");
pub(super) const LEADERSHIP: Rule = rider("leadership_rider");
/// Sanction (Codex, 1 copy) is a rider too: "... If your prediction is correct, each player
/// that voted for that outcome returns 1 command token from their fleet supply to their
/// reinforcements."
pub(super) const SANCTION: Rule = rider("sanction");
pub(super) const CONSTRUCTION: Rule = rider("construction_rider");
pub(super) const DIPLOMACY: Rule = rider("diplomacy_rider");
pub(super) const TECHNOLOGY: Rule = rider("technology_rider");
pub(super) const WARFARE: Rule = rider("warfare_rider");

/// The rider of the card `src` names.
fn of(g: &Ti4Game, src: Source) -> Option<Rider> {
    match src {
        Source::ActionCard(card) => Rider::of_key(&g.content().cards.action_cards[card.idx()].key),
        _ => None,
    }
}

/// Outcomes take the low 3 bits of a choice (an outcome is 0, 1 or a seat).
const OUTCOME_BITS: u16 = 3;
const _: () = assert!(MAX_PLAYERS <= 1 << OUTCOME_BITS);

/// At `AgendaRevealed`, one choice per outcome of the agenda revealed (the outcome itself), or
/// per outcome and target of the payout (outcome + 8 × target; none without a target).
fn choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::AgendaRevealed || !agendas::rider_room(g) {
        return;
    }
    match of(g, src) {
        Some(r) if r.has_target() => {
            agendas::rider_targets(g, p, r, &mut |t| {
                agendas::outcomes(g, &mut |o| out(o as u16 | u16::from(t) << OUTCOME_BITS));
            });
        }
        Some(_) => agendas::outcomes(g, &mut |o| out(o as u16)),
        None => {}
    }
}

/// The prediction of the choice's outcome (and the payout's target) is recorded; `p` does not
/// vote on this agenda.
fn resolve(src: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    if let Some(r) = of(g, src) {
        let outcome = (choice & ((1 << OUTCOME_BITS) - 1)) as u8;
        agendas::play_rider(g, p, r, outcome, (choice >> OUTCOME_BITS) as u8);
    }
}
