//! Syntax of the matrix instructions (VOP3P-MAI): `cbsz:N abid:N blgp:N`, or for the
//! f64 MFMAs on gfx940 `neg:[a,b,c]` in place of blgp.

use super::error::Error;
use super::operands::{Items, Kind, Modifier, Word};
use crate::codec::vop3p::{ABID, BLGP, CBSZ};
use crate::inst::fields::mai::slot_ty;
use crate::inst::Inst;
use crate::isa::{flags, Role, Ty};
use crate::target::{Gen, Target};
use std::fmt::{self, Write};

/// Whether BLGP is written as `neg:[..]`: the f64 MFMAs on gfx940.
fn blgp_is_neg(gen: Gen, i: &Inst) -> bool {
    gen == Gen::Gfx940 && i.desc().name().starts_with("v_mfma_f64")
}

/// A scaled MFMA's two scale VGPRs, after its other operands.
pub fn write_scales(out: &mut dyn Write, gen: Gen, i: &Inst) -> fmt::Result {
    for c in [i.imm as u16, (i.imm >> 16) as u16] {
        out.write_str(", ")?;
        crate::operand_code::write_reg(out, gen, c, 1)?;
    }
    Ok(())
}

/// A scaled MFMA's `op_sel` (when its bits are not 0) and `op_sel_hi` (always). The
/// third entries are bits 13 and 14 of the prefix, which llvm-mc prints as 0 whatever
/// they hold (it neither reads nor writes them); we print them, so that the text
/// keeps them (tests/accepted-differences.txt).
fn write_scale_opsel(out: &mut dyn Write, i: &Inst) -> fmt::Result {
    let bit = |v: u8, k: u8| v >> k & 1;
    let (o, h) = (i.mods.op_sel, i.mods.op_sel_hi);
    if o & 7 != 0 {
        write!(out, " op_sel:[{},{},{}]", bit(o, 0), bit(o, 1), bit(o, 2))?;
    }
    write!(
        out,
        " op_sel_hi:[{},{},{}]",
        bit(h, 0),
        bit(h, 1),
        bit(h, 2)
    )
}

pub fn write_mods(out: &mut dyn Write, gen: Gen, i: &Inst) -> fmt::Result {
    if i.desc().has(flags::SCALE) {
        write_scale_opsel(out, i)?;
    }
    let f = i.fields;
    let (cbsz, abid, blgp) = ((f & CBSZ) >> 8, (f & ABID) >> 11, (f & BLGP) >> 61);
    if cbsz != 0 {
        write!(out, " cbsz:{cbsz}")?;
    }
    if abid != 0 {
        write!(out, " abid:{abid}")?;
    }
    if blgp != 0 {
        if blgp_is_neg(gen, i) {
            write!(
                out,
                " neg:[{},{},{}]",
                blgp & 1,
                blgp >> 1 & 1,
                blgp >> 2 & 1
            )?;
        } else {
            write!(out, " blgp:{blgp}")?;
        }
    }
    Ok(())
}

/// llvm-mc takes the MFMA modifiers in the order (a scaled MFMA's op_sel, op_sel_hi,)
/// cbsz, abid, then blgp or neg, each once; `last` is the rank of the previous one.
pub fn check_order(m: Modifier, scale: bool, last: &mut Option<u8>) -> Result<(), &'static str> {
    let rank = match m {
        Modifier::OpSel(..) if scale => 0,
        Modifier::OpSelHi(..) if scale => 1,
        Modifier::Value(Word::Cbsz, _) => 2,
        Modifier::Value(Word::Abid, _) => 3,
        Modifier::Value(Word::Blgp | Word::Neg, _) => 4,
        // (Others, such as `a16` read where a register is due, are not ordered here.)
        _ => return Ok(()),
    };
    match *last {
        // (A second blgp, or a scaled MFMA's second op_sel_hi, is llvm-mc's match error.)
        Some(l) if rank == l && matches!(rank, 1 | 4) => Err("invalid operand for instruction"),
        Some(l) if rank <= l => Err("not a valid operand."),
        _ => {
            *last = Some(rank);
            Ok(())
        }
    }
}

/// Applies `cbsz:`, `abid:`, `blgp:` or `neg:[..]`; the error is llvm-mc's message.
pub fn apply_mod(target: Target, i: &mut Inst, m: Modifier) -> Result<(), &'static str> {
    let neg = blgp_is_neg(target.gen, i);
    let smfmac = i.desc().has(flags::SMFMAC);
    let f8f6f4 = i.desc().sig().iter().any(|s| s.ty == Ty::F8f6f4);
    // A scaled MFMA's op_sel/op_sel_hi: the scales' two bits and a third (bits 13 and
    // 14 of the prefix), which compilers set and llvm-mc neither prints nor encodes:
    // we keep it, so that the text of any pair assembles back to its bytes.
    match m {
        Modifier::OpSel(b, _) if i.desc().has(flags::SCALE) => {
            i.mods.op_sel = b & 7;
            return Ok(());
        }
        Modifier::OpSelHi(b, _) if i.desc().has(flags::SCALE) => {
            i.mods.op_sel_hi = b & 7;
            return Ok(());
        }
        _ => {}
    }
    let (mask, lo, max, msg) = match m {
        Modifier::Value(Word::Cbsz, _) => (CBSZ, 8, 7, "invalid cbsz value."),
        Modifier::Value(Word::Abid, _) if f8f6f4 => return Err("not a valid operand."),
        Modifier::Value(Word::Abid, _) => (ABID, 11, 15, "invalid abid value."),
        Modifier::Value(Word::Blgp, _) if neg => {
            return Err("invalid modifier: blgp is not supported")
        }
        Modifier::Value(Word::Neg, _) if !neg => {
            return Err("invalid modifier: neg is not supported")
        }
        Modifier::Value(Word::Blgp | Word::Neg, _) if smfmac => return Err("not a valid operand."),
        Modifier::Value(Word::Blgp, _) => (BLGP, 61, 7, "invalid blgp value."),
        Modifier::Value(Word::Neg, _) => (BLGP, 61, 7, "invalid neg value."),
        _ => return Err("invalid operand for instruction"),
    };
    let Modifier::Value(_, v) = m else {
        return Err("invalid operand for instruction");
    };
    if !(0..=max).contains(&v) {
        return Err(msg);
    }
    i.fields = (i.fields & !mask) | (v as u64) << lo;
    Ok(())
}

