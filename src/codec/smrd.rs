//! SMRD (gfx6/gfx7): 32-bit scalar memory reads, the tables' SMEM rows on those
//! generations.
//!
//! ```text
//! ENC[31:27]=11000 OP[26:22] SDST[21:15] SBASE[14:9] IMM[8] OFFSET[7:0]
//! ```
//! SBASE holds an SGPR pair index (register number / 2). With IMM=1 OFFSET is an
//! unsigned dword offset; with IMM=0 it names an SGPR, or (gfx7) is 255: a 32-bit
//! dword offset follows as a literal. `Inst`: dst = SDST, `src[0]` = SBASE (SGPR
//! number), `smem` = IMM, imm = OFFSET, lit = the literal offset.

use super::smem::IMM;
use super::{bits, op, DecodeError, EncodeError};
use crate::inst::fields::smem::smrd_literal;
use crate::inst::{Enc, Inst};
use crate::isa::{Fmt, Role};
use crate::operand_code::reg_valid;
use crate::target::{Gen, Target};

pub(super) fn decode(target: Target, w: u32) -> Result<Inst, DecodeError> {
    let mut i = Inst::new(op(target, Fmt::Smem, bits(w, 26, 22))?, Enc::Smrd);
    i.dst = bits(w, 21, 15) as u16;
    i.src[0] = (bits(w, 14, 9) << 1) as u16;
    i.smem = bits(w, 8, 8) as u8 * IMM;
    i.imm = bits(w, 7, 0);
    Ok(i)
}

pub(super) fn encode(i: &Inst, opc: u32) -> u32 {
    0b1_1000 << 27
        | opc << 22
        | (i.dst as u32 & 0x7f) << 15
        | (i.src[0] as u32 >> 1 & 0x3f) << 9
        | ((i.smem & IMM != 0) as u32) << 8
        | i.imm & 0xff
}

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let slot = |r: Role| d.sig().iter().find(|s| s.role == r);
    let bad = |why| Err(EncodeError::new(why));
    match slot(Role::Sd) {
        Some(s) if i.dst > 123 || !reg_valid(target, i.dst, s.ty.dwords()) => {
            return bad("invalid SMRD data register")
        }
        Some(_) => {}
        None if i.dst != 0 => return bad("non-zero SDST in an instruction without data"),
        None => {}
    }
    if let Some(s) = slot(Role::Sbase) {
        if !reg_valid(target, i.src[0], s.ty.dwords()) || i.src[0] > 127 {
            return bad("invalid SMRD base register");
        }
        let imm = i.smem & IMM != 0;
        let literal = smrd_literal(i);
        if literal && target.gen != Gen::Gfx7 {
            return bad("literal SMRD offsets are gfx7 only");
        }
        let sgpr = i.imm < 128 && reg_valid(target, i.imm as u16, 1);
        if !(imm || literal || sgpr) {
            return bad("invalid SMRD offset register");
        }
        if i.imm > 0xff {
            return bad("SMRD offset out of range");
        }
    } else if i.src[0] != 0 || i.imm != 0 || i.smem != 0 {
        return bad("non-zero address fields in an instruction without address");
    }
    if !smrd_literal(i) && i.lit != 0 {
        return bad("literal without a literal offset");
    }
    let m = i.mods;
    if m.abs | m.neg | m.neg_hi | m.op_sel | m.op_sel_hi | m.omod != 0
        || m.clamp
        || m.glc
        || m.nv
        || i.sdst != 0
        || i.src[1] != 0
        || i.src[2] != 0
    {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}
