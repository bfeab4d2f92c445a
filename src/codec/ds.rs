//! DS: local and global data share instructions.
//!
//! ```text
//! dword 0: ENC[31:26]=110110 ACC[25] (gfx90a+) OP[24:17] GDS[16] OFFSET1[15:8] OFFSET0[7:0]
//! dword 1: VDST[31:24] DATA1[23:16] DATA0[15:8] ADDR[7:0]
//! ```
//! `Inst`: dst = VDST, src = [ADDR, DATA0, DATA1] (all as `VGPR0 + n`); the offsets
//! and GDS stay in `fields` at their encoding positions. ACC (gfx90a and later: the
//! data and destination are AGPRs) is not a field: it is set when those operands are
//! AGPR codes.

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{flags, Fmt, Role};
use crate::operand_code;
use crate::operand_code::{is_agpr, AGPR0};
use crate::target::Target;

pub use crate::inst::fields::ds::*;

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    // (Normalized to the gfx8 layout: GDS at bit 16, OP at 24:17.)
    let w0 = if target.gen.before_gfx8() {
        if bits(w0, 16, 16) != 0 {
            return Err(DecodeError::Invalid("reserved DS bit set"));
        }
        (w0 & 0xfc00_ffff) | bits(w0, 25, 17) << 16
    } else {
        w0
    };
    let acc = bits(w0, 25, 25) != 0;
    if acc && !target.acc_mem() {
        return Err(DecodeError::Invalid("reserved DS bit set"));
    }
    let mut i = Inst::new(op(target, Fmt::Ds, bits(w0, 24, 17))?, Enc::Ds);
    let d = i.desc();
    let has = |r: Role| d.sig().iter().any(|s| s.role == r);
    // The ds_gws_* data sits in ADDR.
    let gws = d.has(flags::GDS_ONLY);
    let has_data = has(Role::Vd) || has(Role::Vdata) || gws && has(Role::Vaddr);
    if acc && !has_data {
        return Err(DecodeError::Invalid("DS ACC bit without data registers"));
    }
    // Register fields keep raw bits when unused, so that `check` sees them.
    let vgpr = |used: bool, v: u32| if used { VGPR0 + v as u16 } else { v as u16 };
    let data = |used: bool, v: u32| match (used, acc) {
        (true, true) => AGPR0 + v as u16,
        _ => vgpr(used, v),
    };
    i.dst = data(has(Role::Vd), bits(w1, 31, 24));
    i.src = [
        if gws {
            data(has(Role::Vaddr), bits(w1, 7, 0))
        } else {
            vgpr(has(Role::Vaddr), bits(w1, 7, 0))
        },
        data(has(Role::Vdata), bits(w1, 15, 8)),
        data(has(Role::Vdata1), bits(w1, 23, 16)),
    ];
    i.fields = (w0 as u64) & (GDS | OFFSET);
    Ok(i)
}

pub(super) fn encode(gen: crate::target::Gen, i: &Inst, opc: u32) -> (u32, u32) {
    let r = |c: u16| (c & 0xff) as u32;
    let acc = [i.dst, i.src[0], i.src[1], i.src[2]]
        .iter()
        .any(|&c| is_agpr(c)) as u32;
    let w0 = if gen.before_gfx8() {
        0b11_0110 << 26 | opc << 18 | ((i.fields & GDS) as u32) << 1 | (i.fields & OFFSET) as u32
    } else {
        0b11_0110 << 26 | acc << 25 | opc << 17 | (i.fields & (GDS | OFFSET)) as u32
    };
    let w1 = r(i.dst) << 24 | r(i.src[2]) << 16 | r(i.src[1]) << 8 | r(i.src[0]);
    (w0, w1)
}

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    let mut used = [false; 4]; // src0..2, dst
                               // Data and destination are all VGPRs or (gfx90a+) all AGPRs; the address is a VGPR
                               // (except for ds_gws_*, whose data sits in ADDR).
    let gws = d.has(flags::GDS_ONLY);
    let acc = [i.dst, i.src[0], i.src[1], i.src[2]]
        .iter()
        .any(|&c| is_agpr(c));
    if acc && !target.acc_mem() {
        return bad("AGPR data is not supported on this GPU");
    }
    for s in d.sig() {
        let (k, v) = match s.role {
            Role::Vd => (3, i.dst),
            Role::Vaddr => (0, i.src[0]),
            Role::Vdata => (1, i.src[1]),
            Role::Vdata1 => (2, i.src[2]),
            _ => return bad("operand not encodable in DS"),
        };
        used[k] = true;
        let file_ok = if acc && (k != 0 || gws) {
            is_agpr(v)
        } else {
            operand_code::is_vgpr(v)
        };
        if !file_ok || !operand_code::reg_valid_for(target, v, s.ty.dwords()) {
            return bad("invalid vector register");
        }
    }
    let regs = [i.src[0], i.src[1], i.src[2], i.dst];
    if regs.iter().zip(used).any(|(v, u)| !u && *v != 0) {
        return bad("non-zero bits in a field the instruction does not use");
    }
    // gfx90a+: the GWS data register is even (it is read as a pair).
    if gws && target.even_tuples() && used[0] && !i.src[0].is_multiple_of(2) {
        return bad("vgpr must be even aligned");
    }
    let gds = i.fields & GDS != 0;
    // gfx90a+ has GDS only for ds_gws_*.
    if gds && target.acc_mem() && !d.has(flags::GDS_ONLY) {
        return Err(EncodeError::NO_GDS);
    }
    if (d.has(flags::GDS_ONLY) && !gds) || (d.has(flags::NO_GDS) && gds) {
        return bad("gds is not valid here");
    }
    if d.has(flags::SWIZZLE) && !swizzle_canonical((i.fields & OFFSET) as u16) {
        return bad("swizzle pattern with an ambiguous encoding");
    }
    if d.sig().is_empty() && !d.has(flags::GDS_ONLY) && i.fields != 0 {
        return bad("ds_nop takes no offset or gds");
    }
    if i.fields & !(GDS | OFFSET) != 0 {
        return bad("invalid DS modifier bits");
    }
    if i.sdst != 0 || i.imm != 0 || i.lit != 0 || i.smem != 0 || !i.mods.is_none() {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}

/// Whether a ds_swizzle_b32 offset has one spelling that reads back as itself: the
/// FFT and ROTATE modes ignore some bits (which must then be zero), and the bitmask
/// mode spells each lane-id bit as one of 0, 1, p (keep) or i (invert), i.e. its
/// (and, or, xor) mask bits are one of (0,0,0), (0,1,0), (1,0,0) or (1,0,1).
pub fn swizzle_canonical(v: u16) -> bool {
    match v {
        0xe000.. => v & 0x1fe0 == 0,
        0xc000.. => v & 0x181f == 0,
        0x8000.. => true,
        _ => (0..5).all(|b| {
            let bit = |k: u16| (v >> (k * 5 + b)) & 1;
            matches!(
                (bit(0), bit(1), bit(2)),
                (0, 0, 0) | (0, 1, 0) | (1, 0, 0) | (1, 0, 1)
            )
        }),
    }
}
