//! Adjacency: sides, wormholes, hyperlanes; distances and reach, with differential references.

use super::*;
use crate::ti4::galaxy::generate::random_map;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn adjacency_6_mecatol_touches_ring_one() {
    let c = content();
    let g = six(&c);
    assert_eq!(positions(&g, g.neighbours(g.mecatol())), vec![1, 2, 3, 4, 5, 6]);
    // Position 8 (ring 2, north-north-east): 1, 2, 7, 9 and ring-3 positions 20, 21.
    assert_eq!(positions(&g, g.neighbours(at(&g, 8))), vec![1, 2, 7, 9, 20, 21]);
    // A ring-3 corner home touches three systems.
    assert_eq!(positions(&g, g.neighbours(at(&g, 19))), vec![7, 20, 36]);
}

#[test]
fn wormholes_101_matching_wormholes_are_adjacent() {
    let c = content();
    let g = six(&c);
    let (lodor, alpha) = (at(&g, 1), at(&g, 12));
    assert!(g.is_adjacent(lodor, alpha) && g.is_adjacent(alpha, lodor), "alpha-alpha");
    let (quann, beta) = (at(&g, 20), at(&g, 26));
    assert!(g.is_adjacent(quann, beta), "beta-beta");
    assert!(!g.is_adjacent(lodor, quann), "alpha and beta do not match");
    assert_eq!(g.wormhole_slots(Wormhole::Alpha), 1 << lodor | 1 << alpha);
    assert_eq!(g.distance(lodor, alpha), Some(1));
    assert_eq!(g.touching(lodor) & 1 << alpha, 0, "touching ignores wormholes");
}

#[test]
fn wormholes_delta_joins_creuss_gate_and_home() {
    let c = content();
    let g = six(&c);
    let creuss = g.homes()[3];
    assert_eq!(g.neighbours(creuss.slot), 1 << creuss.board_slot, "off-board home reached only through delta");
    assert!(g.is_adjacent(creuss.board_slot, creuss.slot));
    let far = at(&g, 1);
    assert_eq!(g.distance(creuss.slot, g.mecatol()), Some(g.distance(creuss.board_slot, g.mecatol()).unwrap() + 1));
    assert!(g.distance(creuss.slot, far).is_some());
}

#[test]
fn wormholes_gamma_nexus_is_off_board_and_reached_by_gamma_tokens() {
    let c = content();
    let g = six(&c);
    let n = g.nexus().unwrap();
    assert_eq!(g.neighbours(n), 0, "inactive Nexus: gamma only, none on the board");
    assert_eq!(g.distance(n, g.mecatol()), None);
    let token = at(&g, 9);
    let x = ExtraWormholes::NONE.with(token, Wormhole::Gamma);
    assert_eq!(g.neighbours_with(n, &x), 1 << token);
    // Active Nexus: its alpha and beta join the printed ones.
    let active = ExtraWormholes::NONE.with(n, Wormhole::Alpha).with(n, Wormhole::Beta);
    assert_eq!(positions(&g, g.neighbours_with(n, &active)), vec![1, 12, 20, 26]);
}

#[test]
fn wormholes_placed_tokens_stay_after_their_owner_is_gone() {
    // Creuss alpha/beta tokens are an input: a galaxy query with them placed, whoever placed them.
    let c = content();
    let g = six(&c);
    let (lodor, token) = (at(&g, 1), at(&g, 30));
    assert!(!g.is_adjacent(lodor, token));
    let mut x = ExtraWormholes::NONE;
    x.insert(token, Wormhole::Alpha);
    assert!(g.neighbours_with(token, &x) & 1 << lodor != 0);
    assert!(g.neighbours_with(lodor, &x) & 1 << token != 0);
    assert_eq!(g.distances_from(lodor, &x)[token as usize], 1);
    x.remove(token, Wormhole::Alpha);
    assert!(x.is_none());
    // Quantum Entanglement: alpha and beta systems all adjacent, for Creuss.
    let qe = ExtraWormholes::NONE.alpha_beta_linked();
    assert!(g.neighbours_with(lodor, &qe) & 1 << at(&g, 20) != 0);
}

