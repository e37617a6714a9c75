//! Golden playthrough of Connect Four (OpenSpiel's "playthrough" files): seeded random games
//! written out state by state and compared with `tests/golden/connect_four_seed42.txt`.
//!
//! Any change to the rules, the rendering, the action names or the seeded RNG shows up as a
//! diff here. After an intended change, regenerate with
//! `UPDATE_GOLDEN=1 cargo test -p engine --test connect_four_golden` and review the diff.

use std::fmt::Write as _;
use std::path::PathBuf;

use engine::connect_four::ConnectFour;
use engine::game::{Game, Turn};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 42;
const GAMES: u64 = 3;

/// The transcript of `GAMES` random games, game `i` on ChaCha8 seed `SEED`, stream `i`.
fn playthrough() -> String {
    let mut out = String::new();
    let mut legal = Vec::new();
    writeln!(out, "# Connect Four random playthrough: ChaCha8Rng seed {SEED}, stream = game index").unwrap();
    for game in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        rng.set_stream(game);
        let mut state = ConnectFour::new();
        writeln!(out, "\n## game {game}").unwrap();
        loop {
            writeln!(out, "\nmove {}  current {:?}", state.moves(), state.current()).unwrap();
            out.push_str(&state.to_string());
            if let Turn::Player(_) = state.current() {
                state.legal_actions(&mut legal);
                let chosen = legal[rng.random_range(0..legal.len())];
                let names: Vec<String> = legal.iter().map(|&a| state.action_to_string(a)).collect();
                writeln!(out, "legal {}  chosen {}", names.join(" "), state.action_to_string(chosen)).unwrap();
                state.apply(chosen);
            } else {
                writeln!(out, "returns {:?}  ranking {:?}", state.returns(), state.ranking()).unwrap();
                break;
            }
        }
    }
    out
}

#[test]
fn connect_four_playthrough_matches_golden_file() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/connect_four_seed42.txt");
    let actual = playthrough();
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}; create it with UPDATE_GOLDEN=1", path.display()));
    if let Some((line, (e, a))) = expected.lines().zip(actual.lines()).enumerate().find(|(_, (e, a))| e != a) {
        panic!(
            "{} differs at line {}:\n  golden: {e}\n  actual: {a}\nIf the change is intended, rerun with UPDATE_GOLDEN=1 and review the diff.",
            path.display(),
            line + 1
        );
    }
    assert_eq!(expected.lines().count(), actual.lines().count(), "{} has a different length", path.display());
}
