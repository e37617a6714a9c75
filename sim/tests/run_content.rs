//! Content and the results: the hash of every content file used is part of the config hash (a
//! content edit cannot be resumed into or replayed against an earlier run), and content that
//! cannot be set up or played is refused at load by `sim run` and both explain commands, with
//! one line naming the file, the entry and the field.

mod support;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use support::*;

fn embedded(file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/data").join(file);
    serde_json::from_slice(&bytes(&path)).unwrap()
}

fn write_json(dir: &Path, file: &str, v: &Value) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join(file), serde_json::to_string_pretty(v).unwrap()).unwrap();
}

/// The TI4 smoke experiment on content directory `content`, 4 games.
fn smoke_on(dir: &Path, content: &Path) -> String {
    let mut v: Value = serde_json::from_slice(&bytes(Path::new(TI4_SMOKE))).unwrap();
    v["content"] = json!(content.to_str().unwrap());
    v["games"] = json!(4);
    write(dir, "smoke.json", &v.to_string())
}

fn faction_edit(dir: &Path, id: &str, edit: impl Fn(&mut Value)) -> PathBuf {
    let mut factions = embedded("factions.json");
    for f in factions["factions"].as_array_mut().unwrap() {
        if f["id"] == id {
            edit(f);
        }
    }
    write_json(dir, "factions.json", &factions);
    dir.to_path_buf()
}

