//! Prints the decisions of one seat in one seeded 6-player TI4 game (heuristic in seat 0
//! against random agents) with the evaluator's score before and after, for inspecting play.
//!
//! Usage: `cargo run --release -p agents --example ti4_trace -- [game] [max lines]`.

use agents::ti4::six_player_game;
use agents::{agent_rng, AgentConfig, Ti4Heuristic};
use engine::game::{Game, Turn};
use engine::ti4::ids::Player;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("integer")).collect();
    let game = args.first().copied().unwrap_or(0);
    let lines = args.get(1).copied().unwrap_or(400);
    let mut g = six_player_game(game);
    let mut hero = AgentConfig::from_json(r#"{"kind": "heuristic"}"#).unwrap().build::<Ti4Game>();
    let mut random = AgentConfig::from_json(r#"{"kind": "random"}"#).unwrap().build::<Ti4Game>();
    let (mut r0, mut r1, mut chance) = (agent_rng(1, 0), agent_rng(1, 1), agent_rng(1, 2));
    let eval = Ti4Heuristic::default();
    let mut printed = 0;
    loop {
        match g.current() {
            Turn::Terminal => break,
            Turn::Chance => g.apply_chance(&mut chance),
            Turn::Player(p) => {
                let a = if p == 0 { hero.choose(&g, &mut r0) } else { random.choose(&g, &mut r1) };
                if p == 0 && matches!(g.step(), engine::ti4::game::Step::Score(_)) {
                    let mut legal = Vec::new();
                    g.legal_actions(&mut legal);
                    let names: Vec<String> = legal.iter().map(|&x| g.action_to_string(x)).collect();
                    println!("  score step: legal {names:?}");
                }
                if p == 0 && printed < lines {
                    printed += 1;
                    let before = eval.scores(&g)[0];
                    let text = g.action_to_string(a);
                    g.apply(a);
                    println!(
                        "r{} {:?} {text} score {before:.1} -> {:.1}",
                        g.state().round,
                        g.step(),
                        eval.scores(&g)[0]
                    );
                } else {
                    g.apply(a);
                }
            }
        }
    }
    let table = engine::ti4::game::ObjectiveTable::embedded(g.content());
    for (i, o) in g.content().cards.public_objectives.iter().enumerate() {
        let id = engine::ti4::ids::PublicObjectiveId(i as u8);
        if g.state().public_objectives.state(id) == engine::ti4::components::PublicState::Revealed {
            let cond = table.public[i].unwrap();
            let meets: Vec<bool> =
                g.state().seats().map(|p| engine::ti4::game::objectives::meets(&g, p, cond)).collect();
            println!("  revealed {} {cond:?} met by {meets:?}", o.key);
        }
    }
    let vp: Vec<u32> = g.state().seats().map(|p| g.victory_points(p)).collect();
    println!("end {:?} vp {vp:?} planets {}", g.end_condition(), g.state().player(Player(0)).planets.len());
}
use engine::ti4::game::Ti4Game;
