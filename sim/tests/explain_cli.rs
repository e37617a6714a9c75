//! `sim explain research` end to end: the binary's output, exit codes and error lines.

use serde_json::Value;
use std::process::Output;

mod support;
use std::path::Path;
use support::{bad_input, scratch, sim, write_path as write};

fn explain(position: &Path, player: &str, extra: &[&str]) -> Output {
    let mut args = vec!["explain", "research", "--position", position.to_str().unwrap(), "--player", player];
    args.extend_from_slice(extra);
    sim(&args)
}

fn ok_json(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn tech<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["technologies"].as_array().unwrap().iter().find(|t| t["id"] == id).unwrap()
}

const SOL_BLUE: &str = r#"{"players": [{"faction": "sol", "technologies": ["antimass_deflectors", "gravity_drive"]}]}"#;

#[test]
fn good_position_prints_one_json_line() {
    let dir = scratch("good");
    let pos = write(&dir, "sol.json", SOL_BLUE);
    let out = explain(&pos, "sol", &[]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
    let v = ok_json(&out);
    assert_eq!(v["player"], "sol");
    let fl = tech(&v, "fleet_logistics");
    assert_eq!(fl["status"], "researchable");
    assert_eq!(fl["exhaust_options"], serde_json::json!([[]]));
    assert_eq!(fl["reasons"], serde_json::json!([]));
    assert_eq!(tech(&v, "gravity_drive")["status"], "owned");
    let lw = tech(&v, "light_wave_deflector");
    assert_eq!(lw["status"], "blocked");
    assert_eq!(
        lw["reasons"],
        serde_json::json!([{"kind": "missing_prerequisites",
            "missing": {"biotic": 0, "propulsion": 1, "cybernetic": 0, "warfare": 0}}])
    );
    assert_eq!(
        tech(&v, "bioplasmosis")["reasons"][0],
        serde_json::json!({"kind": "other_faction", "faction": "arborec"})
    );
    assert!(v["technologies"].as_array().unwrap().len() >= 90);
}

#[test]
fn specialty_planet_makes_a_technology_researchable() {
    // Gral carries a propulsion specialty: exhausting it covers Light/Wave Deflector's third blue.
    let dir = scratch("specialty");
    let pos = write(
        &dir,
        "sol.json",
        r#"{"players": [{"faction": "sol", "technologies": ["antimass_deflectors", "gravity_drive"],
            "planets": [{"id": "jord"}, {"id": "gral"}]}]}"#,
    );
    let v = ok_json(&explain(&pos, "sol", &[]));
    let lw = tech(&v, "light_wave_deflector");
    assert_eq!(lw["status"], "researchable");
    assert_eq!(lw["exhaust_options"], serde_json::json!([["gral"]]));
    assert_eq!(lw["options"], serde_json::json!([{"exhaust": ["gral"], "skip": null, "resources": 0}]));
}

#[test]
fn pretty_output_is_the_same_value() {
    let dir = scratch("pretty");
    let pos = write(&dir, "sol.json", SOL_BLUE);
    let plain = ok_json(&explain(&pos, "sol", &[]));
    let out = explain(&pos, "sol", &["--pretty"]);
    assert!(String::from_utf8_lossy(&out.stdout).lines().count() > 100);
    assert_eq!(ok_json(&out), plain);
}

#[test]
fn nekro_is_blocked_by_propagation() {
    let dir = scratch("nekro");
    let pos = write(&dir, "nekro.json", r#"{"players": [{"faction": "sol"}, {"faction": "nekro"}]}"#);
    let v = ok_json(&explain(&pos, "nekro", &[]));
    assert_eq!(
        tech(&v, "neural_motivator")["reasons"],
        serde_json::json!([{"kind": "cannot_research", "ability": "propagation"}])
    );
}

#[test]
fn inconsistent_position_names_file_and_field() {
    let dir = scratch("bad-planet");
    let pos =
        write(&dir, "bad.json", r#"{"players": [{"faction": "sol", "planets": [{"id": "jord"}, {"id": "lodr"}]}]}"#);
    let err = bad_input(&explain(&pos, "sol", &[]));
    assert!(err.contains("bad.json"), "{err}");
    assert!(err.contains("players[0].planets[1].id: unknown planet 'lodr'"), "{err}");
    let pos = write(
        &dir,
        "twice.json",
        r#"{"players": [{"faction": "sol", "units": [{"unit": "carrier", "system": "18"}]},
                        {"faction": "hacan", "units": [{"unit": "cruiser", "system": "18"}]}]}"#,
    );
    let err = bad_input(&explain(&pos, "sol", &[]));
    assert!(err.contains("twice.json") && err.contains("players[1].units[0].system"), "{err}");
}

