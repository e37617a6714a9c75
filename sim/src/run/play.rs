//! Playing one game of an experiment: seats and streams from [`crate::run::seating`], the game
//! loop (the same as `agents::play_game`, plus invariant checks, fault injection and an
//! optional trace for replays), and panics caught into a [`FailureRecord`].
//!
//! A game is a pure function of the experiment and its index: no thread, clock or shared state
//! enters it, so any thread may play any game and a replay reproduces it bit for bit.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use agents::agent::Agent;
use engine::game::Turn;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::run::config::Experiment;
use crate::run::record::{FailureRecord, GameId, GameRecord};
use crate::run::seating::{plan, stream, GamePlan, AGENT_SLOT, CHANCE_SLOT};
use crate::run::spec::{Experimentable, Progress, Setup};

/// What every game of a run shares.
pub struct Context<'a, G: Experimentable> {
    /// The experiment.
    pub exp: &'a Experiment,
    /// The game's shared data.
    pub prepared: &'a G::Prepared,
    /// Agent display names, by pool index.
    pub agent_names: Vec<String>,
    /// Run [`Experimentable::check_invariants`] after every step.
    pub check_invariants: bool,
    /// The run directory as the replay command should name it.
    pub run_dir: String,
    /// The run's config hash, stamped on every record.
    pub config_hash: String,
    /// With a trace: record the game's position ([`Experimentable::position`]) before this
    /// step as a [`TraceStep::Position`].
    pub position_at: Option<u64>,
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Played to the end.
    Done(GameRecord),
    /// Panicked or broke an invariant.
    Failed(FailureRecord),
}

impl Outcome {
    /// The game index.
    pub fn index(&self) -> u64 {
        match self {
            Outcome::Done(r) => r.id.index,
            Outcome::Failed(f) => f.id.index,
        }
    }
}

/// One step of a replay trace (`sim replay --json` prints these).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TraceStep {
    /// A player's decision.
    Decision {
        /// Steps before this one.
        step: u64,
        /// The deciding seat.
        seat: usize,
        /// Its agent's display name.
        agent: String,
        /// Number of legal actions it chose from.
        legal: usize,
        /// The action, as the game names it.
        action: String,
    },
    /// A chance event.
    Chance {
        /// Steps before this one.
        step: u64,
        /// The outcome, as the game names it.
        outcome: String,
    },
    /// The game's position before step `step` (`sim replay --position-at`).
    Position {
        /// Steps before this one.
        step: u64,
        /// The position JSON; `None` for a game without game positions.
        position: Option<String>,
    },
    /// The terminal state.
    Final {
        /// Steps taken.
        step: u64,
        /// The state, as the game renders it.
        state: String,
    },
}

/// Why a game stopped early (other than a panic).
enum Stop {
    Invariant(String),
    StepLimit(u64),
}

/// Plays game `index` (see the module docs). With `trace`, records every step into it.
pub fn play<G: Experimentable>(ctx: &Context<G>, index: u64, trace: Option<&mut Vec<TraceStep>>) -> Outcome {
    let plan = plan(ctx.exp, index);
    let id = game_id(&plan, ctx.exp.seed, &ctx.agent_names, &ctx.config_hash);
    let steps = Cell::new(0u64);
    let caught = catch_panic(|| play_to_end(ctx, &plan, &steps, trace));
    let fail = |kind: &str, message: String, location: Option<String>| {
        let check = if ctx.check_invariants { " --check-invariants" } else { "" };
        Outcome::Failed(FailureRecord {
            id: id.clone(),
            kind: kind.into(),
            message,
            location,
            step: steps.get(),
            replay: format!("sim replay --run {} --game {index}{check}", ctx.run_dir),
        })
    };
    match caught {
        Ok(Ok(end)) => Outcome::Done(record(id.clone(), end)),
        Ok(Err(Stop::Invariant(m))) => fail("invariant", m, None),
        Ok(Err(Stop::StepLimit(bound))) => {
            fail("step_limit", format!("no terminal state within max_game_length() = {bound} steps"), None)
        }
        Err((message, location)) => fail("panic", message, location),
    }
}

/// What identifies the game of `plan` as a game of this run: every record carries it, and
/// `--resume` and `sim merge` check each line against it.
pub fn game_id(plan: &GamePlan, seed: u64, agent_names: &[String], config_hash: &str) -> GameId {
    GameId {
        index: plan.index,
        seed,
        block: plan.block,
        rotation: plan.rotation,
        lineup: plan.lineup,
        agents: plan.agents.iter().map(|&a| agent_names[a].clone()).collect(),
        factions: plan.factions.clone(),
        config_hash: config_hash.to_string(),
    }
}

