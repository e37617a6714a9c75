//! Transaction and promissory note tests (rules 94, 69; the notes' texts).

use super::action_card_tests::{game, game_of};
use super::action_cards::neighbours;
use super::tests::{check, six_player_game};
use super::*;
use crate::game::Game;
use crate::ti4::components::Zone;
use crate::ti4::galaxy::bits;
use crate::ti4::state::{Location, NOBODY};

const ME: Player = Player(0);
const THEM: Player = Player(1);

/// Seed 1 at seat 0's turn with seat 1 made a neighbour (a destroyer of theirs next to seat 0's
/// home); returns the game and that slot.
fn neighbour_game() -> (Ti4Game, u8) {
    neighbour_game_of(game())
}

/// [`neighbour_game`] in game `g` (at seat 0's turn).
fn neighbour_game_of(mut g: Ti4Game) -> (Ti4Game, u8) {
    let home = g.home_slot[0];
    let next = bits(g.galaxy.neighbours(home))
        .find(|&sl| g.state.systems[sl as usize].space.owner == NOBODY && !g.home_slot[..6].contains(&sl))
        .unwrap();
    g.state.add_units(THEM, Location::Space(next), UnitType::Destroyer, 1).unwrap();
    assert!(neighbours(&g, ME) >> THEM.0 & 1 == 1);
    (g, next)
}

fn legal(g: &Ti4Game) -> Vec<Action> {
    let mut b = Vec::new();
    g.legal_actions(&mut b);
    b
}

/// Seat 0 offers its note `key` to seat 1 in a transaction (checked to be offered), and seat
/// 1 accepts; returns the note's seat-note slot.
fn given_to_them(g: &mut Ti4Game, key: &str) -> u8 {
    let k = slot(g, key);
    assert!(legal(g).contains(&Action::Transact(THEM.0, 1 + k)), "{key} offered in a transaction");
    g.apply(Action::Transact(THEM.0, 1 + k));
    g.apply(Action::Accept);
    k
}

/// Six-player game `seed` (which seats `faction` at seat 0, checked) at seat 0's turn with
/// seat 1 a neighbour ([`neighbour_game_of`]), after seat 0 gave its faction note `key` to
/// seat 1 in a transaction (checked in seat 1's hand): the game, the neighbour slot, the
/// note's seat-note slot and its rule source.
fn holding_their_note(seed: u64, faction: &str, key: &str) -> (Ti4Game, u8, u8, crate::ti4::rules::Source) {
    let (mut g, next) = neighbour_game_of(game_of(six_player_game(seed)));
    assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, faction);
    let k = given_to_them(&mut g, key);
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(THEM));
    let src = crate::ti4::rules::Source::Note(g.content().cards.note(key).unwrap());
    (g, next, k, src)
}

fn slot(g: &Ti4Game, key: &str) -> u8 {
    let id = g.content().cards.note(key).unwrap();
    g.content().cards.seat_notes[g.state.player(ME).faction.idx()].iter().position(|&n| n == id).unwrap() as u8
}

#[test]
fn transactions_94_swap_commodities_with_a_neighbour_once_per_turn() {
    let (mut g, _) = neighbour_game();
    g.state.player_mut(ME).commodities = 2;
    g.state.player_mut(THEM).commodities = 3;
    let (tg0, tg1) = (g.state.player(ME).trade_goods, g.state.player(THEM).trade_goods);
    g.apply(Action::Transact(THEM.0, 0));
    assert_eq!(g.step, Step::Offer(THEM));
    assert_eq!(legal(&g), vec![Action::Accept, Action::Done]);
    g.apply(Action::Accept);
    assert_eq!(g.step, Step::Turn(ME));
    assert_eq!((g.state.player(ME).trade_goods, g.state.player(THEM).trade_goods), (tg0 + 3, tg1 + 2));
    assert_eq!((g.state.player(ME).commodities, g.state.player(THEM).commodities), (0, 0));
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Transact(q, _) if *q == THEM.0)), "once per turn");
    check(&g).unwrap();
}

