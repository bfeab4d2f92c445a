//! Binding parsed operand items to an instruction's signature: chooses the row and
//! the encoding (`_e32` or `_e64` the way llvm-mc does), converts values to operand
//! codes and literals, and applies the target's operand rules.
//!
//! - `form`: the rows a mnemonic names and the encodings its suffix asks for;
//! - `modifiers`: named and source modifiers, the order llvm-mc reads them in, and
//!   the errors it reports while reading them;
//! - `slots`: one form's binding of operands to signature slots;
//! - `sources`: source operands, constants and the literal;
//! - `errors`: errors worded and placed as llvm-mc does.

mod errors;
mod form;
mod modifiers;
mod plain;
mod routes;
mod slots;

pub(crate) use modifiers::apply as apply_modifier;
pub(crate) use plain::{bind_plain, bind_routed, route};
pub(crate) use routes::Routes;
mod sources;

use crate::codec;
use crate::inst::{Enc, Inst};
use crate::isa::{Fmt, OpId, Role};
use crate::operand_code;
use crate::syntax::error::{Error, ErrorKind};
use crate::syntax::operands::{Items, Kind};
use crate::target::Target;
use form::Want;

/// A branch target left to resolve once all labels are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixup<'a> {
    pub sym: &'a str,
    pub addend: i64,
    pub pos: usize,
    /// A symbol as the instruction's 32-bit literal (not a branch target).
    pub literal: bool,
}

/// The result of binding: the instruction and, for a branch to a label, its fixup.
pub struct Bound<'a> {
    pub inst: Inst,
    pub fixup: Option<Fixup<'a>>,
    /// What llvm-mc warns of at the mnemonic (a double that needs its low half as an
    /// f64 literal, which takes the high half).
    pub warning: Option<&'static str>,
    /// The operands matched this form but break a rule of it (`bind_one` only).
    invalid: Option<Error>,
}

/// Assembles `mnemonic` with `items` for `target`.
pub fn bind<'a>(
    target: Target,
    mnemonic: &str,
    mpos: usize,
    items: &Items<'a>,
) -> Result<Bound<'a>, Error> {
    let (base, want) = Want::split(mnemonic);
    let rows = form::rows(target, base);
    if rows.is_empty() {
        return Err(errors::unknown_mnemonic(target, base, mnemonic, mpos));
    }
    let mut want = want.or_from_operands(target, &rows, items);
    let alias_e64 = form::is_alias_e64(&rows, base);
    if alias_e64 {
        match want {
            Want::Any => want = Want::E64,
            Want::E32 => return Err(Error::not_for_gpu(mpos)),
            _ => {}
        }
    }
    if rows
        .iter()
        .all(|id| form::encodings(*id, want, target).next().is_none())
    {
        return Err(errors::missing_form(target, &rows, items, want, mpos));
    }
    modifiers::check_while_reading(target, &rows, items)?;
    if let Some(e) = &items.fail {
        return Err(e.clone());
    }
    bind_rows(target, &rows, want, alias_e64, items, mpos)
}

/// Tries each row in each encoding `want` allows, and takes the first that binds.
/// Like llvm-mc, reports the error of the last encoding tried (VOP3 for
/// VOP1/VOP2/VOPC without a suffix); across rows, the one that got furthest.
fn bind_rows<'a>(
    target: Target,
    rows: &[OpId],
    want: Want,
    alias_e64: bool,
    items: &Items<'a>,
    mpos: usize,
) -> Result<Bound<'a>, Error> {
    let mut best: Option<Error> = None;
    for &id in rows {
        let mut last = None;
        for enc in form::encodings(id, want, target) {
            match bind_one(target, id, enc, items, mpos) {
                Ok(b) if alias_e64 && !operand_code::is_vgpr(b.inst.src[1]) => {
                    return Err(Error::not_for_gpu(mpos))
                }
                Ok(Bound {
                    invalid: Some(e), ..
                }) => return Err(e),
                Ok(b) => return Ok(b),
                // (llvm-mc reports a form the GPU lacks at the mnemonic.)
                Err(e) if e.kind == ErrorKind::NotForGpu => last = Some(Error { pos: mpos, ..e }),
                Err(e) => last = Some(e),
            }
        }
        if let Some(e) = last {
            if best.as_ref().is_none_or(|b| e.pos > b.pos) {
                best = Some(e);
            }
        }
    }
    Err(best.unwrap_or(Error::new(mpos, "invalid operand for instruction")))
}

