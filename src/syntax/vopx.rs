//! DPP and SDWA syntax: DPP controls, masks and bound_ctrl; SDWA selects, dst_unused,
//! sext, clamp and output modifiers.

use super::error::{err, Error};
use super::operands::{Items, Kind, Modifier, Word};
use crate::codec::vopx::*;
use crate::inst::{Enc, Inst};
use crate::isa::{flags, Fmt};
use crate::operand_code::{write_dec, write_hex};
use std::fmt::{self, Write};

pub const SEL: [&str; 7] = [
    "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
];
pub const UNUSED: [&str; 3] = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"];

/// Whether SDWA source `k` has sext.
pub fn sext(i: &Inst, k: usize) -> bool {
    i.fields & if k == 0 { SRC0_SEXT } else { SRC1_SEXT } != 0
}

pub fn write_mods<W: Write + ?Sized>(out: &mut W, i: &Inst) -> fmt::Result {
    let f = i.fields;
    if i.enc == Enc::Dpp {
        let c = ((f & DPP_CTRL) >> 40) as u32;
        // (Written a piece at a time: no formatting machinery per word.)
        let digit = |v: u32| ["0", "1", "2", "3"][(v & 3) as usize];
        match c {
            0..=0xff => {
                out.write_str(" quad_perm:[")?;
                for k in 0..4 {
                    if k > 0 {
                        out.write_str(",")?;
                    }
                    out.write_str(digit(c >> (2 * k)))?;
                }
                out.write_str("]")?
            }
            0x101..=0x10f => {
                out.write_str(" row_shl:")?;
                write_dec(out, c & 15)?
            }
            0x111..=0x11f => {
                out.write_str(" row_shr:")?;
                write_dec(out, c & 15)?
            }
            0x121..=0x12f => {
                out.write_str(" row_ror:")?;
                write_dec(out, c & 15)?
            }
            0x130 => out.write_str(" wave_shl:1")?,
            0x134 => out.write_str(" wave_rol:1")?,
            0x138 => out.write_str(" wave_shr:1")?,
            0x13c => out.write_str(" wave_ror:1")?,
            0x140 => out.write_str(" row_mirror")?,
            0x141 => out.write_str(" row_half_mirror")?,
            0x142 => out.write_str(" row_bcast:15")?,
            0x143 => out.write_str(" row_bcast:31")?,
            _ => {
                out.write_str(" row_newbcast:")?;
                write_dec(out, c & 15)?
            }
        }
        out.write_str(" row_mask:")?;
        write_hex(out, ((f & ROW_MASK) >> 60) as u32)?;
        out.write_str(" bank_mask:")?;
        write_hex(out, ((f & BANK_MASK) >> 56) as u32)?;
        if f & BOUND_CTRL != 0 {
            out.write_str(" bound_ctrl:1")?;
        }
        return Ok(());
    }
    // (v_nop_sdwa has no modifiers.)
    if i.desc().sig().is_empty() {
        return Ok(());
    }
    let fmt = i.desc().fmt;
    let m = i.mods;
    if m.clamp {
        out.write_str(" clamp")?;
    }
    match m.omod {
        1 => out.write_str(" mul:2")?,
        2 => out.write_str(" mul:4")?,
        3 => out.write_str(" div:2")?,
        _ => {}
    }
    let sel = |v: u64| SEL.get(v as usize).copied().unwrap_or("?");
    if fmt != Fmt::Vopc && !i.desc().has(flags::SDWA_SRC0) {
        out.write_str(" dst_sel:")?;
        out.write_str(sel((f & DST_SEL) >> 40))?;
        out.write_str(" dst_unused:")?;
        out.write_str(
            UNUSED
                .get(((f & DST_UNUSED) >> 43) as usize)
                .copied()
                .unwrap_or("?"),
        )?;
    }
    out.write_str(" src0_sel:")?;
    out.write_str(sel((f & SRC0_SEL) >> 48))?;
    if fmt != Fmt::Vop1 {
        out.write_str(" src1_sel:")?;
        out.write_str(sel((f & SRC1_SEL) >> 56))?;
    }
    Ok(())
}

