//! Plain lines bound in one step: a vector or scalar ALU mnemonic (VOP1, VOP2, VOPC,
//! VOP3, VOP3P, SOP1, SOP2, SOPC) naming one row, with registers (VOP3 sources maybe
//! negated, `-v1`) and numbers for operands, one per slot of the row's signature, and
//! in VOP3 and VOP3P the ALU's modifiers (`clamp`, `mul:2`, `op_sel:[..]`, ...); or a
//! SOPK or SOPP mnemonic with scalar registers and numbers (`s_movk_i32 s8, 0x2400`,
//! `s_cbranch_execz 64`); or a DPP mnemonic with vector registers
//! (`v_mov_b32_dpp v3, v19 row_shr:1 row_mask:0xf bank_mask:0xf`). Most lines of
//! compiled code are such lines; for them the general path (the operand grammar, the
//! binder's walk of the signature, the format's checker) costs several thousand
//! executed instructions.
//!
//! The decoder's plan of the row ([`codec::fast::place`]) puts each operand's code in
//! its field, numbers read by the binder's own rule for constants and the literal
//! ([`sources::source`]); the decoder's fast check ([`codec::fast::accepts`]) and the
//! constant bus say whether the result is valid. SOPK and SOPP lines are bound by the
//! binder's own rules for their slots (a scalar destination, a 16-bit immediate, a
//! branch offset), DPP lines by the plan and the binder's `apply` for their
//! modifiers, both checked by the format's checker. Only a "yes" is an answer: any
//! line this path is not sure of, errors and warnings included, goes to the general
//! path, which stays the rule (in builds with debug assertions every line taken here
//! is bound again by it, and the two must agree).

use super::form::{self, Want};
use super::{slots, sources};
use crate::codec;
use crate::inst::{Enc, Inst};
use crate::isa::{flags, Role};
use crate::syntax::operands::{Cx, Item, Kind, Modifier};

/// The instruction of a plain line: `mnemonic` (lower-case) and its operand text
/// `rest`, read in `cx`; the columns of its operands (1-based) in `cols`, as the
/// general path sets them. `None` when the line is not plain or this path is not sure.
pub(crate) fn bind_plain(cx: &Cx, mnemonic: &str, rest: &str, cols: &mut [u16; 8]) -> Option<Inst> {
    let (base, want) = Want::split(mnemonic);
    if !matches!(want, Want::Any | Want::E32 | Want::E64 | Want::Dpp) {
        return None;
    }
    let target = cx.target;
    let rows = form::rows(target, base);
    let [id] = rows[..] else {
        return None;
    };
    if form::is_alias_e64(&rows, base) {
        return None;
    }
    // The first encoding the general path tries: if it binds, it is the answer.
    let enc = form::encodings(id, want, target).next()?;
    match enc {
        Enc::Sopk | Enc::Sopp => return bind_sopk_sopp(cx, id, enc, rest, cols),
        Enc::Dpp => return bind_dpp(cx, id, rest, cols),
        _ if want == Want::Dpp => return None,
        _ => {}
    }
    if !matches!(
        enc,
        Enc::Vop1
            | Enc::Vop2
            | Enc::Vopc
            | Enc::Vop3
            | Enc::Vop3p
            | Enc::Sop1
            | Enc::Sop2
            | Enc::Sopc
    ) {
        return None;
    }
    let d = id.desc();
    // Modifiers on VOP3 and VOP3P only (a 32-bit form with one is the general
    // path's: it moves to VOP3), each once, not on rows that read op_sel only to
    // refuse it (`errors::opsel_zero`).
    let mut items = [Item::BLANK; 5];
    let mut mods = [(Modifier::Clamp, 0); 6];
    let takes_mods = matches!(enc, Enc::Vop3 | Enc::Vop3p) && !d.has(flags::OPSEL_ZERO);
    let (n, m) = cx.plain_operands(rest, &mut items, takes_mods.then_some(&mut mods))?;
    if n != d.sig.len() {
        return None;
    }
    // (The ALU's, in the order llvm-mc prints them, each once: it refuses some
    // other orders.)
    let mods = &mods[..m];
    let mut last = None;
    for (modifier, _) in mods {
        let r = rank(modifier)?;
        if last >= Some(r) {
            return None;
        }
        last = Some(r);
    }
    let mut codes = [0u16; 5];
    let (mut lit, mut neg) = (None, 0u8);
    for ((code, it), slot) in codes.iter_mut().zip(&items).zip(d.sig) {
        let src = slot.role.src_index();
        *code = match it.kind {
            Kind::Reg { code, dwords } if dwords == slot.ty.dwords().max(1) => {
                if it.neg {
                    // (As the binder reads `-x`: VOP3 sources of the rows whose
                    // plan takes the modifier, which `accepts` checks.)
                    neg |= 1 << src.filter(|_| enc == Enc::Vop3)?;
                }
                code
            }
            Kind::Val(v) if src.is_some() => {
                let c = sources::source(target, d, slot, it, enc, &mut lit).ok()?;
                // (A double whose low half is dropped: the binder warns.)
                if sources::drops_low_half(slot, v, c) {
                    return None;
                }
                c
            }
            _ => return None,
        };
    }
    let mut i = codec::fast::place(id, enc, &codes[..n])?;
    i.mods.neg = neg;
    if let Some((v, _)) = lit {
        i.lit = v;
    }
    // (By the binder's own rule for each.)
    for &(modifier, pos) in mods {
        super::modifiers::apply(target, &mut i, modifier, pos).ok()?;
    }
    if !(codec::fast::accepts(target, &i) && crate::constant_bus::constant_bus_ok(&i)) {
        return None;
    }
    set_columns(cols, &items[..n]);
    Some(i)
}

