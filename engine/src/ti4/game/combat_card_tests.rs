//! Tests of the action cards played at the combat windows (`crate::ti4::action_cards`), one
//! or more per card, named after it.

use super::action_card_tests::give;
use super::faction_tests::{attack_next_door, play_space_combat_declining};
use super::rule_tests::legal;
use super::tests::check;
use super::*;
use crate::game::{Game, Turn};
use crate::ti4::combat::{HitChoice, Side, SpacePhase};
use crate::ti4::components::Zone;
use crate::ti4::rules::{Source, Window};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const ME: Player = Player(0);
const THEM: Player = Player(1);

fn copies_in(g: &Ti4Game, card: ActionCardId, zone: Zone) -> usize {
    let (first, n) = g.content().cards.copies_of(card);
    (first..first + n).filter(|&k| g.state.action_cards.get(k) == zone).count()
}

/// Plays the space combat under way up to its first combat roll (every "you may" declined, the
/// first hit choice taken), rolls it with dice `seed`, and returns the hits each side produced
/// by then (attacker's, defender's).
fn first_roll(mut g: Ti4Game, seed: u64) -> [u16; 2] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let c = g.flow.tactical.space.expect("the combat runs");
        if c.phase() == SpacePhase::Roll {
            // The combat alone rolls (the game would end it and move on).
            let mut c = c;
            c.apply_chance(&mut rng).unwrap();
            assert_eq!(c.boost(), [false; 2], "the roll spends the boost");
            return [c.hits_produced(Side::Defender), c.hits_produced(Side::Attacker)];
        }
        match g.current() {
            Turn::Chance => g.apply_chance(&mut rng),
            _ => {
                let l = legal(&g);
                g.apply(if l.contains(&Action::Done) { Action::Done } else { l[0] });
            }
        }
    }
}

/// Morale Boost: "At the start of a combat round: Apply +1 to the result of each of your
/// unit's combat rolls during this combat round." At window `SpaceCombatStart` the active
/// player holding the card is asked (`Choose(morale_boost, 0)` or `Done`); played, one copy
/// goes to the discard pile and the first round's roll has +1 on each die: with the same dice
/// it never produces fewer hits, and more on some seeds. Without the card nothing is asked.
#[test]
fn morale_boost_adds_1_to_each_die_of_the_round() {
    let theirs = [(UnitType::Dreadnought, 3)];
    let (g, _) = attack_next_door(2, &theirs, |_| {});
    assert_eq!(g.step, Step::Space, "no card: nothing to decide");
    let mut card = ActionCardId(0);
    let (mut g, _) = attack_next_door(2, &theirs, |g| card = give(g, "morale_boost", ME));
    let src = Source::ActionCard(card);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SpaceCombatStart)));
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    let mut declined = g.clone();
    declined.apply(Action::Done);
    assert_eq!(declined.flow.tactical.space.unwrap().boost(), [false; 2]);
    g.apply(Action::Choose(src, 0));
    check(&g).unwrap();
    assert_eq!((copies_in(&g, card, Zone::Hand(ME)), copies_in(&g, card, Zone::Discard)), (0, 1));
    assert_eq!(g.step, Step::Space);
    assert_eq!(g.flow.tactical.space.unwrap().boost(), [true, false], "the first round is boosted");
    let mut more = 0;
    for seed in 0..30 {
        let (boosted, plain) = (first_roll(g.clone(), seed), first_roll(declined.clone(), seed));
        assert!(boosted[0] >= plain[0], "seed {seed}: {boosted:?} vs {plain:?}");
        assert_eq!(boosted[1], plain[1], "seed {seed}: the defender's roll is not boosted");
        more += usize::from(boosted[0] > plain[0]);
    }
    assert!(more > 0, "+1 never made a hit in 30 seeds");
}

