//! Instructions already read, by the text of their whole line: real code repeats
//! most of its lines (`s_waitcnt vmcnt(0)`, `v_mov_b32_e32 v1, 0`, `s_nop 0`): of the
//! 586,093 lines of the gfx906 code `tools/speed.py` assembles, 66,448 are distinct.
//! A line read before is found by one hash and one comparison, before its comment is
//! stripped or its labels looked for, and is not parsed or bound again.
//!
//! What a line reads as depends on its text, the target, and the symbols set by
//! `.set`/`=` that it names. So only lines that are just an instruction (no label),
//! named no symbol and need no fixup are kept, or just a data directive of numbers
//! (`.long 0x00000000`, which a disassembler writes for words that do not decode),
//! and the whole memo is dropped whenever a symbol is set (a name that was no
//! symbol when the line was read could become one). What is kept is the bytes the
//! line places.
//!
//! The table is open-addressed, as the disassembler's memo: an index of 4-byte slots
//! (11 high bits of the line's hash, and its entry's number), sized from the
//! source's size so that real code never rebuilds it (512 KB for gfx906's 21.5 MB);
//! the entries in the order their lines were first seen, in one vector; their texts
//! in one buffer. Nothing is allocated per line, and a lookup compares texts only
//! when 11 bits of hash agree (besides the bits that chose the slot).

use crate::codec::Words;

/// The bytes a line places: an instruction's words, or a data directive's values
/// (at most 16).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Bytes {
    b: [u8; 16],
    n: u8,
}

impl Bytes {
    /// An instruction's machine code.
    #[inline]
    pub(super) fn of_words(w: &Words) -> Bytes {
        // (Each word at its own place: no length to test between them.)
        let mut b = [0u8; 16];
        for (to, x) in b.chunks_exact_mut(4).zip(w.as_slice()) {
            to.copy_from_slice(&x.to_le_bytes());
        }
        Bytes {
            b,
            n: 4 * w.as_slice().len() as u8,
        }
    }

    /// Appends `more`, if there is room (else false, unchanged).
    pub(super) fn push(&mut self, more: &[u8]) -> bool {
        let n = self.n as usize;
        match self.b.get_mut(n..n + more.len()) {
            Some(to) => {
                to.copy_from_slice(more);
                self.n += more.len() as u8;
                true
            }
            None => false,
        }
    }

    /// The bytes.
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.b[..self.n as usize]
    }
}

/// The most text kept, and the most entries: memory stays bounded.
const MAX_TEXT: usize = 1 << 24;
const MAX_ENTRIES: usize = (1 << ENTRY_BITS) - 1;

/// A slot's low bits: one more than its entry's number (0: empty); the others hold
/// high bits of the line's hash.
const ENTRY_BITS: u32 = 21;
const ENTRY_MASK: u32 = (1 << ENTRY_BITS) - 1;

/// A line kept (24 bytes): where its text is in `text`, the index slot that names
/// it, its length, and the bytes it places.
#[derive(Clone, Copy)]
struct Entry {
    at: u32,
    slot: u32,
    len: u16,
    bytes: Bytes,
}

/// The memo.
pub(super) struct Memo {
    /// Slots: 0 is empty; else high bits of the line's hash, and one more than its
    /// entry's number in `entries` (the low [`ENTRY_BITS`]). At most three quarters
    /// are taken.
    index: Vec<u32>,
    entries: Vec<Entry>,
    text: String,
    /// The id of the first entry: ids are never reused, across [`Memo::clear`]s too,
    /// so what is derived from a line (its listing text) can be kept by its id. An
    /// entry's id is `base` plus its number.
    base: u32,
    /// Lookups and hits in the current window, and lines still to be read with the
    /// memo off (see [`Memo::lookup`]).
    seen: u32,
    hits: u32,
    off: u32,
    /// The lookups of the current window: [`FIRST_WINDOW`], then [`WINDOW`].
    window: u32,
}

