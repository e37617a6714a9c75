//! Minister of War (law, Elect Player): "The elected player gains this card. The owner of this
//! card may discard this card after performing an action to perform 1 additional action."
//!
//! Offered to its owner at window `TurnEnd` (after their action, not after a pass): discarded,
//! the owner takes another action at once (`Flow::extra_action`, as Master Plan).

use crate::ti4::components::Zone;
use crate::ti4::game::component::{act_again, may_act_again};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("minister_of_war"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::TurnEnd]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// One choice (0) for the owner at the end of their turn, not passed.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if may_act_again(g, p, window) {
        out(0);
    }
}

/// The card is discarded; the owner performs an additional action.
fn resolve(src: Source, g: &mut Ti4Game, _p: Player, _window: Window, _choice: u16) {
    if let Source::Agenda(a) = src {
        g.state.agendas.set(a.idx(), Zone::Discard);
        act_again(g);
    }
}
