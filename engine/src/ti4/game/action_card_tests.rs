//! Action card tests: one per implemented card (named after it), the deck in play, the status
//! phase draw with the hand limit, and hidden hands.

use super::action_cards::{neighbours, HAND_LIMIT};
use super::tests::{check, six_player_game};
use super::*;
use crate::game::Game;
use crate::ti4::components::{normalize_action_cards, Zone};
use crate::ti4::state::{Location, NOBODY};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const ME: Player = Player(0);
const THEM: Player = Player(1);

/// Seed 1 after the deal, at seat 0's action-phase turn, with no action card in any hand.
pub(super) fn game() -> Ti4Game {
    game_of(six_player_game(1))
}

/// The action phase of new game `g`, seat 0 to act, every agent exhausted
/// (`rule_tests::exhaust_agents`).
pub(super) fn game_of(mut g: Ti4Game) -> Ti4Game {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    g.apply_chance(&mut rng);
    super::rule_tests::exhaust_agents(&mut g);
    g.flow.turn = ME;
    g.step = Step::Turn(ME);
    g
}

pub(super) fn give(g: &mut Ti4Game, key: &str, p: Player) -> ActionCardId {
    let c = g.content.clone();
    let id = c.cards.action_card(key).expect("card");
    let (first, n) = c.cards.copies_of(id);
    let k = (first..first + n).find(|&k| g.state.action_cards.get(k) == Zone::Deck).expect("a copy in the deck");
    g.state.action_cards.set(k, Zone::Hand(p));
    normalize_action_cards(&c, &mut g.state.action_cards);
    id
}

/// The targets offered for `card`.
fn targets(g: &Ti4Game, card: ActionCardId) -> Vec<u8> {
    let mut b = Vec::new();
    g.legal_actions(&mut b);
    b.iter()
        .filter_map(|a| match *a {
            Action::Play(k, t) if k == card => Some(t),
            _ => None,
        })
        .collect()
}

/// Plays `card` with `target` and checks it went to the discard pile, the turn ended, and the
/// invariants hold.
fn play(g: &mut Ti4Game, card: ActionCardId, target: u8) {
    assert!(targets(g, card).contains(&target), "{target} not offered: {:?}", targets(g, card));
    g.apply(Action::Play(card, target));
    let (first, n) = g.content.cards.copies_of(card);
    assert!((first..first + n).any(|k| g.state.action_cards.get(k) == Zone::Discard));
    assert_ne!(g.step, Step::Turn(ME), "a component action ends the turn");
    check(g).unwrap();
}

/// A board planet with `trait_` that nobody controls, given to `p`.
pub(super) fn grant_planet(g: &mut Ti4Game, p: Player, pred: impl Fn(&Ti4Game, PlanetId) -> bool) -> PlanetId {
    let c = g.content.clone();
    let pl = (0..c.planets.len())
        .map(|i| PlanetId(i as u8))
        .find(|&pl| {
            g.state.planet_location(&c, pl).is_some()
                && g.state.seats().all(|q| !g.state.player(q).planets.contains(pl))
                && g.state.planet_location(&c, pl).is_some_and(|l| g.state.occupant(l).is_none())
                && pred(g, pl)
        })
        .expect("a free planet");
    g.state.player_mut(p).planets.insert(pl);
    pl
}

/// Moves `n` command tokens from reinforcements to `ME`'s fleet pool.
fn more_fleet(g: &mut Ti4Game, n: u8) {
    let ps = g.state.player_mut(ME);
    ps.token_reinforcements -= n;
    ps.fleet += n;
}

fn has_trait(g: &Ti4Game, pl: PlanetId, t: &str) -> bool {
    g.content.planets[pl.idx()].traits.iter().any(|x| x == t)
}

fn home_planet(g: &Ti4Game, p: Player) -> (PlanetId, Location) {
    let tile = g.galaxy.tile(g.home_slot[p.idx()]);
    let pl = g.content.systems[tile.idx()].planets[0];
    (pl, g.state.planet_location(&g.content, pl).unwrap())
}

#[test]
fn deck_in_play_holds_every_copy_of_the_implemented_cards_only() {
    let g = six_player_game(1);
    let c = g.content();
    let mut distinct = 0;
    for (i, d) in c.cards.action_cards.iter().enumerate() {
        let rule = crate::ti4::rules::rules()
            .any(|r| matches!(r.source, crate::ti4::rules::SourceKey::ActionCard(k) if k == d.key));
        assert_eq!(
            d.implemented,
            ActionEffect::of_key(&d.key).is_some() || rule,
            "{}: flag and effect disagree",
            d.key
        );
        let (first, n) = c.cards.copies_of(ActionCardId(i as u8));
        assert_eq!(n, d.copies as usize);
        let want = if d.implemented { Zone::Deck } else { Zone::Removed };
        assert!((first..first + n).all(|k| g.state.action_cards.get(k) == want), "{}", d.key);
        distinct += d.implemented as usize;
    }
    assert!(distinct >= 12, "{distinct} implemented cards");
}

