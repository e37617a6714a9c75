//! Exploration (rules 35), relic fragments and relics (rules 73) in play: one test per card or
//! family of cards with one text, named after it.

use super::rule_tests::{home, legal, scenario, ME};
use super::tests::check;
use super::*;
use crate::game::Game;
use crate::ti4::components::Zone;
use crate::ti4::content::ExplorationDeck;
use crate::ti4::rules::{Source, Window};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub(super) fn card(g: &Ti4Game, key: &str) -> ExplorationId {
    g.content().cards.exploration(key).unwrap_or_else(|| panic!("no card {key}"))
}

fn relic(g: &Ti4Game, key: &str) -> RelicId {
    g.content().cards.relic(key).unwrap()
}

/// Leaves only `key` in its deck: every other card of that deck is purged (the component
/// totals still hold).
pub(super) fn only(g: &mut Ti4Game, key: &str) {
    let k = card(g, key);
    let deck = g.content().cards.exploration[k.idx()].deck;
    let c = g.content.clone();
    let e = &mut g.state.exploration;
    for (i, d) in c.cards.exploration.iter().enumerate() {
        if d.deck == deck && i != k.idx() {
            e.purged[i] += std::mem::take(&mut e.deck[i]) + std::mem::take(&mut e.discard[i]);
        }
    }
}

/// The first [`super::rule_tests::scenario_of`] game with an uncontrolled planet of `deck`'s
/// trait next to `ME`'s home.
fn scenario_for(deck: ExplorationDeck) -> Ti4Game {
    (0..48)
        .map(|k| super::rule_tests::scenario_of(super::tests::six_player_game(k)))
        .find(|g| find_explorable(g, deck).is_some())
        .expect("a game with such a planet next to home")
}

/// An uncontrolled planet with exactly one trait (`deck`'s) in a plain system next to `ME`'s
/// home: its slot, planet index and planet.
fn explorable_next_to_home(g: &Ti4Game, deck: ExplorationDeck) -> (u8, u8, PlanetId) {
    find_explorable(g, deck).unwrap_or_else(|| panic!("no {deck:?} planet next to home"))
}

pub(super) fn find_explorable(g: &Ti4Game, deck: ExplorationDeck) -> Option<(u8, u8, PlanetId)> {
    let h = home(g);
    for sl in 0..g.state.num_systems {
        if g.galaxy().distance(h, sl) != Some(1) || g.home_slot[..6].contains(&sl) || sl == g.galaxy().mecatol() {
            continue;
        }
        for n in 0..3u8 {
            if let Some(pl) = g.state.planet_at(g.content(), Location::Planet(sl, n)) {
                let traits = g.content().planets[pl.idx()].trait_bits;
                if traits == 1 << deck as u8 && crate::ti4::control::controller(&g.state, pl).is_none() {
                    return Some((sl, n, pl));
                }
            }
        }
    }
    None
}

/// `ME` carries `ground` units from home onto planet `n` of `sl` and lands them; the game then
/// waits at the exploration of that planet.
pub(super) fn invade(g: &mut Ti4Game, sl: u8, n: u8, ground: &[UnitType]) {
    let h = home(g);
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
    for &t in ground {
        g.state.add_units(ME, Location::Planet(h, 0), t, 1).unwrap();
    }
    g.apply(Action::Activate(sl));
    g.apply(Action::Move(h, UnitType::Carrier));
    for &t in ground {
        g.apply(Action::Carry(h, t));
    }
    g.apply(Action::Done);
    for &t in ground {
        g.apply(Action::Land(n, t));
    }
    while matches!(g.step, Step::Land(_)) {
        g.apply(Action::Done);
    }
}

/// A game where `ME` invades a planet of `key`'s deck next to home with `ground`, the deck
/// holding only `key`; the card is drawn. Returns the game and the planet.
fn explore_with(key: &str, ground: &[UnitType]) -> (Ti4Game, u8, u8, PlanetId) {
    let c = crate::ti4::content::Content::embedded();
    let deck = c.cards.exploration[c.cards.exploration(key).unwrap().idx()].deck;
    let mut g = scenario_for(deck);
    only(&mut g, key);
    let (sl, n, pl) = explorable_next_to_home(&g, deck);
    invade(&mut g, sl, n, ground);
    assert_eq!(g.step, Step::Explore(ME), "Exploration 35.1: the planet gained is explored");
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!(g.explorations()[card(&g, key).idx()], 1, "the draw is counted");
    (g, sl, n, pl)
}

