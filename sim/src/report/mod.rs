//! `sim report DIR [--compare BASE_DIR] [--out FILE]`: one self-contained HTML file (inline
//! SVG, no script, no external resource) with the run's charts: a forest plot of the faction
//! (or agent) win shares with their 95% intervals against the fair share, the same for seats and
//! speaker-relative positions, game length and end conditions, scores by round per faction,
//! and with `--compare` the paired per-faction differences of `sim compare BASE_DIR DIR`.
//! Written to `DIR/report.html` by default; deterministic (a function of the files read).

pub mod svg;

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::cli::ReportArgs;
use crate::run::error::RunError;
use crate::run::output::{GAMES_FILE, SUMMARY_FILE};
use crate::run::record::{read_jsonl, GameRecord};
use svg::{bars, esc, forest, lines, Row};

/// Runs `sim report`; returns the file written.
pub fn run(args: &ReportArgs) -> Result<PathBuf, RunError> {
    let html = render(&args.run, args.compare.as_deref())?;
    let out = args.out.clone().unwrap_or_else(|| args.run.join("report.html"));
    std::fs::write(&out, html).map_err(|e| RunError::io(&out, e))?;
    if !args.quiet {
        eprintln!("report -> {}", out.display());
    }
    Ok(out)
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

fn pair(v: &Value) -> Option<[f64; 2]> {
    Some([v.get(0)?.as_f64()?, v.get(1)?.as_f64()?])
}

fn share_rows<'a>(groups: impl Iterator<Item = (String, &'a Value)>) -> Vec<Row> {
    groups
        .filter(|(_, g)| g["decisive_games"].as_u64().unwrap_or(0) > 0)
        .map(|(label, g)| Row {
            label,
            value: f(&g["win_share"]),
            interval: pair(&g["win_share_ci95"]),
            flagged: g["flagged"].as_bool().unwrap_or(false),
        })
        .collect()
}

