//! The mnemonic suffixes llvm-mc prints (`_e32`, `_e64`, `_sdwa`, `_dpp`) and whether
//! an instruction is in its 32-bit form (which names VCC implicitly): shared by the
//! printer and the disassembler's print plans.

use crate::inst::{Enc, Inst};
use crate::isa::{Fmt, Role};
use crate::target::Gen;

/// The mnemonic suffix llvm-mc prints for this encoding (decided by the encoding
/// first: most words are VOP1/VOP2/VOPC, VOP3 or scalar, each settled by one test).
pub(crate) fn suffix(gen: Gen, i: &Inst) -> &'static str {
    let d = i.desc();
    match i.enc {
        // gfx8 prints its compares' SDWA form without a suffix.
        Enc::Sdwa if d.fmt == Fmt::Vopc && gen == Gen::Gfx8 => "",
        Enc::Sdwa => "_sdwa",
        // (gfx6/gfx7 interpolation has no VOP3 form and prints no suffix.)
        Enc::Vintrp if gen.before_gfx8() => "",
        Enc::Vintrp => "_e32",
        // (Only interpolation rows have a VINTRP form: asked first of the role mask.)
        // llvm-mc prints v_nop_e64 as plain `v_nop`, which reads back as the 32-bit
        // form; printing the suffix keeps the round trip exact.
        Enc::Vop3 if !d.has_e64() && interp(i) && super::vintrp::has_vintrp_form(d) => "_e64",
        Enc::Vop3 => suffix64(d),
        Enc::Dpp if !d.sig().is_empty() => "_dpp",
        _ => suffix32(d),
    }
}

/// [`suffix`] of row `d` in its 32-bit or scalar encoding: `_e32` where it has a VOP3
/// form and operands.
pub(super) fn suffix32(d: &crate::isa::OpDesc) -> &'static str {
    if !d.has_e64() || d.sig().is_empty() {
        ""
    } else {
        "_e32"
    }
}

/// [`suffix`] of row `d` in VOP3, but for interpolation rows with a VINTRP form.
pub(super) fn suffix64(d: &crate::isa::OpDesc) -> &'static str {
    if d.has_e64() {
        "_e64"
    } else {
        ""
    }
}

/// Whether `i` is printed as a 32-bit form, its carries and compare results the
/// implicit VCC.
pub(super) fn e32(i: &Inst) -> bool {
    match i.enc {
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Dpp => true,
        // An SDWA compare names its destination; VOP2 carries stay vcc.
        Enc::Sdwa => i.desc().fmt != crate::isa::Fmt::Vopc,
        _ => false,
    }
}

/// Whether the row is an interpolation row (`codec::vintrp::is_interp`), from its
/// role mask.
pub(super) fn interp(i: &Inst) -> bool {
    i.desc().fmt == Fmt::Vop3 && crate::inst::roles::has(i.op, Role::Attr)
}
