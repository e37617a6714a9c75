//! Connect Four (7 columns x 6 rows), the reference game for validating agents against public
//! implementations (OpenSpiel's `connect_four`: same player order, action ids, returns and
//! board rendering).
//!
//! Rules: two players alternately drop a stone into a column that is not full; the stone falls
//! to the lowest empty cell. Four of one player's stones in a line (vertical, horizontal or
//! diagonal) win (+1 for the winner, -1 for the loser); a full board without four is a draw
//! (0 each). Player 0 (`x`) moves first. No chance, no hidden information.
//!
//! Representation (the classic bitboard of Pascal Pons' solver): one `u64` per player, bit
//! `7 * column + row` (row 0 at the bottom); each column has a seventh, always-empty sentinel
//! bit, so shifted lines never wrap into the next column. The state is 32 bytes and `Copy`.

use std::fmt;

use rand_chacha::ChaCha8Rng;

use crate::game::{Game, PerPlayer, Turn};

/// Number of columns.
pub const WIDTH: usize = 7;
/// Number of rows.
pub const HEIGHT: usize = 6;
/// Bits per column in the bitboards (the rows plus one sentinel).
const COLUMN_BITS: u32 = HEIGHT as u32 + 1;
/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c as u32 * COLUMN_BITS);
        c += 1;
    }
    m
};
/// The top cell of every column.
const TOP: u64 = BOTTOM << (HEIGHT - 1);
/// Every cell of the board (sentinels excluded).
pub const BOARD_MASK: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// A column to drop a stone into, `0..WIDTH`; OpenSpiel's action id.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Column(pub u8);

/// Why a move could not be played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The column index is `WIDTH` or more.
    NoSuchColumn(u8),
    /// The column already holds `HEIGHT` stones.
    ColumnFull(Column),
    /// The game is already over.
    GameOver,
    /// A move string held something other than a column digit.
    NotAColumn(char),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoSuchColumn(c) => write!(f, "column {c} does not exist (0..{WIDTH})"),
            MoveError::ColumnFull(c) => write!(f, "column {} is full", c.0),
            MoveError::GameOver => write!(f, "the game is over"),
            MoveError::NotAColumn(ch) => write!(f, "{ch:?} is not a column digit"),
        }
    }
}

impl std::error::Error for MoveError {}

/// `outcome` while the game goes on.
const ONGOING: u8 = 0;
/// `outcome` of a full board without four in a row.
const DRAW: u8 = 3;

/// A Connect Four position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    /// Each player's stones, bit `7 * column + row`.
    stones: [u64; 2],
    /// Stones in each column.
    heights: [u8; WIDTH],
    /// The player to move (meaningless once the game is over).
    to_move: u8,
    /// Stones on the board.
    moves: u8,
    /// [`ONGOING`], 1 + winner, or [`DRAW`].
    outcome: u8,
}

impl Default for ConnectFour {
    fn default() -> Self {
        Self::new()
    }
}

/// True when `b` holds four cells in a line.
#[inline]
fn has_four(b: u64) -> bool {
    // Shifts: 1 vertical, 7 horizontal, 6 and 8 the two diagonals.
    let four = |s: u32| {
        let m = b & (b >> s);
        m & (m >> (2 * s)) != 0
    };
    four(1) | four(COLUMN_BITS) | four(COLUMN_BITS - 1) | four(COLUMN_BITS + 1)
}

/// The cells outside `stones` that would complete four in a line with `stones` (occupied or
/// not; intersect with [`ConnectFour::playable`] for cells playable now). A "threat" map.
pub fn winning_cells(stones: u64) -> u64 {
    let p = stones;
    // Vertical: three below.
    let mut r = (p << 1) & (p << 2) & (p << 3);
    for s in [COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1] {
        let before = (p << s) & (p << (2 * s));
        r |= before & (p << (3 * s));
        r |= before & (p >> s);
        let after = (p >> s) & (p >> (2 * s));
        r |= after & (p << s);
        r |= after & (p >> (3 * s));
    }
    r & BOARD_MASK & !stones
}

impl ConnectFour {
    /// The empty board, player 0 to move.
    pub const fn new() -> Self {
        ConnectFour { stones: [0; 2], heights: [0; WIDTH], to_move: 0, moves: 0, outcome: ONGOING }
    }

    /// The position after playing `moves`, a string of column digits `0`-`6` (e.g. `"3324"`).
    pub fn from_moves(moves: &str) -> Result<Self, MoveError> {
        let mut s = Self::new();
        for ch in moves.chars() {
            let c = ch.to_digit(10).ok_or(MoveError::NotAColumn(ch))?;
            s.try_apply(Column(c as u8))?;
        }
        Ok(s)
    }