/// Status phase 3 (rules 81.3): every player draws one card; hand limit 7 (rules 2.3). (Neural
/// Motivator, which Jol-Nar starts with, is taken away: its second card is tested in
/// `tech_tests`.)
#[test]
fn status_phase_draws_one_card_each_and_enforces_the_hand_limit() {
    let g = seven_cards_then_status_draw(game());
    let copies = g.content.cards.action_copies.len();
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(ME)), HAND_LIMIT);
    assert_eq!(g.state.action_cards.count(copies, Zone::Discard), 1);
    for q in 1..6 {
        assert_eq!(g.state.action_cards.count(copies, Zone::Hand(Player(q))), 1);
    }
    check(&g).unwrap();
}

/// Status phase 3 in `g` (an action phase, seat 0 to act) once seat 0 holds 7 action cards (and
/// no seat has Neural Motivator).
pub(super) fn seven_cards_then_status_draw(mut g: Ti4Game) -> Ti4Game {
    let nm = g.content.tech("neural_motivator").expect("tech");
    for q in 0..6 {
        g.state.player_mut(Player(q)).techs.remove(nm);
    }
    let copies = g.content.cards.action_copies.len();
    for k in ["economic_initiative", "industrial_initiative", "mining_initiative", "war_effort"] {
        give(&mut g, k, ME);
    }
    for k in ["ghost_ship", "uprising", "insubordination"] {
        give(&mut g, k, ME);
    }
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(ME)), HAND_LIMIT);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    action_cards::status_draw(&mut g, &mut rng);
    g
}

/// Rules 2.5: an empty deck is reshuffled from the discard pile.
#[test]
fn empty_action_deck_reshuffles_the_discard_pile() {
    let mut g = game();
    let copies = g.content.cards.action_copies.len();
    for k in 0..copies {
        if g.state.action_cards.get(k) == Zone::Deck {
            g.state.action_cards.set(k, Zone::Discard);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    action_cards::status_draw(&mut g, &mut rng);
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(ME)), 1);
    assert_eq!(g.state.action_cards.count(copies, Zone::Discard), 0);
    check(&g).unwrap();
}

#[test]
fn observation_hides_other_players_action_cards() {
    let mut g = game();
    let copies = g.content.cards.action_copies.len();
    give(&mut g, "uprising", ME);
    give(&mut g, "war_effort", THEM);
    let obs = g.observation(0);
    assert_eq!(obs.hidden_action_cards[1], 1);
    assert_eq!(obs.game.state.action_cards.count(copies, Zone::Hand(THEM)), 0);
    assert_eq!(obs.game.state.action_cards.count(copies, Zone::Hand(ME)), 1);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let d = g.determinize(0, &mut rng);
    assert_eq!(d.state.action_cards.count(copies, Zone::Hand(THEM)), 1);
    check(&d).unwrap();
}

#[test]
fn economic_initiative() {
    let mut g = game();
    let pl = grant_planet(&mut g, ME, |g, pl| has_trait(g, pl, "cultural"));
    g.state.exhausted_planets.insert(pl);
    let card = give(&mut g, "economic_initiative", ME);
    play(&mut g, card, 0);
    assert!(!g.state.exhausted_planets.contains(pl));
}

#[test]
fn industrial_initiative() {
    let mut g = game();
    grant_planet(&mut g, ME, |g, pl| has_trait(g, pl, "industrial"));
    let n = g.state.player(ME).planets.iter().filter(|&pl| has_trait(&g, pl, "industrial")).count() as u8;
    let tg = g.state.player(ME).trade_goods;
    let card = give(&mut g, "industrial_initiative", ME);
    play(&mut g, card, 0);
    assert_eq!(g.state.player(ME).trade_goods, tg + n);
}

#[test]
fn mining_initiative() {
    let mut g = game();
    let best = g.state.player(ME).planets.iter().map(|pl| g.content.planets[pl.idx()].resources).max().unwrap();
    let tg = g.state.player(ME).trade_goods;
    let card = give(&mut g, "mining_initiative", ME);
    play(&mut g, card, 0);
    assert_eq!(g.state.player(ME).trade_goods, tg + best);
}

#[test]
fn frontline_deployment() {
    let mut g = game();
    let (pl, loc) = home_planet(&g, ME);
    let before = g.state.count_at(loc, UnitType::Infantry);
    let card = give(&mut g, "frontline_deployment", ME);
    play(&mut g, card, pl.0);
    assert_eq!(g.state.count_at(loc, UnitType::Infantry), before + 3);
}

#[test]
fn rise_of_a_messiah() {
    let mut g = game();
    let planets: Vec<PlanetId> = g.state.player(ME).planets.iter().collect();
    let locs: Vec<Location> = planets.iter().map(|&pl| g.state.planet_location(&g.content, pl).unwrap()).collect();
    let before: Vec<u8> = locs.iter().map(|&l| g.state.count_at(l, UnitType::Infantry)).collect();
    let card = give(&mut g, "rise_of_a_messiah", ME);
    play(&mut g, card, 0);
    for (l, b) in locs.iter().zip(before) {
        assert_eq!(g.state.count_at(*l, UnitType::Infantry), b + 1);
    }
}

