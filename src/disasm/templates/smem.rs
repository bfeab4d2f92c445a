//! Line templates of SMEM words from gfx8 on (`s_load_dwordx2 s[6:7], s[4:5], 0x50`,
//! `s_store_dword s1, s[2:3], s4 glc`): a row by opcode, made at its first word from
//! the decoder's row lookup (`codec::op`) and the row's operands; the registers' texts
//! from the printer's padded names where the checker's rules take them
//! (`operand_code::reg_valid`, as `codec::smem::check` reads it). A word with SOE set
//! (an SGPR offset added to the immediate), of `s_atc_probe*`, or whose fields a rule
//! refuses goes the general way.

use super::{push_tail, End, HEAD_PAD, TAIL_MAX};
use crate::inst::{Enc, Inst};
use crate::isa::{flags, Fmt, Role};
use crate::operand_code::{reg_padded, reg_valid, write_hex, Padded};
use crate::target::{Gen, Target};
use std::sync::OnceLock;

/// A row's template: the head (its length 0: no template), the fields it shows in
/// order ([`DATA`], [`BASE`], [`OFFSET`]), the widths of its data and base registers
/// (0: not an operand), whether its base is a buffer resource (a 20-bit unsigned
/// offset), and the `glc` and `nv` it takes.
#[derive(Clone, Copy)]
struct Row {
    head: [u8; HEAD_PAD],
    head_len: u8,
    shows: [u8; 4],
    n: u8,
    data: u8,
    base: u8,
    buffer: bool,
    glc: bool,
    nv: bool,
}

const NO_ROW: Row = Row {
    head: [0; HEAD_PAD],
    head_len: 0,
    shows: [0; 4],
    n: 0,
    data: 0,
    base: 0,
    buffer: false,
    glc: false,
    nv: false,
};

/// The fields.
const DATA: u8 = 0;
const BASE: u8 = 1;
const OFFSET: u8 = 2;

/// The SMEM templates of one target (gfx8 on): rows made as words ask.
pub(super) struct Smem {
    target: Target,
    rows: Box<[OnceLock<Row>]>,
}