/// llvm-mc's order of the DPP modifiers: the control (quad_perm, row_*, wave_*) first
/// and required, then row_mask, bank_mask and bound_ctrl, each once and in that order.
/// llvm-mc reads the modifier at place k (0 for the first) only if it can still come
/// there: the control at 0, the others at or before their own rank (row_mask 1,
/// bank_mask 2, bound_ctrl 3). A `name:value` it cannot read is "not a valid operand.",
/// a bound_ctrl it reads that is neither 0 nor 1 "invalid bound_ctrl value.";
/// one read out of order, a bare control word it reads as a symbol, or a modifier DPP
/// does not take (clamp, omod) fails the match.
pub fn check_dpp_order(items: &Items, mpos: usize) -> Result<(), Error> {
    let mods = || {
        items.iter().filter_map(|it| match it.kind {
            Kind::Mod(m) => Some((it.start, m)),
            _ => None,
        })
    };
    // Reading.
    for (k, (start, m)) in mods().enumerate() {
        let readable = match dpp_rank(m) {
            Some(0) => k == 0,
            Some(r) => k >= 1 && r as usize >= k,
            None => true,
        };
        if !readable && m.has_value() {
            return err(start, "not a valid operand.");
        }
        if let Modifier::Value(Word::BoundCtrl, v) = m {
            if !(0..=1).contains(&v) {
                return err(start, "invalid bound_ctrl value.");
            }
        }
    }
    // Matching.
    let mut last = None;
    for (k, (start, m)) in mods().enumerate() {
        let Some(r) = dpp_rank(m) else {
            return err(start, "invalid operand for instruction");
        };
        if (r == 0 && k > 0) || last.is_some_and(|l| r <= l) {
            return err(start, "invalid operand for instruction");
        }
        last = Some(r);
    }
    if mods().all(|(_, m)| dpp_rank(m) != Some(0)) {
        return err(mpos, "too few operands for instruction");
    }
    Ok(())
}

/// The place of a DPP modifier in llvm-mc's order: 0 for the control (quad_perm,
/// row_*, wave_*), then row_mask 1, bank_mask 2, bound_ctrl 3.
pub fn dpp_rank(m: Modifier) -> Option<u8> {
    match m {
        Modifier::Value(Word::RowMask, _) => Some(1),
        Modifier::Value(Word::BankMask, _) => Some(2),
        Modifier::Value(Word::BoundCtrl, _) => Some(3),
        Modifier::Value(n, _) | Modifier::Flag(n)
            if n == Word::QuadPerm
                || n.name().starts_with("row_")
                || n.name().starts_with("wave_") =>
        {
            Some(0)
        }
        _ => None,
    }
}

/// The place of an SDWA select in llvm-mc's order (dst_sel, dst_unused, src0_sel,
/// src1_sel).
pub fn sel_rank(m: Modifier) -> Option<u8> {
    match m {
        Modifier::Value(Word::DstSel, _) => Some(0),
        Modifier::Value(Word::DstUnused, _) => Some(1),
        Modifier::Value(Word::Src0Sel, _) => Some(2),
        Modifier::Value(Word::Src1Sel, _) => Some(3),
        _ => None,
    }
}

/// The default fields of an instruction written without any DPP/SDWA modifiers.
pub fn defaults(i: &mut Inst) {
    if i.enc == Enc::Dpp {
        i.fields = ROW_MASK | BANK_MASK | 0xe4 << 40; // quad_perm:[0,1,2,3]
    } else if i.desc().sig().is_empty() {
        // v_nop_sdwa: the second dword is all zero.
        i.fields = 0;
    } else {
        i.fields = 6 << 48 | 6 << 56;
        if i.desc().has(flags::SDWA_SRC0) {
            i.fields |= 6 << 40;
        } else if i.desc().fmt != Fmt::Vopc {
            i.fields |= 6 << 40 | 2 << 43;
        }
        if i.desc().fmt == Fmt::Vop1 {
            i.fields &= !SRC1_SEL;
        }
    }
}

