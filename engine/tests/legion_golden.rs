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

// Principle 4 of the engineering guide, checked here because this is Legion's one
// integration-test binary: `legal_actions` (warm buffer), `apply`, `apply_chance` and `clone`
// allocate nothing, at every state of seeded random games.
#[path = "support/counting_alloc.rs"]
mod counting_alloc;

#[test]
fn legion_hot_path_allocates_nothing() {
    use counting_alloc::allocations;
    use engine::game::{Game, Turn};
    use rand::{RngExt, SeedableRng};
    let mut buf = Vec::with_capacity(256);
    let mut steps = 0;
    for i in 0..20 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        rng.set_stream(i);
        let mut g = LegionGame::new(LegionOptions::default());
        while !g.is_terminal() {
            let (n, copy) = allocations(|| g.clone());
            assert_eq!(n, 0, "clone allocated");
            assert!(copy == g);
            if g.current() == Turn::Chance {
                let (n, ()) = allocations(|| g.apply_chance(&mut rng));
                assert_eq!(n, 0, "apply_chance allocated at step {steps}");
            } else {
                let (n, ()) = allocations(|| g.legal_actions(&mut buf));
                assert_eq!(n, 0, "legal_actions allocated at step {steps}");
                let a = buf[rng.random_range(0..buf.len())];
                let (n, ()) = allocations(|| g.apply(a));
                assert_eq!(n, 0, "apply({a:?}) allocated at step {steps}");
            }
            steps += 1;
        }
    }
    assert!(steps > 5000, "{steps}");
}
