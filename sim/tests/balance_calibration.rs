//! The balance statistics are calibrated: 200 seeded mirror runs of a cheap simulated game with
//! the block design of a real run flag something (anything, in the one Holm family) in at most
//! α of them, within the binomial bound, and the 95% intervals cover the true values.
//!
//! The cheap game: 6 seats, 6 factions at lineup positions that move with the seat rotations,
//! 120 blocks of 6 rotations (720 games) per run. Each block draws a luck for every seat (the
//! map) and every faction (the draw, the dice) from its ChaCha stream, shared by its six
//! rotations; each game's finishing order is drawn from those lucks (Plackett-Luce, the game's
//! own stream). Seats and factions are exchangeable, so every fair share is exactly 1/6, the
//! mean rank 3.5 and the mean score (1 for the winner, 0 otherwise) 1/6, but the results of a
//! block are strongly correlated: an analysis that treats its games as independent flags far
//! more often than α (this test shows it on the same runs).

use rand::{Rng, RngExt};
use serde_json::Map;
use sim::run::config::{Experiment, Overrides};
use sim::run::record::{GameId, GameRecord, Tallies};
use sim::run::seating::stream;
use sim::run::sequential::{evaluate, plain_observations, UntilDecided};
use sim::run::summary::{summarize, GroupStats, ALPHA};
use sim::stats::{binomial_p_value, holm};

const RUNS: u64 = 200;
const BLOCKS: u64 = 120;
const P: usize = 6;
const FACTIONS: [&str; P] = ["a", "b", "c", "d", "e", "f"];

fn exp() -> Experiment {
    let text = r#"{"name": "calibration", "game": "ti4", "games": 720, "players": 6, "seating": "rotate",
        "factions": ["a", "b", "c", "d", "e", "f"], "assignment": "fixed",
        "agents": [{"kind": "random"}], "lineups": [[0, 0, 0, 0, 0, 0]]}"#;
    Experiment::from_json(text, "calibration.json", &Overrides::default()).unwrap()
}

/// One mirror run of the cheap game.
fn run(seed: u64) -> Vec<GameRecord> {
    run_with_edge(seed, 1.0)
}

/// A run of the cheap game where faction "a"'s luck is multiplied by `edge` (1: the mirror).
fn run_with_edge(seed: u64, edge: f64) -> Vec<GameRecord> {
    let mut records = Vec::new();
    for block in 0..BLOCKS {
        let mut luck = stream(seed, block, 0);
        // Lucks from 1 to 30: a block's favourite seat or faction wins several times as often as its last.
        let seat_luck: Vec<f64> = (0..P).map(|_| 30f64.powf(luck.random::<f64>())).collect();
        let mut faction_luck: Vec<f64> = (0..P).map(|_| 30f64.powf(luck.random::<f64>())).collect();
        faction_luck[0] *= edge;
        for rotation in 0..P {
            let index = block * P as u64 + rotation as u64;
            let mut dice = stream(seed, block, 1 + rotation as u64);
            let factions: Vec<String> = (0..P).map(|s| FACTIONS[(s + rotation) % P].to_string()).collect();
            let mut left: Vec<usize> = (0..P).collect();
            let mut ranking = vec![0u8; P];
            for place in 1..=P as u8 {
                let w: Vec<f64> = left.iter().map(|&s| seat_luck[s] * faction_luck[(s + rotation) % P]).collect();
                let mut u = dice.random::<f64>() * w.iter().sum::<f64>();
                let mut pick = left.len() - 1;
                for (i, wi) in w.iter().enumerate() {
                    if u < *wi {
                        pick = i;
                        break;
                    }
                    u -= wi;
                }
                ranking[left.remove(pick)] = place;
            }
            let winner = ranking.iter().position(|&r| r == 1);
            records.push(GameRecord {
                id: GameId {
                    config_hash: String::new(),
                    index,
                    seed,
                    block,
                    rotation,
                    lineup: 0,
                    agents: vec!["random".into(); P],
                    factions: Some(factions),
                },
                scores: ranking.iter().map(|&r| (r == 1) as i64).collect(),
                ranking,
                winner,
                decisions: 1 + dice.next_u64() % 100,
                chance_events: 0,
                rounds: Some(1),
                end: "victory".into(),
                tallies: Tallies::default(),
                extras: Map::new(),
                speaker: None,
                scores_by_round: Vec::new(),
            });
        }
    }
    records
}

