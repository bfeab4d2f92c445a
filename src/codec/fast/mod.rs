//! The decoder's fast acceptance of vector and scalar ALU words (VOP1, VOP2, VOPC,
//! VOP3 and SOP*, the bulk of real code): what each row's signature asks of the fields
//! is worked out once per row (a [`Plan`], a `sop::Plan`), so that accepting a word is
//! a few mask tests instead of walking the signature. It only ever says "valid": a
//! word it does not accept goes to the format's checker ([`super::check_fields`]),
//! which stays the rule (and the test oracle) and gives the error. The same plans
//! decode the commonest words in one step, fields placed and checked in one pass:
//! [`vop32`] for VOP1/VOP2/VOPC, [`vop64`] for VOP3.

use super::masks;

pub(crate) mod sop;
pub(crate) mod vop32;
pub(crate) mod vop64;
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{flags, Class, Fmt, Role, OPS};
use crate::operand_code::{LDS_DIRECT, M0, VCC_LO};
use crate::target::Target;
use std::sync::OnceLock;

/// What a one-step decoder makes of a word.
pub(crate) enum Step {
    /// The instruction, as the general path decodes it.
    Inst(Inst),
    /// The `Inst` the general path unpacks, whose fields the fast check ([`accepts`])
    /// refuses: the checker decides, and words the error.
    Check(Inst),
    /// Nothing: the general path decodes the word.
    General,
}

/// What a row's signature asks of one field of an `Inst`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// No slot: the field must be zero.
    Unused,
    /// A vector register of the slot's class and width.
    Vreg,
    /// A written SGPR (tuple), not M0 (`Sd`).
    Sreg,
    /// A carry-out or compare result: in VOP3 an SGPR tuple (in VDST, or in VOP3B's
    /// SDST), in the 32-bit forms the implicit VCC.
    Carry,
    /// A source.
    Src,
    /// A carry-in or condition mask: in VOP3 an SGPR pair, in the 32-bit forms VCC.
    CarryIn,
}

/// One field's rule: its kind and the validity mask its codes must be in
/// (`masks::in_set`). (Four bytes: a plan's rules are indexed by a shift.)
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(align(4))]
struct Rule {
    kind: Kind,
    key: u8,
    /// A VOP2/VOPC second source (VSRC1: VGPRs only).
    src1: bool,
    /// A 16-bit source (the checker has rules on their literals and, on gfx6/gfx7,
    /// constants).
    is16: bool,
    /// A vector tuple (two dwords or more) in VDST or a source field: from gfx90a on it
    /// starts at an even register.
    wide: bool,
}

const UNUSED: Rule = Rule {
    kind: Kind::Unused,
    key: 0,
    src1: false,
    is16: false,
    wide: false,
};

/// A row's plan: the rule of each field (`dst`, `sdst`, `src[0..3]`), for the rows the
/// fast path takes (not interpolation, lane selects, several slots in one field or
/// roles outside the vector ALU's).
#[derive(Clone, Copy)]
struct Plan {
    rules: [Rule; 5],
    /// Bit f set where field f has a slot (the others must be zero).
    fields: u8,
    /// Whether the row may be in VOP3 (its own format, or an `_e64` form).
    vop3_home: bool,
    /// Source modifier bits the VOP3 form takes (`abs`, `neg`).
    mods: u8,
    /// VOP3 `op_sel` bits from gfx9 on.
    opsel: u8,
    /// A K constant follows (v_madmk/v_madak).
    k: bool,
    /// VOP3B (a carry-out in SDST).
    vop3b: bool,
    /// A VOP3P row (packed math; no MFMA, no AGPR slots).
    vop3p: bool,
    /// VOP3P's default `op_sel_hi` (mixed-precision rows: 0).
    op_sel_hi: u8,
    /// The field (0 `dst`, 1 `sdst`, 2-4 `src[0..3]`) of each slot of the signature,
    /// in its order; [`NO_FIELD`] for a K constant (the assembler's [`place`]).
    slot_field: [u8; 5],
}

/// A [`Plan::slot_field`] of a slot with no field of its own.
const NO_FIELD: u8 = u8::MAX;

// Run time, once: a plan is the codec's reading of a row (its field rules), which
// build.rs cannot run; only processes that decode vector words make it.
static PLANS: OnceLock<Box<[Option<Plan>]>> = OnceLock::new();

