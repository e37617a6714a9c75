//! MCTS on Connect Four: strength against random, tactics, determinism, tree reuse, budgets,
//! and agreement of the perfect-information fast path with the general (ISMCTS) path.

use agents::{agent_rng, play_game, Agent, AgentConfig, ConnectFourHeuristic, Evaluator, Mcts, MctsConfig};
use agents::{RandomAgent, Rollout};
use engine::connect_four::{Column, ConnectFour};
use engine::game::{Game, PerPlayer, Turn};
use rand_chacha::ChaCha8Rng;

fn mcts(iterations: u32) -> Mcts<ConnectFour, ConnectFourHeuristic> {
    Mcts::new(MctsConfig { iterations, ..MctsConfig::default() }, ConnectFourHeuristic::default())
}

/// Plays `games` games of `agent` against random, `agent` first in even games; returns the
/// indices of the games it did not win. Game `g` uses seed `seed`, streams `2g` and `2g + 1`.
fn games_not_won(agent: &mut dyn Agent<ConnectFour>, games: u64, seed: u64) -> Vec<u64> {
    let mut random = RandomAgent::new();
    let mut not_won = Vec::new();
    for game in 0..games {
        let seat = (game % 2) as usize;
        let mut rngs = [agent_rng(seed, 2 * game), agent_rng(seed, 2 * game + 1)];
        let mut chance = agent_rng(seed, u64::MAX);
        agent.reset();
        let mut seats: [&mut dyn Agent<ConnectFour>; 2] = [&mut *agent, &mut random];
        seats.swap(0, seat);
        let end = play_game(&ConnectFour::new(), &mut seats, &mut rngs, &mut chance, |_, _, _| {});
        if end.winner() != Some(seat) {
            not_won.push(game);
        }
    }
    not_won
}

#[test]
fn mcts_1000_beats_random_in_at_least_95_percent_of_200_games() {
    let lost = games_not_won(&mut mcts(1000), 200, 2024);
    assert!(lost.len() <= 10, "MCTS failed to win {} of 200 games: {lost:?} (seed 2024)", lost.len());
}

#[test]
fn mcts_takes_an_immediate_win() {
    // x to move and wins: along the bottom row, up column 6, on the rising diagonal.
    for (moves, win) in [("001122", 3), ("606162", 6), ("0112232363", 3)] {
        let state = ConnectFour::from_moves(moves).unwrap();
        for seed in 0..5 {
            let a = mcts(1000).choose(&state, &mut agent_rng(seed, 0));
            assert_eq!(a, Column(win), "{moves}, seed {seed}\n{state}");
        }
    }
}

#[test]
fn mcts_blocks_an_immediate_loss() {
    // o to move; x threatens (3,0), (6,3), and (3,0) between (2,0) and (4,0).
    for (moves, block) in [("04152", 3), ("65646", 6), ("11224", 3)] {
        let state = ConnectFour::from_moves(moves).unwrap();
        assert_eq!(state.current(), Turn::Player(1), "{moves}");
        for seed in 0..5 {
            let a = mcts(1000).choose(&state, &mut agent_rng(seed, 0));
            assert_eq!(a, Column(block), "{moves}, seed {seed}\n{state}");
        }
    }
}

#[test]
fn same_seed_gives_the_same_search() {
    let state = ConnectFour::from_moves("3324").unwrap();
    let (mut a, mut b) = (mcts(3000), mcts(3000));
    assert_eq!(a.choose(&state, &mut agent_rng(9, 1)), b.choose(&state, &mut agent_rng(9, 1)));
    assert_eq!(a.root_stats(), b.root_stats());
    assert_eq!(a.root_stats().iter().map(|c| c.visits).sum::<u32>(), 3000);
    // A reused agent (cleared arena) repeats itself too.
    a.choose(&ConnectFour::new(), &mut agent_rng(1, 1));
    assert_eq!(a.choose(&state, &mut agent_rng(9, 1)), b.choose(&state, &mut agent_rng(9, 1)));
    assert_eq!(a.root_stats(), b.root_stats());
}

/// Connect Four declared as a hidden-information game, so MCTS takes its general path.
#[derive(Clone, Copy, PartialEq, Debug)]
struct General(ConnectFour);

