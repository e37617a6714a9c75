//! What a game must provide to be run as an experiment: the [`Experimentable`] trait, and
//! [`GameKind`], the `game` key of a config, which dispatches to the implementing type.
//!
//! Plugging in a game is one `impl Experimentable` plus one [`GameKind`] variant and one arm
//! in each `match` below (`crate::run::execute_experiment` and `crate::replay` dispatch through
//! [`GameKind`] too). Everything else (seating, seeding, parallel play, records, statistics,
//! replay, merge) is generic.
//!
//! TI4 ([`crate::run::ti4`]): `prepare` loads the content directory (`content`) and checks
//! `rules` (victory points, round cap, map) and the faction ids; `new_game` builds the galaxy
//! and seats the factions from the chance RNG; `scores` are victory points; `rounds` the game
//! rounds; `eliminations` and `technologies` fill the records' fields of the same name, which
//! the summary aggregates; `check_invariants` runs the engine's conservation checks;
//! `describe_chance` names the chance event and the units it cost.

use std::ops::RangeInclusive;

use agents::agent::Agent;
use agents::config::AgentConfig;
use agents::heuristic::HasHeuristic;
use engine::connect_four::{ConnectFour, BOARD_MASK, HEIGHT, WIDTH};
use engine::game::{Game, PerPlayer};
use engine::ti4::game::Ti4Game;
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};

use crate::run::config::{ConfigError, Experiment};
use crate::run::record::{Elimination, Research};

/// Who sits where in one game, as handed to [`Experimentable::new_game`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Seats.
    pub players: usize,
    /// Faction id per seat, for games with factions.
    pub factions: Option<Vec<String>>,
}

/// A game that `sim run` can play: construction from a config, per-game results, and hooks for
/// invariants and replay logs. All methods must be deterministic.
pub trait Experimentable: Game {
    /// The config's `game` value (`"connect4"`).
    const ID: &'static str;
    /// The numbers of seats the game supports.
    const PLAYERS: RangeInclusive<usize>;
    /// Whether configs may give `factions` / `faction_pool` / `assignment`.
    const FACTIONS: bool = false;
    /// Whether configs may give a `content` directory.
    const CONTENT: bool = false;

    /// Everything loaded once per run and shared by all games (content tables, parsed rules).
    type Prepared: Send + Sync;

    /// Checks the game-specific parts of `exp` (`rules`, `content`, faction ids) and loads what
    /// every game shares. Called before anything is written; errors name the key.
    fn prepare(exp: &Experiment, origin: &str) -> Result<Self::Prepared, ConfigError>;

    /// Builds an agent from its config (the game's heuristic, possibly tuned by `prep`).
    fn build_agent(cfg: &AgentConfig, prep: &Self::Prepared) -> Box<dyn Agent<Self>>;

    /// The starting state of one game. `rng` is the game's chance stream (shared by the games
    /// of a rotation block), so setup randomness (a galaxy, shuffled decks) is common to them.
    fn new_game(prep: &Self::Prepared, setup: &Setup, rng: &mut ChaCha8Rng) -> Self;

    /// Each seat's score at the end (victory points in TI4), averaged as "mean score".
    fn scores(&self) -> PerPlayer<i64>;

    /// Why the game ended, a short snake_case label (`"four_in_a_row"`).
    fn end_condition(&self) -> &'static str;

    /// Game rounds played, for games that have rounds.
    fn rounds(&self) -> Option<u32> {
        None
    }

    /// Further per-game values for `games.jsonl` (keys sorted on output).
    fn extras(&self) -> Map<String, Value> {
        Map::new()
    }

    /// Eliminations in order, for games with elimination (TI4).
    fn eliminations(&self) -> Option<Vec<Elimination>> {
        None
    }

    /// Technologies researched, in order, for games with technology (TI4).
    fn technologies(&self) -> Option<Vec<Research>> {
        None
    }

    /// The game's internal consistency checks, run after every step with `--check-invariants`.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    /// A readable name for the chance outcome that turned `before` into `after` (dice rolled).
    fn describe_chance(before: &Self, after: &Self) -> String {
        let _ = (before, after);
        "chance event".into()
    }
}

/// The games a config can name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameKind {
    /// `"connect4"`: [`ConnectFour`].
    ConnectFour,
    /// `"ti4"`: [`Ti4Game`].
    Ti4,
}

impl GameKind {
    /// The game named by a config's `game` value, or the problem.
    pub fn parse(id: &str) -> Result<Self, String> {
        match id {
            ConnectFour::ID => Ok(GameKind::ConnectFour),
            Ti4Game::ID => Ok(GameKind::Ti4),
            other => Err(format!("unknown game '{other}' (expected \"ti4\" or \"connect4\")")),
        }
    }

    /// The config spelling.
    pub fn id(self) -> &'static str {
        match self {
            GameKind::ConnectFour => ConnectFour::ID,
            GameKind::Ti4 => Ti4Game::ID,
        }
    }

    /// Supported numbers of seats.
    pub fn players(self) -> RangeInclusive<usize> {
        match self {
            GameKind::ConnectFour => ConnectFour::PLAYERS,
            GameKind::Ti4 => Ti4Game::PLAYERS,
        }
    }

    /// Whether the game has factions.
    pub fn has_factions(self) -> bool {
        match self {
            GameKind::ConnectFour => ConnectFour::FACTIONS,
            GameKind::Ti4 => Ti4Game::FACTIONS,
        }
    }

    /// Whether the game reads a content directory.
    pub fn has_content(self) -> bool {
        match self {
            GameKind::ConnectFour => ConnectFour::CONTENT,
            GameKind::Ti4 => Ti4Game::CONTENT,
        }
    }
}

impl Experimentable for ConnectFour {
    const ID: &'static str = "connect4";
    const PLAYERS: RangeInclusive<usize> = 2..=2;
    type Prepared = ();

    /// Connect Four has no rule options: `rules` must be empty.
    fn prepare(exp: &Experiment, origin: &str) -> Result<(), ConfigError> {
        check_agents::<ConnectFour>(exp, origin)?;
        match exp.rules.keys().next() {
            Some(k) => Err(ConfigError::new(origin, format!("rules.{k}"), "connect4 has no rule options")),
            None => Ok(()),
        }
    }

    fn build_agent(cfg: &AgentConfig, _prep: &()) -> Box<dyn Agent<Self>> {
        cfg.build::<ConnectFour>()
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

/// Checks every agent config of `exp` against game `G` (its evaluator's weight names), with
/// errors keyed `agents[i]...` like the config's own.
pub fn check_agents<G: HasHeuristic>(exp: &Experiment, origin: &str) -> Result<(), ConfigError> {
    for (i, a) in exp.agents.iter().enumerate() {
        a.check::<G>().map_err(|e| {
            let (key, problem) = crate::run::config::agent_error(i, &e);
            ConfigError::new(origin, key, problem)
        })?;
    }
    Ok(())
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
    fn game_ids_round_trip() {
        for g in [GameKind::ConnectFour, GameKind::Ti4] {
            assert_eq!(GameKind::parse(g.id()), Ok(g));
        }
        assert_eq!((GameKind::Ti4.id(), GameKind::Ti4.players(), GameKind::Ti4.has_factions()), ("ti4", 3..=8, true));
        assert!(GameKind::parse("chess").is_err());
    }

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
