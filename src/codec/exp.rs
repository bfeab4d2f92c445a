//! EXP: exports from the shader to the render backends, position or parameter caches.
//!
//! ```text
//! dword 0: ENC[31:26]=110001 (bits 25:13 must be zero) VM[12] DONE[11] COMPR[10]
//!          TARGET[9:4] EN[3:0]
//! dword 1: VSRC3[31:24] VSRC2[23:16] VSRC1[15:8] VSRC0[7:0]
//! ```
//! `Inst`: the whole instruction lives in `fields` at its encoding positions (dword 1
//! in bits 63:32): the four sources are VGPR numbers selected by EN, not operand codes.
//!
//! With `compr`, two sources carry packed halves: VSRC0 feeds positions 0 and 1 (EN
//! bits 0 and 1), VSRC1 positions 2 and 3; VSRC2 and VSRC3 are unused.

use super::{bits, op, DecodeError, EncodeError};
use crate::inst::{Enc, Inst};
use crate::isa::Fmt;
use crate::target::Target;

pub use crate::inst::fields::exp::*;

/// Targets llvm-mc can write: mrt0-7, mrtz, null, pos0-3, param0-31.
pub fn target_ok(t: u32) -> bool {
    matches!(t, 0..=9 | 12..=15 | 32..=63)
}

pub(super) fn decode(target: Target, w0: u32, w1: u32) -> Result<Inst, DecodeError> {
    if bits(w0, 25, 13) != 0 {
        return Err(DecodeError::Invalid("reserved EXP bits set"));
    }
    let mut i = Inst::new(op(target, Fmt::Exp, 0)?, Enc::Exp);
    i.fields = ((w0 as u64) | (w1 as u64) << 32) & MASK;
    Ok(i)
}

/// The EXP encoding bits `[31:26]`: 111110 on gfx6/gfx7, 110001 later.
pub fn enc_bits(gen: crate::target::Gen) -> u32 {
    if gen.before_gfx8() {
        0b11_1110
    } else {
        0b11_0001
    }
}

pub(super) fn encode(gen: crate::target::Gen, i: &Inst, _opc: u32) -> (u32, u32) {
    let f = i.fields & MASK;
    (enc_bits(gen) << 26 | f as u32, (f >> 32) as u32)
}

pub(super) fn check(_target: Target, i: &Inst) -> Result<(), EncodeError> {
    let bad = |why| Err(EncodeError::new(why));
    let f = i.fields;
    if f & !MASK != 0 {
        return bad("invalid export bits");
    }
    if !target_ok(target(f)) {
        return bad("invalid exp target");
    }
    let en = (f & EN) as u32;
    // Each VSRC field must be read by some enabled position (else its bits have no text).
    let used: [bool; 4] = if f & COMPR != 0 {
        // Positions come in pairs: 0x1 alone would print as the pair (EN 0x3).
        if !matches!(en, 0x0 | 0x3 | 0xc | 0xf) {
            return bad("compressed export with half a pair enabled");
        }
        [en & 3 != 0, en & 0xc != 0, false, false]
    } else {
        [en & 1 != 0, en & 2 != 0, en & 4 != 0, en & 8 != 0]
    };
    if (0..4).any(|k| !used[k] && vsrc(f, k) != 0) {
        return bad("non-zero bits in a source that is off");
    }
    if i.dst != 0
        || i.src != [0; 3]
        || i.sdst != 0
        || i.imm != 0
        || i.lit != 0
        || i.smem != 0
        || !i.mods.is_none()
    {
        return bad("operands not encodable in EXP");
    }
    Ok(())
}
