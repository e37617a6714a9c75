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

const TI4: &str = r#"{"name": "bad", "game": "ti4", "games": 6, "seed": 1, "players": 3,
  "faction_pool": ["sol", "hacan", "letnev", "xxcha"], "agents": [{"kind": "random"}], "lineups": [[0, 0, 0]]}"#;

#[test]
fn ti4_factions_rules_and_agents_are_checked() {
    let err = rejected(&TI4.replace("\"xxcha\"", "\"xxcha\", \"creuss\""), "faction_pool[4]", &[]);
    assert!(err.contains("unknown faction 'creuss'"), "{err}");
    // Council Keleres borrows a home (The Tribuni): a draw that seats the Mentak, the Xxcha and
    // the Argent with it leaves none.
    let four = TI4.replace("\"players\": 3", "\"players\": 4").replace("[[0, 0, 0]]", "[[0, 0, 0, 0]]");
    let four = four.replace("\"games\": 6", "\"games\": 8");
    let lenders = four.replace("\"xxcha\"", "\"xxcha\", \"keleres\", \"mentak\", \"argent\"");
    let err = rejected(&lenders, "faction_pool", &[]);
    assert!(err.contains("'keleres' borrows the home of one of 'mentak', 'xxcha', 'argent'"), "{err}");
    let err = rejected(&TI4.replace("\"xxcha\"", "\"firmament\", \"obsidian\""), "faction_pool[4]", &[]);
    assert!(err.contains("'firmament' and 'obsidian' cannot play in one game"), "{err}");
    rejected(
        &TI4.replace("\"seed\": 1", "\"seed\": 1, \"rules\": {\"victory_points\": 0}"),
        "rules.victory_points",
        &[],
    );
    rejected(&TI4.replace("\"seed\": 1", "\"seed\": 1, \"rules\": {\"round_cap\": 300}"), "rules.round_cap", &[]);
    rejected(&TI4.replace("\"seed\": 1", "\"seed\": 1, \"rules\": {\"vp\": 10}"), "rules.vp", &[]);
    rejected(&TI4.replace("\"seed\": 1", "\"seed\": 1, \"rules\": {\"map\": \"1 2 3\"}"), "rules.map", &[]);
    rejected(&TI4.replace("\"players\": 3", "\"players\": 9"), "players", &[]);
    let five = TI4.replace("\"players\": 3", "\"players\": 5").replace("[[0, 0, 0]]", "[[0, 0, 0, 0, 0]]");
    rejected(&five.replace("\"games\": 6", "\"games\": 10"), "faction_pool", &[]);
    let err = rejected(
        &TI4.replace("{\"kind\": \"random\"}", "{\"kind\": \"heuristic\", \"weights\": {\"nonsense\": 1}}"),
        "agents[0].weights.nonsense",
        &[],
    );
    assert!(err.contains("unknown weight"), "{err}");
}

#[test]
fn a_bad_content_directory_names_file_entry_and_field() {
    let dir = scratch("content");
    let content = dir.join("content");
    std::fs::create_dir_all(&content).unwrap();
    let factions = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/factions.json"))
        .unwrap()
        .replacen("\"home_system\": \"05\"", "\"home_system\": \"nowhere\"", 1);
    std::fs::write(content.join("factions.json"), factions).unwrap();
    let config = TI4.replace("\"seed\": 1", &format!("\"seed\": 1, \"content\": {:?}", content.to_str().unwrap()));
    let err = rejected(&config, "content", &[]);
    assert!(err.contains("factions.json") && err.contains("arborec") && err.contains("home_system"), "{err}");
    let missing = TI4.replace("\"seed\": 1", "\"seed\": 1, \"content\": \"/nonexistent/content\"");
    rejected(&missing, "content", &[]);
    std::fs::remove_dir_all(&dir).unwrap();
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
