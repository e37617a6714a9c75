//! Golden playthrough of Legion-lite: two seeded random games (default options, the setup
//! drawn from the same stream) written out by [`engine::playthrough`] with every step's action
//! and the final state, compared with `tests/golden/legion_seed1.txt`.
//!
//! After an intended change, regenerate with
//! `UPDATE_GOLDEN=1 cargo test -p engine --test legion_golden` and review the diff.

use std::path::PathBuf;

use engine::legion::options::LegionOptions;
use engine::legion::LegionGame;
use engine::playthrough::{check_golden, playthrough, Render};

#[test]
fn legion_playthrough_matches_golden_file() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/legion_seed1.txt");
    let start = LegionGame::new(LegionOptions::default());
    let actual = playthrough("Legion-lite random playthrough", &start, 1, 2, Render::FinalOnly);
    check_golden(&path, &actual).unwrap_or_else(|e| panic!("{e}"));
}
