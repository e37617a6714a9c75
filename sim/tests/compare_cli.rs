//! `sim compare`: the committed example (`sim/experiments/compare/`) finds the planted edit and
//! finds the inert one to do nothing, and runs that are not the same games are refused.

mod support;

use std::path::{Path, PathBuf};

use serde_json::Value;
use support::*;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Runs the committed config `variant` with `games` games into `out` (from the repository root,
/// where its content path resolves); returns the run directory.
fn run(variant: &str, out: &Path, extra: &[&str]) -> PathBuf {
    let config = root().join(format!("sim/experiments/compare/{variant}.json"));
    let mut args = vec!["run", "--config", config.to_str().unwrap(), "--out", out.to_str().unwrap(), "--quiet"];
    args.extend_from_slice(extra);
    let o = command(&args).current_dir(root()).output().unwrap();
    expect_code(&o, 0);
    let name = serde_json::from_str::<Value>(&std::fs::read_to_string(&config).unwrap()).unwrap()["name"].clone();
    out.join(name.as_str().unwrap())
}

fn compare(base: &Path, new: &Path) -> Value {
    let o = command(&["compare", base.to_str().unwrap(), new.to_str().unwrap(), "--json"])
        .current_dir(root())
        .output()
        .unwrap();
    expect_code(&o, 0);
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The tests a comparison flagged (`sim-compare/1` field `flagged`).
fn flagged(c: &Value) -> Vec<&str> {
    c["flagged"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect()
}

#[test]
fn the_planted_edit_is_found_and_the_inert_edit_does_nothing() {
    let dir = scratch("compare");
    let games = ["--games", "120"];
    let base = run("base", &dir, &games);
    let planted = run("planted", &dir, &games);
    let inert = run("inert", &dir, &games);

    let c = compare(&base, &planted);
    assert_eq!((c["format"].as_str(), c["games_paired"].as_u64()), (Some("sim-compare/1"), Some(120)));
    let flagged = flagged(&c);
    // Found by one of the faction's two tests (win rate, mean score; Holm over every test).
    assert!(flagged.iter().any(|f| f.starts_with("faction winnu: ")), "{flagged:?}");
    let w = &c["factions"]["winnu"];
    assert!(w["win_rate_diff_ci95"][0].as_f64().unwrap() > 0.0, "{w}");
    let changes: Vec<String> =
        c["changes"].as_array().unwrap().iter().map(|x| x["path"].as_str().unwrap().into()).collect();
    assert!(
        changes.contains(&"content factions.json: factions['winnu'].starting_technologies".to_string()),
        "{changes:?}"
    );
    assert!(changes.contains(&"config.content".to_string()), "{changes:?}");

    let c = compare(&base, &inert);
    assert_eq!(c["games_identical"], 120, "an edit that cannot matter leaves every game as it was");
    assert_eq!(c["flagged"], serde_json::json!([]));
    for (f, s) in c["factions"].as_object().unwrap() {
        assert_eq!((s["win_rate_diff"].as_f64(), s["changed_outcomes"].as_u64()), (Some(0.0), Some(0)), "{f}");
    }
    let changes: Vec<&str> = c["changes"].as_array().unwrap().iter().map(|x| x["path"].as_str().unwrap()).collect();
    assert!(changes.contains(&"content factions.json: factions['winnu'].name"), "{changes:?}");
    assert!(changes.contains(&"content factions.json: factions['hacan'].starting_technologies"), "{changes:?}");

    // A run of other games (another seed) is not a comparison.
    let other = dir.join("other");
    let reseeded = run("planted", &other, &["--games", "12", "--seed", "5"]);
    let o = sim(&["compare", base.to_str().unwrap(), reseeded.to_str().unwrap()]);
    let err = bad_input(&o);
    assert!(err.contains("config.seed") && err.contains("common random numbers"), "{err}");
    let o = sim(&["compare", base.to_str().unwrap(), dir.join("absent").to_str().unwrap()]);
    assert!(bad_input(&o).contains("run.json"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The realistic example: a buff that moves the weakest of six real factions to about its fair
/// share. The plain run reads it as balanced (no flag); the paired comparison finds the change in
/// Arborec's mean score or win rate (`scripts/games_to_find.sh arborec arborec real_base` prints the games
/// each method needs).
#[test]
fn a_buff_to_the_fair_share_is_found_by_the_comparison_and_not_by_the_plain_run() {
    let dir = scratch("compare-real");
    let games = ["--games", "480"];
    let base = run("real_base", &dir, &games);
    let buffed = run("arborec", &dir, &games);
    let summary: Value = serde_json::from_str(&std::fs::read_to_string(buffed.join("summary.json")).unwrap()).unwrap();
    let ci = &summary["factions"]["arborec"]["win_rate_ci95"];
    let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(lo < 1.0 / 6.0 && 1.0 / 6.0 < hi, "the buff moves Arborec to about its fair share: {ci}");
    assert_eq!(summary["balance"]["flagged_factions"], serde_json::json!([]), "the plain run flags nothing");
    let c = compare(&base, &buffed);
    let flagged = flagged(&c);
    // No other faction may be flagged, and Arborec's mean score must be; whether the win-rate
    // test also clears Holm depends on the rest of the rules (at 240 games: from c0ddda5 it did;
    // with Yin's Devotion it did not, p = 0.013). Since the objectives of e754b3c the buff is
    // the three technologies alone (with the second cruiser it overshot to 0.229 [0.178,
    // 0.289]), and at 240 games its mean score no longer cleared Holm (p = 0.032): 480 games.
    // With the five component-action cards of issue 15 the three technologies overshot too
    // (0.217 [0.180, 0.259]); the buff became Gravity Drive alone: 0.165 [0.131, 0.204], mean
    // score +0.36 [0.18, 0.54] (p = 0.00013), win rate +0.038 (p = 0.11, not flagged). With
    // Shields Holding and Direct Hit that fell short (0.135, mean score p = 0.007, not flagged);
    // now Gravity Drive and Plasma Scoring: 0.158 [0.127, 0.196], mean score +0.42 [0.22, 0.61]
    // (p = 0.00007). With the elections and the four riders that overshot (0.216 [0.178,
    // 0.261]); the buff is Gravity Drive alone again: 0.190 [0.156, 0.228], mean score +0.34
    // [0.17, 0.51] (p = 0.00016). With the nine cards played after an activation that fell
    // short (0.144, p = 0.020); Gravity Drive and Plasma Scoring again: 0.169 [0.134, 0.210],
    // mean score +0.33 [0.15, 0.51] (p = 0.0005), which overshot with In the Silence of Space
    // (0.204 [0.169, 0.245]); Gravity Drive alone: 0.190 [0.156, 0.228], mean score +0.32
    // [0.14, 0.49] (p = 0.0006). The buff is retuned whenever the rules move Arborec's results this much. A seat may be flagged: the buffed faction
    // sits in every seat, so a seat's results change through it (with Devotion, seat 5's win
    // rate +0.096, p = 0.00017), which is not a false finding about another faction.
    // With Summit (window StrategyPhaseStart) Gravity Drive alone gave 0.200 [0.166, 0.238]:
    // the win rate flagged (Holm), the mean score not (+0.18, p = 0.058). Which of Arborec's two
    // tests clears Holm moves with every rule added, so the comparison must flag Arborec on at
    // least one of them, and both differences must point up. With the Construction,
    // Diplomacy, Technology and Warfare Riders Gravity Drive alone fell short (mean score +0.30,
    // p = 0.0032, not flagged): Gravity Drive and Plasma Scoring again, 0.179 [0.146, 0.218],
    // mean score +0.40 [0.19, 0.60] (p = 0.00023), flagged; with Veto and Focused Research
    // 0.167 [0.135, 0.204], mean score +0.32 [0.16, 0.49] (p = 0.00021), flagged.
    assert!(flagged.iter().all(|f| f.starts_with("faction arborec: ") || f.starts_with("seat ")), "{c}");
    assert!(flagged.contains(&"faction arborec: mean_score") || flagged.contains(&"faction arborec: win_rate"), "{c}");
    let a = &c["factions"]["arborec"];
    assert!(a["mean_score_diff"].as_f64().unwrap() > 0.0 && a["win_rate_diff"].as_f64().unwrap() > 0.0, "{a}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_inert_edit_is_warned_about_and_the_planted_one_is_not() {
    let dir = scratch("compare-warnings");
    let stderr = |variant: &str| {
        let config = root().join(format!("sim/experiments/compare/{variant}.json"));
        let args = ["run", "--config", config.to_str().unwrap(), "--out", dir.to_str().unwrap(), "--games", "6"];
        let o = command(&args).current_dir(root()).output().unwrap();
        expect_code(&o, 0)
    };
    let inert = stderr("inert");
    assert!(
        inert.contains(
            "content: factions.json: entry 'hacan': starting_technologies changed, but no seat of this experiment \
             plays 'hacan': the edit cannot change a game"
        ),
        "{inert}"
    );
    assert!(inert.contains("entry 'winnu': name changed: a display name changes no game"), "{inert}");
    let planted = stderr("planted");
    assert!(!planted.contains("cannot change a game") && !planted.contains("changes no game"), "{planted}");
}
