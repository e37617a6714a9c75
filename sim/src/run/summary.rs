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
//!   agent, a faction, a seat) wins its decisive games more or less often than its fair share
//!   k/P: the exact binomial test on the block-adjusted effective sample, Holm-corrected over
//!   one family holding every group tested ([`crate::run::groups`] says exactly how).
//!   Conditioning on decisive games keeps the fair share exact when draws are common.
//! - **rank** is the place, 1 for first (ties share a place).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::run::config::Experiment;
pub use crate::run::groups::GroupStats;
use crate::run::groups::{flag_family, Tally};
use crate::run::record::{FailureRecord, GameRecord};
use crate::run::tables::{matchups, scores_by_round, Matchup, ScoresByRound};
use crate::run::tally::{label_stats, sections, value_stats, LabelStats, Section, Sections, ValueStats};
use crate::stats::percentile;

/// Family-wise error rate of the balance flags.
pub const ALPHA: f64 = 0.05;

/// The balance test, as the summary states it.
pub const TEST: &str = "exact two-sided binomial test (smaller tail doubled) of each group's sole wins among its \
    decisive games against its fair share k/players, on the effective sample (counts divided by the design effect \
    over rotation blocks); Holm's step-down correction over one family holding every tested seat, agent, faction and \
    speaker-relative position";

/// Identifies the summary format.
pub const FORMAT: &str = "sim-summary/2";

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
    /// Whether the run was deterministic; `false` (the config's `"deterministic": false`)
    /// means these figures cannot be reproduced: they depend on machine speed and load.
    pub deterministic: bool,
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
    /// Per position after the starting speaker in play order (0: the speaker), for games with
    /// a speaker; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speaker_positions: Option<Vec<SpeakerStats>>,
    /// Faction against faction in the same game, for games with factions; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matchups: Option<BTreeMap<String, BTreeMap<String, Matchup>>>,
    /// Mean score at the end of each round, for games that report it; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores_by_round: Option<ScoresByRound>,
    /// Balance flags.
    pub balance: Balance,
    /// Game length distributions.
    pub length: Length,
    /// Games per end condition.
    pub end_conditions: BTreeMap<String, u64>,
    /// The game's own sections ([`Section`]), flattened in here (TI4: `eliminations`,
    /// `technologies`).
    #[serde(flatten)]
    pub sections: Sections,
    /// Every other tally label of the games ([`crate::run::tally`]); left out when empty.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub tallies: BTreeMap<String, LabelStats>,
    /// Per-seat values the games report; left out when empty.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub seat_values: BTreeMap<String, ValueStats>,
    /// Sequential stopping (`until_decided`): the rule, the looks and each group's decision;
    /// left out of runs without it. The summary then covers games 0..games_used only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sequential: Option<crate::run::sequential::Sequential>,
}

/// Decisive and drawn games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcomes {
    /// Games with a sole winner.
    pub decisive: u64,
    /// Games whose first place was shared.
    pub shared_first: u64,
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

