//! `summary.json`: the deterministic aggregate of a run's records.
//!
//! [`summarize`] is a function of the experiment and the records sorted by game index, and
//! nothing else (no timings, no thread count, no shard): every count is an integer, every
//! float is computed from integers at the end and rounded to 6 decimals, and every map is a
//! `BTreeMap`. So a run on any number of threads, a resumed run and merged shards all write the
//! same bytes.
//!
//! Definitions (also in `results/README.md`):
//! - a **win** is finishing first alone; a shared first place is a **draw**; anything else a
//!   **loss**. Win rates are wins / games with a Wilson 95% interval.
//! - a game is **decisive** when someone won it. The balance test asks whether a group (an
//!   agent, a faction, a seat) wins its decisive games more or less often than the fair share
//!   1/P: a two-sided binomial test (normal approximation with continuity correction), with
//!   Holm's correction at α = 0.05 within each family (agents, factions, seats). Conditioning
//!   on decisive games keeps the fair share exactly 1/P when draws are common.
//! - **rank** is the place, 1 for first (ties share a place).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::run::config::Experiment;
use crate::run::record::{FailureRecord, GameRecord};
use crate::stats::{binomial_p_value, holm, percentile, wilson, Z95};

/// Family-wise error rate of the balance flags.
pub const ALPHA: f64 = 0.05;

/// Identifies the summary format.
pub const FORMAT: &str = "sim-summary/1";

/// The summary (see the module docs; every field is documented in `results/README.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// [`FORMAT`].
    pub format: &'static str,
    /// Experiment name.
    pub name: String,
    /// Game id.
    pub game: String,
    /// SHA-256 of the canonical config.
    pub config_hash: String,
    /// Seats per game.
    pub players: usize,
    /// Games this summary covers (the whole experiment, or one shard's share).
    pub games_planned: u64,
    /// Games played to the end.
    pub games_completed: u64,
    /// Games that failed (in `failures.jsonl`), excluded from every statistic below.
    pub games_failed: u64,
    /// Their indices.
    pub failed_games: Vec<u64>,
    /// Games with a sole winner, and with a shared first place.
    pub outcomes: Outcomes,
    /// Per seat.
    pub seats: Vec<SeatStats>,
    /// Per agent display name (an agent sitting in several seats counts once per seat).
    pub agents: BTreeMap<String, GroupStats>,
    /// Per faction id; `null` for games without factions.
    pub factions: Option<BTreeMap<String, GroupStats>>,
    /// Balance flags.
    pub balance: Balance,
    /// Game length distributions.
    pub length: Length,
    /// Games per end condition.
    pub end_conditions: BTreeMap<String, u64>,
    /// Elimination statistics; `null` for games without elimination.
    pub eliminations: Option<EliminationStats>,
    /// Technology statistics; `null` for games without technology.
    pub technologies: Option<TechnologyStats>,
}

/// Decisive and drawn games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcomes {
    /// Games with a sole winner.
    pub decisive: u64,
    /// Games whose first place was shared.
    pub shared_first: u64,
}

/// Results of one group: a seat, an agent or a faction.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupStats {
    /// Seat-games the group played.
    pub games: u64,
    /// Sole first places.
    pub wins: u64,
    /// Shared first places.
    pub draws: u64,
    /// The rest.
    pub losses: u64,
    /// wins / games.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub win_rate_ci95: [f64; 2],
    /// Mean final score (victory points).
    pub mean_score: f64,
    /// Mean place, 1 for first.
    pub mean_rank: f64,
    /// Seat-games in decisive games (the balance test's trials).
    pub decisive_games: u64,
    /// Two-sided p-value of wins among decisive games against the fair share.
    pub p_value: f64,
    /// Whether the test rejects after Holm's correction within the family.
    pub flagged: bool,
}

/// [`GroupStats`] of one seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatStats {
    /// The seat.
    pub seat: usize,
    /// Its results.
    #[serde(flatten)]
    pub stats: GroupStats,
}

