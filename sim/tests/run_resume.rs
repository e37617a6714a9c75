//! Crash safety: a run killed part-way (or one whose last line was torn) finishes with
//! `--resume` to the same `summary.json` as an uninterrupted run.

mod support;

use std::time::{Duration, Instant};
use support::*;

/// Slow enough (a few seconds on one thread) to be killed part-way.
const SLOW: &str = r#"{"name": "slow", "game": "connect4", "games": 100, "seed": 5,
  "agents": [{"kind": "mcts", "iterations": 2000}, {"kind": "mcts", "iterations": 1500}]}"#;

fn line_count(path: &std::path::Path) -> usize {
    std::fs::read(path).map(|b| b.iter().filter(|&&c| c == b'\n').count()).unwrap_or(0)
}

#[test]
fn a_killed_run_resumes_to_the_identical_summary() {
    let dir = scratch("kill");
    let config = write(&dir, "slow.json", SLOW);
    let reference = dir.join("reference");
    run_ok(&config, &reference, &["--threads", "2"]);

    let out = dir.join("killed");
    let games = out.join("slow/games.jsonl");
    let mut child = command(&["run", "--config", &config, "--out", out.to_str().unwrap(), "--quiet", "--threads", "1"])
        .spawn()
        .unwrap();
    let start = Instant::now();
    while line_count(&games) < 3 {
        assert!(start.elapsed() < Duration::from_secs(120), "no games were written");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let written = line_count(&games);
    assert!(written < 100, "the run finished before it was killed");
    assert!(!out.join("slow/summary.json").exists());
    assert_eq!(json(&out.join("slow/run.json"))["status"], "running");

    run_ok(&config, &out, &["--resume", "--threads", "2"]);
    assert_same_summary(&reference.join("slow/summary.json"), &out.join("slow/summary.json"));
    assert_eq!(line_count(&games), 100);
    let info = json(&out.join("slow/run.json"));
    assert_eq!(info["session"]["resumed"], true);
    assert!(info["session"]["games_from_earlier_sessions"].as_u64().unwrap() >= written as u64);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_torn_last_line_is_dropped_and_replayed() {
    let dir = scratch("torn");
    let run = dir.join("connect4-smoke");
    run_ok(SMOKE, &dir, &[]);
    let summary = bytes(&run.join("summary.json"));
    // Keep five complete lines and half of the sixth, as a kill in mid-write would.
    let text = String::from_utf8(bytes(&run.join("games.jsonl"))).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let torn = format!("{}\n{}", lines[..5].join("\n"), &lines[5][..lines[5].len() / 2]);
    std::fs::write(run.join("games.jsonl"), torn).unwrap();
    std::fs::remove_file(run.join("summary.json")).unwrap();

    run_ok(SMOKE, &dir, &["--resume"]);
    assert_eq!(bytes(&run.join("summary.json")), summary);
    let text = String::from_utf8(bytes(&run.join("games.jsonl"))).unwrap();
    assert_eq!(text.lines().count(), 12);
    assert!(text.lines().all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()));
    assert_eq!(json(&run.join("run.json"))["session"]["games_played"], 7);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resume_refuses_a_different_experiment() {
    let dir = scratch("refuse");
    run_ok(SMOKE, &dir, &[]);
    let o = sim(&["run", "--config", SMOKE, "--out", dir.to_str().unwrap(), "--resume", "--seed", "2"]);
    let err = expect_code(&o, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("config hash"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
