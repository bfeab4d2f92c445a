//! Source operands: registers, inline constants and the literal (one per
//! instruction), constants' signs folded where llvm-mc folds them, and the source
//! modifiers -x, |x| and sext().

use super::form::is_vop3;
use crate::codec;
use crate::inst::{Enc, Inst, LITERAL, VGPR0};
use crate::isa::{self, flags, OpDesc, Role, Slot, Ty};
use crate::operand_code::{
    self, convert_float_lossy as convert_float, convert_int, float_code, int_code, literal_inline,
};
use crate::syntax::error::{err, Error};
use crate::syntax::operands::{Item, Kind, Value};
use crate::target::{Gen, Target};

/// A source operand: its code (allocating the literal), the rules of the form for
/// it, and its source modifiers.
pub(super) fn source_operand(
    target: Target,
    i: &mut Inst,
    s: &Slot,
    it: &Item,
    enc: Enc,
    lit: &mut Option<(u32, usize)>,
    dropped_low: &mut bool,
) -> Result<(), Error> {
    let d = i.desc();
    let pos = it.pos;
    let bad = || err(pos, "invalid operand for instruction");
    let k = s.role.src_index().unwrap_or(0);
    if i.enc == Enc::Sopc && k == 1 {
        if let Kind::GprIdx(v) = it.kind {
            i.src[1] = v;
            return Ok(());
        }
    }
    let folded = fold_sign(d, s, it, enc)?;
    let it = folded.as_ref().unwrap_or(it);
    let code = source(target, d, s, it, enc, lit)?;
    if let Kind::Val(v) | Kind::Lit(v) = it.kind {
        *dropped_low |= drops_low_half(s, v, code);
    }
    if d.has(flags::MAI) {
        mfma_source(target, i, s, code, pos)?;
    }
    // (The gfx6/gfx7 v_readlane/v_writelane VSRC1 is a scalar operand.)
    if (k == 1 && matches!(enc, Enc::Vop2 | Enc::Vopc) && s.class != isa::Class::Scalar
        || s.class == isa::Class::Vgpr
        || s.class == isa::Class::VgprOrLds && code != operand_code::LDS_DIRECT
        || enc == Enc::Dpp)
        && code < VGPR0
    {
        return bad();
    }
    // gfx8 SDWA reads VGPRs only.
    if enc == Enc::Sdwa && target.gen == Gen::Gfx8 && code < VGPR0 {
        return bad();
    }
    if enc == Enc::Sdwa && code == LITERAL {
        return bad();
    }
    i.src[k] = code;
    source_modifiers(i, s, it, enc, k)
}

/// Whether number `v` as source `s`, given `code`, is a double that needs its low
/// half, as an f64 operand: its high half is the literal, or 0 when that is zero
/// (llvm-mc warns).
pub(super) fn drops_low_half(s: &Slot, v: Value, code: u16) -> bool {
    matches!(v, Value::Float(f) if s.ty == Ty::F64
        && f.to_bits() as u32 != 0
        && matches!(code, LITERAL | operand_code::INLINE_ZERO))
}

/// The 32-bit forms fold -x / |x| of a constant into its value, as llvm-mc does: a
/// float's sign, or the sign bit of a 32- or 16-bit integer's pattern. The item
/// with the folded value, if there is one.
fn fold_sign<'a>(d: &OpDesc, s: &Slot, it: &Item<'a>, enc: Enc) -> Result<Option<Item<'a>>, Error> {
    let v = match it.kind {
        Kind::Val(v @ (Value::Int(_) | Value::Float(_)))
            if (it.neg || it.abs)
                && matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc)
                && (s.ty.is_float() || d.has(flags::ANY_MODS)) =>
        {
            v
        }
        _ => return Ok(None),
    };
    let value = match v {
        Value::Float(f) => {
            let f = if it.abs { f.abs() } else { f };
            Value::Float(if it.neg { -f } else { f })
        }
        _ if s.ty.dwords() == 2 => return err(it.pos, "invalid operand for instruction"),
        _ => {
            let sign = if s.ty.is_16() { 0x8000 } else { 0x8000_0000 };
            let mut bits = literal_bits(v, s.ty, it.pos)?;
            if it.abs {
                bits &= !sign;
            }
            if it.neg {
                bits ^= sign;
            }
            Value::Int(bits as i64)
        }
    };
    Ok(Some(Item {
        kind: Kind::Val(value),
        neg: false,
        abs: false,
        ..*it
    }))
}