/// `ME` is offered exactly `ks` of exploration card `key` at window `PlanetExplored`.
fn assert_offered(g: &Ti4Game, key: &str, ks: &[u16]) {
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::PlanetExplored)));
    let src = Source::Exploration(card(g, key));
    let want: Vec<Action> = ks.iter().map(|&k| Action::Choose(src, k)).chain([Action::Done]).collect();
    assert_eq!(legal(g), want);
}

fn choose(g: &mut Ti4Game, key: &str, k: u16) {
    g.apply(Action::Choose(Source::Exploration(card(g, key)), k));
}

#[test]
fn exploration_35_planets_taken_from_nobody_with_a_trait_are_explored_once() {
    let (g, _, _, pl) = explore_with("dyson_sphere", &[UnitType::Infantry]);
    assert!(g.state.player(ME).planets.contains(pl));
    assert!(!matches!(g.step, Step::Explore(_)), "one planet, one exploration");
    check(&g).unwrap();
}

#[test]
fn exploration_dyson_sphere_attaches_plus_two_resources_plus_one_influence() {
    let mut g = scenario_for(ExplorationDeck::Cultural);
    let (sl, n, pl) = explorable_next_to_home(&g, ExplorationDeck::Cultural);
    let (r, i) = (g.state.resources_of(g.content(), pl), g.state.influence_of(g.content(), pl));
    only(&mut g, "dyson_sphere");
    invade(&mut g, sl, n, &[UnitType::Infantry]);
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!((g.state.resources_of(g.content(), pl), g.state.influence_of(g.content(), pl)), (r + 2, i + 1));
    assert_eq!(g.state.exploration.attachments_on(pl), 1);
    check(&g).unwrap();
}

#[test]
fn exploration_research_facility_gives_its_specialty_or_plus_one_each() {
    let (g, _, _, pl) = explore_with("biotic_research_facility", &[UnitType::Infantry]);
    let c = g.content();
    let printed = c.planets[pl.idx()].specialties;
    let bonus = g.state.exploration.bonus(pl);
    if printed == 0 {
        assert_eq!(bonus.specialties, 1 << Colour::Biotic as u8, "the planet gains a green specialty");
        let ctx = crate::ti4::technology::ResearchContext::of(c, &g.state, ME);
        assert!(ctx.specialties[Colour::Biotic as usize].contains(pl) || g.state.exhausted_planets.contains(pl));
    } else {
        assert_eq!((bonus.resources, bonus.influence, bonus.specialties), (1, 1, 0), "+1/+1 instead");
    }
    check(&g).unwrap();
}

#[test]
fn exploration_relic_fragments_go_to_the_play_area() {
    let (g, _, _, _) = explore_with("industrial_relic_fragment", &[UnitType::Infantry]);
    assert_eq!(g.state.exploration.fragments[ME.idx()], [0, 0, 1, 0]);
    check(&g).unwrap();
}

#[test]
fn exploration_mercenary_outfit_may_place_an_infantry() {
    let (mut g, sl, n, _) = explore_with("mercenary_outfit", &[UnitType::Infantry]);
    assert_offered(&g, "mercenary_outfit", &[0]);
    choose(&mut g, "mercenary_outfit", 0);
    assert_eq!(g.state.count_at(Location::Planet(sl, n), UnitType::Infantry), 2);
    assert_eq!(g.state.exploration.discard[card(&g, "mercenary_outfit").idx()], 1, "discarded after");
    check(&g).unwrap();
}

