//! Agents that play any [`engine::game::Game`]: uniformly random, one-ply heuristic, and
//! Monte Carlo tree search (UCT / max^n / information-set MCTS).
//!
//! - [`agent`]: the [`Agent`] trait, per-agent RNG sub-streams and a plain game loop.
//! - [`config`]: agents built from JSON (`{"kind": "mcts", "iterations": 1000}`), typed errors.
//! - [`random`], [`heuristic`], [`mcts`]: the agents; [`heuristic`] also holds the
//!   [`Evaluator`] trait and the per-game evaluators (Connect Four).
//! - [`legion`]: the Legion-lite evaluator ([`legion::LegionHeuristic`]).
//! - [`ti4`]: the TI4 evaluator ([`Ti4Heuristic`], weights [`Ti4Weights`]).
//! - [`leak`]: the information-leak checks every agent for a hidden-information game must pass.
//!
//! Every decision is a function of the state the agent may see and the RNG it is handed, so a
//! seed replays a game exactly.

pub mod agent;
pub mod config;
pub mod heuristic;
pub mod leak;
pub mod legion;
pub mod mcts;
pub mod random;
pub mod ti4;

pub use agent::{agent_rng, play_game, Agent};
pub use config::{AgentConfig, ConfigError};
pub use heuristic::{ConnectFourHeuristic, Evaluator, HasHeuristic, HeuristicAgent, TerminalEvaluator};
pub use mcts::{Mcts, MctsConfig, Rollout};
pub use random::RandomAgent;
pub use ti4::{Ti4Heuristic, Ti4Weights};
