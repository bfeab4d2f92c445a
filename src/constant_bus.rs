//! The constant bus limit: the operand rule of a target beyond field encodings.
//! The assembler reports them as llvm-mc does; the decoder refuses words that break
//! them, since their text could not be assembled back.

use crate::inst::{Enc, Inst, LITERAL};
use crate::isa::{flags, Class, Role};
use crate::operand_code::{M0, VCC_LO};
use crate::target::Target;

/// Checks the constant bus limit of VALU instructions (gfx9: one SGPR or literal value;
/// the same SGPR or literal used twice counts once). On a violation, returns the index
/// in the signature of the operand that went over the limit (`None` for an implicit
/// VCC read).
/// Whether a source operand code goes over the constant bus: SGPRs and the other
/// scalar registers, the literal, the apertures and src_vccz/execz/scc.
pub const fn uses_bus(code: u16) -> bool {
    code < 128 || code == LITERAL || matches!(code, 235..=239 | 251..=253)
}

/// Checks the constant bus limit (one SGPR or literal value per VALU instruction before gfx10; the same one twice counts once). On a violation, the index in the signature of the operand that went over (`None` for an implicit VCC read).
pub fn constant_bus(target: Target, i: &Inst) -> Result<(), Option<usize>> {
    let _ = target;
    if !matches!(
        i.enc,
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Vop3p | Enc::Dpp | Enc::Sdwa
    ) {
        return Ok(());
    }
    let d = i.desc();
    let mut used: Option<u16> = None;
    let mut count = 0;
    let mut take = |code: u16| -> bool {
        if !uses_bus(code) || used == Some(code) {
            return true;
        }
        used = Some(code);
        count += 1;
        count <= 1
    };
    for (n, s) in d.sig().iter().enumerate() {
        if s.role == Role::K {
            if !take(LITERAL) {
                return Err(Some(n));
            }
            continue;
        }
        let Some(k) = s.role.src_index() else {
            continue;
        };
        // Lane selects (v_readlane/v_writelane) may be M0 without using the bus.
        if s.class == Class::Scalar && s.role == Role::Src1 && i.src[k] == M0 {
            continue;
        }
        if !take(i.src[k]) {
            return Err(Some(n));
        }
    }
    if d.has(flags::R_VCC) && !take(VCC_LO) {
        return Err(None);
    }
    // v_movrel* (gfx6-gfx8) read M0 through the bus ("violates constant bus
    // restrictions" with any other scalar source; interpolation's M0 does not count).
    if d.has(flags::R_M0) && matches!(d.fmt, crate::isa::Fmt::Vop1) && !take(M0) {
        return Err(Some(
            d.sig()
                .iter()
                .position(|s| s.role == Role::Src0)
                .unwrap_or(0),
        ));
    }
    Ok(())
}

/// What a row reads through the constant bus, worked out per row at build time from its
/// signature and flags (see [`bus_plan`]).
const TAKES_SRC0: u8 = 1;
const TAKES_SRC1: u8 = 1 << 1;
const TAKES_SRC2: u8 = 1 << 2;
/// A lane select in SRC1 (`Class::Scalar`): M0 there does not use the bus.
const SRC1_LANE: u8 = 1 << 3;
const TAKES_K: u8 = 1 << 4;
const TAKES_VCC: u8 = 1 << 5;
const TAKES_M0: u8 = 1 << 6;

/// Every row's bus plan: a `const` evaluation over the generated tables, made at build
/// time.
static BUS_PLANS: [u8; crate::isa::OPS.len()] = {
    let mut plans = [0; crate::isa::OPS.len()];
    let mut k = 0;
    while k < plans.len() {
        plans[k] = row_plan(&crate::isa::OPS[k]);
        k += 1;
    }
    plans
};

/// The row's constant bus plan: which source fields its signature reads (bit k for
/// `src[k]`; [`SRC1_LANE`] where SRC1 is a lane select), whether a K constant, an
/// implicit VCC or (v_movrel*) M0 is read.
#[inline]
fn bus_plan(op: crate::isa::OpId) -> u8 {
    BUS_PLANS.get(op.0 as usize).copied().unwrap_or(0)
}

