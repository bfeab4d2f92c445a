//! VINTRP: parameter interpolation (32-bit), and the attribute operand of the
//! VOP3-encoded interpolation instructions.
//!
//! ```text
//! VINTRP: ENC[31:26]=110101 VDST[25:18] OP[17:16] ATTR[15:10] ATTR_CHAN[9:8] VSRC[7:0]
//! VOP3:   SRC0[8:0] = HIGH[8] ATTR_CHAN[7:6] ATTR[5:0]; SRC1 = I/J VGPR or the slot
//! ```
//! `Inst` (VINTRP): dst = VDST (`VGPR0 + n`); `src[0]` = VSRC (`VGPR0 + n`, or the raw slot
//! 0-2 of v_interp_mov_f32); ATTR and ATTR_CHAN stay in `fields` at their encoding
//! positions. In VOP3, `src[0]` holds the raw SRC0 field (attribute, channel, `high`) and
//! `src[1]` the I/J VGPR or the raw slot.

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{flags, Fmt, OpDesc, Role};
use crate::target::Target;

/// ATTR_CHAN and ATTR in `Inst::fields` (VINTRP).
pub const ATTR: u64 = 0xff << 8;
/// `high` in the VOP3 SRC0 field.
pub const HIGH: u16 = 1 << 8;
/// The largest attribute number llvm-mc assembles.
pub const MAX_ATTR: u32 = 32;

/// Whether a row is a VOP3-encoded interpolation (its SRC0 holds an attribute).
pub fn is_interp(d: &OpDesc) -> bool {
    d.fmt == Fmt::Vop3 && d.sig().iter().any(|s| s.role == Role::Attr)
}

/// The attribute of an interpolation instruction: (number, channel, high).
pub fn attr(i: &Inst) -> (u32, u32, bool) {
    match i.enc {
        Enc::Vintrp => {
            let f = i.fields as u32;
            (bits(f, 15, 10), bits(f, 9, 8), false)
        }
        _ => {
            let s = i.src[0] as u32;
            (bits(s, 5, 0), bits(s, 7, 6), s & HIGH as u32 != 0)
        }
    }
}

/// The slot of v_interp_mov_f32 (0 = p10, 1 = p20, 2 = p0).
pub fn slot(i: &Inst) -> u16 {
    match i.enc {
        Enc::Vintrp => i.src[0],
        _ => i.src[1],
    }
}

/// Checks the attribute and slot operands of a VINTRP or VOP3 interpolation row.
pub fn check_operands(i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let (n, _, high) = attr(i);
    if n > MAX_ATTR {
        return Err(EncodeError::new(
            "out of bounds interpolation attribute number",
        ));
    }
    if high && !d.has(flags::HIGH) {
        return Err(EncodeError::new(
            "high is not supported by this instruction",
        ));
    }
    if i.enc == Enc::Vop3 && i.src[0] > 0x1ff {
        return Err(EncodeError::new("invalid attribute field"));
    }
    if d.sig().iter().any(|s| s.role == Role::Param) && slot(i) > 2 {
        return Err(EncodeError::new("invalid interpolation slot"));
    }
    Ok(())
}

pub(super) fn decode(target: Target, w: u32) -> Result<Inst, DecodeError> {
    let mut i = Inst::new(op(target, Fmt::Vintrp, bits(w, 17, 16))?, Enc::Vintrp);
    let param = i.desc().sig().iter().any(|s| s.role == Role::Param);
    i.dst = VGPR0 + bits(w, 25, 18) as u16;
    i.src[0] = bits(w, 7, 0) as u16 + if param { 0 } else { VGPR0 };
    i.fields = w as u64 & ATTR;
    Ok(i)
}

/// The VINTRP encoding bits `[31:26]`: 110010 on gfx6/gfx7, 110101 later.
pub fn enc_bits(gen: crate::target::Gen) -> u32 {
    if gen.before_gfx8() {
        0b11_0010
    } else {
        0b11_0101
    }
}

pub(super) fn encode(gen: crate::target::Gen, i: &Inst, opc: u32) -> u32 {
    let r = |c: u16| (c & 0xff) as u32;
    enc_bits(gen) << 26 | r(i.dst) << 18 | opc << 16 | (i.fields & ATTR) as u32 | r(i.src[0])
}

pub(super) fn check(_target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    if i.fields & !ATTR != 0 {
        return bad("invalid VINTRP bits");
    }
    for s in d.sig() {
        let ok = match s.role {
            Role::Vd => i.dst >= VGPR0,
            Role::Src0 => i.src[0] >= VGPR0,
            Role::Param | Role::Attr => true,
            _ => return bad("operand not encodable in VINTRP"),
        };
        if !ok {
            return bad("operand must be a VGPR");
        }
    }
    check_operands(i)?;
    if i.src[1] != 0
        || i.src[2] != 0
        || i.sdst != 0
        || i.imm != 0
        || i.lit != 0
        || i.smem != 0
        || !i.mods.is_none()
    {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}