/// The terminal state's record.
fn record<G: Experimentable>(id: GameId, end: (G, u64, u64, Progress)) -> GameRecord {
    let (state, decisions, chance_events, mut progress) = end;
    let scores = state.scores().to_vec();
    if progress.by_round {
        // Rounds before the last as observed, then the final scores for the last round.
        let rounds = state.rounds().unwrap_or(1).max(1) as usize;
        progress.scores_by_round.truncate(rounds - 1);
        progress.scores_by_round.push(scores.clone());
    }
    let ranking: Vec<u8> = state.ranking().iter().map(|&r| r + 1).collect();
    let firsts: Vec<usize> = (0..ranking.len()).filter(|&s| ranking[s] == 1).collect();
    GameRecord {
        id,
        winner: if firsts.len() == 1 { Some(firsts[0]) } else { None },
        ranking,
        scores,
        decisions,
        chance_events,
        rounds: state.rounds(),
        end: state.end_condition().into(),
        tallies: {
            let mut t = state.tallies();
            t.events.append(&mut progress.events);
            t
        },
        extras: state.extras(),
        speaker: progress.speaker,
        scores_by_round: progress.scores_by_round,
    }
}

/// The game loop; returns the terminal state, decisions and chance events.
fn play_to_end<G: Experimentable>(
    ctx: &Context<G>,
    plan: &GamePlan,
    steps: &Cell<u64>,
    mut trace: Option<&mut Vec<TraceStep>>,
) -> Result<(G, u64, u64, Progress), Stop> {
    let (exp, seed, block) = (ctx.exp, ctx.exp.seed, plan.block);
    let mut chance: ChaCha8Rng = stream(seed, block, CHANCE_SLOT);
    let setup = Setup { players: exp.players, factions: plan.factions.clone() };
    let mut state = G::new_game(ctx.prepared, &setup, &mut chance);
    let max_steps = state.max_game_length();
    let mut agents: Vec<Box<dyn Agent<G>>> = plan
        .agents
        .iter()
        .map(|&a| G::build_agent(&exp.agents[a], ctx.prepared).unwrap_or_else(|e| panic!("agents[{a}]: {e}")))
        .collect();
    let mut rngs: Vec<ChaCha8Rng> =
        plan.positions.iter().map(|&k| stream(seed, block, AGENT_SLOT + k as u64)).collect();
    let inject_panic = exp.fault_injection.panic_in_games.binary_search(&plan.index).is_ok();
    let (mut decisions, mut chance_events) = (0u64, 0u64);
    let mut legal = Vec::new();
    let mut progress = Progress::default();
    state.observe(&mut progress);
    if ctx.check_invariants {
        state.check_invariants().map_err(Stop::Invariant)?;
    }
    loop {
        let step = steps.get();
        if let (Some(t), Some(at)) = (trace.as_deref_mut(), ctx.position_at) {
            if at == step {
                t.push(TraceStep::Position { step, position: state.position() });
            }
        }
        match state.current() {
            Turn::Terminal => {
                if let Some(t) = trace.as_deref_mut() {
                    t.push(TraceStep::Final { step, state: state.render() });
                }
                return Ok((state, decisions, chance_events, progress));
            }
            Turn::Chance => {
                let before = trace.is_some().then(|| state.clone());
                state.apply_chance(&mut chance);
                chance_events += 1;
                if let (Some(t), Some(before)) = (trace.as_deref_mut(), before) {
                    t.push(TraceStep::Chance { step, outcome: G::describe_chance(&before, &state) });
                }
            }
            Turn::Player(p) => {
                let action = agents[p].choose(&state, &mut rngs[p]);
                if let Some(t) = trace.as_deref_mut() {
                    state.legal_actions(&mut legal);
                    t.push(TraceStep::Decision {
                        step,
                        seat: p,
                        agent: ctx.agent_names[plan.agents[p]].clone(),
                        legal: legal.len(),
                        action: state.action_to_string(action),
                    });
                }
                state.decision_events(p, action, &mut progress.events);
                state.apply(action);
                decisions += 1;
            }
        }
        steps.set(step + 1);
        state.observe(&mut progress);
        if inject_panic && decisions == 1 {
            panic!("injected panic (fault_injection.panic_in_games) in game {}", plan.index);
        }
        if ctx.check_invariants {
            state.check_invariants().map_err(Stop::Invariant)?;
        }
        if step + 1 > max_steps {
            return Err(Stop::StepLimit(max_steps));
        }
    }
}

thread_local! {
    /// Set while this thread plays a game: its panics are captured, not printed.
    static IN_GAME: Cell<bool> = const { Cell::new(false) };
    /// The last captured panic's message and location.
    static LAST_PANIC: RefCell<Option<(String, Option<String>)>> = const { RefCell::new(None) };
}

