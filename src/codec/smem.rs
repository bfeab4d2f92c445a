//! SMEM (gfx8/gfx9): 64-bit scalar memory instructions.
//! gfx8 has no NV/SOE and a 20-bit unsigned `OFFSET[19:0]` (words with bits gfx8 lacks
//! are refused, since no text says them).
//!
//! ```text
//! dword 0: ENC[31:26]=110000 OP[25:18] IMM[17] GLC[16] NV[15] SOE[14] SDATA[12:6] SBASE[5:0]
//! dword 1: SOFFSET[31:25] OFFSET[20:0]
//! ```
//! SBASE holds an SGPR pair index (register number / 2). With IMM=1 OFFSET is a signed
//! 21-bit byte offset; with IMM=0, `OFFSET[6:0]` names an SGPR. SOE=1 adds SOFFSET.

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst};
use crate::isa::{flags, Fmt, Role};
use crate::operand_code::reg_valid;
use crate::target::{Gen, Target};

pub use crate::inst::fields::smem::*;

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    if bits(w0, 13, 13) != 0 || bits(w1, 24, 21) != 0 {
        return Err(DecodeError::Invalid("reserved SMEM bits set"));
    }
    if target.gen == Gen::Gfx8 && (bits(w0, 15, 14) != 0 || bits(w1, 31, 20) != 0) {
        return Err(DecodeError::Invalid("SMEM bits gfx8 does not have"));
    }
    let mut i = Inst::new(op(target, Fmt::Smem, bits(w0, 25, 18))?, Enc::Smem);
    i.src[0] = (bits(w0, 5, 0) << 1) as u16;
    i.dst = bits(w0, 12, 6) as u16;
    i.mods.nv = bits(w0, 15, 15) != 0;
    i.mods.glc = bits(w0, 16, 16) != 0;
    i.smem = ((bits(w0, 17, 17) as u8) * IMM) | ((bits(w0, 14, 14) as u8) * SOE);
    i.imm = bits(w1, 20, 0);
    i.src[1] = bits(w1, 31, 25) as u16;
    Ok(i)
}

pub(super) fn encode(i: &Inst, opc: u32) -> (u32, u32) {
    let imm = (i.smem & IMM != 0) as u32;
    let soe = (i.smem & SOE != 0) as u32;
    let w0 = 0b11_0000 << 26
        | opc << 18
        | imm << 17
        | (i.mods.glc as u32) << 16
        | (i.mods.nv as u32) << 15
        | soe << 14
        | (i.dst as u32) << 6
        | (i.src[0] as u32) >> 1;
    let w1 = (i.src[1] as u32) << 25 | (i.imm & 0x1f_ffff);
    (w0, w1)
}

/// Whether `i` is a buffer form (its base is a 4-dword resource), whose immediate
/// offset is 20-bit unsigned on gfx9 too.
pub fn buffer(i: &Inst) -> bool {
    let sig = i.desc().sig();
    sig.iter()
        .any(|s| s.role == Role::Sbase && s.ty.dwords() == 4)
}

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let sig = d.sig();
    let slot = |r: Role| sig.iter().find(|s| s.role == r);
    let bad = |why| Err(EncodeError::new(why));
    match slot(Role::Sd).or(slot(Role::SdIn)) {
        // SMEM data cannot be M0 or EXEC (llvm's SReg_*_XM0_XEXEC classes).
        Some(s) if i.dst > 123 || !reg_valid(target, i.dst, s.ty.dwords()) => {
            return bad("invalid SMEM data register")
        }
        Some(_) => {}
        None if slot(Role::Probe).is_some() && i.dst > 127 => {
            return bad("s_atc_probe immediate out of range");
        }
        None if slot(Role::Probe).is_some() => {}
        None if i.dst != 0 => return bad("non-zero SDATA in an instruction without data"),
        None => {}
    }
    let has_addr = slot(Role::Sbase).is_some();
    if has_addr {
        let w = slot(Role::Sbase).map_or(2, |s| s.ty.dwords());
        if !reg_valid(target, i.src[0], w) || i.src[0] > 127 {
            return bad("invalid SMEM base register");
        }
        let (imm, soe) = (i.smem & IMM != 0, i.smem & SOE != 0);
        if !imm && i.imm > 127 {
            return bad("invalid SMEM offset register");
        }
        if !imm && (soe || !reg_valid(target, i.imm as u16, 1)) {
            return bad("invalid SMEM offset");
        }
        if soe && !reg_valid(target, i.src[1], 1) {
            return bad("invalid SMEM soffset");
        }
        if !soe && i.src[1] != 0 {
            return bad("non-zero SOFFSET without SOE");
        }
        if i.imm > 0x1f_ffff {
            return bad("SMEM offset out of range");
        }
        if imm && buffer(i) && i.imm > 0xf_ffff {
            return bad("buffer SMEM offsets are 20-bit unsigned");
        }
        if target.gen == Gen::Gfx8 && (soe || i.imm > 0xf_ffff) {
            return bad("gfx8 SMEM offsets are 20-bit unsigned, without soffset");
        }
    } else if i.src[0] != 0 || i.src[1] != 0 || i.imm != 0 || i.smem != 0 {
        return bad("non-zero address fields in an instruction without address");
    }
    if i.mods.glc && !d.has(flags::GLC) {
        return bad("glc is not supported by this instruction");
    }
    if i.mods.nv && !d.has(flags::NV) {
        return bad("nv is not supported by this instruction");
    }
    let m = i.mods;
    if m.abs | m.neg | m.neg_hi | m.op_sel | m.op_sel_hi | m.omod != 0
        || m.clamp
        || i.sdst != 0
        || i.src[2] != 0
        || i.lit != 0
    {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}