fn plan_of(d: &crate::isa::OpDesc) -> Option<Plan> {
    let vop3p = d.fmt == Fmt::Vop3p;
    if !matches!(
        d.fmt,
        Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc | Fmt::Vop3 | Fmt::Vop3p
    ) || crate::codec::vintrp::is_interp(d)
        || (vop3p && (d.has(flags::MAI) || d.sig().iter().any(|s| s.class == Class::Agpr)))
    {
        return None;
    }
    let has_vd = d.sig().iter().any(|s| s.role == Role::Vd);
    let mut p = Plan {
        rules: [UNUSED; 5],
        fields: 0,
        vop3_home: d.fmt == Fmt::Vop3 || d.has_e64(),
        mods: 0,
        opsel: 0,
        k: false,
        vop3b: false,
        vop3p,
        op_sel_hi: super::vop3p::default_op_sel_hi(d.has(flags::MIX)),
        slot_field: [NO_FIELD; 5],
    };
    let mut used = 0u8;
    for (n, s) in d.sig().iter().enumerate() {
        let w = s.ty.dwords();
        let sreg = masks::check_key(w.max(1), false)?;
        if vop3p && !matches!(s.role, Role::Vd | Role::Src0 | Role::Src1 | Role::Src2) {
            return None;
        }
        let (at, kind, key) = match s.role {
            Role::Vd => (0, Kind::Vreg, masks::src_key(s.class, w, true)?),
            Role::Sd => (0, Kind::Sreg, sreg),
            Role::Cd if has_vd => {
                p.vop3b = true;
                (1, Kind::Carry, sreg)
            }
            Role::Cd => (0, Kind::Carry, sreg),
            Role::Src0 | Role::Src1 | Role::Src2 => {
                let k = s.role.src_index().unwrap_or(0);
                used |= 1 << k;
                if s.ty.is_float() || d.has(flags::ANY_MODS) {
                    p.mods |= 1 << k;
                }
                (2 + k, Kind::Src, masks::src_key(s.class, w, true)?)
            }
            // (An SGPR pair: the slot's own mask must say the same.)
            Role::Ci if w == 2 && s.class == Class::Any => {
                used |= 4;
                (4, Kind::CarryIn, sreg)
            }
            Role::K => {
                p.k = true;
                continue;
            }
            _ => return None,
        };
        // Lane selects and the like are left to the checker, but in rows that are
        // VOP3 only (`v_readlane_b32`, `v_writelane_b32` from gfx8 on), whose checker
        // reads such a source as any other (`src_ok`, by the class's mask; the
        // constant bus, M0 exempt as a lane select, is `constant_bus_ok`'s).
        let lane = match s.class {
            Class::Scalar => d.fmt != Fmt::Vop3,
            Class::ScalarLit => true,
            _ => false,
        };
        if p.rules[at].kind != Kind::Unused || lane {
            return None;
        }
        p.fields |= 1 << at;
        if let Some(f) = p.slot_field.get_mut(n) {
            *f = at as u8;
        }
        p.rules[at] = Rule {
            kind,
            key,
            src1: s.role == Role::Src1,
            is16: s.ty.is_16(),
            // (As `valu_aligned` reads the signature: VDST and the source fields.)
            wide: w >= 2 && (s.role == Role::Vd || s.role.src_index().is_some()),
        };
    }
    if vop3p {
        // (Packed ops take neg_lo/neg_hi on every source, integer ones included.)
        if p.rules[0].kind != Kind::Vreg {
            return None;
        }
        p.mods = if d.has(flags::NO_MODS) && d.has(flags::MIX) {
            0
        } else {
            used
        };
        p.opsel = if d.has(flags::NO_OPSEL) { 0 } else { used };
        return Some(p);
    }
    if d.has(flags::NO_MODS) {
        p.mods = 0;
    }
    if d.has(flags::PERMLANE_SWAP) {
        p.opsel = 0b11;
    }
    if d.has(flags::OPSEL) {
        p.opsel = if d.has(flags::OPSEL4) {
            0b1111
        } else {
            used | 8
        };
    }
    Some(p)
}

#[inline]
fn plan(op: crate::isa::OpId) -> Option<&'static Plan> {
    let plans = PLANS.get_or_init(|| OPS.iter().map(plan_of).collect());
    plans.get(op.0 as usize)?.as_ref()
}

