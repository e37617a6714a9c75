//! Paired differences between two runs of the same games (common random numbers: the same
//! seed and game indices, so game `i` has the same map, dice and seating in both runs and
//! differs only by what was changed).
//!
//! Per group (a seat, an agent, a faction) and paired game: the difference new − base of
//! whether it won (−1, 0 or 1) and of its mean score per seat held. The mean difference gets a
//! cluster-robust standard error over its B rotation blocks ([`crate::stats::cluster`]), a 95%
//! interval and a two-sided test from Student's t with B − 1 degrees of freedom (the blocks are
//! the independent units, so few blocks give wide intervals); a difference that is zero in every
//! game has interval `[0, 0]` and p-value 1, one that is the same nonzero amount in every block
//! gets the sign test's p-value over the blocks, and with fewer than two blocks there is no
//! interval (`null`) and p-value 1. Holm's correction runs over one family holding both tests of
//! every group.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::run::record::GameRecord;
use crate::run::summary::r6;
use crate::stats::cluster::clustered_mean_se;
use crate::stats::exact::{student_t_critical, student_t_p_value};
use crate::stats::holm;

/// A group's paired comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedStats {
    /// Paired games the group took part in (in both runs).
    pub games: u64,
    /// Paired games where whether it won differs between the runs.
    pub changed_outcomes: u64,
    /// Its win rate in the base run, over these games.
    pub base_win_rate: f64,
    /// And in the new run.
    pub new_win_rate: f64,
    /// new − base.
    pub win_rate_diff: f64,
    /// Cluster-robust 95% interval of the difference (t, B − 1 degrees of freedom); `null`
    /// with fewer than two blocks.
    pub win_rate_diff_ci95: Option<[f64; 2]>,
    /// Two-sided p-value of the difference (t-test).
    pub win_rate_p_value: f64,
    /// Whether Holm over the comparison's family rejects it.
    pub win_rate_flagged: bool,
    /// Mean score per seat held, base run.
    pub base_mean_score: f64,
    /// And new run.
    pub new_mean_score: f64,
    /// new − base.
    pub mean_score_diff: f64,
    /// Cluster-robust 95% interval of the difference, as `win_rate_diff_ci95`.
    pub mean_score_diff_ci95: Option<[f64; 2]>,
    /// Two-sided p-value of the difference.
    pub mean_score_p_value: f64,
    /// Whether Holm over the comparison's family rejects it.
    pub mean_score_flagged: bool,
}

/// One block's sums for a group.
#[derive(Clone, Copy, Debug, Default)]
struct Acc {
    block: u64,
    games: u64,
    changed: u64,
    base_wins: u64,
    new_wins: u64,
    base_score: f64,
    new_score: f64,
}

/// The paired sums of one group, per block.
#[derive(Clone, Debug, Default)]
pub struct PairedTally {
    blocks: Vec<Acc>,
}

fn won(r: &GameRecord, seats: &[usize]) -> bool {
    r.winner.is_some_and(|w| seats.contains(&w))
}

fn mean_score(r: &GameRecord, seats: &[usize]) -> f64 {
    seats.iter().map(|&s| r.scores[s] as f64).sum::<f64>() / seats.len() as f64
}

impl PairedTally {
    /// Counts paired game (`base`, `new`) for a group holding `base_seats` and `new_seats`
    /// (both non-empty). Pairs must come in index order.
    pub fn add(&mut self, base: &GameRecord, base_seats: &[usize], new: &GameRecord, new_seats: &[usize]) {
        if self.blocks.last().is_none_or(|b| b.block != base.id.block) {
            self.blocks.push(Acc { block: base.id.block, ..Acc::default() });
        }
        let b = self.blocks.last_mut().expect("pushed above");
        let (wb, wn) = (won(base, base_seats), won(new, new_seats));
        b.games += 1;
        b.changed += (wb != wn) as u64;
        b.base_wins += wb as u64;
        b.new_wins += wn as u64;
        b.base_score += mean_score(base, base_seats);
        b.new_score += mean_score(new, new_seats);
    }

