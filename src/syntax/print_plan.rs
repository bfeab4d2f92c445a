//! The printer's fast path for the bulk of real code: VOP1, VOP2, VOPC, VOP3 and
//! SOP1/SOP2/SOPC words whose operands are registers and sources, without modifiers
//! but VOP3's source modifiers (`-v1`, `|v2|`), `clamp` and output modifier.
//! What each row's signature asks of the printer is worked out once per row (a
//! [`Plan`]: the suffixes and, per operand, which field it shows and at what width or
//! type), so that printing such a word is a mnemonic and a few table lookups instead of
//! a walk of the signature through every role's rule. A word it does not take goes to
//! the full printer ([`super::print`]), which stays the rule and the test oracle.

use super::print::{omod_text, source_wrap};
use crate::disasm::Bytes;
use crate::inst::{Enc, Inst};
use crate::isa::{flags, Role, Ty, OPS};
use crate::operand_code::{push_reg, push_src, write_reg, write_src};
use crate::target::Gen;
use std::fmt::{self, Write};
use std::sync::OnceLock;

/// Where the fast path prints: a `String` through `fmt::Write`, or the
/// disassembler's byte buffer, where a mnemonic, a register or a constant is one
/// copy of fixed size from padded text.
pub(crate) trait PlanOut: Write {
    /// Writes `head`; `padded` is its bytes and at least 32 more.
    #[inline(always)]
    fn head(&mut self, head: &'static str, padded: &'static [u8; HEAD_PAD]) {
        let _ = padded;
        let _ = self.write_str(head);
    }
    /// [`write_reg`].
    #[inline(always)]
    fn reg(&mut self, gen: Gen, code: u16, dwords: u8) -> fmt::Result {
        write_reg(self, gen, code, dwords)
    }
    /// [`write_src`].
    #[inline(always)]
    fn src(&mut self, gen: Gen, code: u16, ty: Ty, lit: u32) -> fmt::Result {
        write_src(self, gen, code, ty, lit)
    }
}

impl PlanOut for String {}

impl PlanOut for &mut dyn Write {}

impl PlanOut for Bytes<'_> {
    #[inline(always)]
    fn head(&mut self, head: &'static str, padded: &'static [u8; HEAD_PAD]) {
        if head.len() <= HEAD_PAD {
            let end = self.0.len() + head.len();
            self.0.extend_from_slice(padded);
            self.0.truncate(end);
        } else {
            let _ = self.write_str(head);
        }
    }
    #[inline(always)]
    fn reg(&mut self, gen: Gen, code: u16, dwords: u8) -> fmt::Result {
        push_reg(self.0, gen, code, dwords);
        Ok(())
    }
    #[inline(always)]
    fn src(&mut self, gen: Gen, code: u16, ty: Ty, lit: u32) -> fmt::Result {
        push_src(self.0, gen, code, ty, lit);
        Ok(())
    }
}

/// The bytes [`PlanOut::head`] copies at once.
pub(crate) const HEAD_PAD: usize = 32;

/// How one operand is printed.
#[derive(Clone, Copy)]
enum Op {
    /// A register in the `dst` field, of this many dwords.
    Dst(u8),
    /// Source `k` (`src[k]`) of type `ty`: a register, a constant or the literal.
    Src(u8, Ty),
    /// A carry-out or compare result: `vcc` in the 32-bit forms, else the SGPR pair in
    /// `sdst` (VOP3B) or `dst`.
    Carry { in_sdst: bool },
    /// A carry-in: `vcc` in the 32-bit forms, else the SGPR pair in `src[2]`.
    CarryIn,
}

/// A row's plan: its operands in order, and its suffix in the 32-bit (or scalar)
/// encodings and in VOP3.
#[derive(Clone, Copy)]
pub(super) struct Plan {
    ops: [Op; 5],
    n: u8,
    sfx32: &'static str,
    sfx64: &'static str,
    /// The mnemonic and its suffix, in the 32-bit (or scalar) encodings and in VOP3
    /// (one copy each; filled in by [`plans`]).
    head32: &'static str,
    head64: &'static str,
    /// Each head's bytes and what follows them in their block ([`HEAD_PAD`] bytes).
    pad32: &'static [u8; HEAD_PAD],
    pad64: &'static [u8; HEAD_PAD],
    /// Whether its VOP3 form's modifier fields are the sources' `neg` and `abs`,
    /// `clamp` and the output modifier, printed as for any row (not an
    /// interpolation's, v_bitop3's truth table or a permlane swap's controls).
    vop3_mods: bool,
}

