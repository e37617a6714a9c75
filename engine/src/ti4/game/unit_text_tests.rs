//! Flagship and mech text abilities in play (`SourceKey::Unit` rules in
//! `crate::ti4::factions`), one test per unit, named after the faction and the unit.

use super::faction_tests::play_space_combat_declining;
use super::rule_tests::{home, scenario_of, slot_at_distance};
use super::tests::{check, six_player_game};
use super::*;
use crate::ti4::combat::{Arena, Force, Side};
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
    g.state.player_mut(ME).held_tokens |= 1 << THEM.0;
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
    g.state.player_mut(ME).valefar[1] = Some(owned);
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
