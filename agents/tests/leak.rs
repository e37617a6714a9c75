//! The information-leak harness on a tiny hidden-information game: honest agents pass, a
//! peeking agent fails, and a game whose `determinize` keeps the hidden truth is caught.

use agents::leak::{check_agent_sees_only_its_view, check_determinize_contract, LeakError};
use agents::{agent_rng, Agent, AgentConfig, Evaluator, HeuristicAgent, Mcts, MctsConfig, RandomAgent};
use engine::game::{random_simulation, Game, PerPlayer, Turn};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Cards in the deck, valued `0..CARDS`.
const CARDS: u8 = 4;

/// A betting game: chance deals each player a distinct hidden card (player 0 first). Player 0
/// checks (showdown for 1) or bets; after a bet player 1 folds (player 0 wins 1) or calls, and
/// a public coin then decides whether the showdown is for 2 or 4. The higher card wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct CardBet {
    cards: [Option<u8>; 2],
    bet: Option<bool>,
    call: Option<bool>,
    doubled: Option<bool>,
    /// A broken variant whose `determinize` returns the true state.
    leaky: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
enum Act {
    Check,
    Bet,
    Fold,
    Call,
}

/// What one player sees.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct View {
    me: usize,
    my_card: Option<u8>,
    opponent_dealt: bool,
    opponent_card: Option<u8>,
    bet: Option<bool>,
    call: Option<bool>,
    doubled: Option<bool>,
}

impl CardBet {
    fn dealt(p0: u8, p1: u8) -> Self {
        CardBet { cards: [Some(p0), Some(p1)], ..CardBet::default() }
    }
    /// True at a terminal state reached by a showdown (cards are then shown).
    fn showdown(&self) -> bool {
        self.bet == Some(false) || self.doubled.is_some()
    }
    /// A card other than `other` (any card when `other` is unknown), uniformly.
    fn draw(rng: &mut ChaCha8Rng, other: Option<u8>) -> u8 {
        match other {
            Some(o) => {
                let c = rng.random_range(0..CARDS - 1);
                c + (c >= o) as u8
            }
            None => rng.random_range(0..CARDS),
        }
    }
}

impl Game for CardBet {
    type Action = Act;
    type Observation = View;
    const HIDDEN_INFORMATION: bool = true;
    const CHANCE: bool = true;

