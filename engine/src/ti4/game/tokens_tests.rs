//! Command token tests, named after the rule they check (rules 20 "Command Tokens", 81.5
//! "Status Phase" step 5, 52 "Leadership", 99 "Warfare").

use super::action_card_tests::game;
use super::tests::check;
use super::*;
use crate::game::Game;
use crate::ti4::components::StrategyCard;
use crate::ti4::state::Location;

const ME: Player = Player(0);

fn legal(g: &Ti4Game) -> Vec<Action> {
    let mut b = Vec::new();
    g.legal_actions(&mut b);
    b
}

fn pools(g: &Ti4Game, p: Player) -> [u8; 3] {
    let ps = g.state.player(p);
    [ps.tactic, ps.fleet, ps.strategy]
}

/// Status phase 81.5: each player gains 2 tokens and redistributes every token of the command
/// sheet: the tactic count is a decision over every split, then the fleet count (never below
/// the ships the player has in one system); the strategy pool holds the rest.
#[test]
fn status_81_5_gain_two_then_redistribute_every_token() {
    let mut g = game();
    let p = ME;
    g.state.player_mut(p).tactic = 3;
    g.state.player_mut(p).fleet = 3;
    g.state.player_mut(p).strategy = 2;
    let reinf = g.state.player(p).token_reinforcements;
    assert!(reinf >= 2);
    // Two non-fighter ships in one system: the fleet pool keeps at least 2.
    let home = g.home_slot[p.idx()];
    let have = tactical::non_fighter_ships(&g.state, home);
    if have < 2 {
        g.state.add_units(p, Location::Space(home), UnitType::Destroyer, (2 - have) as u8).unwrap();
    }
    let need = (0..g.state.num_systems)
        .filter(|&sl| g.state.systems[sl as usize].space.owner == p.0)
        .map(|sl| tactical::non_fighter_ships(&g.state, sl) as u8)
        .max()
        .unwrap();
    g.state.player_mut(p).fleet = g.state.player(p).fleet.max(need);
    let total = pools(&g, p).iter().sum::<u8>() + 2;
    g.step = tokens::gain(&mut g, p, 2, true, tokens::TokensThen::Primary, 0);
    assert_eq!(g.step, Step::Tokens { p, stage: 0 });
    assert_eq!(g.state.player(p).token_reinforcements, reinf - 2);
    let offered = legal(&g);
    let want: Vec<Action> = (0..=total - need).map(Action::Tokens).collect();
    assert_eq!(offered, want, "every tactic count leaving the fleet floor");
    check(&g).unwrap();
    g.apply(Action::Tokens(1));
    assert_eq!(g.step, Step::Tokens { p, stage: 1 });
    let offered = legal(&g);
    let want: Vec<Action> = (need..=total - 1).map(Action::Tokens).collect();
    assert_eq!(offered, want);
    check(&g).unwrap();
    g.apply(Action::Tokens(need));
    assert_eq!(pools(&g, p), [1, need, total - 1 - need], "the strategy pool holds the rest");
    check(&g).unwrap();
}

/// Status phase 81.5 in play: the status phase offers every player in the game a placement
/// (in initiative order) and conserves the tokens.
#[test]
fn status_81_5_every_player_places_in_initiative_order() {
    let mut g = game();
    let before: Vec<u8> = g.state.seats().map(|p| pools(&g, p).iter().sum::<u8>()).collect();
    let reinf: Vec<u8> = g.state.seats().map(|p| g.state.player(p).token_reinforcements).collect();
    g.flow.custodians = true;
    g.step = super::flow::status_tokens_next(&mut g, 0);
    let mut order = [Player(0); crate::ti4::ids::MAX_PLAYERS];
    let n = crate::ti4::elimination::initiative_order(&g.state, &mut order);
    let mut seen = Vec::new();
    while let Step::Tokens { p, stage } = g.step {
        if stage == 0 {
            seen.push(p);
        }
        check(&g).unwrap();
        let a = *legal(&g).last().unwrap();
        g.apply(a);
    }
    // Every in-game player with more than one split was asked, in initiative order.
    let asked: Vec<Player> = order[..n].iter().copied().filter(|p| seen.contains(p)).collect();
    assert_eq!(seen, asked);
    assert!(!seen.is_empty());
    for (i, p) in g.state.seats().enumerate() {
        // Board tokens returned in step 4 are not counted here: `game()` is after the deal.
        let gained = 2u8.min(reinf[i]);
        assert_eq!(pools(&g, p).iter().sum::<u8>(), before[i] + gained, "seat {i}");
    }
}

/// Leadership (rules 52): the primary gains 3 tokens and may buy more at 3 influence each (a
/// decision of how many); the gained tokens are placed without redistribution: every pool keeps
/// at least what it held.
#[test]
fn leadership_52_gain_three_buy_with_influence_place_without_redistribution() {
    let mut g = game();
    g.state.strategy_cards.set_holder(StrategyCard(0), Some(ME));
    g.state.player_mut(ME).trade_goods = 6;
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    let start = pools(&g, ME);
    g.apply(Action::Strategic(0));
    assert_eq!(g.step, Step::BuyTokens { p: ME, gaining: 3 });
    assert_eq!(legal(&g), vec![Action::Tokens(0), Action::Tokens(1), Action::Tokens(2)], "6 trade goods buy 2");
    g.apply(Action::Tokens(2));
    assert_eq!(g.state.player(ME).trade_goods, 0);
    assert_eq!(g.step, Step::Tokens { p: ME, stage: 0 });
    let total = start.iter().sum::<u8>() + 5;
    let want: Vec<Action> = (start[0]..=total - start[1] - start[2]).map(Action::Tokens).collect();
    assert_eq!(legal(&g), want, "the tactic pool keeps its tokens");
    g.apply(Action::Tokens(start[0] + 1));
    g.apply(Action::Tokens(start[1] + 1));
    assert_eq!(pools(&g, ME), [start[0] + 1, start[1] + 1, start[2] + 3]);
    check(&g).unwrap();
    assert!(matches!(g.step, Step::Follow(_) | Step::Turn(_) | Step::Pick(_)), "{:?}", g.step);
}

