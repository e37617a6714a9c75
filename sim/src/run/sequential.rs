//! Sequential stopping (`sim run --until-decided`): play games in looks of `batch` games and
//! stop at the first look where every monitored group is decided.
//!
//! **What is monitored.** In a plain run, each faction's (or, for games without factions,
//! each agent's) share of the decisive games it took part in, against its fair share k/P, as
//! in the balance test ([`crate::run::groups`]). With `--compare-to BASE`, each faction's (or
//! agent's) paired difference in winning, new − base, over the games both runs hold
//! ([`crate::compare::paired`]). Either way a group contributes one observation `y` per game:
//! `won − k/P` in a plain run, `won_new − won_base` in a comparison, with mean 0 when the
//! group is balanced (or the edit did nothing to it).
//!
//! **The test** is the generalized sequential probability ratio test on a normal
//! approximation, as Fishtest runs it (Wald 1945; the GSPRT of Fishtest's `sprt.py`). Per
//! group two one-sided tests run side by side, `H0: mean 0` against `H+: mean +δ` and
//! against `H−: mean −δ` (δ = `effect`). After a look with N observations of mean ȳ, whose
//! mean has variance σ² = V / N², the log-likelihood ratio of `H±` against `H0` is
//!
//! `LLR± = ±δ (2ȳ ∓ δ) / (2σ²)`.
//!
//! `V` is the variance the observations would have if the group were balanced, times the
//! design effect of the blocks, and at least 1 (one observation one unit off: a group that
//! never varies is not decided from a handful of games): `V = max(1, deff · Σ v0)`. The null
//! variance `v0` of one observation is `k/P (1 − k/P)` in a plain run (the binomial variance
//! at the fair share, as a score test uses: a variance estimated at a low observed share would
//! be too small and call a balanced faction "lower" too often) and `y²` in a comparison (the
//! spread about a zero difference). The design effect is the cluster-robust sum over rotation
//! blocks `B/(B−1) Σ_b (S_b − ȳ n_b)²` over the independent-games sum `Σ y² − N ȳ²`, at least
//! 1 (the blocks can only add correlation).
//! Wald's bounds per test are `A = ln((1 − β)/α')` and `B = ln(β/(1 − α'))`, with
//! `α' = α / (2m)` for the m groups the config can seat (Bonferroni over the 2m one-sided
//! tests) and β = 1 − power. A group is decided at the first look where
//! - `LLR+ ≥ A`: **higher** (a win share above the fair share, or an edit that helped);
//! - `LLR− ≥ A`: **lower**;
//! - `LLR+ ≤ B` and `LLR− ≤ B`: **within ±δ** (no difference of δ or more);
//!
//! and it needs at least [`MIN_BLOCKS`] blocks first. `monitor` restricts the groups to decide
//! (and m to their number) to those a designer asks about, named before the run. Once decided it stays decided (its test
//! stopped). The run stops at the first look where every group that has observations is
//! decided, or at the config's `games`, which is the cap. Wald's bounds keep the error rates at
//! about α (any group wrongly called higher or lower, family-wise) and β (missing an effect of
//! δ) under as many looks as there are; looking only every `batch` games makes both smaller
//! still (the statistic overshoots the bound less often than it would be checked).
//!
//! Every look is a prefix of the game indices (`0..g`, whole blocks), and a decision is a
//! function of the records of that prefix alone, so the stopping point, and the summary of
//! the games up to it, are the same for any thread count, after a resume, and for merged
//! shards.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::run::config::Seating;
use crate::run::record::GameRecord;
use crate::run::summary::r6;

/// Blocks a group needs before it can be decided.
pub const MIN_BLOCKS: u64 = 5;

/// The stopping rule as the summary states it.
pub const RULE: &str = "generalized SPRT per group on a normal approximation (Wald; Fishtest's GSPRT): two one-sided \
    tests of mean 0 against +effect and -effect, LLR = d (2 mean - d) / (2 var(mean)), var from the larger of the \
    cluster-robust (rotation blocks) and independent-games estimates, at least 1 / N^2; Wald bounds with alpha / (2 \
    groups) per test (Bonferroni) and beta = 1 - power; a group needs 5 blocks to be decided and stays decided; the run \
    stops at the first look (every batch games) where every group with observations is decided, or at games";

