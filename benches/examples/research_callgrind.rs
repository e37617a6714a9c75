//! Instruction counts for research move generation, for `valgrind --tool=callgrind`:
//! `research_callgrind <position> <iterations> [reference]` generates the options of one bench
//! position (`fresh_start`, `mid_game`, `worst_case`) `iterations` times into a warm buffer
//! (or builds the reference's option set). Instructions per call are the difference between
//! two runs with different iteration counts, divided by the difference in iterations:
//!
//! ```text
//! cargo build --profile bench -p benches --example research_callgrind
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/research_callgrind mid_game 1000
//! ```

use testkit::research_positions as positions;
use testkit::research_reference as reference;

use engine::ti4::content::Content;
use engine::ti4::technology::research_options;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: research_callgrind <fresh_start|mid_game|worst_case> <iterations> [reference]";
    let name = args.get(1).expect(usage);
    let iterations: u64 = args.get(2).and_then(|n| n.parse().ok()).expect(usage);
    let use_reference = args.get(3).is_some_and(|a| a == "reference");
    let c = Content::embedded();
    let pos = positions::all(&c).into_iter().find(|p| p.name == name).expect(usage);
    let mut buf = Vec::new();
    research_options(&c, &pos.state, pos.player, pos.cost, &mut buf);
    let mut total = 0usize;
    for _ in 0..iterations {
        if use_reference {
            total += reference::options(&c, black_box(&pos.state), pos.player, pos.cost).len();
        } else {
            research_options(&c, black_box(&pos.state), black_box(pos.player), black_box(pos.cost), &mut buf);
            total += black_box(buf.len());
        }
    }
    println!("{name}: {} options, {total} over {iterations} calls", buf.len());
}
