//! Experiment configs: the JSON a designer writes, checked into an [`Experiment`].
//!
//! ```json
//! {"name": "c4-ladder", "description": "...", "game": "connect4", "games": 600, "seed": 7,
//!  "players": 2, "seating": "rotate",
//!  "agents": [{"kind": "mcts", "iterations": 200}, {"kind": "heuristic"}, {"kind": "random"}],
//!  "lineups": [[0, 1], [0, 2], [1, 2]],
//!  "rules": {}, "out": "results"}
//! ```
//!
//! Every key is checked before anything is written: unknown keys, wrong types and values out
//! of range are a [`ConfigError`] naming the origin (file), the key and the problem, printed
//! as one line. Command-line flags (`--games`, `--seed`, `--out`) override keys; an override
//! that breaks a rule is reported against the flag. Game-specific parts (`rules`, `content`,
//! faction ids) are checked by the game's [`crate::run::spec::Experimentable::prepare`].
//!
//! The [`Experiment::canonical`] form (every default filled in, `out` left out) is what
//! `run.json` stores and what the config hash covers, so a replay, a resume and a merge all
//! see exactly the experiment that was run.

use std::fmt;
use std::path::PathBuf;

use agents::config::{AgentConfig, ConfigError as AgentError};
use engine::game::MAX_PLAYERS;
use serde_json::{json, Map, Value};

use crate::registry::{GameEntry, Registry};
use crate::run::sequential::UntilDecided;

/// The embedded default experiment: what `sim` with no command runs.
pub const DEFAULT_EXPERIMENT: &str = include_str!("../../experiments/default.json");

/// How the embedded default is named in error messages.
pub const DEFAULT_ORIGIN: &str = "(embedded default experiment)";

/// Every top-level key a config may have, sorted.
pub const KEYS: [&str; 18] = [
    "agents",
    "assignment",
    "content",
    "description",
    "deterministic",
    "faction_pool",
    "factions",
    "fault_injection",
    "game",
    "games",
    "lineups",
    "name",
    "out",
    "players",
    "rules",
    "seating",
    "seed",
    "until_decided",
];

/// Most games one experiment may plan: keeps every RNG stream number (`block * 16 + slot`)
/// inside `u64`.
pub const MAX_GAMES: u64 = 1 << 56;

/// A bad config: `origin` is the file (or the flag that overrode a key), `key` the key path
/// (`agents[1].iterations`), `problem` what is wrong. Displays as one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The config file, [`DEFAULT_ORIGIN`], `run.json`, or a flag such as `--games`.
    pub origin: String,
    /// The key path, empty when `origin` is a flag.
    pub key: String,
    /// What is wrong.
    pub problem: String,
}

impl ConfigError {
    /// An error at `key` of `origin`.
    pub fn new(origin: &str, key: impl Into<String>, problem: impl Into<String>) -> Self {
        ConfigError { origin: origin.to_string(), key: key.into(), problem: problem.into() }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.key.is_empty() {
            write!(f, "{}: {}", self.origin, self.problem)
        } else {
            write!(f, "{}: {}: {}", self.origin, self.key, self.problem)
        }
    }
}

impl std::error::Error for ConfigError {}

/// How seats are filled from a lineup.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seating {
    /// Lineup position `k` always sits in seat `k`; every game is its own block.
    Fixed,
    /// Blocks of `players` games share a seed; game `r` of a block seats lineup position
    /// `(s + r) % players` in seat `s`, so each seed is played in all cyclic rotations.
    Rotate,
}

impl Seating {
    /// The config spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Seating::Fixed => "fixed",
            Seating::Rotate => "rotate",
        }
    }
}

/// How factions are given to lineup positions (games with factions only).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Assignment {
    /// `factions[k]` plays lineup position `k` (and moves with it when seats rotate).
    Fixed,
    /// Each block draws `players` distinct factions from `faction_pool`.
    Random,
}

impl Assignment {
    /// The config spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Assignment::Fixed => "fixed",
            Assignment::Random => "random",
        }
    }
}

/// Test-only fault injection, documented in `results/README.md`: lets the test suite check the
/// failure path (failures.jsonl, exit code 3, replay of a failure) on a real run. Part of the
/// config and its hash, so a replay reproduces the injected fault.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FaultInjection {
    /// Games (by index) that panic right after their first decision. Sorted, distinct.
    pub panic_in_games: Vec<u64>,
}

