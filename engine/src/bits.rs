//! Typed bitsets: sets of small integer ids stored in machine words.
//!
//! Every set is `Copy`, allocation-free, and iterates in increasing id order, so anything
//! that decides or is written out from a set is deterministic.

use std::fmt;
use std::marker::PhantomData;

/// An id that can live in a bitset: a dense index below the set's capacity.
pub trait BitIndex: Copy {
    /// The dense index of this id.
    fn index(self) -> usize;
    /// The id with this dense index.
    fn from_index(i: usize) -> Self;
}

/// A set of ids backed by `W` 64-bit words (capacity `64 * W`).
pub struct BitSet<T, const W: usize> {
    words: [u64; W],
    _id: PhantomData<fn() -> T>,
}

impl<T, const W: usize> Clone for BitSet<T, W> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const W: usize> Copy for BitSet<T, W> {}
impl<T, const W: usize> PartialEq for BitSet<T, W> {
    fn eq(&self, o: &Self) -> bool {
        self.words == o.words
    }
}
impl<T, const W: usize> Eq for BitSet<T, W> {}
impl<T, const W: usize> std::hash::Hash for BitSet<T, W> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.words.hash(h)
    }
}
impl<T, const W: usize> Default for BitSet<T, W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

/// Written as the list of member indices, lowest first (positions and other JSON).
impl<T, const W: usize> serde::Serialize for BitSet<T, W> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.len() as usize))?;
        for (w, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                seq.serialize_element(&(w * 64 + bits.trailing_zeros() as usize))?;
                bits &= bits - 1;
            }
        }
        seq.end()
    }
}

/// Read from a list of member indices; an index at or beyond the capacity is an error.
impl<'de, T, const W: usize> serde::Deserialize<'de> for BitSet<T, W> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let members = <Vec<usize> as serde::Deserialize>::deserialize(d)?;
        let mut words = [0u64; W];
        for i in members {
            if i >= 64 * W {
                return Err(serde::de::Error::custom(format!("set member {i} beyond the capacity {}", 64 * W)));
            }
            words[i / 64] |= 1 << (i % 64);
        }
        Ok(BitSet::from_words(words))
    }
}

impl<T, const W: usize> BitSet<T, W> {
    /// The empty set.
    pub const EMPTY: Self = BitSet { words: [0; W], _id: PhantomData };
    /// How many ids the set can hold.
    pub const CAPACITY: usize = 64 * W;

    /// The raw words, lowest ids first.
    pub const fn words(&self) -> [u64; W] {
        self.words
    }
    /// A set from raw words.
    pub const fn from_words(words: [u64; W]) -> Self {
        BitSet { words, _id: PhantomData }
    }
    /// True when no id is in the set.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// Number of ids in the set.
    pub fn len(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }
    /// [`BitSet::len`] counted one id at a time: the same number, cheaper for sets of a few ids
    /// (a couple of instructions per word and per id, where a target without a population-count
    /// instruction spends a dozen per word).
    pub fn len_sparse(&self) -> u32 {
        let mut n = 0;
        for &w in &self.words {
            let mut w = w;
            while w != 0 {
                w &= w - 1;
                n += 1;
            }
        }
        n
    }
    /// Union.
    #[must_use]
    pub fn union(self, o: Self) -> Self {
        let mut w = self.words;
        for (a, b) in w.iter_mut().zip(o.words) {
            *a |= b;
        }
        Self::from_words(w)
    }
    /// Intersection.
    #[must_use]
    pub fn intersection(self, o: Self) -> Self {
        let mut w = self.words;
        for (a, b) in w.iter_mut().zip(o.words) {
            *a &= b;
        }
        Self::from_words(w)
    }
    /// Ids in `self` and not in `o`.
    #[must_use]
    pub fn difference(self, o: Self) -> Self {
        let mut w = self.words;
        for (a, b) in w.iter_mut().zip(o.words) {
            *a &= !b;
        }
        Self::from_words(w)
    }
    /// True when every id of `self` is in `o`.
    pub fn is_subset(&self, o: &Self) -> bool {
        (0..W).all(|i| self.words[i] & !o.words[i] == 0)
    }
    /// True when the sets share an id.
    pub fn intersects(&self, o: &Self) -> bool {
        (0..W).any(|i| self.words[i] & o.words[i] != 0)
    }
}

