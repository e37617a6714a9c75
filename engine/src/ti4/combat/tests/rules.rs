//! One test per rule, named after it.

use super::*;
use crate::ti4::galaxy::anomaly::{defender_combat_bonus, Anomaly};
use std::collections::BTreeSet;
use UnitType::*;

#[test]
fn space_combat_afb_first_round_only() {
    // Destroyers (AFB 9 x2) against a dreadnought escorting fighters.
    for seed in 0..200 {
        let a = ships(&[(Destroyer, 3), (Dreadnought, 2)]);
        let d = ships(&[(Dreadnought, 1), (Fighter, 6)]);
        let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
        assert_eq!(c.phase(), SpacePhase::AntiFighterBarrage);
        let mut r = rng(seed);
        let mut barrages = 0;
        loop {
            match c.next_decision() {
                Step::Chance => {
                    if c.phase() == SpacePhase::AntiFighterBarrage {
                        assert_eq!(c.round(), 1, "barrage only in round 1");
                        barrages += 1;
                        let before = *c.force(Side::Defender);
                        c.apply_chance(&mut r).unwrap();
                        // Anti-Fighter Barrage 10.2: only fighters are hit, dreadnoughts cannot sustain it.
                        let after = c.force(Side::Defender);
                        let lost = before.count(Fighter) - after.count(Fighter);
                        assert_eq!(lost as u16, c.hits_produced(Side::Defender).min(6));
                        assert_eq!((after.count(Dreadnought), after.damaged(Dreadnought)), (1, 0));
                    } else {
                        c.apply_chance(&mut r).unwrap();
                    }
                }
                Step::Decide(_) => c.apply_decision(c.default_decision().unwrap()).unwrap(),
                Step::Between => unreachable!("no pause between rounds"),
                Step::Over(_) => break,
            }
        }
        assert_eq!(barrages, 1);
    }
}

#[test]
fn space_combat_skips_barrage_without_afb_units() {
    let c = SpaceCombat::new(ships(&[(Cruiser, 2)]), ships(&[(Fighter, 3)]), [SystemSet::EMPTY; 2]).unwrap();
    assert_eq!(c.phase(), SpacePhase::Roll);
}

#[test]
fn space_combat_ends_when_barrage_leaves_a_side_without_ships() {
    // Space Combat 78.3.1: a side left without ships after the barrage ends the combat at once.
    let mut ended_by_barrage = 0;
    for seed in 0..100 {
        let a = force("hacan", &["destroyer_ii"], Arena::Space, &[(Destroyer, 2, 0)]);
        let mut c = SpaceCombat::new(a, ships(&[(Fighter, 1)]), [SystemSet::EMPTY; 2]).unwrap();
        c.apply_chance(&mut rng(seed)).unwrap();
        if c.force(Side::Defender).count(Fighter) == 0 {
            assert_eq!(c.outcome(), Some(Outcome::AttackerWins));
            assert_eq!(c.hits_produced(Side::Attacker), 0, "no combat roll was made");
            ended_by_barrage += 1;
        }
    }
    assert!(ended_by_barrage > 50, "AFB 6 x3 twice should usually kill one fighter");
}

#[test]
fn sustain_damage_cancels_one_hit_per_undamaged_unit() {
    let mut f = force("hacan", &[], Arena::Space, &[(Dreadnought, 3, 1), (Fighter, 3, 0)]);
    let mask = f.combatant_mask();
    assert_eq!(f.sustain_capacity(mask), 2);
    assert_eq!(f.hits_to_destroy(mask), 8);
    // Four hits: the two undamaged dreadnoughts cancel two, two fighters take the rest.
    let mut h = Hits::new(4, mask);
    assert!(!h.is_legal(&f, HitChoice::Sustain(Dreadnought)), "sustaining first would strand a hit");
    h.apply(&mut f, HitChoice::Destroy(Fighter)).unwrap();
    h.apply(&mut f, HitChoice::Destroy(Fighter)).unwrap();
    h.apply(&mut f, HitChoice::Sustain(Dreadnought)).unwrap();
    // Canonical order: no destroy after a sustain.
    assert!(!h.is_legal(&f, HitChoice::Destroy(Fighter)));
    h.apply(&mut f, HitChoice::Sustain(Dreadnought)).unwrap();
    assert!(h.is_done(&f));
    assert_eq!((h.assigned(), h.remaining()), (4, 0));
    assert_eq!((f.count(Dreadnought), f.damaged(Dreadnought), f.count(Fighter)), (3, 3, 1));
    // Damaged units cannot sustain again.
    let h = Hits::new(1, mask);
    assert!(!h.is_legal(&f, HitChoice::Sustain(Dreadnought)));
    // Fighters (no SUSTAIN DAMAGE) never sustain.
    let g = ships(&[(Fighter, 2)]);
    assert!(!Hits::new(1, g.combatant_mask()).is_legal(&g, HitChoice::Sustain(Fighter)));
}

#[test]
fn a_destroyed_unit_can_sustain_before_dying() {
    // Two hits on two undamaged dreadnoughts: one may sustain and then take the second hit,
    // leaving the other undamaged (Sustain Damage 87.1, then the hit that destroys it).
    let mut f = ships(&[(Dreadnought, 2)]);
    let mut h = Hits::new(2, f.combatant_mask());
    let mut buf = Vec::new();
    h.legal(&f, &mut buf);
    assert_eq!(buf, [HitChoice::Destroy(Dreadnought), HitChoice::Sustain(Dreadnought)]);
    h.apply(&mut f, HitChoice::Destroy(Dreadnought)).unwrap();
    assert!(h.is_done(&f), "the second hit is absorbed by the destroyed dreadnought");
    assert_eq!((h.assigned(), f.count(Dreadnought), f.damaged(Dreadnought)), (2, 1, 0));
}

#[test]
fn destroying_a_unit_type_removes_a_damaged_unit_first() {
    let mut f = force("hacan", &[], Arena::Space, &[(Dreadnought, 2, 1)]);
    let mut h = Hits::new(1, f.combatant_mask());
    h.apply(&mut f, HitChoice::Destroy(Dreadnought)).unwrap();
    assert_eq!((f.count(Dreadnought), f.damaged(Dreadnought)), (1, 0));
}

#[test]
fn assign_hits_default_sustains_then_destroys_cheapest_first() {
    let mut f = ships(&[(Carrier, 1), (Cruiser, 1), (Destroyer, 1), (Fighter, 2), (Dreadnought, 1)]);
    let mask = f.combatant_mask();
    let placed = assign_hits_default(&mut f, 4, mask);
    assert_eq!(placed, 4);
    assert_eq!((f.count(Dreadnought), f.damaged(Dreadnought)), (1, 1));
    assert_eq!((f.count(Fighter), f.count(Destroyer), f.count(Cruiser), f.count(Carrier)), (0, 0, 1, 1));
    // Excess hits are lost.
    let mut g = ships(&[(Fighter, 2)]);
    let mask = g.combatant_mask();
    assert_eq!(assign_hits_default(&mut g, 5, mask), 2);
    assert!(!g.has_combatants());
    // Ground forces: infantry before mechs, the mech sustaining first.
    let mut p = force("sol", &[], Arena::Ground, &[(Infantry, 2, 0), (Mech, 1, 0)]);
    let mask = p.combatant_mask();
    assign_hits_default(&mut p, 2, mask);
    assert_eq!((p.count(Infantry), p.count(Mech), p.damaged(Mech)), (1, 1, 1));
}

