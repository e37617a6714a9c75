//! The action cards played at window `SystemActivated` ("after you activate a system", "after
//! another player activates a system that contains your units"): each test names its card.

use super::action_card_tests::give;
use super::rule_tests::{home, legal, scenario, slot_at_distance, ME};
use super::tech_tests::THEM;
use super::tests::check;
use super::*;
use crate::ti4::components::Zone;
use crate::ti4::rules::{Source, Window};
use crate::ti4::state::Location;

/// True when a copy of `card` is in the discard pile.
fn discarded(g: &Ti4Game, card: ActionCardId) -> bool {
    let (first, n) = g.content.cards.copies_of(card);
    (first..first + n).any(|k| g.state.action_cards.get(k) == Zone::Discard)
}

/// `ME` activates `target` (with a destroyer at home, next to it, so that the activation is
/// offered); returns the game at the window `SystemActivated` when it opened.
fn activate(mut g: Ti4Game, target: u8) -> Ti4Game {
    let h = home(&g);
    if g.state.count_at(Location::Space(h), UnitType::Destroyer) == 0 {
        g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 1).unwrap();
    }
    assert!(legal(&g).contains(&Action::Activate(target)), "activation of {target} not offered");
    g.apply(Action::Activate(target));
    check(&g).unwrap();
    g
}

/// Plays `card` of `p` (choice `k`) at the open `SystemActivated` window.
fn choose(g: &mut Ti4Game, p: Player, card: ActionCardId, k: u16) {
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(p), Some(Window::SystemActivated)));
    let a = Action::Choose(Source::ActionCard(card), k);
    assert!(legal(g).contains(&a), "{a:?} not offered: {:?}", legal(g));
    g.apply(a);
    assert!(discarded(g, card));
    check(g).unwrap();
}

#[test]
fn no_window_opens_when_nobody_holds_a_card_for_it() {
    let g = scenario();
    let target = slot_at_distance(&g, home(&g), 1);
    let g = activate(g, target);
    assert_eq!((g.step, g.flow.pending.window), (Step::Move(ME), None));
}

#[test]
fn flank_speed_adds_1_to_every_ships_move_value_this_tactical_action() {
    let mut g = scenario();
    let card = give(&mut g, "flank_speed", ME);
    let target = slot_at_distance(&g, home(&g), 1);
    // A system from which a cruiser (move 2) reaches the target with 3 moves but not with 2.
    let reach = g.ship_reach(ME);
    let far = (0..g.state.num_systems)
        .find(|&s| reach.systems(s, 3) >> target & 1 == 1 && reach.systems(s, 2) >> target & 1 == 0)
        .expect("a system 3 moves away");
    g.state.add_units(ME, Location::Space(far), UnitType::Cruiser, 1).unwrap();
    let g = activate(g, target);
    let mut declined = g.clone();
    declined.apply(Action::Done);
    assert_eq!(declined.step, Step::Move(ME));
    assert!(!legal(&declined).contains(&Action::Move(far, UnitType::Cruiser)));
    let mut played = g;
    choose(&mut played, ME, card, 0);
    assert_eq!(played.step, Step::Move(ME));
    assert!(played.flow.tactical.flank_speed);
    assert!(legal(&played).contains(&Action::Move(far, UnitType::Cruiser)));
    played.apply(Action::Move(far, UnitType::Cruiser));
    check(&played).unwrap();
}

#[test]
fn solar_flare_stops_other_players_space_cannon_during_this_movement() {
    let mut g = scenario();
    let card = give(&mut g, "solar_flare", ME);
    // A plain system next to home with a planet: THEM's PDS there would fire at ME's arriving
    // ships.
    let target = planet_system_next_door(&g);
    let planet = Location::Planet(target, 0);
    g.state.add_units(THEM, planet, UnitType::Pds, 1).unwrap();
    let g = activate(g, target);
    let move_in = |mut g: Ti4Game| {
        g.apply(Action::Move(home(&g), UnitType::Destroyer));
        g.apply(Action::Done);
        g
    };
    let mut declined = g.clone();
    declined.apply(Action::Done);
    assert_eq!(move_in(declined).step, Step::SpaceCannon, "the PDS fires without the card");
    let mut played = g;
    choose(&mut played, ME, card, 0);
    let after = move_in(played);
    assert_ne!(after.step, Step::SpaceCannon, "no space cannon after Solar Flare");
    assert_eq!(after.state.count_at(Location::Space(target), UnitType::Destroyer), 1);
    check(&after).unwrap();
}