impl Smem {
    pub(super) fn new(target: Target) -> Smem {
        let rows = if target.gen.before_gfx8() { 0 } else { 256 };
        Smem {
            target,
            rows: (0..rows).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Appends the line of SMEM words `w0`, `w1` as [`super::Templates::push_line`]
    /// does a VOP word's, if a template takes it; whether one did.
    #[inline]
    pub(super) fn push_line(&self, out: &mut Vec<u8>, w0: u32, w1: u32, end: End) -> bool {
        let (target, gen) = (self.target, self.target.gen);
        // (Reserved bits, SOE and SOFFSET; gfx8 has neither NV nor offsets past 20
        // bits.)
        let gfx8 = gen == Gen::Gfx8;
        if w0 & (1 << 13 | 1 << 14) != 0
            || w1 & 0xffe0_0000 != 0
            || (gfx8 && (w0 & 1 << 15 != 0 || w1 & 0x0010_0000 != 0))
        {
            return false;
        }
        let Some(cell) = self.rows.get((w0 >> 18 & 0xff) as usize) else {
            return false;
        };
        let row = cell.get_or_init(|| make_row(target, w0 >> 18 & 0xff));
        let (glc, nv) = (w0 & 1 << 16 != 0, w0 & 1 << 15 != 0);
        if row.head_len == 0 || (glc && !row.glc) || (nv && !row.nv) {
            return false;
        }
        let data = (w0 >> 6 & 0x7f) as u16;
        let base = ((w0 & 0x3f) << 1) as u16;
        let (imm, offset) = (w0 & 1 << 17 != 0, w1 & 0x1f_ffff);
        let reg = |code: u16, dwords: u8| {
            reg_valid(target, code, dwords)
                .then(|| reg_padded(gen, code, dwords).filter(|p| p[15] != 0))
                .flatten()
        };
        let data_text = match row.data {
            0 if data != 0 => return false,
            0 => &EMPTY,
            // (Not M0 or EXEC.)
            _ if data > 123 => return false,
            w => match reg(data, w) {
                Some(p) => p,
                None => return false,
            },
        };
        let own;
        let (base_text, offset_text) = match row.base {
            0 if base != 0 || offset != 0 || imm => return false,
            0 => (&EMPTY, &EMPTY),
            w => {
                let Some(b) = reg(base, w) else {
                    return false;
                };
                let offset_text = if imm {
                    if row.buffer && offset > 0xf_ffff {
                        return false;
                    }
                    own = signed_hex(offset);
                    &own
                } else {
                    match reg(offset as u16, 1).filter(|_| offset <= 127) {
                        Some(p) => p,
                        None => return false,
                    }
                };
                (b, offset_text)
            }
        };
        let mut tail = [0u8; TAIL_MAX];
        let mut n = 0;
        for (on, text) in [(glc, &b" glc"[..]), (nv, b" nv")] {
            if on {
                tail[n..n + text.len()].copy_from_slice(text);
                n += text.len();
            }
        }
        let raw = [w0.to_le_bytes(), w1.to_le_bytes()];
        let texts = [data_text, base_text, offset_text, &EMPTY];
        let shows = &row.shows[..row.n as usize];
        push_tail(
            out,
            &row.head,
            row.head_len,
            shows,
            texts,
            &tail[..n],
            raw.as_flattened(),
            end,
        );
        true
    }
}

/// No text (of a field that is not shown).
const EMPTY: Padded = [0; 16];

/// A 21-bit offset's text as the printer writes it: signed, in hex.
fn signed_hex(offset: u32) -> Padded {
    struct Pad(Padded);
    impl std::fmt::Write for Pad {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            let n = self.0[15] as usize;
            let to = self.0.get_mut(n..n + s.len()).filter(|_| n + s.len() < 16);
            to.ok_or(std::fmt::Error)?.copy_from_slice(s.as_bytes());
            self.0[15] = (n + s.len()) as u8;
            Ok(())
        }
    }
    let v = ((offset << 11) as i32) >> 11;
    let mut p = Pad([0; 16]);
    // (At most `-0x100000`: it fits.)
    if v < 0 {
        let _ = std::fmt::Write::write_str(&mut p, "-");
    }
    let _ = write_hex(&mut p, v.unsigned_abs());
    p.0
}

/// The template of SMEM opcode `opcode` on `target`.
fn make_row(target: Target, opcode: u32) -> Row {
    let Ok(op) = crate::codec::op(target, Fmt::Smem, opcode) else {
        return NO_ROW;
    };
    let d = op.desc();
    let name = d.name.as_bytes();
    let suffix = crate::syntax::suffix::suffix(target.gen, &Inst::new(op, Enc::Smem)).as_bytes();
    let len = name.len() + suffix.len();
    if len > HEAD_PAD || d.sig.len() > 3 {
        return NO_ROW;
    }
    let mut row = NO_ROW;
    row.head[..name.len()].copy_from_slice(name);
    row.head[name.len()..len].copy_from_slice(suffix);
    row.head_len = len as u8;
    (row.glc, row.nv) = (d.has(flags::GLC), d.has(flags::NV));
    let mut offset = false;
    for s in d.sig {
        let w = s.ty.dwords();
        let field = match s.role {
            Role::Sd | Role::SdIn if row.data == 0 && w > 0 => {
                row.data = w;
                DATA
            }
            Role::Sbase if row.base == 0 && w > 0 => {
                row.base = w;
                row.buffer = w == 4;
                BASE
            }
            Role::SmemOff if !offset => {
                offset = true;
                OFFSET
            }
            _ => return NO_ROW,
        };
        row.shows[row.n as usize] = field;
        row.n += 1;
    }
    // (The offset goes with the base.)
    if offset != (row.base != 0) {
        return NO_ROW;
    }
    row
}