/// Every result of placing `hits` on `f` in any order, a destroy taking a damaged or an undamaged
/// unit as the player likes (the rules' freedom), as (count, damaged) arrays.
fn free_results(f: &Force, hits: u16, destroying: bool, out: &mut BTreeSet<([u8; UNIT_TYPES], [u8; UNIT_TYPES])>) {
    let mask = f.combatant_mask();
    if hits == 0 || f.units_in(mask) == 0 {
        out.insert((*f.counts(), *f.damaged_counts()));
        return;
    }
    for t in UnitType::ALL.into_iter().filter(|&t| mask & type_bit(t) != 0) {
        if !destroying && f.stats(t).sustain_damage && f.undamaged(t) > 0 {
            let mut g = *f;
            g.set_units(t, f.count(t), f.damaged(t) + 1).unwrap();
            free_results(&g, hits - 1, false, out);
        }
        if f.undamaged(t) > 0 {
            let mut g = *f;
            g.set_units(t, f.count(t) - 1, f.damaged(t)).unwrap();
            free_results(&g, hits - 1, true, out);
        }
        if f.damaged(t) > 0 {
            let mut g = *f;
            g.set_units(t, f.count(t) - 1, f.damaged(t) - 1).unwrap();
            free_results(&g, hits - 1, true, out);
        }
    }
}

/// Every result of the canonical decision sequences; panics if two sequences reach one result or
/// a sequence strands hits while units remain.
fn canonical_results(f: &Force, h: Hits, out: &mut BTreeSet<([u8; UNIT_TYPES], [u8; UNIT_TYPES])>) {
    canonical_path(f, h, out, &mut Vec::new())
}

fn canonical_path(
    f: &Force,
    h: Hits,
    out: &mut BTreeSet<([u8; UNIT_TYPES], [u8; UNIT_TYPES])>,
    path: &mut Vec<HitChoice>,
) {
    let mut buf = Vec::new();
    h.legal(f, &mut buf);
    if buf.is_empty() {
        assert!(h.is_done(f), "stranded: {h:?} on {f:?}");
        assert!(out.insert((*f.counts(), *f.damaged_counts())), "two sequences reach one result: {path:?} {f:?}");
        return;
    }
    assert!(buf.windows(2).all(|w| w[0] < w[1]));
    for c in buf {
        let (mut g, mut k) = (*f, h);
        k.apply(&mut g, c).unwrap();
        path.push(c);
        canonical_path(&g, k, out, path);
        path.pop();
    }
}

#[test]
fn hit_assignment_canonical_order_reaches_every_undominated_result() {
    // The canonical sequences reach distinct results the rules allow, and every result the rules
    // allow is one of them or dominated by one (no more units and no more undamaged units of any
    // type: an avoidable extra loss or damage).
    let cases: [&[(UnitType, u8, u8)]; 4] = [
        &[(Dreadnought, 2, 0), (Fighter, 2, 0)],
        &[(Dreadnought, 2, 1), (WarSun, 1, 0), (Destroyer, 1, 0), (Fighter, 1, 0)],
        &[(Flagship, 1, 0), (Carrier, 2, 0), (Cruiser, 1, 0)],
        &[(Dreadnought, 1, 0), (Fighter, 3, 0), (Carrier, 1, 0)],
    ];
    for units in cases {
        let f = force("hacan", &["war_sun"], Arena::Space, units);
        for hits in 0..=f.hits_to_destroy(f.combatant_mask()) + 1 {
            let (mut free, mut canon) = (BTreeSet::new(), BTreeSet::new());
            free_results(&f, hits, false, &mut free);
            canonical_results(&f, Hits::new(hits, f.combatant_mask()), &mut canon);
            assert!(canon.is_subset(&free), "{units:?} {hits}");
            for (count, damaged) in &free {
                // Dominated: no more units and no more undamaged units of any type.
                let covered = canon
                    .iter()
                    .any(|(c, d)| (0..UNIT_TYPES).all(|i| count[i] <= c[i] && count[i] - damaged[i] <= c[i] - d[i]));
                assert!(covered, "{units:?} {hits}: {count:?} {damaged:?} not covered");
            }
        }
    }
}

#[test]
fn planetary_shield_blocks_bombardment_unless_war_sun() {
    let shielded = planet(&[(Infantry, 2), (Pds, 1)]);
    let open = planet(&[(Infantry, 2)]);
    let dreads = ships(&[(Dreadnought, 2)]);
    let with_sun = ships(&[(Dreadnought, 2), (WarSun, 1)]);
    assert!(bombardment_blocked(&shielded, &dreads, false));
    assert!(!bombardment_blocked(&shielded, &with_sun, false), "Planetary Shield 65.3: war suns cancel shields");
    assert!(!bombardment_blocked(&shielded, &dreads, true), "another effect disables the shield");
    assert!(!bombardment_blocked(&open, &dreads, false));
    // Arborec mechs have PLANETARY SHIELD too.
    let arborec = force("arborec", &[], Arena::Ground, &[(Mech, 1, 0)]);
    assert!(bombardment_blocked(&arborec, &dreads, false));
}

#[test]
fn bombardment_rolls_each_units_dice_and_ignores_modifiers() {
    let with_sun = ships(&[(Dreadnought, 2), (WarSun, 1)]).with_modifier(3);
    for seed in 0..50 {
        let (mut r1, mut r2) = (rng(seed), rng(seed));
        // Dreadnoughts: BOMBARDMENT 5; war sun: BOMBARDMENT 3 (x3); in type order.
        let expected = roll_hits(2, 5, &mut r2) + roll_hits(3, 3, &mut r2);
        assert_eq!(roll_bombardment(&with_sun, &mut r1), expected);
    }
}

#[test]
fn space_cannon_offense_ignores_combat_modifiers() {
    let pds = planet(&[(Pds, 2)]);
    let none = planet(&[]);
    for m in [-2, 0, 3] {
        for seed in 0..50 {
            let (mut r1, mut r2) = (rng(seed), rng(seed));
            assert_eq!(roll_space_cannon_offense(&pds.with_modifier(m), &none, &mut r1), roll_hits(2, 6, &mut r2));
        }
    }
    // A combat roll, by contrast, applies the modifier.
    let cruisers = ships(&[(Cruiser, 4)]);
    let (mut r1, mut r2) = (rng(7), rng(7));
    assert_eq!(roll_combat(&cruisers.with_modifier(1), &none, &mut r1), roll_hits(4, 6, &mut r2));
}

#[test]
fn pds_ii_fires_from_adjacent_systems_in_offense_only() {
    let none = planet(&[]);
    let pds_i = planet(&[(Pds, 3)]);
    let pds_ii = force("hacan", &["pds_ii"], Arena::Ground, &[(Pds, 3, 0)]);
    let (mut from_i, mut from_ii) = (0, 0);
    for seed in 0..100 {
        from_i += roll_space_cannon_offense(&none, &pds_i, &mut rng(seed));
        let (mut r1, mut r2) = (rng(seed), rng(seed));
        let hits = roll_space_cannon_offense(&none, &pds_ii, &mut r1);
        assert_eq!(hits, roll_hits(3, 5, &mut r2));
        from_ii += hits;
        // Space Cannon 77.5: defense uses the units on the planet, range plays no part.
        let (mut r1, mut r2) = (rng(seed), rng(seed));
        assert_eq!(roll_space_cannon_defense(&pds_ii, &mut r1), roll_hits(3, 5, &mut r2));
    }
    assert_eq!(from_i, 0, "PDS I does not reach adjacent systems");
    assert!(from_ii > 0);
}

