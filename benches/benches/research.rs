//! Research move generation (Technology 9-15): the fast generator `research_options` and the
//! plain reference (`engine/testkit/src/research_reference.rs`) in three fixed positions
//! (`engine/testkit/src/research_positions.rs`): a freshly set-up Sol player, a mid-game Sol player
//! with 12 technologies and 4 specialty planets, and a constructed worst case (L1Z1X with
//! every specialty planet, AI Development Algorithm and Inheritance Systems ready).
//!
//! Measured: one call generating every minimal option into a warm buffer (fast), or building
//! the reference's option set (reference). Before measuring, each bench asserts the option
//! count it expects (the same numbers `research_differential::bench_position_counts` checks)
//! and that fast and reference agree, so a bench that measures the wrong thing fails.
//!
//! Ids: `research/fast/<position>` and `research/reference/<position>`.
//! Run: `cargo bench -p benches --bench research -- --warm-up-time 1 --measurement-time 3`.

use testkit::research_positions as positions;
use testkit::research_reference as reference;

use criterion::{criterion_group, criterion_main, Criterion};
use engine::ti4::content::Content;
use engine::ti4::technology::research_options;
use std::collections::BTreeSet;
use std::hint::black_box;

/// Options each position must generate (regression data, like perft counts).
const EXPECTED: [(&str, usize); 3] = [("fresh_start", 11), ("mid_game", 21), ("worst_case", 359)];

fn research(cr: &mut Criterion) {
    let c = Content::embedded();
    let positions = positions::all(&c);
    let mut buf = Vec::new();
    for (pos, (name, count)) in positions.iter().zip(EXPECTED) {
        assert_eq!(pos.name, name);
        research_options(&c, &pos.state, pos.player, pos.cost, &mut buf);
        assert_eq!(buf.len(), count, "{name}: fast option count");
        let fast: BTreeSet<reference::RefOption> = buf.iter().map(|o| (o.tech, o.skip, o.exhaust().to_vec())).collect();
        let slow = reference::options(&c, &pos.state, pos.player, pos.cost);
        assert_eq!(fast, slow, "{name}: fast and reference disagree");
    }

    let mut fast = cr.benchmark_group("research/fast");
    for pos in &positions {
        fast.bench_function(pos.name, |b| {
            b.iter(|| {
                research_options(&c, black_box(&pos.state), black_box(pos.player), black_box(pos.cost), &mut buf);
                black_box(buf.len())
            })
        });
    }
    fast.finish();

    let mut slow = cr.benchmark_group("research/reference");
    slow.sample_size(20);
    for pos in &positions {
        slow.bench_function(pos.name, |b| {
            b.iter(|| reference::options(&c, black_box(&pos.state), black_box(pos.player), black_box(pos.cost)).len())
        });
    }
    slow.finish();
}

criterion_group!(benches, research);
criterion_main!(benches);
