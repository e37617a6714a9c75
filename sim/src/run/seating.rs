//! Who plays game `i`, and the random streams it draws from.
//!
//! **Blocks.** With `seating: "fixed"` every game is its own block (`block = i`, rotation 0).
//! With `"rotate"`, games `b·P .. b·P + P − 1` form block `b` (P = players) and game
//! `b·P + r` seats lineup position `(s + r) mod P` in seat `s`: each block's seed is played in
//! all P cyclic rotations. Block `b` plays lineup `b mod L` (L = number of lineups).
//!
//! **Streams.** Every RNG is `ChaCha8Rng::seed_from_u64(seed)` on stream
//! `block · 16 + slot` ([`agents::agent::agent_rng`]):
//!
//! | slot | consumer |
//! | --- | --- |
//! | 0 | chance: game setup ([`crate::run::spec::Experimentable::new_game`]) and chance events |
//! | 1 + k | the agent at lineup position k (k < 8), whichever seat it sits in |
//! | 9 | faction draw (`assignment: "random"`) |
//! | 10-15 | reserved |
//!
//! Streams depend on the block, not the game index, so the rotations of a block share their
//! chance outcomes, their faction draw and each agent's random numbers (common random
//! numbers: seat effects are measured on identical luck). No stream depends on the thread,
//! the shard or the order games finish in.

use agents::agent::agent_rng;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::run::config::{Assignment, Experiment, Seating};

/// Streams reserved per block.
pub const STREAMS_PER_BLOCK: u64 = 16;
/// Slot of the chance stream.
pub const CHANCE_SLOT: u64 = 0;
/// Slot of the agent at lineup position 0 (position k uses `AGENT_SLOT + k`).
pub const AGENT_SLOT: u64 = 1;
/// Slot of the faction draw.
pub const FACTION_SLOT: u64 = 9;

/// Where everyone sits in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePlan {
    /// Game index.
    pub index: u64,
    /// Rotation block.
    pub block: u64,
    /// Rotation within the block.
    pub rotation: usize,
    /// Lineup index.
    pub lineup: usize,
    /// Lineup position seated at each seat.
    pub positions: Vec<usize>,
    /// Agent pool index at each seat.
    pub agents: Vec<usize>,
    /// Faction per seat, for games with factions.
    pub factions: Option<Vec<String>>,
}

/// The plan of game `index` (see the module docs).
pub fn plan(exp: &Experiment, index: u64) -> GamePlan {
    let p = exp.players;
    let (block, rotation) = match exp.seating {
        Seating::Fixed => (index, 0),
        Seating::Rotate => (index / p as u64, (index % p as u64) as usize),
    };
    let lineup = (block % exp.lineups.len() as u64) as usize;
    let positions: Vec<usize> = (0..p).map(|s| (s + rotation) % p).collect();
    let agents = positions.iter().map(|&k| exp.lineups[lineup][k]).collect();
    let by_position = match exp.assignment {
        None => None,
        Some(Assignment::Fixed) => exp.factions.clone(),
        Some(Assignment::Random) => {
            exp.faction_pool.as_ref().map(|pool| draw_factions(pool, p, &mut stream(exp.seed, block, FACTION_SLOT)))
        }
    };
    let factions = by_position.map(|f| positions.iter().map(|&k| f[k].clone()).collect());
    GamePlan { index, block, rotation, lineup, positions, agents, factions }
}

/// The RNG of `slot` in `block`.
pub fn stream(seed: u64, block: u64, slot: u64) -> ChaCha8Rng {
    agent_rng(seed, block * STREAMS_PER_BLOCK + slot)
}

/// `n` distinct entries of `pool` by a partial Fisher-Yates shuffle, in draw order.
fn draw_factions(pool: &[String], n: usize, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut order: Vec<usize> = (0..pool.len()).collect();
    for i in 0..n {
        let j = rng.random_range(i..order.len());
        order.swap(i, j);
    }
    order[..n].iter().map(|&i| pool[i].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::config::Overrides;

    fn exp(extra: &str) -> Experiment {
        let text = format!(
            r#"{{"name": "t", "game": "connect4", "games": 12,
                "agents": [{{"kind": "random"}}, {{"kind": "heuristic"}}, {{"kind": "mcts", "iterations": 3}}],
                "lineups": [[0, 1], [0, 2], [1, 2]] {extra}}}"#
        );
        Experiment::from_json(&text, "t.json", &Overrides::default()).unwrap()
    }

    #[test]
    fn rotation_blocks_play_every_seating_of_a_seed() {
        let e = exp("");
        let plans: Vec<GamePlan> = (0..12).map(|i| plan(&e, i)).collect();
        assert_eq!((plans[0].block, plans[1].block, plans[2].block), (0, 0, 1));
        assert_eq!((plans[0].agents.clone(), plans[1].agents.clone()), (vec![0, 1], vec![1, 0]));
        assert_eq!((plans[2].lineup, plans[2].agents.clone()), (1, vec![0, 2]));
        assert_eq!((plans[4].lineup, plans[6].lineup), (2, 0));
        assert_eq!(plans[5].positions, vec![1, 0]);
    }

    #[test]
    fn fixed_seating_makes_every_game_a_block() {
        let e = exp(r#", "seating": "fixed""#);
        let p = plan(&e, 7);
        assert_eq!((p.block, p.rotation, p.lineup, p.agents), (7, 0, 1, vec![0, 2]));
    }

    #[test]
    fn streams_are_distinct_per_block_and_slot() {
        use rand::Rng;
        let first = |block, slot| stream(5, block, slot).next_u64();
        assert_ne!(first(0, CHANCE_SLOT), first(0, AGENT_SLOT));
        assert_ne!(first(0, AGENT_SLOT + 1), first(1, AGENT_SLOT + 1));
        assert_eq!(first(3, FACTION_SLOT), first(3, FACTION_SLOT));
    }

    #[test]
    fn faction_draws_are_distinct_and_seeded() {
        let pool: Vec<String> = ["a", "b", "c", "d", "e"].map(String::from).to_vec();
        let d = draw_factions(&pool, 3, &mut stream(1, 0, FACTION_SLOT));
        assert_eq!(d.len(), 3);
        assert!(d.iter().all(|f| pool.contains(f)) && d[0] != d[1] && d[1] != d[2] && d[0] != d[2]);
        assert_eq!(d, draw_factions(&pool, 3, &mut stream(1, 0, FACTION_SLOT)));
    }
}
