//! The seeded random map generator: determinism, fair shares, anomalies apart.

use super::*;
use crate::ti4::galaxy::generate::{generate, is_red, planet_value, pools, random_map};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn pools_infer_tile_backs() {
    let c = content();
    let (blue, red) = pools(&c, MapData::embedded(), true);
    let keys = |v: &[SystemId]| v.iter().map(|t| c.systems[t.idx()].key.clone()).collect::<Vec<_>>();
    let (b, r) = (keys(&blue), keys(&red));
    assert_eq!((blue.len(), red.len()), (36, 18));
    for k in ["25", "26", "64", "65", "66", "19", "76"] {
        assert!(b.contains(&k.to_string()), "{k} is blue");
    }
    for k in ["39", "40", "41", "42", "43", "44", "46", "67", "68", "77", "79", "80"] {
        assert!(r.contains(&k.to_string()), "{k} is red");
    }
    for k in ["18", "17", "51", "01", "81", "82a", "83a", "97", "92new"] {
        assert!(!b.contains(&k.to_string()) && !r.contains(&k.to_string()), "{k} is never dealt");
    }
    assert!(is_red(&c.systems[sys(&c, "67").idx()]));
    assert_eq!(planet_value(&c, sys(&c, "26")), 3, "Lodor 3/1");
    let (blue, red) = pools(&c, MapData::embedded(), false);
    assert_eq!((blue.len(), red.len()), (20, 12), "base game only");
}

#[test]
fn generator_is_deterministic_for_a_seed() {
    let c = content();
    for players in 3..=8 {
        let a = random_map(&c, players, 42).unwrap();
        assert_eq!(a, random_map(&c, players, 42).unwrap(), "{players}p");
        assert_ne!(a, random_map(&c, players, 43).unwrap(), "{players}p: another seed, another map");
    }
    // Pinned: rand_chacha 0.10 and this algorithm. Regenerate deliberately if either changes.
    assert_eq!(random_map(&c, 6, 1).unwrap().to_tts(&c), PINNED_6P_SEED_1);
}

const PINNED_6P_SEED_1: &str =
    "47 48 71 28 32 43 49 23 64 27 63 73 20 61 80 65 31 76 0 69 24 0 44 46 0 67 77 0 45 50 0 75 41 0 59 60";

#[test]
fn generator_meets_its_constraints() {
    let c = content();
    let data = MapData::embedded();
    let opts = GeneratorOptions::default();
    for players in 3..=8 {
        let layout = data.layout(players).unwrap();
        for seed in 0..20 {
            let m = random_map(&c, players, seed).unwrap();
            let tile = |p: usize| match m.cells()[p] {
                Cell::System(t) => t,
                other => panic!("{players}p seed {seed}: position {p} holds {other:?}"),
            };
            let mut values = Vec::new();
            for slice in &layout.slices {
                let red = slice.iter().filter(|&&p| is_red(&c.systems[tile(p).idx()])).count();
                assert_eq!(red, layout.red_per_slice as usize, "{players}p seed {seed}: fair share of red");
                values.push(slice.iter().map(|&p| planet_value(&c, tile(p))).sum::<u32>());
            }
            let spread = values.iter().max().unwrap() - values.iter().min().unwrap();
            assert!(spread <= opts.max_value_spread, "{players}p seed {seed}: slice values {values:?}");
            assert_eq!(m.placeholders(), layout.homes);
            let homes: Vec<SystemId> = (1..=players).map(|k| sys(&c, &format!("{k:02}"))).collect();
            let g = Galaxy::new(&c, &m.fill_homes(&c, &homes).unwrap()).unwrap();
            let anomalies = g.anomaly_systems();
            for s in bits(anomalies) {
                assert_eq!(g.touching(s) & anomalies, 0, "{players}p seed {seed}: anomalies touch at slot {s}");
            }
        }
    }
}

#[test]
fn generator_reports_small_pools_and_unknown_player_counts() {
    let c = content();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let base = GeneratorOptions { pok: false, ..GeneratorOptions::default() };
    let e = generate(&c, MapData::embedded(), 8, &mut rng, &base).unwrap_err();
    assert_eq!(e.to_string(), "map: needs 24 blue tiles but the pool holds 20");
    let e = generate(&c, MapData::embedded(), 9, &mut rng, &GeneratorOptions::default()).unwrap_err();
    assert_eq!(e.kind, GalaxyErrorKind::NoLayout(9));
    let none = GeneratorOptions { attempts: 0, ..GeneratorOptions::default() };
    let e = generate(&c, MapData::embedded(), 6, &mut rng, &none).unwrap_err();
    assert_eq!(e.to_string(), "map: no map met the constraints in 0 attempts");
}

#[test]
fn map_data_errors_name_the_field() {
    let bad = crate::ti4::galaxy::data::EMBEDDED_MAPS.replacen("\"nw-ne\"", "\"nw-up\"", 1);
    let e = MapData::parse(&bad).unwrap_err();
    assert!(e.to_string().contains("hyperlanes.85a[0]"), "{e}");
    let bad = crate::ti4::galaxy::data::EMBEDDED_MAPS.replacen("\"homes\": [19, 25, 31]", "\"homes\": [19, 25, 99]", 1);
    let e = MapData::parse(&bad).unwrap_err();
    assert!(e.to_string().contains("layouts[0].homes") && e.to_string().contains("outside 3 rings"), "{e}");
    let bad = crate::ti4::galaxy::data::EMBEDDED_MAPS.replacen("\"rings\"", "\"ringz\"", 1);
    assert!(MapData::parse(&bad).unwrap_err().to_string().contains("ringz"));
}
