//! The Crimson Rebellion in play (`crate::ti4::factions::crimson_rebellion`): SUNDERED's
//! wormholes, Incursion, The Sorrow and the Exile destroyers; one test per clause, named after it.

use super::rule_tests::{legal, scenario_of, slot_at_distance_where};
use super::tests::check;
use super::*;
use crate::ti4::galaxy::{bits, Wormhole};
use crate::ti4::rules::{Source, Window};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Sol's seat, the active player of [`table`].
const ME: Player = Player(0);

/// The Rebellion's seat in [`table`].
const CRIMSON: Player = Player(2);

/// Sol, Hacan, the Crimson Rebellion (seat 2), Letnev, Xxcha and Winnu on random map `seed`.
fn new_table(seed: u64) -> Ti4Game {
    let c = crate::ti4::content::Content::embedded();
    let factions: Vec<_> =
        ["sol", "hacan", "crimson", "letnev", "xxcha", "winnu"].iter().map(|k| c.faction(k).unwrap()).collect();
    Ti4Game::new(c, &factions, &MapChoice::Random(seed), Ti4Options::default()).unwrap()
}

/// [`new_table`] cleared of units (`rule_tests::scenario_of`): seat 0's action-phase turn.
fn table(seed: u64) -> Ti4Game {
    scenario_of(new_table(seed))
}

/// The board slot of The Sorrow (tile 94).
fn sorrow(g: &Ti4Game) -> u8 {
    g.state.slot_of(g.content().system("94").unwrap()).expect("The Sorrow on the board")
}

/// A plain system (`rule_tests::slot_at_distance`) without a breach, `d` moves from `from`.
fn plain_at(g: &Ti4Game, from: u8, d: u8) -> u8 {
    slot_at_distance_where(g, from, d, |sl| g.state.factions.breaches() >> sl & 1 == 0)
}

fn ability(id: &str) -> Source {
    Source::Ability(crate::ti4::factions::ability_bit(id).unwrap())
}

fn token(id: &str) -> Source {
    Source::Token(crate::ti4::factions::ability_bit(id).unwrap())
}

fn choices(g: &Ti4Game, p: Player, window: Window, src: Source) -> Vec<u16> {
    let mut out = Vec::new();
    crate::ti4::rules::may_choices_of(g, p, window, src, &mut |k| out.push(k));
    out
}

/// The Sorrow: "place the Sorrow (tile 94) where your home system would normally be placed,
/// then place an inactive breach there." A table without the Rebellion has no breach.
#[test]
fn crimson_the_sorrow_starts_with_an_inactive_breach() {
    let g = new_table(1);
    assert_eq!((g.state.factions.active_breaches(), g.state.factions.inactive_breaches()), (0, 1 << sorrow(&g)));
    let c = crate::ti4::content::Content::embedded();
    let factions: Vec<_> = ["sol", "hacan", "letnev"].iter().map(|k| c.faction(k).unwrap()).collect();
    let other = Ti4Game::new(c, &factions, &MapChoice::Random(1), Ti4Options::default()).unwrap();
    assert_eq!((other.state.factions.active_breaches(), other.state.factions.inactive_breaches()), (0, 0));
}

/// Incursion: "When you activate a system that contains a breach, you may flip that breach."
/// Asked of the Rebellion when it activates The Sorrow; another player's activation of it is
/// not the Rebellion's.
#[test]
fn crimson_incursion_the_rebellion_may_flip_the_breach_of_the_system_it_activates() {
    let mut g = table(1);
    let s = sorrow(&g);
    let mut theirs = g.clone();
    theirs.step = super::tactical::activate(&mut theirs, ME, s);
    assert!(choices(&theirs, CRIMSON, Window::SystemActivated, ability("incursion")).is_empty());
    g.flow.turn = CRIMSON;
    g.step = super::tactical::activate(&mut g, CRIMSON, s);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(CRIMSON), Some(Window::SystemActivated)));
    assert!(legal(&g).contains(&Action::Choose(ability("incursion"), 0)));
    g.apply(Action::Choose(ability("incursion"), 0));
    assert_eq!((g.state.factions.active_breaches(), g.state.factions.inactive_breaches()), (1 << s, 0));
    check(&g).unwrap();
}

/// Incursion: "Systems that contain active breaches are adjacent to each other", for every
/// player's movement (Sol's destroyer here); an inactive breach joins nothing.
#[test]
fn crimson_incursion_systems_with_active_breaches_are_adjacent_for_every_players_movement() {
    let mut g = table(1);
    let home = g.home_slot[ME.idx()];
    let far = plain_at(&g, home, 4);
    let target = plain_at(&g, home, 1);
    g.state.factions.remove_breach(sorrow(&g));
    g.state.player_mut(ME).tactic = 3;
    g.state.add_units(ME, Location::Space(far), UnitType::Destroyer, 1).unwrap();
    let moves = |g: &Ti4Game| {
        let mut g = g.clone();
        g.apply(Action::Activate(target));
        legal(&g).contains(&Action::Move(far, UnitType::Destroyer))
    };
    assert!(!moves(&g), "too far without breaches");
    g.state.factions.place_breach(far, true);
    g.state.factions.place_breach(target, false);
    assert!(!moves(&g), "an inactive breach joins nothing");
    g.state.factions.flip_breach(target);
    assert!(moves(&g), "two active breaches are adjacent");
    check(&g).unwrap();
}

