//! A set of register candidates, one bit each: what liveness, the
//! interference graph and the spills at calls are made of. A fixed
//! number of 64-bit words, so a set is a value (no allocation, no
//! hashing) and the set operations are a few word operations.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// Words in a set.
const WORDS: usize = 4;
/// Candidates a set can hold.
pub const CAPACITY: usize = 64 * WORDS;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mask([u64; WORDS]);

impl Mask {
    pub const EMPTY: Mask = Mask([0; WORDS]);
    pub const FULL: Mask = Mask([u64::MAX; WORDS]);

    /// The set of candidate `k` alone.
    pub fn bit(k: usize) -> Mask {
        let mut m = Mask::EMPTY;
        m.0[k / 64] = 1 << (k % 64);
        m
    }

    /// Adds candidate `k`, in place: building a set bit by bit through
    /// `Mask::bit` wrote one word to memory and read it back as part of
    /// a wider vector, which the store buffer cannot forward (a tenth of
    /// the register allocator's time went to that stall).
    pub fn insert(&mut self, k: usize) {
        self.0[k / 64] |= 1 << (k % 64);
    }

    pub fn contains(self, k: usize) -> bool {
        self.0[k / 64] & (1 << (k % 64)) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The lowest candidate in the set.
    pub fn first(self) -> Option<usize> {
        self.iter().next()
    }

    /// The candidates in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..WORDS).flat_map(move |w| {
            let mut word = self.0[w];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let k = word.trailing_zeros() as usize;
                    word &= word - 1;
                    64 * w + k
                })
            })
        })
    }
}

impl BitOr for Mask {
    type Output = Mask;
    fn bitor(mut self, other: Mask) -> Mask {
        self |= other;
        self
    }
}

impl BitOrAssign for Mask {
    fn bitor_assign(&mut self, other: Mask) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

impl BitAnd for Mask {
    type Output = Mask;
    fn bitand(mut self, other: Mask) -> Mask {
        self &= other;
        self
    }
}

impl BitAndAssign for Mask {
    fn bitand_assign(&mut self, other: Mask) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
    }
}

impl Not for Mask {
    type Output = Mask;
    fn not(self) -> Mask {
        Mask(self.0.map(|w| !w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_across_words_behave_as_sets_of_numbers() {
        let picks = [0, 1, 63, 64, 127, 128, 200, CAPACITY - 1];
        let m = picks.iter().fold(Mask::EMPTY, |m, &k| m | Mask::bit(k));
        let mut inserted = Mask::EMPTY;
        picks.iter().for_each(|&k| inserted.insert(k));
        assert_eq!(inserted, m);
        assert_eq!(m.iter().collect::<Vec<_>>(), picks);
        assert!(picks.iter().all(|&k| m.contains(k)));
        assert!(!m.contains(2) && !m.contains(129));
        assert_eq!(m.first(), Some(0));
        assert_eq!((m & !Mask::bit(0)).first(), Some(1));
        assert!((m & !m).is_empty());
        assert_eq!(!Mask::EMPTY, Mask::FULL);
        assert_eq!((m & Mask::bit(200)).iter().collect::<Vec<_>>(), [200]);
    }
}