/// Morale Boost between rounds (window `SpaceCombatRoundEnd`, the next round's start): the
/// defender holding two copies plays one per round, while another round follows.
#[test]
fn morale_boost_is_offered_to_the_defender_at_the_start_of_each_round() {
    let theirs = [(UnitType::Dreadnought, 3)];
    let mut card = ActionCardId(0);
    let (g, _) = attack_next_door(2, &theirs, |g| {
        card = give(g, "morale_boost", THEM);
        give(g, "morale_boost", THEM);
    });
    let src = Source::ActionCard(card);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(Window::SpaceCombatStart)));
    let mut asked = 0;
    for seed in 0..10 {
        let mut g = g.clone();
        g.apply(Action::Choose(src, 0));
        assert_eq!(g.flow.tactical.space.unwrap().boost(), [false, true]);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_space_combat_declining(&mut g, &mut rng);
        if g.flow.pending.window == Some(Window::SpaceCombatRoundEnd) {
            assert_eq!(g.step, Step::Decide(THEM));
            assert!(legal(&g).contains(&Action::Choose(src, 0)));
            g.apply(Action::Choose(src, 0));
            assert_eq!(g.flow.tactical.space.unwrap().boost(), [false, true], "the next round is boosted");
            assert_eq!(copies_in(&g, card, Zone::Discard), 2);
            check(&g).unwrap();
            asked += 1;
        }
    }
    assert!(asked > 0, "no second round in 10 seeds");
}

/// Emergency Repairs: "At the start or end of a combat round: Repair all of your units that
/// have SUSTAIN DAMAGE and are in the active system." The defender's damaged dreadnoughts are
/// repaired at the start of the combat (the combat's force has none damaged); with no damaged
/// unit the card is not offered.
#[test]
fn emergency_repairs_repairs_every_damaged_unit_in_the_active_system() {
    let theirs = [(UnitType::Dreadnought, 2)];
    let (g, _) = attack_next_door(2, &theirs, |g| {
        give(g, "emergency_repairs", THEM);
    });
    assert_eq!(g.step, Step::Space, "nothing damaged: nothing to decide");
    let mut card = ActionCardId(0);
    let (mut g, target) = attack_next_door(2, &[], |g| {
        card = give(g, "emergency_repairs", THEM);
        let slot = Location::Space(super::rule_tests::slot_at_distance(g, super::rule_tests::home(g), 1));
        g.state.add_units(THEM, slot, UnitType::Dreadnought, 2).unwrap();
        g.state.set_damaged(slot, UnitType::Dreadnought, 2).unwrap();
    });
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(Window::SpaceCombatStart)));
    g.apply(Action::Choose(Source::ActionCard(card), 0));
    check(&g).unwrap();
    assert_eq!(g.state.damaged_at(Location::Space(target), UnitType::Dreadnought), 0);
    let c = g.flow.tactical.space.expect("the combat runs");
    assert_eq!(c.force(Side::Defender).damaged(UnitType::Dreadnought), 0, "the combat starts repaired");
    assert_eq!(copies_in(&g, card, Zone::Discard), 1);
}

/// Emergency Repairs at the end of a round (window `SpaceCombatRoundEnd`): the defender's
/// dreadnoughts damaged in the round are repaired in the combat.
#[test]
fn emergency_repairs_at_the_end_of_a_round_repairs_the_combat_force() {
    let theirs = [(UnitType::Dreadnought, 3)];
    let mut card = ActionCardId(0);
    let (g, _) = attack_next_door(2, &theirs, |g| card = give(g, "emergency_repairs", THEM));
    let mut repaired = 0;
    for seed in 0..20 {
        let mut g = g.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // The combat played on, every hit sustained where a ship can, every "you may" declined.
        while g.step == Step::Space {
            match g.current() {
                Turn::Chance => g.apply_chance(&mut rng),
                _ => {
                    let l = legal(&g);
                    let sustain = l.iter().copied().find(|a| matches!(a, Action::Hit(HitChoice::Sustain(_))));
                    g.apply(sustain.unwrap_or(if l.contains(&Action::Done) { Action::Done } else { l[0] }));
                }
            }
        }
        if g.flow.pending.window == Some(Window::SpaceCombatRoundEnd) && g.step == Step::Decide(THEM) {
            let c = g.flow.tactical.space.unwrap();
            assert!(c.force(Side::Defender).damaged(UnitType::Dreadnought) > 0, "offered only with damage");
            g.apply(Action::Choose(Source::ActionCard(card), 0));
            let c = g.flow.tactical.space.unwrap();
            assert_eq!(c.force(Side::Defender).damaged(UnitType::Dreadnought), 0);
            check(&g).unwrap();
            repaired += 1;
        }
    }
    assert!(repaired > 0, "no damaged dreadnought between rounds in 20 seeds");
}

