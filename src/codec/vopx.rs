//! DPP and SDWA: the second dword of VOP1/VOP2 (and, for SDWA, VOPC) instructions whose
//! SRC0 field is 250 (DPP) or 249 (SDWA).
//!
//! ```text
//! DPP   dword 1: ROW_MASK[31:28] BANK_MASK[27:24] SRC1_ABS[23] SRC1_NEG[22] SRC0_ABS[21]
//!                SRC0_NEG[20] BOUND_CTRL[19] DPP_CTRL[16:8] SRC0[7:0]
//! SDWA  dword 1: S1[31] SRC1_ABS[29] SRC1_NEG[28] SRC1_SEXT[27] SRC1_SEL[26:24] S0[23]
//!                SRC0_ABS[21] SRC0_NEG[20] SRC0_SEXT[19] SRC0_SEL[18:16] OMOD[15:14]
//!                CLAMP[13] DST_UNUSED[12:11] DST_SEL[10:8] SRC0[7:0]
//!       (VOPC:   SD[15] SDST[14:8] in place of the destination and output modifiers)
//! ```
//! `Inst`: `src[0]` = SRC0 (`VGPR0 + n`, or the scalar code when S0), `src[1]` = VSRC1
//! (likewise with S1), neg/abs/clamp/omod in `mods`; DPP_CTRL, BOUND_CTRL, the masks,
//! the selects and sext stay in `fields` at their 64-bit positions.

use super::{bits, EncodeError};
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{flags, Fmt, Role};
use crate::operand_code::{self, VCC_LO};
use crate::target::{Features, Gen, Target};

pub use crate::inst::fields::vopx::*;

/// SDWA fields kept in `fields` (VOPC has no destination selects).
pub fn sdwa_fields(fmt: Fmt) -> u64 {
    let srcs = SRC0_SEL | SRC0_SEXT | SRC1_SEL | SRC1_SEXT;
    if fmt == Fmt::Vopc {
        srcs
    } else {
        srcs | DST_SEL | DST_UNUSED
    }
}

/// Whether DPP_CTRL is a control gfx9 has (gfx90a adds row_newbcast, 0x150-0x15f).
pub fn dpp_ctrl_valid(c: u32) -> bool {
    matches!(c, 0..=0xff | 0x101..=0x10f | 0x111..=0x11f | 0x121..=0x12f | 0x130 | 0x134 | 0x138 | 0x13c | 0x140..=0x143 | 0x150..=0x15f)
}

/// The refusal of a DPP control `target` refuses for this instruction: row_newbcast
/// before gfx90a; on gfx90a+, anything but row_newbcast for instructions with 64-bit
/// operands ("DP ALU").
pub fn dpp_ctrl_error(target: Target, i: &Inst) -> Option<EncodeError> {
    let c = ((i.fields & DPP_CTRL) >> 40) as u32;
    let newbcast = (0x150..=0x15f).contains(&c);
    if !target.has(Features::ROW_NEWBCAST) {
        return newbcast.then_some(EncodeError::DPP_CTRL_UNKNOWN);
    }
    (i.desc().is_dp_alu() && !newbcast).then_some(EncodeError::DPP_DP_ALU)
}

/// Whether a row has a DPP form on `gen` (VOP1/VOP2 without a K constant, and not the
/// few llvm-mc leaves out). DPP came with gfx8; a 64-bit source has it only from gfx90a
/// on ("DP ALU", row_newbcast only). v_nop has one (no operands, SRC0 0).
pub fn has_dpp(d: &crate::isa::OpDesc, target: Target) -> bool {
    let wide = |s: &crate::isa::Slot| s.role == Role::Src0 && s.ty.dwords() == 2;
    target.has_dpp_sdwa()
        && matches!(d.fmt, Fmt::Vop1 | Fmt::Vop2)
        && !d.has(flags::NO_DPP)
        && !d
            .sig()
            .iter()
            .any(|s| s.role == Role::K || (wide(s) && !target.has(Features::ROW_NEWBCAST)))
}

