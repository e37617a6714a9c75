//! Riders (action cards played after an agenda is revealed: predict an outcome, do not vote,
//! gain the payout if the prediction is correct), one test per rider, named after it.

use super::action_card_tests::{game, give};
use super::agenda_tests::resolve;
use super::rule_tests::legal;
use super::tests::check;
use super::*;
use crate::ti4::components::Zone;
use crate::ti4::rules::{Source, Window};

/// `g` after `key` is revealed, `p` holding rider `card` and asked at window `AgendaRevealed`.
fn revealed(g: &mut Ti4Game, key: &str, card: &str, p: Player) -> Source {
    let src = Source::ActionCard(give(g, card, p));
    let a = g.content().cards.agenda(key).unwrap();
    g.state.agendas.set(a.idx(), Zone::Discard);
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    g.flow.agenda_phase.agenda_card = a.0;
    g.step = super::pending::open(g, Window::AgendaRevealed, &[p]).expect("the rider is offered");
    src
}

/// Imperial Rider: one choice per outcome ("for", "against"); playing it discards the card,
/// records the prediction and bars the player from voting on this agenda; a correct prediction
/// gains 1 victory point, a wrong one nothing.
#[test]
fn imperial_rider_predicts_an_outcome_instead_of_voting() {
    for (predicted, outcome, gain) in [(1, 1, 1), (0, 1, 0)] {
        let mut g = game();
        let p = Player(2);
        let src = revealed(&mut g, "mutiny", "imperial_rider", p);
        assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Choose(src, 1), Action::Done]);
        g.apply(Action::Choose(src, predicted));
        let Source::ActionCard(card) = src else { unreachable!() };
        assert!(!crate::ti4::rules::in_hand(g.content(), &g.state, p, card), "played");
        assert_eq!(g.flow.agenda_phase.abstaining, 1 << p.0, "cannot vote on this agenda");
        let mut voters = Vec::new();
        while let Step::Vote(q) = g.step {
            voters.push(q);
            g.apply(Action::Done);
        }
        assert!(!voters.contains(&p) && voters.len() == 5, "{voters:?}");
        let vp = g.victory_points(p);
        resolve(&mut g, "mutiny", outcome, 0);
        assert_eq!(g.victory_points(p), vp + gain, "predicted {predicted}, outcome {outcome}");
        check(&g).unwrap();
    }
}

/// Rules 7: on an "Elect Player" agenda a rider predicts a player.
#[test]
fn trade_rider_predicts_an_elected_player_and_gains_5_trade_goods() {
    let mut g = game();
    let p = Player(4);
    let src = revealed(&mut g, "minister_of_policy", "trade_rider", p);
    let want: Vec<Action> = (0..6u16).map(|o| Action::Choose(src, o)).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    g.apply(Action::Choose(src, 3));
    let tg = g.state.player(p).trade_goods;
    resolve(&mut g, "minister_of_policy", 3, 0);
    assert_eq!(g.state.player(p).trade_goods, tg + 5);
}

/// Politics Rider: 3 action cards and the speaker token.
#[test]
fn politics_rider_draws_3_action_cards_and_takes_the_speaker_token() {
    let mut g = game();
    let p = g.state.tokens.speaker.map_or(Player(1), |s| Player((s.0 + 1) % 6));
    let src = revealed(&mut g, "economic_equality", "politics_rider", p);
    g.apply(Action::Choose(src, 0));
    let copies = g.content().cards.action_copies.len();
    let hand = g.state.action_cards.count(copies, Zone::Hand(p));
    resolve(&mut g, "economic_equality", 0, 0);
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(p)), hand + 3);
    assert_eq!(g.state.tokens.speaker, Some(p));
    check(&g).unwrap();
}

/// Leadership Rider: 3 command tokens from reinforcements (simplified: one per pool).
#[test]
fn leadership_rider_gains_3_command_tokens() {
    let mut g = game();
    let p = Player(0);
    let src = revealed(&mut g, "economic_equality", "leadership_rider", p);
    g.apply(Action::Choose(src, 1));
    let before = *g.state.player(p);
    resolve(&mut g, "economic_equality", 1, 0);
    let after = g.state.player(p);
    assert_eq!(
        (after.tactic, after.fleet, after.strategy, after.token_reinforcements),
        (before.tactic + 1, before.fleet + 1, before.strategy + 1, before.token_reinforcements - 3)
    );
    check(&g).unwrap();
}

