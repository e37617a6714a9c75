//! The balance flags find a planted imbalance and stay quiet on a mirror.
//!
//! Six factions are made identical by a content override generated here from the embedded data
//! ([`equal_strength`]: no abilities, generic units, the same starting units and technology,
//! home planets of 3 resources and 3 influence). The engine cannot seat one faction twice (its
//! home system is one tile), so identical factions are the mirror. The planted variant
//! ([`planted`]) then gives one of them, Winnu, thirteen starting technologies (two per colour
//! and four unit upgrades) and twice the starting forces: an edge that random and heuristic
//! agents turn into wins (they score the technology objectives and win the fights).
//!
//! The committed mirror content (`sim/experiments/content/ti4_equal_strength`, used by
//! `sim/experiments/ti4_mirror.json`) and the planted and inert edits of the `sim compare`
//! example (`ti4_planted_edge`, `ti4_inert_edit`, used by `sim/experiments/compare/`) are
//! checked against their generators; regenerate them with
//! `SIM_UPDATE_CONTENT=1 cargo test -p sim --test run_balance`.

mod support;

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use support::*;

/// The six factions made identical: all have a one-planet home system.
const EQUAL: [&str; 6] = ["arborec", "mentak", "sol", "winnu", "yin", "l1z1x"];

/// The faction given the edge.
const STRONG: &str = "winnu";

/// The committed mirror content.
const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/experiments/content/ti4_equal_strength");

fn embedded(file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/data").join(file);
    serde_json::from_slice(&bytes(&path)).unwrap()
}

/// `factions.json` and `planets.json` with the [`EQUAL`] factions made identical.
fn equal_strength() -> (Value, Value) {
    let mut factions = embedded("factions.json");
    for f in factions["factions"].as_array_mut().unwrap() {
        if EQUAL.contains(&f["id"].as_str().unwrap()) {
            f["abilities"] = json!([]);
            f["starting_technologies"] = json!(["neural_motivator"]);
            f["starting_technology_choice"] = Value::Null;
            f["starting_units"] =
                json!({"carrier": 1, "cruiser": 1, "fighter": 2, "infantry": 4, "pds": 1, "space_dock": 1});
            f["faction_units"] = json!([]);
            f["commodities"] = json!(3);
        }
    }
    let mut planets = embedded("planets.json");
    for p in planets["planets"].as_array_mut().unwrap() {
        if p["home_of"].as_str().is_some_and(|h| EQUAL.contains(&h)) {
            p["resources"] = json!(3);
            p["influence"] = json!(3);
        }
    }
    (factions, planets)
}

/// [`equal_strength`] with the edge planted on [`STRONG`].
fn planted() -> (Value, Value) {
    let (mut factions, planets) = equal_strength();
    for f in factions["factions"].as_array_mut().unwrap() {
        if f["id"] == STRONG {
            f["starting_technologies"] = json!([
                "neural_motivator",
                "dacxive_animators",
                "sarween_tools",
                "graviton_laser_system",
                "antimass_deflectors",
                "gravity_drive",
                "plasma_scoring",
                "magen_defense_grid",
                "carrier_ii",
                "destroyer_ii",
                "cruiser_ii",
                "fighter_ii",
                "infantry_ii"
            ]);
            // Three non-fighter ships: the starting fleet pool. No mech: the equal factions have
            // no faction units, so no mech unit (content validation refuses one at setup; before
            // it did, the mech was silently never placed).
            f["starting_units"] = json!({"dreadnought": 2, "carrier": 1, "fighter": 4, "infantry": 8,
                                         "pds": 2, "space_dock": 1});
        }
    }
    (factions, planets)
}

/// [`equal_strength`] with a modest edge on [`STRONG`]: three more starting technologies and a
/// second cruiser (about +0.1 win rate with random agents).
fn modest() -> (Value, Value) {
    let (mut factions, planets) = equal_strength();
    for f in factions["factions"].as_array_mut().unwrap() {
        if f["id"] == STRONG {
            f["starting_technologies"] =
                json!(["neural_motivator", "sarween_tools", "gravity_drive", "plasma_scoring"]);
            f["starting_units"]["cruiser"] = json!(2);
        }
    }
    (factions, planets)
}

/// Writes a content directory; returns its path.
fn write_content(dir: &Path, (factions, planets): &(Value, Value)) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("factions.json"), serde_json::to_string_pretty(factions).unwrap() + "\n").unwrap();
    std::fs::write(dir.join("planets.json"), serde_json::to_string_pretty(planets).unwrap() + "\n").unwrap();
    dir.to_path_buf()
}

/// Runs a 6-player experiment on `content` with fixed [`EQUAL`] factions, seat-rotated;
/// returns the summary.
fn run(dir: &Path, name: &str, content: &Path, agent: &str, games: u64) -> Value {
    run_seeded(dir, name, content, agent, games, 77)
}

/// [`run`] with another seed.
fn run_seeded(dir: &Path, name: &str, content: &Path, agent: &str, games: u64, seed: u64) -> Value {
    let config = json!({
        "name": name, "game": "ti4", "games": games, "seed": seed, "players": 6, "seating": "rotate",
        "factions": EQUAL, "assignment": "fixed", "content": content,
        "agents": [{"kind": agent}], "lineups": [[0, 0, 0, 0, 0, 0]]
    });
    let file = write(dir, &format!("{name}.json"), &config.to_string());
    let started = std::time::Instant::now();
    run_ok(&file, &dir.join("out"), &["--threads", "2"]);
    eprintln!("{name}: {games} games in {:.1} s", started.elapsed().as_secs_f64());
    json(&dir.join("out").join(name).join("summary.json"))
}