/// Whether an analysis that ignores the blocks (normal approximation, Holm over the same family)
/// flags anything.
fn naive_flags(s: &sim::run::summary::Summary) -> bool {
    let groups: Vec<&GroupStats> =
        s.seats.iter().map(|x| &x.stats).chain(s.factions.as_ref().unwrap().values()).collect();
    let p: Vec<f64> = groups.iter().map(|g| binomial_p_value(g.decisive_wins, g.decisive_games, 1.0 / 6.0)).collect();
    holm(&p, ALPHA).into_iter().any(|r| r)
}

/// The smallest k with P(Bin(n, p) ≥ k) below `tail`.
fn binomial_bound(n: u64, p: f64, tail: f64) -> u64 {
    let mut pmf = (1.0 - p).powi(n as i32);
    let mut cdf = 0.0;
    for k in 0..=n {
        cdf += pmf;
        if 1.0 - cdf < tail {
            return k + 1;
        }
        pmf *= (n - k) as f64 / (k + 1) as f64 * p / (1.0 - p);
    }
    n
}

#[test]
fn mirrors_flag_at_most_alpha_and_intervals_cover() {
    let exp = exp();
    let (mut flagged_runs, mut naive_runs) = (0u64, 0u64);
    let (mut intervals, mut share_covered, mut rate_covered, mut score_covered, mut rank_covered) = (0, 0, 0, 0, 0);
    let mut deff_sum = 0.0;
    for seed in 0..RUNS {
        let records = run(1000 + seed);
        let s = summarize(&exp, "h", records.len() as u64, &records, &[], &[]);
        assert_eq!(s.balance.family_size, 12, "6 seats and 6 factions; the mirror agent is not tested");
        let factions = s.factions.as_ref().unwrap();
        flagged_runs += (!s.balance.flagged_seats.is_empty() || !s.balance.flagged_factions.is_empty()) as u64;
        naive_runs += naive_flags(&s) as u64;
        for g in s.seats.iter().map(|x| &x.stats).chain(factions.values()) {
            let inside = |ci: [f64; 2], v: f64| (ci[0] <= v && v <= ci[1]) as u64;
            intervals += 1;
            share_covered += inside(g.win_share_ci95, 1.0 / 6.0);
            rate_covered += inside(g.win_rate_ci95, 1.0 / 6.0);
            score_covered += inside(g.mean_score_ci95, 1.0 / 6.0);
            rank_covered += inside(g.mean_rank_ci95, 3.5);
            deff_sum += g.design_effect;
        }
    }
    let bound = binomial_bound(RUNS, ALPHA, 0.001);
    let coverage = |c: u64| c as f64 / intervals as f64;
    // Coverage bound: 0.95 less 3 binomial standard errors of 2,400 intervals.
    let floor = 0.95 - 3.0 * (0.95f64 * 0.05 / intervals as f64).sqrt();
    eprintln!(
        "{RUNS} mirror runs of {} games: flagged {flagged_runs} (bound {bound}), ignoring blocks {naive_runs}; \
         coverage of {intervals} intervals: win share {:.4}, win rate {:.4}, mean score {:.4}, mean rank {:.4} \
         (floor {floor:.4}); mean design effect {:.3}",
        BLOCKS * P as u64,
        coverage(share_covered),
        coverage(rate_covered),
        coverage(score_covered),
        coverage(rank_covered),
        deff_sum / intervals as f64
    );
    assert!(flagged_runs < bound, "{flagged_runs} of {RUNS} mirror runs flagged (alpha {ALPHA}, bound {bound})");
    for (what, c) in [
        ("win share", share_covered),
        ("win rate", rate_covered),
        ("mean score", score_covered),
        ("mean rank", rank_covered),
    ] {
        assert!(coverage(c) >= floor, "{what} intervals cover {:.4} < {floor:.4}", coverage(c));
    }
    // The same runs analysed as if their games were independent flag well above alpha: the
    // blocks matter, and this test would notice if the design effect stopped being applied.
    assert!(naive_runs >= bound, "ignoring the blocks flagged only {naive_runs} of {RUNS}");
}

