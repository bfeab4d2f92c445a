//! Line templates of DPP words (`v_mov_b32_dpp v3, v19 row_shr:1 row_mask:0xf
//! bank_mask:0xf`), from gfx8 on: the 32-bit VOP row's template (its operands in
//! order and its fields' tables, SRC0's read at the VGPR the DPP dword names), a head
//! with the `_dpp` suffix made at the row's first DPP word, and the controls written
//! by the printer's own `vopx::write_mods` where the checker's rules take them
//! (`vopx::dpp_ctrl_valid`, `dpp_ctrl_error`). A word with source modifiers or the
//! reserved bits set, of a row without a DPP form (`vopx::has_dpp`) or whose fields
//! a table refuses goes the general way.

use super::{End, Fill, Head, Templates, NO_HEAD, SRC0, TAIL_MAX, VCC_TEXT, VDST, VSRC1};
use crate::codec::fast::vop32::fields;
use crate::codec::vopx::{dpp_ctrl_error, dpp_ctrl_valid, has_dpp};
use crate::inst::fields::vopx::{DPP_CTRL, DPP_FIELDS};
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::OpId;
use crate::target::Target;

impl Templates {
    /// Appends the line of DPP words `w0` (a 32-bit VOP word whose SRC0 is the DPP
    /// mark) and `w1` as [`Templates::push_line`] does, if a template takes it;
    /// whether one did.
    #[inline]
    pub(super) fn push_dpp_line(&self, out: &mut Vec<u8>, w0: u32, w1: u32, end: End) -> bool {
        // (Source modifiers, bits 20-23, and the reserved bits 17-18.)
        if w1 & 0x00f6_0000 != 0 {
            return false;
        }
        let Some((at, row, bits)) = self.vop_row_at(w0) else {
            return false;
        };
        let target = self.target;
        let Some(&(head, op)) = self.dpp_heads.get(at as usize, || dpp_head(target, at)) else {
            return false;
        };
        if !head.some() {
            return false;
        }
        let fields = (w1 as u64) << 32 & DPP_FIELDS;
        let ctrl = ((fields & DPP_CTRL) >> 40) as u32;
        let mut i = Inst::new(op, Enc::Dpp);
        i.fields = fields;
        if !dpp_ctrl_valid(ctrl) || dpp_ctrl_error(target, &i).is_some() {
            return false;
        }
        let src0 = VGPR0 as u32 + (w1 & 0xff);
        let (Some(a), Some(b), Some(c)) = (
            self.text(row, VDST as usize, bits[0]),
            self.text(row, SRC0 as usize, src0),
            self.text(row, VSRC1 as usize, bits[2]),
        ) else {
            return false;
        };
        let mut tail = Fill::<TAIL_MAX>::new();
        let _ = crate::syntax::vopx::write_mods(&mut tail, &i);
        if !tail.fits {
            return false;
        }
        let texts = [a, b, c, &VCC_TEXT];
        let shows = &row.shows[..row.n as usize];
        let raw = super::words(w0, w1);
        let tail = (&tail.bytes, tail.len);
        super::push_tail(out, &head.text, head.len, shows, texts, tail, &raw, end);
        true
    }
}

/// The head of 32-bit VOP row `at`'s DPP form on `target` ([`NO_HEAD`] if it has
/// none with operands), and the row.
fn dpp_head(target: Target, at: u32) -> (Head, OpId) {
    let Some(f) = fields(target, at) else {
        return (NO_HEAD, OpId(0));
    };
    let d = f.op.desc();
    if d.sig().is_empty() || !has_dpp(d, target) {
        return (NO_HEAD, f.op);
    }
    (Head::of(target, f.op, Enc::Dpp), f.op)
}
