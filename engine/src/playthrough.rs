//! Golden playthroughs (OpenSpiel's "playthrough" files): seeded random games written out step
//! by step, compared with a committed file, and rewritten only by an explicit command.
//!
//! [`playthrough`] is the one writer every game's golden test uses, so every transcript has the
//! same form:
//!
//! ```text
//! # <title>: ChaCha8Rng seed <seed>, stream = game index
//! ## game 0
//! <state rendered by Game::render>          (only with Render::EveryState)
//! step 0 player 0: <chosen action> (<n> legal: <names>)
//! step 1 chance
//! ...
//! end returns [..] ranking [..]
//! <final state rendered by Game::render>
//! ```
//!
//! [`check_golden`] compares a transcript with its file; with `UPDATE_GOLDEN=1` in the
//! environment it writes the file instead. Any change to the rules, the rendering, the action
//! names or the seeded RNG shows up as a diff naming the first line that differs.

use std::fmt::Write as _;
use std::path::Path;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::{Game, Turn};

/// How much of each state a transcript shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Render {
    /// Render every state before its step, and list every legal action's name (small games).
    EveryState,
    /// Only the chosen action and the number of legal actions per step, and the final state.
    FinalOnly,
}

/// The transcript of `games` uniformly random games from `start`: game `i` draws both its
/// actions and its chance outcomes from `ChaCha8Rng` seed `seed`, stream `i`.
pub fn playthrough<G: Game>(title: &str, start: &G, seed: u64, games: u64, render: Render) -> String {
    let mut out = String::new();
    let mut legal = Vec::new();
    let _ = writeln!(out, "# {title}: ChaCha8Rng seed {seed}, stream = game index");
    for game in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(game);
        let mut state = start.clone();
        let _ = writeln!(out, "## game {game}");
        let mut step = 0u64;
        loop {
            if render == Render::EveryState {
                out.push_str(&state.render());
                if !out.ends_with('\n') {
                    out.push('\n');
                }
            }
            match state.current() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let _ = writeln!(out, "step {step} chance");
                    state.apply_chance(&mut rng);
                }
                Turn::Player(p) => {
                    state.legal_actions(&mut legal);
                    let chosen = legal[rng.random_range(0..legal.len())];
                    let name = state.action_to_string(chosen);
                    if render == Render::EveryState {
                        let names: Vec<String> = legal.iter().map(|&a| state.action_to_string(a)).collect();
                        let _ = writeln!(
                            out,
                            "step {step} player {p}: {name} ({} legal: {})",
                            legal.len(),
                            names.join(", ")
                        );
                    } else {
                        let _ = writeln!(out, "step {step} player {p}: {name} ({} legal)", legal.len());
                    }
                    state.apply(chosen);
                }
            }
            step += 1;
            assert!(step <= start.max_game_length(), "game {game} is longer than max_game_length()");
        }
        let _ = writeln!(out, "end returns {:?} ranking {:?}", state.returns(), state.ranking());
        if render == Render::FinalOnly {
            out.push_str(&state.render());
            if !out.ends_with('\n') {
                out.push('\n');
            }
        }
    }
    out
}

/// Compares `actual` with the golden file at `path`, or writes it when the environment has
/// `UPDATE_GOLDEN=1`. Returns the problem (missing file, first differing line, length) as an
/// error message that says how to regenerate.
pub fn check_golden(path: &Path, actual: &str) -> Result<(), String> {
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        return std::fs::write(path, actual).map_err(|e| format!("{}: {e}", path.display()));
    }
    let expected = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}; create it with UPDATE_GOLDEN=1", path.display()))?;
    if let Some((line, (e, a))) = expected.lines().zip(actual.lines()).enumerate().find(|(_, (e, a))| e != a) {
        return Err(format!(
            "{} differs at line {}:\n  golden: {e}\n  actual: {a}\nIf the change is intended, rerun with UPDATE_GOLDEN=1 and review the diff.",
            path.display(),
            line + 1
        ));
    }
    let (e, a) = (expected.lines().count(), actual.lines().count());
    if e != a {
        return Err(format!(
            "{} has {e} lines, the fresh transcript {a} (UPDATE_GOLDEN=1 regenerates)",
            path.display()
        ));
    }
    Ok(())
}
