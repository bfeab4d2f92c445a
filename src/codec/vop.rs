//! VOP1, VOP2 and VOPC: the 32-bit vector ALU formats (`_e32`).
//!
//! ```text
//! VOP2  ENC[31]=0          OP[30:25] VDST[24:17] VSRC1[16:9] SRC0[8:0]
//! VOP1  ENC[31:25]=0111111 VDST[24:17] OP[16:9] SRC0[8:0]
//! VOPC  ENC[31:25]=0111110 OP[24:17] VSRC1[16:9] SRC0[8:0]
//! ```
//! VCC is implicit in these encodings; `Inst` still records it (as `VCC_LO`) in the
//! slot the VOP3 form would use, so both forms read alike.

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{roles, Enc, Inst, VGPR0};
use crate::isa::{flags, Class, Fmt, Role, Slot};
use crate::operand_code::{self, VCC_LO};
use crate::target::Target;

pub(super) fn decode(target: Target, w: u32) -> Result<Inst, DecodeError> {
    let (fmt, opcode) = match bits(w, 31, 25) {
        0b011_1111 => (Fmt::Vop1, bits(w, 16, 9)),
        0b011_1110 => (Fmt::Vopc, bits(w, 24, 17)),
        _ => (Fmt::Vop2, bits(w, 30, 25)),
    };
    let src0 = bits(w, 8, 0) as u16;
    let enc = match src0 {
        operand_code::DPP => Enc::Dpp,
        operand_code::SDWA => Enc::Sdwa,
        _ => Enc::of(fmt),
    };
    let mut i = Inst::new(op(target, fmt, opcode)?, enc);
    i.src[0] = src0;
    if fmt != Fmt::Vop1 {
        // gfx6/gfx7 v_readlane/v_writelane: VSRC1 holds an 8-bit scalar operand.
        let scalar = roles::has_scalar_src1(i.op);
        let v = bits(w, 16, 9) as u16;
        i.src[1] = if scalar { v } else { VGPR0 + v };
    }
    if fmt != Fmt::Vopc {
        let vdst = bits(w, 24, 17) as u16;
        // v_readfirstlane_b32 writes an SGPR through the VDST field; an unused field
        // keeps its raw bits (which `check` wants to be zero).
        i.dst = if roles::has(i.op, Role::Vd) {
            VGPR0 + vdst
        } else {
            vdst
        };
    }
    // AGPR operands (v_accvgpr_mov_b32) sit in the VGPR fields.
    super::agpr_slots(&mut i);
    set_implicit_vcc(&mut i);
    Ok(i)
}

/// Records the implicit VCC of the 32-bit form in the slots VOP3 would use.
pub(crate) fn set_implicit_vcc(i: &mut Inst) {
    let sig = i.desc().sig;
    let has_vd = roles::has(i.op, Role::Vd);
    if roles::mask(i.op) & (roles::bit(Role::Cd) | roles::bit(Role::Ci)) == 0 {
        return;
    }
    for s in sig {
        match s.role {
            Role::Cd if has_vd => i.sdst = VCC_LO,
            Role::Cd => i.dst = VCC_LO,
            Role::Ci => i.src[2] = VCC_LO,
            _ => {}
        }
    }
}

