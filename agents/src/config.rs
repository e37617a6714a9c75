//! Agents from JSON configs:
//!
//! ```json
//! {"kind": "random"}
//! {"kind": "heuristic", "weights": {"vp": 10, "planets": 1}}
//! {"kind": "mcts", "iterations": 1000, "exploration": 1.4, "rollout": "random",
//!  "max_rollout_depth": 20, "time_ms": 50, "reuse_tree": false}
//! ```
//!
//! `weights` (on `heuristic` and `mcts`) is optional: a map from the game's evaluator weight
//! names to numbers, replacing the defaults (for TI4 see [`crate::ti4::Ti4Weights`]); names
//! are checked against the game when the agent is built ([`AgentConfig::check`],
//! [`AgentConfig::try_build`]).
//!
//! MCTS fields other than `kind` are optional and default to [`MctsConfig::default`]
//! (`null` means "not set" for the two optional limits). Unknown kinds, unknown fields, wrong
//! types and out-of-range values are [`ConfigError`]s naming the field. [`AgentConfig`] also
//! implements serde's `Deserialize` through the same checks, so it can sit inside a larger
//! experiment config.

use std::collections::BTreeMap;
use std::fmt;

use engine::game::Game;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::agent::Agent;
use crate::heuristic::{Evaluator, HasHeuristic, HeuristicAgent, TerminalEvaluator, Weights};
use crate::mcts::{Mcts, MctsConfig, Rollout};
use crate::random::RandomAgent;

/// Which agent to build, with its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", try_from = "Value")]
pub enum AgentConfig {
    /// Uniformly random legal actions.
    Random,
    /// One-ply greedy on the game's heuristic evaluator.
    Heuristic {
        /// Evaluator weights replacing the game's defaults (empty: all defaults).
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        weights: Weights,
    },
    /// Monte Carlo tree search.
    Mcts(MctsConfig),
}

/// A bad agent config. Every variant that concerns a field names it.
#[derive(Clone, Debug, PartialEq)]
pub enum ConfigError {
    /// The text is not valid JSON.
    Json {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// The config is not a JSON object.
    NotAnObject,
    /// A required field is absent.
    MissingField {
        /// The field.
        field: &'static str,
    },
    /// `kind` names no agent.
    UnknownKind {
        /// The value given.
        kind: String,
    },
    /// A field that this kind of agent does not have.
    UnknownField {
        /// The agent kind.
        kind: &'static str,
        /// The field given.
        field: String,
    },
    /// A field has the wrong JSON type.
    WrongType {
        /// The field.
        field: &'static str,
        /// What it should be.
        expected: &'static str,
    },
    /// A `weights` entry names no weight of the game's evaluator.
    UnknownWeight {
        /// The name given.
        weight: String,
        /// The weights the evaluator has.
        known: &'static [&'static str],
    },
    /// A `weights` entry has a bad value.
    BadWeight {
        /// The weight.
        weight: String,
        /// The value given, as JSON.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
    /// The agent needs a heuristic evaluator (`heuristic` agents, MCTS with heuristic rollouts,
    /// a rollout depth cap or weights) and the game registers none.
    NoHeuristic {
        /// The config field that asks for it (`kind`, `rollout`, `max_rollout_depth`, `weights`).
        field: &'static str,
    },
    /// A field has a value outside its allowed set.
    InvalidValue {
        /// The field.
        field: &'static str,
        /// The value given, as JSON.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Json { line, column, message } => {
                write!(f, "agent config: invalid JSON at line {line}, column {column}: {message}")
            }
            ConfigError::NotAnObject => write!(f, "agent config: expected a JSON object"),
            ConfigError::MissingField { field } => write!(f, "agent config: missing field \"{field}\""),
            ConfigError::UnknownKind { kind } => write!(
                f,
                "agent config: field \"kind\": unknown agent \"{kind}\" (expected \"random\", \"heuristic\" or \"mcts\")"
            ),
            ConfigError::UnknownField { kind, field } => {
                write!(f, "agent config: field \"{field}\" is not a parameter of \"{kind}\" agents")
            }
            ConfigError::WrongType { field, expected } => {
                write!(f, "agent config: field \"{field}\": expected {expected}")
            }
            ConfigError::UnknownWeight { weight, known: [] } => write!(
                f,
                "agent config: field \"weights.{weight}\": this game's heuristic has no configurable weights"
            ),
            ConfigError::UnknownWeight { weight, known } => write!(
                f,
                "agent config: field \"weights.{weight}\": unknown weight (expected one of {})",
                known.join(", ")
            ),
            ConfigError::BadWeight { weight, value, expected } => {
                write!(f, "agent config: field \"weights.{weight}\": got {value}, expected {expected}")
            }
            ConfigError::InvalidValue { field, value, expected } => {
                write!(f, "agent config: field \"{field}\": got {value}, expected {expected}")
            }
            ConfigError::NoHeuristic { field } => write!(
                f,
                "agent config: field \"{field}\": needs a heuristic evaluator, and this game registers none \
                 (use random agents, or MCTS with random rollouts to the end)"
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

const MCTS_FIELDS: [&str; 8] =
    ["kind", "iterations", "exploration", "rollout", "max_rollout_depth", "time_ms", "reuse_tree", "weights"];

impl MctsConfig {
    /// Checks the ranges: `iterations >= 1`, `exploration` finite and `>= 0`, `time_ms >= 1`.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.iterations == 0 {
            return Err(ConfigError::InvalidValue {
                field: "iterations",
                value: "0".into(),
                expected: "an integer of at least 1",
            });
        }
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(ConfigError::InvalidValue {
                field: "exploration",
                value: self.exploration.to_string(),
                expected: "a finite number of at least 0",
            });
        }
        if self.time_ms == Some(0) {
            return Err(ConfigError::InvalidValue {
                field: "time_ms",
                value: "0".into(),
                expected: "an integer of at least 1, or null",
            });
        }
        Ok(())
    }
}

