//! Syntax of the buffer (MUBUF, MTBUF) and flat (FLAT, GLOBAL, SCRATCH) formats: the
//! operand list that depends on modifiers (`lds` drops the destination, a returning
//! FLAT atomic gains one), `off`, the buffer format, and the modifiers in llvm-mc's
//! order.

use super::operands::{Modifier, Word};
use crate::codec::flat::{self, SADDR_OFF};
use crate::codec::mubuf;
use crate::inst::{Enc, Inst};
use crate::isa::{flags, Role, Slot, Ty};
use crate::target::{Gen, Target};
use std::fmt::{self, Write};

/// The cache-policy bits of a buffer or flat instruction, in llvm-mc's print order:
/// (name, bit) for GLC, SLC and the gfx90a+ third bit.
pub fn cache_bits(gen: Gen, enc: Enc) -> [(&'static str, u64); 3] {
    let flat = matches!(enc, Enc::Flat | Enc::Global | Enc::Scratch);
    let (glc, slc, sc1) = match (flat, enc) {
        (true, _) => (flat::GLC, flat::SLC, flat::SC1),
        (false, Enc::Mtbuf) => (mubuf::GLC, mubuf::MTBUF_SLC, mubuf::MTBUF_SC1),
        _ => (mubuf::GLC, mubuf::slc_bit(gen, enc), mubuf::SC1),
    };
    match gen {
        Gen::Gfx940 => [("sc0", glc), ("nt", slc), ("sc1", sc1)],
        Gen::Gfx90a => [("glc", glc), ("slc", slc), ("scc", sc1)],
        _ => [("glc", glc), ("slc", slc), ("", 0)],
    }
}

/// Writes a memory operand that is not a plain register: `off` forms and descriptors.
pub fn write_operand<W: Write>(out: &mut W, gen: Gen, i: &Inst, s: &Slot) -> Option<fmt::Result> {
    use crate::operand_code::{write_reg, write_src};
    Some(match s.role {
        Role::Vaddr => match crate::inst::access::vaddr_dwords(gen, i) {
            0 => out.write_str("off"),
            w => write_reg(out, gen, i.src[0], w),
        },
        Role::Saddr if i.src[2] == SADDR_OFF => out.write_str("off"),
        Role::Saddr => write_reg(out, gen, i.src[2], s.ty.dwords()),
        Role::Soffset => write_src(out, gen, i.src[2], Ty::B32, 0),
        Role::Srsrc => write_reg(out, gen, i.src[1], 4),
        Role::Vd | Role::Vdata if matches!(i.enc, Enc::Mubuf | Enc::Mtbuf) => {
            let tfe = (i.fields & mubuf::TFE != 0) as u8;
            write_reg(out, gen, i.dst, s.ty.dwords() + tfe)
        }
        _ => return None,
    })
}

const DFMT: [&str; 16] = [
    "INVALID",
    "8",
    "16",
    "8_8",
    "32",
    "16_16",
    "10_11_11",
    "11_11_10",
    "10_10_10_2",
    "2_10_10_10",
    "8_8_8_8",
    "32_32",
    "16_16_16_16",
    "32_32_32",
    "32_32_32_32",
    "RESERVED_15",
];
const NFMT: [&str; 8] = [
    "UNORM",
    "SNORM",
    "USCALED",
    "SSCALED",
    "UINT",
    "SINT",
    "RESERVED_6",
    "FLOAT",
];

/// The name of numeric format `k`: 6 is SNORM_OGL on gfx6/gfx7, reserved later.
fn nfmt_name(gen: Gen, k: u64) -> &'static str {
    match k {
        6 if gen.before_gfx8() => "SNORM_OGL",
        _ => NFMT[k as usize],
    }
}

/// The value of a `format:[...]` list (dfmt | nfmt << 4), the default parts filled in.
pub fn parse_format(gen: Gen, names: &[&str]) -> Result<i64, &'static str> {
    let (mut dfmt, mut nfmt) = (None, None);
    for n in names {
        if let Some(d) = n.strip_prefix("BUF_DATA_FORMAT_") {
            let v = DFMT
                .iter()
                .position(|x| *x == d)
                .ok_or("unsupported format")?;
            if dfmt.replace(v).is_some() {
                return Err("duplicate data format");
            }
        } else if let Some(f) = n.strip_prefix("BUF_NUM_FORMAT_") {
            let v = (0..8)
                .position(|k| nfmt_name(gen, k) == f)
                .ok_or("unsupported format")?;
            if nfmt.replace(v).is_some() {
                return Err("duplicate numeric format");
            }
        } else if n.starts_with("BUF_FMT_") {
            return Err("unified format is not supported on this GPU");
        } else {
            return Err("unsupported format");
        }
    }
    Ok((dfmt.unwrap_or(1) | nfmt.unwrap_or(0) << 4) as i64)
}

