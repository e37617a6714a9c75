//! Random 6-player TI4 games, start to end (issue 4: "random 6-player full games per second per
//! core and decisions per second").
//!
//! Measured: one complete game from a set-up state (cloned; setup itself is not measured) to a
//! terminal state, every player choosing uniformly among the legal actions into a warm buffer,
//! chance resolved from a seeded `ChaCha8Rng`. Games per second is the reciprocal of the time per
//! iteration; decisions per second is that times the decisions per game, which the bench
//! computes (and checks: every game ends with a full ranking and some research) before measuring.
//!
//! Ids: `ti4_game/random_6p_full_game`.
//! Run: `cargo bench -p benches --bench ti4_game -- --warm-up-time 1 --measurement-time 5`.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::game::{Game, Turn};
use engine::ti4::content::Content;
use engine::ti4::game::{MapChoice, Ti4Game, Ti4Options};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

const FACTIONS: [&str; 6] = ["sol", "hacan", "letnev", "xxcha", "jolnar", "naalu"];

fn start() -> Ti4Game {
    let c = Content::embedded();
    let f: Vec<_> = FACTIONS.iter().map(|k| c.faction(k).expect("faction")).collect();
    Ti4Game::new(c, &f, &MapChoice::Random(1), Ti4Options::default()).expect("setup")
}

/// Plays one random game; returns the decisions taken.
fn play(start: &Ti4Game, rng: &mut ChaCha8Rng, buf: &mut Vec<engine::ti4::game::Action>) -> (u32, Ti4Game) {
    let mut g = start.clone();
    loop {
        match g.current() {
            Turn::Terminal => return (g.decisions(), g),
            Turn::Chance => g.apply_chance(rng),
            Turn::Player(_) => {
                g.legal_actions(buf);
                g.apply(buf[rng.random_range(0..buf.len())]);
            }
        }
    }
}

fn ti4_game(cr: &mut Criterion) {
    let s = start();
    let mut buf = Vec::with_capacity(256);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut decisions, games) = (0u64, 50u64);
    for _ in 0..games {
        let (d, g) = play(&s, &mut rng, &mut buf);
        assert!(g.end_condition().is_some(), "every game ends");
        assert_eq!(g.ranking().len(), 6, "full ranking");
        assert!(g.researched() > 0, "technologies are researched");
        decisions += d as u64;
    }
    println!("ti4_game: {} decisions per random 6-player game (mean of {games})", decisions / games);
    let mut group = cr.benchmark_group("ti4_game");
    group.sample_size(20);
    group.bench_function("random_6p_full_game", |b| b.iter(|| black_box(play(&s, &mut rng, &mut buf).0)));
    group.finish();
}

criterion_group!(benches, ti4_game);
criterion_main!(benches);
