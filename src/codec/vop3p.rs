//! VOP3P: packed-math vector ALU.
//!
//! ```text
//! dword 0: ENC[31:23]=110100111 OP[22:16] CLAMP[15] OPSEL_HI[2]@14 OPSEL[13:11] NEG_HI[10:8] VDST[7:0]
//! dword 1: NEG[31:29] OPSEL_HI[1:0]@[28:27] SRC2[26:18] SRC1[17:9] SRC0[8:0]
//! ```
//!
//! VOP3P-MAI (rows flagged `mai`, CDNA) reuses the bits: NEG_HI is `CBSZ[10:8]`, OPSEL
//! and `OPSEL_HI[2]` are `ABID[14:11]`, CLAMP is `ACC_CD[15]` (VDST and SRC2 are AGPRs),
//! `OPSEL_HI[1:0]` are `ACC[60:59]` (SRC0/SRC1 are AGPRs), NEG is `BLGP[63:61]` (the f64
//! forms' NEG on gfx940). `Inst`: CBSZ, ABID and BLGP stay in `fields` at those
//! positions; the ACC bits follow from the operands being AGPR codes. On gfx908 VDST
//! and SRC2 are always AGPRs and ACC_CD is 0.

use super::src_ok;
use super::vop3::sources;
use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, LITERAL, VGPR0};
use crate::isa::{flags, Fmt, Role, Ty};
use crate::operand_code;
use crate::operand_code::{is_agpr, is_vgpr, AGPR0};
use crate::target::{Gen, Target};

/// The 9-bit source field of operand code `c`: AGPRs (512+n) sit where VGPRs do, their
/// file given by an ACC bit or the instruction.
fn src_field(c: u16) -> u32 {
    operand_code::field_code(c) as u32 & 0x1ff
}

pub use crate::inst::fields::mai::{ABID, BLGP, CBSZ};
const ACC_CD: u32 = 1 << 15;

fn decode_mai(target: Target, mut i: Inst, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    let d = i.desc();
    let gfx908 = target.gen == Gen::Gfx908;
    if gfx908 && w0 & ACC_CD != 0 {
        return Err(DecodeError::Invalid("ACC_CD set on gfx908"));
    }
    let acc_cd = gfx908 || w0 & ACC_CD != 0;
    let file = |acc: bool, f: u32| {
        if acc {
            AGPR0 + f as u16
        } else {
            VGPR0 + f as u16
        }
    };
    i.dst = file(acc_cd, bits(w0, 7, 0));
    let (s0, s1, s2) = (bits(w1, 8, 0), bits(w1, 17, 9), bits(w1, 26, 18));
    let (a0, a1) = (bits(w1, 27, 27) != 0, bits(w1, 28, 28) != 0);
    if (a0 && s0 < 256) || (a1 && s1 < 256) {
        return Err(DecodeError::Invalid("ACC bit on a non-register source"));
    }
    let vreg = |acc: bool, f: u32| {
        if f >= 256 {
            file(acc, f - 256)
        } else {
            f as u16
        }
    };
    i.src = [
        vreg(a0, s0),
        vreg(a1, s1),
        vreg(acc_cd && !d.has(flags::SMFMAC), s2),
    ];
    i.fields = ((w0 as u64) | (w1 as u64) << 32) & (CBSZ | ABID | BLGP);
    Ok(i)
}

fn encode_mai(target: Target, i: &Inst, opc: u32) -> (u32, u32) {
    let acc_cd = is_agpr(i.dst) && target.gen != Gen::Gfx908;
    let f = i.fields & (CBSZ | ABID | BLGP);
    let w0 = 0b1_1010_0111 << 23
        | opc << 16
        | if acc_cd { ACC_CD } else { 0 }
        | f as u32
        | (i.dst & 0xff) as u32;
    let w1 = (f >> 32) as u32
        | (is_agpr(i.src[1]) as u32) << 28
        | (is_agpr(i.src[0]) as u32) << 27
        | src_field(i.src[2]) << 18
        | src_field(i.src[1]) << 9
        | src_field(i.src[0]);
    (w0, w1)
}

