//! The fast acceptance of SOP1, SOP2, SOPC, SOPK and SOPP words: each row's
//! destination and sources as the keys of their validity masks (`sop::check` stays
//! the rule and decides what this does not accept). The same plans decode a scalar
//! word in one step ([`decode`]).

use super::Step;
use crate::codec::{masks, DecodeError};
use crate::inst::{roles, Enc, Inst};
use crate::isa::{flags, Fmt, Role, OPS};
use crate::target::Target;
use std::sync::OnceLock;

/// A scalar ALU row's plan: the mask key of its destination and sources (`None`
/// where the field is unused and must be zero), whether it takes a 16-bit immediate and
/// a trailing K constant. Rows with `sreg_only` or `no_literal` sources, both an `Sd`
/// and an `SdIn`, a SOPC `gpr_idx` or other roles are left to the checker.
#[derive(Clone, Copy)]
struct Plan {
    dst: Option<u8>,
    src: [Option<u8>; 2],
    imm: bool,
    k: bool,
}

// Run time, once: a plan is the codec's reading of a row (its field rules), which
// build.rs cannot run; only processes that encode scalar words make it.
static PLANS: OnceLock<Box<[Option<Plan>]>> = OnceLock::new();

fn plan_of(d: &crate::isa::OpDesc) -> Option<Plan> {
    if !matches!(
        d.fmt,
        Fmt::Sop2 | Fmt::Sopk | Fmt::Sop1 | Fmt::Sopc | Fmt::Sopp
    ) || d.has(flags::SREG_ONLY)
        || d.has(flags::NO_LITERAL)
    {
        return None;
    }
    let mut p = Plan {
        dst: None,
        src: [None; 2],
        imm: false,
        k: false,
    };
    for s in d.sig() {
        let w = s.ty.dwords();
        match s.role {
            Role::Sd | Role::SdIn if p.dst.is_none() => {
                p.dst = Some(masks::check_key(w.max(1), false)?);
            }
            Role::Src0 | Role::Src1 => {
                let k = s.role.src_index().unwrap_or(0);
                if p.src[k].is_some() {
                    return None;
                }
                p.src[k] = Some(masks::check_key(w, false)?);
            }
            Role::Imm16
            | Role::Simm16
            | Role::Label
            | Role::Hwreg
            | Role::Sendmsg
            | Role::Waitcnt => p.imm = true,
            Role::GprIdx if d.fmt == Fmt::Sopp => p.imm = true,
            Role::K => p.k = true,
            _ => return None,
        }
    }
    Some(p)
}

/// The instruction of the scalar ALU word `w0` (followed by `bytes[4..]`) on `target`
/// in one step, as the general path decodes it ([`Step`]); an error where that path's
/// is known (an opcode the target lacks). (That path's dispatch, `Result` hand-offs
/// and second row lookup were most of a new scalar word's cost.)
#[inline]
pub(crate) fn decode(target: Target, w0: u32, bytes: &[u8]) -> Result<Step, DecodeError> {
    use crate::codec::sop;
    // (The general path answers for a target without tables, in its own words.)
    if target.column.is_none() {
        return Ok(Step::General);
    }
    let (fmt, opcode) = sop::format_and_opcode(w0);
    let Some(op) = crate::isa::decode_op(target, fmt, opcode) else {
        return Err(DecodeError::Invalid("unknown opcode"));
    };
    let mut i = Inst::new(op, Enc::of(fmt));
    sop::place(&mut i, fmt, w0);
    if i.has_literal() || roles::has(op, Role::K) {
        match bytes.get(4..8) {
            Some(b) => i.lit = u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            None => return Ok(Step::General),
        }
    }
    // [`accepts`] without the tests a word's `Inst` passes by how it is made: no
    // modifiers, SDST, SMEM bits or SRC2, a 16-bit immediate, a literal only where
    // a source or K takes it. (The constant bus, which the general path checks next,
    // is the vector ALU's.)
    let d = op.desc();
    let ok = plan(op).is_some_and(|p| {
        i.enc == Enc::of(d.fmt)
            && d.opcode(target).is_some()
            && fields_ok(target, p, &i)
            && (p.imm || i.imm == 0)
    });
    Ok(if ok { Step::Inst(i) } else { Step::Check(i) })
}

/// [`super::place`] for a scalar ALU row: `codes` in its destination and source
/// fields (SOP1, SOP2, SOPC). A row that takes an immediate or a K constant has no
/// plain form.
pub(super) fn place(op: crate::isa::OpId, enc: Enc, codes: &[u16]) -> Option<Inst> {
    let p = plan(op)?;
    let sig = op.desc().sig();
    if p.imm || p.k || codes.len() != sig.len() {
        return None;
    }
    let mut i = Inst::new(op, enc);
    for (s, &code) in sig.iter().zip(codes) {
        match s.role {
            Role::Sd | Role::SdIn => i.dst = code,
            Role::Src0 => i.src[0] = code,
            Role::Src1 => i.src[1] = code,
            _ => return None,
        }
    }
    Some(i)
}

