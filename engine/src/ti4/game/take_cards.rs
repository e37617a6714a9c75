//! Taking action cards of one's choice from the discard pile by a rule's text ("take up to 3
//! action cards of your choice from the action card discard pile": The Codex): the decisions
//! of [`Step::TakeCards`], one card at a time. The player takes one copy of a card in the
//! discard pile (`Choose(source, card id)`) or stops (`Done`); after `left` cards, or when the
//! pile is empty, the hand limit is applied (rules 2.3, as after any draw) and the turn ends
//! (the component action is the turn's action, rules 23).

use super::{action_cards, flow, Action, Step, Ti4Game};
use crate::ti4::components::Zone;
use crate::ti4::ids::*;
use crate::ti4::rules::Source;

/// The cards being taken from the discard pile by a rule (`Flow::take_cards`).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[serde(deny_unknown_fields)]
pub struct TakeCards {
    /// The rule taking them (The Codex).
    pub src: Source,
    /// How many more cards may be taken.
    pub left: u8,
}

/// The distinct action cards with a copy in the discard pile, in card order.
pub(crate) fn discarded(g: &Ti4Game, out: &mut dyn FnMut(ActionCardId)) {
    let c = &g.content;
    for i in 0..c.cards.action_cards.len() {
        let id = ActionCardId(i as u8);
        let (first, n) = c.cards.copies_of(id);
        if (first..first + n).any(|k| g.state.action_cards.get(k) == Zone::Discard) {
            out(id);
        }
    }
}

/// Starts taking up to `n` cards by rule `src`: the step [`Step::TakeCards`], or the end of the
/// turn when the discard pile is empty.
pub(super) fn start(g: &mut Ti4Game, p: Player, src: Source, n: u8) -> Step {
    g.flow.take_cards = Some(TakeCards { src, left: n });
    next(g, p)
}

fn next(g: &mut Ti4Game, p: Player) -> Step {
    let mut any = false;
    discarded(g, &mut |_| any = true);
    if any && g.flow.take_cards.is_some_and(|t| t.left > 0) {
        Step::TakeCards(p)
    } else {
        g.flow.take_cards = None;
        action_cards::discard_to_limit(g);
        flow::next_turn(g)
    }
}

/// The legal actions at [`Step::TakeCards`]: each card in the discard pile, then `Done`.
pub(super) fn options(g: &Ti4Game, buf: &mut Vec<Action>) {
    let Some(t) = g.flow.take_cards else { return };
    discarded(g, &mut |id| buf.push(Action::Choose(t.src, id.0 as u16)));
    buf.push(Action::Done);
}

/// `p` takes one copy of a card from the discard pile, or stops (`Done`). An action not offered
/// changes nothing.
pub(super) fn apply(g: &mut Ti4Game, p: Player, a: Action) -> Step {
    let Some(t) = g.flow.take_cards else { return next(g, p) };
    match a {
        Action::Done => {
            g.flow.take_cards = Some(TakeCards { left: 0, ..t });
            next(g, p)
        }
        Action::Choose(src, k) if src == t.src && (k as usize) < g.content.cards.action_cards.len() => {
            if !action_cards::take_from_discard(g, p, ActionCardId(k as u8)) {
                return Step::TakeCards(p);
            }
            g.flow.take_cards = Some(TakeCards { left: t.left - 1, ..t });
            next(g, p)
        }
        _ => Step::TakeCards(p),
    }
}