/// Sequential stopping (`--until-decided`) holds its error rates under its looks: over 200
/// seeded mirror runs (12 looks of 60 games up to 720), runs calling any faction higher or
/// lower stay within the binomial bound at alpha; and a faction with an edge of more than the
/// effect is called higher in at least 80% of the runs, most of them well before the cap.
#[test]
fn sequential_stopping_keeps_its_error_rates_under_repeated_looks() {
    let rule = UntilDecided { effect: 0.05, alpha: ALPHA, power: 0.8, batch: 60, monitor: Vec::new() };
    let games = BLOCKS * P as u64;
    let (mut wrong_runs, mut within, mut decided_runs, mut games_used) = (0u64, 0u64, 0u64, 0u64);
    for seed in 0..RUNS {
        let records = run(1000 + seed);
        let s = evaluate(&rule, P as u64, games, games, &plain_observations(&records), "test");
        wrong_runs += s.groups.values().any(|g| g.decision == "higher" || g.decision == "lower") as u64;
        within += s.groups.values().filter(|g| g.decision == "within").count() as u64;
        decided_runs += (s.stopped == "decided") as u64;
        games_used += s.games_used;
    }
    let bound = binomial_bound(RUNS, ALPHA, 0.001);
    eprintln!(
        "sequential, {RUNS} mirror runs: {wrong_runs} called a faction higher or lower (bound {bound}); {within} of {} \
         faction tests decided within +/-0.05; {decided_runs} runs decided before the cap; mean games {:.0}",
        RUNS * P as u64,
        games_used as f64 / RUNS as f64
    );
    assert!(wrong_runs < bound, "{wrong_runs} of {RUNS} mirror runs called a faction higher or lower");
    assert!(within > RUNS * P as u64 / 2, "the mirror's factions are mostly decided within the effect: {within}");

    // Faction "a" with 1.8 times the luck wins about 0.25 of its games (0.083 over its share).
    let (mut found, mut used, mut share) = (0u64, 0u64, (0u64, 0u64));
    for seed in 0..RUNS {
        let records = run_with_edge(5000 + seed, 1.8);
        share.0 += records
            .iter()
            .filter(|r| r.winner == r.id.factions.as_ref().unwrap().iter().position(|f| f == "a"))
            .count() as u64;
        share.1 += records.len() as u64;
        let s = evaluate(&rule, P as u64, games, games, &plain_observations(&records), "test");
        if s.groups["a"].decision == "higher" {
            found += 1;
            used += s.groups["a"].games;
        }
    }
    let true_share = share.0 as f64 / share.1 as f64;
    eprintln!(
        "sequential, {RUNS} runs with faction a winning {true_share:.3}: called higher in {found}, after {:.0} games \
         on average (a fixed-size test of the same power needs about {:.0})",
        used as f64 / found.max(1) as f64,
        fixed_sample_games(rule.effect, ALPHA / (2 * P) as f64, 0.8)
    );
    assert!(true_share - 1.0 / 6.0 > rule.effect, "the planted edge exceeds the effect: {true_share}");
    assert!(found as f64 >= 0.8 * RUNS as f64, "power: called higher in {found} of {RUNS}");
}

/// Games a fixed-size one-sided test at level `alpha` needs to find an effect `d` over 1/6
/// with probability `power`, ignoring blocks (normal approximation).
fn fixed_sample_games(d: f64, alpha: f64, power: f64) -> f64 {
    use sim::stats::exact::normal_quantile;
    let z = normal_quantile(1.0 - alpha) + normal_quantile(power);
    z * z * (5.0 / 36.0) / (d * d)
}