#[test]
fn exploration_core_mine_removes_an_infantry_without_a_mech_for_a_trade_good() {
    let (mut g, sl, n, _) = explore_with("core_mine", &[UnitType::Infantry, UnitType::Infantry]);
    let tg = g.state.player(ME).trade_goods;
    assert_offered(&g, "core_mine", &[0]);
    choose(&mut g, "core_mine", 0);
    assert_eq!(g.state.player(ME).trade_goods, tg + 1);
    assert_eq!(g.state.count_at(Location::Planet(sl, n), UnitType::Infantry), 1, "one infantry removed");
    check(&g).unwrap();
}

#[test]
fn exploration_expedition_with_a_mech_readies_the_planet_at_no_cost() {
    let (mut g, sl, n, pl) = explore_with("expedition", &[UnitType::Mech]);
    assert!(g.state.exhausted_planets.contains(pl), "gained exhausted");
    assert_offered(&g, "expedition", &[0]);
    choose(&mut g, "expedition", 0);
    assert!(!g.state.exhausted_planets.contains(pl));
    assert_eq!(g.state.count_at(Location::Planet(sl, n), UnitType::Mech), 1, "the mech stays");
    check(&g).unwrap();
}

#[test]
fn exploration_volatile_fuel_source_gains_a_command_token_in_the_pool_chosen() {
    let (mut g, _, _, _) = explore_with("volatile_fuel_source", &[UnitType::Mech]);
    let fleet = g.state.player(ME).fleet;
    assert_offered(&g, "volatile_fuel_source", &[0, 1, 2]);
    choose(&mut g, "volatile_fuel_source", 1);
    assert_eq!(g.state.player(ME).fleet, fleet + 1);
    check(&g).unwrap();
}

#[test]
fn exploration_abandoned_warehouses_gains_commodities_or_converts_them() {
    let (mut g, _, _, _) = explore_with("abandoned_warehouses", &[UnitType::Infantry]);
    g.state.player_mut(ME).commodities = 1;
    let tg = g.state.player(ME).trade_goods;
    assert_offered(&g, "abandoned_warehouses", &[0, 1]);
    choose(&mut g, "abandoned_warehouses", 1);
    assert_eq!((g.state.player(ME).commodities, g.state.player(ME).trade_goods), (0, tg + 1));
    check(&g).unwrap();
}

#[test]
fn exploration_functioning_base_pays_a_trade_good_for_an_action_card() {
    let (mut g, _, _, _) = explore_with("functioning_base", &[UnitType::Infantry]);
    g.state.player_mut(ME).trade_goods = 1;
    let copies = g.content().cards.action_copies.len();
    let hand = g.state.action_cards.count(copies, Zone::Hand(ME));
    assert_offered(&g, "functioning_base", &[0, 1]);
    choose(&mut g, "functioning_base", 1);
    assert_eq!(g.step, Step::ExploreDraw(ME));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(ME)), hand + 1);
    assert_eq!(g.state.player(ME).trade_goods, 0);
    check(&g).unwrap();
}

#[test]
fn exploration_local_fabricators_pays_a_commodity_for_a_mech() {
    let (mut g, sl, n, _) = explore_with("local_fabricators", &[UnitType::Infantry]);
    g.state.player_mut(ME).commodities = 1;
    assert_offered(&g, "local_fabricators", &[0, 2]);
    choose(&mut g, "local_fabricators", 2);
    assert_eq!(g.state.count_at(Location::Planet(sl, n), UnitType::Mech), 1);
    assert_eq!(g.state.player(ME).commodities, 0);
    check(&g).unwrap();
}

#[test]
fn exploration_a_planet_already_controlled_is_not_explored() {
    let mut g = scenario_for(ExplorationDeck::Cultural);
    only(&mut g, "dyson_sphere");
    let (sl, n, pl) = explorable_next_to_home(&g, ExplorationDeck::Cultural);
    let other = Player(1);
    crate::ti4::control::gain_control(&g.content.clone(), &mut g.state, other, pl, false).unwrap();
    invade(&mut g, sl, n, &[UnitType::Infantry]);
    assert!(g.state.player(ME).planets.contains(pl));
    assert!(!matches!(g.step, Step::Explore(_)), "taken from a player: no exploration");
    assert_eq!(g.state.exploration.attachments_on(pl), 0);
}

