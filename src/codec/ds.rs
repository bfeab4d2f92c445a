//! DS: local and global data share instructions.
//!
//! ```text
//! dword 0: ENC[31:26]=110110 OP[24:17] GDS[16] OFFSET1[15:8] OFFSET0[7:0]
//! dword 1: VDST[31:24] DATA1[23:16] DATA0[15:8] ADDR[7:0]
//! ```
//! `Inst`: dst = VDST, src = [ADDR, DATA0, DATA1] (all as `VGPR0 + n`); the offsets
//! and GDS stay in `fields` at their encoding positions.

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{flags, Fmt, Role};
use crate::operand;
use crate::target::Target;

/// GDS bit in `Inst::fields`.
pub const GDS: u64 = 1 << 16;
/// OFFSET0/OFFSET1 (or the 16-bit offset) in `Inst::fields`.
pub const OFFSET: u64 = 0xffff;

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    if bits(w0, 25, 25) != 0 {
        return Err(DecodeError::Invalid("reserved DS bit set"));
    }
    let mut i = Inst::new(op(target, Fmt::Ds, bits(w0, 24, 17))?, Enc::Ds);
    let d = i.desc();
    let has = |r: Role| d.sig.iter().any(|s| s.role == r);
    // Register fields keep raw bits when unused, so that `check` sees them.
    let vgpr = |used: bool, v: u32| if used { VGPR0 + v as u16 } else { v as u16 };
    i.dst = vgpr(has(Role::Vd), bits(w1, 31, 24));
    i.src = [
        vgpr(has(Role::Vaddr), bits(w1, 7, 0)),
        vgpr(has(Role::Vdata), bits(w1, 15, 8)),
        vgpr(has(Role::Vdata1), bits(w1, 23, 16)),
    ];
    i.fields = (w0 as u64) & (GDS | OFFSET);
    Ok(i)
}

pub(super) fn encode(i: &Inst, opc: u32) -> (u32, u32) {
    let r = |c: u16| (c & 0xff) as u32;
    let w0 = 0b11_0110 << 26 | opc << 17 | (i.fields & (GDS | OFFSET)) as u32;
    let w1 = r(i.dst) << 24 | r(i.src[2]) << 16 | r(i.src[1]) << 8 | r(i.src[0]);
    (w0, w1)
}

pub(super) fn check(i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError(why));
    let mut used = [false; 4]; // src0..2, dst
    for s in d.sig {
        let (k, v) = match s.role {
            Role::Vd => (3, i.dst),
            Role::Vaddr => (0, i.src[0]),
            Role::Vdata => (1, i.src[1]),
            Role::Vdata1 => (2, i.src[2]),
            _ => return bad("operand not encodable in DS"),
        };
        used[k] = true;
        if v < VGPR0 || !operand::reg_valid(v, s.ty.dwords()) {
            return bad("invalid vector register");
        }
    }
    let regs = [i.src[0], i.src[1], i.src[2], i.dst];
    if regs.iter().zip(used).any(|(v, u)| !u && *v != 0) {
        return bad("non-zero bits in a field the instruction does not use");
    }
    let gds = i.fields & GDS != 0;
    if (d.has(flags::GDS_ONLY) && !gds) || (d.has(flags::NO_GDS) && gds) {
        return bad("gds is not valid here");
    }
    if d.has(flags::SWIZZLE) && !crate::syntax::ds::swizzle_canonical((i.fields & OFFSET) as u16) {
        return bad("swizzle pattern with an ambiguous encoding");
    }
    if d.sig.is_empty() && !d.has(flags::GDS_ONLY) && i.fields != 0 {
        return bad("ds_nop takes no offset or gds");
    }
    if i.fields & !(GDS | OFFSET) != 0 {
        return bad("invalid DS modifier bits");
    }
    if i.sdst != 0 || i.imm != 0 || i.lit != 0 || i.smem != 0 || i.mods != Default::default() {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}
