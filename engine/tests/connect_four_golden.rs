//! Golden playthrough of Connect Four (OpenSpiel's "playthrough" files): three seeded random
//! games written out state by state by [`engine::playthrough`] and compared with
//! `tests/golden/connect_four_seed42.txt`.
//!
//! After an intended change, regenerate with
//! `UPDATE_GOLDEN=1 cargo test -p engine --test connect_four_golden` and review the diff.

use std::path::PathBuf;

use engine::connect_four::ConnectFour;
use engine::playthrough::{check_golden, playthrough, Render};

#[test]
fn connect_four_playthrough_matches_golden_file() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/connect_four_seed42.txt");
    let actual = playthrough("Connect Four random playthrough", &ConnectFour::new(), 42, 3, Render::EveryState);
    check_golden(&path, &actual).unwrap_or_else(|e| panic!("{e}"));
}