#[test]
fn ghost_ship() {
    let mut g = game();
    let card = give(&mut g, "ghost_ship", ME);
    let offered = targets(&g, card);
    for &sl in &offered {
        let tile = g.galaxy.tile(sl);
        assert!(g.content.systems[tile.idx()].wormholes != 0 && !g.home_slot[..6].contains(&sl));
    }
    let Some(&slot) = offered.first() else { return };
    play(&mut g, card, slot);
    assert_eq!(g.state.count_at(Location::Space(slot), UnitType::Destroyer), 1);
    assert_eq!(g.state.systems[slot as usize].space.owner, ME.0);
}

#[test]
fn war_effort() {
    let mut g = game();
    let home = g.home_slot[0];
    more_fleet(&mut g, 4);
    assert_eq!(g.state.systems[home as usize].space.owner, ME.0, "seat 0 starts with ships at home");
    let before = g.state.count_at(Location::Space(home), UnitType::Cruiser);
    let card = give(&mut g, "war_effort", ME);
    assert!(targets(&g, card).iter().all(|&sl| g.state.systems[sl as usize].space.owner == ME.0));
    play(&mut g, card, home);
    assert_eq!(g.state.count_at(Location::Space(home), UnitType::Cruiser), before + 1);
}

#[test]
fn unexpected_action() {
    let mut g = game();
    let home = g.home_slot[0];
    g.state.systems[home as usize].tokens |= 1;
    g.state.player_mut(ME).token_reinforcements -= 1;
    let r = g.state.player(ME).token_reinforcements;
    let card = give(&mut g, "unexpected_action", ME);
    play(&mut g, card, home);
    assert_eq!(g.state.systems[home as usize].tokens & 1, 0);
    assert_eq!(g.state.player(ME).token_reinforcements, r + 1);
}

#[test]
fn uprising() {
    let mut g = game();
    let pl = grant_planet(&mut g, THEM, |g, pl| g.content.planets[pl.idx()].resources > 0);
    let tg = g.state.player(ME).trade_goods;
    let card = give(&mut g, "uprising", ME);
    let (hp, _) = home_planet(&g, THEM);
    assert!(!targets(&g, card).contains(&(hp.0)), "home planets are not targets");
    play(&mut g, card, pl.0);
    assert!(g.state.exhausted_planets.contains(pl));
    assert_eq!(g.state.player(ME).trade_goods, tg + g.content.planets[pl.idx()].resources);
}

#[test]
fn cripple_defenses() {
    let mut g = game();
    let (pl, loc) = home_planet(&g, THEM);
    if g.state.count_at(loc, UnitType::Pds) == 0 {
        g.state.add_units(THEM, loc, UnitType::Pds, 1).unwrap();
    }
    let reinf = g.state.player(THEM).reinforcements[UnitType::Pds.idx()];
    let n = g.state.count_at(loc, UnitType::Pds);
    let card = give(&mut g, "cripple_defenses", ME);
    play(&mut g, card, pl.0);
    assert_eq!(g.state.count_at(loc, UnitType::Pds), 0);
    assert_eq!(g.state.player(THEM).reinforcements[UnitType::Pds.idx()], reinf + n);
}

#[test]
fn insubordination() {
    let mut g = game();
    let t = g.state.player(THEM).tactic;
    assert!(t > 0);
    let card = give(&mut g, "insubordination", ME);
    play(&mut g, card, THEM.0);
    assert_eq!(g.state.player(THEM).tactic, t - 1);
}

#[test]
fn fighter_conscription() {
    let mut g = game();
    let home = g.home_slot[0];
    g.state.add_units(ME, Location::Space(home), UnitType::Carrier, 1).unwrap();
    more_fleet(&mut g, 4);
    let before = g.state.count_at(Location::Space(home), UnitType::Fighter);
    let card = give(&mut g, "fighter_conscription", ME);
    play(&mut g, card, 0);
    assert_eq!(g.state.count_at(Location::Space(home), UnitType::Fighter), before + 1);
}

#[test]
fn plagiarize() {
    let mut g = game();
    // Make seat 1 a neighbour: one of its destroyers next to seat 0's home.
    let home = g.home_slot[0];
    let next = crate::ti4::galaxy::bits(g.galaxy.neighbours(home))
        .find(|&sl| g.state.systems[sl as usize].space.owner == NOBODY)
        .unwrap();
    g.state.add_units(THEM, Location::Space(next), UnitType::Destroyer, 1).unwrap();
    assert!(neighbours(&g, ME) >> THEM.0 & 1 == 1);
    let c = g.content.clone();
    let t = (0..c.techs.len())
        .map(|i| TechId(i as u8))
        .find(|&t| c.tech_def(t).faction.is_none() && !g.state.player(ME).techs.contains(t))
        .unwrap();
    g.state.player_mut(THEM).techs.insert(t);
    g.state.player_mut(ME).trade_goods = 5;
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    let card = give(&mut g, "plagiarize", ME);
    play(&mut g, card, t.0);
    assert!(g.state.player(ME).techs.contains(t));
    assert_eq!(g.state.player(ME).trade_goods, 0, "5 influence paid with trade goods");
}

