//! VOP3A and VOP3B: 64-bit vector ALU, also the `_e64` form of VOP1/VOP2/VOPC.
//!
//! ```text
//! gfx8+ VOP3A dword 0: ENC[31:26]=110100 OP[25:16] CLAMP[15] OPSEL[14:11] ABS[10:8] VDST[7:0]
//! gfx8+ VOP3B dword 0: ENC[31:26]=110100 OP[25:16] CLAMP[15] SDST[14:8] VDST[7:0]
//! gfx6/7 VOP3A:        ENC[31:26]=110100 OP[25:17] (16:12 unused) CLAMP[11] ABS[10:8] VDST[7:0]
//! gfx6/7 VOP3B:        ENC[31:26]=110100 OP[25:17] (16:15 unused) SDST[14:8] VDST[7:0]
//!       dword 1: NEG[31:29] OMOD[28:27] SRC2[26:18] SRC1[17:9] SRC0[8:0]
//! ```
//! (OPSEL exists from gfx9 on; gfx8 leaves bits 14:11 zero.)
//! VOP3B is used by instructions with both a vector destination and a carry-out
//! (`vd` and `cd` in the signature).

use super::src_ok;
use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{flags, Fmt, OpDesc, Role, Slot};
use crate::operand_code;
use crate::target::{Gen, Target};

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    let mut i = Inst::new(op(target, Fmt::Vop3, opcode(target.gen, w0))?, Enc::Vop3);
    if !place(target.gen, &mut i, w0, w1) {
        return Err(DecodeError::Invalid("unused VOP3 bits set"));
    }
    Ok(i)
}

/// The opcode field of VOP3 word `w0` on `gen` (9 bits on gfx6/gfx7, else 10).
#[inline]
pub(crate) fn opcode(gen: Gen, w0: u32) -> u32 {
    if gen.before_gfx8() {
        bits(w0, 25, 17)
    } else {
        bits(w0, 25, 16)
    }
}

/// Places the fields of the VOP3 words `w0`, `w1` into `i` (of a VOP3 row, blank but
/// for its row and encoding); false where bits that must be zero (gfx6/gfx7) are not.
#[inline]
pub(crate) fn place(gen: Gen, i: &mut Inst, w0: u32, w1: u32) -> bool {
    let old = gen.before_gfx8();
    let vdst = bits(w0, 7, 0) as u16;
    let roles = crate::inst::roles::mask(i.op);
    let has = |r: Role| roles & crate::inst::roles::bit(r) != 0;
    i.dst = if has(Role::Vd) { VGPR0 + vdst } else { vdst };
    // (`OpDesc::is_vop3b`, from the role mask.)
    let vop3b = has(Role::Vd) && has(Role::Cd);
    if vop3b {
        i.sdst = bits(w0, 14, 8) as u16;
    } else {
        i.mods.abs = bits(w0, 10, 8) as u8;
    }
    // gfx6/gfx7: clamp at 11 (VOP3A only), bits 16:12 (16:15 in VOP3B) unused.
    let unused = match (old, vop3b) {
        (false, _) => {
            i.mods.clamp = bits(w0, 15, 15) != 0;
            if !vop3b {
                i.mods.op_sel = bits(w0, 14, 11) as u8;
            }
            0
        }
        (true, true) => bits(w0, 16, 15),
        (true, false) => {
            i.mods.clamp = bits(w0, 11, 11) != 0;
            bits(w0, 16, 12)
        }
    };
    i.src = [
        bits(w1, 8, 0) as u16,
        bits(w1, 17, 9) as u16,
        bits(w1, 26, 18) as u16,
    ];
    i.mods.omod = bits(w1, 28, 27) as u8;
    i.mods.neg = bits(w1, 31, 29) as u8;
    unused == 0
}

