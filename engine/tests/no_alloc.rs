//! Principle 4 of the engineering guide: legal-action generation, `apply` and `clone` do not
//! allocate. A counting global allocator records the allocations made by the current thread
//! (tests run on parallel threads), and each test asserts that a hot-path call made none.
//!
//! Covered: `research_options` once its buffer has grown (Technology 9-15), `State::clone`,
//! and `research` (Technology 10), including a research whose card gains a planet.

use testkit::research_positions as positions;

use engine::ti4::content::Content;
use engine::ti4::ids::Player;
use engine::ti4::state::State;
use engine::ti4::technology::{research, research_options};

use testkit::counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;
use counting_alloc::allocations;

#[test]
fn counter_counts() {
    let (n, v) = allocations(|| vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1);
}

/// Technology 9-15: once the buffer has held the largest answer, generating again in every
/// bench position allocates nothing.
#[test]
fn research_options_with_warm_buffer_allocates_nothing() {
    let c = Content::embedded();
    let positions = positions::all(&c);
    let mut buf = Vec::new();
    for pos in &positions {
        research_options(&c, &pos.state, pos.player, pos.cost, &mut buf);
    }
    for pos in &positions {
        let (n, ()) = allocations(|| research_options(&c, &pos.state, pos.player, pos.cost, &mut buf));
        assert_eq!(n, 0, "{}: research_options allocated {n} times", pos.name);
        assert!(!buf.is_empty(), "{}: no options, nothing measured", pos.name);
    }
}

/// The state is plain data: cloning it allocates nothing.
#[test]
fn state_clone_allocates_nothing() {
    let c = Content::embedded();
    for pos in positions::all(&c) {
        // `State` is `Copy`; the call is spelled out because `clone` is what is measured.
        #[allow(clippy::clone_on_copy)]
        let (n, copy): (u64, State) = allocations(|| pos.state.clone());
        assert_eq!(n, 0, "{}: State::clone allocated {n} times", pos.name);
        assert_eq!(copy, pos.state);
    }
}

/// Technology 10: researching (check, exhaust, place the card) allocates nothing, whichever
/// option is taken.
#[test]
fn research_allocates_nothing() {
    let c = Content::embedded();
    let mut buf = Vec::new();
    for pos in positions::all(&c) {
        research_options(&c, &pos.state, pos.player, pos.cost, &mut buf);
        for opt in &buf {
            let mut s = pos.state;
            let (n, done) = allocations(|| research(&c, &mut s, pos.player, opt));
            assert!(done.is_ok(), "{}: {done:?}", pos.name);
            assert_eq!(n, 0, "{}: research allocated {n} times", pos.name);
        }
    }
}

/// Technology 10 with an effect on gaining: researching I.I.H.Q. Modernization also gains the
/// Custodia Vigilia planet card, still without allocating.
#[test]
fn research_with_a_gain_effect_allocates_nothing() {
    let c = Content::embedded();
    let Some(iihq) = c.known.iihq_modernization else { return };
    let mut s = positions::table(&c, &["keleres", "sol"]);
    let generic = c.all_techs.iter().filter(|&t| c.techs[t.idx()].faction.is_none());
    s.players[0].techs = s.players[0].techs.union(generic.collect());
    let mut buf = Vec::new();
    research_options(&c, &s, Player(0), 0, &mut buf);
    let opt = buf.iter().find(|o| o.tech == iihq).expect("I.I.H.Q. Modernization is researchable");
    let (n, done) = allocations(|| research(&c, &mut s, Player(0), opt));
    assert!(done.is_ok(), "{done:?}");
    assert_eq!(n, 0, "research allocated {n} times");
    assert!(c.known.custodia_vigilia.is_some_and(|cv| s.players[0].planets.contains(cv)));
}
