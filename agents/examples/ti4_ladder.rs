//! Seat-rotated 6-player TI4 ladders: (a) one MCTS agent against five heuristic agents and
//! (b) one heuristic agent against five random agents. Prints wins, the win rate with its
//! Wilson 95% interval, the elimination rate and the end conditions.
//!
//! Usage: `cargo run --release -p agents --example ti4_ladder -- [games] [mcts iterations] [seed] [threads]`
//! (defaults 60, 100, 1, 2). The MCTS agent is
//! `{"kind": "mcts", "iterations": N, "rollout": "heuristic", "max_rollout_depth": 8}`.
//!
//! Measured (`-- 90 100 1 2`, 2026-11-30): heuristic vs random 82/90 wins (0.911, Wilson 95%
//! [0.834, 0.954]); MCTS-100 vs heuristic 31/90 (0.344, [0.254, 0.447]); every game fully
//! ranked. About 6 s of CPU per MCTS-100 game.
//! With the heuristic's `conquest`/`pressure`/`prey`/`kills` weights and expected-gain
//! `progress` (`-- 240 0 1 2` and `-- 30 100 1 2`, 2026-11-30): heuristic vs random 234/240
//! (0.975, [0.947, 0.988]; 206/240 before on the same engine); MCTS-100 vs heuristic 10/30
//! (0.333, [0.192, 0.512]).

use std::collections::BTreeMap;
use std::time::Instant;

use agents::ti4::{play_rotated, wilson, MatchRecord};
use agents::AgentConfig;
use engine::ti4::game::Ti4Game;

fn ladder(name: &str, hero: &AgentConfig, field: &AgentConfig, games: u64, seed: u64, threads: u64) {
    let t0 = Instant::now();
    let records: Vec<MatchRecord> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut hero = hero.build::<Ti4Game>();
                    let mut others: Vec<_> = (0..5).map(|_| field.build::<Ti4Game>()).collect();
                    (t..games)
                        .step_by(threads as usize)
                        .map(|g| (g, play_rotated(hero.as_mut(), &mut others, g, seed)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u64, MatchRecord)> = handles.into_iter().flat_map(|h| h.join().expect("worker")).collect();
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, r)| r).collect()
    });
    let n = records.len() as u64;
    let wins = records.iter().filter(|r| r.place == 0).count() as u64;
    let (lo, hi) = wilson(wins, n, 1.96);
    let mean_place = records.iter().map(|r| r.place as f64).sum::<f64>() / n as f64;
    let elim_games = records.iter().filter(|r| r.eliminated > 0).count();
    let elims: usize = records.iter().map(|r| r.eliminated).sum();
    let mut ends = BTreeMap::new();
    for r in &records {
        *ends.entry(r.end.label()).or_insert(0u64) += 1;
    }
    let full = records.iter().all(|r| r.full_ranking);
    let vp = records.iter().map(|r| r.vp as f64).sum::<f64>() / n as f64;
    let max_vp = records.iter().map(|r| r.max_vp as f64).sum::<f64>() / n as f64;
    let rounds = records.iter().map(|r| r.rounds as f64).sum::<f64>() / n as f64;
    println!("{name}: {} vs 5 x {}", hero.name(), field.name());
    println!(
        "  games {n}, wins {wins}, win rate {:.3} (Wilson 95% [{lo:.3}, {hi:.3}]; 1/6 = 0.167), mean place {mean_place:.2}",
        wins as f64 / n as f64
    );
    println!(
        "  games with an elimination {elim_games} ({:.3}), eliminations per game {:.3}, mean rounds {rounds:.2}, its VP {vp:.2}, top VP {max_vp:.2}",
        elim_games as f64 / n as f64,
        elims as f64 / n as f64
    );
    println!("  end conditions {ends:?}; every game fully ranked: {full}; {:.1?}", t0.elapsed());
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("integer argument")).collect();
    let games = args.first().copied().unwrap_or(60);
    let iterations = args.get(1).copied().unwrap_or(100);
    let seed = args.get(2).copied().unwrap_or(1);
    let threads = args.get(3).copied().unwrap_or(2).max(1);
    let random = AgentConfig::from_json(r#"{"kind": "random"}"#).expect("config");
    let heuristic = AgentConfig::from_json(r#"{"kind": "heuristic"}"#).expect("config");
    let mcts = AgentConfig::from_json(&format!(
        r#"{{"kind": "mcts", "iterations": {}, "rollout": "heuristic", "max_rollout_depth": 8}}"#,
        iterations.max(1)
    ))
    .expect("config");
    ladder("(b) heuristic vs random", &heuristic, &random, games, seed, threads);
    if iterations > 0 {
        ladder("(a) mcts vs heuristic", &mcts, &heuristic, games, seed, threads);
    }
}
