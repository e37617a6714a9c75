//! Flagship and mech text abilities in play (`SourceKey::Unit` rules in
//! `crate::ti4::factions`), one test per unit, named after the faction and the unit.

use super::faction_tests::play_space_combat_declining;
use super::rule_tests::{home, legal, scenario_of, slot_at_distance};
use super::tests::{check, six_player_game};
use super::*;
use crate::ti4::combat::{Arena, Force, Side, SpacePhase};
use crate::ti4::rules;
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const ME: Player = Player(0);
const THEM: Player = Player(1);

/// Six-player game `seed` cleared of units, with `faction` at seat 0 (`six_player_game` seats
/// `keys[seed % 24]` there).
fn seat_0(seed: u64, faction: &str) -> Ti4Game {
    let g = scenario_of(six_player_game(seed));
    assert_eq!(g.content().factions[g.state.player(ME).faction.idx()].key, faction, "seed {seed}");
    g
}

/// The first of the 24 seeded six-player games that seats `faction` at seat 0, cleared of units.
fn seat_0_of(faction: &str) -> Ti4Game {
    let seed = (0..24).find(|&k| {
        let g = six_player_game(k);
        g.content().factions[g.state.player(ME).faction.idx()].key == faction
    });
    seat_0(seed.unwrap_or_else(|| panic!("no game seats {faction} at seat 0")), faction)
}

/// A carrier from `ME`'s home brings one `ground` unit from the home planet to planet 0 of a
/// plain planet system next to home, lands it, and ends landing and production; returns that
/// system's slot (the game waits at window `TacticalActionEnd` when a rule asks there).
fn invade_next_to_home(g: &mut Ti4Game, ground: UnitType) -> u8 {
    let h = home(g);
    let target = (0..g.state.num_systems)
        .find(|&sl| {
            g.galaxy().distance(h, sl) == Some(1)
                && sl != g.galaxy().mecatol()
                && g.state.planet_at(g.content(), Location::Planet(sl, 0)).is_some()
                && !g.home_slot[..6].contains(&sl)
        })
        .expect("a planet system next to home");
    g.state.add_units(ME, Location::Space(h), UnitType::Carrier, 1).unwrap();
    g.state.add_units(ME, Location::Planet(h, 0), ground, 1).unwrap();
    g.apply(Action::Activate(target));
    g.apply(Action::Move(h, UnitType::Carrier));
    g.apply(Action::Carry(h, ground));
    g.apply(Action::Done);
    assert_eq!(g.step, Step::Land(ME));
    g.apply(Action::Land(0, ground));
    while matches!(g.step, Step::Land(_) | Step::Produce(_)) {
        g.apply(Action::Done);
        super::exploration::decline_explorations(g);
    }
    check(g).unwrap();
    target
}

/// The rule source of `ME`'s faction unit `unit` (a content id).
fn unit_source(g: &Ti4Game, unit: &str) -> rules::Source {
    rules::Source::Unit(g.content().unit(unit).unwrap(), g.state.player(ME).faction)
}

/// `ME` decides at `window`, offered exactly the choices `ks` of `src`, then `Done`.
fn assert_offered(g: &Ti4Game, window: rules::Window, src: rules::Source, ks: &[u16]) {
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(ME), Some(window)));
    let want: Vec<Action> = ks.iter().map(|&k| Action::Choose(src, k)).chain([Action::Done]).collect();
    assert_eq!(super::rule_tests::legal(g), want);
}

/// True when the open window's queue holds a choice of `src`.
fn queued(g: &Ti4Game, src: rules::Source) -> bool {
    g.flow.pending.queue.iter().flatten().any(|&(_, s)| s == src)
}

/// `p`'s force in `arena` with `units`, every combat-roll modifier of `p` applied, as the round
/// loop builds it.
fn force(g: &Ti4Game, p: Player, arena: Arena, units: &[(UnitType, u8)]) -> Force {
    let (c, s) = (g.content(), &g.state);
    let mut f = crate::ti4::game::tactical::force_of(c, s, p, arena);
    for &(t, k) in units {
        f = f.with_units(t, k, 0).unwrap();
    }
    rules::with_combat_roll_modifier(c, s, p, f)
}

/// Both sides after hook point `combat_sides` at `loc`, `ME` attacking `THEM`.
fn sides(g: &Ti4Game, loc: Location, mine: Force, theirs: Force) -> (Force, Force) {
    let (c, s) = (g.content(), &g.state);
    let (mut a, mut d) = (mine, theirs);
    rules::combat_sides(c, s, ME, THEM, loc, &mut a, &mut d);
    rules::combat_sides(c, s, THEM, ME, loc, &mut d, &mut a);
    (a, d)
}

/// `ME` moves `mine` from its home into the plain system next to it holding `THEM`'s `theirs`:
/// the space combat that starts there.
fn space_combat(
    g: &mut Ti4Game,
    mine: &[(UnitType, u8)],
    theirs: &[(UnitType, u8)],
) -> crate::ti4::combat::SpaceCombat {
    let (h, target) = (home(g), slot_at_distance(g, home(g), 1));
    for &(t, k) in theirs {
        g.state.add_units(THEM, Location::Space(target), t, k).unwrap();
    }
    for &(t, k) in mine {
        g.state.add_units(ME, Location::Space(h), t, k).unwrap();
    }
    g.apply(Action::Activate(target));
    for &(t, k) in mine {
        for _ in 0..k {
            g.apply(Action::Move(h, t));
        }
    }
    g.apply(Action::Done);
    check(g).unwrap();
    assert_eq!(g.step, Step::Space);
    g.flow.tactical.space.expect("a space combat")
}

