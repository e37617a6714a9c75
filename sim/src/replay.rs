//! `sim replay --run DIR --game I [--json] [--check-invariants]`: plays game I of a run again
//! from the config stored in `DIR/run.json` and the seed, prints every step (player, agent,
//! number of legal actions, action; chance outcomes; the final state and result), and checks
//! the replay against the game's line in `games.jsonl` (or `failures.jsonl`).
//!
//! Exit codes: 0 when the replay equals its record (or the game has no record yet in a run
//! still going, which is said on stderr); 3 when it differs, or when it reproduces a recorded
//! failure; 2 for bad arguments, an unreadable run directory, content or config that changed
//! since the run, a complete run without the game's record, or a run made with
//! `"deterministic": false` (which no replay can check).

use serde_json::json;

use crate::cli::ReplayArgs;
use crate::registry::Registry;
use crate::run::config::{Experiment, Overrides};
use crate::run::console;
use crate::run::error::RunError;
use crate::run::execute::changed_content;
use crate::run::output::{config_hash, read_run_info, RunInfo, FAILURES_FILE, GAMES_FILE, RUN_FILE};
use crate::run::play::{play, Context, Outcome, TraceStep};
use crate::run::record::{read_jsonl, FailureRecord, GameRecord};
use crate::run::spec::Experimentable;

/// How a replay compares with the run's records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The replayed game equals its `games.jsonl` record.
    Match,
    /// The replay failed exactly as its `failures.jsonl` record says.
    FailureReproduced,
    /// The game is in neither file (the run has not played it yet).
    NotRecorded,
    /// The replay differs from the record.
    Mismatch,
}

impl Verdict {
    fn as_str(self) -> &'static str {
        match self {
            Verdict::Match => "match",
            Verdict::FailureReproduced => "failure_reproduced",
            Verdict::NotRecorded => "not_recorded",
            Verdict::Mismatch => "mismatch",
        }
    }
}

/// Runs `sim replay` on the built-in games.
pub fn run(args: &ReplayArgs) -> Result<Verdict, RunError> {
    run_in(&crate::games::builtin(), args)
}

/// Runs `sim replay` on the games of `registry`.
pub fn run_in(registry: &Registry, args: &ReplayArgs) -> Result<Verdict, RunError> {
    let info = read_run_info(&args.run)?;
    let origin = args.run.join(RUN_FILE).display().to_string();
    let config_origin = format!("{origin}: config");
    let exp = Experiment::from_value_in(registry, &info.config, &config_origin, &Overrides::default())?;
    if !exp.deterministic || !info.deterministic {
        return Err(RunError::Mismatch {
            path: args.run.join(RUN_FILE),
            problem: "cannot check a replay: the run was made with \"deterministic\": false (a wall-clock budget), \
                      so its games depend on machine speed and load and cannot be reproduced"
                .into(),
        });
    }
    if args.game >= exp.games {
        return Err(RunError::Argument {
            name: "--game".into(),
            problem: format!("{} is not a game of this run (0 to {})", args.game, exp.games - 1),
        });
    }
    if let Some(s) = info.shard.filter(|s| !s.contains(args.game)) {
        return Err(RunError::Argument {
            name: "--game".into(),
            problem: format!("game {} is not in this directory: it holds shard {s} only", args.game),
        });
    }
    let game = registry.get(&exp.game).map_err(|p| crate::run::config::ConfigError::new(&config_origin, "game", p))?;
    game.replay(&exp, args, &info, &origin)
}

/// Replays game `args.game` of a run of game `G` (the registry's [`crate::registry::GameEntry::replay`]).
pub fn replay<G: Experimentable>(
    exp: &Experiment,
    args: &ReplayArgs,
    run: &RunInfo,
    origin: &str,
) -> Result<Verdict, RunError> {
    let prepared = G::prepare(exp, origin)?;
    let content = G::content_files(&prepared);
    let hash = config_hash(exp, &content);
    if hash != run.config_hash {
        let changed = changed_content(&run.content_files, &content);
        let why = if changed.is_empty() {
            "the stored config does not hash to config_hash (edited, or written by another sim version)".to_string()
        } else {
            format!("the content differs from the run's: {} changed", changed.join(", "))
        };
        return Err(RunError::Mismatch { path: args.run.join(RUN_FILE), problem: format!("cannot replay: {why}") });
    }
    let index = args.game;
    let recorded =
        read_jsonl::<GameRecord>(&args.run.join(GAMES_FILE))?.records.into_iter().find(|r| r.id.index == index);
    let failed =
        read_jsonl::<FailureRecord>(&args.run.join(FAILURES_FILE))?.records.into_iter().find(|f| f.id.index == index);
    if recorded.is_none() && failed.is_none() && run.status == "complete" {
        return Err(RunError::Corrupt {
            path: args.run.join(GAMES_FILE),
            problem: format!(
                "game {index} has no record, but the run is complete: every game of it should have one (in \
                 {GAMES_FILE} or {FAILURES_FILE})"
            ),
        });
    }
    let ctx = Context::<G> {
        exp,
        prepared: &prepared,
        agent_names: exp.agent_names(),
        check_invariants: args.check_invariants || run.check_invariants,
        run_dir: args.run.display().to_string(),
        config_hash: hash,
        position_at: args.position_at,
    };
    let mut trace = Vec::new();
    let outcome = play(&ctx, index, Some(&mut trace));
    let verdict = match (&outcome, &recorded, &failed) {
        (Outcome::Done(r), Some(rec), _) if r == rec => Verdict::Match,
        (Outcome::Failed(f), None, Some(rec))
            if (&f.kind, &f.message, f.step, &f.id) == (&rec.kind, &rec.message, rec.step, &rec.id) =>
        {
            Verdict::FailureReproduced
        }
        (_, None, None) => Verdict::NotRecorded,
        _ => Verdict::Mismatch,
    };
    if let Some(at) = args.position_at {
        return print_position(&trace, at, index);
    }
    let text = if args.json {
        let recorded = match (&recorded, &failed) {
            (Some(r), _) => json!(r),
            (None, Some(f)) => json!(f),
            (None, None) => json!(null),
        };
        let replayed = match &outcome {
            Outcome::Done(r) => json!(r),
            Outcome::Failed(f) => json!(f),
        };
        let v = json!({"game": index, "experiment": exp.name, "trace": trace, "replayed": replayed,
                       "recorded": recorded, "verdict": verdict.as_str()});
        serde_json::to_string(&v).map_err(|e| RunError::io(&args.run, e.into()))? + "\n"
    } else {
        log(exp, &outcome, &trace, verdict)
    };
    console::print(&text);
    match (verdict, &outcome) {
        (Verdict::Match, _) => Ok(verdict),
        (Verdict::NotRecorded, Outcome::Done(_)) => {
            eprintln!("sim: note: game {index} is not in {GAMES_FILE} yet; nothing to compare with");
            Ok(verdict)
        }
        (Verdict::FailureReproduced | Verdict::NotRecorded, Outcome::Failed(f)) => {
            Err(RunError::Replay { problem: format!("game {index} failed ({}): {}", f.kind, f.message) })
        }
        _ => Err(RunError::Replay {
            problem: format!("game {index}: the replay differs from the record in {GAMES_FILE}/{FAILURES_FILE}"),
        }),
    }
}

