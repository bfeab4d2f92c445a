//! `sendmsg(...)` text: the operand of s_sendmsg and s_sendmsghalt.
//!
//! # Accepted disagreement with llvm-mc
//!
//! When the message id, operation and stream fields form a valid symbolic message,
//! llvm-mc prints the symbolic form even if other bits (7, 15:10) are set (1025 prints
//! as `sendmsg(MSG_INTERRUPT)`, which assembles to 1). We print the plain decimal
//! number instead (`1025`), the form llvm-mc uses for values it cannot express; llvm-mc
//! accepts it and encodes it unchanged. This affects 4572 of the 65536 values on
//! gfx9/CDNA (3937 on gfx8).

use super::{err, Cur, SymError};
use crate::isa::gens::Lookup;
use crate::isa::sendmsg::{self, Ops, Sendmsg};
use crate::target::Gen;
use std::fmt::{self, Write};

/// Prints a sendmsg simm16: `sendmsg(NAME[, OP[, stream]])` when the fields form a valid
/// message, `sendmsg(id, op, stream)` when they do not, and the plain decimal number
/// when neither form encodes all the bits.
pub fn write_sendmsg(out: &mut dyn Write, gen: Gen, v: u16) -> fmt::Result {
    let Some(m) = Sendmsg::decode(gen, v) else {
        // Bits outside the fields (llvm-mc may print a symbolic form dropping them).
        return write!(out, "{}", v);
    };
    match m.message(gen) {
        Some(msg) if m.is_valid(gen) => {
            out.write_str("sendmsg(")?;
            out.write_str(msg.name)?;
            if msg.ops != Ops::None {
                out.write_str(", ")?;
                match sendmsg::op_name(gen, m.msg, m.op) {
                    Some(name) => out.write_str(name)?,
                    None => write!(out, "{}", m.op)?,
                }
                if msg.has_stream(m.op) {
                    write!(out, ", {}", m.stream)?;
                }
            }
            out.write_str(")")
        }
        _ => write!(out, "sendmsg({}, {}, {})", m.msg, m.op, m.stream),
    }
}

/// Parses `sendmsg(msg[, op[, stream]])`; `msg` and `op` are names or expressions.
pub fn parse_sendmsg(gen: Gen, s: &str) -> Result<(u16, usize), SymError> {
    let mut c = Cur::new(s);
    if !c.macro_open("sendmsg") {
        return Err(err(0, "expected a sendmsg macro or an absolute expression"));
    }
    let args = read_args(gen, &mut c)?;
    c.close_paren()?;
    Ok((validate(gen, &args)?, c.pos))
}

/// The arguments of `sendmsg(...)` as written, before validation.
struct Args {
    /// The message: a name looked up, or else the expression's value in `id_val`.
    msg: Lookup<&'static sendmsg::Message>,
    id_pos: usize,
    id_val: i64,
    /// Operation: (value, offset, named but not valid on this generation).
    op: Option<(i64, usize, bool)>,
    /// Stream: (value, offset).
    stream: Option<(i64, usize)>,
}

fn read_args(gen: Gen, c: &mut Cur<'_>) -> Result<Args, SymError> {
    c.skip_ws();
    let id_pos = c.pos;
    let msg = c.symbol(|w| sendmsg::lookup(gen, w));
    let id_val = match msg {
        Lookup::Unknown => c.abs_expr("a message name or an ")?.0,
        _ => 0,
    };
    let id_for_ops = match msg {
        Lookup::Valid(e) => e.id,
        _ => id_val as u16,
    };
    let mut args = Args {
        msg,
        id_pos,
        id_val,
        op: None,
        stream: None,
    };
    c.skip_ws();
    if c.peek() != b',' {
        return Ok(args);
    }
    c.pos += 1;
    c.skip_ws();
    let op_pos = c.pos;
    let found = c.symbol(|w| crate::isa::gens::lookup(sendmsg::op_names(id_for_ops), gen, w));
    args.op = Some(match found {
        Lookup::Valid(e) => (e.value as i64, op_pos, false),
        Lookup::Unsupported => (0, op_pos, true),
        Lookup::Unknown => (c.abs_expr("an operation name or an ")?.0, op_pos, false),
    });
    c.skip_ws();
    if c.peek() == b',' {
        c.pos += 1;
        args.stream = Some(c.abs_expr("")?);
    }
    Ok(args)
}

