//! Mission (digest §6.5): setup (blue player, objective and secondary drawn by seed, marked
//! targets), POIs, contesting and securing, and the scoring of each card.
//!
//! Faithful: contesting is a unit within half range of the token and not Panicked; securing
//! is contesting with more units than the opponent; POIs are heavy cover and cannot be
//! entered. Simplified: a unit's leader is its cell; no mission-building mini-game; the
//! centre POI of the even-sized boards sits one cell off the exact centre.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::board::{Cell, CellSet};
use super::options::{MissionChoice, Primary, Secondary};
use super::roster::Rank;
use super::{LegionGame, Step};

impl LegionGame {
    /// The three POI cells of the objective card.
    pub fn poi_cells(&self) -> [Cell; 3] {
        let g = self.geometry();
        match self.primary {
            Primary::HoldTheLine => g.hold_the_line,
            Primary::Breakthrough => g.breakthrough,
        }
    }

    pub(crate) fn poi_set(&self) -> CellSet {
        let mut s = CellSet::default();
        for c in self.poi_cells() {
            s.insert(c);
        }
        s
    }

    /// Units of `player` contesting the POI at `poi`: on the board within half range of it
    /// and not Panicked.
    pub fn contesting(&self, player: usize, poi: Cell) -> u8 {
        let g = self.geometry();
        self.slots(player)
            .filter(|&s| self.on_board(s) && g.within_half(self.unit(s).cell, poi) && !self.is_panicked(s))
            .count() as u8
    }

    /// True when `player` secures the POI at `poi` (more contesting units than the opponent).
    pub fn secures(&self, player: usize, poi: Cell) -> bool {
        self.contesting(player, poi) > self.contesting(1 - player, poi)
    }

    /// Chance at setup: the blue player, the mission (when random) and each side's 2 marked
    /// enemy units; then round 1's Command Phase begins.
    pub(crate) fn setup(&mut self, rng: &mut ChaCha8Rng) {
        self.blue = rng.random_range(0..2u8);
        if self.opts.mission == MissionChoice::Random {
            self.primary = if rng.random_bool(0.5) { Primary::HoldTheLine } else { Primary::Breakthrough };
            self.secondary = if rng.random_bool(0.5) { Secondary::MarkedTargets } else { Secondary::Decapitation };
        }
        for p in 0..2 {
            let enemy = self.slots(1 - p);
            let n = enemy.len() as u8;
            let first = rng.random_range(0..n);
            let second = (first + 1 + rng.random_range(0..n - 1)) % n;
            for k in [first, second] {
                self.units[(enemy.start + k) as usize].marked = true;
            }
        }
        self.begin_command_phase();
        debug_assert!(self.step != Step::Setup);
    }

    /// End Phase, Score VPs: what the Objective Card pays `player` this round. P1 (from round
    /// 2): 1 VP per flank POI secured, 2 for the centre. P2 (from round 2): 1 VP for the POI in
    /// the player's own Territory if no enemy contests it, 2 VP per other POI secured.
    pub fn objective_vp(&self, player: usize) -> u8 {
        if self.round < 2 {
            return 0;
        }
        let pois = self.poi_cells();
        match self.primary {
            Primary::HoldTheLine => {
                (0..3).filter(|&i| self.secures(player, pois[i])).map(|i| if i == 1 { 2 } else { 1 }).sum()
            }
            Primary::Breakthrough => {
                let own = pois[2 * player];
                let mut vp = (self.contesting(1 - player, own) == 0) as u8;
                for &c in &[pois[1], pois[2 - 2 * player]] {
                    vp += 2 * self.secures(player, c) as u8;
                }
                vp
            }
        }
    }

    /// End Phase, Score VPs: scores the Secondary Objective Card for `player` and returns the
    /// VP. S1: 1 VP per marked enemy unit defeated since the last scoring (at most 2 in the
    /// game). S2: 2 VP per enemy Commander unit (original or promoted) defeated this round (at
    /// most 4 in the game).
    pub(crate) fn score_secondary(&mut self, player: usize) -> u8 {
        let mut vp = 0;
        for s in self.slots(1 - player) {
            let u = self.units[s as usize];
            match self.secondary {
                Secondary::MarkedTargets if u.marked && u.defeated && !u.marked_paid => {
                    self.units[s as usize].marked_paid = true;
                    if self.s1_paid[player] < 2 {
                        self.s1_paid[player] += 1;
                        vp += 1;
                    }
                }
                Secondary::Decapitation
                    if u.defeated
                        && u.defeated_round == self.round
                        && u.rank() == Rank::Commander
                        && self.s2_paid[player] + 2 <= 4 =>
                {
                    self.s2_paid[player] += 2;
                    vp += 2;
                }
                _ => {}
            }
        }
        vp
    }
}
