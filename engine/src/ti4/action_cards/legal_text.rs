//! Action cards "Confusing Legal Text" (base, 1 copy: "When you are elected as the outcome of
//! an agenda: Choose 1 player. That player is the elected player instead.") and "Confounding
//! Legal Text" (Prophecy of Kings, 1 copy: "When another player is elected as the outcome of an
//! agenda: You are the elected player instead.").
//!
//! Both are offered at window `OutcomeDecided` (the outcome decided, not yet resolved) on an
//! "Elect Player" agenda (`agendas::elects_player`): Confusing Legal Text to the elected player,
//! one choice per other player in the game (the seat); Confounding Legal Text to every other
//! player in the game, one choice (0). The chosen player becomes the outcome
//! (`AgendaPhase::outcome`): riders and predictions then resolve on them.

use crate::ti4::game::agendas::elects_player;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const CONFUSING: Rule = Rule {
    source: SourceKey::ActionCard("confusing_legal_text"),
    hooks: Hooks {
        may_choices: Some(confusing_choices),
        may_windows: Some(&[Window::OutcomeDecided]),
        may_resolve: Some(elect_choice),
        ..Hooks::NONE
    },
};

pub(super) const CONFOUNDING: Rule = Rule {
    source: SourceKey::ActionCard("confounding_legal_text"),
    hooks: Hooks {
        may_choices: Some(confounding_choices),
        may_windows: Some(&[Window::OutcomeDecided]),
        may_resolve: Some(elect_self),
        ..Hooks::NONE
    },
};

/// The player elected by the outcome decided, at window `OutcomeDecided` of an election.
fn elected(g: &Ti4Game, window: Window) -> Option<Player> {
    (window == Window::OutcomeDecided && elects_player(g)).then_some(Player(g.flow.agenda_phase.outcome))
}

/// Choice `q` (a seat) for each other player in the game, when `p` is elected.
fn confusing_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if elected(g, window) == Some(p) {
        for q in g.state.seats().filter(|&q| q != p && g.state.player(q).in_game) {
            out(u16::from(q.0));
        }
    }
}

/// One choice (0) for a player in the game when another player is elected.
fn confounding_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if elected(g, window).is_some_and(|q| q != p) && g.state.player(p).in_game {
        out(0);
    }
}

fn elect_choice(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, choice: u16) {
    g.flow.agenda_phase.outcome = choice as u8;
}

fn elect_self(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    g.flow.agenda_phase.outcome = p.0;
}
