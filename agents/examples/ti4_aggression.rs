//! How aggressive 6-player TI4 self-play is: one agent config in every seat on the seeded
//! games of `agents::ti4::six_player_game`, counting tactical actions into systems with enemy
//! ships, enemy planets or enemy home systems, space and ground combats, planets taken from
//! other players (home planets separately), players left without a home, eliminations and end
//! conditions.
//!
//! Usage: `cargo run --release -p agents --example ti4_aggression -- [games] [threads] [seed] [config JSON]`
//! (defaults 60, 2, 1, `{"kind": "heuristic"}`), e.g. with weights:
//! `-- 600 2 1 '{"kind": "heuristic", "weights": {"conquest": 0, "pressure": 0}}'`.
//!
//! Measured (`-- 600 2 1`, 2026-11-30): with the heuristic as it was before the `conquest`,
//! `pressure`, `prey` and `kills` weights and the expected-gain `progress`, 3.04 planets taken
//! per game (0.17 home planets), 0.035 players per game left without a home, 2 games of 600
//! with an elimination (0.003); after, 11.0 planets taken (1.46 home planets), 0.405 players
//! without a home, 48 games with an elimination (0.080, Wilson 95% [0.061, 0.104]); games
//! ending in victory 278 -> 364.

use std::collections::BTreeMap;
use std::time::Instant;

use agents::ti4::six_player_game;
use agents::{agent_rng, AgentConfig};
use engine::game::{Game, Turn};
use engine::ti4::control::controller;
use engine::ti4::game::{Action, Step, Ti4Game};
use engine::ti4::ids::PlanetId;
use engine::ti4::state::NOBODY;

#[derive(Default, Clone, Copy, Debug)]
struct Stats {
    activations: u64,
    into_enemy_ships: u64,
    into_enemy_planets: u64,
    into_enemy_home: u64,
    space_combats: u64,
    ground_combats: u64,
    captures: u64,
    home_captures: u64,
    homeless: u64,
    eliminated: u64,
    rounds: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.activations += o.activations;
        self.into_enemy_ships += o.into_enemy_ships;
        self.into_enemy_planets += o.into_enemy_planets;
        self.into_enemy_home += o.into_enemy_home;
        self.space_combats += o.space_combats;
        self.ground_combats += o.ground_combats;
        self.captures += o.captures;
        self.home_captures += o.home_captures;
        self.homeless += o.homeless;
        self.eliminated += o.eliminated;
        self.rounds += o.rounds;
    }
}

fn play(config: &AgentConfig, game: u64, seed: u64) -> (Stats, &'static str) {
    let mut g = six_player_game(game);
    let n = g.num_players();
    let mut agents: Vec<_> = (0..n).map(|_| config.build::<Ti4Game>()).collect();
    let mut rngs: Vec<_> = (0..n as u64).map(|p| agent_rng(seed, game * 7 + p)).collect();
    let mut chance = agent_rng(seed, game * 7 + 6);
    let c = engine::ti4::content::Content::embedded();
    let home_planets: Vec<Vec<PlanetId>> =
        (0..n).map(|p| c.systems[g.state().systems[g.home_slot()[p] as usize].tile.idx()].planets.to_vec()).collect();
    let planets: Vec<PlanetId> = (0..c.planets.len()).map(|i| PlanetId(i as u8)).collect();
    let mut owner: Vec<_> = planets.iter().map(|&pl| controller(g.state(), pl)).collect();
    let mut st = Stats::default();
    let mut steps = 0u64;
    loop {
        steps += 1;
        assert!(steps < 2_000_000, "game {game} does not end");
        let (in_space, in_ground) = (matches!(g.step(), Step::Space), matches!(g.step(), Step::Ground(_)));
        match g.current() {
            Turn::Terminal => break,
            Turn::Chance => g.apply_chance(&mut chance),
            Turn::Player(p) => {
                let a = agents[p].choose(&g, &mut rngs[p]);
                if let Action::Activate(slot) = a {
                    st.activations += 1;
                    let sys = g.state().systems[slot as usize];
                    st.into_enemy_ships += (sys.space.owner != NOBODY && sys.space.owner != p as u8) as u64;
                    let theirs = c.systems[sys.tile.idx()]
                        .planets
                        .iter()
                        .any(|&pl| controller(g.state(), pl).is_some_and(|q| q.idx() != p));
                    st.into_enemy_planets += theirs as u64;
                    st.into_enemy_home += (0..n).any(|q| q != p && g.home_slot()[q] == slot) as u64;
                }
                g.apply(a);
            }
        }
        st.space_combats += (!in_space && matches!(g.step(), Step::Space)) as u64;
        st.ground_combats += (!in_ground && matches!(g.step(), Step::Ground(_))) as u64;
        for (i, &pl) in planets.iter().enumerate() {
            let now = controller(g.state(), pl);
            if now != owner[i] {
                if let (Some(_), Some(before)) = (now, owner[i]) {
                    st.captures += 1;
                    st.home_captures += home_planets[before.idx()].contains(&pl) as u64;
                }
                owner[i] = now;
            }
        }
    }
    for q in g.state().seats() {
        let ps = g.state().player(q);
        st.eliminated += !ps.in_game as u64;
        st.homeless += (ps.in_game && home_planets[q.idx()].iter().all(|&pl| !ps.planets.contains(pl))) as u64;
    }
    st.rounds = g.state().round as u64;
    (st, g.end_condition().map_or("?", |e| e.label()))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().map_or(60, |a| a.parse().expect("games"));
    let threads: u64 = args.get(1).map_or(2, |a| a.parse().expect("threads")).max(1);
    let seed: u64 = args.get(2).map_or(1, |a| a.parse().expect("seed"));
    let config =
        AgentConfig::from_json(args.get(3).map_or(r#"{"kind": "heuristic"}"#, |s| s.as_str())).expect("config");
    config.check::<Ti4Game>().expect("config for TI4");
    let t0 = Instant::now();
    let results: Vec<(Stats, &'static str)> = std::thread::scope(|s| {
        let config = &config;
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || (t..games).step_by(threads as usize).map(|g| play(config, g, seed)).collect::<Vec<_>>())
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker")).collect()
    });
    let n = results.len() as f64;
    let mut total = Stats::default();
    let mut ends = BTreeMap::new();
    let mut elim_games = 0u64;
    for (s, end) in &results {
        total.add(s);
        elim_games += (s.eliminated > 0) as u64;
        *ends.entry(*end).or_insert(0u64) += 1;
    }
    let per = |x: u64| x as f64 / n;
    let (lo, hi) = agents::ti4::wilson(elim_games, results.len() as u64, 1.96);
    println!("{} x 6, {} games, seed {seed}", config.name(), results.len());
    println!(
        "  per game: activations {:.1}, into enemy ships {:.2}, into enemy planets {:.2}, into enemy homes {:.2}",
        per(total.activations),
        per(total.into_enemy_ships),
        per(total.into_enemy_planets),
        per(total.into_enemy_home)
    );
    println!(
        "  per game: space combats {:.2}, ground combats {:.2}, planets taken {:.2} (home planets {:.2}), players left without a home {:.3}, eliminated {:.3}; mean rounds {:.2}",
        per(total.space_combats),
        per(total.ground_combats),
        per(total.captures),
        per(total.home_captures),
        per(total.homeless),
        per(total.eliminated),
        per(total.rounds)
    );
    println!(
        "  games with an elimination {elim_games} ({:.3}, Wilson 95% [{lo:.3}, {hi:.3}]); end conditions {ends:?}; {:.1?}",
        per(elim_games),
        t0.elapsed()
    );
}