fn check_mai(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    let gfx908 = target.gen == Gen::Gfx908;
    let vreg = |c: u16, n: u8| (is_vgpr(c) || is_agpr(c)) && operand_code::reg_valid(target, c, n);
    for s in d.sig() {
        let n = crate::inst::fields::mai::slot_ty(i.fields, s).dwords();
        let ok = match s.role {
            // (An MFMA accumulating in VGPRs is a gfx90a form.)
            Role::Vd if gfx908 && !is_agpr(i.dst) => return Err(EncodeError::NOT_FOR_GPU),
            Role::Vd => vreg(i.dst, n),
            Role::Src0 => vreg(i.src[0], n),
            Role::Src1 => vreg(i.src[1], n),
            Role::Src2 if d.has(flags::SMFMAC) => is_vgpr(i.src[2]),
            // The accumulator: a register of the destination's file, a read-only
            // value (src_execz, src_shared_base, ...: llvm-mc takes them on every CDNA
            // target), or (gfx90a+) an inline constant.
            Role::Src2 => {
                let c = i.src[2];
                match c {
                    256.. => vreg(c, n) && is_agpr(c) == is_agpr(i.dst),
                    _ if operand_code::read_only_sreg(target, c, 2) => true,
                    _ => {
                        !gfx908
                            && (operand_code::inline_int(c).is_some() || (240..=248).contains(&c))
                    }
                }
            }
            _ => false,
        };
        if !ok {
            return bad("invalid operand for instruction");
        }
    }
    if d.has(flags::SMFMAC) && i.fields & BLGP != 0 {
        return bad("blgp is not supported by sparse MFMA");
    }
    // (gfx950's f8f6f4 MFMAs take the format in CBSZ and have no ABID.)
    if i.fields & ABID != 0 && d.sig().iter().any(|s| s.ty == Ty::F8f6f4) {
        return bad("abid is not supported by f8f6f4 MFMA");
    }
    // A scaled MFMA's scale VGPRs (`imm`) and their op_sel/op_sel_hi bits (three
    // each: the third printed by neither llvm-mc nor us).
    if d.has(flags::SCALE) {
        let m = i.mods;
        let scales = [i.imm as u16, (i.imm >> 16) as u16];
        if !scales
            .iter()
            .all(|&c| is_vgpr(c) && operand_code::reg_valid(target, c, 1))
        {
            return bad("invalid operand for instruction");
        }
        let mods = crate::inst::Mods {
            op_sel: m.op_sel & 7,
            op_sel_hi: m.op_sel_hi & 7,
            ..Default::default()
        };
        if m != mods {
            return bad("modifiers not supported by this instruction");
        }
    }
    let (mods, imm) = match d.has(flags::SCALE) {
        true => (i.mods, i.imm),
        false => (Default::default(), 0),
    };
    if i.fields & !(CBSZ | ABID | BLGP) != 0
        || i.mods != mods
        || i.sdst != 0
        || i.imm != imm
        || i.lit != 0
        || i.smem != 0
    {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}

/// Bit 11 of a scaled MFMA's own word (its ABID bit 0, which f8f6f4 MFMAs lack).
const SCALE_BIT: u32 = 1 << 11;
/// VOP3P's ENC field, bits 31:23.
const VOP3P_ENC: u32 = 0b1_1010_0111;

/// Whether `w0` is the first word of a VOP3PX2 pair (v_mfma_ld_scale_b32): what it
/// decodes to depends on the word after it.
#[inline]
pub fn is_pair_prefix(target: Target, w0: u32) -> bool {
    w0 >> 23 == VOP3P_ENC
        && op(target, Fmt::Vop3p, bits(w0, 22, 16)).is_ok_and(|o| o.desc().has(flags::LD_SCALE))
}

/// A scaled MFMA: v_mfma_ld_scale_b32 (the scale VGPRs in SRC0/SRC1 and their
/// op_sel/op_sel_hi bits) then the MFMA of a `scale` row with bit 11 set. `None` when
/// the bytes are not such a pair (the prefix is then an instruction of its own).
/// The third op_sel and op_sel_hi bits (bits 13 and 14: compilers set them, llvm-mc
/// writes them 0 and neither prints nor reads them) are kept in `mods` but not
/// printed; the prefix's other fields (VDST, NEG_HI, CLAMP, SRC2, NEG), which llvm-mc
/// writes 0 and its disassembler ignores, make the pair refused, to keep decoding
/// lossless.
/// (Only a VOP3P word starts a pair: the test inlined, every other word of the
/// general path goes on without a call.)
#[inline(always)]
pub(super) fn unpack_pair(target: Target, bytes: &[u8]) -> Result<Option<Inst>, DecodeError> {
    match bytes.first_chunk::<4>() {
        Some(b) if u32::from_le_bytes(*b) >> 23 == VOP3P_ENC => unpack_vop3p_pair(target, bytes),
        _ => Ok(None),
    }
}

/// [`unpack_pair`] of a VOP3P word.
#[inline(never)]
fn unpack_vop3p_pair(target: Target, bytes: &[u8]) -> Result<Option<Inst>, DecodeError> {
    let Some(b) = bytes.first_chunk::<16>() else {
        return Ok(None);
    };
    let w = |k: usize| u32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]]);
    let (w0, w1, w2, w3) = (w(0), w(1), w(2), w(3));
    if !is_pair_prefix(target, w0) || w2 >> 23 != VOP3P_ENC || w2 & SCALE_BIT == 0 {
        return Ok(None);
    }
    let Some(op) = crate::isa::decode_scaled_op(target, bits(w2, 22, 16)) else {
        return Ok(None);
    };
    if w0 & !(VOP3P_ENC << 23 | 0x7f << 16 | 0xf << 11) != 0 || w1 & !(3 << 27 | 0x3_ffff) != 0 {
        return Err(DecodeError::Invalid(
            "v_mfma_ld_scale_b32 fields other than the scales set in a scaled MFMA",
        ));
    }
    let mut i = decode_mai(target, Inst::new(op, Enc::Vop3p), w2 & !SCALE_BIT, w3)?;
    i.imm = bits(w1, 8, 0) | bits(w1, 17, 9) << 16;
    i.mods.op_sel = bits(w0, 13, 11) as u8;
    i.mods.op_sel_hi = (bits(w1, 28, 27) | bits(w0, 14, 14) << 2) as u8;
    Ok(Some(i))
}

