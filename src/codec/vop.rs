//! VOP1, VOP2 and VOPC: the 32-bit vector ALU formats (`_e32`).
//!
//! ```text
//! VOP2  ENC[31]=0          OP[30:25] VDST[24:17] VSRC1[16:9] SRC0[8:0]
//! VOP1  ENC[31:25]=0111111 VDST[24:17] OP[16:9] SRC0[8:0]
//! VOPC  ENC[31:25]=0111110 OP[24:17] VSRC1[16:9] SRC0[8:0]
//! ```
//! VCC is implicit in these encodings; `Inst` still records it (as `VCC_LO`) in the
//! slot the VOP3 form would use, so both forms read alike.

use super::{bits, op, src_ok, DecodeError, EncodeError};
use crate::inst::{roles, Enc, Inst, LITERAL, VGPR0};
use crate::isa::{flags, Class, Fmt, Role, Slot, Ty};
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
    let sig = i.desc().sig();
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
    let bad = |why| Err(EncodeError::new(why));
    let mut used = Used::default();
    for s in i.desc().sig() {
        check_slot(target, i, s, ext, &mut used)?;
    }
    let unused_src = used.src.iter().zip(i.src).any(|(u, src)| !u && src != 0);
    if unused_src || (!used.dst && i.dst != 0) || (!used.sdst && i.sdst != 0) {
        return bad("non-zero bits in a field the instruction does not use");
    }
    let has_k = roles::has(i.op, Role::K);
    if !has_k && !i.has_literal() && i.lit != 0 {
        return bad("literal without a literal operand");
    }
    if ext {
        return super::vopx::check(target, i);
    }
    if !i.mods.is_none() || i.smem != 0 || i.imm != 0 {
        return bad("modifiers need the VOP3 encoding");
    }
    Ok(())
}

/// The fields the signature's slots use.
#[derive(Default)]
struct Used {
    src: [bool; 3],
    dst: bool,
    sdst: bool,
}

/// One slot of the signature against its field (DPP and SDWA sources are checked
/// by `vopx`).
fn check_slot(
    target: Target,
    i: &Inst,
    s: &Slot,
    ext: bool,
    used: &mut Used,
) -> Result<(), EncodeError> {
    let bad = |why| Err(EncodeError::new(why));
    match s.role {
        Role::Vd => {
            used.dst = true;
            super::check_vdst(target, i.dst, s)
        }
        Role::Sd => {
            used.dst = true;
            let w = s.ty.dwords();
            if (i.dst > 127
                || i.dst == operand_code::M0
                || !operand_code::reg_valid(target, i.dst, w))
                && !operand_code::read_only_sreg(target, i.dst, w)
            {
                return bad("invalid scalar destination");
            }
            Ok(())
        }
        Role::Cd | Role::Ci => {
            let v = match s.role {
                Role::Ci => {
                    used.src[2] = true;
                    i.src[2]
                }
                _ if roles::has(i.op, Role::Vd) => {
                    used.sdst = true;
                    i.sdst
                }
                _ => {
                    used.dst = true;
                    i.dst
                }
            };
            // (An SDWA compare may write any SGPR pair; vopx checks it.)
            let sdwa_cmp = i.enc == Enc::Sdwa && s.role == Role::Cd && !roles::has(i.op, Role::Vd);
            if v != VCC_LO && !sdwa_cmp {
                return bad("the 32-bit encoding only uses vcc");
            }
            Ok(())
        }
        Role::Src0 | Role::Src1 if ext => {
            used.src[(s.role == Role::Src1) as usize] = true;
            Ok(())
        }
        Role::Src0 => {
            used.src[0] = true;
            check_src0(target, i, s)
        }
        Role::Src1 => {
            used.src[1] = true;
            check_src1(target, i, s)
        }
        Role::K => Ok(()),
        _ => bad("operand not encodable in VOP1/VOP2/VOPC"),
    }
}

fn check_src0(target: Target, i: &Inst, s: &Slot) -> Result<(), EncodeError> {
    let bad = |why| Err(EncodeError::new(why));
    src_ok(target, i.src[0], s, true)?;
    if i.src[0] == operand_code::LDS_DIRECT && i.desc().has(flags::REV) {
        return bad("lds_direct on a reversed-operand instruction");
    }
    // A 16-bit operand's literal is 16 bits: llvm-mc neither prints nor assembles
    // upper bits, so words with them are not accepted (a packed operand's literal is
    // 32 bits, as llvm-mc takes it).
    let upper = i.lit >> 16;
    let int16 = matches!(s.ty, Ty::I16 | Ty::B16);
    let sign_ext = int16 && upper == 0xffff && i.lit & 0x8000 != 0;
    if i.src[0] == LITERAL && s.ty.is_16() && !s.ty.is_packed16() && upper != 0 && !sign_ext {
        return bad("16-bit literal with upper bits set");
    }
    Ok(())
}

fn check_src1(target: Target, i: &Inst, s: &Slot) -> Result<(), EncodeError> {
    let bad = |why| Err(EncodeError::new(why));
    if i.enc == Enc::Vop1 {
        return bad("VOP1 has no second source");
    }
    let scalar = s.class == Class::Scalar;
    if scalar && (i.src[1] > 255 || i.src[1] == LITERAL) {
        return bad("the scalar second source must be an SGPR or a constant");
    }
    if scalar {
        // (No lds_direct: that is a src0-only operand.)
        src_ok(target, i.src[1], s, false)?;
    }
    if !scalar && i.src[1] < VGPR0 {
        return bad("the second source of the 32-bit encoding must be a VGPR");
    }
    src_ok(target, i.src[1], s, true)
}