/// Seed 2 (Letnev, Yssaril, L1Z1X, Saar, Yin, Argent: no Hacan, whose Guild Ships lifts the
/// neighbour condition).
#[test]
fn transactions_94_only_with_neighbours_and_declining_changes_nothing() {
    let (mut g, _) = neighbour_game_of(super::action_card_tests::game_of(super::tests::six_player_game(2)));
    for q in g.state.seats() {
        g.state.player_mut(q).commodities = 1;
    }
    let nb = neighbours(&g, ME);
    assert_ne!(nb, 0b111110, "some seat is no neighbour");
    for a in legal(&g) {
        if let Action::Transact(q, _) = a {
            assert!(nb >> q & 1 == 1, "seat {q} is no neighbour");
        }
    }
    let before = g.state;
    g.apply(Action::Transact(THEM.0, 0));
    g.apply(Action::Done);
    assert_eq!(g.state, before);
    assert_eq!(g.flow.transaction.transacted >> THEM.0 & 1, 1);
}

#[test]
fn support_for_the_throne() {
    let (mut g, _) = neighbour_game();
    let k = slot(&g, "support_for_the_throne");
    let vp = g.victory_points(THEM);
    g.apply(Action::Transact(THEM.0, 1 + k));
    g.apply(Action::Accept);
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::PlayArea(THEM));
    assert_eq!(g.victory_points(THEM), vp + 1);
    check(&g).unwrap();
    // The holder activates a system with the owner's units: the note returns, the point goes.
    let home = g.home_slot[0];
    g.state.player_mut(THEM).tactic += 1;
    g.state.player_mut(THEM).token_reinforcements -= 1;
    g.flow.turn = THEM;
    g.step = tactical::activate(&mut g, THEM, home);
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME));
    assert_eq!(g.victory_points(THEM), vp);
}

#[test]
fn trade_agreement() {
    let (mut g, _) = neighbour_game();
    let k = given_to_them(&mut g, "trade_agreement");
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(THEM));
    let full = g.content.factions[g.state.player(ME).faction.idx()].commodities;
    let tg = g.state.player(THEM).trade_goods;
    g.step = cards::strategic(&mut g, ME, 4); // Trade: replenish commodities
    assert_eq!(g.state.player(THEM).trade_goods, tg + full);
    assert_eq!(g.state.player(ME).commodities, 0);
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME));
}

#[test]
fn ceasefire() {
    let (mut g, next) = neighbour_game();
    let k = given_to_them(&mut g, "ceasefire");
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(THEM));
    g.step = tactical::activate(&mut g, ME, next);
    assert!(g.flow.tactical.ceasefire);
    assert_eq!(legal(&g), vec![Action::Done], "no movement into the system");
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME));
}

/// Alliance (Prophecy of Kings): "When you receive this card, if you are not the (color)
/// player, you must place it face up in your play area. While this card is in your play area,
/// you can use the (color) player's commander ability, if it is unlocked. If you activate a
/// system that contains 1 or more of the (color) player's units, return this card to the
/// (color) player." Seed 1 seats the Hacan at seat 0: its Alliance, given in a transaction,
/// lies face up before seat 1, who may then use Gila the Silvertongue once it is unlocked (and
/// not before); activating the Hacan home returns the note and the use ends.
#[test]
fn alliance() {
    use crate::ti4::components::LeaderState;
    let (mut g, _) = neighbour_game();
    let c = g.content.clone();
    let k = given_to_them(&mut g, "alliance");
    assert_eq!(c.cards.alliance_slot, Some(k));
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::PlayArea(THEM));
    assert_eq!(g.effects().get(THEM, super::effects::Effect::AllianceReceived), 1, "tallied");
    check(&g).unwrap();
    let gila = c.cards.leader("hacan_commander").unwrap();
    let hacan = g.state.player(ME).faction;
    let state = |g: &Ti4Game| crate::ti4::rules::leader_state(&c, &g.state, THEM, gila, hacan);
    assert_eq!(state(&g), LeaderState::Locked, "the commander is locked");
    let gk = crate::ti4::components::leaders::slot_of(&c, hacan, gila).unwrap();
    g.state.leaders.set(ME, gk, LeaderState::Unlocked);
    assert_eq!(state(&g), LeaderState::Unlocked);
    assert!(crate::ti4::rules::uses_others_commander(&c, &g.state, THEM, ME));
    assert!(!crate::ti4::rules::uses_others_commander(&c, &g.state, Player(2), ME), "only its holder");
    let home = g.home_slot[0];
    g.state.player_mut(THEM).tactic += 1;
    g.state.player_mut(THEM).token_reinforcements -= 1;
    g.flow.turn = THEM;
    g.step = tactical::activate(&mut g, THEM, home);
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "returned");
    assert_eq!(state(&g), LeaderState::Locked);
}

