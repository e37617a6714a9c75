//! `sim compare BASE_DIR NEW_DIR`: what changed between two runs of the same games, and what
//! it did.
//!
//! The two runs must be common random numbers: the same game, players, seating and seed, so
//! that game `i` draws the same map, dice and seating in both (`sim run` derives every random
//! number from the seed and the game's block). Games are paired by index (those completed in
//! both); every difference is then measured on identical luck, which removes most of the
//! variance of a comparison between two independent runs. See [`paired`] for the statistics
//! and [`diff`] for the "what changed" list (configs and content).
//!
//! The output (`--json` for the machine-readable form, format `sim-compare/1`) lists the config
//! and content changes, how many paired games are identical move for move, and per seat,
//! agent and faction the paired difference in win rate and mean score with its interval,
//! p-value and Holm flag (one family: both tests of every group).

pub mod diff;
pub mod paired;

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use crate::cli::CompareArgs;
use crate::registry::Registry;
use crate::run::error::RunError;
use crate::run::output::{read_run_info, GAMES_FILE};
use crate::run::record::{read_jsonl, GameRecord};
use crate::run::summary::ALPHA;
use diff::{content_diff, json_diff, Change};
use paired::{flag, tally, PairedStats};

/// Identifies the comparison format.
pub const FORMAT: &str = "sim-compare/1";

/// How the comparison tests, as it states it.
pub const TEST: &str = "paired by game index (same seed: common random numbers); per group the mean over paired \
    games of new - base (won: -1/0/1; mean score), cluster-robust standard error over its B rotation blocks, 95% \
    interval and two-sided test from Student's t with B - 1 degrees of freedom; Holm over one family holding both \
    tests of every group";

/// A comparison of two runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// [`FORMAT`].
    pub format: &'static str,
    /// The base run directory.
    pub base: String,
    /// The new run directory.
    pub new: String,
    /// What differs between the two configs and their content.
    pub changes: Vec<Change>,
    /// Games completed in both runs.
    pub games_paired: u64,
    /// Paired games whose records are equal (same ranking, scores, decisions, rounds, end,
    /// tallies): the change did not touch them.
    pub games_identical: u64,
    /// Family-wise error rate.
    pub alpha: f64,
    /// [`TEST`].
    pub test: &'static str,
    /// Tests in the Holm family.
    pub family_size: u64,
    /// Per seat.
    pub seats: Vec<PairedStats>,
    /// Per agent (`base → new` where a seat's agent changed).
    pub agents: BTreeMap<String, PairedStats>,
    /// Per faction, for games with factions.
    pub factions: Option<BTreeMap<String, PairedStats>>,
    /// Every flagged difference, `kind name: metric` (`faction winnu: win_rate`).
    pub flagged: Vec<String>,
}

/// Runs `sim compare` on the built-in games, printing the comparison.
pub fn run(args: &CompareArgs) -> Result<Comparison, RunError> {
    run_in(&crate::games::builtin(), args)
}

/// Runs `sim compare` on the games of `registry`.
pub fn run_in(registry: &Registry, args: &CompareArgs) -> Result<Comparison, RunError> {
    let c = compare(registry, &args.base, &args.new)?;
    let text =
        if args.json { serde_json::to_string_pretty(&c).expect("comparison serializes") + "\n" } else { render(&c) };
    crate::run::console::print(&text);
    Ok(c)
}

/// Checks that the run in `base` plays the same games as an experiment whose canonical config
/// is `new_config` (same game, players, seed and seating: common random numbers); `new` names
/// the new side in the error.
pub fn check_pairable(base: &Path, base_config: &Value, new: &Path, new_config: &Value) -> Result<(), RunError> {
    for key in ["game", "players", "seed", "seating"] {
        if base_config[key] != new_config[key] {
            return Err(RunError::Mismatch {
                path: new.to_path_buf(),
                problem: format!(
                    "config.{key} is {} here but {} in {}: not the same games (compare needs common random numbers)",
                    new_config[key],
                    base_config[key],
                    base.display()
                ),
            });
        }
    }
    Ok(())
}