/// Plagiarize (action card; Technology 11, note 3): a technology the player's faction upgrade
/// replaces is not offered, so the 5 influence are never spent on a gain that fails.
#[test]
fn plagiarize_does_not_offer_a_technology_the_faction_upgrade_replaces() {
    let mut g = game();
    let c = g.content.clone();
    let p = g
        .state
        .seats()
        .find(|&q| !c.forbidden_by[g.state.player(q).faction.idx()].is_empty())
        .expect("a seat with a faction unit upgrade");
    let forbidden = c.forbidden_by[g.state.player(p).faction.idx()].iter().next().unwrap();
    let other = Player((p.0 + 1) % g.state.num_players);
    let home = g.home_slot[p.idx()];
    let next = crate::ti4::galaxy::bits(g.galaxy.neighbours(home))
        .find(|&sl| g.state.systems[sl as usize].space.owner == NOBODY)
        .unwrap();
    g.state.add_units(other, Location::Space(next), UnitType::Destroyer, 1).unwrap();
    assert!(neighbours(&g, p) >> other.0 & 1 == 1);
    let allowed = (0..c.techs.len())
        .map(|i| TechId(i as u8))
        .find(|&t| {
            c.tech_def(t).faction.is_none()
                && !g.state.player(p).techs.contains(t)
                && !c.forbidden_by[g.state.player(p).faction.idx()].contains(t)
        })
        .unwrap();
    g.state.player_mut(other).techs.insert(forbidden);
    g.state.player_mut(other).techs.insert(allowed);
    g.state.player_mut(p).trade_goods = 5;
    g.flow.turn = p;
    g.step = Step::Turn(p);
    let card = give(&mut g, "plagiarize", p);
    let offered = targets(&g, card);
    assert!(offered.contains(&allowed.0), "{offered:?}");
    assert!(!offered.contains(&forbidden.0), "{offered:?}");
}

/// Politics: the primary draws 2 action cards after the speaker is chosen; the secondary spends
/// a strategy token for 2 more.
#[test]
fn politics_draws_two_action_cards() {
    let mut g = game();
    let copies = g.content.cards.action_copies.len();
    g.state.strategy_cards.set_holder(crate::ti4::components::StrategyCard(2), Some(ME));
    g.step = cards::strategic(&mut g, ME, 2);
    assert_eq!(g.step, Step::ChooseSpeaker(ME));
    g.apply(Action::Speaker(THEM.0));
    assert_eq!(g.step, Step::DrawActionCards(ME));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    g.apply_chance(&mut rng);
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(ME)), 2);
    let Step::Follow(q) = g.step else { panic!("secondary offered, got {:?}", g.step) };
    let tokens = g.state.player(q).strategy;
    g.apply(Action::Follow);
    assert_eq!(g.step, Step::DrawActionCards(q));
    g.apply_chance(&mut rng);
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(q)), 2);
    assert_eq!(g.state.player(q).strategy, tokens - 1);
    check(&g).unwrap();
}

/// `docs/RULES.md` has a row per action card of the content under "Action cards", reading
/// "implemented" exactly for the cards marked implemented (the deck in play).
#[test]
fn rules_md_lists_every_action_card() {
    let body = super::tests::rules_md_section("### Action cards");
    let g = game();
    for d in &g.content().cards.action_cards {
        let prefix = format!("| {} | {} | ", d.key, d.copies);
        let line = body.lines().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("no row for {}", d.key));
        let status = line.split(" | ").nth(3).unwrap_or("");
        assert_eq!(status.starts_with("implemented"), d.implemented, "docs/RULES.md, action card {}", d.key);
    }
    assert_eq!(
        body.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| card") && !l.starts_with("| ---")).count(),
        g.content().cards.action_cards.len()
    );
}

/// Lucky Shot: another player's destroyer, cruiser or dreadnought in a system with a planet
/// `ME` controls is destroyed (an undamaged dreadnought first); not offered where `ME` controls
/// no planet, nor for its own ships.
#[test]
fn lucky_shot() {
    let mut g = game();
    let card = give(&mut g, "lucky_shot", ME);
    let (_, loc) = home_planet(&g, ME);
    let Location::Planet(slot, _) = loc else { unreachable!() };
    assert!(!targets(&g, card).iter().any(|&t| t / 3 == slot), "own ships are never targets");
    // Seat 1's ships in ME's home system (a board edit: the space area holds theirs only).
    for t in [UnitType::Destroyer, UnitType::Cruiser, UnitType::Dreadnought, UnitType::Carrier, UnitType::Fighter] {
        let n = g.state.count_at(Location::Space(slot), t);
        if n > 0 {
            g.state.remove_units(Location::Space(slot), t, n).unwrap();
        }
    }
    g.state.add_units(THEM, Location::Space(slot), UnitType::Dreadnought, 2).unwrap();
    g.state.set_damaged(Location::Space(slot), UnitType::Dreadnought, 1).unwrap();
    assert_eq!(targets(&g, card), vec![slot * 3 + 2]);
    play(&mut g, card, slot * 3 + 2);
    assert_eq!(g.state.count_at(Location::Space(slot), UnitType::Dreadnought), 1);
    assert_eq!(g.state.damaged_at(Location::Space(slot), UnitType::Dreadnought), 1, "the undamaged one went");
}

