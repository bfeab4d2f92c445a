//! MUBUF and MTBUF (gfx8/gfx9 layout): untyped and typed buffer memory.
//!
//! ```text
//! MUBUF dword 0: ENC[31:26]=111000 OP[24:18] SLC[17] LDS[16] GLC[14] IDXEN[13] OFFEN[12] OFFSET[11:0]
//! MTBUF dword 0: ENC[31:26]=111010 NFMT[25:23] DFMT[22:19] OP[18:15] GLC[14] IDXEN[13] OFFEN[12] OFFSET[11:0]
//!       dword 1: SOFFSET[31:24] TFE[23] (MTBUF: SLC[22]) SRSRC[20:16] VDATA[15:8] VADDR[7:0]
//! ```
//! `Inst`: dst = VDATA, src = [VADDR, SRSRC (SGPR number), SOFFSET (operand code)];
//! OFFSET, OFFEN, IDXEN, GLC, LDS/DFMT/NFMT, SLC and TFE stay in `fields`.
//!
//! gfx6/gfx7: bit 15 is ADDR64 (VADDR is a 64-bit address pair), MUBUF's SLC sits at
//! bit 54 as MTBUF's does, and MTBUF's OP is 3 bits, 18:16.
//!
//! gfx90a and later: bit 55 is ACC (VDATA names AGPRs; not a field, it follows from the
//! data operand being an AGPR code) instead of TFE, and a third cache bit appears
//! (gfx90a `scc`, gfx940 `sc1`): MUBUF bit 15, MTBUF bit 53. gfx940 calls GLC `sc0`
//! and SLC `nt`.

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst, LITERAL, VGPR0};
use crate::isa::{flags, Fmt, Role};
use crate::operand_code::{self, is_agpr, AGPR0};
use crate::target::Target;

pub use crate::inst::fields::mubuf::*;

/// The SLC bit of `enc` on `gen`.
pub fn slc_bit(gen: crate::target::Gen, enc: Enc) -> u64 {
    if enc == Enc::Mtbuf || gen.before_gfx8() {
        MTBUF_SLC
    } else {
        SLC
    }
}

/// The modifier bits of each format on `target`.
pub fn field_mask(target: Target, enc: Enc) -> u64 {
    let cdna2 = target.acc_mem();
    if target.gen.before_gfx8() {
        let common = OFFSET | OFFEN | IDXEN | GLC | ADDR64 | MTBUF_SLC;
        return match enc {
            Enc::Mtbuf => common | MTBUF_DFMT | MTBUF_NFMT,
            _ => common | LDS | TFE,
        };
    }
    match enc {
        // MTBUF has no tfe.
        Enc::Mtbuf if cdna2 => {
            OFFSET | OFFEN | IDXEN | GLC | MTBUF_DFMT | MTBUF_NFMT | MTBUF_SLC | MTBUF_SC1
        }
        Enc::Mtbuf => OFFSET | OFFEN | IDXEN | GLC | MTBUF_DFMT | MTBUF_NFMT | MTBUF_SLC,
        _ if cdna2 => OFFSET | OFFEN | IDXEN | GLC | SC1 | LDS | SLC,
        _ => OFFSET | OFFEN | IDXEN | GLC | LDS | SLC | TFE,
    }
}

pub(super) fn decode(target: Target, w0: u32, w1: u32, enc: Enc) -> Result<Inst, DecodeError> {
    let (fmt, opcode) = match enc {
        Enc::Mtbuf if target.gen.before_gfx8() => (Fmt::Mtbuf, bits(w0, 18, 16)),
        Enc::Mtbuf => (Fmt::Mtbuf, bits(w0, 18, 15)),
        _ => (Fmt::Mubuf, bits(w0, 24, 18)),
    };
    let mut i = Inst::new(op(target, fmt, opcode)?, enc);
    let raw = (w0 as u64) | (w1 as u64) << 32;
    let mask = field_mask(target, enc);
    i.fields = raw & mask;
    let acc = target.acc_mem() && raw & ACC != 0;
    // Every bit that is neither a field of this generation nor the encoding, opcode or
    // a register field is unused (e.g. ADDR64 after gfx7, bit 17 on gfx6/7 MUBUF).
    let op_bits: u64 = match enc {
        Enc::Mtbuf if target.gen.before_gfx8() => 0x7 << 16,
        Enc::Mtbuf => 0xf << 15,
        _ => 0x7f << 18,
    };
    let regs: u64 = 0xff << 32 | 0xff << 40 | 0x1f << 48 | 0xff << 56;
    let acc_bit = if target.acc_mem() { ACC } else { 0 };
    let unused = raw & !(0x3f << 26 | op_bits | regs | mask | acc_bit);
    if unused != 0 {
        return Err(DecodeError::Invalid("reserved buffer bits set"));
    }
    // With `lds` the data goes to LDS: no data register.
    let (ops, n) = crate::inst::access::slots(&i);
    let has_data = ops[..n]
        .iter()
        .flatten()
        .any(|s| matches!(s.role, Role::Vd | Role::Vdata));
    if acc && !has_data {
        return Err(DecodeError::Invalid(
            "buffer ACC bit without data registers",
        ));
    }
    i.dst = match (has_data, acc) {
        (true, true) => AGPR0,
        (true, false) => VGPR0,
        _ => 0,
    } + bits(w1, 15, 8) as u16;
    let vaddr = bits(w1, 7, 0) as u16;
    i.src = [
        if vaddr_dwords(target.gen, i.fields) > 0 {
            VGPR0 + vaddr
        } else {
            vaddr
        },
        (bits(w1, 20, 16) << 2) as u16,
        bits(w1, 31, 24) as u16,
    ];
    Ok(i)
}