/// C'morran N'orr (Sardakk flagship): "Apply +1 to the result of each of your other ship's
/// combat rolls in this system." In play (game 13 seats the Sardakk at seat 0): with the
/// flagship the cruisers hit on 1 less than with Unrelenting alone, the flagship itself does
/// not; once the flagship is destroyed the bonus is gone.
#[test]
fn sardakk_flagship_cmorran_norr_gives_the_other_ships_plus_1_while_it_fights() {
    let cruiser = |g: &Ti4Game| g.content().units[g.content().unit("cruiser").unwrap().idx()].combat.unwrap().hits_on;
    let flagship =
        |g: &Ti4Game| g.content().units[g.content().unit("sardakk_flagship").unwrap().idx()].combat.unwrap().hits_on;
    let theirs = [(UnitType::Dreadnought, 2)];
    let mut g = seat_0(13, "sardakk");
    let without = space_combat(&mut g, &[(UnitType::Cruiser, 2)], &theirs);
    assert_eq!(without.force(Side::Attacker).hits_on(UnitType::Cruiser), Some(cruiser(&g) - 1), "Unrelenting");
    let mut g = seat_0(13, "sardakk");
    let with = space_combat(&mut g, &[(UnitType::Cruiser, 2), (UnitType::Flagship, 1)], &theirs);
    let att = *with.force(Side::Attacker);
    assert_eq!(att.hits_on(UnitType::Cruiser), Some(cruiser(&g) - 2), "Unrelenting and the flagship");
    assert_eq!(att.hits_on(UnitType::Flagship), Some(flagship(&g) - 1), "\"other\" ships only");
    let mut gone = att;
    assert!(gone.destroy(UnitType::Flagship));
    assert_eq!(gone.hits_on(UnitType::Cruiser), Some(cruiser(&g) - 1), "the flagship destroyed");
    // The defender's ships are not helped.
    assert_eq!(with.force(Side::Defender), without.force(Side::Defender));
    // Played out, the combat keeps the invariants.
    play_space_combat_declining(&mut g, &mut ChaCha8Rng::seed_from_u64(3));
    check(&g).unwrap();
}

/// Arvicon Rex (Mahact flagship): "During combat against an opponent whose command token is not
/// in your fleet pool, apply +2 to the results of this unit's combat rolls." Game 20 seats the
/// Mahact at seat 0.
#[test]
fn mahact_flagship_arvicon_rex_plus_2_unless_the_opponents_token_is_in_the_fleet_pool() {
    let mut g = seat_0(20, "mahact");
    let loc = Location::Space(slot_at_distance(&g, home(&g), 1));
    let mine = force(&g, ME, Arena::Space, &[(UnitType::Flagship, 1), (UnitType::Cruiser, 1)]);
    let theirs = force(&g, THEM, Arena::Space, &[(UnitType::Cruiser, 1)]);
    let (a, d) = sides(&g, loc, mine, theirs);
    assert_eq!(a.hits_on(UnitType::Flagship), mine.hits_on(UnitType::Flagship).map(|h| h - 2));
    assert_eq!(a.hits_on(UnitType::Cruiser), mine.hits_on(UnitType::Cruiser), "this unit only");
    assert_eq!(d, theirs);
    *g.state.factions.held_tokens_mut(ME) |= 1 << THEM.0;
    assert_eq!(sides(&g, loc, mine, theirs).0, mine, "THEM's token in the Mahact fleet pool");
}

/// Fourth Moon (Mentak flagship): "Other players' ships in this system cannot use SUSTAIN
/// DAMAGE." Game 7 seats the Mentak at seat 0; without the flagship in the combat their
/// dreadnought keeps it.
#[test]
fn mentak_flagship_fourth_moon_takes_sustain_damage_from_the_opponents_ships() {
    let g = seat_0(7, "mentak");
    let loc = Location::Space(slot_at_distance(&g, home(&g), 1));
    let theirs = force(&g, THEM, Arena::Space, &[(UnitType::Dreadnought, 1)]);
    assert!(theirs.stats(UnitType::Dreadnought).sustain_damage);
    let with = force(&g, ME, Arena::Space, &[(UnitType::Flagship, 1)]);
    let (a, d) = sides(&g, loc, with, theirs);
    assert!(!d.stats(UnitType::Dreadnought).sustain_damage);
    assert!(a.stats(UnitType::Flagship).sustain_damage, "the Mentak's own ships keep it");
    let without = force(&g, ME, Arena::Space, &[(UnitType::Cruiser, 1)]);
    assert_eq!(sides(&g, loc, without, theirs).1, theirs);
}

/// Moll Terminus (Mentak mech): "Other players' ground forces on this planet cannot use
/// SUSTAIN DAMAGE." In a ground combat with a Mentak mech their mech loses it; in space, or
/// without the mech, it keeps it.
#[test]
fn mentak_mech_moll_terminus_takes_sustain_damage_from_the_opponents_ground_forces() {
    let g = seat_0(7, "mentak");
    let slot = slot_at_distance(&g, home(&g), 1);
    let theirs = force(&g, THEM, Arena::Ground, &[(UnitType::Mech, 1), (UnitType::Infantry, 1)]);
    assert!(theirs.stats(UnitType::Mech).sustain_damage);
    let with = force(&g, ME, Arena::Ground, &[(UnitType::Mech, 1)]);
    let d = sides(&g, Location::Planet(slot, 0), with, theirs).1;
    assert!(!d.stats(UnitType::Mech).sustain_damage);
    let without = force(&g, ME, Arena::Ground, &[(UnitType::Infantry, 2)]);
    assert_eq!(sides(&g, Location::Planet(slot, 0), without, theirs).1, theirs);
}

