//! Bad input: one line on stderr naming the file and the key, exit code 2, and nothing written.

mod support;

use support::*;

const GOOD: &str = r#"{"name": "bad", "game": "connect4", "games": 4, "seed": 1,
  "agents": [{"kind": "heuristic"}, {"kind": "random"}]}"#;

/// Runs `sim run` on `config` text; asserts exit 2, one stderr line naming `file` and `key`,
/// and that no results directory appeared. Returns the line.
fn rejected(config: &str, key: &str, extra: &[&str]) -> String {
    let dir = scratch("errors");
    let file = write(&dir, "exp.json", config);
    let out = dir.join("out");
    let mut args = vec!["run", "--config", &file, "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let o = sim(&args);
    let err = expect_code(&o, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("sim: error: "), "{err}");
    assert!(err.contains(key), "{err} should name {key}");
    assert!(o.stdout.is_empty());
    assert!(!out.exists(), "a bad config must write nothing: {err}");
    std::fs::remove_dir_all(&dir).unwrap();
    err
}

#[test]
fn unknown_key() {
    let err = rejected(&GOOD.replace("\"seed\"", "\"sed\""), "sed", &[]);
    assert!(err.contains("exp.json: sed: unknown key"), "{err}");
}

#[test]
fn wrong_type() {
    let err = rejected(&GOOD.replace("\"games\": 4", "\"games\": \"four\""), "games", &[]);
    assert!(err.contains("exp.json: games: expected an integer"), "{err}");
}

#[test]
fn bad_agent_kind() {
    let err = rejected(&GOOD.replace("random", "alphazero"), "agents[1].kind", &[]);
    assert!(err.contains("unknown agent 'alphazero'"), "{err}");
    rejected(
        &GOOD.replace("{\"kind\": \"heuristic\"}", "{\"kind\": \"mcts\", \"iterations\": 0}"),
        "agents[0].iterations",
        &[],
    );
}

#[test]
fn ti4_is_not_playable_yet() {
    let err = rejected(&GOOD.replace("connect4", "ti4"), "game", &[]);
    assert!(err.ends_with("exp.json: game: 'ti4' is not playable yet (issue 4)\n"), "{err}");
}

#[test]
fn factions_and_rules_are_checked_per_game() {
    rejected(&GOOD.replace("\"seed\": 1", "\"seed\": 1, \"factions\": [\"sol\", \"hacan\"]"), "factions", &[]);
    rejected(
        &GOOD.replace("\"seed\": 1", "\"seed\": 1, \"rules\": {\"victory_points\": 10}"),
        "rules.victory_points",
        &[],
    );
}

#[test]
fn flags_that_break_the_config_are_named() {
    let err = rejected(GOOD, "--games", &["--games", "5"]);
    assert!(err.contains("not a multiple of players"), "{err}");
    rejected(GOOD, "--threads", &["--threads", "0"]);
}

#[test]
fn unreadable_and_malformed_files() {
    let dir = scratch("missing");
    let out = dir.join("out");
    let o = sim(&["run", "--config", dir.join("nope.json").to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let err = expect_code(&o, 2);
    assert!(err.contains("nope.json") && err.lines().count() == 1, "{err}");
    assert!(!out.exists());
    rejected("{\"name\": \"x\",", "invalid JSON", &[]);
    std::fs::remove_dir_all(&dir).unwrap();
}