/// The words of a scaled MFMA (`scale` row): its v_mfma_ld_scale_b32 prefix, then the
/// MFMA with bit 11 set.
pub(super) fn encode_pair(target: Target, i: &Inst, opc: u32) -> Result<[u32; 4], EncodeError> {
    let ld = crate::isa::op::V_MFMA_LD_SCALE_B32
        .on(target)
        .and_then(|o| o.desc().opcode(target))
        .ok_or(EncodeError::new("instruction not supported on this GPU"))? as u32;
    let m = i.mods;
    let p0 = VOP3P_ENC << 23
        | ld << 16
        | (m.op_sel_hi as u32 >> 2 & 1) << 14
        | (m.op_sel as u32 & 7) << 11;
    let p1 = (m.op_sel_hi as u32 & 3) << 27
        | src_field(i.imm as u16)
        | src_field((i.imm >> 16) as u16) << 9;
    let (a, b) = encode_mai(target, i, opc);
    Ok([p0, p1, a | SCALE_BIT, b])
}

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    let mut i = Inst::new(op(target, Fmt::Vop3p, bits(w0, 22, 16))?, Enc::Vop3p);
    if i.desc().has(flags::MAI) {
        return decode_mai(target, i, w0, w1);
    }
    i.dst = VGPR0 + bits(w0, 7, 0) as u16;
    // (v_mfma_ld_scale_b32 has no destination: the field stays a number, checked 0.)
    if i.desc().has(flags::LD_SCALE) {
        i.dst = bits(w0, 7, 0) as u16;
    }
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
    super::agpr_slots(&mut i);
    Ok(i)
}

pub(super) fn encode(target: Target, i: &Inst, opc: u32) -> (u32, u32) {
    if i.desc().has(flags::MAI) {
        return encode_mai(target, i, opc);
    }
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
        | src_field(i.src[2]) << 18
        | src_field(i.src[1]) << 9
        | src_field(i.src[0]);
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

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    if d.has(flags::MAI) {
        return check_mai(target, i);
    }
    // v_accvgpr_read/write take no modifiers.
    let agpr_op = d.sig().iter().any(|s| s.class == crate::isa::Class::Agpr);
    if agpr_op
        && i.mods
            != (crate::inst::Mods {
                op_sel_hi: 7,
                ..Default::default()
            })
    {
        return Err(EncodeError::new(
            "modifiers not supported by this instruction",
        ));
    }
    let bad = |why| Err(EncodeError::new(why));
    let vd = d.sig().iter().find(|s| s.role == Role::Vd);
    match vd {
        Some(s)
            if super::vreg_file_ok(i.dst, s.class)
                && operand_code::reg_valid(target, i.dst, s.ty.dwords()) => {}
        // (v_mfma_ld_scale_b32 writes no register: VDST is 0.)
        None if d.has(flags::LD_SCALE) && i.dst == 0 => {}
        _ => return bad("invalid vector destination"),
    }
    let mut used = 0u8;
    let mut mods_ok = 0u8;
    for (k, s) in sources(d.sig()) {
        used |= 1 << k;
        // neg_lo/neg_hi apply to every source of packed ops, integer ones included.
        mods_ok |= 1 << k;
        if i.src[k] == LITERAL {
            return Err(EncodeError::NO_LITERAL);
        }
        src_ok(target, i.src[k], s, true)?;
        // gfx908's v_accvgpr_write_b32 reads a VGPR or an inline constant (llvm-mc's
        // assembler refuses the other scalar operands there).
        let c = i.src[k];
        if agpr_op
            && target.gen == crate::target::Gen::Gfx908
            && c < VGPR0
            && operand_code::inline_int(c).is_none()
            && !(240..=248).contains(&c)
        {
            return bad("source operand must be either a VGPR or an inline constant");
        }
        if i.src[k] == crate::operand_code::LDS_DIRECT && (k != 0 || d.has(flags::REV)) {
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
    if d.has(flags::NO_MODS) && d.has(flags::MIX) || d.has(flags::LD_SCALE) {
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
    if m.clamp && !d.clamp_allowed(target.gen) {
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