/// The arguments checked in llvm-mc's order, and the simm16 they make.
fn validate(gen: Gen, a: &Args) -> Result<u16, SymError> {
    let strict = match a.msg {
        Lookup::Valid(e) => Some(e),
        Lookup::Unsupported => {
            return Err(err(
                a.id_pos,
                "specified message id is not supported on this GPU",
            ))
        }
        Lookup::Unknown => None,
    };
    let id = match strict {
        Some(e) => e.id,
        None if (0..=sendmsg::id_mask(gen) as i64).contains(&a.id_val) => a.id_val as u16,
        None => return Err(err(a.id_pos, "invalid message id")),
    };
    if let Some((_, pos, true)) = a.op {
        return Err(err(
            pos,
            "specified operation id is not supported on this GPU",
        ));
    }
    if let Some(e) = strict {
        let needs_op = e.ops != Ops::None;
        match a.op {
            Some((_, pos, _)) if !needs_op => {
                return Err(err(pos, "message does not support operations"))
            }
            None if needs_op => return Err(err(a.id_pos, "missing message operation")),
            _ => {}
        }
    }
    let op_range = 0..=sendmsg::OP_MAX as i64;
    let op_val = match a.op {
        Some((v, pos, _)) => {
            let ok = op_range.contains(&v) && strict.is_none_or(|e| e.op_valid(gen, v as u16));
            if !ok {
                return Err(err(pos, "invalid operation id"));
            }
            v as u16
        }
        None => 0,
    };
    let stream_val = match a.stream {
        Some((v, pos)) => {
            if strict.is_some_and(|e| !e.has_stream(op_val)) {
                return Err(err(pos, "message operation does not support streams"));
            }
            if !(0..=sendmsg::STREAM_MAX as i64).contains(&v) {
                return Err(err(pos, "invalid message stream id"));
            }
            v as u16
        }
        None => 0,
    };
    Ok(Sendmsg::new(id).op(op_val).stream(stream_val).encode())
}

#[cfg(test)]
mod tests {
    use super::super::{err_at, show};
    use super::*;

    // Expected texts below are llvm-mc 22 output (gfx906, gfx801), except the values
    // marked "lossless", where llvm-mc's text would not reassemble to the value.

    #[test]
    fn sendmsg_print() {
        let gfx9 = [
            (0x0000, "sendmsg(0, 0, 0)"),
            (0x0001, "sendmsg(MSG_INTERRUPT)"),
            (0x0002, "sendmsg(2, 0, 0)"),
            (0x0003, "sendmsg(MSG_GS_DONE, GS_OP_NOP)"),
            (0x0004, "sendmsg(MSG_SAVEWAVE)"),
            (0x0005, "sendmsg(MSG_STALL_WAVE_GEN)"),
            (0x0008, "sendmsg(MSG_EARLY_PRIM_DEALLOC)"),
            (0x0009, "sendmsg(MSG_GS_ALLOC_REQ)"),
            (0x000a, "sendmsg(MSG_GET_DOORBELL)"),
            (0x000b, "sendmsg(11, 0, 0)"),
            (0x0012, "sendmsg(MSG_GS, GS_OP_CUT, 0)"),
            (0x0022, "sendmsg(MSG_GS, GS_OP_EMIT, 0)"),
            (0x0122, "sendmsg(MSG_GS, GS_OP_EMIT, 1)"),
            (0x0322, "sendmsg(MSG_GS, GS_OP_EMIT, 3)"),
            (0x0033, "sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 0)"),
            (0x001f, "sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)"),
            (0x002f, "sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)"),
            (0x003f, "sendmsg(15, 3, 0)"),
            (0x004f, "sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)"),
            (0x005f, "sendmsg(15, 5, 0)"),
            (0x0103, "sendmsg(3, 0, 1)"),
            (0x037f, "sendmsg(15, 7, 3)"),
            (0x0400, "1024"),
            (0xffff, "65535"),
            (0x0080, "128"),
            // Lossless: llvm-mc prints sendmsg(MSG_INTERRUPT) / sendmsg(MSG_GS, GS_OP_EMIT, 1).
            (0x0401, "1025"),
            (0x8122, "33058"),
        ];
        for (v, t) in gfx9 {
            assert_eq!(show(|s| write_sendmsg(s, Gen::Gfx9, v)), t);
            if t.starts_with("sendmsg") {
                assert_eq!(parse_sendmsg(Gen::Gfx9, t), Ok((v, t.len())));
            }
        }
        assert_eq!(show(|s| write_sendmsg(s, Gen::Gfx8, 5)), "sendmsg(5, 0, 0)");
        assert_eq!(
            show(|s| write_sendmsg(s, Gen::Gfx8, 0x3f)),
            "sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)"
        );
    }