/// The `until_decided` config key, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct UntilDecided {
    /// δ: the difference in win share that matters, in (0, 0.5].
    pub effect: f64,
    /// Family-wise probability of calling any group higher or lower when it is not.
    pub alpha: f64,
    /// Probability of deciding a group whose difference is δ as such.
    pub power: f64,
    /// Games per look; a multiple of the block size.
    pub batch: u64,
    /// The groups to decide (faction ids, or agent names without factions); empty: all.
    pub monitor: Vec<String>,
}

impl UntilDecided {
    /// The defaults for an experiment whose blocks hold `block` games: δ 0.05, α 0.05, power
    /// 0.8, a look every 10 blocks and at least every 60 games.
    pub fn defaults(block: u64) -> Self {
        let batch = (60u64.div_ceil(block).max(10)) * block;
        UntilDecided { effect: 0.05, alpha: 0.05, power: 0.8, batch, monitor: Vec::new() }
    }

    /// Parses the config value (an object with any of `effect`, `alpha`, `power`, `batch`,
    /// `monitor`, or `true` for the defaults) for blocks of `block` games; `groups` are the
    /// names `monitor` may list. Errors are `(key, problem)`.
    pub fn parse(v: &Value, block: u64, groups: &[String]) -> Result<Self, (String, String)> {
        let mut u = Self::defaults(block);
        let obj = match v {
            Value::Bool(true) => return Ok(u),
            Value::Object(m) => m,
            _ => {
                return Err((
                    String::new(),
                    "expected true or an object with effect, alpha, power, batch, monitor".into(),
                ))
            }
        };
        for (k, x) in obj {
            let key = format!(".{k}");
            let real = |lo: f64, hi: f64| -> Result<f64, (String, String)> {
                match x.as_f64() {
                    Some(f) if f > lo && f <= hi => Ok(f),
                    _ => Err((key.clone(), format!("{x} (expected a number above {lo} and at most {hi})"))),
                }
            };
            match k.as_str() {
                "effect" => u.effect = real(0.0, 0.5)?,
                "alpha" => u.alpha = real(0.0, 0.5)?,
                "power" => u.power = real(0.5, 0.999)?,
                "batch" => match x.as_u64() {
                    Some(b) if b > 0 && b.is_multiple_of(block) => u.batch = b,
                    _ => {
                        return Err((
                            key,
                            format!("{x} (expected a positive multiple of the block size, {block} games)"),
                        ))
                    }
                },
                "monitor" => {
                    let names = x.as_array().filter(|a| !a.is_empty()).ok_or_else(|| {
                        (key.clone(), format!("{x} (expected a non-empty list of faction ids or agent names)"))
                    })?;
                    for (i, n) in names.iter().enumerate() {
                        match n.as_str() {
                            Some(n) if groups.iter().any(|g| g == n) => u.monitor.push(n.to_string()),
                            _ => {
                                return Err((
                                    format!("{key}[{i}]"),
                                    format!("{n} is not a group of this experiment (one of: {})", groups.join(", ")),
                                ))
                            }
                        }
                    }
                    u.monitor.sort();
                    u.monitor.dedup();
                }
                _ => return Err((key, "unknown key (expected one of: alpha, batch, effect, monitor, power)".into())),
            }
        }
        Ok(u)
    }

    /// The canonical JSON form (every field).
    pub fn canonical(&self) -> Value {
        let mut v = json!({"effect": self.effect, "alpha": self.alpha, "power": self.power, "batch": self.batch});
        if !self.monitor.is_empty() {
            v["monitor"] = json!(self.monitor);
        }
        v
    }

    /// The looks of an experiment of `games` games: `batch, 2·batch, …`, the last one `games`.
    pub fn looks(&self, games: u64) -> Vec<u64> {
        let mut v: Vec<u64> = (1..).map(|k| k * self.batch).take_while(|&g| g < games).collect();
        v.push(games);
        v
    }
}

/// Games per rotation block.
pub fn block_size(seating: Seating, players: usize) -> u64 {
    match seating {
        Seating::Fixed => 1,
        Seating::Rotate => players as u64,
    }
}

/// The groups the Bonferroni split counts: those the rule monitors, or else the factions the
/// config can seat, or for games without factions the agents of its pool.
pub fn groups_counted(exp: &crate::run::config::Experiment) -> u64 {
    if let Some(u) = exp.until_decided.as_ref().filter(|u| !u.monitor.is_empty()) {
        return u.monitor.len() as u64;
    }
    let mut names: Vec<&String> = exp.faction_pool.iter().chain(exp.factions.iter()).flatten().collect();
    names.sort();
    names.dedup();
    if names.is_empty() {
        exp.agents.len() as u64
    } else {
        names.len() as u64
    }
}

