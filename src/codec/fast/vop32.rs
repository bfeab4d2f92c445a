//! The 32-bit vector ALU words (VOP1, VOP2, VOPC) without DPP, SDWA or a trailing
//! dword, a third of real code's distinct words, decoded in one step: each row's
//! recipe (worked out once from its [`Plan`] and roles) says where the fields go and
//! which of them need the fast check's rule (`field_ok`), so that a word costs its
//! fields, the row lookup and one or two mask tests. It gives only what the general path (`vop::decode`, then
//! [`super::accepts`] or the checker, then the constant bus) gives for the same word;
//! anything else is left to that path, which stays the rule and the test oracle.

use super::{field_ok, masks, plan, src_ok, Kind, Plan, Rule, Step};
use crate::codec::DecodeError;
use crate::inst::{roles, Enc, Inst, LITERAL, VGPR0};
use crate::isa::{Fmt, OpId, OPS};
use crate::operand_code::{DPP, SDWA, VCC_LO};
use crate::target::Target;
use std::sync::OnceLock;

/// Where the destination comes from.
#[derive(Clone, Copy)]
enum Dst {
    /// The VDST field, under the plan's rule for it: a VGPR, an SGPR
    /// (v_readfirstlane_b32), or no slot (the field must be zero).
    Field(Rule),
    /// The carry-out's implicit VCC (VOPC has no VDST field).
    Vcc,
}

/// A row's recipe for its 32-bit form.
#[derive(Clone, Copy)]
struct Recipe {
    dst: Dst,
    src0: Rule,
    /// VSRC1's rule (a VGPR), if the row has a second source.
    src1: Option<Rule>,
    /// The implicit VCC of a carry-out in SDST (VOP3B's slot), a carry-in in SRC2.
    vcc_sdst: bool,
    vcc_src2: bool,
    /// Whether some field holds a vector tuple (from gfx90a on: an even register).
    wide: bool,
    /// Whether only SRC0 can read the constant bus (no check needed).
    bus_free: bool,
}

/// The recipe of row `op`, if the one-step path takes it: a VOP1/VOP2/VOPC row of
/// the fast path's plans, without a K constant, a lane-select SRC1, AGPR slots or a
/// SRC2 source (and, for VOPC, with a carry-out).
fn recipe_of(op: OpId) -> Option<Recipe> {
    let d = op.desc();
    let p: &Plan = plan(op)?;
    if !matches!(d.fmt, Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc)
        || p.vop3p
        || p.k
        || roles::has_scalar_src1(op)
        || roles::has_agpr_slot(op)
    {
        return None;
    }
    let [r_dst, r_sdst, r_src0, r_src1, r_src2] = p.rules;
    let dst = match (d.fmt, r_dst.kind) {
        (_, Kind::Carry) => Dst::Vcc,
        (Fmt::Vopc, _) => return None,
        (_, Kind::Unused | Kind::Vreg | Kind::Sreg) => Dst::Field(r_dst),
        _ => return None,
    };
    let src1 = match (d.fmt, r_src1.kind) {
        (Fmt::Vop1, Kind::Unused) => None,
        (Fmt::Vop2 | Fmt::Vopc, Kind::Src) => Some(r_src1),
        _ => return None,
    };
    if r_src0.kind != Kind::Src
        || !matches!(r_sdst.kind, Kind::Unused | Kind::Carry)
        || !matches!(r_src2.kind, Kind::Unused | Kind::CarryIn)
    {
        return None;
    }
    Some(Recipe {
        dst,
        src0: r_src0,
        src1,
        vcc_sdst: r_sdst.kind == Kind::Carry,
        vcc_src2: r_src2.kind == Kind::CarryIn,
        wide: p.rules.iter().any(|r| r.wide),
        bus_free: crate::constant_bus::bus_sources_only(op) && r_src2.kind != Kind::CarryIn,
    })
}

// Run time, once: a recipe is the codec's reading of a row (its operand rules and
// the constant-bus plan), which build.rs cannot run.
static RECIPES: OnceLock<Box<[Option<Recipe>]>> = OnceLock::new();

#[inline]
fn recipe(op: OpId) -> Option<&'static Recipe> {
    let recipes =
        RECIPES.get_or_init(|| (0..OPS.len()).map(|k| recipe_of(OpId(k as u16))).collect());
    recipes.get(op.0 as usize)?.as_ref()
}