    #[test]
    fn sendmsg_parse() {
        let g = Gen::Gfx9;
        let e = |o, m| err_at(o, m);
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_GS, GS_OP_EMIT)"),
            Ok((0x22, 27))
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg( MSG_GS , GS_OP_EMIT , 1 )"),
            Ok((0x122, 34))
        );
        assert_eq!(parse_sendmsg(g, "sendmsg(MSG_GS, 2, 1)"), Ok((0x122, 21)));
        assert_eq!(parse_sendmsg(g, "sendmsg(1, 1)"), Ok((0x11, 13)));
        assert_eq!(parse_sendmsg(g, "sendmsg(1, GS_OP_EMIT)"), Ok((0x21, 22)));
        assert_eq!(parse_sendmsg(g, "sendmsg(3, 0, 1)"), Ok((0x103, 16)));
        assert_eq!(parse_sendmsg(g, "sendmsg(MSG_GS_DONE, 0)"), Ok((0x3, 23)));
        assert_eq!(parse_sendmsg(g, "sendmsg(1+1, 1, 0)"), Ok((0x12, 18)));
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_RTN_GET_DOORBELL)"),
            e(8, "specified message id is not supported on this GPU")
        );
        assert_eq!(
            parse_sendmsg(Gen::Gfx6, "sendmsg(MSG_SAVEWAVE)"),
            e(8, "specified message id is not supported on this GPU")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_FOO)"),
            e(8, "expected a message name or an absolute expression")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_GS)"),
            e(8, "missing message operation")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_GS, GS_OP_EMIT, 4)"),
            e(28, "invalid message stream id")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_GS, GS_OP_NOP)"),
            e(16, "invalid operation id")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_GS_DONE, GS_OP_NOP, 0)"),
            e(32, "message operation does not support streams")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_GS, SYSMSG_OP_REG_RD)"),
            e(16, "expected an operation name or an absolute expression")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)"),
            e(20, "specified operation id is not supported on this GPU")
        );
        assert_eq!(
            parse_sendmsg(Gen::Gfx8, "sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)"),
            Ok((0x3f, 44))
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_INTERRUPT, 0)"),
            e(23, "message does not support operations")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(16, 0, 0)"),
            e(8, "invalid message id")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(15, 8, 0)"),
            e(12, "invalid operation id")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(15, 0, 4)"),
            e(15, "invalid message stream id")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(16"),
            e(10, "expected a closing parenthesis")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_GS GS_OP_EMIT)"),
            e(15, "expected a closing parenthesis")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg(MSG_GS,)"),
            e(15, "unknown token in expression")
        );
        assert_eq!(
            parse_sendmsg(g, "sendmsg"),
            e(0, "expected a sendmsg macro or an absolute expression")
        );
    }
}