/// One block's sums of a group's observations.
#[derive(Clone, Copy, Debug, Default)]
struct BlockSums {
    block: u64,
    first_index: u64,
    n: u64,
    sum: f64,
    sum_sq: f64,
    null_var: f64,
}

/// A group's observations, per rotation block in index order.
#[derive(Clone, Debug, Default)]
pub struct Series {
    blocks: Vec<BlockSums>,
}

impl Series {
    /// Adds observation `y` of game `index` of `block`, whose variance if the group were
    /// balanced is `null_var` (games must come in index order, so a block's games are
    /// contiguous).
    pub fn push(&mut self, block: u64, index: u64, y: f64, null_var: f64) {
        if self.blocks.last().is_none_or(|b| b.block != block) {
            self.blocks.push(BlockSums { block, first_index: index, ..BlockSums::default() });
        }
        let b = self.blocks.last_mut().expect("pushed above");
        b.n += 1;
        b.sum += y;
        b.sum_sq += y * y;
        b.null_var += null_var;
    }

    /// The statistics over the blocks that start before game `end` (looks are whole blocks):
    /// (blocks, observations, mean, variance of the mean as the module docs define it).
    pub fn at(&self, end: u64) -> (u64, u64, f64, f64) {
        let used = &self.blocks[..self.blocks.partition_point(|b| b.first_index < end)];
        let n: u64 = used.iter().map(|b| b.n).sum();
        if n == 0 {
            return (0, 0, 0.0, 0.0);
        }
        let nf = n as f64;
        let mean = used.iter().map(|b| b.sum).sum::<f64>() / nf;
        let iid = used.iter().map(|b| b.sum_sq).sum::<f64>() - nf * mean * mean;
        let k = used.len() as f64;
        let cluster = if used.len() > 1 {
            used.iter().map(|b| (b.sum - mean * b.n as f64).powi(2)).sum::<f64>() * k / (k - 1.0)
        } else {
            0.0
        };
        let deff = if iid > 0.0 { (cluster / iid).max(1.0) } else { 1.0 };
        let null: f64 = used.iter().map(|b| b.null_var).sum();
        (used.len() as u64, n, mean, (deff * null).max(1.0) / (nf * nf))
    }
}

/// Where a group's test stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupDecision {
    /// `higher`, `lower`, `within` (±effect) or `undecided`.
    pub decision: &'static str,
    /// Games played when it was decided (the look), or at the last look if undecided.
    pub games: u64,
    /// Its observations then.
    pub observations: u64,
    /// Its rotation blocks then.
    pub blocks: u64,
    /// Mean observation then (win share − fair share, or new − base).
    pub estimate: f64,
    /// LLR of +effect against 0 then.
    pub llr_higher: f64,
    /// LLR of −effect against 0 then.
    pub llr_lower: f64,
}

/// One look.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Look {
    /// Games 0..games were in.
    pub games: u64,
    /// Groups still undecided after it.
    pub undecided: Vec<String>,
}

/// The summary's `sequential` section.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sequential {
    /// [`RULE`].
    pub rule: &'static str,
    /// What each group's observation is.
    pub monitored: String,
    /// The config's rule: effect, alpha, power, batch.
    pub config: Value,
    /// Groups the Bonferroni split counts (m).
    pub groups_counted: u64,
    /// α / (2m).
    pub alpha_per_test: f64,
    /// Wald's upper bound A (decide higher or lower).
    pub bound_decide_difference: f64,
    /// Wald's lower bound B (decide within ±effect).
    pub bound_decide_within: f64,
    /// `decided` (every group), `cap` (games reached with groups undecided) or `more looks`
    /// (the games so far leave groups undecided and the cap is not reached: merged shards to
    /// resume).
    pub stopped: &'static str,
    /// Games the stopping look covers: the summary describes games 0..games_used.
    pub games_used: u64,
    /// Games recorded beyond the stopping look, left out of the summary.
    pub games_beyond_stop: u64,
    /// The looks made, in order.
    pub looks: Vec<Look>,
    /// Every group's decision.
    pub groups: BTreeMap<String, GroupDecision>,
    /// The base run of a comparison (`--compare-to`): directory and config hash.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compared_to: Option<Map<String, Value>>,
}

