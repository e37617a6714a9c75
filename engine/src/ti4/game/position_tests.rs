//! Game-position tests (issue 14, Build 3): every state of random games written, read back and
//! continued identically; errors name the field.

use super::position::*;
use super::tests::six_player_game;
use super::*;
use crate::ti4::position::{parse_position, PositionErrorKind};
use rand::{RngExt, SeedableRng};

/// Plays `games` uniformly random games (seed `seed`, stream = game index) twice in lockstep:
/// once plainly, once replacing the game at every step by its position read back. The two
/// must be the same game at every step, and JSON → game → JSON must be stable. Returns the
/// states checked.
fn round_trip_every_step(games: u64, seed: u64) -> u64 {
    let mut states = 0;
    let mut buf = Vec::new();
    for i in 0..games {
        let mut reference = six_player_game(seed + i);
        let mut read_back = reference.clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(i);
        loop {
            let json = game_to_json(&read_back);
            let g = game_from_json(reference.content.clone(), &json)
                .unwrap_or_else(|e| panic!("game {i} step {states}: own position rejected: {e}"));
            assert!(same_game(&g, &reference), "game {i}: read back differs at {:?}", reference.step);
            assert_eq!(game_to_json(&g), json, "game {i}: JSON not stable at {:?}", reference.step);
            read_back = g;
            states += 1;
            match reference.current() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let mut r2 = rng.clone();
                    reference.apply_chance(&mut rng);
                    read_back.apply_chance(&mut r2);
                }
                Turn::Player(_) => {
                    reference.legal_actions(&mut buf);
                    let a = buf[rng.random_range(0..buf.len())];
                    reference.apply(a);
                    read_back.apply(a);
                }
            }
        }
        assert_eq!(reference.ranking(), read_back.ranking());
    }
    states
}

#[test]
/// Issue 14 Build 3: every position reached in random games round-trips and continues
/// identically (this test: 20 games; the 1,000-game run is `every_state_of_1000_random_games`).
fn every_state_of_random_games_round_trips_and_continues_identically() {
    assert!(round_trip_every_step(20, 11) > 4_000);
}

#[test]
#[ignore = "about 1,000 complete games with a position round trip at every step; run with --ignored"]
/// Issue 14 Build 3, done-when: 1,000 random games, every position round-trips and continues
/// identically.
fn every_state_of_1000_random_games() {
    assert!(round_trip_every_step(1000, 1000) > 100_000);
}

/// A game mid-way, as position JSON (a value to edit).
fn mid_game() -> serde_json::Value {
    let mut g = six_player_game(3);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut buf = Vec::new();
    for _ in 0..400 {
        crate::game::random_step(&mut g, &mut rng, &mut buf);
    }
    serde_json::from_str(&game_to_json(&g)).expect("json")
}

fn read(v: &serde_json::Value) -> Result<Ti4Game, crate::ti4::position::PositionError> {
    game_from_json(Content::embedded(), &v.to_string())
}

fn error_path(v: &serde_json::Value) -> String {
    match read(v) {
        Ok(_) => panic!("accepted"),
        Err(e) => {
            assert!(!e.to_string().contains('\n'));
            e.path
        }
    }
}

#[test]
fn a_game_position_reads_back_and_a_bare_state_is_refused() {
    let v = mid_game();
    read(&v).expect("reads");
    let mut bare = v.clone();
    bare.as_object_mut().unwrap().remove("procedure");
    assert_eq!(error_path(&bare), "procedure");
    let mut no_map = v.clone();
    no_map.as_object_mut().unwrap().remove("map");
    let e = read(&no_map).expect_err("refused");
    assert_eq!((e.path.as_str(), &e.kind), ("map", &PositionErrorKind::MissingMap));
}

#[test]
fn an_empty_systems_list_takes_the_board_from_the_map() {
    let mut v = mid_game();
    let g = read(&v).expect("reads");
    v["systems"] = serde_json::json!([]);
    let h = read(&v).expect("reads without systems");
    assert!(same_game(&g, &h));
}