    /// The statistics, unflagged.
    pub fn stats(&self) -> PairedStats {
        let games: u64 = self.blocks.iter().map(|b| b.games).sum();
        let n = games.max(1) as f64;
        let wins: Vec<(u64, f64)> =
            self.blocks.iter().map(|b| (b.games, b.new_wins as f64 - b.base_wins as f64)).collect();
        let scores: Vec<(u64, f64)> = self.blocks.iter().map(|b| (b.games, b.new_score - b.base_score)).collect();
        let (dw, sw) = clustered_mean_se(&wins);
        let (ds, ss) = clustered_mean_se(&scores);
        let df = self.blocks.iter().filter(|b| b.games > 0).count().saturating_sub(1) as f64;
        let ci = |d: f64, se: f64| {
            (df >= 1.0).then(|| {
                let t = if se > 0.0 { student_t_critical(0.05, df) } else { 0.0 };
                [r6(d - t * se), r6(d + t * se)]
            })
        };
        let sum = |f: fn(&Acc) -> f64| self.blocks.iter().map(f).sum::<f64>();
        PairedStats {
            games,
            changed_outcomes: self.blocks.iter().map(|b| b.changed).sum(),
            base_win_rate: r6(sum(|b| b.base_wins as f64) / n),
            new_win_rate: r6(sum(|b| b.new_wins as f64) / n),
            win_rate_diff: r6(dw),
            win_rate_diff_ci95: ci(dw, sw),
            win_rate_p_value: r6(p_value(dw, sw, df)),
            win_rate_flagged: false,
            base_mean_score: r6(sum(|b| b.base_score) / n),
            new_mean_score: r6(sum(|b| b.new_score) / n),
            mean_score_diff: r6(ds),
            mean_score_diff_ci95: ci(ds, ss),
            mean_score_p_value: r6(p_value(ds, ss, df)),
            mean_score_flagged: false,
        }
    }
}

/// Two-sided t p-value of a difference with standard error `se` and `df` degrees of freedom;
/// 1 without degrees of freedom; a difference without spread is 1 when zero and otherwise the
/// two-sided sign test on the df + 1 blocks, which all moved the same way.
fn p_value(diff: f64, se: f64, df: f64) -> f64 {
    if df < 1.0 {
        1.0
    } else if se > 0.0 {
        student_t_p_value(diff / se, df).min(1.0)
    } else if diff == 0.0 {
        1.0
    } else {
        // Every block moved by the same amount: the sign test on the blocks, 2 · 2^−B.
        (2.0 * 0.5f64.powf(df + 1.0)).min(1.0)
    }
}

/// Holm over both tests of every group; returns the family size.
pub fn flag(groups: &mut [&mut PairedStats], alpha: f64) -> usize {
    let tested: Vec<usize> = (0..groups.len()).filter(|&i| groups[i].games > 0).collect();
    let mut p = Vec::new();
    for &i in &tested {
        p.push(groups[i].win_rate_p_value);
        p.push(groups[i].mean_score_p_value);
    }
    let reject = holm(&p, alpha);
    for (j, &i) in tested.iter().enumerate() {
        groups[i].win_rate_flagged = reject[2 * j];
        groups[i].mean_score_flagged = reject[2 * j + 1];
    }
    p.len()
}