/// Nomad, Future Sight: "after an outcome that you voted for or predicted is resolved" — a
/// rider's prediction counts (seed 21 seats the Nomad at seat 0).
#[test]
fn nomad_future_sight_counts_a_riders_prediction() {
    let mut g = super::action_card_tests::game_of(super::tests::six_player_game(21));
    let p = Player(0);
    assert_eq!(g.state.player(p).faction, g.content().faction("nomad").unwrap());
    let src = revealed(&mut g, "mutiny", "trade_rider", p);
    g.apply(Action::Choose(src, 1));
    let tg = g.state.player(p).trade_goods;
    resolve(&mut g, "mutiny", 1, 0);
    assert_eq!(g.state.player(p).trade_goods, tg + 5 + 1, "Trade Rider and Future Sight");
}

/// Sanction (Codex): a rider whose correct prediction takes 1 fleet token from each player who
/// voted for the outcome.
#[test]
fn sanction_takes_a_fleet_token_from_each_voter_for_the_predicted_outcome() {
    let mut g = game();
    let p = Player(0);
    let src = revealed(&mut g, "economic_equality", "sanction", p);
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.flow.agenda_phase.abstaining, 1 << p.0, "cannot vote on this agenda");
    let before: Vec<_> = (0..6).map(|q| *g.state.player(Player(q))).collect();
    assert!(before[1].fleet > 0 && before[2].fleet > 0);
    resolve(&mut g, "economic_equality", 0, 0b110);
    for q in 0..6 {
        let (b, a) = (&before[q as usize], g.state.player(Player(q)));
        let lost = u8::from(q == 1 || q == 2);
        assert_eq!((a.fleet, a.token_reinforcements), (b.fleet - lost, b.token_reinforcements + lost), "seat {q}");
    }
    check(&g).unwrap();
}

/// Assassinate Representative: one choice per other player; the chosen player is not asked to
/// vote on this agenda.
#[test]
fn assassinate_representative_stops_a_player_from_voting_on_this_agenda() {
    let mut g = game();
    let p = Player(2);
    let src = revealed(&mut g, "mutiny", "assassinate_representative", p);
    let want: Vec<Action> =
        [0u16, 1, 3, 4, 5].into_iter().map(|q| Action::Choose(src, q)).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    g.apply(Action::Choose(src, 4));
    assert_eq!(g.flow.agenda_phase.abstaining, 1 << 4);
    let mut voters = Vec::new();
    while let Step::Vote(q) = g.step {
        voters.push(q);
        g.apply(Action::Done);
    }
    assert!(!voters.contains(&Player(4)) && voters.contains(&p) && voters.len() == 5, "{voters:?}");
    check(&g).unwrap();
}

/// Hack Election: the votes start right of the speaker and go counterclockwise, the speaker last.
#[test]
fn hack_election_reverses_the_voting_order() {
    let mut g = game();
    let p = Player(1);
    let src = revealed(&mut g, "mutiny", "hack_election", p);
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    let order = |mut g: Ti4Game| {
        let mut voters = Vec::new();
        while let Step::Vote(q) = g.step {
            voters.push(q.0);
            g.apply(Action::Done);
        }
        voters
    };
    let mut declined = g.clone();
    declined.apply(Action::Done);
    let s = g.state.tokens.speaker.expect("a speaker").0;
    let left: Vec<u8> = (1..=6).map(|k| (s + k) % 6).collect();
    assert_eq!(order(declined), left, "left of the speaker, the speaker last");
    g.apply(Action::Choose(src, 0));
    let right: Vec<u8> = (1..=5).map(|k| (s + 6 - k) % 6).chain([s]).collect();
    assert_eq!(order(g), right, "right of the speaker, counterclockwise, the speaker last");
}

/// Summit (at the start of the strategy phase): 2 command tokens, in the pools the player
/// chooses; then the speaker picks a strategy card.
#[test]
fn summit_gains_2_command_tokens_at_the_start_of_the_strategy_phase() {
    let mut g = game();
    let p = Player(3);
    let src = Source::ActionCard(give(&mut g, "summit", p));
    g.step = super::pending::open(&mut g, Window::StrategyPhaseStart, &[p]).expect("Summit is offered");
    let want: Vec<Action> = (0..6u16).map(|k| Action::Choose(src, k)).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    let before = *g.state.player(p);
    g.apply(Action::Choose(src, 4));
    let after = g.state.player(p);
    assert_eq!(
        (after.tactic, after.fleet, after.strategy, after.token_reinforcements),
        (before.tactic, before.fleet + 1, before.strategy + 1, before.token_reinforcements - 2)
    );
    assert_eq!(g.step, Step::Pick(g.state.tokens.speaker.unwrap()));
    check(&g).unwrap();
}