impl<T: BitIndex, const W: usize> BitSet<T, W> {
    /// The set holding just `id`.
    pub fn single(id: T) -> Self {
        let mut s = Self::EMPTY;
        s.insert(id);
        s
    }
    /// True when `id` is in the set.
    #[inline]
    pub fn contains(&self, id: T) -> bool {
        let i = id.index();
        self.words[i / 64] >> (i % 64) & 1 == 1
    }
    /// Adds `id`; returns true when it was not there.
    #[inline]
    pub fn insert(&mut self, id: T) -> bool {
        let i = id.index();
        let had = self.contains(id);
        self.words[i / 64] |= 1 << (i % 64);
        !had
    }
    /// Removes `id`; returns true when it was there.
    #[inline]
    pub fn remove(&mut self, id: T) -> bool {
        let i = id.index();
        let had = self.contains(id);
        self.words[i / 64] &= !(1 << (i % 64));
        had
    }
    /// Sets membership of `id`.
    #[inline]
    pub fn set(&mut self, id: T, on: bool) {
        if on {
            self.insert(id);
        } else {
            self.remove(id);
        }
    }
    /// The lowest id, if any.
    pub fn first(&self) -> Option<T> {
        self.iter().next()
    }
    /// The ids in increasing order.
    pub fn iter(&self) -> BitIter<T, W> {
        BitIter { words: self.words, word: 0, _id: PhantomData }
    }
}

impl<T: BitIndex, const W: usize> FromIterator<T> for BitSet<T, W> {
    fn from_iter<I: IntoIterator<Item = T>>(it: I) -> Self {
        let mut s = Self::EMPTY;
        for x in it {
            s.insert(x);
        }
        s
    }
}

impl<T: BitIndex + fmt::Debug, const W: usize> fmt::Debug for BitSet<T, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over a [`BitSet`] in increasing id order.
pub struct BitIter<T, const W: usize> {
    words: [u64; W],
    word: usize,
    _id: PhantomData<fn() -> T>,
}

impl<T: BitIndex, const W: usize> Iterator for BitIter<T, W> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Some(T::from_index(self.word * 64 + bit));
            }
            self.word += 1;
        }
        None
    }
}

impl<T: BitIndex, const W: usize> IntoIterator for BitSet<T, W> {
    type Item = T;
    type IntoIter = BitIter<T, W>;
    fn into_iter(self) -> BitIter<T, W> {
        self.iter()
    }
}

/// Declares a `u8` index newtype usable in bitsets.
#[macro_export]
macro_rules! index_type {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u8);
        impl $crate::bits::BitIndex for $name {
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
            #[inline]
            fn from_index(i: usize) -> Self {
                $name(i as u8)
            }
        }
        impl $name {
            /// The dense index of this id.
            #[inline]
            pub const fn idx(self) -> usize {
                self.0 as usize
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    index_type!(
        /// Test id.
        Id
    );

    #[test]
    fn insert_remove_iterate_in_order() {
        let mut s: BitSet<Id, 3> = BitSet::EMPTY;
        assert!(s.insert(Id(150)));
        assert!(s.insert(Id(3)));
        assert!(s.insert(Id(64)));
        assert!(!s.insert(Id(3)));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![Id(3), Id(64), Id(150)]);
        assert_eq!(s.len(), 3);
        assert!(s.remove(Id(64)));
        assert!(!s.contains(Id(64)));
        let t: BitSet<Id, 3> = [Id(3), Id(7)].into_iter().collect();
        assert_eq!(s.intersection(t).iter().collect::<Vec<_>>(), vec![Id(3)]);
        assert_eq!(s.difference(t).iter().collect::<Vec<_>>(), vec![Id(150)]);
        assert!(BitSet::single(Id(3)).is_subset(&t));
        assert_eq!(format!("{:?}", t), "{Id(3), Id(7)}");
        assert_eq!(Id(9).idx(), 9);
    }

    /// Differential: `len_sparse` equals `len` on empty, sparse, dense and full sets.
    #[test]
    fn len_sparse_equals_len() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..2000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let density = [0, 1, 3, 64][(i % 4) as usize];
            let words: [u64; 3] = std::array::from_fn(|k| match density {
                0 => 0,
                64 => u64::MAX,
                d => (0..d).fold(0u64, |m, j| m | 1 << (x.rotate_left((k * 7 + j) as u32 * 11) % 64)),
            });
            let s: BitSet<Id, 3> = BitSet::from_words(words);
            assert_eq!(s.len_sparse(), s.len(), "{words:x?}");
        }
    }
}
