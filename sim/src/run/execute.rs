//! The run pipeline, generic over the game: check, open (or resume) the run directory, play
//! the missing games in parallel while streaming their records, then write the summary.
//!
//! Parallelism follows the one-RNG-per-work-item pattern: `todo.par_iter()` over game indices,
//! each task plays one whole game from RNGs derived from (seed, block) alone, and records are
//! sorted by index before they are summarized, so neither the thread count nor the order in
//! which games finish can change `summary.json`.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use rayon::prelude::*;

use crate::run::config::Experiment;
use crate::run::console;
use crate::run::error::RunError;
use crate::run::output::{
    config_hash, git_revision, read_run_info, run_dir, unix_now, write_json_atomic, LineWriter, Machine, RunInfo,
    Session, FAILURES_FILE, GAMES_FILE, RUN_FILE, RUN_FORMAT, SUMMARY_FILE,
};
use crate::run::play::{play, Context, Outcome};
use crate::run::record::{read_jsonl, truncate, FailureRecord, GameRecord};
use crate::run::shard::Shard;
use crate::run::spec::Experimentable;
use crate::run::summary::{summarize, Summary};

/// How to run, from the command line.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Worker threads.
    pub threads: usize,
    /// Print nothing but errors.
    pub quiet: bool,
    /// Finish an interrupted run instead of starting over.
    pub resume: bool,
    /// The shard to play, if any.
    pub shard: Option<Shard>,
    /// Check invariants after every step.
    pub check_invariants: bool,
    /// The command line, for run.json.
    pub command: Vec<String>,
    /// Where the config came from, for error messages.
    pub origin: String,
}

/// Plays the experiment (or the shard's share, or what a resume still lacks) and writes the run
/// directory. Returns the summary; failed games give [`RunError::GamesFailed`] after every
/// file has been written.
pub fn execute<G: Experimentable>(exp: &Experiment, opts: &RunOptions) -> Result<Summary, RunError> {
    // Everything that can reject the input happens before the first write.
    let prepared = G::prepare(exp, &opts.origin)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| RunError::Argument { name: "--threads".into(), problem: e.to_string() })?;
    let hash = config_hash(exp);
    let dir = run_dir(exp, opts.shard);
    let planned: Vec<u64> = (0..exp.games).filter(|&i| opts.shard.is_none_or(|s| s.contains(i))).collect();

    let started = Instant::now();
    let resumed = opts.resume && dir.join(RUN_FILE).exists();
    let (mut records, mut failures) = if resumed { load(&dir, &hash, opts.shard, &planned)? } else { fresh(&dir)? };
    let earlier = (records.len() + failures.len()) as u64;
    let done: BTreeSet<u64> = records.iter().map(|r| r.id.index).chain(failures.iter().map(|f| f.id.index)).collect();
    let todo: Vec<u64> = planned.iter().copied().filter(|i| !done.contains(i)).collect();

    let mut info = RunInfo {
        format: RUN_FORMAT.into(),
        status: "running".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        git_revision: git_revision(),
        command: opts.command.clone(),
        config: exp.canonical(),
        config_hash: hash.clone(),
        shard: opts.shard,
        check_invariants: opts.check_invariants,
        threads: opts.threads,
        games_planned: planned.len() as u64,
        games_completed: records.len() as u64,
        games_failed: failures.len() as u64,
        session: Session {
            started_unix: unix_now(),
            finished_unix: None,
            wall_seconds: 0.0,
            games_played: 0,
            games_per_second: 0.0,
            resumed,
            games_from_earlier_sessions: earlier,
        },
        machine: Machine::this(),
        merged_from: Vec::new(),
    };
    write_json_atomic(&dir.join(RUN_FILE), &info)?;

    let ctx = Context::<G> {
        exp,
        prepared: &prepared,
        agent_names: exp.agent_names(),
        check_invariants: opts.check_invariants,
        run_dir: dir.display().to_string(),
    };
    let bar = console::progress(planned.len() as u64, earlier, opts.quiet);
    let mut games_out = LineWriter::append(&dir.join(GAMES_FILE))?;
    let mut failures_out = LineWriter::append(&dir.join(FAILURES_FILE))?;
    let abort = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Outcome>();
    let (played, write_error) = std::thread::scope(|scope| {
        let writer = scope.spawn(|| {
            let (mut played, mut error) = (Vec::new(), None);
            for outcome in rx {
                if error.is_none() {
                    let written = match &outcome {
                        Outcome::Done(r) => games_out.write(r),
                        Outcome::Failed(f) => failures_out.write(f),
                    };
                    if let Err(e) = written {
                        abort.store(true, Ordering::Relaxed);
                        error = Some(e);
                    }
                }
                bar.inc(1);
                played.push(outcome);
            }
            (played, error)
        });
        pool.install(|| {
            todo.par_iter().for_each_with(tx, |tx, &i| {
                if !abort.load(Ordering::Relaxed) {
                    let _ = tx.send(play(&ctx, i, None));
                }
            })
        });
        writer.join().unwrap_or_else(|p| std::panic::resume_unwind(p))
    });
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e);
    }
    let new_games = played.len() as u64;
    for o in played {
        match o {
            Outcome::Done(r) => records.push(r),
            Outcome::Failed(f) => failures.push(f),
        }
    }
    records.sort_by_key(|r| r.id.index);
    failures.sort_by_key(|f| f.id.index);
    let summary = summarize(exp, &hash, planned.len() as u64, &records, &failures, G::SECTIONS);
    write_json_atomic(&dir.join(SUMMARY_FILE), &summary)?;

    let wall = started.elapsed().as_secs_f64();
    info.status = "complete".into();
    info.games_completed = records.len() as u64;
    info.games_failed = failures.len() as u64;
    info.session.finished_unix = Some(unix_now());
    info.session.wall_seconds = (wall * 1e3).round() / 1e3;
    info.session.games_played = new_games;
    info.session.games_per_second = if wall > 0.0 { (new_games as f64 / wall * 1e3).round() / 1e3 } else { 0.0 };
    write_json_atomic(&dir.join(RUN_FILE), &info)?;

    if !opts.quiet {
        let resumed_note = if resumed { format!(" ({earlier} from earlier sessions)") } else { String::new() };
        console::print(&format!(
            "{}: {} games{resumed_note}, {} failed, {new_games} played in {:.1} s ({:.1} games/s) -> {}\n{}",
            exp.name,
            records.len(),
            failures.len(),
            wall,
            info.session.games_per_second,
            dir.display(),
            console::table(&summary)
        ));
    }
    if !failures.is_empty() {
        return Err(RunError::GamesFailed {
            failed: failures.len() as u64,
            planned: planned.len() as u64,
            file: dir.join(FAILURES_FILE),
        });
    }
    Ok(summary)
}