/// `--position-at STEP`: the position recorded before step `at`, on stdout.
fn print_position(trace: &[TraceStep], at: u64, index: u64) -> Result<Verdict, RunError> {
    let arg = |problem: String| RunError::Argument { name: "--position-at".into(), problem };
    let steps = trace.iter().rev().find_map(|t| match t {
        TraceStep::Decision { step, .. } | TraceStep::Chance { step, .. } => Some(step + 1),
        TraceStep::Final { step, .. } => Some(*step),
        TraceStep::Position { .. } => None,
    });
    match trace.iter().find_map(|t| match t {
        TraceStep::Position { step, position } if *step == at => Some(position),
        _ => None,
    }) {
        Some(Some(position)) => {
            console::print(&format!("{position}\n"));
            Ok(Verdict::Match)
        }
        Some(None) => Err(arg("this game has no game positions".into())),
        None => Err(arg(format!("game {index} stops after {} steps", steps.unwrap_or(0)))),
    }
}

/// The readable replay log.
fn log(exp: &Experiment, outcome: &Outcome, trace: &[TraceStep], verdict: Verdict) -> String {
    let id = match outcome {
        Outcome::Done(r) => &r.id,
        Outcome::Failed(f) => &f.id,
    };
    let mut s = format!(
        "game {} of {} ({}): seed {}, block {}, rotation {}, lineup {}\n",
        id.index, exp.name, exp.game, id.seed, id.block, id.rotation, id.lineup
    );
    for (seat, agent) in id.agents.iter().enumerate() {
        let faction = id.factions.as_ref().map(|f| format!(" ({})", f[seat])).unwrap_or_default();
        s += &format!("  seat {seat}: {agent}{faction}\n");
    }
    let width = id.agents.iter().map(String::len).max().unwrap_or(5);
    for t in trace {
        match t {
            TraceStep::Decision { step, seat, agent, legal, action } => {
                s += &format!("{step:>6}  seat {seat}  {agent:width$}  {legal:>3} legal  {action}\n");
            }
            TraceStep::Chance { step, outcome } => s += &format!("{step:>6}  chance  {outcome}\n"),
            TraceStep::Position { .. } => {}
            TraceStep::Final { step, state } => {
                s += &format!("final state after {step} steps:\n{}", state.trim_end());
                s += "\n";
            }
        }
    }
    match outcome {
        Outcome::Done(r) => {
            let result = match r.winner {
                Some(w) => format!("seat {w} ({}) wins", r.id.agents[w]),
                None => "draw (shared first place)".into(),
            };
            s += &format!(
                "result: {result}; ranking {:?}; scores {:?}; end {}; {} decisions, {} chance events\n",
                r.ranking, r.scores, r.end, r.decisions, r.chance_events
            );
            for e in r.tallies.events.iter().filter(|e| e.label == "elimination") {
                let seat = e.seat.map_or("?".into(), |s| s.to_string());
                let round = e.round.map(|r| format!(" in round {r}")).unwrap_or_default();
                let by = e.other.map(|b| format!(" by seat {b}")).unwrap_or_default();
                s += &format!("eliminated: seat {seat}{round}{by}\n");
            }
        }
        Outcome::Failed(f) => {
            let at = f.location.as_ref().map(|l| format!(" at {l}")).unwrap_or_default();
            s += &format!("FAILED after {} steps ({}): {}{at}\n", f.step, f.kind, f.message);
        }
    }
    s += match verdict {
        Verdict::Match => "replay matches the record in games.jsonl\n",
        Verdict::FailureReproduced => "replay reproduces the record in failures.jsonl\n",
        Verdict::NotRecorded => "no record of this game to compare with\n",
        Verdict::Mismatch => "REPLAY DIFFERS FROM THE RECORD\n",
    };
    s
}
