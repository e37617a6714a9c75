//! A bounded-time mutation fuzzer over the public API, run by `cargo test`: experiment configs,
//! TI4 positions and TI4 content are mutated from the committed corpus (`tests/fuzz/corpus/`,
//! plus the embedded content files) and parsed, and random games (random configs, random
//! actions) are played with the invariant check after every step. A panic anywhere, a broken
//! invariant, or an input that parses but does not survive its own round trip is a finding;
//! the test prints each target's executions and fails on the first finding, with the input.
//!
//! `SIM_FUZZ_SECONDS` sets the time per target (default 1.5 s, so `cargo test` stays quick);
//! `SIM_FUZZ_SEED` the mutation seed (default 0). A longer session:
//! `SIM_FUZZ_SECONDS=60 SIM_FUZZ_SEED=7 cargo test --release -p sim --test fuzz -- --nocapture --test-threads 1`.

use std::panic::{self, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

use agents::agent::agent_rng;
use engine::game::{Game, Turn};
use engine::ti4::content::{Content, FILES, NUM_FILES};
use engine::ti4::position::{state_from_json, state_to_json};
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};
use sim::run::config::{Experiment, Overrides};
use sim::run::spec::{Experimentable, Setup};

/// Time per target.
fn budget() -> Duration {
    let s = std::env::var("SIM_FUZZ_SECONDS").ok().and_then(|s| s.parse::<f64>().ok()).unwrap_or(1.5);
    Duration::from_secs_f64(s)
}