/// Whether a field holding `code` meets `r` (for an `Inst` in encoding VOP3 when
/// `vop3`, else VOP1/VOP2/VOPC). (The target by reference: by value, it was copied
/// for each field, for the mask's first build.)
#[inline(always)]
fn field_ok(
    set: &'static masks::Set,
    target: &Target,
    r: Rule,
    code: u16,
    vop3: bool,
    vop1: bool,
) -> bool {
    let valid = |code: u16| masks::in_set(set, target, r.key, code);
    let sgpr = |code: u16| code <= 127 && valid(code);
    match r.kind {
        Kind::Unused => code == 0,
        Kind::Vreg => code >= VGPR0 && valid(code),
        Kind::Sreg => code != M0 && sgpr(code),
        Kind::Carry | Kind::CarryIn if vop3 => sgpr(code),
        Kind::Carry | Kind::CarryIn => code == VCC_LO,
        Kind::Src => src_ok(set, target, r, code, vop3, vop1),
    }
}

/// [`field_ok`] for a field whose rule is a source (`Kind::Src`).
#[inline(always)]
fn src_ok(
    set: &'static masks::Set,
    target: &Target,
    r: Rule,
    code: u16,
    vop3: bool,
    vop1: bool,
) -> bool {
    let literal = code == crate::inst::LITERAL;
    code != LDS_DIRECT
        && masks::in_set(set, target, r.key, code)
        && (vop3 || !r.src1 || (code >= VGPR0 && !vop1))
        && !(literal && (vop3 || r.is16))
        && !(r.is16 && target.gen.before_gfx8())
}

/// A field's rule, for the disassembler's one-step lines (`vop32::Fields::rule`):
/// rows whose fields have equal rules accept the same codes in them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct FieldRule {
    rule: Rule,
    vop1: bool,
    /// The destination field (else a source; in VOP3, VDST and SDST are both).
    dst: bool,
    /// A field of a VOP3 word (else of a 32-bit one).
    vop3: bool,
}

impl FieldRule {
    /// What the rule is to the codes a field takes and the base of its bits, as a
    /// number: rules with the same take the same codes (a VOP3 field's ignores
    /// what only the 32-bit forms and gfx6/gfx7 read, its templates being for gfx8 on).
    pub(crate) fn id(&self) -> u32 {
        let r = self.rule;
        let base = (r.kind as u32) | (r.key as u32) << 8 | (r.wide as u32) << 16;
        if self.vop3 {
            base | 1 << 17 | ((self.dst && r.kind == Kind::Vreg) as u32) << 18
        } else {
            base | (r.src1 as u32) << 19
                | (r.is16 as u32) << 20
                | (self.vop1 as u32) << 21
                | (self.dst as u32) << 22
        }
    }

    /// Whether the field's eight bits name a VGPR (a VGPR's VDST, VSRC1), from
    /// `VGPR0`; else its bits are the code (SRC0, an SGPR's VDST).
    pub(crate) fn vgpr_bits(&self) -> bool {
        if self.dst {
            self.rule.kind == Kind::Vreg
        } else {
            self.rule.src1 && !self.vop3
        }
    }
}

/// Whether the decoder takes the literal in a 32-bit SRC0 of rule `r` without asking
/// the checker (the constant bus aside: the caller's).
pub(crate) fn literal_valid(target: Target, r: FieldRule) -> bool {
    let set = masks::set(target);
    !r.vop3 && !r.dst && src_ok(set, &target, r.rule, crate::inst::LITERAL, false, r.vop1)
}