/// Binds row `id` in encoding `enc`. The 32-bit forms may leave out their one VCC
/// operand: a compare's destination, v_cndmask_b32's condition, and from gfx9 on
/// v_add_co_u32's carry-out (neither of v_addc_co_u32's carry operands).
fn bind_one<'a>(
    target: Target,
    id: OpId,
    enc: Enc,
    items: &Items<'a>,
    mpos: usize,
) -> Result<Bound<'a>, Error> {
    let d = id.desc();
    let operands = items
        .iter()
        .filter(|it| !matches!(it.kind, Kind::Mod(_)))
        .count();
    // (A row with both a carry-out and a carry-in leaves out neither.)
    let mut vcc_slots = d
        .sig()
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s.role, Role::Cd | Role::Ci));
    let vcc_slot = match (vcc_slots.next(), vcc_slots.next()) {
        (Some((k, s)), None)
            if (s.role == Role::Ci || d.fmt == Fmt::Vopc || !target.gen.before_gfx9())
                && matches!(d.fmt, Fmt::Vopc | Fmt::Vop2)
                && enc == Enc::home(d.fmt, target.gen)
                && operands + 1 == d.sig().len() =>
        {
            Some(k)
        }
        _ => None,
    };
    match vcc_slot {
        // (When the operands fit neither reading, llvm-mc reports the full reading's
        // error: for a compare, too few operands.)
        Some(_) if d.fmt == Fmt::Vopc => bind_form(target, id, enc, items, mpos, vcc_slot)
            .map_err(|_| Error::new(mpos, "too few operands for instruction")),
        Some(_) => bind_form(target, id, enc, items, mpos, vcc_slot)
            .or_else(|_| bind_form(target, id, enc, items, mpos, None)),
        None => bind_form(target, id, enc, items, mpos, None),
    }
}

/// `bind_one`, with signature slot `vcc_slot` taken to be VCC without an operand.
fn bind_form<'a>(
    target: Target,
    id: OpId,
    enc: Enc,
    items: &Items<'a>,
    mpos: usize,
    vcc_slot: Option<usize>,
) -> Result<Bound<'a>, Error> {
    // (llvm-mc checks these orders while reading the modifiers, before matching.)
    modifiers::check_order_while_reading(id.desc(), enc, items, mpos)?;
    // (A scaled MFMA's scale VGPRs, after src2, are no slots of its row.)
    let scaled;
    let (items, scales) = match id.desc().has(crate::isa::flags::SCALE) {
        true => {
            let (rest, imm) = crate::syntax::mai::split_scales(items, mpos)?;
            scaled = rest;
            (&scaled, imm)
        }
        false => (items, 0),
    };
    let mut b = slots::Binding::new(target, id, enc, items);
    b.items(items, mpos, vcc_slot)?;
    b.check_complete(mpos)?;
    let (mut i, mut fixup) = (b.i, b.fixup);
    if scales != 0 {
        i.imm = scales;
    }
    // A symbol as the literal: its value comes later (a fixup at the literal).
    if let Some((_, at)) = b.lit {
        if let Some(it) = items.iter().find(|it| it.pos == at) {
            if let crate::syntax::operands::Kind::Val(crate::syntax::operands::Value::Sym(
                sym,
                addend,
            )) = it.kind
            {
                fixup = Some(Fixup {
                    sym,
                    addend,
                    pos: at,
                    literal: true,
                });
            }
        }
    }
    if enc == Enc::Mimg {
        crate::syntax::mimg::finish(target, &i, items, mpos)?;
    }
    if enc == Enc::Vop3p && id.desc().has(crate::isa::flags::MAI) {
        crate::syntax::mai::check_f8f6f4_widths(&i, items)?;
    }
    if let Some((v, _)) = b.lit {
        i.lit = v;
    }
    // (llvm-mc's words and place.)
    if enc == Enc::Vop3 && i.mods.abs != 0 && id.desc().is_vop3b() {
        return Err(Error::new(mpos, "ABS not allowed in VOP3B instructions"));
    }
    let warning = match b.dropped_low {
        true => Some(operand_code::F64_INEXACT),
        false => crate::syntax::mai::src2_overlap_warning(&i),
    };
    codec::check_bound(target, &i).map_err(|e| errors::field_error(target, &i, e, items, mpos))?;
    // Past this point the operands matched: like llvm-mc, a failed check of the
    // matched form is final (no other encoding is tried).
    if let Err(e) = errors::constant_bus(target, &i, items, mpos)
        .and_then(|_| errors::opsel_zero(&i, items, mpos))
    {
        return Ok(Bound {
            inst: i,
            fixup: None,
            warning,
            invalid: Some(e),
        });
    }
    Ok(Bound {
        inst: i,
        fixup,
        warning,
        invalid: None,
    })
}

