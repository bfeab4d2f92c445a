//! Text of one R600 instruction: LLVM's R600 printer's text for what it shows, then
//! `KEY:value` for every other field that is not at its default (so the text is
//! lossless). Addresses print as `@L<n>` when a label marks them, else `@<n>`.

use super::inst::{alu, cf, cfalu, exp, fetch, Fmt, Inst};
use super::tables::{tables, CfSyntax};
use super::Chip;
use std::fmt::{self, Write};

/// Channel letters.
pub const CHAN: [char; 4] = ['X', 'Y', 'Z', 'W'];
/// Swizzle select letters (6 is reserved).
pub const SWZ: [char; 8] = ['X', 'Y', 'Z', 'W', '0', '1', '?', '_'];
/// BANK_SWIZZLE names.
pub const BANK_SWIZZLE: [&str; 6] = [
    "VEC_012/SCL_210",
    "VEC_021/SCL_122",
    "VEC_120/SCL_212",
    "VEC_102/SCL_221",
    "VEC_201",
    "VEC_210",
];
/// The inline constants, sel 248-252.
pub const INLINE: [&str; 5] = ["0.0", "1.0", "1", "-1", "0.5"];

/// How an address field prints.
pub trait Labels {
    /// Whether address `a` (in 64-bit units) has a label.
    fn has(&self, a: u32) -> bool;
}
impl Labels for () {
    fn has(&self, _: u32) -> bool {
        false
    }
}

fn addr(out: &mut dyn Write, labels: &dyn Labels, a: u32) -> fmt::Result {
    if labels.has(a) {
        write!(out, "@L{a}")
    } else {
        write!(out, "@{a}")
    }
}

/// Writes `inst`'s text. `shown` marks the fields the syntax already wrote; the rest
/// print as annotations.
pub fn write(out: &mut dyn Write, chip: Chip, i: &Inst, labels: &dyn Labels) -> fmt::Result {
    let mut shown = 0u64;
    match i.fmt {
        Fmt::Cf | Fmt::CfAlu | Fmt::ExpSwiz | Fmt::ExpBuf => cf_text(out, i, labels, &mut shown)?,
        Fmt::Op2R600 | Fmt::Op2R700 | Fmt::Op3 => alu_text(out, chip, i, &mut shown)?,
        Fmt::Tex | Fmt::Vtx | Fmt::VtxSem => fetch_text(out, i, &mut shown)?,
    }
    for (k, f) in i.fmt.fields().iter().enumerate() {
        if shown >> k & 1 == 0 && i.v[k] != f.default {
            write!(out, " {}:{}", f.key, i.v[k])?;
        }
    }
    Ok(())
}

fn cf_text(out: &mut dyn Write, i: &Inst, labels: &dyn Labels, shown: &mut u64) -> fmt::Result {
    let t = tables();
    let Some(row) = i.cf_row() else {
        return out.write_str("?");
    };
    let op = t.cf[row];
    match i.fmt {
        Fmt::Cf => {
            let v = &i.v;
            let zero = (0..v.len()).all(|k| k == cf::BARRIER || k == cf::EOP || v[k] == 0);
            if zero && v[cf::EOP] == 0 && v[cf::BARRIER] == 0 {
                *shown = u64::MAX;
                return out.write_str("PAD");
            }
            if zero && v[cf::EOP] == 1 && v[cf::BARRIER] == 1 {
                *shown = u64::MAX;
                return out.write_str("CF_END");
            }
            *shown |= 1 << cf::INST;
            out.write_str(op.name)?;
            match op.syntax {
                CfSyntax::Clause => {
                    write!(out, " {} ", v[cf::COUNT] | v[cf::COUNT_3] << 3)?;
                    addr(out, labels, v[cf::ADDR])?;
                    *shown |= 1 << cf::COUNT | 1 << cf::COUNT_3 | 1 << cf::ADDR;
                }
                CfSyntax::Addr => {
                    out.write_char(' ')?;
                    addr(out, labels, v[cf::ADDR])?;
                    *shown |= 1 << cf::ADDR;
                }
                _ => {}
            }
        }
        Fmt::CfAlu => {
            let v = &i.v;
            write!(out, "{} {}, ", op.name, v[cfalu::COUNT])?;
            addr(out, labels, v[cfalu::ADDR])?;
            for (n, (b, m, a)) in [
                (cfalu::KB0, cfalu::KM0, cfalu::KA0),
                (cfalu::KB1, cfalu::KM1, cfalu::KA1),
            ]
            .into_iter()
            .enumerate()
            {
                write!(out, ", KC{n}[")?;
                let (bank, mode, line) = (v[b], v[m], v[a]);
                if bank != 0 || mode != 0 || line != 0 {
                    let s = line * 16;
                    let e = s + [0, 16, 32, 32][mode as usize];
                    write!(out, "CB{bank}:{s}-{e}")?;
                    if mode == 3 {
                        out.write_str("+AL")?;
                    }
                }
                out.write_char(']')?;
                *shown |= 1 << b | 1 << m | 1 << a;
            }
            *shown |= 1 << cfalu::INST | 1 << cfalu::COUNT | 1 << cfalu::ADDR;
        }
        _ => {
            write!(out, "{} T{}", op.name, i.v[exp::GPR])?;
            *shown |= 1 << exp::INST | 1 << exp::GPR;
            if i.fmt == Fmt::ExpSwiz {
                out.write_char('.')?;
                for k in 0..4 {
                    out.write_char(SWZ[i.v[exp::SEL + k] as usize & 7])?;
                    *shown |= 1 << (exp::SEL + k);
                }
            }
        }
    }
    Ok(())
}