/// A checked experiment config.
#[derive(Clone, Debug, PartialEq)]
pub struct Experiment {
    /// Name; also the results directory `<out>/<name>`.
    pub name: String,
    /// Free text.
    pub description: String,
    /// The game's registry id.
    pub game: String,
    /// Games to play, at least 1 (a multiple of `players` when seats rotate).
    pub games: u64,
    /// The experiment seed: every RNG of every game derives from it (see `seating.rs`).
    pub seed: u64,
    /// Seats per game.
    pub players: usize,
    /// Seat rotation.
    pub seating: Seating,
    /// The agent pool; a lineup picks `players` of them by index.
    pub agents: Vec<AgentConfig>,
    /// Lineups, each `players` indices into `agents`; block `b` plays lineup `b % len`.
    pub lineups: Vec<Vec<usize>>,
    /// Fixed factions per lineup position.
    pub factions: Option<Vec<String>>,
    /// Factions to draw from (`assignment: random`).
    pub faction_pool: Option<Vec<String>>,
    /// How factions are assigned; `None` for games without factions.
    pub assignment: Option<Assignment>,
    /// Game-specific rule options, checked by the game.
    pub rules: Map<String, Value>,
    /// Content directory (games with content).
    pub content: Option<String>,
    /// Parent directory of the results directory.
    pub out: PathBuf,
    /// Test-only faults.
    pub fault_injection: FaultInjection,
    /// Whether every game is a function of (config, index) alone. `false` only when the config
    /// says `"deterministic": false`, which it must to use a wall-clock budget (`time_ms`).
    pub deterministic: bool,
    /// Sequential stopping ([`crate::run::sequential`]): `games` is then the cap.
    pub until_decided: Option<UntilDecided>,
}

/// Command-line values that replace config keys.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// `--games`.
    pub games: Option<u64>,
    /// `--seed`.
    pub seed: Option<u64>,
    /// `--out`.
    pub out: Option<PathBuf>,
    /// `--until-decided`: sequential stopping with the config's `until_decided` rule, or the
    /// defaults when the config has none.
    pub until_decided: bool,
}

impl Experiment {
    /// Parses and checks config text from `origin`, for the built-in games.
    pub fn from_json(text: &str, origin: &str, overrides: &Overrides) -> Result<Self, ConfigError> {
        Self::from_json_in(&crate::games::builtin(), text, origin, overrides)
    }

    /// Parses and checks config text from `origin`, for the games of `registry`.
    pub fn from_json_in(
        registry: &Registry,
        text: &str,
        origin: &str,
        overrides: &Overrides,
    ) -> Result<Self, ConfigError> {
        let value: Value = serde_json::from_str(text).map_err(|e| {
            ConfigError::new(origin, "", format!("invalid JSON at line {}, column {}: {e}", e.line(), e.column()))
        })?;
        Self::from_value_in(registry, &value, origin, overrides)
    }

    /// Checks a parsed config from `origin`, for the built-in games.
    pub fn from_value(value: &Value, origin: &str, overrides: &Overrides) -> Result<Self, ConfigError> {
        Self::from_value_in(&crate::games::builtin(), value, origin, overrides)
    }

    /// Checks a parsed config from `origin`, for the games of `registry`.
    pub fn from_value_in(
        registry: &Registry,
        value: &Value,
        origin: &str,
        overrides: &Overrides,
    ) -> Result<Self, ConfigError> {
        let err = |key: &str, problem: String| ConfigError::new(origin, key, problem);
        let obj = value.as_object().ok_or_else(|| err("", "expected a JSON object".into()))?;
        if let Some(k) = obj.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(err(k, format!("unknown key (expected one of: {})", KEYS.join(", "))));
        }
        let game_id = required(obj, "game").and_then(string).map_err(|p| err("game", p))?;
        let game = registry.get(&game_id).map_err(|p| err("game", p))?;
        let name = required(obj, "name").and_then(string).map_err(|p| err("name", p))?;
        check_name(&name).map_err(|p| err("name", p))?;
        let description = optional(obj, "description", string).map_err(|p| err("description", p))?.unwrap_or_default();

