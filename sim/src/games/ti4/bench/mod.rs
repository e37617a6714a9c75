//! TI4's `sim bench` figures: research move generation against the plain reference
//! ([`research`]), the elimination check ([`elimination`]), random 6-player games and MCTS
//! iterations ([`games`]). The research reference and the fixed positions are the very files
//! the criterion benches and the engine's tests include.

use testkit::{elimination_positions, research_positions, research_reference};

pub mod elimination;
pub mod games;
pub mod research;

use serde::Serialize;

use crate::bench::timing::Budget;
use crate::bench::BenchError;

/// Every TI4 figure, serialized in this order.
#[derive(Clone, Debug, Serialize)]
pub struct Ti4Bench {
    /// Research move generation, per fixed position.
    pub research: research::ResearchFigures,
    /// The elimination check.
    pub elimination: elimination::EliminationFigures,
    /// Random games and MCTS.
    pub games: games::Ti4Figures,
}

/// Measures every TI4 figure.
pub fn measure(budget: &Budget) -> Result<Ti4Bench, BenchError> {
    Ok(Ti4Bench {
        research: research::measure(budget)?,
        elimination: elimination::measure(budget)?,
        games: games::measure(budget)?,
    })
}
