//! The elimination check's cost (Elimination; `engine::ti4::elimination`): the condition
//! (`meets_conditions`) for every seat, and `check_elimination` as the round loop runs it after
//! an event, in three fixed positions (`engine/testkit/src/elimination_positions.rs`):
//! `mid_game` (six players controlling planets: the first test decides), `no_planets` (six
//! players kept in the game by units only: the unit-type masks decide, one with the Magmus
//! Reactor in a supernova) and `magmus_out` (the Muaat player's last ship left the supernova:
//! the supernova scan runs and the player is eliminated — the apply path, on a fresh copy).
//!
//! Each bench first asserts the outcome (who meets the conditions, who is eliminated, and that
//! conservation holds after), so a bench that measures the wrong thing fails.
//!
//! Ids: `elimination/conditions/<position>` (all seats), `elimination/check/<position>` (a
//! `check_elimination` call; `magmus_out` includes copying the 4.9 kB state, measured alone as
//! `elimination/copy_state`).
//! Run: `cargo bench -p benches --bench elimination -- --warm-up-time 1 --measurement-time 3`.

use testkit::elimination_positions as positions;

use criterion::{criterion_group, criterion_main, Criterion};
use engine::ti4::content::Content;
use engine::ti4::elimination::{check_elimination, conservation, meets_conditions};
use std::hint::black_box;

fn elimination(cr: &mut Criterion) {
    let c = Content::embedded();
    let positions = positions::all(&c);
    for pos in &positions {
        let met: u64 = pos.state.seats().filter(|&p| meets_conditions(&c, &pos.state, p)).map(|p| 1 << p.0).sum();
        assert_eq!(met, pos.eliminated, "{}: who meets the conditions", pos.name);
        let mut s = pos.state;
        let out = check_elimination(&c, &mut s);
        assert_eq!(out.words()[0], pos.eliminated, "{}: who is eliminated", pos.name);
        conservation::check(&c, &s).unwrap_or_else(|e| panic!("{}: {e}", pos.name));
    }

    let mut g = cr.benchmark_group("elimination/conditions");
    for pos in &positions {
        g.bench_function(pos.name, |b| {
            b.iter(|| {
                let s = black_box(&pos.state);
                s.seats().filter(|&p| meets_conditions(&c, s, p)).count()
            })
        });
    }
    g.finish();

    let mut g = cr.benchmark_group("elimination/check");
    for pos in &positions {
        if pos.eliminated == 0 {
            let mut s = pos.state;
            g.bench_function(pos.name, |b| b.iter(|| check_elimination(&c, black_box(&mut s)).len()));
        } else {
            g.bench_function(pos.name, |b| {
                b.iter(|| {
                    let mut s = black_box(pos.state);
                    check_elimination(&c, &mut s).len()
                })
            });
        }
    }
    g.finish();
    cr.bench_function("elimination/copy_state", |b| b.iter(|| black_box(black_box(positions[2].state))));
}

criterion_group!(benches, elimination);
criterion_main!(benches);
