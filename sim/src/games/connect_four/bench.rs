//! Connect Four MCTS: simulations per second on one thread, and the speed-up of a batch of
//! games on all cores over one.
//!
//! The setting is the one `scripts/openspiel_compare.py` compares with OpenSpiel's `MCTSBot`
//! (`agents/examples/c4_bench.rs`): UCT with one uniformly random rollout per iteration, 1,000
//! iterations per move, exploration 1.4, playing whole games against a uniformly random player,
//! MCTS moving first in even games. Game `i` draws from its own streams (`agent_rng(SEED, 2i)`
//! and `2i + 1`), so every game is the same work in every run.
//!
//! - `mcts_simulations_per_sec`: one thread; a batch plays whole games until its searches have
//!   taken [`Budget::batch`]; only the time inside MCTS searches counts (the random player's
//!   moves do not). Checked first: MCTS takes an immediate win, and every search runs its full
//!   budget.
//! - `parallel_speedup_x`: a fixed batch of [`Budget::games_per_thread`] games per worker (at
//!   least 16), one game per rayon task, timed on a pool of one thread and on a pool of
//!   `threads`, alternately, [`Budget::rounds`] times; the figure is the median of the per-round
//!   ratios. Checked: every run yields exactly the same games (winners, moves, simulations).

use std::time::{Duration, Instant};

use agents::{agent_rng, Agent, ConnectFourHeuristic, Mcts, MctsConfig, RandomAgent};
use engine::connect_four::{Column, ConnectFour};
use engine::game::{Game, Turn};
use rayon::prelude::*;
use serde::Serialize;

use crate::bench::timing::{median, per_sec, significant, Budget};
use crate::bench::BenchError;

/// MCTS iterations per move.
pub const ITERATIONS: u32 = 1000;

/// Seed of every game's streams.
pub const SEED: u64 = 1;

/// The Connect Four figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConnectFourFigures {
    /// MCTS iterations per move ([`ITERATIONS`]).
    pub iterations_per_move: u32,
    /// MCTS simulations (iterations) per second of search time, one thread.
    pub mcts_simulations_per_sec: f64,
    /// Games in the parallel batch.
    pub parallel_games: usize,
    /// Wall time of the batch on one thread over its wall time on `threads`.
    pub parallel_speedup_x: f64,
}

/// What one game did: the winner, MCTS moves and MCTS simulations.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct GameResult {
    winner: Option<usize>,
    moves: u32,
    simulations: u64,
}

/// The MCTS agent of every game.
fn mcts() -> Mcts<ConnectFour, ConnectFourHeuristic> {
    let cfg = MctsConfig { iterations: ITERATIONS, ..MctsConfig::default() };
    Mcts::new(cfg, ConnectFourHeuristic::default())
}

/// Plays game `game` (MCTS against random) and returns its result and the time spent inside
/// MCTS searches; errors when a search stops short of its budget.
fn play(agent: &mut Mcts<ConnectFour, ConnectFourHeuristic>, game: u64) -> Result<(GameResult, Duration), BenchError> {
    let seat = (game % 2) as usize;
    let mut rngs = [agent_rng(SEED, 2 * game), agent_rng(SEED, 2 * game + 1)];
    let mut random = RandomAgent::new();
    let mut state = ConnectFour::new();
    let mut result = GameResult { winner: None, moves: 0, simulations: 0 };
    let mut searching = Duration::ZERO;
    agent.reset();
    while let Turn::Player(p) = state.current() {
        let action = if p == seat {
            let start = Instant::now();
            let a = agent.choose(&state, &mut rngs[p]);
            searching += start.elapsed();
            if agent.last_iterations() != ITERATIONS {
                return Err(BenchError::check(
                    "connect_four",
                    format!("game {game}: a search ran {} iterations, not {ITERATIONS}", agent.last_iterations()),
                ));
            }
            result.moves += 1;
            result.simulations += agent.last_iterations() as u64;
            a
        } else {
            random.choose(&state, &mut rngs[p])
        };
        state.apply(action);
    }
    result.winner = state.winner();
    Ok((result, searching))
}

/// MCTS must take an immediate win (x to move, three in column 0) with its full budget.
fn check_tactics() -> Result<(), BenchError> {
    let state = ConnectFour::from_moves("010101").expect("a legal move sequence");
    let mut agent = mcts();
    let chosen = agent.choose(&state, &mut agent_rng(SEED, u64::MAX));
    if chosen != Column(0) || agent.last_iterations() != ITERATIONS {
        return Err(BenchError::check(
            "connect_four",
            format!("MCTS played {chosen:?} after {} iterations where Column(0) wins now", agent.last_iterations()),
        ));
    }
    Ok(())
}

/// Plays games `0..games` on `pool`, one per task; returns the results in game order and the
/// wall time.
fn play_batch(pool: &rayon::ThreadPool, games: usize) -> Result<(Vec<GameResult>, Duration), BenchError> {
    let start = Instant::now();
    let results: Result<Vec<GameResult>, BenchError> =
        pool.install(|| (0..games as u64).into_par_iter().map(|g| play(&mut mcts(), g).map(|(r, _)| r)).collect());
    Ok((results?, start.elapsed()))
}

/// Measures both figures with `threads` workers for the parallel one.
pub fn measure(budget: &Budget, threads: usize) -> Result<ConnectFourFigures, BenchError> {
    check_tactics()?;

    let mut agent = mcts();
    let mut game = 0u64;
    let sims_per_sec = per_sec(budget, |_| {
        let (mut sims, mut time) = (0u64, Duration::ZERO);
        while time < budget.batch {
            let (r, t) = play(&mut agent, game)?;
            game += 1;
            sims += r.simulations;
            time += t;
        }
        Ok((sims as f64, time))
    })?;

    let games = (budget.games_per_thread * threads).max(16);
    let pool = |n: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| BenchError::Argument { name: "--threads", problem: e.to_string() })
    };
    let (one, all) = (pool(1)?, pool(threads)?);
    let mut expected: Option<Vec<GameResult>> = None;
    let mut ratios = Vec::with_capacity(budget.rounds);
    for _ in 0..budget.rounds {
        let (seq, t1) = play_batch(&one, games)?;
        let (par, tn) = play_batch(&all, games)?;
        let reference = expected.get_or_insert_with(|| seq.clone());
        if seq != *reference || par != *reference {
            return Err(BenchError::check("connect_four", "the game batch differed between runs or thread counts"));
        }
        ratios.push(t1.as_secs_f64() / tn.as_secs_f64().max(1e-9));
    }
    Ok(ConnectFourFigures {
        iterations_per_move: ITERATIONS,
        mcts_simulations_per_sec: significant(sims_per_sec, 4),
        parallel_games: games,
        parallel_speedup_x: significant(median(ratios), 3),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_reproducible_and_mcts_beats_random() {
        let mut agent = mcts();
        let a: Vec<GameResult> = (0..4).map(|g| play(&mut agent, g).unwrap().0).collect();
        let b: Vec<GameResult> = (0..4).map(|g| play(&mut mcts(), g).unwrap().0).collect();
        assert_eq!(a, b);
        for (g, r) in a.iter().enumerate() {
            assert_eq!(r.winner, Some(g % 2), "game {g}: {r:?}");
            assert_eq!(r.simulations, r.moves as u64 * ITERATIONS as u64);
        }
        check_tactics().unwrap();
    }
}
