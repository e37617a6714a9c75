//! End Phase tests: every step of the seed text, and the eight must-pass cases of digest
//! §6.8 (each named after the step it checks).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::command::Card;
use super::options::{CommanderVariant, MissionChoice, Primary, Secondary};
use super::roster::{Rank, AT_ST, T47};
use super::*;
use crate::game::Turn;

fn game(commanders: CommanderVariant, secondary: Secondary) -> LegionGame {
    let opts = LegionOptions {
        commanders,
        mission: MissionChoice::Fixed { primary: Primary::HoldTheLine, secondary },
        ..LegionOptions::default()
    };
    LegionGame::with_seed(opts, 1)
}

fn standard() -> LegionGame {
    game(CommanderVariant::Standard, Secondary::Decapitation)
}

/// Plays uniformly random actions (and chance) until `stop` holds.
fn play_until(g: &mut LegionGame, rng: &mut ChaCha8Rng, stop: impl Fn(&LegionGame) -> bool) {
    let mut legal = Vec::new();
    while !stop(g) && !g.is_terminal() {
        match g.current() {
            Turn::Chance => g.apply_chance(rng),
            Turn::Player(_) => {
                g.legal_actions(&mut legal);
                g.apply(legal[rng.random_range(0..legal.len())]);
            }
            Turn::Terminal => unreachable!(),
        }
    }
}

fn legal(g: &LegionGame) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

fn place(g: &mut LegionGame, s: Slot, x: i32, y: i32) {
    let c = g.geometry().at(x, y).expect("cell");
    g.units[s as usize].cell = c;
    g.units[s as usize].deployed = true;
}

#[test]
fn end_phase_remove_tokens_keeps_one_less_suppression() {
    // §6.8 case 1.
    let mut g = standard();
    let s = g.slots(0).start + 1;
    place(&mut g, s, 4, 4);
    g.units[s as usize].tokens = Tokens { aim: 2, dodge: 1, observation: 1, surge: 1, standby: 1, suppression: 3 };
    g.begin_end_phase();
    assert_eq!(g.unit(s).tokens, Tokens { suppression: 2, ..Tokens::default() });
    let t = g.tally();
    assert_eq!((t.aim_removed[0], t.dodge_removed[0], t.observation_removed[0]), (2, 1, 1));
    assert_eq!((t.surge_removed[0], t.standby_removed[0], t.suppression_removed[0]), (1, 1, 1));
}

#[test]
fn end_phase_remove_tokens_takes_one_suppression_from_each_unit_if_able() {
    let mut g = standard();
    let a = g.slots(0).start + 1;
    let b = g.slots(1).start + 2;
    g.units[a as usize].tokens.suppression = 1;
    g.units[b as usize].tokens.suppression = 4;
    g.begin_end_phase();
    assert_eq!((g.unit(a).tokens.suppression, g.unit(b).tokens.suppression), (0, 3));
    assert_eq!(g.tally().suppression_removed, [1, 1]);
}

