//! Instructions per TI4 MCTS iteration in the experiments' setting, for
//! `valgrind --tool=callgrind`: `ti4_mcts_callgrind <searches>` runs that many searches of 100
//! iterations (heuristic rollouts cut at 8 plies, `Ti4Heuristic` with default weights, as
//! `sim/experiments/ti4_mcts_vs_heuristic.json`) from the position of `sim bench`'s
//! `games.ti4.games.mcts_iterations_per_sec`: six players (sol, hacan, letnev, xxcha, jolnar,
//! naalu) on random map 1, advanced by seeded random play to the first action-phase turn of
//! round 3; search `i` draws from `agent_rng(1, i)`. Instructions per iteration are the
//! difference between two runs with different search counts, divided by the difference in
//! iterations:
//!
//! ```text
//! cargo build --release -p benches --example ti4_mcts_callgrind
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/ti4_mcts_callgrind 2
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/ti4_mcts_callgrind 1
//! ```

use agents::{agent_rng, Agent, Mcts, MctsConfig, Rollout, Ti4Heuristic};
use engine::game::{Game, Turn};
use engine::ti4::content::Content;
use engine::ti4::game::{MapChoice, Step, Ti4Game, Ti4Options};
use rand::RngExt;

const FACTIONS: [&str; 6] = ["sol", "hacan", "letnev", "xxcha", "jolnar", "naalu"];
const SEED: u64 = 1;

fn main() {
    let usage = "usage: ti4_mcts_callgrind <searches>";
    let searches: u64 = std::env::args().nth(1).and_then(|n| n.parse().ok()).expect(usage);
    let c = Content::embedded();
    let factions: Vec<_> = FACTIONS.iter().map(|k| c.faction(k).expect("faction")).collect();
    let start = Ti4Game::new(c, &factions, &MapChoice::Random(1), Ti4Options::default()).expect("setup");
    // The bench's position: seeded random play to the first action-phase turn of round 3.
    let mut rng = agent_rng(SEED, 0);
    let (mut position, mut legal) = (start, Vec::new());
    loop {
        while position.current() == Turn::Chance {
            position.apply_chance(&mut rng);
        }
        assert!(position.current() != Turn::Terminal, "the game ended before round 3");
        if position.state().round >= 3 && matches!(position.step(), Step::Turn(_)) {
            break;
        }
        position.legal_actions(&mut legal);
        position.apply(legal[rng.random_range(0..legal.len())]);
    }
    let config = MctsConfig {
        iterations: 100,
        rollout: Rollout::Heuristic,
        max_rollout_depth: Some(8),
        ..MctsConfig::default()
    };
    let mut agent = Mcts::new(config, Ti4Heuristic::default());
    let mut total = 0;
    for i in 0..searches {
        agent.reset();
        let action = agent.search(&position, &mut agent_rng(SEED, i));
        total += agent.last_iterations();
        println!("search {i}: {action:?}");
    }
    println!("{searches} searches, {total} iterations");
}
