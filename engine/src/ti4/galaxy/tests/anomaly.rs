//! Anomaly predicates and their use in reach (Rules Reference 9, 11, 41, 59, 86).

use super::*;
use crate::ti4::galaxy::anomaly::*;

const NONE: MoverTraits = MoverTraits {
    antimass_deflectors: false,
    gashlai_physiology: false,
    nebulae_ignored: false,
    supernova_entry: false,
};
const AMD: MoverTraits = MoverTraits { antimass_deflectors: true, ..NONE };
const MUAAT: MoverTraits = MoverTraits { gashlai_physiology: true, ..NONE };
const MAGMUS: MoverTraits = MoverTraits { supernova_entry: true, ..NONE };

#[test]
fn asteroid_field_11_no_entry_or_passage_without_antimass_deflectors() {
    let a = Anomaly::AsteroidField.bit();
    assert!(!may_enter(a, NONE) && !may_pass(a, NONE));
    assert!(may_enter(a, AMD) && may_pass(a, AMD));
    assert!(!may_enter(a, MUAAT));
}

/// Supernova 86.1: no ship moves into or through one; Gashlai Physiology (Muaat): "Your ships
/// can move through supernovas", never end a move in one.
#[test]
fn supernova_86_no_entry_or_passage_gashlai_physiology_moves_through() {
    let s = Anomaly::Supernova.bit();
    assert!(!may_enter(s, NONE) && !may_pass(s, NONE) && !may_pass(s, AMD));
    assert!(!may_enter(s, MUAAT) && may_pass(s, MUAAT));
}

/// Magmus Reactor Ω: "Your ships can move into supernovas": a move may end in one (not pass
/// through it, which is Gashlai Physiology's); with both, the ship may do either.
#[test]
fn supernova_86_magmus_reactor_moves_into_supernovas() {
    let s = Anomaly::Supernova.bit();
    assert!(may_enter(s, MAGMUS) && !may_pass(s, MAGMUS));
    let both = MoverTraits { gashlai_physiology: true, ..MAGMUS };
    assert!(may_enter(s, both) && may_pass(s, both));
    let g = corridor("20", "43");
    let (m, p1, p7, p19) = (0, at(&g, 1), at(&g, 7), at(&g, 19));
    assert_eq!(g.reach(m, &g.anomaly_reach(3, MAGMUS, false)), 1 << p1 | 1 << p7);
    assert_eq!(g.reach(m, &g.anomaly_reach(3, both, false)), 1 << p1 | 1 << p7 | 1 << p19);
}

#[test]
fn nebula_59_active_system_only_move_one_defender_plus_one() {
    let n = Anomaly::Nebula.bit();
    assert!(may_enter(n, NONE), "59.1: may be the active system");
    assert!(!may_pass(n, NONE) && !may_pass(n, AMD), "59.1: never moved through");
    assert_eq!(move_value_leaving(n, 3, NONE), 1, "59.2");
    assert_eq!(move_value_leaving(n, 0, NONE), 0);
    assert_eq!(move_value_leaving(0, 3, NONE), 3);
    assert_eq!(defender_combat_bonus(n), 1, "59.3");
    assert_eq!(defender_combat_bonus(Anomaly::GravityRift.bit()), 0);
}

#[test]
fn gravity_rift_41_bonus_and_survival_roll() {
    let r = Anomaly::GravityRift.bit();
    assert_eq!(exit_move_bonus(r), 1);
    assert_eq!(exit_move_bonus(0), 0);
    assert!(rift_roll_needed(r) && !rift_roll_needed(Anomaly::Nebula.bit()));
    assert_eq!((1..=10).filter(|&d| rift_destroys(d)).collect::<Vec<_>>(), vec![1, 2, 3]);
    // Cormund (67): a planet in a rift; The Watchtower (117): asteroid field and rift.
    let c = content();
    assert!(rift_roll_needed(c.systems[sys(&c, "67").idx()].anomalies));
    let w = c.systems[sys(&c, "117").idx()].anomalies;
    assert!(!may_enter(w, NONE) && may_enter(w, AMD) && exit_move_bonus(w) == 1);
}

#[test]
fn entropic_scar_is_only_an_anomaly() {
    let e = Anomaly::EntropicScar.bit();
    assert!(may_enter(e, NONE) && may_pass(e, NONE));
    assert_eq!((move_value_leaving(e, 2, NONE), exit_move_bonus(e), defender_combat_bonus(e)), (2, 0, 0));
}

