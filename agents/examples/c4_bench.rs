//! Connect Four MCTS throughput and strength, for comparison with OpenSpiel's `MCTSBot`
//! (driven by `scripts/openspiel_compare.py`).
//!
//! ```sh
//! # MCTS (1000 iterations per move, random rollouts) against a random player, alternating
//! # who starts; prints one JSON line with simulations per second and the results.
//! cargo run --release -p agents --example c4_bench -- --iterations 1000 --games 100 --seed 1
//!
//! # Serve moves over stdin/stdout for a head-to-head match driven from another process:
//! #   "new"            start a new game (clears any reused tree)
//! #   "move 3 3 4"     the moves so far (OpenSpiel action ids = columns); replies with a column
//! #   "stats"          replies with a JSON line of simulations and seconds so far
//! cargo run --release -p agents --example c4_bench -- --serve --iterations 1000 --seed 1
//! ```
//!
//! Options: `--iterations N` (1000), `--exploration C` (1.4; OpenSpiel's `uct_c` on returns in
//! [-1, 1] equals `C * 2` here, since this MCTS works on [0, 1]), `--games N` (100),
//! `--seed S` (1). Only the time inside MCTS searches counts toward simulations per second.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use agents::{agent_rng, Agent, ConnectFourHeuristic, Mcts, MctsConfig, RandomAgent};
use engine::connect_four::{Column, ConnectFour};
use engine::game::{Game, Turn};

struct Options {
    iterations: u32,
    exploration: f64,
    games: u64,
    seed: u64,
    serve: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options { iterations: 1000, exploration: 1.4, games: 100, seed: 1, serve: false };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--serve" {
            o.serve = true;
            continue;
        }
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--iterations" => o.iterations = value.parse().map_err(|e| bad(&e))?,
            "--exploration" => o.exploration = value.parse().map_err(|e| bad(&e))?,
            "--games" => o.games = value.parse().map_err(|e| bad(&e))?,
            "--seed" => o.seed = value.parse().map_err(|e| bad(&e))?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

fn mcts(o: &Options) -> Mcts<ConnectFour, ConnectFourHeuristic> {
    let cfg = MctsConfig { iterations: o.iterations, exploration: o.exploration, ..MctsConfig::default() };
    Mcts::new(cfg, ConnectFourHeuristic::default())
}

/// MCTS against random, `games` games, MCTS moving first in even games.
fn versus_random(o: &Options) {
    let mut agent = mcts(o);
    let mut random = RandomAgent::new();
    let (mut wins, mut draws, mut losses, mut sims, mut seconds, mut moves) = (0, 0, 0, 0u64, 0.0, 0u64);
    for game in 0..o.games {
        let seat = (game % 2) as usize;
        let mut rngs = [agent_rng(o.seed, 2 * game), agent_rng(o.seed, 2 * game + 1)];
        let mut state = ConnectFour::new();
        agent.reset();
        while let Turn::Player(p) = state.current() {
            let action = if p == seat {
                let start = Instant::now();
                let a = agent.choose(&state, &mut rngs[p]);
                seconds += start.elapsed().as_secs_f64();
                sims += agent.last_iterations() as u64;
                moves += 1;
                a
            } else {
                random.choose(&state, &mut rngs[p])
            };
            state.apply(action);
        }
        match state.winner() {
            Some(w) if w == seat => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    println!(
        "{{\"mode\": \"vs_random\", \"agent\": \"{}\", \"games\": {}, \"mcts_wins\": {wins}, \"draws\": {draws}, \
         \"losses\": {losses}, \"mcts_moves\": {moves}, \"simulations\": {sims}, \"search_seconds\": {seconds:.4}, \
         \"sims_per_sec\": {:.0}}}",
        agent.name(),
        o.games,
        sims as f64 / seconds
    );
}

/// The stdin/stdout move server (see the module docs).
fn serve(o: &Options) -> Result<(), String> {
    let mut agent = mcts(o);
    let (mut game, mut sims, mut seconds) = (0u64, 0u64, 0.0);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("new") => {
                game += 1;
                agent.reset();
                continue;
            }
            Some("stats") => writeln!(out, "{{\"simulations\": {sims}, \"search_seconds\": {seconds:.6}}}"),
            Some("move") => {
                let mut state = ConnectFour::new();
                for w in words {
                    let c: u8 = w.parse().map_err(|e| format!("bad move {w:?}: {e}"))?;
                    state.try_apply(Column(c)).map_err(|e| format!("move {c}: {e}"))?;
                }
                if state.is_terminal() {
                    return Err(format!("asked to move in a finished game:\n{state}"));
                }
                let mut rng = agent_rng(o.seed, game << 8 | state.moves() as u64);
                let start = Instant::now();
                let Column(c) = agent.choose(&state, &mut rng);
                seconds += start.elapsed().as_secs_f64();
                sims += agent.last_iterations() as u64;
                writeln!(out, "{c}")
            }
            Some("quit") | None => return Ok(()),
            Some(other) => return Err(format!("unknown command {other:?}")),
        }
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|o| {
        if o.serve {
            serve(&o)
        } else {
            versus_random(&o);
            Ok(())
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("c4_bench: {e}");
            ExitCode::FAILURE
        }
    }
}