/// Trade Convoys (Hacan promissory note): "When you receive this card, if you are not the
/// Hacan player, you must place it face up in your play area. While this card is in your play
/// area, you may negotiate transactions with players who are not your neighbor." Seed 1 seats
/// the Hacan at seat 0: the note is offered in a transaction, lands face up before seat 1, and
/// seat 1 may then offer a transaction to a player who is not its neighbour (not before).
#[test]
fn hacan_trade_convoys_lets_its_holder_transact_with_players_who_are_not_neighbours() {
    let (mut g, _) = neighbour_game();
    let k = slot(&g, "trade_convoys");
    for q in g.state.seats().collect::<Vec<_>>() {
        g.state.player_mut(q).commodities = 2;
    }
    let far = (2..6).map(Player).find(|&q| neighbours(&g, THEM) >> q.0 & 1 == 0).expect("a non-neighbour of seat 1");
    let may_offer = |g: &Ti4Game| {
        let mut h = g.clone();
        (h.flow.turn, h.step, h.flow.transaction.transacted) = (THEM, Step::Turn(THEM), 0);
        legal(&h).contains(&Action::Transact(far.0, 0))
    };
    assert!(!may_offer(&g), "not yet");
    assert!(legal(&g).contains(&Action::Transact(THEM.0, 1 + k)), "offered in a transaction");
    g.apply(Action::Transact(THEM.0, 1 + k));
    g.apply(Action::Accept);
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::PlayArea(THEM), "face up");
    assert!(may_offer(&g));
    check(&g).unwrap();
}

/// `g` at the start of seat 1's action-phase turn: it holds Leadership (initiative 1) and the
/// action phase starts, which opens window `TurnStart` for seat 1, then the others.
fn seat_1_turn_starts(g: &mut Ti4Game) {
    use crate::ti4::components::StrategyCard;
    for k in StrategyCard::all() {
        g.state.strategy_cards.set_holder(k, None);
    }
    for q in 0..6u8 {
        g.state.strategy_cards.set_holder(StrategyCard((q + 7) % 8), Some(Player(q)));
    }
    g.step = super::flow::start_action_phase(g);
}

/// Cybernetic Enhancements (L1Z1X promissory note): "At the start of your turn: Remove 1 token
/// from the L1Z1X player's strategy pool and return it to their reinforcements. Then, place 1
/// token from your reinforcements in your strategy pool. Then, return this card to the L1Z1X
/// player." Seed 8 seats the L1Z1X at seat 0: seat 1 receives the note in a transaction; at
/// the start of its turn it is asked, and using it moves one strategy token from the L1Z1X to
/// seat 1 and returns the note.
#[test]
fn l1z1x_cybernetic_enhancements_takes_a_strategy_token_at_the_start_of_the_holders_turn() {
    let (mut g, _, k, src) = holding_their_note(8, "l1z1x", "cybernetic_enhancements");
    seat_1_turn_starts(&mut g);
    assert_eq!(
        (g.step, g.flow.turn, g.flow.pending.window),
        (Step::Decide(THEM), THEM, Some(crate::ti4::rules::Window::TurnStart))
    );
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    let (mine, theirs) = (g.state.player(ME).strategy, g.state.player(THEM).strategy);
    assert!(mine > 0);
    g.apply(Action::Choose(src, 0));
    assert_eq!((g.state.player(ME).strategy, g.state.player(THEM).strategy), (mine - 1, theirs + 1));
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "returned");
    assert_eq!(g.step, Step::Turn(THEM));
    check(&g).unwrap();
}

