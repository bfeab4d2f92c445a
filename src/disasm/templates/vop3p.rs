//! Line templates of VOP3P words, packed math from gfx9 on (`v_pk_fma_f32 v[0:1],
//! v[2:3], s[4:5], v[6:7] op_sel_hi:[1,0,1]`): as a VOP3 row's, the head, the operands
//! in order and a table per field from the decoder's field rules
//! (`codec::fast::vop64::fields3p`), and the modifier bits the fast check takes
//! (`neg_lo`, `neg_hi`, `op_sel`, `op_sel_hi` of the sources that have them,
//! `clamp`), printed as the printer prints them. A word that reads the constant bus
//! twice goes the general way, as do the rows `fields3p` leaves out.

use super::{bus_reads, End, Fill, Head, Templates, Use, ANY, NO_HEAD, TAIL_MAX, VCC_TEXT, ZERO};
use crate::codec::fast::vop64::fields3p;
use crate::inst::Enc;
use crate::isa::Role;
use crate::syntax::print_plan::reg_ty;

/// A VOP3P row's template: the head (the mnemonic and its suffix, padded), the
/// fields shown in order (0 VDST, 2-4 SRC0-SRC2), a table per field ([`ZERO`] for a
/// field the row does not use), the modifier bits it takes, the sources that may read
/// the constant bus (bit k: field k), and how many sources its modifiers list.
#[derive(Clone, Copy)]
pub(super) struct RowP {
    pub(super) head: Head,
    tables: [&'static super::Table; 5],
    mods: u8,
    opsel: u8,
    op_sel_hi: u8,
    clamp: bool,
    bus: u8,
    nsrc: u8,
}

pub(super) const NO_ROWP: RowP = RowP {
    head: NO_HEAD,
    tables: [ANY; 5],
    mods: 0,
    opsel: 0,
    op_sel_hi: 0,
    clamp: false,
    bus: 0,
    nsrc: 0,
};

/// The `op_sel_hi` the printer leaves unsaid (rows that are not mixed precision).
const DEFAULT_OP_SEL_HI: u8 = 7;

impl Templates {
    /// The template of VOP3P opcode `opcode`.
    pub(super) fn vop3p_row(&self, opcode: u32) -> RowP {
        let Some(f) = fields3p(self.target, opcode) else {
            return NO_ROWP;
        };
        let d = f.op.desc();
        let mut row = RowP {
            head: Head::of(self.target, f.op, Enc::Vop3p),
            tables: [ZERO; 5],
            ..NO_ROWP
        };
        if !row.head.some() {
            return NO_ROWP;
        }
        (row.mods, row.opsel, row.op_sel_hi, row.clamp) = (f.mods, f.opsel, f.op_sel_hi, f.clamp);
        let mut seen = [false; 5];
        for s in d.sig() {
            let (field, ty) = match s.role {
                Role::Vd => (0, reg_ty(s.ty.dwords())),
                _ => match s.role.src_index() {
                    Some(src) => (2 + src, s.ty),
                    None => return NO_ROWP,
                },
            };
            let Some(rule) = f.rules[field].filter(|_| !seen[field]) else {
                return NO_ROWP;
            };
            seen[field] = true;
            if !row.head.show(field as u8) {
                return NO_ROWP;
            }
            row.tables[field] = self.table(Use {
                rule: super::Rule::Vop(rule),
                dwords: ty.dwords(),
                bus: false,
            });
            if field >= 2 {
                row.bus |= 1 << field;
                row.nsrc = row.nsrc.max(field as u8 - 1);
            }
        }
        // (A field the decoder reads must be shown.)
        if (0..5).any(|k| f.rules[k].is_some() != seen[k]) {
            return NO_ROWP;
        }
        row
    }

    /// Appends the line of VOP3P words `w0`, `w1` as [`Templates::push_line`] does, if
    /// its row has a template, the decoder takes its fields and modifier bits and it
    /// reads the constant bus at most once.
    #[inline]
    pub(super) fn push_vop3p_line(&self, out: &mut Vec<u8>, w0: u32, w1: u32, end: End) -> bool {
        let opcode = w0 >> 16 & 0x7f;
        let Some(row) = self
            .vop3p_rows
            .get(opcode as usize, || self.vop3p_row(opcode))
        else {
            return false;
        };
        if !row.head.some() {
            return false;
        }
        let codes = [w0 & 0xff, 0, w1 & 0x1ff, w1 >> 9 & 0x1ff, w1 >> 18 & 0x1ff];
        let text = |k: usize| self.table_text(row.tables[k], codes[k]);
        let (Some(a), Some(c), Some(d), Some(e)) = (text(0), text(2), text(3), text(4)) else {
            return false;
        };
        let (neg_hi, op_sel) = ((w0 >> 8 & 7) as u8, (w0 >> 11 & 7) as u8);
        let op_sel_hi = (w1 >> 27 & 3 | (w0 >> 14 & 1) << 2) as u8;
        let (clamp, neg) = (w0 & 0x8000 != 0, (w1 >> 29) as u8);
        if (neg | neg_hi) & !row.mods != 0
            || op_sel & !row.opsel != 0
            || (op_sel_hi ^ row.op_sel_hi) & !row.opsel != 0
            || (clamp && !row.clamp)
        {
            return false;
        }
        if bus_reads(row.bus, &codes) > 1 {
            return false;
        }
        let mut tail = Fill::<TAIL_MAX>::new();
        let n = row.nsrc as usize;
        bits(&mut tail, b" op_sel:[", op_sel, n, op_sel != 0);
        bits(
            &mut tail,
            b" op_sel_hi:[",
            op_sel_hi,
            n,
            op_sel_hi != DEFAULT_OP_SEL_HI,
        );
        bits(&mut tail, b" neg_lo:[", neg, n, neg != 0);
        bits(&mut tail, b" neg_hi:[", neg_hi, n, neg_hi != 0);
        if clamp {
            tail.put(b" clamp");
        }
        let texts = [a, &VCC_TEXT, c, d, e, &VCC_TEXT, &VCC_TEXT, &VCC_TEXT];
        row.head.push(out, texts, &tail, (w0, w1), end)
    }
}

/// Writes ` name:[b0,b1,...]` (`open` is ` name:[`), the first `n` bits of `v`, as
/// the printer does, if `show`.
fn bits<const L: usize>(tail: &mut Fill<TAIL_MAX>, open: &[u8; L], v: u8, n: usize, show: bool) {
    if !show {
        return;
    }
    tail.put(open);
    for k in 0..n {
        if k > 0 {
            tail.put_byte(b',');
        }
        tail.put_byte(b'0' + (v >> k & 1));
    }
    tail.put_byte(b']');
}