        let mut games = required(obj, "games").and_then(|v| integer(v, 1, MAX_GAMES)).map_err(|p| err("games", p))?;
        let mut games_origin = None;
        if let Some(g) = overrides.games {
            integer(&json!(g), 1, MAX_GAMES).map_err(|p| ConfigError::new("--games", "", p))?;
            games = g;
            games_origin = Some("--games");
        }
        let mut seed = optional(obj, "seed", |v| integer(v, 0, u64::MAX)).map_err(|p| err("seed", p))?.unwrap_or(0);
        if let Some(s) = overrides.seed {
            seed = s;
        }

        let agents = agent_pool(obj).map_err(|(k, p)| err(&k, p))?;
        let lineups = optional(obj, "lineups", |v| lineup_list(v, agents.len())).map_err(|p| err("lineups", p))?;
        let players = match optional(obj, "players", |v| integer(v, 1, MAX_PLAYERS as u64)) {
            Ok(Some(p)) => p as usize,
            Ok(None) => lineups.as_ref().map_or(agents.len(), |l| l[0].len()),
            Err(p) => return Err(err("players", p)),
        };
        let (lo, hi) = (*game.players().start(), *game.players().end());
        if !(lo..=hi).contains(&players) {
            let range = if lo == hi { format!("exactly {lo}") } else { format!("{lo} to {hi}") };
            return Err(err("players", format!("{players} players, but {} seats {range}", game.id())));
        }
        let lineups = match lineups {
            Some(l) => {
                if let Some((i, bad)) = l.iter().enumerate().find(|(_, l)| l.len() != players) {
                    return Err(err(
                        &format!("lineups[{i}]"),
                        format!("{} agents, but the game has {players} players", bad.len()),
                    ));
                }
                l
            }
            None if agents.len() == players => vec![(0..players).collect()],
            None => {
                return Err(err(
                    "agents",
                    format!("{} agents for {players} players (give one per seat, or add 'lineups')", agents.len()),
                ))
            }
        };

        let seating = match optional(obj, "seating", string).map_err(|p| err("seating", p))? {
            None => Seating::Rotate,
            Some(s) if s == "rotate" => Seating::Rotate,
            Some(s) if s == "fixed" => Seating::Fixed,
            Some(s) => return Err(err("seating", format!("'{s}' (expected \"fixed\" or \"rotate\")"))),
        };
        if seating == Seating::Rotate && games % players as u64 != 0 {
            let problem = format!(
                "{games} games is not a multiple of players ({players}): with seating \"rotate\" each seed is played \
                 in all {players} rotations"
            );
            return Err(match games_origin {
                Some(flag) => ConfigError::new(flag, "", problem),
                None => err("games", problem),
            });
        }

