//! Action card "Bribery" (base, 1 copy): "After the speaker votes on an agenda: Spend any
//! number of trade goods. For each trade good spent, cast 1 additional vote for any outcome."
//!
//! Offered at window `VotesCast` after the speaker cast votes (`AgendaPhase::last_vote`), to
//! each player with trade goods who may vote on the agenda (`agendas::may_vote`): one choice per
//! (outcome, trade goods spent), coded `outcome * 256 + n` with `n` from 1 to the player's
//! trade goods. The votes count as the player's votes for that outcome
//! (`AgendaPhase::outcome_voters`). Simplified (`docs/RULES.md`): a speaker who abstains or
//! cannot vote opens no window, so Bribery is then not offered.

use crate::ti4::game::agendas::{may_vote, outcomes};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("bribery"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::VotesCast]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// True when the window is `VotesCast` after the speaker's vote.
fn after_the_speaker(g: &Ti4Game, window: Window) -> bool {
    window == Window::VotesCast && g.flow.agenda_phase.last_vote.is_some_and(|(q, _)| g.state.tokens.speaker == Some(q))
}

/// Each (outcome, trade goods) pair for a player who may vote and has trade goods.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let tg = g.state.player(p).trade_goods;
    // Representative Government: no additional votes.
    if !after_the_speaker(g, window) || tg == 0 || !may_vote(g, p) || crate::ti4::game::agendas::one_vote_each(g) {
        return;
    }
    outcomes(g, &mut |o| (1..=tg).for_each(|n| out(u16::from(o) * 256 + u16::from(n))));
}

fn resolve(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    crate::ti4::game::agendas::trade_goods_for_votes(g, p, (choice / 256) as usize, (choice % 256) as u8, 1);
}
