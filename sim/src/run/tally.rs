//! The generic statistics channel: what games report about themselves
//! ([`crate::run::record::Tallies`]) aggregated the same way for every game.
//!
//! Per event label ([`LabelStats`], the summary's `tallies.<label>`):
//! - `total`: the sum of the events' counts over all completed games;
//! - `per_1000_games` with `per_1000_games_ci95`: total / games × 1000, with a 95% interval
//!   from the normal approximation to the mean of the per-game totals (sample variance; at a
//!   zero total, the upper end is the rule of three, 3000 / games);
//! - `games_with`, `games_with_rate`, `games_with_ci95`: games with at least one occurrence, their
//!   share of completed games and its Wilson 95% interval;
//! - `by_round`: totals per game round (events that carry a round);
//! - `by_seat`: totals per seat (events that carry a seat);
//! - `by_key`: per key (a technology id): its group, total, mean round, and `winner_share`, the
//!   share of decisive games whose winner had at least one such event.
//!
//! Per-seat values (`seat_values`, e.g. points lost) become `seat_values.<label>`: the mean per
//! seat-game with a 95% interval (normal approximation), and the mean per seat.
//!
//! A game may present some labels under keys of their own instead ([`Section`]): TI4's
//! `eliminations` and `technologies`, whose field names predate this channel, and `abilities`,
//! uses per faction per 1,000 of its seat-games. Those labels are then left out of `tallies`.

use std::collections::{BTreeMap, BTreeSet};

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::run::record::GameRecord;
use crate::run::summary::r6;
use crate::stats::{wilson, Z95};

/// A summary section that presents one event label under the game's own key and field names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// How often something happened at all:
    /// `{GAMES_WITH, "rate", "rate_ci95", TOTAL, "by_round"}`.
    Occurrence {
        /// The summary key (`eliminations`).
        key: &'static str,
        /// The event label it presents (`elimination`).
        label: &'static str,
        /// The name of the games-with-at-least-one count (`games_with_elimination`).
        games_with: &'static str,
        /// The name of the total (`eliminated_players`).
        total: &'static str,
    },
    /// What it concerned: `{TOTAL, BY_GROUP, BY_KEY: {key: {GROUP, COUNT, "mean_round",
    /// "winner_share"}}}`.
    Keyed {
        /// The summary key (`technologies`).
        key: &'static str,
        /// The event label it presents (`research`).
        label: &'static str,
        /// The name of the total (`researched`).
        total: &'static str,
        /// The name of the per-group totals (`by_colour`).
        by_group: &'static str,
        /// The name of the per-key table (`by_technology`).
        by_key: &'static str,
        /// The name of a key's group field (`colour`).
        group: &'static str,
        /// The name of a key's total (`times_researched`).
        count: &'static str,
    },
    /// What each faction did, per 1,000 of its seat-games (the completed games' seats it held):
    /// `{TOTAL, "by_faction": {faction: {"seat_games", "by_key": {key: {COUNT, "per_1000_games",
    /// "games_with_rate", "games_with_ci95"}}}}}`, by the faction of the event's seat. Only
    /// factions with at least one event are listed; games without factions are left out.
    ByFaction {
        /// The summary key (`abilities`).
        key: &'static str,
        /// The event label it presents (`ability_use`).
        label: &'static str,
        /// The name of the total (`uses`).
        total: &'static str,
        /// The name of a key's count (`uses`).
        count: &'static str,
    },
}

impl Section {
    /// The event label the section presents.
    pub fn label(&self) -> &'static str {
        match self {
            Section::Occurrence { label, .. } | Section::Keyed { label, .. } | Section::ByFaction { label, .. } => {
                label
            }
        }
    }
}

/// A JSON value whose object keys keep the order they were written in (serde_json's own map
/// sorts them), so that a [`Section`] prints its fields in the order it declares.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    /// An integer.
    U64(u64),
    /// A number.
    F64(f64),
    /// An interval.
    Pair([f64; 2]),
    /// A string.
    Str(String),
    /// An object, in this order.
    Map(Vec<(String, Out)>),
}

