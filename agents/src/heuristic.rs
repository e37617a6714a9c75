//! Per-game position evaluation ([`Evaluator`]), the games' default heuristics
//! ([`HasHeuristic`]), and the one-ply greedy [`HeuristicAgent`] built on them.
//!
//! Heuristics live here, not in `engine`: the rules know nothing of how to play well.
//!
//! Connect Four ([`ConnectFourHeuristic`]) scores a position by
//! - immediate tactics: the player to move wins now if one of their threat cells is playable,
//!   and loses if the opponent has two playable threat cells (only one can be blocked);
//! - threats: empty cells that would complete four, counted for each player;
//! - centre preference: each stone weighted by the number of four-cell lines through its cell
//!   (3 in a corner, 13 in the middle of the board).

use std::collections::BTreeMap;

use engine::connect_four::{winning_cells, ConnectFour, BOARD_MASK, HEIGHT, WIDTH};
use engine::game::{Game, PerPlayer, Turn};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::agent::Agent;
use crate::config::ConfigError;

/// Estimates how good a state is for each player.
///
/// `evaluate` returns one value per player in `[0, 1]`: 1 is a sure win, 0 a sure loss. At a
/// terminal state it should agree with the game's returns mapped onto `[0, 1]`. Search calls it
/// on determinized states, so it may read the whole state; it may be called at chance states.
pub trait Evaluator<G: Game> {
    /// Each player's value of `state`, in `[0, 1]`.
    fn evaluate(&self, state: &G) -> PerPlayer<f64>;
}

/// The evaluator every game has without any game-specific code: the game's returns so far,
/// mapped from [`Game::utility_range`] onto `[0, 1]`. Exact at terminal states (so MCTS with
/// random rollouts to the end needs nothing else); before the end it only knows what the game
/// has already paid out (for games that pay at the end, the midpoint for everyone).
#[derive(Clone, Copy, Debug, Default)]
pub struct TerminalEvaluator;

impl<G: Game> Evaluator<G> for TerminalEvaluator {
    fn evaluate(&self, state: &G) -> PerPlayer<f64> {
        let (lo, hi) = state.utility_range();
        state.returns().map(|r| ((r - lo) / (hi - lo)).clamp(0.0, 1.0))
    }
}

/// Named evaluator weights from an agent config (`"weights": {"vp": 10}`), sorted by name.
pub type Weights = BTreeMap<String, f64>;

/// Games with a default heuristic evaluator in this crate (used by configs that ask for
/// `"rollout": "heuristic"`, a rollout depth cap, or `"kind": "heuristic"`).
pub trait HasHeuristic: Game {
    /// The evaluator.
    type Heuristic: Evaluator<Self> + Clone + Default + Send + 'static;

    /// The evaluator with the named weights of a config replacing its defaults. An unknown
    /// name is [`ConfigError::UnknownWeight`]. The default accepts only an empty map (the
    /// game's heuristic has no configurable weights).
    fn heuristic_with(weights: &Weights) -> Result<Self::Heuristic, ConfigError> {
        match weights.keys().next() {
            None => Ok(Self::Heuristic::default()),
            Some(name) => Err(ConfigError::UnknownWeight { weight: name.clone(), known: &[] }),
        }
    }
}

impl HasHeuristic for ConnectFour {
    type Heuristic = ConnectFourHeuristic;
}

/// Number of four-cell lines through each cell, bottom row first (the classic centre table).
const LINES_THROUGH: [[u8; WIDTH]; HEIGHT] = [
    [3, 4, 5, 7, 5, 4, 3],
    [4, 6, 8, 10, 8, 6, 4],
    [5, 8, 11, 13, 11, 8, 5],
    [5, 8, 11, 13, 11, 8, 5],
    [4, 6, 8, 10, 8, 6, 4],
    [3, 4, 5, 7, 5, 4, 3],
];

/// The distinct values of [`LINES_THROUGH`] and, for each, the bitboard of its cells.
const LINE_WEIGHTS: [(u8, u64); 9] = {
    let weights = [3u8, 4, 5, 6, 7, 8, 10, 11, 13];
    let mut out = [(0u8, 0u64); 9];
    let mut i = 0;
    while i < weights.len() {
        let mut mask = 0u64;
        let mut row = 0;
        while row < HEIGHT {
            let mut col = 0;
            while col < WIDTH {
                if LINES_THROUGH[row][col] == weights[i] {
                    mask |= 1 << (col * (HEIGHT + 1) + row);
                }
                col += 1;
            }
            row += 1;
        }
        out[i] = (weights[i], mask);
        i += 1;
    }
    out
};

