//! Per-group results (a seat, an agent, a faction, a speaker-relative position) and the
//! balance test, with the block design accounted for.
//!
//! **Trials.** A group is counted once per game it takes part in, however many seats it holds
//! (an agent in three seats of a game plays one game, which it wins when one of its seats
//! does). Its fair share of a decisive game is k/P (k of the P seats); games where it holds
//! every seat tell nothing and are left out of its test, so a mirror's agent is never tested.
//!
//! **Clusters.** The games of a rotation block share their map, dice and faction draw, so a
//! group's results within a block are correlated. Every interval and test below uses the
//! group's design effect over blocks ([`crate::stats::cluster`]): an effective sample of
//! `count / deff`. With fixed seating every game is its own block and the analysis is the
//! independent-trials one.
//!
//! **Test.** Wins among the group's decisive games against its fair share: the exact two-sided
//! binomial test (the smaller tail doubled, [`crate::stats::exact::binomial_test`]) on the
//! effective sample; `win_share_ci95` is the Clopper-Pearson interval it inverts, so the test
//! rejects at 5% exactly when the interval excludes the fair share. One Holm step-down family
//! holds every group tested in the run (seats, agents, factions, speaker positions), so a run
//! with no real effect flags anything at all with probability at most α.

use serde::Serialize;

use crate::run::record::GameRecord;
use crate::run::summary::r6;
use crate::stats::cluster::{clustered_mean, design_effect, Cluster};
use crate::stats::exact::{binomial_test, clopper_pearson, normal_quantile};
use crate::stats::{holm, wilson_real, Z95};

/// Power at which the minimum detectable effect is stated.
pub const POWER: f64 = 0.8;

/// Results of one group (see the module docs; every field in `results/README.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupStats {
    /// Games the group took part in.
    pub games: u64,
    /// Seats it held over those games (equal to `games` unless it held several seats of a game).
    pub seat_games: u64,
    /// Games it won (a sole first place in one of its seats).
    pub wins: u64,
    /// Games whose shared first place included one of its seats.
    pub draws: u64,
    /// The rest.
    pub losses: u64,
    /// wins / games.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate on the block-adjusted effective sample.
    pub win_rate_ci95: [f64; 2],
    /// Mean final score per seat held.
    pub mean_score: f64,
    /// Cluster-robust 95% interval of the mean score.
    pub mean_score_ci95: [f64; 2],
    /// Mean place per seat held, 1 for first.
    pub mean_rank: f64,
    /// Cluster-robust 95% interval of the mean rank.
    pub mean_rank_ci95: [f64; 2],
    /// Decisive games it took part in without holding every seat (the test's trials).
    pub decisive_games: u64,
    /// Its wins among them.
    pub decisive_wins: u64,
    /// Its expected share of those wins if it were no better than anyone (mean of k/P).
    pub fair_share: f64,
    /// decisive_wins / decisive_games.
    pub win_share: f64,
    /// Clopper-Pearson 95% interval of the win share on the effective sample.
    pub win_share_ci95: [f64; 2],
    /// Effect size: win_share − fair_share.
    pub effect: f64,
    /// 95% interval of the effect.
    pub effect_ci95: [f64; 2],
    /// Design effect of the win share over rotation blocks (at least 1).
    pub design_effect: f64,
    /// Smallest |effect| the corrected test detects with 80% power at this sample size.
    pub mde80: f64,
    /// Two-sided exact binomial p-value of the win share against the fair share.
    pub p_value: f64,
    /// Whether Holm's procedure over the run's one family rejects it.
    pub flagged: bool,
}

/// One block's integer counts for a group.
#[derive(Clone, Copy, Debug, Default)]
struct BlockAcc {
    block: u64,
    games: u64,
    wins: u64,
    decisive: u64,
    decisive_wins: u64,
    /// Σ k over the decisive games counted (the fair share's numerator, over P).
    decisive_seats: u64,
    seat_games: u64,
    score_sum: i64,
    rank_sum: u64,
}

/// The integer tallies behind a [`GroupStats`], per rotation block.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    blocks: Vec<BlockAcc>,
    draws: u64,
}