#[test]
fn space_cannon_offense_targets_the_active_player_or_a_chosen_opponent() {
    let (p0, p1, p2) = (Player(0), Player(1), Player(2));
    let ships: PlayerSet = [p0, p2].into_iter().collect();
    assert_eq!(space_cannon_offense_target(p0, p1, None, ships), Ok(p0));
    assert_eq!(
        space_cannon_offense_target(p0, p1, Some(p2), ships),
        Err(CombatError::InvalidSpaceCannonTarget { firer: p1, target: p2 })
    );
    assert_eq!(space_cannon_offense_target(p0, p0, Some(p2), ships), Ok(p2));
    assert!(space_cannon_offense_target(p0, p0, Some(p1), ships).is_err(), "p1 has no ships there");
    assert!(space_cannon_offense_target(p0, p0, Some(p0), ships).is_err());
    assert!(space_cannon_offense_target(p0, p0, None, ships).is_err());
    assert!(space_cannon_offense_target(p1, p2, None, ships).is_err(), "active player has no ships");
    let order: Vec<_> = space_cannon_offense_order(Player(2), 4).collect();
    assert_eq!(order, [Player(2), Player(3), Player(0), Player(1)]);
}

#[test]
fn mechs_sustain_damage_against_bombardment_and_space_cannon_defense() {
    // Bombardment 15 note 2, Space Cannon 77 note 5: mechs may cancel these hits too.
    let mut p = force("sol", &[], Arena::Ground, &[(Infantry, 2, 0), (Mech, 1, 0), (Pds, 1, 0)]);
    let mut h = Hits::new(2, p.ground_force_mask());
    let mut buf = Vec::new();
    h.legal(&p, &mut buf);
    // Two hits: an infantry dies and the mech sustains, or the mech sustains and dies (sustaining
    // first would strand the second hit: destroys come first in the canonical order).
    assert_eq!(buf, [HitChoice::Destroy(Infantry), HitChoice::Destroy(Mech)]);
    assert_eq!(h.default_choice(&p), Some(HitChoice::Destroy(Infantry)));
    h.resolve_default(&mut p);
    assert_eq!((p.count(Infantry), p.count(Mech), p.damaged(Mech), p.count(Pds)), (1, 1, 1, 1));
    // Space cannon defense: the PDS fires at the committed forces; a damaged mech cannot sustain.
    let mut committed = force("sol", &[], Arena::Ground, &[(Infantry, 1, 0), (Mech, 1, 1)]);
    let mut h = Hits::new(1, committed.ground_force_mask());
    h.legal(&committed, &mut buf);
    assert_eq!(buf, [HitChoice::Destroy(Infantry), HitChoice::Destroy(Mech)]);
    h.apply(&mut committed, HitChoice::Destroy(Infantry)).unwrap();
    assert!(h.is_done(&committed));
}

#[test]
fn defender_keeps_planet_when_both_sides_die() {
    let mut seen = [false; 3];
    for seed in 0..200 {
        let mut c = GroundCombat::new(planet(&[(Infantry, 1)]), planet(&[(Infantry, 1), (Pds, 1)])).unwrap();
        let o = play_ground_default(&mut c, &mut rng(seed));
        match o {
            Outcome::Draw => {
                assert!(!c.attacker_takes_control(), "Invasion 49.5.4");
                seen[0] = true;
            }
            Outcome::AttackerWins => {
                assert!(c.attacker_takes_control());
                assert_eq!(c.force(Side::Defender).count(Pds), 1, "structures do not fight");
                seen[1] = true;
            }
            Outcome::DefenderWins => {
                assert!(!c.attacker_takes_control());
                seen[2] = true;
            }
            Outcome::Stalemate => panic!("infantry can hit"),
        }
    }
    assert_eq!(seen, [true; 3]);
}

#[test]
fn ground_combat_without_defending_ground_forces_is_won_at_once() {
    let c = GroundCombat::new(planet(&[(Infantry, 2)]), planet(&[(SpaceDock, 1), (Pds, 1)])).unwrap();
    assert_eq!(c.outcome(), Some(Outcome::AttackerWins));
    let c = GroundCombat::new(planet(&[]), planet(&[(Infantry, 1)])).unwrap();
    assert_eq!(c.outcome(), Some(Outcome::DefenderWins));
}

#[test]
fn retreat_defender_first_blocks_attacker_retreat() {
    let a = ships(&[(Dreadnought, 3)]);
    let d = ships(&[(Dreadnought, 3)]);
    // Both may retreat; the defender is asked first.
    let mut c = SpaceCombat::new(a, d, [systems(&[4]), systems(&[7, 9])]).unwrap();
    assert_eq!(c.next_decision(), Step::Decide(Side::Defender));
    let mut buf = Vec::new();
    c.legal_decisions(&mut buf);
    assert_eq!(buf, [SpaceDecision::Stay, SpaceDecision::AnnounceRetreat]);
    c.apply_decision(SpaceDecision::AnnounceRetreat).unwrap();
    // Space Combat 78.4.2: the attacker may not announce after the defender did.
    assert_eq!(c.next_decision(), Step::Chance);
    c.apply_chance(&mut rng(1)).unwrap();
    while let Step::Decide(_) = c.next_decision() {
        if let SpacePhase::Retreat(s) = c.phase() {
            assert_eq!(s, Side::Defender);
            c.legal_decisions(&mut buf);
            assert_eq!(buf, [SpaceDecision::RetreatTo(SystemId(7)), SpaceDecision::RetreatTo(SystemId(9))]);
            assert_eq!(
                c.apply_decision(SpaceDecision::RetreatTo(SystemId(4))),
                Err(CombatError::IllegalDecision(SpaceDecision::RetreatTo(SystemId(4))))
            );
            c.apply_decision(SpaceDecision::RetreatTo(SystemId(9))).unwrap();
        } else {
            c.apply_decision(c.default_decision().unwrap()).unwrap();
        }
    }
    // Three dreadnoughts absorb up to three hits: both sides still have ships, so the retreat happens.
    assert_eq!(c.retreat(), Some((Side::Defender, SystemId(9))));
    assert_eq!(c.outcome(), Some(Outcome::AttackerWins));

    // If the defender stays, the attacker is asked; a side with nowhere to go is not.
    let mut c = SpaceCombat::new(a, d, [systems(&[4]), systems(&[7])]).unwrap();
    c.apply_decision(SpaceDecision::Stay).unwrap();
    assert_eq!(c.next_decision(), Step::Decide(Side::Attacker));
    c.apply_decision(SpaceDecision::AnnounceRetreat).unwrap();
    assert_eq!(c.announced_retreat(), Some(Side::Attacker));
    let c = SpaceCombat::new(a, d, [SystemSet::EMPTY, SystemSet::EMPTY]).unwrap();
    assert_eq!(c.next_decision(), Step::Chance);
}