/// Fighter Prototype: "At the start of the first round of a space combat: Apply +2 to the
/// result of each of your fighters' combat rolls during this combat round." The defender with
/// fighters plays it at window `SpaceCombatStart`; with the same dice its first roll never
/// produces fewer hits, and more on some seeds; the attacker's roll is unchanged.
#[test]
fn fighter_prototype_adds_2_to_the_fighters_first_round() {
    let theirs = [(UnitType::Carrier, 1), (UnitType::Fighter, 3)];
    let mut card = ActionCardId(0);
    let (mut g, _) = attack_next_door(2, &theirs, |g| card = give(g, "fighter_prototype", THEM));
    let src = Source::ActionCard(card);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(Window::SpaceCombatStart)));
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    let mut declined = g.clone();
    declined.apply(Action::Done);
    g.apply(Action::Choose(src, 0));
    check(&g).unwrap();
    assert_eq!(g.flow.tactical.space.unwrap().fighter_boost(), [false, true]);
    let mut more = 0;
    for seed in 0..30 {
        let (boosted, plain) = (first_roll(g.clone(), seed), first_roll(declined.clone(), seed));
        assert!(boosted[1] >= plain[1], "seed {seed}: {boosted:?} vs {plain:?}");
        assert_eq!(boosted[0], plain[0], "seed {seed}: the attacker's roll is not boosted");
        more += usize::from(boosted[1] > plain[1]);
    }
    assert!(more > 0, "+2 never made a hit in 30 seeds");
    // Without fighters in the combat the card is not offered.
    let (g, _) = attack_next_door(2, &[(UnitType::Destroyer, 1)], |g| {
        give(g, "fighter_prototype", THEM);
    });
    assert_eq!(g.step, Step::Space);
}

/// Salvage: "After you win a space combat: Your opponent gives you all of their commodities."
/// The attacker, winning, is asked at window `SpaceCombatEnd`; the loser's 3 commodities become
/// its trade goods. When the attacker loses it is not asked.
#[test]
fn salvage_takes_the_losers_commodities() {
    let mut card = ActionCardId(0);
    let (g, _) = attack_next_door(2, &[(UnitType::Destroyer, 1)], |g| {
        card = give(g, "salvage", ME);
        g.state.player_mut(THEM).commodities = 3;
    });
    let src = Source::ActionCard(card);
    let (mut won, mut lost) = (0, 0);
    for seed in 0..20 {
        let mut g = g.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_space_combat_declining(&mut g, &mut rng);
        if g.flow.tactical.space_winner == Some(ME) {
            assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SpaceCombatEnd)));
            assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
            let tg = g.state.player(ME).trade_goods;
            g.apply(Action::Choose(src, 0));
            assert_eq!(g.state.player(ME).trade_goods, tg + 3);
            assert_eq!(g.state.player(THEM).commodities, 0);
            assert_eq!(copies_in(&g, card, Zone::Discard), 1);
            check(&g).unwrap();
            won += 1;
        } else {
            assert_ne!(g.step, Step::Decide(ME), "seed {seed}: asked without winning");
            lost += 1;
        }
    }
    assert!(won > 0, "the attacker never won in 20 seeds ({lost} lost)");
}