/// Which codes below 512 the one-step decoders take in a field of rule `r`, 64 codes
/// a word (bit `c % 64` of word `c / 64`):
/// VGPR codes from `VGPR0`, as in an `Inst`; no DPP, SDWA
/// or literal mark in a 32-bit SRC0 (those words are not theirs); the even start of
/// a vector tuple from gfx90a on included. (The target's masks looked up once.)
pub(crate) fn field_valid_bits(target: Target, r: FieldRule) -> [u64; 8] {
    use crate::operand_code::{DPP, SDWA};
    let rule = r.rule;
    let valid: [u64; 8] = match masks::mask_of(masks::set(target), &target, rule.key) {
        Some(m) => std::array::from_fn(|w| m[w]),
        None => [0; 8],
    };
    // (Codes as bits: one, and a range.)
    let one = |c: u16| -> [u64; 8] {
        std::array::from_fn(|w| u64::from(c as usize / 64 == w) << (c % 64))
    };
    let from = |lo: u16, hi: u16| -> [u64; 8] {
        std::array::from_fn(|w| {
            let (a, b) = (64 * w as u16, 64 * w as u16 + 63);
            let (lo, hi) = (lo.max(a), hi.min(b));
            match lo <= hi {
                true => (u64::MAX >> (63 - (hi - lo))) << (lo - a),
                false => 0,
            }
        })
    };
    let and = |x: [u64; 8], y: [u64; 8]| -> [u64; 8] { std::array::from_fn(|w| x[w] & y[w]) };
    let not = |x: [u64; 8]| -> [u64; 8] { x.map(|v| !v) };
    let vgprs = from(VGPR0, 511);
    let sgprs = from(0, 127);
    let (vop3, vop1) = (r.vop3, !r.vop3 && r.vop1);
    // `src_ok` for this field.
    let src = || -> [u64; 8] {
        if rule.is16 && target.gen.before_gfx8() {
            return [0; 8];
        }
        let mut t = and(valid, not(one(LDS_DIRECT)));
        if !vop3 && rule.src1 {
            t = if vop1 { [0; 8] } else { and(t, vgprs) };
        }
        if vop3 || rule.is16 {
            t = and(t, not(one(crate::inst::LITERAL)));
        }
        t
    };
    let t = if r.vop3 || r.dst {
        match rule.kind {
            Kind::Unused => one(0),
            Kind::Vreg => and(valid, vgprs),
            Kind::Sreg => and(and(valid, sgprs), not(one(M0))),
            Kind::Carry | Kind::CarryIn if vop3 => and(valid, sgprs),
            Kind::Carry | Kind::CarryIn => one(VCC_LO),
            Kind::Src => src(),
        }
    } else {
        let marks = [DPP, SDWA, crate::inst::LITERAL].map(one);
        marks.iter().fold(src(), |t, &m| and(t, not(m)))
    };
    // (gfx90a on: a vector tuple starts at an even register.)
    match rule.wide && target.even_tuples() {
        true => and(t, not(and(vgprs, [0xaaaa_aaaa_aaaa_aaaa; 8]))),
        false => t,
    }
}

/// gfx90a+: whether the vector tuples of `i`'s fields start at an even register.
fn even_tuples_ok(p: &Plan, i: &Inst) -> bool {
    let codes = [i.dst, i.sdst, i.src[0], i.src[1], i.src[2]];
    let mut odd = false;
    for (r, c) in p.rules.iter().zip(codes) {
        odd |= r.wide & (c >= VGPR0) & (c & 1 != 0);
    }
    !odd
}

/// Whether `i`, as the decoder made it, is certainly valid for `target` (what
/// `check_fields(target, i).is_ok()` says); `false` means "ask the checker".
/// (Inlined into its two callers: in the one-step VOP3 path the encoding is known,
/// and its tests fold.)
#[inline(always)]
pub(crate) fn accepts(target: Target, i: &Inst) -> bool {
    let vop3 = match i.enc {
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc => false,
        // (VOP3P's sources read as VOP3's: no literal, any SRC1.)
        Enc::Vop3 | Enc::Vop3p => true,
        Enc::Sop2 | Enc::Sopk | Enc::Sop1 | Enc::Sopc | Enc::Sopp => {
            return sop::accepts(target, i)
        }
        _ => return false,
    };
    let Some(p) = plan(i.op) else {
        return false;
    };
    let d = i.desc();
    let gen = target.gen;
    let home = if i.enc == Enc::Vop3p || p.vop3p {
        i.enc == Enc::Vop3p && p.vop3p
    } else if vop3 {
        p.vop3_home
    } else {
        i.enc == Enc::of(d.fmt)
    };
    if !home || d.opcode(target).is_none() {
        return false;
    }
    // (The 32-bit forms have no SRC2 field: a row with one is the checker's case.)
    if !vop3 && p.rules[4].kind == Kind::Src {
        return false;
    }
    let vop1 = i.enc == Enc::Vop1;
    let codes = [i.dst, i.sdst, i.src[0], i.src[1], i.src[2]];
    if target.even_tuples() && !even_tuples_ok(p, i) {
        return false;
    }
    let set = masks::set(target);
    let mut ok = true;
    for (f, c) in codes.into_iter().enumerate() {
        ok &= if p.fields >> f & 1 == 0 {
            c == 0
        } else {
            field_ok(set, &target, p.rules[f], c, vop3, vop1)
        };
    }
    let m = i.mods;
    if ok && p.vop3p {
        return (m.neg | m.neg_hi) & !p.mods == 0
            && m.op_sel & !p.opsel == 0
            && (m.op_sel_hi ^ p.op_sel_hi) & !p.opsel == 0
            && (!m.clamp || d.clamp_allowed(gen))
            && m.abs | m.omod == 0
            && !m.glc
            && !m.nv
            && i.sdst == 0
            && i.imm == 0
            && i.smem == 0
            && i.lit == 0;
    }
    if !ok || m.neg_hi != 0 || m.op_sel_hi != 0 || m.glc || m.nv || i.imm != 0 || i.smem != 0 {
        return false;
    }
    if !vop3 {
        let literal = i.src[0] == crate::inst::LITERAL;
        return m.abs | m.neg | m.op_sel | m.omod == 0
            && !m.clamp
            && (p.k || literal || i.lit == 0);
    }
    let opsel = if gen.before_gfx9() { 0 } else { p.opsel };
    i.lit == 0
        && (m.abs | m.neg) & !p.mods == 0
        && !(p.vop3b && m.abs != 0)
        && m.op_sel & !opsel == 0
        && (!m.clamp || d.clamp_allowed(gen))
        && (m.omod == 0 || d.omod_allowed())
}

