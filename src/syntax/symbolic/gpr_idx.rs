//! `gpr_idx(...)` text: the VGPR index mode of s_set_gpr_idx_on and
//! s_set_gpr_idx_mode.
//!
//! # Accepted disagreement with llvm-mc
//!
//! llvm-mc prints values above 15 as hex (`0x10`) but then rejects that text ("invalid
//! immediate: only 4-bit values are legal"); no text llvm-mc accepts encodes them. We
//! print the same hex as llvm-mc and [`parse_gpr_idx`] rejects it as llvm-mc does, so
//! such words (which no assembler produces) do not round-trip through text.

use super::{err, Cur, SymError};
use crate::isa::gpr_idx;
use std::fmt::{self, Write};

/// Prints a VGPR index mode: `gpr_idx(SRC0,...)` for 0..=15, else hex (as llvm-mc does).
pub fn write_gpr_idx(out: &mut dyn Write, v: u16) -> fmt::Result {
    if v > gpr_idx::MAX {
        return write!(out, "{:#x}", v);
    }
    out.write_str("gpr_idx(")?;
    for (i, name) in gpr_idx::names(v).enumerate() {
        if i > 0 {
            out.write_str(",")?;
        }
        out.write_str(name)?;
    }
    out.write_str(")")
}

/// Parses `gpr_idx(MODE,...)` (any order, no duplicates) or an expression in 0..=15.
pub fn parse_gpr_idx(s: &str) -> Result<(u16, usize), SymError> {
    let mut c = Cur::new(s);
    c.skip_ws();
    if !c.macro_open("gpr_idx") {
        let (v, pos) = c.abs_expr("")?;
        if !(0..=gpr_idx::MAX as i64).contains(&v) {
            return Err(err(pos, "invalid immediate: only 4-bit values are legal"));
        }
        return Ok((v as u16, c.pos));
    }
    let mut v = 0u16;
    c.skip_ws();
    if c.peek() == b')' {
        c.pos += 1;
        return Ok((0, c.pos));
    }
    let mut first = true;
    loop {
        c.skip_ws();
        let pos = c.pos;
        let bit = c.ident().and_then(|w| gpr_idx::bit(w).map(|bit| (w, bit)));
        let (word, bit) = match bit {
            Some(x) => x,
            None if first => {
                return Err(err(
                    pos,
                    "expected a VGPR index mode or a closing parenthesis",
                ))
            }
            None => return Err(err(pos, "expected a VGPR index mode")),
        };
        if v & bit != 0 {
            return Err(err(pos, "duplicate VGPR index mode"));
        }
        v |= bit;
        c.pos += word.len();
        first = false;
        c.skip_ws();
        match c.peek() {
            b',' => c.pos += 1,
            b')' => {
                c.pos += 1;
                return Ok((v, c.pos));
            }
            _ => return Err(err(c.pos, "expected a comma or a closing parenthesis")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{err_at, show};
    use super::*;

    #[test]
    fn gpr_idx() {
        let cases = [
            (0, "gpr_idx()"),
            (1, "gpr_idx(SRC0)"),
            (3, "gpr_idx(SRC0,SRC1)"),
            (9, "gpr_idx(SRC0,DST)"),
            (15, "gpr_idx(SRC0,SRC1,SRC2,DST)"),
            (16, "0x10"),
            (0xffff, "0xffff"),
        ];
        for (v, t) in cases {
            assert_eq!(show(|s| write_gpr_idx(s, v)), t);
        }
        let e = |o, m| err_at(o, m);
        assert_eq!(parse_gpr_idx("gpr_idx(DST,SRC0)"), Ok((9, 17)));
        assert_eq!(parse_gpr_idx("gpr_idx( SRC0 , DST ), v0"), Ok((9, 21)));
        assert_eq!(parse_gpr_idx("gpr_idx ()"), Ok((0, 10)));
        assert_eq!(parse_gpr_idx("15"), Ok((15, 2)));
        assert_eq!(parse_gpr_idx("1 + 1"), Ok((2, 5)));
        assert_eq!(
            parse_gpr_idx("gpr_idx(SRC0,SRC0)"),
            e(13, "duplicate VGPR index mode")
        );
        assert_eq!(
            parse_gpr_idx("gpr_idx(src0)"),
            e(8, "expected a VGPR index mode or a closing parenthesis")
        );
        assert_eq!(
            parse_gpr_idx("gpr_idx(SRC0,)"),
            e(13, "expected a VGPR index mode")
        );
        assert_eq!(
            parse_gpr_idx("gpr_idx(SRC0 DST)"),
            e(13, "expected a comma or a closing parenthesis")
        );
        assert_eq!(
            parse_gpr_idx("gpr_idx"),
            e(0, "expected absolute expression")
        );
        assert_eq!(
            parse_gpr_idx("16"),
            e(0, "invalid immediate: only 4-bit values are legal")
        );
        assert_eq!(
            parse_gpr_idx("-1"),
            e(0, "invalid immediate: only 4-bit values are legal")
        );
    }
}