/// The records of the run in `dir`, sorted by index, each with `players` seats.
pub fn load_records(dir: &Path, players: usize) -> Result<Vec<GameRecord>, RunError> {
    let mut r = read_jsonl::<GameRecord>(&dir.join(GAMES_FILE))?.records;
    r.sort_by_key(|g| g.id.index);
    if let Some(bad) = r.iter().find(|g| g.ranking.len() != players) {
        return Err(RunError::Corrupt {
            path: dir.join(GAMES_FILE),
            problem: format!("game {}: {} seats, the config has {players}", bad.id.index, bad.ranking.len()),
        });
    }
    Ok(r)
}

/// The games both runs hold, paired by index (both sorted by index).
pub fn pair<'a>(base: &'a [GameRecord], new: &'a [GameRecord]) -> Vec<(&'a GameRecord, &'a GameRecord)> {
    let by_index: BTreeMap<u64, &GameRecord> = new.iter().map(|g| (g.id.index, g)).collect();
    base.iter().filter_map(|g| by_index.get(&g.id.index).map(|h| (g, *h))).collect()
}

/// The comparison of run directories `base` and `new`.
pub fn compare(registry: &Registry, base: &Path, new: &Path) -> Result<Comparison, RunError> {
    let (bi, ni) = (read_run_info(base)?, read_run_info(new)?);
    let mismatch = |problem: String| RunError::Mismatch { path: new.to_path_buf(), problem };
    check_pairable(base, &bi.config, new, &ni.config)?;
    let game_id = bi.config["game"].as_str().unwrap_or_default();
    let game = registry
        .get(game_id)
        .map_err(|p| RunError::Corrupt { path: base.join("run.json"), problem: format!("config.game: {p}") })?;
    let players = bi.config["players"].as_u64().unwrap_or(0) as usize;
    let (b, n) = (load_records(base, players)?, load_records(new, players)?);
    let pairs = pair(&b, &n);
    if pairs.is_empty() {
        return Err(mismatch(format!("no game index is completed in both this run and {}", base.display())));
    }
    let mut changes = Vec::new();
    let (mut bc, mut nc) = (bi.config.clone(), ni.config.clone());
    for c in [&mut bc, &mut nc] {
        if let Value::Object(m) = c {
            m.remove("description");
        }
    }
    json_diff("config", Some(&bc), Some(&nc), &mut changes);
    if game.has_content() {
        let dir = |v: &Value| v["content"].as_str().map(str::to_string);
        changes.extend(content_diff(dir(&bi.config).as_deref(), dir(&ni.config).as_deref(), game.content_files()));
    }
    let identical = pairs.iter().filter(|(x, y)| same_game(x, y)).count() as u64;
    let (seats, agents, factions) = tally(&pairs, players);
    let mut seat_stats: Vec<PairedStats> = seats.iter().map(|t| t.stats()).collect();
    let mut agent_stats: BTreeMap<String, PairedStats> = agents.iter().map(|(k, t)| (k.clone(), t.stats())).collect();
    let mut faction_stats: BTreeMap<String, PairedStats> =
        factions.iter().map(|(k, t)| (k.clone(), t.stats())).collect();
    let mut members: Vec<&mut PairedStats> = seat_stats.iter_mut().collect();
    members.extend(agent_stats.values_mut());
    members.extend(faction_stats.values_mut());
    let family = flag(&mut members, ALPHA);
    let mut flagged = Vec::new();
    let mut note = |kind: &str, name: &str, s: &PairedStats| {
        if s.win_rate_flagged {
            flagged.push(format!("{kind} {name}: win_rate"));
        }
        if s.mean_score_flagged {
            flagged.push(format!("{kind} {name}: mean_score"));
        }
    };
    for (i, s) in seat_stats.iter().enumerate() {
        note("seat", &i.to_string(), s);
    }
    for (k, s) in &agent_stats {
        note("agent", k, s);
    }
    for (k, s) in &faction_stats {
        note("faction", k, s);
    }
    let has_factions = pairs.iter().any(|(x, _)| x.id.factions.is_some());
    Ok(Comparison {
        format: FORMAT,
        base: base.display().to_string(),
        new: new.display().to_string(),
        changes,
        games_paired: pairs.len() as u64,
        games_identical: identical,
        alpha: ALPHA,
        test: TEST,
        family_size: family as u64,
        seats: seat_stats,
        agents: agent_stats,
        factions: has_factions.then_some(faction_stats),
        flagged,
    })
}