/// The plans read the other way, for the assembler's plain lines (registers and
/// numbers; the caller applies modifiers and the literal): an `Inst` of row `op` in
/// encoding `enc` (VOP1,
/// VOP2, VOPC, VOP3, VOP3P, SOP1, SOP2 or SOPC) with `codes`, the operands' codes in
/// the order of the row's signature, in their fields, as the decoder would make it
/// (VOP3P's default `op_sel_hi` set). `None` where the row has no plan, or a slot no
/// field (a K constant, an immediate), or the count is not the signature's. Whether
/// the result is valid is [`accepts`]'s to say.
pub(crate) fn place(op: crate::isa::OpId, enc: Enc, codes: &[u16]) -> Option<Inst> {
    if matches!(enc, Enc::Sop1 | Enc::Sop2 | Enc::Sopc) {
        return sop::place(op, enc, codes);
    }
    let p = plan(op)?;
    if codes.len() != op.desc().sig().len() || codes.len() > p.slot_field.len() {
        return None;
    }
    let mut i = Inst::new(op, enc);
    for (&code, &f) in codes.iter().zip(&p.slot_field) {
        match f {
            0 => i.dst = code,
            1 => i.sdst = code,
            2..=4 => i.src[usize::from(f - 2)] = code,
            _ => return None,
        }
    }
    if enc == Enc::Vop3p {
        i.mods.op_sel_hi = p.op_sel_hi;
    }
    Some(i)
}

/// Tests: a one-step decoder held to the general path word by word, and how many
/// of the words the general path decodes it took.
#[cfg(test)]
#[derive(Default)]
pub(super) struct Tally {
    general: u32,
    taken: u32,
}

#[cfg(test)]
impl Tally {
    /// Holds `step`, the one-step decoder's for `bytes` (`at` names the word), to
    /// the general path: the instruction and the error it decodes, the `Inst` it
    /// unpacks (which the fast check must refuse).
    pub(super) fn step(
        &mut self,
        t: &Target,
        bytes: &[u8],
        step: Result<Step, crate::codec::DecodeError>,
        at: &str,
    ) {
        let want = crate::codec::decode_general(*t, bytes);
        self.general += want.is_ok() as u32;
        match step {
            Ok(Step::Inst(got)) => {
                self.taken += 1;
                assert_eq!(Ok(got), want, "{}: {at}", t.name);
            }
            Ok(Step::Check(got)) => {
                let unpacked = crate::codec::unpack(*t, bytes);
                assert_eq!(Ok(got), unpacked, "{}: {at}", t.name);
                assert!(!accepts(*t, &got), "{}: {at}", t.name);
            }
            Err(e) => assert_eq!(Err(e), want, "{}: {at}", t.name),
            Ok(Step::General) => {}
        }
    }

