//! `sim explain combat`: exact odds of the combats a move starts, matching hand-computed values
//! to four decimals (the agreement with the engine's own combats by simulation is
//! `engine::ti4::combat::tests::markov::the_exact_calculator_matches_the_chain_and_the_engine`).

mod support;

use serde_json::Value;
use support::*;

fn explain(dir: &std::path::Path, position: &str, args: &[&str]) -> std::process::Output {
    let file = write(dir, "pos.json", position);
    let mut a = vec!["explain", "combat", "--position", file.as_str()];
    a.extend_from_slice(args);
    sim(&a)
}

fn ok(o: &std::process::Output) -> Value {
    expect_code(o, 0);
    serde_json::from_slice(&o.stdout).unwrap()
}

fn close(v: &Value, x: f64) -> bool {
    (v.as_f64().unwrap() - x).abs() < 5e-5
}

#[test]
fn one_carrier_against_one_carrier() {
    let dir = scratch("combat-carriers");
    let pos = r#"{"players": [
        {"faction": "hacan", "units": [{"unit": "carrier", "system": "19"}]},
        {"faction": "mentak", "units": [{"unit": "carrier", "system": "20"}]}]}"#;
    let e = ok(&explain(&dir, pos, &["--system", "20", "--attacker", "hacan", "--from", "19"]));
    let s = &e["space_combat"];
    // Both hit on 9: 0.16 / 0.16 / 0.04 per round, so 4/9, 4/9, 1/9.
    assert!(
        close(&s["attacker_wins"], 0.4444) && close(&s["defender_wins"], 0.4444) && close(&s["draw"], 0.1111),
        "{s}"
    );
    assert_eq!((s["terminal_states"].as_u64(), e["defender"].as_str()), (Some(3), Some("mentak")));
    assert!(e["invasion"].is_null());
    // In a nebula the defender rolls +1: hits on 8.
    let pos = pos.replace("\"20\"", "\"42\"");
    let e = ok(&explain(&dir, &pos, &["--system", "42", "--attacker", "hacan", "--from", "19"]));
    // Attacker p = 0.2, defender p = 0.3: P(attacker alone) 0.14, defender alone 0.24, both 0.06.
    let s = &e["space_combat"];
    assert_eq!(s["defender_modifier"], 1);
    assert!(close(&s["attacker_wins"], 0.14 / 0.44) && close(&s["defender_wins"], 0.24 / 0.44), "{s}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_infantry_invading_three_infantry() {
    let dir = scratch("combat-infantry");
    let pos = r#"{"players": [
        {"faction": "hacan", "units": [{"unit": "carrier", "system": "19"}, {"unit": "infantry", "count": 2, "system": "19"}]},
        {"faction": "mentak", "planets": [{"id": "vefutii"}], "units": [{"unit": "infantry", "count": 3, "planet": "vefutii"}]}]}"#;
    let e = ok(&explain(&dir, pos, &["--system", "20", "--attacker", "hacan", "--from", "19", "--planet", "vefutii"]));
    assert!(e["space_combat"].is_null(), "no ships to fight: {e}");
    let g = &e["invasion"]["ground_combat"];
    // Hand computation (infantry hit on 8, p = 0.3; V(a, d) over binomial hits, the no-hit
    // round removed): attacker 0.1559, defender 0.8114, draw 0.0327.
    assert!(
        close(&g["attacker_wins"], 0.1559) && close(&g["defender_wins"], 0.8114) && close(&g["draw"], 0.0327),
        "{g}"
    );
    assert!(close(&e["invasion"]["attacker_takes_planet"], 0.1559));

    let o = explain(&dir, pos, &["--system", "20", "--attacker", "hacan", "--from", "21"]);
    assert!(bad_input(&o).contains("--from"), "{o:?}");
    let o = explain(&dir, pos, &["--system", "20", "--attacker", "hacan", "--from", "19", "--planet", "jord"]);
    assert!(bad_input(&o).contains("not on system '20'"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn space_cannon_offense_before_the_move_arrives() {
    let dir = scratch("combat-cannon");
    // Mentak starts with Plasma Scoring (1 additional die), Hacan with Antimass Deflectors (-1 on
    // each die against it): the PDS's die and the additional one each hit on 7 (p = 0.4).
    let pos = r#"{"players": [
        {"faction": "hacan", "units": [{"unit": "carrier", "system": "19"}, {"unit": "infantry", "count": 1, "system": "19"}]},
        {"faction": "mentak", "planets": [{"id": "vefutii"}], "units": [{"unit": "pds", "planet": "vefutii"}]}]}"#;
    let e = ok(&explain(&dir, pos, &["--system", "20", "--attacker", "hacan", "--from", "19", "--planet", "vefutii"]));
    let v = &e["space_cannon_offense"][0];
    assert_eq!((v["firer"].as_str(), v["target"].as_str()), (Some("mentak"), Some("hacan")), "{e}");
    let hits: Vec<f64> = v["hits"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    assert_eq!(hits, vec![0.36, 0.48, 0.16]);
    // The carrier survives with no hit (0.6^2), and its infantry takes the empty-of-ground-forces
    // planet: the PDS's space cannon defense (the same two dice) must miss the lone infantry.
    assert!(close(&e["attacker_holds_space"], 0.36), "{e}");
    let inv = &e["invasion"];
    assert!(close(&inv["lands"], 0.36) && inv["bombardment_blocked"] == true, "{inv}");
    assert!(close(&inv["attacker_takes_planet"], 0.36 * 0.36), "{inv}");
    assert!(e["not_modelled"].as_array().unwrap().iter().any(|x| x.as_str().unwrap().contains("adjacent")));
    std::fs::remove_dir_all(&dir).unwrap();
}