pub fn write_mods<W: Write>(out: &mut W, gen: Gen, i: &Inst) -> fmt::Result {
    let cache = cache_bits(gen, i.enc);
    let f = i.fields;
    let flat = matches!(i.enc, Enc::Flat | Enc::Global | Enc::Scratch);
    if i.enc == Enc::Mtbuf {
        let (dfmt, nfmt) = ((f >> 19) & 15, (f >> 23) & 7);
        match (dfmt != 1, nfmt != 0) {
            (true, true) => write!(
                out,
                " format:[BUF_DATA_FORMAT_{},BUF_NUM_FORMAT_{}]",
                DFMT[dfmt as usize],
                nfmt_name(gen, nfmt)
            )?,
            (true, false) => write!(out, " format:[BUF_DATA_FORMAT_{}]", DFMT[dfmt as usize])?,
            (false, true) => write!(out, " format:[BUF_NUM_FORMAT_{}]", nfmt_name(gen, nfmt))?,
            _ => {}
        }
    }
    if !flat {
        if f & mubuf::IDXEN != 0 {
            out.write_str(" idxen")?;
        }
        if f & mubuf::OFFEN != 0 {
            out.write_str(" offen")?;
        }
        if f & mubuf::ADDR64 != 0 && gen.before_gfx8() {
            out.write_str(" addr64")?;
        }
        let off = f & mubuf::OFFSET;
        if off != 0 {
            out.write_str(" offset:")?;
            crate::operand_code::write_signed(out, off as i32)?;
        }
        // buffer_store_lds_dword prints lds before the cache bits.
        let lds_first = i.desc().sig().iter().all(|s| s.role != Role::Vaddr) && i.enc == Enc::Mubuf;
        if lds_first && f & mubuf::LDS != 0 {
            out.write_str(" lds")?;
        }
        write_cache(out, f, &cache)?;
        if !lds_first && i.enc == Enc::Mubuf && f & mubuf::LDS != 0 {
            out.write_str(" lds")?;
        }
        if f & mubuf::TFE != 0 {
            out.write_str(" tfe")?;
        }
    } else {
        let raw = (f & flat::OFFSET) as i32;
        let off = if i.enc == Enc::Flat {
            raw
        } else {
            (raw << 19) >> 19
        };
        if off != 0 {
            out.write_str(" offset:")?;
            crate::operand_code::write_signed(out, off)?;
        }
        write_cache(out, f, &cache)?;
        if f & flat::LDS != 0 && gen != Gen::Gfx940 {
            out.write_str(" lds")?;
        }
    }
    Ok(())
}

fn write_cache<W: Write>(out: &mut W, f: u64, cache: &[(&str, u64); 3]) -> fmt::Result {
    for (name, bit) in cache {
        if f & bit != 0 {
            out.write_char(' ')?;
            out.write_str(name)?;
        }
    }
    Ok(())
}

/// A cache policy word (`glc`, `sc0`, `nt`, ... and their `no` forms): `None` for
/// any other modifier.
fn apply_cache_policy(
    target: Target,
    i: &mut Inst,
    m: Modifier,
) -> Option<Result<(), &'static str>> {
    let word = match m {
        Modifier::Glc => Some("glc"),
        Modifier::Flag(w) => Some(w.name()),
        _ => None,
    };
    let bits = cache_bits(target.gen, i.enc);
    if let Some((_, bit)) = bits.iter().find(|(n, _)| Some(*n) == word && !n.is_empty()) {
        i.fields |= *bit;
        return Some(Ok(()));
    }
    let unsupported_scc = "scc modifier is not supported on this GPU";
    if let Modifier::NoCpol(w) = m {
        // (The bit stays clear. Before gfx940 the cache maintenance rows, with no
        // operands, take none: llvm-mc refuses `buffer_wbinvl1 noglc`.)
        let maintenance = i.desc().sig().is_empty() && target.gen != Gen::Gfx940;
        if !maintenance && bits.iter().any(|(n, _)| *n == w.name()) {
            return Some(Ok(()));
        }
        return Some(Err(if w == Word::Scc && target.gen != Gen::Gfx940 {
            unsupported_scc
        } else {
            "invalid operand for instruction"
        }));
    }
    (word == Some("scc")).then_some(Err(if target.gen == Gen::Gfx940 {
        "invalid operand for instruction"
    } else {
        unsupported_scc
    }))
}