impl Serialize for Out {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Out::U64(x) => s.serialize_u64(*x),
            Out::F64(x) => s.serialize_f64(*x),
            Out::Pair(p) => p.serialize(s),
            Out::Str(x) => s.serialize_str(x),
            Out::Map(entries) => {
                let mut m = s.serialize_map(Some(entries.len()))?;
                for (k, v) in entries {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
        }
    }
}

/// The game's sections, in declaration order, flattened into the summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sections(pub Vec<(String, Out)>);

impl Serialize for Sections {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// One key of a label ([`LabelStats::by_key`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KeyStats {
    /// The key's group, when its events name one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// Sum of counts.
    pub total: u64,
    /// Mean round of its events (events without a round are left out).
    pub mean_round: f64,
    /// Share of decisive games whose winner had at least one such event.
    pub winner_share: f64,
}

/// The statistics of one event label (see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LabelStats {
    /// Sum of counts over all completed games.
    pub total: u64,
    /// total / games × 1000.
    pub per_1000_games: f64,
    /// 95% interval of `per_1000_games`.
    pub per_1000_games_ci95: [f64; 2],
    /// Games with at least one occurrence.
    pub games_with: u64,
    /// Their share of completed games.
    pub games_with_rate: f64,
    /// Wilson 95% interval of the share.
    pub games_with_ci95: [f64; 2],
    /// Totals per round.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub by_round: BTreeMap<u32, u64>,
    /// Totals per seat.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub by_seat: BTreeMap<usize, u64>,
    /// Per key.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub by_key: BTreeMap<String, KeyStats>,
}

/// A per-seat value ([`crate::run::record::Tallies::seat_values`]) over all seat-games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ValueStats {
    /// Mean per seat-game.
    pub mean: f64,
    /// 95% interval of the mean (normal approximation).
    pub mean_ci95: [f64; 2],
    /// Mean per seat.
    pub by_seat: Vec<f64>,
}

/// The integer tallies behind a [`LabelStats`].
#[derive(Default)]
struct Acc {
    total: u64,
    sum_sq: u128,
    games_with: u64,
    by_round: BTreeMap<u32, u64>,
    by_seat: BTreeMap<usize, u64>,
    // key -> (group, total, round sum, rounds counted, decisive winner games)
    by_key: BTreeMap<String, (Option<String>, u64, u64, u64, u64)>,
}