/// The balance test and what it flagged.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Balance {
    /// Family-wise error rate.
    pub alpha: f64,
    /// 1 / players.
    pub fair_share: f64,
    /// How the test works.
    pub test: &'static str,
    /// Agents whose win share differs from the fair share.
    pub flagged_agents: Vec<String>,
    /// Factions whose win share differs from the fair share.
    pub flagged_factions: Vec<String>,
    /// Seats whose win share differs from the fair share (a first-move advantage shows here).
    pub flagged_seats: Vec<usize>,
}

/// Distributions of game length.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Length {
    /// Player decisions (plies) per game.
    pub decisions: Distribution,
    /// Chance events per game.
    pub chance_events: Distribution,
    /// Game rounds, for games with rounds.
    pub rounds: Option<Distribution>,
}

/// Mean and nearest-rank percentiles of an integer quantity.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Distribution {
    /// Mean.
    pub mean: f64,
    /// Smallest.
    pub min: u64,
    /// 5th percentile.
    pub p5: u64,
    /// Median.
    pub p50: u64,
    /// 95th percentile.
    pub p95: u64,
    /// Largest.
    pub max: u64,
}

/// Eliminations (TI4).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EliminationStats {
    /// Games in which at least one player was eliminated.
    pub games_with_elimination: u64,
    /// Their share of completed games.
    pub rate: f64,
    /// Wilson 95% interval of the rate.
    pub rate_ci95: [f64; 2],
    /// Players eliminated in all games.
    pub eliminated_players: u64,
    /// Eliminations per game round.
    pub by_round: BTreeMap<u32, u64>,
}

/// Technologies researched (TI4).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TechnologyStats {
    /// Researches in all games.
    pub researched: u64,
    /// Researches per colour.
    pub by_colour: BTreeMap<String, u64>,
    /// Per technology id.
    pub by_technology: BTreeMap<String, TechStats>,
}

/// One technology.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TechStats {
    /// Its colour.
    pub colour: String,
    /// Times researched.
    pub times_researched: u64,
    /// Mean round it was researched in.
    pub mean_round: f64,
    /// Share of decisive games whose winner researched it.
    pub winner_share: f64,
}

/// The integer tallies behind a [`GroupStats`].
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    games: u64,
    wins: u64,
    draws: u64,
    score_sum: i64,
    rank_sum: u64,
    decisive_games: u64,
    decisive_wins: u64,
}

impl Tally {
    fn add(&mut self, r: &GameRecord, seat: usize) {
        self.games += 1;
        let first = r.ranking[seat] == 1;
        self.wins += (first && r.winner.is_some()) as u64;
        self.draws += (first && r.winner.is_none()) as u64;
        self.score_sum += r.scores[seat];
        self.rank_sum += r.ranking[seat] as u64;
        if r.winner.is_some() {
            self.decisive_games += 1;
            self.decisive_wins += first as u64;
        }
    }

    fn stats(&self, fair: f64) -> GroupStats {
        let (lo, hi) = wilson(self.wins, self.games, Z95);
        GroupStats {
            games: self.games,
            wins: self.wins,
            draws: self.draws,
            losses: self.games - self.wins - self.draws,
            win_rate: r6(ratio(self.wins as f64, self.games)),
            win_rate_ci95: [r6(lo), r6(hi)],
            mean_score: r6(ratio(self.score_sum as f64, self.games)),
            mean_rank: r6(ratio(self.rank_sum as f64, self.games)),
            decisive_games: self.decisive_games,
            p_value: r6(binomial_p_value(self.decisive_wins, self.decisive_games, fair)),
            flagged: false,
        }
    }
}

/// Rounds to 6 decimals (and turns −0 into 0), so summaries print short, fixed numbers.
pub fn r6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6 + 0.0
}

fn ratio(x: f64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        x / n as f64
    }
}

