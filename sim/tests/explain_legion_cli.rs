//! `sim explain legion-end-phase` end to end: the End Phase steps of the seed in order, the
//! promotion the position asks for, and bad input as one line with exit code 2.

use std::path::Path;

use engine::legion::options::LegionOptions;
use engine::legion::position::write_position;
use engine::legion::LegionGame;
use serde_json::Value;

mod support;
use support::{bad_input, scratch, sim};

/// A standard game's position at the start of round 1, moved to the End Phase; Vader (the
/// Empire's only Commander, units[0] of player 0) defeated when `vader_down`.
fn end_phase_position(vader_down: bool) -> Value {
    let json = write_position(&LegionGame::with_seed(LegionOptions::default(), 3)).unwrap();
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["phase"] = "end".into();
    if vader_down {
        let vader = &mut v["players"][0]["units"][0];
        assert_eq!(vader["id"], "vader", "{vader}");
        vader["defeated"] = true.into();
        vader["wounds"] = 8.into();
        v["promotion_choice"] = serde_json::json!([2, null]);
    }
    v
}

fn write(dir: &Path, name: &str, v: &Value) -> String {
    let p = dir.join(name);
    std::fs::write(&p, serde_json::to_string_pretty(v).unwrap()).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn end_phase_steps_come_in_the_seed_order_and_promotion_follows_the_choice() {
    let dir = scratch("ok");
    let pos = write(&dir, "end.json", &end_phase_position(true));
    let out = sim(&["explain", "legion-end-phase", "--position", &pos]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = r["steps"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    // The seven steps of the seed, with the 12-VP check (rules digest §1.6) before the round
    // counter advances.
    let expected = [
        "Resolve Any Abilities or Effects that happen at the Start of the End Phase",
        "Score VPs",
        "Discard Command Cards",
        "Remove Tokens",
        "Update Order Pool and Promote",
        "Resolve Any Abilities or Effects at End of End Phase",
        "Victory check (12 VP and a lead)",
        "Advance Round Counter",
    ];
    assert_eq!(names, expected);
    let promo = &r["promotions"][0];
    assert_eq!((promo["player"].as_u64(), promo["chosen"].as_u64()), (Some(0), Some(2)), "{r}");
    assert!(promo["candidates"].as_array().unwrap().len() >= 3, "troopers only: {promo}");
    assert_eq!(r["position"]["round"], 2, "{}", r["position"]);
    // The resulting position reads back: explain it again after moving it to its End Phase.
    let mut next = r["position"].clone();
    next["phase"] = "end".into();
    let again = write(&dir, "next.json", &next);
    assert_eq!(sim(&["explain", "legion-end-phase", "--position", &again]).status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_positions_and_arguments_are_one_line_errors_with_exit_2() {
    let dir = scratch("bad");
    let mut v = end_phase_position(false);
    v["players"][0]["units"][2]["id"] = "luke".into();
    let pos = write(&dir, "bad.json", &v);
    let err = bad_input(&sim(&["explain", "legion-end-phase", "--position", &pos]));
    assert!(err.contains("bad.json: players[0].units[2].id:"), "{err}");
    let mut v = end_phase_position(false);
    v["phase"] = "command".into();
    let pos = write(&dir, "command.json", &v);
    let err = bad_input(&sim(&["explain", "legion-end-phase", "--position", &pos]));
    assert!(err.contains("command.json: phase:"), "{err}");
    std::fs::write(dir.join("torn.json"), "{\"round\": ").unwrap();
    let err = bad_input(&sim(&["explain", "legion-end-phase", "--position", dir.join("torn.json").to_str().unwrap()]));
    assert!(err.contains("torn.json"), "{err}");
    let err = bad_input(&sim(&["explain", "legion-end-phase"]));
    assert!(err.contains("--position"), "{err}");
    let err =
        bad_input(&sim(&["explain", "legion-end-phase", "--position", dir.join("absent.json").to_str().unwrap()]));
    assert!(err.contains("absent.json: cannot read"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_legion_configs_name_the_field_and_write_nothing() {
    let dir = scratch("config");
    let base = r#""name": "l", "game": "legion", "games": 4, "players": 2, "agents": [{"kind": "random"}], "lineups": [[0, 0]]"#;
    for (extra, field) in [
        (r#", "factions": ["empire", "sith"]"#, "factions[1]: unknown army 'sith'"),
        (
            r#", "factions": ["empire", "rebels"], "rules": {"commanders": "three"}"#,
            "rules.commanders: unknown variant",
        ),
        (r#", "factions": ["empire", "rebels"], "rules": {"rounds": 9}"#, "rules.rounds: got 9, expected 5 or 6"),
        (r#", "factions": ["empire", "rebels"], "rules": {"mission": {"primary": "x"}}"#, "rules.mission"),
        ("", "factions: missing"),
    ] {
        let cfg = dir.join("c.json");
        std::fs::write(&cfg, format!("{{{base}{extra}}}")).unwrap();
        let err = bad_input(&sim(&["run", "--config", cfg.to_str().unwrap(), "--out", dir.to_str().unwrap()]));
        assert!(err.contains(&format!("c.json: {field}")), "{extra}: {err}");
        assert!(!dir.join("l").exists(), "nothing written for {extra}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