#[test]
fn upgrade_replaces_a_cruiser_with_a_dreadnought() {
    let mut g = scenario();
    let card = give(&mut g, "upgrade", ME);
    let target = slot_at_distance(&g, home(&g), 1);
    g.state.add_units(ME, Location::Space(target), UnitType::Cruiser, 2).unwrap();
    let mut g = activate(g, target);
    let before = g.state.player(ME).reinforcements;
    choose(&mut g, ME, card, 0);
    let sp = Location::Space(target);
    assert_eq!((g.state.count_at(sp, UnitType::Cruiser), g.state.count_at(sp, UnitType::Dreadnought)), (1, 1));
    let after = g.state.player(ME).reinforcements;
    assert_eq!(after[UnitType::Cruiser.idx()], before[UnitType::Cruiser.idx()] + 1);
    assert_eq!(after[UnitType::Dreadnought.idx()], before[UnitType::Dreadnought.idx()] - 1);
    assert_eq!(g.step, Step::Move(ME));
}

#[test]
fn upgrade_is_not_offered_without_a_cruiser_in_the_active_system() {
    let mut g = scenario();
    give(&mut g, "upgrade", ME);
    let target = slot_at_distance(&g, home(&g), 1);
    g.state.add_units(ME, Location::Space(target), UnitType::Destroyer, 1).unwrap();
    let g = activate(g, target);
    assert_eq!((g.step, g.flow.pending.window), (Step::Move(ME), None));
}

#[test]
fn counterstroke_returns_the_command_token_to_the_tactic_pool() {
    let mut g = scenario();
    let card = give(&mut g, "counterstroke", THEM);
    let target = slot_at_distance(&g, home(&g), 1);
    g.state.systems[target as usize].tokens |= 1 << THEM.0;
    g.state.player_mut(THEM).token_reinforcements -= 1;
    let mut g = activate(g, target);
    let tactic = g.state.player(THEM).tactic;
    choose(&mut g, THEM, card, 0);
    assert_eq!(g.state.player(THEM).tactic, tactic + 1);
    assert_eq!(g.state.systems[target as usize].tokens >> THEM.0 & 1, 0);
    assert_eq!(g.state.systems[target as usize].tokens >> ME.0 & 1, 1, "the active player's token stays");
    assert_eq!(g.step, Step::Move(ME));
}

#[test]
fn counterstroke_is_not_offered_to_the_active_player() {
    assert_no_window(|g| {
        give(g, "counterstroke", ME);
    });
}

/// `ME` activates the system next to its home after `prepare`: no window opens (the card
/// `prepare` gave is not offered).
fn assert_no_window(prepare: impl FnOnce(&mut Ti4Game)) {
    let mut g = scenario();
    prepare(&mut g);
    let target = slot_at_distance(&g, home(&g), 1);
    let g = activate(g, target);
    assert_eq!(g.flow.pending.window, None);
}

#[test]
fn forward_supply_base_gives_3_trade_goods_and_1_to_a_chosen_player() {
    let mut g = scenario();
    let card = give(&mut g, "forward_supply_base", THEM);
    let target = slot_at_distance(&g, home(&g), 1);
    g.state.add_units(THEM, Location::Space(target), UnitType::Destroyer, 1).unwrap();
    let mut g = activate(g, target);
    let offered: Vec<_> = legal(&g).into_iter().filter(|a| matches!(a, Action::Choose(..))).collect();
    assert_eq!(offered.len(), 5, "one choice per other player: {offered:?}");
    let third = Player(2);
    let (mine, theirs) = (g.state.player(THEM).trade_goods, g.state.player(third).trade_goods);
    choose(&mut g, THEM, card, third.0 as u16);
    assert_eq!(g.state.player(THEM).trade_goods, mine + 3);
    assert_eq!(g.state.player(third).trade_goods, theirs + 1);
}

#[test]
fn harness_energy_replenishes_commodities_in_an_anomaly() {
    let mut g = scenario();
    let card = give(&mut g, "harness_energy", ME);
    // An anomaly that a destroyer next to it can enter: it waits there, the anomaly is
    // activated.
    let gal = g.galaxy().clone();
    let found = (0..g.state.num_systems)
        .filter(|&a| gal.anomalies(a) != 0)
        .flat_map(|a| (0..g.state.num_systems).map(move |n| (a, n)))
        .find(|&(a, n)| {
            let mut t = g.clone();
            gal.distance(a, n) == Some(1)
                && gal.anomalies(n) == 0
                && t.state.add_units(ME, Location::Space(n), UnitType::Destroyer, 1).is_ok()
                && legal(&t).contains(&Action::Activate(a))
        });
    let (anomaly, next) = found.expect("an anomaly a destroyer can enter");
    g.state.add_units(ME, Location::Space(next), UnitType::Destroyer, 1).unwrap();
    let mut g = activate(g, anomaly);
    check_harness(&mut g, card);
}