/// `offset:` of a FLAT, GLOBAL or SCRATCH instruction (gfx9 on).
fn set_flat_offset(i: &mut Inst, v: i64) -> Result<(), &'static str> {
    let ok = if i.enc == Enc::Flat {
        (0..=4095).contains(&v)
    } else {
        (-4096..=4095).contains(&v)
    };
    if !ok {
        return Err(if i.enc == Enc::Flat {
            "expected a 12-bit unsigned offset"
        } else {
            "expected a 13-bit signed offset"
        });
    }
    i.fields = (i.fields & !flat::OFFSET) | (v as u64 & flat::OFFSET);
    Ok(())
}

/// Applies a buffer or flat modifier; the error is llvm-mc's message.
pub fn apply_mod(target: Target, i: &mut Inst, m: Modifier) -> Result<(), &'static str> {
    let d = i.desc();
    let flat = matches!(i.enc, Enc::Flat | Enc::Global | Enc::Scratch);
    let set = |i: &mut Inst, bit: u64| i.fields |= bit;
    if let Some(done) = apply_cache_policy(target, i, m) {
        return done;
    }
    let cdna2 = target.acc_mem();
    let addr64 = target.gen.before_gfx8() && i.fields & mubuf::ADDR64 != 0;
    match (m, flat) {
        // (addr64, gfx6/gfx7, comes right after soffset or the format, without idxen/offen.)
        (Modifier::Flag(Word::Idxen | Word::Offen), false) if addr64 => {
            return Err("invalid operand for instruction")
        }
        (Modifier::Flag(Word::Idxen), false) if d.sig().iter().any(|s| s.role == Role::Vaddr) => {
            set(i, mubuf::IDXEN)
        }
        (Modifier::Flag(Word::Offen), false) if d.sig().iter().any(|s| s.role == Role::Vaddr) => {
            set(i, mubuf::OFFEN)
        }
        (Modifier::Flag(Word::Addr64), false)
            if target.gen.before_gfx8()
                && d.sig().iter().any(|s| s.role == Role::Vaddr)
                && i.fields & !(mubuf::MTBUF_DFMT | mubuf::MTBUF_NFMT) == 0 =>
        {
            set(i, mubuf::ADDR64)
        }
        (Modifier::Offset(v), false) => {
            if !(0..=0xffff).contains(&v) {
                return Err("expected a 16-bit unsigned offset");
            }
            // (llvm-mc keeps the low 12 bits of larger offsets: another value.)
            if v > 0xfff {
                return Err("expected a 12-bit unsigned offset");
            }
            i.fields = (i.fields & !mubuf::OFFSET) | (v as u64 & mubuf::OFFSET);
        }
        (Modifier::Flag(Word::Lds), false)
            if i.enc == Enc::Mubuf && crate::codec::mubuf::takes_lds(target, d) =>
        {
            set(i, mubuf::LDS)
        }
        (Modifier::Flag(Word::Tfe), false)
            if i.enc == Enc::Mubuf && !cdna2 && !d.has(flags::STORE) && !d.has(flags::ATOMIC) =>
        {
            set(i, mubuf::TFE)
        }
        (Modifier::Value(Word::Format, v), false) if i.enc == Enc::Mtbuf => {
            if !(0..=127).contains(&v) {
                return Err("out of range format");
            }
            i.fields = (i.fields & !(mubuf::MTBUF_DFMT | mubuf::MTBUF_NFMT)) | ((v as u64) << 19);
        }
        (Modifier::Offset(_), true) if target.gen.before_gfx9() => {
            return Err("flat offset modifier is not supported on this GPU")
        }
        (Modifier::Offset(v), true) => set_flat_offset(i, v)?,
        // (gfx940 has the global_load_lds_* mnemonics instead.)
        (Modifier::Flag(Word::Lds), true)
            if i.enc != Enc::Flat && d.has(flags::LDS) && target.gen != Gen::Gfx940 =>
        {
            set(i, flat::LDS)
        }
        _ => return Err("invalid operand for instruction"),
    }
    Ok(())
}