impl Game for General {
    type Action = Column;
    type Observation = ConnectFour;
    const HIDDEN_INFORMATION: bool = true;
    const CHANCE: bool = false;
    fn num_players(&self) -> usize {
        2
    }
    fn current(&self) -> Turn {
        self.0.current()
    }
    fn legal_actions(&self, buf: &mut Vec<Column>) {
        self.0.legal_actions(buf)
    }
    fn apply(&mut self, action: Column) {
        self.0.apply(action)
    }
    fn returns(&self) -> PerPlayer<f64> {
        self.0.returns()
    }
    fn utility_range(&self) -> (f64, f64) {
        self.0.utility_range()
    }
    fn observation(&self, player: usize) -> ConnectFour {
        self.0.observation(player)
    }
    fn determinize(&self, _observer: usize, _rng: &mut ChaCha8Rng) -> Self {
        *self
    }
    fn action_to_string(&self, action: Column) -> String {
        self.0.action_to_string(action)
    }
    fn max_game_length(&self) -> u64 {
        self.0.max_game_length()
    }
}

#[derive(Clone, Default)]
struct GeneralHeuristic(ConnectFourHeuristic);

impl Evaluator<General> for GeneralHeuristic {
    fn evaluate(&self, state: &General) -> PerPlayer<f64> {
        self.0.evaluate(&state.0)
    }
}

#[test]
fn fast_path_agrees_exactly_with_the_general_path() {
    for (i, moves) in ["", "3", "3324", "001122", "04152", "3332224"].into_iter().enumerate() {
        for rollout in [Rollout::Random, Rollout::Heuristic] {
            let cfg = MctsConfig { iterations: 1500, rollout, max_rollout_depth: Some(10), ..MctsConfig::default() };
            let state = ConnectFour::from_moves(moves).unwrap();
            let mut fast = Mcts::new(cfg.clone(), ConnectFourHeuristic::default());
            let mut general = Mcts::new(cfg, GeneralHeuristic::default());
            let a = fast.choose(&state, &mut agent_rng(5, i as u64));
            let b = general.choose(&General(state), &mut agent_rng(5, i as u64));
            assert_eq!(a, b, "{moves}");
            assert_eq!(fast.root_stats(), general.root_stats(), "{moves} {rollout:?}");
        }
    }
}

#[test]
fn tree_reuse_keeps_the_subtree_of_the_new_position() {
    let cfg = MctsConfig { iterations: 500, reuse_tree: true, ..MctsConfig::default() };
    let mut agent = Mcts::new(cfg, ConnectFourHeuristic::default());
    let start = ConnectFour::from_moves("33").unwrap();
    let mine = agent.choose(&start, &mut agent_rng(3, 0));
    let mut after_mine = start;
    after_mine.apply(mine);
    let mut kept = Vec::new();
    for reply in 0..7 {
        let mut next = after_mine;
        next.apply(Column(reply));
        let mut branch = agent.clone();
        branch.choose(&next, &mut agent_rng(3, 1));
        kept.push(branch.root_stats().iter().map(|c| c.visits).sum::<u32>() - 500);
    }
    assert!(kept.iter().any(|&k| k > 0), "no reply kept any visits: {kept:?}");
    // Without reuse, or after reset, the root holds exactly this search's visits.
    agent.reset();
    agent.choose(&start, &mut agent_rng(3, 0));
    let total: u32 = agent.root_stats().iter().map(|c| c.visits).sum();
    assert_eq!(total, 500);
    let lost = games_not_won(&mut agent, 20, 77);
    assert!(lost.len() <= 1, "MCTS with tree reuse lost games {lost:?}");
}

#[test]
fn heuristic_rollouts_and_cutoffs_beat_random() {
    for json in [
        r#"{"kind": "mcts", "iterations": 300, "rollout": "heuristic", "max_rollout_depth": 6}"#,
        r#"{"kind": "mcts", "iterations": 300, "max_rollout_depth": 0}"#,
        r#"{"kind": "heuristic"}"#,
    ] {
        let mut agent = AgentConfig::from_json(json).unwrap().build::<ConnectFour>();
        let lost = games_not_won(&mut agent, 20, 31);
        assert!(lost.len() <= 2, "{json} lost games {lost:?} (seed 31)");
    }
}

#[test]
fn time_budget_stops_the_search() {
    let cfg = MctsConfig { iterations: u32::MAX, time_ms: Some(20), ..MctsConfig::default() };
    let mut agent = Mcts::new(cfg, ConnectFourHeuristic::default());
    let start = std::time::Instant::now();
    agent.choose(&ConnectFour::new(), &mut agent_rng(1, 0));
    assert!(start.elapsed().as_secs() < 10, "search ran {:?}", start.elapsed());
    assert!(agent.last_iterations() > 0 && agent.last_iterations() < u32::MAX);
}
