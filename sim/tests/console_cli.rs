//! The console end to end (issue 14, Build 4): `sim explain actions`, `sim apply` and
//! `sim perft` on TI4 game positions; illegal ids and bad files give exit 2 and one line.

use serde_json::Value;
use std::process::Output;

mod support;
use support::{bad_input, scratch, sim, write_path as write};

const NEW: &str = "sol,hacan,letnev,xxcha,jolnar,yssaril";

fn ok_json(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn ids(v: &Value) -> Vec<String> {
    v["actions"].as_array().unwrap().iter().map(|a| a["id"].as_str().unwrap().to_string()).collect()
}

#[test]
fn a_new_game_waits_at_setup_and_apply_walks_it_by_ids() {
    let v = ok_json(&sim(&["explain", "actions", "--new", NEW]));
    assert_eq!(v["turn"], "chance");
    assert!(v["chance"]["does"].as_str().unwrap().contains("secret objectives"));
    let dir = scratch("console-walk");
    let after_setup = sim(&["apply", "--new", NEW, "--actions", "chance:3"]);
    let pos = write(&dir, "p1.json", &ok_json(&after_setup).to_string());
    let v = ok_json(&sim(&["explain", "actions", "--position", pos.to_str().unwrap()]));
    assert_eq!(v["turn"], "player");
    assert_eq!(ids(&v).len(), 8, "eight strategy cards: {:?}", ids(&v));
    for a in v["actions"].as_array().unwrap() {
        assert!(!a["name"].as_str().unwrap().is_empty() && !a["does"].as_str().unwrap().is_empty());
    }
    // Each seat takes the first card offered; the position after six picks reads back and
    // applying nothing prints it unchanged.
    let mut p = pos.clone();
    for i in 0..6 {
        let v = ok_json(&sim(&["explain", "actions", "--position", p.to_str().unwrap()]));
        let first = ids(&v)[0].clone();
        let next = ok_json(&sim(&["apply", "--position", p.to_str().unwrap(), "--actions", &first]));
        p = write(&dir, &format!("pick{i}.json"), &next.to_string());
    }
    let v = ok_json(&sim(&["explain", "actions", "--position", p.to_str().unwrap()]));
    assert!(v["step"].as_str().unwrap().starts_with("Turn"), "{}", v["step"]);
    assert!(ids(&v).iter().any(|id| id.starts_with("activate.")));
    let same = ok_json(&sim(&["apply", "--position", p.to_str().unwrap()]));
    assert_eq!(same, serde_json::from_str::<Value>(&std::fs::read_to_string(&p).unwrap()).unwrap());
    // The same ids from the new game give the same position.
    let v0 = ok_json(&sim(&["explain", "actions", "--position", pos.to_str().unwrap()]));
    let direct = ok_json(&sim(&["apply", "--new", NEW, "--actions", &format!("chance:3,{}", ids(&v0)[0])]));
    let step = ok_json(&sim(&["apply", "--position", pos.to_str().unwrap(), "--actions", &ids(&v0)[0]]));
    assert_eq!(direct, step);
}

#[test]
fn illegal_ids_name_their_index_and_the_legal_ones() {
    let e = bad_input(&sim(&["apply", "--new", NEW, "--actions", "chance,pick.leadership,pick.leadership"]));
    assert!(e.contains("--actions[2]: 'pick.leadership' is not legal here (legal: pick.diplomacy"), "{e}");
    let e = bad_input(&sim(&["apply", "--new", NEW, "--actions", "pass"]));
    assert!(e.contains("--actions[0]: 'pass' is not legal here (legal: chance, chance:SEED)"), "{e}");
    let e = bad_input(&sim(&["apply", "--new", "sol,nobody,hacan", "--actions", "chance"]));
    assert!(e.contains("--new: unknown faction 'nobody'"), "{e}");
    let e = bad_input(&sim(&["apply", "--new", "sol,hacan"]));
    assert!(e.contains("--new:"), "{e}");
}

#[test]
fn bad_position_files_are_one_line_naming_the_field() {
    let dir = scratch("console-bad");
    let bare = write(&dir, "bare.json", r#"{"players": [{"faction": "sol"}]}"#);
    let e = bad_input(&sim(&["explain", "actions", "--position", bare.to_str().unwrap()]));
    assert!(e.contains("bare.json") && e.contains("procedure"), "{e}");
    let setup = ok_json(&sim(&["apply", "--new", NEW, "--actions", "chance"]));
    let mut v = setup.clone();
    v["procedure"]["flow"]["turn"] = serde_json::json!(17);
    let f = write(&dir, "turn.json", &v.to_string());
    let e = bad_input(&sim(&["perft", "--position", f.to_str().unwrap(), "--depth", "1"]));
    assert!(e.contains("procedure.flow.turn"), "{e}");
    // A missing argument is clap's usage message (exit 2).
    let e = support::expect_code(&sim(&["perft", "--new", NEW]), 2);
    assert!(e.contains("--depth"), "{e}");
}

#[test]
fn perft_counts_and_divides() {
    let dir = scratch("console-perft");
    let setup = ok_json(&sim(&["apply", "--new", NEW, "--actions", "chance"]));
    let pos = write(&dir, "setup.json", &setup.to_string());
    let v = ok_json(&sim(&["perft", "--position", pos.to_str().unwrap(), "--depth", "3", "--divide"]));
    assert_eq!(v["perft"], 336, "six seats pick from eight cards: 8 * 7 * 6");
    let parts = v["divide"].as_array().unwrap();
    assert_eq!(parts.len(), 8);
    assert!(parts.iter().all(|d| d["perft"] == 42));
    let v = ok_json(&sim(&["perft", "--new", NEW, "--depth", "2"]));
    assert_eq!(v["leaves"]["chance_leaves"], 1, "a new game waits at a chance event");
}

#[test]
fn replay_prints_the_position_at_a_step_and_the_console_reads_it() {
    let dir = scratch("console-replay");
    let config = support::write(
        &dir,
        "ti4.json",
        r#"{"name": "small", "game": "ti4", "games": 3, "seed": 1, "players": 3,
  "faction_pool": ["sol", "hacan", "letnev", "xxcha"], "agents": [{"kind": "random"}], "lineups": [[0, 0, 0]]}"#,
    );
    support::run_ok(&config, &dir, &[]);
    let run = dir.join("small");
    let run_s = run.to_str().unwrap();
    for step in ["0", "150"] {
        let out = sim(&["replay", "--run", run_s, "--game", "1", "--position-at", step]);
        let pos = write(&dir, &format!("at{step}.json"), &ok_json(&out).to_string());
        let v = ok_json(&sim(&["explain", "actions", "--position", pos.to_str().unwrap()]));
        assert!(v["turn"] == "player" || v["turn"] == "chance", "{v}");
    }
    let e = bad_input(&sim(&["replay", "--run", run_s, "--game", "1", "--position-at", "99999999"]));
    assert!(e.contains("--position-at: game 1 stops after"), "{e}");
}