impl AgentConfig {
    /// Parses and checks a JSON config.
    pub fn from_json(text: &str) -> Result<Self, ConfigError> {
        let value: Value = serde_json::from_str(text).map_err(|e| ConfigError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        Self::from_value(&value)
    }

    /// Checks a parsed JSON config.
    pub fn from_value(value: &Value) -> Result<Self, ConfigError> {
        let obj = value.as_object().ok_or(ConfigError::NotAnObject)?;
        let kind = obj.get("kind").ok_or(ConfigError::MissingField { field: "kind" })?;
        let kind = kind.as_str().ok_or(ConfigError::WrongType { field: "kind", expected: "a string" })?;
        match kind {
            "random" => only_fields(obj, "random", &["kind"]).map(|()| AgentConfig::Random),
            "heuristic" => {
                only_fields(obj, "heuristic", &["kind", "weights"])?;
                Ok(AgentConfig::Heuristic { weights: weights(obj)? })
            }
            "mcts" => {
                only_fields(obj, "mcts", &MCTS_FIELDS)?;
                let mut c = MctsConfig::default();
                if let Some(v) = obj.get("iterations") {
                    c.iterations = integer(v, "iterations", u32::MAX as u64)? as u32;
                }
                if let Some(v) = obj.get("exploration") {
                    c.exploration =
                        v.as_f64().ok_or(ConfigError::WrongType { field: "exploration", expected: "a number" })?;
                }
                if let Some(v) = obj.get("rollout") {
                    c.rollout = match v.as_str() {
                        Some("random") => Rollout::Random,
                        Some("heuristic") => Rollout::Heuristic,
                        _ => {
                            return Err(ConfigError::InvalidValue {
                                field: "rollout",
                                value: v.to_string(),
                                expected: "\"random\" or \"heuristic\"",
                            })
                        }
                    };
                }
                if let Some(v) = obj.get("max_rollout_depth").filter(|v| !v.is_null()) {
                    c.max_rollout_depth = Some(integer(v, "max_rollout_depth", u32::MAX as u64)? as u32);
                }
                if let Some(v) = obj.get("time_ms").filter(|v| !v.is_null()) {
                    c.time_ms = Some(integer(v, "time_ms", u64::MAX)?);
                }
                if let Some(v) = obj.get("reuse_tree") {
                    c.reuse_tree =
                        v.as_bool().ok_or(ConfigError::WrongType { field: "reuse_tree", expected: "true or false" })?;
                }
                c.weights = weights(obj)?;
                c.validate()?;
                Ok(AgentConfig::Mcts(c))
            }
            other => Err(ConfigError::UnknownKind { kind: other.to_string() }),
        }
    }

    /// The display name of the agent this config builds, e.g. `mcts(it=1000,c=1.4,rollout=random)`.
    pub fn name(&self) -> String {
        match self {
            AgentConfig::Random => "random".into(),
            AgentConfig::Heuristic { weights } if weights.is_empty() => "heuristic".into(),
            AgentConfig::Heuristic { weights } => format!("heuristic({})", weights_name(weights)),
            AgentConfig::Mcts(c) => c.name(),
        }
    }

    /// The evaluator weights this config sets (empty for `random`).
    pub fn weights(&self) -> Weights {
        match self {
            AgentConfig::Random => Weights::new(),
            AgentConfig::Heuristic { weights } => weights.clone(),
            AgentConfig::Mcts(c) => c.weights.clone(),
        }
    }

    /// Checks the config against game `G`: every weight names one of its evaluator's weights.
    pub fn check<G: HasHeuristic>(&self) -> Result<(), ConfigError> {
        G::heuristic_with(&self.weights()).map(|_| ())
    }

    /// Builds the agent for a game with a default heuristic, its weights set from the config.
    pub fn try_build<G>(&self) -> Result<Box<dyn Agent<G> + Send>, ConfigError>
    where
        G: HasHeuristic + Send + 'static,
        G::Action: Send,
    {
        Ok(self.build_with(G::heuristic_with(&self.weights())?))
    }

    /// Builds the agent for a game with a default heuristic (see [`AgentConfig::try_build`]).
    ///
    /// # Panics
    /// If the config sets a weight the game's evaluator does not have ([`AgentConfig::check`]
    /// finds this first).
    pub fn build<G>(&self) -> Box<dyn Agent<G> + Send>
    where
        G: HasHeuristic + Send + 'static,
        G::Action: Send,
    {
        self.try_build().unwrap_or_else(|e| panic!("{e}"))
    }

    /// The config field that asks for a heuristic evaluator, if any: `heuristic` agents, MCTS
    /// with heuristic rollouts or a rollout depth cap (the evaluator scores the cut-off), and
    /// any `weights`.
    pub fn needs_heuristic(&self) -> Option<&'static str> {
        match self {
            AgentConfig::Random => None,
            AgentConfig::Heuristic { .. } => Some("kind"),
            AgentConfig::Mcts(c) if c.rollout == Rollout::Heuristic => Some("rollout"),
            AgentConfig::Mcts(c) if c.max_rollout_depth.is_some() => Some("max_rollout_depth"),
            AgentConfig::Mcts(c) if !c.weights.is_empty() => Some("weights"),
            AgentConfig::Mcts(_) => None,
        }
    }