/// A scaled MFMA's operands: `items` without its fifth and sixth operands, which are
/// the scale VGPRs, read into `imm` (src0's code low, src1's high). The errors are
/// llvm-mc's: too few operands at the mnemonic, a scale not a VGPR at the scale.
pub fn split_scales<'a>(items: &Items<'a>, mpos: usize) -> Result<(Items<'a>, u32), Error> {
    let mut rest = Items::new();
    let (mut k, mut imm) = (0, 0u32);
    for it in items.iter() {
        if matches!(it.kind, Kind::Mod(_)) {
            rest.push_item(*it);
            continue;
        }
        k += 1;
        if !matches!(k, 5 | 6) {
            rest.push_item(*it);
            continue;
        }
        match it.kind {
            Kind::Reg { code, dwords: 1 }
                if crate::operand_code::is_vgpr(code) && !(it.neg || it.abs || it.sext) =>
            {
                imm |= u32::from(code) << if k == 5 { 0 } else { 16 };
            }
            _ => return Err(Error::new(it.pos, "invalid operand for instruction")),
        }
    }
    if k < 6 && items.fail.is_none() {
        return Err(Error::new(mpos, "too few operands for instruction"));
    }
    rest.fail = items.fail.clone();
    Ok((rest, imm))
}

/// gfx950's f8f6f4 MFMAs: each source tuple is as wide as its format (`cbsz` for
/// src0, `blgp` for src1) says, checked once the modifiers are read; the error is
/// llvm-mc's, at the operand.
pub fn check_f8f6f4_widths(i: &Inst, items: &Items) -> Result<(), Error> {
    let operands = items.iter().filter(|it| !matches!(it.kind, Kind::Mod(_)));
    for (s, it) in i.desc().sig().iter().zip(operands) {
        let Kind::Reg { dwords, .. } = it.kind else {
            continue;
        };
        if s.ty != Ty::F8f6f4 || dwords == slot_ty(i.fields, s).dwords() {
            continue;
        }
        let (name, v) = match s.role {
            Role::Src0 => ("cbsz", (i.fields & CBSZ) >> 8),
            _ => ("blgp", (i.fields & BLGP) >> 61),
        };
        let msg = format!("wrong register tuple size for {name} value {v}");
        return Err(Error::new(it.pos, msg));
    }
    Ok(())
}

/// An MFMA whose result is wider than four dwords takes as its accumulator (src2)
/// the destination's registers or others, never a part of them: the result is
/// undefined. llvm-mc refuses such text; its disassembler prints such words, and so
/// that their text assembles back we take it, with this warning.
pub fn src2_overlap_warning(i: &Inst) -> Option<&'static str> {
    let d = i.desc();
    if !d.has(flags::MAI) || d.has(flags::SMFMAC) {
        return None;
    }
    let n = d
        .sig()
        .iter()
        .find(|s| s.role == Role::Vd)
        .map_or(0, |s| s.ty.dwords()) as u16;
    let (dst, src2) = (i.dst, i.src[2]);
    let register = crate::operand_code::is_vgpr(src2) || crate::operand_code::is_agpr(src2);
    let partial = src2 != dst && src2 < dst + n && dst < src2 + n;
    (n > 4 && register && partial)
        .then_some("source 2 operand partially overlaps with dst: the result is undefined")
}

#[cfg(test)]
mod tests {
    use crate::{assemble, Target};

    /// llvm-mc refuses an accumulator that partly overlaps a wide result, yet its
    /// disassembler prints such words: we take the text, with a warning, so that the
    /// words' text assembles back; a whole overlap or none is no warning.
    #[test]
    fn partial_accumulator_overlap_assembles_with_a_warning() {
        let t = Target::from_name("gfx90a").unwrap();
        let a = assemble(
            t,
            "v_mfma_f32_32x32x8f16 v[0:15], v[4:5], v[8:9], v[2:17]\n",
        );
        assert!(a.diags.is_empty());
        assert_eq!(a.warnings.len(), 1);
        assert!(a.warnings[0].msg.contains("partially overlaps"));
        assert_eq!(a.bytes(t), [0x00, 0x00, 0xcc, 0xd3, 0x04, 0x11, 0x0a, 0x04]);
        for ok in ["v[0:15]", "v[16:31]", "a[0:15]"] {
            let line = format!("v_mfma_f32_32x32x8f16 v[0:15], v[4:5], v[8:9], {ok}\n");
            assert!(assemble(t, &line).warnings.is_empty(), "{ok}");
        }
        let small = "v_mfma_f32_16x16x16f16 v[0:3], v[4:5], v[8:9], v[2:5]\n";
        assert!(assemble(t, small).warnings.is_empty());
    }
}