/// Applies a DPP or SDWA modifier; the error is llvm-mc's message.
pub fn apply_mod(
    gen: crate::target::Gen,
    i: &mut Inst,
    m: Modifier,
    pos: usize,
) -> Result<(), Error> {
    let set =
        |i: &mut Inst, mask: u64, lo: u32, v: u64| i.fields = (i.fields & !mask) | (v << lo & mask);
    let fmt = i.desc().fmt;
    match (i.enc, m) {
        (Enc::Dpp, Modifier::Value(Word::QuadPerm, v)) => set(i, DPP_CTRL, 40, v as u64),
        (Enc::Dpp, Modifier::Value(w @ (Word::RowShl | Word::RowShr | Word::RowRor), v)) => {
            if !(1..=15).contains(&v) {
                return err(pos, "invalid row_shl value");
            }
            let base = match w {
                Word::RowShl => 0x100,
                Word::RowShr => 0x110,
                _ => 0x120,
            };
            set(i, DPP_CTRL, 40, base | v as u64)
        }
        (
            Enc::Dpp,
            Modifier::Value(w @ (Word::WaveShl | Word::WaveRol | Word::WaveShr | Word::WaveRor), 1),
        ) => {
            let c = match w {
                Word::WaveShl => 0x130,
                Word::WaveRol => 0x134,
                Word::WaveShr => 0x138,
                _ => 0x13c,
            };
            set(i, DPP_CTRL, 40, c)
        }
        (Enc::Dpp, Modifier::Flag(Word::RowMirror)) => set(i, DPP_CTRL, 40, 0x140),
        (Enc::Dpp, Modifier::Flag(Word::RowHalfMirror)) => set(i, DPP_CTRL, 40, 0x141),
        (Enc::Dpp, Modifier::Value(Word::RowBcast, 15)) => set(i, DPP_CTRL, 40, 0x142),
        (Enc::Dpp, Modifier::Value(Word::RowBcast, 31)) => set(i, DPP_CTRL, 40, 0x143),
        (Enc::Dpp, Modifier::Value(Word::RowNewbcast, v)) => {
            if !(0..=15).contains(&v) {
                return err(pos, "invalid row_newbcast value");
            }
            set(i, DPP_CTRL, 40, 0x150 | v as u64)
        }
        (Enc::Dpp, Modifier::Value(Word::RowMask, v)) if (0..=15).contains(&v) => {
            set(i, ROW_MASK, 60, v as u64)
        }
        (Enc::Dpp, Modifier::Value(Word::BankMask, v)) if (0..=15).contains(&v) => {
            set(i, BANK_MASK, 56, v as u64)
        }
        // llvm-mc sets BOUND_CTRL for bound_ctrl:0 as well as bound_ctrl:1.
        (Enc::Dpp, Modifier::Value(Word::BoundCtrl, 0 | 1)) => i.fields |= BOUND_CTRL,
        (Enc::Sdwa, Modifier::Clamp) => i.mods.clamp = true,
        (Enc::Sdwa, Modifier::Omod(_)) if gen == crate::target::Gen::Gfx8 => {
            return Err(Error::not_for_gpu(pos))
        }
        (Enc::Sdwa, Modifier::Omod(v)) if fmt != Fmt::Vopc => i.mods.omod = v,
        (Enc::Sdwa, Modifier::Value(Word::DstSel | Word::DstUnused, _))
            if i.desc().has(flags::SDWA_SRC0) =>
        {
            return err(pos, "not a valid operand.")
        }
        (Enc::Sdwa, Modifier::Value(Word::DstSel, v)) if fmt != Fmt::Vopc => {
            set(i, DST_SEL, 40, v as u64)
        }
        (Enc::Sdwa, Modifier::Value(Word::DstUnused, v)) if fmt != Fmt::Vopc => {
            set(i, DST_UNUSED, 43, v as u64)
        }
        (Enc::Sdwa, Modifier::Value(Word::Src0Sel, v)) => set(i, SRC0_SEL, 48, v as u64),
        (Enc::Sdwa, Modifier::Value(Word::Src1Sel, v)) if fmt != Fmt::Vop1 => {
            set(i, SRC1_SEL, 56, v as u64)
        }
        _ => return err(pos, "invalid operand for instruction"),
    }
    Ok(())
}
