//! VOP3 words (VOP3A and VOP3B; not VOP3P) decoded in one step: the fields go
//! straight into the `Inst` the general path makes (by `vop3::place`, as
//! `vop3::decode` places them) and are checked by [`super::accepts`] and the constant
//! bus, without the general path's dispatch and `Result` hand-offs. It gives only what
//! the general path gives for the same word; anything else is left to that path,
//! which stays the rule and the test oracle.

use super::{accepts, plan, Step};
use crate::codec::DecodeError;
use crate::inst::{Enc, Inst};
use crate::isa::Fmt;
use crate::target::Target;

/// The instruction of the VOP3 words `w0`, `w1` on `target` in one step, as the
/// general path decodes it ([`Step`]); an error where that path's is known (an
/// opcode the target lacks, bits that must be zero, a word whose fields pass but not
/// the constant bus).
#[inline]
pub(crate) fn decode(target: Target, w0: u32, w1: u32) -> Result<Step, DecodeError> {
    let gen = target.gen;
    let field = |w: u32, hi: u32, lo: u32| (w >> lo) & ((1 << (hi - lo + 1)) - 1);
    // (VOP3P shares the encoding from gfx9 on.)
    if field(w0, 31, 26) != 0b11_0100 || (!gen.before_gfx9() && field(w0, 25, 23) == 0b111) {
        return Ok(Step::General);
    }
    let opcode = crate::codec::vop3::opcode(gen, w0);
    let Some(op) = crate::isa::decode_op(target, Fmt::Vop3, opcode) else {
        // (A target without tables has the general path's own error.)
        return match target.column {
            Some(_) => Err(DecodeError::Invalid("unknown opcode")),
            None => Ok(Step::General),
        };
    };
    // (A K constant would make the general path read a third dword.)
    if plan(op).is_none_or(|p| p.k) {
        return Ok(Step::General);
    }
    let mut i = Inst::new(op, Enc::Vop3);
    if !crate::codec::vop3::place(gen, &mut i, w0, w1) {
        return Err(DecodeError::Invalid("unused VOP3 bits set"));
    }
    if !accepts(target, &i) {
        Ok(Step::Check(i))
    } else if crate::constant_bus::constant_bus_ok(&i) {
        Ok(Step::Inst(i))
    } else {
        Err(DecodeError::Invalid("violates constant bus restrictions"))
    }
}

/// For the disassembler's one-step lines of VOP3 words
/// ([`crate::disasm::templates`]): the row of VOP3 opcode `opcode` (gfx8 on: ten
/// bits) when [`decode`] takes its words by their fields alone, each field's rule
/// (VDST, SDST, SRC0, SRC1, SRC2; `None` where the row has no slot and the field
/// must be zero), and whether SDST holds a carry-out (VOP3B; else its bits are the
/// modifiers'). Rows that read the constant bus but through their sources (an
/// implicit VCC or M0) are not among them; the sources' own limit is the caller's
/// (a lane select is a source there, M0 in it, which the rule exempts, counted).
pub(crate) struct Fields3 {
    pub(crate) op: crate::isa::OpId,
    pub(crate) rules: [Option<super::FieldRule>; 5],
    pub(crate) vop3b: bool,
    /// The sources (bit k: SRC k) that take `neg` and `abs`; whether the row takes
    /// `clamp` and an output modifier.
    pub(crate) mods: u8,
    pub(crate) clamp: bool,
    pub(crate) omod: bool,
}

/// The [`Fields3`] of `opcode` on `target`, if it has them.
pub(crate) fn fields3(target: Target, opcode: u32) -> Option<Fields3> {
    let gen = target.gen;
    // (VOP3P shares the encoding from gfx9 on, from opcode 0x380.)
    if gen.before_gfx8() || target.column.is_none() || (!gen.before_gfx9() && opcode >= 0x380) {
        return None;
    }
    let op = crate::isa::decode_op(target, Fmt::Vop3, opcode)?;
    let p = plan(op)?;
    if p.k
        || p.vop3p
        || !p.vop3_home
        || op.desc().opcode(target).is_none()
        || !crate::constant_bus::bus_fields_only(op)
    {
        return None;
    }
    let rules = vop3_rules(p);
    let d = op.desc();
    Some(Fields3 {
        op,
        rules,
        vop3b: p.vop3b,
        mods: p.mods & 7,
        clamp: d.clamp_allowed(gen),
        omod: d.omod_allowed(),
    })
}

/// The rule of each field of a VOP3 or VOP3P word of the row planned by `p`
/// (`None` where the row has no slot and the field must be zero).
fn vop3_rules(p: &super::Plan) -> [Option<super::FieldRule>; 5] {
    std::array::from_fn(|f| {
        (p.fields >> f & 1 != 0).then_some(super::FieldRule {
            rule: p.rules[f],
            vop1: false,
            dst: f <= 1,
            vop3: true,
        })
    })
}