/// Whether the row reads nothing through the constant bus but its source fields (no K
/// constant, implicit VCC or M0): in a 32-bit form, whose SRC1 is a VGPR and which has
/// no SRC2 field, only SRC0 can, and the word always meets the bus limit.
pub(crate) fn bus_sources_only(op: crate::isa::OpId) -> bool {
    bus_plan(op) & (TAKES_K | TAKES_VCC | TAKES_M0 | SRC1_LANE) == 0
}

/// [`bus_sources_only`], a lane select in SRC1 allowed: the source fields are all
/// the row reads through the bus, counted as any source's (M0 in the lane select,
/// which does not use the bus, counted too: a caller that allows one read only
/// refuses more than the rule does, never less).
pub(crate) fn bus_fields_only(op: crate::isa::OpId) -> bool {
    bus_plan(op) & (TAKES_K | TAKES_VCC | TAKES_M0) == 0
}

/// A row's bus plan (see [`bus_plan`]).
const fn row_plan(d: &crate::isa::OpDesc) -> u8 {
    let mut p = 0u8;
    let mut k = 0;
    while k < d.sig().len() {
        let s = &d.sig()[k];
        if matches!(s.role, Role::K) {
            p |= TAKES_K;
        } else if matches!(s.class, Class::Scalar) && matches!(s.role, Role::Src1) {
            p |= SRC1_LANE;
        } else if let Some(n) = s.role.src_index() {
            p |= 1 << n;
        }
        k += 1;
    }
    if d.flags & flags::R_VCC != 0 {
        p |= TAKES_VCC;
    }
    if d.flags & flags::R_M0 != 0 && matches!(d.fmt, crate::isa::Fmt::Vop1) {
        p |= TAKES_M0;
    }
    p
}

/// Whether [`constant_bus`] accepts `i` (the decoder's question, which needs no
/// index): at most one distinct value over the bus, from the row's precomputed plan.
#[inline]
pub fn constant_bus_ok(i: &Inst) -> bool {
    if !matches!(
        i.enc,
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Vop3p | Enc::Dpp | Enc::Sdwa
    ) {
        return true;
    }
    let p = bus_plan(i.op);
    let mut used = u16::MAX;
    let mut take = |on: bool, code: u16| -> bool {
        if !on || !uses_bus(code) || used == code {
            return true;
        }
        let first = used == u16::MAX;
        used = code;
        first
    };
    let src1 = p & TAKES_SRC1 != 0 || (p & SRC1_LANE != 0 && i.src[1] != M0);
    take(p & TAKES_SRC0 != 0, i.src[0])
        && take(src1, i.src[1])
        && take(p & TAKES_SRC2 != 0, i.src[2])
        && take(p & TAKES_K != 0, LITERAL)
        && take(p & TAKES_VCC != 0, VCC_LO)
        && take(p & TAKES_M0 != 0, M0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::{OpId, OPS};

    /// The decoder's fast check and the checker agree on every row, encoding and
    /// many source codes (each drawn from the values that matter to the bus).
    #[test]
    fn fast_bus_check_agrees_with_the_rules() {
        let codes = [
            0u16, 1, 5, 106, 124, 128, 200, 235, 240, 251, 255, 256, 300, 600,
        ];
        let mut x = 0x9e37_79b9u32;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        let t = crate::target::Target::from_name("gfx906").unwrap();
        for (k, d) in OPS.iter().enumerate() {
            for enc in [
                Enc::Vop1,
                Enc::Vop2,
                Enc::Vopc,
                Enc::Vop3,
                Enc::Vop3p,
                Enc::Sdwa,
                Enc::Sop2,
            ] {
                for _ in 0..40 {
                    let mut i = Inst::new(OpId(k as u16), enc);
                    for s in &mut i.src {
                        *s = codes[next() as usize % codes.len()];
                    }
                    assert_eq!(
                        constant_bus(t, &i).is_ok(),
                        constant_bus_ok(&i),
                        "{} {:?} {:?}",
                        d.name(),
                        enc,
                        i.src
                    );
                }
            }
        }
    }
}