/// Plays the space combat under way with dice from `rng`, every hit sustained where a ship can
/// and every other choice the first legal one, every "you may" declined, until `stop` holds or
/// the combat is over; returns whether `stop` held.
fn play_until(g: &mut Ti4Game, rng: &mut ChaCha8Rng, stop: impl Fn(&Ti4Game) -> bool) -> bool {
    loop {
        if stop(g) {
            return true;
        }
        if g.flow.tactical.space.is_none() {
            return false;
        }
        match g.current() {
            Turn::Chance => g.apply_chance(rng),
            Turn::Player(_) => {
                let l = legal(g);
                let sustain = l.iter().copied().find(|a| matches!(a, Action::Hit(HitChoice::Sustain(_))));
                g.apply(sustain.unwrap_or(if l.contains(&Action::Done) { Action::Done } else { l[0] }));
            }
            Turn::Terminal => return false,
        }
    }
}

/// For dice seeds 0..10: the game played on from `g` ([`play_until`]) until `p` is asked at
/// `window`, with its seed (seeds where it never is are left out).
pub(super) fn asked_at(g: &Ti4Game, window: Window, p: Player) -> impl Iterator<Item = (u64, Ti4Game)> + '_ {
    (0..10).filter_map(move |seed| {
        let mut g = g.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let asked = |g: &Ti4Game| g.flow.pending.window == Some(window) && g.step == Step::Decide(p);
        play_until(&mut g, &mut rng, asked).then_some((seed, g))
    })
}

/// Shields Holding: "Before you assign hits to your ships during a space combat: Cancel up to
/// 2 hits." The attacker holding it is asked at window `SpaceCombatBeforeHits` when the
/// defender's roll produced hits against it; played, 2 of them (all when fewer) are cancelled.
#[test]
fn shields_holding_cancels_2_hits() {
    let mut card = ActionCardId(0);
    let (g, _) = attack_next_door(2, &[(UnitType::Dreadnought, 3)], |g| card = give(g, "shields_holding", ME));
    let src = Source::ActionCard(card);
    let mut played = 0;
    for (seed, mut g) in asked_at(&g, Window::SpaceCombatBeforeHits, ME) {
        let c = g.flow.tactical.space.unwrap();
        assert_eq!(c.phase(), SpacePhase::BeforeHits(Side::Attacker));
        let hits = c.pending_hits(Side::Attacker).remaining();
        assert!(hits > 0);
        assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
        g.apply(Action::Choose(src, 0));
        check(&g).unwrap();
        assert_eq!(copies_in(&g, card, Zone::Discard), 1);
        let c = g.flow.tactical.space.unwrap();
        // Every hit produced against the attacker is placed or still to place, but the 2 cancelled.
        let to_place = if c.phase() == SpacePhase::AssignHits(Side::Attacker) {
            c.pending_hits(Side::Attacker).remaining()
        } else {
            0
        };
        let placed = c.hits_assigned(Side::Attacker) + to_place;
        assert_eq!(placed + hits.min(2), c.hits_produced(Side::Attacker), "seed {seed}");
        played += 1;
    }
    assert!(played > 0, "the defender never hit in 10 seeds");
}

/// Direct Hit: "After another player's ship uses SUSTAIN DAMAGE to cancel a hit produced by
/// your units or abilities: Destroy that ship." The attacker holding it is asked at window
/// `SpaceCombatAfterHits` once the defender's dreadnoughts sustained its hits; played, one of
/// them is destroyed.
#[test]
fn direct_hit_destroys_a_ship_that_sustained() {
    let mut card = ActionCardId(0);
    let (g, _) = attack_next_door(2, &[(UnitType::Dreadnought, 3)], |g| card = give(g, "direct_hit", ME));
    let src = Source::ActionCard(card);
    let mut played = 0;
    for (seed, mut g) in asked_at(&g, Window::SpaceCombatAfterHits, ME) {
        let c = g.flow.tactical.space.unwrap();
        assert_eq!(c.phase(), SpacePhase::AfterHits(Side::Defender));
        let n = c.force(Side::Defender).count(UnitType::Dreadnought);
        let choice = Action::Choose(src, UnitType::Dreadnought.idx() as u16);
        assert_eq!(legal(&g), vec![choice, Action::Done]);
        g.apply(choice);
        check(&g).unwrap();
        assert_eq!(copies_in(&g, card, Zone::Discard), 1);
        if let Some(c) = g.flow.tactical.space {
            assert_eq!(c.force(Side::Defender).count(UnitType::Dreadnought), n - 1, "seed {seed}");
        }
        played += 1;
    }
    assert!(played > 0, "no dreadnought sustained in 10 seeds");
}