fn check_harness(g: &mut Ti4Game, card: ActionCardId) {
    let f = g.state.player(ME).faction;
    let full = g.content.factions[f.idx()].commodities;
    assert_eq!(g.state.player(ME).commodities, 0);
    choose(g, ME, card, 0);
    assert_eq!(g.state.player(ME).commodities, full);
}

#[test]
fn rally_places_2_command_tokens_in_the_fleet_pool() {
    let mut g = scenario();
    let card = give(&mut g, "rally", ME);
    let target = slot_at_distance(&g, home(&g), 1);
    g.state.add_units(THEM, Location::Space(target), UnitType::Destroyer, 1).unwrap();
    let mut g = activate(g, target);
    let (fleet, reinf) = (g.state.player(ME).fleet, g.state.player(ME).token_reinforcements);
    assert!(reinf >= 2);
    choose(&mut g, ME, card, 0);
    assert_eq!(g.state.player(ME).fleet, fleet + 2);
    assert_eq!(g.state.player(ME).token_reinforcements, reinf - 2);
}

#[test]
fn rally_is_not_offered_without_another_players_ships() {
    assert_no_window(|g| {
        give(g, "rally", ME);
    });
}

/// A position where `ME`'s cruiser in some system `from` cannot move into an activated system
/// `to`, and can once the movement card `key` is played at window `SystemActivated`: the game at
/// that window (the card in hand), and `from`. A destroyer of `ME` next to `to` makes the
/// activation legal. `None` when the board has no such pair.
fn card_opens_a_route(g: &Ti4Game, key: &str) -> Option<(Ti4Game, u8, ActionCardId)> {
    let gal = g.galaxy().clone();
    let n = g.state.num_systems;
    for to in (0..n).filter(|&t| gal.anomalies(t) == 0 && !g.home_slot[..6].contains(&t)) {
        let Some(next) = (0..n).find(|&s| gal.distance(s, to) == Some(1) && gal.anomalies(s) == 0) else { continue };
        for from in (0..n).filter(|&s| s != to && s != next && gal.anomalies(s) == 0) {
            let mut t = g.clone();
            let card = give(&mut t, key, ME);
            t.state.add_units(ME, Location::Space(next), UnitType::Destroyer, 1).unwrap();
            t.state.add_units(ME, Location::Space(from), UnitType::Cruiser, 1).unwrap();
            if !legal(&t).contains(&Action::Activate(to)) {
                continue;
            }
            t.apply(Action::Activate(to));
            if t.flow.pending.window != Some(Window::SystemActivated) {
                continue;
            }
            let mut declined = t.clone();
            declined.apply(Action::Done);
            if legal(&declined).contains(&Action::Move(from, UnitType::Cruiser)) {
                continue;
            }
            let mut played = t.clone();
            played.apply(Action::Choose(Source::ActionCard(card), 0));
            if legal(&played).contains(&Action::Move(from, UnitType::Cruiser)) {
                return Some((t, from, card));
            }
        }
    }
    None
}

#[test]
fn lost_star_chart_makes_alpha_and_beta_wormholes_adjacent() {
    let mut g = scenario();
    // Creuss wormhole tokens (wormholes for every player) in two plain systems far apart.
    let h = home(&g);
    let (a, b) = (slot_at_distance(&g, h, 1), slot_at_distance(&g, h, 4));
    *g.state.factions.wormhole_tokens_mut() = [Some(a), Some(b)];
    let (mut g, from, card) = card_opens_a_route(&g, "lost_star_chart").expect("a route through the linked wormholes");
    choose(&mut g, ME, card, 0);
    assert!(g.flow.tactical.lost_star_chart);
    g.apply(Action::Move(from, UnitType::Cruiser));
    check(&g).unwrap();
    // The link ends with the tactical action.
    g.apply(Action::Done);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    while g.flow.turn == ME && !crate::game::Game::is_terminal(&g) {
        match crate::game::Game::current(&g) {
            crate::game::Turn::Chance => crate::game::Game::apply_chance(&mut g, &mut rng),
            _ => {
                let l = legal(&g);
                g.apply(if l.contains(&Action::Done) { Action::Done } else { l[0] });
            }
        }
    }
    assert!(!g.flow.tactical.lost_star_chart, "the link lasts this tactical action only");
}