fn gpr(out: &mut dyn Write, n: u32, rel: bool, elem: u32) -> fmt::Result {
    if rel {
        write!(out, "T({n} + AR.x).{}+", CHAN[elem as usize & 3])
    } else {
        write!(out, "T{n}.{}", CHAN[elem as usize & 3])
    }
}

/// Writes one ALU source.
fn src(out: &mut dyn Write, sel: u32, rel: bool, elem: u32, neg: bool, abs: bool) -> fmt::Result {
    let e = CHAN[elem as usize & 3];
    if neg {
        out.write_char('-')?;
    }
    if abs {
        out.write_char('|')?;
    }
    match sel {
        0..=127 => gpr(out, sel, rel, elem)?,
        _ => {
            match sel {
                128..=159 => write!(out, "KC0[{}].{e}", sel - 128)?,
                160..=191 => write!(out, "KC1[{}].{e}", sel - 160)?,
                248..=252 => {
                    let s = INLINE[sel as usize - 248];
                    if neg && !abs && (sel == 250 || sel == 251) {
                        write!(out, "({s})")?;
                    } else {
                        out.write_str(s)?;
                    }
                    if elem != 0 {
                        write!(out, ".{e}")?;
                    }
                }
                253 => write!(out, "literal.{}", e.to_ascii_lowercase())?,
                254 => write!(out, "PV.{e}")?,
                255 => {
                    out.write_str("PS")?;
                    if elem != 0 {
                        write!(out, ".{e}")?;
                    }
                }
                _ => write!(out, "C{}.{e}", sel.wrapping_sub(256))?,
            }
            if rel {
                out.write_char('+')?;
            }
        }
    }
    if abs {
        out.write_char('|')?;
    }
    Ok(())
}

