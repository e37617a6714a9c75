//! `sim merge DIR... [--out DIR] [--quiet]`: combines the run directories of shards into one
//! run directory whose `summary.json` is byte-identical to a single run's.
//!
//! Checks: every input is a complete run (`run.json` status `complete`) of the same config
//! (same config hash), every line is a game of its shard stamped with that hash, seed, seating,
//! agents and factions (an error names the file and line), each input holds every game of its
//! shard, no game index appears twice, and together they hold every game `0..games` exactly
//! once. The output directory is locked, and an existing run there is replaced only with
//! `--force`. The merged directory gets `games.jsonl` and `failures.jsonl` sorted
//! by index, the summary recomputed from all records, and a `run.json` listing the inputs.
//! Exit code 3 when the merged run contains failed games, as for `sim run`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::cli::MergeArgs;
use crate::registry::Registry;
use crate::run::config::{Experiment, Overrides};
use crate::run::console;
use crate::run::error::RunError;
use crate::run::execute::{check_line, planned_count};
use crate::run::output::{
    git_revision, lock_dir, read_run_info, unix_now, write_json_atomic, Machine, MergedShard, RunInfo, Session,
    FAILURES_FILE, GAMES_FILE, RUN_FILE, SUMMARY_FILE,
};
use crate::run::record::{read_jsonl, FailureRecord, GameRecord};
use crate::run::summary::Summary;

/// Runs `sim merge` on the built-in games.
pub fn run(args: &MergeArgs) -> Result<Summary, RunError> {
    run_in(&crate::games::builtin(), args)
}