/// Creuss IFF (Creuss promissory note): "At the start of your turn during the action phase:
/// Place or move a Creuss wormhole token into either a system that contains a planet you
/// control or a non-home system that does not contain another player's ships. Then, return
/// this card to the Creuss player." Seed 16 seats the Creuss at seat 0: seat 1, holding the
/// note, may place the alpha token in its own home system at the start of its turn; the note
/// returns.
#[test]
fn ghost_creuss_iff_places_a_wormhole_token_at_the_start_of_the_holders_turn() {
    let (mut g, _, k, src) = holding_their_note(16, "ghost", "creuss_iff");
    seat_1_turn_starts(&mut g);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(crate::ti4::rules::Window::TurnStart)));
    let home = g.home_slot[THEM.idx()];
    let alpha_home = Action::Choose(src, u16::from(home) * 2);
    assert!(legal(&g).contains(&alpha_home), "a system with a planet the holder controls");
    let other_home = Action::Choose(src, u16::from(g.home_slot[2]) * 2);
    assert!(!legal(&g).contains(&other_home), "not another player's home");
    g.apply(alpha_home);
    assert_eq!(g.state.factions.wormhole_tokens()[0], Some(home));
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "returned");
    check(&g).unwrap();
}

/// Military Support (Sol promissory note): "At the start of the Sol player's turn: Remove 1
/// token from the Sol player's strategy pool, if able, and return it to their reinforcements.
/// Then, you may place 2 infantry from your reinforcements on any planet you control. Then,
/// return this card to the Sol player." Seed 0 seats the Sol at seat 0: seat 1 holds the note;
/// at the start of seat 1's own turn it is not offered; at the start of the Sol's turn it is,
/// once per planet seat 1 controls; using it costs the Sol a strategy token, puts 2 of seat 1's
/// infantry on the chosen planet and returns the note.
#[test]
fn sol_military_support_places_2_infantry_at_the_start_of_the_sol_players_turn() {
    use crate::ti4::rules::Window;
    let (mut g, _, k, src) = holding_their_note(0, "sol", "military_support");
    let mut own = g.clone();
    own.flow.turn = THEM;
    assert!(pending::open(&mut own, Window::TurnStart, &[THEM]).is_none(), "not at seat 1's own turn");
    g.flow.turn = ME;
    g.step = pending::open(&mut g, Window::TurnStart, &[THEM]).expect("offered at the Sol's turn");
    let planets: Vec<_> = g.state.player(THEM).planets.iter().collect();
    let want: Vec<Action> =
        planets.iter().map(|pl| Action::Choose(src, u16::from(pl.0))).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    let pl = planets[0];
    let loc = g.state.planet_location(g.content(), pl).unwrap();
    let (infantry, strategy) = (g.state.count_at(loc, UnitType::Infantry), g.state.player(ME).strategy);
    assert!(strategy > 0);
    g.apply(Action::Choose(src, u16::from(pl.0)));
    assert_eq!(g.state.count_at(loc, UnitType::Infantry), infantry + 2);
    assert_eq!(g.state.player(ME).strategy, strategy - 1);
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "returned");
    check(&g).unwrap();
}

/// Research Agreement (Jol-Nar, game 4 seats them at seat 0): given to seat 1, it gives seat 1
/// the non-faction technology the Jol-Nar research, then returns; a faction technology the
/// Jol-Nar research, or a technology they gain without researching, gives nothing and the note
/// stays.
#[test]
fn jolnar_research_agreement_gives_its_holder_the_technology_the_jol_nar_research() {
    use crate::ti4::technology::{gain, research, ResearchOption, Skip};
    let (mut g, _, k, _) = holding_their_note(4, "jolnar", "research_agreement");
    let c = g.content.clone();
    let before = g.state.player(THEM).techs;
    // A faction technology researched, then a technology gained: nothing, the note stays.
    let conduit = c.tech("spatial_conduit_cylinders").unwrap();
    research(&c, &mut g.state, ME, &ResearchOption::new(conduit, Skip::None, &[])).unwrap();
    let gravity = c.tech("gravity_drive").unwrap();
    let mut gained = g.clone();
    gain(&c, &mut gained.state, ME, gravity).unwrap();
    for h in [&g, &gained] {
        assert_eq!(h.state.player(THEM).techs, before);
        assert_eq!(h.state.notes.get(ME, k as usize), Zone::Hand(THEM));
    }
    // Gravity Drive researched: the holder gains it, the note returns.
    assert!(!before.contains(gravity));
    research(&c, &mut g.state, ME, &ResearchOption::new(gravity, Skip::None, &[])).unwrap();
    assert!(g.state.player(THEM).techs.contains(gravity), "the holder gains it");
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "returned");
    check(&g).unwrap();
}