        let (factions, faction_pool, assignment) = factions(obj, game, players).map_err(|(k, p)| err(&k, p))?;
        let rules = match obj.get("rules") {
            None => Map::new(),
            Some(Value::Object(m)) => m.clone(),
            Some(_) => return Err(err("rules", "expected an object".into())),
        };
        let content = optional(obj, "content", string).map_err(|p| err("content", p))?;
        if content.is_some() && !game.has_content() {
            return Err(err("content", format!("{} has no content directory", game.id())));
        }
        let out = match &overrides.out {
            Some(o) => o.clone(),
            None => PathBuf::from(optional(obj, "out", string).map_err(|p| err("out", p))?.unwrap_or("results".into())),
        };
        let fault_injection = fault_injection(obj).map_err(|(k, p)| err(&k, p))?;
        if let Some(i) = fault_injection.panic_in_games.iter().position(|&g| g >= games) {
            let g = fault_injection.panic_in_games[i];
            let problem = format!("game {g} is not a game of this run (0 to {})", games - 1);
            return Err(match games_origin {
                Some(flag) => ConfigError::new(flag, "", format!("fault_injection.panic_in_games: {problem}")),
                None => err("fault_injection.panic_in_games", problem),
            });
        }
        let deterministic = optional(obj, "deterministic", |v| {
            v.as_bool().ok_or_else(|| format!("expected true or false, got {}", kind_of(v)))
        })
        .map_err(|p| err("deterministic", p))?
        .unwrap_or(true);
        if deterministic {
            if let Some(i) = agents.iter().position(|a| matches!(a, AgentConfig::Mcts(m) if m.time_ms.is_some())) {
                return Err(err(
                    &format!("agents[{i}].time_ms"),
                    "a wall-clock budget makes results depend on machine speed and load; remove it, or set \
                     \"deterministic\": false to accept runs that cannot be reproduced or replayed"
                        .into(),
                ));
            }
        }
        let block = crate::run::sequential::block_size(seating, players);
        let mut until_decided = match obj.get("until_decided") {
            None => None,
            Some(v) => {
                let mut groups: Vec<String> = factions.iter().chain(faction_pool.iter()).flatten().cloned().collect();
                if groups.is_empty() {
                    groups = agents.iter().map(AgentConfig::name).collect();
                }
                groups.sort();
                groups.dedup();
                Some(UntilDecided::parse(v, block, &groups).map_err(|(k, p)| err(&format!("until_decided{k}"), p))?)
            }
        };
        if overrides.until_decided && until_decided.is_none() {
            until_decided = Some(UntilDecided::defaults(block));
        }
        Ok(Experiment {
            name,
            description,
            game: game.id().to_string(),
            games,
            seed,
            players,
            seating,
            agents,
            lineups,
            factions,
            faction_pool,
            assignment,
            rules,
            content,
            out,
            fault_injection,
            deterministic,
            until_decided,
        })
    }

    /// The canonical JSON form: every key with its checked value (defaults filled in), `out`
    /// left out. Parses back to the same experiment; `run.json` stores it and the config hash
    /// is the SHA-256 of its compact serialization.
    pub fn canonical(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".into(), json!(self.name));
        m.insert("description".into(), json!(self.description));
        m.insert("game".into(), json!(self.game));
        m.insert("games".into(), json!(self.games));
        m.insert("seed".into(), json!(self.seed));
        m.insert("players".into(), json!(self.players));
        m.insert("seating".into(), json!(self.seating.as_str()));
        m.insert("agents".into(), serde_json::to_value(&self.agents).unwrap_or(Value::Null));
        m.insert("lineups".into(), json!(self.lineups));
        if let Some(f) = &self.factions {
            m.insert("factions".into(), json!(f));
        }
        if let Some(f) = &self.faction_pool {
            m.insert("faction_pool".into(), json!(f));
        }
        if let Some(a) = self.assignment {
            m.insert("assignment".into(), json!(a.as_str()));
        }
        m.insert("rules".into(), Value::Object(self.rules.clone()));
        if let Some(c) = &self.content {
            m.insert("content".into(), json!(c));
        }
        if self.fault_injection != FaultInjection::default() {
            m.insert("fault_injection".into(), json!({"panic_in_games": self.fault_injection.panic_in_games}));
        }
        if !self.deterministic {
            m.insert("deterministic".into(), json!(false));
        }
        if let Some(u) = &self.until_decided {
            m.insert("until_decided".into(), u.canonical());
        }
        Value::Object(m)
    }

    /// Display names of the agent pool, by pool index.
    pub fn agent_names(&self) -> Vec<String> {
        self.agents.iter().map(AgentConfig::name).collect()
    }
}

fn required<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a Value, String> {
    obj.get(key).ok_or_else(|| "missing (required)".to_string())
}

fn optional<T>(
    obj: &Map<String, Value>,
    key: &str,
    parse: impl FnOnce(&Value) -> Result<T, String>,
) -> Result<Option<T>, String> {
    obj.get(key).map(parse).transpose()
}

fn string(v: &Value) -> Result<String, String> {
    v.as_str().map(str::to_string).ok_or_else(|| format!("expected a string, got {}", kind_of(v)))
}