#[test]
fn end_phase_remove_tokens_clears_advantage_and_command_phase_recomputes_it() {
    // §6.8 case 2.
    let mut g = standard();
    g.pass_pool = [0, 3];
    g.begin_end_phase();
    assert_eq!(g.pass_pool, [0, 0]);
    assert_eq!(g.tally().advantage_cleared, [0, 3]);
    // 3 Imperial units against 6 Rebel units: the Empire gets 6 - 3 - 1 = 2 tokens.
    for s in [2, 3, 4] {
        g.defeat(s);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    play_until(&mut g, &mut rng, |g| matches!(g.step, Step::Turn(_)));
    assert_eq!(g.pass_pool, [2, 0]);
}

#[test]
fn end_phase_discard_command_cards_never_reappear_and_standing_orders_stays() {
    // §6.8 case 3.
    let mut g = standard();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    assert_eq!(g.step, Step::ChooseCard(0));
    g.apply(Action::PlayCard(Card::StandingOrders));
    g.apply(Action::PlayCard(Card::Push));
    play_until(&mut g, &mut rng, |g| g.round == 2);
    assert!(g.hand(0).any(|c| c == Card::StandingOrders));
    assert!(!g.discards(0).any(|c| c == Card::StandingOrders));
    assert!(g.discards(1).eq([Card::Push]));
    assert_eq!(g.tally().cards_discarded, [0, 1]);
    for round in 2..=5 {
        play_until(&mut g, &mut rng, |g| g.round == round && matches!(g.step, Step::ChooseCard(1)));
        if g.step == Step::ChooseCard(1) {
            assert!(!legal(&g).contains(&Action::PlayCard(Card::Push)), "round {round}");
        }
    }
}

#[test]
fn end_phase_score_vps_decapitation_before_promotion_offers_troopers_only() {
    // §6.8 case 4.
    let mut g = standard();
    let vader = g.slots(0).start;
    g.defeat(vader);
    g.priority = 1;
    g.begin_end_phase();
    assert_eq!(g.tally().vp_secondary, [0, 2]);
    assert_eq!(g.vp[1], 2);
    assert_eq!(g.step, Step::Promote(0));
    let troopers: Vec<Action> = (1..=4).map(Action::Promote).collect();
    assert_eq!(legal(&g), troopers, "the AT-ST (slot 5) is never a candidate");
    assert_eq!(g.unit(5).kind, AT_ST);
    g.apply(Action::Promote(2));
    assert_eq!(g.unit(2).rank(), Rank::Commander);
    assert_eq!(g.tally().promotions, [1, 0]);
    // Next round: no Vader cards, and the pool holds a Commander token for the promoted unit.
    assert_eq!(g.step, Step::ChooseCard(0));
    let cards: Vec<Action> =
        [Card::Ambush, Card::Push, Card::Assault, Card::StandingOrders].map(Action::PlayCard).to_vec();
    assert_eq!(legal(&g), cards);
    g.build_order_pools();
    assert_eq!(g.order_pool[0][Rank::Commander as usize], 1);
    assert_eq!(g.order_pool[0][Rank::Corps as usize], 2);
    // The promoted commander is the next Decapitation target.
    g.round = 3;
    g.defeat(2);
    assert_eq!(g.score_secondary(1), 2);
}

#[test]
fn end_phase_promote_waits_for_every_commander_in_variant_b() {
    // §6.8 case 5, variant B.
    let mut g = game(CommanderVariant::TwoCommanders, Secondary::MarkedTargets);
    let vader = g.slots(0).start;
    g.defeat(vader);
    g.begin_end_phase();
    assert_eq!(g.tally().promotions, [0, 0]);
    assert_eq!(g.step, Step::ChooseCard(0), "the Officer still commands");
    g.defeat(vader + 1);
    g.begin_end_phase();
    assert!(matches!(g.step, Step::Promote(0)));
}

#[test]
fn end_phase_promote_not_needed_while_field_commander_holds_token_variant_c() {
    // §6.8 case 5, variant C.
    let mut g = game(CommanderVariant::FieldCommander, Secondary::MarkedTargets);
    let fc = g.slots(0).find(|&s| g.unit(s).field_commander).expect("field commander");
    assert!(g.unit(fc).commander_token && g.has_commander(0));
    g.begin_end_phase();
    assert_eq!(g.tally().promotions, [0, 0]);
    g.defeat(fc);
    g.begin_end_phase();
    assert!(matches!(g.step, Step::Promote(0)));
}

#[test]
fn end_phase_promote_only_vehicles_left_no_commander_no_card_opponent_priority() {
    // §6.8 case 6.
    let mut g = standard();
    for s in 0..5 {
        g.defeat(s);
    }
    g.begin_end_phase();
    assert!(g.has_no_commander(0));
    assert_eq!(g.tally().left_without_commander, [1, 0]);
    assert_eq!(g.step, Step::ChooseCard(1), "player 0 cannot play a card");
    g.apply(Action::PlayCard(Card::Assault));
    assert_eq!(g.priority, 1, "the only player with a card has priority, no roll");
    assert_ne!(g.step, Step::PriorityRoll);
    // Neither player can play a card: priority is rolled.
    let mut g = standard();
    for s in (0..5).chain(8..13) {
        g.defeat(s);
    }
    assert_eq!((g.unit(5).kind, g.unit(13).kind), (AT_ST, T47));
    g.begin_end_phase();
    assert_eq!(g.tally().left_without_commander, [1, 1]);
    assert_eq!(g.step, Step::PriorityRoll);
}

#[test]
fn end_phase_promote_both_players_priority_player_first() {
    // §6.8 case 7.
    let mut g = standard();
    g.defeat(0);
    g.defeat(8);
    g.priority = 1;
    g.begin_end_phase();
    assert_eq!(g.step, Step::Promote(1));
    g.apply(Action::Promote(9));
    assert_eq!(g.step, Step::Promote(0));
    g.apply(Action::Promote(1));
    assert_eq!(g.tally().promotions, [1, 1]);
}

#[test]
fn end_phase_victory_check_only_at_end_of_end_phase() {
    // §6.8 case 8, first part.
    let mut g = standard();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    play_until(&mut g, &mut rng, |g| matches!(g.step, Step::Turn(_)));
    g.vp = [12, 3];
    play_until(&mut g, &mut rng, |g| g.round == 2 || g.is_terminal());
    assert!(g.is_terminal());
    assert_eq!((g.winner, g.end_reason), (0, EndReason::Victory));
    assert_eq!(g.round, 1, "the game ends before the round counter advances");
    // 12 VP without a lead does not win.
    let mut g = standard();
    g.vp = [12, 12];
    g.begin_end_phase();
    assert!(!g.is_terminal());
}

#[test]
fn end_phase_advance_round_after_last_round_vp_tie_lower_lost_points_wins() {
    // §6.8 case 8, second part.
    let mut g = standard();
    g.round = 5;
    g.vp = [4, 4];
    g.defeat(9); // a Rebel unit: player 1 lost more points
    g.begin_end_phase();
    assert_eq!((g.winner, g.end_reason, g.round), (0, EndReason::Rounds, 6));
    let mut g = standard();
    g.round = 5;
    g.begin_end_phase();
    assert_eq!(g.winner, DRAW);
    let opts = LegionOptions { rounds: 6, ..*g.options() };
    let mut g = LegionGame::with_seed(opts, 1);
    g.round = 5;
    g.begin_end_phase();
    assert_eq!((g.round, g.is_terminal()), (6, false));
}

#[test]
fn end_phase_score_vps_hold_the_line_from_round_two() {
    let mut g = standard();
    let [flank, centre, _] = g.poi_cells();
    let geo = g.geometry();
    let (fx, fy) = geo.xy(flank);
    let (cx, cy) = geo.xy(centre);
    place(&mut g, 1, fx + 1, fy);
    place(&mut g, 2, cx, cy + 1);
    place(&mut g, 10, cx - 1, cy);
    g.begin_end_phase();
    assert_eq!(g.tally().vp_objective, [0, 0], "nothing in round 1");
    g.round = 2;
    g.begin_end_phase();
    // Player 0 secures the flank (1 VP); the centre is contested 1-1.
    assert_eq!(g.tally().vp_objective, [1, 0]);
    place(&mut g, 3, cx + 1, cy);
    g.begin_end_phase();
    assert_eq!(g.tally().vp_objective, [1 + 3, 0]);
}

#[test]
fn end_phase_score_vps_marked_targets_pays_each_unit_once_at_most_two() {
    let mut g = game(CommanderVariant::Standard, Secondary::MarkedTargets);
    let marked: Vec<Slot> = g.slots(1).filter(|&s| g.unit(s).marked).collect();
    assert_eq!(marked.len(), 2);
    g.defeat(marked[0]);
    assert_eq!(g.score_secondary(0), 1);
    assert_eq!(g.score_secondary(0), 0, "paid once");
    g.defeat(marked[1]);
    for s in g.slots(1) {
        if !g.unit(s).defeated {
            g.units[s as usize].marked = true;
        }
    }
    g.defeat(9);
    assert_eq!(g.score_secondary(0), 1, "at most 2 in the game");
}

#[test]
fn end_phase_discard_command_cards_goes_to_discard_pile() {
    let mut g = standard();
    g.revealed = [Card::Implacable as u8, Card::ReturnOfTheJedi as u8];
    assert_eq!(g.discard_command_cards(), [Some(Card::Implacable), Some(Card::ReturnOfTheJedi)]);
    assert!(g.discards(0).eq([Card::Implacable]));
    assert_eq!(g.revealed(0), None);
}
