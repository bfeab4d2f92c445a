//! MIMG: image memory instructions (gfx9 layout).
//!
//! ```text
//! dword 0: ENC[31:26]=111100 SLC[25] OP[24:18] LWE[17] TFE[16] A16[15] DA[14] GLC[13]
//!          UNORM[12] DMASK[11:8] (bits 7:0 must be zero, but for gfx90a's SCC[7])
//! dword 1: D16[31] (bits 30:26 must be zero) SSAMP[25:21] SRSRC[20:16] VDATA[15:8] VADDR[7:0]
//! ```
//! `Inst`: dst = VDATA, src = [VADDR (as `VGPR0 + n`), SRSRC, SSAMP (SGPR or TTMP codes,
//! the fields hold them divided by 4)]; the flags and DMASK stay in `fields` at their
//! encoding positions (D16 at bit 63).
//!
//! The width of VDATA is not encoded: it follows from DMASK, D16 and TFE (see
//! [`data_dwords`]). The width of VADDR is not encoded either; the text shows the
//! smallest one the instruction takes (its signature type).

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{flags, Fmt, OpDesc, Role};
use crate::operand_code;
use crate::operand_code::AGPR0;
use crate::target::{Gen, Target};

pub use crate::inst::fields::mimg::*;

/// gfx90a's `scc` cache-policy bit (bit 7 of dword 0, reserved on the other targets).
pub const SCC: u64 = 1 << 7;

/// The modifier bits of `gen`'s MIMG.
pub fn mask(gen: Gen) -> u64 {
    if gen == Gen::Gfx90a {
        MASK | SCC
    } else {
        MASK
    }
}

/// The rules of dmask, d16 and tfe llvm-mc's assembler enforces (the decoder refuses
/// what breaks them, since their text would not assemble back).
pub fn fields_ok(gen: Gen, d: &OpDesc, fields: u64) -> Result<(), &'static str> {
    let dm = dmask(fields);
    let d16 = fields & D16 != 0;
    if d16 && gen.before_gfx8() {
        return Err("d16 modifier is not supported on this GPU");
    }
    if d16 && d.has(flags::NO_D16 | flags::ATOMIC) {
        return Err("d16 is not supported by this instruction");
    }
    if d.has(flags::ATOMIC) {
        let ok = if d.has(flags::CMPSWAP) {
            dm == 0x3 || dm == 0xf
        } else {
            dm == 0x1 || dm == 0x3
        };
        if !ok {
            return Err("invalid atomic image dmask");
        }
    }
    if d.has(flags::GATHER4) {
        if dm.count_ones() != 1 {
            return Err("invalid image_gather dmask: only one bit must be set");
        }
        if d16 && fields & TFE != 0 {
            return Err("image_gather with d16 and tfe has no register form");
        }
    }
    Ok(())
}

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    let scc = if target.gen == Gen::Gfx90a { 0x80 } else { 0 };
    if bits(w0, 7, 0) & !scc != 0 || bits(w1, 30, 26) != 0 {
        return Err(DecodeError::Invalid("reserved MIMG bits set"));
    }
    let mut i = Inst::new(op(target, Fmt::Mimg, bits(w0, 24, 18))?, Enc::Mimg);
    i.fields = ((w0 as u64) | (w1 as u64) << 32) & mask(target.gen);
    // gfx90a: bit 16 is ACC (VDATA names AGPRs), not TFE.
    let acc = target.acc_mem() && i.fields & TFE != 0;
    if acc {
        i.fields &= !TFE;
    }
    i.dst = if acc { AGPR0 } else { VGPR0 } + bits(w1, 15, 8) as u16;
    i.src = [
        VGPR0 + bits(w1, 7, 0) as u16,
        (bits(w1, 20, 16) << 2) as u16,
        (bits(w1, 25, 21) << 2) as u16,
    ];
    Ok(i)
}

pub(super) fn encode(i: &Inst, opc: u32) -> (u32, u32) {
    let f = i.fields & (MASK | SCC) | if operand_code::is_agpr(i.dst) { TFE } else { 0 };
    let r = |c: u16| (c & 0xff) as u32;
    let w0 = 0b11_1100 << 26 | opc << 18 | f as u32;
    let w1 = (f >> 32) as u32
        | (i.src[2] as u32 >> 2 & 0x1f) << 21
        | (i.src[1] as u32 >> 2 & 0x1f) << 16
        | r(i.dst) << 8
        | r(i.src[0]);
    (w0, w1)
}

/// A resource or sampler descriptor: `dwords` SGPRs or TTMPs at a multiple of 4.
fn descriptor_ok(target: Target, code: u16, dwords: u8) -> bool {
    code < 128 && code.is_multiple_of(4) && operand_code::reg_valid(target, code, dwords)
}

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    let cdna2 = target.acc_mem();
    if i.fields & !mask(target.gen) != 0 || cdna2 && i.fields & TFE != 0 {
        return bad("invalid image modifier bits");
    }
    if operand_code::is_agpr(i.dst) && !cdna2 {
        return bad("AGPR data is not supported on this GPU");
    }
    fields_ok(target.gen, d, i.fields).map_err(EncodeError::new)?;
    let mut samp_used = false;
    for s in d.sig() {
        let ok = match s.role {
            Role::Vd | Role::Vdata => {
                i.dst >= VGPR0
                    && operand_code::reg_valid_for(
                        target,
                        i.dst,
                        data_dwords(target.packed_d16(), d, i.fields),
                    )
            }
            Role::Vaddr => {
                operand_code::is_vgpr(i.src[0])
                    && operand_code::reg_valid_for(target, i.src[0], s.ty.dwords())
            }
            Role::Srsrc => descriptor_ok(target, i.src[1], 8),
            Role::Ssamp => {
                samp_used = true;
                descriptor_ok(target, i.src[2], 4)
            }
            _ => return bad("operand not encodable in MIMG"),
        };
        if !ok {
            return bad("invalid image operand");
        }
    }
    if !samp_used && i.src[2] != 0 {
        return bad("non-zero bits in a field the instruction does not use");
    }
    if i.sdst != 0 || i.imm != 0 || i.lit != 0 || i.smem != 0 || !i.mods.is_none() {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}