/// Sets `flagged` by Holm's procedure over the family; returns the flagged keys in order.
fn flag<'a, K: Clone + 'a>(family: impl Iterator<Item = (&'a K, &'a mut GroupStats)>) -> Vec<K> {
    let family: Vec<(&K, &mut GroupStats)> = family.filter(|(_, s)| s.decisive_games > 0).collect();
    let p: Vec<f64> = family.iter().map(|(_, s)| s.p_value).collect();
    let reject = holm(&p, ALPHA);
    let mut flagged = Vec::new();
    for ((k, s), r) in family.into_iter().zip(reject) {
        s.flagged = r;
        if r {
            flagged.push(k.clone());
        }
    }
    flagged
}

fn distribution(mut values: Vec<u64>) -> Distribution {
    values.sort_unstable();
    let sum: u128 = values.iter().map(|&v| v as u128).sum();
    Distribution {
        mean: r6(ratio(sum as f64, values.len() as u64)),
        min: values.first().copied().unwrap_or(0),
        p5: percentile(&values, 5),
        p50: percentile(&values, 50),
        p95: percentile(&values, 95),
        max: values.last().copied().unwrap_or(0),
    }
}

/// The summary of `records` and `failures` (both sorted by index) for `exp`.
pub fn summarize(
    exp: &Experiment,
    config_hash: &str,
    games_planned: u64,
    records: &[GameRecord],
    failures: &[FailureRecord],
) -> Summary {
    let p = exp.players;
    let fair = 1.0 / p as f64;
    let mut seats = vec![Tally::default(); p];
    let mut agents: BTreeMap<String, Tally> = BTreeMap::new();
    let mut factions: BTreeMap<String, Tally> = BTreeMap::new();
    let mut end_conditions = BTreeMap::new();
    let mut decisive = 0;
    for r in records {
        decisive += r.winner.is_some() as u64;
        *end_conditions.entry(r.end.clone()).or_insert(0) += 1;
        for (s, seat) in seats.iter_mut().enumerate() {
            seat.add(r, s);
            agents.entry(r.id.agents[s].clone()).or_default().add(r, s);
            if let Some(f) = &r.id.factions {
                factions.entry(f[s].clone()).or_default().add(r, s);
            }
        }
    }
    let mut seat_stats: Vec<SeatStats> =
        seats.iter().enumerate().map(|(seat, t)| SeatStats { seat, stats: t.stats(fair) }).collect();
    let mut agent_stats: BTreeMap<String, GroupStats> =
        agents.iter().map(|(k, t)| (k.clone(), t.stats(fair))).collect();
    let mut faction_stats: BTreeMap<String, GroupStats> =
        factions.iter().map(|(k, t)| (k.clone(), t.stats(fair))).collect();
    let flagged_agents = flag(agent_stats.iter_mut());
    let flagged_factions = flag(faction_stats.iter_mut());
    let seat_keys: Vec<usize> = (0..p).collect();
    let flagged_seats = flag(seat_keys.iter().zip(seat_stats.iter_mut().map(|s| &mut s.stats)));
    let has_factions = records.iter().any(|r| r.id.factions.is_some()) || exp.assignment.is_some();
    let has_rounds = records.iter().any(|r| r.rounds.is_some());
    Summary {
        format: FORMAT,
        name: exp.name.clone(),
        game: exp.game.id().into(),
        config_hash: config_hash.into(),
        players: p,
        games_planned,
        games_completed: records.len() as u64,
        games_failed: failures.len() as u64,
        failed_games: failures.iter().map(|f| f.id.index).collect(),
        outcomes: Outcomes { decisive, shared_first: records.len() as u64 - decisive },
        seats: seat_stats,
        agents: agent_stats,
        factions: has_factions.then_some(faction_stats),
        balance: Balance {
            alpha: ALPHA,
            fair_share: r6(fair),
            test: "two-sided binomial test of sole wins among decisive games against 1/players \
                   (normal approximation, continuity correction), Holm-corrected within agents, factions, seats",
            flagged_agents,
            flagged_factions,
            flagged_seats,
        },
        length: Length {
            decisions: distribution(records.iter().map(|r| r.decisions).collect()),
            chance_events: distribution(records.iter().map(|r| r.chance_events).collect()),
            rounds: has_rounds.then(|| distribution(records.iter().map(|r| r.rounds.unwrap_or(0) as u64).collect())),
        },
        end_conditions,
        eliminations: elimination_stats(records),
        technologies: technology_stats(records),
    }
}

