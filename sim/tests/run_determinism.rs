//! `summary.json` does not depend on how a run is executed: thread count, invariant checks,
//! or a split into shards merged back together.

mod support;

use support::*;

#[test]
fn summary_is_identical_for_one_and_two_threads() {
    let dir = scratch("threads");
    let (one, two, checked) = (dir.join("one"), dir.join("two"), dir.join("checked"));
    run_ok(SMOKE, &one, &["--threads", "1"]);
    run_ok(SMOKE, &two, &["--threads", "2"]);
    run_ok(SMOKE, &checked, &["--threads", "2", "--check-invariants"]);
    let run = |d: &std::path::Path| d.join("connect4-smoke");
    assert_same_summary(&run(&one).join("summary.json"), &run(&two).join("summary.json"));
    assert_same_summary(&run(&one).join("summary.json"), &run(&checked).join("summary.json"));
    assert_eq!(sorted_lines(&run(&one).join("games.jsonl")), sorted_lines(&run(&two).join("games.jsonl")));
    let summary = json(&run(&one).join("summary.json"));
    assert_eq!(summary["games_completed"], 12);
    assert_eq!(summary["games_failed"], 0);
    let info = json(&run(&two).join("run.json"));
    assert_eq!((info["status"].as_str(), info["threads"].as_u64()), (Some("complete"), Some(2)));
    assert_eq!(info["config_hash"], summary["config_hash"]);
    assert_eq!(info["config_hash"].as_str().unwrap().len(), 64);
    assert_eq!(std::fs::read(run(&one).join("failures.jsonl")).unwrap(), b"");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn three_shards_merged_equal_one_run() {
    let dir = scratch("shards");
    let single = dir.join("single");
    run_ok(SMOKE, &single, &["--threads", "2"]);
    let shards = dir.join("shards");
    run_ok(SMOKE, &shards, &["--shard", "0/3"]);
    run_ok(SMOKE, &shards, &["--shard", "1/3", "--threads", "1"]);
    // The third shard takes its number from a Slurm job array's environment (ids 1..3).
    let o = command(&["run", "--config", SMOKE, "--out", shards.to_str().unwrap(), "--quiet"])
        .env("SLURM_ARRAY_TASK_ID", "3")
        .env("SLURM_ARRAY_TASK_COUNT", "3")
        .env("SLURM_ARRAY_TASK_MIN", "1")
        .output()
        .unwrap();
    expect_code(&o, 0);
    let shard = |k: u32| shards.join(format!("connect4-smoke.shard-{k}-of-3"));
    assert_eq!(json(&shard(2).join("summary.json"))["games_planned"], 4);
    let merged = dir.join("merged");
    let (a, b, c) = (shard(0), shard(1), shard(2));
    let args = |dirs: &[&std::path::Path]| {
        let mut v: Vec<String> = vec!["merge".into()];
        v.extend(dirs.iter().map(|d| d.to_str().unwrap().to_string()));
        v.extend(["--out".into(), merged.to_str().unwrap().into(), "--quiet".into()]);
        v
    };
    let run_args = args(&[&c, &a, &b]);
    let o = sim(&run_args.iter().map(String::as_str).collect::<Vec<_>>());
    expect_code(&o, 0);
    assert_same_summary(&single.join("connect4-smoke/summary.json"), &merged.join("summary.json"));
    assert_eq!(bytes(&merged.join("games.jsonl")).len(), bytes(&single.join("connect4-smoke/games.jsonl")).len());
    assert_eq!(json(&merged.join("run.json"))["merged_from"].as_array().unwrap().len(), 3);

    // A missing shard, or a shard given twice, is refused with one line.
    for dirs in [vec![&a, &b], vec![&a, &b, &c, &a]] {
        let run_args = args(&dirs.iter().map(|p| p.as_path()).collect::<Vec<_>>());
        let o = sim(&run_args.iter().map(String::as_str).collect::<Vec<_>>());
        let err = expect_code(&o, 2);
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn default_experiment_runs_with_overrides() {
    let dir = scratch("default");
    let o = sim(&["run", "--games", "6", "--threads", "2", "--out", dir.to_str().unwrap()]);
    expect_code(&o, 0);
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert!(stdout.contains("win rate") && stdout.contains("agent heuristic"), "{stdout}");
    assert!(stdout.contains("faction "), "{stdout}");
    let run = dir.join("ti4-faction-balance-default");
    let info = json(&run.join("run.json"));
    assert_eq!((info["config"]["game"].as_str(), info["config"]["players"].as_u64()), (Some("ti4"), Some(6)));
    assert_eq!(info["config"]["games"], 6);
    assert_eq!(json(&run.join("summary.json"))["games_completed"], 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_command_runs_the_embedded_default() {
    // `sim` alone starts the default (minutes of TI4) into ./results; stop it once games arrive.
    let dir = scratch("no-command");
    let mut child = command(&[]).current_dir(&dir).stdout(std::process::Stdio::null()).spawn().unwrap();
    let run = dir.join("results/ti4-faction-balance-default");
    let start = std::time::Instant::now();
    while std::fs::read(run.join("games.jsonl")).map_or(true, |b| !b.contains(&b'\n')) {
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "the default run wrote no games");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let info = json(&run.join("run.json"));
    assert_eq!(info["config"]["name"], "ti4-faction-balance-default");
    assert_eq!(info["status"], "running");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ti4_summary_is_identical_for_threads_and_shards() {
    let dir = scratch("ti4");
    let (one, two) = (dir.join("one"), dir.join("two"));
    run_ok(TI4_SMOKE, &one, &["--threads", "1", "--check-invariants"]);
    run_ok(TI4_SMOKE, &two, &["--threads", "2"]);
    let run = |d: &std::path::Path| d.join("ti4-smoke");
    assert_same_summary(&run(&one).join("summary.json"), &run(&two).join("summary.json"));
    assert_eq!(sorted_lines(&run(&one).join("games.jsonl")), sorted_lines(&run(&two).join("games.jsonl")));

    let shards = dir.join("shards");
    for k in ["0/3", "1/3", "2/3"] {
        run_ok(TI4_SMOKE, &shards, &["--shard", k, "--threads", "1"]);
    }
    let merged = dir.join("merged");
    let shard = |k: u32| shards.join(format!("ti4-smoke.shard-{k}-of-3")).to_str().unwrap().to_string();
    let (a, b, c) = (shard(0), shard(1), shard(2));
    let o = sim(&["merge", &b, &c, &a, "--out", merged.to_str().unwrap(), "--quiet"]);
    expect_code(&o, 0);
    assert_same_summary(&run(&one).join("summary.json"), &merged.join("summary.json"));

    // The TI4 parts of records and summary are there.
    let first: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(run(&one).join("games.jsonl")).unwrap().lines().next().unwrap())
            .unwrap();
    for key in ["factions", "agents", "ranking", "scores", "rounds", "decisions", "end", "tallies"] {
        assert!(first.get(key).is_some(), "games.jsonl lacks {key}: {first}");
    }
    let events = first["tallies"]["events"].as_array().expect("tallies.events");
    assert!(events.iter().any(|e| e["label"] == "research" && e["key"].is_string() && e["group"].is_string()));
    let s = json(&run(&one).join("summary.json"));
    assert_eq!((s["game"].as_str(), s["games_completed"].as_u64()), (Some("ti4"), Some(12)));
    for key in ["factions", "eliminations", "technologies"] {
        assert!(s[key].is_object(), "summary lacks {key}");
    }
    assert!(s["length"]["rounds"]["max"].as_u64().unwrap() <= 6, "round cap 6: {}", s["length"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