/// A corridor: Mecatol Rex (0) - position 1 - position 7 - position 19, every other position empty.
fn corridor(tile_1: &str, tile_7: &str) -> Galaxy {
    let c = content();
    let mut t = vec!["-1"; 36];
    t[0] = tile_1;
    t[6] = tile_7;
    t[18] = "19";
    let m = MapString::parse(&c, &t.join(" ")).unwrap();
    Galaxy::build(&c, MapData::embedded(), &m, GalaxyOptions { wormhole_nexus: false }).unwrap()
}

#[test]
fn movement_reach_applies_anomaly_masks() {
    // Rift at 1: leaving it is free (+1 move), so move 1 reaches 1 and 7, move 2 reaches 19.
    let g = corridor("41", "20");
    let (m, p1, p7, p19) = (0, at(&g, 1), at(&g, 7), at(&g, 19));
    assert_eq!(g.reach(m, &g.anomaly_reach(1, NONE, true)), 1 << p1 | 1 << p7);
    assert_eq!(g.reach(m, &g.anomaly_reach(2, NONE, true)), 1 << p1 | 1 << p7 | 1 << p19);
    assert_eq!(g.reach(m, &g.anomaly_reach(2, NONE, false)), 1 << p1 | 1 << p7, "a ship may decline the rift bonus");
    // Asteroid field at 7: a wall without Antimass Deflectors.
    let g = corridor("20", "44");
    assert_eq!(g.reach(m, &g.anomaly_reach(3, NONE, false)), 1 << p1);
    assert_eq!(g.reach(m, &g.anomaly_reach(3, AMD, false)), 1 << p1 | 1 << p7 | 1 << p19);
    // Nebula at 7: may end there, not pass through.
    let g = corridor("20", "42");
    assert_eq!(g.reach(m, &g.anomaly_reach(3, NONE, false)), 1 << p1 | 1 << p7);
    assert_eq!(g.no_pass(NONE), 1 << p7);
    assert_eq!(g.no_entry(NONE), 0);
    // Supernova at 7: Muaat's ships move through it (Gashlai Physiology), nobody ends there.
    let g = corridor("20", "43");
    assert_eq!(g.reach(m, &g.anomaly_reach(3, NONE, false)), 1 << p1);
    assert_eq!(g.reach(m, &g.anomaly_reach(3, MUAAT, false)), 1 << p1 | 1 << p19);
    assert_eq!(g.anomaly_systems(), 1 << p7);
    assert_eq!(g.anomalies(p7), Anomaly::Supernova.bit());
    // Other players' ships at 1 block passage but not arrival.
    let g = corridor("20", "21");
    let q = Reach { moves: 3, no_pass: 1 << p1, ..Reach::default() };
    assert_eq!(g.reach(m, &q), 1 << p1);
    assert_eq!(g.reachable(m, 3, 1 << p1), 0, "blocked: neither entered nor passed");
}

#[test]
fn nebula_59_empyrean_voidborn_moves_through_and_out_at_full_value() {
    let n = Anomaly::Nebula.bit();
    let voidborn = MoverTraits { nebulae_ignored: true, ..NONE };
    assert!(may_enter(n, voidborn) && may_pass(n, voidborn));
    assert_eq!(move_value_leaving(n, 3, voidborn), 3);
    assert!(!may_pass(n | Anomaly::AsteroidField.bit(), voidborn), "asteroids still stop it");
}

/// The slots blocked per mover-traits combination are computed once per galaxy; they equal the
/// plain scan of every slot's anomalies with `may_pass` / `may_enter` (differential, each
/// anomaly in turn and every combination of traits).
#[test]
fn blocked_slot_tables_equal_the_plain_scan() {
    for tile in ["41", "42", "43", "44"] {
        let g = corridor("20", tile);
        for i in 0..MoverTraits::COMBINATIONS {
            let t = MoverTraits::of_index(i);
            assert_eq!(t.index(), i);
            let plain = |f: &dyn Fn(u8) -> bool| {
                (0..g.len() as u8).filter(|&s| f(g.anomalies(s))).fold(0u64, |m, s| m | 1 << s)
            };
            assert_eq!(g.no_pass(t), plain(&|a| !may_pass(a, t)), "tile {tile}, traits {t:?}");
            assert_eq!(g.no_entry(t), plain(&|a| !may_enter(a, t)), "tile {tile}, traits {t:?}");
        }
    }
}