/// Sum over `stones` of the lines through each stone's cell.
fn centre_score(stones: u64) -> i32 {
    LINE_WEIGHTS.iter().map(|&(w, mask)| w as i32 * (stones & mask).count_ones() as i32).sum()
}

/// The Connect Four heuristic (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConnectFourHeuristic {
    /// Score per threat cell (own minus opponent's).
    pub threat_weight: f64,
    /// Score per line through an own stone (own minus opponent's).
    pub centre_weight: f64,
    /// Value for the player to move when they can win with this move.
    pub win_now: f64,
}

impl Default for ConnectFourHeuristic {
    fn default() -> Self {
        ConnectFourHeuristic { threat_weight: 0.5, centre_weight: 0.04, win_now: 0.98 }
    }
}

impl Evaluator<ConnectFour> for ConnectFourHeuristic {
    fn evaluate(&self, s: &ConnectFour) -> PerPlayer<f64> {
        let mut v = PerPlayer::filled(2, 0.5);
        if s.current() == Turn::Terminal {
            if let Some(w) = s.winner() {
                v[w] = 1.0;
                v[1 - w] = 0.0;
            }
            return v;
        }
        let me = s.to_move();
        let (mine, theirs) = (s.stones(me), s.stones(1 - me));
        let empty = BOARD_MASK & !(mine | theirs);
        let (my_threats, their_threats) = (winning_cells(mine) & empty, winning_cells(theirs) & empty);
        let playable = s.playable();
        let value = if my_threats & playable != 0 {
            self.win_now
        } else if (their_threats & playable).count_ones() >= 2 {
            1.0 - self.win_now
        } else {
            let threats = my_threats.count_ones() as f64 - their_threats.count_ones() as f64;
            let centre = (centre_score(mine) - centre_score(theirs)) as f64;
            let score = self.threat_weight * threats + self.centre_weight * centre;
            (1.0 / (1.0 + (-score).exp())).clamp(1.0 - self.win_now, self.win_now)
        };
        v[me] = value;
        v[1 - me] = 1.0 - value;
        v
    }
}

/// One-ply greedy play on an evaluator: applies each legal action to a determinization of the
/// state (sampling one chance outcome if one follows) and picks the action whose result the
/// evaluator values most for the mover; ties are broken uniformly with the agent's RNG. A lone
/// legal action is played at once (no determinization, no draw from the RNG).
#[derive(Clone, Debug)]
pub struct HeuristicAgent<G: Game, E> {
    eval: E,
    legal: Vec<G::Action>,
    name: String,
}

impl<G: Game, E: Evaluator<G>> HeuristicAgent<G, E> {
    /// A greedy agent on `eval`.
    pub fn new(eval: E) -> Self {
        HeuristicAgent { eval, legal: Vec::new(), name: "heuristic".into() }
    }

    /// The same agent with display name `name` (e.g. carrying its weights).
    pub fn named(mut self, name: String) -> Self {
        self.name = name;
        self
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for HeuristicAgent<G, E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, state: &G, rng: &mut ChaCha8Rng) -> G::Action {
        let Turn::Player(me) = state.current() else {
            panic!("heuristic agent asked to move at {:?}", state.current());
        };
        // The mover's legal actions are part of what it sees (`Game::determinize`'s contract):
        // the true state's are the determinization's. A lone one is played without sampling.
        state.legal_actions(&mut self.legal);
        if let [only] = self.legal[..] {
            return only;
        }
        let seen = state.determinize(me, rng);
        greedy_action(&self.legal, &seen, me, &self.eval, rng)
    }
}

/// One-ply greedy choice shared by the heuristic agent and heuristic MCTS rollouts: the action
/// in `legal` whose successor `eval` values highest for `me` (a pending chance event after the
/// action is sampled from `rng`); ties are broken uniformly at random (reservoir sampling).
/// A lone legal action is chosen without evaluating its successor (whatever the value, it is
/// the choice); the chance event after it is still sampled, so `rng` draws the same numbers.
///
/// # Panics
/// If `legal` is empty.
pub fn greedy_action<G: Game, E: Evaluator<G>>(
    legal: &[G::Action],
    state: &G,
    me: usize,
    eval: &E,
    rng: &mut ChaCha8Rng,
) -> G::Action {
    if let [only] = legal {
        sample_successor(state, *only, rng);
        return *only;
    }
    let (mut best, mut best_value, mut ties) = (legal[0], f64::NEG_INFINITY, 0u32);
    for &a in legal {
        let next = sample_successor(state, a, rng);
        let value = eval.evaluate(&next)[me];
        if value > best_value {
            (best, best_value, ties) = (a, value, 1);
        } else if value == best_value {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = a;
            }
        }
    }
    best
}