#[cfg(test)]
mod tests {
    use crate::{assemble_line, Target};

    /// gfx6/gfx7 VOP3B has no clamp bit: llvm-mc drops `clamp` from v_div_scale_*
    /// without a word (its bytes are those without it); we refuse it, at the modifier.
    #[test]
    fn old_vop3b_clamp_is_refused() {
        for cpu in ["gfx600", "gfx700"] {
            let t = Target::from_name(cpu).unwrap();
            let line = "v_div_scale_f32 v0, vcc, v1, v2, v3 clamp";
            let e = assemble_line(t, line).unwrap_err();
            assert_eq!(e.col, line.find("clamp").unwrap() + 1, "{cpu}");
            assert!(e.msg.contains("no clamp bit"), "{cpu}: {}", e.msg);
            assert!(assemble_line(t, "v_div_scale_f32 v0, vcc, v1, v2, v3").is_ok());
        }
    }

    /// Values llvm-mc changes silently are refused, at the value: MUBUF offsets past 12
    /// bits (llvm-mc keeps the low 12), s_atc_probe past 7 bits, floats as SOPP
    /// immediates, read-only values in 7-bit destination fields.
    #[test]
    fn values_llvm_mc_would_change_are_refused() {
        let t = Target::from_name("gfx906").unwrap();
        for (line, at) in [
            (
                "buffer_load_dword v1, off, s[4:7], s1 offset:4096",
                "offset",
            ),
            ("s_atc_probe 128, s[52:53], 0x10", "128"),
            ("s_setkill 1.0e-320", "1.0e-320"),
            ("s_mov_b32 src_execz, s0", "src_execz"),
            ("v_add_co_u32 v0, src_execz, v1, v2", "src_execz"),
        ] {
            let e = assemble_line(t, line).unwrap_err();
            assert_eq!(e.col, line.find(at).unwrap() + 1, "{line}: {}", e.msg);
        }
        assert!(assemble_line(t, "buffer_load_dword v1, off, s[4:7], s1 offset:4095").is_ok());
        assert!(assemble_line(t, "s_atc_probe 127, s[52:53], 0x10").is_ok());
        // gfx950: fi past one bit (llvm-mc keeps the low bit), bf16 values f32 holds
        // and bf16 does not (llvm-mc takes their rounding, 0 or infinity), a number
        // past 16 bits as a scalar bf16 source (llvm-mc takes its low half: 0).
        let t = Target::from_name("gfx950").unwrap();
        for (line, at) in [
            ("v_permlane16_swap_b32_e64 v1, v2 fi:2", "fi"),
            ("v_dot2c_f32_bf16 v0, 1.401298464324817e-45, v1", "1.4"),
            ("v_dot2c_f32_bf16 v0, 3.4028234663852886e38, v1", "3.4"),
            ("v_cvt_scalef32_sr_fp8_bf16 v0, 65536, v1, v2", "65536"),
        ] {
            let e = assemble_line(t, line).unwrap_err();
            assert_eq!(e.col, line.find(at).unwrap() + 1, "{line}: {}", e.msg);
        }
        assert!(assemble_line(t, "v_permlane16_swap_b32_e64 v1, v2 fi:1").is_ok());
    }
}
