//! The run pipeline, generic over the game: check, open (or resume) the run directory, play
//! the missing games in parallel while streaming their records, then write the summary.
//!
//! Parallelism follows the one-RNG-per-work-item pattern: a parallel iterator over game indices
//! (never collected, so `games` may be as large as the config allows),
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
    config_hash, git_revision, lock_dir, read_run_info, run_dir, unix_now, write_json_atomic, ContentFiles, LineWriter,
    Machine, RunInfo, Session, FAILURES_FILE, GAMES_FILE, RUN_FILE, RUN_FORMAT, SUMMARY_FILE,
};
use crate::run::play::{game_id, play, Context, Outcome};
use crate::run::record::{read_jsonl, truncate, FailureRecord, GameRecord};
use crate::run::seating::plan;
use crate::run::sequential::{
    evaluate, paired_observations, plain_observations, UntilDecided, MONITORED_PAIRED, MONITORED_PLAIN,
};
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
    /// Delete an earlier run in the directory and start over.
    pub force: bool,
    /// The shard to play, if any.
    pub shard: Option<Shard>,
    /// Check invariants after every step.
    pub check_invariants: bool,
    /// The command line, for run.json.
    pub command: Vec<String>,
    /// Where the config came from, for error messages.
    pub origin: String,
    /// `--compare-to`: the base run the sequential rule compares with.
    pub compare_to: Option<std::path::PathBuf>,
}

/// The games of the experiment (or of one shard): `0..games`, or those of the shard.
pub fn planned_count(games: u64, shard: Option<Shard>) -> u64 {
    match shard {
        None => games,
        Some(s) if s.index >= games => 0,
        Some(s) => (games - s.index).div_ceil(s.count),
    }
}