/// Reactor Meltdown: another player's space dock in a non-home system is destroyed; docks in
/// home systems are not targets.
#[test]
fn reactor_meltdown() {
    let mut g = game();
    let card = give(&mut g, "reactor_meltdown", ME);
    assert!(targets(&g, card).is_empty(), "only home docks on the board");
    let pl = grant_planet(&mut g, THEM, |g, pl| !g.home_slot.iter().any(|&h| planet_slot_of(g, pl) == Some(h)));
    let loc = g.state.planet_location(&g.content.clone(), pl).unwrap();
    g.state.add_units(THEM, loc, UnitType::SpaceDock, 1).unwrap();
    assert_eq!(targets(&g, card), vec![pl.0]);
    play(&mut g, card, pl.0);
    assert_eq!(g.state.count_at(loc, UnitType::SpaceDock), 0);
}

fn planet_slot_of(g: &Ti4Game, pl: PlanetId) -> Option<u8> {
    match g.state.planet_location(&g.content, pl) {
        Some(Location::Planet(slot, _)) => Some(slot),
        _ => None,
    }
}

/// Tactical Bombardment: in a system where `ME` has a unit with BOMBARDMENT (a dreadnought),
/// each planet other players control is exhausted; without such a unit nothing is offered.
#[test]
fn tactical_bombardment() {
    let mut g = game();
    let card = give(&mut g, "tactical_bombardment", ME);
    let pl = grant_planet(&mut g, THEM, |g, pl| !g.home_slot.iter().any(|&h| planet_slot_of(g, pl) == Some(h)));
    let slot = planet_slot_of(&g, pl).unwrap();
    g.state.add_units(ME, Location::Space(slot), UnitType::Carrier, 1).unwrap();
    assert!(!targets(&g, card).contains(&slot), "a carrier has no BOMBARDMENT");
    g.state.add_units(ME, Location::Space(slot), UnitType::Dreadnought, 1).unwrap();
    assert!(targets(&g, card).contains(&slot));
    play(&mut g, card, slot);
    assert!(g.state.exhausted_planets.contains(pl));
}

/// Unstable Planet: a hazardous planet is exhausted and up to 3 infantry on it destroyed.
#[test]
fn unstable_planet() {
    let mut g = game();
    let card = give(&mut g, "unstable_planet", ME);
    let pl = grant_planet(&mut g, THEM, |g, pl| has_trait(g, pl, "hazardous"));
    let loc = g.state.planet_location(&g.content.clone(), pl).unwrap();
    g.state.add_units(THEM, loc, UnitType::Infantry, 4).unwrap();
    assert!(targets(&g, card).contains(&pl.0));
    play(&mut g, card, pl.0);
    assert!(g.state.exhausted_planets.contains(pl));
    assert_eq!(g.state.count_at(loc, UnitType::Infantry), 1, "up to 3 destroyed");
}

/// Repeal Law: a law in play is discarded (Executive Sanctions: the hand limit is 7 again).
#[test]
fn repeal_law() {
    let mut g = game();
    let card = give(&mut g, "repeal_law", ME);
    assert!(targets(&g, card).is_empty(), "no law in play");
    let law = g.content.cards.agenda("executive_sanctions").unwrap();
    g.state.agendas.set(law.idx(), Zone::Law);
    assert_eq!(super::agendas::hand_limit(&g, ME), 3);
    assert_eq!(targets(&g, card), vec![law.0]);
    play(&mut g, card, law.0);
    assert_eq!(g.state.agendas.get(law.idx()), Zone::Discard);
    assert_eq!(super::agendas::hand_limit(&g, ME), HAND_LIMIT);
}

/// Focused Research ("ACTION: Spend 4 trade goods to research 1 technology"): offered with 4
/// trade goods, one target per technology researchable (prerequisites apply); the research is
/// made and the 4 trade goods spent; with 3 trade goods it is not offered.
#[test]
fn focused_research_spends_4_trade_goods_to_research_a_technology() {
    let mut g = game();
    let c = g.content.clone();
    let card = give(&mut g, "focused_research", ME);
    g.state.player_mut(ME).trade_goods = 3;
    assert!(targets(&g, card).is_empty(), "3 trade goods: not offered");
    g.state.player_mut(ME).trade_goods = 5;
    let targets = targets(&g, card);
    let mut opts = Vec::new();
    crate::ti4::technology::research_options(&c, &g.state, ME, 0, &mut opts);
    let mut want: Vec<u8> = opts.iter().filter(|o| o.skip.resources() == 0).map(|o| o.tech.0).collect();
    want.dedup();
    assert_eq!(targets, want, "every technology researchable");
    let fleet_logistics = c.tech("fleet_logistics").unwrap();
    assert!(!targets.contains(&fleet_logistics.0), "prerequisites apply");
    let t = TechId(targets[0]);
    play(&mut g, card, t.0);
    assert!(g.state.player(ME).techs.contains(t), "researched");
    assert_eq!(g.state.player(ME).trade_goods, 1, "4 trade goods spent");
}

