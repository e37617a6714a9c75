//! Instruction counts for the elimination check, for `valgrind --tool=callgrind`:
//! `elimination_callgrind <mid_game|no_planets|magmus_out> <iterations> [apply]` runs the
//! condition for every seat of one bench position `iterations` times (or, with `apply`,
//! `check_elimination` on a fresh copy of the state, eliminating whoever meets the conditions).
//! Instructions per call are the difference between two runs with different iteration counts,
//! divided by the difference in iterations:
//!
//! ```text
//! cargo build --profile bench -p benches --example elimination_callgrind
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/elimination_callgrind no_planets 100000
//! ```

use testkit::elimination_positions as positions;

use engine::ti4::content::Content;
use engine::ti4::elimination::{check_elimination, meets_conditions};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: elimination_callgrind <mid_game|no_planets|magmus_out> <iterations> [apply]";
    let name = args.get(1).expect(usage);
    let iterations: u64 = args.get(2).and_then(|n| n.parse().ok()).expect(usage);
    let apply = args.get(3).is_some_and(|a| a == "apply");
    let c = Content::embedded();
    let pos = positions::all(&c).into_iter().find(|p| p.name == name).expect(usage);
    let mut check = pos.state;
    assert_eq!(check_elimination(&c, &mut check).words()[0], pos.eliminated, "{name}: who is eliminated");
    let mut total = 0u64;
    for _ in 0..iterations {
        if apply {
            let mut s = black_box(pos.state);
            total += check_elimination(&c, &mut s).len() as u64;
        } else {
            let s = black_box(&pos.state);
            total += s.seats().filter(|&p| meets_conditions(&c, s, p)).count() as u64;
        }
    }
    println!("{name}: {total} over {iterations} calls");
}