#[test]
fn lost_star_chart_is_not_offered_without_both_wormhole_kinds() {
    use crate::ti4::galaxy::Wormhole;
    // A board with only one of the two kinds printed (the first such seed).
    let (mut g, missing) = (1..60)
        .find_map(|seed| {
            let g = super::rule_tests::scenario_of(super::tests::six_player_game(seed));
            let gal = g.galaxy();
            let (a, b) = (gal.wormhole_slots(Wormhole::Alpha) != 0, gal.wormhole_slots(Wormhole::Beta) != 0);
            (a != b).then_some((g, if a { 1 } else { 0 }))
        })
        .expect("a board with one wormhole kind");
    give(&mut g, "lost_star_chart", ME);
    let gal = g.galaxy().clone();
    let both = gal.wormhole_slots(Wormhole::Alpha) != 0 && gal.wormhole_slots(Wormhole::Beta) != 0;
    let target = slot_at_distance(&g, home(&g), 1);
    let without = activate(g.clone(), target);
    assert_eq!(without.flow.pending.window.is_some(), both);
    assert_eq!(without.flow.pending.window, None, "one wormhole kind: nothing to link");
    // A Creuss token of the missing kind makes it worth playing.
    g.state.factions.wormhole_tokens_mut()[missing] = Some(slot_at_distance(&g, home(&g), 3));
    let with = activate(g, target);
    assert_eq!(with.flow.pending.window, Some(Window::SystemActivated), "both kinds: offered");
}

#[test]
fn nav_suite_ignores_the_effects_of_anomalies_during_movement() {
    let g = scenario();
    let (mut g, from, card) = card_opens_a_route(&g, "nav_suite").expect("a route through an anomaly");
    choose(&mut g, ME, card, 0);
    assert!(g.flow.tactical.nav_suite);
    g.apply(Action::Move(from, UnitType::Cruiser));
    assert!(g.flow.tactical.rift.iter().all(|&k| k == 0), "no gravity rift roll");
    check(&g).unwrap();
}

#[test]
fn in_the_silence_of_space_lets_the_chosen_systems_ships_move_through_other_players_ships() {
    let g = scenario();
    let gal = g.galaxy().clone();
    let n = g.state.num_systems;
    let plain = |s: u8| gal.anomalies(s) == 0 && !g.home_slot[..6].contains(&s);
    // A cruiser two systems away from the target, every system between them held by THEM.
    let found = (0..n).filter(|&t| plain(t)).find_map(|to| {
        (0..n).filter(|&s| plain(s) && gal.distance(s, to) == Some(2)).find_map(|from| {
            let between: Vec<u8> =
                (0..n).filter(|&x| gal.distance(from, x) == Some(1) && gal.distance(x, to) == Some(1)).collect();
            let next =
                (0..n).find(|&x| gal.distance(x, to) == Some(1) && plain(x) && x != from && !between.contains(&x))?;
            let mut t = g.clone();
            let card = give(&mut t, "in_the_silence_of_space", ME);
            for &x in &between {
                t.state.add_units(THEM, Location::Space(x), UnitType::Destroyer, 1).ok()?;
            }
            t.state.add_units(ME, Location::Space(next), UnitType::Destroyer, 1).unwrap();
            t.state.add_units(ME, Location::Space(from), UnitType::Cruiser, 1).unwrap();
            if !legal(&t).contains(&Action::Activate(to)) {
                return None;
            }
            t.apply(Action::Activate(to));
            let mut declined = t.clone();
            declined.apply(Action::Done);
            (!legal(&declined).contains(&Action::Move(from, UnitType::Cruiser))).then_some((t, from, card))
        })
    });
    let (mut g, from, card) = found.expect("a cruiser behind other players' ships");
    let offered: Vec<_> = legal(&g).into_iter().filter(|a| matches!(a, Action::Choose(..))).collect();
    assert!(offered.contains(&Action::Choose(Source::ActionCard(card), from as u16)), "{offered:?}");
    choose(&mut g, ME, card, from as u16);
    assert_eq!(g.flow.tactical.silence, Some(from));
    assert!(legal(&g).contains(&Action::Move(from, UnitType::Cruiser)));
    g.apply(Action::Move(from, UnitType::Cruiser));
    check(&g).unwrap();
}

/// The first system next to `ME`'s home with a planet and no anomaly.
fn planet_system_next_door(g: &Ti4Game) -> u8 {
    let (h, gal) = (home(g), g.galaxy());
    (0..g.state.num_systems)
        .find(|&s| {
            gal.distance(h, s) == Some(1)
                && gal.anomalies(s) == 0
                && g.state.planet_at(&g.content, Location::Planet(s, 0)).is_some()
        })
        .expect("a system with a planet next to home")
}