    /// Builds the agent for any game, with no game-specific code: random agents, and MCTS
    /// with random rollouts to the end scored by [`TerminalEvaluator`]. A config that needs a
    /// heuristic is [`ConfigError::NoHeuristic`].
    pub fn try_build_generic<G>(&self) -> Result<Box<dyn Agent<G> + Send>, ConfigError>
    where
        G: Game + Send + 'static,
        G::Action: Send,
    {
        match self.needs_heuristic() {
            Some(field) => Err(ConfigError::NoHeuristic { field }),
            None => Ok(self.build_with(TerminalEvaluator)),
        }
    }

    /// Builds the agent with evaluator `eval` (used by `heuristic` agents and by MCTS for
    /// heuristic rollouts and rollout cut-offs).
    pub fn build_with<G, E>(&self, eval: E) -> Box<dyn Agent<G> + Send>
    where
        G: Game + Send + 'static,
        G::Action: Send,
        E: Evaluator<G> + Send + 'static,
    {
        match self {
            AgentConfig::Random => Box::new(RandomAgent::<G::Action>::new()),
            AgentConfig::Heuristic { .. } => Box::new(HeuristicAgent::new(eval).named(self.name())),
            AgentConfig::Mcts(c) => Box::new(Mcts::new(c.clone(), eval)),
        }
    }
}