/// Skilled Retreat: "At the start of a combat round: Move all of your ships from the active
/// system into an adjacent system that does not contain another player's ships; the space
/// combat ends in a draw. Then, place a command token from your reinforcements in that
/// system." The defender holding it is offered, at window `SpaceCombatStart`, one choice per
/// adjacent system free of other players' ships; taken, its ships leave with a command token
/// placed where they go, no combat is fought, and the attacker's ships arrive in the active
/// system.
#[test]
fn skilled_retreat_at_the_start_moves_the_defender_out_and_no_combat_is_fought() {
    let theirs = [(UnitType::Dreadnought, 2), (UnitType::Fighter, 1)];
    let mut card = ActionCardId(0);
    let (g, target) = attack_next_door(2, &theirs, |g| card = give(g, "skilled_retreat", THEM));
    let src = Source::ActionCard(card);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(THEM), Some(Window::SpaceCombatStart)));
    let offered: Vec<u16> = legal(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Choose(s, k) if s == src => Some(k),
            _ => None,
        })
        .collect();
    let expected: Vec<u16> =
        crate::ti4::galaxy::bits(super::component::withdrawal_systems(&g, THEM)).map(u16::from).collect();
    assert!(!offered.is_empty() && offered == expected, "{offered:?} vs {expected:?}");
    for &to in &offered {
        assert!(g.galaxy().neighbours(target) >> to & 1 == 1, "adjacent");
        let owner = g.state.systems[to as usize].space.owner;
        assert!(owner == crate::ti4::state::NOBODY || owner == THEM.0, "no other player's ships at {to}");
    }
    let empty = |g: &Ti4Game, to: u8| {
        g.state.occupant(Location::Space(to)).is_none() && g.state.systems[to as usize].tokens == 0
    };
    let to = offered.iter().map(|&k| k as u8).find(|&to| empty(&g, to)).expect("an empty system");
    let mut g = g;
    let tokens = g.state.player(THEM).token_reinforcements;
    g.apply(Action::Choose(src, u16::from(to)));
    check(&g).unwrap();
    assert_eq!(copies_in(&g, card, Zone::Discard), 1);
    assert!(g.flow.tactical.space.is_none(), "no combat is fought");
    assert!(!g.flow.tactical.withdrawn, "the withdrawal is spent");
    assert_eq!(g.flow.tactical.space_winner, None, "a draw");
    let (moved, here) = (Location::Space(to), Location::Space(target));
    assert_eq!((g.state.count_at(moved, UnitType::Dreadnought), g.state.count_at(moved, UnitType::Fighter)), (2, 1));
    assert_eq!(g.state.occupant(here), Some(ME), "the attacker's ships arrived");
    assert_eq!(g.state.count_at(here, UnitType::Cruiser), 2);
    assert_eq!(g.state.systems[to as usize].tokens >> THEM.0 & 1, 1, "a command token where they went");
    assert_eq!(g.state.player(THEM).token_reinforcements, tokens - 1);
}