/// MFMA sources are vector registers; the accumulator may also be an inline constant
/// (gfx90a+), of the destination's register file.
fn mfma_source(target: Target, i: &Inst, s: &Slot, code: u16, pos: usize) -> Result<(), Error> {
    let d = i.desc();
    let vector = code >= VGPR0;
    let ok = match s.role {
        Role::Src2 if d.has(flags::SMFMAC) => operand_code::is_vgpr(code),
        Role::Src2 if vector => operand_code::is_agpr(code) == operand_code::is_agpr(i.dst),
        Role::Src2 if code == LITERAL || code < 128 => false,
        Role::Src2 if operand_code::read_only_sreg(target, code, 2) => true,
        Role::Src2 if target.gen == Gen::Gfx908 => {
            return err(pos, "inline constants are not allowed for this operand")
        }
        Role::Src2 => true,
        _ => vector,
    };
    if !ok {
        return err(pos, "invalid operand for instruction");
    }
    Ok(())
}

/// sext(), -x and |x| of source `k`.
fn source_modifiers(i: &mut Inst, s: &Slot, it: &Item, enc: Enc, k: usize) -> Result<(), Error> {
    let d = i.desc();
    let bad = || err(it.pos, "invalid operand for instruction");
    if it.sext {
        // sext() on integer SDWA sources (not of rows with float modifiers on any
        // type, v_cndmask_b32).
        if enc != Enc::Sdwa || s.ty.is_float() || d.has(flags::ANY_MODS) {
            return bad();
        }
        i.fields |= if k == 0 {
            codec::vopx::SRC0_SEXT
        } else {
            codec::vopx::SRC1_SEXT
        };
    }
    if it.neg || it.abs {
        let mix = d.has(flags::MIX);
        let ok = (matches!(enc, Enc::Vop3 | Enc::Dpp | Enc::Sdwa) || (enc == Enc::Vop3p && mix))
            && !d.has(flags::NO_MODS)
            && (s.ty.is_float() || mix || d.has(flags::ANY_MODS));
        if !ok {
            return bad();
        }
        if it.neg {
            i.mods.neg |= 1 << k;
        }
        if it.abs {
            if enc == Enc::Vop3p {
                i.mods.neg_hi |= 1 << k;
            } else {
                i.mods.abs |= 1 << k;
            }
        }
    }
    Ok(())
}

/// The operand code for a source, allocating the literal when needed.
pub(super) fn source(
    target: Target,
    d: &OpDesc,
    s: &Slot,
    it: &Item,
    enc: Enc,
    lit: &mut Option<(u32, usize)>,
) -> Result<u16, Error> {
    let pos = it.pos;
    // (v_ldexp_f16's exponent reads numbers as an f16 operand, and so does
    // v_cvt_f32_bf16's source in SDWA, as llvm-mc reads them.)
    let f16;
    let as_f16 = s.ty == Ty::X16 || (s.ty == Ty::BF16H && enc == Enc::Sdwa);
    let s = if as_f16 && matches!(it.kind, Kind::Val(_) | Kind::Lit(_)) {
        f16 = Slot { ty: Ty::F16, ..*s };
        &f16
    } else {
        s
    };
    let code = match it.kind {
        // llvm-mc refuses lds_direct on the reversed-operand rows (v_subrev_*,
        // v_lshlrev_*, ...) and in SDWA.
        Kind::Reg {
            code: operand_code::LDS_DIRECT,
            ..
        } if enc == Enc::Sdwa || d.has(flags::REV) => {
            return err(pos, "lds_direct cannot be used with this instruction")
        }
        Kind::Reg { code, dwords } => register_source(s, code, dwords, enc, pos)?,
        // A double that needs its low half is a literal, refused first where
        // literals are not supported.
        Kind::Val(Value::Float(f))
            if s.ty == Ty::F64
                && f.to_bits() as u32 != 0
                && f.to_bits() != 0x3fc4_5f30_6dc9_c882
                && f64_int_code(f).is_none()
                && f.to_bits() >> 32 != 0
                && is_vop3(enc) =>
        {
            return err(pos, "literal operands are not supported")
        }
        Kind::Val(v) => constant_source(s, v, pos, lit)?,
        Kind::Lit(v) => {
            // (On a packed 16-bit operand an integer is a 32-bit pattern, as in
            // `constant_source`: the disassembler's lit(0xffffffff) reads back.)
            let ty = match (v, s.ty) {
                (Value::Int(_), t) if t.is_packed16() => Ty::B32,
                _ => s.ty,
            };
            let bits = literal_bits(v, ty, pos)?;
            share_literal(lit, bits, pos)?;
            LITERAL
        }
        _ => return err(pos, "invalid operand for instruction"),
    };
    if code == LITERAL && d.has(flags::NO_LITERAL) {
        return err(pos, "invalid operand for instruction");
    }
    // gfx6/gfx7 have no 1/(2*pi) constant: the value is a literal there.
    let code = if code == operand_code::INV_2PI && target.gen.before_gfx8() {
        // (An f64 literal holds the double's high half only, as llvm-mc takes it
        // with a warning; a 64-bit integer operand takes no float literal.)
        if matches!(s.ty, Ty::B64 | Ty::I64) && matches!(it.kind, Kind::Val(Value::Float(_))) {
            return err(pos, "invalid operand for instruction");
        }
        share_literal(lit, operand_code::inv_2pi_bits(s.ty), pos)?;
        LITERAL
    } else {
        code
    };
    // gfx6/gfx7 have no 16-bit constants: llvm-mc reads any number on a 16-bit
    // operand as a literal there, which VOP3 has not (v_cvt_f32_f16_e64 v0, 1).
    let number = matches!(it.kind, Kind::Val(_) | Kind::Lit(_));
    if is_vop3(enc) && (code == LITERAL || number && s.ty.is_16() && target.gen.before_gfx8()) {
        return err(pos, "literal operands are not supported");
    }
    Ok(code)
}

