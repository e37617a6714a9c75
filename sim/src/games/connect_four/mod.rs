//! Connect Four as an experiment: configs with `"game": "connect4"` (no rule options, no
//! factions), the agents crate's Connect Four heuristic, bitboard invariants checked by a plain
//! scan of the cells, and the `sim bench` figures of [`bench`].

pub mod bench;

use std::ops::RangeInclusive;

use agents::agent::Agent;
use agents::config::{AgentConfig, ConfigError as AgentError};
use engine::connect_four::{ConnectFour, BOARD_MASK, HEIGHT, WIDTH};
use engine::game::{Game, PerPlayer};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::bench::timing::Budget;
use crate::bench::BenchError;
use crate::run::config::{ConfigError, Experiment};
use crate::run::spec::{check_agents, Experimentable, Setup};

impl Experimentable for ConnectFour {
    const ID: &'static str = "connect4";
    const PLAYERS: RangeInclusive<usize> = 2..=2;
    type Prepared = ();

    /// Connect Four has no rule options: `rules` must be empty.
    fn prepare(exp: &Experiment, origin: &str) -> Result<(), ConfigError> {
        check_agents(exp, origin, |a| a.try_build::<ConnectFour>())?;
        match exp.rules.keys().next() {
            Some(k) => Err(ConfigError::new(origin, format!("rules.{k}"), "connect4 has no rule options")),
            None => Ok(()),
        }
    }

    fn build_agent(cfg: &AgentConfig, _prep: &()) -> Result<Box<dyn Agent<Self>>, AgentError> {
        cfg.try_build::<ConnectFour>().map(|a| a as Box<dyn Agent<Self>>)
    }

    fn bench(budget: &Budget, threads: usize) -> Result<Option<Value>, BenchError> {
        let figures = bench::measure(budget, threads)?;
        Ok(Some(serde_json::to_value(figures).expect("figures serialize")))
    }

    fn new_game(_prep: &(), _setup: &Setup, _rng: &mut ChaCha8Rng) -> Self {
        ConnectFour::new()
    }

    /// +1 for the winner, −1 for the loser, 0 each for a draw (the game's returns).
    fn scores(&self) -> PerPlayer<i64> {
        self.returns().map(|r| r as i64)
    }

    fn end_condition(&self) -> &'static str {
        match self.winner() {
            Some(_) => "four_in_a_row",
            None if self.is_terminal() => "board_full",
            None => "unfinished",
        }
    }

    /// Bitboard consistency: stones within the board and not shared, heights and the move
    /// count agree with the stones, the colours alternate, and the winner (if any) is the
    /// only player with four in a line.
    fn check_invariants(&self) -> Result<(), String> {
        let (x, o) = (self.stones(0), self.stones(1));
        if x & o != 0 {
            return Err(format!("a cell holds both colours: {:#x}", x & o));
        }
        if (x | o) & !BOARD_MASK != 0 {
            return Err("stones outside the board (sentinel row or beyond)".into());
        }
        let stones = (x | o).count_ones() as usize;
        if stones != self.moves() {
            return Err(format!("{stones} stones but {} moves", self.moves()));
        }
        for (c, &h) in self.heights().iter().enumerate() {
            let column = ((x | o) >> (c * (HEIGHT + 1))) & 0x7f;
            if column != (1u64 << h) - 1 {
                return Err(format!("column {c}: height {h} but stones {column:#09b}"));
            }
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(format!("{nx} x stones against {no} o stones"));
        }
        let four = [four_in_a_line(self, 0), four_in_a_line(self, 1)];
        if four[0] && four[1] || self.winner().map_or(four[0] || four[1], |w| !four[w]) {
            return Err(format!("winner {:?} but four in a line {four:?}", self.winner()));
        }
        Ok(())
    }
}

/// Whether `player` has four in a line, by a plain scan of the cells (independent of the
/// engine's bitboard test, which it checks).
fn four_in_a_line(s: &ConnectFour, player: usize) -> bool {
    let (w, h) = (WIDTH as i32, HEIGHT as i32);
    let owns =
        |c: i32, r: i32| (0..w).contains(&c) && (0..h).contains(&r) && s.cell(c as usize, r as usize) == Some(player);
    (0..w).any(|c| {
        (0..h).any(|r| {
            [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| (0..4).all(|k| owns(c + dc * k, r + dr * k)))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn connect_four_invariants_hold_on_real_games_and_catch_nothing_else() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let setup = Setup { players: 2, factions: None };
        let mut s = ConnectFour::new_game(&(), &setup, &mut rng);
        for m in "3324451166".chars() {
            s.check_invariants().unwrap();
            s.apply(engine::connect_four::Column(m.to_digit(10).unwrap() as u8));
        }
        s.check_invariants().unwrap();
        let won = ConnectFour::from_moves("0101010").unwrap();
        won.check_invariants().unwrap();
        assert_eq!((won.end_condition(), &*won.scores()), ("four_in_a_row", &[1, -1][..]));
        let full = ConnectFour::from_moves("331650114266141231434452363064260555520200").unwrap();
        assert_eq!((full.end_condition(), &*full.scores()), ("board_full", &[0, 0][..]));
    }
}