#[test]
fn winnu_flagship_rolls_per_opposing_non_fighter() {
    let winnu = force("winnu", &[], Arena::Space, &[(Flagship, 1, 0)]);
    assert_eq!(winnu.stats(Flagship).combat.map(|d| d.dice), Some(0));
    let opp = ships(&[(Cruiser, 2), (Carrier, 1), (Fighter, 4)]);
    assert_eq!(winnu.combat_dice(Flagship, opp.non_fighter_ships()), 3);
    for seed in 0..50 {
        let (mut r1, mut r2) = (rng(seed), rng(seed));
        assert_eq!(roll_combat(&winnu, &opp, &mut r1), roll_hits(3, 7, &mut r2));
    }
    let only_fighters = ships(&[(Fighter, 5)]);
    assert_eq!(roll_combat(&winnu, &only_fighters, &mut rng(0)), 0);
    assert!(!winnu.can_hit(&only_fighters));
}

#[test]
fn nebula_defender_modifier_applies_to_combat_rolls() {
    let bonus = defender_combat_bonus(Anomaly::Nebula.bit()) as i8;
    let d = ships(&[(Cruiser, 3)]).with_modifier(bonus);
    assert_eq!(d.hits_on(Cruiser), Some(6));
    let jolnar = ships(&[(Fighter, 1)]).with_modifier(-1);
    assert_eq!(jolnar.hits_on(Fighter), Some(10));
    let (mut r1, mut r2) = (rng(3), rng(3));
    assert_eq!(roll_combat(&d, &ships(&[]), &mut r1), roll_hits(3, 6, &mut r2));
}

#[test]
fn combat_over_at_once_without_opposing_ships() {
    let c = SpaceCombat::new(ships(&[(Cruiser, 1)]), ships(&[]), [SystemSet::EMPTY; 2]).unwrap();
    assert_eq!(c.next_decision(), Step::Over(Outcome::AttackerWins));
    let c = SpaceCombat::new(ships(&[]), ships(&[]), [SystemSet::EMPTY; 2]).unwrap();
    assert_eq!(c.outcome(), Some(Outcome::Draw));
}

#[test]
fn stalemate_when_no_side_can_ever_hit() {
    let a = ships(&[(Fighter, 2)]).with_modifier(-5);
    let d = ships(&[(Carrier, 1)]).with_modifier(-5);
    let c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
    assert_eq!(c.outcome(), Some(Outcome::Stalemate));
}

#[test]
fn inputs_are_checked() {
    let c = Content::embedded();
    let mut units = profile(&c, "hacan", &[]);
    assert!(Force::new(&c, &units, Arena::Space).is_ok());
    units[Cruiser.idx()] = units[Carrier.idx()];
    assert!(matches!(Force::new(&c, &units, Arena::Space), Err(CombatError::WrongUnitType { unit_type: Cruiser, .. })));
    let f = ships(&[]);
    assert_eq!(
        f.with_units(Dreadnought, 1, 2),
        Err(CombatError::DamagedExceedsCount { unit_type: Dreadnought, count: 1, damaged: 2 })
    );
    let hacan = force("hacan", &[], Arena::Space, &[]);
    assert_eq!(hacan.with_units(WarSun, 1, 0), Err(CombatError::NoDefinition { unit_type: WarSun }));
    assert_eq!(
        SpaceCombat::new(planet(&[]), ships(&[]), [SystemSet::EMPTY; 2]),
        Err(CombatError::WrongArena { expected: Arena::Space })
    );
    assert_eq!(GroundCombat::new(ships(&[]), planet(&[])), Err(CombatError::WrongArena { expected: Arena::Ground }));
    // Decisions at chance points and chance at decisions are rejected.
    let mut s = SpaceCombat::new(ships(&[(Cruiser, 1)]), ships(&[(Cruiser, 1)]), [SystemSet::EMPTY; 2]).unwrap();
    assert_eq!(s.apply_decision(SpaceDecision::Stay), Err(CombatError::NotAwaitingDecision));
    let mut s = SpaceCombat::new(ships(&[(Cruiser, 1)]), ships(&[(Cruiser, 1)]), [systems(&[1]); 2]).unwrap();
    assert_eq!(s.apply_chance(&mut rng(0)), Err(CombatError::NotAwaitingChance));
    assert!(CombatError::NotAwaitingChance.to_string().contains("chance"));
}

/// Technology card "Duranium Armor": after assigning its hits each round, a side repairs 1
/// damaged unit that did not sustain damage that round (here one damaged before the combat,
/// against an opponent that cannot hit).
#[test]
fn duranium_armor_repairs_a_unit_damaged_before_the_round() {
    for repair in [false, true] {
        let a = force("hacan", &[], Arena::Space, &[(Dreadnought, 2, 1)]);
        let d = ships(&[(Fighter, 3)]).with_modifier(-10);
        let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
        c.set_repair([repair, false]);
        c.apply_chance(&mut rng(1)).unwrap();
        let damaged = c.force(Side::Attacker).damaged(Dreadnought);
        assert_eq!(damaged, if repair { 0 } else { 1 }, "repair {repair}");
    }
    // Ground combat: a damaged mech (sustained before the combat) is repaired too.
    let a = force("sol", &[], Arena::Ground, &[(Infantry, 2, 0)]).with_modifier(-10);
    let d = force("sol", &[], Arena::Ground, &[(Mech, 1, 1)]);
    let mut c = GroundCombat::new(a, d).unwrap();
    c.set_repair([false, true]);
    c.apply_chance(&mut rng(2)).unwrap();
    assert_eq!(c.force(Side::Defender).damaged(Mech), 0);
}

/// Technology card "Duranium Armor": a unit that used SUSTAIN DAMAGE this round is not repaired.
#[test]
fn duranium_armor_does_not_repair_a_unit_that_sustained_this_round() {
    // The defender always hits (combat 9 + 9 = always); the attacker's lone dreadnought sustains.
    let a = ships(&[(Dreadnought, 1)]);
    let d = ships(&[(Destroyer, 1)]).with_modifier(9);
    let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
    c.set_repair([true, false]);
    let mut r = rng(3);
    // Anti-fighter barrage first (the destroyer has it; no fighters to hit).
    while c.phase() != SpacePhase::Roll {
        match c.next_decision() {
            Step::Chance => c.apply_chance(&mut r).unwrap(),
            Step::Decide(_) => c.apply_decision(c.default_decision().unwrap()).unwrap(),
            Step::Between | Step::Over(_) => unreachable!(),
        }
    }
    c.apply_chance(&mut r).unwrap();
    assert_eq!(c.next_decision(), Step::Decide(Side::Attacker));
    assert_eq!(c.pending_hits(Side::Attacker).remaining(), 1);
    c.apply_decision(SpaceDecision::Assign(HitChoice::Sustain(Dreadnought))).unwrap();
    assert_eq!(c.force(Side::Attacker).count(Dreadnought), 1);
    assert_eq!(c.force(Side::Attacker).damaged(Dreadnought), 1, "sustained this round: not repaired");
}

/// Technology card "Plasma Scoring": the additional die rolls at the best value among the
/// units that use the ability (PDS II from adjacent systems only in offense).
#[test]
fn plasma_scoring_extra_die_uses_the_best_unit_value() {
    let bombard = ships(&[(Dreadnought, 1), (WarSun, 1)]);
    assert_eq!(best_bombardment(&bombard), Some(3), "war sun bombardment 3 beats dreadnought 5");
    assert_eq!(best_bombardment(&ships(&[(Carrier, 2)])), None);
    let pds = planet(&[(Pds, 1)]);
    assert_eq!(best_space_cannon(&pds, None), Some(6));
    let empty = planet(&[]);
    let pds2 = force("hacan", &["pds_ii"], Arena::Ground, &[(Pds, 1, 0)]);
    assert_eq!(best_space_cannon(&empty, Some(&pds)), None, "PDS I does not reach adjacent systems");
    assert_eq!(best_space_cannon(&empty, Some(&pds2)), Some(5));
}

