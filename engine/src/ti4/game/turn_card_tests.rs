//! Tests of the action cards played around turns and phases (Coup d'Etat, Master Plan,
//! Ancient Burial Sites), one or more per card, named after it.

use super::action_card_tests::{game, give};
use super::rule_tests::legal;
use super::strategy_card_tests::hold;
use super::tests::check;
use super::*;
use crate::ti4::components::StrategyCard;
use crate::ti4::rules::{Source, Window};

const ME: Player = Player(0);
const THEM: Player = Player(1);
const TRADE: u8 = 4;

/// Declines every decision (`Done`) until `stop` holds.
fn decline_until(g: &mut Ti4Game, stop: impl Fn(&Ti4Game) -> bool) {
    for _ in 0..50 {
        if stop(g) {
            return;
        }
        let l = legal(g);
        g.apply(if l.contains(&Action::Done) { Action::Done } else { l[0] });
    }
    panic!("never reached: {:?}", g.step);
}

/// Coup d'Etat: "When another player would perform a strategic action: End that player's turn;
/// the strategic action is not resolved and the strategy card is not exhausted." Seat 0 performs
/// Trade's strategic action; seat 1, holding the card, is asked at window `StrategicAction`
/// before anything resolves. Played: seat 0 gains nothing, Trade stays ready, and the turn has
/// passed on; declined: Trade resolves (3 trade goods) and is exhausted.
#[test]
fn coup_detat_ends_the_turn_before_the_strategic_action_resolves() {
    for play in [true, false] {
        let mut g = hold(game(), TRADE);
        let src = Source::ActionCard(give(&mut g, "coup_detat", THEM));
        let tg = g.state.player(ME).trade_goods;
        g.apply(Action::Strategic(TRADE));
        assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(Window::StrategicAction)));
        assert_eq!(g.state.player(ME).trade_goods, tg, "nothing resolved yet");
        g.apply(if play { Action::Choose(src, 0) } else { Action::Done });
        check(&g).unwrap();
        let exhausted = g.state.strategy_cards.is_exhausted(StrategyCard(TRADE));
        if play {
            assert_eq!((g.state.player(ME).trade_goods, exhausted), (tg, false), "cancelled");
            assert!(!matches!(g.step, Step::Turn(ME) | Step::Follow(_)), "the turn ended: {:?}", g.step);
            assert!(!g.flow.strategic.cancelled, "the cancellation is spent");
        } else {
            assert_eq!((g.state.player(ME).trade_goods, exhausted), (tg + 3, true), "resolved");
        }
    }
}

/// Master Plan: "After you perform an action: You may perform an additional action this turn."
/// After seat 0's strategic action (and the other players' secondaries), seat 0 holding the
/// card is asked at window `TurnEnd`; played, seat 0 takes another action at once; declined,
/// the turn passes on.
#[test]
fn master_plan_gives_an_additional_action_this_turn() {
    for play in [true, false] {
        let mut g = hold(game(), TRADE);
        let src = Source::ActionCard(give(&mut g, "master_plan", ME));
        g.apply(Action::Strategic(TRADE));
        decline_until(&mut g, |g| g.flow.pending.window == Some(Window::TurnEnd));
        assert_eq!(g.step, Step::Decide(ME));
        assert!(legal(&g).contains(&Action::Choose(src, 0)));
        g.apply(if play { Action::Choose(src, 0) } else { Action::Done });
        check(&g).unwrap();
        if play {
            assert_eq!(g.step, Step::Turn(ME), "an additional action");
            assert!(!g.flow.extra_action, "spent");
            assert!(legal(&g).contains(&Action::Pass));
        } else {
            assert_ne!(g.step, Step::Turn(ME));
        }
    }
}

/// Ancient Burial Sites: "At the start of the agenda phase: Choose 1 player. Exhaust each
/// cultural planet owned by that player." At window `AgendaPhaseStart` the holder is offered
/// each other player with a ready cultural planet; the chosen player's cultural planets are
/// exhausted and no other planet is.
#[test]
fn ancient_burial_sites_exhausts_the_chosen_players_cultural_planets() {
    let mut g = game();
    let c = g.content.clone();
    let cultural = (0..c.planets.len())
        .map(|i| PlanetId(i as u8))
        .find(|&pl| {
            c.planets[pl.idx()].traits.iter().any(|t| t == "cultural")
                && g.state.planet_location(&c, pl).is_some()
                && g.state.seats().all(|q| !g.state.player(q).planets.contains(pl))
        })
        .expect("a free cultural planet on the board");
    g.state.player_mut(THEM).planets.insert(cultural);
    let src = Source::ActionCard(give(&mut g, "ancient_burial_sites", ME));
    g.step = super::pending::open(&mut g, Window::AgendaPhaseStart, &[ME]).expect("offered");
    let offered: Vec<Action> = legal(&g).into_iter().filter(|a| matches!(a, Action::Choose(..))).collect();
    assert!(offered.contains(&Action::Choose(src, u16::from(THEM.0))), "{offered:?}");
    assert!(!offered.contains(&Action::Choose(src, u16::from(ME.0))), "never oneself");
    let before = g.state.exhausted_planets;
    g.apply(Action::Choose(src, u16::from(THEM.0)));
    assert!(g.state.exhausted_planets.contains(cultural));
    let newly = g.state.exhausted_planets.difference(before);
    assert!(newly
        .iter()
        .all(|pl| g.state.player(THEM).planets.contains(pl)
            && c.planets[pl.idx()].traits.iter().any(|t| t == "cultural")));
    check(&g).unwrap();
}

