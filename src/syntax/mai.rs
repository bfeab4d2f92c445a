//! Syntax of the matrix instructions (VOP3P-MAI): `cbsz:N abid:N blgp:N`, or for the
//! f64 MFMAs on gfx940 `neg:[a,b,c]` in place of blgp.

use super::operands::Modifier;
use crate::codec::vop3p::{ABID, BLGP, CBSZ};
use crate::inst::Inst;
use crate::isa::flags;
use crate::target::{Gen, Target};
use std::fmt::{self, Write};

/// Whether BLGP is written as `neg:[..]`: the f64 MFMAs on gfx940.
fn blgp_is_neg(gen: Gen, i: &Inst) -> bool {
    gen == Gen::Gfx940 && i.desc().name.starts_with("v_mfma_f64")
}

pub fn write_mods(out: &mut dyn Write, gen: Gen, i: &Inst) -> fmt::Result {
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

/// llvm-mc takes the MFMA modifiers in the order cbsz, abid, then blgp or neg, each
/// once; `last` is the rank of the previous one.
pub fn check_order(m: Modifier, last: &mut Option<u8>) -> Result<(), &'static str> {
    let rank = match m {
        Modifier::Value("cbsz", _) => 0,
        Modifier::Value("abid", _) => 1,
        Modifier::Value("blgp" | "neg", _) => 2,
        // (Others, such as `a16` read where a register is due, are not ordered here.)
        _ => return Ok(()),
    };
    match *last {
        Some(2) if rank == 2 => Err("invalid operand for instruction"),
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
    let (mask, lo, max, msg) = match m {
        Modifier::Value("cbsz", _) => (CBSZ, 8, 7, "invalid cbsz value."),
        Modifier::Value("abid", _) => (ABID, 11, 15, "invalid abid value."),
        Modifier::Value("blgp", _) if neg => return Err("invalid modifier: blgp is not supported"),
        Modifier::Value("neg", _) if !neg => return Err("invalid modifier: neg is not supported"),
        Modifier::Value("blgp" | "neg", _) if smfmac => return Err("not a valid operand."),
        Modifier::Value("blgp", _) => (BLGP, 61, 7, "invalid blgp value."),
        Modifier::Value("neg", _) => (BLGP, 61, 7, "invalid neg value."),
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
