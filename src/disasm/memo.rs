//! Instructions already disassembled, by their bytes: real code repeats most of its
//! words (`s_waitcnt vmcnt(0)`, `v_mov_b32_e32 v1, 0`, `s_nop 0`): of the 586,093
//! instructions of the gfx906 code the speed benchmark reads (rocrand, rocsparse, the
//! device libraries), 66,449 are distinct. A word seen before is found by one hash and
//! a comparison or two in one cache line, and neither decoded nor printed again.
//!
//! A decoded instruction depends only on the bytes it covers and the target (the
//! decoder reads no byte past them), so the key is those bytes and their count (4 or
//! 8; nothing longer is kept). A lookup tries the length last decoded for words of
//! the same encoding bits first, then the other: an entry of length 4 for a word says
//! the word alone decodes, whatever follows it. Words that do not decode (real code has
//! data among its instructions: padding, jump tables) are kept by their first eight
//! bytes, all the decoder may read, with the decoder's error, which a lookup gives back
//! as the decoder would; their length and text come from the caller's error path.
//! What is kept per instruction is the text the
//! caller rendered for it and a mark the caller chose, which may depend only on the
//! instruction and its bytes (not on its address). The texts live in one growing
//! buffer, and the memo stops taking entries at a fixed size: memory stays bounded
//! whatever the input.

use crate::codec::{decode, DecodeError};
use crate::inst::Inst;
use crate::target::Target;

/// The most text kept, and the most entries.
const MAX_TEXT: usize = 1 << 24;
const MAX_ENTRIES: usize = 1 << 20;

/// The `text_len` of a slot that holds bytes that do not decode.
const UNDECODED: u16 = u16::MAX;

/// A slot of the open-addressed table (16 bytes, four to a cache line): the bytes as
/// little-endian words (`w1` zero for a 4-byte instruction), their count (0: empty),
/// the caller's mark, and where the text is in `text` (for bytes that do not decode,
/// `text_len` is [`UNDECODED`] and `at` the error's index in `errors`).
#[derive(Clone, Copy, Default)]
struct Slot {
    w0: u32,
    w1: u32,
    at: u32,
    text_len: u16,
    len: u8,
    mark: u8,
}

/// An instruction from [`Memo::get`].
pub struct Hit<'a> {
    /// The bytes it covers.
    pub len: usize,
    /// Its text, as rendered.
    pub text: &'a str,
    /// What the rendering returned for it.
    pub mark: u8,
}

/// Decoded and rendered instructions by their bytes, for one target.
pub struct Memo {
    target: Target,
    slots: Vec<Slot>,
    entries: usize,
    /// The length last decoded for each value of a first word's top six bits (the
    /// encoding, mostly): the length looked up first.
    guess: [u8; 64],
    text: String,
    /// The decoder's errors, for the slots of bytes that do not decode.
    errors: Vec<DecodeError>,
    /// A rendering that was not kept (the memo is full, or the text too long).
    spare: String,
}

