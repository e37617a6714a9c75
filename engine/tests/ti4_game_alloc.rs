//! Guide principle 4 for the TI4 round loop: once buffers are warm, `legal_actions`, `apply`,
//! `apply_chance` and `clone` allocate nothing. A counting global allocator (this test binary
//! only) measures a seeded random 6-player game after a warm-up game.

use engine::game::{Game, Turn};
use engine::ti4::content::Content;
use engine::ti4::game::{MapChoice, Ti4Game, Ti4Options};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn play(start: &Ti4Game, seed: u64, buf: &mut Vec<engine::ti4::game::Action>) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = start.clone();
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    loop {
        let copy = g.clone();
        match g.current() {
            Turn::Terminal => break,
            Turn::Chance => g.apply_chance(&mut rng),
            Turn::Player(_) => {
                g.legal_actions(buf);
                g.apply(buf[rng.random_range(0..buf.len())]);
            }
        }
        drop(copy);
    }
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

#[test]
fn ti4_round_loop_allocates_nothing_once_warm() {
    let c = Content::embedded();
    let f: Vec<_> =
        ["sol", "hacan", "letnev", "xxcha", "jolnar", "nekro"].iter().map(|k| c.faction(k).unwrap()).collect();
    let start = Ti4Game::new(c, &f, &MapChoice::Random(3), Ti4Options::default()).unwrap();
    let mut buf = Vec::with_capacity(1024);
    for seed in 0..3 {
        play(&start, seed, &mut buf); // warm the buffers (the research-option scratch buffer)
    }
    for seed in 3..13 {
        assert_eq!(play(&start, seed, &mut buf), 0, "game {seed} allocated");
    }
}
