//! Line templates of FLAT, GLOBAL and SCRATCH words (`global_load_dword v1, v[2:3],
//! off offset:16 glc`), from gfx7 on: a row by segment, opcode and `glc` (which makes
//! an atomic return), made at its first word from the decoder's own row lookup
//! (`codec::op`) and operand list (`access::slots_of`) and the printer's suffix; the
//! registers' texts from the printer's padded names, taken where the checker's own
//! rules take them (`operand_code::reg_valid_for`, `codec::flat::saddr_valid`). A word
//! with bit 25 (gfx90a `scc`, gfx940 `sc1`) or bit 13 (`lds`, gfx940 SCRATCH's SVE) set,
//! of a row that refuses `glc`, or whose fields a rule refuses goes the general way,
//! which says the error. Tests hold every row's lines on every target to the general
//! path's, for random fields.

use super::{reg_text, End, Fill, Head, Rows, NO_HEAD, OFF_TEXT, TAIL_MAX};
use crate::codec::flat::{saddr_valid, SADDR_OFF};
use crate::inst::access::slots_of;
use crate::inst::{Enc, VGPR0};
use crate::isa::{flags, Fmt, Role};
use crate::operand_code::{reg_padded, write_signed, AGPR0};
use crate::target::{Gen, Target};

/// The rows: segment (FLAT, SCRATCH, GLOBAL), opcode and `glc`.
const ROWS: usize = 3 * 128 * 2;

/// A row's template.
#[derive(Clone, Copy)]
struct Row {
    /// The head; the operands in order ([`VDST`], [`VADDR`], [`VDATA`], [`SADDR`]).
    head: Head,
    enc: Enc,
    /// The width of VDST's and DATA's registers, and of SADDR's (0: not an operand).
    vd: u8,
    vdata: u8,
    saddr: u8,
    /// Whether ADDR is an operand.
    vaddr: bool,
}

const NO_ROW: Row = Row {
    head: NO_HEAD,
    enc: Enc::Flat,
    vd: 0,
    vdata: 0,
    saddr: 0,
    vaddr: false,
};

/// In [`Row::shows`]: the fields.
const VDST: u8 = 0;
const VADDR: u8 = 1;
const VDATA: u8 = 2;
const SADDR: u8 = 3;

/// The FLAT templates of one target: rows and register tables made as words ask.
pub(super) struct Flat {
    target: Target,
    rows: Rows<Row>,
}

impl Flat {
    pub(super) fn new(target: Target) -> Flat {
        Flat {
            target,
            rows: Rows::new(ROWS),
        }
    }

    /// The template of segment `seg` (0-2), opcode `opcode` and `glc`.
    #[inline(always)]
    fn row(&self, seg: u32, opcode: u32, glc: u32) -> Option<&Row> {
        let at = (seg * 128 + opcode) * 2 + glc;
        let make = || make_row(self.target, seg, opcode, glc != 0);
        self.rows.get(at as usize, make).filter(|r| r.head.some())
    }

