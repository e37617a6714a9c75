//! The action cards played while an agenda is voted on: window `VotesCast` (after a vote:
//! Distinguished Councilor, Bribery) and window `OutcomeDecided` (when an outcome would be
//! resolved: Confusing Legal Text, Confounding Legal Text, Deadly Plot). Each test names its
//! card.

use super::action_card_tests::{game, give};
use super::rule_tests::legal;
use super::tests::check;
use super::*;
use crate::ti4::components::Zone;
use crate::ti4::rules::{Source, Window};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// `g` with agenda `key` revealed (no window asked), at its first vote.
pub(super) fn voting(g: &mut Ti4Game, key: &str) {
    let a = g.content().cards.agenda(key).unwrap();
    g.state.agendas.set(a.idx(), Zone::Discard);
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    g.flow.agenda_phase.agenda_card = a.0;
    g.step = super::flow::after_agenda_revealed(g);
    assert!(matches!(g.step, Step::Vote(_)), "{:?}", g.step);
}

/// Votes until a decision other than a vote is due: `voter` votes for `outcome` (casting every
/// planet it may), every other player abstains.
pub(super) fn vote(g: &mut Ti4Game, voter: Player, outcome: u8) {
    loop {
        match g.step {
            Step::Vote(q) if q == voter => g.apply(Action::Vote(outcome)),
            Step::Vote(_) => g.apply(Action::Done),
            Step::CastVotes { .. } => {
                let a = legal(g)[0];
                g.apply(a);
            }
            _ => break,
        }
        check(g).unwrap();
    }
}

/// Distinguished Councilor: asked of the voter right after their vote; 5 more votes for the
/// outcome they voted for.
#[test]
fn distinguished_councilor_casts_5_more_votes_for_the_voters_outcome() {
    let mut g = game();
    let p = Player(2);
    let src = Source::ActionCard(give(&mut g, "distinguished_councilor", p));
    voting(&mut g, "mutiny");
    vote(&mut g, p, 1);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(p), Some(Window::VotesCast)));
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    let before = g.flow.agenda_phase.votes;
    g.apply(Action::Choose(src, 0));
    check(&g).unwrap();
    assert_eq!(g.flow.agenda_phase.votes[1], before[1] + 5);
    assert_eq!(g.flow.agenda_phase.votes[0], before[0]);
    assert!(g.flow.agenda_phase.last_vote.is_none(), "the window is closed");
}

/// Bribery: asked after the speaker's vote (not after another player's), one choice per
/// (outcome, trade goods spent); the trade goods become votes of the player for that outcome.
#[test]
fn bribery_turns_trade_goods_into_votes_after_the_speaker_votes() {
    let mut g = game();
    let speaker = g.state.tokens.speaker.expect("a speaker");
    let p = Player((speaker.0 + 2) % 6);
    let src = Source::ActionCard(give(&mut g, "bribery", p));
    g.state.player_mut(p).trade_goods = 3;
    voting(&mut g, "mutiny");
    // Another player's vote opens nothing for the briber.
    let other = Player((speaker.0 + 1) % 6);
    let mut early = g.clone();
    early.apply(Action::Vote(0));
    vote(&mut early, other, 0);
    assert_ne!(early.step, Step::Decide(p));
    vote(&mut g, speaker, 1);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(p), Some(Window::VotesCast)));
    let want: Vec<Action> =
        [1u16, 2, 3, 257, 258, 259].into_iter().map(|k| Action::Choose(src, k)).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    let before = g.flow.agenda_phase.votes[0];
    g.apply(Action::Choose(src, 2));
    check(&g).unwrap();
    assert_eq!(g.flow.agenda_phase.votes[0], before + 2);
    assert_eq!(g.state.player(p).trade_goods, 1);
    assert_ne!(g.flow.agenda_phase.outcome_voters[0] & 1 << p.0, 0, "the votes are the briber's");
}