/// The observations of a run: per group, a [`Series`].
pub type Observations = BTreeMap<String, Series>;

/// Plain-run observations of `records` (index order): per faction (per agent for games
/// without factions), `won − k/P` in each decisive game where it holds k < P seats.
pub fn plain_observations(records: &[GameRecord]) -> Observations {
    let mut obs = Observations::new();
    for r in records {
        let Some(w) = r.winner else { continue };
        let p = r.ranking.len();
        let names: &[String] = r.id.factions.as_deref().unwrap_or(&r.id.agents);
        let mut held: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (s, n) in names.iter().enumerate() {
            held.entry(n).or_default().push(s);
        }
        for (name, seats) in held {
            if seats.len() < p {
                let share = seats.len() as f64 / p as f64;
                let y = seats.contains(&w) as u8 as f64 - share;
                obs.entry(name.to_string()).or_default().push(r.id.block, r.id.index, y, share * (1.0 - share));
            }
        }
    }
    obs
}

/// Comparison observations of paired games (`base`, `new`, index order): per faction playing
/// in both (per agent for games without factions), `won_new − won_base`.
pub fn paired_observations(pairs: &[(&GameRecord, &GameRecord)]) -> Observations {
    let mut obs = Observations::new();
    for &(b, n) in pairs {
        let (nb, nn): (&[String], &[String]) = match (&b.id.factions, &n.id.factions) {
            (Some(x), Some(y)) => (x, y),
            _ => (&b.id.agents, &n.id.agents),
        };
        let mut names: Vec<&String> = nb.iter().collect();
        names.sort();
        names.dedup();
        for name in names {
            let seats = |v: &[String]| -> Vec<usize> { (0..v.len()).filter(|&s| v[s] == *name).collect() };
            let (sb, sn) = (seats(nb), seats(nn));
            if sn.is_empty() {
                continue;
            }
            let won = |r: &GameRecord, s: &[usize]| r.winner.is_some_and(|w| s.contains(&w)) as u8 as f64;
            let d = won(n, &sn) - won(b, &sb);
            obs.entry(name.clone()).or_default().push(b.id.block, b.id.index, d, d * d);
        }
    }
    obs
}

/// The log-likelihood ratios of `+d` and of `−d` against 0 for a mean `mean` whose variance
/// is `var` (normal approximation; see the module docs).
pub fn llr(mean: f64, var: f64, d: f64) -> (f64, f64) {
    (d * (2.0 * mean - d) / (2.0 * var), d * (-2.0 * mean - d) / (2.0 * var))
}

/// Wald's bounds `(A, B)` for one test at level `alpha` with error `beta` of the second kind.
pub fn wald_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    (((1.0 - beta) / alpha).ln(), (beta / (1.0 - alpha)).ln())
}

/// Applies the rule to the observations of the games 0..`reached` (all recorded or failed),
/// look by look, for an experiment of `games` games with `m` groups counted. `monitored` says
/// what an observation is.
pub fn evaluate(
    rule: &UntilDecided,
    m: u64,
    games: u64,
    reached: u64,
    obs: &Observations,
    monitored: &str,
) -> Sequential {
    let alpha_test = rule.alpha / (2 * m.max(1)) as f64;
    let (a, b) = wald_bounds(alpha_test, 1.0 - rule.power);
    let mut decided: BTreeMap<String, GroupDecision> = BTreeMap::new();
    let mut latest: BTreeMap<String, GroupDecision> = BTreeMap::new();
    let mut looks = Vec::new();
    let mut stopped = "more looks";
    let mut used = 0;
    for g in rule.looks(games).into_iter().take_while(|&g| g <= reached) {
        used = g;
        for (name, series) in obs {
            if decided.contains_key(name) || !rule.monitor.is_empty() && !rule.monitor.contains(name) {
                continue;
            }
            let (blocks, n, mean, var) = series.at(g);
            if n == 0 {
                continue;
            }
            let (up, down) = llr(mean, var, rule.effect);
            let decision = if blocks < MIN_BLOCKS {
                "undecided"
            } else if up >= a {
                "higher"
            } else if down >= a {
                "lower"
            } else if up <= b && down <= b {
                "within"
            } else {
                "undecided"
            };
            let d = GroupDecision {
                decision,
                games: g,
                observations: n,
                blocks,
                estimate: r6(mean),
                llr_higher: r6(up),
                llr_lower: r6(down),
            };
            if decision != "undecided" {
                latest.remove(name);
                decided.insert(name.clone(), d);
            } else {
                latest.insert(name.clone(), d);
            }
        }
        looks.push(Look { games: g, undecided: latest.keys().cloned().collect() });
        if latest.is_empty() && !decided.is_empty() {
            stopped = "decided";
            break;
        }
        if g == games {
            stopped = "cap";
        }
    }
    decided.extend(latest);
    Sequential {
        rule: RULE,
        monitored: monitored.to_string(),
        config: rule.canonical(),
        groups_counted: m,
        alpha_per_test: r6(alpha_test),
        bound_decide_difference: r6(a),
        bound_decide_within: r6(b),
        stopped,
        games_used: used,
        games_beyond_stop: 0,
        looks,
        groups: decided,
        compared_to: None,
    }
}