/// Incursion: "At the end of the status phase, any player with ships in a system that contains
/// an active breach may remove that breach." Asked of any player (Sol here), one choice per
/// such system; not for an inactive breach or without ships.
#[test]
fn crimson_incursion_a_player_with_ships_on_an_active_breach_may_remove_it_at_the_end_of_the_status_phase() {
    let mut g = table(1);
    let home = g.home_slot[ME.idx()];
    let (a, b) = (plain_at(&g, home, 1), plain_at(&g, home, 2));
    g.state.factions.place_breach(a, true);
    g.state.factions.place_breach(b, false);
    g.state.add_units(ME, Location::Space(a), UnitType::Destroyer, 1).unwrap();
    g.state.add_units(ME, Location::Space(b), UnitType::Destroyer, 1).unwrap();
    let removal = token("incursion");
    assert_eq!(choices(&g, ME, Window::StatusPhaseEnd, removal), vec![a as u16], "the active breach only");
    assert!(choices(&g, Player(1), Window::StatusPhaseEnd, removal).is_empty(), "no ships there");
    assert!(choices(&g, ME, Window::SystemActivated, removal).is_empty(), "at the end of the status phase only");
    crate::ti4::rules::may_resolve(&mut g, ME, Window::StatusPhaseEnd, removal, a as u16);
    assert_eq!(g.state.factions.active_breaches(), 0);
    assert_eq!(g.state.factions.inactive_breaches() >> b & 1, 1, "the inactive breach stays");
    check(&g).unwrap();
}

/// SUNDERED: "You cannot use wormholes other than epsilon wormholes." The Rebellion's ships do
/// not move between two alpha wormholes that Sol's ships move between, and its home (tile 118,
/// off the board) reaches The Sorrow through the epsilon wormhole.
#[test]
fn crimson_sundered_the_rebellion_uses_epsilon_wormholes_only() {
    let g = (1..60)
        .map(table)
        .find(|g| g.galaxy().wormhole_slots(Wormhole::Alpha).count_ones() >= 2)
        .expect("a galaxy with two alpha wormholes");
    let mut alphas = bits(g.galaxy().wormhole_slots(Wormhole::Alpha));
    let (a, b) = (alphas.next().unwrap(), alphas.next().unwrap());
    assert!(g.galaxy().touching(a) >> b & 1 == 0, "not side by side");
    assert_eq!(g.ship_reach(ME).systems(a, 1) >> b & 1, 1, "Sol moves through the alpha wormholes");
    assert_eq!(g.ship_reach(CRIMSON).systems(a, 1) >> b & 1, 0, "the Rebellion does not");
    let home = g.home_slot[CRIMSON.idx()];
    assert_eq!(g.ship_reach(CRIMSON).systems(home, 1), 1 << sorrow(&g), "epsilon: home to The Sorrow");
}

/// Sol (seat 0) attacks 2 destroyers of `defender` next to Sol's home with 3 dreadnoughts
/// (`prepare` may change the game first, told the combat's system) and fights the space combat
/// out. Returns the game at the first decision after the combat, and the combat's system.
fn sol_attacks_next_door(defender: Player, prepare: impl FnOnce(&mut Ti4Game, u8)) -> (Ti4Game, u8) {
    let mut g = table(1);
    let h = g.home_slot[ME.idx()];
    let near = plain_at(&g, h, 1);
    g.state.player_mut(ME).tactic = 3;
    g.state.add_units(ME, Location::Space(h), UnitType::Dreadnought, 3).unwrap();
    g.state.add_units(defender, Location::Space(near), UnitType::Destroyer, 2).unwrap();
    prepare(&mut g, near);
    g.apply(Action::Activate(near));
    for _ in 0..3 {
        g.apply(Action::Move(h, UnitType::Dreadnought));
    }
    g.apply(Action::Done);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while matches!(g.step, Step::Space | Step::SpaceCannon) || matches!(g.current(), crate::game::Turn::Chance) {
        match g.current() {
            crate::game::Turn::Chance => g.apply_chance(&mut rng),
            _ => {
                let a = legal(&g)[0];
                g.apply(a);
            }
        }
    }
    (g, near)
}

/// [`sol_attacks_next_door`] against the Hacan, with a Rebellion destroyer `d` moves from the
/// combat (`prepare` may change the game first).
fn combat_with_a_crimson_destroyer(d: u8, prepare: impl FnOnce(&mut Ti4Game)) -> (Ti4Game, u8) {
    sol_attacks_next_door(Player(1), |g, near| {
        let watch = if d == 0 { near } else { plain_at(g, near, d) };
        g.state.add_units(CRIMSON, Location::Space(watch), UnitType::Destroyer, 1).unwrap();
        prepare(g);
    })
}

