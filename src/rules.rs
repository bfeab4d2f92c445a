//! Operand rules of a target that go beyond field encodings: the constant bus limit.
//! The assembler reports them as llvm-mc does; the decoder refuses words that break
//! them, since their text could not be assembled back.

use crate::codec::vop3::src_index;
use crate::inst::{Enc, Inst, LITERAL};
use crate::isa::{flags, Class, Role};
use crate::operand::{M0, VCC_LO};
use crate::target::Target;

/// Checks the constant bus limit of VALU instructions (gfx9: one SGPR or literal value;
/// the same SGPR or literal used twice counts once). On a violation, returns the index
/// in the signature of the operand that went over the limit (`None` for an implicit
/// VCC read).
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
        let scalar = code < 128 || code == LITERAL;
        if !scalar || used == Some(code) {
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
        let Some(k) = src_index(s.role) else { continue };
        // Lane selects (v_readlane/v_writelane) may be M0 without using the bus.
        if s.class == Class::Scalar && i.src[k] == M0 {
            continue;
        }
        if !take(i.src[k]) {
            return Err(Some(n));
        }
    }
    if d.has(flags::R_VCC) && !take(VCC_LO) {
        return Err(None);
    }
    Ok(())
}
