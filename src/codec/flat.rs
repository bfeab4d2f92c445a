//! FLAT, GLOBAL and SCRATCH (gfx9 layout); the segment field picks the table.
//!
//! ```text
//! dword 0: ENC[31:26]=110111 OP[24:18] SLC[17] GLC[16] SEG[15:14] LDS[13] OFFSET[12:0]
//! dword 1: VDST[31:24] NV[23] SADDR[22:16] DATA[15:8] ADDR[7:0]
//! ```
//! SEG: 0 flat, 1 scratch, 2 global. `Inst`: dst = VDST, src = [ADDR, DATA, SADDR
//! (7-bit operand code, 0x7f = off)]; OFFSET, LDS, GLC, SLC and NV stay in `fields`.
//!
//! gfx90a and later: `NV[55]` is ACC (data and destination are AGPRs: not a field, it
//! follows from those operands being AGPR codes), bit 25 is a third cache bit (gfx90a
//! `scc`, gfx940 `sc1`); gfx90a keeps `LDS[13]` (global and scratch loads, as llvm-mc
//! 22 takes them), gfx940 has none: there bit 13 of SCRATCH is SVE (the VGPR address
//! is used), again derived from the operands. gfx940 calls GLC `sc0` and
//! SLC `nt`.

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{Fmt, Role};
use crate::operand_code::{self, is_agpr, is_vgpr, AGPR0, EXEC_LO};
use crate::target::{Gen, Target};

pub use crate::inst::fields::flat::*;

/// The modifier bits kept in `fields` on `target`.
pub fn field_mask(target: Target) -> u64 {
    if target.gen.before_gfx9() {
        // gfx7/gfx8 FLAT: no offset, no lds.
        GLC | SLC
    } else if target.gen == Gen::Gfx940 {
        OFFSET | GLC | SLC | SC1
    } else if target.gen == Gen::Gfx90a {
        OFFSET | LDS | GLC | SLC | SC1
    } else {
        OFFSET | LDS | GLC | SLC
    }
}

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    let cdna2 = target.acc_mem();
    if bits(w0, 25, 25) != 0 && !cdna2 {
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
    let sve = target.gen == Gen::Gfx940 && enc == Enc::Scratch && raw & SVE != 0;
    if target.gen == Gen::Gfx940 && raw & LDS != 0 && !sve {
        return Err(DecodeError::Invalid("reserved FLAT bit 13 set"));
    }
    let acc = cdna2 && raw & ACC != 0;
    i.fields = raw & if cdna2 { field_mask(target) } else { MASK };
    let (ops, n) = crate::inst::access::slots(&i);
    let has = |r: Role| ops[..n].iter().flatten().any(|s| s.role == r);
    if acc && !has(Role::Vd) && !has(Role::Vdata) {
        return Err(DecodeError::Invalid("FLAT ACC bit without data registers"));
    }
    i.src[2] = bits(w1, 22, 16) as u16;
    let vgpr = |used: bool, v: u32| if used { VGPR0 + v as u16 } else { v as u16 };
    let data = |used: bool, v: u32| {
        if used && acc {
            AGPR0 + v as u16
        } else {
            vgpr(used, v)
        }
    };
    i.dst = data(has(Role::Vd), bits(w1, 31, 24));
    i.src[1] = data(has(Role::Vdata), bits(w1, 15, 8));
    let addr_used = match enc {
        Enc::Scratch if target.gen == Gen::Gfx940 => sve,
        Enc::Scratch => i.src[2] == SADDR_OFF,
        _ => true,
    };
    i.src[0] = vgpr(has(Role::Vaddr) && addr_used, bits(w1, 7, 0));
    Ok(i)
}