/// Refit Troops ("ACTION: Choose 1 or 2 of your infantry on the game board; replace each of
/// those infantry with mechs"): one target per planet with the player's infantry; 2 of them
/// become mechs (simplified: those of one planet, as many as the card allows).
#[test]
fn refit_troops_replaces_2_infantry_on_a_planet_with_mechs() {
    let mut g = game();
    let c = g.content.clone();
    let card = give(&mut g, "refit_troops", ME);
    let home: Vec<PlanetId> = g.state.player(ME).planets.iter().collect();
    let with_infantry: Vec<u8> = home
        .iter()
        .filter(|&&pl| g.state.count_at(g.state.planet_location(&c, pl).unwrap(), UnitType::Infantry) > 0)
        .map(|pl| pl.0)
        .collect();
    assert!(!with_infantry.is_empty());
    assert_eq!(targets(&g, card), with_infantry, "each planet with the player's infantry");
    let pl = PlanetId(with_infantry[0]);
    let loc = g.state.planet_location(&c, pl).unwrap();
    g.place_units(ME, loc, UnitType::Infantry, 2).unwrap();
    let (inf, mechs) = (g.state.count_at(loc, UnitType::Infantry), g.state.count_at(loc, UnitType::Mech));
    play(&mut g, card, pl.0);
    assert_eq!(g.state.count_at(loc, UnitType::Infantry), inf - 2);
    assert_eq!(g.state.count_at(loc, UnitType::Mech), mechs + 2);
}

/// War Machine (window `ProductionStart`): +4 to the production's PRODUCTION value, its
/// combined cost 1 lower; offered once, before the first unit is queued.
#[test]
fn war_machine_adds_4_production_and_takes_1_off_the_cost() {
    let mut card = ActionCardId(0);
    let (mut g, h) = super::rule_tests::production_scenario_with(|g| card = give(g, "war_machine", ME));
    let src = crate::ti4::rules::Source::ActionCard(card);
    assert_eq!(g.step, Step::Decide(ME), "the producer is asked before producing");
    assert_eq!(super::rule_tests::legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.step, Step::Produce(ME));
    assert!(!crate::ti4::rules::in_hand(&g.content, &g.state, ME, card), "the card was played");
    let pl = g.state.planet_at(g.content(), Location::Planet(h, 0)).unwrap();
    let limit = g.content().planets[pl.idx()].resources as usize + 2 + 4;
    let mut n = 0;
    while super::rule_tests::legal(&g).contains(&Action::Produce(UnitType::Infantry)) {
        g.apply(Action::Produce(UnitType::Infantry));
        n += 1;
    }
    assert_eq!(n, limit, "the dock's PRODUCTION + 4");
    let tg = g.state.player(ME).trade_goods;
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    g.apply(Action::Done);
    assert_eq!(tg - g.state.player(ME).trade_goods, limit.div_ceil(2) as u8 - 1, "infantry 1 for 2, less 1");
    assert_eq!(g.state.count_at(Location::Planet(h, 0), UnitType::Infantry), limit as u8);
    assert!(!g.flow.production.war_machine, "the effect ends with the production");
    check(&g).unwrap();
}

/// Sabotage (window `ActionCardPlayed`): another player cancels a component-action card; it
/// is discarded and resolves nothing. Declined, the card resolves.
#[test]
fn sabotage_cancels_an_action_card_played_by_another_player() {
    for cancel in [true, false] {
        let mut g = game();
        let (pl, loc) = home_planet(&g, ME);
        let before = g.state.count_at(loc, UnitType::Infantry);
        let card = give(&mut g, "frontline_deployment", ME);
        let sabotage = give(&mut g, "sabotage", THEM);
        g.apply(Action::Play(card, pl.0));
        assert_eq!(g.step, Step::Decide(THEM), "the holder of Sabotage is asked before the effect");
        assert_eq!(g.state.count_at(loc, UnitType::Infantry), before, "not resolved yet");
        let src = crate::ti4::rules::Source::ActionCard(sabotage);
        g.apply(if cancel { Action::Choose(src, 0) } else { Action::Done });
        let placed = if cancel { 0 } else { 3 };
        assert_eq!(g.state.count_at(loc, UnitType::Infantry), before + placed, "cancelled: {cancel}");
        assert_eq!(crate::ti4::rules::in_hand(&g.content, &g.state, THEM, sabotage), !cancel);
        assert_ne!(g.step, Step::Turn(ME), "the turn ended");
        assert!(g.flow.played.is_none());
        check(&g).unwrap();
    }
}

