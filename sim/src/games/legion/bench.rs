//! Legion-lite's `sim bench` figures:
//! - `random_games_per_sec_per_core`: complete games between two uniformly random players
//!   (default options: Empire against Rebels, 5 rounds, standard board), game `i` set up from
//!   seed `i` and drawing actions and chance from its own stream; one thread. Checked: every
//!   game ends (victory, tabling or the last round).
//! - `mcts_iterations_per_sec`: MCTS searches in the setting of the committed Legion configs
//!   (`sim/experiments/legion_mcts_vs_heuristic.json`: [`MCTS_ITERATIONS`] iterations,
//!   exploration 1.0, no rollout: each new leaf scored by the Legion heuristic, rollout depth
//!   [`MCTS_DEPTH`]) from the first activation turn of round 2 along a seeded random game; one
//!   thread. Checked: every search runs its full budget and returns a legal
//!   action.

use agents::legion::LegionHeuristic;
use agents::{MctsConfig, Rollout};
use engine::legion::options::LegionOptions;
use engine::legion::{EndReason, LegionGame, Step};
use serde::Serialize;

use crate::bench::games::{self, SEED};
use crate::bench::timing::{significant, Budget};
use crate::bench::BenchError;

/// Iterations per MCTS search (the committed configs' MCTS agent).
pub const MCTS_ITERATIONS: u32 = 500;

/// Rollout depth cap of the MCTS searches: 0, the leaf is scored by the heuristic at once.
pub const MCTS_DEPTH: u32 = 0;

/// The Legion figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegionFigures {
    /// Complete random games per second, one thread.
    pub random_games_per_sec_per_core: f64,
    /// Iterations per MCTS search.
    pub mcts_iterations_per_search: u32,
    /// Rollout depth cap.
    pub mcts_rollout_depth: u32,
    /// MCTS iterations per second of search from the round-2 position, one thread.
    pub mcts_iterations_per_sec: f64,
}

fn check_over(g: &LegionGame) -> Result<(), String> {
    match g.end_reason() {
        EndReason::None => Err(format!("terminal but not over: {g:?}")),
        _ => Ok(()),
    }
}

/// Measures both figures.
pub fn measure(budget: &Budget) -> Result<LegionFigures, BenchError> {
    let opts = LegionOptions::default();
    let random =
        games::random_games_per_sec("legion", budget, 100_000, |i| LegionGame::with_seed(opts, i), check_over)?;
    let start = LegionGame::with_seed(opts, SEED);
    let mid = |g: &LegionGame| g.round() >= 2 && matches!(g.step(), Step::Turn(_));
    let position = games::advance_randomly("legion", &start, SEED, 100_000, mid)?;
    let config = MctsConfig {
        iterations: MCTS_ITERATIONS,
        exploration: 1.0,
        rollout: Rollout::Random,
        max_rollout_depth: Some(MCTS_DEPTH),
        ..MctsConfig::default()
    };
    let mcts = games::mcts_iterations_per_sec("legion", budget, &position, config, LegionHeuristic::default())?;
    Ok(LegionFigures {
        random_games_per_sec_per_core: significant(random, 4),
        mcts_iterations_per_search: MCTS_ITERATIONS,
        mcts_rollout_depth: MCTS_DEPTH,
        mcts_iterations_per_sec: significant(mcts, 4),
    })
}