/// L1Z1X Harrow in the procedure: with a round-end bombardment each round ends at
/// `GroundPhase::Bombard` (a chance point) while the defender has ground forces; its hits go to
/// the defender's ground forces, never to structures; without it no round stops there.
#[test]
fn harrow_round_end_bombardment_hits_the_defenders_ground_forces() {
    for seed in 0..40 {
        let mut c = GroundCombat::new(planet(&[(Infantry, 2)]), planet(&[(Infantry, 3), (Pds, 1)])).unwrap();
        c.set_round_end_bombardment(true);
        let mut r = rng(seed);
        loop {
            match c.next_decision() {
                Step::Decide(_) => c.apply_decision(c.default_decision().unwrap()).unwrap(),
                Step::Chance if c.awaits_bombardment() => {
                    let d = *c.force(Side::Defender);
                    assert!(d.count(Infantry) > 0);
                    assert_eq!(c.apply_chance(&mut r), Err(CombatError::NotAwaitingChance));
                    c.bombard(1).unwrap();
                    assert_eq!(c.force(Side::Defender).count(Infantry), d.count(Infantry) - 1);
                    assert_eq!(c.force(Side::Defender).count(Pds), 1, "structures are not ground forces");
                }
                Step::Chance => c.apply_chance(&mut r).unwrap(),
                Step::Between => unreachable!("a ground combat does not pause between rounds"),
                Step::Over(_) => break,
            }
        }
        assert_eq!(c.bombard(1), Err(CombatError::NotAwaitingChance));
        let mut plain = GroundCombat::new(planet(&[(Infantry, 2)]), planet(&[(Infantry, 3)])).unwrap();
        let mut r = rng(seed);
        while !matches!(plain.next_decision(), Step::Over(_)) {
            assert!(!plain.awaits_bombardment());
            match plain.next_decision() {
                Step::Decide(_) => plain.apply_decision(plain.default_decision().unwrap()).unwrap(),
                _ => plain.apply_chance(&mut r).unwrap(),
            }
        }
    }
}

/// Valkyrie Particle Weave (Sardakk N'orr): "After making combat rolls during a round of ground
/// combat, if your opponent produced 1 or more hits, you produce 1 additional hit." Each
/// round's hits against the opponent are the dice's, plus 1 exactly when the opponent's dice
/// hit (the same dice as a combat without the card); the other side gains nothing.
#[test]
fn valkyrie_particle_weave_one_more_hit_when_the_opponent_hits() {
    let (mut answered, mut unanswered) = (0, 0);
    for seed in 0..200 {
        for weaver in Side::BOTH {
            let mut c = GroundCombat::new(planet(&[(Infantry, 4)]), planet(&[(Infantry, 4)])).unwrap();
            let mut answer = [false; 2];
            answer[weaver.idx()] = true;
            c.set_answer_hit(answer);
            let mut plain = c;
            plain.set_answer_hit([false; 2]);
            let (mut r, mut q) = (rng(seed), rng(seed));
            c.apply_chance(&mut r).unwrap();
            plain.apply_chance(&mut q).unwrap();
            let (against_weaver, against_other) = (plain.hits_produced(weaver), plain.hits_produced(weaver.other()));
            assert_eq!(c.hits_produced(weaver), against_weaver, "the card adds nothing against its owner");
            let bonus = u16::from(against_weaver > 0);
            assert_eq!(c.hits_produced(weaver.other()), against_other + bonus, "seed {seed}");
            if bonus == 1 {
                answered += 1;
            } else {
                unanswered += 1;
            }
        }
    }
    assert!(answered > 50 && unanswered > 50, "{answered} {unanswered}");
}

/// Viscount Unlenn's additional die ("that ship rolls 1 additional die during this combat
/// round"): the round's combat roll draws the same dice as one with one more ship of that type,
/// and the next round's roll has no additional die.
#[test]
fn an_additional_die_for_one_ship_rolls_like_one_more_ship_for_one_round() {
    use rand::SeedableRng;
    let d = ships(&[(Dreadnought, 3)]);
    for seed in 0..20 {
        let hits = |a: Force, extra: bool| {
            let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
            if extra {
                c.add_round_die(Side::Attacker, Cruiser);
            }
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            c.apply_chance(&mut rng).unwrap();
            assert_eq!(c.extra_die(), [0; 2], "used by the roll");
            c.pending_hits(Side::Defender).remaining()
        };
        assert_eq!(hits(ships(&[(Cruiser, 1)]), true), hits(ships(&[(Cruiser, 2)]), false), "seed {seed}");
    }
    let mut f = ships(&[(Cruiser, 1)]);
    assert!(f.add_round_die(Cruiser));
    assert_eq!(f.combat_dice(Cruiser, 0), 2);
    assert!(!f.add_round_die(Carrier), "no carrier in the force");
    f.end_round_dice();
    assert_eq!(f.combat_dice(Cruiser, 0), 1);
}

/// Mentak "Ambush": at the start of a space combat, before anti-fighter barrage, 1 die for each
/// of up to 2 cruisers and/or destroyers, a hit on each result equal to or greater than that
/// ship's combat value (not a combat roll: the force's modifier does not apply); the opponent
/// assigns the hits to its ships. The same dice as a plain roll of the two best ships'
/// values; no Ambush phase without the ability or without cruisers and destroyers.
#[test]
fn mentak_ambush_rolls_two_cruisers_or_destroyers_before_the_barrage() {
    const AMBUSH: CombatStart = CombatStart {
        hits: [0; 2],
        ambush: [true, false],
        reroll: [false; 2],
        boost: [false; 2],
        fighter_boost: [false; 2],
        barrage_all_ships: [false; 2],
        routed: [false; 2],
        extra_die: [0; 2],
    };
    let a = ships(&[(Cruiser, 3), (Destroyer, 1), (Dreadnought, 1)]).with_modifier(3);
    let d = ships(&[(Carrier, 1), (Fighter, 2), (Destroyer, 1)]);
    assert_eq!(ambush_values(&a).collect::<Vec<_>>(), vec![7, 7], "the two cruisers (7) before the destroyer (9)");
    assert_eq!(ambush_values(&ships(&[(Destroyer, 1), (Dreadnought, 2)])).collect::<Vec<_>>(), vec![9]);
    let plain = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
    assert_eq!(plain.phase(), SpacePhase::AntiFighterBarrage, "no Ambush without the ability");
    let none = SpaceCombat::with_start(ships(&[(Carrier, 2)]), d, [SystemSet::EMPTY; 2], AMBUSH).unwrap();
    assert_eq!(none.phase(), SpacePhase::AntiFighterBarrage, "no Ambush without cruisers and destroyers");
    let mut seen = [0u32; 3];
    for seed in 0..300 {
        let mut c = SpaceCombat::with_start(a, d, [SystemSet::EMPTY; 2], AMBUSH).unwrap();
        assert_eq!((c.phase(), c.next_decision()), (SpacePhase::Ambush, Step::Chance));
        c.apply_chance(&mut rng(seed)).unwrap();
        let mut r = rng(seed);
        let expected = (0..2).filter(|_| roll_d10(&mut r) >= 7).count() as u16;
        assert_eq!(c.hits_produced(Side::Defender), expected, "seed {seed}: modifiers do not apply");
        assert_eq!(c.hits_produced(Side::Attacker), 0, "the defender has no Ambush");
        seen[expected as usize] += 1;
        while let SpacePhase::AssignAmbush(_) = c.phase() {
            c.apply_decision(c.default_decision().unwrap()).unwrap();
        }
        let f = c.force(Side::Defender);
        let lost = 4 - u16::from(f.count(Carrier) + f.count(Fighter) + f.count(Destroyer));
        assert_eq!(lost, expected, "each hit destroys one of the opponent's ships");
        assert!(matches!(c.phase(), SpacePhase::AntiFighterBarrage | SpacePhase::Over(_)), "{:?}", c.phase());
    }
    assert!(seen.iter().all(|&n| n > 20), "{seen:?}");
    // The exact distribution: two dice hitting on 7.
    let dist = crate::ti4::combat::exact::ambush_distribution(&a);
    assert!(dist.iter().zip([0.36, 0.48, 0.16]).all(|(x, y)| (x - y).abs() < 1e-12), "{dist:?}");
}