/// War Funding (Letnev, game 23 seats them at seat 1): seat 0 holding it attacks the Letnev;
/// at the start of the space combat seat 0 may take it: the Letnev lose 2 trade goods, seat
/// 0's first round re-rolls its misses, the note returns. Without 2 trade goods on the Letnev
/// side it is not offered.
#[test]
fn letnev_war_funding_rerolls_the_holders_misses_at_the_letnev_players_cost() {
    use super::faction_tests::attack_next_door;
    use crate::ti4::rules::{Source, Window};
    let theirs = [(UnitType::Dreadnought, 3)];
    let setup = |tg: u8| {
        attack_next_door(23, &theirs, |g| {
            assert_eq!(g.content().factions[g.state.player(THEM).faction.idx()].key, "letnev");
            let n = g.content().cards.note("war_funding").unwrap();
            let (owner, k) = crate::ti4::rules::note_owner(g.content(), &g.state, n).unwrap();
            assert_eq!(owner, THEM);
            g.state.notes.set(THEM, k, Zone::Hand(ME));
            g.state.player_mut(THEM).trade_goods = tg;
        })
        .0
    };
    let src = Source::Note(Content::embedded().cards.note("war_funding").unwrap());
    let poor = setup(1);
    assert!(
        !(poor.step == Step::Decide(ME) && legal(&poor).contains(&Action::Choose(src, 0))),
        "the Letnev have 1 trade good: not offered"
    );
    let mut g = setup(3);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SpaceCombatStart)));
    assert!(legal(&g).contains(&Action::Choose(src, 0)));
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.state.player(THEM).trade_goods, 1, "the Letnev lost 2");
    let n = g.content().cards.note("war_funding").unwrap();
    let (_, k) = crate::ti4::rules::note_owner(g.content(), &g.state, n).unwrap();
    assert_eq!(g.state.notes.get(THEM, k), Zone::Hand(THEM), "returned");
    let reroll = g.flow.tactical.space.map_or(g.flow.tactical.reroll, |c| c.reroll());
    assert_eq!(reroll, [true, false], "the attacker's first round re-rolls");
    check(&g).unwrap();
}

/// Gift of Prescience (Naalu, game 6 seats them at seat 0): given to seat 1, it is offered at
/// the end of the strategy phase; taken, the card is face up in seat 1's play area and seat 1
/// holds the "0" token, first in initiative order; at the end of the status phase both go back
/// to the Naalu.
#[test]
fn naalu_gift_of_prescience_puts_its_holder_first_in_initiative_until_the_status_phase_ends() {
    use crate::ti4::elimination::initiative_key;
    use crate::ti4::factions::ZeroToken;
    use crate::ti4::rules::Window;
    let (mut g, _, k, src) = holding_their_note(6, "naalu", "gift_of_prescience");
    assert_eq!(g.state.factions.zero_token(), ZeroToken::Held(ME));
    assert!(pending::open(&mut g.clone(), Window::TurnEnd, &[THEM]).is_none(), "only at the end of the strategy phase");
    g.step = pending::open(&mut g, Window::StrategyPhaseEnd, &[THEM]).expect("offered");
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::PlayArea(THEM), "face up");
    assert_eq!(g.state.factions.zero_token(), ZeroToken::Held(THEM));
    assert_eq!(initiative_key(&g.state, THEM), 0, "first in initiative order");
    assert_ne!(initiative_key(&g.state, ME), 0, "the Naalu are not");
    check(&g).unwrap();
    crate::ti4::rules::status_phase_end(&mut g, THEM);
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "returned");
    assert_eq!(g.state.factions.zero_token(), ZeroToken::Held(ME));
    check(&g).unwrap();
}

