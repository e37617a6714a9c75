//! Max^n backups for more than two players: each player is assumed to maximise their own
//! return, not the root player's (Sturtevant 2008).

use agents::{agent_rng, Agent, Evaluator, Mcts, MctsConfig};
use engine::game::{random_simulation, Game, PerPlayer, Turn};
use rand_chacha::ChaCha8Rng;

/// Three players. Player 0 chooses Left (0) or Right (1). Right ends the game with 0.5 for
/// everyone. After Left, player 1 chooses: (a) gives (0.9, 0.0, 0.5), (b) gives
/// (0.1, 1.0, 0.5). Player 1 prefers (b), so player 0 should go Right; a search that lets
/// player 1 maximise player 0's return goes Left.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Trap {
    moves: [Option<u8>; 2],
}

impl Game for Trap {
    type Action = u8;
    type Observation = Trap;
    const HIDDEN_INFORMATION: bool = false;
    const CHANCE: bool = false;
    fn num_players(&self) -> usize {
        3
    }
    fn current(&self) -> Turn {
        match self.moves {
            [None, _] => Turn::Player(0),
            [Some(0), None] => Turn::Player(1),
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self, buf: &mut Vec<u8>) {
        buf.clear();
        if !self.is_terminal() {
            buf.extend([0, 1]);
        }
    }
    fn apply(&mut self, action: u8) {
        let slot = self.moves.iter().position(Option::is_none).expect("game over");
        self.moves[slot] = Some(action);
    }
    fn returns(&self) -> PerPlayer<f64> {
        PerPlayer::from_slice(match self.moves {
            [Some(1), _] => &[0.5, 0.5, 0.5],
            [Some(0), Some(0)] => &[0.9, 0.0, 0.5],
            [Some(0), Some(1)] => &[0.1, 1.0, 0.5],
            _ => &[0.0, 0.0, 0.0],
        })
    }
    fn utility_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }
    fn observation(&self, _player: usize) -> Trap {
        *self
    }
    fn determinize(&self, _observer: usize, _rng: &mut ChaCha8Rng) -> Self {
        *self
    }
    fn action_to_string(&self, action: u8) -> String {
        ["left/a", "right/b"][action as usize].into()
    }
    fn max_game_length(&self) -> u64 {
        4
    }
}

struct Neutral;
impl Evaluator<Trap> for Neutral {
    fn evaluate(&self, _state: &Trap) -> PerPlayer<f64> {
        PerPlayer::filled(3, 0.5)
    }
}

#[test]
fn trap_game_keeps_the_game_invariants() {
    random_simulation(&Trap::default(), 50, 1, 3, |_| Ok(())).unwrap();
}

#[test]
fn each_player_maximises_their_own_return() {
    for seed in 0..10 {
        let mut agent = Mcts::new(MctsConfig { iterations: 400, ..MctsConfig::default() }, Neutral);
        assert_eq!(agent.choose(&Trap::default(), &mut agent_rng(seed, 0)), 1, "seed {seed}");
        let stats = agent.root_stats();
        assert!((stats[1].mean - 0.5).abs() < 1e-12, "{stats:?}");
        assert!(stats[0].mean < 0.3, "player 0's value of Left must reflect player 1 choosing (b): {stats:?}");
        let left = Trap { moves: [Some(0), None] };
        assert_eq!(agent.choose(&left, &mut agent_rng(seed, 1)), 1, "player 1 takes (b)");
    }
}
