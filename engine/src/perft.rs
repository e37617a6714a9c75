//! Perft: counting the decision sequences of a [`Game`] to a fixed depth, as chess engines do,
//! for move-generation regression data and for comparing a rules change against the counts it
//! should keep.
//!
//! A sequence is a run of player decisions from the start state. Chance events are not
//! expanded: a sequence that reaches a chance state ends there (a *chance leaf*), as does one
//! that reaches the end of the game (a *terminal leaf*); the others end after `depth`
//! decisions. For a game without chance, `perft(depth)` is the number of decision sequences of
//! length `depth` plus those cut short by the end of the game.

use crate::game::{Game, Turn};

/// The leaves of a perft count, by kind; `total()` is the perft number.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize)]
pub struct PerftCount {
    /// Sequences of exactly `depth` decisions.
    pub depth_leaves: u64,
    /// Sequences that reached a chance state first.
    pub chance_leaves: u64,
    /// Sequences that reached the end of the game first.
    pub terminal_leaves: u64,
}

impl PerftCount {
    /// All leaves.
    pub fn total(&self) -> u64 {
        self.depth_leaves + self.chance_leaves + self.terminal_leaves
    }
    fn add(&mut self, o: PerftCount) {
        self.depth_leaves += o.depth_leaves;
        self.chance_leaves += o.chance_leaves;
        self.terminal_leaves += o.terminal_leaves;
    }
}

/// The perft count of `g` to `depth` decisions (module docs). One action buffer per level,
/// so the count allocates only `depth` buffers.
pub fn perft<G: Game>(g: &G, depth: u32) -> PerftCount {
    let mut bufs: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::new()).collect();
    count(g, depth, &mut bufs)
}

/// Per legal action of `g` (in legal-action order), the perft count of the state it leads to
/// at `depth - 1` (`depth` at least 1).
pub fn divide<G: Game>(g: &G, depth: u32) -> Vec<(G::Action, PerftCount)> {
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    let mut bufs: Vec<Vec<G::Action>> = (0..depth.saturating_sub(1)).map(|_| Vec::new()).collect();
    actions
        .into_iter()
        .map(|a| {
            let mut next = g.clone();
            next.apply(a);
            (a, count(&next, depth.saturating_sub(1), &mut bufs))
        })
        .collect()
}

fn count<G: Game>(g: &G, depth: u32, bufs: &mut [Vec<G::Action>]) -> PerftCount {
    match g.current() {
        Turn::Chance => return PerftCount { chance_leaves: 1, ..PerftCount::default() },
        Turn::Terminal => return PerftCount { terminal_leaves: 1, ..PerftCount::default() },
        Turn::Player(_) => {}
    }
    if depth == 0 {
        return PerftCount { depth_leaves: 1, ..PerftCount::default() };
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per level");
    g.legal_actions(buf);
    let mut total = PerftCount::default();
    for &a in buf.iter() {
        let mut next = g.clone();
        next.apply(a);
        total.add(count(&next, depth - 1, rest));
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect_four::ConnectFour;

    /// The plain reference: every sequence enumerated into a list.
    fn sequences(g: &ConnectFour, depth: u32) -> u64 {
        if g.is_terminal() || depth == 0 {
            return 1;
        }
        let mut buf = Vec::new();
        g.legal_actions(&mut buf);
        buf.iter()
            .map(|&a| {
                let mut n = *g;
                n.apply(a);
                sequences(&n, depth - 1)
            })
            .sum()
    }

    #[test]
    fn connect_four_perft_is_seven_to_the_depth_before_any_win() {
        let g = ConnectFour::default();
        for d in 0..=6 {
            let p = perft(&g, d);
            assert_eq!(p.total(), 7u64.pow(d), "depth {d}");
            assert_eq!(p.terminal_leaves, 0);
        }
    }

    #[test]
    fn connect_four_perft_agrees_with_plain_enumeration_and_divide_sums_to_it() {
        let g = ConnectFour::default();
        for d in [7, 8] {
            let p = perft(&g, d);
            assert_eq!(p.total(), sequences(&g, d), "depth {d}");
            let parts: u64 = divide(&g, d).iter().map(|(_, c)| c.total()).sum();
            assert_eq!(parts, p.total());
        }
        // The first wins come at the seventh stone, when a column can also be full: fewer than
        // 7^7 sequences, some of them ending the game.
        let p7 = perft(&g, 7);
        assert!(p7.total() < 823_543);
        assert!(p7.terminal_leaves > 0);
    }
}
