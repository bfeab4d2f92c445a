//! DS syntax: `offset:N` (or `offset0:A offset1:B`), `gds`, and ds_swizzle_b32's
//! `offset:swizzle(...)` patterns.

use super::operands::{Modifier, Word};
use crate::codec::ds::{GDS, OFFSET};
use crate::inst::Inst;
use crate::isa::flags;
use std::fmt::{self, Write};

pub fn write_mods<W: Write>(out: &mut W, i: &Inst) -> fmt::Result {
    let d = i.desc();
    let off = (i.fields & OFFSET) as u16;
    if d.has(flags::OFFSET2) {
        let (o0, o1) = (off & 0xff, off >> 8);
        if o0 != 0 {
            out.write_str(" offset0:")?;
            crate::operand_code::write_dec(out, o0 as u32)?;
        }
        if o1 != 0 {
            out.write_str(" offset1:")?;
            crate::operand_code::write_dec(out, o1 as u32)?;
        }
    } else if d.has(flags::SWIZZLE) && off != 0 {
        out.write_str(" offset:")?;
        write_swizzle(out, off)?;
    } else if off != 0 {
        out.write_str(" offset:")?;
        crate::operand_code::write_dec(out, off as u32)?;
    }
    if i.fields & GDS != 0 {
        out.write_str(" gds")?;
    }
    Ok(())
}

/// Applies a DS modifier; the error is llvm-mc's message.
pub fn apply_mod(i: &mut Inst, m: Modifier) -> Result<(), &'static str> {
    let two = i.desc().has(flags::OFFSET2);
    let set = |i: &mut Inst, lo: u32, width: u32, v: i64| {
        let mask = ((1u64 << width) - 1) << lo;
        i.fields = (i.fields & !mask) | ((v as u64) << lo & mask);
    };
    match m {
        Modifier::Offset(v) if !two => {
            if !(0..=0xffff).contains(&v) {
                return Err("expected a 16-bit unsigned offset");
            }
            set(i, 0, 16, v);
        }
        Modifier::Value(w @ (Word::Offset0 | Word::Offset1), v) if two => {
            if !(0..=0xff).contains(&v) {
                return Err(if w == Word::Offset0 {
                    "invalid offset0 value."
                } else {
                    "invalid offset1 value."
                });
            }
            set(i, if w == Word::Offset0 { 0 } else { 8 }, 8, v);
        }
        Modifier::Flag(Word::Gds) if !i.desc().has(flags::NO_GDS) => i.fields |= GDS,
        _ => return Err("not a valid operand."),
    }
    Ok(())
}

fn pow2(v: u32) -> bool {
    v != 0 && v & (v - 1) == 0
}

/// Prints a ds_swizzle_b32 offset the way llvm-mc does.
pub fn write_swizzle(out: &mut dyn Write, imm: u16) -> fmt::Result {
    let v = imm as u32;
    if v >= 0xe000 {
        return write!(out, "swizzle(FFT,{})", v & 31);
    }
    if v >= 0xc000 {
        return write!(out, "swizzle(ROTATE,{},{})", (v >> 10) & 1, (v >> 5) & 31);
    }
    if v & 0xff00 == 0x8000 {
        let l = |k: u32| (v >> (2 * k)) & 3;
        return write!(
            out,
            "swizzle(QUAD_PERM,{},{},{},{})",
            l(0),
            l(1),
            l(2),
            l(3)
        );
    }
    if v & 0x8000 != 0 {
        return write!(out, "{v}");
    }
    let (a, o, x) = (v & 31, (v >> 5) & 31, (v >> 10) & 31);
    if a == 31 && o == 0 && x.count_ones() == 1 {
        return write!(out, "swizzle(SWAP,{x})");
    }
    if a == 31 && o == 0 && x > 0 && pow2(x + 1) {
        return write!(out, "swizzle(REVERSE,{})", x + 1);
    }
    let g = 32 - a;
    if g > 1 && pow2(g) && o < g && x == 0 {
        return write!(out, "swizzle(BROADCAST,{g},{o})");
    }
    out.write_str("swizzle(BITMASK_PERM,\"")?;
    let (p0, p1) = (o ^ x, (a | o) ^ x);
    for bit in (0..5).rev() {
        let (b0, b1) = ((p0 >> bit) & 1, (p1 >> bit) & 1);
        out.write_char(match (b0 == b1, b0) {
            (true, 0) => '0',
            (true, _) => '1',
            (false, 0) => 'p',
            (false, _) => 'i',
        })?;
    }
    out.write_str("\")")
}