/// Plays the experiment (or the shard's share, or what a resume still lacks) and writes the run
/// directory. Returns the summary; failed games give [`RunError::GamesFailed`] after every
/// file has been written.
pub fn execute<G: Experimentable>(exp: &Experiment, opts: &RunOptions) -> Result<Summary, RunError> {
    // Everything that can reject the input happens before the first write.
    let prepared = G::prepare(exp, &opts.origin)?;
    if !opts.quiet {
        for w in G::warnings(&prepared) {
            eprintln!("sim: warning: {}: {w}", opts.origin);
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| RunError::Argument { name: "--threads".into(), problem: e.to_string() })?;
    let content_files = G::content_files(&prepared);
    let info_content = content_files.clone();
    let hash = config_hash(exp, &content_files);
    let dir = run_dir(exp, opts.shard);
    let planned = planned_count(exp.games, opts.shard);
    let agent_names = exp.agent_names();
    let base = match &opts.compare_to {
        None => None,
        Some(b) => Some(compare_base(b, exp, &dir)?),
    };

    // One writer per directory, from before the first look at its files to the exit.
    let _lock = lock_dir(&dir)?;
    let started = Instant::now();
    let (resumed, earlier_checked, mut records, mut failures) = if opts.resume {
        match resume_state(&dir)? {
            Some(info) => {
                let (r, f) = load(&dir, &info, &hash, opts.shard, exp, &agent_names, &info_content)?;
                (true, info.check_invariants, r, f)
            }
            None => {
                if !opts.quiet {
                    eprintln!("sim: note: nothing to resume in {}; starting the run", dir.display());
                }
                (false, true, Vec::new(), Vec::new())
            }
        }
    } else {
        let (r, f) = fresh(&dir, opts.force)?;
        (false, true, r, f)
    };
    let earlier = (records.len() + failures.len()) as u64;
    let done: BTreeSet<u64> = records.iter().map(|r| r.id.index).chain(failures.iter().map(|f| f.id.index)).collect();

    let mut info = RunInfo {
        format: RUN_FORMAT.into(),
        status: "running".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        git_revision: git_revision(),
        command: opts.command.clone(),
        config: exp.canonical(),
        config_hash: hash.clone(),
        shard: opts.shard,
        // Only what every game was checked under: resuming an unchecked run with the flag
        // does not make its earlier games checked.
        check_invariants: opts.check_invariants && (earlier == 0 || earlier_checked),
        deterministic: exp.deterministic,
        content_files,
        threads: opts.threads,
        games_planned: planned,
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
    // A summary from before this session would describe other games than the files will.
    remove_if_present(&dir.join(SUMMARY_FILE))?;
    write_json_atomic(&dir.join(RUN_FILE), &info)?;

    let ctx = Context::<G> {
        exp,
        prepared: &prepared,
        agent_names,
        check_invariants: opts.check_invariants,
        run_dir: dir.display().to_string(),
        config_hash: hash.clone(),
        position_at: None,
    };
    let bar = console::progress(planned, earlier, opts.quiet);
    let mut games_out = LineWriter::append(&dir.join(GAMES_FILE))?;
    let mut failures_out = LineWriter::append(&dir.join(FAILURES_FILE))?;
    let mut done = done;
    let mut new_games = 0u64;
    // Records come back from games.jsonl in completion order; every look and the summary read
    // them in index order.
    records.sort_by_key(|r| r.id.index);
    failures.sort_by_key(|f| f.id.index);
    let looks = exp.until_decided.as_ref().map_or_else(|| vec![exp.games], |u| u.looks(cap(exp, base.as_ref())));
    let mut paused = false;
    // The rule at the last look evaluated (runs with `until_decided`, not sharded).
    let mut seq = None;
    for &look in &looks {
        let todo = |i: &u64| opts.shard.is_none_or(|s| s.contains(*i)) && !done.contains(i);
        let needed = (0..look).any(|i| todo(&i));
        if needed {
            let played = play_pass(&ctx, &pool, look, &todo, &mut games_out, &mut failures_out, &bar)?;
            new_games += played.len() as u64;
            for o in played {
                match o {
                    Outcome::Done(r) => {
                        done.insert(r.id.index);
                        records.push(r)
                    }
                    Outcome::Failed(f) => {
                        done.insert(f.id.index);
                        failures.push(f)
                    }
                }
            }
            records.sort_by_key(|r| r.id.index);
            failures.sort_by_key(|f| f.id.index);
        }
        let Some(rule) = &exp.until_decided else { break };
        if opts.shard.is_some() {
            // A shard cannot see the others' games: it plays one look a session, and
            // `sim merge` decides.
            if needed && look < exp.games {
                paused = true;
                break;
            }
            continue;
        }
        let s = sequential(exp, rule, &records, base.as_ref(), look);
        let decided = s.stopped == "decided";
        seq = Some(s);
        if decided {
            break;
        }
    }
    bar.finish_and_clear();
    games_out.finish()?;
    failures_out.finish()?;
    let summary = match seq {
        Some(q) => crate::run::sequential::summary_until_stop(q, &records, &failures, |r, f| {
            summarize(exp, &hash, planned, r, f, G::SECTIONS)
        }),
        None => summarize(exp, &hash, planned, &records, &failures, G::SECTIONS),
    };
    write_json_atomic(&dir.join(SUMMARY_FILE), &summary)?;

    let wall = started.elapsed().as_secs_f64();
    info.status = if paused { "paused" } else { "complete" }.into();
    info.games_completed = records.len() as u64;
    info.games_failed = failures.len() as u64;
    info.session.finished_unix = Some(unix_now());
    info.session.wall_seconds = (wall * 1e3).round() / 1e3;
    info.session.games_played = new_games;
    info.session.games_per_second = if wall > 0.0 { (new_games as f64 / wall * 1e3).round() / 1e3 } else { 0.0 };
    write_json_atomic(&dir.join(RUN_FILE), &info)?;

    if !opts.quiet {
        let resumed_note = if resumed { format!(" ({earlier} from earlier sessions)") } else { String::new() };
        let nondeterministic = if exp.deterministic { "" } else { " [not deterministic: \"deterministic\": false]" };
        if paused {
            eprintln!(
                "sim: note: this shard played its games of the next look ({} of {} games are in it); merge the shards \
                 to see whether the run is decided, and run each again with --resume for the next look",
                records.len() + failures.len(),
                planned
            );
        }
        console::print(&format!(
            "{}: {} games{resumed_note}, {} failed, {new_games} played in {:.1} s ({:.1} games/s){nondeterministic} -> {}\n{}",
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
        return Err(RunError::GamesFailed { failed: failures.len() as u64, planned, file: dir.join(FAILURES_FILE) });
    }
    Ok(summary)
}

/// Plays the games below `look` that `todo` selects, streaming each record to its file as it
/// finishes; returns them in the order they finished.
fn play_pass<G: Experimentable>(
    ctx: &Context<'_, G>,
    pool: &rayon::ThreadPool,
    look: u64,
    todo: &(dyn Fn(&u64) -> bool + Sync),
    games_out: &mut LineWriter,
    failures_out: &mut LineWriter,
    bar: &indicatif::ProgressBar,
) -> Result<Vec<Outcome>, RunError> {
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
            if error.is_none() {
                error = games_out.sync().and_then(|()| failures_out.sync()).err();
            }
            (played, error)
        });
        pool.install(|| {
            (0..look).into_par_iter().filter(|i| todo(i)).for_each_with(tx, |tx, i| {
                if !abort.load(Ordering::Relaxed) {
                    let _ = tx.send(play(ctx, i, None));
                }
            })
        });
        writer.join().unwrap_or_else(|p| std::panic::resume_unwind(p))
    });
    match write_error {
        Some(e) => Err(e),
        None => Ok(played),
    }
}