/// Whether a row has an SDWA form on `gen` (gfx8 and later). v_nop has one, whose
/// second dword is all zero (llvm-mc takes `v_nop_sdwa` with no modifiers).
pub fn has_sdwa(d: &crate::isa::OpDesc, target: Target) -> bool {
    target.has_dpp_sdwa()
        && matches!(d.fmt, Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc)
        && (!d.has(flags::NO_SDWA) || (target.gen == Gen::Gfx8 && d.has(flags::SDWA_GFX8)))
        && !d.sig().iter().any(|s| {
            s.role == Role::K
                || (matches!(s.role, Role::Src0 | Role::Src1 | Role::Vd)
                    && s.ty.dwords() == 2
                    && !d.has(flags::SDWA_SRC0))
        })
}

/// Fills the second-dword fields of a decoded DPP or SDWA instruction.
pub(super) fn decode_ext(gen: Gen, i: &mut Inst, w0: u32, w1: u32) {
    let fmt = i.desc().fmt;
    let raw = (w1 as u64) << 32;
    let vsrc1 = bits(w0, 16, 9) as u16;
    // v_nop: no operands. Its DPP dword holds only the controls (SRC0 0, no source
    // modifiers), its SDWA dword nothing at all; other bits refuse the word.
    if i.desc().sig().is_empty() {
        let extra = if i.enc == Enc::Dpp {
            w1 & 0x00f6_00ff
        } else {
            w1
        };
        i.fields = if i.enc == Enc::Dpp {
            raw & DPP_FIELDS
        } else {
            0
        };
        i.imm = (extra != 0) as u32 * 2;
        i.src[0] = 0;
        return;
    }
    match i.enc {
        Enc::Dpp => {
            i.src[0] = VGPR0 + bits(w1, 7, 0) as u16;
            i.fields = raw & DPP_FIELDS;
            // Bits 50:49 are reserved: refuse the word (check sees the marker).
            if bits(w1, 18, 17) != 0 {
                i.imm = 2;
            }
            i.mods.neg = (bits(w1, 20, 20) | bits(w1, 22, 22) << 1) as u8;
            i.mods.abs = (bits(w1, 21, 21) | bits(w1, 23, 23) << 1) as u8;
        }
        _ => {
            let s0 = bits(w1, 23, 23) != 0;
            let s1 = bits(w1, 31, 31) != 0;
            i.src[0] = if s0 {
                bits(w1, 7, 0) as u16
            } else {
                VGPR0 + bits(w1, 7, 0) as u16
            };
            if fmt != Fmt::Vop1 {
                i.src[1] = if s1 { vsrc1 } else { VGPR0 + vsrc1 };
            } else if s1 {
                i.src[1] = 0x8000; // marks an S1 bit with no second source (refused)
            }
            i.fields = raw & sdwa_fields(fmt);
            i.mods.neg = (bits(w1, 20, 20) | bits(w1, 28, 28) << 1) as u8;
            i.mods.abs = (bits(w1, 21, 21) | bits(w1, 29, 29) << 1) as u8;
            if fmt == Fmt::Vopc && gen == Gen::Gfx8 {
                // gfx8: the result goes to VCC; bit 13 is clamp.
                i.dst = VCC_LO;
                i.mods.clamp = bits(w1, 13, 13) != 0;
                i.imm = (bits(w1, 15, 14) | bits(w1, 12, 8) != 0) as u32;
            } else if fmt == Fmt::Vopc {
                i.dst = if bits(w1, 15, 15) != 0 {
                    bits(w1, 14, 8) as u16
                } else {
                    VCC_LO
                };
                i.imm = (bits(w1, 15, 15) == 0 && bits(w1, 14, 8) != 0) as u32; // SD=0 with SDST bits: refused
            } else {
                i.mods.clamp = bits(w1, 13, 13) != 0;
                i.mods.omod = bits(w1, 15, 14) as u8;
            }
            // Reserved bits 22 and 30.
            if bits(w1, 22, 22) | bits(w1, 30, 30) != 0 {
                i.imm |= 2;
            }
        }
    }
}

