//! `sim explain elimination` end to end: the conditions per seat, `--apply` output that reads
//! back as a position, exit codes and error lines.

use serde_json::Value;
use std::process::Output;

mod support;
use std::path::Path;
use support::{bad_input, scratch, sim, write_path as write};

fn explain(position: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["explain", "elimination", "--position", position.to_str().unwrap()];
    args.extend_from_slice(extra);
    sim(&args)
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

#[test]
fn technology_19_nekro_copy_of_floating_factory_ii_lets_docks_stand_in_space() {
    let dir = scratch("valefar-ff");
    let nekro = |valefar: &str| {
        format!(
            r#"{{"players": [{{"faction": "nekro", "planets": [], "valefar": {valefar},
                "units": [{{"unit": "space_dock", "system": "08"}}]}}, {{"faction": "saar"}}]}}"#
        )
    };
    // The dock in space is Nekro's PRODUCTION unit: Nekro stays in the game.
    let pos = write(&dir, "copy.json", &nekro(r#"{"x": "floating_factory_ii"}"#));
    let v = ok_json(&explain(&pos, &[]));
    assert_eq!(
        (v["players"][0]["production_units"].as_u64(), &v["players"][0]["meets_conditions"]),
        (Some(1), &Value::Bool(false))
    );
    let out = ok_json(&explain(&pos, &["--apply"]));
    assert_eq!(out["players"][0]["eliminated"], false);
    assert_eq!(
        out["players"][0]["units"],
        serde_json::json!([{"unit": "space_dock", "count": 1, "damaged": 0, "system": "08", "planet": null}])
    );
    // Without the copy a Nekro dock cannot stand in space.
    let pos = write(&dir, "plain.json", &nekro("{}"));
    let err = bad_input(&explain(&pos, &[]));
    assert!(err.contains("players[0].units[0]: space_dock units must stand in a planet"), "{err}");
}

#[test]
fn technology_21_two_copied_infantry_upgrades_are_bad_input() {
    let dir = scratch("valefar-21");
    let pos = write(
        &dir,
        "two.json",
        r#"{"players": [{"faction": "nekro", "valefar": {"x": "spec_ops_ii", "y": "letani_warrior_ii"}}]}"#,
    );
    let err = bad_input(&explain(&pos, &[]));
    assert!(err.contains("players[0].valefar.y: technology 'letani_warrior_ii' cannot carry"), "{err}");
    assert!(err.contains("Technology 21"), "{err}");
}

#[test]
fn iihq_modernization_without_custodia_vigilia_is_refused_not_eliminated() {
    let dir = scratch("iihq");
    let keleres = |planets: &str| {
        format!(
            r#"{{"players": [{{"faction": "keleres", "technologies": ["iihq_modernization"], "planets": [{planets}]}}]}}"#
        )
    };
    let pos = write(&dir, "no_card.json", &keleres(""));
    let err = bad_input(&explain(&pos, &["--apply"]));
    assert!(
        err.contains(
            "players[0].planets: the owner of I.I.H.Q. Modernization controls the planet card 'custodiavigilia'"
        ),
        "{err}"
    );
    // With the card Keleres cannot be eliminated, and --apply leaves them in.
    let pos = write(&dir, "card.json", &keleres(r#"{"id": "custodiavigilia", "exhausted": true}"#));
    assert_eq!(ok_json(&explain(&pos, &[]))["players"][0]["cannot_be_eliminated"], "custodia_vigilia");
    assert_eq!(ok_json(&explain(&pos, &["--apply"]))["players"][0]["eliminated"], false);
}
