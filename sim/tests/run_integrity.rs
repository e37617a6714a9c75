//! Nothing lost, nothing silently wrong: every line of a results directory must be this run's
//! (resume, merge and replay check each one), an earlier run is never deleted without
//! `--force`, and a run that cannot be reproduced says so.

mod support;

use std::path::Path;
use support::*;

fn lines(path: &Path) -> Vec<String> {
    String::from_utf8(bytes(path)).unwrap().lines().map(String::from).collect()
}

fn write_lines(path: &Path, lines: &[String]) {
    std::fs::write(path, lines.iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
}

fn run_args<'a>(config: &'a str, out: &'a Path, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["run", "--config", config, "--out", out.to_str().unwrap(), "--quiet"];
    args.extend_from_slice(extra);
    args
}

#[test]
fn resume_refuses_a_line_of_another_seed_naming_file_and_line() {
    let dir = scratch("foreign-seed");
    let (ours, theirs) = (dir.join("ours"), dir.join("theirs"));
    run_ok(SMOKE, &ours, &[]);
    run_ok(SMOKE, &theirs, &["--seed", "2"]);
    let games = ours.join("connect4-smoke/games.jsonl");
    let index = |l: &String| serde_json::from_str::<serde_json::Value>(l).unwrap()["index"].as_u64().unwrap();
    let mut mixed = lines(&games)[..6].to_vec();
    let ours_indices: Vec<u64> = mixed.iter().map(index).collect();
    let foreign = lines(&theirs.join("connect4-smoke/games.jsonl"))
        .into_iter()
        .find(|l| !ours_indices.contains(&index(l)))
        .unwrap();
    mixed.push(foreign);
    write_lines(&games, &mixed);
    let before = bytes(&games);
    let err = bad_input(&sim(&run_args(SMOKE, &ours, &["--resume"])));
    assert!(err.contains("games.jsonl: line 7: game") && err.contains("not this run's"), "{err}");
    assert!(err.contains("config_hash"), "{err}");
    assert_eq!(bytes(&games), before, "a refused resume must not touch the file");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resume_refuses_a_line_whose_agents_or_seating_were_edited_and_a_duplicate() {
    let dir = scratch("foreign-agents");
    run_ok(SMOKE, &dir, &[]);
    let games = dir.join("connect4-smoke/games.jsonl");
    let original = lines(&games);
    // The same hash, seed and index, but other agents: a copied line edited by hand.
    let mut edited = original[..6].to_vec();
    let mut v: serde_json::Value = serde_json::from_str(&edited[2]).unwrap();
    v["agents"] = serde_json::json!(["random", "random"]);
    edited[2] = v.to_string();
    write_lines(&games, &edited);
    let err = bad_input(&sim(&run_args(SMOKE, &dir, &["--resume"])));
    assert!(err.contains("games.jsonl: line 3:") && err.contains("agents: the line has"), "{err}");
    let mut v: serde_json::Value = serde_json::from_str(&original[2]).unwrap();
    v["rotation"] = serde_json::json!(1 - v["rotation"].as_u64().unwrap());
    edited[2] = v.to_string();
    write_lines(&games, &edited);
    let err = bad_input(&sim(&run_args(SMOKE, &dir, &["--resume"])));
    assert!(err.contains("line 3:") && err.contains("seating"), "{err}");
    let mut twice = original[..6].to_vec();
    twice.push(original[1].clone());
    write_lines(&games, &twice);
    let err = bad_input(&sim(&run_args(SMOKE, &dir, &["--resume"])));
    assert!(err.contains("games.jsonl: line 7:") && err.contains("recorded twice"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_existing_run_is_never_deleted_without_force() {
    let dir = scratch("exists");
    run_ok(SMOKE, &dir, &[]);
    let run = dir.join("connect4-smoke");
    let games = bytes(&run.join("games.jsonl"));
    let err = bad_input(&sim(&run_args(SMOKE, &dir, &[])));
    assert!(
        err.contains("holds an earlier run") && err.contains("status 'complete'") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(bytes(&run.join("games.jsonl")), games);
    // Another seed into the same directory is refused the same way.
    bad_input(&sim(&run_args(SMOKE, &dir, &["--seed", "9"])));
    assert_eq!(bytes(&run.join("games.jsonl")), games);
    run_ok(SMOKE, &dir, &["--force", "--seed", "9"]);
    assert_ne!(bytes(&run.join("games.jsonl")), games);
    assert_eq!(json(&run.join("run.json"))["config"]["seed"], 9);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resume_without_run_json_refuses_instead_of_starting_from_zero() {
    let dir = scratch("no-run-json");
    run_ok(SMOKE, &dir, &[]);
    let run = dir.join("connect4-smoke");
    std::fs::remove_file(run.join("run.json")).unwrap();
    let games = bytes(&run.join("games.jsonl"));
    let err = bad_input(&sim(&run_args(SMOKE, &dir, &["--resume"])));
    assert!(err.contains("run.json is missing") && err.contains("games.jsonl"), "{err}");
    assert_eq!(bytes(&run.join("games.jsonl")), games);
    // An empty or absent directory has nothing to lose: --resume starts it (and says so).
    let fresh = dir.join("fresh");
    let o = sim(&["run", "--config", SMOKE, "--out", fresh.to_str().unwrap(), "--resume"]);
    let err = expect_code(&o, 0);
    assert!(err.contains("nothing to resume"), "{err}");
    assert_eq!(lines(&fresh.join("connect4-smoke/games.jsonl")).len(), 12);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resuming_an_unchecked_run_with_the_flag_does_not_claim_it_was_checked() {
    let dir = scratch("checked");
    run_ok(SMOKE, &dir, &[]);
    let run = dir.join("connect4-smoke");
    let games = run.join("games.jsonl");
    write_lines(&games, &lines(&games)[..5]);
    run_ok(SMOKE, &dir, &["--resume", "--check-invariants"]);
    assert_eq!(json(&run.join("run.json"))["check_invariants"], false);
    // A run checked from the start says so, and stays so when resumed with the flag.
    run_ok(SMOKE, &dir, &["--force", "--check-invariants"]);
    write_lines(&games, &lines(&games)[..5]);
    run_ok(SMOKE, &dir, &["--resume", "--check-invariants"]);
    assert_eq!(json(&run.join("run.json"))["check_invariants"], true);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn replay_of_a_game_missing_from_a_complete_run_is_an_error() {
    let dir = scratch("replay-missing");
    run_ok(SMOKE, &dir, &[]);
    let run = dir.join("connect4-smoke");
    let games = run.join("games.jsonl");
    let kept: Vec<String> = lines(&games).into_iter().filter(|l| !l.starts_with("{\"index\":3,")).collect();
    assert_eq!(kept.len(), 11);
    write_lines(&games, &kept);
    let err = bad_input(&sim(&["replay", "--run", run.to_str().unwrap(), "--game", "3"]));
    assert!(err.contains("games.jsonl") && err.contains("game 3 has no record"), "{err}");
    expect_code(&sim(&["replay", "--run", run.to_str().unwrap(), "--game", "4"]), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_blames_the_shard_that_lost_a_line_and_checks_every_line() {
    let dir = scratch("merge-missing");
    for k in 0..2 {
        run_ok(SMOKE, &dir, &["--shard", &format!("{k}/2")]);
    }
    let shard = |k: usize| dir.join(format!("connect4-smoke.shard-{k}-of-2"));
    let games1 = shard(1).join("games.jsonl");
    let all = lines(&games1);
    write_lines(&games1, &all[1..]);
    let merge = |extra: &[&str]| {
        let mut args = vec!["merge", "--quiet"];
        let (a, b) = (shard(0), shard(1));
        let dirs = [a.to_str().unwrap().to_string(), b.to_str().unwrap().to_string()];
        args.extend(dirs.iter().map(String::as_str));
        args.extend_from_slice(extra);
        sim(&args)
    };
    let err = bad_input(&merge(&[]));
    assert!(err.contains("shard-1-of-2") && err.contains("holds 5 of its 6 games"), "{err}");
    assert!(!err.starts_with(&format!("sim: error: {}", shard(0).display())), "{err}");
    // A line of shard 0 copied into shard 1: named by file and line.
    let mut with_foreign = all.clone();
    with_foreign.push(lines(&shard(0).join("games.jsonl"))[0].clone());
    write_lines(&games1, &with_foreign);
    let err = bad_input(&merge(&[]));
    assert!(err.contains("shard-1-of-2/games.jsonl: line 7:") && err.contains("another shard"), "{err}");
    write_lines(&games1, &all);
    expect_code(&merge(&[]), 0);
    // Merging again over the merged run needs --force.
    let err = bad_input(&merge(&[]));
    assert!(err.contains("holds an earlier run"), "{err}");
    expect_code(&merge(&["--force"]), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

const WALL_CLOCK: &str = r#"{"name": "clock", "game": "connect4", "games": 4, "seed": 1,
  "agents": [{"kind": "mcts", "iterations": 50, "time_ms": 5}, {"kind": "random"}]"#;

#[test]
fn a_wall_clock_budget_is_refused_unless_the_config_says_not_deterministic() {
    let dir = scratch("clock");
    let config = write(&dir, "clock.json", &format!("{WALL_CLOCK}}}"));
    let err = bad_input(&sim(&run_args(&config, &dir, &[])));
    assert!(err.contains("agents[0].time_ms") && err.contains("\"deterministic\": false"), "{err}");
    assert!(!dir.join("clock").exists(), "nothing may be written for a refused config");
    let config = write(&dir, "clock.json", &format!("{WALL_CLOCK}, \"deterministic\": false}}"));
    run_ok(&config, &dir, &[]);
    let run = dir.join("clock");
    assert_eq!(json(&run.join("run.json"))["deterministic"], false);
    assert_eq!(json(&run.join("run.json"))["config"]["deterministic"], false);
    assert_eq!(json(&run.join("summary.json"))["deterministic"], false);
    let err = bad_input(&sim(&["replay", "--run", run.to_str().unwrap(), "--game", "0"]));
    assert!(err.contains("cannot check a replay") && err.contains("deterministic"), "{err}");
    // A deterministic run says so too.
    run_ok(SMOKE, &dir, &[]);
    assert_eq!(json(&dir.join("connect4-smoke/summary.json"))["deterministic"], true);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fault_injection_beyond_the_games_is_refused() {
    let dir = scratch("fault-range");
    let config = write(
        &dir,
        "f.json",
        r#"{"name": "f", "game": "connect4", "games": 4, "agents": [{"kind": "random"}, {"kind": "random"}],
            "fault_injection": {"panic_in_games": [1, 4]}}"#,
    );
    let err = bad_input(&sim(&run_args(&config, &dir, &[])));
    assert!(err.contains("fault_injection.panic_in_games: game 4 is not a game of this run (0 to 3)"), "{err}");
    let err = bad_input(&sim(&run_args(&config, &dir, &["--games", "2"])));
    assert!(err.starts_with("sim: error: --games:"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_summary_beside_a_running_run_json_is_not_the_result_until_resume_finishes_it() {
    // The state a kill between the summary's rename and run.json's leaves (simulated: the
    // window is two renames wide). merge refuses it; --resume plays nothing and rewrites both.
    let dir = scratch("between-renames");
    run_ok(SMOKE, &dir, &["--shard", "0/1"]);
    let run = dir.join("connect4-smoke.shard-0-of-1");
    let summary = bytes(&run.join("summary.json"));
    let mut info = json(&run.join("run.json"));
    info["status"] = serde_json::json!("running");
    std::fs::write(run.join("run.json"), info.to_string()).unwrap();
    let err = bad_input(&sim(&["merge", "--quiet", run.to_str().unwrap(), "--out", dir.join("m").to_str().unwrap()]));
    assert!(err.contains("not 'complete'"), "{err}");
    bad_input(&sim(&run_args(SMOKE, &dir, &["--shard", "0/1"])));
    run_ok(SMOKE, &dir, &["--shard", "0/1", "--resume"]);
    let info = json(&run.join("run.json"));
    assert_eq!((info["status"].as_str(), info["session"]["games_played"].as_u64()), (Some("complete"), Some(0)));
    assert_eq!(bytes(&run.join("summary.json")), summary);
    std::fs::remove_dir_all(&dir).unwrap();
}