/// Rules 73: 3 fragments of one kind are purged for a relic, a component action.
#[test]
fn relic_fragments_three_of_a_kind_trade_in_for_a_relic() {
    let mut g = scenario();
    let frag = card(&g, "cultural_relic_fragment");
    g.state.exploration.deck[frag.idx()] -= 3;
    g.state.exploration.fragments[ME.idx()][0] = 3;
    let src = Source::Exploration(frag);
    assert!(legal(&g).contains(&Action::Use(src, 0)));
    g.apply(Action::Use(src, 0));
    assert_eq!(g.step, Step::DrawRelic(ME));
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!(g.state.exploration.fragments[ME.idx()][0], 0);
    assert_eq!(g.state.exploration.purged[frag.idx()], 3);
    let held = (0..g.content().cards.relics.len())
        .filter(|&i| g.state.exploration.relic(RelicId(i as u8)) == Zone::PlayArea(ME))
        .count();
    assert_eq!(held, 1);
    check(&g).unwrap();
    // Two are not enough.
    let mut g = scenario();
    g.state.exploration.deck[frag.idx()] -= 2;
    g.state.exploration.fragments[ME.idx()][0] = 2;
    assert!(!legal(&g).contains(&Action::Use(src, 0)));
}

#[test]
fn relic_shard_of_the_throne_is_a_victory_point_taken_with_a_home_planet() {
    let mut g = scenario();
    let shard = relic(&g, "shard_of_the_throne");
    let them = Player(1);
    let vp = g.victory_points(them);
    g.state.exploration.set_relic(shard, Zone::PlayArea(them));
    assert_eq!(g.victory_points(them), vp + 1);
    // ME lands on a planet of their home system: the Shard changes hands.
    let their_home = g.home_slot[1];
    let pl = g.state.planet_at(g.content(), Location::Planet(their_home, 0)).unwrap();
    let me_vp = g.victory_points(ME);
    assert!(super::invasion::gain_planet(&mut g, ME, Location::Planet(their_home, 0)));
    assert!(g.state.player(ME).planets.contains(pl));
    assert_eq!(g.state.exploration.relic(shard), Zone::PlayArea(ME));
    assert_eq!((g.victory_points(ME), g.victory_points(them)), (me_vp + 1, vp));
}

#[test]
fn relic_maw_of_worlds_exhausts_every_planet_for_any_technology() {
    let mut g = scenario();
    let maw = relic(&g, "maw_of_worlds");
    g.state.exploration.set_relic(maw, Zone::PlayArea(ME));
    let src = Source::Relic(maw);
    let mut offered = Vec::new();
    crate::ti4::rules::may_choices_of(&g, ME, Window::AgendaPhaseStart, src, &mut |k| offered.push(k));
    let t = TechId(offered[offered.len() - 1] as u8);
    assert!(!g.state.player(ME).techs.contains(t));
    crate::ti4::rules::may_resolve(&mut g, ME, Window::AgendaPhaseStart, src, t.0 as u16);
    assert!(g.state.player(ME).techs.contains(t));
    assert_eq!(g.state.exploration.relic(maw), Zone::Removed, "purged");
    let ps = g.state.player(ME);
    assert!(ps.planets.iter().all(|pl| g.state.exhausted_planets.contains(pl)));
}

/// Elimination (digest, general 10): relic fragments go to their discard piles, relics are
/// purged (a relic in an eliminated player's play area is never read again).
#[test]
fn elimination_discards_relic_fragments() {
    let mut g = scenario();
    let them = Player(1);
    let frag = card(&g, "hazardous_relic_fragment");
    g.state.exploration.deck[frag.idx()] -= 2;
    g.state.exploration.fragments[them.idx()][1] = 2;
    g.state.player_mut(them).planets = PlanetSet::EMPTY;
    let c = g.content.clone();
    crate::ti4::elimination::eliminate(&c, &mut g.state, them, Some(ME)).unwrap();
    assert_eq!(g.state.exploration.fragments[them.idx()], [0; 4]);
    assert_eq!(g.state.exploration.discard[frag.idx()], 2);
    crate::ti4::elimination::conservation::check(&c, &g.state).unwrap();
}