/// The base run of `--compare-to`: its directory, config hash and records, checked to play
/// the same games as `exp`.
pub struct CompareBase {
    dir: std::path::PathBuf,
    config_hash: String,
    records: Vec<GameRecord>,
    /// Games 0..reach are all in the base run: a sequential run stops there at the latest
    /// (no pair beyond it).
    reach: u64,
}

fn compare_base(base: &Path, exp: &Experiment, dir: &Path) -> Result<CompareBase, RunError> {
    let info = read_run_info(base)?;
    crate::compare::check_pairable(base, &info.config, dir, &exp.canonical())?;
    let records = crate::compare::load_records(base, exp.players)?;
    let reach = records.iter().enumerate().take_while(|(i, r)| r.id.index == *i as u64).count() as u64;
    if exp.until_decided.is_some() && reach == 0 {
        return Err(RunError::Mismatch {
            path: base.join(GAMES_FILE),
            problem: "holds no game 0: nothing to pair a sequential run with".into(),
        });
    }
    Ok(CompareBase { dir: base.to_path_buf(), config_hash: info.config_hash, records, reach })
}

/// The last game a sequential run may play: `games`, or fewer when the base run of
/// `--compare-to` holds fewer (no pair beyond them).
fn cap(exp: &Experiment, base: Option<&CompareBase>) -> u64 {
    base.map_or(exp.games, |b| b.reach.min(exp.games))
}

/// The sequential rule applied to the games 0..`reached` of `records` (sorted): against the
/// fair share, or against `base` game by game.
fn sequential(
    exp: &Experiment,
    rule: &UntilDecided,
    records: &[GameRecord],
    base: Option<&CompareBase>,
    reached: u64,
) -> crate::run::sequential::Sequential {
    let m = crate::run::sequential::groups_counted(exp);
    let cap = cap(exp, base);
    match base {
        None => evaluate(rule, m, cap, reached, &plain_observations(records), MONITORED_PLAIN),
        Some(b) => {
            let pairs = crate::compare::pair(&b.records, records);
            let mut s = evaluate(rule, m, cap, reached, &paired_observations(&pairs), MONITORED_PAIRED);
            let mut to = serde_json::Map::new();
            to.insert("dir".into(), b.dir.display().to_string().into());
            to.insert("config_hash".into(), b.config_hash.clone().into());
            to.insert("games".into(), b.reach.into());
            s.compared_to = Some(to);
            s
        }
    }
}

/// The results files a run directory may hold, in the order they are reported.
const RESULT_FILES: [&str; 4] = [RUN_FILE, GAMES_FILE, FAILURES_FILE, SUMMARY_FILE];

/// Removes `path`; a missing file is fine.
fn remove_if_present(path: &Path) -> Result<(), RunError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(RunError::io(path, e)),
        _ => Ok(()),
    }
}

/// What an earlier run left in `dir`, for the error that refuses to delete it; `None` when
/// it holds no results file.
fn describe_existing(dir: &Path) -> Option<String> {
    let present: Vec<&str> = RESULT_FILES.into_iter().filter(|f| dir.join(f).exists()).collect();
    if present.is_empty() {
        return None;
    }
    let status = read_run_info(dir).map(|i| format!("run.json status '{}', ", i.status)).unwrap_or_default();
    Some(format!("{status}files {}", present.join(", ")))
}

/// Starts a run directory afresh. An earlier run's files are deleted only with `force`.
fn fresh(dir: &Path, force: bool) -> Result<(Vec<GameRecord>, Vec<FailureRecord>), RunError> {
    if let Some(found) = describe_existing(dir) {
        if !force {
            return Err(RunError::Exists { dir: dir.to_path_buf(), found });
        }
    }
    for file in RESULT_FILES {
        remove_if_present(&dir.join(file))?;
    }
    Ok((Vec::new(), Vec::new()))
}