#[test]
fn hyperlanes_44_five_player_wedge() {
    // The 5-player layout leaves the south wedge to hyperlanes: 86A at 4 joins 3 and 5; 88A at 12
    // and 87A at 14 fan out from 13; the ring-3 chain 27-28-29 joins 26 and 30.
    let c = content();
    let map = random_map(&c, 5, 7).unwrap();
    let homes: Vec<SystemId> = ["01", "10", "16", "12", "04"].iter().map(|k| sys(&c, k)).collect();
    let g = Galaxy::new(&c, &map.fill_homes(&c, &homes).unwrap()).unwrap();
    for p in [4, 12, 14, 27, 28, 29] {
        assert_eq!(g.slot_at(p), None, "hyperlanes are not systems (44.2)");
    }
    assert_eq!(positions(&g, g.touching(at(&g, 13))), vec![3, 5, 11, 15, 26, 30]);
    assert!(g.touching(at(&g, 3)) & 1 << at(&g, 5) != 0);
    assert!(g.touching(at(&g, 26)) & 1 << at(&g, 30) != 0);
    assert_eq!(positions(&g, g.touching(g.mecatol())), vec![1, 2, 3, 5, 6]);
}

#[test]
fn hyperlanes_44_rotation_turns_lanes_clockwise() {
    // 3 players: 86A turned 4 times at position 2 joins positions 1 and 3 (its S and NW sides).
    let c = content();
    let map = random_map(&c, 3, 1).unwrap();
    let homes: Vec<SystemId> = ["01", "10", "16"].iter().map(|k| sys(&c, k)).collect();
    let g = Galaxy::new(&c, &map.fill_homes(&c, &homes).unwrap()).unwrap();
    assert!(g.touching(at(&g, 1)) & 1 << at(&g, 3) != 0);
    assert!(g.touching(at(&g, 3)) & 1 << at(&g, 5) != 0);
    assert!(g.touching(at(&g, 5)) & 1 << at(&g, 1) != 0);
}

#[test]
fn standard_layouts_build_connected_symmetric_galaxies() {
    let c = content();
    let data = MapData::embedded();
    let all_homes: Vec<SystemId> =
        ["01", "10", "16", "51", "12", "04", "118", "05"].iter().map(|k| sys(&c, k)).collect();
    for players in 3..=8 {
        let layout = data.layout(players).unwrap();
        let map = random_map(&c, players, 11).unwrap();
        assert_eq!(map.placeholders(), layout.homes, "{players}p: layout homes are in seat order");
        let g = Galaxy::new(&c, &map.fill_homes(&c, &all_homes[..players]).unwrap()).unwrap();
        assert_eq!(g.homes().len(), players);
        for a in 0..g.len() as u8 {
            for b in bits(g.neighbours(a)) {
                assert!(g.is_adjacent(b, a), "{players}p: adjacency symmetric ({a}, {b})");
            }
            if !g.is_off_board(a) {
                let d = g.distances_from(a, &ExtraWormholes::NONE);
                assert!(d[0] != UNREACHABLE, "{players}p: slot {a} reaches Mecatol Rex");
            }
        }
        for h in g.homes() {
            let d = g.distance(h.slot, g.mecatol()).unwrap();
            assert!((3..=5).contains(&d), "{players}p: home at {} is {d} from Mecatol Rex", h.position);
        }
    }
}

/// Reference adjacency written from the rules text over coordinates: a shared side (hex distance
/// 1) or a matching printed wormhole.
fn reference_adjacent(c: &Content, g: &Galaxy, a: u8, b: u8) -> bool {
    if a == b {
        return false;
    }
    let side = matches!((g.hex(a), g.hex(b)), (Some(x), Some(y)) if x.distance(y) == 1);
    let wa = c.systems[g.tile(a).idx()].wormholes;
    let wb = c.systems[g.tile(b).idx()].wormholes;
    side || wa & wb != 0
}

