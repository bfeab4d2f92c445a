//! Interpolation syntax, VINTRP and VOP3: `attrN.c` (N 0-32, c one of x y z w), the slots
//! `p10`, `p20`, `p0` of v_interp_mov_f32, and the VOP3 modifiers
//! `[high] [clamp] [mul:2|mul:4|div:2] [op_sel:[...]]` (in this order).

use super::error::{err, Error};
use super::operands::{Item, Kind, Modifier, Value, Word};
use crate::codec::vintrp::{attr, slot, ATTR, HIGH, MAX_ATTR};
use crate::inst::{Enc, Inst};
use crate::isa::{flags, OpDesc, Role, Slot};
use crate::operand_code::write_dec;
use std::fmt::{self, Write};

const CHANNELS: [&str; 4] = ["x", "y", "z", "w"];
const SLOTS: [&str; 3] = ["p10", "p20", "p0"];

/// Whether the VOP3 row is the `_e64` form of a VINTRP instruction (printed with the
/// suffix); the f16 interpolations, which take `high`, exist in VOP3 only.
pub fn has_vintrp_form(d: &OpDesc) -> bool {
    crate::codec::vintrp::is_interp(d) && !d.has(flags::HIGH)
}

/// Writes an `attrN.c` or slot operand.
pub fn write_operand(out: &mut dyn Write, i: &Inst, role: Role) -> fmt::Result {
    if role == Role::Param {
        return match SLOTS.get(slot(i) as usize) {
            Some(s) => out.write_str(s),
            None => write!(out, "invalid_param_{}", slot(i)),
        };
    }
    let (n, c, _) = attr(i);
    out.write_str("attr")?;
    write_dec(out, n)?;
    out.write_char('.')?;
    out.write_str(CHANNELS[c as usize])
}

/// Reads `attrN.c` as llvm-mc does: (number, channel), or its error.
pub fn parse_attr(name: &str) -> Result<(u32, u32), &'static str> {
    let Some(rest) = name.strip_prefix("attr") else {
        return Err("invalid interpolation attribute");
    };
    let chan = rest
        .len()
        .checked_sub(2)
        .and_then(|k| rest.get(k..))
        .and_then(|c| c.strip_prefix('.'))
        .and_then(|c| CHANNELS.iter().position(|x| *x == c))
        .ok_or("invalid or missing interpolation attribute channel")?;
    let num = &rest[..rest.len() - 2];
    let n = match num.parse::<u8>() {
        Ok(n) if num.bytes().all(|b| b.is_ascii_digit()) => n as u32,
        _ => return Err("invalid or missing interpolation attribute number"),
    };
    if n > MAX_ATTR {
        return Err("out of bounds interpolation attribute number");
    }
    Ok((n, chan as u32))
}

/// Binds an `attrN.c` or slot operand.
pub fn bind_operand(i: &mut Inst, s: &Slot, it: &Item) -> Result<(), Error> {
    let name = match it.kind {
        Kind::Val(Value::Sym(name, 0)) if !(it.neg || it.abs || it.sext) => Ok(name),
        // A register name is an identifier too: llvm-mc reads it as a (bad) attribute.
        Kind::Reg { .. } | Kind::Other if !(it.neg || it.abs || it.sext) => Err(()),
        _ => return err(it.pos, "invalid operand for instruction"),
    };
    if s.role == Role::Param {
        let Some(v) = name.ok().and_then(|n| SLOTS.iter().position(|x| *x == n)) else {
            return err(it.pos, "invalid interpolation slot");
        };
        match i.enc {
            Enc::Vintrp => i.src[0] = v as u16,
            _ => i.src[1] = v as u16,
        }
        return Ok(());
    }
    let (n, c) = name
        .map_err(|_| "invalid interpolation attribute")
        .and_then(parse_attr)
        .or_else(|m| err(it.pos, m))?;
    match i.enc {
        Enc::Vintrp => i.fields = (i.fields & !ATTR) | ((n << 2 | c) as u64) << 8,
        _ => i.src[0] = (i.src[0] & HIGH) | (c << 6 | n) as u16,
    }
    Ok(())
}

/// The error llvm-mc's operand parser reports for item `n` of a row with an attribute
/// or slot there (reported before matching, like other parse errors).
pub fn parse_error(d: &OpDesc, n: usize, it: &Item) -> Option<Error> {
    let s = d
        .sig()
        .get(n)
        .filter(|s| matches!(s.role, Role::Attr | Role::Param))?;
    let named = matches!(
        it.kind,
        Kind::Val(Value::Sym(_, 0)) | Kind::Reg { .. } | Kind::Other
    );
    if !named || it.neg || it.abs || it.sext {
        return None;
    }
    let mut scratch = Inst::new(crate::isa::OpId(0), Enc::Vintrp);
    bind_operand(&mut scratch, s, it).err()
}

/// VOP3 interpolation modifiers in llvm-mc's order: high, clamp, omod, op_sel.
pub fn write_vop3_mods(out: &mut dyn Write, i: &Inst) -> fmt::Result {
    let m = i.mods;
    if attr(i).2 {
        out.write_str(" high")?;
    }
    if m.clamp {
        out.write_str(" clamp")?;
    }
    out.write_str(match m.omod {
        1 => " mul:2",
        2 => " mul:4",
        3 => " div:2",
        _ => "",
    })?;
    if m.op_sel != 0 {
        // Entries: I/J source, attribute (always 0), src2, destination.
        out.write_str(" op_sel:[")?;
        for k in 0..4 {
            if k > 0 {
                out.write_char(',')?;
            }
            write_dec(out, (m.op_sel >> k & 1) as u32)?;
        }
        out.write_char(']')?;
    }
    Ok(())
}

/// Applies `high` or `op_sel` to a VOP3 interpolation (clamp and omod are the usual
/// VOP3 ones); the error is llvm-mc's message.
pub fn apply_vop3_mod(i: &mut Inst, m: Modifier) -> Result<(), &'static str> {
    let d = i.desc();
    let m2 = i.mods;
    match m {
        Modifier::Flag(Word::High)
            if d.has(flags::HIGH)
                && i.src[0] & HIGH == 0
                && !m2.clamp
                && m2.omod == 0
                && m2.op_sel == 0 =>
        {
            i.src[0] |= HIGH
        }
        // The attribute's entry is ignored.
        Modifier::OpSel(b, _) if d.has(flags::OPSEL) => i.mods.op_sel = b & 0b1101,
        _ => return Err("invalid operand for instruction"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes() {
        assert_eq!(parse_attr("attr0.x"), Ok((0, 0)));
        assert_eq!(parse_attr("attr32.w"), Ok((32, 3)));
        assert_eq!(parse_attr("attr00.y"), Ok((0, 1)));
        let num = Err("invalid or missing interpolation attribute number");
        let chan = Err("invalid or missing interpolation attribute channel");
        assert_eq!(
            parse_attr("attr33.x"),
            Err("out of bounds interpolation attribute number")
        );
        assert_eq!(parse_attr("attr0x.x"), num);
        assert_eq!(parse_attr("attr.x"), num);
        assert_eq!(parse_attr("attr999.x"), num);
        assert_eq!(parse_attr("attr1"), chan);
        assert_eq!(parse_attr("attr1.q"), chan);
        assert_eq!(parse_attr("attr1.xy"), chan);
        assert_eq!(
            parse_attr("ATTR1.x"),
            Err("invalid interpolation attribute")
        );
    }
}