    /// Player `p`'s stones as a bitboard (bit `7 * column + row`).
    pub fn stones(&self, p: usize) -> u64 {
        self.stones[p]
    }
    /// Stones in each column.
    pub fn heights(&self) -> [u8; WIDTH] {
        self.heights
    }
    /// Stones on the board.
    pub fn moves(&self) -> usize {
        self.moves as usize
    }
    /// The player to move next (also after the game ended: the one who would have).
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }
    /// The winner, once someone has four in a line.
    pub fn winner(&self) -> Option<usize> {
        match self.outcome {
            1 | 2 => Some(self.outcome as usize - 1),
            _ => None,
        }
    }
    /// The empty cells a stone can be dropped into now, one per non-full column.
    pub fn playable(&self) -> u64 {
        ((self.stones[0] | self.stones[1]) + BOTTOM) & BOARD_MASK
    }
    /// The stone at `column`, `row` (row 0 at the bottom), if any.
    pub fn cell(&self, column: usize, row: usize) -> Option<usize> {
        let bit = 1u64 << (column as u32 * COLUMN_BITS + row as u32);
        (0..2).find(|&p| self.stones[p] & bit != 0)
    }

    /// Drops a stone for the player to move into `column`, or says why it cannot.
    pub fn try_apply(&mut self, column: Column) -> Result<(), MoveError> {
        if self.outcome != ONGOING {
            return Err(MoveError::GameOver);
        }
        if column.0 as usize >= WIDTH {
            return Err(MoveError::NoSuchColumn(column.0));
        }
        if self.heights[column.0 as usize] as usize >= HEIGHT {
            return Err(MoveError::ColumnFull(column));
        }
        self.play(column);
        Ok(())
    }

    /// Drops the stone; the caller has checked legality.
    #[inline]
    fn play(&mut self, column: Column) {
        let c = column.0 as usize;
        let me = self.to_move as usize;
        self.stones[me] |= 1 << (c as u32 * COLUMN_BITS + self.heights[c] as u32);
        self.heights[c] += 1;
        self.moves += 1;
        if has_four(self.stones[me]) {
            self.outcome = 1 + me as u8;
        } else if self.moves as usize == WIDTH * HEIGHT {
            self.outcome = DRAW;
        }
        self.to_move ^= 1;
    }
}

impl Game for ConnectFour {
    type Action = Column;
    type Observation = ConnectFour;
    const HIDDEN_INFORMATION: bool = false;
    const CHANCE: bool = false;

    fn num_players(&self) -> usize {
        2
    }

    #[inline]
    fn current(&self) -> Turn {
        if self.outcome == ONGOING {
            Turn::Player(self.to_move as usize)
        } else {
            Turn::Terminal
        }
    }

    #[inline]
    fn legal_actions(&self, buf: &mut Vec<Column>) {
        const ALL: [Column; WIDTH] = [Column(0), Column(1), Column(2), Column(3), Column(4), Column(5), Column(6)];
        buf.clear();
        if self.outcome != ONGOING {
            return;
        }
        let full = (self.stones[0] | self.stones[1]) & TOP;
        if full == 0 {
            buf.extend_from_slice(&ALL);
            return;
        }
        buf.extend(ALL.iter().filter(|c| full >> (c.0 as u32 * COLUMN_BITS + HEIGHT as u32 - 1) & 1 == 0));
    }

    /// # Panics
    /// If the column does not exist or is full, or the game is over.
    #[inline]
    fn apply(&mut self, action: Column) {
        let c = action.0 as usize;
        if self.outcome != ONGOING || c >= WIDTH || self.heights[c] as usize >= HEIGHT {
            illegal_move(self, action);
        }
        self.play(action);
    }

    #[inline]
    fn returns(&self) -> PerPlayer<f64> {
        let mut r = PerPlayer::filled(2, 0.0);
        if let Some(w) = self.winner() {
            r[w] = 1.0;
            r[1 - w] = -1.0;
        }
        r
    }

    fn utility_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn observation(&self, _player: usize) -> ConnectFour {
        *self
    }

    fn determinize(&self, _observer: usize, _rng: &mut ChaCha8Rng) -> Self {
        *self
    }

    fn action_to_string(&self, action: Column) -> String {
        format!("{}{}", ['x', 'o'][self.to_move as usize], action.0)
    }

    /// One stone per move: at most `WIDTH * HEIGHT` moves.
    fn max_game_length(&self) -> u64 {
        (WIDTH * HEIGHT - self.moves()) as u64
    }

    fn render(&self) -> String {
        self.to_string()
    }
}

