//! The elimination check (Elimination; `engine::ti4::elimination`): one `check_elimination` as
//! the round loop runs it after an event, over the six-seat mid-game position of
//! `engine/testkit/src/elimination_positions.rs` (every player controls planets, so for
//! each seat the first test decides and nobody is eliminated).
//!
//! Checked first: the position seats six players, exactly the expected seats meet the conditions
//! (`meets_conditions`), `check_elimination` eliminates exactly those, and component
//! conservation holds after it.

use std::hint::black_box;

use engine::ti4::content::Content;
use engine::ti4::elimination::{check_elimination, conservation, meets_conditions};
use serde::Serialize;

use super::elimination_positions as positions;
use crate::bench::timing::{ns_per_call, significant, Budget};
use crate::bench::BenchError;

/// The position timed.
pub const POSITION: &str = "mid_game";

/// Seats of [`POSITION`].
pub const PLAYERS: usize = 6;

/// The elimination figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EliminationFigures {
    /// The position ([`POSITION`]).
    pub position: &'static str,
    /// Its seats ([`PLAYERS`]).
    pub players: usize,
    /// Median time of one `check_elimination` call (all seats), in nanoseconds.
    pub check_ns: f64,
}

/// Checks the position's outcome, then times `check_elimination` on it.
pub fn measure(budget: &Budget) -> Result<EliminationFigures, BenchError> {
    let c = Content::embedded();
    let all = positions::all(&c);
    let pos = all
        .iter()
        .find(|p| p.name == POSITION)
        .ok_or_else(|| BenchError::check("elimination", format!("no position named {POSITION}")))?;
    let seats = pos.state.seats().count();
    if seats != PLAYERS {
        return Err(BenchError::check("elimination", format!("{POSITION}: {seats} seats, expected {PLAYERS}")));
    }
    let met: u64 = pos.state.seats().filter(|&p| meets_conditions(&c, &pos.state, p)).map(|p| 1 << p.0).sum();
    if met != pos.eliminated {
        return Err(BenchError::check(
            "elimination",
            format!("{POSITION}: seats meeting the conditions {met:#b}, expected {:#b}", pos.eliminated),
        ));
    }
    let mut s = pos.state;
    let out = check_elimination(&c, &mut s).words()[0];
    if out != pos.eliminated {
        return Err(BenchError::check(
            "elimination",
            format!("{POSITION}: eliminated {out:#b}, expected {:#b}", pos.eliminated),
        ));
    }
    conservation::check(&c, &s).map_err(|e| BenchError::check("elimination", format!("{POSITION}: {e}")))?;
    if pos.eliminated != 0 {
        return Err(BenchError::check(
            "elimination",
            format!("{POSITION}: timing needs a position without eliminations"),
        ));
    }
    // Nobody is eliminated, so the state stays as it is and every call does the same work.
    let mut s = pos.state;
    let check_ns = ns_per_call(budget, || check_elimination(&c, black_box(&mut s)).len());
    Ok(EliminationFigures { position: POSITION, players: PLAYERS, check_ns: significant(check_ns, 4) })
}
