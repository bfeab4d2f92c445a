//! Line templates of DS words from gfx8 on (`ds_read_b64 v[0:1], v2 offset:16`,
//! `ds_write2_b32 v1, v2, v3 offset0:4 offset1:8`): a row by opcode, made at its first
//! word from the decoder's row lookup (`codec::op`) and the row's operands, the
//! registers' texts from the printer's padded names where the checker's rule takes
//! them (`operand_code::reg_valid_for`), `ds_swizzle_b32`'s offset as the printer's
//! swizzle pattern (`syntax::ds::write_swizzle`) where the checker takes it
//! (`codec::ds::swizzle_canonical`). A word with GDS set, of a row that
//! needs it (`ds_gws_*`), or whose fields a rule refuses goes the general way.

use super::{reg_text, End, Fill, Head, Rows, EMPTY, NO_HEAD, TAIL_MAX};
use crate::inst::{Enc, VGPR0};
use crate::isa::{flags, Fmt, Role};
use crate::operand_code::{write_dec, Padded, AGPR0};
use crate::target::Target;
use std::fmt::Write as _;

/// A row's template: the head (its length 0: no template), the fields it shows in
/// order ([`VDST`], [`ADDR`], [`DATA0`], [`DATA1`]) and each field's width (0: not an
/// operand, its bits must be zero), and whether its offset is two bytes
/// (`offset0`, `offset1`) or a swizzle pattern.
#[derive(Clone, Copy)]
struct Row {
    head: Head,
    widths: [u8; 4],
    offset2: bool,
    swizzle: bool,
}

const NO_ROW: Row = Row {
    head: NO_HEAD,
    widths: [0; 4],
    offset2: false,
    swizzle: false,
};

/// The fields, by their place in the second word: `w1 >> 8 * k`.
const ADDR: u8 = 0;
const DATA0: u8 = 1;
const DATA1: u8 = 2;
const VDST: u8 = 3;

/// The DS templates of one target (gfx8 on): rows made as words ask.
pub(super) struct Ds {
    target: Target,
    rows: Rows<Row>,
}

impl Ds {
    pub(super) fn new(target: Target) -> Ds {
        let rows = if target.gen.before_gfx8() { 0 } else { 256 };
        Ds {
            target,
            rows: Rows::new(rows),
        }
    }

    /// Appends the line of DS words `w0`, `w1` as [`super::Templates::push_line`]
    /// does a VOP word's, if a template takes it; whether one did.
    #[inline]
    pub(super) fn push_line(&self, out: &mut Vec<u8>, w0: u32, w1: u32, end: End) -> bool {
        let target = self.target;
        // (GDS: the general way.)
        if w0 & 1 << 16 != 0 {
            return false;
        }
        let opcode = w0 >> 17 & 0xff;
        let make = || make_row(target, opcode);
        let Some(row) = self
            .rows
            .get(opcode as usize, make)
            .filter(|r| r.head.some())
        else {
            return false;
        };
        // ACC (gfx90a on): the data and destination are AGPRs.
        let acc = w0 >> 25 & 1 != 0;
        let data = row.widths[DATA0 as usize] != 0 || row.widths[VDST as usize] != 0;
        if acc && (!target.acc_mem() || !data) {
            return false;
        }
        let mut texts: [&Padded; 4] = [&EMPTY; 4];
        for (k, text) in texts.iter_mut().enumerate() {
            let bits = w1 >> (8 * k) & 0xff;
            let dwords = row.widths[k];
            if dwords == 0 {
                if bits != 0 {
                    return false;
                }
                continue;
            }
            let base = if acc && k != ADDR as usize {
                AGPR0
            } else {
                VGPR0
            };
            match reg_text(target, base + bits as u16, dwords) {
                Some(p) => *text = p,
                None => return false,
            }
        }
        let offset = w0 & 0xffff;
        if row.head.n == 0 && offset != 0 {
            return false;
        }
        let mut tail = Fill::<TAIL_MAX>::new();
        let mut put = |name: &str, v: u32| {
            if v != 0 {
                let _ = tail.write_str(name);
                let _ = write_dec(&mut tail, v);
            }
        };
        if row.offset2 {
            put(" offset0:", offset & 0xff);
            put(" offset1:", offset >> 8);
        } else if row.swizzle && offset != 0 {
            // (An offset of two spellings is the checker's to refuse.)
            if !crate::codec::ds::swizzle_canonical(offset as u16) {
                return false;
            }
            let _ = tail.write_str(" offset:");
            let _ = crate::syntax::ds::write_swizzle(&mut tail, offset as u16);
        } else {
            put(" offset:", offset);
        }
        row.head.push(out, texts, &tail, (w0, w1), end)
    }
}

/// The template of DS opcode `opcode` on `target`.
fn make_row(target: Target, opcode: u32) -> Row {
    let Ok(op) = crate::codec::op(target, Fmt::Ds, opcode) else {
        return NO_ROW;
    };
    let d = op.desc();
    if d.has(flags::GDS_ONLY) || d.sig().len() > 4 {
        return NO_ROW;
    }
    let mut row = Row {
        head: Head::of(target, op, Enc::Ds),
        widths: [0; 4],
        offset2: d.has(flags::OFFSET2),
        swizzle: d.has(flags::SWIZZLE),
    };
    for s in d.sig() {
        let field = match s.role {
            Role::Vaddr => ADDR,
            Role::Vdata => DATA0,
            Role::Vdata1 => DATA1,
            Role::Vd => VDST,
            _ => return NO_ROW,
        };
        let width = &mut row.widths[field as usize];
        if *width != 0 || s.ty.dwords() == 0 {
            return NO_ROW;
        }
        *width = s.ty.dwords();
        if !row.head.show(field) {
            return NO_ROW;
        }
    }
    row
}
