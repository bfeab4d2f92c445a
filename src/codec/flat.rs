//! FLAT, GLOBAL and SCRATCH (gfx9 layout); the segment field picks the table.
//!
//! ```text
//! dword 0: ENC[31:26]=110111 OP[24:18] SLC[17] GLC[16] SEG[15:14] LDS[13] OFFSET[12:0]
//! dword 1: VDST[31:24] NV[23] SADDR[22:16] DATA[15:8] ADDR[7:0]
//! ```
//! SEG: 0 flat, 1 scratch, 2 global. `Inst`: dst = VDST, src = [ADDR, DATA, SADDR
//! (7-bit operand code, 0x7f = off)]; OFFSET, LDS, GLC, SLC and NV stay in `fields`.

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{Fmt, Role};
use crate::operand;
use crate::target::Target;

pub const OFFSET: u64 = 0x1fff;
pub const LDS: u64 = 1 << 13;
pub const GLC: u64 = 1 << 16;
pub const SLC: u64 = 1 << 17;
pub const NV: u64 = 1 << 55;
pub const MASK: u64 = OFFSET | LDS | GLC | SLC | NV;
/// SADDR value meaning `off`.
pub const SADDR_OFF: u16 = 0x7f;

/// Whether the address VGPRs are used: not for SCRATCH with an SGPR address.
pub fn vaddr_used(i: &Inst) -> bool {
    !(i.enc == Enc::Scratch && i.src[2] != SADDR_OFF)
}

/// Width of ADDR: 64-bit for FLAT, and for GLOBAL without SADDR; 32-bit otherwise.
pub fn vaddr_dwords(i: &Inst) -> u8 {
    match i.enc {
        Enc::Flat => 2,
        Enc::Global if i.src[2] == SADDR_OFF => 2,
        _ => 1,
    }
}

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    if bits(w0, 25, 25) != 0 {
        return Err(DecodeError::Invalid("reserved FLAT bit 25 set"));
    }
    let (fmt, enc) = match bits(w0, 15, 14) {
        0 => (Fmt::Flat, Enc::Flat),
        1 => (Fmt::Scratch, Enc::Scratch),
        2 => (Fmt::Global, Enc::Global),
        _ => return Err(DecodeError::Invalid("reserved FLAT segment")),
    };
    let mut i = Inst::new(op(target, fmt, bits(w0, 24, 18))?, enc);
    let raw = (w0 as u64) | (w1 as u64) << 32;
    i.fields = raw & MASK;
    let (ops, n) = crate::syntax::buf::operands_of(&i);
    let has = |r: Role| ops[..n].iter().flatten().any(|s| s.role == r);
    i.src[2] = bits(w1, 22, 16) as u16;
    let vgpr = |used: bool, v: u32| if used { VGPR0 + v as u16 } else { v as u16 };
    i.dst = vgpr(has(Role::Vd), bits(w1, 31, 24));
    i.src[1] = vgpr(has(Role::Vdata), bits(w1, 15, 8));
    i.src[0] = vgpr(has(Role::Vaddr) && vaddr_used(&i), bits(w1, 7, 0));
    Ok(i)
}

pub(super) fn encode(i: &Inst, opc: u32) -> (u32, u32) {
    let seg = match i.enc {
        Enc::Scratch => 1,
        Enc::Global => 2,
        _ => 0,
    };
    let f = i.fields & MASK;
    let w0 = 0b11_0111 << 26 | opc << 18 | seg << 14 | f as u32;
    let w1 = (f >> 32) as u32
        | ((i.dst as u32) & 0xff) << 24
        | ((i.src[2] as u32) & 0x7f) << 16
        | ((i.src[1] as u32) & 0xff) << 8
        | (i.src[0] as u32) & 0xff;
    (w0, w1)
}

pub(super) fn check(i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError(why));
    // NV has no syntax on gfx9 (llvm-mc prints the data as an invalid AGPR).
    if i.fields & !MASK != 0 || i.fields & NV != 0 {
        return bad("invalid FLAT modifier bits");
    }
    let (mut dst_used, mut data_used, mut addr_used) = (false, false, false);
    let saddr = i.src[2];
    match i.enc {
        // FLAT has no SADDR: the field is zero.
        Enc::Flat if saddr != 0 => return bad("FLAT instructions have no saddr"),
        Enc::Flat => {}
        Enc::Global if saddr != SADDR_OFF && !(saddr < 128 && operand::reg_valid(saddr, 2)) => {
            return bad("invalid saddr")
        }
        Enc::Scratch if saddr != SADDR_OFF && !(saddr < 128 && operand::reg_valid(saddr, 1)) => {
            return bad("invalid saddr")
        }
        _ => {}
    }
    let (ops, n) = crate::syntax::buf::operands_of(i);
    for s in ops[..n].iter().flatten() {
        match s.role {
            Role::Vd => {
                dst_used = true;
                if i.dst < VGPR0 || !operand::reg_valid(i.dst, s.ty.dwords()) {
                    return bad("invalid vector register");
                }
            }
            Role::Vdata => {
                data_used = true;
                if i.src[1] < VGPR0 || !operand::reg_valid(i.src[1], s.ty.dwords()) {
                    return bad("invalid vector register");
                }
            }
            Role::Vaddr => {
                if vaddr_used(i) {
                    addr_used = true;
                    if i.src[0] < VGPR0 || !operand::reg_valid(i.src[0], vaddr_dwords(i)) {
                        return bad("invalid address register");
                    }
                }
            }
            Role::Saddr => {}
            _ => return bad("operand not encodable in FLAT"),
        }
    }
    if (!dst_used && i.dst != 0) || (!data_used && i.src[1] != 0) || (!addr_used && i.src[0] != 0) {
        return bad("non-zero bits in a field the instruction does not use");
    }
    // FLAT offsets are 12-bit unsigned on gfx9 (bit 12 unused); GLOBAL/SCRATCH 13-bit signed.
    if i.enc == Enc::Flat && i.fields & (1 << 12) != 0 {
        return bad("FLAT offset bit 12 set");
    }
    if i.fields & LDS != 0 && (i.enc == Enc::Flat || !d.has(crate::isa::flags::LDS)) {
        return bad("lds is not supported by this instruction");
    }
    // SCRATCH addresses come from exactly one of vaddr and saddr.
    if i.enc == Enc::Scratch
        && d.sig.iter().any(|s| s.role == Role::Vaddr)
        && i.src[2] != SADDR_OFF
        && i.src[0] != 0
    {
        return bad("scratch with both vaddr and saddr");
    }
    if i.sdst != 0 || i.imm != 0 || i.lit != 0 || i.smem != 0 || i.mods != Default::default() {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}