/// Exploration state survives the position: discards, attachments, fragments and relics.
#[test]
fn exploration_state_round_trips_through_a_position() {
    let (mut g, _, _, _) = explore_with("dyson_sphere", &[UnitType::Infantry]);
    let shard = relic(&g, "shard_of_the_throne");
    g.state.exploration.set_relic(shard, Zone::PlayArea(ME));
    let frag = card(&g, "cultural_relic_fragment");
    g.state.exploration.purged[frag.idx()] += g.state.exploration.deck[frag.idx()];
    g.state.exploration.deck[frag.idx()] = 0;
    let json = crate::ti4::game::position::game_to_json(&g);
    let back = crate::ti4::game::position::game_from_json(g.content.clone(), &json).unwrap();
    assert!(crate::ti4::game::position::same_game(&g, &back));
}

/// A copy lost from every place breaks the component total.
#[test]
fn exploration_conservation_counts_every_copy() {
    let mut g = scenario();
    let k = card(&g, "core_mine");
    g.state.exploration.deck[k.idx()] -= 1;
    assert!(crate::ti4::elimination::conservation::check(g.content(), &g.state).is_err());
}

/// `docs/RULES.md` has one row per exploration card (with its deck and copies) and per relic,
/// "implemented" exactly for the cards in play.
#[test]
fn rules_md_lists_every_exploration_card_and_relic() {
    let body = super::tests::rules_md_section("### Exploration and relics");
    let c = crate::ti4::content::Content::embedded();
    for d in &c.cards.exploration {
        let deck = format!("{:?}", d.deck).to_lowercase();
        let prefix = format!("| {} | {deck} | {} | ", d.key, d.copies);
        let line = body.lines().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("no row for {}", d.key));
        let status = line.split(" | ").nth(3).unwrap_or("");
        assert_eq!(status.starts_with("implemented"), d.implemented, "docs/RULES.md, exploration card {}", d.key);
    }
    for r in &c.cards.relics {
        let prefix = format!("| {} | ", r.key);
        let line = body.lines().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("no row for {}", r.key));
        let status = line.split(" | ").nth(1).unwrap_or("");
        assert_eq!(status.starts_with("implemented"), r.implemented, "docs/RULES.md, relic {}", r.key);
    }
    let rows = body
        .lines()
        .filter(|l| {
            l.starts_with("| ") && !l.starts_with("| card") && !l.starts_with("| relic") && !l.starts_with("| ---")
        })
        .count();
    assert_eq!(rows, c.cards.exploration.len() + c.cards.relics.len());
}

/// The Obsidian: gaining it draws a secret objective, and its holder may hold a fourth.
#[test]
fn relic_the_obsidian_draws_a_secret_and_holds_a_fourth() {
    let mut g = scenario();
    let c = g.content.clone();
    // Only The Obsidian left in the relic deck.
    for i in 0..c.cards.relics.len() {
        if c.cards.relics[i].key != "the_obsidian" {
            g.state.exploration.set_relic(RelicId(i as u8), Zone::Removed);
        }
    }
    let n = c.cards.secret_objectives.len();
    let held = |g: &Ti4Game| {
        g.state.secret_objectives.count(n, Zone::Hand(ME)) + g.state.secret_objectives.count(n, Zone::PlayArea(ME))
    };
    // Three held already.
    while held(&g) < 3 {
        let k = (0..n).find(|&k| g.state.secret_objectives.get(k) == Zone::Deck).unwrap();
        g.state.secret_objectives.set(k, Zone::Hand(ME));
    }
    assert_eq!(super::flow::secret_limit(&g, ME), 3);
    super::exploration::draw_relic(&mut g, &mut ChaCha8Rng::seed_from_u64(0), ME);
    assert_eq!(g.state.exploration.relic(relic(&g, "the_obsidian")), Zone::PlayArea(ME));
    assert_eq!(held(&g), 4, "a secret objective drawn, none returned");
    assert_eq!(super::flow::secret_limit(&g, ME), 4);
    check(&g).unwrap();
}

