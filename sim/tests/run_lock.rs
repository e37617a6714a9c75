//! One writer per results directory (a second `sim run` into it is refused while the first
//! runs, with a real second process), and a `games` value as large as the config allows
//! starts playing at once instead of listing every index first.

mod support;

use std::process::Child;
use std::time::{Duration, Instant};
use support::*;

/// Slow enough (seconds) that a second process starts while the first is running.
const SLOW: &str = r#"{"name": "slow", "game": "connect4", "games": 60, "seed": 5,
  "agents": [{"kind": "mcts", "iterations": 2000}, {"kind": "mcts", "iterations": 1500}]}"#;

fn wait_for(what: &str, cond: impl Fn() -> bool) {
    let start = Instant::now();
    while !cond() {
        assert!(start.elapsed() < Duration::from_secs(120), "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn kill(mut child: Child) {
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
}

#[test]
fn a_second_run_into_a_locked_directory_is_refused() {
    let dir = scratch("lock");
    let config = write(&dir, "slow.json", SLOW);
    let out = dir.to_str().unwrap();
    let run = dir.join("slow");
    let first = command(&["run", "--config", &config, "--out", out, "--quiet", "--threads", "1"]).spawn().unwrap();
    wait_for("the first run's run.json", || run.join("run.json").exists());
    for extra in [&["--resume"][..], &["--force"], &["--seed", "6", "--force"]] {
        let mut args = vec!["run", "--config", &config, "--out", out, "--quiet"];
        args.extend_from_slice(extra);
        let err = bad_input(&sim(&args));
        assert!(err.contains("another sim process is writing this results directory"), "{extra:?}: {err}");
    }
    // The first run was not disturbed: it finishes with every game exactly once.
    let o = first.wait_with_output().unwrap();
    assert!(o.status.success());
    let info = json(&run.join("run.json"));
    assert_eq!((info["status"].as_str(), info["games_completed"].as_u64()), (Some("complete"), Some(60)));
    let mut indices: Vec<u64> = sorted_lines(&run.join("games.jsonl"))
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["index"].as_u64().unwrap())
        .collect();
    indices.sort_unstable();
    assert_eq!(indices, (0..60).collect::<Vec<_>>());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_lock_dies_with_a_killed_run_so_resume_can_finish_it() {
    let dir = scratch("lock-kill");
    let config = write(&dir, "slow.json", SLOW);
    let out = dir.to_str().unwrap();
    let games = dir.join("slow/games.jsonl");
    let first = command(&["run", "--config", &config, "--out", out, "--quiet", "--threads", "1"]).spawn().unwrap();
    wait_for("a first game", || std::fs::read(&games).is_ok_and(|b| b.contains(&b'\n')));
    kill(first);
    run_ok(&config, &dir, &["--resume"]);
    assert_eq!(json(&dir.join("slow/run.json"))["games_completed"], 60);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn the_largest_accepted_games_value_starts_playing_without_listing_every_index() {
    let dir = scratch("huge");
    // 2^55 games: inside the accepted range (up to 2^56), a multiple of the 2 players.
    let config = write(
        &dir,
        "huge.json",
        r#"{"name": "huge", "game": "connect4", "games": 36028797018963968,
            "agents": [{"kind": "random"}, {"kind": "random"}]}"#,
    );
    let games = dir.join("huge/games.jsonl");
    let mut child = command(&["run", "--config", &config, "--out", dir.to_str().unwrap(), "--quiet", "--threads", "2"])
        .spawn()
        .unwrap();
    wait_for("the first games", || {
        std::fs::read(&games).is_ok_and(|b| b.iter().filter(|&&c| c == b'\n').count() > 100)
    });
    // Listing 2^55 indices first took 2.8 GB within 3 s and then aborted before any game: that
    // games are played at all shows the range is not listed, and memory right then is small.
    // (Later, memory grows with the records kept for the summary, fast for Connect Four.)
    let rss = rss_kib(child.id());
    assert!(child.try_wait().unwrap().is_none(), "the run stopped");
    assert!(rss < 400 * 1024, "resident memory {rss} KiB after the first games");
    assert_eq!(json(&dir.join("huge/run.json"))["games_planned"], 36028797018963968u64);
    kill(child);
    std::fs::remove_dir_all(&dir).unwrap();
}