/// The paired tallies of every group over `pairs` (same index in both, index order):
/// seats, agents (keyed by their display name, or `base → new` when the seat's agent
/// changed) and factions (in games where the faction plays in both runs).
pub fn tally(
    pairs: &[(&GameRecord, &GameRecord)],
    players: usize,
) -> (Vec<PairedTally>, BTreeMap<String, PairedTally>, BTreeMap<String, PairedTally>) {
    let mut seats = vec![PairedTally::default(); players];
    let mut agents: BTreeMap<String, PairedTally> = BTreeMap::new();
    let mut factions: BTreeMap<String, PairedTally> = BTreeMap::new();
    for &(b, n) in pairs {
        for (s, t) in seats.iter_mut().enumerate() {
            t.add(b, &[s], n, &[s]);
        }
        let mut held: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for s in 0..players {
            let (x, y) = (&b.id.agents[s], &n.id.agents[s]);
            let key = if x == y { x.clone() } else { format!("{x} → {y}") };
            held.entry(key).or_default().push(s);
        }
        for (k, seats) in held {
            agents.entry(k).or_default().add(b, &seats, n, &seats);
        }
        if let (Some(fb), Some(fn_)) = (&b.id.factions, &n.id.factions) {
            let mut in_base: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
            for (s, f) in fb.iter().enumerate() {
                in_base.entry(f).or_default().push(s);
            }
            for (f, base_seats) in in_base {
                let new_seats: Vec<usize> = (0..fn_.len()).filter(|&s| fn_[s] == f).collect();
                if !new_seats.is_empty() {
                    factions.entry(f.to_string()).or_default().add(b, &base_seats, n, &new_seats);
                }
            }
        }
    }
    (seats, agents, factions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::record::{GameId, Tallies};
    use serde_json::Map;

    fn game(index: u64, winner: usize) -> GameRecord {
        GameRecord {
            id: GameId {
                config_hash: String::new(),
                index,
                seed: 1,
                block: index / 2,
                rotation: (index % 2) as usize,
                lineup: 0,
                agents: vec!["a".into(), "b".into()],
                factions: Some(vec!["x".into(), "y".into()]),
            },
            ranking: if winner == 0 { vec![1, 2] } else { vec![2, 1] },
            winner: Some(winner),
            scores: if winner == 0 { vec![10, 7] } else { vec![7, 10] },
            decisions: 1,
            chance_events: 0,
            rounds: None,
            end: "x".into(),
            tallies: Tallies::default(),
            extras: Map::new(),
            speaker: None,
            scores_by_round: Vec::new(),
        }
    }

    #[test]
    fn identical_runs_differ_by_exactly_nothing() {
        let base: Vec<GameRecord> = (0..40).map(|i| game(i, (i % 3 == 0) as usize)).collect();
        let pairs: Vec<(&GameRecord, &GameRecord)> = base.iter().zip(&base).collect();
        let (seats, _, factions) = tally(&pairs, 2);
        let s = factions["x"].stats();
        assert_eq!(
            (s.games, s.changed_outcomes, s.win_rate_diff, s.win_rate_diff_ci95),
            (40, 0, 0.0, Some([0.0, 0.0]))
        );
        assert_eq!((s.win_rate_p_value, s.mean_score_p_value), (1.0, 1.0));
        assert_eq!(seats[1].stats().mean_score_diff, 0.0);
    }

    #[test]
    fn a_changed_outcome_is_measured_and_flagged_when_consistent() {
        // Base: seat 0 wins a third; new: seat 0 wins every game.
        let base: Vec<GameRecord> = (0..60).map(|i| game(i, (i % 3 != 0) as usize)).collect();
        let new: Vec<GameRecord> = (0..60).map(|i| game(i, 0)).collect();
        let pairs: Vec<(&GameRecord, &GameRecord)> = base.iter().zip(&new).collect();
        let (_, mut agents, _) = tally(&pairs, 2);
        let mut a = agents.get_mut("a").unwrap().stats();
        assert_eq!((a.changed_outcomes, a.base_win_rate, a.new_win_rate), (40, 0.333333, 1.0));
        assert!((a.win_rate_diff - 0.666667).abs() < 1e-6 && a.win_rate_diff_ci95.unwrap()[0] > 0.4, "{a:?}");
        assert!((a.mean_score_diff - 2.0).abs() < 1e-6);
        let mut flat = PairedTally::default().stats();
        assert_eq!(flag(&mut [&mut a, &mut flat], 0.05), 2, "a group without games is not tested");
        assert!(a.win_rate_flagged && a.mean_score_flagged);
    }

    #[test]
    fn one_block_cannot_show_a_difference() {
        let base = [game(0, 1), game(1, 1)];
        let new = [game(0, 0), game(1, 0)];
        let pairs: Vec<(&GameRecord, &GameRecord)> = base.iter().zip(&new).collect();
        let (seats, _, _) = tally(&pairs, 2);
        let s = seats[0].stats();
        assert_eq!((s.win_rate_diff, s.win_rate_diff_ci95, s.win_rate_p_value), (1.0, None, 1.0));
    }
}