/// Hits produced at the start of a space combat (Yin's Impulse Core, `CombatStart::hits`) are
/// assigned first, attacker then defender, to non-fighter ships if able (to fighters only when
/// no other ship is left), before Ambush and anti-fighter barrage; they are assigned even when
/// the side that produced them has no ship left, and the combat then ends.
#[test]
fn impulse_core_opening_hits_go_to_non_fighter_ships_first() {
    let a = ships(&[(Destroyer, 1)]);
    let d = ships(&[(Carrier, 1), (Cruiser, 1), (Fighter, 3)]);
    let start = CombatStart { hits: [0, 1], ..CombatStart::default() };
    let c = SpaceCombat::with_start(a, d, [SystemSet::EMPTY; 2], start).unwrap();
    assert_eq!(c.phase(), SpacePhase::AssignOpening(Side::Defender));
    assert_eq!(c.hits_produced(Side::Defender), 1);
    let mut buf = Vec::new();
    c.legal_decisions(&mut buf);
    assert_eq!(
        buf,
        vec![SpaceDecision::Assign(HitChoice::Destroy(Cruiser)), SpaceDecision::Assign(HitChoice::Destroy(Carrier))],
        "a non-fighter ship (cheapest first), never a fighter"
    );
    let mut after = c;
    after.apply_decision(SpaceDecision::Assign(HitChoice::Destroy(Cruiser))).unwrap();
    assert_eq!(after.force(Side::Defender).count(Cruiser), 0);
    assert_eq!(after.phase(), SpacePhase::AntiFighterBarrage, "then the barrage (the destroyer has one)");
    // Only fighters left: the hit takes a fighter.
    let c = SpaceCombat::with_start(a, ships(&[(Fighter, 2)]), [SystemSet::EMPTY; 2], start).unwrap();
    assert_eq!(c.force(Side::Defender).count(Fighter), 1, "one option: applied at once");
    // The attacker sacrificed its last ship: the defender still takes the hit, and the combat ends.
    let c = SpaceCombat::with_start(ships(&[]), ships(&[(Cruiser, 1)]), [SystemSet::EMPTY; 2], start).unwrap();
    assert_eq!(c.force(Side::Defender).count(Cruiser), 0);
    assert_eq!(c.outcome(), Some(Outcome::Draw));
    // Without start hits nothing changes.
    let plain = SpaceCombat::with_start(a, d, [SystemSet::EMPTY; 2], CombatStart::default()).unwrap();
    assert_eq!(plain, SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap());
}

/// The pause between space combat rounds (`set_pause_between_rounds`, Yin's Devotion): a round
/// with no retreat and both sides left stops at `SpacePhase::Between`, where only then
/// `destroy_unit` and `hit_unit` act; `next_round` goes on. Going on at once plays exactly the
/// combat without the pause (same dice, same result).
#[test]
fn space_combat_pauses_between_rounds_for_the_caller() {
    let (a, d) = (ships(&[(Cruiser, 3), (Destroyer, 2)]), ships(&[(Dreadnought, 1), (Carrier, 1), (Fighter, 2)]));
    let mut paused = 0;
    for seed in 0..100 {
        let mut plain = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
        let mut c = plain;
        c.set_pause_between_rounds(true);
        assert!(!c.destroy_unit(Side::Attacker, Cruiser), "only between rounds");
        play_space_default(&mut plain, &mut rng(seed));
        let mut r = rng(seed);
        loop {
            match c.next_decision() {
                Step::Decide(_) => c.apply_decision(c.default_decision().unwrap()).unwrap(),
                Step::Chance => c.apply_chance(&mut r).unwrap(),
                Step::Between => {
                    assert_eq!(c.phase(), SpacePhase::Between);
                    assert!(c.force(Side::Attacker).has_combatants() && c.force(Side::Defender).has_combatants());
                    paused += 1;
                    c.next_round().unwrap();
                }
                Step::Over(_) => break,
            }
        }
        assert_eq!(
            (c.outcome(), c.force(Side::Attacker), c.force(Side::Defender)),
            (plain.outcome(), plain.force(Side::Attacker), plain.force(Side::Defender)),
            "seed {seed}"
        );
    }
    assert!(paused > 50, "{paused}");
    // Between rounds the caller's effects: a Yin cruiser destroyed, the dreadnought sustains a
    // hit, the carrier is destroyed by another; the next round then ends a combat left one-sided.
    let mut c =
        SpaceCombat::new(ships(&[(Cruiser, 1)]), ships(&[(Dreadnought, 1), (Carrier, 1)]), [SystemSet::EMPTY; 2])
            .unwrap();
    c.set_pause_between_rounds(true);
    let mut r = rng(7);
    while c.next_decision() != Step::Between {
        match c.next_decision() {
            Step::Decide(_) => c.apply_decision(c.default_decision().unwrap()).unwrap(),
            Step::Chance => c.apply_chance(&mut r).unwrap(),
            step => panic!("the first round leaves both sides: {step:?}"),
        }
    }
    let d = *c.force(Side::Defender);
    assert!(c.hit_unit(Side::Defender, Dreadnought, true) || d.damaged(Dreadnought) == 1);
    assert!(c.hit_unit(Side::Defender, Carrier, false) || d.count(Carrier) == 0);
    assert!(c.destroy_unit(Side::Attacker, Cruiser));
    assert!(!c.destroy_unit(Side::Attacker, Cruiser), "none left");
    c.next_round().unwrap();
    assert_eq!(c.outcome(), Some(Outcome::DefenderWins));
    assert_eq!(c.next_round(), Err(CombatError::NotAwaitingDecision));
}

