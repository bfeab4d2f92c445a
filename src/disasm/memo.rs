//! Instructions already disassembled, by their bytes: real code repeats most of its
//! words (`s_waitcnt vmcnt(0)`, `v_mov_b32_e32 v1, 0`, `s_nop 0`): of the 586,093
//! instructions of the gfx906 code the speed benchmark reads (rocrand, rocsparse, the
//! device libraries), 66,449 are distinct. A word seen before is found by one hash and
//! a comparison or two in one cache line, and neither decoded nor printed again.
//!
//! A decoded instruction depends only on the bytes it covers and the target (the
//! decoder reads no byte past them), so the key is those bytes and their count (4 or
//! 8; nothing longer is kept). A lookup tries the length last decoded for words of
//! the same top bits and literal, SDWA or DPP marks first (`guess_index`), then the
//! other: an entry of length 4 for a word says the word alone gives its line (it
//! decodes, or its error), whatever follows it. Words that do not decode (real code
//! has data among its instructions: padding, jump tables) are kept with the text
//! rendered for the decoder's error, by their first eight bytes, all the decoder may
//! read, or by four when decoding those alone gives the same error: that text too
//! depends only on those bytes. What is kept per entry is the text the caller
//! rendered for it and a mark the caller chose, which may depend only on the
//! instruction and its bytes (not on its address). The texts live in one growing
//! buffer, and the memo stops taking entries at a fixed size: memory stays bounded
//! whatever the input.
//!
//! Input that does not repeat (generated code, random or damaged bytes, each distinct
//! instruction once) gains nothing from the memo and pays for it: a lookup that
//! misses, an entry kept, and the table's and texts' memory touched for the first
//! time (on the distinct instructions of the gfx906 benchmark, about half of the
//! process's page faults). So the memo counts its hits over windows of
//! [`WINDOW`] lookups; after a window with fewer than one in [`COLD_RATE`] found, it
//! is left alone (each line decoded and rendered afresh) for [`COLD_WINDOWS`]
//! windows' worth of lines, then tried again; after each further cold window in a
//! row for twice as long, up to [`COLD_DOUBLINGS`] times (input that never repeats,
//! random bytes, would otherwise pay a window of misses in every 65). A window
//! tried costs more than its lookups: each miss keeps an entry, the table grows and
//! its memory, tens of megabytes over 100 MB of random bytes, is touched for the first
//! time and then missed in the cache; when the memo tried one window in 33 (at most
//! 32 off), that took a tenth to a sixth of the CPU time of 100 MB of random bytes.
//! The lines are the same either way.

use super::templates::{End, Templates};
use crate::codec::{decode, DecodeError};
use crate::inst::Inst;
use crate::target::Target;

/// The most text kept, and the most entries.
const MAX_TEXT: usize = 1 << 24;
const MAX_ENTRIES: usize = 1 << 20;

/// The entries after which a miss makes its line by a line template when it can
/// (making the templates costs about as much as decoding and printing 3,000 words)...
const TEMPLATES_AFTER: usize = 4096;
/// ... but from the first miss in input of this many bytes or more (64 Ki words):
/// even real code, one word in nine new, then misses enough for the templates to
/// pay, and input that does not repeat no longer decodes and prints its first
/// window's words the general way (about 3,500 executed instructions a word, with
/// the general path's tables made at first use, against 400).
const TEMPLATES_AT_ONCE: usize = 1 << 18;

/// The lookups over which the hit rate is counted.
const WINDOW: u32 = 1 << 10;
/// A window with fewer than one hit in this many lookups turns the memo off...
const COLD_RATE: u32 = 8;
/// ... for this many windows' worth of lines...
const COLD_WINDOWS: u32 = 64;
/// ... twice as many after each further cold window in a row, at most this many
/// times over (64, 128, 256, ... then 4,096 windows: 4,194,304 lines, reached only
/// after about four million cold lines in a row; real code has warm windows, each of
/// which starts the count again). (Windows of 8,192 lookups, off for 8 of them at
/// first, gave the same lines off; the shorter window leaves the memo sooner on
/// input that does not repeat, whose first window cost twice what a line made
/// afresh does: the distinct benchmark inputs 4-5% fewer instructions, real code's
/// program order the same.)
const COLD_DOUBLINGS: u32 = 6;