/// What the one-step path makes of a format and opcode on a target, before it reads
/// the operand fields.
#[derive(Clone, Copy)]
enum Head {
    /// No row there: the general path's "unknown opcode".
    Unknown,
    /// The general path's (a target without tables, a row without a recipe).
    General,
    /// A row the path takes, and its recipe.
    Row(OpId, &'static Recipe),
}

/// The [`Head`] of `opcode` of format `fmt` on `target`.
fn head_of(target: Target, fmt: Fmt, opcode: u32) -> Head {
    let Some(op) = crate::isa::decode_op(target, fmt, opcode) else {
        return match target.column {
            Some(_) => Head::Unknown,
            None => Head::General,
        };
    };
    // (A row the target has: as the general path's fast check asks.)
    match recipe(op) {
        Some(r) if op.desc().opcode(target).is_some() => Head::Row(op, r),
        _ => Head::General,
    }
}

/// The heads of a target's opcodes, VOP2's 64, then VOP1's 256 and VOPC's 256 (at
/// [`VOP1_AT`] and [`VOPC_AT`]), for the table column and features they depend on.
struct Heads {
    column: Option<crate::isa::Column>,
    features: crate::target::Features,
    heads: Box<[Head]>,
}

pub(crate) const VOP1_AT: u32 = 64;
pub(crate) const VOPC_AT: u32 = 64 + 256;

// Run time, once, for the first target that decodes such a word (a process
// disassembles for one): `head_of`'s answers kept, where a word looked its row, its
// recipe and its opcode up in three tables; other targets ask `head_of`.
static HEADS: OnceLock<Heads> = OnceLock::new();

/// [`head_of`] the format and opcode at `at` of [`Heads`].
#[inline]
fn head(target: Target, fmt: Fmt, opcode: u32, at: u32) -> Head {
    let h = HEADS.get_or_init(|| {
        let all = (0..64).map(|k| head_of(target, Fmt::Vop2, k));
        let all = all.chain((0..256).map(|k| head_of(target, Fmt::Vop1, k)));
        let all = all.chain((0..256).map(|k| head_of(target, Fmt::Vopc, k)));
        Heads {
            column: target.column,
            features: target.features,
            heads: all.collect(),
        }
    });
    match h.heads.get(at as usize) {
        Some(&x) if h.column == target.column && h.features == target.features => x,
        _ => head_of(target, fmt, opcode),
    }
}

/// The instruction of the 32-bit vector ALU word `w` on `target` in one step, as the
/// general path decodes it ([`Step`]); an error where that path's is known (an opcode
/// the target lacks; a word whose fields pass but not the constant bus).
#[inline]
pub(crate) fn decode(target: Target, w: u32) -> Result<Step, DecodeError> {
    let field = |hi: u32, lo: u32| (w >> lo) & ((1 << (hi - lo + 1)) - 1);
    let (fmt, opcode, at) = match field(31, 25) {
        0b011_1111 => (Fmt::Vop1, field(16, 9), VOP1_AT + field(16, 9)),
        0b011_1110 => (Fmt::Vopc, field(24, 17), VOPC_AT + field(24, 17)),
        top if top >> 6 == 0 => (Fmt::Vop2, field(30, 25), field(30, 25)),
        _ => return Ok(Step::General),
    };
    // (Before the row lookup: real code has many literals, which the general path
    // reads.)
    let src0 = field(8, 0) as u16;
    if matches!(src0, DPP | SDWA | LITERAL) {
        return Ok(Step::General);
    }
    let (op, r) = match head(target, fmt, opcode, at) {
        Head::Row(op, r) => (op, r),
        Head::Unknown => return Err(DecodeError::Invalid("unknown opcode")),
        Head::General => return Ok(Step::General),
    };
    // The fields where the general path's decoder puts them.
    let mut i = Inst::new(op, Enc::of(fmt));
    i.src[0] = src0;
    if r.src1.is_some() {
        i.src[1] = VGPR0 + field(16, 9) as u16;
    }
    if let Dst::Field(rule) = r.dst {
        let vdst = field(24, 17) as u16;
        i.dst = if rule.kind == Kind::Vreg {
            VGPR0 + vdst
        } else {
            vdst
        };
    } else {
        i.dst = VCC_LO;
    }
    if r.vcc_sdst {
        i.sdst = VCC_LO;
    }
    if r.vcc_src2 {
        i.src[2] = VCC_LO;
    }
    // Each field as the fast check reads a 32-bit form's (the recipe's source rules
    // are of `Kind::Src`); one it refuses is the checker's to word.
    let set = masks::set(target);
    let vop1 = fmt == Fmt::Vop1;
    let src = |rule: Rule, code: u16| src_ok(set, &target, rule, code, false, vop1);
    let mut ok = src(r.src0, i.src[0]) && r.src1.is_none_or(|r1| src(r1, i.src[1]));
    if let Dst::Field(rule) = r.dst {
        ok &= field_ok(set, &target, rule, i.dst, false, vop1);
    }
    // gfx90a+: vector tuples start at an even register (the plan's rule).
    if r.wide && target.even_tuples() {
        ok &= plan(op).is_some_and(|p| super::even_tuples_ok(p, &i));
    }
    if !ok {
        return Ok(Step::Check(i));
    }
    if r.bus_free || crate::constant_bus::constant_bus_ok(&i) {
        Ok(Step::Inst(i))
    } else {
        Err(DecodeError::Invalid("violates constant bus restrictions"))
    }
}

/// For the disassembler's one-step lines of these words
/// ([`crate::disasm::templates`]): the row at `at` (as [`decode`] finds it, VOP2
/// opcodes first, then VOP1 from 64 and VOPC from 320) when each field of its words
/// is checked on its own (a VGPR or SGPR destination, or VOPC's VCC) but for the
/// constant bus, which [`Fields::bus_free`] says.
pub(crate) struct Fields {
    pub(crate) op: OpId,
    vop1: bool,
    r: &'static Recipe,
}

impl Fields {
    /// The rule of field `f` (0 VDST, 1 SRC0, 2 VSRC1), if the row reads or writes it.
    pub(crate) fn rule(&self, f: usize) -> Option<super::FieldRule> {
        let rule = match f {
            0 => match self.r.dst {
                Dst::Field(rule) => rule,
                Dst::Vcc => return None,
            },
            1 => self.r.src0,
            _ => self.r.src1?,
        };
        Some(super::FieldRule {
            rule,
            vop1: self.vop1,
            dst: f == 0,
            vop3: false,
        })
    }