/// The plan of row `op` (all rows' plans are worked out at the first use).
#[inline]
fn plan(op: crate::isa::OpId) -> Option<&'static Plan> {
    let plans = PLANS.get_or_init(|| OPS.iter().map(plan_of).collect());
    plans.get(op.0 as usize)?.as_ref()
}

/// Whether the destination and sources of `i` meet plan `p`.
#[inline(always)]
fn fields_ok(target: Target, p: &Plan, i: &Inst) -> bool {
    let set = masks::set(target);
    let ok = |key: Option<u8>, code: u16, limit: u16| match key {
        Some(k) => code <= limit && masks::in_set(set, &target, k, code),
        None => code == 0,
    };
    ok(p.dst, i.dst, 127) && ok(p.src[0], i.src[0], u16::MAX) && ok(p.src[1], i.src[1], u16::MAX)
}

/// For the disassembler's one-step lines of scalar words
/// ([`crate::disasm::templates`]): the row of `opcode` in `fmt` (SOP1, SOP2, SOPC)
/// when [`decode`] takes its words by their fields alone, and the mask key of its
/// destination, source 0 and source 1 (`None`: the field must be zero).
pub(crate) struct Fields {
    pub(crate) op: crate::isa::OpId,
    pub(crate) keys: [Option<u8>; 3],
}

/// The [`Fields`] of `opcode` in `fmt` on `target`, if [`decode`] takes its words
/// when [`field_valid`] takes each field (no immediate, no K constant).
pub(crate) fn fields(target: Target, fmt: Fmt, opcode: u32) -> Option<Fields> {
    target.column?;
    let op = crate::isa::decode_op(target, fmt, opcode)?;
    let p = plan(op)?;
    let d = op.desc();
    if p.imm || p.k || roles::has(op, Role::K) || d.fmt != fmt || d.opcode(target).is_none() {
        return None;
    }
    Some(Fields {
        op,
        keys: [p.dst, p.src[0], p.src[1]],
    })
}

/// Whether [`decode`] takes `code` in a field of mask key `key` (a destination's
/// when `dst`).
pub(crate) fn field_valid(target: Target, key: u8, code: u16, dst: bool) -> bool {
    (!dst || code <= 127) && masks::in_set(masks::set(target), &target, key, code)
}

/// [`super::accepts`] for the SOP* encodings.
#[inline]
pub(super) fn accepts(target: Target, i: &Inst) -> bool {
    let Some(p) = plan(i.op) else {
        return false;
    };
    let d = i.desc();
    if i.enc != Enc::of(d.fmt) || d.opcode(target).is_none() {
        return false;
    }
    fields_ok(target, p, i)
        && i.src[2] == 0
        && (if p.imm { i.imm <= 0xffff } else { i.imm == 0 })
        && (p.k || i.lit == 0 || i.has_literal())
        && i.mods.is_none()
        && i.sdst == 0
        && i.smem == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On every target and many random scalar ALU words (biased to the codes that
    /// matter in the source and destination fields, with a literal after), the
    /// one-step path gives only what the general path gives, hands the checker only
    /// what that path unpacks and the fast check refuses, and takes most of what that
    /// path decodes.
    #[test]
    fn one_step_decode_agrees_with_the_general_path() {
        let mut next = crate::xorshift64(0x3c6e_f372_fe94_f82b);
        let codes = [
            0u32, 1, 101, 102, 106, 124, 125, 126, 127, 128, 193, 240, 248, 253, 255,
        ];
        for t in crate::target::TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            let mut tally = super::super::Tally::default();
            for n in 0..40_000u32 {
                let r = next();
                let mut w = (r as u32) & 0x3fff_ffff | 0b10 << 30;
                if n % 2 == 0 {
                    let code = |k: u32| codes[(r >> (32 + 4 * k)) as usize % codes.len()];
                    w = w & 0xff80_0000 | (code(0) & 0x7f) << 16 | code(1) << 8 | code(2);
                }
                let mut bytes = w.to_le_bytes().to_vec();
                if n % 7 != 0 {
                    bytes.extend_from_slice(&((r >> 32) as u32).to_le_bytes());
                }
                tally.step(t, &bytes, decode(*t, w, &bytes), &format!("{w:#010x}"));
            }
            tally.took_most(t);
        }
    }
}