/// Parses `swizzle(...)` at the start of `s`: the offset value and the bytes read, or
/// an error message with its byte offset.
pub fn parse_swizzle(s: &str) -> Result<(u16, usize), (usize, &'static str)> {
    let open = s.find('(').ok_or((0, "expected a left parentheses"))?;
    let close = s
        .find(')')
        .ok_or((s.len(), "expected a closing parentheses"))?;
    let body = &s[open + 1..close];
    let args: Vec<&str> = body.split(',').map(str::trim).collect();
    let num = |k: usize| -> Result<u32, (usize, &'static str)> {
        let a = args.get(k).ok_or((close, "expected a comma"))?;
        let v = if let Some(h) = a.strip_prefix("0x") {
            u32::from_str_radix(h, 16)
        } else {
            a.parse()
        };
        v.map_err(|_| (open + 1, "expected an absolute expression"))
    };
    let want = |n: usize| {
        if args.len() == n {
            Ok(())
        } else {
            Err((close, "expected a closing parentheses"))
        }
    };
    let v = match args[0] {
        "QUAD_PERM" => {
            want(5)?;
            quad_perm(&num, open + 1)?
        }
        "FFT" => {
            want(2)?;
            let n = num(1)?;
            if n > 31 {
                return Err((open + 1, "FFT swizzle must be in the interval [0,31]"));
            }
            0xe000 | n
        }
        "ROTATE" => {
            want(3)?;
            let (dir, n) = (num(1)?, num(2)?);
            if dir > 1 {
                return Err((open + 1, "direction must be 0 (left) or 1 (right)"));
            }
            if n > 31 {
                return Err((
                    open + 1,
                    "number of threads to rotate must be in the interval [0,31]",
                ));
            }
            0xc000 | dir << 10 | n << 5
        }
        "SWAP" => {
            want(2)?;
            let x = num(1)?;
            if !pow2(x) || x > 16 {
                return Err((open + 1, "group size must be a power of two"));
            }
            31 | x << 10
        }
        "REVERSE" => {
            want(2)?;
            let g = num(1)?;
            if !pow2(g) || !(2..=32).contains(&g) {
                return Err((open + 1, "group size must be a power of two"));
            }
            31 | (g - 1) << 10
        }
        "BROADCAST" => {
            want(3)?;
            let (g, lane) = (num(1)?, num(2)?);
            if !pow2(g) || !(2..=32).contains(&g) {
                return Err((open + 1, "group size must be a power of two"));
            }
            if lane >= g {
                return Err((
                    open + 1,
                    "lane id must be in the interval [0,group size - 1]",
                ));
            }
            (32 - g) | lane << 5
        }
        "BITMASK_PERM" => {
            want(2)?;
            bitmask_perm(args[1].trim_matches('"'), open + 1)?
        }
        _ => return Err((open + 1, "expected a swizzle mode")),
    };
    Ok((v as u16, close + 1))
}

/// The lanes of `swizzle(QUAD_PERM, a, b, c, d)`, read by `num` in order.
fn quad_perm(
    num: &dyn Fn(usize) -> Result<u32, (usize, &'static str)>,
    at: usize,
) -> Result<u32, (usize, &'static str)> {
    let mut v = 0x8000;
    for k in 0..4 {
        let l = num(k + 1)?;
        if l > 3 {
            return Err((at, "lane id must be in the interval [0,3]"));
        }
        v |= l << (2 * k);
    }
    Ok(v)
}

/// The and, or and xor masks of `swizzle(BITMASK_PERM, "01pip")`.
fn bitmask_perm(m: &str, at: usize) -> Result<u32, (usize, &'static str)> {
    if m.len() != 5 {
        return Err((at, "expected a 5-character mask"));
    }
    let (mut a, mut o, mut x) = (0u32, 0u32, 0u32);
    for (k, c) in m.chars().enumerate() {
        let bit = 1 << (4 - k);
        match c {
            '0' => {}
            '1' => o |= bit,
            'p' => a |= bit,
            'i' => {
                a |= bit;
                x |= bit
            }
            _ => return Err((at, "invalid mask")),
        }
    }
    Ok(a | o << 5 | x << 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swizzle_round_trip() {
        for v in 0..=0xffffu16 {
            let mut s = String::new();
            write_swizzle(&mut s, v).unwrap();
            if let Some(m) = s.strip_prefix("swizzle") {
                let (back, _) = parse_swizzle(m).unwrap_or_else(|e| panic!("{s}: {e:?}"));
                assert_eq!(back == v, crate::codec::ds::swizzle_canonical(v), "{v:#x}");
            }
        }
    }
}