/// [`bind_plain`] of a SOPK or SOPP line of row `id` (in encoding `enc`): registers
/// and numbers, one per slot, bound by the binder's rules for scalar destinations,
/// 16-bit immediates and branch offsets, then the format's checker.
fn bind_sopk_sopp(
    cx: &Cx,
    id: crate::isa::OpId,
    enc: Enc,
    rest: &str,
    cols: &mut [u16; 8],
) -> Option<Inst> {
    let d = id.desc();
    let mut items = [Item::BLANK; 5];
    let (n, _) = cx.plain_operands(rest, &mut items, None)?;
    if n != d.sig.len() {
        return None;
    }
    let mut i = Inst::new(id, enc);
    for (it, slot) in items.iter().zip(d.sig) {
        match (slot.role, it.kind) {
            // (As the binder reads a scalar destination of these formats.)
            (Role::Sd | Role::SdIn, Kind::Reg { code, dwords })
                if dwords == slot.ty.dwords().max(1) && code <= 127 =>
            {
                i.dst = code
            }
            (Role::Imm16 | Role::Simm16, _) => slots::imm16(&mut i, it, enc).ok()?,
            (Role::Label, _) => match slots::label(&mut i, it) {
                Ok(None) => {}
                _ => return None,
            },
            _ => return None,
        }
    }
    codec::check_bound(cx.target, &i).ok()?;
    set_columns(cols, &items[..n]);
    Some(i)
}

/// [`bind_plain`] of a DPP line of row `id` whose operands are vector registers
/// (`v_mov_b32_dpp v3, v19 row_shr:1 row_mask:0xf bank_mask:0xf`): the modifiers in
/// llvm-mc's DPP order (`vopx::check_dpp_order`: the control first, then
/// `row_mask`, `bank_mask`, `bound_ctrl` of 0 or 1, each once), the registers placed
/// by the row's plan, the modifiers by the binder's `apply`, then the format's
/// checker and the constant bus.
fn bind_dpp(cx: &Cx, id: crate::isa::OpId, rest: &str, cols: &mut [u16; 8]) -> Option<Inst> {
    let d = id.desc();
    if d.sig
        .iter()
        .any(|s| !matches!(s.role, Role::Vd | Role::Src0 | Role::Src1))
    {
        return None;
    }
    let mut items = [Item::BLANK; 5];
    let mut mods = [(Modifier::Clamp, 0); 6];
    let (n, m) = cx.plain_operands(rest, &mut items, Some(&mut mods))?;
    if n != d.sig.len() || m == 0 {
        return None;
    }
    let mods = &mods[..m];
    let mut last = None;
    for (k, &(modifier, _)) in mods.iter().enumerate() {
        let r = crate::syntax::vopx::dpp_rank(modifier)?;
        if (k == 0) != (r == 0) || last >= Some(r) {
            return None;
        }
        if matches!(modifier, Modifier::Value("bound_ctrl", v) if !(0..=1).contains(&v)) {
            return None;
        }
        last = Some(r);
    }
    let mut codes = [0u16; 5];
    for ((code, it), slot) in codes.iter_mut().zip(&items).zip(d.sig) {
        *code = match it.kind {
            Kind::Reg { code, dwords }
                if dwords == slot.ty.dwords().max(1)
                    && !it.neg
                    && crate::operand_code::is_vgpr(code) =>
            {
                code
            }
            _ => return None,
        };
    }
    let mut i = codec::fast::place(id, Enc::Dpp, &codes[..n])?;
    crate::syntax::vopx::defaults(&mut i);
    for &(modifier, pos) in mods {
        super::modifiers::apply(cx.target, &mut i, modifier, pos).ok()?;
    }
    codec::check_bound(cx.target, &i).ok()?;
    if !crate::constant_bus::constant_bus_ok(&i) {
        return None;
    }
    set_columns(cols, &items[..n]);
    Some(i)
}