pub(super) fn encode(gen: crate::target::Gen, i: &Inst, opc: u32) -> (u32, u32) {
    let (enc_bits, op_bits) = match i.enc {
        Enc::Mtbuf if gen.before_gfx8() => (0b11_1010u32, opc << 16),
        Enc::Mtbuf => (0b11_1010u32, opc << 15),
        _ => (0b11_1000, opc << 18),
    };
    let f = i.fields | if is_agpr(i.dst) { ACC } else { 0 };
    let w0 = enc_bits << 26 | op_bits | f as u32;
    let w1 = (f >> 32) as u32
        | ((i.src[2] as u32) & 0xff) << 24
        | ((i.src[1] as u32) >> 2 & 0x1f) << 16
        | ((i.dst as u32) & 0xff) << 8
        | (i.src[0] as u32) & 0xff;
    (w0, w1)
}

pub(super) fn check(target: Target, i: &Inst) -> Result<(), EncodeError> {
    let d = i.desc();
    let bad = |why| Err(EncodeError::new(why));
    if i.fields & !field_mask(target, i.enc) != 0 {
        return bad("invalid buffer modifier bits");
    }
    if is_agpr(i.dst) && !target.acc_mem() {
        return bad("AGPR data is not supported on this GPU");
    }
    let tfe = (i.fields & TFE != 0) as u8;
    let mut data_used = false;
    let (ops, n) = crate::inst::access::slots(i);
    for s in ops[..n].iter().flatten() {
        match s.role {
            Role::Vd | Role::Vdata => {
                data_used = true;
                if i.dst < VGPR0 || !operand_code::reg_valid_for(target, i.dst, s.ty.dwords() + tfe)
                {
                    return bad("invalid vector register");
                }
            }
            Role::Vaddr => {
                let n = vaddr_dwords(target.gen, i.fields);
                if n == 0 && i.src[0] != 0
                    || n > 0
                        && (!operand_code::is_vgpr(i.src[0])
                            || !operand_code::reg_valid_for(target, i.src[0], n))
                {
                    return bad("invalid address register");
                }
            }
            Role::Srsrc => {
                if !i.src[1].is_multiple_of(4)
                    || !operand_code::reg_valid(target, i.src[1], 4)
                    || i.src[1] > 127
                {
                    return bad("invalid resource register");
                }
            }
            Role::Soffset => {
                // An SGPR, M0, or any inline constant or src_* value (no literal).
                let c = i.src[2];
                let ok = c < 256 && c != LITERAL && super::check_src(target, c, 1, false).is_ok();
                if !ok {
                    return bad("invalid soffset");
                }
            }
            _ => return bad("operand not encodable in MUBUF/MTBUF"),
        }
    }
    if !data_used && i.dst != 0 {
        return bad("non-zero bits in a field the instruction does not use");
    }
    if i.fields & LDS != 0 && i.enc == Enc::Mubuf && !takes_lds(target, d) {
        return bad("lds is not supported by this instruction");
    }
    if target.gen == crate::target::Gen::Gfx90a
        && d.has(crate::isa::flags::NO_SCC)
        && i.fields & SC1 != 0
    {
        return bad("scc is not supported by this instruction");
    }
    // noret atomics (gfx908 f32 adds) have no returning form.
    if d.has(flags::NORET) && i.fields & GLC != 0 {
        return bad("instruction must not use glc");
    }
    // tfe belongs to loads (llvm-mc refuses it on stores and atomics).
    if i.fields & TFE != 0 && (d.has(flags::ATOMIC) || d.has(flags::STORE) || i.fields & LDS != 0) {
        return bad("tfe is not supported here");
    }
    let has_vaddr = ops[..n].iter().flatten().any(|s| s.role == Role::Vaddr);
    if d.has(flags::LDS) && !d.sig().iter().any(|s| s.role == Role::Vaddr) && i.fields & LDS == 0 {
        return bad("buffer_store_lds_dword needs lds");
    }
    if !has_vaddr && i.fields & (OFFEN | IDXEN) != 0 {
        return bad("offen/idxen without an address operand");
    }
    if target.gen.before_gfx8()
        && i.fields & ADDR64 != 0
        && (!has_vaddr || i.fields & (OFFEN | IDXEN) != 0)
    {
        return bad("addr64 goes without offen/idxen, with an address operand");
    }
    // Operand-less instructions (buffer_wbinvl1) take no fields at all, the cache
    // maintenance ones of gfx90a+ (buffer_wbl2) only their cache-policy bits.
    let cpol = if d.has(flags::CPOL) {
        GLC | SLC | SC1
    } else {
        0
    };
    if n == 0 && (i.fields & !cpol != 0 || i.src != [0; 3]) {
        return bad("non-zero fields in an instruction without operands");
    }
    if i.sdst != 0 || i.imm != 0 || i.lit != 0 || i.smem != 0 || !i.mods.is_none() {
        return bad("modifiers not supported by this instruction");
    }
    Ok(())
}

/// Whether a MUBUF row has an LDS form (`lds`) on `target`: the rows flagged `lds`,
/// and those flagged `lds34` where the target loads 3 and 4 dwords to LDS.
pub(crate) fn takes_lds(target: Target, d: &crate::isa::OpDesc) -> bool {
    d.has(flags::LDS) || d.has(flags::LDS34) && target.has(crate::target::Features::LDS_DMA_X3_X4)
}