/// Shield Paling (Jol-Nar mech): "Your infantry on this planet are not affected by your
/// FRAGILE faction ability." Game 4 seats the Jol-Nar at seat 0: with a mech in the ground
/// combat the infantry hit on their printed value, the mech keeps Fragile's -1; once the mech
/// is destroyed the infantry are fragile again.
#[test]
fn jolnar_mech_shield_paling_lifts_fragile_from_the_infantry() {
    let g = seat_0(4, "jolnar");
    let loc = Location::Planet(slot_at_distance(&g, home(&g), 1), 0);
    let printed = |t: UnitType| {
        let f = crate::ti4::game::tactical::force_of(g.content(), &g.state, ME, Arena::Ground);
        f.stats(t).combat.unwrap().hits_on
    };
    let theirs = force(&g, THEM, Arena::Ground, &[(UnitType::Infantry, 2)]);
    let mine = force(&g, ME, Arena::Ground, &[(UnitType::Infantry, 2), (UnitType::Mech, 1)]);
    assert_eq!(mine.hits_on(UnitType::Infantry), Some(printed(UnitType::Infantry) + 1), "Fragile");
    let (a, _) = sides(&g, loc, mine, theirs);
    assert_eq!(a.hits_on(UnitType::Infantry), Some(printed(UnitType::Infantry)));
    assert_eq!(a.hits_on(UnitType::Mech), Some(printed(UnitType::Mech) + 1), "the mech stays fragile");
    let mut gone = a;
    assert!(gone.destroy(UnitType::Mech));
    assert_eq!(gone.hits_on(UnitType::Infantry), Some(printed(UnitType::Infantry) + 1));
    let no_mech = force(&g, ME, Arena::Ground, &[(UnitType::Infantry, 2)]);
    assert_eq!(sides(&g, loc, no_mech, theirs).0, no_mech);
}

