//! Line templates of MUBUF words from gfx8 on (`buffer_load_dword v1, v2, s[4:7], s5
//! offen offset:16 glc`): a row by opcode, made at its first word from the decoder's
//! row lookup (`codec::op`) and the row's operands (data, address, resource, offset);
//! the registers' texts from the printer's padded names where the checker's rules
//! (`codec::mubuf`'s check) take them, SOFFSET's from its source texts where
//! `codec::check_src` takes the code. A word with `lds`, `tfe`, AGPR data, the third
//! cache bit (gfx90a `scc`, gfx940 `sc1`) or reserved bits set, of a row without all
//! four operands, or whose fields a rule refuses goes the general way. MTBUF goes the
//! general way.

use super::{reg_text, End, Fill, Head, Rows, NO_HEAD, OFF_TEXT, TAIL_MAX};
use crate::codec::mubuf::{GLC, IDXEN, OFFEN, OFFSET};
use crate::inst::{Enc, VGPR0};
use crate::isa::{flags, Fmt, Role, Ty};
use crate::operand_code::{src_padded_all, write_dec, Padded};
use crate::syntax::buf::cache_bits;
use crate::target::Target;
use std::sync::OnceLock;

/// A row's template: the head (its length 0: no template), the width of its data
/// registers, and whether it takes `glc`.
#[derive(Clone, Copy)]
struct Row {
    head: Head,
    data: u8,
    glc: bool,
}

const NO_ROW: Row = Row {
    head: NO_HEAD,
    data: 0,
    glc: false,
};

/// The fields, in the order of the operands.
const DATA: u8 = 0;
const VADDR: u8 = 1;
const SRSRC: u8 = 2;
const SOFFSET: u8 = 3;

/// The bits of a MUBUF word's two dwords that are neither a field the templates
/// take nor the encoding and opcode (bit 25, SC1, LDS; TFE/ACC and bits 21-22).
const OTHER0: u32 = 1 << 25 | 1 << 15 | 1 << 16;
const OTHER1: u32 = 1 << 23 | 3 << 21;

/// The MUBUF templates of one target (gfx8 on): rows and SOFFSET's texts made as
/// words ask.
pub(super) struct Mubuf {
    target: Target,
    rows: Rows<Row>,
    /// SOFFSET's text of each code (length 0 where the checker refuses it).
    soffset: OnceLock<Box<[Padded; 256]>>,
}

impl Mubuf {
    pub(super) fn new(target: Target) -> Mubuf {
        let rows = if target.gen.before_gfx8() { 0 } else { 128 };
        Mubuf {
            target,
            rows: Rows::new(rows),
            soffset: OnceLock::new(),
        }
    }

    /// Appends the line of MUBUF words `w0`, `w1` as [`super::Templates::push_line`]
    /// does a VOP word's, if a template takes it; whether one did.
    #[inline]
    pub(super) fn push_line(&self, out: &mut Vec<u8>, w0: u32, w1: u32, end: End) -> bool {
        let target = self.target;
        if w0 & OTHER0 != 0 || w1 & OTHER1 != 0 {
            return false;
        }
        let opcode = w0 >> 18 & 0x7f;
        let Some(row) = self.rows.get(opcode as usize, || make_row(target, opcode)) else {
            return false;
        };
        let f = u64::from(w0);
        if !row.head.some() || (f & GLC != 0 && !row.glc) {
            return false;
        }
        let (vaddr, data) = ((w1 & 0xff) as u16, (w1 >> 8 & 0xff) as u16);
        let (srsrc, soffset) = ((w1 >> 14 & 0x7c) as u16, (w1 >> 24) as usize);
        let n = (f & OFFEN != 0) as u8 + (f & IDXEN != 0) as u8;
        let vaddr_text = match n {
            0 if vaddr != 0 => return false,
            0 => &OFF_TEXT,
            n => match reg_text(target, VGPR0 + vaddr, n) {
                Some(p) => p,
                None => return false,
            },
        };
        let soffsets = self.soffset.get_or_init(|| soffsets(target));
        let (Some(data_text), Some(srsrc_text), Some(soffset_text)) = (
            reg_text(target, VGPR0 + data, row.data),
            reg_text(target, srsrc, 4),
            soffsets.get(soffset).filter(|p| p[15] != 0),
        ) else {
            return false;
        };
        let mut tail = Fill::<TAIL_MAX>::new();
        if f & IDXEN != 0 {
            tail.put(b" idxen");
        }
        if f & OFFEN != 0 {
            tail.put(b" offen");
        }
        if f & OFFSET != 0 {
            tail.put(b" offset:");
            let _ = write_dec(&mut tail, (f & OFFSET) as u32);
        }
        let [(_, glc), (_, slc), _] = cache_bits(target.gen, Enc::Mubuf);
        tail.put_cache_bits(target.gen, f & glc != 0, f & slc != 0);
        let texts = [data_text, vaddr_text, srsrc_text, soffset_text];
        row.head.push(out, texts, &tail, (w0, w1), end)
    }
}

/// SOFFSET's text of each code on `target`: an SGPR, M0, or an inline constant or
/// `src_*` value, as the checker takes them (`codec::check_src`, no literal), in the
/// printer's text (its source texts).
fn soffsets(target: Target) -> Box<[Padded; 256]> {
    let all = src_padded_all(target.gen, Ty::B32);
    let mut t = Box::new([[0u8; 16]; 256]);
    for (code, text) in t.iter_mut().enumerate() {
        let c = code as u16;
        if c != crate::inst::LITERAL && crate::codec::check_src(target, c, 1, false).is_ok() {
            *text = all[code];
        }
    }
    t
}

/// The template of MUBUF opcode `opcode` on `target`: a row whose operands are its
/// data, address, resource and offset, in that order.
fn make_row(target: Target, opcode: u32) -> Row {
    let Ok(op) = crate::codec::op(target, Fmt::Mubuf, opcode) else {
        return NO_ROW;
    };
    let d = op.desc();
    let mut row = Row {
        head: Head::of(target, op, Enc::Mubuf),
        glc: !d.has(flags::NORET),
        ..NO_ROW
    };
    let [data, vaddr, srsrc, soffset] = d.sig() else {
        return NO_ROW;
    };
    let roles = [data.role, vaddr.role, srsrc.role, soffset.role];
    if !matches!(roles[0], Role::Vd | Role::Vdata)
        || roles[1..] != [Role::Vaddr, Role::Srsrc, Role::Soffset]
        || data.ty.dwords() == 0
    {
        return NO_ROW;
    }
    row.data = data.ty.dwords();
    for field in [DATA, VADDR, SRSRC, SOFFSET] {
        if !row.head.show(field) {
            return NO_ROW;
        }
    }
    row
}
