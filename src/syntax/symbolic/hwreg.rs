//! `hwreg(...)` text: the operand of s_getreg_b32, s_setreg_b32 and s_setreg_imm32_b32.
//!
//! There is no accepted disagreement with llvm-mc here: the three fields cover all 16
//! bits, so llvm-mc's text always reassembles to the same value.

use super::{err, Cur, SymError};
use crate::isa::gens::Lookup;
use crate::isa::hwreg::{self, Hwreg};
use crate::target::Gen;
use std::fmt::{self, Write};

/// Prints a hwreg simm16: `hwreg(NAME_OR_ID)` when the whole 32-bit register is selected,
/// else `hwreg(NAME_OR_ID, offset, size)`.
pub fn write_hwreg(out: &mut dyn Write, gen: Gen, v: u16) -> fmt::Result {
    let h = Hwreg::decode(v);
    out.write_str("hwreg(")?;
    match hwreg::name(gen, h.id) {
        Some(name) => out.write_str(name)?,
        None => write!(out, "{}", h.id)?,
    }
    if !h.is_whole() {
        write!(out, ", {}, {}", h.offset, h.size)?;
    }
    out.write_str(")")
}

/// Parses `hwreg(reg[, offset, size])`; `reg` is a name or an expression.
pub fn parse_hwreg(gen: Gen, s: &str) -> Result<(u16, usize), SymError> {
    let mut c = Cur::new(s);
    if !c.macro_open("hwreg") {
        return Err(err(
            0,
            "expected a hwreg macro, structured immediate or an absolute expression",
        ));
    }
    c.skip_ws();
    let id_pos = c.pos;
    let sym = c.symbol(|w| hwreg::lookup(gen, w));
    let id_val = match sym {
        Lookup::Unknown => c.abs_expr("a register name or an ")?.0,
        _ => 0,
    };
    let (mut offset, mut offset_pos, mut size, mut size_pos) = (0i64, 0, hwreg::SIZE_MAX as i64, 0);
    c.skip_ws();
    match c.peek() {
        b',' => {
            c.pos += 1;
            (offset, offset_pos) = c.abs_expr("")?;
            c.skip_ws();
            c.expect(b',', "expected a comma")?;
            (size, size_pos) = c.abs_expr("")?;
            c.close_paren()?;
        }
        b')' => c.pos += 1,
        _ => return Err(err(c.pos, "expected a comma or a closing parenthesis")),
    }
    let id = match sym {
        Lookup::Valid(id) => id,
        Lookup::Unsupported => {
            return Err(err(
                id_pos,
                "invalid hardware register: not supported on this GPU",
            ))
        }
        Lookup::Unknown => numeric_id(id_val, id_pos)?,
    };
    Ok((encode(id, (offset, offset_pos), (size, size_pos))?, c.pos))
}

/// A register number given as a value.
fn numeric_id(id: i64, pos: usize) -> Result<u16, SymError> {
    if !(0..=hwreg::ID_MAX as i64).contains(&id) {
        return Err(err(
            pos,
            "invalid hardware register: only 6-bit values are legal",
        ));
    }
    Ok(id as u16)
}

/// The simm16 of register `id` with `offset` and `size` (each with where it was
/// written), checked against the fields' widths.
fn encode(id: u16, offset: (i64, usize), size: (i64, usize)) -> Result<u16, SymError> {
    if !(0..=hwreg::OFFSET_MAX as i64).contains(&offset.0) {
        return Err(err(
            offset.1,
            "invalid bit offset: only 5-bit values are legal",
        ));
    }
    if !(1..=hwreg::SIZE_MAX as i64).contains(&size.0) {
        return Err(err(
            size.1,
            "invalid bitfield width: only values from 1 to 32 are legal",
        ));
    }
    let h = Hwreg {
        id,
        offset: offset.0 as u8,
        size: size.0 as u8,
    };
    Ok(h.encode())
}

/// Parses hwreg's structured immediate `{id: N, offset: N, size: N}` (any of the
/// fields, in any order, once each; numbers only: id 0, offset 0 and size 32 by
/// default), as llvm-mc 22 takes it in place of `hwreg(...)`.
pub fn parse_hwreg_struct(s: &str) -> Result<(u16, usize), SymError> {
    let mut c = Cur::new(s);
    c.skip_ws();
    c.expect(b'{', "expected a structured immediate")?;
    // id, offset, size: (value, position), once each.
    let mut fields: [Option<(i64, usize)>; 3] = [None; 3];
    c.skip_ws();
    if c.peek() == b'}' {
        c.pos += 1;
    } else {
        loop {
            c.skip_ws();
            let name_pos = c.pos;
            let Some(name) = c.ident() else {
                return Err(err(name_pos, "field name expected"));
            };
            let k = match name {
                "id" => 0,
                "offset" => 1,
                "size" => 2,
                _ => return Err(err(name_pos, "unknown field")),
            };
            if fields[k].is_some() {
                return Err(err(name_pos, "duplicate field"));
            }
            c.pos += name.len();
            c.skip_ws();
            c.expect(b':', "colon expected")?;
            let (v, at) = c.abs_expr("")?;
            fields[k] = Some((v, at));
            c.skip_ws();
            match c.peek() {
                b',' => c.pos += 1,
                b'}' => {
                    c.pos += 1;
                    break;
                }
                _ => return Err(err(c.pos, "comma or closing brace expected")),
            }
        }
    }
    let [id, offset, size] = fields;
    let (id, id_pos) = id.unwrap_or((0, 0));
    let offset = offset.unwrap_or((0, 0));
    let size = size.unwrap_or((hwreg::SIZE_MAX as i64, 0));
    Ok((encode(numeric_id(id, id_pos)?, offset, size)?, c.pos))
}