/// Scepter of Dominion (Mahact, game 20 seats them at seat 0): given to seat 1, whose
/// destroyer stands next to the Mahact home; with the tokens of seats 1, 2 and 3 on the Mahact
/// sheet and seat 3's token already in that system, seat 1 is offered that system at the start
/// of the strategy phase; taken, only seat 2 places a token there (seat 1 is the holder, seat
/// 3 has one), and the note returns.
#[test]
fn mahact_scepter_of_dominion_places_the_sheet_players_tokens_in_a_system_of_the_holder() {
    use crate::ti4::rules::Window;
    let (mut g, next, k, src) = holding_their_note(20, "mahact", "scepter_of_dominion");
    let (two, three) = (Player(2), Player(3));
    assert!(pending::open(&mut g.clone(), Window::StrategyPhaseStart, &[THEM]).is_none(), "no token on the sheet");
    *g.state.factions.held_tokens_mut(ME) |= 1 << THEM.0 | 1 << two.0 | 1 << three.0;
    for q in [THEM, two, three] {
        g.state.player_mut(q).token_reinforcements -= 1;
    }
    g.state.systems[next as usize].tokens |= 1 << three.0;
    g.state.player_mut(three).token_reinforcements -= 1;
    check(&g).unwrap();
    g.step = pending::open(&mut g, Window::StrategyPhaseStart, &[THEM]).expect("offered");
    assert_eq!(legal(&g), vec![Action::Choose(src, u16::from(next)), Action::Done]);
    let reinforcements = |g: &Ti4Game| [THEM, two, three].map(|q| g.state.player(q).token_reinforcements);
    let before = reinforcements(&g);
    g.apply(Action::Choose(src, u16::from(next)));
    assert_eq!(g.state.systems[next as usize].tokens, 1 << two.0 | 1 << three.0);
    assert_eq!(reinforcements(&g), [before[0], before[1] - 1, before[2]]);
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "returned");
    check(&g).unwrap();
}

/// Terraform (Titans promissory note): "ACTION: Attach this card to a non-home planet you
/// control other than Mecatol Rex. Its resource and influence values are each increased by 1
/// and it is treated as having all 3 planet traits." Seed 23 seats the Titans at seat 0: seat
/// 1 receives the note in a transaction and, at its turn, may attach it to a non-home planet it
/// controls (a component action), never to its home planets; the planet gains 1 resource and
/// 1 influence, and the note stays attached.
#[test]
fn titans_terraform_attaches_to_a_non_home_planet_of_its_holder() {
    let (mut g, _, k, src) = holding_their_note(23, "titans", "terraform");
    let home = super::objectives::home_planets(&g);
    let (c, s) = (g.content(), &g.state);
    let free = (0..c.planets.len() as u8)
        .map(PlanetId)
        .find(|&pl| {
            !home.contains(pl)
                && Some(pl) != c.known.mecatol_rex
                && s.planet_location(c, pl).is_some()
                && crate::ti4::control::controller(s, pl).is_none()
        })
        .expect("an uncontrolled planet on the board");
    let (c, s) = g.content_and_state();
    crate::ti4::control::gain_control(c, s, THEM, free, false).unwrap();
    seat_1_turn_starts(&mut g);
    assert_eq!(g.step, Step::Turn(THEM));
    let uses: Vec<Action> = legal(&g).into_iter().filter(|a| matches!(a, Action::Use(s, _) if *s == src)).collect();
    assert_eq!(uses, vec![Action::Use(src, free.0)], "the non-home planet only");
    let (res, inf) = (g.state.resources_of(g.content(), free), g.state.influence_of(g.content(), free));
    g.apply(Action::Use(src, free.0));
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Attached);
    assert_eq!(g.state.factions.terraform(), Some(free));
    assert_eq!((g.state.resources_of(g.content(), free), g.state.influence_of(g.content(), free)), (res + 1, inf + 1));
    assert_eq!(g.state.planet_traits(g.content(), free), 0b111, "cultural, hazardous and industrial");
    assert!(g.state.trait_planets(g.content(), 0).contains(free));
    check(&g).unwrap();
}

/// Fires of the Gashlai (Muaat promissory note): "ACTION: Remove 1 token from the Muaat player's
/// fleet pool and return it to their reinforcements. Then, gain your war sun unit upgrade
/// technology card. Then, return this card to the Muaat player." Seed 12 seats the Muaat at
/// seat 0; seat 1 uses the note as a component action; not once it owns War Sun.
#[test]
fn muaat_fires_of_the_gashlai_gives_its_holder_war_sun_for_a_muaat_fleet_token() {
    let (mut g, _, k, src) = holding_their_note(12, "muaat", "fires_of_the_gashlai");
    seat_1_turn_starts(&mut g);
    assert_eq!(g.step, Step::Turn(THEM));
    let war_sun = g.content().tech("war_sun").unwrap();
    let mut owned = g.clone();
    owned.state.player_mut(THEM).techs.insert(war_sun);
    assert!(!legal(&owned).contains(&Action::Use(src, 0)), "not with War Sun owned");
    assert!(legal(&g).contains(&Action::Use(src, 0)));
    let (fleet, reinforcements) = (g.state.player(ME).fleet, g.state.player(ME).token_reinforcements);
    g.apply(Action::Use(src, 0));
    assert!(g.state.player(THEM).techs.contains(war_sun));
    assert_eq!((g.state.player(ME).fleet, g.state.player(ME).token_reinforcements), (fleet - 1, reinforcements + 1));
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "the note returns");
    check(&g).unwrap();
}