/// What `--resume` finds: the earlier `run.json`, or `None` for a directory with no results
/// file at all (nothing to resume, nothing to lose). Results without their `run.json` cannot be
/// checked, so they are an error rather than silently deleted.
fn resume_state(dir: &Path) -> Result<Option<RunInfo>, RunError> {
    if dir.join(RUN_FILE).exists() {
        return read_run_info(dir).map(Some);
    }
    match describe_existing(dir) {
        None => Ok(None),
        Some(found) => Err(RunError::Mismatch {
            path: dir.join(RUN_FILE),
            problem: format!(
                "cannot resume: run.json is missing, so the results here ({found}) cannot be checked; --force deletes \
                 them and starts over"
            ),
        }),
    }
}

/// Reads an interrupted run back for `--resume`: checks that it is the same experiment and
/// shard, drops torn last lines, and checks every line: a game of the plan, not recorded
/// twice, and stamped with this run's config hash, seed, seating, agents and factions.
fn load(
    dir: &Path,
    info: &RunInfo,
    hash: &str,
    shard: Option<Shard>,
    exp: &Experiment,
    agent_names: &[String],
    content: &ContentFiles,
) -> Result<(Vec<GameRecord>, Vec<FailureRecord>), RunError> {
    let mismatch = |problem: String| RunError::Mismatch { path: dir.join(RUN_FILE), problem };
    if info.config_hash != hash {
        let changed = changed_content(&info.content_files, content);
        let why = if changed.is_empty() {
            "a different config, --games or --seed".to_string()
        } else {
            format!("content changed: {}", changed.join(", "))
        };
        return Err(mismatch(format!(
            "cannot resume: the run was made with config hash {}, this config hashes to {hash} ({why})",
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
    let fails = read_jsonl::<FailureRecord>(&dir.join(FAILURES_FILE))?;
    let mut seen = BTreeSet::new();
    for (id, line, file) in crate::run::record::identities(&games, &fails) {
        check_line(id, exp, shard, agent_names, hash, &mut seen).map_err(|problem| RunError::Corrupt {
            path: dir.join(file),
            problem: format!("line {line}: {problem}"),
        })?;
    }
    truncate(&dir.join(GAMES_FILE), games.valid_len)?;
    truncate(&dir.join(FAILURES_FILE), fails.valid_len)?;
    Ok((games.records, fails.records))
}

/// The content files whose hash differs between a run and now (added or removed included).
pub fn changed_content(then: &ContentFiles, now: &ContentFiles) -> Vec<String> {
    let names: BTreeSet<&String> = then.keys().chain(now.keys()).collect();
    names.into_iter().filter(|n| then.get(*n) != now.get(*n)).cloned().collect()
}

/// Checks one record's identity: a game of the experiment (and shard), not seen before, and
/// exactly the game this run plays at that index. `seen` collects the indices.
pub fn check_line(
    id: &crate::run::record::GameId,
    exp: &Experiment,
    shard: Option<Shard>,
    agent_names: &[String],
    hash: &str,
    seen: &mut BTreeSet<u64>,
) -> Result<(), String> {
    let i = id.index;
    if i >= exp.games {
        return Err(format!("game {i} is outside the experiment's {} games", exp.games));
    }
    if let Some(s) = shard.filter(|s| !s.contains(i)) {
        return Err(format!("game {i} belongs to another shard than {s}"));
    }
    if let Some(why) = id.mismatch(&game_id(&plan(exp, i), exp.seed, agent_names, hash)) {
        return Err(format!("game {i} is not this run's: {why}"));
    }
    if !seen.insert(i) {
        return Err(format!("game {i} is recorded twice"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planned_count_is_the_shards_share_without_listing_it() {
        assert_eq!(planned_count(10, None), 10);
        let count = |k, n| planned_count(10, Some(Shard::new(k, n).unwrap()));
        assert_eq!((count(0, 3), count(1, 3), count(2, 3)), (4, 3, 3));
        assert_eq!(planned_count(2, Some(Shard::new(4, 5).unwrap())), 0);
        assert_eq!(planned_count(1 << 56, Some(Shard::new(1, 2).unwrap())), 1 << 55);
    }
}