#[test]
fn scanlink_drone_network_explores_a_planet_with_its_owners_units_when_activating() {
    // ME's infantry stand on a cultural planet next door ME controls; ME activates that system.
    let activate = |scanlink: bool| {
        let mut g = scenario_for(ExplorationDeck::Cultural);
        let (sl, n, pl) = explorable_next_to_home(&g, ExplorationDeck::Cultural);
        let c = g.content.clone();
        crate::ti4::control::gain_control(&c, &mut g.state, ME, pl, false).unwrap();
        g.state.add_units(ME, Location::Planet(sl, n), UnitType::Infantry, 1).unwrap();
        only(&mut g, "dyson_sphere");
        super::tech_tests::set_tech(&mut g, ME, "scanlink_drone_network", scanlink);
        g.apply(Action::Activate(sl));
        (g, n, pl)
    };
    let (plain, _, _) = activate(false);
    assert_eq!(plain.step, Step::Move(ME), "no decision without the card");
    let (mut g, n, pl) = activate(true);
    let sdn = Source::Tech(g.content().tech("scanlink_drone_network").unwrap());
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SystemActivated)));
    assert_eq!(legal(&g), vec![Action::Choose(sdn, n as u16), Action::Done], "the planet with ME's units");
    g.apply(Action::Choose(sdn, n as u16));
    assert_eq!(g.step, Step::Explore(ME), "explored after the window");
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!(g.state.exploration.attachments_on(pl), 1, "Dyson Sphere drawn and attached");
    assert_eq!(g.step, Step::Move(ME), "then movement");
    assert!(!g.flow.tactical.explore_at_activation);
    check(&g).unwrap();
}

#[test]
fn relic_the_codex_takes_up_to_3_action_cards_from_the_discard_pile() {
    let mut g = scenario();
    let codex = relic(&g, "the_codex");
    let src = Source::Relic(codex);
    let uses = |g: &Ti4Game| legal(g).into_iter().filter(|a| matches!(a, Action::Use(..))).collect::<Vec<_>>();
    // Two distinct cards in the discard pile (copies taken from the deck).
    let copies = g.content().cards.action_copies.clone();
    let mut discarded = Vec::new();
    for (k, &id) in copies.iter().enumerate() {
        if g.state.action_cards.get(k) == Zone::Deck && !discarded.contains(&id) && discarded.len() < 2 {
            g.state.action_cards.set(k, Zone::Discard);
            discarded.push(id);
        }
    }
    crate::ti4::components::normalize_action_cards(&g.content.clone(), &mut g.state.action_cards);
    assert!(!uses(&g).contains(&Action::Use(src, 0)), "not held");
    g.state.exploration.set_relic(codex, Zone::PlayArea(ME));
    assert!(uses(&g).contains(&Action::Use(src, 0)), "held, and the discard pile holds cards");
    let hand = |g: &Ti4Game, id: ActionCardId| {
        let (first, n) = g.content().cards.copies_of(id);
        (first..first + n).filter(|&k| g.state.action_cards.get(k) == Zone::Hand(ME)).count()
    };
    let before = hand(&g, discarded[1]);
    g.apply(Action::Use(src, 0));
    assert_eq!(g.state.exploration.relic(codex), Zone::Removed, "purged");
    assert_eq!(g.step, Step::TakeCards(ME));
    let mut expected: Vec<Action> = discarded.iter().map(|id| Action::Choose(src, id.0 as u16)).collect();
    expected.sort_by_key(|a| match a {
        Action::Choose(_, k) => *k,
        _ => 0,
    });
    expected.push(Action::Done);
    assert_eq!(legal(&g), expected, "each card in the discard pile, or stop");
    g.apply(Action::Choose(src, discarded[1].0 as u16));
    assert_eq!(hand(&g, discarded[1]), before + 1, "taken into the hand");
    assert_eq!(g.step, Step::TakeCards(ME), "up to 3");
    g.apply(Action::Done);
    assert_ne!(g.step, Step::TakeCards(ME), "stopped: the turn ended");
    assert_eq!(g.flow.take_cards, None);
    check(&g).unwrap();
}

