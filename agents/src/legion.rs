//! The Legion-lite heuristic ([`LegionHeuristic`]): a weighted sum of public per-side facts
//! from [`engine::legion::summary::SideSummary`], turned into one value per player in
//! `[0, 1]` that agrees with the game's returns at terminal states.
//!
//! It is Legion's [`HasHeuristic`] evaluator (`{"kind": "heuristic"}`, MCTS heuristic rollouts
//! and cut-offs); a config's `weights` replace the defaults by name ([`LegionWeights::NAMES`]).
//! Features of seat `p` against the opponent `q` (weights in [`LegionWeights::default`]):
//! - `vp`: VP difference, over 12 (the sudden-win threshold);
//! - `points`: share of own army points left minus the opponent's share;
//! - `wounds`: share of own wounds left minus the opponent's share;
//! - `secured`, `contesting`: POIs secured and contesting units, differences;
//! - `cover`: units in cover, as a share of living units, difference;
//! - `deployed`: living units on the board, as a share, difference (so units deploy);
//! - `threatening`: living units that can attack an enemy now, as a share, difference (so
//!   units close in; being in the enemy's reach counts against through the opponent's share);
//! - `suppression` (negative): suppression tokens, difference, over 10; `panicked` likewise;
//! - `commander`: having a Commander to play command cards, difference.
//!
//! The score difference `d = s_p - s_q` becomes `v_p = σ(scale · d)`, `v_q = 1 - v_p`. Every
//! input is public (the state has no hidden part but the unrevealed command card, which this
//! evaluator does not read), so evaluating a determinization leaks nothing.

use std::cell::RefCell;

use engine::game::{Game, PerPlayer, Turn};
use engine::legion::summary::SideSummary;
use engine::legion::{Action, LegionGame, Step};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Dice outcomes averaged per completion of a compound action ([`LegionHeuristic::evaluate`]).
pub const LOOKAHEAD_SAMPLES: u64 = 4;

use crate::config::ConfigError;
use crate::heuristic::{Evaluator, HasHeuristic, Weights};

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
    /// Share of living units on the board, difference (deploying).
    pub deployed: f64,
    /// Share of living units able to attack an enemy now, difference (closing in).
    pub threatening: f64,
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
            deployed: 0.3,
            threatening: 0.4,
            scale: 1.5,
        }
    }
}

impl LegionWeights {
    /// The configurable weight names, sorted.
    pub const NAMES: &'static [&'static str] = &[
        "commander",
        "contesting",
        "cover",
        "deployed",
        "panicked",
        "points",
        "scale",
        "secured",
        "suppression",
        "threatening",
        "vp",
        "wounds",
    ];

    /// The defaults with the named weights of a config replacing them.
    pub fn from_weights(weights: &Weights) -> Result<Self, ConfigError> {
        let mut w = LegionWeights::default();
        for (name, &x) in weights {
            let slot = match name.as_str() {
                "commander" => &mut w.commander,
                "contesting" => &mut w.contesting,
                "cover" => &mut w.cover,
                "deployed" => &mut w.deployed,
                "threatening" => &mut w.threatening,
                "panicked" => &mut w.panicked,
                "points" => &mut w.points,
                "scale" => &mut w.scale,
                "secured" => &mut w.secured,
                "suppression" => &mut w.suppression,
                "vp" => &mut w.vp,
                "wounds" => &mut w.wounds,
                _ => return Err(ConfigError::UnknownWeight { weight: name.clone(), known: Self::NAMES }),
            };
            *slot = x;
        }
        Ok(w)
    }
}

/// Heuristic evaluator of Legion-lite states.
#[derive(Clone, Debug, Default)]
pub struct LegionHeuristic {
    /// The weights.
    pub weights: LegionWeights,
    /// The lookahead's legal-action buffer, kept between evaluations so that evaluating
    /// allocates nothing once it is warm (search calls the evaluator at every leaf).
    legal: RefCell<Vec<Action>>,
}