pub(super) fn encode(target: Target, i: &Inst, opc: u32) -> (u32, u32) {
    let seg = match i.enc {
        Enc::Scratch => 1,
        Enc::Global => 2,
        _ => 0,
    };
    let sve = target.gen == Gen::Gfx940 && i.enc == Enc::Scratch && is_vgpr(i.src[0]);
    let acc = is_agpr(i.dst) || is_agpr(i.src[1]);
    let f = i.fields | if sve { SVE } else { 0 } | if acc { ACC } else { 0 };
    let w0 = 0b11_0111 << 26 | opc << 18 | seg << 14 | f as u32;
    let w1 = (f >> 32) as u32
        | ((i.dst as u32) & 0xff) << 24
        | ((i.src[2] as u32) & 0x7f) << 16
        | ((i.src[1] as u32) & 0xff) << 8
        | (i.src[0] as u32) & 0xff;
    (w0, w1)
}

/// Whether SADDR code `saddr` is one `enc` takes on `target`: FLAT has none (the
/// field is zero), GLOBAL an SGPR pair (not exec: llvm-mc refuses it, and its
/// decoder calls it invalid there) or `off`, SCRATCH an SGPR or `off`.
pub(crate) fn saddr_valid(target: Target, enc: Enc, saddr: u16) -> bool {
    let sgprs = |dwords| saddr < 128 && operand_code::reg_valid(target, saddr, dwords);
    match enc {
        Enc::Flat => saddr == 0,
        Enc::Global => saddr == SADDR_OFF || (saddr != EXEC_LO && sgprs(2)),
        Enc::Scratch => saddr == SADDR_OFF || sgprs(1),
        _ => true,
    }
}

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    // NV has no syntax on gfx9 (llvm-mc prints the data as an invalid AGPR).
    if i.fields & !field_mask(target) != 0 {
        return bad("invalid FLAT modifier bits");
    }
    let acc = is_agpr(i.dst) || is_agpr(i.src[1]);
    if acc && !target.acc_mem() {
        return bad("AGPR data is not supported on this GPU");
    }
    let data_ok = |c: u16, n: u8| {
        (if acc { is_agpr(c) } else { is_vgpr(c) }) && operand_code::reg_valid_for(target, c, n)
    };
    let (mut dst_used, mut data_used, mut addr_used) = (false, false, false);
    if !saddr_valid(target, i.enc, i.src[2]) {
        return bad(match i.enc {
            Enc::Flat => "FLAT instructions have no saddr",
            _ => "invalid saddr",
        });
    }
    let (ops, n) = crate::inst::access::slots(i);
    for s in ops[..n].iter().flatten() {
        match s.role {
            Role::Vd => {
                dst_used = true;
                if !data_ok(i.dst, s.ty.dwords()) {
                    return bad("invalid vector register");
                }
            }
            Role::Vdata => {
                data_used = true;
                if !data_ok(i.src[1], s.ty.dwords()) {
                    return bad("invalid vector register");
                }
            }
            Role::Vaddr => {
                if vaddr_used(i) {
                    addr_used = true;
                    if !is_vgpr(i.src[0])
                        || !operand_code::reg_valid_for(target, i.src[0], vaddr_dwords(i))
                    {
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
    if target.gen == Gen::Gfx90a && d.has(crate::isa::flags::NO_SCC) && i.fields & SC1 != 0 {
        return bad("scc is not supported by this instruction");
    }
    // noret atomics (gfx908 f32 adds) have no returning form.
    if d.has(crate::isa::flags::NORET) && i.fields & GLC != 0 {
        return bad("instruction must not use glc");
    }
    if i.fields & LDS != 0 && (i.enc == Enc::Flat || !d.has(crate::isa::flags::LDS)) {
        return bad("lds is not supported by this instruction");
    }
    // Before gfx940, SCRATCH addresses come from exactly one of vaddr and saddr.
    if i.enc == Enc::Scratch
        && target.gen != Gen::Gfx940
        && d.sig().iter().any(|s| s.role == Role::Vaddr)
        && (i.src[2] == SADDR_OFF) != is_vgpr(i.src[0])
    {
        return bad("scratch takes one of a VGPR and an SGPR address");
    }
    if i.sdst != 0 || i.imm != 0 || i.lit != 0 || i.smem != 0 || !i.mods.is_none() {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}