/// Aggregates every label of `records` (see the module docs).
pub fn label_stats(records: &[GameRecord]) -> BTreeMap<String, LabelStats> {
    let mut acc: BTreeMap<&str, Acc> = BTreeMap::new();
    let mut decisive = 0u64;
    for r in records {
        decisive += r.winner.is_some() as u64;
        let mut per_game: BTreeMap<&str, u64> = BTreeMap::new();
        let mut winner_keys: BTreeMap<(&str, &str), ()> = BTreeMap::new();
        for e in &r.tallies.events {
            let a = acc.entry(&e.label).or_default();
            a.total += e.count;
            *per_game.entry(&e.label).or_insert(0) += e.count;
            if let Some(round) = e.round {
                *a.by_round.entry(round).or_insert(0) += e.count;
            }
            if let Some(seat) = e.seat {
                *a.by_seat.entry(seat).or_insert(0) += e.count;
            }
            if let Some(key) = &e.key {
                let k = a.by_key.entry(key.clone()).or_insert_with(|| (e.group.clone(), 0, 0, 0, 0));
                k.1 += e.count;
                if let Some(round) = e.round {
                    k.2 += round as u64 * e.count;
                    k.3 += e.count;
                }
                if r.winner.is_some() && e.seat == r.winner {
                    winner_keys.insert((&e.label, key), ());
                }
            }
        }
        for (label, n) in per_game {
            let a = acc.get_mut(label).expect("seen above");
            a.games_with += (n > 0) as u64;
            a.sum_sq += n as u128 * n as u128;
        }
        for ((label, key), ()) in winner_keys {
            if let Some(k) = acc.get_mut(label).and_then(|a| a.by_key.get_mut(key)) {
                k.4 += 1;
            }
        }
    }
    let n = records.len() as u64;
    acc.into_iter()
        .map(|(label, a)| {
            let mean = ratio(a.total as f64, n);
            let var = if n > 1 { (a.sum_sq as f64 - n as f64 * mean * mean).max(0.0) / (n - 1) as f64 } else { 0.0 };
            let half = Z95 * (var / n.max(1) as f64).sqrt();
            let (lo, hi) = if a.total == 0 { (0.0, ratio(3.0, n)) } else { ((mean - half).max(0.0), mean + half) };
            let (wlo, whi) = wilson(a.games_with, n, Z95);
            let by_key = a
                .by_key
                .into_iter()
                .map(|(k, (group, total, rounds, counted, winners))| {
                    let stats = KeyStats {
                        group,
                        total,
                        mean_round: r6(ratio(rounds as f64, counted)),
                        winner_share: r6(ratio(winners as f64, decisive)),
                    };
                    (k, stats)
                })
                .collect();
            let stats = LabelStats {
                total: a.total,
                per_1000_games: r6(mean * 1000.0),
                per_1000_games_ci95: [r6(lo * 1000.0), r6(hi * 1000.0)],
                games_with: a.games_with,
                games_with_rate: r6(ratio(a.games_with as f64, n)),
                games_with_ci95: [r6(wlo), r6(whi)],
                by_round: a.by_round,
                by_seat: a.by_seat,
                by_key,
            };
            (label.to_string(), stats)
        })
        .collect()
}

/// Aggregates every per-seat value label of `records` over `players` seats.
pub fn value_stats(records: &[GameRecord], players: usize) -> BTreeMap<String, ValueStats> {
    // label -> (sum, sum of squares, count, per-seat sums, per-seat counts)
    type ValueAcc = (i128, i128, u64, Vec<i64>, Vec<u64>);
    let mut acc: BTreeMap<&str, ValueAcc> = BTreeMap::new();
    for r in records {
        for (label, values) in &r.tallies.seat_values {
            let a = acc.entry(label).or_insert_with(|| (0, 0, 0, vec![0; players], vec![0; players]));
            for (s, &v) in values.iter().enumerate().take(players) {
                a.0 += v as i128;
                a.1 += v as i128 * v as i128;
                a.2 += 1;
                a.3[s] += v;
                a.4[s] += 1;
            }
        }
    }
    acc.into_iter()
        .map(|(label, (sum, sq, n, seat_sum, seat_n))| {
            let mean = ratio(sum as f64, n);
            let var = if n > 1 { (sq as f64 - n as f64 * mean * mean).max(0.0) / (n - 1) as f64 } else { 0.0 };
            let half = Z95 * (var / n.max(1) as f64).sqrt();
            let by_seat = seat_sum.iter().zip(&seat_n).map(|(&s, &c)| r6(ratio(s as f64, c))).collect();
            (label.to_string(), ValueStats { mean: r6(mean), mean_ci95: [r6(mean - half), r6(mean + half)], by_seat })
        })
        .collect()
}