/// Runs `sim merge` on the games of `registry`.
pub fn run_in(registry: &Registry, args: &MergeArgs) -> Result<Summary, RunError> {
    let started = Instant::now();
    let first = args.dirs.first().ok_or_else(|| RunError::Argument {
        name: "DIR".into(),
        problem: "give at least one shard directory".into(),
    })?;
    let infos = args.dirs.iter().map(|d| read_run_info(d)).collect::<Result<Vec<_>, _>>()?;
    let origin = first.join(RUN_FILE).display().to_string();
    let config_origin = format!("{origin}: config");
    let exp = Experiment::from_value_in(registry, &infos[0].config, &config_origin, &Overrides::default())?;
    let game = registry.get(&exp.game).map_err(|p| crate::run::config::ConfigError::new(&config_origin, "game", p))?;
    let hash = infos[0].config_hash.clone();
    let agent_names = exp.agent_names();
    let mut owner: BTreeMap<u64, &Path> = BTreeMap::new();
    let (mut records, mut failures) = (Vec::new(), Vec::new());
    for (dir, info) in args.dirs.iter().zip(&infos) {
        let mismatch = |problem: String| RunError::Mismatch { path: dir.clone(), problem };
        if info.config_hash != hash {
            return Err(mismatch(format!(
                "config hash {} differs from {}'s {hash}: not shards of one experiment",
                info.config_hash,
                first.display()
            )));
        }
        let paused_ok = exp.until_decided.is_some() && info.status == "paused";
        if info.status != "complete" && !paused_ok {
            return Err(mismatch(format!(
                "run status is '{}', not 'complete' (finish it with sim run --resume)",
                info.status
            )));
        }
        let games = read_jsonl::<GameRecord>(&dir.join(GAMES_FILE))?;
        let fails = read_jsonl::<FailureRecord>(&dir.join(FAILURES_FILE))?;
        let mut seen = BTreeSet::new();
        for (id, line, file) in crate::run::record::identities(&games, &fails) {
            let corrupt = |problem: String| RunError::Corrupt {
                path: dir.join(file),
                problem: format!("line {line}: {problem}"),
            };
            check_line(id, &exp, info.shard, &agent_names, &hash, &mut seen).map_err(corrupt)?;
            if let Some(other) = owner.insert(id.index, dir) {
                return Err(corrupt(format!("game {} is also in {}", id.index, other.display())));
            }
        }
        let expected = planned_count(exp.games, info.shard);
        if seen.len() as u64 != expected && info.status == "complete" {
            let missing = (0..exp.games).find(|i| info.shard.is_none_or(|s| s.contains(*i)) && !seen.contains(i));
            return Err(mismatch(format!(
                "holds {} of its {expected} games, although its run.json says complete (first missing: game {}, \
                 in neither {GAMES_FILE} nor {FAILURES_FILE})",
                seen.len(),
                missing.map_or("?".to_string(), |m| m.to_string())
            )));
        }
        records.extend(games.records);
        failures.extend(fails.records);
    }
    // A sequential run covers the looks every shard has played; the rule decides on those.
    let reached = match &exp.until_decided {
        Some(rule) => rule.looks(exp.games).into_iter().take_while(|&g| (0..g).all(|i| owner.contains_key(&i))).last(),
        None => Some(exp.games),
    };
    if reached.is_none() || exp.until_decided.is_none() && owner.len() as u64 != exp.games {
        let missing = (0..exp.games).find(|i| !owner.contains_key(i)).unwrap_or(0);
        return Err(RunError::Argument {
            name: "DIR".into(),
            problem: format!(
                "the inputs hold {} of {} games (first missing: game {missing}); a shard directory is missing from \
                 the command line",
                owner.len(),
                exp.games
            ),
        });
    }
    records.sort_by_key(|r| r.id.index);
    failures.sort_by_key(|f| f.id.index);

    let out = args.out.clone().unwrap_or_else(|| first.parent().unwrap_or(Path::new(".")).join(&exp.name));
    if args.dirs.iter().any(|d| same_dir(d, &out)) {
        return Err(RunError::Argument {
            name: "--out".into(),
            problem: format!("{} is one of the inputs", out.display()),
        });
    }
    let _lock = lock_dir(&out)?;
    let present: Vec<&str> =
        [RUN_FILE, GAMES_FILE, FAILURES_FILE, SUMMARY_FILE].into_iter().filter(|f| out.join(f).exists()).collect();
    if !present.is_empty() && !args.force {
        return Err(RunError::Exists { dir: out.clone(), found: format!("files {}", present.join(", ")) });
    }
    // The summary and run.json describe the new lines only once both are rewritten.
    for f in [RUN_FILE, SUMMARY_FILE] {
        match std::fs::remove_file(out.join(f)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(RunError::io(&out.join(f), e)),
            _ => {}
        }
    }
    write_lines(&out.join(GAMES_FILE), &records)?;
    write_lines(&out.join(FAILURES_FILE), &failures)?;
    let summary = match (&exp.until_decided, reached) {
        (Some(rule), Some(reached)) => {
            use crate::run::sequential::{evaluate, groups_counted, plain_observations, summary_until_stop};
            let obs = plain_observations(&records);
            let seq =
                evaluate(rule, groups_counted(&exp), exp.games, reached, &obs, crate::run::sequential::MONITORED_PLAIN);
            summary_until_stop(seq, &records, &failures, |r, f| game.summarize(&exp, &hash, exp.games, r, f))
        }
        _ => game.summarize(&exp, &hash, exp.games, &records, &failures),
    };
    write_json_atomic(&out.join(SUMMARY_FILE), &summary)?;
    let wall = started.elapsed().as_secs_f64();
    let info = RunInfo {
        status: "complete".into(),
        git_revision: git_revision(),
        command: std::env::args().collect(),
        shard: None,
        check_invariants: infos.iter().all(|i| i.check_invariants),
        threads: infos.iter().map(|i| i.threads).max().unwrap_or(1),
        games_planned: exp.games,
        games_completed: records.len() as u64,
        games_failed: failures.len() as u64,
        session: Session {
            started_unix: unix_now(),
            finished_unix: Some(unix_now()),
            wall_seconds: (wall * 1e3).round() / 1e3,
            games_played: 0,
            games_per_second: 0.0,
            resumed: false,
            games_from_earlier_sessions: exp.games,
        },
        machine: Machine::this(),
        merged_from: args
            .dirs
            .iter()
            .zip(&infos)
            .map(|(d, i)| MergedShard {
                dir: d.display().to_string(),
                shard: i.shard,
                git_revision: i.git_revision.clone(),
                session: i.session.clone(),
            })
            .collect(),
        ..infos[0].clone()
    };
    write_json_atomic(&out.join(RUN_FILE), &info)?;
    if !args.quiet {
        console::print(&format!(
            "{}: merged {} directories, {} games, {} failed -> {}\n{}",
            exp.name,
            args.dirs.len(),
            records.len(),
            failures.len(),
            out.display(),
            console::table(&summary)
        ));
    }
    if !failures.is_empty() {
        return Err(RunError::GamesFailed {
            failed: failures.len() as u64,
            planned: exp.games,
            file: out.join(FAILURES_FILE),
        });
    }
    Ok(summary)
}

/// Whether two paths name the same directory (by canonical path when both exist).
fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Writes `items` as a JSONL file atomically (temp file + rename).
fn write_lines<T: serde::Serialize>(path: &Path, items: &[T]) -> Result<(), RunError> {
    let tmp: PathBuf = path.with_extension("jsonl.tmp");
    let write = || -> std::io::Result<()> {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        for item in items {
            serde_json::to_writer(&mut f, item)?;
            f.write_all(b"\n")?;
        }
        f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)?;
        crate::run::output::sync_parent(path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        RunError::io(path, e)
    })
}