impl Tally {
    /// Counts game `r` for a group holding `seats` (non-empty) of it. Records must come in
    /// index order (blocks are then contiguous).
    pub fn add(&mut self, r: &GameRecord, seats: &[usize]) {
        let players = r.ranking.len() as u64;
        let k = seats.len() as u64;
        if self.blocks.last().is_none_or(|b| b.block != r.id.block) {
            self.blocks.push(BlockAcc { block: r.id.block, ..BlockAcc::default() });
        }
        let b = self.blocks.last_mut().expect("pushed above");
        let won = r.winner.is_some_and(|w| seats.contains(&w));
        b.games += 1;
        b.wins += won as u64;
        self.draws += (r.winner.is_none() && seats.iter().any(|&s| r.ranking[s] == 1)) as u64;
        if r.winner.is_some() && k < players {
            b.decisive += 1;
            b.decisive_wins += won as u64;
            b.decisive_seats += k;
        }
        b.seat_games += k;
        b.score_sum += seats.iter().map(|&s| r.scores[s]).sum::<i64>();
        b.rank_sum += seats.iter().map(|&s| r.ranking[s] as u64).sum::<u64>();
    }

    /// Whether the group has trials for the balance test.
    pub fn tested(&self) -> bool {
        self.blocks.iter().any(|b| b.decisive > 0)
    }

    /// The statistics, with `flagged` false and `mde80` at level `alpha_first` (the level
    /// Holm applies to the smallest p-value, α / family size).
    pub fn stats(&self, players: usize, alpha_first: f64) -> GroupStats {
        let sum = |f: fn(&BlockAcc) -> u64| self.blocks.iter().map(f).sum::<u64>();
        let (games, wins, decisive, dwins, dseats, seat_games) = (
            sum(|b| b.games),
            sum(|b| b.wins),
            sum(|b| b.decisive),
            sum(|b| b.decisive_wins),
            sum(|b| b.decisive_seats),
            sum(|b| b.seat_games),
        );
        let all: Vec<Cluster> = self.blocks.iter().map(|b| Cluster { n: b.games, x: b.wins }).collect();
        let dec: Vec<Cluster> = self.blocks.iter().map(|b| Cluster { n: b.decisive, x: b.decisive_wins }).collect();
        let deff_all = design_effect(&all);
        let deff = design_effect(&dec);
        let (lo, hi) = wilson_real(wins as f64 / deff_all, games as f64 / deff_all, Z95);
        let scores: Vec<(u64, f64)> = self.blocks.iter().map(|b| (b.seat_games, b.score_sum as f64)).collect();
        let ranks: Vec<(u64, f64)> = self.blocks.iter().map(|b| (b.seat_games, b.rank_sum as f64)).collect();
        let (mean_score, score_ci) = clustered_mean(&scores, Z95);
        let (mean_rank, rank_ci) = clustered_mean(&ranks, Z95);
        let fair =
            if decisive == 0 { 1.0 / players as f64 } else { dseats as f64 / (players as u64 * decisive) as f64 };
        let (x, n) = (dwins as f64 / deff, decisive as f64 / deff);
        let (slo, shi) = clopper_pearson(x, n, 0.05);
        let share = ratio(dwins as f64, decisive);
        GroupStats {
            games,
            seat_games,
            wins,
            draws: self.draws,
            losses: games - wins - self.draws,
            win_rate: r6(ratio(wins as f64, games)),
            win_rate_ci95: [r6(lo), r6(hi)],
            mean_score: r6(mean_score),
            mean_score_ci95: score_ci.map(r6),
            mean_rank: r6(mean_rank),
            mean_rank_ci95: rank_ci.map(r6),
            decisive_games: decisive,
            decisive_wins: dwins,
            fair_share: r6(fair),
            win_share: r6(share),
            win_share_ci95: [r6(slo), r6(shi)],
            effect: r6(share - fair),
            effect_ci95: [r6(slo - fair), r6(shi - fair)],
            design_effect: r6(deff),
            mde80: r6(mde(fair, decisive as f64 / deff, alpha_first)),
            p_value: r6(if decisive == 0 { 1.0 } else { binomial_test(x, n, fair) }),
            flagged: false,
        }
    }
}

/// Minimum detectable effect: the |p − p0| a two-sided level-`alpha` test on `n` trials finds
/// with probability [`POWER`], by the normal approximation `(z_{1−α/2} + z_{power}) √(p0(1−p0)/n)`;
/// 1 without trials.
pub fn mde(p0: f64, n: f64, alpha: f64) -> f64 {
    if n <= 0.0 {
        return 1.0;
    }
    ((normal_quantile(1.0 - alpha / 2.0) + normal_quantile(POWER)) * (p0 * (1.0 - p0) / n).sqrt()).min(1.0)
}