fn seed() -> u64 {
    std::env::var("SIM_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0)
}

fn corpus(kind: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/corpus").join(kind);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let texts: Vec<String> = files.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect();
    assert!(!texts.is_empty(), "empty corpus {}", dir.display());
    texts
}

/// Runs `exec` on fresh inputs until the budget is spent; each call returns whether the input
/// was accepted (went past parsing) or `Err` for a finding (a panic is caught and turned into
/// one). Returns the executions.
fn fuzz(target: &str, mut exec: impl FnMut(&mut ChaCha8Rng) -> Result<bool, String>) -> u64 {
    let mut rng = agent_rng(seed(), target.len() as u64);
    let start = Instant::now();
    let (mut n, mut accepted) = (0u64, 0u64);
    let quiet = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let mut finding = None;
    while start.elapsed() < budget() {
        n += 1;
        match panic::catch_unwind(AssertUnwindSafe(|| exec(&mut rng))) {
            Ok(Ok(deep)) => accepted += u64::from(deep),
            Ok(Err(e)) => finding = Some(e),
            Err(p) => {
                let msg =
                    p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
                finding = Some(format!("panic: {}", msg.unwrap_or_default()));
            }
        }
        if finding.is_some() {
            break;
        }
    }
    panic::set_hook(quiet);
    let secs = start.elapsed().as_secs_f64();
    let found = usize::from(finding.is_some());
    println!("fuzz {target}: {n} executions ({accepted} accepted), {found} findings, {secs:.1} s (seed {})", seed());
    if let Some(f) = finding {
        panic!("fuzz {target}: finding after {n} executions: {f}");
    }
    n
}

/// Strings worth trying where a string goes: ids of the content, keys of configs, oddities.
const WORDS: [&str; 24] = [
    "sol",
    "hacan",
    "keleres",
    "firmament",
    "obsidian",
    "jord",
    "01",
    "18",
    "infantry",
    "war_sun",
    "mcts",
    "heuristic",
    "random",
    "rotate",
    "fixed",
    "ti4",
    "legion",
    "connect4",
    "",
    "\u{0}",
    "é",
    "../x",
    "null",
    "-1",
];

fn random_value(rng: &mut ChaCha8Rng) -> Value {
    match rng.random_range(0..12) {
        0 => Value::Null,
        1 => json!(rng.random::<bool>()),
        2 => json!(
            [0u64, 1, 2, 3, 6, 8, 12, 13, 255, 256, 65535, 1 << 32, 1 << 53, 1 << 56, u64::MAX]
                [rng.random_range(0..15)]
        ),
        3 => json!([-1i64, -255, i64::MIN][rng.random_range(0..3)]),
        4 => json!([0.5f64, -0.0, 1e300, 2.5][rng.random_range(0..4)]),
        5 | 6 => json!(WORDS[rng.random_range(0..WORDS.len())]),
        7 => json!([]),
        8 => json!({}),
        9 => json!([WORDS[rng.random_range(0..WORDS.len())]]),
        10 => json!({"kind": WORDS[rng.random_range(0..WORDS.len())]}),
        _ => json!(rng.random_range(0u64..40)),
    }
}

/// A random node of `v` (the root included) to mutate, by walking down.
fn mutate_value(v: &mut Value, rng: &mut ChaCha8Rng) {
    let descend = rng.random_range(0..4) != 0;
    match v {
        Value::Object(m) if descend && !m.is_empty() => {
            let keys: Vec<String> = m.keys().cloned().collect();
            let k = &keys[rng.random_range(0..keys.len())];
            match rng.random_range(0..8) {
                0 => {
                    m.remove(k);
                }
                1 => {
                    m.insert(WORDS[rng.random_range(0..WORDS.len())].to_string(), random_value(rng));
                }
                _ => mutate_value(m.get_mut(k).unwrap(), rng),
            }
        }
        Value::Array(a) if descend && !a.is_empty() => {
            let i = rng.random_range(0..a.len());
            match rng.random_range(0..8) {
                0 => {
                    a.remove(i);
                }
                1 => {
                    let copy = a[i].clone();
                    a.push(copy);
                }
                _ => mutate_value(&mut a[i], rng),
            }
        }
        _ => *v = random_value(rng),
    }
}

/// `text` mutated: mostly as JSON (one to four node edits), sometimes as bytes.
fn mutate(text: &str, rng: &mut ChaCha8Rng) -> String {
    if rng.random_range(0..8) == 0 {
        let mut b = text.as_bytes().to_vec();
        match rng.random_range(0..3) {
            0 => b.truncate(rng.random_range(0..=b.len())),
            1 if !b.is_empty() => {
                let i = rng.random_range(0..b.len());
                b[i] = rng.random();
            }
            _ => {
                let i = rng.random_range(0..=b.len());
                b.insert(i, b"{}[],:\"0-e"[rng.random_range(0..10)]);
            }
        }
        return String::from_utf8_lossy(&b).into_owned();
    }
    let Ok(mut v) = serde_json::from_str::<Value>(text) else { return text.to_string() };
    for _ in 0..rng.random_range(1..=4) {
        mutate_value(&mut v, rng);
    }
    v.to_string()
}

#[test]
fn fuzz_experiment_configs() {
    let seeds = corpus("config");
    fuzz("config", |rng| {
        let text = mutate(&seeds[rng.random_range(0..seeds.len())], rng);
        let Ok(exp) = Experiment::from_json(&text, "fuzz.json", &Overrides::default()) else { return Ok(false) };
        // The canonical form must read back to itself (run.json, replay and merge rely on it).
        let again = Experiment::from_value(&exp.canonical(), "run.json", &Overrides::default())
            .map_err(|e| format!("canonical form of {text} does not parse: {e}"))?;
        if again.canonical() != exp.canonical() {
            return Err(format!("canonical form of {text} is not a fixpoint"));
        }
        // The game's own checks: errors are fine, panics are findings.
        let _ = match exp.game.as_str() {
            "ti4" => engine::ti4::game::Ti4Game::prepare(&exp, "fuzz.json").map(|_| ()),
            "legion" => engine::legion::LegionGame::prepare(&exp, "fuzz.json").map(|_| ()),
            _ => engine::connect_four::ConnectFour::prepare(&exp, "fuzz.json").map(|_| ()),
        };
        Ok(true)
    });
}

#[test]
fn fuzz_ti4_positions() {
    let seeds = corpus("position");
    let c = Content::embedded();
    fuzz("position", |rng| {
        let text = mutate(&seeds[rng.random_range(0..seeds.len())], rng);
        let Ok(state) = state_from_json(&c, &text) else { return Ok(false) };
        // A position that reads must write a position that reads back to the same state.
        let written = state_to_json(&c, &state);
        let back = state_from_json(&c, &written).map_err(|e| format!("{text}: written back as {written}: {e}"))?;
        if back != state {
            return Err(format!("{text}: does not read back to the same state"));
        }
        Ok(true)
    });
}

/// Plays `state` with uniformly random actions for at most `steps` steps, checking `check`
/// after every one.
fn random_play<G: Game>(
    mut state: G,
    steps: u64,
    rng: &mut ChaCha8Rng,
    check: impl Fn(&G) -> Result<(), String>,
) -> Result<(), String> {
    let mut legal = Vec::new();
    check(&state)?;
    for step in 0..steps {
        match state.current() {
            Turn::Terminal => return Ok(()),
            Turn::Chance => state.apply_chance(rng),
            Turn::Player(_) => {
                state.legal_actions(&mut legal);
                if legal.is_empty() {
                    return Err(format!("step {step}: a player to move has no legal action"));
                }
                state.apply(legal[rng.random_range(0..legal.len())]);
            }
        }
        check(&state).map_err(|e| format!("step {step}: {e}"))?;
    }
    Ok(())
}

#[test]
fn fuzz_ti4_content() {
    let embedded = Content::embedded_texts();
    let factions: Vec<String> = embedded_faction_ids();
    fuzz("content", |rng| {
        let mut texts: [String; NUM_FILES] = embedded.map(str::to_string);
        let file = rng.random_range(0..NUM_FILES);
        texts[file] = mutate(&texts[file], rng);
        let what = || format!("{} mutated", FILES[file]);
        let Ok(c) = Content::from_texts(std::array::from_fn(|i| texts[i].as_str())) else { return Ok(false) };
        // Content that loads must set up and play: a few random seats and 300 random steps.
        let c = std::sync::Arc::new(c);
        let n = rng.random_range(3..=6);
        let mut seats = Vec::new();
        while seats.len() < n {
            let id = &factions[rng.random_range(0..factions.len())];
            if let Some(f) = c.faction(id).filter(|f| !seats.contains(f)) {
                seats.push(f);
            }
        }
        let map = engine::ti4::game::MapChoice::Random(rng.next_u64());
        let Ok(game) = engine::ti4::game::Ti4Game::new(c, &seats, &map, Default::default()) else { return Ok(false) };
        random_play(game, 300, rng, |g| g.check_invariants().map_err(String::from))
            .map_err(|e| format!("{}: {e}", what()))?;
        Ok(true)
    });
}

fn embedded_faction_ids() -> Vec<String> {
    let c = Content::embedded();
    c.factions.iter().filter(|f| f.home_system.is_some()).map(|f| f.key.clone()).collect()
}

/// A random valid config for `game`, or `None` when the draw was rejected.
fn random_config(game: &str, rng: &mut ChaCha8Rng, factions: &[String]) -> Option<Experiment> {
    let mut v = Map::new();
    v.insert("name".into(), json!("fuzz"));
    v.insert("game".into(), json!(game));
    v.insert("seed".into(), json!(rng.next_u64()));
    v.insert("seating".into(), json!("fixed"));
    v.insert("games".into(), json!(1));
    let players = match game {
        "ti4" => {
            let p = rng.random_range(3..=8);
            let mut pool = factions.to_vec();
            for i in 0..p {
                let j = rng.random_range(i..pool.len());
                pool.swap(i, j);
            }
            v.insert("factions".into(), json!(pool[..p]));
            v.insert(
                "rules".into(),
                json!({"victory_points": rng.random_range(1..=30), "round_cap": rng.random_range(1..=12)}),
            );
            p
        }
        "legion" => {
            v.insert("factions".into(), json!(["empire", "rebels"]));
            v.insert("rules".into(), json!({"rounds": rng.random_range(5..=6)}));
            2
        }
        _ => 2,
    };
    v.insert("agents".into(), json!(vec![json!({"kind": "random"}); players]));
    Experiment::from_value(&Value::Object(v), "fuzz", &Overrides::default()).ok()
}

fn play_game<G: Experimentable>(exp: &Experiment, rng: &mut ChaCha8Rng, steps: u64) -> Result<bool, String> {
    let Ok(prep) = G::prepare(exp, "fuzz") else { return Ok(false) };
    let setup = Setup { players: exp.players, factions: exp.factions.clone() };
    let mut chance = agent_rng(rng.next_u64(), 0);
    let game = G::new_game(&prep, &setup, &mut chance);
    random_play(game, steps, rng, |g| G::check_invariants(g)).map_err(|e| format!("{}: {e}", exp.canonical()))?;
    Ok(true)
}

#[test]
fn fuzz_random_games_with_the_invariant_check() {
    let factions = embedded_faction_ids();
    fuzz("play", |rng| {
        let game = ["ti4", "ti4", "legion", "connect4"][rng.random_range(0..4)];
        let Some(exp) = random_config(game, rng, &factions) else { return Ok(false) };
        match game {
            "ti4" => play_game::<engine::ti4::game::Ti4Game>(&exp, rng, 5_000),
            "legion" => play_game::<engine::legion::LegionGame>(&exp, rng, 5_000),
            _ => play_game::<engine::connect_four::ConnectFour>(&exp, rng, 100),
        }
    });
}