/// Reverse Engineer (window `ActionCardDiscarded`): after another player's component-action
/// card resolved, its holder takes that card from the discard pile.
#[test]
fn reverse_engineer_takes_the_discarded_component_action_card() {
    let mut g = game();
    let (pl, loc) = home_planet(&g, ME);
    let before = g.state.count_at(loc, UnitType::Infantry);
    let card = give(&mut g, "frontline_deployment", ME);
    let reverse = give(&mut g, "reverse_engineer", THEM);
    g.apply(Action::Play(card, pl.0));
    assert_eq!(g.state.count_at(loc, UnitType::Infantry), before + 3, "resolved before the window");
    assert_eq!(g.step, Step::Decide(THEM));
    g.apply(Action::Choose(crate::ti4::rules::Source::ActionCard(reverse), 0));
    assert!(crate::ti4::rules::in_hand(&g.content, &g.state, THEM, card), "taken from the discard pile");
    assert!(!crate::ti4::rules::in_hand(&g.content, &g.state, THEM, reverse));
    assert!(!crate::ti4::rules::in_hand(&g.content, &g.state, ME, card));
    check(&g).unwrap();
}

/// Plague: "ACTION: Choose 1 planet that is controlled by another player. Roll 1 die for each
/// infantry on that planet. For each result of 6 or greater, destroy 1 of those units." The
/// dice are the chance step `Step::CardChance`: over 40 seeds each roll destroys between none
/// and all 6 infantry, about half on average (each die hits on 6-10), and the destroyed ones
/// return to their owner's reinforcements. A planet of one's own is never offered.
#[test]
fn plague_destroys_an_infantry_per_die_of_6_or_more() {
    let mut g = game();
    let (pl, loc) = home_planet(&g, THEM);
    let (mine, _) = home_planet(&g, ME);
    let have = g.state.count_at(loc, UnitType::Infantry);
    g.state.add_units(THEM, loc, UnitType::Infantry, 6 - have).unwrap();
    let card = give(&mut g, "plague", ME);
    assert!(targets(&g, card).contains(&pl.0) && !targets(&g, card).contains(&mine.0));
    play(&mut g, card, pl.0);
    assert_eq!(g.step, Step::CardChance);
    assert_eq!(g.state.count_at(loc, UnitType::Infantry), 6, "not rolled yet");
    let reinf = g.state.player(THEM).reinforcements[UnitType::Infantry.idx()];
    let mut total = 0;
    let mut seen = [false; 7];
    for seed in 0..40 {
        let mut g = g.clone();
        g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
        let destroyed = 6 - g.state.count_at(loc, UnitType::Infantry);
        assert_eq!(g.state.player(THEM).reinforcements[UnitType::Infantry.idx()], reinf + destroyed);
        assert!(g.flow.played.is_none() && g.step != Step::CardChance, "the play is over");
        check(&g).unwrap();
        seen[destroyed as usize] = true;
        total += destroyed as u32;
    }
    assert!((80..=160).contains(&total), "{total} of 240 dice hit");
    assert!(seen.iter().filter(|&&s| s).count() >= 3, "{seen:?}");
}

/// Spy: "ACTION: Choose 1 player. That player gives you 1 random action card from their hand."
/// A player with an empty hand is not offered; the card is drawn at the chance step
/// `Step::CardChance`, uniformly from the hand: over 30 seeds each of the two cards is taken.
#[test]
fn spy_takes_a_random_action_card_from_the_chosen_players_hand() {
    let mut g = game();
    let card = give(&mut g, "spy", ME);
    assert!(targets(&g, card).is_empty(), "no other hand holds a card");
    let a = give(&mut g, "war_effort", THEM);
    let b = give(&mut g, "uprising", THEM);
    assert_eq!(targets(&g, card), vec![THEM.0]);
    play(&mut g, card, THEM.0);
    assert_eq!(g.step, Step::CardChance);
    let mut took = [0; 2];
    for seed in 0..30 {
        let mut g = g.clone();
        g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
        let holds = |p: Player, k: ActionCardId| crate::ti4::rules::in_hand(&g.content, &g.state, p, k);
        assert!(holds(ME, a) != holds(ME, b), "one card taken");
        assert!(holds(THEM, a) != holds(THEM, b), "one card left");
        took[usize::from(holds(ME, b))] += 1;
        check(&g).unwrap();
    }
    assert!(took[0] > 0 && took[1] > 0, "{took:?}");
}

