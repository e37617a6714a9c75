//! Principle 4 of the engineering guide for Legion-lite: `legal_actions` (warm buffer),
//! `apply`, `apply_chance` and `clone` allocate nothing, at every state of seeded random games.
//! Counted by the testkit's counting allocator, installed as this test binary's allocator.

use engine::legion::options::LegionOptions;
use engine::legion::LegionGame;

use testkit::counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;

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