impl TryFrom<Value> for AgentConfig {
    type Error = ConfigError;
    fn try_from(value: Value) -> Result<Self, ConfigError> {
        AgentConfig::from_value(&value)
    }
}

/// Rejects fields of `obj` outside `allowed` (reporting the first in key order).
fn only_fields(obj: &Map<String, Value>, kind: &'static str, allowed: &[&str]) -> Result<(), ConfigError> {
    match obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(field) => Err(ConfigError::UnknownField { kind, field: field.clone() }),
        None => Ok(()),
    }
}

/// The optional `weights` object: names to finite numbers.
fn weights(obj: &Map<String, Value>) -> Result<Weights, ConfigError> {
    let Some(v) = obj.get("weights") else { return Ok(Weights::new()) };
    let map = v.as_object().ok_or(ConfigError::WrongType { field: "weights", expected: "an object of numbers" })?;
    let mut out = Weights::new();
    for (name, x) in map {
        match x.as_f64().filter(|x| x.is_finite()) {
            Some(x) => {
                out.insert(name.clone(), x);
            }
            None => {
                return Err(ConfigError::BadWeight {
                    weight: name.clone(),
                    value: x.to_string(),
                    expected: "a finite number",
                })
            }
        }
    }
    Ok(out)
}

/// `name=value` pairs of `weights`, comma separated, in name order.
pub(crate) fn weights_name(weights: &Weights) -> String {
    weights.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
}

