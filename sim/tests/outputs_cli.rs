//! The TI4 outputs for designers: the speaker and scores by round in `games.jsonl`, the
//! speaker-relative, matchup and scores-by-round tables in `summary.json`, and `sim export`'s
//! per-player CSV.

mod support;

use support::*;

#[test]
fn speaker_rounds_matchups_and_the_player_csv() {
    let dir = scratch("outputs");
    run_ok(TI4_SMOKE, &dir, &["--threads", "2"]);
    let run = dir.join("ti4-smoke");
    let games: Vec<serde_json::Value> = String::from_utf8(bytes(&run.join("games.jsonl")))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for g in &games {
        let speaker = g["speaker"].as_u64().expect("a speaker");
        assert!(speaker < 4, "{g}");
        let by_round = g["scores_by_round"].as_array().unwrap();
        assert_eq!(by_round.len() as u64, g["rounds"].as_u64().unwrap(), "one entry per round");
        assert_eq!(by_round.last().unwrap(), &g["scores"], "the last round ends with the final scores");
        // Scores can fall (Support for the Throne returned), so no monotonicity is asserted.
    }
    let s = json(&run.join("summary.json"));
    let positions = s["speaker_positions"].as_array().unwrap();
    assert_eq!(positions.len(), 4);
    assert_eq!(positions.iter().map(|p| p["games"].as_u64().unwrap()).sum::<u64>(), 4 * games.len() as u64);
    assert!(s["balance"]["flagged_speaker_positions"].is_array());
    let m = s["matchups"].as_object().unwrap();
    let (a, row) = m.iter().next().unwrap();
    let (b, cell) = row.as_object().unwrap().iter().next().unwrap();
    assert_eq!(m[b][a]["games"], cell["games"], "{a} vs {b} is symmetric in games");
    assert_eq!(m[b][a]["ahead"].as_u64().unwrap() + cell["ahead"].as_u64().unwrap(), cell["games"].as_u64().unwrap());
    let sbr = &s["scores_by_round"];
    assert_eq!(sbr["games_in_round"][0], games.len());
    assert!(sbr["by_faction"].as_object().unwrap().len() >= 4);
    for label in ["public_points", "secret_points", "technologies"] {
        assert!(s["seat_values"][label]["mean"].as_f64().is_some(), "{label}");
    }

    let o = sim(&["export", run.to_str().unwrap(), "--quiet"]);
    expect_code(&o, 0);
    let csv = String::from_utf8(bytes(&run.join("players.csv"))).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + 4 * games.len());
    assert!(lines[0].starts_with("index,seed,block,rotation,lineup,seat,agent,faction,speaker_distance,rank,score,won"));
    assert!(lines[0].ends_with("public_points,secret_points,technologies"), "{}", lines[0]);
    let wins = lines[1..].iter().filter(|l| l.split(',').nth(11) == Some("1")).count();
    assert_eq!(wins, games.iter().filter(|g| !g["winner"].is_null()).count());
    let o = sim(&["export", dir.join("absent").to_str().unwrap()]);
    assert!(bad_input(&o).contains("games.jsonl"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The tally channel's TI4 answers: objectives scored (checked against the per-seat points
/// the records also carry), abilities used per faction, action cards played.
#[test]
fn objectives_scored_abilities_used_and_action_cards_played() {
    let dir = scratch("outputs-tallies");
    let config = serde_json::json!({
        "name": "ti4-abilities", "game": "ti4", "games": 6, "seed": 5, "players": 6, "seating": "rotate",
        "factions": ["muaat", "nekro", "yssaril", "sol", "hacan", "letnev"], "assignment": "fixed",
        "rules": {"round_cap": 6}, "agents": [{"kind": "heuristic"}], "lineups": [[0, 0, 0, 0, 0, 0]]
    });
    let file = write(&dir, "abilities.json", &config.to_string());
    run_ok(&file, &dir, &["--threads", "2"]);
    let run = dir.join("ti4-abilities");
    let text = String::from_utf8(bytes(&run.join("games.jsonl"))).unwrap();
    let mut cards = 0;
    for line in text.lines() {
        let g: serde_json::Value = serde_json::from_str(line).unwrap();
        let events = g["tallies"]["events"].as_array().unwrap();
        let values = &g["tallies"]["seat_values"];
        for seat in 0..6 {
            let points = |group: &str, each: u64| {
                events.iter().filter(|e| e["label"] == "objective" && e["seat"] == seat && e["group"] == group).count()
                    as u64
                    * each
            };
            let public = points("stage_1", 1) + points("stage_2", 2);
            assert_eq!(Some(public), values["public_points"][seat].as_u64(), "seat {seat}: {line}");
            assert_eq!(Some(points("secret", 1)), values["secret_points"][seat].as_u64(), "seat {seat}: {line}");
        }
        cards += events
            .iter()
            .filter(|e| e["label"] == "action_card")
            .map(|e| e["count"].as_u64().unwrap_or(1))
            .sum::<u64>();
    }
    let s = json(&run.join("summary.json"));
    assert_eq!(s["tallies"]["action_card"]["total"].as_u64(), Some(cards));
    assert!(cards > 0 && s["tallies"]["objective"]["total"].as_u64() > Some(0), "{}", s["tallies"]);
    let abilities = &s["abilities"]["by_faction"];
    for (faction, ability) in [("muaat", "star_forge"), ("nekro", "propagation"), ("sol", "orbital_drop")] {
        let row = &abilities[faction]["by_key"][ability];
        assert!(row["uses"].as_u64() > Some(0), "{faction} never used {ability}: {abilities}");
        assert_eq!(abilities[faction]["seat_games"], 6);
    }
    let with_star_forge: Vec<&String> = abilities
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, v)| v["by_key"].get("star_forge").is_some())
        .map(|(f, _)| f)
        .collect();
    assert_eq!(with_star_forge, ["muaat"], "a faction ability counts for its faction only");
    std::fs::remove_dir_all(&dir).unwrap();
}