/// The game's sections, rendered from the label statistics (a label with no events in any
/// record is presented with zero counts).
pub fn sections(specs: &[Section], stats: &BTreeMap<String, LabelStats>, records: &[GameRecord]) -> Sections {
    let mut out = Vec::new();
    let n = records.len() as u64;
    for spec in specs {
        let s = stats.get(spec.label());
        let total = s.map_or(0, |s| s.total);
        match *spec {
            Section::Occurrence { key, games_with, total: total_name, .. } => {
                let g = s.map_or(0, |s| s.games_with);
                let (lo, hi) = wilson(g, n, Z95);
                let by_round =
                    s.map_or(Vec::new(), |s| s.by_round.iter().map(|(r, &c)| (r.to_string(), Out::U64(c))).collect());
                out.push((
                    key.to_string(),
                    Out::Map(vec![
                        (games_with.into(), Out::U64(g)),
                        ("rate".into(), Out::F64(r6(ratio(g as f64, n)))),
                        ("rate_ci95".into(), Out::Pair([r6(lo), r6(hi)])),
                        (total_name.into(), Out::U64(total)),
                        ("by_round".into(), Out::Map(by_round)),
                    ]),
                ));
            }
            Section::Keyed { key, total: total_name, by_group, by_key, group, count, .. } => {
                let mut groups: BTreeMap<String, u64> = BTreeMap::new();
                let mut keys = Vec::new();
                for (k, ks) in s.map_or(&BTreeMap::new(), |s| &s.by_key) {
                    let g = ks.group.clone().unwrap_or_default();
                    *groups.entry(g.clone()).or_insert(0) += ks.total;
                    keys.push((
                        k.clone(),
                        Out::Map(vec![
                            (group.into(), Out::Str(g)),
                            (count.into(), Out::U64(ks.total)),
                            ("mean_round".into(), Out::F64(ks.mean_round)),
                            ("winner_share".into(), Out::F64(ks.winner_share)),
                        ]),
                    ));
                }
                out.push((
                    key.to_string(),
                    Out::Map(vec![
                        (total_name.into(), Out::U64(total)),
                        (by_group.into(), Out::Map(groups.into_iter().map(|(g, c)| (g, Out::U64(c))).collect())),
                        (by_key.into(), Out::Map(keys)),
                    ]),
                ));
            }
            Section::ByFaction { key, label, total: total_name, count } => {
                let by_faction = by_faction(records, label)
                    .into_iter()
                    .filter(|(_, (_, keys))| !keys.is_empty())
                    .map(|(faction, (seat_games, keys))| {
                        let mut rows = Vec::new();
                        for (k, (n, with)) in keys {
                            let (lo, hi) = wilson(with, seat_games, Z95);
                            rows.push((
                                k.to_string(),
                                Out::Map(vec![
                                    (count.into(), Out::U64(n)),
                                    ("per_1000_games".into(), Out::F64(r6(ratio(n as f64 * 1000.0, seat_games)))),
                                    ("games_with_rate".into(), Out::F64(r6(ratio(with as f64, seat_games)))),
                                    ("games_with_ci95".into(), Out::Pair([r6(lo), r6(hi)])),
                                ]),
                            ));
                        }
                        let fields =
                            vec![("seat_games".into(), Out::U64(seat_games)), ("by_key".into(), Out::Map(rows))];
                        (faction.to_string(), Out::Map(fields))
                    })
                    .collect();
                out.push((
                    key.to_string(),
                    Out::Map(vec![(total_name.into(), Out::U64(total)), ("by_faction".into(), Out::Map(by_faction))]),
                ));
            }
        }
    }
    Sections(out)
}

/// Per faction of `records`: its seat-games, and per key of `label`'s events at its seats the
/// count and the seat-games with at least one.
type FactionCounts<'a> = BTreeMap<&'a str, (u64, BTreeMap<&'a str, (u64, u64)>)>;

fn by_faction<'a>(records: &'a [GameRecord], label: &str) -> FactionCounts<'a> {
    let mut by: FactionCounts<'a> = BTreeMap::new();
    for r in records {
        let Some(factions) = &r.id.factions else { continue };
        for f in factions {
            by.entry(f).or_default().0 += 1;
        }
        let mut seen: BTreeSet<(usize, &str)> = BTreeSet::new();
        for e in r.tallies.events.iter().filter(|e| e.label == label) {
            let (Some(seat), Some(k)) = (e.seat, e.key.as_deref()) else { continue };
            let Some(f) = factions.get(seat) else { continue };
            let entry = by.get_mut(f.as_str()).expect("counted above").1.entry(k).or_default();
            entry.0 += e.count;
            entry.1 += seen.insert((seat, k)) as u64;
        }
    }
    by
}

fn ratio(x: f64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        x / n as f64
    }
}