/// Warfare (rules 99.1-99.2): the token removed from the board goes back to reinforcements, 1
/// token is gained, and the player redistributes the command sheet.
#[test]
fn warfare_99_2_gain_one_and_redistribute() {
    let mut g = game();
    g.state.strategy_cards.set_holder(StrategyCard(5), Some(ME));
    let home = g.home_slot[0];
    let slot = (0..g.state.num_systems).find(|&sl| sl != home && g.state.systems[sl as usize].tokens == 0).unwrap();
    g.state.player_mut(ME).token_reinforcements -= 1;
    g.state.systems[slot as usize].tokens |= 1;
    check(&g).unwrap();
    let start = pools(&g, ME);
    let reinf = g.state.player(ME).token_reinforcements;
    g.apply(Action::Strategic(5));
    g.apply(Action::WarfareToken(slot));
    assert_eq!(g.state.systems[slot as usize].tokens & 1, 0);
    assert_eq!(g.step, Step::Tokens { p: ME, stage: 0 });
    assert_eq!(g.state.player(ME).token_reinforcements, reinf, "off the board, then gained");
    let total = start.iter().sum::<u8>() + 1;
    assert_eq!(legal(&g).first(), Some(&Action::Tokens(0)), "redistribution: any tactic count");
    g.apply(Action::Tokens(0));
    let a = *legal(&g).last().unwrap();
    g.apply(a);
    assert_eq!(pools(&g, ME).iter().sum::<u8>(), total);
    assert_eq!(pools(&g, ME)[0], 0);
    check(&g).unwrap();
}

/// Command tokens 20.3b: a player placing a token from reinforcements with none there takes one
/// from the command sheet (Diplomacy's other players; a retreat), the strategy pool first; a
/// player who already has a token in the system places none.
#[test]
fn command_tokens_20_3b_from_the_command_sheet_when_reinforcements_are_empty() {
    let mut g = game();
    let q = Player(1);
    let slot = (0..g.state.num_systems).find(|&sl| g.state.systems[sl as usize].tokens == 0).unwrap();
    // Empty reinforcements: the tokens go to the strategy pool (conservation holds).
    let r = g.state.player(q).token_reinforcements;
    g.state.player_mut(q).token_reinforcements = 0;
    g.state.player_mut(q).strategy += r;
    check(&g).unwrap();
    let [t, f, s] = pools(&g, q);
    tokens::place_on_board(&mut g, q, slot);
    assert_eq!(g.state.systems[slot as usize].tokens >> q.0 & 1, 1);
    assert_eq!(pools(&g, q), [t, f, s - 1], "from the strategy pool");
    check(&g).unwrap();
    tokens::place_on_board(&mut g, q, slot);
    assert_eq!(pools(&g, q), [t, f, s - 1], "already one there: none placed");
    // No strategy token: the tactic pool.
    g.state.player_mut(q).tactic += g.state.player(q).strategy;
    g.state.player_mut(q).strategy = 0;
    let other = (0..g.state.num_systems).find(|&sl| g.state.systems[sl as usize].tokens == 0).unwrap();
    let before = pools(&g, q);
    tokens::place_on_board(&mut g, q, other);
    assert_eq!(pools(&g, q), [before[0] - 1, before[1], 0]);
    check(&g).unwrap();
}

/// Predictive Intelligence ("At the end of your turn, you may exhaust this card to redistribute
/// your command tokens"): at the end of the owner's turn the placement is offered while the
/// card is ready; moving a token exhausts the card, keeping every token in place declines (the
/// card stays ready); with the card exhausted nothing is offered.
#[test]
fn predictive_intelligence_redistributes_at_the_end_of_the_turn() {
    let pi = game().content().tech("predictive_intelligence").expect("Predictive Intelligence");
    for moved in [true, false] {
        let mut g = game();
        g.state.player_mut(ME).techs.insert(pi);
        let before = pools(&g, ME);
        assert!(legal(&g).contains(&Action::Pass), "{:?}", legal(&g));
        g.apply(Action::Pass);
        assert_eq!(g.step, Step::Tokens { p: ME, stage: 0 }, "the redistribution is offered");
        let tactic = if moved { before[0] + 1 } else { before[0] };
        g.apply(Action::Tokens(tactic));
        if g.step == (Step::Tokens { p: ME, stage: 1 }) {
            g.apply(Action::Tokens(before[1]));
        }
        check(&g).unwrap();
        assert_eq!(pools(&g, ME).iter().sum::<u8>(), before.iter().sum::<u8>(), "no token gained");
        assert_eq!(g.state.player(ME).exhausted_techs.contains(pi), moved, "moved: {moved}");
        assert!(matches!(g.step, Step::Turn(q) if q != ME), "the next turn: {:?}", g.step);
    }
    // Exhausted: the turn ends without the offer.
    let mut g = game();
    g.state.player_mut(ME).techs.insert(pi);
    g.state.player_mut(ME).exhausted_techs.insert(pi);
    g.apply(Action::Pass);
    assert!(matches!(g.step, Step::Turn(q) if q != ME), "{:?}", g.step);
}
