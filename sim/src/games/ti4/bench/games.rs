//! TI4 figures, on the round loop of issue 4 (`engine::ti4::game::Ti4Game`): random 6-player
//! games per second per core, and MCTS iterations per second from a fixed mid-game position.
//!
//! - `random_6p_games_per_sec_per_core`: complete games between six uniformly random players
//!   ([`FACTIONS`], the setting of `benches/benches/ti4_game.rs`) from one set-up state on the
//!   seeded random map [`MAP_SEED`] (cloned; setup is not timed), game `i` drawing actions and
//!   chance from its own stream; one thread. Checked at every end: the game is over (an end
//!   condition) with a full ranking (every place taken once).
//! - `mcts_iterations_per_sec`: MCTS searches of [`MCTS_ITERATIONS`] iterations from the first
//!   action-phase turn of round [`MID_GAME_ROUND`] along the seeded random game of the same
//!   start ([`games::advance_randomly`]), in the setting of the TI4 MCTS experiments
//!   (`sim/experiments/ti4_mcts_vs_heuristic.json`): heuristic rollouts (the greedy one-ply
//!   move of `Ti4Heuristic`) cut at [`MCTS_ROLLOUT_DEPTH`] plies and scored there by the same
//!   evaluator with its default weights; one thread. Checked: every search runs its full budget
//!   and returns a legal action. `benches/examples/ti4_mcts_callgrind.rs` runs the same
//!   searches for an instruction count per iteration.
//!
//! The measurements themselves are the generic ones of [`games`].

use agents::{MctsConfig, Rollout, Ti4Heuristic};
use engine::game::Game;
use engine::ti4::content::Content;
use engine::ti4::game::{MapChoice, Step, Ti4Game, Ti4Options};
use engine::ti4::ids::FactionId;
use serde::Serialize;

use crate::bench::games::{self, SEED};
use crate::bench::timing::{significant, Budget};
use crate::bench::BenchError;

/// The six factions, in seat order.
pub const FACTIONS: [&str; 6] = ["sol", "hacan", "letnev", "xxcha", "jolnar", "naalu"];

/// Seed of the random map.
pub const MAP_SEED: u64 = 1;

/// Steps (decisions and chance events) a random game may take before the bench gives up on it.
pub const MAX_STEPS: u64 = 1_000_000;

/// The round whose first action-phase turn is the MCTS position.
pub const MID_GAME_ROUND: u8 = 3;

/// Iterations per MCTS search (the experiments' budget).
pub const MCTS_ITERATIONS: u32 = 100;

/// Plies of a heuristic rollout before the evaluator scores it (the experiments' cap).
pub const MCTS_ROLLOUT_DEPTH: u32 = 8;

/// The MCTS setting of the TI4 experiments: [`MCTS_ITERATIONS`] iterations, heuristic
/// rollouts cut at [`MCTS_ROLLOUT_DEPTH`] plies (the evaluator is [`Ti4Heuristic`]'s default).
pub fn mcts_config() -> MctsConfig {
    MctsConfig {
        iterations: MCTS_ITERATIONS,
        rollout: Rollout::Heuristic,
        max_rollout_depth: Some(MCTS_ROLLOUT_DEPTH),
        ..MctsConfig::default()
    }
}

/// The TI4 figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ti4Figures {
    /// Seats ([`FACTIONS`]).
    pub players: usize,
    /// Complete random 6-player games per second, one thread.
    pub random_6p_games_per_sec_per_core: f64,
    /// Iterations per MCTS search ([`MCTS_ITERATIONS`]).
    pub mcts_iterations_per_search: u32,
    /// The MCTS rollout policy ("heuristic", the experiments').
    pub mcts_rollout: &'static str,
    /// Plies of a rollout before the evaluator scores it ([`MCTS_ROLLOUT_DEPTH`]).
    pub mcts_rollout_depth: u32,
    /// MCTS iterations per second of search from the mid-game position in the experiments'
    /// setting ([`mcts_config`]), one thread.
    pub mcts_iterations_per_sec: f64,
}

/// The 6-player start: [`FACTIONS`] on the random map [`MAP_SEED`], default options.
fn start() -> Result<Ti4Game, BenchError> {
    let c = Content::embedded();
    let factions = FACTIONS
        .iter()
        .map(|k| c.faction(k).ok_or_else(|| BenchError::check("ti4", format!("content has no faction '{k}'"))))
        .collect::<Result<Vec<FactionId>, _>>()?;
    Ti4Game::new(c, &factions, &MapChoice::Random(MAP_SEED), Ti4Options::default())
        .map_err(|e| BenchError::check("ti4", format!("setup: {e}")))
}

/// A complete game: over, with every place of the ranking taken once.
fn check_complete(g: &Ti4Game) -> Result<(), String> {
    if g.end_condition().is_none() {
        return Err(format!("terminal but not over: {g:?}"));
    }
    let mut places: Vec<u8> = g.ranking().to_vec();
    places.sort_unstable();
    if places != (0..FACTIONS.len() as u8).collect::<Vec<_>>() {
        return Err(format!("ranking {:?} is not a full ranking", g.ranking()));
    }
    Ok(())
}

/// Complete random 6-player games per second on one thread.
pub fn random_6p_games_per_sec_per_core(budget: &Budget, start: &Ti4Game) -> Result<f64, BenchError> {
    games::random_games_per_sec("ti4", budget, MAX_STEPS, |_| start.clone(), check_complete)
}

/// MCTS iterations per second from the first action-phase turn of round [`MID_GAME_ROUND`], in
/// the experiments' setting ([`mcts_config`]).
pub fn mcts_iterations_per_sec(budget: &Budget, start: &Ti4Game) -> Result<f64, BenchError> {
    let mid_game = |g: &Ti4Game| g.state().round >= MID_GAME_ROUND && matches!(g.step(), Step::Turn(_));
    let position = games::advance_randomly("ti4", start, SEED, 100_000, mid_game)?;
    games::mcts_iterations_per_sec("ti4", budget, &position, mcts_config(), Ti4Heuristic::default())
}

/// Measures both TI4 figures.
pub fn measure(budget: &Budget) -> Result<Ti4Figures, BenchError> {
    let start = start()?;
    Ok(Ti4Figures {
        players: FACTIONS.len(),
        random_6p_games_per_sec_per_core: significant(random_6p_games_per_sec_per_core(budget, &start)?, 4),
        mcts_iterations_per_search: MCTS_ITERATIONS,
        mcts_rollout: "heuristic",
        mcts_rollout_depth: MCTS_ROLLOUT_DEPTH,
        mcts_iterations_per_sec: significant(mcts_iterations_per_sec(budget, &start)?, 4),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_complete_games_pass_and_the_mid_game_position_is_fixed() {
        let s = start().unwrap();
        assert!(check_complete(&s).unwrap_err().starts_with("terminal but not over"));
        let mid_game = |g: &Ti4Game| g.state().round >= MID_GAME_ROUND && matches!(g.step(), Step::Turn(_));
        let a = games::advance_randomly("ti4", &s, SEED, 100_000, mid_game).unwrap();
        assert_eq!(a, games::advance_randomly("ti4", &s, SEED, 100_000, mid_game).unwrap());
        assert_eq!(a.state().round, MID_GAME_ROUND);
    }
}
