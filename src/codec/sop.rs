//! SOP2, SOPK, SOP1, SOPC and SOPP: the 32-bit scalar ALU and program-control formats.
//!
//! ```text
//! SOP2  ENC[31:30]=10         OP[29:23] SDST[22:16] SSRC1[15:8] SSRC0[7:0]
//! SOPK  ENC[31:28]=1011       OP[27:23] SDST[22:16] SIMM16[15:0]
//! SOP1  ENC[31:23]=101111101  SDST[22:16] OP[15:8] SSRC0[7:0]
//! SOPC  ENC[31:23]=101111110  OP[22:16] SSRC1[15:8] SSRC0[7:0]
//! SOPP  ENC[31:23]=101111111  OP[22:16] SIMM16[15:0]
//! ```
//! The prefixes nest, so the longest is tested first.

use super::{bits, check_src, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst};
use crate::isa::{Fmt, Role};
use crate::operand_code::reg_valid;
use crate::target::Target;

pub(super) fn decode(target: Target, w: u32) -> Result<Inst, DecodeError> {
    let (fmt, opcode) = format_and_opcode(w);
    let mut i = Inst::new(op(target, fmt, opcode)?, Enc::of(fmt));
    place(&mut i, fmt, w);
    Ok(i)
}

/// The format of scalar word `w` and its opcode field.
#[inline]
pub(crate) fn format_and_opcode(w: u32) -> (Fmt, u32) {
    match bits(w, 31, 23) {
        0b1_0111_1111 => (Fmt::Sopp, bits(w, 22, 16)),
        0b1_0111_1110 => (Fmt::Sopc, bits(w, 22, 16)),
        0b1_0111_1101 => (Fmt::Sop1, bits(w, 15, 8)),
        _ if bits(w, 31, 28) == 0b1011 => (Fmt::Sopk, bits(w, 27, 23)),
        _ => (Fmt::Sop2, bits(w, 29, 23)),
    }
}

/// Places the fields of scalar word `w` of format `fmt` into `i` (blank but for its
/// row and encoding).
#[inline]
pub(super) fn place(i: &mut Inst, fmt: Fmt, w: u32) {
    match fmt {
        Fmt::Sop2 => {
            i.src = [bits(w, 7, 0) as u16, bits(w, 15, 8) as u16, 0];
            i.dst = bits(w, 22, 16) as u16;
        }
        Fmt::Sopk => {
            i.dst = bits(w, 22, 16) as u16;
            i.imm = bits(w, 15, 0);
        }
        Fmt::Sop1 => {
            i.src[0] = bits(w, 7, 0) as u16;
            i.dst = bits(w, 22, 16) as u16;
        }
        Fmt::Sopc => i.src = [bits(w, 7, 0) as u16, bits(w, 15, 8) as u16, 0],
        _ => i.imm = bits(w, 15, 0),
    }
}

pub(super) fn encode(i: &Inst, opc: u32) -> u32 {
    let (s0, s1, d, imm) = (
        i.src[0] as u32,
        i.src[1] as u32,
        i.dst as u32,
        i.imm & 0xffff,
    );
    match i.enc {
        Enc::Sop2 => 0b10 << 30 | opc << 23 | d << 16 | s1 << 8 | s0,
        Enc::Sopk => 0b1011 << 28 | opc << 23 | d << 16 | imm,
        Enc::Sop1 => 0b1_0111_1101 << 23 | d << 16 | opc << 8 | s0,
        Enc::Sopc => 0b1_0111_1110 << 23 | opc << 16 | s1 << 8 | s0,
        _ => 0b1_0111_1111 << 23 | opc << 16 | imm,
    }
}

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let sig = i.desc().sig();
    if i.desc().has(crate::isa::flags::NO_LITERAL) && i.src[..2].contains(&crate::inst::LITERAL) {
        return Err(EncodeError::new("no literal source in this instruction"));
    }
    let slot = |r: Role| sig.iter().find(|s| s.role == r);
    let zero = |v: u32, used: bool| {
        if used || v == 0 {
            Ok(())
        } else {
            Err(EncodeError::new(
                "non-zero bits in a field the instruction does not use",
            ))
        }
    };
    let dst = slot(Role::Sd).or(slot(Role::SdIn));
    match dst {
        Some(s) if !reg_valid(target, i.dst, s.ty.dwords()) || i.dst > 127 => {
            return Err(EncodeError::new("invalid scalar destination"))
        }
        Some(_) => {}
        None => zero(i.dst as u32, false)?,
    }
    let gpr_idx_src1 = i.enc == Enc::Sopc && slot(Role::GprIdx).is_some();
    for (k, role) in [(0, Role::Src0), (1, Role::Src1)] {
        match slot(role) {
            Some(s) => {
                check_src(target, i.src[k], s.ty.dwords(), false)?;
                if i.desc().has(crate::isa::flags::SREG_ONLY)
                    && i.src[k] > 127
                    && !(s.ty.dwords() == 1
                        && crate::operand_code::read_only_sreg(target, i.src[k], 1))
                {
                    return Err(EncodeError::new("operand must be a scalar register"));
                }
            }
            None if k == 1 && gpr_idx_src1 => {
                if i.src[1] > crate::isa::gpr_idx::MAX {
                    return Err(EncodeError::new("invalid gpr_idx mode"));
                }
            }
            None => zero(i.src[k] as u32, false)?,
        }
    }
    zero(i.src[2] as u32, false)?;
    use crate::inst::roles::{bit, mask};
    let imm_roles = bit(Role::Imm16)
        | bit(Role::Simm16)
        | bit(Role::Label)
        | bit(Role::Hwreg)
        | bit(Role::Sendmsg)
        | bit(Role::Waitcnt);
    let imm_used =
        mask(i.op) & imm_roles != 0 || (i.enc == Enc::Sopp && mask(i.op) & bit(Role::GprIdx) != 0);
    zero(i.imm, imm_used)?;
    if i.imm > 0xffff {
        return Err(EncodeError::new("immediate out of range"));
    }
    let k = mask(i.op) & bit(Role::K) != 0;
    zero(i.lit, k || i.has_literal())?;
    if !i.mods.is_none() || i.sdst != 0 || i.smem != 0 {
        return Err(EncodeError::new(
            "modifiers not supported by this instruction",
        ));
    }
    Ok(())
}