    /// Whether any SRC0 meets the constant bus's limit; if not, one that reads the
    /// bus (not a VGPR or an inline constant) is the general path's to judge.
    pub(crate) fn bus_free(&self) -> bool {
        self.r.bus_free
    }
}

/// The row at `at`, if its fields are checked each on its own ([`Fields`]).
pub(crate) fn fields(target: Target, at: u32) -> Option<Fields> {
    let (fmt, opcode) = match at {
        0..VOP1_AT => (Fmt::Vop2, at),
        VOP1_AT..VOPC_AT => (Fmt::Vop1, at - VOP1_AT),
        _ => (Fmt::Vopc, at.checked_sub(VOPC_AT).filter(|o| *o < 256)?),
    };
    let Head::Row(op, r) = head(target, fmt, opcode, at) else {
        return None;
    };
    let dst_ok = match r.dst {
        Dst::Field(rule) => matches!(rule.kind, Kind::Vreg | Kind::Sreg),
        Dst::Vcc => fmt == Fmt::Vopc,
    };
    dst_ok.then_some(Fields {
        op,
        vop1: fmt == Fmt::Vop1,
        r,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On every target and many random 32-bit vector ALU words (biased to the codes
    /// that matter: registers, constants, VCC, M0, LDS_DIRECT), the one-step path gives
    /// only what the general path gives, and it takes most of what that path decodes.
    #[test]
    fn one_step_decode_agrees_with_the_general_path() {
        let mut next = crate::xorshift64(0x6a09_e667_f3bc_c908);
        let codes = [
            0u32, 1, 5, 101, 102, 106, 107, 124, 125, 126, 127, 128, 193, 240, 247, 248, 251, 253,
            254, 256, 257, 300, 510, 511,
        ];
        for t in crate::target::TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            let mut tally = super::super::Tally::default();
            for n in 0..60_000u32 {
                let r = next();
                let src0 = if n % 2 == 0 {
                    codes[(r >> 40) as usize % codes.len()]
                } else {
                    r as u32 & 0x1ff
                };
                let mut w = (r >> 9) as u32 & !0x1ff | src0;
                match n % 3 {
                    0 => w = w & 0x01ff_ffff | 0b011_1111 << 25,
                    1 => w = w & 0x01ff_ffff | 0b011_1110 << 25,
                    _ => w &= 0x7fff_ffff,
                }
                let mut bytes = w.to_le_bytes().to_vec();
                bytes.extend_from_slice(&((r >> 32) as u32).to_le_bytes());
                tally.step(t, &bytes, decode(*t, w), &format!("{w:#010x}"));
            }
            tally.took_most(t);
        }
    }
}
