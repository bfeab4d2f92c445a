//! Line templates of SMEM words from gfx8 on (`s_load_dwordx2 s[6:7], s[4:5], 0x50`,
//! `s_store_dword s1, s[2:3], s4 glc`): a row by opcode, made at its first word from
//! the decoder's row lookup (`codec::op`) and the row's operands; the registers' texts
//! from the printer's padded names where the checker's rules take them
//! (`operand_code::reg_valid`, as `codec::smem::check` reads it). A word with SOE set
//! (an SGPR offset added to the immediate), of `s_atc_probe*`, or whose fields a rule
//! refuses goes the general way.

use super::{reg_text, End, Fill, Head, Rows, EMPTY, NO_HEAD, TAIL_MAX};
use crate::inst::Enc;
use crate::isa::{flags, Fmt, Role};
use crate::operand_code::{write_hex, Padded};
use crate::target::{Gen, Target};
use std::fmt::Write as _;

/// A row's template: the head (its length 0: no template), the fields it shows in
/// order ([`DATA`], [`BASE`], [`OFFSET`]), the widths of its data and base registers
/// (0: not an operand), whether its base is a buffer resource (a 20-bit unsigned
/// offset), and the `glc` and `nv` it takes.
#[derive(Clone, Copy)]
struct Row {
    head: Head,
    data: u8,
    base: u8,
    buffer: bool,
    glc: bool,
    nv: bool,
}

const NO_ROW: Row = Row {
    head: NO_HEAD,
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
    rows: Rows<Row>,
}

impl Smem {
    pub(super) fn new(target: Target) -> Smem {
        let rows = if target.gen.before_gfx8() { 0 } else { 256 };
        Smem {
            target,
            rows: Rows::new(rows),
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
        let opcode = w0 >> 18 & 0xff;
        let Some(row) = self.rows.get(opcode as usize, || make_row(target, opcode)) else {
            return false;
        };
        let (glc, nv) = (w0 & 1 << 16 != 0, w0 & 1 << 15 != 0);
        if !row.head.some() || (glc && !row.glc) || (nv && !row.nv) {
            return false;
        }
        let data = (w0 >> 6 & 0x7f) as u16;
        let base = ((w0 & 0x3f) << 1) as u16;
        let (imm, offset) = (w0 & 1 << 17 != 0, w1 & 0x1f_ffff);
        // (Scalar registers: the checker's `reg_valid` is `reg_valid_for` there.)
        let reg = |code: u16, dwords: u8| reg_text(target, code, dwords);
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
                    own = match signed_hex(offset) {
                        Some(p) => p,
                        None => return false,
                    };
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
        let mut tail = Fill::<TAIL_MAX>::new();
        if glc {
            tail.put(b" glc");
        }
        if nv {
            tail.put(b" nv");
        }
        let texts = [data_text, base_text, offset_text, &EMPTY];
        row.head.push(out, texts, &tail, (w0, w1), end)
    }
}

/// A 21-bit offset's text as the printer writes it: signed, in hex.
fn signed_hex(offset: u32) -> Option<Padded> {
    let v = ((offset << 11) as i32) >> 11;
    let mut p = Fill::<15>::new();
    if v < 0 {
        let _ = p.write_str("-");
    }
    let _ = write_hex(&mut p, v.unsigned_abs());
    p.padded()
}

/// The template of SMEM opcode `opcode` on `target`.
fn make_row(target: Target, opcode: u32) -> Row {
    let Ok(op) = crate::codec::op(target, Fmt::Smem, opcode) else {
        return NO_ROW;
    };
    let d = op.desc();
    if d.sig().len() > 3 {
        return NO_ROW;
    }
    let mut row = Row {
        head: Head::of(target, op, Enc::Smem),
        glc: d.has(flags::GLC),
        nv: d.has(flags::NV),
        ..NO_ROW
    };
    let mut offset = false;
    for s in d.sig() {
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
        if !row.head.show(field) {
            return NO_ROW;
        }
    }
    // (The offset goes with the base.)
    if offset != (row.base != 0) {
        return NO_ROW;
    }
    row
}