    fn num_players(&self) -> usize {
        2
    }
    fn current(&self) -> Turn {
        if self.cards.iter().any(Option::is_none) {
            return Turn::Chance;
        }
        match (self.bet, self.call, self.doubled) {
            (None, _, _) => Turn::Player(0),
            (Some(true), None, _) => Turn::Player(1),
            (Some(true), Some(true), None) => Turn::Chance,
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self, buf: &mut Vec<Act>) {
        buf.clear();
        match self.current() {
            Turn::Player(0) => buf.extend([Act::Check, Act::Bet]),
            Turn::Player(_) => buf.extend([Act::Fold, Act::Call]),
            _ => {}
        }
    }
    fn apply(&mut self, action: Act) {
        match (self.current(), action) {
            (Turn::Player(0), Act::Check | Act::Bet) => self.bet = Some(action == Act::Bet),
            (Turn::Player(1), Act::Fold | Act::Call) => self.call = Some(action == Act::Call),
            (turn, _) => panic!("illegal {action:?} at {turn:?}"),
        }
    }
    fn apply_chance(&mut self, rng: &mut ChaCha8Rng) {
        match self.cards {
            [None, _] => self.cards[0] = Some(Self::draw(rng, None)),
            [Some(c), None] => self.cards[1] = Some(Self::draw(rng, Some(c))),
            _ => self.doubled = Some(rng.random_bool(0.5)),
        }
    }
    fn returns(&self) -> PerPlayer<f64> {
        let pot = match (self.bet, self.call, self.doubled) {
            (Some(false), _, _) => 1.0,
            (Some(true), Some(false), _) => return PerPlayer::from_slice(&[1.0, -1.0]),
            (Some(true), Some(true), Some(d)) => [2.0, 4.0][d as usize],
            _ => return PerPlayer::filled(2, 0.0),
        };
        let sign = if self.cards[0] > self.cards[1] { 1.0 } else { -1.0 };
        PerPlayer::from_slice(&[sign * pot, -sign * pot])
    }
    fn utility_range(&self) -> (f64, f64) {
        (-4.0, 4.0)
    }
    fn observation(&self, player: usize) -> View {
        let shown = self.showdown();
        View {
            me: player,
            my_card: self.cards[player],
            opponent_dealt: self.cards[1 - player].is_some(),
            opponent_card: self.cards[1 - player].filter(|_| shown),
            bet: self.bet,
            call: self.call,
            doubled: self.doubled,
        }
    }
    fn determinize(&self, observer: usize, rng: &mut ChaCha8Rng) -> Self {
        let mut s = *self;
        let opponent = 1 - observer;
        if !self.leaky && s.cards[opponent].is_some() && !self.showdown() {
            s.cards[opponent] = Some(Self::draw(rng, s.cards[observer]));
        }
        s
    }
    fn action_to_string(&self, action: Act) -> String {
        format!("{action:?}").to_lowercase()
    }
    fn max_game_length(&self) -> u64 {
        100
    }
}

/// Values a state by the card strength of each player (reads the determinized state).
#[derive(Clone, Default)]
struct CardStrength;

impl Evaluator<CardBet> for CardStrength {
    fn evaluate(&self, s: &CardBet) -> PerPlayer<f64> {
        if s.is_terminal() {
            return PerPlayer::from_slice(&s.returns().map(|r| (r + 4.0) / 8.0));
        }
        let strength = |p: usize| s.cards[p].map_or(0.5, |c| c as f64 / (CARDS - 1) as f64);
        let v = 0.5 + (strength(0) - strength(1)) / 2.0;
        PerPlayer::from_slice(&[v, 1.0 - v])
    }
}

/// Cheats: bets or calls exactly when its card beats the opponent's true card.
struct Peeker;

impl Agent<CardBet> for Peeker {
    fn name(&self) -> String {
        "peeker".into()
    }
    fn choose(&mut self, state: &CardBet, _rng: &mut ChaCha8Rng) -> Act {
        let Turn::Player(me) = state.current() else { panic!("not a player turn") };
        let ahead = state.cards[me] > state.cards[1 - me];
        match (me, ahead) {
            (0, true) => Act::Bet,
            (0, false) => Act::Check,
            (_, true) => Act::Call,
            (_, false) => Act::Fold,
        }
    }
}

/// Every state where a player decides: all deals, before and after player 0 bets.
fn decision_states() -> Vec<CardBet> {
    let mut states = Vec::new();
    for a in 0..CARDS {
        for b in (0..CARDS).filter(|&b| b != a) {
            let s = CardBet::dealt(a, b);
            states.push(s);
            states.push(CardBet { bet: Some(true), ..s });
        }
    }
    states
}

fn mcts(iterations: u32) -> Mcts<CardBet, CardStrength> {
    Mcts::new(MctsConfig { iterations, ..MctsConfig::default() }, CardStrength)
}

#[test]
fn card_game_keeps_the_game_invariants() {
    let summary = random_simulation(&CardBet::default(), 500, 3, 8, |_| Ok(())).unwrap();
    assert_eq!(summary.games, 500);
}

#[test]
fn card_game_determinize_keeps_the_contract() {
    check_determinize_contract(&decision_states(), 8, 1).unwrap();
}

#[test]
fn determinize_that_keeps_the_hidden_card_is_caught() {
    let leaky: Vec<CardBet> = decision_states().into_iter().map(|s| CardBet { leaky: true, ..s }).collect();
    let err = check_determinize_contract(&leaky, 8, 1).unwrap_err();
    assert!(matches!(err, LeakError::DependsOnHiddenState { .. }), "{err}");
}

#[test]
fn honest_agents_see_only_their_view() {
    let states = decision_states();
    assert_eq!(check_agent_sees_only_its_view(&states, RandomAgent::new, 8, 5), Ok(8 * 24));
    check_agent_sees_only_its_view(&states, || HeuristicAgent::new(CardStrength), 8, 5).unwrap();
    check_agent_sees_only_its_view(&states, || mcts(300), 6, 5).unwrap();
    let heuristic_mcts =
        AgentConfig::from_json(r#"{"kind": "mcts", "iterations": 200, "rollout": "heuristic"}"#).unwrap();
    check_agent_sees_only_its_view(&states, || heuristic_mcts.build_with(CardStrength), 6, 5).unwrap();
}

#[test]
fn peeking_agent_fails_the_leak_check() {
    let err = check_agent_sees_only_its_view(&decision_states(), || Peeker, 8, 5).unwrap_err();
    assert!(matches!(err, LeakError::DecisionChanged { .. }), "{err}");
    assert!(err.to_string().contains("information leak"), "{err}");
}

#[test]
fn mcts_checks_with_the_lowest_card_and_calls_with_the_highest() {
    for seed in 0..5 {
        let low = CardBet::dealt(0, 2);
        assert_eq!(mcts(2000).choose(&low, &mut agent_rng(seed, 0)), Act::Check, "seed {seed}");
        let facing_bet = CardBet { bet: Some(true), ..CardBet::dealt(1, CARDS - 1) };
        assert_eq!(mcts(2000).choose(&facing_bet, &mut agent_rng(seed, 1)), Act::Call, "seed {seed}");
    }
}
