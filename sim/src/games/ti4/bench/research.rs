//! Research move generation (Technology 9-15): `research_options` against the plain reference
//! (`engine/testkit/src/research_reference.rs`) in the three fixed positions of
//! `engine/testkit/src/research_positions.rs` — a freshly set-up Sol player, a mid-game Sol player,
//! and the constructed worst case (L1Z1X with every specialty planet and both skip cards).
//!
//! Timed: one call generating every minimal option into a warm buffer (fast), or building the
//! reference's option set (reference); the same work as `benches/benches/research.rs`. Checked
//! first: each position yields the expected number of options (11, 21, 359: the regression data
//! `research_differential::bench_position_counts` also checks) and fast and reference agree.

use std::collections::BTreeSet;
use std::hint::black_box;

use engine::ti4::content::Content;
use engine::ti4::technology::research_options;
use serde::Serialize;

use super::research_positions as positions;
use super::research_reference as reference;
use crate::bench::timing::{ns_per_call, significant, Budget};
use crate::bench::BenchError;

/// Options each position must generate, in the order of `positions::all`.
pub const EXPECTED: [(&str, usize); 3] = [("fresh_start", 11), ("mid_game", 21), ("worst_case", 359)];

/// The figures of one position.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PositionFigures {
    /// Options generated (checked against [`EXPECTED`]).
    pub options: usize,
    /// Median time of one `research_options` call, in nanoseconds.
    pub fast_ns: f64,
    /// Median time of one reference computation, in nanoseconds.
    pub reference_ns: f64,
    /// `reference_ns / fast_ns`.
    pub speedup_x: f64,
}

/// The research figures, one entry per fixed position.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ResearchFigures {
    /// A freshly set-up Sol player at a three-player table.
    pub fresh_start: PositionFigures,
    /// Mid-game Sol: 12 technologies, four specialty planets (one exhausted), 3 trade goods.
    pub mid_game: PositionFigures,
    /// L1Z1X with every specialty planet, AI Development Algorithm and Inheritance Systems.
    pub worst_case: PositionFigures,
}

/// Checks the three positions, then times the fast generator and the reference in each.
pub fn measure(budget: &Budget) -> Result<ResearchFigures, BenchError> {
    let c = Content::embedded();
    let positions = positions::all(&c);
    let mut buf = Vec::new();
    let mut figures = Vec::with_capacity(positions.len());
    for (pos, (name, count)) in positions.iter().zip(EXPECTED) {
        if pos.name != name {
            return Err(BenchError::check("research", format!("position {} where {name} was expected", pos.name)));
        }
        research_options(&c, &pos.state, pos.player, pos.cost, &mut buf);
        if buf.len() != count {
            return Err(BenchError::check("research", format!("{name}: {} options, expected {count}", buf.len())));
        }
        let fast: BTreeSet<reference::RefOption> = buf.iter().map(|o| (o.tech, o.skip, o.exhaust().to_vec())).collect();
        let slow = reference::options(&c, &pos.state, pos.player, pos.cost);
        if fast != slow {
            let (only_fast, only_ref) = (fast.difference(&slow).count(), slow.difference(&fast).count());
            return Err(BenchError::check(
                "research",
                format!(
                    "{name}: fast and reference disagree ({only_fast} options only fast, {only_ref} only reference)"
                ),
            ));
        }
        let fast_ns = ns_per_call(budget, || {
            research_options(&c, black_box(&pos.state), black_box(pos.player), black_box(pos.cost), &mut buf);
            buf.len()
        });
        let reference_ns = ns_per_call(budget, || {
            reference::options(&c, black_box(&pos.state), black_box(pos.player), black_box(pos.cost)).len()
        });
        figures.push(PositionFigures {
            options: count,
            fast_ns: significant(fast_ns, 4),
            reference_ns: significant(reference_ns, 4),
            speedup_x: significant(reference_ns / fast_ns, 4),
        });
    }
    Ok(ResearchFigures { fresh_start: figures[0], mid_game: figures[1], worst_case: figures[2] })
}