/// Skilled Retreat between rounds (window `SpaceCombatRoundEnd`, the next round's start): the
/// attacker plays it; the combat ends with no winner, its ships (the survivors of the round)
/// are in the chosen system with its command token, and the defender's stay.
#[test]
fn skilled_retreat_between_rounds_ends_the_combat_in_a_draw() {
    let theirs = [(UnitType::Dreadnought, 3)];
    let mut card = ActionCardId(0);
    let (g, target) = attack_next_door(2, &theirs, |g| card = give(g, "skilled_retreat", ME));
    let src = Source::ActionCard(card);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SpaceCombatStart)));
    let mut g = g;
    g.apply(Action::Done);
    let mut tested = 0;
    for seed in 0..12 {
        let mut g = g.clone();
        play_space_combat_declining(&mut g, &mut ChaCha8Rng::seed_from_u64(seed));
        if g.flow.pending.window != Some(Window::SpaceCombatRoundEnd) {
            continue;
        }
        assert_eq!(g.step, Step::Decide(ME));
        let c = g.flow.tactical.space.unwrap();
        let survivors = *c.force(Side::Attacker).counts();
        let to = legal(&g)
            .into_iter()
            .filter_map(|a| match a {
                Action::Choose(s, k) if s == src => Some(k as u8),
                _ => None,
            })
            .find(|&to| g.state.occupant(Location::Space(to)).is_none() && g.state.systems[to as usize].tokens == 0)
            .expect("an empty system to withdraw to");
        g.apply(Action::Choose(src, u16::from(to)));
        check(&g).unwrap();
        assert!(g.flow.tactical.space.is_none(), "the combat is over");
        assert_eq!(g.flow.tactical.space_winner, None, "a draw: {:?}", g.step);
        for t in UnitType::SHIPS.iter().copied() {
            assert_eq!(g.state.count_at(Location::Space(to), t), survivors[t.idx()], "{t:?}");
        }
        assert_eq!(g.state.occupant(Location::Space(target)), Some(THEM));
        assert_eq!(g.state.systems[to as usize].tokens >> ME.0 & 1, 1);
        tested += 1;
    }
    assert!(tested > 0, "no second round in 12 seeds");
}

/// Reveal Prototype: "At the start of a combat: Spend 4 resources to research a unit upgrade
/// technology of the same type as 1 of your units that is participating in this combat." The
/// attacker (cruisers and a destroyer in the combat, two warfare technologies) with 4 trade
/// goods and its planets exhausted is offered, at window
/// `SpaceCombatStart`, only unit upgrades of those ship types it can research; taken, it owns
/// the upgrade, has spent 4 resources, and the combat's force is built with the upgraded unit.
#[test]
fn reveal_prototype_researches_a_ship_upgrade_before_the_combat() {
    let theirs = [(UnitType::Dreadnought, 2)];
    let mut card = ActionCardId(0);
    let (g, _) = attack_next_door(2, &theirs, |g| {
        card = give(g, "reveal_prototype", ME);
        // Two warfare technologies: Destroyer II's prerequisites.
        for key in ["plasma_scoring", "magen_defense_grid"] {
            let t = g.content().tech(key).unwrap();
            g.state.player_mut(ME).techs.insert(t);
        }
        g.state.player_mut(ME).trade_goods = 4;
        let planets = g.state.player(ME).planets;
        g.state.exhausted_planets = g.state.exhausted_planets.union(planets);
    });
    let src = Source::ActionCard(card);
    let mut g = g;
    // Other rules of the window first (the Letnev's Munitions Reserves): declined.
    while g.flow.pending.current().is_some_and(|(_, s)| s != src) {
        g.apply(Action::Done);
    }
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(Window::SpaceCombatStart)));
    let offered: Vec<TechId> = legal(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Choose(s, k) if s == src => Some(TechId(k as u8)),
            _ => None,
        })
        .collect();
    assert!(!offered.is_empty());
    for &t in &offered {
        let u = g.content().tech_def(t).unit.expect("a unit upgrade");
        assert!(matches!(u, UnitType::Cruiser | UnitType::Destroyer), "{u:?} is not in the combat");
        assert!(!g.state.player(ME).techs.contains(t));
    }
    let t = offered[0];
    g.apply(Action::Choose(src, u16::from(t.0)));
    check(&g).unwrap();
    assert!(g.state.player(ME).techs.contains(t), "researched");
    assert_eq!(g.state.player(ME).trade_goods, 0, "4 resources spent (trade goods)");
    assert_eq!(copies_in(&g, card, Zone::Discard), 1);
    let u = g.content().tech_def(t).unit.unwrap();
    let c = g.flow.tactical.space.expect("the combat runs");
    let units = super::tactical::units_of(g.content(), &g.state, ME);
    assert_eq!(c.force(Side::Attacker).stats(u).unit, units[u.idx()], "fought with the upgrade");
}