/// The second dword of a DPP or SDWA instruction.
pub(super) fn encode_ext(i: &Inst) -> u32 {
    let f = (i.fields >> 32) as u32;
    let m = i.mods;
    let reg8 = |c: u16| (c & 0xff) as u32;
    match i.enc {
        Enc::Dpp => {
            f | reg8(i.src[0])
                | (m.neg as u32 & 1) << 20
                | (m.abs as u32 & 1) << 21
                | (m.neg as u32 >> 1 & 1) << 22
                | (m.abs as u32 >> 1 & 1) << 23
        }
        _ => {
            let fmt = i.desc().fmt;
            // (v_nop_sdwa's dword is all zero.)
            let s0 = (i.src[0] < VGPR0 && !i.desc().sig().is_empty()) as u32;
            let s1 = (fmt != Fmt::Vop1 && i.src[1] < VGPR0) as u32;
            let mut w = f
                | reg8(i.src[0])
                | s0 << 23
                | s1 << 31
                | (m.neg as u32 & 1) << 20
                | (m.abs as u32 & 1) << 21
                | (m.neg as u32 >> 1 & 1) << 28
                | (m.abs as u32 >> 1 & 1) << 29;
            // (VOPC: clamp only on gfx8, where the result is always VCC.)
            w |= (m.clamp as u32) << 13;
            if fmt == Fmt::Vopc {
                if i.dst != VCC_LO {
                    w |= 1 << 15 | (i.dst as u32 & 0x7f) << 8;
                }
            } else {
                w |= (m.omod as u32 & 3) << 14;
            }
            w
        }
    }
}

/// Checks a DPP or SDWA instruction (the first-dword fields are checked by `vop`).
pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    // (Whether the row has this form on the target is checked by `check_fields`.)
    let sdwa = i.enc == Enc::Sdwa;
    let (float, int) = check_sources(target, i)?;
    let any_mods = if d.has(flags::ANY_MODS) { 3 } else { float };
    if i.mods.neg & !any_mods != 0 || i.mods.abs & !any_mods != 0 {
        return bad("source modifiers not supported by this instruction");
    }
    // v_nop: SRC0 0 and no modifiers; in SDWA nothing else either.
    if d.sig().is_empty() && (i.src[0] != 0 || !i.mods.is_none() || (sdwa && i.fields != 0)) {
        return bad("v_nop's DPP/SDWA dword holds only the DPP controls");
    }
    if sdwa {
        check_sdwa(target, i, int)?;
    } else {
        let ctrl = ((i.fields & DPP_CTRL) >> 40) as u32;
        if !dpp_ctrl_valid(ctrl) {
            return bad("invalid DPP control");
        }
        if i.fields & !DPP_FIELDS != 0 || i.mods.clamp || i.mods.omod != 0 || i.imm != 0 {
            return bad("invalid DPP bits");
        }
    }
    let m = i.mods;
    if m.neg_hi | m.op_sel | m.op_sel_hi != 0 || m.glc || m.nv || i.smem != 0 || i.lit != 0 {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}

/// SRC0 and SRC1 against what the form reads: the masks of float and of integer
/// sources.
fn check_sources(target: Target, i: &Inst) -> Result<(u8, u8), EncodeError> {
    let d = i.desc();
    let sdwa = i.enc == Enc::Sdwa;
    let mut float = 0u8;
    let mut int = 0u8;
    for s in d.sig() {
        let k = match s.role {
            Role::Src0 => 0,
            Role::Src1 => 1,
            _ => continue,
        };
        // (Rows that take -x/|x| on any type, v_cndmask_b32, have float modifiers in
        // SDWA: no sext, as llvm-mc.)
        if s.ty.is_float() || d.has(flags::ANY_MODS) {
            float |= 1 << k;
        } else {
            int |= 1 << k;
        }
        let c = i.src[k];
        let ok = if sdwa && target.gen == Gen::Gfx8 {
            // gfx8 SDWA reads VGPRs only.
            c >= VGPR0 && operand_code::reg_valid(target, c, 1)
        } else if sdwa {
            // SDWA takes VGPRs, SGPRs, inline constants and the src_* values (no
            // literal, no lds_direct).
            (c >= VGPR0 && operand_code::reg_valid(target, c, 1))
                || (c < 128 && operand_code::reg_valid(target, c, 1) && c != operand_code::NULL)
                || operand_code::inline_int(c).is_some()
                || matches!(c, 235..=239 | 240..=248 | 251..=253)
        } else {
            c >= VGPR0
        };
        if !ok {
            return Err(EncodeError::new("invalid operand"));
        }
    }
    Ok((float, int))
}