/// The plan of row `d`, if the fast path takes it: every operand a destination, a
/// source, a carry or a carry-in (no interpolation, immediates, memory or index-mode
/// operands, no 256-bit source).
fn plan_of(d: &crate::isa::OpDesc) -> Option<Plan> {
    if d.sig().len() > 5 || d.sig().iter().any(|s| s.role == Role::GprIdx) {
        return None;
    }
    let has_vd = d.sig().iter().any(|s| s.role == Role::Vd);
    let mut p = Plan {
        ops: [Op::CarryIn; 5],
        n: d.sig().len() as u8,
        // (The full printer's `suffix` for these encodings, from the row alone.)
        sfx32: super::suffix::suffix32(d),
        sfx64: super::suffix::suffix64(d),
        head32: "",
        head64: "",
        pad32: &[0; HEAD_PAD],
        pad64: &[0; HEAD_PAD],
        vop3_mods: !(d.has(flags::BITOP3)
            || d.has(flags::PERMLANE_SWAP)
            || crate::codec::vintrp::is_interp(d)),
    };
    for (k, s) in d.sig().iter().enumerate() {
        p.ops[k] = match s.role {
            Role::Vd | Role::Sd | Role::SdIn => Op::Dst(s.ty.dwords()),
            Role::Src0 | Role::Src1 | Role::Src2 if !matches!(s.ty, Ty::B256 | Ty::F8f6f4) => {
                Op::Src(s.role.src_index()? as u8, s.ty)
            }
            Role::Cd => Op::Carry { in_sdst: has_vd },
            Role::Ci => Op::CarryIn,
            _ => return None,
        };
    }
    Some(p)
}

// Run time, once: a plan is the printer's own reading of a row (suffixes, operand
// order), which build.rs cannot run; only the disassembler makes it.
static PLANS: OnceLock<Box<[Option<Plan>]>> = OnceLock::new();

/// Every row's plan, the heads' text in one block kept for the process's life
/// (ending in [`HEAD_PAD`] zeros, so that each head has that many bytes from its start).
fn plans() -> Box<[Option<Plan>]> {
    let mut plans: Vec<Option<Plan>> = OPS.iter().map(plan_of).collect();
    let mut text = String::new();
    let mut at = Vec::new();
    for (d, p) in OPS.iter().zip(&plans) {
        if let Some(p) = p {
            for sfx in [p.sfx32, p.sfx64] {
                let start = text.len();
                text.push_str(d.name());
                text.push_str(sfx);
                at.push((start, text.len()));
            }
        }
    }
    text.push_str(&"\0".repeat(HEAD_PAD));
    let text: &'static str = Box::leak(text.into_boxed_str());
    let mut spans = at.into_iter().map(|(a, b)| {
        let padded = text.as_bytes()[a..a + HEAD_PAD].try_into();
        (&text[a..b], padded.unwrap_or(&[0; HEAD_PAD]))
    });
    for p in plans.iter_mut().flatten() {
        (p.head32, p.pad32) = spans.next().unwrap_or(("", &[0; HEAD_PAD]));
        (p.head64, p.pad64) = spans.next().unwrap_or(("", &[0; HEAD_PAD]));
    }
    plans.into_boxed_slice()
}

/// The plan of row `op` (all rows' plans are worked out at the first use).
#[inline]
fn plan(op: crate::isa::OpId) -> Option<&'static Plan> {
    let plans = PLANS.get_or_init(plans);
    plans.get(op.0 as usize)?.as_ref()
}

/// An operand of a row's 32-bit form, as the one-step lines of 32-bit VOP words
/// ([`crate::disasm::templates`]) print it after the row's head.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum E32 {
    /// The destination field, a register of this many dwords.
    Dst(u8),
    /// Source `k` (0: SRC0, 1: VSRC1) of type `ty`.
    Src(u8, Ty),
    /// A carry-out or carry-in: the implicit `vcc`.
    Vcc,
}

/// A row's head in one encoding, its padded bytes, and its operands there in order
/// (the first `usize` of the five).
pub(crate) type Layout<T> = (&'static str, &'static [u8; HEAD_PAD], [T; 5], usize);