/// The lookups over which the hit rate is counted...
const WINDOW: u32 = 1 << 13;
/// ... after a first, short window: source that does not repeat then costs the
/// memo a thousand lines kept (their text, entries and slots in fresh memory), not
/// eight thousand. (Real code finds far more than the rate asks in its first
/// thousand lines: 29% of gfx906's and 81% of gfx942's, in `tools/speed.py`'s
/// program order.)
const FIRST_WINDOW: u32 = 1 << 10;
/// A window with fewer than one hit in this many lookups turns the memo off...
const COLD_RATE: u32 = 8;
/// ... for this many windows' worth of lines.
const COLD_WINDOWS: u32 = 8;

/// What a line was read as: the bytes it places, and the line's id (a listing keeps
/// the line's text by the id).
pub(super) type Kept = (Bytes, u32);

impl Default for Memo {
    fn default() -> Memo {
        Memo::for_source(0)
    }
}

/// A hash of the text, eight bytes at a time (multiply and rotate, as FxHash does,
/// from [`SEED`]); the bytes after the last whole eight make a last step, as a
/// number (the others zero), and the length one more ([`finish`]). The source's
/// reader computes it as it looks for the line's end, with the same steps.
pub(super) fn hash(s: &str) -> u64 {
    let b = s.as_bytes();
    let mut h = SEED;
    let (words, rest) = b.as_chunks::<8>();
    for w in words {
        h = step(h, u64::from_le_bytes(*w));
    }
    if !rest.is_empty() {
        let w = rest
            .iter()
            .enumerate()
            .fold(0u64, |w, (k, &c)| w | u64::from(c) << (8 * k));
        h = step(h, w);
    }
    finish(h, b.len())
}

/// Where [`hash`] starts.
pub(super) const SEED: u64 = 0x243f_6a88_85a3_08d3;

/// One step of [`hash`]: eight more bytes, as a little-endian number.
#[inline(always)]
pub(super) fn step(h: u64, w: u64) -> u64 {
    (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95)
}

/// The hash of a text of `len` bytes whose steps made `h`.
#[inline(always)]
pub(super) fn finish(h: u64, len: usize) -> u64 {
    mix(step(h, len as u64))
}

/// Whether two texts are the same: eight bytes at a time, the last eight (which
/// may overlap the others) for a remainder, without a call for the short texts
/// lines are.
#[inline(always)]
fn same(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 8 {
        return a == b;
    }
    let (wa, wb) = (a.as_chunks::<8>().0, b.as_chunks::<8>().0);
    wa.iter().zip(wb).all(|(x, y)| x == y) && le64(&a[n - 8..]) == le64(&b[n - 8..])
}