fn alu_text(out: &mut dyn Write, chip: Chip, i: &Inst, shown: &mut u64) -> fmt::Result {
    let t = tables();
    let v = &i.v;
    let Some(row) = i.alu_row(chip) else {
        return out.write_str("?");
    };
    let op = t.alu[row];
    let op3 = i.fmt == Fmt::Op3;
    out.write_str(op.name)?;
    out.write_str(if v[alu::LAST] != 0 { " * " } else { "   " })?;
    for k in [
        alu::INST,
        alu::LAST,
        alu::DST_GPR,
        alu::DST_REL,
        alu::DST_ELEM,
        alu::PRED_SEL,
        alu::BS,
    ] {
        *shown |= 1 << k;
    }
    let plain_dst = v[alu::DST_GPR] == 0 && v[alu::DST_REL] == 0 && v[alu::DST_ELEM] == 0;
    if !op3 && plain_dst && v[alu::WM] == 0 && (v[alu::UP] ^ v[alu::UEM]) == 1 {
        out.write_str(if v[alu::UP] != 0 {
            "Pred,PredicateBit (MASKED)"
        } else {
            "ExecMask,PredicateBit (MASKED)"
        })?;
        *shown |= 1 << alu::UP | 1 << alu::UEM | 1 << alu::WM;
    } else {
        gpr(out, v[alu::DST_GPR], v[alu::DST_REL] != 0, v[alu::DST_ELEM])?;
        if !op3 {
            if v[alu::WM] == 0 {
                out.write_str(" (MASKED)")?;
            }
            *shown |= 1 << alu::WM;
        }
    }
    // Sources: as many as the opcode reads, and any further one that is not all zero.
    let n = if op3 { 3 } else { 2 };
    let nonzero = |s: usize| {
        v[alu::SRC_SEL[s]] != 0
            || v[alu::SRC_REL[s]] != 0
            || v[alu::SRC_ELEM[s]] != 0
            || v[alu::SRC_NEG[s]] != 0
            || (!op3 && v[alu::SRC_ABS[s]] != 0)
    };
    let count = (0..n)
        .rev()
        .find(|&s| nonzero(s))
        .map_or(0, |s| s + 1)
        .max(op.nsrc as usize)
        .min(n);
    for s in 0..count {
        out.write_str(", ")?;
        let abs = !op3 && v[alu::SRC_ABS[s]] != 0;
        src(
            out,
            v[alu::SRC_SEL[s]],
            v[alu::SRC_REL[s]] != 0,
            v[alu::SRC_ELEM[s]],
            v[alu::SRC_NEG[s]] != 0,
            abs,
        )?;
    }
    for s in 0..n {
        *shown |= 1 << alu::SRC_SEL[s] | 1 << alu::SRC_REL[s] | 1 << alu::SRC_ELEM[s];
        *shown |= 1 << alu::SRC_NEG[s];
        if !op3 && s < 2 {
            *shown |= 1 << alu::SRC_ABS[s];
        }
    }
    match v[alu::PRED_SEL] {
        2 => out.write_str(", Pred_sel_zero")?,
        3 => out.write_str(", Pred_sel_one")?,
        _ => {}
    }
    if v[alu::BS] != 0 {
        write!(out, ", BS:{}", BANK_SWIZZLE[v[alu::BS] as usize % 6])?;
    }
    Ok(())
}

fn sels(out: &mut dyn Write, i: &Inst, first: usize, shown: &mut u64) -> fmt::Result {
    out.write_char('.')?;
    for k in first..first + 4 {
        out.write_char(SWZ[i.v[k] as usize & 7])?;
        *shown |= 1 << k;
    }
    Ok(())
}

fn fetch_text(out: &mut dyn Write, i: &Inst, shown: &mut u64) -> fmt::Result {
    let t = tables();
    let Some(row) = i.fetch_row() else {
        return out.write_str("?");
    };
    let v = &i.v;
    out.write_str(t.fetch[row].name)?;
    *shown |= 1 << fetch::INST | 1 << fetch::DST_GPR | 1 << fetch::SRC_GPR;
    if i.fmt == Fmt::VtxSem {
        write!(out, " SEM{}", v[fetch::DST_GPR])?;
    } else {
        write!(out, " T{}", v[fetch::DST_GPR])?;
    }
    sels(out, i, fetch::DST_SEL, shown)?;
    write!(out, ", T{}", v[fetch::SRC_GPR])?;
    if i.fmt == Fmt::Tex {
        sels(out, i, fetch::SRC_SEL, shown)?;
        write!(out, " RID:{} SID:{} CT:", v[fetch::RID], v[fetch::SID])?;
        for k in 0..4 {
            out.write_char(if v[fetch::CT + k] != 0 { 'N' } else { 'U' })?;
            *shown |= 1 << (fetch::CT + k);
        }
        *shown |= 1 << fetch::RID | 1 << fetch::SID;
    } else {
        write!(
            out,
            ".{}, {}",
            CHAN[v[fetch::SRC_SEL] as usize & 3],
            v[fetch::OFFSET]
        )?;
        *shown |= 1 << fetch::SRC_SEL | 1 << fetch::OFFSET;
    }
    Ok(())
}

/// An instruction with its chip, printable (addresses as numbers).
pub struct Display<'a> {
    chip: Chip,
    inst: &'a Inst,
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(f, self.chip, self.inst, &())
    }
}

impl Inst {
    /// The instruction's text (`MOV * T0.X, T1.Y`), addresses as numbers.
    pub fn display(&self, chip: Chip) -> Display<'_> {
        Display { chip, inst: self }
    }
}