/// A slot of the open-addressed table (16 bytes, four to a cache line): the bytes of
/// the key as a little-endian number (the high half zero for a 4-byte key), the key's
/// length in the low four bits of `len` (0: empty) and the bytes the line covers in
/// the high four (the same for an instruction and for bytes keyed by their own four;
/// 4 or 8 for bytes that do not decode keyed by eight), the caller's mark, and where
/// the text is in `text`.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    at: u32,
    text_len: u16,
    len: u8,
    mark: u8,
}

/// A line from [`Memo::get`]: an instruction, or bytes that do not decode.
pub struct Hit<'a> {
    /// The bytes it covers.
    pub len: usize,
    /// Its text, as rendered (UTF-8).
    pub text: &'a [u8],
    /// What the rendering returned for it.
    pub mark: u8,
    /// The text and what follows it in the memo's buffer, when there is that much:
    /// copied whole (a fixed-size copy, no call), then cut to the text.
    padded: Option<&'a [u8; PADDED]>,
}

/// The most text [`Hit::push_to`] copies at a fixed size.
const PADDED: usize = 64;

impl Hit<'_> {
    /// Appends the text to `out`.
    #[inline(always)]
    pub fn push_to(&self, out: &mut Vec<u8>) {
        match self.padded {
            Some(t) if self.text.len() <= PADDED && out.capacity() - out.len() >= PADDED => {
                let end = out.len() + self.text.len();
                out.extend_from_slice(t);
                out.truncate(end);
            }
            _ => out.extend_from_slice(self.text),
        }
    }
}

/// Decoded and rendered instructions by their bytes, for one target.
pub struct Memo {
    target: Target,
    slots: Vec<Slot>,
    /// The slots to grow to at the first window that finds repeats.
    planned: usize,
    entries: usize,
    /// The length last decoded for words of each [`guess_index`]: the length looked
    /// up first.
    guess: [u8; 256],
    text: Vec<u8>,
    /// A rendering that was not kept (the memo is full, the text too long, or the
    /// memo off).
    spare: Vec<u8>,
    /// Lookups and hits in the current window.
    seen: u32,
    hits: u32,
    /// Lines still to be read without the memo (0: it is on).
    off: u32,
    /// Cold windows in a row before the last (at most [`COLD_DOUBLINGS`]).
    cold_run: u32,
    /// The line templates of the target (`None` until asked for: at the first line
    /// the memo steps aside from or, with `templates_after` entries, misses).
    templates: Option<Option<&'static Templates>>,
    /// [`TEMPLATES_AFTER`], or 0 for input of [`TEMPLATES_AT_ONCE`] bytes.
    templates_after: usize,
}

