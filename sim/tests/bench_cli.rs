//! `sim bench` end to end: the shape of the JSON report and that every figure is a positive
//! number. Values are not checked: performance claims come from the benches, never from timed
//! tests.

use serde_json::Value;
use std::process::{Command, Output};

fn sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sim")).args(args).output().unwrap()
}

/// Every figure of the report, by JSON pointer; each key ends in its unit.
const FIGURES: [&str; 16] = [
    "/games/ti4/research/fresh_start/fast_ns",
    "/games/ti4/research/fresh_start/reference_ns",
    "/games/ti4/research/fresh_start/speedup_x",
    "/games/ti4/research/mid_game/fast_ns",
    "/games/ti4/research/mid_game/reference_ns",
    "/games/ti4/research/mid_game/speedup_x",
    "/games/ti4/research/worst_case/fast_ns",
    "/games/ti4/research/worst_case/reference_ns",
    "/games/ti4/research/worst_case/speedup_x",
    "/games/ti4/elimination/check_ns",
    "/games/connect4/mcts_simulations_per_sec",
    "/games/connect4/parallel_speedup_x",
    "/games/ti4/games/random_6p_games_per_sec_per_core",
    "/games/ti4/games/mcts_iterations_per_sec",
    "/games/legion/random_games_per_sec_per_core",
    "/games/legion/mcts_iterations_per_sec",
];

/// Collects the pointers of every number whose key ends in a unit suffix.
fn unit_keys(v: &Value, at: String, out: &mut Vec<String>) {
    if let Value::Object(map) = v {
        for (k, x) in map {
            let here = format!("{at}/{k}");
            if ["_ns", "_per_sec", "_per_core", "_x"].iter().any(|u| k.ends_with(u)) {
                out.push(here.clone());
            }
            unit_keys(x, here, out);
        }
    }
}

#[test]
fn quick_json_report_has_every_figure_as_a_positive_number() {
    let out = sim(&["bench", "--quick", "--json"]);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "--json prints nothing on stderr: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object on one line: {text}");
    let v: Value = serde_json::from_str(&text).unwrap();

    assert_eq!(v["format"], 2);
    assert_eq!(v["quick"], true);
    assert!(v["threads"].as_u64().is_some_and(|t| t >= 1), "{v}");
    assert!(v["cores"].as_u64().is_some_and(|t| t >= 1), "{v}");
    assert!(v["timing"].as_str().is_some_and(|t| t.contains("median")), "{v}");
    let fig = |p: &str| v.pointer(p).unwrap_or_else(|| panic!("missing {p} in {v}"));
    for p in FIGURES {
        let x = fig(p).as_f64().unwrap_or_else(|| panic!("{p} is not a number: {}", fig(p)));
        assert!(x > 0.0 && x.is_finite(), "{p} = {x}");
    }
    for (name, count) in [("fresh_start", 11), ("mid_game", 21), ("worst_case", 359)] {
        assert_eq!(fig(&format!("/games/ti4/research/{name}/options")), count);
    }
    assert_eq!(fig("/games/ti4/elimination/players"), 6);
    assert_eq!(fig("/games/ti4/elimination/position"), "mid_game");
    assert_eq!(fig("/games/connect4/iterations_per_move"), 1000);
    assert!(fig("/games/connect4/parallel_games").as_u64().is_some_and(|g| g >= 16));
    assert_eq!(fig("/games/ti4/games/players"), 6);
    assert!(fig("/games/ti4/games/mcts_iterations_per_search").as_u64().is_some_and(|n| n >= 1));
    assert_eq!(fig("/games/legion/mcts_iterations_per_search"), 500);

    // Every key with a unit suffix is one of the figures above (nothing unchecked slips in).
    let mut keys = Vec::new();
    unit_keys(&v, String::new(), &mut keys);
    keys.sort();
    let mut expected: Vec<String> = FIGURES.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(keys, expected);
}

#[test]
fn zero_threads_is_bad_input() {
    let out = sim(&["bench", "--quick", "--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end(), "sim: error: --threads: must be at least 1");
}