/// Acquiescence (Winnu promissory note): "At the end of the strategy phase: Swap 1 of your
/// strategy cards with 1 of the Winnu player's strategy cards. Then, return this card to the
/// Winnu player." Seed 10 seats the Winnu at seat 0; seat 1 holds the note.
#[test]
fn winnu_acquiescence_swaps_a_strategy_card_with_the_winnu_at_the_end_of_the_strategy_phase() {
    use crate::ti4::components::StrategyCard;
    use crate::ti4::rules::Window;
    let (mut g, _, k, src) = holding_their_note(10, "winnu", "acquiescence");
    let cards = &mut g.state.strategy_cards;
    for card in StrategyCard::all() {
        cards.set_holder(card, None);
    }
    cards.set_holder(StrategyCard(2), Some(ME));
    cards.set_holder(StrategyCard(6), Some(THEM));
    let mut offered = Vec::new();
    crate::ti4::rules::may_choices_of(&g, THEM, Window::StrategyPhaseEnd, src, &mut |c| offered.push(c));
    assert_eq!(offered, vec![6 * 8 + 2], "their card for the Winnu's");
    let mut elsewhere = Vec::new();
    crate::ti4::rules::may_choices_of(&g, THEM, Window::TurnStart, src, &mut |c| elsewhere.push(c));
    assert!(elsewhere.is_empty(), "at the end of the strategy phase only");
    crate::ti4::rules::may_resolve(&mut g, THEM, Window::StrategyPhaseEnd, src, 6 * 8 + 2);
    let cards = &g.state.strategy_cards;
    assert_eq!((cards.holder(StrategyCard(2)), cards.holder(StrategyCard(6))), (Some(THEM), Some(ME)));
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "the note returns");
    check(&g).unwrap();
}

/// Political Favor (Xxcha promissory note): "When an agenda is revealed: Remove 1 token from the
/// Xxcha player's strategy pool and return it to their reinforcements. Then, discard the
/// revealed agenda and reveal the top card of the agenda deck. Players vote on this agenda
/// instead. Then, return this card to the Xxcha player." Seed 3 seats the Xxcha at seat 0;
/// seat 1 holds the note; not offered while the Xxcha's strategy pool is empty.
#[test]
fn xxcha_political_favor_discards_the_revealed_agenda_for_an_xxcha_strategy_token() {
    use rand::SeedableRng;
    let (mut g, _, k, src) = holding_their_note(3, "xxcha", "political_favor");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    assert!(super::agendas::start(&mut g));
    g.step = Step::RevealAgenda;
    g.apply_chance(&mut rng);
    let first = g.flow.agenda_phase.agenda_card;
    assert_eq!(g.flow.pending.window, Some(crate::ti4::rules::Window::WhenAgendaRevealed));
    let mut empty = g.clone();
    let ps = empty.state.player_mut(ME);
    ps.token_reinforcements += ps.strategy;
    ps.strategy = 0;
    let mut offered = Vec::new();
    crate::ti4::rules::may_choices_of(&empty, THEM, crate::ti4::rules::Window::WhenAgendaRevealed, src, &mut |c| {
        offered.push(c)
    });
    assert!(offered.is_empty(), "the Xxcha's strategy pool is empty");
    while matches!(g.step, Step::Decide(q) if q != THEM) {
        g.apply(Action::Done);
    }
    assert_eq!(g.step, Step::Decide(THEM));
    assert!(legal(&g).contains(&Action::Choose(src, 0)));
    let (strategy, tokens) = (g.state.player(ME).strategy, g.state.player(ME).token_reinforcements);
    g.apply(Action::Choose(src, 0));
    assert_eq!((g.state.player(ME).strategy, g.state.player(ME).token_reinforcements), (strategy - 1, tokens + 1));
    assert_eq!(g.state.agendas.get(first as usize), Zone::Discard, "the revealed agenda is discarded");
    assert_eq!(g.state.notes.get(ME, k as usize), Zone::Hand(ME), "the note returns");
    while matches!(g.step, Step::Decide(_)) {
        g.apply(Action::Done);
    }
    assert_eq!(g.step, Step::RevealAgenda, "another agenda is revealed");
    check(&g).unwrap();
}