/// Argent Flight "Raid Formation": each anti-fighter barrage hit beyond the opponent's fighters
/// lets the Argent damage one of the opponent's undamaged ships with SUSTAIN DAMAGE, a decision
/// of the Argent when it has a real choice (several types and fewer hits than ships), in type
/// order; the barrage's own hits still only fall on fighters. Without the ability, or with no
/// excess, nothing is damaged.
#[test]
fn raid_formation_barrage_excess_damages_sustaining_ships() {
    let a = ships(&[(Destroyer, 4)]);
    let d = ships(&[(Fighter, 1), (Dreadnought, 1), (WarSun, 1), (Carrier, 1)]);
    let (mut choices, mut damaged_total) = (0, 0);
    for seed in 0..200 {
        let mut plain = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
        let mut c = plain;
        c.set_raid_formation([true, false]);
        assert_eq!(c.raid_formation(), [true, false]);
        c.apply_chance(&mut rng(seed)).unwrap();
        plain.apply_chance(&mut rng(seed)).unwrap();
        let barrage = plain.hits_produced(Side::Defender);
        let excess = barrage.saturating_sub(1);
        assert_eq!(c.hits_produced(Side::Defender), barrage, "the barrage's hits are the same");
        if let SpacePhase::RaidFormation(Side::Attacker) = c.phase() {
            // Two types to damage and fewer hits than ships: the Argent choose, in type order.
            let mut buf = Vec::new();
            c.legal_decisions(&mut buf);
            assert_eq!(
                buf,
                vec![
                    SpaceDecision::Assign(HitChoice::Sustain(Dreadnought)),
                    SpaceDecision::Assign(HitChoice::Sustain(WarSun))
                ]
            );
            assert_eq!(c.default_decision(), Some(SpaceDecision::Assign(HitChoice::Sustain(WarSun))), "the costliest");
            assert!(c.apply_decision(SpaceDecision::Assign(HitChoice::Sustain(Carrier))).is_err(), "no SUSTAIN DAMAGE");
            c.apply_decision(SpaceDecision::Assign(HitChoice::Sustain(WarSun))).unwrap();
            choices += 1;
        }
        while let Step::Decide(_) = c.next_decision() {
            if matches!(c.phase(), SpacePhase::AnnounceRetreat(_)) {
                break;
            }
            c.apply_decision(c.default_decision().unwrap()).unwrap();
        }
        let f = c.force(Side::Defender);
        let damaged = u16::from(f.damaged(Dreadnought) + f.damaged(WarSun));
        assert_eq!(damaged, excess.min(2), "seed {seed}: one ship damaged per excess hit");
        assert_eq!(f.count(Fighter), u8::from(barrage == 0), "the fighter falls to the first hit");
        assert_eq!((f.count(Dreadnought), f.count(WarSun), f.count(Carrier)), (1, 1, 1), "nothing destroyed");
        let p = plain.force(Side::Defender);
        assert_eq!(p.damaged(Dreadnought) + p.damaged(WarSun), 0, "no damage without the ability");
        damaged_total += damaged;
    }
    assert!(choices > 20 && damaged_total > 100, "{choices} {damaged_total}");
}

/// Munitions Reserves (Letnev): "you may re-roll any number of your dice during that combat
/// round", played as re-rolling each miss once. Without the re-roll the dice are exactly a
/// plain combat roll's; with it, 3 cruisers (hitting on 7: p = 0.4) average 3 · (1 - 0.6²) =
/// 1.92 hits instead of 1.2, and the flag lasts one roll.
#[test]
fn munitions_reserves_rerolls_each_miss_once_for_one_round() {
    let (a, d) = (ships(&[(Cruiser, 3)]), ships(&[(Dreadnought, 4)]));
    let n = 20_000;
    let (mut plain_hits, mut reroll_hits) = (0u32, 0u32);
    for seed in 0..n {
        assert_eq!(roll_combat_rerolling(&a, &d, false, &mut rng(seed)), roll_combat(&a, &d, &mut rng(seed)));
        plain_hits += u32::from(roll_combat(&a, &d, &mut rng(seed)));
        reroll_hits += u32::from(roll_combat_rerolling(&a, &d, true, &mut rng(seed)));
    }
    let (plain, reroll) = (plain_hits as f64 / n as f64, reroll_hits as f64 / n as f64);
    // Standard errors about 0.006 (plain) and 0.005 (re-roll): 5 sigma bounds.
    assert!((plain - 1.2).abs() < 0.035, "{plain}");
    assert!((reroll - 1.92).abs() < 0.03, "{reroll}");
    // In a combat: the paid side's first roll re-rolls, then the flag is spent.
    let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
    c.set_reroll(Side::Attacker, true);
    assert_eq!(c.reroll(), [true, false]);
    let mut r = rng(1);
    while c.next_decision() != Step::Chance {
        c.apply_decision(c.default_decision().unwrap()).unwrap();
    }
    c.apply_chance(&mut r).unwrap();
    assert_eq!(c.reroll(), [false, false], "one round only");
}

/// Non-Euclidean Shielding (Letnev): "When 1 of your units uses SUSTAIN DAMAGE, cancel 2 hits
/// instead of 1." Two hits on a dreadnought and a destroyer: with the card the dreadnought's
/// sustain cancels both (the default keeps every unit); without it the destroyer is lost. The
/// hits that destroy everything count each sustain twice, and a sustain cancels no more hits
/// than remain.
#[test]
fn non_euclidean_shielding_sustain_cancels_two_hits() {
    let plain = ships(&[(Dreadnought, 1), (Destroyer, 1)]);
    let mut shielded = plain;
    shielded.set_sustain_cancels(2);
    let mask = plain.ship_mask();
    assert_eq!((plain.hits_to_destroy(mask), shielded.hits_to_destroy(mask)), (3, 4));
    let (mut a, mut b) = (plain, shielded);
    assert_eq!(assign_hits_default(&mut a, 2, mask), 2);
    assert_eq!((a.count(Destroyer), a.damaged(Dreadnought)), (0, 1), "plain: the destroyer goes");
    assert_eq!(assign_hits_default(&mut b, 2, mask), 2);
    assert_eq!((b.count(Destroyer), b.count(Dreadnought), b.damaged(Dreadnought)), (1, 1, 1), "both hits cancelled");
    // Every legal result with the card: sustaining first cancels both; destroying the destroyer
    // leaves 1 hit that the sustain cancels (not 2); destroying the dreadnought ends it too
    // (its unused sustain absorbs the other hit).
    let mut h = Hits::new(2, mask);
    let choices: Vec<HitChoice> = h.choices(&shielded).collect();
    assert_eq!(
        choices,
        vec![HitChoice::Destroy(Destroyer), HitChoice::Destroy(Dreadnought), HitChoice::Sustain(Dreadnought)]
    );
    let mut f = shielded;
    h.apply(&mut f, HitChoice::Destroy(Destroyer)).unwrap();
    assert_eq!(h.remaining(), 1);
    h.apply(&mut f, HitChoice::Sustain(Dreadnought)).unwrap();
    assert_eq!((h.remaining(), h.assigned()), (0, 2), "one hit left, one cancelled");
    // Four hits destroy everything either way: forced.
    assert!(Hits::new(4, mask).is_forced(&shielded) && !Hits::new(3, mask).is_forced(&shielded));
}