fn word(bytes: &[u8], k: usize) -> Option<u32> {
    let b = bytes.get(4 * k..4 * k + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

fn hash(w0: u32, w1: u32) -> usize {
    let h = (w0 as u64 | (w1 as u64) << 32).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h ^ h >> 29) as usize
}

impl Memo {
    /// An empty memo for `target`.
    pub fn new(target: Target) -> Memo {
        Memo {
            target,
            slots: vec![Slot::default(); 1 << 12],
            entries: 0,
            guess: [4; 64],
            text: String::new(),
            errors: Vec::new(),
            spare: String::new(),
        }
    }

    /// The target it decodes for.
    pub fn target(&self) -> Target {
        self.target
    }

    /// The instruction at the start of `bytes`: its length, and the text and mark
    /// `render` gives it (appending the text to the string it is given), kept from an
    /// earlier call for the same bytes, or decoded, rendered and kept. Bytes that do
    /// not decode are the decoder's error, and nothing is kept.
    pub fn get(
        &mut self,
        bytes: &[u8],
        render: impl FnOnce(&Inst, &[u8], &mut String) -> u8,
    ) -> Result<Hit<'_>, DecodeError> {
        if let Some(w0) = word(bytes, 0) {
            let first = self.guess[(w0 >> 26) as usize];
            for len in [first, 12 - first] {
                let w1 = match len {
                    4 => 0,
                    _ => match word(bytes, 1) {
                        Some(w) => w,
                        None => continue,
                    },
                };
                if let Some(s) = self.find(w0, w1, len) {
                    if s.text_len == UNDECODED {
                        return Err(self.errors[s.at as usize]);
                    }
                    return Ok(Hit {
                        len: s.len as usize,
                        text: &self.text[s.at as usize..s.at as usize + s.text_len as usize],
                        mark: s.mark,
                    });
                }
            }
        }
        self.miss(bytes, render)
    }

    /// The entry of the key, if kept.
    fn find(&self, w0: u32, w1: u32, len: u8) -> Option<Slot> {
        let mask = self.slots.len() - 1;
        let mut at = hash(w0, w1) & mask;
        loop {
            let s = self.slots[at];
            if s.len == 0 {
                return None;
            }
            if s.w0 == w0 && s.w1 == w1 && s.len == len {
                return Some(s);
            }
            at = (at + 1) & mask;
        }
    }

    fn miss(
        &mut self,
        bytes: &[u8],
        render: impl FnOnce(&Inst, &[u8], &mut String) -> u8,
    ) -> Result<Hit<'_>, DecodeError> {
        let full = self.text.len() >= MAX_TEXT || self.entries >= MAX_ENTRIES;
        let inst = match decode(self.target, bytes) {
            Ok(inst) => inst,
            Err(e) => {
                // (Kept by the eight bytes the decoder may have read; an input that
                // ends sooner is not kept, its error may come from the end.)
                if let (Some(w0), Some(w1), DecodeError::Invalid(_), false) =
                    (word(bytes, 0), word(bytes, 1), e, full)
                {
                    self.keep(Slot {
                        w0,
                        w1,
                        at: self.errors.len() as u32,
                        text_len: UNDECODED,
                        len: 8,
                        mark: 0,
                    });
                    self.errors.push(e);
                }
                return Err(e);
            }
        };
        let len = inst.size();
        if let Some(w0) = word(bytes, 0) {
            self.guess[(w0 >> 26) as usize] = if len == 8 { 8 } else { 4 };
        }
        let raw = &bytes[..len];
        let at = self.text.len();
        let keep = (len == 4 || len == 8) && !full;
        if !keep {
            self.spare.clear();
            let mark = render(&inst, raw, &mut self.spare);
            return Ok(Hit {
                len,
                text: &self.spare,
                mark,
            });
        }
        let mark = render(&inst, raw, &mut self.text);
        let text_len = self.text.len() - at;
        let Some(text_len) = u16::try_from(text_len).ok().filter(|&n| n != UNDECODED) else {
            // (Too long to keep: moved to the spare.)
            self.spare.clear();
            self.spare.push_str(&self.text[at..]);
            self.text.truncate(at);
            return Ok(Hit {
                len,
                text: &self.spare,
                mark,
            });
        };
        let slot = Slot {
            w0: word(raw, 0).unwrap_or(0),
            w1: if len == 8 {
                word(raw, 1).unwrap_or(0)
            } else {
                0
            },
            at: at as u32,
            text_len,
            len: len as u8,
            mark,
        };
        self.keep(slot);
        Ok(Hit {
            len,
            text: &self.text[at..],
            mark,
        })
    }

    /// Keeps a new entry; the table stays at most half full (when it would not be,
    /// it has twice the slots, every entry placed again).
    fn keep(&mut self, slot: Slot) {
        self.place(slot);
        self.entries += 1;
        if 2 * self.entries > self.slots.len() {
            let size = 2 * self.slots.len();
            let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
            for s in old.into_iter().filter(|s| s.len != 0) {
                self.place(s);
            }
        }
    }

    /// Puts `s` in the first empty slot of its probe sequence.
    fn place(&mut self, s: Slot) {
        let mask = self.slots.len() - 1;
        let mut at = hash(s.w0, s.w1) & mask;
        while self.slots[at].len != 0 {
            at = (at + 1) & mask;
        }
        self.slots[at] = s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(i: &Inst, raw: &[u8], out: &mut String) -> u8 {
        crate::syntax::print::push_inst(out, Target::from_name("gfx906").unwrap(), i).unwrap();
        out.push_str(&format!(" /{}", raw.len()));
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
            let h = m.get(&nop, render).unwrap();
            assert_eq!((h.len, h.text), (4, "s_nop 0 /4"));
            let h = m.get(&vop3, render).unwrap();
            assert_eq!((h.len, h.text), (8, "v_add_f32_e64 v1, v2, v3 /8"));
        }
        assert_eq!(m.entries, 2);
        // The same first word with another second word is another instruction.
        let other = [0x01, 0x00, 0x01, 0xd1, 0x02, 0x09, 0x02, 0x00];
        let h = m.get(&other, render).unwrap();
        assert_eq!(h.text, "v_add_f32_e64 v1, v2, v4 /8");
        // A word that does not decode is the decoder's error, kept when the eight
        // bytes the decoder may read are there.
        assert!(m.get(&vop3[..4], render).is_err());
        assert_eq!(m.entries, 3);
        let bad = [0, 0, 0, 0, 0, 0, 0, 0];
        for _ in 0..2 {
            assert_eq!(m.get(&bad, render).err(), decode(t, &bad).err());
            assert_eq!(m.entries, 4);
        }
    }

    #[test]
    fn the_memo_agrees_with_decoding_over_many_words() {
        let t = Target::from_name("gfx906").unwrap();
        let mut m = Memo::new(t);
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut words = Vec::new();
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Few distinct words, so that most come back.
            words.extend_from_slice(&((x % 3000) as u32 | 0xbf80_0000).to_le_bytes());
            words.extend_from_slice(&((x >> 20) as u32 & 0x7fff_ffff).to_le_bytes());
        }
        for _ in 0..2 {
            let mut pos = 0;
            while pos < words.len() {
                let rest = &words[pos..];
                let want = decode(t, rest);
                let got = m
                    .get(rest, render)
                    .map(|h| (h.len, h.mark, h.text.to_string()));
                match (want, got) {
                    (Ok(w), Ok((len, mark, s))) => {
                        assert_eq!((w.size(), w.size() as u8), (len, mark));
                        let mut text = String::new();
                        render(&w, &rest[..w.size()], &mut text);
                        assert_eq!(s, text);
                        pos += w.size();
                    }
                    (Err(a), Err(b)) => {
                        assert_eq!(a, b);
                        pos += 4;
                    }
                    (w, g) => panic!("at {pos}: {w:?} against {g:?}"),
                }
            }
        }
    }
}