/// A system next to `ME`'s home with a planet and no anomaly, whose first planet `THEM` then
/// controls with a `structure` on it: the system's slot.
fn their_structure_next_door(g: &mut Ti4Game, structure: UnitType) -> u8 {
    let target = planet_system_next_door(g);
    let pl = g.state.planet_at(&g.content, Location::Planet(target, 0)).unwrap();
    g.state.player_mut(THEM).planets.insert(pl);
    g.state.add_units(THEM, Location::Planet(target, 0), structure, 1).unwrap();
    target
}

/// Decoy Operation: "After another player activates a system that contains 1 or more of your
/// structures: Remove up to 2 of your ground forces from the game board and place them on a
/// planet you control in the active system." `THEM`'s PDS next to `ME`'s home: when `ME`
/// activates that system, `THEM` moves 2 infantry from their home planet to the PDS's planet.
#[test]
fn decoy_operation_moves_2_ground_forces_to_a_planet_in_the_active_system() {
    let mut g = scenario();
    let card = give(&mut g, "decoy_operation", THEM);
    let target = their_structure_next_door(&mut g, UnitType::Pds);
    let theirs = g.home_slot[THEM.idx()];
    let from = Location::Planet(theirs, 0);
    if g.state.count_at(from, UnitType::Infantry) < 3 {
        let k = 3 - g.state.count_at(from, UnitType::Infantry);
        g.state.add_units(THEM, from, UnitType::Infantry, k).unwrap();
    }
    let (infantry, mechs) = (g.state.count_at(from, UnitType::Infantry), g.state.count_at(from, UnitType::Mech));
    let mut g = activate(g, target);
    let code = (u16::from(theirs) * 4 + 1) * 3;
    choose(&mut g, THEM, card, code);
    let to = Location::Planet(target, 0);
    let moved_mechs = mechs.min(2);
    assert_eq!(g.state.count_at(to, UnitType::Mech), moved_mechs);
    assert_eq!(g.state.count_at(to, UnitType::Infantry), 2 - moved_mechs);
    assert_eq!(g.state.count_at(from, UnitType::Infantry), infantry - (2 - moved_mechs));
    assert_eq!(g.step, Step::Move(ME));
}

/// Decoy Operation is not offered without a structure of the holder in the active system.
#[test]
fn decoy_operation_is_not_offered_without_a_structure_in_the_active_system() {
    assert_no_window(|g| {
        give(g, "decoy_operation", THEM);
        let target = slot_at_distance(g, home(g), 1);
        g.state.add_units(THEM, Location::Space(target), UnitType::Destroyer, 1).unwrap();
    });
}

/// Experimental Battlestation: "After another player moves ships into a system during a
/// tactical action: Choose 1 of your space docks that is either in or adjacent to that system.
/// That space dock uses SPACE CANNON 5 (x3) against ships in the active system." `THEM`'s space
/// dock (no SPACE CANNON of its own) is in the system `ME`'s destroyer moves into: declined,
/// nothing fires; played (window `AfterMovement`), the space cannon step rolls 3 dice hitting on
/// 5 against the destroyer: over 20 seeds it is destroyed in most.
#[test]
fn experimental_battlestation_fires_3_space_cannon_dice_from_a_space_dock() {
    let mut g = scenario();
    let card = give(&mut g, "experimental_battlestation", THEM);
    let target = their_structure_next_door(&mut g, UnitType::SpaceDock);
    let mut g = activate(g, target);
    assert_eq!(g.step, Step::Move(ME));
    g.apply(Action::Move(home(&g), UnitType::Destroyer));
    g.apply(Action::Done);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(Window::AfterMovement)));
    let mut declined = g.clone();
    declined.apply(Action::Done);
    assert_ne!(declined.step, Step::SpaceCannon, "a space dock has no SPACE CANNON");
    g.apply(Action::Choose(Source::ActionCard(card), 0));
    assert!(discarded(&g, card));
    assert_eq!(g.step, Step::SpaceCannon);
    let mut destroyed = 0;
    for seed in 0..20 {
        let mut g = g.clone();
        use rand::SeedableRng;
        g.apply_chance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
        check(&g).unwrap();
        destroyed += usize::from(g.state.count_at(Location::Space(target), UnitType::Destroyer) == 0);
        assert_eq!(g.flow.tactical.battlestation, None, "spent with the space cannon offense");
    }
    // Each die hits on 5-10: the destroyer survives 3 dice with probability 0.064.
    assert!(destroyed >= 12, "{destroyed} of 20");
}