/// For the disassembler's one-step lines of VOP3P words: the row of VOP3P opcode
/// `opcode` (gfx9 on) when the fast check ([`super::accepts`]) takes its words by
/// their fields and modifier bits: each field's rule (as [`Fields3::rules`]; SDST
/// never), the sources whose `neg_lo` and `neg_hi` it takes, its `op_sel` bits, its
/// default `op_sel_hi` (the bits of sources without `op_sel` must be those), and
/// whether it takes `clamp`. Mixed-precision rows (whose `neg` and `abs` wrap the
/// sources), MFMA, AGPR and scale rows are not among them.
pub(crate) struct Fields3P {
    pub(crate) op: crate::isa::OpId,
    pub(crate) rules: [Option<super::FieldRule>; 5],
    pub(crate) mods: u8,
    pub(crate) opsel: u8,
    pub(crate) op_sel_hi: u8,
    pub(crate) clamp: bool,
}

/// The [`Fields3P`] of `opcode` on `target`, if it has them.
pub(crate) fn fields3p(target: Target, opcode: u32) -> Option<Fields3P> {
    use crate::isa::flags;
    if target.gen.before_gfx9() || target.column.is_none() {
        return None;
    }
    let op = crate::isa::decode_op(target, Fmt::Vop3p, opcode)?;
    let p = plan(op)?;
    let d = op.desc();
    if !p.vop3p
        || d.has(flags::MIX)
        || d.has(flags::MAI)
        || d.has(flags::LD_SCALE)
        || d.opcode(target).is_none()
        || !crate::constant_bus::bus_sources_only(op)
    {
        return None;
    }
    let rules = vop3_rules(p);
    Some(Fields3P {
        op,
        rules,
        mods: p.mods & 7,
        opsel: p.opsel & 7,
        op_sel_hi: p.op_sel_hi & 7,
        clamp: d.clamp_allowed(target.gen),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On every target and many random VOP3 words of the target's rows (biased to the
    /// codes that matter in the source and destination fields, and to words without
    /// modifiers), the one-step path gives only what the general path gives, and it
    /// takes most of what that path decodes.
    #[test]
    fn one_step_decode_agrees_with_the_general_path() {
        let mut next = crate::xorshift64(0xbb67_ae85_84ca_a73b);
        let codes = [
            0u32, 1, 5, 101, 102, 106, 107, 124, 125, 126, 127, 128, 193, 240, 247, 248, 251, 253,
            254, 255, 256, 257, 300, 510, 511,
        ];
        for t in crate::target::TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            // The VOP3 opcode bits of each row the target has in VOP3.
            let heads: Vec<u32> = (0..crate::isa::OPS.len())
                .filter_map(|k| {
                    let op = crate::isa::OpId(k as u16);
                    let d = op.desc();
                    (d.opcode(*t).is_some() && (d.fmt == Fmt::Vop3 || d.has_e64())).then_some(())?;
                    let w = crate::codec::encode_checked(*t, &Inst::new(op, Enc::Vop3)).ok()?;
                    Some(
                        w.w[0]
                            & if t.gen.before_gfx8() {
                                0xfffe_0000
                            } else {
                                0xffff_0000
                            },
                    )
                })
                .collect();
            let mut tally = super::super::Tally::default();
            for n in 0..40_000u32 {
                let r = next();
                let code = |k: u32| {
                    if n % 2 == 0 {
                        codes[(r >> (8 * k)) as usize % codes.len()]
                    } else {
                        (r >> (9 * k)) as u32 & 0x1ff
                    }
                };
                // (Rows with fewer sources want the fields they lack zero.)
                let s0 = code(0);
                let s1 = if n % 4 == 3 { 0 } else { code(1) };
                let s2 = if n % 3 == 2 { code(2) } else { 0 };
                let high = if n % 4 == 0 { (r >> 59) as u32 } else { 0 };
                let w1 = high << 27 | s2 << 18 | s1 << 9 | s0;
                let head = heads[(r >> 40) as usize % heads.len()];
                let low = if t.gen.before_gfx8() {
                    0x1_ffff
                } else {
                    0xffff
                };
                let mut w0 = head | (r >> 27) as u32 & low;
                if n % 4 != 1 {
                    // (No modifiers.)
                    w0 &= !0x1ff00;
                }
                let mut bytes = w0.to_le_bytes().to_vec();
                bytes.extend_from_slice(&w1.to_le_bytes());
                tally.step(
                    t,
                    &bytes,
                    decode(*t, w0, w1),
                    &format!("{w0:#010x} {w1:#010x}"),
                );
            }
            tally.took_most(t);
        }
    }
}