/// The SDWA dword: selects, sext (on the `int` sources only), the destination and
/// the output modifiers each form takes.
fn check_sdwa(target: Target, i: &Inst, int: u8) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    let fmt = d.fmt;
    if i.imm != 0 || i.src[1] == 0x8000 {
        return bad("reserved SDWA bits set");
    }
    let f = i.fields;
    let sel_ok = |sel: u64| sel <= 6;
    if !sel_ok((f & DST_SEL) >> 40)
        || !sel_ok((f & SRC0_SEL) >> 48)
        || !sel_ok((f & SRC1_SEL) >> 56)
    {
        return bad("invalid SDWA select");
    }
    if (f & DST_UNUSED) >> 43 == 3 {
        return bad("invalid dst_unused");
    }
    // sext applies to integer sources only, neg/abs to float ones.
    let sext = ((f & SRC0_SEXT != 0) as u8) | ((f & SRC1_SEXT != 0) as u8) << 1;
    if sext & !int != 0 {
        return bad("sext on a float operand");
    }
    // sext() and -x/|x| do not combine in the syntax.
    if sext & (i.mods.neg | i.mods.abs) != 0 {
        return bad("sext with neg/abs on one operand");
    }
    if fmt == Fmt::Vop1 && f & (SRC1_SEL | SRC1_SEXT) != 0 {
        return bad("VOP1 has no second source");
    }
    if fmt == Fmt::Vopc && target.gen == Gen::Gfx8 && i.dst != VCC_LO {
        return bad("gfx8 SDWA compares write VCC");
    }
    if fmt == Fmt::Vopc && !(i.dst < 128 && operand_code::reg_valid(target, i.dst, 2)) {
        return bad("invalid SDWA compare destination");
    }
    let float_dst = d
        .sig()
        .iter()
        .any(|s| s.role == Role::Vd && s.ty.is_float());
    if i.mods.omod != 0 && (!float_dst || target.gen == Gen::Gfx8) {
        return bad("omod not supported by this instruction");
    }
    if i.mods.clamp && !sdwa_clamp(fmt, target.gen) {
        return bad("clamp not supported by this instruction");
    }
    if f & !sdwa_fields(fmt) != 0 {
        return bad("invalid SDWA bits");
    }
    // v_mac_* (the destination is also read) writes whole dwords.
    if d.has(flags::TIED) && f & DST_SEL != 6 << 40 {
        return bad("dst_sel of a tied SDWA instruction must be DWORD");
    }
    if d.has(flags::SDWA_SRC0)
        && (f & (DST_SEL | DST_UNUSED) != 6 << 40 || sext != 0 || i.mods.neg | i.mods.abs != 0)
    {
        return bad("only src0_sel in this SDWA form");
    }
    Ok(())
}

/// Whether an SDWA form takes `clamp`: every VOP1/VOP2 one (integer results too: the
/// bit is there and llvm-mc takes it), and compares on gfx8 only (gfx9 compares have no
/// clamp in SDWA; gfx8 ones do, their result being VCC).
pub fn sdwa_clamp(fmt: Fmt, gen: Gen) -> bool {
    fmt != Fmt::Vopc || gen == Gen::Gfx8
}