/// J.N.S. Hylarim (Jol-Nar flagship): "When making a combat roll for this ship, each result of
/// 9 or 10, before applying modifiers, produces 2 additional hits." Game 4 seats the Jol-Nar at
/// seat 0: in a space combat with the flagship the attacker's force carries the rule for the
/// flagship's dice only; each die's hits are its hit plus 2 on a 9 or 10 (the same draws as
/// without the rule), the exact distribution agrees in its mean, and the combat plays out.
#[test]
fn jolnar_flagship_hylarim_produces_2_more_hits_on_a_9_or_10() {
    use crate::ti4::combat::exact::combat_hit_distribution;
    use crate::ti4::combat::{roll_combat, roll_d10, type_bit, Natural};
    let theirs = [(UnitType::Dreadnought, 3)];
    let mut g = seat_0(4, "jolnar");
    let without = space_combat(&mut g, &[(UnitType::Cruiser, 2)], &theirs);
    assert!(without.force(Side::Attacker).natural().is_none());
    let mut g = seat_0(4, "jolnar");
    let with = space_combat(&mut g, &[(UnitType::Cruiser, 2), (UnitType::Flagship, 1)], &theirs);
    let (att, def) = (*with.force(Side::Attacker), *with.force(Side::Defender));
    assert_eq!(att.natural(), Natural { on: type_bit(UnitType::Flagship), at_least: 9, extra: 2 });
    assert!(def.natural().is_none(), "the defender's ships are not helped");
    // Only the flagship rolls: its dice, Fragile's -1 applied to the hit, not to the 9 or 10.
    let mut alone = att;
    while alone.destroy(UnitType::Cruiser) {}
    let on = alone.hits_on(UnitType::Flagship).unwrap();
    let dice = alone.combat_dice(UnitType::Flagship, def.non_fighter_ships());
    assert!(dice >= 1);
    let (mut bonus_seen, mut total) = (false, 0u32);
    for seed in 0..200 {
        let mut plain = ChaCha8Rng::seed_from_u64(seed);
        let want: u16 = (0..dice)
            .map(|_| {
                let r = roll_d10(&mut plain);
                bonus_seen |= r >= 9;
                u16::from(r >= on) + if r >= 9 { 2 } else { 0 }
            })
            .sum();
        let got = roll_combat(&alone, &def, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(got, want, "seed {seed}");
        total += u32::from(got);
    }
    assert!(bonus_seen);
    let dist = combat_hit_distribution(&alone, &def);
    assert!((dist.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let mean: f64 = dist.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
    let per_die = f64::from(11 - on) / 10.0 + 2.0 * 0.2;
    assert!((mean - f64::from(dice) * per_die).abs() < 1e-12, "{mean}");
    assert!((f64::from(total) / 200.0 - mean).abs() < 0.5, "sampled {} against {mean}", f64::from(total) / 200.0);
    play_space_combat_declining(&mut g, &mut ChaCha8Rng::seed_from_u64(3));
    check(&g).unwrap();
}

/// Y'sia Y'ssrila (Yssaril flagship): "This ship can move through systems that contain other
/// players' ships." With another player's destroyer in every system next to the Yssaril home,
/// a system two away is reached by the flagship (move 2) and not by a cruiser (move 2); once
/// moved, the flagship is in the active system.
#[test]
fn yssaril_flagship_ysia_yssrila_moves_through_other_players_ships() {
    let mut g = seat_0_of("yssaril");
    let h = home(&g);
    let target = slot_at_distance(&g, h, 2);
    for sl in crate::ti4::galaxy::bits(g.galaxy().neighbours(h)) {
        g.state.add_units(THEM, Location::Space(sl), UnitType::Destroyer, 1).unwrap();
    }
    g.state.add_units(ME, Location::Space(h), UnitType::Flagship, 1).unwrap();
    g.state.add_units(ME, Location::Space(h), UnitType::Cruiser, 1).unwrap();
    g.apply(Action::Activate(target));
    let moves = super::rule_tests::legal(&g);
    assert!(moves.contains(&Action::Move(h, UnitType::Flagship)), "{moves:?}");
    assert!(!moves.contains(&Action::Move(h, UnitType::Cruiser)), "{moves:?}");
    g.apply(Action::Move(h, UnitType::Flagship));
    g.apply(Action::Done);
    check(&g).unwrap();
    assert_eq!(g.state.count_at(Location::Space(target), UnitType::Flagship), 1);
}

/// Arc Secundus (Letnev flagship): "Other players' units in this system lose PLANETARY SHIELD.
/// At the start of each space combat round, repair this ship." In play (the game that seats the
/// Letnev at seat 0): the Letnev force of a space combat with the flagship repairs it each
/// round; a combat started with the flagship damaged starts its first round with it repaired,
/// and a later round likewise; the shields are off in the flagship's system only.
#[test]
fn letnev_flagship_arc_secundus_repairs_each_round_and_lifts_planetary_shields() {
    use crate::ti4::combat::{type_bit, SpaceCombat, SpacePhase};
    let mut g = seat_0_of("letnev");
    let loc = Location::Space(slot_at_distance(&g, home(&g), 1));
    let theirs = force(&g, THEM, Arena::Space, &[(UnitType::Dreadnought, 3)]);
    let mine = force(&g, ME, Arena::Space, &[(UnitType::Flagship, 1), (UnitType::Cruiser, 1)]);
    let (a, d) = sides(&g, loc, mine, theirs);
    assert_eq!(a.round_repair(), type_bit(UnitType::Flagship));
    assert_eq!(d.round_repair(), 0, "the opponent's ships are not repaired");
    let no_flagship = force(&g, ME, Arena::Space, &[(UnitType::Cruiser, 1)]);
    assert_eq!(sides(&g, loc, no_flagship, theirs).0.round_repair(), 0);
    // The flagship damaged before the combat: repaired as the first round starts.
    let damaged = a.with_units(UnitType::Flagship, 1, 1).unwrap();
    let mut combat = SpaceCombat::new(damaged, d, [Default::default(); 2]).unwrap();
    assert_eq!(combat.force(Side::Attacker).damaged(UnitType::Flagship), 0);
    // Played on: whenever a round starts (the roll of a later round), it is undamaged again.
    combat.set_pause_between_rounds(true);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut rounds_started, mut guard) = (0, 0);
    while combat.outcome().is_none() && guard < 200 {
        guard += 1;
        match combat.phase() {
            SpacePhase::Between => {
                combat.next_round().unwrap();
                if combat.outcome().is_none() {
                    rounds_started += 1;
                    assert_eq!(combat.force(Side::Attacker).damaged(UnitType::Flagship), 0);
                }
            }
            _ => {
                if combat.apply_chance(&mut rng).is_err() {
                    let d = combat.default_decision().expect("a decision");
                    combat.apply_decision(d).unwrap();
                }
            }
        }
    }
    assert!(rounds_started > 0, "the combat lasted more than a round");
    // PLANETARY SHIELD: off in the flagship's system, for its owner's bombardment only.
    let slot = loc.slot();
    assert!(!rules::disables_planetary_shields(&g, ME, slot));
    g.state.add_units(ME, loc, UnitType::Flagship, 1).unwrap();
    assert!(rules::disables_planetary_shields(&g, ME, slot));
    assert!(!rules::disables_planetary_shields(&g, ME, home(&g)));
    assert!(!rules::disables_planetary_shields(&g, THEM, slot));
}

/// Mordred (Nekro mech): "During combat against an opponent who has an X or Y token on 1 or
/// more of their technologies, apply +2 to the result of each of this unit's combat rolls."
/// Game 15 seats the Nekro at seat 0.
#[test]
fn nekro_mech_mordred_plus_2_against_an_opponent_with_a_valefar_token() {
    let mut g = seat_0(15, "nekro");
    let loc = Location::Planet(slot_at_distance(&g, home(&g), 1), 0);
    let mine = force(&g, ME, Arena::Ground, &[(UnitType::Mech, 1), (UnitType::Infantry, 1)]);
    let theirs = force(&g, THEM, Arena::Ground, &[(UnitType::Infantry, 2)]);
    assert_eq!(sides(&g, loc, mine, theirs).0, mine, "no token on their technologies");
    let owned = g.state.player(THEM).techs.iter().next().expect("THEM owns a technology");
    g.state.factions.valefar_mut(ME)[1] = Some(owned);
    let a = sides(&g, loc, mine, theirs).0;
    assert_eq!(a.hits_on(UnitType::Mech), mine.hits_on(UnitType::Mech).map(|h| h - 2));
    assert_eq!(a.hits_on(UnitType::Infantry), mine.hits_on(UnitType::Infantry), "this unit only");
}

/// Visz El Vir (Naaz-Rokha flagship): "Your mechs in this system roll 1 additional die during
/// combat." Game 22 seats the Naaz-Rokha at seat 0: a ground combat on a planet of the
/// flagship's system gives each mech 1 die more than printed; without the flagship above, the
/// printed dice.
#[test]
fn naaz_flagship_visz_el_vir_gives_the_mechs_in_its_system_1_more_die() {
    let mut g = seat_0(22, "naaz");
    let slot = slot_at_distance(&g, home(&g), 1);
    let loc = Location::Planet(slot, 0);
    let mine = force(&g, ME, Arena::Ground, &[(UnitType::Mech, 2)]);
    let theirs = force(&g, THEM, Arena::Ground, &[(UnitType::Infantry, 2)]);
    let printed = mine.combat_dice(UnitType::Mech, 0);
    assert_eq!(sides(&g, loc, mine, theirs).0.combat_dice(UnitType::Mech, 0), printed, "no flagship above");
    g.state.add_units(ME, Location::Space(slot), UnitType::Flagship, 1).unwrap();
    assert_eq!(sides(&g, loc, mine, theirs).0.combat_dice(UnitType::Mech, 0), printed + 2, "1 more die per mech");
}

/// The Inferno (Muaat flagship): "ACTION: Spend 1 token from your strategy pool to place 1
/// cruiser in this unit's system." Game 12 seats the Muaat at seat 0: the component action is
/// offered for the flagship's system while the strategy pool holds a token; taking it spends
/// the token, places the cruiser and ends the turn.
#[test]
fn muaat_flagship_the_inferno_places_a_cruiser_for_a_strategy_token() {
    let mut g = seat_0(12, "muaat");
    let inferno = rules::Source::Unit(g.content().unit("muaat_flagship").unwrap(), g.state.player(ME).faction);
    let slot = slot_at_distance(&g, home(&g), 1);
    let uses = |g: &Ti4Game| {
        let mut b = Vec::new();
        g.legal_actions(&mut b);
        b.into_iter().filter(|a| matches!(a, Action::Use(s, _) if *s == inferno)).collect::<Vec<_>>()
    };
    assert!(uses(&g).is_empty(), "no flagship on the board");
    g.state.add_units(ME, Location::Space(slot), UnitType::Flagship, 1).unwrap();
    assert_eq!(uses(&g), vec![Action::Use(inferno, slot)]);
    let (strategy, reinforcements) = (g.state.player(ME).strategy, g.state.player(ME).token_reinforcements);
    assert!(strategy > 0);
    g.apply(Action::Use(inferno, slot));
    assert_eq!(g.state.count_at(Location::Space(slot), UnitType::Cruiser), 1);
    assert_eq!(g.state.player(ME).strategy, strategy - 1);
    assert_eq!(g.state.player(ME).token_reinforcements, reinforcements + 1);
    assert_ne!(g.step, Step::Turn(ME), "the component action was the turn");
    check(&g).unwrap();
    let mut g = seat_0(12, "muaat");
    g.state.add_units(ME, Location::Space(slot), UnitType::Flagship, 1).unwrap();
    let ps = g.state.player_mut(ME);
    ps.token_reinforcements += ps.strategy;
    ps.strategy = 0;
    assert!(uses(&g).is_empty(), "no token in the strategy pool");
}

/// Genesis (Sol flagship): "At the end of the status phase, place 1 infantry from your
/// reinforcements in this system's space area." Game 0 seats the Sol at seat 0; the hook point
/// `status_phase_end` (run by the status phase after step 8) places it; nothing without the
/// flagship on the board or infantry in reinforcements.
#[test]
fn sol_flagship_genesis_places_an_infantry_at_the_end_of_the_status_phase() {
    let mut g = seat_0(0, "sol");
    let slot = slot_at_distance(&g, home(&g), 1);
    let sp = Location::Space(slot);
    rules::status_phase_end(&mut g, ME);
    assert_eq!(g.state.count_at(sp, UnitType::Infantry), 0, "no flagship on the board");
    g.state.add_units(ME, sp, UnitType::Flagship, 1).unwrap();
    rules::status_phase_end(&mut g, ME);
    assert_eq!(g.state.count_at(sp, UnitType::Infantry), 1);
    rules::status_phase_end(&mut g, THEM);
    assert_eq!(g.state.count_at(sp, UnitType::Infantry), 1, "another player's end of the status phase");
    check(&g).unwrap();
    let left = g.state.player(ME).reinforcements[UnitType::Infantry.idx()];
    g.state.add_units(ME, Location::Planet(home(&g), 0), UnitType::Infantry, left).unwrap();
    rules::status_phase_end(&mut g, ME);
    assert_eq!(g.state.count_at(sp, UnitType::Infantry), 1, "no infantry in reinforcements");
}

/// Quetzecoatl (Argent flagship): "Other players cannot use SPACE CANNON against your ships in
/// this system." Game 17 seats the Argent at seat 0: THEM's PDS on a planet of the system fires
/// at ME's destroyer moving in, not when the flagship moves in with it, nor when the flagship
/// is already there.
#[test]
fn argent_flagship_quetzecoatl_stops_space_cannon_against_its_ships() {
    let (g0, target) = {
        let g = seat_0(17, "argent");
        let (h, gal) = (home(&g), g.galaxy().clone());
        let target = (0..g.state.num_systems)
            .find(|&s| {
                gal.distance(h, s) == Some(1)
                    && gal.anomalies(s) == 0
                    && g.state.planet_at(g.content(), Location::Planet(s, 0)).is_some()
            })
            .expect("a system with a planet next to home");
        let mut g = g;
        g.state.add_units(THEM, Location::Planet(target, 0), UnitType::Pds, 1).unwrap();
        (g, target)
    };
    let h = home(&g0);
    let play = |mut g: Ti4Game, movers: &[UnitType]| {
        for &t in movers {
            g.state.add_units(ME, Location::Space(h), t, 1).unwrap();
        }
        g.apply(Action::Activate(target));
        for &t in movers {
            g.apply(Action::Move(h, t));
        }
        g.apply(Action::Done);
        check(&g).unwrap();
        g
    };
    assert_eq!(play(g0.clone(), &[UnitType::Destroyer]).step, Step::SpaceCannon, "the PDS fires");
    let shielded = play(g0.clone(), &[UnitType::Destroyer, UnitType::Flagship]);
    assert_ne!(shielded.step, Step::SpaceCannon, "not with the flagship moving in");
    assert_eq!(shielded.state.count_at(Location::Space(target), UnitType::Destroyer), 1);
    let mut there = g0;
    there.state.add_units(ME, Location::Space(target), UnitType::Flagship, 1).unwrap();
    assert_ne!(play(there, &[UnitType::Destroyer]).step, Step::SpaceCannon, "nor with it already there");
}

/// Reclaimer (Winnu mech): "After you resolve a tactical action where you gained control of
/// this planet, you may place 1 PDS or 1 space dock from your reinforcements on this planet."
/// Game 10 seats the Winnu at seat 0: a carrier lands a mech on a planet next to home; at the
/// end of the tactical action both structures are offered for that planet, and the choice
/// places one. Landing infantry only, nothing is asked.
#[test]
fn winnu_mech_reclaimer_places_a_pds_or_space_dock_on_the_planet_it_took() {
    use crate::ti4::rules::Window;
    let land = |ground: UnitType| {
        let mut g = seat_0(10, "winnu");
        let target = invade_next_to_home(&mut g, ground);
        (g, target)
    };
    let (mut g, target) = land(UnitType::Mech);
    let src = unit_source(&g, "winnu_mech");
    assert_offered(&g, Window::TacticalActionEnd, src, &[0, 1]);
    g.apply(Action::Choose(src, 1));
    assert_eq!(g.state.count_at(Location::Planet(target, 0), UnitType::SpaceDock), 1);
    assert_eq!(g.state.count_at(Location::Planet(target, 0), UnitType::Pds), 0, "one structure");
    check(&g).unwrap();
    let (g, _) = land(UnitType::Infantry);
    assert_ne!(g.flow.pending.window, Some(Window::TacticalActionEnd), "no mech on the planet");
}

/// Scavenger Zeta (Saar mech): "DEPLOY: After you gain control of a planet, you may spend 1
/// trade good to place 1 mech on that planet." The game that seats the Saar at seat 0: infantry
/// landed on a planet next to home; at the end of the tactical action the Saar may spend 1
/// trade good for a mech there (or decline); with every mech on the board, nothing is offered.
#[test]
fn saar_mech_scavenger_zeta_places_a_mech_on_a_planet_gained_for_a_trade_good() {
    use crate::ti4::rules::Window;
    let land = |mechs_in_reinforcements: bool| {
        let mut g = seat_0_of("saar");
        g.state.player_mut(ME).trade_goods = 2;
        if !mechs_in_reinforcements {
            let all = g.state.player(ME).reinforcements[UnitType::Mech.idx()];
            let h = home(&g);
            g.state.add_units(ME, Location::Planet(h, 0), UnitType::Mech, all).unwrap();
        }
        let target = invade_next_to_home(&mut g, UnitType::Infantry);
        (g, target)
    };
    let (mut g, target) = land(true);
    let src = unit_source(&g, "saar_mech");
    assert_offered(&g, Window::TacticalActionEnd, src, &[0]);
    // Scavenge's trade good for the planet came first: 3 now.
    let tg = g.state.player(ME).trade_goods;
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.state.count_at(Location::Planet(target, 0), UnitType::Mech), 1);
    assert_eq!(g.state.player(ME).trade_goods, tg - 1);
    check(&g).unwrap();
    let (g, _) = land(false);
    assert!(!queued(&g, src), "no mech left: not offered");
}

/// Starlancer (Mahact mech): "After a player whose command token is in your fleet pool
/// activates this system, you may spend their token from your fleet pool to end their turn;
/// they gain that token." Game 20 seats the Mahact at seat 0; seat 1, whose token the Mahact
/// hold, activates the Mahact home with a mech there: the Mahact may end the turn (the token
/// back to seat 1's tactic pool, the Mahact fleet limit 1 lower and the ship beyond it removed);
/// without the held token nothing is offered.
#[test]
fn mahact_mech_starlancer_ends_the_turn_of_a_player_whose_token_it_holds() {
    use crate::ti4::rules::Window;
    let activate = |held: bool| {
        let mut g = seat_0(20, "mahact");
        let h = home(&g);
        g.state.add_units(ME, Location::Planet(h, 0), UnitType::Mech, 1).unwrap();
        if held {
            g.state.player_mut(THEM).token_reinforcements -= 1;
            *g.state.factions.held_tokens_mut(ME) |= 1 << THEM.0;
            // Ships at the fleet limit the held token raises (Edict).
            let limit = rules::fleet_limit(g.content(), &g.state, ME);
            g.state.add_units(ME, Location::Space(h), UnitType::Cruiser, limit as u8).unwrap();
        }
        g.flow.turn = THEM;
        g.step = Step::Turn(THEM);
        check(&g).unwrap();
        g.apply(Action::Activate(h));
        (g, h)
    };
    let (mut g, h) = activate(true);
    let src = unit_source(&g, "mahact_mech");
    assert_offered(&g, Window::SystemActivated, src, &[0]);
    let tactic = g.state.player(THEM).tactic;
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.state.factions.held_tokens(ME) >> THEM.0 & 1, 0);
    assert_eq!(g.state.player(THEM).tactic, tactic + 1);
    assert!(!matches!(g.step, Step::Move(_)), "the turn ended: {:?}", g.step);
    assert_eq!(g.state.systems[h as usize].tokens >> THEM.0 & 1, 1, "the activation token stays");
    let limit = rules::fleet_limit(g.content(), &g.state, ME);
    assert_eq!(u32::from(g.state.count_at(Location::Space(h), UnitType::Cruiser)), limit, "the excess ship removed");
    check(&g).unwrap();
    let (g, _) = activate(false);
    assert!(!queued(&g, src), "no token held: not offered");
}