/// Public Disgrace: "When another player chooses a strategy card during the strategy phase:
/// That player must choose a different strategy card instead, if able." Seat 0 chooses Trade;
/// seat 1 is asked at window `StrategyCardChosen` before seat 0 takes it. Played: seat 0 is
/// asked again without Trade among its choices, and takes the other card it chooses; declined:
/// seat 0 holds Trade.
#[test]
fn public_disgrace_makes_the_player_choose_another_strategy_card() {
    for play in [true, false] {
        let mut g = game();
        for k in StrategyCard::all() {
            g.state.strategy_cards.set_holder(k, None);
        }
        g.flow.picks = 0;
        g.step = Step::Pick(ME);
        let src = Source::ActionCard(give(&mut g, "public_disgrace", THEM));
        g.apply(Action::Pick(TRADE));
        assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(Window::StrategyCardChosen)));
        assert_eq!(g.state.strategy_cards.holder(StrategyCard(TRADE)), None, "not taken yet");
        g.apply(if play { Action::Choose(src, 0) } else { Action::Done });
        if play {
            assert_eq!(g.step, Step::Pick(ME), "chooses again");
            let l = legal(&g);
            assert!(!l.contains(&Action::Pick(TRADE)) && l.contains(&Action::Pick(5)), "{l:?}");
            g.apply(Action::Pick(5));
            assert_eq!(g.state.strategy_cards.holder(StrategyCard(5)), Some(ME));
            assert_eq!(g.state.strategy_cards.holder(StrategyCard(TRADE)), None);
            assert_eq!(g.flow.disgraced, None, "the bar is spent");
        } else {
            assert_eq!(g.state.strategy_cards.holder(StrategyCard(TRADE)), Some(ME));
        }
        assert_eq!(g.flow.choosing, None);
        check(&g).unwrap();
    }
}

/// Political Stability: "When you would return your strategy card(s) during the status phase:
/// Do not return your strategy card(s). You do not choose strategy cards during the next
/// strategy phase." Seat 0 holds Trade and plays it at window `StrategyCardsReturn`: Trade stays
/// with seat 0 (readied) while the other cards return, and the next strategy phase gives every
/// other card to the other players without ever asking seat 0.
#[test]
fn political_stability_keeps_the_strategy_card_and_skips_the_next_choice() {
    let mut g = hold(game(), TRADE);
    g.state.strategy_cards.set_exhausted(StrategyCard(TRADE), true);
    g.state.strategy_cards.set_holder(StrategyCard(2), Some(THEM));
    let src = Source::ActionCard(give(&mut g, "political_stability", ME));
    g.flow.custodians = true;
    g.step = super::pending::open(&mut g, Window::StrategyCardsReturn, &[ME]).expect("offered");
    assert!(legal(&g).contains(&Action::Choose(src, 0)));
    g.apply(Action::Choose(src, 0));
    let card = |g: &Ti4Game, k: u8| g.state.strategy_cards.holder(StrategyCard(k));
    assert_eq!((card(&g, TRADE), card(&g, 2)), (Some(ME), None), "kept; the others returned");
    assert!(!g.state.strategy_cards.is_exhausted(StrategyCard(TRADE)), "readied");
    let mut picks = 0;
    for _ in 0..40 {
        match g.step {
            Step::Pick(q) => {
                assert_ne!(q, ME, "seat 0 chooses no card");
                picks += 1;
            }
            Step::Decide(_) => {}
            _ => break,
        }
        let l = legal(&g);
        g.apply(if l.contains(&Action::Done) { Action::Done } else { l[0] });
    }
    assert_eq!(picks, 5, "the five other players each chose one card");
    assert_eq!(card(&g, TRADE), Some(ME));
    assert_eq!(StrategyCard::all().filter(|&k| g.state.strategy_cards.holder(k) == Some(ME)).count(), 1);
    assert_eq!(g.flow.stability, 0, "spent at the end of the strategy phase");
    check(&g).unwrap();
}