/// Row `op`'s head in the 32-bit encodings (and its padded bytes) and its operands
/// there, in order (at most five).
pub(crate) fn e32_layout(op: crate::isa::OpId) -> Option<Layout<E32>> {
    let p = plan(op)?;
    let mut layout = [E32::Vcc; 5];
    for (to, from) in layout.iter_mut().zip(&p.ops[..p.n as usize]) {
        *to = match *from {
            Op::Dst(n) => E32::Dst(n),
            Op::Src(k, ty) => E32::Src(k, ty),
            Op::Carry { .. } | Op::CarryIn => E32::Vcc,
        };
    }
    Some((p.head32, p.pad32, layout, p.n as usize))
}

/// Row `op`'s head in VOP3 (and its padded bytes) and its operands there, in order
/// (at most five), each as the field it shows (0 VDST, 1 SDST, 2-4 SRC0-SRC2) and
/// the type it is printed as; `None` for a row whose modifier fields are not the
/// sources' `neg` and `abs`, `clamp` and the output modifier.
pub(crate) fn e64_layout(op: crate::isa::OpId) -> Option<Layout<(u8, Ty)>> {
    let p = plan(op).filter(|p| p.vop3_mods)?;
    let mut layout = [(0, Ty::B32); 5];
    for (to, from) in layout.iter_mut().zip(&p.ops[..p.n as usize]) {
        *to = match *from {
            Op::Dst(n) => (0, reg_ty(n)),
            Op::Src(k, ty) => (2 + k, ty),
            Op::Carry { in_sdst } => (if in_sdst { 1 } else { 0 }, Ty::B64),
            Op::CarryIn => (4, Ty::B64),
        };
    }
    Some((p.head64, p.pad64, layout, p.n as usize))
}

/// A type of `dwords` dwords (one for none), for the text of a register of that
/// width.
pub(crate) fn reg_ty(dwords: u8) -> Ty {
    match dwords {
        2 => Ty::B64,
        3 => Ty::B96,
        4 => Ty::B128,
        _ => Ty::B32,
    }
}

/// Prints `i` into `out` and says `true` if the fast path takes it (same text as
/// `print::push_inst`); else writes nothing and says `false`.
#[inline]
pub(super) fn push<W: PlanOut>(out: &mut W, gen: Gen, i: &Inst) -> bool {
    let e32 = match i.enc {
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Sop1 | Enc::Sop2 | Enc::Sopc => true,
        Enc::Vop3 => false,
        _ => return false,
    };
    if !i.mods.is_none() {
        return !e32 && push_vop3_mods(out, gen, i);
    }
    let Some(p) = plan(i.op) else {
        return false;
    };
    match e32 {
        true => out.head(p.head32, p.pad32),
        false => out.head(p.head64, p.pad64),
    }
    operands::<false, W>(out, gen, i, p);
    true
}

/// [`push`] of a VOP3 word with modifiers: the sources' `neg` and `abs`, `clamp`
/// and the output modifier, as the full printer prints them (no other modifier).
#[inline(never)]
fn push_vop3_mods<W: PlanOut>(out: &mut W, gen: Gen, i: &Inst) -> bool {
    let m = i.mods;
    let Some(p) = plan(i.op).filter(|p| p.vop3_mods) else {
        return false;
    };
    if m.neg_hi | m.op_sel | m.op_sel_hi != 0 || m.glc || m.nv {
        return false;
    }
    out.head(p.head64, p.pad64);
    operands::<true, W>(out, gen, i, p);
    if m.clamp {
        let _ = out.write_str(" clamp");
    }
    let _ = out.write_str(omod_text(m.omod));
    true
}

