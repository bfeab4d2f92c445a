//! Operand rules of a target that go beyond field encodings: the constant bus limit.
//! The assembler reports them as llvm-mc does; the decoder refuses words that break
//! them, since their text could not be assembled back.

use crate::inst::{Enc, Inst, LITERAL};
use crate::isa::{flags, Class, Role};
use crate::operand::{M0, VCC_LO};
use crate::target::Target;

/// Checks the constant bus limit of VALU instructions (gfx9: one SGPR or literal value;
/// the same SGPR or literal used twice counts once). On a violation, returns the index
/// in the signature of the operand that went over the limit (`None` for an implicit
/// VCC read).
/// Whether a source operand code goes over the constant bus: SGPRs and the other
/// scalar registers, the literal, the apertures and src_vccz/execz/scc.
pub fn uses_bus(code: u16) -> bool {
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
    for (n, s) in d.sig.iter().enumerate() {
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
            d.sig.iter().position(|s| s.role == Role::Src0).unwrap_or(0),
        ));
    }
    Ok(())
}