pub(super) fn encode(gen: Gen, i: &Inst, opc: u32) -> (u32, u32) {
    let m = i.mods;
    if gen.before_gfx8() {
        let mid = if i.desc().is_vop3b() {
            (i.sdst as u32) << 8
        } else {
            (m.clamp as u32) << 11 | (m.abs as u32) << 8
        };
        let w0 = 0b11_0100 << 26 | opc << 17 | mid | (i.dst & 0xff) as u32;
        return (w0, encode_w1(i));
    }
    let mid = if i.desc().is_vop3b() {
        (i.sdst as u32) << 8
    } else {
        (m.op_sel as u32) << 11 | (m.abs as u32) << 8
    };
    let w0 = 0b11_0100 << 26 | opc << 16 | (m.clamp as u32) << 15 | mid | (i.dst & 0xff) as u32;
    (w0, encode_w1(i))
}

fn encode_w1(i: &Inst) -> u32 {
    let m = i.mods;
    (m.neg as u32) << 29
        | (m.omod as u32) << 27
        | (i.src[2] as u32) << 18
        | (i.src[1] as u32) << 9
        | i.src[0] as u32
}

/// The OPSEL bits an instruction takes, given the source slots it uses: one per
/// source and bit 3 for the destination. (Interpolation rows: bit 0 is the I/J source
/// in SRC1, bit 2 is SRC2; bit 1, the attribute, is not taken.)
pub fn opsel_mask(gen: Gen, d: &OpDesc, used: u8) -> u8 {
    // (The permlane swaps: bound_ctrl and fi, not op_sel.)
    if d.has(flags::PERMLANE_SWAP) {
        return 0b11;
    }
    match (has_opsel(gen, d), super::vintrp::is_interp(d)) {
        (false, _) => 0,
        (true, true) => 0b1101,
        (true, false) if d.has(flags::OPSEL4) => 0b1111,
        (true, false) => used | 8,
    }
}

/// Whether a row takes VOP3 `op_sel` on `gen` (the field came with gfx9).
pub fn has_opsel(gen: Gen, d: &OpDesc) -> bool {
    d.has(flags::OPSEL) && !gen.before_gfx9()
}

/// The number of source entries in a VOP3 `op_sel` list (the destination entry follows).
pub fn opsel_sources(d: &OpDesc) -> usize {
    if d.has(flags::OPSEL4) {
        3
    } else {
        sources(d.sig()).map(|(k, _)| k + 1).max().unwrap_or(0)
    }
}

/// Sources of a signature with their slot index.
pub fn sources(sig: &[Slot]) -> impl Iterator<Item = (usize, &Slot)> {
    sig.iter()
        .filter_map(|s| s.role.src_index().map(|k| (k, s)))
}

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    // (VOP3B's SDST sits where VOP3A has ABS: there is no |x|.)
    if d.is_vop3b() && i.mods.abs != 0 {
        return Err(EncodeError::new("ABS not allowed in VOP3B instructions"));
    }
    check_dests(target, i)?;
    let (mut used, float_srcs) = check_sources(target, i)?;
    // Interpolation rows: SRC0 holds the attribute, SRC1 v_interp_mov_f32's slot.
    if super::vintrp::is_interp(d) {
        super::vintrp::check_operands(i)?;
        used |= 1 | (d.sig().iter().any(|s| s.role == Role::Param) as u8 * 2);
    }
    if (0..3).any(|k| used & (1 << k) == 0 && i.src[k] != 0) {
        return Err(EncodeError::new(
            "non-zero bits in a field the instruction does not use",
        ));
    }
    check_mods(target, i, used, float_srcs)
}