fn ratio(x: f64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        x / n as f64
    }
}

/// Holm's procedure over one family of groups: sets `flagged` of those it rejects at `alpha`.
/// Groups without trials are not in the family. Returns the family size.
pub fn flag_family(family: &mut [&mut GroupStats], alpha: f64) -> usize {
    let mut tested: Vec<&mut &mut GroupStats> = family.iter_mut().filter(|g| g.decisive_games > 0).collect();
    let p: Vec<f64> = tested.iter().map(|g| g.p_value).collect();
    for (g, r) in tested.iter_mut().zip(holm(&p, alpha)) {
        g.flagged = r;
    }
    p.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::record::{GameId, Tallies};
    use serde_json::Map;

    fn game(index: u64, block: u64, winner: usize, players: usize) -> GameRecord {
        let ranking = (0..players).map(|s| if s == winner { 1 } else { 2 + (s > winner) as u8 }).collect();
        GameRecord {
            id: GameId {
                config_hash: String::new(),
                index,
                seed: 0,
                block,
                rotation: 0,
                lineup: 0,
                agents: vec!["a".into(); players],
                factions: None,
            },
            ranking,
            winner: Some(winner),
            scores: (0..players as i64).collect(),
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
    fn a_group_in_several_seats_counts_once_per_game_with_share_k_over_p() {
        let mut t = Tally::default();
        // Seats 0 and 1 of 4: seat 0 wins game 0, seat 3 wins game 1.
        t.add(&game(0, 0, 0, 4), &[0, 1]);
        t.add(&game(1, 1, 3, 4), &[0, 1]);
        let s = t.stats(4, 0.05);
        assert_eq!((s.games, s.seat_games, s.wins, s.losses, s.decisive_games), (2, 4, 1, 1, 2));
        assert_eq!((s.fair_share, s.win_share, s.effect), (0.5, 0.5, 0.0));
        assert_eq!(s.mean_score, (0.0 + 1.0 + 0.0 + 1.0) / 4.0);
        // Holding every seat: no test trials.
        let mut all = Tally::default();
        all.add(&game(0, 0, 2, 4), &[0, 1, 2, 3]);
        assert!(!all.tested());
        assert_eq!(all.stats(4, 0.05).p_value, 1.0);
    }

    #[test]
    fn the_interval_and_the_test_agree_and_blocks_widen_both() {
        // 60 independent games at 6 seats, seat 0 wins 20: exact test and CP interval.
        let mut ind = Tally::default();
        let mut blk = Tally::default();
        for i in 0..60u64 {
            let w = if i % 3 == 0 { 0 } else { 1 + (i % 5) as usize };
            ind.add(&game(i, i, w, 6), &[0]);
            // The same outcomes, but blocks of six games that win or lose together.
            let w_blk = if (i / 6) % 3 == 0 { 0 } else { 1 + (i % 5) as usize };
            blk.add(&game(i, i / 6, w_blk, 6), &[0]);
        }
        let (a, b) = (ind.stats(6, 0.05), blk.stats(6, 0.05));
        assert!(a.design_effect < 1.03 && b.design_effect > 4.0, "{} {}", a.design_effect, b.design_effect);
        assert!(a.win_share_ci95[0] > 1.0 / 6.0 && a.p_value < 0.05, "{a:?}");
        assert!(b.win_share_ci95[1] - b.win_share_ci95[0] > 2.0 * (a.win_share_ci95[1] - a.win_share_ci95[0]));
        assert!(b.p_value > a.p_value && b.mde80 > a.mde80);
        assert!((a.effect_ci95[0] - (a.win_share_ci95[0] - a.fair_share)).abs() < 2e-6);
    }

    #[test]
    fn minimum_detectable_effect_matches_the_normal_formula() {
        // p0 = 1/6, n = 1000, alpha 0.05: (1.95996 + 0.84162) * sqrt(0.13889 / 1000) = 0.03302.
        assert!((mde(1.0 / 6.0, 1000.0, 0.05) - 0.033_016).abs() < 1e-5, "{}", mde(1.0 / 6.0, 1000.0, 0.05));
        assert_eq!(mde(0.5, 0.0, 0.05), 1.0);
    }
}