/// Ember Colossus (Muaat mech): "When you use your STAR FORGE faction ability in this system or
/// an adjacent system, you may place 1 infantry from your reinforcements with this unit." Game
/// 12 seats the Muaat at seat 0: Star Forge's destroyer in the home system (a war sun there)
/// brings an infantry to the mech's home planet; without the mech, none.
#[test]
fn muaat_mech_ember_colossus_places_an_infantry_when_star_forge_is_used_nearby() {
    for mech in [true, false] {
        let mut g = seat_0(12, "muaat");
        let h = home(&g);
        let planet = Location::Planet(h, 0);
        g.state.add_units(ME, Location::Space(h), UnitType::WarSun, 1).unwrap();
        if mech {
            g.state.add_units(ME, planet, UnitType::Mech, 1).unwrap();
        }
        let mut b = Vec::new();
        g.legal_actions(&mut b);
        let forge = b
            .into_iter()
            .find(|a| matches!(a, Action::Use(rules::Source::Ability(_), t) if *t == h * 2 + 1))
            .expect("Star Forge's destroyer");
        g.apply(forge);
        assert_eq!(g.state.count_at(Location::Space(h), UnitType::Destroyer), 1);
        assert_eq!(g.state.count_at(planet, UnitType::Infantry), u8::from(mech), "mech: {mech}");
        check(&g).unwrap();
    }
}

