//! The fast acceptance of SOP1, SOP2, SOPC, SOPK and SOPP words: each row's
//! destination and sources as the keys of their validity masks (`sop::check` stays
//! the rule and decides what this does not accept).

use crate::codec::masks;
use crate::inst::{Enc, Inst};
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
    for s in d.sig {
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

/// [`super::accepts`] for the SOP* encodings.
#[inline]
pub(super) fn accepts(target: Target, i: &Inst) -> bool {
    let plans = PLANS.get_or_init(|| OPS.iter().map(plan_of).collect());
    let Some(Some(p)) = plans.get(i.op.0 as usize) else {
        return false;
    };
    let d = i.desc();
    if i.enc != Enc::of(d.fmt) || d.opcode(target).is_none() {
        return false;
    }
    let set = masks::set(target);
    let ok = |key: Option<u8>, code: u16, limit: u16| match key {
        Some(k) => code <= limit && masks::in_set(set, &target, k, code),
        None => code == 0,
    };
    ok(p.dst, i.dst, 127)
        && ok(p.src[0], i.src[0], u16::MAX)
        && ok(p.src[1], i.src[1], u16::MAX)
        && i.src[2] == 0
        && (if p.imm { i.imm <= 0xffff } else { i.imm == 0 })
        && (p.k || i.lit == 0 || i.has_literal())
        && i.mods == Default::default()
        && i.sdst == 0
        && i.smem == 0
}