/// Runs `f`, turning a panic into its message and location. While `f` runs, the panic hook
/// records instead of printing (other threads' panics print as usual).
fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, (String, Option<String>)> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if IN_GAME.with(Cell::get) {
                let message = info.payload_as_str().unwrap_or("(panic payload is not a string)").to_string();
                let location = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
                LAST_PANIC.with(|p| *p.borrow_mut() = Some((message, location)));
            } else {
                previous(info);
            }
        }));
    });
    IN_GAME.with(|g| g.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    IN_GAME.with(|g| g.set(false));
    result.map_err(|payload| {
        LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(panic payload is not a string)".into());
            (message, None)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::config::Overrides;
    use crate::run::test_game::Race;
    use engine::connect_four::ConnectFour;

    fn exp(extra: &str) -> Experiment {
        let text = format!(
            r#"{{"name": "t", "game": "connect4", "games": 4, "seed": 3,
                "agents": [{{"kind": "heuristic"}}, {{"kind": "random"}}] {extra}}}"#
        );
        Experiment::from_json(&text, "t.json", &Overrides::default()).unwrap()
    }

    fn ctx(exp: &Experiment, check: bool) -> Context<'_, ConnectFour> {
        Context {
            exp,
            prepared: &(),
            agent_names: exp.agent_names(),
            check_invariants: check,
            run_dir: "r".into(),
            config_hash: "h".into(),
            position_at: None,
        }
    }

    #[test]
    fn a_game_is_a_function_of_its_index() {
        let e = exp("");
        let c = ctx(&e, true);
        let a = play(&c, 2, None);
        assert_eq!(a, play(&c, 2, None));
        let mut trace = Vec::new();
        assert_eq!(a, play(&c, 2, Some(&mut trace)), "tracing must not change the game");
        let Outcome::Done(r) = a else { panic!("{a:?}") };
        assert_eq!(trace.len() as u64, r.decisions + 1);
        assert_eq!((r.id.block, r.id.rotation, r.id.agents[0].as_str()), (1, 0, "heuristic"));
        assert!(matches!(&trace[0], TraceStep::Decision { step: 0, seat: 0, legal: 7, .. }));
    }

    #[test]
    fn chance_events_are_counted_traced_and_reproduced() {
        let e = exp("");
        let c = Context::<Race> {
            exp: &e,
            prepared: &None,
            agent_names: e.agent_names(),
            check_invariants: true,
            run_dir: "r".into(),
            config_hash: "h".into(),
            position_at: None,
        };
        let mut trace = Vec::new();
        let Outcome::Done(r) = play(&c, 0, Some(&mut trace)) else { panic!() };
        assert!(r.chance_events > 0, "{r:?}");
        let coins = trace.iter().filter(|t| matches!(t, TraceStep::Chance { .. })).count();
        assert_eq!(coins as u64, r.chance_events);
        assert!(trace.iter().any(|t| matches!(t, TraceStep::Chance { outcome, .. } if outcome.starts_with("coin +"))));
        assert_eq!((r.end.as_str(), r.rounds), ("target_reached", Some((r.decisions as u32).div_ceil(2))));
        assert_eq!(play(&c, 0, None), Outcome::Done(r));
    }

    #[test]
    fn a_broken_invariant_fails_the_game_only_when_checked() {
        let e = exp("");
        let mut c = Context::<Race> {
            exp: &e,
            prepared: &Some(5),
            agent_names: e.agent_names(),
            check_invariants: true,
            run_dir: "r".into(),
            config_hash: "h".into(),
            position_at: None,
        };
        let Outcome::Failed(f) = play(&c, 3, None) else { panic!() };
        assert_eq!(f.kind, "invariant");
        assert!(f.message.contains("reached broken_at 5") && f.step > 0, "{f:?}");
        assert_eq!(f.replay, "sim replay --run r --game 3 --check-invariants");
        c.check_invariants = false;
        assert!(matches!(play(&c, 3, None), Outcome::Done(_)));
    }

    #[test]
    fn an_injected_panic_becomes_a_failure_record() {
        let e = exp(r#", "fault_injection": {"panic_in_games": [1]}"#);
        let Outcome::Failed(f) = play(&ctx(&e, false), 1, None) else { panic!() };
        assert_eq!((f.kind.as_str(), f.step, f.replay.as_str()), ("panic", 1, "sim replay --run r --game 1"));
        assert!(f.message.contains("injected panic"), "{}", f.message);
        assert!(f.location.unwrap().contains("play.rs"));
        assert!(matches!(play(&ctx(&e, false), 0, None), Outcome::Done(_)));
    }
}