fn word(bytes: &[u8], k: usize) -> Option<u32> {
    let b = bytes.get(4 * k..4 * k + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Where the length of words like `w0` is guessed: its top six bits (the encoding,
/// or a VOP2 opcode), and whether its low byte or the next is 255 (the scalar and
/// vector ALU formats' literal source) or its low byte 0xf9/0xfa (SDWA, DPP). Real
/// code's lengths follow from these nearly always (41 wrong guesses in 482,000 lines
/// found in the memo of the gfx906 benchmark, against 47,000 by the top bits alone).
fn guess_index(w0: u32) -> usize {
    let low = w0 as u8;
    let extended = matches!(low, 0xff | 0xf9 | 0xfa) as usize;
    let literal1 = (w0 >> 8) as u8 == 0xff;
    (w0 >> 26) as usize * 4 + extended + 2 * literal1 as usize
}

/// The slots a memo starts with: room for a window's entries at a quarter full.
const FIRST_SLOTS: usize = 4 * WINDOW as usize;

/// The slots of a memo made for `len` bytes once a window finds repeats
/// ([`Memo::for_bytes`]).
fn slot_count(len: usize) -> usize {
    (len / 12).next_power_of_two().clamp(FIRST_SLOTS, 1 << 18)
}

fn hash(key: u64) -> usize {
    let h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h ^ h >> 29) as usize
}

impl Memo {
    /// An empty memo for `target`.
    pub fn new(target: Target) -> Memo {
        Memo::for_bytes(target, 0)
    }

    /// An empty memo for `target` with room, once its first window finds repeats, for
    /// the distinct words `len` bytes of real code are likely to hold (about one word
    /// in nine of six bytes on average): a table four times that size, so that it is
    /// not built again as it fills and a lookup, which is memory bound, seldom probes
    /// past its first slot; at most 4 MB of table (a bigger one, all cache misses from
    /// the start, slows input that is mostly distinct words; it grows as it fills).
    /// Until then the table has [`FIRST_SLOTS`]: input that does not repeat turns the
    /// memo off after its first window, and a table of the planned size would be
    /// memory touched for the first time for nothing (256 page faults for a 400 KB
    /// input, a tenth of the run's CPU time on the distinct benchmark inputs).
    pub fn for_bytes(target: Target, len: usize) -> Memo {
        let mut m = Memo::empty(target);
        m.reset(target, len);
        m
    }

    /// A memo for `target` with no table yet (the one place its starting state is
    /// written: [`Memo::reset`] takes it from here).
    fn empty(target: Target) -> Memo {
        Memo {
            target,
            slots: Vec::new(),
            planned: FIRST_SLOTS,
            entries: 0,
            guess: [4; 256],
            text: Vec::new(),
            spare: Vec::new(),
            seen: 0,
            hits: 0,
            off: 0,
            cold_run: 0,
            templates: None,
            templates_after: TEMPLATES_AFTER,
        }
    }

    /// Whether the memo is off for the next line, counted as one of the lines it is
    /// off for: the caller decodes and renders that line itself, as [`Memo::get`]
    /// would without the memo (the same text; no copy through the spare).
    #[inline(always)]
    pub fn step_aside(&mut self) -> bool {
        if self.off == 0 {
            return false;
        }
        self.off -= 1;
        true
    }

    /// The line templates of the target ([`super::templates::of`]), looked up once.
    #[inline(always)]
    pub(crate) fn templates(&mut self) -> Option<&'static Templates> {
        match self.templates {
            Some(t) => t,
            None => *self.templates.insert(super::templates::of(self.target)),
        }
    }

    /// The target it decodes for.
    pub fn target(&self) -> Target {
        self.target
    }

    /// The memo `held` holds, if it is for `target` (a line's text depends on its
    /// bytes and the target alone: one memo serves many inputs), else a new one
    /// there, sized for `len` bytes ([`Memo::for_bytes`]).
    pub fn held(held: &mut Option<Memo>, target: Target, len: usize) -> &mut Memo {
        match held {
            Some(m) if m.target == target => {}
            Some(m) => m.reset(target, len),
            None => *held = Some(Memo::for_bytes(target, len)),
        }
        held.get_or_insert_with(|| Memo::new(target))
    }

    /// Empties the memo and makes it one for `target` sized for `len` bytes, as
    /// [`Memo::for_bytes`] makes it, in the memory it has: a fat binary's objects
    /// change target at every object, and a table allocated afresh each time is
    /// memory first touched again (page faults, most of all on threads' own heaps).
    fn reset(&mut self, target: Target, len: usize) {
        let mut slots = std::mem::take(&mut self.slots);
        slots.clear();
        slots.resize(FIRST_SLOTS, Slot::default());
        let (mut text, mut spare) = (
            std::mem::take(&mut self.text),
            std::mem::take(&mut self.spare),
        );
        text.clear();
        spare.clear();
        *self = Memo {
            slots,
            planned: slot_count(len),
            text,
            spare,
            templates_after: match len >= TEMPLATES_AT_ONCE {
                true => 0,
                false => TEMPLATES_AFTER,
            },
            ..Memo::empty(target)
        };
    }

    /// The line at the start of `bytes`: the bytes it covers, and the text and mark
    /// `render` gives the instruction there or the decoder's error (appending the
    /// text, UTF-8, to the byte buffer it is given, with the bytes covered: for an
    /// error as many as [`crate::codec::undecoded_len`] says), kept from an earlier
    /// call for the same bytes, or decoded, rendered and kept. `bytes` must not be
    /// empty.
    #[inline(always)]
    pub fn get(
        &mut self,
        bytes: &[u8],
        render: impl FnOnce(Result<&Inst, DecodeError>, &[u8], &mut Vec<u8>) -> u8,
    ) -> Hit<'_> {
        self.get_with(bytes, None, render)
    }

    /// [`Memo::get`], for a caller whose rendering of the words the line templates
    /// take is a template's line ending as `end` says, with a mark of 1 for
    /// instructions with a label operand (branches) and 0 for the others
    /// ([`Templates::mark`]): once the memo holds [`TEMPLATES_AFTER`] entries (any,
    /// for large input), or while it is off, such a word's line is made by its
    /// template, neither decoded nor rendered.
    #[inline(always)]
    pub(crate) fn get_with(
        &mut self,
        bytes: &[u8],
        end: Option<End>,
        render: impl FnOnce(Result<&Inst, DecodeError>, &[u8], &mut Vec<u8>) -> u8,
    ) -> Hit<'_> {
        if self.off > 0 {
            return self.without(bytes, end, render);
        }
        self.seen += 1;
        match self.lookup(bytes) {
            // The bytes covered are the key's (but for some bytes that do not
            // decode), known from which probe found it: the next line's lookup
            // need not wait for the slot to load, the branch says where it starts.
            Some((s, key_len)) if usize::from(s.len >> 4) == key_len => {
                self.hits += 1;
                let mut h = self.hit(s);
                h.len = key_len;
                h
            }
            Some((s, _)) => {
                self.hits += 1;
                self.hit_other(s)
            }
            None => self.miss(bytes, end, render),
        }
    }

    /// The line templates' line of `bytes` ending as `end` says, appended to the
    /// text (when `keep`) or the spare; the bytes it covers and the line's mark
    /// ([`Templates::mark`]), if a template takes it.
    #[inline(always)]
    fn templated(&mut self, bytes: &[u8], end: End, keep: bool) -> Option<(usize, u8)> {
        let (t, &b) = (self.templates()?, bytes.first_chunk::<4>()?);
        let into = if keep {
            &mut self.text
        } else {
            self.spare.clear();
            &mut self.spare
        };
        let w = u32::from_le_bytes(b);
        let len = t.push_any(into, w, &bytes[4..], end)?;
        Some((len, t.mark(w)))
    }

    /// The line at the start of `bytes`, decoded and rendered into the spare, the
    /// memo neither looked in nor added to (it is off: counts down to on).
    #[inline(never)]
    fn without(
        &mut self,
        bytes: &[u8],
        end: Option<End>,
        render: impl FnOnce(Result<&Inst, DecodeError>, &[u8], &mut Vec<u8>) -> u8,
    ) -> Hit<'_> {
        self.off -= 1;
        if let Some((len, mark)) = end.and_then(|end| self.templated(bytes, end, false)) {
            return self.spare_hit(len, mark);
        }
        let decoded = decode(self.target, bytes);
        let len = match &decoded {
            Ok(i) => i.size(),
            Err(_) => crate::codec::undecoded_len(self.target, bytes),
        };
        self.spare.clear();
        let mark = render(
            decoded.as_ref().map_err(|e| *e),
            &bytes[..len],
            &mut self.spare,
        );
        self.spare_hit(len, mark)
    }

    /// The line rendered into the spare (not kept): `len` bytes, the mark `mark`.
    fn spare_hit(&self, len: usize, mark: u8) -> Hit<'_> {
        Hit {
            len,
            text: &self.spare,
            mark,
            padded: None,
        }
    }

    /// Ends the window when it is full: the memo off for a while if it found too
    /// little in it (longer the more such windows came in a row).
    fn count_window(&mut self) {
        if self.seen >= WINDOW {
            if self.hits * COLD_RATE < self.seen {
                self.off = (COLD_WINDOWS << self.cold_run) * WINDOW;
                self.cold_run = (self.cold_run + 1).min(COLD_DOUBLINGS);
            } else {
                self.cold_run = 0;
                if self.slots.len() < self.planned {
                    self.grow_to(self.planned);
                }
            }
            self.seen = 0;
            self.hits = 0;
        }
    }

    /// The entry for the line at the start of `bytes`, if kept, and the length of
    /// its key: the length last decoded for words of its `guess_index` first, then
    /// the other.
    #[inline(always)]
    fn lookup(&self, bytes: &[u8]) -> Option<(Slot, usize)> {
        let Some(b) = bytes.first_chunk::<8>() else {
            // (Only a 4-byte key fits.)
            return self.find(u64::from(word(bytes, 0)?), 4).map(|s| (s, 4));
        };
        let key = u64::from_le_bytes(*b);
        let short = key & 0xffff_ffff;
        if self.guess[guess_index(key as u32)] == 4 {
            match self.find(short, 4) {
                Some(s) => Some((s, 4)),
                None => self.find(key, 8).map(|s| (s, 8)),
            }
        } else {
            match self.find(key, 8) {
                Some(s) => Some((s, 8)),
                None => self.find(short, 4).map(|s| (s, 4)),
            }
        }
    }

    /// The entry of the key, if kept.
    #[inline(always)]
    fn find(&self, key: u64, len: u8) -> Option<Slot> {
        let mask = self.slots.len() - 1;
        let mut at = hash(key) & mask;
        loop {
            let s = self.slots[at];
            if s.len == 0 {
                return None;
            }
            if s.key == key && s.len & 15 == len {
                return Some(s);
            }
            at = (at + 1) & mask;
        }
    }

    /// The line of a kept entry that covers other bytes than its key.
    #[cold]
    #[inline(never)]
    fn hit_other(&self, s: Slot) -> Hit<'_> {
        self.hit(s)
    }

    /// The line of a kept entry.
    #[inline(always)]
    fn hit(&self, s: Slot) -> Hit<'_> {
        let (at, n) = (s.at as usize, s.text_len as usize);
        let text = &self.text;
        Hit {
            len: (s.len >> 4) as usize,
            text: &text[at..at + n],
            mark: s.mark,
            padded: text.get(at..at + PADDED).and_then(|t| t.try_into().ok()),
        }
    }

    #[inline(never)]
    fn miss(
        &mut self,
        bytes: &[u8],
        end: Option<End>,
        render: impl FnOnce(Result<&Inst, DecodeError>, &[u8], &mut Vec<u8>) -> u8,
    ) -> Hit<'_> {
        self.count_window();
        let full = self.text.len() >= MAX_TEXT || self.entries >= MAX_ENTRIES;
        // (A word a line template takes, once there are enough lines to pay for
        // making the templates.)
        if let Some(end) = end.filter(|_| self.entries >= self.templates_after) {
            let at = self.text.len();
            if let Some((len, mark)) = self.templated(bytes, end, !full) {
                if let Some(w0) = word(bytes, 0) {
                    self.guess[guess_index(w0)] = len as u8;
                }
                return match full {
                    true => self.spare_hit(len, mark),
                    false => self.kept(bytes, at, len, len, mark),
                };
            }
        }
        let decoded = decode(self.target, bytes);
        // The key: an instruction's bytes; for bytes that do not decode the eight the
        // decoder may have read (an input that ends sooner is not kept: its error
        // may come from the end).
        let (len, key_len) = match decoded {
            Ok(i) => {
                let len = i.size();
                if let Some(w0) = word(bytes, 0) {
                    self.guess[guess_index(w0)] = if len == 8 { 8 } else { 4 };
                }
                (len, len)
            }
            Err(e) => {
                let len = crate::codec::undecoded_len(self.target, bytes);
                // A word whose error its own four bytes give (decoding them alone
                // never asked for more, which would have been "truncated") has that
                // error and text whatever follows: kept by those four bytes, so that
                // a run of them (real code pads with zero words) is found by the
                // first probe.
                let key_len = if bytes.len() < 8 || !matches!(e, DecodeError::Invalid(_)) {
                    0
                } else if len == 4 && decode(self.target, &bytes[..4]) == Err(e) {
                    4
                } else {
                    8
                };
                (len, key_len)
            }
        };
        let raw = &bytes[..len];
        let at = self.text.len();
        // (The first word of a VOP3PX2 pair decodes by the words after it: never kept.)
        let pair =
            word(bytes, 0).is_some_and(|w0| crate::codec::vop3p::is_pair_prefix(self.target, w0));
        let keep = (key_len == 4 || key_len == 8) && !full && !pair;
        let into = if keep {
            &mut self.text
        } else {
            self.spare.clear();
            &mut self.spare
        };
        let mark = render(decoded.as_ref().map_err(|e| *e), raw, into);
        if !keep {
            return self.spare_hit(len, mark);
        }
        self.kept(bytes, at, len, key_len, mark)
    }

    /// Keeps the line of `bytes` whose text starts at `at` in the text (`len` bytes
    /// covered, keyed by `key_len`, marked `mark`), or moves it to the spare if it is
    /// too long to keep.
    fn kept(&mut self, bytes: &[u8], at: usize, len: usize, key_len: usize, mark: u8) -> Hit<'_> {
        let text_len = self.text.len() - at;
        let Ok(text_len) = u16::try_from(text_len) else {
            // (Too long to keep: moved to the spare.)
            self.spare.clear();
            self.spare.extend_from_slice(&self.text[at..]);
            self.text.truncate(at);
            return self.spare_hit(len, mark);
        };
        let w1 = match key_len {
            8 => word(bytes, 1).unwrap_or(0),
            _ => 0,
        };
        let slot = Slot {
            key: u64::from(word(bytes, 0).unwrap_or(0)) | u64::from(w1) << 32,
            at: at as u32,
            text_len,
            len: key_len as u8 | (len as u8) << 4,
            mark,
        };
        self.keep(slot);
        self.hit(slot)
    }

    /// Keeps a new entry; the table stays at most half full (when it would not be,
    /// it has twice the slots, every entry placed again).
    fn keep(&mut self, slot: Slot) {
        self.place(slot);
        self.entries += 1;
        if 2 * self.entries > self.slots.len() {
            self.grow_to(2 * self.slots.len());
        }
    }

    /// Makes the table `size` slots, every entry placed again.
    fn grow_to(&mut self, size: usize) {
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        for s in old.into_iter().filter(|s| s.len != 0) {
            self.place(s);
        }
    }

    /// Puts `s` in the first empty slot of its probe sequence.
    fn place(&mut self, s: Slot) {
        let mask = self.slots.len() - 1;
        let mut at = hash(s.key) & mask;
        while self.slots[at].len != 0 {
            at = (at + 1) & mask;
        }
        self.slots[at] = s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The instruction's text or the error's, and the bytes covered.
    fn render(r: Result<&Inst, DecodeError>, raw: &[u8], out: &mut Vec<u8>) -> u8 {
        let mut s = String::new();
        match r {
            Ok(i) => {
                crate::syntax::print::push_inst(&mut s, Target::from_name("gfx906").unwrap(), i)
                    .unwrap()
            }
            Err(e) => s.push_str(&format!("error {e}")),
        }
        s.push_str(&format!(" /{}", raw.len()));
        out.extend_from_slice(s.as_bytes());
        raw.len() as u8
    }

    #[test]
    fn a_word_seen_again_comes_from_the_memo_with_its_own_length() {
        let t = Target::from_name("gfx906").unwrap();
        let mut m = Memo::new(t);
        // s_nop 0, then v_add_f32_e64 v1, v2, v3 (8 bytes), each twice.
        let nop = [0x00, 0x00, 0x80, 0xbf];
        let vop3 = [0x01, 0x00, 0x01, 0xd1, 0x02, 0x07, 0x02, 0x00];
        for _ in 0..2 {
            let h = m.get(&nop, render);
            assert_eq!((h.len, h.text), (4, &b"s_nop 0 /4"[..]));
            let h = m.get(&vop3, render);
            assert_eq!((h.len, h.text), (8, &b"v_add_f32_e64 v1, v2, v3 /8"[..]));
        }
        assert_eq!(m.entries, 2);
        // The same first word with another second word is another instruction.
        let other = [0x01, 0x00, 0x01, 0xd1, 0x02, 0x09, 0x02, 0x00];
        let h = m.get(&other, render);
        assert_eq!(h.text, b"v_add_f32_e64 v1, v2, v4 /8");
        // Bytes that do not decode: the error's text, kept when the eight bytes the
        // decoder may read are there.
        let h = m.get(&vop3[..4], render);
        assert_eq!(
            (h.len, h.text),
            (4, &b"error truncated instruction (8 bytes needed) /4"[..])
        );
        assert_eq!(m.entries, 3);
        let bad = [0, 0, 0, 0, 0, 0, 0, 0];
        for _ in 0..2 {
            let h = m.get(&bad, render);
            assert_eq!(h.len, 4);
            assert!(h.text.starts_with(b"error "));
            assert_eq!(m.entries, 4);
        }
    }

    /// A memo held for one target and then asked for another is emptied and made
    /// for that one: the same bytes give the other target's line.
    #[test]
    fn a_held_memo_changes_target_empty() {
        let (a, b) = (
            Target::from_name("gfx906").unwrap(),
            Target::from_name("gfx600").unwrap(),
        );
        // v_add_u32 on gfx9 (VOP2 opcode 0x34); another instruction or none on gfx6;
        // then s_nop 0.
        let word = [0x03, 0x05, 0x02, 0x68, 0x00, 0x00, 0x80, 0xbf];
        let line = |t: Target| {
            let mut text = Vec::new();
            let len = match decode(t, &word) {
                Ok(i) => i.size(),
                Err(_) => crate::codec::undecoded_len(t, &word),
            };
            render(
                decode(t, &word).as_ref().map_err(|e| *e),
                &word[..len],
                &mut text,
            );
            text
        };
        assert_ne!(line(a), line(b));
        let mut held = None;
        for t in [a, b, a] {
            let m = Memo::held(&mut held, t, 1 << 20);
            assert_eq!((m.target, m.entries), (t, 0));
            for _ in 0..2 {
                assert_eq!(m.get(&word, render).text, line(t));
            }
            assert_eq!(m.entries, 1);
            assert_eq!(
                (m.slots.len(), m.planned),
                (FIRST_SLOTS, slot_count(1 << 20))
            );
        }
    }

    /// A word whose error its own four bytes give is kept by them: found again with
    /// anything after it, by the first probe.
    #[test]
    fn a_word_invalid_by_itself_is_kept_by_its_four_bytes() {
        let t = Target::from_name("gfx906").unwrap();
        let mut m = Memo::new(t);
        // 0x00000000 is v_cndmask_b32 v0, s0, v0, vcc: two scalar values on gfx9.
        let zeros = [0u8; 8];
        let then_nop = [0, 0, 0, 0, 0x00, 0x00, 0x80, 0xbf];
        let a = m.get(&zeros, render);
        assert_eq!(a.len, 4);
        assert!(a.text.starts_with(b"error "));
        let a = a.text.to_vec();
        let b = m.get(&then_nop, render);
        assert_eq!((b.len, b.text), (4, &a[..]));
        assert_eq!(m.entries, 1);
        // A word that needs the next (a literal) is kept by eight bytes.
        let lit = [0xff, 0x02, 0x02, 0x7e, 0, 0, 0, 0];
        let _ = m.get(&lit, render);
        assert_eq!(m.slots.iter().filter(|s| s.len & 15 == 8).count(), 1);
    }

    /// Input that does not repeat turns the memo off for a while, input that does
    /// turns it on again; the lines are the decoder's throughout.
    #[test]
    fn the_memo_steps_aside_for_input_that_does_not_repeat() {
        let t = Target::from_name("gfx906").unwrap();
        let mut m = Memo::for_bytes(t, 1 << 22);
        let fresh = |m: &mut Memo, w: u32| {
            let b = w.to_le_bytes();
            let h = m.get(&b, render);
            let mut text = Vec::new();
            render(decode(t, &b).as_ref().map_err(|e| *e), &b, &mut text);
            assert_eq!(h.text, text, "{w:#x}");
        };
        // s_movk_i32 s1, N: a new word every time.
        let mut n = 0u32;
        for _ in 0..=WINDOW {
            fresh(&mut m, 0xb001_0000 | n);
            n += 1;
        }
        assert_eq!(m.off, COLD_WINDOWS * WINDOW - 1);
        // (The table stays small while nothing repeats.)
        assert_eq!(m.slots.len(), FIRST_SLOTS);
        let kept = m.entries;
        for _ in 0..m.off {
            fresh(&mut m, 0xb001_0000 | (n & 0xffff));
            n += 1;
        }
        // Off: nothing kept; on again, and repeated words stay on.
        assert_eq!((m.off, m.entries), (0, kept));
        for k in 0..4 * WINDOW {
            fresh(&mut m, 0xbf80_0000 | (k % 16));
        }
        assert_eq!(m.off, 0);
        assert!(m.hits > 0);
        // A window that found repeats (counted at the next miss) made the table its
        // planned size, keeping what it held.
        fresh(&mut m, 0xb002_0000);
        assert_eq!(m.slots.len(), slot_count(1 << 22));
        for k in 0..16 {
            fresh(&mut m, 0xbf80_0000 | k);
        }
    }

    /// Cold windows in a row leave the memo off for [`COLD_WINDOWS`], twice, four
    /// times, ... then 64 times as many windows' worth of lines; a window that finds
    /// enough starts the count again.
    #[test]
    fn cold_windows_in_a_row_leave_the_memo_off_longer() {
        let t = Target::from_name("gfx906").unwrap();
        let mut m = Memo::new(t);
        let mut next = crate::xorshift64(0x9e37_79b9_7f4a_7c15);
        // Words not seen before until the memo turns off (a window's worth), then the
        // lines it is off for.
        let mut cold = |m: &mut Memo| {
            let mut seen = 0;
            while m.off == 0 {
                let _ = m.get(&(next() as u32).to_le_bytes(), render);
                seen += 1;
            }
            assert!(seen <= WINDOW + 1);
            let off = m.off;
            while m.step_aside() {}
            off
        };
        for times in [1, 2, 4, 8, 16, 32, 64, 64] {
            assert_eq!(cold(&mut m), times * COLD_WINDOWS * WINDOW);
        }
        // s_nop 0 over and over: a warm window.
        for _ in 0..WINDOW {
            let _ = m.get(&[0, 0, 0x80, 0xbf], render);
        }
        assert_eq!(m.off, 0);
        assert_eq!(cold(&mut m), COLD_WINDOWS * WINDOW);
    }

    #[test]
    fn the_memo_agrees_with_decoding_over_many_words() {
        let t = Target::from_name("gfx906").unwrap();
        let mut m = Memo::new(t);
        let mut next = crate::xorshift64(0x2545_f491_4f6c_dd1d);
        let mut words = Vec::new();
        for _ in 0..20_000 {
            let x = next();
            // Few distinct words, so that most come back.
            words.extend_from_slice(&((x % 3000) as u32 | 0xbf80_0000).to_le_bytes());
            words.extend_from_slice(&((x >> 20) as u32 & 0x7fff_ffff).to_le_bytes());
        }
        for _ in 0..2 {
            let mut pos = 0;
            while pos < words.len() {
                let rest = &words[pos..];
                let (len, text) = match decode(t, rest) {
                    Ok(w) => (w.size(), {
                        let mut text = Vec::new();
                        render(Ok(&w), &rest[..w.size()], &mut text);
                        text
                    }),
                    Err(e) => {
                        let len = crate::codec::undecoded_len(t, rest);
                        let mut text = Vec::new();
                        render(Err(e), &rest[..len], &mut text);
                        (len, text)
                    }
                };
                let h = m.get(rest, render);
                assert_eq!(
                    (h.len, h.mark as usize, h.text),
                    (len, len, &text[..]),
                    "at {pos}"
                );
                pos += len;
            }
        }
    }

    /// A memo whose caller's rendering is the line templates' makes the same lines
    /// with them (from the first miss or after [`TEMPLATES_AFTER`] entries, and while
    /// it is off) as without:
    /// random words of the formats they take, each seen once or twice, on two
    /// targets, each line ending.
    #[test]
    fn lines_by_templates_are_the_rendered_lines() {
        let mut next = crate::xorshift64(0x1f83_d9ab_fb41_bd6b);
        for name in ["gfx906", "gfx942"] {
            let t = Target::from_name(name).unwrap();
            for end in [End::Line, End::Encoding, End::Bare] {
                let render = |r: Result<&Inst, DecodeError>, raw: &[u8], out: &mut Vec<u8>| {
                    match (r, end) {
                        (Ok(i), End::Bare) => {
                            out.push(b'\t');
                            let _ = crate::syntax::print::push_inst_to(
                                &mut crate::disasm::Bytes(out),
                                t,
                                i,
                            );
                        }
                        (Ok(i), _) => crate::disasm::push_inst_line(
                            &mut crate::disasm::Bytes(out),
                            t,
                            i,
                            raw,
                            end == End::Encoding,
                        ),
                        (Err(e), _) => out.extend_from_slice(format!("error {e}").as_bytes()),
                    }
                    0
                };
                // (Templates from the first miss, as for large input, or after
                // [`TEMPLATES_AFTER`] entries.)
                let size = match end {
                    End::Line => TEMPLATES_AT_ONCE,
                    _ => 0,
                };
                let (mut with, mut without) = (Memo::for_bytes(t, size), Memo::new(t));
                // (The process's templates are the first target's asked for: this
                // test's own, whichever tests ran first.)
                let own: &'static Templates = Box::leak(Box::new(Templates::new(t)));
                with.templates = Some(Some(own));
                let mut words = Vec::new();
                for n in 0..40_000u32 {
                    let r = next();
                    // (VOP1/VOP2/VOPC, SOP*, VOP3: the top bits; half of them again.)
                    let w0 = match n % 3 {
                        0 => r as u32 & 0x7fff_ffff,
                        1 => r as u32 & 0x3fff_ffff | 0x8000_0000,
                        _ => r as u32 & 0x03ff_00ff | 0xd000_0000,
                    };
                    let w1 = (r >> 32) as u32 & if n % 2 == 0 { 0x07ff_ffff } else { !0 };
                    words.push([w0, w1]);
                    if n % 2 == 0 {
                        words.push(words[(r >> 40) as usize % words.len()]);
                    }
                }
                for [w0, w1] in words {
                    let mut bytes = w0.to_le_bytes().to_vec();
                    bytes.extend_from_slice(&w1.to_le_bytes());
                    let a = with.get_with(&bytes, Some(end), render);
                    let (a_len, a_text) = (a.len, a.text.to_vec());
                    let b = without.get(&bytes, render);
                    assert_eq!(
                        (a_len, String::from_utf8_lossy(&a_text)),
                        (b.len, String::from_utf8_lossy(b.text)),
                        "{name}: {w0:#010x} {w1:#010x}"
                    );
                }
            }
        }
    }
}
