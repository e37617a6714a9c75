//! Dice (digest §3.1): the real faces of the red, black and white attack dice (8 sides) and
//! the red and white defense dice (6 sides), and rolling them from the game's RNG.
//!
//! Faithful: face counts (red attack 5 hit / 1 crit / 1 surge / 1 blank, black 3/1/1/3,
//! white 1/1/1/5; red defense 3 block / 1 surge / 2 blank, white 1/1/4).

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// An attack die colour (index into [`super::roster::Weapon::dice`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AttackDie {
    /// Red attack die.
    Red = 0,
    /// Black attack die.
    Black = 1,
    /// White attack die.
    White = 2,
}

/// A defense die colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DefenseDie {
    /// Red defense die.
    Red,
    /// White defense die.
    White,
}

/// An attack die result.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AttackFace {
    /// Blank.
    Blank,
    /// Surge (converted by the surge chart or a Surge token).
    Surge,
    /// Hit.
    Hit,
    /// Critical.
    Crit,
}

/// A defense die result.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DefenseFace {
    /// Blank.
    Blank,
    /// Surge.
    Surge,
    /// Block.
    Block,
}

use AttackFace as A;
use DefenseFace as D;

/// Faces of each attack die, indexed by [`AttackDie`].
pub const ATTACK_FACES: [[AttackFace; 8]; 3] = [
    [A::Hit, A::Hit, A::Hit, A::Hit, A::Hit, A::Crit, A::Surge, A::Blank],
    [A::Hit, A::Hit, A::Hit, A::Crit, A::Surge, A::Blank, A::Blank, A::Blank],
    [A::Hit, A::Crit, A::Surge, A::Blank, A::Blank, A::Blank, A::Blank, A::Blank],
];

/// Faces of the red and white defense dice.
pub const DEFENSE_FACES: [[DefenseFace; 6]; 2] = [
    [D::Block, D::Block, D::Block, D::Surge, D::Blank, D::Blank],
    [D::Block, D::Surge, D::Blank, D::Blank, D::Blank, D::Blank],
];

/// Rolls one attack die.
pub fn roll_attack(rng: &mut ChaCha8Rng, die: AttackDie) -> AttackFace {
    ATTACK_FACES[die as usize][rng.random_range(0..8usize)]
}

/// Rolls one defense die.
pub fn roll_defense(rng: &mut ChaCha8Rng, die: DefenseDie) -> DefenseFace {
    DEFENSE_FACES[die as usize][rng.random_range(0..6usize)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn count<T: PartialEq>(faces: &[T], f: T) -> usize {
        faces.iter().filter(|&x| *x == f).count()
    }

    #[test]
    fn dice_face_counts_match_the_digest_table() {
        let want = [[5, 1, 1, 1], [3, 1, 1, 3], [1, 1, 1, 5]];
        for (faces, w) in ATTACK_FACES.iter().zip(want) {
            let got = [count(faces, A::Hit), count(faces, A::Crit), count(faces, A::Surge), count(faces, A::Blank)];
            assert_eq!(got, w);
        }
        let want = [[3, 1, 2], [1, 1, 4]];
        for (faces, w) in DEFENSE_FACES.iter().zip(want) {
            assert_eq!([count(faces, D::Block), count(faces, D::Surge), count(faces, D::Blank)], w);
        }
    }

    #[test]
    fn rolled_red_defense_blocks_about_half() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let blocks = (0..6000).filter(|_| roll_defense(&mut rng, DefenseDie::Red) == D::Block).count();
        assert!((2700..3300).contains(&blocks), "{blocks}");
    }
}