/// Elimination statistics, when the records carry eliminations.
fn elimination_stats(records: &[GameRecord]) -> Option<EliminationStats> {
    if records.iter().all(|r| r.eliminations.is_none()) {
        return None;
    }
    let (mut games, mut players, mut by_round) = (0, 0, BTreeMap::new());
    for e in records.iter().filter_map(|r| r.eliminations.as_ref()) {
        games += !e.is_empty() as u64;
        players += e.len() as u64;
        for x in e {
            *by_round.entry(x.round).or_insert(0) += 1;
        }
    }
    let n = records.len() as u64;
    let (lo, hi) = wilson(games, n, Z95);
    Some(EliminationStats {
        games_with_elimination: games,
        rate: r6(ratio(games as f64, n)),
        rate_ci95: [r6(lo), r6(hi)],
        eliminated_players: players,
        by_round,
    })
}

/// Technology statistics, when the records carry researches.
fn technology_stats(records: &[GameRecord]) -> Option<TechnologyStats> {
    if records.iter().all(|r| r.technologies.is_none()) {
        return None;
    }
    // Per technology: colour, times, round sum, decisive games whose winner researched it.
    let mut techs: BTreeMap<String, (String, u64, u64, u64)> = BTreeMap::new();
    let (mut researched, mut by_colour, mut decisive) = (0, BTreeMap::new(), 0u64);
    for r in records {
        let Some(list) = &r.technologies else { continue };
        decisive += r.winner.is_some() as u64;
        for t in list {
            researched += 1;
            *by_colour.entry(t.colour.clone()).or_insert(0) += 1;
            let e = techs.entry(t.tech.clone()).or_insert_with(|| (t.colour.clone(), 0, 0, 0));
            e.1 += 1;
            e.2 += t.round as u64;
        }
        if let Some(w) = r.winner {
            let mut owned: Vec<&str> = list.iter().filter(|t| t.seat == w).map(|t| t.tech.as_str()).collect();
            owned.sort_unstable();
            owned.dedup();
            for t in owned {
                if let Some(e) = techs.get_mut(t) {
                    e.3 += 1;
                }
            }
        }
    }
    let by_technology = techs
        .into_iter()
        .map(|(id, (colour, times, rounds, winners))| {
            let stats = TechStats {
                colour,
                times_researched: times,
                mean_round: r6(ratio(rounds as f64, times)),
                winner_share: r6(ratio(winners as f64, decisive)),
            };
            (id, stats)
        })
        .collect();
    Some(TechnologyStats { researched, by_colour, by_technology })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::config::Overrides;
    use crate::run::record::{Elimination, GameId, Research};
    use serde_json::Map;

    fn exp() -> Experiment {
        let text = r#"{"name": "t", "game": "connect4", "games": 4,
                       "agents": [{"kind": "heuristic"}, {"kind": "random"}]}"#;
        Experiment::from_json(text, "t.json", &Overrides::default()).unwrap()
    }

    fn rec(index: u64, agents: [&str; 2], ranking: [u8; 2], decisions: u64) -> GameRecord {
        let winner = match ranking {
            [1, 2] => Some(0),
            [2, 1] => Some(1),
            _ => None,
        };
        let scores = match winner {
            Some(0) => vec![1, -1],
            Some(_) => vec![-1, 1],
            None => vec![0, 0],
        };
        GameRecord {
            id: GameId {
                index,
                seed: 0,
                block: index / 2,
                rotation: (index % 2) as usize,
                lineup: 0,
                agents: agents.map(String::from).to_vec(),
                factions: None,
            },
            ranking: ranking.to_vec(),
            winner,
            scores,
            decisions,
            chance_events: 0,
            rounds: None,
            end: if winner.is_some() { "four_in_a_row" } else { "board_full" }.into(),
            eliminations: None,
            technologies: None,
            extras: Map::new(),
        }
    }

    #[test]
    fn counts_wins_draws_ranks_and_scores() {
        let records = [
            rec(0, ["heuristic", "random"], [1, 2], 10),
            rec(1, ["random", "heuristic"], [2, 1], 20),
            rec(2, ["heuristic", "random"], [1, 1], 42),
            rec(3, ["random", "heuristic"], [1, 2], 30),
        ];
        let s = summarize(&exp(), "h", 4, &records, &[]);
        let h = &s.agents["heuristic"];
        assert_eq!((h.games, h.wins, h.draws, h.losses, h.decisive_games), (4, 2, 1, 1, 3));
        assert_eq!((h.win_rate, h.mean_score, h.mean_rank), (0.5, 0.25, 1.25));
        assert_eq!((s.outcomes.decisive, s.outcomes.shared_first), (3, 1));
        assert_eq!(s.seats[0].stats.wins, 2);
        assert_eq!(s.end_conditions["board_full"], 1);
        assert_eq!((s.length.decisions.p50, s.length.decisions.max, s.length.decisions.mean), (20, 42, 25.5));
        assert!(s.factions.is_none() && s.eliminations.is_none() && s.technologies.is_none());
        assert!(s.balance.flagged_agents.is_empty(), "4 games flag nothing");
    }

    #[test]
    fn a_dominant_agent_is_flagged_and_a_mirror_is_not() {
        let strong: Vec<GameRecord> = (0..200)
            .map(|i| {
                let ranking = if i % 2 == 0 { [1, 2] } else { [2, 1] };
                let agents = if i % 2 == 0 { ["strong", "weak"] } else { ["weak", "strong"] };
                rec(i, agents, if i % 10 == 9 { [1, 2] } else { ranking }, 9)
            })
            .collect();
        let s = summarize(&exp(), "h", 200, &strong, &[]);
        assert_eq!(s.balance.flagged_agents, vec!["strong".to_string(), "weak".to_string()]);
        assert!(s.agents["strong"].flagged);
        let mirror: Vec<GameRecord> =
            (0..200).map(|i| rec(i, ["same", "same"], if i % 3 == 0 { [1, 2] } else { [2, 1] }, 9)).collect();
        let m = summarize(&exp(), "h", 200, &mirror, &[]);
        assert!(m.balance.flagged_agents.is_empty());
        assert_eq!(m.agents["same"].p_value, 1.0);
        assert_eq!(m.balance.flagged_seats, vec![0, 1], "seat 1 wins two thirds");
    }

    #[test]
    fn ti4_sections_aggregate_eliminations_and_technologies() {
        let mut a = rec(0, ["h", "r"], [1, 2], 5);
        a.eliminations = Some(vec![Elimination { seat: 1, round: 3, by: Some(0) }]);
        a.technologies = Some(vec![
            Research { seat: 0, tech: "gravity_drive".into(), colour: "propulsion".into(), round: 1 },
            Research { seat: 1, tech: "gravity_drive".into(), colour: "propulsion".into(), round: 3 },
            Research { seat: 1, tech: "neural_motivator".into(), colour: "biotic".into(), round: 2 },
        ]);
        let mut b = rec(1, ["r", "h"], [2, 1], 5);
        b.eliminations = Some(vec![]);
        b.technologies = Some(vec![]);
        let s = summarize(&exp(), "h", 2, &[a, b], &[]);
        let e = s.eliminations.unwrap();
        assert_eq!((e.games_with_elimination, e.rate, e.eliminated_players), (1, 0.5, 1));
        assert_eq!(e.by_round[&3], 1);
        let t = s.technologies.unwrap();
        assert_eq!((t.researched, t.by_colour["propulsion"]), (3, 2));
        let g = &t.by_technology["gravity_drive"];
        assert_eq!((g.times_researched, g.mean_round, g.winner_share), (2, 2.0, 0.5));
        assert_eq!(t.by_technology["neural_motivator"].winner_share, 0.0);
    }

    #[test]
    fn rounding_is_fixed_and_never_negative_zero() {
        assert_eq!(r6(1.0 / 3.0), 0.333333);
        assert_eq!(r6(-1e-9).to_string(), "0");
    }
}