/// Asserts that the planted faction, and no faction above the fair share besides it, is flagged.
fn assert_found(s: &Value) {
    let strong = &s["factions"][STRONG];
    eprintln!(
        "{}: {} wins in {} games, win rate {} {}, p {}",
        STRONG, strong["wins"], strong["games"], strong["win_rate"], strong["win_rate_ci95"], strong["p_value"]
    );
    assert!(s["balance"]["flagged_factions"].as_array().unwrap().contains(&json!(STRONG)), "{}", s["balance"]);
    assert_eq!(strong["flagged"], true);
    let fair = 1.0 / 6.0;
    assert!(strong["win_rate_ci95"][0].as_f64().unwrap() > fair, "{strong}");
    for f in EQUAL.iter().filter(|&&f| f != STRONG) {
        assert!(s["factions"][f]["win_rate"].as_f64().unwrap() < fair, "{f}: {}", s["factions"][f]);
    }
}

#[test]
fn a_planted_faction_edge_is_flagged_with_random_agents() {
    let dir = scratch("planted-random");
    let content = write_content(&dir.join("content"), &planted());
    let s = run(&dir, "planted-random", &content, "random", 600);
    assert_eq!((s["games_completed"].as_u64(), s["games_failed"].as_u64()), (Some(600), Some(0)));
    assert_found(&s);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_planted_faction_edge_is_flagged_with_heuristic_agents() {
    let dir = scratch("planted-heuristic");
    let content = write_content(&dir.join("content"), &planted());
    let s = run(&dir, "planted-heuristic", &content, "heuristic", 120);
    assert_found(&s);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The mirror flags nothing, as a rule: each run's flags hold the family-wise error at 5%
/// (Holm), so one run in twenty may flag a faction or seat by chance, and any behaviour change
/// of the rules draws the games anew (with Fighter Prototype and Salvage the seed-77 run flagged Yin, p = 0.0022,
/// while 4,800 games of seed 91 gave Yin 0.176, p = 0.087). Three independent runs, at most
/// one flagging anything: by chance about 3 × 0.05² ≈ 0.7%.
#[test]
fn a_mirror_of_identical_factions_flags_nothing() {
    let dir = scratch("mirror");
    let content = write_content(&dir.join("content"), &equal_strength());
    let mut flagging = 0;
    for seed in [77, 78, 79] {
        let s = run_seeded(&dir, &format!("mirror-{seed}"), &content, "random", 1200, seed);
        assert_eq!(s["games_completed"], 1200);
        let b = &s["balance"];
        eprintln!("mirror seed {seed}: {b}");
        assert_eq!(b["flagged_agents"], json!([]));
        if (b["flagged_factions"].clone(), b["flagged_seats"].clone()) != (json!([]), json!([])) {
            flagging += 1;
        }
    }
    assert!(flagging <= 1, "{flagging} of 3 mirror runs flag a faction or seat");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// [`equal_strength`] with edits that cannot change a game of the [`EQUAL`] factions: Winnu's
/// display name, and starting technologies for Hacan, who is not seated.
fn inert() -> (Value, Value) {
    let (mut factions, planets) = equal_strength();
    for f in factions["factions"].as_array_mut().unwrap() {
        if f["id"] == STRONG {
            f["name"] = json!("The Winnu (renamed)");
        }
        if f["id"] == "hacan" {
            f["starting_technologies"] = json!(["sarween_tools", "gravity_drive", "plasma_scoring"]);
        }
    }
    (factions, planets)
}

/// Builds a content directory's `factions.json` and `planets.json`.
type Generator = fn() -> (Value, Value);

/// The committed content directories and their generators: the mirror
/// (`sim/experiments/ti4_mirror.json`) and the three edits of the `sim compare` example
/// (`sim/experiments/compare/`).
fn committed_contents() -> [(&'static str, Generator); 4] {
    [
        (concat!(env!("CARGO_MANIFEST_DIR"), "/experiments/content/ti4_modest_edge"), modest),
        (COMMITTED, equal_strength as Generator),
        (concat!(env!("CARGO_MANIFEST_DIR"), "/experiments/content/ti4_planted_edge"), planted),
        (concat!(env!("CARGO_MANIFEST_DIR"), "/experiments/content/ti4_inert_edit"), inert),
    ]
}

#[test]
fn the_committed_mirror_content_is_current() {
    for (dir, generate) in committed_contents() {
        let committed = Path::new(dir);
        if std::env::var_os("SIM_UPDATE_CONTENT").is_some() {
            write_content(committed, &generate());
        }
        let (factions, planets) = generate();
        for (file, value) in [("factions.json", factions), ("planets.json", planets)] {
            let on_disk: Value = serde_json::from_slice(&bytes(&committed.join(file))).unwrap();
            assert!(
                on_disk == value,
                "{}/{file} is stale: regenerate with SIM_UPDATE_CONTENT=1 cargo test -p sim --test run_balance",
                committed.display()
            );
        }
    }
}
