//! Information-leak checks for agents of hidden-information games.
//!
//! An agent may decide only from what its seat can see. [`check_agent_sees_only_its_view`]
//! tests that directly: for each decision state it re-samples everything the player to move
//! cannot see (`state.determinize(player, fresh_rng)`), hands the re-sampled state to a fresh
//! agent with the same RNG, and requires the same action. An agent that peeks at the true
//! state (an opponent's hand) changes its decision when the hidden part changes and fails.
//!
//! [`check_determinize_contract`] tests the game side of the bargain, on which the first
//! check relies: `determinize(p, rng)` keeps `observation(p)` and depends on nothing else
//! but the RNG.

use std::fmt;

use engine::game::{Game, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::agent::{agent_rng, Agent};

/// A failed leak or determinization check, naming the state and re-sample that failed.
#[derive(Clone, PartialEq, Debug)]
pub enum LeakError {
    /// The agent chose differently once hidden information was re-sampled.
    DecisionChanged {
        /// Index of the state in the input.
        state: usize,
        /// Index of the re-sample.
        resample: u64,
        /// The player to move.
        player: usize,
        /// The action chosen at the true state.
        at_true_state: String,
        /// The action chosen at the re-sampled state.
        at_resampled_state: String,
    },
    /// `determinize` changed what its observer sees.
    ObservationChanged {
        /// Index of the state in the input.
        state: usize,
        /// Index of the re-sample.
        resample: u64,
        /// The observer.
        player: usize,
    },
    /// `determinize` gave different results for two states the observer cannot tell apart.
    DependsOnHiddenState {
        /// Index of one state in the input.
        state: usize,
        /// Index of the other.
        other: usize,
        /// The observer.
        player: usize,
    },
}

impl fmt::Display for LeakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeakError::DecisionChanged { state, resample, player, at_true_state, at_resampled_state } => write!(
                f,
                "state {state}, re-sample {resample}: player {player} chose {at_true_state} at the true state \
                 but {at_resampled_state} after re-sampling what they cannot see (information leak)"
            ),
            LeakError::ObservationChanged { state, resample, player } => {
                write!(
                    f,
                    "state {state}, re-sample {resample}: determinize({player}) changed what player {player} sees"
                )
            }
            LeakError::DependsOnHiddenState { state, other, player } => write!(
                f,
                "states {state} and {other} look the same to player {player}, but determinize({player}) \
                 tells them apart: it depends on information player {player} cannot see"
            ),
        }
    }
}

impl std::error::Error for LeakError {}

/// The RNG for re-sample `k` of state `i`: independent of the agent's stream.
fn resample_rng(seed: u64, i: usize, k: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_1eaf_c0ff_ee00);
    rng.set_stream((i as u64) << 32 | k);
    rng
}

/// Checks that agents from `make_agent` decide the same at each player-turn state of `states`
/// and at `resamples` re-samplings of what the mover cannot see. Each decision uses a fresh
/// agent and the RNG `agent_rng(seed, i)`. Returns the number of decisions compared.
pub fn check_agent_sees_only_its_view<G, A, F>(
    states: &[G],
    mut make_agent: F,
    resamples: u64,
    seed: u64,
) -> Result<u64, LeakError>
where
    G: Game,
    A: Agent<G>,
    F: FnMut() -> A,
{
    let mut compared = 0;
    for (i, state) in states.iter().enumerate() {
        let Turn::Player(player) = state.current() else { continue };
        let decide = |make: &mut F, s: &G| make().choose(s, &mut agent_rng(seed, i as u64));
        let truth = decide(&mut make_agent, state);
        for k in 0..resamples {
            let alt = state.determinize(player, &mut resample_rng(seed, i, k));
            if alt.observation(player) != state.observation(player) {
                return Err(LeakError::ObservationChanged { state: i, resample: k, player });
            }
            let chosen = decide(&mut make_agent, &alt);
            if chosen != truth {
                return Err(LeakError::DecisionChanged {
                    state: i,
                    resample: k,
                    player,
                    at_true_state: state.action_to_string(truth),
                    at_resampled_state: alt.action_to_string(chosen),
                });
            }
            compared += 1;
        }
    }
    Ok(compared)
}

/// Checks the game's side: for every state and seat `p`, `determinize(p)` keeps
/// `observation(p)` over `resamples` RNGs; and for every pair of states in `states` that `p`
/// cannot tell apart (equal `observation(p)`), `determinize(p)` from equal RNGs gives equal
/// states. Pass states that differ only in hidden information (e.g. every deal of the cards)
/// for the second check to have pairs to compare. Quadratic in `states.len()`.
pub fn check_determinize_contract<G>(states: &[G], resamples: u64, seed: u64) -> Result<(), LeakError>
where
    G: Game + PartialEq,
{
    for (i, state) in states.iter().enumerate() {
        for player in 0..state.num_players() {
            let seen = state.observation(player);
            for k in 0..resamples {
                let alt = state.determinize(player, &mut resample_rng(seed, i, k));
                if alt.observation(player) != seen {
                    return Err(LeakError::ObservationChanged { state: i, resample: k, player });
                }
            }
            for (j, other) in states.iter().enumerate().skip(i + 1) {
                if other.num_players() != state.num_players() || other.observation(player) != seen {
                    continue;
                }
                for k in 0..resamples {
                    let probe = resample_rng(seed.wrapping_add(1), i, k);
                    if state.determinize(player, &mut probe.clone()) != other.determinize(player, &mut probe.clone()) {
                        return Err(LeakError::DependsOnHiddenState { state: i, other: j, player });
                    }
                }
            }
        }
    }
    Ok(())
}