fn integer(v: &Value, min: u64, max: u64) -> Result<u64, String> {
    match v.as_u64() {
        Some(x) if (min..=max).contains(&x) => Ok(x),
        _ if v.is_number() => Err(format!("got {v}, expected an integer from {min} to {max}")),
        _ => Err(format!("expected an integer, got {}", kind_of(v))),
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Names become directory names: letters, digits, `.`, `_`, `-`; not starting with `.`.
fn check_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.len() <= 100
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if ok {
        Ok(())
    } else {
        Err(format!("'{name}' is not a valid name (1 to 100 of A-Z a-z 0-9 . _ -, not starting with '.')"))
    }
}

/// The `agents` array, each entry checked by `agents::config` (errors keyed `agents[i].field`).
fn agent_pool(obj: &Map<String, Value>) -> Result<Vec<AgentConfig>, (String, String)> {
    let key = "agents".to_string();
    let list = required(obj, "agents").map_err(|p| (key.clone(), p))?;
    let list = list.as_array().ok_or_else(|| (key.clone(), format!("expected an array, got {}", kind_of(list))))?;
    if list.is_empty() {
        return Err((key, "expected at least one agent".into()));
    }
    list.iter().enumerate().map(|(i, v)| AgentConfig::from_value(v).map_err(|e| agent_error(i, &e))).collect()
}

/// An agent config error as (key path, problem).
pub fn agent_error(i: usize, e: &AgentError) -> (String, String) {
    let at = |field: &str| format!("agents[{i}].{field}");
    match e {
        AgentError::NotAnObject => {
            (format!("agents[{i}]"), "expected an agent object such as {\"kind\": \"random\"}".into())
        }
        AgentError::MissingField { field } => (at(field), "missing (required)".into()),
        AgentError::UnknownKind { kind } => {
            (at("kind"), format!("unknown agent '{kind}' (expected \"random\", \"heuristic\" or \"mcts\")"))
        }
        AgentError::UnknownField { kind, field } => (at(field), format!("not a parameter of \"{kind}\" agents")),
        AgentError::WrongType { field, expected } => (at(field), format!("expected {expected}")),
        AgentError::InvalidValue { field, value, expected } => (at(field), format!("got {value}, expected {expected}")),
        AgentError::UnknownWeight { weight, known: [] } => {
            (at(&format!("weights.{weight}")), "this game's heuristic has no configurable weights".into())
        }
        AgentError::UnknownWeight { weight, known } => {
            (at(&format!("weights.{weight}")), format!("unknown weight (expected one of: {})", known.join(", ")))
        }
        AgentError::BadWeight { weight, value, expected } => {
            (at(&format!("weights.{weight}")), format!("got {value}, expected {expected}"))
        }
        AgentError::Json { message, .. } => (format!("agents[{i}]"), message.clone()),
        AgentError::NoHeuristic { field } => (
            at(field),
            "needs a heuristic evaluator, and this game registers none (use random agents, or MCTS with random \
             rollouts to the end)"
                .into(),
        ),
    }
}

fn lineup_list(v: &Value, pool: usize) -> Result<Vec<Vec<usize>>, String> {
    let list = v.as_array().ok_or_else(|| format!("expected an array of arrays, got {}", kind_of(v)))?;
    if list.is_empty() {
        return Err("expected at least one lineup".into());
    }
    let mut out = Vec::with_capacity(list.len());
    for (i, l) in list.iter().enumerate() {
        let l = l.as_array().ok_or_else(|| format!("[{i}]: expected an array of agent indices"))?;
        let mut lineup = Vec::with_capacity(l.len());
        for x in l {
            match x.as_u64() {
                Some(a) if (a as usize) < pool => lineup.push(a as usize),
                _ => return Err(format!("[{i}]: {x} is not an index into agents (0 to {})", pool - 1)),
            }
        }
        if lineup.is_empty() {
            return Err(format!("[{i}]: empty lineup"));
        }
        out.push(lineup);
    }
    Ok(out)
}

type Factions = (Option<Vec<String>>, Option<Vec<String>>, Option<Assignment>);

/// `factions`, `faction_pool`, `assignment`: structure only (ids are checked by the game).
fn factions(obj: &Map<String, Value>, game: &dyn GameEntry, players: usize) -> Result<Factions, (String, String)> {
    let present: Vec<&str> =
        ["factions", "faction_pool", "assignment"].into_iter().filter(|k| obj.contains_key(*k)).collect();
    if !game.has_factions() {
        return match present.first() {
            Some(k) => Err((k.to_string(), format!("{} has no factions", game.id()))),
            None => Ok((None, None, None)),
        };
    }
    let ids = |key: &str| -> Result<Option<Vec<String>>, (String, String)> {
        let Some(v) = obj.get(key) else { return Ok(None) };
        let list = v.as_array().ok_or_else(|| (key.to_string(), "expected an array of faction ids".to_string()))?;
        let mut out = Vec::new();
        for (i, x) in list.iter().enumerate() {
            let id = x.as_str().ok_or_else(|| (format!("{key}[{i}]"), "expected a faction id string".to_string()))?;
            // A pool draws distinct factions; fixed factions may repeat (a mirror run).
            if key == "faction_pool" && out.iter().any(|o| o == id) {
                return Err((format!("{key}[{i}]"), format!("'{id}' is listed twice")));
            }
            out.push(id.to_string());
        }
        Ok(Some(out))
    };
    let fixed = ids("factions")?;
    let pool = ids("faction_pool")?;
    let assignment = match obj.get("assignment").map(|v| v.as_str()) {
        None => {
            if pool.is_some() {
                Assignment::Random
            } else {
                Assignment::Fixed
            }
        }
        Some(Some("fixed")) => Assignment::Fixed,
        Some(Some("random")) => Assignment::Random,
        Some(_) => return Err(("assignment".into(), "expected \"fixed\" or \"random\"".into())),
    };
    match assignment {
        Assignment::Fixed => match &fixed {
            Some(f) if f.len() == players => {}
            Some(f) => return Err(("factions".into(), format!("{} factions for {players} players", f.len()))),
            None => return Err(("factions".into(), "missing (required with assignment \"fixed\")".into())),
        },
        Assignment::Random => match &pool {
            Some(p) if p.len() >= players => {}
            Some(p) => {
                return Err(("faction_pool".into(), format!("{} factions cannot seat {players} players", p.len())))
            }
            None => return Err(("faction_pool".into(), "missing (required with assignment \"random\")".into())),
        },
    }
    Ok((fixed, pool, Some(assignment)))
}

fn fault_injection(obj: &Map<String, Value>) -> Result<FaultInjection, (String, String)> {
    let Some(v) = obj.get("fault_injection") else { return Ok(FaultInjection::default()) };
    let key = "fault_injection";
    let m = v.as_object().ok_or_else(|| (key.to_string(), "expected an object".to_string()))?;
    if let Some(k) = m.keys().find(|k| *k != "panic_in_games") {
        return Err((format!("{key}.{k}"), "unknown key (expected panic_in_games)".into()));
    }
    let mut games = Vec::new();
    if let Some(list) = m.get("panic_in_games") {
        let list = list
            .as_array()
            .ok_or_else(|| (format!("{key}.panic_in_games"), "expected an array of game indices".to_string()))?;
        for (i, x) in list.iter().enumerate() {
            games.push(integer(x, 0, MAX_GAMES).map_err(|p| (format!("{key}.panic_in_games[{i}]"), p))?);
        }
    }
    games.sort_unstable();
    games.dedup();
    Ok(FaultInjection { panic_in_games: games })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Experiment, ConfigError> {
        Experiment::from_json(text, "x.json", &Overrides::default())
    }

    const MINIMAL: &str =
        r#"{"name": "t", "game": "connect4", "games": 4, "agents": [{"kind": "random"}, {"kind": "heuristic"}]}"#;

    #[test]
    fn defaults_are_filled_in() {
        let e = parse(MINIMAL).unwrap();
        assert_eq!((e.players, e.seed, e.seating, e.lineups.clone()), (2, 0, Seating::Rotate, vec![vec![0, 1]]));
        assert_eq!(e.out, PathBuf::from("results"));
        let again = Experiment::from_value(&e.canonical(), "run.json", &Overrides::default()).unwrap();
        assert_eq!(again.canonical(), e.canonical());
        assert_eq!(again.agents, e.agents);
    }

    #[test]
    fn the_embedded_default_is_valid() {
        let e = Experiment::from_json(DEFAULT_EXPERIMENT, DEFAULT_ORIGIN, &Overrides::default()).unwrap();
        assert_eq!((e.game.as_str(), e.players, e.assignment), ("ti4", 6, Some(Assignment::Random)));
        assert!(e.agents.iter().all(|a| a.name() == "heuristic"), "{:?}", e.agents);
    }

    #[test]
    fn errors_name_origin_key_and_problem() {
        let e = |s: &str| parse(s).unwrap_err().to_string();
        assert!(e(r#"{"name": "t", "game": "connect4", "games": 4, "agents": [], "gamez": 1}"#)
            .starts_with("x.json: gamez: unknown key"));
        assert_eq!(
            e(r#"{"name": "t", "game": "chess", "games": 4, "agents": []}"#),
            "x.json: game: unknown game 'chess' (expected one of: \"connect4\", \"ti4\", \"legion\")"
        );
        assert_eq!(
            e(&MINIMAL.replace("\"games\": 4", "\"games\": \"four\"")),
            "x.json: games: expected an integer, got a string"
        );
        assert_eq!(
            e(&MINIMAL.replace("heuristic", "alphazero")),
            "x.json: agents[1].kind: unknown agent 'alphazero' (expected \"random\", \"heuristic\" or \"mcts\")"
        );
        assert!(
            e(&MINIMAL.replace("\"games\": 4", "\"games\": 5")).starts_with("x.json: games: 5 games is not a multiple")
        );
        assert_eq!(
            e(&MINIMAL.replace("\"games\": 4", "\"games\": 4, \"factions\": [\"sol\", \"hacan\"]")),
            "x.json: factions: connect4 has no factions"
        );
        assert!(e(&MINIMAL.replace("\"games\": 4", "\"games\": 4, \"players\": 3")).starts_with("x.json: players: 3"));
        assert!(e(&MINIMAL.replace("\"name\": \"t\"", "\"name\": \"../t\"")).starts_with("x.json: name: '../t'"));
        assert!(e("{\"name\": ").starts_with("x.json: invalid JSON at line 1"));
        let over = Overrides { games: Some(3), ..Overrides::default() };
        let err = Experiment::from_json(MINIMAL, "x.json", &over).unwrap_err();
        assert!(err.to_string().starts_with("--games: 3 games is not a multiple"), "{err}");
    }

    #[test]
    fn lineups_pick_agents_from_the_pool() {
        let e = parse(
            r#"{"name": "t", "game": "connect4", "games": 6, "seating": "fixed",
                "agents": [{"kind": "random"}, {"kind": "heuristic"}, {"kind": "mcts", "iterations": 5}],
                "lineups": [[0, 1], [2, 1]]}"#,
        )
        .unwrap();
        assert_eq!(e.lineups, vec![vec![0, 1], vec![2, 1]]);
        let bad = parse(&MINIMAL.replace("\"games\": 4", "\"games\": 4, \"lineups\": [[0, 5]]")).unwrap_err();
        assert_eq!(bad.key, "lineups");
        let short = parse(&MINIMAL.replace("\"games\": 4", "\"games\": 4, \"lineups\": [[0, 1], [1]]")).unwrap_err();
        assert_eq!(short.key, "lineups[1]");
    }

    #[test]
    fn fault_injection_is_checked() {
        let e = parse(
            &MINIMAL.replace("\"games\": 4", "\"games\": 4, \"fault_injection\": {\"panic_in_games\": [3, 1, 3]}"),
        )
        .unwrap();
        assert_eq!(e.fault_injection.panic_in_games, vec![1, 3]);
        assert_eq!(e.canonical()["fault_injection"], json!({"panic_in_games": [1, 3]}));
        let bad = parse(&MINIMAL.replace("\"games\": 4", "\"games\": 4, \"fault_injection\": {\"explode\": true}"));
        assert_eq!(bad.unwrap_err().key, "fault_injection.explode");
        let beyond =
            parse(&MINIMAL.replace("\"games\": 4", "\"games\": 4, \"fault_injection\": {\"panic_in_games\": [4]}"));
        assert_eq!(
            beyond.unwrap_err().to_string(),
            "x.json: fault_injection.panic_in_games: game 4 is not a game of this run (0 to 3)"
        );
    }

    #[test]
    fn a_wall_clock_budget_needs_deterministic_false() {
        let clock =
            MINIMAL.replace("{\"kind\": \"heuristic\"}", "{\"kind\": \"mcts\", \"iterations\": 9, \"time_ms\": 5}");
        let e = parse(&clock).unwrap_err();
        assert_eq!(e.key, "agents[1].time_ms");
        assert!(e.problem.contains("\"deterministic\": false"), "{e}");
        let e = parse(&clock.replace("\"games\": 4", "\"games\": 4, \"deterministic\": false")).unwrap();
        assert!(!e.deterministic);
        assert_eq!(e.canonical()["deterministic"], json!(false));
        let again = Experiment::from_value(&e.canonical(), "run.json", &Overrides::default()).unwrap();
        assert!(!again.deterministic);
        // A deterministic config's canonical form (and so its hash) has no such key.
        assert!(parse(MINIMAL).unwrap().canonical().get("deterministic").is_none());
        let e = parse(&MINIMAL.replace("\"games\": 4", "\"games\": 4, \"deterministic\": \"no\"")).unwrap_err();
        assert_eq!(e.to_string(), "x.json: deterministic: expected true or false, got a string");
    }
}