/// Indomitus (Xxcha mech): "You may use this unit's SPACE CANNON against ships that are in
/// adjacent systems." Its text is its unit values (`also_adjacent_systems`), played: game 0
/// seats the Xxcha at seat 1; a Xxcha mech on a planet of a system next to the one ME moves
/// into fires space cannon offense (an infantry there does not).
#[test]
fn xxcha_mech_indomitus_fires_space_cannon_into_adjacent_systems() {
    for mech in [true, false] {
        let mut g = seat_0(0, "sol");
        assert_eq!(g.content().factions[g.state.player(THEM).faction.idx()].key, "xxcha");
        let h = home(&g);
        let target = slot_at_distance(&g, h, 1);
        let gal = g.galaxy().clone();
        let beside = (0..g.state.num_systems)
            .find(|&sl| {
                sl != target
                    && sl != h
                    && gal.distance(target, sl) == Some(1)
                    && !g.home_slot[..6].contains(&sl)
                    && g.state.planet_at(g.content(), Location::Planet(sl, 0)).is_some()
            })
            .expect("a planet system next to the target");
        let t = if mech { UnitType::Mech } else { UnitType::Infantry };
        g.state.add_units(THEM, Location::Planet(beside, 0), t, 1).unwrap();
        g.state.add_units(ME, Location::Space(h), UnitType::Destroyer, 1).unwrap();
        g.apply(Action::Activate(target));
        g.apply(Action::Move(h, UnitType::Destroyer));
        g.apply(Action::Done);
        assert_eq!(g.step == Step::SpaceCannon, mech, "mech: {mech}");
        check(&g).unwrap();
    }
}