/// The first eight bytes of `s`, as a little-endian number (`None`: fewer).
#[inline(always)]
pub(super) fn le64(s: &[u8]) -> Option<u64> {
    let w: [u8; 8] = s.get(..8)?.try_into().ok()?;
    Some(u64::from_le_bytes(w))
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
    /// An empty memo with room for the distinct lines a source of `len` bytes is
    /// likely to hold (real code: about one in 300 bytes): a slot for every 192
    /// bytes, to a power of two, between 4,096 and 2^20 at first (three quarters of
    /// them may be taken before the table grows).
    pub(super) fn for_source(len: usize) -> Memo {
        let slots = (len / 192).next_power_of_two().clamp(1 << 12, 1 << 20);
        Memo {
            index: vec![0; slots],
            entries: Vec::new(),
            text: String::new(),
            base: 0,
            seen: 0,
            hits: 0,
            off: 0,
            window: FIRST_WINDOW,
        }
    }

    /// What `line`, whose [`hash`] is `h`, was read as, if it was read before and
    /// the memo is on. Source that does not repeat (generated code, each distinct
    /// instruction once) gains nothing from the memo and pays for every line kept
    /// (its text copied, fresh memory touched), so hits are counted over windows of
    /// [`WINDOW`] lookups (the first of [`FIRST_WINDOW`]): after a window with fewer
    /// than one in [`COLD_RATE`] found, the memo is off for [`COLD_WINDOWS`]
    /// windows' worth of lines (nothing looked up or kept: [`Memo::put`] keeps
    /// nothing), then tried again. What the lines assemble to is the same either
    /// way.
    #[inline]
    pub(super) fn lookup(&mut self, line: &str, h: u64) -> Option<Kept> {
        if self.off > 0 {
            self.off -= 1;
            return None;
        }
        self.seen += 1;
        let found = self.get_hashed(line, h);
        self.hits += found.is_some() as u32;
        if self.seen >= self.window {
            if self.hits * COLD_RATE < self.seen {
                self.off = COLD_WINDOWS * WINDOW;
            }
            self.window = WINDOW;
            self.seen = 0;
            self.hits = 0;
        }
        found
    }

    /// What `line` was read as, if it was read before.
    #[cfg(test)]
    fn get(&self, line: &str) -> Option<Kept> {
        self.get_hashed(line, hash(line))
    }

    /// What `line`, whose [`hash`] is `h`, was read as, if it was read before.
    #[inline]
    pub(super) fn get_hashed(&self, line: &str, h: u64) -> Option<Kept> {
        let mask = self.index.len() - 1;
        let tag = (h >> (32 + ENTRY_BITS)) as u32;
        let mut at = h as usize & mask;
        loop {
            let s = self.index[at];
            if s == 0 {
                return None;
            }
            if s >> ENTRY_BITS == tag {
                let k = ((s & ENTRY_MASK) - 1) as usize;
                let e = &self.entries[k];
                let text = &self.text.as_bytes()[e.at as usize..][..e.len as usize];
                if same(text, line.as_bytes()) {
                    return Some((e.bytes, self.base + k as u32));
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// Keeps what `line` was read as, and says the id it has (none when the memo is
    /// full or off, the line too long, or kept already).
    pub(super) fn put(&mut self, line: &str, bytes: Bytes) -> Option<u32> {
        if self.off > 0 {
            return None;
        }
        let h = hash(line);
        if self.get_hashed(line, h).is_some() {
            return None;
        }
        let k = self.entries.len();
        let id = self.base.checked_add(k as u32)?;
        let len = u16::try_from(line.len()).ok()?;
        if self.text.len() + line.len() > MAX_TEXT || k >= MAX_ENTRIES || id == u32::MAX {
            return None;
        }
        let slot = self.place(h, k);
        self.entries.push(Entry {
            at: self.text.len() as u32,
            slot,
            len,
            bytes,
        });
        self.text.push_str(line);
        if 4 * self.entries.len() > 3 * self.index.len() {
            self.grow();
        }
        Some(id)
    }

    /// Names entry `k` of hash `h` in the first empty slot of its probe sequence,
    /// and says which.
    fn place(&mut self, h: u64, k: usize) -> u32 {
        let mask = self.index.len() - 1;
        let mut at = h as usize & mask;
        while self.index[at] != 0 {
            at = (at + 1) & mask;
        }
        self.index[at] = ((h >> (32 + ENTRY_BITS)) as u32) << ENTRY_BITS | (k as u32 + 1);
        at as u32
    }

    /// Twice the slots, every entry placed again (its hash from its text).
    #[cold]
    fn grow(&mut self) {
        self.index = vec![0; 2 * self.index.len()];
        for k in 0..self.entries.len() {
            let e = self.entries[k];
            let h = hash(&self.text[e.at as usize..][..e.len as usize]);
            self.entries[k].slot = self.place(h, k);
        }
    }

    /// Forgets every line (a symbol was set): the slots of its entries emptied, so
    /// the cost is that of the lines kept since the last time.
    pub(super) fn clear(&mut self) {
        for e in &self.entries {
            self.index[e.slot as usize] = 0;
        }
        // (Ids go on from the last one given.)
        self.base = self.base.saturating_add(self.entries.len() as u32);
        self.entries.clear();
        self.text.clear();
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

    /// Lines that do not repeat turn the memo off for a while (nothing looked up or
    /// kept), lines that do keep it on.
    #[test]
    fn the_memo_steps_aside_for_source_that_does_not_repeat() {
        let mut m = Memo::default();
        let b = Bytes::default();
        let mut n = 0;
        let mut line = |m: &mut Memo| {
            let l = format!("s_movk_i32 s1, {n}");
            n += 1;
            let found = m.lookup(&l, hash(&l));
            (found, m.put(&l, b))
        };
        for _ in 1..FIRST_WINDOW {
            assert!(matches!(line(&mut m), (None, Some(_))));
        }
        // (The window's last lookup turns it off: its line is not kept.)
        assert_eq!(line(&mut m), (None, None));
        assert_eq!(m.off, COLD_WINDOWS * WINDOW);
        for _ in 1..COLD_WINDOWS * WINDOW {
            assert_eq!(line(&mut m), (None, None));
        }
        // (The last line read with it off is kept.)
        assert!(matches!(line(&mut m), (None, Some(_))));
        assert_eq!(m.off, 0);
        // On again: a line read twice is found.
        let next = m.base + m.entries.len() as u32;
        assert_eq!(m.put("s_nop 0", b), Some(next));
        for _ in 0..2 * WINDOW {
            assert!(m.lookup("s_nop 0", hash("s_nop 0")).is_some());
        }
        assert_eq!(m.off, 0);
    }

    #[test]
    fn lines_are_found_by_their_whole_text() {
        let t = Target::from_name("gfx906").unwrap();
        let a = crate::assemble_line(t, "s_nop 0").unwrap();
        let b = crate::assemble_line(t, "s_nop 1").unwrap();
        let wa = Bytes::of_words(&crate::codec::encode(t, &a).unwrap());
        let wb = Bytes::of_words(&crate::codec::encode(t, &b).unwrap());
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

    #[test]
    fn bytes_hold_at_most_sixteen() {
        let mut b = Bytes::default();
        assert!(b.push(&[1; 8]));
        assert!(!b.push(&[2; 12]));
        assert!(b.push(&[3; 4]));
        assert!(b.push(&[5; 4]));
        assert!(!b.push(&[4]));
        assert_eq!(b.as_slice(), [&[1; 8][..], &[3; 4], &[5; 4]].concat());
    }

    /// Past its first slots the table grows, and every line is still found by its
    /// own text; a clear forgets them all, and ids go on.
    #[test]
    fn many_lines_grow_the_table_and_clear_forgets_them() {
        let t = Target::from_name("gfx906").unwrap();
        let w = crate::codec::encode(t, &crate::assemble_line(t, "s_nop 0").unwrap()).unwrap();
        let w = Bytes::of_words(&w);
        let mut m = Memo::default();
        let slots = m.index.len();
        let lines: Vec<String> = (0..3 * slots as u32)
            .map(|i| format!("s_mov_b32 s0, {i}"))
            .collect();
        for (i, l) in lines.iter().enumerate() {
            let mut wi = w;
            assert!(wi.push(&(i as u32).to_le_bytes()));
            assert_eq!(m.put(l, wi), Some(i as u32));
        }
        assert!(m.index.len() > slots);
        for (i, l) in lines.iter().enumerate() {
            let (wi, id) = m.get(l).unwrap();
            assert_eq!(
                (&wi.as_slice()[4..], id),
                (&(i as u32).to_le_bytes()[..], i as u32)
            );
        }
        assert_eq!(m.get("s_mov_b32 s0, -1"), None);
        m.clear();
        assert!(m.index.iter().all(|&s| s == 0));
        assert!(lines.iter().all(|l| m.get(l).is_none()));
        let n = lines.len() as u32;
        assert_eq!(m.put(&lines[5], w), Some(n));
        assert_eq!(m.get(&lines[5]), Some((w, n)));
    }

    #[test]
    fn texts_are_the_same_only_when_equal() {
        let texts = [
            "",
            "a",
            "s_nop 0",
            "s_nop 01",
            "s_nop 012",
            "s_mov_b32 s0, 1",
            "s_mov_b32 s0, 2",
        ];
        for a in texts {
            for b in texts {
                assert_eq!(same(a.as_bytes(), b.as_bytes()), a == b, "{a:?} {b:?}");
            }
        }
        let long = "v_add_f32_e32 v1, v2, v3 ; and a comment";
        for k in 0..long.len() {
            let mut other = long.as_bytes().to_vec();
            other[k] ^= 1;
            assert!(!same(long.as_bytes(), &other));
        }
    }
}