#[cfg(test)]
mod tests {
    use super::super::{err_at, show};
    use super::*;

    // Expected texts below are llvm-mc 22 output (gfx906, gfx801, gfx942).

    #[test]
    fn hwreg_print() {
        let gfx9 = [
            (0x0000, "hwreg(0, 0, 1)"),
            (0x0001, "hwreg(HW_REG_MODE, 0, 1)"),
            (0x0002, "hwreg(HW_REG_STATUS, 0, 1)"),
            (0xf800, "hwreg(0)"),
            (0xf801, "hwreg(HW_REG_MODE)"),
            (0xf803, "hwreg(HW_REG_TRAPSTS)"),
            (0x2103, "hwreg(HW_REG_TRAPSTS, 4, 5)"),
            (0x2105, "hwreg(HW_REG_GPR_ALLOC, 4, 5)"),
            (0xffff, "hwreg(63, 31, 32)"),
            (0x003f, "hwreg(63, 0, 1)"),
            (0xf80f, "hwreg(HW_REG_SH_MEM_BASES)"),
            (0xf810, "hwreg(HW_REG_TBA_LO)"),
            (0xf813, "hwreg(HW_REG_TMA_HI)"),
            (0xf814, "hwreg(20)"),
            (0x07c1, "hwreg(HW_REG_MODE, 31, 1)"),
            (0x0841, "hwreg(HW_REG_MODE, 1, 2)"),
        ];
        for (v, t) in gfx9 {
            assert_eq!(show(|s| write_hwreg(s, Gen::Gfx9, v)), t);
            assert_eq!(parse_hwreg(Gen::Gfx9, t), Ok((v, t.len())));
        }
        assert_eq!(show(|s| write_hwreg(s, Gen::Gfx8, 0xf80f)), "hwreg(15)");
        assert_eq!(show(|s| write_hwreg(s, Gen::Gfx8, 0xf810)), "hwreg(16)");
        assert_eq!(
            show(|s| write_hwreg(s, Gen::Gfx940, 0xf814)),
            "hwreg(HW_REG_XCC_ID)"
        );
        assert_eq!(
            show(|s| write_hwreg(s, Gen::Gfx940, 0xf818)),
            "hwreg(HW_REG_SQ_PERF_SNAPSHOT_PC_HI)"
        );
        assert_eq!(show(|s| write_hwreg(s, Gen::Gfx940, 0xf819)), "hwreg(25)");
    }

    #[test]
    fn hwreg_parse() {
        let g = Gen::Gfx9;
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_MODE, 0, 32), s1"),
            Ok((0xf801, 25))
        );
        assert_eq!(
            parse_hwreg(g, "hwreg( HW_REG_MODE , 0 , 32 )"),
            Ok((0xf801, 29))
        );
        assert_eq!(parse_hwreg(g, "hwreg (HW_REG_MODE)"), Ok((0xf801, 19)));
        assert_eq!(parse_hwreg(g, "hwreg(1+1)"), Ok((0xf802, 10)));
        assert_eq!(parse_hwreg(g, "hwreg(0x3f, 0x1f, 0x20)"), Ok((0xffff, 23)));
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_MODE, 1, 32)"),
            Ok((0xf841, 25))
        );
        let e = |o, m| err_at(o, m);
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_MODE, 0)"),
            e(20, "expected a comma")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_MODE, 0, 33)"),
            e(
                22,
                "invalid bitfield width: only values from 1 to 32 are legal"
            )
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_MODE, 32, 1)"),
            e(19, "invalid bit offset: only 5-bit values are legal")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(64)"),
            e(6, "invalid hardware register: only 6-bit values are legal")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_FOO)"),
            e(6, "expected a register name or an absolute expression")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_XCC_ID)"),
            e(6, "invalid hardware register: not supported on this GPU")
        );
        assert_eq!(
            parse_hwreg(Gen::Gfx940, "hwreg(HW_REG_XCC_ID)"),
            Ok((0xf814, 20))
        );
        assert_eq!(
            parse_hwreg(Gen::Gfx8, "hwreg(HW_REG_TBA_LO)"),
            e(6, "invalid hardware register: not supported on this GPU")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_MODE"),
            e(17, "expected a comma or a closing parenthesis")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_MODE,"),
            e(18, "unknown token in expression")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_MODE, 0, 32, 1)"),
            e(24, "expected a closing parenthesis")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg()"),
            e(6, "unknown token in expression")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(HW_REG_MODE, foo, 2)"),
            e(19, "expected absolute expression")
        );
        assert_eq!(parse_hwreg(g, "hwreg(99, 40"), e(12, "expected a comma"));
        assert_eq!(
            parse_hwreg(g, "hwreg"),
            e(
                0,
                "expected a hwreg macro, structured immediate or an absolute expression"
            )
        );
        assert_eq!(parse_hwreg(g, "hwreg(08)"), e(6, "failed parsing operand."));
        assert_eq!(
            parse_hwreg(g, "hwreg(1b)"),
            e(6, "directional label undefined")
        );
        assert_eq!(
            parse_hwreg(g, "hwreg(99999999999999999999)"),
            e(6, "literal value out of range for directive")
        );
    }
}