/// Wrath of Kenara (Hacan flagship): "After you roll a die during a space combat in this
/// system, you may spend 1 trade good to apply +1 to the result." In play (game 1 seats the
/// Hacan at seat 0): with the flagship in the combat, each die of the Hacan's combat roll that
/// misses by 1 hits for 1 trade good (counted as `plus_one_bought`); without trade goods, or
/// without the flagship, the roll is as before.
#[test]
fn hacan_flagship_wrath_of_kenara_buys_plus_1_on_a_die_for_a_trade_good() {
    const HACAN: u64 = 1;
    let theirs = [(UnitType::Dreadnought, 3)];
    let mut g = seat_0(HACAN, "hacan");
    let combat = space_combat(&mut g, &[(UnitType::Cruiser, 3), (UnitType::Flagship, 1)], &theirs);
    assert!(combat.force(Side::Attacker).pays_plus_one() && !combat.force(Side::Defender).pays_plus_one());
    let mut without = seat_0(HACAN, "hacan");
    let plain = space_combat(&mut without, &[(UnitType::Cruiser, 4)], &theirs);
    assert!(!plain.force(Side::Attacker).pays_plus_one());
    // The first combat roll, with 10 trade goods and with none.
    let rolled = |mut g: Ti4Game, tg: u8, seed: u64| {
        g.state.player_mut(ME).trade_goods = tg;
        while g.flow.tactical.space.is_some_and(|c| c.phase() != SpacePhase::Roll) {
            play_one_space_step(&mut g, seed);
        }
        g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
        check(&g).unwrap();
        let hits = g.flow.tactical.space.map_or(0, |c| c.pending_hits(Side::Defender).remaining());
        (hits, g.state.player(ME).trade_goods, g.effects().get(ME, super::effects::Effect::PlusOneBought))
    };
    let mut bought = 0;
    for seed in 0..20 {
        let (poor, _, none) = rolled(g.clone(), 0, seed);
        let (rich, left, counted) = rolled(g.clone(), 10, seed);
        assert_eq!(none, 0);
        assert!(rich >= poor);
        assert_eq!(((10 - left) as u16, counted), ((rich - poor), rich - poor), "seed {seed}");
        bought += rich - poor;
    }
    assert!(bought > 0, "some die missed by 1");
}

/// One step of a space combat: the chance event or the first legal action.
fn play_one_space_step(g: &mut Ti4Game, seed: u64) {
    match g.current() {
        crate::game::Turn::Chance => g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed)),
        _ => {
            let a = legal(g)[0];
            g.apply(a);
        }
    }
}

/// Hil Colish (Creuss flagship): "This ship's system contains a delta wormhole." Game 16 seats
/// the Creuss at seat 0: their home system is joined by the delta wormhole to the Creuss Gate
/// and, with the flagship on the board, to the flagship's system, however far.
#[test]
fn ghost_flagship_hil_colish_carries_a_delta_wormhole_to_the_creuss_home() {
    let mut g = seat_0(16, "ghost");
    let h = home(&g);
    let far = slot_at_distance(&g, h, 4);
    assert_eq!(g.ship_reach(ME).systems(h, 1) >> far & 1, 0, "out of reach");
    g.state.add_units(ME, Location::Space(far), UnitType::Flagship, 1).unwrap();
    assert_eq!(g.ship_reach(ME).systems(h, 1) >> far & 1, 1, "through the delta wormhole");
    assert_eq!(g.ship_reach(THEM).systems(h, 1) >> far & 1, 0, "the Creuss's movement only");
    check(&g).unwrap();
}

