//! The [`Agent`] trait: something that picks an action for the player to move.
//!
//! Randomness: an agent draws only from the RNG handed to [`Agent::choose`], which is the
//! agent's own sub-stream ([`agent_rng`]), never from a global or thread RNG. The same state
//! and the same RNG state give the same action, so a seed replays a whole game.
//!
//! Hidden information: `choose` receives the true state, because the game loop owns it, but an
//! agent for a game with [`Game::HIDDEN_INFORMATION`] must look at it only through what its
//! seat may see: `state.determinize(me, rng)` (or `state.observation(me)`, and the legal
//! actions, which the player to move always knows). [`crate::leak`] checks this for every agent.

use engine::game::{Game, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A player: picks an action for the seat to move.
pub trait Agent<G: Game> {
    /// A display name carrying the agent's parameters, e.g. `mcts(it=1000,c=1.4,rollout=random)`.
    fn name(&self) -> String;

    /// Chooses one of `state.legal_actions()` for the player to move, drawing randomness only
    /// from `rng` (this agent's own sub-stream). For hidden-information games the decision may
    /// depend only on `state.determinize(me, rng)` (see the module docs).
    ///
    /// # Panics
    /// If `state` is not a player's turn.
    fn choose(&mut self, state: &G, rng: &mut ChaCha8Rng) -> G::Action;

    /// Forgets anything carried from earlier decisions (a reused search tree); called before
    /// each new game. The default does nothing.
    fn reset(&mut self) {}
}

impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for Box<A> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, state: &G, rng: &mut ChaCha8Rng) -> G::Action {
        (**self).choose(state, rng)
    }
    fn reset(&mut self) {
        (**self).reset()
    }
}

/// The RNG for one work item: ChaCha8 seeded with `seed`, on stream `stream`. Give every game
/// and every seat its own stream (e.g. `stream = game * (players + 1) + seat`, with the last
/// slot for chance) so that no two consumers share random numbers.
pub fn agent_rng(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// Plays `start` to the end: seat `p` is `agents[p]` drawing from `rngs[p]`, chance draws from
/// `chance`. Calls `on_action(state, player, action)` before each player action is applied.
/// Returns the terminal state.
///
/// # Panics
/// If there are fewer agents or RNGs than players, or an agent returns an illegal action
/// (the game's `apply` decides).
pub fn play_game<G: Game>(
    start: &G,
    agents: &mut [&mut dyn Agent<G>],
    rngs: &mut [ChaCha8Rng],
    chance: &mut ChaCha8Rng,
    mut on_action: impl FnMut(&G, usize, G::Action),
) -> G {
    let mut state = start.clone();
    loop {
        match state.current() {
            Turn::Terminal => return state,
            Turn::Chance => state.apply_chance(chance),
            Turn::Player(p) => {
                let action = agents[p].choose(&state, &mut rngs[p]);
                on_action(&state, p, action);
                state.apply(action);
            }
        }
    }
}