/// A register source: as wide as the slot, of a file it takes.
fn register_source(s: &Slot, code: u16, dwords: u8, enc: Enc, pos: usize) -> Result<u16, Error> {
    let bad = || err(pos, "invalid operand for instruction");
    let scalar_field = matches!(enc, Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk);
    let want = s.ty.dwords().max(1);
    let fixed = matches!(code, 235..=239 | 251..=254);
    // (An f8f6f4 source's width is checked against its format once the modifiers
    // are read: `mai::check_f8f6f4_widths`.)
    let f8f6f4 = s.ty == isa::Ty::F8f6f4 && matches!(dwords, 4 | 6 | 8);
    if !(dwords == want || fixed && dwords == 1 || f8f6f4) {
        return bad();
    }
    if scalar_field && code >= VGPR0 {
        return bad();
    }
    if operand_code::is_agpr(code) && !codec::vreg_file_ok(code, s.class)
        || operand_code::is_vgpr(code) && s.class == isa::Class::Agpr
    {
        return bad();
    }
    if code == operand_code::LDS_DIRECT
        && !(matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3) && s.role == Role::Src0)
    {
        if !matches!(
            enc,
            Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Vop3p
        ) {
            return bad();
        }
        // (VOP3P takes it as src0 too.)
        if !(enc == Enc::Vop3p && s.role == Role::Src0) {
            return err(pos, "lds_direct may be used as src0 only");
        }
    }
    Ok(code)
}