/// [`GroupStats`] of one speaker-relative position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpeakerStats {
    /// Seats after the speaker in play order (0: the speaker).
    pub distance: usize,
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
    /// How the test works ([`TEST`]).
    pub test: &'static str,
    /// Hypotheses in the one Holm family (every group with test trials).
    pub family_size: u64,
    /// The level the minimum detectable effects (`mde80`) are computed at: α / family size,
    /// the threshold Holm applies to the smallest p-value.
    pub mde80_level: f64,
    /// Agents whose win share differs from the fair share.
    pub flagged_agents: Vec<String>,
    /// Factions whose win share differs from the fair share.
    pub flagged_factions: Vec<String>,
    /// Seats whose win share differs from the fair share (a first-move advantage shows here).
    pub flagged_seats: Vec<usize>,
    /// Speaker-relative positions whose win share differs from the fair share.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flagged_speaker_positions: Option<Vec<usize>>,
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
    specs: &[Section],
) -> Summary {
    let p = exp.players;
    let fair = 1.0 / p as f64;
    let mut seats = vec![Tally::default(); p];
    let mut speaker = vec![Tally::default(); p];
    let has_speaker = records.iter().any(|r| r.speaker.is_some());
    let mut agents: BTreeMap<String, Tally> = BTreeMap::new();
    let mut factions: BTreeMap<String, Tally> = BTreeMap::new();
    let mut end_conditions = BTreeMap::new();
    let mut decisive = 0;
    for r in records {
        decisive += r.winner.is_some() as u64;
        *end_conditions.entry(r.end.clone()).or_insert(0) += 1;
        let mut by_agent: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        let mut by_faction: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (s, seat) in seats.iter_mut().enumerate() {
            seat.add(r, &[s]);
            if let Some(d) = r.speaker_distance(s) {
                speaker[d].add(r, &[s]);
            }
            by_agent.entry(&r.id.agents[s]).or_default().push(s);
            if let Some(f) = &r.id.factions {
                by_faction.entry(&f[s]).or_default().push(s);
            }
        }
        for (a, held) in by_agent {
            agents.entry(a.to_string()).or_default().add(r, &held);
        }
        for (f, held) in by_faction {
            factions.entry(f.to_string()).or_default().add(r, &held);
        }
    }
    // One family: every group with test trials, whatever its kind.
    let family = seats
        .iter()
        .chain(agents.values())
        .chain(factions.values())
        .chain(speaker.iter().filter(|_| has_speaker))
        .filter(|t| t.tested())
        .count();
    let alpha_first = ALPHA / family.max(1) as f64;
    let mut seat_stats: Vec<SeatStats> =
        seats.iter().enumerate().map(|(seat, t)| SeatStats { seat, stats: t.stats(p, alpha_first) }).collect();
    let mut agent_stats: BTreeMap<String, GroupStats> =
        agents.iter().map(|(k, t)| (k.clone(), t.stats(p, alpha_first))).collect();
    let mut faction_stats: BTreeMap<String, GroupStats> =
        factions.iter().map(|(k, t)| (k.clone(), t.stats(p, alpha_first))).collect();
    let mut speaker_stats: Option<Vec<SpeakerStats>> = has_speaker.then(|| {
        speaker
            .iter()
            .enumerate()
            .map(|(distance, t)| SpeakerStats { distance, stats: t.stats(p, alpha_first) })
            .collect()
    });
    let mut members: Vec<&mut GroupStats> = seat_stats.iter_mut().map(|s| &mut s.stats).collect();
    members.extend(speaker_stats.iter_mut().flatten().map(|s| &mut s.stats));
    members.extend(agent_stats.values_mut());
    members.extend(faction_stats.values_mut());
    let family_size = flag_family(&mut members, ALPHA);
    let flagged_agents = agent_stats.iter().filter(|(_, s)| s.flagged).map(|(k, _)| k.clone()).collect();
    let flagged_factions = faction_stats.iter().filter(|(_, s)| s.flagged).map(|(k, _)| k.clone()).collect();
    let flagged_seats = seat_stats.iter().filter(|s| s.stats.flagged).map(|s| s.seat).collect();
    let flagged_speaker_positions =
        speaker_stats.as_ref().map(|v| v.iter().filter(|s| s.stats.flagged).map(|s| s.distance).collect());
    let has_factions = records.iter().any(|r| r.id.factions.is_some()) || exp.assignment.is_some();
    let has_rounds = records.iter().any(|r| r.rounds.is_some());
    let labels = label_stats(records);
    Summary {
        format: FORMAT,
        name: exp.name.clone(),
        game: exp.game.clone(),
        config_hash: config_hash.into(),
        deterministic: exp.deterministic,
        players: p,
        games_planned,
        games_completed: records.len() as u64,
        games_failed: failures.len() as u64,
        failed_games: failures.iter().map(|f| f.id.index).collect(),
        outcomes: Outcomes { decisive, shared_first: records.len() as u64 - decisive },
        seats: seat_stats,
        agents: agent_stats,
        factions: has_factions.then_some(faction_stats),
        speaker_positions: speaker_stats,
        matchups: has_factions.then(|| matchups(records)),
        scores_by_round: scores_by_round(records),
        balance: Balance {
            alpha: ALPHA,
            fair_share: r6(fair),
            test: TEST,
            family_size: family_size as u64,
            mde80_level: r6(alpha_first),
            flagged_agents,
            flagged_factions,
            flagged_seats,
            flagged_speaker_positions,
        },
        length: Length {
            decisions: distribution(records.iter().map(|r| r.decisions).collect()),
            chance_events: distribution(records.iter().map(|r| r.chance_events).collect()),
            rounds: has_rounds.then(|| distribution(records.iter().map(|r| r.rounds.unwrap_or(0) as u64).collect())),
        },
        end_conditions,
        sections: sections(specs, &labels, records),
        tallies: labels.into_iter().filter(|(l, _)| specs.iter().all(|s| s.label() != l)).collect(),
        seat_values: value_stats(records, p),
        sequential: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::config::Overrides;
    use crate::run::record::{Event, GameId, Tallies};
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
                config_hash: String::new(),
            },
            ranking: ranking.to_vec(),
            winner,
            scores,
            decisions,
            chance_events: 0,
            rounds: None,
            end: if winner.is_some() { "four_in_a_row" } else { "board_full" }.into(),
            tallies: Tallies::default(),
            extras: Map::new(),
            speaker: None,
            scores_by_round: Vec::new(),
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
        let s = summarize(&exp(), "h", 4, &records, &[], &[]);
        let h = &s.agents["heuristic"];
        assert_eq!((h.games, h.wins, h.draws, h.losses, h.decisive_games), (4, 2, 1, 1, 3));
        assert_eq!((h.win_rate, h.mean_score, h.mean_rank), (0.5, 0.25, 1.25));
        assert_eq!((s.outcomes.decisive, s.outcomes.shared_first), (3, 1));
        assert_eq!(s.seats[0].stats.wins, 2);
        assert_eq!(s.end_conditions["board_full"], 1);
        assert_eq!((s.length.decisions.p50, s.length.decisions.max, s.length.decisions.mean), (20, 42, 25.5));
        assert!(s.factions.is_none() && s.sections.0.is_empty() && s.tallies.is_empty());
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
        let s = summarize(&exp(), "h", 200, &strong, &[], &[]);
        assert_eq!(s.balance.flagged_agents, vec!["strong".to_string(), "weak".to_string()]);
        assert!(s.agents["strong"].flagged);
        let mirror: Vec<GameRecord> =
            (0..200).map(|i| rec(i, ["same", "same"], if i % 3 == 0 { [1, 2] } else { [2, 1] }, 9)).collect();
        let m = summarize(&exp(), "h", 200, &mirror, &[], &[]);
        assert!(m.balance.flagged_agents.is_empty());
        assert_eq!(m.agents["same"].p_value, 1.0);
        assert_eq!(m.balance.flagged_seats, vec![0, 1], "seat 1 wins two thirds");
    }

    /// TI4's sections: the generic code must render them with their old field names.
    const SECTIONS: &[Section] = crate::games::ti4::SECTIONS;

    fn ti4_like_records() -> [GameRecord; 2] {
        let mut a = rec(0, ["h", "r"], [1, 2], 5);
        let research = |seat, tech: &str, colour: &str, round| {
            Event::new("research").seat(seat).round(round).key(tech, Some(colour.into()))
        };
        a.tallies.events = vec![
            research(0, "gravity_drive", "propulsion", 1),
            research(1, "neural_motivator", "biotic", 2),
            research(1, "gravity_drive", "propulsion", 3),
            Event::new("elimination").seat(1).round(3).other(Some(0)),
            Event::new("promotion").seat(1).round(3).count(2),
        ];
        let b = rec(1, ["r", "h"], [2, 1], 5);
        [a, b]
    }

    #[test]
    fn sections_present_labels_under_the_games_own_keys_in_declared_order() {
        let s = summarize(&exp(), "h", 2, &ti4_like_records(), &[], SECTIONS);
        let v = serde_json::to_string(&s.sections).unwrap();
        assert_eq!(
            v,
            r#"{"eliminations":{"games_with_elimination":1,"rate":0.5,"rate_ci95":[0.094531,0.905469],"eliminated_players":1,"by_round":{"3":1}},"technologies":{"researched":3,"by_colour":{"biotic":1,"propulsion":2},"by_technology":{"gravity_drive":{"colour":"propulsion","times_researched":2,"mean_round":2.0,"winner_share":0.5},"neural_motivator":{"colour":"biotic","times_researched":1,"mean_round":2.0,"winner_share":0.0}}},"abilities":{"uses":0,"by_faction":{}}}"#
        );
        assert_eq!(s.tallies.keys().collect::<Vec<_>>(), ["promotion"], "claimed labels leave `tallies`");
    }

    #[test]
    fn abilities_are_counted_per_1000_seat_games_of_the_faction_that_used_them() {
        let mut recs = ti4_like_records();
        recs[0].id.factions = Some(vec!["muaat".into(), "nekro".into()]);
        recs[1].id.factions = Some(vec!["nekro".into(), "winnu".into()]);
        let uses = |seat, key: &str| Event::new("ability_use").seat(seat).round(2).key(key, None);
        recs[0].tallies.events.extend([uses(0, "star_forge"), uses(0, "star_forge"), uses(1, "propagation")]);
        recs[1].tallies.events.push(uses(0, "propagation").count(3));
        let s = summarize(&exp(), "h", 2, &recs, &[], SECTIONS);
        let v = serde_json::to_value(&s.sections).unwrap();
        let a = &v["abilities"];
        assert_eq!(a["uses"], 6);
        assert!(a["by_faction"].get("winnu").is_none(), "factions without a use are left out: {a}");
        let forge = &a["by_faction"]["muaat"];
        assert_eq!((forge["seat_games"].as_u64(), forge["by_key"]["star_forge"]["uses"].as_u64()), (Some(1), Some(2)));
        assert_eq!(forge["by_key"]["star_forge"]["per_1000_games"], 2000.0);
        let nekro = &a["by_faction"]["nekro"]["by_key"]["propagation"];
        assert_eq!((nekro["uses"].as_u64(), nekro["per_1000_games"].as_f64()), (Some(4), Some(2000.0)));
        assert_eq!(nekro["games_with_rate"], 1.0, "both nekro seat-games used it");
        assert!(!s.tallies.contains_key("ability_use"), "the section claims the label");
    }

    #[test]
    fn every_tally_label_gets_totals_rates_intervals_and_breakdowns() {
        let s = summarize(&exp(), "h", 2, &ti4_like_records(), &[], &[]);
        let p = &s.tallies["promotion"];
        assert_eq!((p.total, p.games_with, p.games_with_rate, p.per_1000_games), (2, 1, 0.5, 1000.0));
        assert_eq!((p.by_round[&3], p.by_seat[&1]), (2, 2));
        assert!(p.per_1000_games_ci95[0] == 0.0 && p.per_1000_games_ci95[1] > 1000.0, "{p:?}");
        let r = &s.tallies["research"];
        assert_eq!((r.total, r.by_key["gravity_drive"].total, r.by_key["gravity_drive"].winner_share), (3, 2, 0.5));
        assert_eq!(r.by_key["neural_motivator"].group.as_deref(), Some("biotic"));
        let mut none = ti4_like_records();
        none[0].tallies = Tallies::default();
        none[1].tallies.seat_values.insert("lost".into(), vec![4, 0]);
        let s = summarize(&exp(), "h", 2, &none, &[], &[]);
        assert!(s.tallies.is_empty());
        assert_eq!((s.seat_values["lost"].mean, &s.seat_values["lost"].by_seat[..]), (2.0, &[4.0, 0.0][..]));
    }

    #[test]
    fn rounding_is_fixed_and_never_negative_zero() {
        assert_eq!(r6(1.0 / 3.0), 0.333333);
        assert_eq!(r6(-1e-9).to_string(), "0");
    }
}