/// Exile I: "At the end of any player's combat in this unit's system or an adjacent system, you
/// may place 1 inactive breach in that system." Sol fights the Hacan next to a Rebellion
/// destroyer: window `SpaceCombatEnd` is opened for the Rebellion too; not 2 systems away.
#[test]
fn crimson_exile_i_places_an_inactive_breach_after_any_combat_next_to_it() {
    let exile =
        |g: &Ti4Game| Source::Unit(g.content().unit("crimson_destroyer").unwrap(), g.state.player(CRIMSON).faction);
    let (mut g, near) = combat_with_a_crimson_destroyer(1, |_| {});
    let src = exile(&g);
    assert_eq!(g.flow.pending.window, Some(Window::SpaceCombatEnd));
    while matches!(g.step, Step::Decide(q) if q != CRIMSON) {
        g.apply(Action::Done);
    }
    assert_eq!(g.step, Step::Decide(CRIMSON));
    assert_eq!(choices(&g, CRIMSON, Window::SpaceCombatEnd, src), vec![0], "inactive only");
    g.apply(Action::Choose(src, 0));
    assert_eq!((g.state.factions.inactive_breaches() >> near & 1, g.state.factions.active_breaches()), (1, 0));
    check(&g).unwrap();
    let (far, _) = combat_with_a_crimson_destroyer(2, |_| {});
    assert!(choices(&far, CRIMSON, Window::SpaceCombatEnd, src).is_empty(), "2 systems away");
}

/// Exile II: "At the end of any player's combat in this unit's system or up to 2 systems away,
/// you may place 1 active or inactive breach in that system."
#[test]
fn crimson_exile_ii_places_an_active_or_inactive_breach_up_to_2_systems_away() {
    let upgrade = |g: &mut Ti4Game| {
        let t = g.content().tech("exile_ii").unwrap();
        g.state.player_mut(CRIMSON).techs.insert(t);
    };
    let (mut g, near) = combat_with_a_crimson_destroyer(2, upgrade);
    let src = Source::Unit(g.content().unit("crimson_destroyer2").unwrap(), g.state.player(CRIMSON).faction);
    let one = Source::Unit(g.content().unit("crimson_destroyer").unwrap(), g.state.player(CRIMSON).faction);
    assert_eq!(choices(&g, CRIMSON, Window::SpaceCombatEnd, src), vec![0, 1]);
    assert!(choices(&g, CRIMSON, Window::SpaceCombatEnd, one).is_empty(), "Exile I's text is replaced");
    while matches!(g.step, Step::Decide(q) if q != CRIMSON) {
        g.apply(Action::Done);
    }
    g.apply(Action::Choose(src, 1));
    assert_eq!(g.state.factions.active_breaches() >> near & 1, 1);
    check(&g).unwrap();
}

/// Subatomic Splicer: "When one of your ships is destroyed, you may produce a ship of the same
/// type at a space dock in your home system." Sol's dreadnoughts destroy 2 Rebellion
/// destroyers next to Sol's home; the Rebellion (with a space dock at home) produces a destroyer
/// there, paying its cost; without the technology it is not asked.
#[test]
fn crimson_subatomic_splicer_produces_a_destroyed_ship_type_at_its_home_space_dock() {
    let splicer = |g: &Ti4Game| Source::Tech(g.content().tech("subatomic_splicer").unwrap());
    let fight = |own: bool| {
        sol_attacks_next_door(CRIMSON, |g, _| {
            let home = g.home_slot[CRIMSON.idx()];
            g.state.add_units(CRIMSON, Location::Planet(home, 0), UnitType::SpaceDock, 1).unwrap();
            g.state.player_mut(CRIMSON).trade_goods = 3;
            for pl in g.state.player(CRIMSON).planets.iter() {
                g.state.exhausted_planets.insert(pl);
            }
            if own {
                let t = splicer(g).tech().unwrap();
                g.state.player_mut(CRIMSON).techs.insert(t);
            }
        })
    };
    let (without, near) = fight(false);
    assert_eq!(without.state.count_at(Location::Space(near), UnitType::Destroyer), 0, "the destroyers are lost");
    assert!(choices(&without, CRIMSON, Window::SpaceCombatEnd, splicer(&without)).is_empty());
    let (mut g, _) = fight(true);
    let home = g.home_slot[CRIMSON.idx()];
    let src = splicer(&g);
    assert_eq!(g.flow.pending.window, Some(Window::SpaceCombatEnd));
    assert_eq!(choices(&g, CRIMSON, Window::SpaceCombatEnd, src), vec![UnitType::Destroyer.idx() as u16]);
    assert!(choices(&g, ME, Window::SpaceCombatEnd, src).is_empty(), "the winner lost nothing");
    while matches!(g.step, Step::Decide(q) if q != CRIMSON) {
        g.apply(Action::Done);
    }
    g.apply(Action::Choose(src, UnitType::Destroyer.idx() as u16));
    assert_eq!(g.state.count_at(Location::Space(home), UnitType::Destroyer), 1, "produced at home");
    assert_eq!(g.state.player(CRIMSON).trade_goods, 2, "paid 1 trade good (its planets are exhausted)");
    check(&g).unwrap();
}
