//! The uniformly random agent: every legal action with equal probability.

use engine::game::Game;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::agent::Agent;

/// Picks uniformly among the legal actions. Sees only the legal actions, which the player to
/// move always knows, so it cannot leak hidden information.
#[derive(Clone, Debug, Default)]
pub struct RandomAgent<A> {
    legal: Vec<A>,
}

impl<A> RandomAgent<A> {
    /// A random agent.
    pub fn new() -> Self {
        RandomAgent { legal: Vec::new() }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G::Action> {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, state: &G, rng: &mut ChaCha8Rng) -> G::Action {
        state.legal_actions(&mut self.legal);
        assert!(!self.legal.is_empty(), "random agent asked to move at {:?}", state.current());
        self.legal[rng.random_range(0..self.legal.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::agent_rng;
    use engine::connect_four::{Column, ConnectFour};

    #[test]
    fn picks_every_legal_column_and_only_those() {
        let state = ConnectFour::from_moves("333333").unwrap();
        let mut agent = RandomAgent::new();
        let mut rng = agent_rng(3, 0);
        let mut seen = [0u32; 7];
        for _ in 0..700 {
            let Column(c) = agent.choose(&state, &mut rng);
            seen[c as usize] += 1;
        }
        assert_eq!(seen[3], 0, "column 3 is full");
        assert!(seen.iter().enumerate().all(|(c, &n)| c == 3 || (70..=170).contains(&n)), "{seen:?}");
    }
}
