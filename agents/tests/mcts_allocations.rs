//! After warm-up, a search allocates nothing: the arena and buffers are cleared, not freed.
//! Counts this thread's allocations with a wrapping global allocator (alone in this test
//! binary, so no other test runs on the thread).

use agents::{agent_rng, Agent, ConnectFourHeuristic, Mcts, MctsConfig, Rollout};
use engine::connect_four::ConnectFour;

use testkit::counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;

/// Allocations made on this thread so far.
fn allocations() -> u64 {
    counting_alloc::total()
}

#[test]
fn searches_after_warm_up_allocate_nothing() {
    for rollout in [Rollout::Random, Rollout::Heuristic] {
        let cfg = MctsConfig { iterations: 2000, rollout, max_rollout_depth: Some(12), ..MctsConfig::default() };
        let mut agent = Mcts::new(cfg, ConnectFourHeuristic::default());
        let state = ConnectFour::from_moves("3342").unwrap();
        agent.choose(&state, &mut agent_rng(1, 0));
        let before = allocations();
        agent.choose(&state, &mut agent_rng(1, 0));
        agent.choose(&ConnectFour::from_moves("33425").unwrap(), &mut agent_rng(1, 0));
        assert_eq!(allocations() - before, 0, "{rollout:?}");
        // The counter works: a fresh agent does allocate.
        let mut fresh =
            Mcts::new(MctsConfig { iterations: 10, ..MctsConfig::default() }, ConnectFourHeuristic::default());
        fresh.choose(&state, &mut agent_rng(1, 0));
        assert!(allocations() > before);
    }
}