/// The HTML report of run `dir` (and the comparison with `base`).
pub fn render(dir: &Path, base: Option<&Path>) -> Result<String, RunError> {
    let path = dir.join(SUMMARY_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| RunError::io(&path, e))?;
    let s: Value =
        serde_json::from_str(&text).map_err(|e| RunError::Corrupt { path: path.clone(), problem: e.to_string() })?;
    let mut records = read_jsonl::<GameRecord>(&dir.join(GAMES_FILE))?.records;
    records.sort_by_key(|r| r.id.index);
    let fair = f(&s["balance"]["fair_share"]);
    let mut body = String::new();
    let name = s["name"].as_str().unwrap_or("run");
    body += &format!(
        "<h1>{}</h1><p>{} · {} games completed, {} failed · {} players · fair share {:.3} · {}</p>",
        esc(name),
        esc(s["game"].as_str().unwrap_or("")),
        s["games_completed"],
        s["games_failed"],
        s["players"],
        fair,
        esc(s["balance"]["test"].as_str().unwrap_or(""))
    );
    let groups = if s["factions"].is_object() { "factions" } else { "agents" };
    let rows = share_rows(s[groups].as_object().into_iter().flatten().map(|(k, g)| (k.clone(), g)));
    body += &section(
        &format!("Win share of decisive games by {}", groups.trim_end_matches('s')),
        &forest("win share with 95% interval (red: flagged); dashed: fair share", &rows, fair),
    );
    let seats = share_rows(s["seats"].as_array().into_iter().flatten().map(|g| (format!("seat {}", g["seat"]), g)));
    body += &section("Seats", &forest("win share by seat", &seats, fair));
    if let Some(sp) = s["speaker_positions"].as_array() {
        let rows = share_rows(sp.iter().map(|g| (format!("speaker + {}", g["distance"]), g)));
        body += &section(
            "Speaker-relative position",
            &forest("win share by seats after the starting speaker", &rows, fair),
        );
    }
    let lengths: Vec<u64> = records.iter().map(|r| r.rounds.map_or(r.decisions, u64::from)).collect();
    let unit = if records.iter().any(|r| r.rounds.is_some()) { "rounds" } else { "decisions" };
    body += &section("Game length", &bars(&format!("games by {unit}"), &histogram(&lengths)));
    let ends: Vec<(String, f64)> =
        s["end_conditions"].as_object().into_iter().flatten().map(|(k, v)| (k.clone(), f(v))).collect();
    body += &section("End conditions", &bars("games by end condition", &ends));
    if let Some(by) = s["scores_by_round"]["by_faction"].as_object() {
        let series: Vec<(String, Vec<f64>)> =
            by.iter().map(|(k, v)| (k.clone(), v.as_array().into_iter().flatten().map(f).collect())).collect();
        body +=
            &section("Score by round", &lines("mean score at the end of each round, per faction", &series, "round"));
    }
    if let Some(base) = base {
        let c = crate::compare::compare(&crate::games::builtin(), base, dir)?;
        let groups: Vec<(String, &crate::compare::paired::PairedStats)> = match &c.factions {
            Some(fs) => fs.iter().map(|(k, v)| (k.clone(), v)).collect(),
            None => c.agents.iter().map(|(k, v)| (k.clone(), v)).collect(),
        };
        let rows: Vec<Row> = groups
            .iter()
            .map(|(k, p)| Row {
                label: k.clone(),
                value: p.win_rate_diff,
                interval: p.win_rate_diff_ci95,
                flagged: p.win_rate_flagged,
            })
            .collect();
        let mut changes = String::from("<ul>");
        for ch in &c.changes {
            changes += &format!("<li><code>{}</code>: {} → {}</li>", esc(&ch.path), esc(&ch.base), esc(&ch.new));
        }
        changes +=
            &format!("</ul><p>{} paired games, {} identical move for move.</p>", c.games_paired, c.games_identical);
        body += &section(
            &format!("Compared with {}", base.display()),
            &(changes + &forest("win rate difference (new − base) with 95% interval", &rows, 0.0)),
        );
    }
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>body{{font-family:sans-serif;margin:24px;color:#222}}section{{margin-bottom:28px}}svg.chart{{background:#fff;border:1px solid #ddd}}</style></head><body>{body}</body></html>\n",
        esc(name)
    ))
}

fn section(title: &str, content: &str) -> String {
    format!("<section><h2>{}</h2>{content}</section>", esc(title))
}

/// Counts per value (at most 30 bins, equal width).
fn histogram(values: &[u64]) -> Vec<(String, f64)> {
    let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else { return Vec::new() };
    let width = (hi - lo).div_ceil(30).max(1);
    let bins = ((hi - lo) / width + 1) as usize;
    let mut counts = vec![0u64; bins];
    for &v in values {
        counts[((v - lo) / width) as usize] += 1;
    }
    counts
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let a = lo + i as u64 * width;
            let label = if width == 1 { a.to_string() } else { format!("{a}-{}", a + width - 1) };
            (label, c as f64)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_bin_every_value() {
        assert_eq!(histogram(&[3, 3, 5]), vec![("3".into(), 2.0), ("4".into(), 0.0), ("5".into(), 1.0)]);
        let h = histogram(&(0..100).collect::<Vec<_>>());
        assert_eq!(h.iter().map(|b| b.1).sum::<f64>(), 100.0);
        assert!(h.len() <= 30);
        assert!(histogram(&[]).is_empty());
    }

    #[test]
    fn forest_plots_draw_a_point_and_an_interval_per_row() {
        let rows = vec![
            Row { label: "a<b".into(), value: 0.2, interval: Some([0.1, 0.3]), flagged: false },
            Row { label: "c".into(), value: 0.5, interval: None, flagged: true },
        ];
        let s = forest("t", &rows, 1.0 / 6.0);
        assert_eq!((s.matches("<circle").count(), s.matches("stroke-width=\"2\"").count()), (2, 1));
        assert!(s.contains("a&lt;b") && s.contains("#c0392b"));
    }
}
