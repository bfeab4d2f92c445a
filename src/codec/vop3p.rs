//! VOP3P: packed-math vector ALU.
//!
//! ```text
//! dword 0: ENC[31:23]=110100111 OP[22:16] CLAMP[15] OPSEL_HI[2]@14 OPSEL[13:11] NEG_HI[10:8] VDST[7:0]
//! dword 1: NEG[31:29] OPSEL_HI[1:0]@[28:27] SRC2[26:18] SRC1[17:9] SRC0[8:0]
//! ```

use super::vop::src_ok;
use super::vop3::sources;
use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, LITERAL, VGPR0};
use crate::isa::{flags, Fmt, Role};
use crate::operand;
use crate::target::Target;

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    let mut i = Inst::new(op(target, Fmt::Vop3p, bits(w0, 22, 16))?, Enc::Vop3p);
    i.dst = VGPR0 + bits(w0, 7, 0) as u16;
    i.mods.neg_hi = bits(w0, 10, 8) as u8;
    i.mods.op_sel = bits(w0, 13, 11) as u8;
    i.mods.op_sel_hi = (bits(w1, 28, 27) | bits(w0, 14, 14) << 2) as u8;
    i.mods.clamp = bits(w0, 15, 15) != 0;
    i.src = [
        bits(w1, 8, 0) as u16,
        bits(w1, 17, 9) as u16,
        bits(w1, 26, 18) as u16,
    ];
    i.mods.neg = bits(w1, 31, 29) as u8;
    Ok(i)
}

pub(super) fn encode(i: &Inst, opc: u32) -> (u32, u32) {
    let m = i.mods;
    let w0 = 0b1_1010_0111 << 23
        | opc << 16
        | (m.clamp as u32) << 15
        | ((m.op_sel_hi as u32) >> 2 & 1) << 14
        | (m.op_sel as u32 & 7) << 11
        | (m.neg_hi as u32 & 7) << 8
        | (i.dst & 0xff) as u32;
    let w1 = (m.neg as u32 & 7) << 29
        | (m.op_sel_hi as u32 & 3) << 27
        | (i.src[2] as u32) << 18
        | (i.src[1] as u32) << 9
        | i.src[0] as u32;
    (w0, w1)
}

/// The op_sel_hi value llvm-mc uses when the operand is omitted.
pub fn default_op_sel_hi(mix: bool) -> u8 {
    if mix {
        0
    } else {
        7
    }
}

pub(super) fn check(i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError(why));
    let vd = d.sig.iter().find(|s| s.role == Role::Vd);
    match vd {
        Some(s)
            if super::vreg_file_ok(i.dst, s.class) && operand::reg_valid(i.dst, s.ty.dwords()) => {}
        _ => return bad("invalid vector destination"),
    }
    let mut used = 0u8;
    let mut mods_ok = 0u8;
    for (k, s) in sources(d.sig) {
        used |= 1 << k;
        // neg_lo/neg_hi apply to every source of packed ops, integer ones included.
        mods_ok |= 1 << k;
        if i.src[k] == LITERAL {
            return bad("literal operands are not supported");
        }
        src_ok(i.src[k], s, true)?;
        if i.src[k] == crate::operand::LDS_DIRECT && (k != 0 || i.enc == Enc::Vop3p) {
            return bad("invalid use of lds_direct");
        }
    }
    for k in 0..3 {
        if used & (1 << k) == 0 && i.src[k] != 0 {
            return bad("non-zero bits in a field the instruction does not use");
        }
    }
    let m = i.mods;
    // (`nomods` is about prefix modifiers; packed ops take neg_lo/neg_hi regardless.)
    if d.has(flags::NO_MODS) && d.has(flags::MIX) {
        mods_ok = 0;
    }
    let opsel_ok = if d.has(flags::NO_OPSEL) { 0 } else { used };
    if m.neg & !mods_ok != 0 || m.neg_hi & !mods_ok != 0 || m.op_sel & !opsel_ok != 0 {
        return bad("modifiers not supported by this instruction");
    }
    // op_sel_hi bits of absent sources keep their default.
    let dflt = default_op_sel_hi(d.has(flags::MIX));
    if (m.op_sel_hi ^ dflt) & !opsel_ok != 0 {
        return bad("op_sel_hi set for an absent source");
    }
    if m.clamp && !crate::syntax::print::clamp_allowed(d) {
        return bad("clamp not supported by this instruction");
    }
    if m.abs != 0
        || m.omod != 0
        || i.sdst != 0
        || m.glc
        || m.nv
        || i.imm != 0
        || i.smem != 0
        || i.lit != 0
    {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}