/// The columns (1-based) of a plain line's operands, as the general path sets them.
fn set_columns(cols: &mut [u16; 8], items: &[Item]) {
    for (col, it) in cols.iter_mut().zip(items) {
        *col = u16::try_from(it.start + 1).unwrap_or(0);
    }
}

/// Where an ALU modifier stands in the order llvm-mc prints them in (and reads
/// them in, VOP3's `op_sel clamp omod` and VOP3P's `op_sel op_sel_hi neg_lo neg_hi
/// clamp` being parts of it); `None` for the other modifiers, which plain lines
/// do not take.
fn rank(m: &Modifier) -> Option<u8> {
    Some(match m {
        Modifier::OpSel(..) => 0,
        Modifier::OpSelHi(..) => 1,
        Modifier::NegLo(..) => 2,
        Modifier::NegHi(..) => 3,
        Modifier::Clamp => 4,
        Modifier::Omod(_) => 5,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mc::text::statement::bind_general;
    use crate::syntax::lex::{ident, ws};
    use crate::target::TARGETS;

    /// Random instructions of every row and target, printed and read back, and the
    /// same lines with their first vector source negated: wherever the plain path
    /// answers, the general path gives the same instruction and columns; and the plain
    /// path answers for more than eight in ten of the vector and scalar ALU lines
    /// without modifiers (about nine in ten when written), seven in ten of the
    /// SOPK and SOPP lines (about eight) and two in ten of the DPP lines (about a
    /// third).
    #[test]
    fn plain_lines_bind_as_the_general_path() {
        for &t in TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            let (mut alu, mut plain) = (0u32, 0u32);
            let (mut scalar, mut scalar_plain) = (0u32, 0u32);
            let (mut dpp, mut dpp_plain) = (0u32, 0u32);
            for i in crate::random::cover(t, 0x9e37_79b9, 3) {
                let mut text = String::from("\t");
                crate::syntax::print::push_inst(&mut text, t, &i).unwrap();
                let negated = text.replacen(", v", ", -v", 1);
                for line in [text.as_str(), negated.as_str()] {
                    let s = ws(line);
                    let (rest, mnemonic) = ident(s).unwrap();
                    let cx = Cx {
                        line,
                        target: t,
                        mnemonic,
                        syms: &(),
                    };
                    let mut cols = [0; 8];
                    let got = bind_plain(&cx, mnemonic, rest, &mut cols);
                    let mut want_cols = [0; 8];
                    let mpos = line.len() - s.len();
                    let want = bind_general(&cx, mpos, rest, &mut want_cols);
                    if let Some(got) = got {
                        assert!(
                            matches!(&want, Ok((w, None, None)) if *w == got),
                            "{}: {line:?}: {got:?} against {want:?}",
                            t.name
                        );
                        assert_eq!(cols, want_cols, "{}: {line:?}", t.name);
                    }
                    let simple = matches!(
                        i.enc,
                        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Sop1 | Enc::Sop2
                    ) && i.mods.is_none()
                        && line == text;
                    alu += simple as u32;
                    plain += (simple && got.is_some()) as u32;
                    let sopk_sopp = matches!(i.enc, Enc::Sopk | Enc::Sopp) && line == text;
                    scalar += sopk_sopp as u32;
                    scalar_plain += (sopk_sopp && got.is_some()) as u32;
                    let dpp_line = i.enc == Enc::Dpp && line == text;
                    dpp += dpp_line as u32;
                    dpp_plain += (dpp_line && got.is_some()) as u32;
                }
            }
            assert!(
                plain * 10 > alu * 8,
                "{}: the plain path took {plain} of {alu}",
                t.name
            );
            // (The rest name hardware registers, counters or messages.)
            assert!(
                scalar_plain * 10 > scalar * 7,
                "{}: the plain path took {scalar_plain} of {scalar} SOPK/SOPP lines",
                t.name
            );
            // (The rest have carries, compares' results or source modifiers.)
            assert!(
                dpp_plain * 10 >= dpp * 2,
                "{}: the plain path took {dpp_plain} of {dpp} DPP lines",
                t.name
            );
        }
    }
}