/// Starts a run directory afresh: creates it and removes results of an earlier run.
fn fresh(dir: &Path) -> Result<(Vec<GameRecord>, Vec<FailureRecord>), RunError> {
    std::fs::create_dir_all(dir).map_err(|e| RunError::io(dir, e))?;
    for file in [GAMES_FILE, FAILURES_FILE, SUMMARY_FILE] {
        let path = dir.join(file);
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(RunError::io(&path, e)),
            _ => {}
        }
    }
    Ok((Vec::new(), Vec::new()))
}

/// Reads an interrupted run back for `--resume`: checks that it is the same experiment and
/// shard, drops torn last lines, and checks that every record belongs to the plan.
fn load(
    dir: &Path,
    hash: &str,
    shard: Option<Shard>,
    planned: &[u64],
) -> Result<(Vec<GameRecord>, Vec<FailureRecord>), RunError> {
    let info = read_run_info(dir)?;
    let mismatch = |problem: String| RunError::Mismatch { path: dir.join(RUN_FILE), problem };
    if info.config_hash != hash {
        return Err(mismatch(format!(
            "cannot resume: the run was made with config hash {}, this config hashes to {hash} \
             (a different config, --games or --seed)",
            info.config_hash
        )));
    }
    if info.shard != shard {
        let show = |s: Option<Shard>| s.map_or("none".to_string(), |s| s.to_string());
        return Err(mismatch(format!(
            "cannot resume: the run is shard {}, this is shard {}",
            show(info.shard),
            show(shard)
        )));
    }
    let games = read_jsonl::<GameRecord>(&dir.join(GAMES_FILE))?;
    truncate(&dir.join(GAMES_FILE), games.valid_len)?;
    let fails = read_jsonl::<FailureRecord>(&dir.join(FAILURES_FILE))?;
    truncate(&dir.join(FAILURES_FILE), fails.valid_len)?;
    let planned: BTreeSet<u64> = planned.iter().copied().collect();
    let mut seen = BTreeSet::new();
    for (i, file) in games
        .records
        .iter()
        .map(|r| (r.id.index, GAMES_FILE))
        .chain(fails.records.iter().map(|f| (f.id.index, FAILURES_FILE)))
    {
        if !planned.contains(&i) || !seen.insert(i) {
            return Err(RunError::Corrupt {
                path: dir.join(file),
                problem: format!("game {i} is not expected here (outside the plan, or recorded twice)"),
            });
        }
    }
    Ok((games.records, fails.records))
}