/// Whether two records of one game index describe the same play.
fn same_game(a: &GameRecord, b: &GameRecord) -> bool {
    a.ranking == b.ranking
        && a.scores == b.scores
        && a.decisions == b.decisions
        && a.chance_events == b.chance_events
        && a.rounds == b.rounds
        && a.end == b.end
        && a.tallies == b.tallies
}

fn interval(ci: Option<[f64; 2]>, decimals: usize) -> String {
    match ci {
        Some([lo, hi]) => format!("[{lo:+.decimals$}, {hi:+.decimals$}]"),
        None => "[one block: no interval]".into(),
    }
}

/// The text form.
pub fn render(c: &Comparison) -> String {
    let mut out = format!("compare {} (base) with {} (new)\n", c.base, c.new);
    if c.changes.is_empty() {
        out += "changed: nothing in the configs or the content\n";
    } else {
        out += "changed:\n";
        for ch in &c.changes {
            out += &format!("  {}: {} -> {}\n", ch.path, ch.base, ch.new);
        }
    }
    out += &format!(
        "{} paired games (same seed and index), {} identical move for move\n",
        c.games_paired, c.games_identical
    );
    let mut rows: Vec<(String, &PairedStats)> = Vec::new();
    rows.extend(c.agents.iter().map(|(k, v)| (format!("agent {k}"), v)));
    if let Some(f) = &c.factions {
        rows.extend(f.iter().map(|(k, v)| (format!("faction {k}"), v)));
    }
    rows.extend(c.seats.iter().enumerate().map(|(i, v)| (format!("seat {i}"), v)));
    let width = rows.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0).max(5);
    out += &format!(
        "{:width$}  {:>6} {:>7}  {:>11}  {:<27} {:>11}  {:<27}\n",
        "", "games", "changed", "win rate", "difference (95% interval)", "mean score", "difference (95% interval)"
    );
    for (label, s) in rows {
        let pad = width - label.chars().count();
        out += &format!(
            "{label}{:pad$}  {:>6} {:>7}  {:>5.3}>{:<5.3}  {:<27} {:>5.2}>{:<5.2}  {:<27}\n",
            "",
            s.games,
            s.changed_outcomes,
            s.base_win_rate,
            s.new_win_rate,
            format!(
                "{:+.3} {}{}",
                s.win_rate_diff,
                interval(s.win_rate_diff_ci95, 3),
                if s.win_rate_flagged { " *" } else { "" }
            ),
            s.base_mean_score,
            s.new_mean_score,
            format!(
                "{:+.2} {}{}",
                s.mean_score_diff,
                interval(s.mean_score_diff_ci95, 2),
                if s.mean_score_flagged { " *" } else { "" }
            ),
        );
    }
    out += &format!(
        "* the difference is not zero (paired t-test over blocks, cluster-robust, Holm over {} tests, alpha {})\n",
        c.family_size, c.alpha
    );
    if c.flagged.is_empty() {
        out += "flagged: nothing\n";
    } else {
        out += &format!("flagged: {}\n", c.flagged.join(", "));
    }
    out
}