/// The pauses at the hit assignment (`SpaceCombat::set_pause_at_hits`) change nothing when the
/// caller only resumes: with the same dice a paused combat ends as an unpaused one (a
/// differential over many seeds and forces), and it pauses before every combat-roll
/// assignment with hits to assign and after every one in which a ship sustained.
#[test]
fn pauses_at_hits_resumed_at_once_change_nothing() {
    let (mut before, mut after) = (0, 0);
    for seed in 0..200u64 {
        let a = ships(&[(Dreadnought, 1 + (seed % 2) as u8), (Cruiser, 1), (Fighter, (seed % 3) as u8)]);
        let d = ships(&[(Dreadnought, 1), (Destroyer, 1 + (seed % 2) as u8), (Carrier, 1)]);
        let plain = {
            let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
            c.set_pause_between_rounds(true);
            let mut r = rng(seed);
            loop {
                match c.next_decision() {
                    Step::Chance => c.apply_chance(&mut r).unwrap(),
                    Step::Decide(_) => c.apply_decision(c.default_decision().unwrap()).unwrap(),
                    Step::Between => c.resume().unwrap(),
                    Step::Over(o) => break (o, *c.force(Side::Attacker), *c.force(Side::Defender)),
                }
            }
        };
        let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
        c.set_pause_between_rounds(true);
        c.set_pause_at_hits(true);
        let mut r = rng(seed);
        let paused = loop {
            match (c.next_decision(), c.phase()) {
                (Step::Chance, _) => c.apply_chance(&mut r).unwrap(),
                (Step::Decide(_), _) => c.apply_decision(c.default_decision().unwrap()).unwrap(),
                (Step::Between, SpacePhase::BeforeHits(s)) => {
                    assert!(c.pending_hits(s).remaining() > 0);
                    before += 1;
                    c.resume().unwrap();
                }
                (Step::Between, SpacePhase::AfterHits(_)) => {
                    assert!(c.sustained().next().is_some());
                    after += 1;
                    c.resume().unwrap();
                }
                (Step::Between, _) => c.resume().unwrap(),
                (Step::Over(o), _) => break (o, *c.force(Side::Attacker), *c.force(Side::Defender)),
            }
        };
        assert_eq!(paused, plain, "seed {seed}");
    }
    assert!(before > 0 && after > 0, "{before} pauses before, {after} after");
}

/// Shields Holding's effect (`SpaceCombat::cancel_hits`): at the pause before an assignment, up
/// to 2 hits are cancelled and never placed; Direct Hit's (`SpaceCombat::destroy_sustained`):
/// at the pause after it, a ship that sustained this round is destroyed.
#[test]
fn cancelled_hits_are_never_placed_and_a_sustained_ship_can_be_destroyed() {
    // The defender always hits (3 destroyers at +9); the attacker's 2 dreadnoughts take them.
    let a = ships(&[(Dreadnought, 2)]);
    let d = ships(&[(Destroyer, 3)]).with_modifier(9);
    let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
    c.set_pause_at_hits(true);
    let mut r = rng(3);
    while c.phase() != SpacePhase::BeforeHits(Side::Attacker) {
        match c.next_decision() {
            Step::Chance => c.apply_chance(&mut r).unwrap(),
            Step::Decide(_) => c.apply_decision(c.default_decision().unwrap()).unwrap(),
            Step::Between | Step::Over(_) => unreachable!(),
        }
    }
    assert_eq!(c.pending_hits(Side::Attacker).remaining(), 3);
    assert_eq!(c.cancel_hits(2), 2);
    assert_eq!(c.pending_hits(Side::Attacker).remaining(), 1);
    c.resume().unwrap();
    // One hit left: sustained by a dreadnought, then the pause after the assignment.
    while c.phase() != SpacePhase::AfterHits(Side::Attacker) {
        match c.next_decision() {
            Step::Decide(_) => c.apply_decision(SpaceDecision::Assign(HitChoice::Sustain(Dreadnought))).unwrap(),
            s => unreachable!("{s:?}"),
        }
    }
    assert_eq!(c.sustained().collect::<Vec<_>>(), vec![(Dreadnought, 1)]);
    assert!(!c.destroy_sustained(Destroyer));
    assert!(c.destroy_sustained(Dreadnought));
    assert_eq!((c.force(Side::Attacker).count(Dreadnought), c.force(Side::Attacker).damaged(Dreadnought)), (1, 0));
    c.resume().unwrap();
}

/// Wrath of Kenara: "After you roll a die during a space combat in this system, you may spend 1
/// trade good to apply +1 to the result." While the flagship is in the force, each die that
/// misses by 1 hits for 1 trade good, while they last: with trade goods enough, the roll hits
/// as the same dice with +1 on each; with 1 trade good, at most 1 more than the plain roll;
/// without the flagship, as the plain roll with nothing spent.
#[test]
fn wrath_of_kenara_buys_plus_1_on_a_die_that_misses_by_1_for_a_trade_good() {
    use rand::SeedableRng;
    let d = ships(&[(Dreadnought, 3)]);
    let flagship = type_bit(Flagship);
    let hacan = ships(&[(Flagship, 1), (Cruiser, 4)]).with_plus_one_for_trade_goods(flagship);
    assert!(hacan.pays_plus_one() && !ships(&[(Cruiser, 4)]).with_plus_one_for_trade_goods(flagship).pays_plus_one());
    let roll = |a: Force, budget: u8, seed: u64| {
        let mut c = SpaceCombat::new(a, d, [SystemSet::EMPTY; 2]).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let spent = c.apply_chance_paying(&mut rng, [budget, 5]).unwrap();
        (c.pending_hits(Side::Defender).remaining(), spent)
    };
    let mut bought = 0;
    for seed in 0..40 {
        let (plain, none) = roll(hacan, 0, seed);
        assert_eq!(none, [0; 2]);
        let (plus, _) = roll(hacan.with_modifier(1), 0, seed);
        assert_eq!(roll(hacan, 10, seed), (plus, [(plus - plain) as u8, 0]), "seed {seed}");
        assert_eq!(roll(hacan, 1, seed).0, plus.min(plain + 1), "seed {seed}");
        let cruisers = ships(&[(Cruiser, 4)]);
        assert_eq!(roll(cruisers.with_plus_one_for_trade_goods(flagship), 10, seed), roll(cruisers, 0, seed));
        bought += plus - plain;
    }
    assert!(bought > 0, "some die missed by 1");
}

/// Ta Zern's reroll (`roll_hits_rerolling`): without it, the draws of `roll_hits`; with it, each
/// missed die is rolled once more, so a die on 6 hits 1 - 0.5^2 = 75% of the time.
#[test]
fn roll_hits_rerolling_rolls_each_missed_die_once_more() {
    for seed in 0..50 {
        let (mut r1, mut r2) = (rng(seed), rng(seed));
        assert_eq!(roll_hits_rerolling(5, 6, false, &mut r1), roll_hits(5, 6, &mut r2));
        let (mut r1, mut r2) = (rng(seed), rng(seed));
        let by_hand: u16 = (0..5).map(|_| u16::from(roll_d10(&mut r2) >= 6 || roll_d10(&mut r2) >= 6)).sum();
        assert_eq!(roll_hits_rerolling(5, 6, true, &mut r1), by_hand);
    }
    let mut r = rng(3);
    let hits = roll_hits_rerolling(4000, 6, true, &mut r) as f64 / 4000.0;
    assert!((0.72..0.78).contains(&hits), "{hits}");
    // Through the bombardment and space cannon rolls.
    let dreads = ships(&[(Dreadnought, 3)]);
    let pds = planet(&[(Pds, 2)]);
    let none = planet(&[]);
    for seed in 0..50 {
        let (mut r1, mut r2) = (rng(seed), rng(seed));
        assert_eq!(roll_bombardment_against(&dreads, 0, true, &mut r1), roll_hits_rerolling(3, 5, true, &mut r2));
        let (mut r1, mut r2) = (rng(seed), rng(seed));
        assert_eq!(
            roll_space_cannon_offense_against(&pds, &none, 0, true, &mut r1),
            roll_hits_rerolling(2, 6, true, &mut r2)
        );
        let (mut r1, mut r2) = (rng(seed), rng(seed));
        assert_eq!(roll_space_cannon_defense_against(&pds, 1, true, &mut r1), roll_hits_rerolling(2, 7, true, &mut r2));
    }
}
