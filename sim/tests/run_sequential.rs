//! `sim run --until-decided` (sequential stopping, `sim::run::sequential`) on real TI4 runs of
//! the `sim compare` example: it stops at the first look where the monitored faction is
//! decided, gives the same summary for any thread count, after a resume and for merged shards
//! played look by look, and with `--compare-to` decides the planted edit "higher" and the
//! inert edit "within". The error rates themselves are checked in `balance_calibration.rs`.

mod support;

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use support::*;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// The committed compare config `variant` with `until_decided` set to `rule`, written to
/// `dir`; returns the path.
fn config(dir: &Path, variant: &str, rule: Value) -> String {
    let mut c: Value = json(&root().join(format!("sim/experiments/compare/{variant}.json")));
    c["until_decided"] = rule;
    write(dir, &format!("{variant}.json"), &c.to_string())
}

/// `sim run` from the repository root (where the content paths resolve), expecting `code`.
fn run(args: &[&str], code: i32) -> String {
    let o = command(args).current_dir(root()).output().unwrap();
    expect_code(&o, code);
    String::from_utf8(o.stdout).unwrap()
}

fn summary(dir: &Path) -> Value {
    json(&dir.join("summary.json"))
}

#[test]
fn a_sequential_run_stops_when_decided_the_same_way_on_any_threads_resume_and_shards() {
    let dir = scratch("sequential");
    let cfg = config(&dir, "planted", json!({"monitor": ["winnu"], "batch": 30}));
    let one = dir.join("one");
    run(&["run", "--config", &cfg, "--out", one.to_str().unwrap(), "--quiet", "--threads", "1"], 0);
    let run_dir = one.join("ti4-compare-planted");
    let s = summary(&run_dir);
    let q = &s["sequential"];
    assert_eq!((q["stopped"].as_str(), q["groups"]["winnu"]["decision"].as_str()), (Some("decided"), Some("higher")));
    let used = q["games_used"].as_u64().unwrap();
    assert!(used < 600 && used.is_multiple_of(30), "stops at a look before the cap: {q}");
    assert_eq!(q["looks"].as_array().unwrap().len() as u64, used / 30);
    assert_eq!(s["games_completed"].as_u64(), Some(used), "the summary covers the games up to the stop");
    assert_eq!(sorted_lines(&run_dir.join("games.jsonl")).len() as u64, used, "no game beyond the stopping look");
    assert_eq!(q["groups_counted"], 1, "Bonferroni over the monitored factions only");

    // Two threads: the same bytes.
    let two = dir.join("two");
    run(&["run", "--config", &cfg, "--out", two.to_str().unwrap(), "--quiet", "--threads", "2"], 0);
    assert_same_summary(&run_dir.join("summary.json"), &two.join("ti4-compare-planted/summary.json"));

    // Resuming a decided run plays nothing and writes the same summary.
    run(&["run", "--config", &cfg, "--out", one.to_str().unwrap(), "--quiet", "--resume"], 0);
    assert_same_summary(&run_dir.join("summary.json"), &two.join("ti4-compare-planted/summary.json"));
    assert_eq!(sorted_lines(&run_dir.join("games.jsonl")).len() as u64, used);

    // Shards play one look a session; merge decides; resume the shards until it is decided.
    let sh = dir.join("shards");
    let merged = dir.join("merged");
    let mut sessions = 0;
    loop {
        sessions += 1;
        for k in ["0/2", "1/2"] {
            let mut args = vec!["run", "--config", &cfg, "--out", sh.to_str().unwrap(), "--quiet", "--shard", k];
            if sessions > 1 {
                args.push("--resume");
            }
            run(&args, 0);
        }
        let shards: Vec<String> = ["0", "1"]
            .iter()
            .map(|k| sh.join(format!("ti4-compare-planted.shard-{k}-of-2")).to_str().unwrap().to_string())
            .collect();
        let info = json(&Path::new(&shards[0]).join("run.json"));
        assert_eq!(info["status"], "paused", "a shard waits for the merge after each look");
        run(&["merge", &shards[0], &shards[1], "--out", merged.to_str().unwrap(), "--quiet", "--force"], 0);
        let m = summary(&merged);
        if m["sequential"]["stopped"] == "decided" {
            break;
        }
        assert_eq!(m["sequential"]["stopped"], "more looks");
        assert!(sessions < 20, "never decided");
    }
    assert_eq!(sessions as u64, used / 30, "one shard session per look");
    assert_same_summary(&merged.join("summary.json"), &run_dir.join("summary.json"));
}

#[test]
fn compare_to_decides_the_planted_edit_higher_and_the_inert_edit_within() {
    let dir = scratch("sequential-compare");
    let out = dir.to_str().unwrap();
    let base_cfg = root().join("sim/experiments/compare/base.json");
    run(&["run", "--config", base_cfg.to_str().unwrap(), "--out", out, "--quiet", "--games", "240"], 0);
    let base = dir.join("ti4-compare-base");
    let base_arg = base.to_str().unwrap();
    let rule = json!({"monitor": ["winnu"]});

    let planted = config(&dir, "planted", rule.clone());
    let text = run(&["run", "--config", &planted, "--out", out, "--compare-to", base_arg], 0);
    assert!(text.contains("until decided (difference from the base run") && text.contains("compare "), "{text}");
    let q = &summary(&dir.join("ti4-compare-planted"))["sequential"];
    assert_eq!(q["groups"]["winnu"]["decision"], "higher", "{q}");
    assert!(q["games_used"].as_u64().unwrap() <= 240, "{q}");
    assert_eq!(q["compared_to"]["games"], 240);
    assert!(q["monitored"].as_str().unwrap().contains("base run"));

    let inert = config(&dir, "inert", rule);
    run(&["run", "--config", &inert, "--out", out, "--quiet", "--compare-to", base_arg], 0);
    let q = &summary(&dir.join("ti4-compare-inert"))["sequential"];
    assert_eq!(
        (q["groups"]["winnu"]["decision"].as_str(), q["games_used"].as_u64()),
        (Some("within"), Some(60)),
        "{q}"
    );
    assert_eq!(q["groups"]["winnu"]["estimate"], 0.0, "identical games: no difference at all");
}

#[test]
fn bad_sequential_input_is_one_line_and_exit_2() {
    let dir = scratch("sequential-bad");
    let out = dir.to_str().unwrap();
    for (rule, key) in [
        (json!({"batch": 7}), "until_decided.batch"),
        (json!({"effect": 2}), "until_decided.effect"),
        (json!({"monitor": ["hacan"]}), "until_decided.monitor[0]"),
        (json!("yes"), "until_decided"),
    ] {
        let cfg = config(&dir, "base", rule);
        let o = command(&["run", "--config", &cfg, "--out", out]).current_dir(root()).output().unwrap();
        let err = bad_input(&o);
        assert!(err.contains(&format!("base.json: {key}: ")), "{err}");
    }
    let cfg = root().join("sim/experiments/compare/base.json");
    let o = command(&["run", "--config", cfg.to_str().unwrap(), "--out", out, "--compare-to", out, "--shard", "0/2"])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(bad_input(&o).contains("--compare-to: not with --shard"));
    // A base run of other games (another seed) is refused before anything is played.
    run(&["run", "--config", SMOKE, "--out", out, "--quiet"], 0);
    let smoke = dir.join("connect4-smoke");
    let o = command(&["run", "--config", cfg.to_str().unwrap(), "--out", out, "--compare-to", smoke.to_str().unwrap()])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(bad_input(&o).contains("not the same games"));
    assert!(!dir.join("ti4-compare-base").join("games.jsonl").exists(), "nothing written");
}