/// A non-negative integer field no larger than `max`.
fn integer(v: &Value, field: &'static str, max: u64) -> Result<u64, ConfigError> {
    match v.as_u64() {
        Some(x) if x <= max => Ok(x),
        _ if v.is_number() => {
            Err(ConfigError::InvalidValue { field, value: v.to_string(), expected: "a non-negative integer in range" })
        }
        _ => Err(ConfigError::WrongType { field, expected: "an integer" }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::connect_four::ConnectFour;

    #[test]
    fn parses_every_kind_with_defaults() {
        assert_eq!(AgentConfig::from_json(r#"{"kind": "random"}"#), Ok(AgentConfig::Random));
        assert_eq!(
            AgentConfig::from_json(r#"{"kind": "heuristic"}"#),
            Ok(AgentConfig::Heuristic { weights: Weights::new() })
        );
        assert_eq!(AgentConfig::from_json(r#"{"kind": "mcts"}"#), Ok(AgentConfig::Mcts(MctsConfig::default())));
        let full = AgentConfig::from_json(
            r#"{"kind": "mcts", "iterations": 500, "exploration": 2, "rollout": "heuristic",
                "max_rollout_depth": 12, "time_ms": null, "reuse_tree": true}"#,
        )
        .unwrap();
        let expected = MctsConfig {
            iterations: 500,
            exploration: 2.0,
            rollout: Rollout::Heuristic,
            max_rollout_depth: Some(12),
            time_ms: None,
            reuse_tree: true,
            weights: Weights::new(),
        };
        assert_eq!(full, AgentConfig::Mcts(expected));
    }

    #[test]
    fn names_carry_the_parameters() {
        let c = AgentConfig::from_json(r#"{"kind": "mcts", "iterations": 1000, "exploration": 1.4}"#).unwrap();
        assert_eq!(c.name(), "mcts(it=1000,c=1.4,rollout=random)");
        let c = AgentConfig::from_json(
            r#"{"kind":"mcts","iterations":50,"exploration":1,"rollout":"heuristic","max_rollout_depth":8,"time_ms":20,"reuse_tree":true}"#,
        )
        .unwrap();
        assert_eq!(c.name(), "mcts(it=50,c=1,rollout=heuristic,depth=8,time_ms=20,reuse)");
        let agent = c.build::<ConnectFour>();
        assert_eq!(agent.name(), c.name());
        assert_eq!(AgentConfig::Random.build::<ConnectFour>().name(), "random");
    }

    #[test]
    fn errors_name_the_field() {
        let err = |s: &str| AgentConfig::from_json(s).unwrap_err();
        assert_eq!(
            err(r#"{"kind": "mcts", "iterations": 0}"#).to_string(),
            "agent config: field \"iterations\": got 0, expected an integer of at least 1"
        );
        assert_eq!(
            err(r#"{"kind": "mcts", "iterations": -3}"#),
            ConfigError::InvalidValue {
                field: "iterations",
                value: "-3".into(),
                expected: "a non-negative integer in range",
            }
        );
        assert_eq!(
            err(r#"{"kind": "mcts", "iterations": "many"}"#),
            ConfigError::WrongType { field: "iterations", expected: "an integer" }
        );
        assert_eq!(
            err(r#"{"kind": "mcts", "exploration": -1}"#).to_string(),
            "agent config: field \"exploration\": got -1, expected a finite number of at least 0"
        );
        assert!(matches!(
            err(r#"{"kind": "mcts", "rollout": "greedy"}"#),
            ConfigError::InvalidValue { field: "rollout", .. }
        ));
        assert_eq!(
            err(r#"{"kind": "mcts", "iteratons": 5}"#),
            ConfigError::UnknownField { kind: "mcts", field: "iteratons".into() }
        );
        assert_eq!(
            err(r#"{"kind": "random", "iterations": 5}"#),
            ConfigError::UnknownField { kind: "random", field: "iterations".into() }
        );
        assert_eq!(err(r#"{"kind": "alphazero"}"#), ConfigError::UnknownKind { kind: "alphazero".into() });
        assert_eq!(err(r#"{"iterations": 5}"#), ConfigError::MissingField { field: "kind" });
        assert_eq!(err(r#"{"kind": 3}"#), ConfigError::WrongType { field: "kind", expected: "a string" });
        assert_eq!(err("[1]"), ConfigError::NotAnObject);
        assert!(matches!(err("{\"kind\":\n \"mcts\","), ConfigError::Json { line: 2, .. }));
        assert!(matches!(err(r#"{"kind": "mcts", "time_ms": 0}"#), ConfigError::InvalidValue { field: "time_ms", .. }));
        assert!(matches!(
            err(r#"{"kind": "mcts", "reuse_tree": 1}"#),
            ConfigError::WrongType { field: "reuse_tree", .. }
        ));
    }

    #[test]
    fn serde_round_trips_through_the_same_checks() {
        let c = AgentConfig::from_json(r#"{"kind": "mcts", "iterations": 64, "max_rollout_depth": 5}"#).unwrap();
        let text = serde_json::to_string(&c).unwrap();
        assert_eq!(
            text,
            r#"{"kind":"mcts","iterations":64,"exploration":1.4,"rollout":"random","max_rollout_depth":5,"reuse_tree":false}"#
        );
        assert_eq!(serde_json::from_str::<AgentConfig>(&text).unwrap(), c);
        assert_eq!(serde_json::to_string(&AgentConfig::Random).unwrap(), r#"{"kind":"random"}"#);
        let bad =
            serde_json::from_str::<Vec<AgentConfig>>(r#"[{"kind": "random"}, {"kind": "mcts", "iterations": 0}]"#);
        assert!(bad.unwrap_err().to_string().contains("field \"iterations\""));
    }
}