/// Reference movement search: explicit states (system, moves spent), each move tried one by one.
fn reference_reach(c: &Content, g: &Galaxy, from: u8, q: &Reach) -> u64 {
    let n = g.len() as u8;
    let mut best = vec![u8::MAX; n as usize];
    best[from as usize] = 0;
    let mut stack = vec![(from, 0u8)];
    while let Some((s, spent)) = stack.pop() {
        if s != from && q.no_pass >> s & 1 == 1 {
            continue;
        }
        let cost = if q.free_exit >> s & 1 == 1 { 0 } else { 1 };
        if spent + cost > q.moves {
            continue;
        }
        for t in 0..n {
            if reference_adjacent(c, g, s, t) && q.no_entry >> t & 1 == 0 && spent + cost < best[t as usize] {
                best[t as usize] = spent + cost;
                stack.push((t, spent + cost));
            }
        }
    }
    (0..n).filter(|&t| t != from && best[t as usize] != u8::MAX && q.no_end >> t & 1 == 0).fold(0, |m, t| m | 1 << t)
}

#[test]
fn differential_bitset_adjacency_matches_coordinates() {
    let c = content();
    for seed in 0..4 {
        let map = random_map(&c, 6, seed).unwrap();
        let g = Galaxy::new(&c, &map.fill_homes(&c, &six_homes(&c)).unwrap()).unwrap();
        for a in 0..g.len() as u8 {
            for b in 0..g.len() as u8 {
                assert_eq!(g.is_adjacent(a, b), reference_adjacent(&c, &g, a, b), "seed {seed}: ({a}, {b})");
                if let (Some(x), Some(y)) = (g.hex(a), g.hex(b)) {
                    let printed = c.systems[g.tile(a).idx()].wormholes | c.systems[g.tile(b).idx()].wormholes;
                    if printed == 0 {
                        assert!(g.distance(a, b).unwrap() <= x.distance(y), "wormholes only shorten");
                    }
                }
            }
        }
    }
}

#[test]
fn differential_distance_and_within_match_hex_distance_without_wormholes() {
    // A full radius-3 galaxy of tiles without wormholes: distance is hex distance.
    let c = content();
    let keys: Vec<String> =
        (19..=24).chain(27..=38).chain(41..=50).chain(59..=63).chain(65..=74).map(|k| k.to_string()).collect();
    let text = keys[..36].join(" ");
    let m = MapString::parse(&c, &text).unwrap();
    let g = Galaxy::build(&c, MapData::embedded(), &m, GalaxyOptions { wormhole_nexus: false }).unwrap();
    assert_eq!(g.len(), 37);
    for a in 0..37u8 {
        for k in 0..=6u8 {
            let expect =
                (0..37u8).filter(|&b| g.hex(a).unwrap().distance(g.hex(b).unwrap()) <= k).fold(0u64, |m, b| m | 1 << b);
            assert_eq!(g.within(a, k), expect, "within({a}, {k})");
            assert_eq!(g.reachable(a, k, 0), expect & !(1 << a));
        }
        for b in 0..37u8 {
            assert_eq!(g.distance(a, b), Some(g.hex(a).unwrap().distance(g.hex(b).unwrap())));
        }
    }
}

#[test]
fn differential_reach_matches_reference_search() {
    let c = content();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for seed in 0..6 {
        let map = random_map(&c, 6, seed).unwrap();
        let g = Galaxy::new(&c, &map.fill_homes(&c, &six_homes(&c)).unwrap()).unwrap();
        for _ in 0..300 {
            let from = rng.random_range(0..g.len() as u8);
            let mut masks = [0u64; 4];
            for m in &mut masks {
                for s in 0..g.len() {
                    if rng.random_bool(0.15) {
                        *m |= 1 << s;
                    }
                }
            }
            let q = Reach {
                moves: rng.random_range(0..5),
                no_pass: masks[0],
                no_entry: masks[1],
                free_exit: masks[2],
                no_end: masks[3],
                ..Reach::default()
            };
            assert_eq!(g.reach(from, &q), reference_reach(&c, &g, from, &q), "seed {seed}, from {from}, {q:?}");
        }
    }
}