#[test]
fn relic_scepter_of_emelpar_spends_a_reinforcement_token_instead_of_a_strategy_token() {
    let mut g = scenario();
    let scepter = relic(&g, "scepter_of_emelpar");
    let spend = |g: &mut Ti4Game| {
        let (c, s) = g.content_and_state();
        crate::ti4::components::command_tokens::spend_strategy_token(c, s, ME);
    };
    let pools = |g: &Ti4Game| (g.state.player(ME).strategy, g.state.player(ME).token_reinforcements);
    let ps = g.state.player_mut(ME);
    let add = 3u8.saturating_sub(ps.strategy).min(ps.token_reinforcements - 1);
    ps.strategy += add;
    ps.token_reinforcements -= add;
    assert!(g.state.player(ME).strategy >= 2);
    let (st, re) = pools(&g);
    assert!(re >= 1);
    spend(&mut g);
    assert_eq!(pools(&g), (st - 1, re + 1), "without the relic: back to reinforcements (rules 20)");
    g.state.exploration.set_relic(scepter, Zone::PlayArea(ME));
    let mut empty = g.clone();
    spend(&mut g);
    assert_eq!(pools(&g), (st - 1, re + 1), "the relic is exhausted instead");
    assert!(!g.state.exploration.relic_ready(scepter, ME));
    spend(&mut g);
    assert_eq!(pools(&g), (st - 2, re + 2), "exhausted: the strategy pool pays");
    // No token in reinforcements: nothing to spend instead.
    empty.state.player_mut(ME).token_reinforcements = 0;
    empty.state.player_mut(ME).tactic += re + 1;
    spend(&mut empty);
    assert_eq!(pools(&empty), (st - 2, 1));
    assert!(empty.state.exploration.relic_ready(scepter, ME));
    // An exhausted relic survives a position; the status phase readies it.
    let json = crate::ti4::game::position::game_to_json(&g);
    assert!(json.contains("exhausted_relics"), "{json}");
    let back = crate::ti4::game::position::game_from_json(g.content.clone(), &json).unwrap();
    assert!(crate::ti4::game::position::same_game(&g, &back));
    g.step = Step::Reveal;
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(0));
    while g.phase() == RoundPhase::Status {
        let a = legal(&g)[0];
        g.apply(a);
    }
    assert!(g.state.exploration.relic_ready(scepter, ME), "readied in the status phase");
    check(&g).unwrap();
}

#[test]
fn relic_dominus_orb_moves_units_from_systems_with_its_holders_command_tokens() {
    let mut g = scenario();
    let orb = relic(&g, "dominus_orb");
    let h = home(&g);
    let target = super::rule_tests::slot_at_distance(&g, h, 1);
    g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 1).unwrap();
    // ME's command token in the home system (from reinforcements).
    g.state.systems[h as usize].tokens |= 1 << ME.0;
    g.state.player_mut(ME).token_reinforcements -= 1;
    let activated = |held: bool| {
        let mut g = g.clone();
        if held {
            g.state.exploration.set_relic(orb, Zone::PlayArea(ME));
        }
        g.apply(Action::Activate(target));
        g
    };
    let plain = activated(false);
    assert_eq!(plain.step, Step::Move(ME));
    assert!(!legal(&plain).contains(&Action::Move(h, UnitType::Destroyer)), "a system with ME's token");
    let mut g = activated(true);
    let src = Source::Relic(orb);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SystemActivated)));
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.state.exploration.relic(orb), Zone::Removed, "purged");
    assert_eq!(g.step, Step::Move(ME));
    assert!(legal(&g).contains(&Action::Move(h, UnitType::Destroyer)), "moves from it this tactical action");
    g.apply(Action::Move(h, UnitType::Destroyer));
    g.apply(Action::Done);
    check(&g).unwrap();
    assert_eq!(g.state.count_at(Location::Space(target), UnitType::Destroyer), 1);
}