/// The operands of `i` by plan `p`, each after a blank (and a comma but the
/// first); with `MODS`, its sources with their `neg` and `abs`.
#[inline(always)]
fn operands<const MODS: bool, W: PlanOut>(out: &mut W, gen: Gen, i: &Inst, p: &Plan) {
    // (Carries are the implicit VCC where the full printer says so.)
    let vcc = super::suffix::e32(i);
    for (k, op) in p.ops[..p.n as usize].iter().enumerate() {
        // (Constant writes: a runtime choice of text would be a call to copy it.)
        if k != 0 {
            let _ = out.write_str(",");
        }
        let _ = out.write_str(" ");
        // (Tests, not a jump table: which kind comes where follows the row, and a
        // branch predicted by what came before is right far more often than a jump
        // through a table on words that do not repeat.)
        let _ = if let Op::Src(j, ty) = *op {
            let code = i.src[j as usize];
            let (neg, abs) = (i.mods.neg >> j & 1 != 0, i.mods.abs >> j & 1 != 0);
            if MODS && (neg || abs) {
                let (open, close) = source_wrap(code, neg, abs);
                let _ = out.write_str(open);
                let _ = out.src(gen, code, ty, i.lit);
                out.write_str(close)
            } else {
                out.src(gen, code, ty, i.lit)
            }
        } else if let Op::Dst(n) = *op {
            out.reg(gen, i.dst, n)
        } else {
            carry(out, gen, i, *op, vcc)
        };
    }
}

/// A carry-out or carry-in operand ([`push`]).
#[inline(never)]
fn carry<W: PlanOut>(out: &mut W, gen: Gen, i: &Inst, op: Op, vcc: bool) -> fmt::Result {
    match op {
        _ if vcc => out.write_str("vcc"),
        Op::Carry { in_sdst } => out.reg(gen, if in_sdst { i.sdst } else { i.dst }, 2),
        _ => out.reg(gen, i.src[2], 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::TARGETS;

    /// The fast path prints what the full printer prints, for every row in every
    /// encoding it takes, on every target, with many random field values (biased to
    /// the codes that print differently: registers of each file, constants, the
    /// literal, VCC), and it takes most rows.
    #[test]
    fn fast_printer_agrees_with_the_printer() {
        let mut next = crate::xorshift64(0x9e37_79b9_7f4a_7c15u64);
        let codes = [
            0u16, 1, 5, 102, 104, 106, 107, 108, 112, 124, 125, 126, 127, 128, 150, 200, 208, 235,
            239, 240, 247, 248, 251, 253, 254, 255, 256, 257, 300, 511, 512, 600,
        ];
        let (mut taken, mut rows) = (0u32, 0u32);
        let mut gens = Vec::new();
        for t in TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            if gens.contains(&t.gen) {
                continue;
            }
            gens.push(t.gen);
            for k in 0..OPS.len() {
                let op = crate::isa::OpId(k as u16);
                rows += 1;
                taken += plan(op).is_some() as u32;
                for enc in [
                    Enc::Vop1,
                    Enc::Vop2,
                    Enc::Vopc,
                    Enc::Vop3,
                    Enc::Sop1,
                    Enc::Sop2,
                    Enc::Sopc,
                ] {
                    for n in 0..24 {
                        let mut i = Inst::new(op, enc);
                        let mut pick = || codes[next() as usize % codes.len()];
                        i.dst = pick();
                        i.sdst = pick();
                        i.src = [pick(), pick(), pick()];
                        i.lit = [0, 1, 0x3f80_0000, 0x4000_0000, 0xffff_fff0, 0x1234_5678][n % 6];
                        if n % 8 == 7 {
                            i.mods.clamp = true;
                        }
                        // (Source modifiers and the output modifier, and now and
                        // then a modifier the fast path leaves to the printer.)
                        if n % 3 == 1 {
                            i.mods.neg = next() as u8 & 7;
                            i.mods.abs = next() as u8 & 7;
                            i.mods.omod = next() as u8 & 3;
                        }
                        if n % 12 == 5 {
                            i.mods.op_sel = next() as u8 & 15;
                        }
                        let (mut fast, mut full) = (String::new(), String::new());
                        let took = push(&mut fast, t.gen, &i);
                        crate::syntax::print::write_inst(&mut full, *t, &i).unwrap();
                        assert!(!took || fast == full, "{}: {fast:?} vs {full:?}", t.name);
                        assert!(took || fast.is_empty());
                        // Into bytes (padded copies), after some text.
                        let mut bytes = b"x".to_vec();
                        assert_eq!(push(&mut Bytes(&mut bytes), t.gen, &i), took);
                        assert_eq!(bytes[1..], *fast.as_bytes(), "{}", t.name);
                    }
                }
            }
        }
        assert!(
            taken * 2 > rows,
            "the fast path takes {taken} of {rows} rows"
        );
    }
}
