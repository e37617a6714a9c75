//! The Legion-lite heuristic ([`LegionHeuristic`]): a weighted sum of public per-side facts
//! from [`engine::legion::summary::SideSummary`], turned into one value per player in
//! `[0, 1]` that agrees with the game's returns at terminal states.
//!
//! Not wired in yet: the integrating engineer adds `pub mod legion;` to `lib.rs` and the
//! `HasHeuristic` glue. Features of seat `p` against the opponent `q` (weights in
//! [`LegionWeights::default`]):
//! - `vp`: VP difference, over 12 (the sudden-win threshold);
//! - `points`: share of own army points left minus the opponent's share;
//! - `wounds`: share of own wounds left minus the opponent's share;
//! - `secured`, `contesting`: POIs secured and contesting units, differences;
//! - `cover`: units in cover, as a share of units on the board, difference;
//! - `suppression` (negative): suppression tokens, difference, over 10; `panicked` likewise;
//! - `commander`: having a Commander to play command cards, difference.
//!
//! The score difference `d = s_p - s_q` becomes `v_p = σ(scale · d)`, `v_q = 1 - v_p`. Every
//! input is public (the state has no hidden part but the unrevealed command card, which this
//! evaluator does not read), so evaluating a determinization leaks nothing.

use engine::game::{Game, PerPlayer};
use engine::legion::summary::SideSummary;
use engine::legion::LegionGame;

/// Feature weights of [`LegionHeuristic`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct LegionWeights {
    /// VP difference over 12.
    pub vp: f64,
    /// Share of army points left, difference.
    pub points: f64,
    /// Share of wounds left, difference.
    pub wounds: f64,
    /// POIs secured, difference.
    pub secured: f64,
    /// Contesting units over all POIs, difference.
    pub contesting: f64,
    /// Share of units on the board in cover, difference.
    pub cover: f64,
    /// Suppression tokens over 10, difference (a negative weight).
    pub suppression: f64,
    /// Panicked units, difference (a negative weight).
    pub panicked: f64,
    /// Having a Commander, difference.
    pub commander: f64,
    /// Logistic scale of the score difference.
    pub scale: f64,
}

impl Default for LegionWeights {
    fn default() -> Self {
        LegionWeights {
            vp: 3.0,
            points: 2.0,
            wounds: 1.0,
            secured: 0.4,
            contesting: 0.05,
            cover: 0.3,
            suppression: -0.5,
            panicked: -0.2,
            commander: 0.3,
            scale: 1.5,
        }
    }
}

/// Heuristic evaluator of Legion-lite states.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct LegionHeuristic {
    /// The weights.
    pub weights: LegionWeights,
}

impl LegionHeuristic {
    /// The weighted score of side `a` (not yet compared with the opponent).
    fn score(&self, a: &SideSummary) -> f64 {
        let w = &self.weights;
        let share = |x: u16, of: u16| if of == 0 { 0.0 } else { x as f64 / of as f64 };
        let cover = if a.units_on_board == 0 { 0.0 } else { a.in_cover as f64 / a.units_on_board as f64 };
        w.vp * a.vp as f64 / 12.0
            + w.points * share(a.remaining_points, a.total_points)
            + w.wounds * share(a.remaining_wounds, a.total_wounds)
            + w.secured * a.secured as f64
            + w.contesting * a.contesting as f64
            + w.cover * cover
            + w.suppression * a.suppression as f64 / 10.0
            + w.panicked * a.panicked as f64
            + w.commander * a.has_commander as u8 as f64
    }

    /// Each player's value in `[0, 1]`; at a terminal state, the returns mapped onto `[0, 1]`
    /// (1 for the winner, 0 for the loser, ½ each for a draw).
    pub fn evaluate(&self, s: &LegionGame) -> PerPlayer<f64> {
        if s.is_terminal() {
            let (lo, hi) = s.utility_range();
            return s.returns().map(|r| (r - lo) / (hi - lo));
        }
        let d = self.score(&s.side_summary(0)) - self.score(&s.side_summary(1));
        let v0 = 1.0 / (1.0 + (-self.weights.scale * d).exp());
        PerPlayer::from_slice(&[v0, 1.0 - v0])
    }
}

#[cfg(test)]
mod tests {
    use engine::legion::options::LegionOptions;

    use super::*;

    #[test]
    fn evaluate_is_even_at_the_start_and_in_unit_range() {
        let g = LegionGame::with_seed(LegionOptions::default(), 1);
        let v = LegionHeuristic::default().evaluate(&g);
        assert_eq!(v.len(), 2);
        assert!(v.iter().all(|x| (0.0..=1.0).contains(x)));
        assert!((v[0] + v[1] - 1.0).abs() < 1e-12);
    }
}