    /// Appends the line of FLAT words `w0`, `w1` as [`super::Templates::push_line`]
    /// does a VOP word's, if a template takes it; whether one did.
    #[inline]
    pub(super) fn push_line(&self, out: &mut Vec<u8>, w0: u32, w1: u32, end: End) -> bool {
        let (target, gen) = (self.target, self.target.gen);
        let seg = w0 >> 14 & 3;
        // (Bit 25, bit 13 and the segment 3: the general way.)
        if w0 & (1 << 25 | 1 << 13) != 0 || seg == 3 {
            return false;
        }
        let glc = w0 >> 16 & 1;
        let Some(row) = self.row(seg, w0 >> 18 & 0x7f, glc) else {
            return false;
        };
        let acc = w1 >> 23 & 1 != 0;
        if acc && (!target.acc_mem() || (row.vd == 0 && row.vdata == 0)) {
            return false;
        }
        let offset = w0 & 0x1fff;
        let offset_ok = match row.enc {
            _ if gen.before_gfx9() => offset == 0,
            Enc::Flat => offset & 0x1000 == 0,
            _ => true,
        };
        let saddr = (w1 >> 16 & 0x7f) as u16;
        if !offset_ok || !saddr_valid(target, row.enc, saddr) {
            return false;
        }
        let (vdst, addr, data) = (w1 >> 24, w1 & 0xff, w1 >> 8 & 0xff);
        let base = if acc { AGPR0 } else { VGPR0 };
        let field = |bits: u32, dwords: u8| match dwords {
            0 => (bits == 0).then_some(&OFF_TEXT),
            _ => reg_text(target, base + bits as u16, dwords),
        };
        let (Some(vd), Some(vdata)) = (field(vdst, row.vd), field(data, row.vdata)) else {
            return false;
        };
        // ADDR: 64-bit for FLAT and for GLOBAL without SADDR, unused in SCRATCH with
        // one (with or without one on gfx940, without the SVE bit).
        let addr_dwords = match row.enc {
            _ if !row.vaddr => 0,
            Enc::Flat => 2,
            Enc::Global if saddr == SADDR_OFF => 2,
            Enc::Global => 1,
            _ if gen == Gen::Gfx940 || saddr != SADDR_OFF => 0,
            _ => 1,
        };
        let vaddr = match addr_dwords {
            0 => (addr == 0).then_some(&OFF_TEXT),
            n => reg_text(target, VGPR0 + addr as u16, n),
        };
        let saddr_text = match saddr {
            _ if row.saddr == 0 => Some(&OFF_TEXT),
            SADDR_OFF => Some(&OFF_TEXT),
            c => reg_padded(gen, c, row.saddr).filter(|p| p[15] != 0),
        };
        let (Some(vaddr), Some(saddr_text)) = (vaddr, saddr_text) else {
            return false;
        };
        let tail = mods(gen, row.enc, w0);
        let texts = [vd, vaddr, vdata, saddr_text];
        row.head.push(out, texts, &tail, (w0, w1), end)
    }
}

/// A FLAT word's modifiers as the printer writes them: the offset (signed but in
/// FLAT), then the cache bits by their names on `gen`.
fn mods(gen: Gen, enc: Enc, w0: u32) -> Fill<TAIL_MAX> {
    let raw = (w0 & 0x1fff) as i32;
    let offset = if enc == Enc::Flat {
        raw
    } else {
        (raw << 19) >> 19
    };
    let mut tail = Fill::new();
    if offset != 0 {
        tail.put(b" offset:");
        let _ = write_signed(&mut tail, offset);
    }
    tail.put_cache_bits(gen, w0 & 1 << 16 != 0, w0 & 1 << 17 != 0);
    tail
}

/// The template of segment `seg`, opcode `opcode` and `glc` on `target`.
fn make_row(target: Target, seg: u32, opcode: u32, glc: bool) -> Row {
    let (fmt, enc) = match seg {
        0 => (Fmt::Flat, Enc::Flat),
        1 => (Fmt::Scratch, Enc::Scratch),
        _ => (Fmt::Global, Enc::Global),
    };
    let Ok(op) = crate::codec::op(target, fmt, opcode) else {
        return NO_ROW;
    };
    let d = op.desc();
    // (A row that must not return refuses glc: the general way says so.)
    if glc && d.has(flags::NORET) {
        return NO_ROW;
    }
    let mut row = Row {
        head: Head::of(target, op, enc),
        enc,
        ..NO_ROW
    };
    let (slots, n) = slots_of(d, enc, false, glc);
    for s in slots[..n].iter().flatten() {
        let width = s.ty.dwords();
        let field = match s.role {
            Role::Vd if row.vd == 0 => {
                row.vd = width;
                VDST
            }
            Role::Vdata if row.vdata == 0 => {
                row.vdata = width;
                VDATA
            }
            Role::Saddr if row.saddr == 0 => {
                row.saddr = width;
                SADDR
            }
            Role::Vaddr if !row.vaddr => {
                row.vaddr = true;
                VADDR
            }
            _ => return NO_ROW,
        };
        if (width == 0 && field != VADDR) || !row.head.show(field) {
            return NO_ROW;
        }
    }
    row
}
