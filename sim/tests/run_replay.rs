//! `sim replay` reproduces games bit for bit; injected panics are recorded, the run goes on,
//! and the exit code says so.

mod support;

use serde_json::Value;
use support::*;

#[test]
fn replay_reproduces_a_game() {
    let dir = scratch("replay");
    run_ok(SMOKE, &dir, &[]);
    let run = dir.join("connect4-smoke");
    let run_s = run.to_str().unwrap();
    let o = sim(&["replay", "--run", run_s, "--game", "5"]);
    expect_code(&o, 0);
    let log = String::from_utf8(o.stdout).unwrap();
    assert!(log.starts_with("game 5 of connect4-smoke (connect4): seed 1, block 2, rotation 1, lineup 2"), "{log}");
    assert!(log.contains("7 legal") && log.contains("replay matches the record in games.jsonl"), "{log}");

    let o = sim(&["replay", "--run", run_s, "--game", "5", "--json"]);
    expect_code(&o, 0);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "match");
    let decisions = v["trace"].as_array().unwrap().iter().filter(|s| s["type"] == "decision").count();
    assert_eq!(decisions as u64, v["recorded"]["decisions"].as_u64().unwrap());
    assert_eq!(v["replayed"], v["recorded"]);

    // A record that does not match its replay is an error (exit 3).
    let games = String::from_utf8(bytes(&run.join("games.jsonl"))).unwrap();
    let tampered: String = games
        .lines()
        .map(|l| {
            let mut r: Value = serde_json::from_str(l).unwrap();
            if r["index"] == 5 {
                r["decisions"] = Value::from(99);
            }
            r.to_string() + "\n"
        })
        .collect();
    std::fs::write(run.join("games.jsonl"), tampered).unwrap();
    let o = sim(&["replay", "--run", run_s, "--game", "5"]);
    let err = expect_code(&o, 3);
    assert!(err.contains("differs"), "{err}");

    let o = sim(&["replay", "--run", run_s, "--game", "12"]);
    assert!(expect_code(&o, 2).contains("--game"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_injected_panic_is_recorded_and_the_run_goes_on() {
    let dir = scratch("panic");
    let smoke = String::from_utf8(bytes(std::path::Path::new(SMOKE))).unwrap();
    let config = smoke.replacen("\"seed\": 1,", "\"seed\": 1, \"fault_injection\": {\"panic_in_games\": [1, 4]},", 1);
    assert_ne!(config, smoke);
    let file = write(&dir, "panic.json", &config);
    let o = sim(&["run", "--config", &file, "--out", dir.to_str().unwrap(), "--quiet", "--threads", "2"]);
    let err = expect_code(&o, 3);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("2 of 12 games failed") && err.contains("failures.jsonl"), "{err}");

    let run = dir.join("connect4-smoke");
    let failures: Vec<Value> =
        sorted_lines(&run.join("failures.jsonl")).iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut indices: Vec<u64> = failures.iter().map(|f| f["index"].as_u64().unwrap()).collect();
    indices.sort();
    assert_eq!(indices, vec![1, 4]);
    for f in &failures {
        assert_eq!((f["kind"].as_str(), f["seed"].as_u64()), (Some("panic"), Some(1)));
        assert!(f["message"].as_str().unwrap().contains("injected panic"), "{f}");
    }
    assert_eq!(sorted_lines(&run.join("games.jsonl")).len(), 10);
    let summary = json(&run.join("summary.json"));
    assert_eq!((summary["games_failed"].as_u64(), summary["games_completed"].as_u64()), (Some(2), Some(10)));
    assert_eq!(summary["failed_games"], serde_json::json!([1, 4]));

    // The recorded replay command reproduces the failure (exit 3, "reproduces").
    let f = failures.iter().find(|f| f["index"] == 4).unwrap();
    let cmd: Vec<&str> = f["replay"].as_str().unwrap().split_whitespace().collect();
    assert_eq!(cmd[..2], ["sim", "replay"]);
    let o = sim(&cmd[1..]);
    let err = expect_code(&o, 3);
    assert!(err.contains("game 4 failed (panic)"), "{err}");
    assert!(String::from_utf8(o.stdout).unwrap().contains("replay reproduces the record in failures.jsonl"));
    std::fs::remove_dir_all(&dir).unwrap();
}
