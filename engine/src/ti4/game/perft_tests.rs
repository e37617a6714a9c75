//! Perft regression data (issue 14, Build 4): decision-sequence counts of fixed positions of
//! seeded games. A change of these numbers is a change of move generation: check it is meant.

use super::tests::six_player_game;
use super::*;
use crate::perft::{divide, perft, PerftCount};
use rand::SeedableRng;

/// Game `seed` after `steps` random steps (chance from the same stream).
fn position(seed: u64, steps: usize) -> Ti4Game {
    let mut g = six_player_game(seed);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut buf = Vec::new();
    for _ in 0..steps {
        crate::game::random_step(&mut g, &mut rng, &mut buf);
    }
    g
}

fn count(d: u64, c: u64, t: u64) -> PerftCount {
    PerftCount { depth_leaves: d, chance_leaves: c, terminal_leaves: t }
}

#[test]
fn strategy_phase_perft_is_the_falling_factorial_of_the_cards() {
    // After setup's chance event: six players pick from the eight strategy cards.
    let g = position(1, 1);
    assert!(matches!(g.step, Step::Pick(_)));
    assert_eq!(perft(&g, 1), count(8, 0, 0));
    assert_eq!(perft(&g, 2), count(56, 0, 0));
    assert_eq!(perft(&g, 3), count(336, 0, 0));
}

#[test]
fn divide_sums_to_perft() {
    let g = position(2, 40);
    let total = perft(&g, 3);
    let parts = divide(&g, 3);
    let sum = parts.iter().fold(PerftCount::default(), |mut acc, (_, c)| {
        acc.depth_leaves += c.depth_leaves;
        acc.chance_leaves += c.chance_leaves;
        acc.terminal_leaves += c.terminal_leaves;
        acc
    });
    assert_eq!(sum, total);
}

#[test]
fn committed_perft_counts_of_action_phase_positions() {
    let mut found = Vec::new();
    for (seed, steps) in [(1u64, 30usize), (2, 40), (4, 300), (5, 500), (6, 700)] {
        let g = position(seed, steps);
        found.push((seed, steps, format!("{:?}", g.step), perft(&g, 4)));
    }
    // Regression data: recompute with this test's loop and check the change is meant.
    let expected: Vec<(u64, usize, &str, PerftCount)> = vec![
        (1, 30, "Move(Player(2))", count(2194, 2, 0)),
        (2, 40, "Turn(Player(4))", count(28, 0, 0)),
        (4, 300, "Turn(Player(5))", count(878, 1, 0)),
        (5, 500, "BuyTokens { p: Player(0), gaining: 0 }", count(9, 0, 0)),
        (6, 700, "Turn(Player(2))", count(142, 0, 0)),
    ];
    assert_eq!(found.len(), expected.len());
    for (f, e) in found.iter().zip(&expected) {
        assert_eq!((f.0, f.1, f.2.as_str(), f.3), *e, "every count found: {found:?}");
    }
}