pub(super) fn encode(i: &Inst, opc: u32) -> u32 {
    // DPP and SDWA put a marker in SRC0 and the source in the second dword.
    let src0 = match i.enc {
        Enc::Dpp => operand_code::DPP as u32,
        Enc::Sdwa => operand_code::SDWA as u32,
        // An AGPR source is encoded as the VGPR of the same number.
        _ => operand_code::field_code(i.src[0]) as u32,
    };
    let vsrc1 = (i.src[1] & 0xff) as u32;
    let vdst = if i.enc == Enc::Sdwa && i.desc().fmt == Fmt::Vopc {
        0
    } else {
        (i.dst & 0xff) as u32
    };
    match Enc::of(i.desc().fmt) {
        Enc::Vop1 => 0b011_1111 << 25 | vdst << 17 | opc << 9 | src0,
        Enc::Vopc => 0b011_1110 << 25 | opc << 17 | vsrc1 << 9 | src0,
        _ => opc << 25 | vdst << 17 | vsrc1 << 9 | src0,
    }
}

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let ext = matches!(i.enc, Enc::Dpp | Enc::Sdwa);
    let sig = i.desc().sig;
    let bad = |why| Err(EncodeError::new(why));
    let mut used = [false; 3];
    let mut dst_used = false;
    let mut sdst_used = false;
    for s in sig {
        match s.role {
            Role::Vd => {
                dst_used = true;
                if !super::vreg_file_ok(i.dst, s.class)
                    || !operand_code::reg_valid(target, i.dst, s.ty.dwords())
                {
                    return bad("invalid vector destination");
                }
            }
            Role::Sd => {
                dst_used = true;
                if (i.dst > 127
                    || i.dst == operand_code::M0
                    || !operand_code::reg_valid(target, i.dst, s.ty.dwords()))
                    && !operand_code::read_only_sreg(target, i.dst, s.ty.dwords())
                {
                    return bad("invalid scalar destination");
                }
            }
            Role::Cd | Role::Ci => {
                let (v, u) = match s.role {
                    Role::Ci => (i.src[2], &mut used[2]),
                    _ if roles::has(i.op, Role::Vd) => (i.sdst, &mut sdst_used),
                    _ => (i.dst, &mut dst_used),
                };
                *u = true;
                // (An SDWA compare may write any SGPR pair; vopx checks it.)
                let sdwa_cmp =
                    i.enc == Enc::Sdwa && s.role == Role::Cd && !roles::has(i.op, Role::Vd);
                if v != VCC_LO && !sdwa_cmp {
                    return bad("the 32-bit encoding only uses vcc");
                }
            }
            Role::Src0 | Role::Src1 if ext => used[(s.role == Role::Src1) as usize] = true,
            Role::Src0 => {
                used[0] = true;
                src_ok(target, i.src[0], s, true)?;
                if i.src[0] == crate::operand_code::LDS_DIRECT && i.desc().has(flags::REV) {
                    return bad("lds_direct on a reversed-operand instruction");
                }
                // A 16-bit operand's literal is 16 bits: llvm-mc neither prints nor
                // assembles upper bits, so words with them are not accepted (a
                // packed operand's literal is 32 bits, as llvm-mc takes it).
                let upper = i.lit >> 16;
                let int16 = matches!(s.ty, crate::isa::Ty::I16 | crate::isa::Ty::B16);
                let sign_ext = int16 && upper == 0xffff && i.lit & 0x8000 != 0;
                let packed = matches!(s.ty, crate::isa::Ty::V2F16 | crate::isa::Ty::V2I16);
                if i.src[0] == crate::inst::LITERAL
                    && s.ty.is_16()
                    && !packed
                    && upper != 0
                    && !sign_ext
                {
                    return bad("16-bit literal with upper bits set");
                }
            }
            Role::Src1 => {
                used[1] = true;
                if i.enc == Enc::Vop1 {
                    return bad("VOP1 has no second source");
                }
                let scalar = s.class == crate::isa::Class::Scalar;
                if scalar && (i.src[1] > 255 || i.src[1] == crate::inst::LITERAL) {
                    return bad("the scalar second source must be an SGPR or a constant");
                }
                if scalar {
                    // (No lds_direct: that is a src0-only operand.)
                    src_ok(target, i.src[1], s, false)?;
                }
                if !scalar && i.src[1] < VGPR0 {
                    return bad("the second source of the 32-bit encoding must be a VGPR");
                }
                src_ok(target, i.src[1], s, true)?;
            }
            Role::K => {}
            _ => return bad("operand not encodable in VOP1/VOP2/VOPC"),
        }
    }
    for (u, src) in used.iter().zip(i.src) {
        if !u && src != 0 {
            return bad("non-zero bits in a field the instruction does not use");
        }
    }
    if (!dst_used && i.dst != 0) || (!sdst_used && i.sdst != 0) {
        return bad("non-zero bits in a field the instruction does not use");
    }
    let has_k = roles::has(i.op, Role::K);
    if !has_k && !i.has_literal() && i.lit != 0 {
        return bad("literal without a literal operand");
    }
    if ext {
        return super::vopx::check(target, i);
    }
    if i.mods != Default::default() || i.smem != 0 || i.imm != 0 {
        return bad("modifiers need the VOP3 encoding");
    }
    Ok(())
}

/// Checks a source code against its slot's width and class: from the precomputed
/// masks, the rules giving the error.
pub(crate) fn src_ok(
    target: Target,
    code: u16,
    s: &Slot,
    vgpr_ok: bool,
) -> Result<(), EncodeError> {
    let dwords = s.ty.dwords();
    match super::masks::src_ok(target, code, s.class, dwords, vgpr_ok) {
        Some(true) => Ok(()),
        _ => src_ok_rules(target, code, s.class, dwords, vgpr_ok),
    }
}

/// `src_ok` worked out from the rules (the masks' oracle).
pub(crate) fn src_ok_rules(
    target: Target,
    code: u16,
    class: Class,
    dwords: u8,
    vgpr_ok: bool,
) -> Result<(), EncodeError> {
    if code >= VGPR0 && vgpr_ok && !matches!(class, Class::Scalar | Class::ScalarLit) {
        return if super::vreg_file_ok(code, class) && operand_code::reg_valid(target, code, dwords)
        {
            Ok(())
        } else {
            Err(EncodeError::new("invalid vector register"))
        };
    }
    if class == Class::Agpr {
        return Err(EncodeError::new("operand must be an AGPR"));
    }
    super::check_src_rules(target, code, dwords, vgpr_ok)?;
    match class {
        Class::Vgpr if code < VGPR0 => Err(EncodeError::new("operand must be a VGPR")),
        Class::VgprOrLds if code < VGPR0 && code != operand_code::LDS_DIRECT => {
            Err(EncodeError::new("operand must be a VGPR or lds_direct"))
        }
        Class::Scalar if code >= VGPR0 || code == crate::inst::LITERAL => Err(EncodeError::new(
            "operand must be an SGPR, M0 or an inline constant",
        )),
        Class::ScalarLit if code >= VGPR0 => Err(EncodeError::new(
            "operand must be an SGPR, M0, a constant or a literal",
        )),
        _ => Ok(()),
    }
}
