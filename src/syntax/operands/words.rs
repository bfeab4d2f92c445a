//! The words of named modifiers (`clamp`, `offset`, `sc0`, `row_mask`, ...) as one
//! enum: a modifier's word is read once, by one hash of its bytes, and the binders
//! then match on a byte instead of comparing texts. A word is a row here: its
//! variant, its text and which lists it is in.

/// In [`Word::is_flag`]'s list: a bare word of the memory, export and image formats
/// (and `high` of the VOP3 interpolations).
const FLAG: u8 = 1;
/// In [`Word::is_value`]'s list: `name:value` of those formats and of DPP.
const VALUE: u8 = 2;
/// In [`Word::is_cpol`]'s list: a cache-policy bit llvm-mc also takes negated (`no`
/// and the word).
const CPOL: u8 = 4;

macro_rules! words {
    ($($(#[$doc:meta])* $v:ident = $text:literal $(: $($list:ident)|+)?,)*) => {
        /// A named modifier's word.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Word {
            $($(#[$doc])* $v,)*
        }

        impl Word {
            /// Every word, in the order of the list.
            pub const ALL: &'static [Word] = &[$(Word::$v,)*];
            const TEXT: &'static [&'static str] = &[$($text,)*];
            const LISTS: &'static [u8] = &[$(0 $($(| $list)+)?,)*];
        }
    };
}

words! {
    // The VOP3 and VOP3P modifiers, and the words read only with a value.
    Clamp = "clamp",
    Mul = "mul",
    Div = "div",
    OpSel = "op_sel",
    OpSelHi = "op_sel_hi",
    NegLo = "neg_lo",
    NegHi = "neg_hi",
    /// The f64 MFMAs' negation (gfx940).
    Neg = "neg",
    QuadPerm = "quad_perm",
    DstSel = "dst_sel",
    Src0Sel = "src0_sel",
    Src1Sel = "src1_sel",
    DstUnused = "dst_unused",
    Format = "format",
    Offset = "offset",
    Nv = "nv",
    // Cache policy.
    Glc = "glc": CPOL,
    Slc = "slc": FLAG | CPOL,
    Sc0 = "sc0": FLAG | CPOL,
    Sc1 = "sc1": FLAG | CPOL,
    Nt = "nt": FLAG | CPOL,
    Scc = "scc": CPOL,
    // The memory, export and image formats' flags.
    Gds = "gds": FLAG,
    Offen = "offen": FLAG,
    Idxen = "idxen": FLAG,
    Addr64 = "addr64": FLAG,
    Lds = "lds": FLAG,
    Tfe = "tfe": FLAG,
    Unorm = "unorm": FLAG,
    Da = "da": FLAG,
    R128 = "r128": FLAG,
    A16 = "a16": FLAG,
    Lwe = "lwe": FLAG,
    D16 = "d16": FLAG,
    Compr = "compr": FLAG,
    Done = "done": FLAG,
    Vm = "vm": FLAG,
    High = "high": FLAG,
    RowMirror = "row_mirror": FLAG,
    RowHalfMirror = "row_half_mirror": FLAG,
    // Their values, and DPP's.
    Offset0 = "offset0": VALUE,
    Offset1 = "offset1": VALUE,
    Dmask = "dmask": VALUE,
    Dfmt = "dfmt": VALUE,
    Nfmt = "nfmt": VALUE,
    Cbsz = "cbsz": VALUE,
    Abid = "abid": VALUE,
    Blgp = "blgp": VALUE,
    Bitop3 = "bitop3": VALUE,
    RowShl = "row_shl": VALUE,
    RowShr = "row_shr": VALUE,
    RowRor = "row_ror": VALUE,
    WaveShl = "wave_shl": VALUE,
    WaveRol = "wave_rol": VALUE,
    WaveShr = "wave_shr": VALUE,
    WaveRor = "wave_ror": VALUE,
    RowBcast = "row_bcast": VALUE,
    RowNewbcast = "row_newbcast": VALUE,
    RowMask = "row_mask": VALUE,
    BankMask = "bank_mask": VALUE,
    BoundCtrl = "bound_ctrl": VALUE,
    Fi = "fi": VALUE,
}

/// The longest word's length: longer text is no word.
const LONGEST: usize = 16;

/// The slots of the words' hash table: a byte each, the word's index plus one.
const SLOTS: usize = 512;

/// A text of at most [`LONGEST`] bytes as two little-endian numbers, zero-padded.
const fn pack(b: &[u8]) -> (u64, u64) {
    let (mut lo, mut hi, mut k) = (0u64, 0u64, 0);
    while k < b.len() {
        match k < 8 {
            true => lo |= (b[k] as u64) << (8 * k),
            false => hi |= (b[k] as u64) << (8 * (k - 8)),
        }
        k += 1;
    }
    (lo, hi)
}

/// The little-endian number of `w`'s eight bytes from `at`.
fn word_at(w: &[u8; LONGEST], at: usize) -> u64 {
    let mut x = [0u8; 8];
    x.copy_from_slice(&w[at..at + 8]);
    u64::from_le_bytes(x)
}

/// A packed text's slot by the multiplier `m`.
const fn slot((lo, hi): (u64, u64), m: u64) -> usize {
    (lo ^ hi.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(m) as usize
        >> (64 - SLOTS.trailing_zeros())
}

/// The multiplier that puts every word in a slot of its own (the first of a
/// sequence of odd numbers that does: found when the crate is compiled), and the
/// slots.
const TABLE: (u64, [u8; SLOTS]) = {
    let mut m = 0x2545_f491_4f6c_dd1d_u64;
    loop {
        let mut slots = [0u8; SLOTS];
        let (mut k, mut clash) = (0, false);
        while k < Word::TEXT.len() && !clash {
            let s = slot(pack(Word::TEXT[k].as_bytes()), m);
            clash = slots[s] != 0;
            slots[s] = k as u8 + 1;
            k += 1;
        }
        if !clash {
            break (m, slots);
        }
        m = m.wrapping_add(0x9e37_79b9_7f4a_7c16);
    }
};

/// Each word's text, packed.
const PACKED: [(u64, u64); Word::ALL.len()] = {
    let mut all = [(0, 0); Word::ALL.len()];
    let mut k = 0;
    while k < all.len() {
        assert!(Word::TEXT[k].len() <= LONGEST && !Word::TEXT[k].is_empty());
        all[k] = pack(Word::TEXT[k].as_bytes());
        k += 1;
    }
    all
};

impl std::fmt::Display for Word {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Word {
    /// The word `w` is, if it is one.
    pub fn of(w: &str) -> Option<Word> {
        Word::at(w, w.len())
    }

    /// The word the first `n` bytes of `s` are, if they are one (`s` with the text
    /// after the word: its bytes are read at a fixed size where `s` has them).
    #[inline]
    pub fn at(s: &str, n: usize) -> Option<Word> {
        let b = s.as_bytes();
        if n == 0 || n > LONGEST || n > b.len() {
            return None;
        }
        let (lo, hi) = match b.first_chunk::<LONGEST>() {
            Some(w) => (word_at(w, 0), word_at(w, 8)),
            None => {
                let mut w = [0u8; LONGEST];
                w[..n].copy_from_slice(&b[..n]);
                (word_at(&w, 0), word_at(&w, 8))
            }
        };
        let keep = |v: u64, bytes: usize| match bytes {
            8.. => v,
            _ => v & ((1u64 << (8 * bytes)) - 1),
        };
        let (lo, hi) = (keep(lo, n.min(8)), keep(hi, n.saturating_sub(8)));
        let k = usize::from(TABLE.1[slot((lo, hi), TABLE.0)]).checked_sub(1)?;
        // (The length too: a NUL byte packs as the padding does.)
        (PACKED[k] == (lo, hi) && Word::TEXT[k].len() == n).then(|| Word::ALL[k])
    }

    /// The word as the text writes it.
    pub fn name(self) -> &'static str {
        Word::TEXT[self as usize]
    }

    /// A bare-word flag of the memory, export and image formats (`gds`, `offen`,
    /// `slc`, ...), or `high` of the VOP3 interpolations.
    pub fn is_flag(self) -> bool {
        Word::LISTS[self as usize] & FLAG != 0
    }

    /// A `name:value` modifier of those formats or of DPP (`offset0:4`,
    /// `dmask:0xf`, `row_mask:0xf`, ...).
    pub fn is_value(self) -> bool {
        Word::LISTS[self as usize] & VALUE != 0
    }

    /// A cache-policy bit llvm-mc also takes negated (`noglc`, `nosc0`, `noscc`, ...).
    pub fn is_cpol(self) -> bool {
        Word::LISTS[self as usize] & CPOL != 0
    }

    /// The cache-policy bit `w` negates (`noglc`: `glc`).
    pub fn negated(w: &str) -> Option<Word> {
        w.strip_prefix("no")
            .and_then(Word::of)
            .filter(|w| w.is_cpol())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word is found by its text and by nothing else near it.
    #[test]
    fn words_are_found_by_their_text() {
        for (k, &w) in Word::ALL.iter().enumerate() {
            assert_eq!(w as usize, k);
            assert_eq!(Word::of(w.name()), Some(w), "{}", w.name());
            let mut longer = w.name().to_string();
            longer.push('x');
            assert_eq!(Word::of(&longer), None, "{longer}");
            assert_eq!(Word::of(&w.name()[1..]).map(Word::name), {
                let t = &w.name()[1..];
                Word::ALL.iter().find(|x| x.name() == t).map(|x| x.name())
            });
            assert_eq!(Word::of(&w.name().to_uppercase()), None);
            // (Read from a longer text, as the operand reader does.)
            for after in ["", ":", " x", ":0x1234567890abcdef"] {
                let t = format!("{}{after}", w.name());
                assert_eq!(Word::at(&t, w.name().len()), Some(w), "{t}");
                assert_eq!(Word::at(&t, w.name().len() - 1).map(Word::name), {
                    let t = &w.name()[..w.name().len() - 1];
                    Word::ALL.iter().find(|x| x.name() == t).map(|x| x.name())
                });
            }
        }
        for w in [
            "",
            "glc\0",
            "v1",
            "s0",
            "off",
            "noglc",
            "offset:",
            "row_half_mirrorr",
            "a",
        ] {
            assert_eq!(Word::of(w), None, "{w}");
        }
        assert_eq!(Word::negated("noglc"), Some(Word::Glc));
        assert_eq!(Word::negated("noscc"), Some(Word::Scc));
        assert_eq!(Word::negated("nogds"), None);
        assert_eq!(Word::negated("glc"), None);
    }
}
