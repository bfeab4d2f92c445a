//! EXP syntax: `exp TARGET src0, src1, src2, src3 [done] [compr] [vm]`, a target being
//! mrt0-7, mrtz, null, pos0-3 or param0-31 and a source a VGPR or `off`.

use super::error::{err, Error};
use super::operands::{Item, Kind, Modifier, Value, Word};
use crate::codec::exp::{self, COMPR, DONE, EN, VM};
use crate::inst::{Inst, VGPR0};
use crate::operand_code::write_dec;
use crate::target::Gen;
use std::fmt::{self, Write};

/// Target names: (name, first target, highest index; 0 for a name without one), in the
/// order llvm-mc tries them. `prim`, `pos4` and `dual_src_blend*` are later GPUs'.
const TARGETS: &[(&str, u32, u32)] = &[
    ("null", 9, 0),
    ("mrtz", 8, 0),
    ("prim", 20, 0),
    ("mrt", 0, 7),
    ("pos", 12, 4),
    ("dual_src_blend", 21, 1),
    ("param", 32, 31),
];

/// The target number of a name, or llvm-mc's error.
pub fn parse_target(name: &str) -> Result<u32, &'static str> {
    for &(n, first, max) in TARGETS {
        let t = if max == 0 {
            if name != n {
                continue;
            }
            first
        } else {
            let Some(suffix) = name.strip_prefix(n) else {
                continue;
            };
            let ok = !suffix.is_empty()
                && suffix.bytes().all(|b| b.is_ascii_digit())
                && !(suffix.len() > 1 && suffix.starts_with('0'));
            match suffix.parse::<u32>() {
                Ok(k) if ok && k <= max => first + k,
                _ => return Err("invalid exp target"),
            }
        };
        return if exp::target_ok(t) {
            Ok(t)
        } else {
            Err("exp target is not supported on this GPU")
        };
    }
    Err("invalid exp target")
}

/// Writes the target and the four sources.
pub fn write_operand(out: &mut dyn Write, gen: Gen, i: &Inst) -> fmt::Result {
    let t = exp::target(i.fields);
    let (name, k) = match t {
        0..=7 => ("mrt", Some(t)),
        8 => ("mrtz", None),
        9 => ("null", None),
        12..=15 => ("pos", Some(t - 12)),
        32..=63 => ("param", Some(t - 32)),
        _ => ("invalid_target_", Some(t)),
    };
    out.write_str(name)?;
    if let Some(k) = k {
        write_dec(out, k)?;
    }
    for p in 0..4 {
        out.write_str(if p == 0 { " " } else { ", " })?;
        match exp::source(i.fields, p) {
            Some(v) => crate::operand_code::write_reg(out, gen, VGPR0 + v as u16, 1)?,
            None => out.write_str("off")?,
        }
    }
    Ok(())
}

pub fn write_mods(out: &mut dyn Write, i: &Inst) -> fmt::Result {
    for (w, bit) in [(" done", DONE), (" compr", COMPR), (" vm", VM)] {
        if i.fields & bit != 0 {
            out.write_str(w)?;
        }
    }
    Ok(())
}

/// Binds the `n`th operand item of an export: the target, then the four sources.
pub fn bind_item(i: &mut Inst, it: &Item, n: usize) -> Result<(), Error> {
    let bad = || err(it.pos, "invalid operand for instruction");
    if it.neg || it.abs || it.sext {
        return bad();
    }
    if n == 0 {
        let t = match it.kind {
            Kind::Val(Value::Sym(name, 0)) => parse_target(name),
            // Register names are identifiers too.
            Kind::Reg { .. } | Kind::Other => Err("invalid exp target"),
            _ => return bad(),
        }
        .or_else(|m| err(it.pos, m))?;
        i.fields = (i.fields & !exp::TARGET) | (t as u64) << 4;
        return Ok(());
    }
    let p = n - 1;
    match it.kind {
        Kind::Val(Value::Sym("off", 0)) => {}
        Kind::Reg { code, dwords: 1 } if code >= VGPR0 => {
            i.fields |= 1 << p | ((code - VGPR0) as u64) << (32 + 8 * p);
        }
        _ => return bad(),
    }
    Ok(())
}

/// Applies `done`, `compr` or `vm` (in this order); the error is llvm-mc's message.
pub fn apply_mod(i: &mut Inst, m: Modifier) -> Result<(), &'static str> {
    const ORDER: [u64; 3] = [DONE, COMPR, VM];
    let bit = match m {
        Modifier::Flag(Word::Done) => DONE,
        Modifier::Flag(Word::Compr) => COMPR,
        Modifier::Flag(Word::Vm) => VM,
        Modifier::Value(..) | Modifier::Offset(_) => return Err("not a valid operand."),
        _ => return Err("invalid operand for instruction"),
    };
    let at = ORDER.iter().position(|b| *b == bit).unwrap_or(0);
    if ORDER[at..].iter().any(|b| i.fields & b != 0) {
        return Err("invalid operand for instruction");
    }
    if bit == COMPR {
        // Only src0 and src2 are exported, packed: VSRC0 = src0, VSRC1 = src2.
        let f = i.fields;
        let (a, b) = (f & 1 != 0, f & 4 != 0);
        let mut g = f & !(EN | exp::VSRC);
        if a {
            g |= 0x3 | (exp::vsrc(f, 0) as u64) << 32;
        }
        if b {
            g |= 0xc | (exp::vsrc(f, 2) as u64) << 40;
        }
        i.fields = g;
    }
    i.fields |= bit;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets() {
        assert_eq!(parse_target("mrt0"), Ok(0));
        assert_eq!(parse_target("mrt7"), Ok(7));
        assert_eq!(parse_target("mrtz"), Ok(8));
        assert_eq!(parse_target("null"), Ok(9));
        assert_eq!(parse_target("pos3"), Ok(15));
        assert_eq!(parse_target("param31"), Ok(63));
        assert_eq!(parse_target("mrt8"), Err("invalid exp target"));
        assert_eq!(parse_target("mrt00"), Err("invalid exp target"));
        assert_eq!(parse_target("param32"), Err("invalid exp target"));
        assert_eq!(
            parse_target("pos4"),
            Err("exp target is not supported on this GPU")
        );
        assert_eq!(
            parse_target("prim"),
            Err("exp target is not supported on this GPU")
        );
        assert_eq!(parse_target("foo"), Err("invalid exp target"));
    }
}