    /// The one-step decoder took more than eight in ten of what the general path
    /// decodes.
    pub(super) fn took_most(&self, t: &Target) {
        let (general, taken) = (self.general, self.taken);
        assert!(
            taken * 10 > general * 8,
            "{}: took {taken} of {general}",
            t.name
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule of `field_valid_bits`, code by code.
    fn field_valid_one(target: Target, r: FieldRule, code: u16) -> bool {
        use crate::operand_code::{DPP, SDWA};
        let set = masks::set(target);
        let odd_tuple = r.rule.wide && target.even_tuples() && code >= VGPR0 && code & 1 != 0;
        let ok = if r.vop3 {
            field_ok(set, &target, r.rule, code, true, false)
        } else if r.dst {
            field_ok(set, &target, r.rule, code, false, r.vop1)
        } else {
            !matches!(code, DPP | SDWA | crate::inst::LITERAL)
                && src_ok(set, &target, r.rule, code, false, r.vop1)
        };
        ok && !odd_tuple
    }

    /// Every rule of every row's plan, as a destination or a source, of a 32-bit or a
    /// VOP3 word, with and without VOP1's rule, on every target: the bits are the
    /// rule's answer for each code.
    #[test]
    fn field_valid_bits_are_the_rule() {
        let mut rules = Vec::new();
        for op in 0..OPS.len() {
            let Some(p) = plan(crate::isa::OpId(op as u16)) else {
                continue;
            };
            for rule in p.rules {
                for k in 0..8 {
                    let r = FieldRule {
                        rule,
                        vop1: k & 1 != 0,
                        dst: k & 2 != 0,
                        vop3: k & 4 != 0,
                    };
                    if !rules.contains(&r) {
                        rules.push(r);
                    }
                }
            }
        }
        assert!(rules.len() > 50, "{}", rules.len());
        for &t in crate::target::TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            for &r in &rules {
                let bits = field_valid_bits(t, r);
                for code in 0..512u16 {
                    let bit = bits[code as usize / 64] >> (code % 64) & 1 != 0;
                    assert_eq!(
                        bit,
                        field_valid_one(t, r, code),
                        "{} {} code {code}",
                        t.name,
                        r.id()
                    );
                }
            }
        }
    }

    /// The fast path never accepts what the checker refuses, on every target and many
    /// random words (biased to the vector ALU formats and their common fields), and it
    /// accepts nine in ten of what the checker accepts.
    #[test]
    fn fast_path_agrees_with_the_checker() {
        let mut next = crate::xorshift64(0x2545_f491_4f6c_dd1du64);
        for t in crate::target::TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            let (mut ok, mut fast) = (0u32, 0u32);
            for n in 0..100_000u32 {
                let r = next();
                let mut w0 = r as u32;
                match n % 6 {
                    // SOP* (the top two bits 10).
                    4 => w0 = w0 & 0x3fff_ffff | 0b10 << 30,
                    // VOP3P (110100 111).
                    5 => w0 = w0 & 0x007f_ffff | 0b1_1010_0111 << 23,
                    // VOP3 (the top six bits 110100).
                    0 => w0 = w0 & 0x03ff_ffff | 0b11_0100 << 26,
                    // VOP3 with the modifier bits clear and common fields.
                    1 => w0 = w0 & 0x03ff_00ff | 0b11_0100 << 26,
                    // VOP1/VOP2/VOPC.
                    _ => w0 &= 0x7fff_ffff,
                }
                let mut w1 = (r >> 32) as u32;
                if n % 6 == 1 {
                    w1 &= 0x07ff_ffff;
                }
                let lit = next() as u32;
                let mut bytes = [0u8; 12];
                bytes[..4].copy_from_slice(&w0.to_le_bytes());
                bytes[4..8].copy_from_slice(&w1.to_le_bytes());
                bytes[8..].copy_from_slice(&lit.to_le_bytes());
                let Ok(i) = super::super::unpack(*t, &bytes) else {
                    continue;
                };
                let checked = super::super::check_fields(*t, &i).is_ok();
                let quick = accepts(*t, &i);
                assert!(
                    !quick || checked,
                    "{} {:08x} {:08x}: {:?}",
                    t.name,
                    w0,
                    w1,
                    i
                );
                ok += checked as u32;
                fast += quick as u32;
            }
            assert!(
                fast * 10 > ok * 9,
                "{}: the fast path accepts {fast} of {ok}",
                t.name
            );
        }
    }
}