#[test]
fn a_content_edit_changes_the_hash_so_resume_and_replay_refuse_it() {
    let dir = scratch("content-hash");
    let content = dir.join("content");
    write_json(&content, "planets.json", &embedded("planets.json"));
    let config = smoke_on(&dir, &content);
    run_ok(&config, &dir, &[]);
    let run = dir.join("ti4-smoke");
    let info = json(&run.join("run.json"));
    let files = info["content_files"].as_object().unwrap();
    assert_eq!(files.len(), 6, "{files:?}");
    assert_eq!(files["planets.json"].as_str().unwrap(), sha256(&bytes(&content.join("planets.json"))));
    // The same text as the embedded file hashes the same as the embedded content: the hash
    // covers what was played, not where it came from.
    let embedded_run = dir.join("embedded");
    let mut v: Value = serde_json::from_slice(&bytes(Path::new(TI4_SMOKE))).unwrap();
    v["games"] = json!(4);
    run_ok(&write(&dir, "plain.json", &v.to_string()), &embedded_run, &[]);
    assert_eq!(json(&embedded_run.join("ti4-smoke/run.json"))["config_hash"].as_str().unwrap().len(), 64);

    // Edit the content: a different experiment.
    let mut planets = embedded("planets.json");
    planets["planets"][0]["resources"] = json!(5);
    write_json(&content, "planets.json", &planets);
    let games = run.join("games.jsonl");
    let text = String::from_utf8(bytes(&games)).unwrap();
    std::fs::write(&games, text.lines().take(2).map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let err = bad_input(&sim(&["run", "--config", &config, "--out", dir.to_str().unwrap(), "--quiet", "--resume"]));
    assert!(err.contains("cannot resume") && err.contains("content changed: planets.json"), "{err}");
    let err = bad_input(&sim(&["replay", "--run", run.to_str().unwrap(), "--game", "0"]));
    assert!(err.contains("cannot replay") && err.contains("planets.json changed"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `sim run`, `sim explain research` and `sim explain elimination` on `content` all refuse it
/// with one line (exit 2, no panic); returns the three lines.
fn refused_everywhere(dir: &Path, content: &Path) -> Vec<String> {
    let config = smoke_on(dir, content);
    let run = bad_input(&sim(&["run", "--config", &config, "--out", dir.to_str().unwrap(), "--quiet"]));
    assert!(!dir.join("ti4-smoke").exists(), "nothing may be written");
    let pos =
        write(dir, "pos.json", r#"{"players": [{"faction": "sol"}, {"faction": "hacan"}, {"faction": "xxcha"}]}"#);
    let c = content.to_str().unwrap();
    let research = bad_input(&sim(&["explain", "research", "--position", &pos, "--player", "sol", "--content", c]));
    let elimination = bad_input(&sim(&["explain", "elimination", "--position", &pos, "--content", c]));
    vec![run, research, elimination]
}

#[test]
fn cards_without_an_objective_the_rules_evaluate_are_refused_not_a_panic() {
    let dir = scratch("no-objective");
    let content = dir.join("content");
    let mut cards = embedded("cards.json");
    cards["public_objectives"].as_array_mut().unwrap().retain(|o| o["id"] != "corner_the_market");
    write_json(&content, "cards.json", &cards);
    for err in refused_everywhere(&dir, &content) {
        assert!(err.contains("cards.json: entry 'corner_the_market', field 'public_objectives': missing"), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Writes a content directory at the path given and returns it.
type MakeContent = dyn Fn(&Path) -> PathBuf;

#[test]
fn content_that_breaks_setup_is_refused_naming_file_entry_and_field() {
    let cases: Vec<(&str, Box<MakeContent>, &str)> = vec![
        (
            "255 dreadnoughts",
            Box::new(|d| faction_edit(d, "sol", |f| f["starting_units"]["dreadnought"] = json!(255))),
            "factions.json: entry 'sol', field 'starting_units': 255 dreadnought at setup, but its component limit is 5",
        ),
        (
            "13 infantry",
            Box::new(|d| faction_edit(d, "sol", |f| f["starting_units"]["infantry"] = json!(13))),
            "entry 'sol', field 'starting_units': 13 infantry at setup, but its component limit is 12",
        ),
        (
            "a component limit of 0",
            Box::new(|d| {
                let mut units = embedded("units.json");
                for u in units["units"].as_array_mut().unwrap() {
                    if u["id"] == "carrier" {
                        u["component_limit"] = json!(0);
                    }
                }
                write_json(d, "units.json", &units);
                d.to_path_buf()
            }),
            "units.json: entry 'carrier', field 'component_limit': 0 pieces",
        ),
        (
            "four ships for three fleet tokens",
            Box::new(|d| faction_edit(d, "sol", |f| f["starting_units"]["cruiser"] = json!(1))),
            "entry 'sol', field 'starting_units': 4 non-fighter ships at setup, but the fleet pool starts with 3",
        ),
        (
            "fighters beyond capacity",
            Box::new(|d| faction_edit(d, "hacan", |f| f["starting_units"]["fighter"] = json!(9))),
            "entry 'hacan', field 'starting_units': 9 fighters at setup, but the starting ships carry only 8",
        ),
        (
            "another faction's home planet",
            Box::new(|d| faction_edit(d, "hacan", |f| f["home_planets"] = json!(["jord"]))),
            "entry 'sol', field 'home_planets': 'jord' is also a home planet of 'hacan'",
        ),
        (
            "another faction's technology",
            Box::new(|d| faction_edit(d, "hacan", |f| f["starting_technologies"] = json!(["spec_ops_ii"]))),
            "entry 'hacan', field 'starting_technologies': 'spec_ops_ii' is a faction technology of 'sol'",
        ),
    ];
    for (what, make, expected) in cases {
        let dir = scratch("setup");
        let content = make(&dir.join("content"));
        for err in refused_everywhere(&dir, &content) {
            assert!(err.contains(expected), "{what}: {err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_content_directory_without_a_content_file_or_with_a_misspelled_one_is_refused() {
    let dir = scratch("no-file");
    let content = dir.join("content");
    std::fs::create_dir_all(&content).unwrap();
    let err = refused_everywhere(&dir, &content);
    assert!(err.iter().all(|e| e.contains("holds no content file")), "{err:?}");
    write_json(&content, "faction.json", &embedded("factions.json"));
    let err = refused_everywhere(&dir, &content);
    assert!(err.iter().all(|e| e.contains("faction.json") && e.contains("not a content file")), "{err:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn galaxy_and_dice_errors_read_as_sentences_and_name_the_config_key() {
    let dir = scratch("sentences");
    // Two factions on one home system: the pool's trial galaxy places the tile twice.
    let content = faction_edit(&dir.join("content"), "hacan", |f| f["home_system"] = json!("01"));
    let mut v: Value = serde_json::from_slice(&bytes(Path::new(TI4_SMOKE))).unwrap();
    v["content"] = json!(content.to_str().unwrap());
    let config = write(&dir, "pool.json", &v.to_string());
    let err = bad_input(&sim(&["run", "--config", &config, "--out", dir.to_str().unwrap(), "--quiet"]));
    assert!(err.contains(": faction_pool: ") && !err.contains(": factions: "), "{err}");
    assert!(err.contains("is already at position") && !err.contains('{') && !err.contains("GalaxyError"), "{err}");
    // Dice out of range: the values, not a Rust struct.
    let mut units = embedded("units.json");
    units["units"][0]["combat"] = json!({"hits_on": 0, "dice": 1});
    write_json(&content, "units.json", &units);
    std::fs::remove_file(content.join("factions.json")).unwrap();
    let err = bad_input(&sim(&["run", "--config", &config, "--out", dir.to_str().unwrap(), "--quiet"]));
    assert!(err.contains("field 'combat': hits_on must be 1-10 and dice at least 1, got hits_on 0, dice 1"), "{err}");
    assert!(!err.contains("RawDice"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn content_diff_lists_the_changes_and_an_edit_that_cannot_matter_is_a_warning() {
    let dir = scratch("diff");
    let content = faction_edit(&dir.join("content"), "sol", |f| {
        f["starting_units"]["destroyer"] = json!(0);
        f["starting_units"]["war_sun"] = json!(1);
    });
    let o = sim(&["content", "diff", content.to_str().unwrap()]);
    let err = expect_code(&o, 0);
    let warning = "factions.json: entry 'sol', field 'starting_units': starts with 1 war_sun but not the technology \
                   it needs ('war_sun')";
    assert!(err.starts_with("sim: warning: ") && err.contains(warning), "{err}");
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("factions.json: factions: ~ sol: starting_units: {"), "{out}");
    // sim run plays it, and says so once on stderr (nothing with --quiet).
    let config = smoke_on(&dir, &content);
    let o = sim(&["run", "--config", &config, "--out", dir.join("r").to_str().unwrap()]);
    let err = expect_code(&o, 0);
    assert!(err.contains("content: ") && err.contains("starts with 1 war_sun"), "{err}");
    // Content that cannot load: one line, exit 2.
    let err = bad_input(&sim(&["content", "diff", dir.join("nowhere").to_str().unwrap()]));
    assert!(err.contains("not a directory"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