/// Once a side has left the space combat at its start (Skilled Retreat), the window
/// `SpaceCombatStart` closes (`pending::still_open`): the defender's Emergency Repairs, queued
/// behind the attacker's card, is not asked, since there is no combat for it.
#[test]
fn skilled_retreat_closes_the_window_for_the_decisions_queued_behind_it() {
    let (mut sr, mut er) = (ActionCardId(0), ActionCardId(0));
    let (mut g, target) = attack_next_door(2, &[], |g| {
        sr = give(g, "skilled_retreat", ME);
        er = give(g, "emergency_repairs", THEM);
        let slot = Location::Space(super::rule_tests::slot_at_distance(g, super::rule_tests::home(g), 1));
        g.state.add_units(THEM, slot, UnitType::Dreadnought, 2).unwrap();
        g.state.set_damaged(slot, UnitType::Dreadnought, 1).unwrap();
    });
    let queued: Vec<_> = g.flow.pending.queue.iter().flatten().map(|&(_, s)| s).collect();
    assert!(queued.contains(&Source::ActionCard(er)), "the defender's card is queued: {queued:?}");
    while g.flow.pending.current().is_some_and(|(_, s)| s != Source::ActionCard(sr)) {
        g.apply(Action::Done);
    }
    let to = legal(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Choose(s, k) if s == Source::ActionCard(sr) => Some(k),
            _ => None,
        })
        .find(|&k| g.state.occupant(Location::Space(k as u8)).is_none())
        .expect("an empty system to withdraw to");
    g.apply(Action::Choose(Source::ActionCard(sr), to));
    check(&g).unwrap();
    assert_eq!(g.flow.pending.window, None, "the window closed");
    assert_ne!(g.step, Step::Decide(THEM), "Emergency Repairs is not asked");
    assert_eq!(copies_in(&g, er, Zone::Hand(THEM)), 1, "and stays in hand");
    assert_eq!(g.state.count_at(Location::Space(target), UnitType::Dreadnought), 2);
}

/// The space combat of [`attack_next_door`] (seed 2, `theirs` defending) with action card `key`
/// given to `holder`: asserts that `holder` is asked at window `SpaceCombatStart`, offered
/// `Choose(card, 0)` or `Done`; returns the game after playing it (checked, the copy in the
/// discard pile), the game after declining it, and the card.
fn played_and_declined_at_combat_start(
    theirs: &[(UnitType, u8)],
    key: &str,
    holder: Player,
) -> (Ti4Game, Ti4Game, ActionCardId) {
    let mut card = ActionCardId(0);
    let (mut g, _) = attack_next_door(2, theirs, |g| card = give(g, key, holder));
    let src = Source::ActionCard(card);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(holder), Some(Window::SpaceCombatStart)));
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    let mut declined = g.clone();
    declined.apply(Action::Done);
    g.apply(Action::Choose(src, 0));
    check(&g).unwrap();
    assert_eq!(copies_in(&g, card, Zone::Discard), 1);
    (g, declined, card)
}

