//! Measurements generic over [`Game`], for any game's figures (TI4 uses them; their tests run
//! on Connect Four):
//! - [`random_games_per_sec`]: uniformly random games from a start state to the end, on one
//!   thread (so the figure is per core); a batch plays whole games until it has taken
//!   [`Budget::batch`]. Checked: every game ends within a step cap, every player turn has a
//!   legal action, and the game's own check passes at every end.
//! - [`mcts_iterations_per_sec`]: MCTS searches from one position, each with a fresh tree and
//!   its own RNG stream; a batch runs searches until they have taken [`Budget::batch`]. Checked:
//!   every search runs its full budget and returns a legal action.
//! - [`advance_randomly`]: a fixed position as the first state, along a seeded random game,
//!   that meets a condition (no position file needed).

use std::time::{Duration, Instant};

use agents::{agent_rng, Agent, Evaluator, Mcts, MctsConfig};
use engine::game::{Game, Turn};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::timing::{per_sec, Budget};
use super::BenchError;

/// Seed of the games and searches.
pub const SEED: u64 = 1;

/// Plays one uniformly random game from `start`, drawing actions and chance from `rng`; returns
/// the terminal state, or the problem when the game does not end within `max_steps` or a player
/// has no legal action.
fn random_game<G: Game>(
    start: G,
    rng: &mut ChaCha8Rng,
    max_steps: u64,
    legal: &mut Vec<G::Action>,
) -> Result<G, String> {
    let mut state = start;
    for step in 0..max_steps {
        match state.current() {
            Turn::Terminal => return Ok(state),
            Turn::Chance => state.apply_chance(rng),
            Turn::Player(p) => {
                state.legal_actions(legal);
                if legal.is_empty() {
                    return Err(format!("step {step}: player {p} has no legal action"));
                }
                state.apply(legal[rng.random_range(0..legal.len())]);
            }
        }
    }
    Err(format!("no terminal state within {max_steps} steps"))
}

/// Uniformly random games played to the end per second on one thread (see the module docs):
/// game `i` starts from `new_game(i)` and draws from `agent_rng(SEED, i)`; `check` judges each
/// terminal state. Errors name `bench`.
pub fn random_games_per_sec<G: Game>(
    bench: &'static str,
    budget: &Budget,
    max_steps: u64,
    mut new_game: impl FnMut(u64) -> G,
    check: impl Fn(&G) -> Result<(), String>,
) -> Result<f64, BenchError> {
    let mut legal = Vec::new();
    let mut game = 0u64;
    per_sec(budget, |_| {
        let (start, mut played) = (Instant::now(), 0u64);
        while played == 0 || start.elapsed() < budget.batch {
            let mut rng = agent_rng(SEED, game);
            random_game(new_game(game), &mut rng, max_steps, &mut legal)
                .and_then(|end| check(&end))
                .map_err(|e| BenchError::check(bench, format!("random game {game}: {e}")))?;
            game += 1;
            played += 1;
        }
        Ok((played as f64, start.elapsed()))
    })
}

/// MCTS iterations per second of search from `position` on one thread (see the module docs):
/// search `k` uses a fresh tree and `agent_rng(SEED, k)`. Errors name `bench`.
pub fn mcts_iterations_per_sec<G: Game, E: Evaluator<G>>(
    bench: &'static str,
    budget: &Budget,
    position: &G,
    config: MctsConfig,
    evaluator: E,
) -> Result<f64, BenchError> {
    let iterations = config.iterations;
    let mut agent = Mcts::new(config, evaluator);
    let mut legal = Vec::new();
    position.legal_actions(&mut legal);
    if legal.is_empty() {
        return Err(BenchError::check(bench, format!("the MCTS position is not a player's turn: {position:?}")));
    }
    let mut search = 0u64;
    per_sec(budget, |_| {
        let (mut done, mut time) = (0u64, Duration::ZERO);
        while done == 0 || time < budget.batch {
            agent.reset();
            let mut rng = agent_rng(SEED, search);
            let start = Instant::now();
            let action = agent.search(position, &mut rng);
            time += start.elapsed();
            if agent.last_iterations() != iterations || legal.binary_search(&action).is_err() {
                return Err(BenchError::check(
                    bench,
                    format!(
                        "search {search}: {} of {iterations} iterations, action {action:?}",
                        agent.last_iterations()
                    ),
                ));
            }
            search += 1;
            done += iterations as u64;
        }
        Ok((done as f64, time))
    })
}

/// The first player turn, along a uniformly random game from `start` (player actions and chance
/// from the one stream `agent_rng(seed, 0)`), at which `reached` holds: a fixed position for a
/// given seed. Errors (naming `bench`) when the game ends or `max_decisions` pass first.
pub fn advance_randomly<G: Game>(
    bench: &'static str,
    start: &G,
    seed: u64,
    max_decisions: u32,
    reached: impl Fn(&G) -> bool,
) -> Result<G, BenchError> {
    let mut rng = agent_rng(seed, 0);
    let mut state = start.clone();
    let mut legal = Vec::new();
    for _ in 0..=max_decisions {
        while state.current() == Turn::Chance {
            state.apply_chance(&mut rng);
        }
        if state.current() == Turn::Terminal {
            return Err(BenchError::check(bench, "the game ended before the position was reached"));
        }
        if reached(&state) {
            return Ok(state);
        }
        state.legal_actions(&mut legal);
        state.apply(legal[rng.random_range(0..legal.len())]);
    }
    Err(BenchError::check(bench, format!("the position was not reached within {max_decisions} decisions")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agents::ConnectFourHeuristic;
    use engine::connect_four::ConnectFour;

    fn tiny() -> Budget {
        Budget { batches: 3, batch: Duration::from_millis(2), ..Budget::QUICK }
    }

    #[test]
    fn random_games_are_timed_and_checked() {
        let ok = |_: &ConnectFour| Ok(());
        assert!(random_games_per_sec("c4", &tiny(), 100, |_| ConnectFour::new(), ok).unwrap() > 0.0);
        let err = random_games_per_sec("c4", &tiny(), 5, |_| ConnectFour::new(), ok).unwrap_err();
        assert_eq!(err.to_string(), "bench c4: check failed: random game 0: no terminal state within 5 steps");
        let never = |_: &ConnectFour| Err("rejected".to_string());
        let err = random_games_per_sec("c4", &tiny(), 100, |_| ConnectFour::new(), never).unwrap_err();
        assert_eq!(err.to_string(), "bench c4: check failed: random game 0: rejected");
    }

    #[test]
    fn fixed_positions_and_mcts_searches() {
        let six = |s: &ConnectFour| s.moves() == 6;
        let position = advance_randomly("c4", &ConnectFour::new(), SEED, 100, six).unwrap();
        assert_eq!(position.moves(), 6);
        assert_eq!(advance_randomly("c4", &ConnectFour::new(), SEED, 100, six).unwrap(), position);
        assert!(advance_randomly("c4", &ConnectFour::new(), SEED, 100, |s| s.moves() == 43).is_err());
        assert!(advance_randomly("c4", &ConnectFour::new(), SEED, 5, six).is_err());
        let cfg = MctsConfig { iterations: 50, ..MctsConfig::default() };
        let rate = mcts_iterations_per_sec("c4", &tiny(), &position, cfg, ConnectFourHeuristic::default()).unwrap();
        assert!(rate > 0.0);
    }
}