/// `g` at window `OutcomeDecided` of agenda `key` with `outcome` decided.
fn decided(g: &mut Ti4Game, key: &str, outcome: u8) {
    let a = g.content().cards.agenda(key).unwrap();
    g.state.agendas.set(a.idx(), Zone::Discard);
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    g.flow.agenda_phase.agenda_card = a.0;
    g.flow.agenda_phase.outcome = outcome;
    g.step = super::agendas::outcome_decided(g);
}

/// Confusing Legal Text: the elected player names another player, who is elected instead (the
/// law goes to their play area).
#[test]
fn confusing_legal_text_has_the_elected_player_name_another() {
    let mut g = game();
    let p = Player(2);
    let src = Source::ActionCard(give(&mut g, "confusing_legal_text", p));
    decided(&mut g, "minister_of_policy", p.0);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(p), Some(Window::OutcomeDecided)));
    let want: Vec<Action> =
        [0u16, 1, 3, 4, 5].into_iter().map(|q| Action::Choose(src, q)).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    g.apply(Action::Choose(src, 4));
    assert_eq!((g.step, g.flow.agenda_phase.outcome), (Step::ResolveAgenda, 4));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(1));
    check(&g).unwrap();
    let a = g.content().cards.agenda("minister_of_policy").unwrap();
    assert_eq!(g.state.agendas.get(a.idx()), Zone::PlayArea(Player(4)));
    // Not offered when another player is elected, nor on a "for or against" agenda.
    for (key, outcome) in [("minister_of_policy", 3), ("mutiny", p.0)] {
        let mut h = game();
        give(&mut h, "confusing_legal_text", p);
        decided(&mut h, key, outcome);
        assert_eq!(h.step, Step::ResolveAgenda, "{key}");
    }
}

/// Confounding Legal Text: when another player is elected, the card's player is elected
/// instead.
#[test]
fn confounding_legal_text_elects_its_player_instead() {
    let mut g = game();
    let p = Player(4);
    let src = Source::ActionCard(give(&mut g, "confounding_legal_text", p));
    decided(&mut g, "minister_of_policy", 1);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(p), Some(Window::OutcomeDecided)));
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    g.apply(Action::Choose(src, 0));
    assert_eq!((g.step, g.flow.agenda_phase.outcome), (Step::ResolveAgenda, p.0));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(1));
    let a = g.content().cards.agenda("minister_of_policy").unwrap();
    assert_eq!(g.state.agendas.get(a.idx()), Zone::PlayArea(p));
    check(&g).unwrap();
}

/// Deadly Plot: a player who voted for another outcome discards the agenda unresolved (no
/// effect, not replaced) and exhausts all their planets; a player who voted for the outcome
/// decided is not offered it.
#[test]
fn deadly_plot_discards_the_agenda_unresolved_and_exhausts_the_players_planets() {
    let mut g = game();
    let p = Player(3);
    let src = Source::ActionCard(give(&mut g, "deadly_plot", p));
    let mut with_outcome = g.clone();
    with_outcome.flow.agenda_phase.outcome_voters[0] = 1 << p.0;
    decided(&mut with_outcome, "mutiny", 0);
    assert_eq!(with_outcome.step, Step::ResolveAgenda, "voted for the outcome decided");
    g.flow.agenda_phase.outcome_voters[1] = 1 << p.0;
    g.flow.agenda_phase.outcome_voters[0] = 1 << 1;
    decided(&mut g, "mutiny", 0);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(p), Some(Window::OutcomeDecided)));
    g.apply(Action::Choose(src, 0));
    assert!(g.state.player(p).planets.iter().all(|pl| g.state.exhausted_planets.contains(pl)));
    let vp = g.victory_points(Player(1));
    let agenda = g.flow.agenda_phase.agenda;
    assert_eq!(g.step, Step::ResolveAgenda);
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(1));
    check(&g).unwrap();
    assert_eq!(g.victory_points(Player(1)), vp, "Mutiny \"for\" is not resolved");
    let a = g.content().cards.agenda("mutiny").unwrap();
    assert_eq!(g.state.agendas.get(a.idx()), Zone::Discard);
    assert_eq!(g.flow.agenda_phase.agenda, agenda + 1, "the next agenda, not a replacement");
}