#[test]
fn procedure_errors_name_the_field() {
    let v = mid_game();
    let mut w = v.clone();
    w["procedure"]["flow"]["turn"] = serde_json::json!(6);
    assert_eq!(error_path(&w), "procedure.flow.turn");
    let mut w = v.clone();
    w["procedure"]["flow"]["no_such_field"] = serde_json::json!(1);
    assert!(error_path(&w).starts_with("procedure"));
    let mut w = v.clone();
    w["procedure"]["step"] = serde_json::json!({"Turn": 9});
    assert_eq!(error_path(&w), "procedure.step");
    let mut w = v.clone();
    w["procedure"]["step"] = serde_json::json!("Space");
    w["procedure"]["flow"]["tactical"]["space"] = serde_json::Value::Null;
    assert_eq!(error_path(&w), "procedure.flow.tactical.space");
    let mut w = v.clone();
    w["procedure"]["step"] = serde_json::json!({"Decide": 0});
    assert_eq!(error_path(&w), "procedure.flow.pending", "a decision step with nothing pending");
    let mut w = v.clone();
    w["procedure"]["research_log"] = serde_json::json!([]);
    if v["procedure"]["researched"] != serde_json::json!(0) {
        assert_eq!(error_path(&w), "procedure.research_log");
    }
    // A card being played (`flow.played`) names a seat and a card of the content.
    let mut w = v.clone();
    w["procedure"]["flow"]["played"] = serde_json::json!({"player": 0, "card": 250, "target": 0});
    assert_eq!(error_path(&w), "procedure.flow.played.card");
    let mut w = v.clone();
    w["procedure"]["flow"]["played"] = serde_json::json!({"player": 7, "card": 0, "target": 0});
    assert_eq!(error_path(&w), "procedure.flow.played.player");
    let mut w = v.clone();
    w["procedure"]["flow"]["choosing"] = serde_json::json!([7, 4]);
    assert_eq!(error_path(&w), "procedure.flow.choosing", "a strategy card chosen by no seat");
    let mut w = v.clone();
    w["procedure"]["flow"]["disgraced"] = serde_json::json!(9);
    assert_eq!(error_path(&w), "procedure.flow.disgraced");
    let mut w = v.clone();
    w["procedure"]["step"] = serde_json::json!("CardChance");
    w["procedure"]["flow"]["played"] = serde_json::Value::Null;
    assert_eq!(error_path(&w), "procedure.flow.played", "a card's chance step without its card");
    let mut w = v.clone();
    w["rules"]["victory_points"] = serde_json::json!(0);
    assert_eq!(error_path(&w), "rules.victory_points");
    let mut w = v.clone();
    w["procedure"]["flow"]["production"]["free"] = serde_json::json!([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(error_path(&w), "procedure.flow.production.free", "more free units than queued");
    // The research log's prerequisite skips: an entry of the log, a skip 1-3, in log order.
    let logged = v["procedure"]["research_log"].as_array().unwrap().len();
    assert!(logged >= 2, "the mid-game position has researches");
    for bad in [serde_json::json!([[logged, 1]]), serde_json::json!([[0, 0]]), serde_json::json!([[0, 4]])] {
        let mut w = v.clone();
        w["procedure"]["research_skips"] = bad;
        assert_eq!(error_path(&w), "procedure.research_skips[0]");
    }
    let mut w = v.clone();
    w["procedure"]["research_skips"] = serde_json::json!([[1, 1], [0, 3]]);
    assert_eq!(error_path(&w), "procedure.research_skips[1]", "out of order");
    // Rule effects: a known effect, a seat of the game, a count of at least 1, in order.
    let unknown = super::effects::EFFECTS;
    for bad in [serde_json::json!([[unknown, 0, 1]]), serde_json::json!([[0, 6, 1]]), serde_json::json!([[0, 0, 0]])] {
        let mut w = v.clone();
        w["procedure"]["effects"] = bad;
        assert_eq!(error_path(&w), "procedure.effects[0]");
    }
    let mut w = v.clone();
    w["procedure"]["effects"] = serde_json::json!([[1, 0, 2], [0, 3, 1]]);
    assert_eq!(error_path(&w), "procedure.effects[1]", "out of order");
}

/// A research's prerequisite skip survives the position: `research_skips` lists it and the
/// research log reads it back (`sim` tallies each as a use of its rule).
#[test]
fn research_skips_round_trip() {
    let v = mid_game();
    let c = Content::embedded();
    let mut w = v.clone();
    w["procedure"]["research_skips"] = serde_json::json!([[1, 3]]);
    let g = game_from_json(c.clone(), &w.to_string()).expect("a valid skip entry");
    let skips: Vec<Skip> = g.research_log().map(|r| r.skip).collect();
    assert_eq!(skips[1], Skip::ReturnCaptured);
    assert!(skips.iter().enumerate().all(|(i, &k)| i == 1 || k == Skip::None));
    let back: serde_json::Value = serde_json::from_str(&game_to_json(&g)).unwrap();
    assert_eq!(back["procedure"]["research_skips"], serde_json::json!([[1, 3]]));
    // Rule effect counts likewise.
    let mut w = v.clone();
    w["procedure"]["effects"] = serde_json::json!([[0, 2, 5], [2, 1, 1]]);
    let g = game_from_json(c.clone(), &w.to_string()).expect("valid effect counts");
    assert_eq!(g.effects().get(Player(2), super::effects::Effect::UnitsCaptured), 5);
    let back: serde_json::Value = serde_json::from_str(&game_to_json(&g)).unwrap();
    assert_eq!(back["procedure"]["effects"], serde_json::json!([[0, 2, 5], [2, 1, 1]]));
    assert!(serde_json::from_str::<serde_json::Value>(&game_to_json(&game_from_json(c, &v.to_string()).unwrap()))
        .unwrap()["procedure"]
        .get("research_skips")
        .is_none());
}

#[test]
fn map_errors_name_the_map_or_the_board() {
    let v = mid_game();
    let mut w = v.clone();
    w["map"] = serde_json::json!("not a map");
    assert_eq!(error_path(&w), "map");
    let mut w = v.clone();
    let systems = w["systems"].as_array_mut().unwrap();
    systems.swap(1, 2);
    assert_eq!(error_path(&w), "systems");
    assert!(parse_position(&v.to_string()).is_ok());
}