/// The summary of a sequential run: the games below the stopping look (`seq.games_used`) of
/// `records` and `failures` (both sorted by index), summarized by `summarize`, with `seq`
/// attached and the records beyond the stop counted in `games_beyond_stop`. `sim run` and
/// `sim merge` both write it.
pub fn summary_until_stop(
    mut seq: Sequential,
    records: &[GameRecord],
    failures: &[crate::run::record::FailureRecord],
    summarize: impl FnOnce(&[GameRecord], &[crate::run::record::FailureRecord]) -> crate::run::summary::Summary,
) -> crate::run::summary::Summary {
    let cut = records.partition_point(|r| r.id.index < seq.games_used);
    let cut_failed = failures.partition_point(|f| f.id.index < seq.games_used);
    seq.games_beyond_stop = (records.len() - cut + failures.len() - cut_failed) as u64;
    let mut summary = summarize(&records[..cut], &failures[..cut_failed]);
    summary.sequential = Some(seq);
    summary
}

/// What a plain run's observation is.
pub const MONITORED_PLAIN: &str = "per faction (per agent without factions): won - k/P in each decisive game it takes \
    part in without holding every seat";

/// What a comparison's observation is.
pub const MONITORED_PAIRED: &str =
    "per faction (per agent without factions): won in the new run - won in the base run, \
    over the games both runs hold (common random numbers)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_likelihood_ratio_is_the_normal_one_by_hand() {
        // mean 0.1, var 0.0004, d 0.05: LLR+ = 0.05 * (0.2 - 0.05) / 0.0008 = 9.375;
        // LLR- = 0.05 * (-0.2 - 0.05) / 0.0008 = -15.625.
        let (up, down) = llr(0.1, 0.0004, 0.05);
        assert!((up - 9.375).abs() < 1e-9 && (down + 15.625).abs() < 1e-9, "{up} {down}");
        // alpha 0.05 / 12, beta 0.2: A = ln(0.8 / 0.0041667) = 5.2575, B = ln(0.2 / 0.99583) = -1.6053.
        let (a, b) = wald_bounds(0.05 / 12.0, 0.2);
        assert!((a - 5.257_495).abs() < 1e-5 && (b + 1.605_266).abs() < 1e-5, "{a} {b}");
    }

    #[test]
    fn variance_is_the_null_variance_times_the_design_effect_and_at_least_one() {
        let mut s = Series::default();
        // Two blocks of two games: block 0 all +1, block 1 all -1: clustered variance dominates.
        for (block, index, y) in [(0, 0, 1.0), (0, 1, 1.0), (1, 2, -1.0), (1, 3, -1.0)] {
            s.push(block, index, y, 0.5);
        }
        let (blocks, n, mean, var) = s.at(4);
        // iid: 4 - 0 = 4; cluster: (2^2 + 2^2) * 2 = 16; deff 4; null 4 * 0.5 = 2; V = 8, / 16.
        assert_eq!((blocks, n, mean, var), (2, 4, 0.0, 0.5));
        // The prefix of one block: iid 2 - 2 = 0, deff 1, null 1, floor 1: var = 1 / 4.
        assert_eq!(s.at(2), (1, 2, 1.0, 0.25));
        assert_eq!(Series::default().at(10), (0, 0, 0.0, 0.0));
    }

    /// A series of `blocks` blocks of `per_block` games; `y(i)` is game i's observation and
    /// `null(y)` its variance if balanced (as the plain and paired observations give it).
    fn series(blocks: u64, per_block: u64, y: impl Fn(u64) -> f64, null: impl Fn(f64) -> f64) -> Series {
        let mut s = Series::default();
        for i in 0..blocks * per_block {
            s.push(i / per_block, i, y(i), null(y(i)));
        }
        s
    }

    /// A plain run's null variance at a fair share of 1/6.
    fn plain(_: f64) -> f64 {
        5.0 / 36.0
    }

    /// A comparison's: the observation squared.
    fn paired(y: f64) -> f64 {
        y * y
    }

    #[test]
    fn a_clear_difference_stops_early_and_no_difference_is_decided_within() {
        let rule = UntilDecided { effect: 0.05, alpha: 0.05, power: 0.8, batch: 60, monitor: Vec::new() };
        let mut obs = Observations::new();
        // Strong: wins 1 game in 2 where 1/6 is fair (y = 1 - 1/6 or -1/6).
        obs.insert("strong".into(), series(100, 6, |i| if i % 2 == 0 { 5.0 / 6.0 } else { -1.0 / 6.0 }, plain));
        let s = evaluate(&rule, 1, 600, 600, &obs, "test");
        assert_eq!((s.stopped, s.groups["strong"].decision), ("decided", "higher"));
        assert_eq!(s.games_used, 60, "decided at the first look: {s:?}");
        // Identical in every game (a comparison of an inert edit): within once the floor of the
        // variance allows, V = 1: LLR = -0.05^2 N^2 / 2 <= ln(0.2 / 0.975) = -1.584 from N = 36.
        let mut same = Observations::new();
        same.insert("same".into(), series(100, 6, |_| 0.0, paired));
        let s = evaluate(&UntilDecided { batch: 6, ..rule.clone() }, 1, 600, 600, &same, "test");
        assert_eq!((s.stopped, s.groups["same"].decision, s.games_used), ("decided", "within", 36));
        assert_eq!(s.looks.len(), 6);
        // Nothing reached yet, or not enough: more looks.
        let s = evaluate(&rule, 1, 600, 59, &obs, "test");
        assert_eq!((s.stopped, s.games_used, s.looks.len()), ("more looks", 0, 0));
    }

    #[test]
    fn the_cap_ends_an_undecided_run() {
        let rule = UntilDecided { effect: 0.01, alpha: 0.05, power: 0.8, batch: 12, monitor: Vec::new() };
        let mut obs = Observations::new();
        obs.insert("coin".into(), series(10, 6, |i| if i % 6 == 0 { 5.0 / 6.0 } else { -1.0 / 6.0 }, plain));
        let s = evaluate(&rule, 1, 60, 60, &obs, "test");
        assert_eq!((s.stopped, s.games_used, s.groups["coin"].decision), ("cap", 60, "undecided"));
        assert_eq!(s.looks.iter().map(|l| l.games).collect::<Vec<_>>(), vec![12, 24, 36, 48, 60]);
    }

    #[test]
    fn config_values_are_checked_against_the_block_size() {
        let g = ["a".to_string(), "b".to_string()];
        assert_eq!(UntilDecided::parse(&json!(true), 6, &g).unwrap(), UntilDecided::defaults(6));
        assert_eq!(UntilDecided::defaults(6).batch, 60);
        assert_eq!(UntilDecided::defaults(2).batch, 60);
        assert_eq!(UntilDecided::defaults(1).batch, 60);
        assert_eq!(UntilDecided::defaults(8).batch, 80);
        assert_eq!(UntilDecided::parse(&json!({"batch": 14}), 6, &g).unwrap_err().0, ".batch");
        assert_eq!(UntilDecided::parse(&json!({"effect": 0}), 6, &g).unwrap_err().0, ".effect");
        assert_eq!(UntilDecided::parse(&json!({"speed": 1}), 6, &g).unwrap_err().0, ".speed");
        assert_eq!(UntilDecided::parse(&json!({"monitor": ["a", "z"]}), 6, &g).unwrap_err().0, ".monitor[1]");
        assert!(UntilDecided::parse(&json!(false), 6, &g).is_err());
        let u = UntilDecided::parse(&json!({"effect": 0.1, "batch": 12, "monitor": ["b"]}), 6, &g).unwrap();
        assert_eq!(u.monitor, vec!["b".to_string()]);
        assert_eq!(UntilDecided::parse(&u.canonical(), 6, &g).unwrap(), u);
        assert_eq!(u.looks(30), vec![12, 24, 30]);
    }
}