/// Pillage (Mentak): "After 1 of your neighbors gains trade goods or resolves a transaction, if
/// they have 3 or more trade goods, you may take 1 of their trade goods or commodities." Seed 7
/// seats the Mentak at seat 0, seat 1 made a neighbour: after their transaction (window
/// `TransactionResolved`, the Mentak's own partner) and after seat 1's Trade primary (window
/// `CommoditiesReplenished`); nothing below 3 trade goods, nor after the Trade secondary.
#[test]
fn mentak_pillage_takes_from_a_rich_neighbour_after_a_transaction_or_trade() {
    use crate::ti4::rules::Window;
    const TRADE: u8 = 4;
    let (base, _) = neighbour_game_of(game_of(six_player_game(7)));
    assert_eq!(base.content().factions[base.state.player(ME).faction.idx()].key, "mentak");
    let pillage = crate::ti4::rules::Source::Ability(crate::ti4::factions::ability_bit("pillage").unwrap());
    // A transaction: seat 1 receives 2 commodities as trade goods and has 4.
    let mut g = base.clone();
    (g.state.player_mut(ME).commodities, g.state.player_mut(ME).trade_goods) = (2, 0);
    (g.state.player_mut(THEM).commodities, g.state.player_mut(THEM).trade_goods) = (1, 2);
    g.apply(Action::Transact(THEM.0, 0));
    g.apply(Action::Accept);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::TransactionResolved)));
    assert_eq!(g.flow.transaction.resolved_with, Some(THEM));
    // Seat 1 gave its commodity: only a trade good to take.
    assert_eq!(legal(&g), vec![Action::Choose(pillage, 2), Action::Done]);
    g.apply(Action::Choose(pillage, 2));
    assert_eq!((g.state.player(THEM).trade_goods, g.state.player(ME).trade_goods), (3, 2));
    assert_eq!((g.step, g.flow.transaction.resolved_with), (Step::Turn(ME), None));
    check(&g).unwrap();
    // Seat 1 left with 2 trade goods: no Pillage.
    let mut g = base.clone();
    (g.state.player_mut(ME).commodities, g.state.player_mut(THEM).trade_goods) = (2, 0);
    g.apply(Action::Transact(THEM.0, 0));
    g.apply(Action::Accept);
    assert_eq!(g.step, Step::Turn(ME), "2 trade goods: nothing to pillage");
    // The Trade primary gives seat 1 three trade goods: a trade good or a commodity to take.
    let mut g = base.clone();
    g.state.player_mut(THEM).trade_goods = 0;
    g.state.strategy_cards.set_holder(crate::ti4::components::StrategyCard(TRADE), Some(THEM));
    g.flow.turn = THEM;
    g.step = super::cards::strategic(&mut g, THEM, TRADE);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::CommoditiesReplenished)));
    assert_eq!(legal(&g), vec![Action::Choose(pillage, 2), Action::Choose(pillage, 3), Action::Done]);
    let commodities = g.state.player(THEM).commodities;
    let tg = g.state.player(ME).trade_goods;
    g.apply(Action::Choose(pillage, 3));
    assert_eq!((g.state.player(THEM).trade_goods, g.state.player(THEM).commodities), (3, commodities - 1));
    assert_eq!(g.state.player(ME).trade_goods, tg + 1, "a commodity taken is a trade good");
    check(&g).unwrap();
    // The Mentak's own Trade secondary gains no trade goods: never asked there.
    while let Step::Decide(p) | Step::Follow(p) = g.step {
        assert_ne!(g.flow.pending.window.filter(|_| p == ME), Some(Window::CommoditiesReplenished));
        let a = if legal(&g).contains(&Action::Follow) { Action::Follow } else { Action::Done };
        g.apply(a);
    }
}