/// Waylay: "Before you roll dice for ANTI-FIGHTER BARRAGE: Hits from this roll are produced
/// against all ships (not just fighters)." The attacker, with a destroyer (ANTI-FIGHTER
/// BARRAGE), facing two cruisers and no fighter, is asked at window `SpaceCombatStart`;
/// played, its barrage hits destroy cruisers on some seeds, which the plain barrage never does.
/// A side without a unit with the ability is not offered it.
#[test]
fn waylay_makes_the_barrage_hit_all_ships() {
    let theirs = [(UnitType::Cruiser, 2)];
    let (g, declined, _) = played_and_declined_at_combat_start(&theirs, "waylay", ME);
    assert_eq!(g.flow.tactical.space.unwrap().barrage_all_ships(), [true, false]);
    /// The defender's cruisers once the barrage's hits are assigned, with dice `seed`.
    fn after_barrage(g: &Ti4Game, seed: u64) -> u8 {
        let mut c = g.flow.tactical.space.expect("the combat runs");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        assert_eq!(c.phase(), SpacePhase::AntiFighterBarrage);
        c.apply_chance(&mut rng).unwrap();
        while let SpacePhase::AssignBarrage(_) = c.phase() {
            let d = c.default_decision().expect("a hit to place");
            c.apply_decision(d).unwrap();
        }
        c.force(Side::Defender).count(UnitType::Cruiser)
    }
    let mut destroyed = 0;
    for seed in 0..30 {
        assert_eq!(after_barrage(&declined, seed), 2, "seed {seed}: the plain barrage hits fighters only");
        destroyed += u32::from(after_barrage(&g, seed) < 2);
    }
    assert!(destroyed > 0, "no barrage hit in 30 seeds");
    // The defender's cruisers have no ANTI-FIGHTER BARRAGE: not offered to it.
    let (g, _) = attack_next_door(2, &theirs, |g| {
        give(g, "waylay", THEM);
    });
    assert_eq!(g.step, Step::Space);
}

/// Rout: "At the start of the 'Announce Retreats' step of space combat, if you are the
/// defender: Your opponent must announce a retreat, if able." The defender is asked at window
/// `SpaceCombatStart` (the attacker can retreat to its home next door); played, the attacker
/// announces a retreat in the first round with no decision and, surviving the round, retreats.
/// Declined, the attacker is asked whether to announce. The attacker is never offered it.
#[test]
fn rout_makes_the_attacker_announce_a_retreat() {
    let theirs = [(UnitType::Destroyer, 1)];
    let (mut g, declined, _) = played_and_declined_at_combat_start(&theirs, "rout", THEM);
    assert_eq!(g.flow.tactical.space.unwrap().routed(), [true, false]);
    /// The combat played to its first combat roll (default decisions), with dice `seed`.
    fn to_roll(g: &Ti4Game, seed: u64) -> crate::ti4::combat::SpaceCombat {
        let mut c = g.flow.tactical.space.expect("the combat runs");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while c.phase() != SpacePhase::Roll {
            match c.default_decision() {
                Some(d) => c.apply_decision(d).unwrap(),
                None => c.apply_chance(&mut rng).unwrap(),
            }
        }
        c
    }
    for seed in 0..10 {
        let c = to_roll(&g, seed);
        if c.force(Side::Attacker).has_combatants() && c.force(Side::Defender).has_combatants() {
            assert_eq!(c.announced_retreat(), Some(Side::Attacker), "seed {seed}");
        }
        assert_eq!(to_roll(&declined, seed).announced_retreat(), None, "seed {seed}: declined, no retreat");
    }
    // Played through: the attacker's surviving ships end up out of the active system.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    play_space_combat_declining(&mut g, &mut rng);
    let active = Location::Space(g.flow.tactical.active);
    assert_ne!(g.state.occupant(active), Some(ME), "the attacker retreated (or lost every ship)");
    check(&g).unwrap();
    // The attacker holding it is not offered it.
    let (g, _) = attack_next_door(2, &theirs, |g| {
        give(g, "rout", ME);
    });
    assert_eq!(g.step, Step::Space);
}