#[test]
fn malformed_json_names_file_and_field() {
    let dir = scratch("malformed");
    let pos = write(&dir, "broken.json", r#"{"players": [{"faction": "sol", "trade_goods": -1}]}"#);
    let err = bad_input(&explain(&pos, "sol", &[]));
    assert!(err.contains("broken.json") && err.contains("players[0].trade_goods"), "{err}");
    let pos = write(&dir, "cut.json", r#"{"players": [{"faction": "sol"}"#);
    let err = bad_input(&explain(&pos, "sol", &[]));
    assert!(err.contains("cut.json") && err.contains("line 1"), "{err}");
    let pos = write(&dir, "typo.json", r#"{"players": [{"faction": "sol", "tech": []}]}"#);
    let err = bad_input(&explain(&pos, "sol", &[]));
    assert!(err.contains("players[0]") && err.contains("unknown field `tech`"), "{err}");
}

#[test]
fn unreadable_file_and_unknown_players_exit_2() {
    let dir = scratch("players");
    let err = bad_input(&explain(&dir.join("missing.json"), "sol", &[]));
    assert!(err.contains("missing.json"), "{err}");
    let pos = write(&dir, "sol.json", SOL_BLUE);
    let err = bad_input(&explain(&pos, "sool", &[]));
    assert!(err.contains("--player") && err.contains("'sool'"), "{err}");
    let err = bad_input(&explain(&pos, "hacan", &[]));
    assert!(err.contains("--player") && err.contains("not seated") && err.contains("sol.json"), "{err}");
}

#[test]
fn bad_content_dir_exits_2() {
    let dir = scratch("content");
    let pos = write(&dir, "sol.json", SOL_BLUE);
    let err = bad_input(&explain(&pos, "sol", &["--content", dir.join("nowhere").to_str().unwrap()]));
    assert!(err.contains("nowhere"), "{err}");
    let content = dir.join("content");
    std::fs::create_dir_all(&content).unwrap();
    write(&content, "technologies.json", r#"{"technologies": 5}"#);
    let err = bad_input(&explain(&pos, "sol", &["--content", content.to_str().unwrap()]));
    assert!(err.contains("technologies.json"), "{err}");
    // A directory holding no content file, or a misspelled one, would silently play the
    // embedded content: both are errors naming the directory or the file.
    std::fs::remove_file(content.join("technologies.json")).unwrap();
    let err = bad_input(&explain(&pos, "sol", &["--content", content.to_str().unwrap()]));
    assert!(err.contains("holds no content file"), "{err}");
    let planets =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/data/planets.json")).unwrap();
    write(&content, "planet.json", &planets);
    let err = bad_input(&explain(&pos, "sol", &["--content", content.to_str().unwrap()]));
    assert!(err.contains("planet.json") && err.contains("not a content file"), "{err}");
    // A content directory holding only some files uses the embedded rest.
    std::fs::rename(content.join("planet.json"), content.join("planets.json")).unwrap();
    ok_json(&explain(&pos, "sol", &["--content", content.to_str().unwrap()]));
}

#[test]
fn usage_errors_exit_2_and_bare_sim_prints_help() {
    let out = sim(&["explain", "research", "--player", "sol"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--position"));
    assert_eq!(sim(&["explain", "nothing"]).status.code(), Some(2));
    // Bare `sim` runs the default experiment (sim/tests/run_determinism.rs); help is --help.
    let out = sim(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("explain"));
}