/// The vector and scalar destinations, and no bits in a destination field unused.
fn check_dests(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let bad = |why| Err(EncodeError::new(why));
    let has_vd = crate::inst::roles::has(i.op, Role::Vd);
    let mut dst_used = false;
    let mut sdst_used = false;
    for s in i.desc().sig() {
        match s.role {
            Role::Vd => {
                dst_used = true;
                super::check_vdst(target, i.dst, s)?;
            }
            Role::Sd if i.dst == operand_code::M0 => return bad("invalid scalar destination"),
            Role::Sd | Role::Cd => {
                let v = if s.role == Role::Cd && has_vd {
                    sdst_used = true;
                    i.sdst
                } else {
                    dst_used = true;
                    i.dst
                };
                // (A read-only value fits the 8-bit destination of VOP3A, not the
                // 7-bit carry-out of VOP3B.)
                let w = s.ty.dwords().max(1);
                let ro =
                    !(s.role == Role::Cd && has_vd) && operand_code::read_only_sreg(target, v, w);
                if (v > 127 || !operand_code::reg_valid(target, v, w)) && !ro {
                    return bad("invalid scalar destination");
                }
            }
            _ => {}
        }
    }
    if (!dst_used && i.dst != 0) || (!sdst_used && i.sdst != 0) {
        return bad("non-zero bits in a field the instruction does not use");
    }
    Ok(())
}

/// Each source against its slot: the sources used and those that take float
/// modifiers, as masks by source index.
fn check_sources(target: Target, i: &Inst) -> Result<(u8, u8), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    let mut used = 0u8;
    let mut float_srcs = 0u8;
    for (k, s) in sources(d.sig()) {
        used |= 1 << k;
        if s.ty.is_float() || (d.has(flags::ANY_MODS) && s.role != Role::Ci) {
            float_srcs |= 1 << k;
        }
        let c = i.src[k];
        if c == crate::inst::LITERAL {
            return Err(EncodeError::NO_LITERAL);
        }
        // A carry-in / condition mask is an SGPR pair (or an aperture or another
        // read-only value, as llvm-mc reads and prints them), never a constant or a
        // VGPR.
        if s.role == Role::Ci
            && !((c < 128 && operand_code::reg_valid(target, c, 2))
                || ((235..=239).contains(&c) && !target.gen.before_gfx9())
                || operand_code::read_only_sreg(target, c, 2))
        {
            return bad("invalid operand for instruction");
        }
        src_ok(target, c, s, true)?;
        // gfx6/gfx7 have no 16-bit constants (llvm-mc reads them as literals there).
        let constant = operand_code::inline_int(c).is_some() || (240..=248).contains(&c);
        if constant && s.ty.is_16() && target.gen.before_gfx8() {
            return bad("a constant on a 16-bit operand (gfx6/gfx7 have none)");
        }
        if c == crate::operand_code::LDS_DIRECT
            && (k != 0 || i.enc == Enc::Vop3p || d.has(flags::REV))
        {
            return bad("invalid use of lds_direct");
        }
    }
    Ok((used, float_srcs))
}

/// The modifiers against what the row takes (`used` and `float_srcs` from
/// [`check_sources`]).
fn check_mods(target: Target, i: &Inst, used: u8, float_srcs: u8) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    let mut m = i.mods;
    if d.has(flags::BITOP3) {
        // (The truth table, not modifiers.)
        (m.abs, m.neg, m.omod) = (0, 0, 0);
    }
    let mods_ok = if d.has(flags::NO_MODS) { 0 } else { float_srcs };
    if m.abs & !mods_ok != 0 || m.neg & !mods_ok != 0 {
        return bad("source modifiers not supported by this instruction");
    }
    let opsel_ok = opsel_mask(target.gen, d, used);
    if m.op_sel & !opsel_ok != 0 {
        return bad("op_sel not supported by this instruction");
    }
    if m.clamp && !d.clamp_allowed(target.gen) {
        return bad("clamp not supported by this instruction");
    }
    if m.omod != 0 && !d.omod_allowed() {
        return bad("omod not supported by this instruction");
    }
    if m.neg_hi != 0 || m.op_sel_hi != 0 || m.glc || m.nv || i.imm != 0 || i.smem != 0 || i.lit != 0
    {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}