/// The Alastor (Nekro flagship): "At the start of a space combat, choose any number of your
/// ground forces in this system to participate in that combat as if they were ships." Game 15
/// seats the Nekro at seat 0: the infantry carried into the combat roll and take hits while
/// the flagship fights; without it they do not.
#[test]
fn nekro_flagship_the_alastor_puts_ground_forces_in_the_space_combat() {
    const NEKRO: u64 = 15;
    let theirs = [(UnitType::Dreadnought, 2)];
    // Infantry in the home space area, carried along with the ships.
    let carried = |g: &mut Ti4Game| g.state.add_units(ME, Location::Space(home(g)), UnitType::Infantry, 2).unwrap();
    let mut g = seat_0(NEKRO, "nekro");
    carried(&mut g);
    let with = space_combat(&mut g, &[(UnitType::Flagship, 1), (UnitType::Carrier, 1)], &theirs);
    let att = with.force(Side::Attacker);
    assert_eq!(att.count(UnitType::Infantry), 2, "carried into the combat");
    assert!(att.is_combatant(UnitType::Infantry) && att.combat_dice(UnitType::Infantry, 0) == 2);
    assert!(!with.force(Side::Defender).is_combatant(UnitType::Infantry));
    let mut without_flagship = seat_0(NEKRO, "nekro");
    carried(&mut without_flagship);
    let without = space_combat(&mut without_flagship, &[(UnitType::Carrier, 1)], &theirs);
    assert!(!without.force(Side::Attacker).is_combatant(UnitType::Infantry));
    // Played out: the combat keeps the invariants, the infantry among the units hits may take.
    let mut flagship_lost = *att;
    assert!(flagship_lost.destroy(UnitType::Flagship));
    assert!(flagship_lost.is_combatant(UnitType::Infantry), "they stay in the combat (FAQ)");
    play_space_combat_declining(&mut g, &mut ChaCha8Rng::seed_from_u64(3));
    check(&g).unwrap();
}

/// Iconoclast Omega (Naalu mech, the sheet's mech): "Other players cannot use ANTI-FIGHTER
/// BARRAGE against your units in this system." Game 6 seats the Naalu at seat 0: with a Naalu
/// mech in the space area or on a planet of the system, the opponent's destroyers lose
/// ANTI-FIGHTER BARRAGE in its space combat; with the mech elsewhere, or in a ground combat,
/// they keep it.
#[test]
fn naalu_mech_iconoclast_omega_stops_anti_fighter_barrage_in_its_system() {
    let g0 = seat_0(6, "naalu");
    assert_eq!(
        g0.content().units
            [g0.content().sheet_unit[g0.state.player(ME).faction.idx()][UnitType::Mech.idx()].unwrap().idx()]
        .key,
        "naalu_mech_omega"
    );
    let (h, gal) = (home(&g0), g0.galaxy().clone());
    let slot = (0..g0.state.num_systems)
        .find(|&s| gal.distance(h, s) == Some(1) && g0.state.planet_at(g0.content(), Location::Planet(s, 0)).is_some())
        .expect("a planet system next to home");
    let theirs = force(&g0, THEM, Arena::Space, &[(UnitType::Destroyer, 2)]);
    assert!(theirs.stats(UnitType::Destroyer).anti_fighter_barrage.is_some());
    let mine = force(&g0, ME, Arena::Space, &[(UnitType::Fighter, 3), (UnitType::Carrier, 1)]);
    let barrage =
        |g: &Ti4Game, loc: Location| sides(g, loc, mine, theirs).1.stats(UnitType::Destroyer).anti_fighter_barrage;
    assert!(barrage(&g0, Location::Space(slot)).is_some(), "no Naalu mech in the system");
    for loc in [Location::Space(slot), Location::Planet(slot, 0)] {
        let mut g = g0.clone();
        g.state.add_units(ME, loc, UnitType::Mech, 1).unwrap();
        assert_eq!(barrage(&g, Location::Space(slot)), None, "a mech at {loc:?}");
        assert!(barrage(&g, Location::Planet(slot, 0)).is_some(), "a ground combat is no space combat");
    }
    let mut elsewhere = g0.clone();
    elsewhere.state.add_units(ME, Location::Planet(h, 0), UnitType::Mech, 1).unwrap();
    assert!(barrage(&elsewhere, Location::Space(slot)).is_some(), "a mech in another system");
}

/// Anihilator (L1Z1X mech): "While not participating in ground combat, this unit can use its
/// BOMBARDMENT ability on planets in its system as if it were a ship." Game 8 seats the L1Z1X
/// at seat 0: in a system with two planets, their mechs on the planet they hold join the
/// bombarding units of the space area (BOMBARDMENT 8); the same board under another faction's
/// mechs bombards with the space area alone.
#[test]
fn l1z1x_mech_anihilator_bombards_from_a_planet_in_the_active_system() {
    let mut g = seat_0(8, "l1z1x");
    let slot = (0..g.state.num_systems)
        .find(|&s| g.state.planet_at(g.content(), Location::Planet(s, 1)).is_some() && !g.home_slot[..6].contains(&s))
        .expect("a system with two planets");
    g.flow.tactical.active = slot;
    g.state.add_units(ME, Location::Planet(slot, 0), UnitType::Mech, 2).unwrap();
    g.state.add_units(THEM, Location::Planet(slot, 1), UnitType::Infantry, 2).unwrap();
    g.state.add_units(ME, Location::Space(slot), UnitType::Dreadnought, 1).unwrap();
    let f = super::invasion::bombarding_force(&g, ME);
    assert_eq!((f.count(UnitType::Mech), f.count(UnitType::Dreadnought)), (2, 1));
    assert_eq!(f.stats(UnitType::Mech).bombardment.map(|d| d.hits_on), Some(8));
    // Their own planet is not bombarded from: THEM's mechs never bombard (no Anihilator).
    let mut other = g.clone();
    other.state.remove_units(Location::Planet(slot, 0), UnitType::Mech, 2).unwrap();
    other.state.add_units(THEM, Location::Planet(slot, 0), UnitType::Mech, 2).unwrap();
    other.state.remove_units(Location::Space(slot), UnitType::Dreadnought, 1).unwrap();
    other.state.add_units(THEM, Location::Space(slot), UnitType::Dreadnought, 1).unwrap();
    other.flow.turn = THEM;
    assert_eq!(super::invasion::bombarding_force(&other, THEM).count(UnitType::Mech), 0);
}