/// The successor of `state` after action `a`, its pending chance event (if any) sampled from
/// `rng`: what [`greedy_action`] evaluates for each action.
fn sample_successor<G: Game>(state: &G, a: G::Action, rng: &mut ChaCha8Rng) -> G {
    let mut next = state.clone();
    next.apply(a);
    if next.current() == Turn::Chance {
        next.apply_chance(rng);
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::{agent_rng, play_game};
    use crate::random::RandomAgent;
    use engine::connect_four::Column;

    fn value(moves: &str) -> PerPlayer<f64> {
        ConnectFourHeuristic::default().evaluate(&ConnectFour::from_moves(moves).unwrap())
    }

    #[test]
    fn line_weights_cover_the_board_once() {
        let all = LINE_WEIGHTS.iter().fold(0u64, |acc, &(_, m)| {
            assert_eq!(acc & m, 0);
            acc | m
        });
        assert_eq!(all, BOARD_MASK);
        assert_eq!(centre_score(BOARD_MASK), 4 * 69, "each of the 69 lines has four cells");
    }

    #[test]
    fn values_are_complementary_probabilities() {
        for moves in ["", "3", "33", "0123456", "3322114"] {
            let v = value(moves);
            assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{moves}: {v:?}");
            assert!((v[0] + v[1] - 1.0).abs() < 1e-12, "{moves}: {v:?}");
        }
        assert_eq!(&*value("0101010"), &[1.0, 0.0], "x has won");
        assert_eq!(&*value("331650114266141231434452363064260555520200"), &[0.5, 0.5], "draw");
    }

    #[test]
    fn prefers_the_centre_and_sees_immediate_tactics() {
        assert!(value("3")[0] > value("0")[0], "centre opening beats the edge");
        // x to move with three in a row on the bottom, (3,0) playable: wins now.
        assert!(value("001122")[0] > 0.95);
        // o to move must face two playable x threats, (0,0) and (4,0): lost.
        assert!(value("1626364")[1] < 0.05, "{:?}", value("1626364"));
        // Mirror images are worth the same.
        assert_eq!(value("12")[0], value("54")[0]);
    }

    #[test]
    fn greedy_takes_a_win_and_blocks_a_loss() {
        let mut agent = HeuristicAgent::new(ConnectFourHeuristic::default());
        let mut rng = agent_rng(1, 0);
        let win = ConnectFour::from_moves("001122").unwrap();
        assert_eq!(agent.choose(&win, &mut rng), Column(3));
        // o to move; x threatens (3,0) with three on the bottom row.
        let block = ConnectFour::from_moves("04152").unwrap();
        assert_eq!(agent.choose(&block, &mut rng), Column(3));
    }

    /// An evaluator that must not be called.
    struct Unreachable;

    impl Evaluator<ConnectFour> for Unreachable {
        fn evaluate(&self, _: &ConnectFour) -> PerPlayer<f64> {
            panic!("a lone legal action was evaluated")
        }
    }

    #[test]
    fn a_lone_action_is_chosen_without_evaluating_it() {
        let mut rng = agent_rng(2, 0);
        let before = rng.clone();
        let s = ConnectFour::new();
        assert_eq!(greedy_action(&[Column(3)], &s, 0, &Unreachable, &mut rng), Column(3));
        assert_eq!(rng, before, "no chance event follows: no random number drawn");
    }

    #[test]
    fn greedy_beats_random() {
        let mut wins = 0;
        for game in 0..100u64 {
            let mut greedy = HeuristicAgent::new(ConnectFourHeuristic::default());
            let mut random = RandomAgent::new();
            let seat = (game % 2) as usize;
            let mut rngs = [agent_rng(11, 3 * game), agent_rng(11, 3 * game + 1)];
            let mut chance = agent_rng(11, 3 * game + 2);
            let end = if seat == 0 {
                play_game(&ConnectFour::new(), &mut [&mut greedy, &mut random], &mut rngs, &mut chance, |_, _, _| {})
            } else {
                play_game(&ConnectFour::new(), &mut [&mut random, &mut greedy], &mut rngs, &mut chance, |_, _, _| {})
            };
            wins += (end.winner() == Some(seat)) as u32;
        }
        assert!(wins >= 90, "greedy won {wins} of 100");
    }
}