/// The panic of [`Game::apply`] on an illegal move, kept out of line so `apply` stays small.
#[cold]
#[inline(never)]
fn illegal_move(state: &ConnectFour, action: Column) -> ! {
    panic!("illegal Connect Four move {action:?} in\n{state}")
}

impl fmt::Display for ConnectFour {
    /// OpenSpiel's rendering: top row first, `.` empty, `x` player 0, `o` player 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..HEIGHT).rev() {
            for col in 0..WIDTH {
                let ch = match self.cell(col, row) {
                    Some(0) => 'x',
                    Some(_) => 'o',
                    None => '.',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for ConnectFour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ConnectFour(to_move={}, moves={}, outcome={})\n{self}", self.to_move, self.moves, self.outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::random_simulation;
    use rand::{RngExt, SeedableRng};

    fn play(moves: &str) -> ConnectFour {
        ConnectFour::from_moves(moves).unwrap()
    }

    #[test]
    fn vertical_four_wins() {
        let s = play("0101010");
        assert_eq!(s.winner(), Some(0));
        assert!(s.is_terminal());
        assert_eq!(&*s.returns(), &[1.0, -1.0]);
        assert_eq!(play("010101").winner(), None);
    }

    #[test]
    fn horizontal_four_wins() {
        // x on 0..3 of the bottom row; o stacks on top of them.
        let s = play("0011223");
        assert_eq!(s.winner(), Some(0));
        // Player 1 wins along the bottom row while x stacks pairs on columns 5 and 6.
        let s = play("5061526");
        assert_eq!(s.winner(), None, "\n{s}");
        let s = play("50615263");
        assert_eq!(s.winner(), Some(1), "\n{s}");
        assert_eq!(&*s.returns(), &[-1.0, 1.0]);
    }

    #[test]
    fn rising_diagonal_wins() {
        // x at (0,0) (1,1) (2,2) (3,3).
        let s = play("01122323633");
        assert_eq!(s.winner(), Some(0), "\n{s}");
        assert_eq!(s.cell(3, 3), Some(0));
    }

    #[test]
    fn falling_diagonal_wins() {
        // x at (3,0) (2,1) (1,2) (0,3): the mirror image of the rising diagonal.
        let s = play("65544343033");
        assert_eq!(s.winner(), Some(0), "\n{s}");
        let mirror = play("01122323633");
        for col in 0..WIDTH {
            for row in 0..HEIGHT {
                assert_eq!(s.cell(col, row), mirror.cell(WIDTH - 1 - col, row));
            }
        }
    }

    #[test]
    fn no_wrap_across_columns_or_rows() {
        // x holds the top three cells of column 0 and the bottom cell of column 1: four
        // consecutive cells in reading order, but no line; the sentinel bit keeps them apart.
        let s = play("10204006060");
        assert_eq!((s.cell(0, 5), s.cell(1, 0)), (Some(0), Some(0)));
        assert_eq!(s.winner(), None, "\n{s}");
        assert!(!has_four(0b111 << 3 | 1 << 7));
    }

    #[test]
    fn full_board_without_four_is_a_draw() {
        let moves = "331650114266141231434452363064260555520200";
        let s = play(moves);
        assert_eq!(s.moves(), WIDTH * HEIGHT);
        assert_eq!(s.winner(), None);
        assert_eq!(s.current(), Turn::Terminal);
        assert_eq!(&*s.returns(), &[0.0, 0.0]);
        assert_eq!(&*s.ranking(), &[0, 0]);
        let mut buf = vec![Column(9)];
        s.legal_actions(&mut buf);
        assert!(buf.is_empty());
        assert_eq!(play(&moves[..41]).current(), Turn::Player(1));
    }

    #[test]
    fn legal_actions_skip_full_columns_in_order() {
        let mut buf = Vec::new();
        let s = ConnectFour::new();
        s.legal_actions(&mut buf);
        assert_eq!(buf, (0..7).map(Column).collect::<Vec<_>>());
        let s = play("333333222222");
        s.legal_actions(&mut buf);
        assert_eq!(buf, [0, 1, 4, 5, 6].map(Column));
        assert_eq!(s.playable().count_ones(), 5);
        let cap = buf.capacity();
        s.legal_actions(&mut buf);
        assert_eq!(buf.capacity(), cap, "refilling must not reallocate");
    }

    #[test]
    fn try_apply_rejects_illegal_moves() {
        let mut s = play("333333");
        assert_eq!(s.try_apply(Column(3)), Err(MoveError::ColumnFull(Column(3))));
        assert_eq!(s.try_apply(Column(7)), Err(MoveError::NoSuchColumn(7)));
        let mut won = play("0101010");
        assert_eq!(won.try_apply(Column(4)), Err(MoveError::GameOver));
        assert_eq!(ConnectFour::from_moves("3a"), Err(MoveError::NotAColumn('a')));
        assert_eq!(ConnectFour::from_moves("38"), Err(MoveError::NoSuchColumn(8)));
        assert!(s.try_apply(Column(2)).is_ok());
    }

    #[test]
    #[should_panic(expected = "illegal Connect Four move")]
    fn apply_panics_on_a_full_column() {
        let mut s = play("333333");
        s.apply(Column(3));
    }

    #[test]
    fn winning_cells_finds_threats() {
        // x on (0,0) (1,0) (2,0): threat at (3,0); x on column 6 rows 0-2: threat at (6,3).
        let s = play("00112565656");
        assert_eq!(s.winner(), None, "\n{s}");
        let w = winning_cells(s.stones(0));
        assert_ne!(w & (1 << (3 * COLUMN_BITS)), 0, "\n{s}");
        assert_eq!(w & s.playable() & (1 << (3 * COLUMN_BITS)), 1 << (3 * COLUMN_BITS));
        assert_ne!(w & (1 << (6 * COLUMN_BITS + 3)), 0);
        assert_eq!(w & (s.stones(0) | s.stones(1)), 0);
        assert_eq!(winning_cells(0), 0);
    }

    #[test]
    fn renders_like_openspiel_and_names_actions() {
        let s = play("33");
        assert_eq!(s.to_string(), ".......\n.......\n.......\n.......\n...o...\n...x...\n");
        assert_eq!(s.action_to_string(Column(4)), "x4");
    }

    /// OpenSpiel-style random simulation: thousands of seeded games, invariants at every step.
    #[test]
    fn random_simulation_keeps_invariants() {
        let summary = random_simulation(&ConnectFour::new(), 3000, 20240601, 42, |s| {
            let stones = (s.stones(0) | s.stones(1)).count_ones() as usize;
            if stones != s.moves() || s.heights().iter().map(|&h| h as usize).sum::<usize>() != stones {
                return Err(format!("move count {} vs stones {stones}", s.moves()));
            }
            if s.stones(0) & s.stones(1) != 0 || (s.stones(0) | s.stones(1)) & !BOARD_MASK != 0 {
                return Err("overlapping or out-of-board stones".into());
            }
            let (x, o) = (s.stones(0).count_ones(), s.stones(1).count_ones());
            if x != o && x != o + 1 {
                return Err(format!("{x} x stones against {o} o stones"));
            }
            if s.returns().iter().sum::<f64>() != 0.0 {
                return Err(format!("returns {:?} do not sum to zero", s.returns()));
            }
            let four = [has_four(s.stones(0)), has_four(s.stones(1))];
            if four[0] && four[1] || s.winner().map(|w| !four[w]).unwrap_or(four[0] | four[1]) {
                return Err(format!("winner {:?} but fours {four:?}", s.winner()));
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(summary.games, 3000);
        assert!(summary.decided > 2900, "{summary:?}");
        assert!(summary.states > 3000 * 15, "{summary:?}");
    }

    #[test]
    fn random_simulation_reports_a_broken_invariant() {
        let err =
            random_simulation(
                &ConnectFour::new(),
                10,
                1,
                42,
                |s| {
                    if s.moves() == 5 {
                        Err("five".into())
                    } else {
                        Ok(())
                    }
                },
            )
            .unwrap_err();
        assert_eq!((err.game, err.step, err.message.as_str()), (0, 5, "five"));
    }

    /// A differential check of the bitboard win test against a plain scan of the rules.
    #[test]
    fn win_detection_matches_a_plain_scan() {
        let plain = |s: &ConnectFour, p: usize| {
            let dirs = [(1i32, 0i32), (0, 1), (1, 1), (1, -1)];
            (0..WIDTH as i32).any(|c| {
                (0..HEIGHT as i32).any(|r| {
                    dirs.iter().any(|&(dc, dr)| {
                        (0..4).all(|k| {
                            let (cc, rr) = (c + dc * k, r + dr * k);
                            (0..WIDTH as i32).contains(&cc)
                                && (0..HEIGHT as i32).contains(&rr)
                                && s.cell(cc as usize, rr as usize) == Some(p)
                        })
                    })
                })
            })
        };
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut buf = Vec::new();
        for _ in 0..500 {
            let mut s = ConnectFour::new();
            while !s.is_terminal() {
                s.legal_actions(&mut buf);
                s.apply(buf[rng.random_range(0..buf.len())]);
                assert_eq!(s.winner() == Some(0), plain(&s, 0), "\n{s}");
                assert_eq!(s.winner() == Some(1), plain(&s, 1), "\n{s}");
            }
        }
    }
}