/// A number as a source: an inline constant's code, or the literal.
fn constant_source(
    s: &Slot,
    v: Value,
    pos: usize,
    lit: &mut Option<(u32, usize)>,
) -> Result<u16, Error> {
    let code = match v {
        Value::Int(n) if s.ty.dwords() == 2 && literal64_inline(n as u64).is_some() => {
            literal64_inline(n as u64).unwrap_or(0)
        }
        // A packed 16-bit operand reads a 32-bit pattern as its integer (0xfffffff0 is
        // -16; 0xffff is a literal), as llvm-mc does.
        Value::Int(n) if s.ty.is_packed16() => {
            let n32 = if (0..=0xffff_ffff).contains(&n) {
                n as u32 as i32 as i64
            } else {
                n
            };
            // Else an f16 constant's pattern is that constant (0x3c00 is 1.0 on a
            // packed f16 operand), and any other 32-bit value the literal, all 32
            // bits of it (v_dot2c_f32_f16_e32 v0, -32768, v1 is 0xffff8000).
            let bits = convert_int(n, Ty::B32).map_err(|m| Error::new(pos, m))?;
            let code = int_code(n32).or_else(|| literal_inline(bits, s.ty));
            inline_or_literal(code, bits, pos, lit)?
        }
        // A bf16 operand (not `BF16H`) reads a 16-bit value (zero- or sign-extended) as
        // its pattern, and any other 32-bit one as a literal, as llvm-mc does (which
        // also takes the low half of one as an inline constant: 0x13f80 as 1.0; we
        // keep the value, a literal).
        Value::Int(n) if s.ty == Ty::BF16 && int_code(n).is_none() => {
            let bits = convert_int(n, Ty::B32).map_err(|m| Error::new(pos, m))?;
            let half = (-0x8000..=0xffff).contains(&(bits as i32 as i64)) || bits <= 0xffff;
            let code = literal_inline(bits & 0xffff, s.ty).filter(|_| half);
            inline_or_literal(code, bits, pos, lit)?
        }
        Value::Int(n) => match int_code(n) {
            Some(c) => c,
            None => {
                let bits = convert_int(n, s.ty).map_err(|m| Error::new(pos, m))?;
                // A 64-bit integer operand is inline only if the 64-bit value is
                // (0xffffffff is a literal, not -1).
                // (Nor is 0xffff one on a 16-bit integer operand: llvm-mc encodes
                // the literal, not -1.)
                let inline = match s.ty {
                    Ty::B64 | Ty::I64 | Ty::I16 | Ty::B16 => None,
                    Ty::F64 if n > u32::MAX as i64 => None,
                    _ => literal_inline(bits, s.ty),
                };
                match inline {
                    Some(c) => c,
                    None => {
                        share_literal(lit, bits, pos)?;
                        LITERAL
                    }
                }
            }
        },
        // 0.0 (and what rounds to it) is the integer constant 0; -0.0 is not.
        Value::Float(f) if f == 0.0 && f.is_sign_positive() => operand_code::INLINE_ZERO,
        // A double whose bits are an integer constant's is that constant (4.9e-324
        // is 1), and one whose high half is zero is 0 (its low half dropped), as in
        // llvm-mc.
        Value::Float(f) if s.ty == Ty::F64 && f64_int_code(f).is_some() => {
            f64_int_code(f).unwrap_or(operand_code::INLINE_ZERO)
        }
        Value::Float(f) if s.ty == Ty::F64 && f.to_bits() >> 32 == 0 => operand_code::INLINE_ZERO,
        Value::Float(f) => match float_code(f, s.ty) {
            // For f64 operands only the exact double 1/(2*pi) is the constant.
            Some(operand_code::INV_2PI)
                if s.ty == Ty::F64 && f.to_bits() != 0x3fc4_5f30_6dc9_c882 =>
            {
                let bits = convert_float(f, s.ty).map_err(|m| Error::new(pos, m))?;
                share_literal(lit, bits, pos)?;
                LITERAL
            }
            Some(c) if !matches!(s.ty, Ty::B64 | Ty::I64) || f != 0.15915494 => c,
            _ => {
                let bits = convert_float(f, s.ty).map_err(|m| Error::new(pos, m))?;
                // A tiny value whose bits are an inline integer (1.4e-45 is f32 bits
                // 1) is that constant, as in llvm-mc; not on 16-bit integer operands
                // (a float there is always a literal) nor f64 ones (high half only).
                match literal_inline(bits, s.ty) {
                    Some(c) if !matches!(s.ty, Ty::I16 | Ty::B16 | Ty::F64) => c,
                    _ => {
                        share_literal(lit, bits, pos)?;
                        LITERAL
                    }
                }
            }
        },
        // A symbol: a literal whose value a fixup supplies (32-bit operands only).
        Value::Sym(..) if s.ty.dwords() <= 1 => {
            share_literal(lit, 0, pos)?;
            LITERAL
        }
        Value::Sym(..) => return err(pos, "expected an absolute expression"),
    };
    Ok(code)
}
/// `code`, an inline constant, if there is one; else `bits` as the literal.
fn inline_or_literal(
    code: Option<u16>,
    bits: u32,
    pos: usize,
    lit: &mut Option<(u32, usize)>,
) -> Result<u16, Error> {
    match code {
        Some(c) => Ok(c),
        None => {
            share_literal(lit, bits, pos)?;
            Ok(LITERAL)
        }
    }
}

/// The integer constant whose 64-bit value is a double's bits (-16 to 64).
fn f64_int_code(f: f64) -> Option<u16> {
    int_code(f.to_bits() as i64)
}

/// A 64-bit operand written as a full 64-bit pattern of a float inline constant.
fn literal64_inline(v: u64) -> Option<u16> {
    let pos = [0.5f64, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0]
        .iter()
        .position(|c| c.to_bits() == v);
    match pos {
        Some(k) => Some(operand_code::FLOAT_HALF + k as u16),
        None if v == 0x3fc4_5f30_6dc9_c882 => Some(operand_code::INV_2PI),
        None => None,
    }
}

pub(super) fn literal_bits(v: Value, ty: Ty, pos: usize) -> Result<u32, Error> {
    match v {
        Value::Int(n) => convert_int(n, ty).map_err(|m| Error::new(pos, m)),
        Value::Float(f) => convert_float(f, ty).map_err(|m| Error::new(pos, m)),
        Value::Sym(..) => err(pos, "expected an absolute expression"),
    }
}

pub(super) fn share_literal(
    lit: &mut Option<(u32, usize)>,
    v: u32,
    pos: usize,
) -> Result<(), Error> {
    match lit {
        Some((old, _)) if *old != v => err(pos, "only one unique literal operand is allowed"),
        _ => {
            *lit = Some((v, pos));
            Ok(())
        }
    }
}
