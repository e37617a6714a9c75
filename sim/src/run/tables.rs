//! Summary tables beyond the per-group results: faction-against-faction matchups and scores by
//! round.
//!
//! - **Matchups** (`matchups.<A>.<B>`): over the games where factions A and B both played,
//!   `games`, `wins` (A won the game), `won_by_other` (B won it), `ahead` (A finished in a
//!   better place than B) and `ahead_share` (`ahead / games`). Counts only: the games of a block
//!   share their factions, so these are not independent trials.
//! - **Scores by round** (`scores_by_round`): from the records' `scores_by_round`, the mean
//!   score at the end of round r over every seat-game (`all`) and per faction (`by_faction`),
//!   for r = 1 .. the longest game; a game that ended earlier counts with its final score (so a
//!   curve never drops because short games leave it). `games_in_round[r−1]` counts the games
//!   still running in round r.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::run::record::GameRecord;
use crate::run::summary::r6;

/// One ordered pair of factions.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Matchup {
    /// Games both played.
    pub games: u64,
    /// Games the first faction won.
    pub wins: u64,
    /// Games the second faction won.
    pub won_by_other: u64,
    /// Games the first finished ahead of the second.
    pub ahead: u64,
    /// ahead / games.
    pub ahead_share: f64,
}

/// The matchup table of `records` (games with factions), first faction → second → counts.
pub fn matchups(records: &[GameRecord]) -> BTreeMap<String, BTreeMap<String, Matchup>> {
    let mut out: BTreeMap<String, BTreeMap<String, Matchup>> = BTreeMap::new();
    for r in records {
        let Some(f) = &r.id.factions else { continue };
        for a in 0..f.len() {
            for b in 0..f.len() {
                if a == b || f[a] == f[b] {
                    continue;
                }
                let m = out.entry(f[a].clone()).or_default().entry(f[b].clone()).or_default();
                m.games += 1;
                m.wins += (r.winner == Some(a)) as u64;
                m.won_by_other += (r.winner == Some(b)) as u64;
                m.ahead += (r.ranking[a] < r.ranking[b]) as u64;
            }
        }
    }
    for row in out.values_mut() {
        for m in row.values_mut() {
            m.ahead_share = r6(m.ahead as f64 / m.games as f64);
        }
    }
    out
}

/// Mean scores at the end of each round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoresByRound {
    /// Games still running in round r (index r − 1).
    pub games_in_round: Vec<u64>,
    /// Mean score per seat-game at the end of round r.
    pub all: Vec<f64>,
    /// The same per faction, for games with factions.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub by_faction: BTreeMap<String, Vec<f64>>,
}

/// The scores-by-round table, or `None` when no record has scores by round.
pub fn scores_by_round(records: &[GameRecord]) -> Option<ScoresByRound> {
    let rounds = records.iter().map(|r| r.scores_by_round.len()).max().filter(|&n| n > 0)?;
    let mut games_in_round = vec![0u64; rounds];
    let mut all = (vec![0i64; rounds], 0u64);
    let mut by_faction: BTreeMap<&str, (Vec<i64>, u64)> = BTreeMap::new();
    for r in records.iter().filter(|r| !r.scores_by_round.is_empty()) {
        let last = r.scores_by_round.len() - 1;
        for (i, g) in games_in_round.iter_mut().enumerate() {
            *g += (i <= last) as u64;
        }
        for seat in 0..r.ranking.len() {
            let f = r.id.factions.as_ref().map(|f| f[seat].as_str());
            all.1 += 1;
            if let Some(f) = f {
                by_faction.entry(f).or_insert_with(|| (vec![0; rounds], 0)).1 += 1;
            }
            for round in 0..rounds {
                let v = r.scores_by_round[round.min(last)].get(seat).copied().unwrap_or(0);
                all.0[round] += v;
                if let Some(f) = f {
                    by_faction.get_mut(f).expect("inserted above").0[round] += v;
                }
            }
        }
    }
    let mean = |(sums, n): &(Vec<i64>, u64)| sums.iter().map(|&s| r6(s as f64 / (*n).max(1) as f64)).collect();
    Some(ScoresByRound {
        games_in_round,
        all: mean(&all),
        by_faction: by_faction.iter().map(|(f, acc)| (f.to_string(), mean(acc))).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::record::{GameId, Tallies};
    use serde_json::Map;

    fn game(factions: [&str; 3], ranking: [u8; 3], by_round: Vec<Vec<i64>>) -> GameRecord {
        GameRecord {
            id: GameId {
                config_hash: String::new(),
                index: 0,
                seed: 0,
                block: 0,
                rotation: 0,
                lineup: 0,
                agents: vec!["a".into(); 3],
                factions: Some(factions.map(String::from).to_vec()),
            },
            winner: ranking.iter().position(|&r| r == 1),
            ranking: ranking.to_vec(),
            scores: by_round.last().cloned().unwrap_or_default(),
            decisions: 1,
            chance_events: 0,
            rounds: Some(by_round.len() as u32),
            end: "x".into(),
            tallies: Tallies::default(),
            extras: Map::new(),
            speaker: Some(0),
            scores_by_round: by_round,
        }
    }

    #[test]
    fn matchups_count_each_ordered_pair() {
        let g = [game(["x", "y", "z"], [1, 3, 2], vec![]), game(["y", "x", "w"], [1, 2, 3], vec![])];
        let m = matchups(&g);
        assert_eq!(m["x"]["y"], Matchup { games: 2, wins: 1, won_by_other: 1, ahead: 1, ahead_share: 0.5 });
        assert_eq!((m["x"]["z"].ahead, m["z"]["x"].ahead, m["w"]["x"].games), (1, 0, 1));
    }

    #[test]
    fn short_games_carry_their_final_score_forward() {
        let g = [
            game(["x", "y", "z"], [1, 2, 3], vec![vec![1, 0, 0], vec![3, 2, 1]]),
            game(["x", "y", "z"], [2, 1, 3], vec![vec![0, 2, 0]]),
        ];
        let s = scores_by_round(&g).unwrap();
        assert_eq!(s.games_in_round, vec![2, 1]);
        assert_eq!(s.by_faction["x"], vec![0.5, 1.5]);
        assert_eq!(s.by_faction["y"], vec![1.0, 2.0]);
        assert_eq!(s.all, vec![0.5, 1.333333]);
        assert!(scores_by_round(&[game(["x", "y", "z"], [1, 2, 3], vec![])]).is_none());
    }
}
