//! Instructions already disassembled, by their bytes: real code repeats most of its
//! words (`s_waitcnt vmcnt(0)`, `v_mov_b32_e32 v1, 0`, `s_nop 0`): of the 120,691
//! instructions of the gfx906 code the speed benchmark reads, 31,846 are distinct. A
//! word seen before is found by one hash and one comparison, and neither decoded nor
//! printed again.
//!
//! A decoded instruction depends only on the bytes it covers and the target (the
//! decoder reads no byte past them), so the key is those bytes and their count. A
//! lookup tries each length an instruction can have, shortest first: an entry of
//! length 4 for a word says the word alone decodes, whatever follows it. Words that do
//! not decode are not kept (their length and text come from the caller's error path).
//! What is kept per entry is the instruction and the text the caller rendered for it,
//! which may depend only on the instruction and its bytes (not on its address). The
//! texts live in one growing buffer, and the memo stops taking entries at a fixed
//! size: memory stays bounded whatever the input.

use crate::codec::{decode, DecodeError};
use crate::inst::Inst;
use crate::target::Target;

/// The most text kept, and the most entries.
const MAX_TEXT: usize = 1 << 24;
const MAX_ENTRIES: usize = 1 << 20;

/// A slot of the open-addressed table: the bytes (as little-endian words, zero past
/// `len`), their count (0: empty), and the entry's number.
#[derive(Clone, Copy, Default)]
struct Slot {
    words: [u32; 3],
    len: u32,
    entry: u32,
}

/// What an entry holds: the instruction, its length, and where its text is in `text`.
#[derive(Clone, Copy)]
struct Entry {
    inst: Inst,
    len: u32,
    at: u32,
    end: u32,
}

/// An instruction from [`Memo::get`].
pub struct Hit<'a> {
    /// The instruction.
    pub inst: Inst,
    /// The bytes it covers.
    pub len: usize,
    /// Its text, as rendered.
    pub text: &'a str,
}

/// Decoded and rendered instructions by their bytes, for one target.
pub struct Memo {
    target: Target,
    slots: Vec<Slot>,
    entries: Vec<Entry>,
    text: String,
    /// A rendering that was not kept (the memo is full).
    spare: String,
}

/// The words of `bytes` that a key of `len` bytes covers, or None when there are
/// fewer bytes.
fn words(bytes: &[u8], len: usize) -> Option<[u32; 3]> {
    let b = bytes.get(..len)?;
    let mut w = [0u32; 3];
    for (k, c) in b.chunks_exact(4).enumerate() {
        w[k] = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    Some(w)
}

fn hash(w: &[u32; 3], len: u32) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let a = (w[0] as u64 | (w[1] as u64) << 32).wrapping_mul(K);
    let b = ((w[2] as u64) << 8 | len as u64).wrapping_mul(K);
    let h = a.rotate_left(29) ^ b;
    h ^ h >> 31
}

impl Memo {
    /// An empty memo for `target`.
    pub fn new(target: Target) -> Memo {
        Memo {
            target,
            slots: vec![Slot::default(); 1 << 12],
            entries: Vec::new(),
            text: String::new(),
            spare: String::new(),
        }
    }

    /// The target it decodes for.
    pub fn target(&self) -> Target {
        self.target
    }

    /// The slot of the key, or the empty slot where it would go.
    fn find(&self, w: &[u32; 3], len: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = hash(w, len) as usize & mask;
        loop {
            let s = &self.slots[at];
            if s.len == 0 || (s.len == len && s.words == *w) {
                return at;
            }
            at = (at + 1) & mask;
        }
    }

    /// The instruction at the start of `bytes` and the text `render` gives it: kept
    /// from an earlier call for the same bytes, or decoded, rendered (appended to the
    /// string `render` is given) and kept. Bytes that do not decode are the decoder's
    /// error, and nothing is kept.
    pub fn get(
        &mut self,
        bytes: &[u8],
        render: impl FnOnce(&Inst, &[u8], &mut String),
    ) -> Result<Hit<'_>, DecodeError> {
        for len in [4, 8, 12] {
            let Some(w) = words(bytes, len) else {
                break;
            };
            let s = self.slots[self.find(&w, len as u32)];
            if s.len != 0 {
                let e = &self.entries[s.entry as usize];
                return Ok(Hit {
                    inst: e.inst,
                    len: e.len as usize,
                    text: &self.text[e.at as usize..e.end as usize],
                });
            }
        }
        let inst = decode(self.target, bytes)?;
        let len = inst.size();
        let raw = &bytes[..len];
        let full = self.text.len() >= MAX_TEXT || self.entries.len() >= MAX_ENTRIES;
        let Some(w) = words(bytes, len).filter(|_| len <= 12 && !full) else {
            self.spare.clear();
            render(&inst, raw, &mut self.spare);
            return Ok(Hit {
                inst,
                len,
                text: &self.spare,
            });
        };
        let at = self.text.len();
        render(&inst, raw, &mut self.text);
        let slot = self.find(&w, len as u32);
        self.slots[slot] = Slot {
            words: w,
            len: len as u32,
            entry: self.entries.len() as u32,
        };
        self.entries.push(Entry {
            inst,
            len: len as u32,
            at: at as u32,
            end: self.text.len() as u32,
        });
        // At most half full: twice the slots, every entry placed again.
        if 4 * self.entries.len() > self.slots.len() {
            let size = 2 * self.slots.len();
            let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
            for s in old.into_iter().filter(|s| s.len != 0) {
                let k = self.find(&s.words, s.len);
                self.slots[k] = s;
            }
        }
        Ok(Hit {
            inst,
            len,
            text: &self.text[at..],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(i: &Inst, raw: &[u8], out: &mut String) {
        crate::syntax::print::push_inst(out, Target::from_name("gfx906").unwrap(), i).unwrap();
        out.push_str(&format!(" /{}", raw.len()));
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
        assert_eq!(m.entries.len(), 2);
        // The same first word with another second word is another instruction.
        let other = [0x01, 0x00, 0x01, 0xd1, 0x02, 0x09, 0x02, 0x00];
        let h = m.get(&other, render).unwrap();
        assert_eq!(h.text, "v_add_f32_e64 v1, v2, v4 /8");
        // A word that does not decode is the decoder's error, and is not kept.
        assert!(m.get(&vop3[..4], render).is_err());
        assert_eq!(m.entries.len(), 3);
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
                    .map(|h| (h.inst, h.len, h.text.to_string()));
                match (want, got) {
                    (Ok(w), Ok((g, len, s))) => {
                        assert_eq!((w, w.size()), (g, len));
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