impl LegionHeuristic {
    /// The weighted score of side `a` (not yet compared with the opponent).
    fn score(&self, a: &SideSummary) -> f64 {
        let w = &self.weights;
        let share = |x: u16, of: u16| if of == 0 { 0.0 } else { x as f64 / of as f64 };
        let alive = a.units_alive.max(1) as f64;
        w.vp * a.vp as f64 / 12.0
            + w.points * share(a.remaining_points, a.total_points)
            + w.wounds * share(a.remaining_wounds, a.total_wounds)
            + w.secured * a.secured as f64
            + w.contesting * a.contesting as f64
            + w.cover * a.in_cover as f64 / alive
            + w.deployed * a.units_on_board as f64 / alive
            + w.threatening * a.threatening as f64 / alive
            + w.suppression * a.suppression as f64 / 10.0
            + w.panicked * a.panicked as f64
            + w.commander * a.has_commander as u8 as f64
    }

    /// Each player's value in `[0, 1]`; at a terminal state, the returns mapped onto `[0, 1]`
    /// (1 for the winner, 0 for the loser, ½ each for a draw).
    ///
    /// In the middle of a compound action (the destination of a Move, the target of an Attack
    /// or an Observe) the value is that of the mover's best completion, each completion scored
    /// as the mean of [`LOOKAHEAD_SAMPLES`] dice outcomes drawn from fixed seeds (so the value
    /// stays a function of the state): a one-ply agent choosing "Attack" then sees what the
    /// attack would do, not the unchanged board before its target is named.
    pub fn evaluate(&self, s: &LegionGame) -> PerPlayer<f64> {
        match s.step() {
            Step::MoveTo | Step::AttackTarget | Step::ObserveTarget => self.best_completion(s),
            _ => self.evaluate_static(s),
        }
    }

    /// The mover's best completion of the compound action at `s` (see [`Self::evaluate`]).
    fn best_completion(&self, s: &LegionGame) -> PerPlayer<f64> {
        let Turn::Player(me) = s.current() else { return self.evaluate_static(s) };
        let mut legal = self.legal.take();
        s.legal_actions(&mut legal);
        let mut best = f64::NEG_INFINITY;
        for &a in &legal {
            let mut next = s.clone();
            next.apply(a);
            let mut sum = 0.0;
            let samples = if next.current() == Turn::Chance { LOOKAHEAD_SAMPLES } else { 1 };
            for k in 0..samples {
                let mut n = next.clone();
                if n.current() == Turn::Chance {
                    n.apply_chance(&mut ChaCha8Rng::seed_from_u64(k));
                }
                sum += self.evaluate_static(&n)[me];
            }
            best = best.max(sum / samples as f64);
        }
        self.legal.replace(legal);
        let mut v = PerPlayer::filled(2, 1.0 - best);
        v[me] = best;
        v
    }

    /// The evaluation of `s` as it stands.
    fn evaluate_static(&self, s: &LegionGame) -> PerPlayer<f64> {
        if s.is_terminal() {
            let (lo, hi) = s.utility_range();
            return s.returns().map(|r| (r - lo) / (hi - lo));
        }
        let d = self.score(&s.side_summary(0)) - self.score(&s.side_summary(1));
        let v0 = 1.0 / (1.0 + (-self.weights.scale * d).exp());
        PerPlayer::from_slice(&[v0, 1.0 - v0])
    }
}

impl Evaluator<LegionGame> for LegionHeuristic {
    fn evaluate(&self, state: &LegionGame) -> PerPlayer<f64> {
        LegionHeuristic::evaluate(self, state)
    }
}

impl HasHeuristic for LegionGame {
    type Heuristic = LegionHeuristic;

    fn heuristic_with(weights: &Weights) -> Result<LegionHeuristic, ConfigError> {
        LegionWeights::from_weights(weights).map(|weights| LegionHeuristic { weights, ..LegionHeuristic::default() })
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

    #[test]
    fn weights_are_set_by_name_and_unknown_names_are_refused() {
        let mut w = Weights::new();
        w.insert("vp".into(), 9.0);
        assert_eq!(LegionGame::heuristic_with(&w).unwrap().weights.vp, 9.0);
        w.insert("nope".into(), 1.0);
        assert!(matches!(LegionGame::heuristic_with(&w), Err(ConfigError::UnknownWeight { .. })));
    }
}
