//! `sim export DIR [--out FILE]`: one CSV row per player of every completed game of a run, for
//! spreadsheets and notebooks (default `DIR/players.csv`).
//!
//! Columns, in order: `index`, `seed`, `block`, `rotation`, `lineup`, `seat`, `agent`,
//! `faction`, `speaker_distance` (seats after the starting speaker in play order; 0 is the
//! speaker), `rank`, `score`, `won` (1 for a sole first place), `eliminated` (1 or 0, from the
//! `elimination` tally events), `eliminated_round`, then one column per seat value the games
//! report, sorted by label (TI4: `public_points`, `secret_points`, `technologies`). Empty cells
//! for what a game does not have. Rows in game index order, then seat order; fields holding a
//! comma, quote or newline are quoted (RFC 4180).

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::cli::ExportArgs;
use crate::run::error::RunError;
use crate::run::output::GAMES_FILE;
use crate::run::record::{read_jsonl, GameRecord};

/// Runs `sim export`; returns the file written and the rows.
pub fn run(args: &ExportArgs) -> Result<(PathBuf, usize), RunError> {
    let mut records = read_jsonl::<GameRecord>(&args.run.join(GAMES_FILE))?.records;
    if records.is_empty() && !args.run.join(GAMES_FILE).exists() {
        return Err(RunError::Io {
            path: args.run.join(GAMES_FILE),
            error: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        });
    }
    records.sort_by_key(|r| r.id.index);
    let text = csv(&records);
    let out = args.out.clone().unwrap_or_else(|| args.run.join("players.csv"));
    std::fs::write(&out, &text).map_err(|e| RunError::io(&out, e))?;
    let rows = text.lines().count() - 1;
    if !args.quiet {
        eprintln!("{rows} rows -> {}", out.display());
    }
    Ok((out, rows))
}

fn cell(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The CSV text of `records` (in the order given).
pub fn csv(records: &[GameRecord]) -> String {
    let labels: BTreeSet<&str> =
        records.iter().flat_map(|r| r.tallies.seat_values.keys().map(String::as_str)).collect();
    let mut header = vec![
        "index",
        "seed",
        "block",
        "rotation",
        "lineup",
        "seat",
        "agent",
        "faction",
        "speaker_distance",
        "rank",
        "score",
        "won",
        "eliminated",
        "eliminated_round",
    ];
    header.extend(labels.iter().copied());
    let mut out = header.iter().map(|h| cell(h)).collect::<Vec<_>>().join(",") + "\n";
    for r in records {
        for seat in 0..r.ranking.len() {
            let elimination =
                r.tallies.events.iter().find(|e| e.label == "elimination" && e.seat == Some(seat)).map(|e| e.round);
            let opt = |v: Option<String>| v.unwrap_or_default();
            let mut row = vec![
                r.id.index.to_string(),
                r.id.seed.to_string(),
                r.id.block.to_string(),
                r.id.rotation.to_string(),
                r.id.lineup.to_string(),
                seat.to_string(),
                r.id.agents[seat].clone(),
                opt(r.id.factions.as_ref().map(|f| f[seat].clone())),
                opt(r.speaker_distance(seat).map(|d| d.to_string())),
                r.ranking[seat].to_string(),
                r.scores[seat].to_string(),
                ((r.winner == Some(seat)) as u8).to_string(),
                (elimination.is_some() as u8).to_string(),
                opt(elimination.flatten().map(|x| x.to_string())),
            ];
            for l in &labels {
                row.push(opt(r.tallies.seat_values.get(*l).and_then(|v| v.get(seat)).map(|x| x.to_string())));
            }
            out += &(row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(",") + "\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::record::{Event, GameId, Tallies};
    use serde_json::Map;

    #[test]
    fn one_row_per_player_with_the_seat_values() {
        let mut tallies = Tallies::default();
        tallies.events.push(Event::new("elimination").seat(1).round(4));
        tallies.seat_values.insert("technologies".into(), vec![5, 3]);
        let r = GameRecord {
            id: GameId {
                config_hash: String::new(),
                index: 7,
                seed: 1,
                block: 3,
                rotation: 1,
                lineup: 0,
                agents: vec!["mcts(it=2,c=1.4)".into(), "random".into()],
                factions: Some(vec!["sol".into(), "hacan".into()]),
            },
            ranking: vec![1, 2],
            winner: Some(0),
            scores: vec![10, 4],
            decisions: 1,
            chance_events: 0,
            rounds: Some(4),
            end: "victory".into(),
            tallies,
            extras: Map::new(),
            speaker: Some(1),
            scores_by_round: Vec::new(),
        };
        assert_eq!(
            csv(&[r]),
            "index,seed,block,rotation,lineup,seat,agent,faction,speaker_distance,rank,score,won,eliminated,eliminated_round,technologies\n\
             7,1,3,1,0,0,\"mcts(it=2,c=1.4)\",sol,1,1,10,1,0,,5\n\
             7,1,3,1,0,1,random,hacan,0,2,4,0,1,4,3\n"
        );
    }
}
