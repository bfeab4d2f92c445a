//! Fixed-size bit sets: the linter's sets of rules ([`super::rules::RuleSet`]) and of
//! registers ([`super::facts::RegBits`]) are sets of small numbers, sized from what
//! they hold.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

/// A set of the numbers `0..64 * W`, as `W` words of bits. Adding a number beyond them
/// panics: sets are sized from what they hold, so that would be a bug.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Bits<W> {
        Bits::EMPTY
    }
}

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Bits<W> = Bits([0; W]);
    /// How many numbers a set can hold: `0..CAPACITY`.
    pub const CAPACITY: usize = 64 * W;

    /// The set of `items`.
    pub fn of(items: impl IntoIterator<Item = usize>) -> Bits<W> {
        let mut b = Bits::EMPTY;
        for n in items {
            b.insert(n);
        }
        b
    }
    /// Adds `n`.
    #[inline]
    pub fn insert(&mut self, n: usize) {
        self.0[n >> 6] |= 1 << (n & 63);
    }
    /// Takes `n` out.
    #[inline]
    pub fn remove(&mut self, n: usize) {
        self.0[n >> 6] &= !(1 << (n & 63));
    }
    /// Adds `start..start + len`.
    pub fn insert_range(&mut self, start: usize, len: usize) {
        let (mut at, end) = (start, start + len);
        while at < end {
            let k = at >> 6;
            let lo = at & 63;
            let hi = (end - (k << 6)).min(64);
            let ones = if hi - lo == 64 {
                u64::MAX
            } else {
                ((1u64 << (hi - lo)) - 1) << lo
            };
            self.0[k] |= ones;
            at = (k << 6) + hi;
        }
    }
    /// Whether `n` is in the set.
    #[inline]
    pub fn contains(&self, n: usize) -> bool {
        self.0.get(n >> 6).is_some_and(|w| w >> (n & 63) & 1 != 0)
    }
    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// The numbers of either set.
    #[inline]
    pub fn union(self, o: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
    /// The numbers of both sets.
    #[inline]
    pub fn intersection(self, o: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }
    /// Whether the sets share a number.
    #[inline]
    pub fn intersects(&self, o: &Bits<W>) -> bool {
        self.0.iter().zip(&o.0).any(|(a, b)| a & b != 0)
    }
    /// Whether every number of this set is in `o`.
    #[inline]
    pub fn is_subset(&self, o: &Bits<W>) -> bool {
        self.0.iter().zip(&o.0).all(|(a, b)| a & !b == 0)
    }
    /// The numbers, in increasing order.
    #[inline]
    pub fn iter(&self) -> Ones<W> {
        Ones {
            words: self.0,
            k: 0,
        }
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Bits<W>;
    #[inline]
    fn bitor(self, o: Bits<W>) -> Bits<W> {
        self.union(o)
    }
}

impl<const W: usize> BitOrAssign for Bits<W> {
    #[inline]
    fn bitor_assign(&mut self, o: Bits<W>) {
        *self = self.union(o);
    }
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Bits<W>;
    #[inline]
    fn bitand(self, o: Bits<W>) -> Bits<W> {
        self.intersection(o)
    }
}

impl<const W: usize> BitAndAssign for Bits<W> {
    #[inline]
    fn bitand_assign(&mut self, o: Bits<W>) {
        *self = self.intersection(o);
    }
}

impl<const W: usize> fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The numbers of a [`Bits`], in increasing order.
pub struct Ones<const W: usize> {
    words: [u64; W],
    k: usize,
}

impl<const W: usize> Iterator for Ones<W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.k < W {
            let w = &mut self.words[self.k];
            if *w != 0 {
                let b = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.k * 64 + b);
            }
            self.k += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers beyond the first word are kept apart from those in it (what a single
    /// `u64` mask cannot do).
    #[test]
    fn sets_span_words() {
        let a = Bits::<2>::of([0, 63, 64, 127]);
        assert!(a.contains(63) && a.contains(64) && a.contains(127) && !a.contains(1));
        assert!(!a.contains(128));
        assert_eq!(a.iter().collect::<Vec<_>>(), [0, 63, 64, 127]);
        let b = Bits::<2>::of([64]);
        assert!(a.intersects(&b) && b.is_subset(&a) && !a.is_subset(&b));
        assert_eq!((a & b).iter().collect::<Vec<_>>(), [64]);
        assert!(!Bits::<2>::of([0]).intersects(&b));
        assert!(Bits::<2>::EMPTY.is_empty() && !b.is_empty());
        let mut r = Bits::<3>::EMPTY;
        r.insert_range(60, 70);
        assert_eq!(r.iter().collect::<Vec<_>>(), (60..130).collect::<Vec<_>>());
        r.insert_range(0, 0);
        r.insert_range(128, 64);
        assert_eq!(r.iter().count(), 70 + 62);
    }

    #[test]
    #[should_panic]
    fn beyond_the_capacity_panics() {
        let mut b = Bits::<1>::EMPTY;
        b.insert(64);
    }
}