/// Pre-Fab Arcologies (Naaz-Rokha): "After you explore a planet, ready that planet." The planet
/// an invasion gained (exhausted) is readied at the explorer's window `AfterExploring`; without
/// the card, nothing is asked.
#[test]
fn pre_fab_arcologies_readies_the_planet_just_explored() {
    let key = "dyson_sphere";
    let c = crate::ti4::content::Content::embedded();
    let deck = c.cards.exploration[c.cards.exploration(key).unwrap().idx()].deck;
    let mut without = scenario_for(deck);
    only(&mut without, key);
    let (sl, n, pl) = explorable_next_to_home(&without, deck);
    let t = c.tech("pre_fab_arcologies").unwrap();
    let mut with = without.clone();
    with.state.player_mut(ME).techs.insert(t);
    for (mut g, owned) in [(with, true), (without, false)] {
        invade(&mut g, sl, n, &[UnitType::Infantry]);
        g.apply_chance(&mut ChaCha8Rng::seed_from_u64(0));
        assert!(g.state.player(ME).planets.contains(pl) && g.state.exhausted_planets.contains(pl), "gained exhausted");
        if owned {
            assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::AfterExploring)));
            g.apply(Action::Choose(Source::Tech(t), 0));
            assert!(!g.state.exhausted_planets.contains(pl), "readied");
        } else {
            assert_ne!(g.flow.pending.window, Some(Window::AfterExploring));
        }
    }
}

/// Fabrication (Naaz-Rokha): "ACTION: Either purge 2 of your relic fragments of the same type to
/// gain 1 relic; or purge 1 of your relic fragments to gain 1 command token." Game 22 seats the
/// Naaz-Rokha at seat 0: 2 cultural fragments make a pair; a lone hazardous one buys a token
/// only. (Unknown fragments, which count as any kind, come from the frontier deck, not in play.)
#[test]
fn naaz_fabrication_purges_fragments_for_a_relic_or_a_command_token() {
    let base = super::rule_tests::scenario_of(super::tests::six_player_game(22));
    assert_eq!(base.content().factions[base.state.player(ME).faction.idx()].key, "naaz");
    let src = Source::Ability(crate::ti4::factions::ability_bit("fabrication").unwrap());
    let (cultural, hazardous) = (card(&base, "cultural_relic_fragment"), card(&base, "hazardous_relic_fragment"));
    let mut g = base.clone();
    g.state.exploration.deck[cultural.idx()] -= 2;
    g.state.exploration.deck[hazardous.idx()] -= 1;
    g.state.exploration.fragments[ME.idx()] = [2, 1, 0, 0];
    let offered: Vec<u8> = legal(&g)
        .into_iter()
        .filter_map(|a| if let Action::Use(s, t) = a { (s == src).then_some(t) } else { None })
        .collect();
    // A relic for the cultural pair; a token for each kind held, each pool.
    assert_eq!(offered, vec![0, 4, 5, 6, 7, 8, 9]);
    let mut relic = g.clone();
    relic.apply(Action::Use(src, 0));
    assert_eq!(relic.step, Step::DrawRelic(ME));
    relic.apply_chance(&mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!(relic.state.exploration.fragments[ME.idx()], [0, 1, 0, 0]);
    assert_eq!(relic.state.exploration.purged[cultural.idx()], 2);
    let held = (0..relic.content().cards.relics.len())
        .filter(|&i| relic.state.exploration.relic(RelicId(i as u8)) == Zone::PlayArea(ME))
        .count();
    assert_eq!(held, 1);
    check(&relic).unwrap();
    // A token into the fleet pool for the hazardous fragment.
    let (fleet, reinforcements) = (g.state.player(ME).fleet, g.state.player(ME).token_reinforcements);
    g.apply(Action::Use(src, 4 + 3 + 1));
    assert_eq!(g.state.exploration.fragments[ME.idx()], [2, 0, 0, 0]);
    assert_eq!(g.state.exploration.purged[hazardous.idx()], 1);
    assert_eq!((g.state.player(ME).fleet, g.state.player(ME).token_reinforcements), (fleet + 1, reinforcements - 1));
    check(&g).unwrap();
    // No fragments: nothing offered.
    let none = legal(&base).into_iter().any(|a| matches!(a, Action::Use(s, _) if s == src));
    assert!(!none, "no fragment, no Fabrication");
}
