//! `sim explain elimination` end to end: the conditions per seat, `--apply` output that reads
//! back as a position, exit codes and error lines.

use serde_json::Value;
use std::process::{Command, Output};

mod support;
use std::path::Path;
use support::{scratch, write_path as write};

fn explain(position: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["explain", "elimination", "--position", position.to_str().unwrap()];
    args.extend_from_slice(extra);
    Command::new(env!("CARGO_BIN_EXE_sim")).args(&args).output().unwrap()
}

fn ok_json(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1, "one line of JSON");
    serde_json::from_slice(&out.stdout).unwrap()
}

const TABLE: &str = r#"{"players": [
  {"faction": "sol", "units": [{"unit": "infantry", "count": 2, "planet": "jord"}, {"unit": "space_dock", "planet": "jord"}]},
  {"faction": "hacan", "planets": [], "units": [{"unit": "carrier", "system": "18"}],
   "action_cards": ["sabotage"], "leaders": {"hacan_commander": "unlocked"}},
  {"faction": "keleres", "technologies": ["iihq_modernization"], "planets": [{"id": "custodiavigilia", "exhausted": true}]},
  {"faction": "crimson"},
  {"faction": "titans", "planets": [], "units": [{"unit": "pds", "planet": "elysium"}]}],
  "speaker": "hacan"}"#;

#[test]
fn conditions_per_seat_in_seat_order() {
    let dir = scratch("conditions");
    let pos = write(&dir, "table.json", TABLE);
    let v = ok_json(&explain(&pos, &[]));
    let players = v["players"].as_array().unwrap();
    let factions: Vec<&str> = players.iter().map(|p| p["faction"].as_str().unwrap()).collect();
    assert_eq!(factions, ["sol", "hacan", "keleres", "crimson", "titans"]);
    assert_eq!(
        players[0],
        serde_json::json!({"faction": "sol", "ground_forces": 2, "production_units": 1, "planets": 1,
                           "meets_conditions": false, "cannot_be_eliminated": null})
    );
    assert_eq!(players[1]["meets_conditions"], true, "a carrier alone does not keep Hacan in");
    assert_eq!(players[2]["cannot_be_eliminated"], "custodia_vigilia");
    assert_eq!(players[3]["cannot_be_eliminated"], "sundered");
    assert_eq!((players[4]["ground_forces"].as_u64(), players[4]["production_units"].as_u64()), (Some(1), Some(1)));
    assert_eq!(players[4]["meets_conditions"], false, "a Hel-Titan is a ground force with PRODUCTION");
}

#[test]
fn apply_prints_a_position_that_reads_back() {
    let dir = scratch("apply");
    let pos = write(&dir, "table.json", TABLE);
    let out = ok_json(&explain(&pos, &["--apply"]));
    assert_eq!(out["players"][1]["eliminated"], true);
    assert_eq!(out["players"][1]["standing"]["order"], 1);
    assert_eq!(out["speaker"], "keleres", "the speaker token passed to Hacan's left");
    assert_eq!(out["action_cards"]["discard"], serde_json::json!(["sabotage"]));
    assert_eq!(out["players"][0]["eliminated"], false);
    // Read back: the conditions now show Hacan out, and applying again changes nothing.
    let after = write(&dir, "after.json", &out.to_string());
    let v = ok_json(&explain(&after, &[]));
    assert_eq!(v["players"][1]["meets_conditions"], true);
    assert_eq!(ok_json(&explain(&after, &["--apply"])), out);
    // The pretty form is the same position.
    let pretty = explain(&pos, &["--apply", "--pretty"]);
    assert_eq!(pretty.status.code(), Some(0));
    assert_eq!(serde_json::from_slice::<Value>(&pretty.stdout).unwrap(), out);
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let dir = scratch("bad");
    let pos = write(&dir, "bad.json", r#"{"players": [{"faction": "sol", "action_cards": ["sabotaje"]}]}"#);
    let out = explain(&pos, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("players[0].action_cards[0]: unknown action card 'sabotaje'"), "{err}");
    let missing = explain(&dir.join("nope.json"), &["--apply"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn content_directory_replaces_the_cards_file() {
    let dir = scratch("content");
    let cards = engine::ti4::content::Content::embedded_texts()[5].replacen("\"copies\": 4", "\"copies\": 5", 1);
    let content = dir.join("content");
    std::fs::create_dir_all(&content).unwrap();
    write(&content, "cards.json", &cards);
    let five = r#"{"players": [{"faction": "sol", "action_cards": ["direct_hit", "direct_hit", "direct_hit", "direct_hit", "direct_hit"]}]}"#;
    let pos = write(&dir, "five.json", five);
    assert_eq!(explain(&pos, &[]).status.code(), Some(2), "the embedded deck has 4 Direct Hits");
    ok_json(&explain(&pos, &["--content", content.to_str().unwrap()]));
}