/// Impersonation: "ACTION: Spend 3 influence to draw 1 secret objective." Played with ready
/// planets and trade goods worth 3 influence: they are spent and a secret objective drawn at the chance step
/// `Step::CardChance`; a player then holding four returns an unscored one (rules 61,
/// `Step::ReturnSecret`) and the play goes on. Without 3 influence it is not offered.
#[test]
fn impersonation_spends_3_influence_to_draw_a_secret_objective() {
    let mut g = game();
    let card = give(&mut g, "impersonation", ME);
    let n = g.content.cards.secret_objectives.len();
    let held = |g: &Ti4Game| {
        (0..n)
            .filter(|&i| matches!(g.state.secret_objectives.get(i), Zone::Hand(p) | Zone::PlayArea(p) if p == ME))
            .count()
    };
    let mut broke = g.clone();
    let planets = broke.state.player(ME).planets;
    broke.state.exhausted_planets = broke.state.exhausted_planets.union(planets);
    broke.state.player_mut(ME).trade_goods = 0;
    assert!(targets(&broke, card).is_empty(), "no influence: not offered");
    // Enough to spend whatever the home planets hold (trade goods pay influence too).
    g.state.player_mut(ME).trade_goods = 3;
    // Three held: the draw makes four, and one unscored goes back.
    while held(&g) < 3 {
        let i = (0..n).find(|&i| g.state.secret_objectives.get(i) == Zone::Deck).unwrap();
        g.state.secret_objectives.set(i, Zone::Hand(ME));
    }
    let (tg, ready) =
        (g.state.player(ME).trade_goods, g.state.player(ME).planets.difference(g.state.exhausted_planets));
    play(&mut g, card, 0);
    assert_eq!(g.step, Step::CardChance);
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(5));
    assert_eq!((g.step, held(&g)), (Step::ReturnSecret(ME), 4));
    let spent = ready.difference(g.state.player(ME).planets.difference(g.state.exhausted_planets));
    let influence: u8 = spent.iter().map(|pl| g.content.planets[pl.idx()].influence).sum();
    assert!(influence + (tg - g.state.player(ME).trade_goods) >= 3, "3 influence spent");
    let back = (0..n).find(|&i| g.state.secret_objectives.get(i) == Zone::Hand(ME)).unwrap();
    g.apply(Action::ReturnSecret(SecretObjectiveId(back as u8)));
    assert_eq!(held(&g), 3);
    assert!(g.flow.played.is_none() && g.step != Step::Turn(ME), "the play is over, the turn ended");
    check(&g).unwrap();
}

/// Seize Artifact: a neighbour with relic fragments gives one of the kind the player chooses;
/// a player who is not a neighbour is no target.
#[test]
fn seize_artifact() {
    let mut g = game();
    let frag = g.content.cards.exploration("hazardous_relic_fragment").unwrap();
    g.state.exploration.deck[frag.idx()] -= 1;
    g.state.exploration.fragments[THEM.idx()][1] = 1;
    let card = give(&mut g, "seize_artifact", ME);
    if neighbours(&g, ME) >> THEM.0 & 1 == 0 {
        assert!(targets(&g, card).is_empty(), "not a neighbour");
        let home = g.home_slot[0];
        let next = crate::ti4::galaxy::bits(g.galaxy.neighbours(home))
            .find(|&sl| g.state.systems[sl as usize].space.owner == NOBODY)
            .unwrap();
        g.state.add_units(THEM, Location::Space(next), UnitType::Destroyer, 1).unwrap();
    }
    assert_eq!(targets(&g, card), vec![THEM.0 * 4 + 1]);
    play(&mut g, card, THEM.0 * 4 + 1);
    assert_eq!(g.state.exploration.fragments[THEM.idx()], [0; 4]);
    assert_eq!(g.state.exploration.fragments[ME.idx()], [0, 1, 0, 0]);
    check(&g).unwrap();
}

/// Instinct Training (Xxcha): "You may exhaust this card and spend 1 token from your strategy
/// pool when another player plays an action card; cancel that action card." Asked as Sabotage
/// is, before the card's effect; not without a strategy token.
#[test]
fn instinct_training_cancels_another_players_action_card() {
    for (cancel, tokens) in [(true, 2), (false, 2), (false, 0)] {
        let mut g = game();
        let (pl, loc) = home_planet(&g, ME);
        let before = g.state.count_at(loc, UnitType::Infantry);
        let card = give(&mut g, "frontline_deployment", ME);
        let t = g.content().tech("instinct_training").unwrap();
        g.state.player_mut(THEM).techs.insert(t);
        let ps = g.state.player_mut(THEM);
        (ps.token_reinforcements, ps.strategy) = (ps.token_reinforcements + ps.strategy - tokens, tokens);
        let src = crate::ti4::rules::Source::Tech(t);
        g.apply(Action::Play(card, pl.0));
        if tokens == 0 {
            assert_ne!(g.step, Step::Decide(THEM), "no strategy token: not asked");
            assert_eq!(g.state.count_at(loc, UnitType::Infantry), before + 3);
            continue;
        }
        assert_eq!(g.step, Step::Decide(THEM), "asked before the effect");
        assert!(super::rule_tests::legal(&g).contains(&Action::Choose(src, 0)));
        g.apply(if cancel { Action::Choose(src, 0) } else { Action::Done });
        let placed = if cancel { 0 } else { 3 };
        assert_eq!(g.state.count_at(loc, UnitType::Infantry), before + placed, "cancelled: {cancel}");
        assert_eq!(g.state.player(THEM).exhausted_techs.contains(t), cancel);
        assert_eq!(g.state.player(THEM).strategy, if cancel { 1 } else { 2 });
        assert!(g.flow.played.is_none());
    }
}
