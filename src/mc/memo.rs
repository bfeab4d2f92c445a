//! Instructions already read, by the text of their whole line: real code repeats
//! most of its lines (`s_waitcnt vmcnt(0)`, `v_mov_b32_e32 v1, 0`, `s_nop 0`): of the
//! 586,093 lines of the gfx906 code `tools/speed.py` assembles, 66,448 are distinct.
//! A line read before is found by one hash and one comparison, before its comment is
//! stripped or its labels looked for, and is not parsed or bound again.
//!
//! What a line reads as depends on its text, the target, and the symbols set by
//! `.set`/`=` that it names. So only lines that are just an instruction (no label),
//! named no symbol and need no fixup are kept, and the whole memo is dropped
//! whenever a symbol is set (a name that was no symbol when the line was read could
//! become one). The texts live in one growing buffer: nothing is allocated per line.

use crate::codec::Words;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The most text kept (and so at most as many lines): memory stays bounded.
const MAX_TEXT: usize = 1 << 24;

/// The hash of a line is its key already: the map does not hash it again.
#[derive(Default)]
struct Passthrough(u64);

impl Hasher for Passthrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// The memo: line hash to (where its text is in `text`, its length, the instruction,
/// its machine code, its id).
/// Dropping is a new generation (O(1), whatever the memo holds): entries of older
/// ones are never read, and are overwritten.
#[derive(Default)]
pub(super) struct Memo {
    text: String,
    generation: u32,
    /// The id the next line kept gets: ids are never reused, across generations too,
    /// so what is derived from a line (its listing text) can be kept by its id.
    next_id: u32,
    lines: HashMap<u64, Entry, BuildHasherDefault<Passthrough>>,
}

/// A line kept: its generation, where its text is in `text`, its length, and what
/// it was read as (48 bytes with the key: the table of real code's distinct lines
/// is a few megabytes).
type Entry = (u32, u32, u32, Kept);

/// What a line was read as: its machine code, and the line's id (a listing keeps the
/// instruction by the id).
pub(super) type Kept = (Words, u32);

/// A hash of the text, eight bytes at a time (multiply and rotate, as FxHash does);
/// the last eight bytes of a longer text make its last step (whole words: no copy of
/// a remainder).
fn hash(s: &str) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let b = s.as_bytes();
    let step = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(K);
    let word = |k: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[k..k + 8]);
        u64::from_le_bytes(w)
    };
    let h = b.len() as u64;
    if b.len() < 8 {
        let w = b
            .iter()
            .enumerate()
            .fold(0u64, |w, (k, &c)| w | u64::from(c) << (8 * k));
        return mix(step(h, w));
    }
    let (mut h, mut k) = (h, 0);
    while k + 8 <= b.len() {
        h = step(h, word(k));
        k += 8;
    }
    if k < b.len() {
        h = step(h, word(b.len() - 8));
    }
    mix(h)
}

/// The final mix of MurmurHash3: a product's low bits depend only on the low bits of
/// what was multiplied, and the table picks buckets by the low bits; this brings the
/// high ones down (without it, lines that differ in their last bytes all collide).
fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

impl Memo {
    /// What `line` was read as, if it was read before.
    pub(super) fn get(&self, line: &str) -> Option<Kept> {
        let (generation, start, len, kept) = self.lines.get(&hash(line))?;
        if *generation != self.generation {
            return None;
        }
        let text = self
            .text
            .as_bytes()
            .get(*start as usize..(*start + *len) as usize)?;
        (text == line.as_bytes()).then_some(*kept)
    }

    /// Keeps what `line` was read as, and says the id it has (none when the memo is
    /// full or the hash is taken).
    pub(super) fn put(&mut self, line: &str, words: Words) -> Option<u32> {
        if self.text.len() + line.len() > MAX_TEXT || self.next_id == u32::MAX {
            return None;
        }
        let start = self.text.len() as u32;
        let id = self.next_id;
        let entry = (self.generation, start, line.len() as u32, (words, id));
        match self.lines.entry(hash(line)) {
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(entry);
            }
            // (Another line of this generation with the same hash keeps its place.)
            std::collections::hash_map::Entry::Occupied(e) if e.get().0 == self.generation => {
                return None;
            }
            std::collections::hash_map::Entry::Occupied(mut e) => {
                e.insert(entry);
            }
        }
        self.text.push_str(line);
        self.next_id += 1;
        Some(id)
    }

    /// Forgets every line (a symbol was set).
    pub(super) fn clear(&mut self) {
        self.text.clear();
        self.generation = self.generation.wrapping_add(1);
        // (After 2^32 generations an old entry could look current: start afresh.)
        if self.generation == 0 {
            self.lines.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::Target;

    /// Lines that differ only in their last bytes land in different buckets.
    #[test]
    fn similar_lines_spread() {
        let low: std::collections::HashSet<u64> = (0..4096)
            .map(|i| hash(&format!(" s_add_u32 s0, s1, {i}")) & 0xfff)
            .collect();
        assert!(low.len() > 2000, "{}", low.len());
    }

    #[test]
    fn lines_are_found_by_their_whole_text() {
        let t = Target::from_name("gfx906").unwrap();
        let a = crate::assemble_line(t, "s_nop 0").unwrap();
        let b = crate::assemble_line(t, "s_nop 1").unwrap();
        let wa = crate::codec::encode(t, &a).unwrap();
        let wb = crate::codec::encode(t, &b).unwrap();
        let mut m = Memo::default();
        assert_eq!(m.put("s_nop 0", wa), Some(0));
        assert_eq!(m.put("s_nop 1", wb), Some(1));
        assert_eq!(m.put("s_nop 1", wb), None);
        assert_eq!(m.get("s_nop 0"), Some((wa, 0)));
        assert_eq!(m.get("s_nop 1"), Some((wb, 1)));
        assert_eq!(m.get("s_nop 2"), None);
        assert_eq!(m.get("s_nop 0 "), None);
        m.clear();
        assert_eq!(m.get("s_nop 0"), None);
        // (Ids are not reused: what was kept by id 1 is not this line's.)
        assert_eq!(m.put("s_nop 1", wa), Some(2));
        assert_eq!(m.get("s_nop 1"), Some((wa, 2)));
    }
}
