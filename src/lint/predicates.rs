//! What the wait-state rules are made of: the writer and reader classes (predicates
//! over an instruction and its operands), the registers each rule relates, the wait
//! states by generation, and the context the predicates read. The registry
//! ([`super::rules`]) names them in its entries; the analysis ([`super::hazard`]) runs
//! them. Neither imports the other's file for them.

use super::basis::Selection;
use super::facts::{hwreg_index, RegBits};
use crate::inst::{Enc, Inst, Operand, OperandList, Value};
use crate::isa::{hwreg, op, Role, Unit};
use crate::reg::{RegFile, RegRange};
use crate::target::{Features, Gen, Mfma, Target};

/// Writers further back than this many wait states cannot matter (the longest rule,
/// a 16-pass XDL MFMA result read by a VALU on gfx950, needs 20).
pub(super) const HORIZON: u16 = 21;

/// Wait states by generation: each `(generation, wait states)` holds from that
/// generation on, up to the next one listed (a later generation inherits the last);
/// before the first, none. As ACO's `op(gfx6=..., gfx8=...)`. A target row that
/// differs from its generation (gfx950 from gfx940) has its own number, keyed by a
/// feature of the row ([`Waits::with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waits {
    steps: &'static [(Gen, u8)],
    except: Option<(Features, u8)>,
}

/// Wait states from each listed generation on: `since(&[(Gen::Gfx8, 5)])` is 0 before
/// gfx8 and 5 from gfx8 on.
pub const fn since(steps: &'static [(Gen, u8)]) -> Waits {
    Waits {
        steps,
        except: None,
    }
}

impl Waits {
    /// No wait states on any generation.
    pub const NONE: Waits = since(&[]);
    /// These wait states, but `n` on the targets that have every feature of `f`
    /// (`since(&[(Gen::Gfx908, 19)]).with(Features::GFX950_INSTS, 20)`).
    pub const fn with(self, f: Features, n: u8) -> Waits {
        Waits {
            except: Some((f, n)),
            ..self
        }
    }
    /// The wait states on `gen` (a target row keyed by [`Waits::with`] may differ).
    pub fn on(self, gen: Gen) -> u8 {
        self.steps
            .iter()
            .rev()
            .find(|s| s.0 <= gen)
            .map_or(0, |s| s.1)
    }
    /// The wait states on `target`.
    pub fn on_target(self, target: Target) -> u8 {
        match self.except {
            Some((f, n)) if target.has(f) => n,
            _ => self.on(target.gen),
        }
    }
    /// The generations where the wait states change, with their new values.
    pub fn steps(self) -> &'static [(Gen, u8)] {
        self.steps
    }
    /// The targets' feature that gives them a number of their own, and the number.
    pub fn except(self) -> Option<(Features, u8)> {
        self.except
    }
}

/// Adds the registers of an instruction a rule is about to a set.
pub type RegsOf = fn(&Ctx, &Inst, &[Operand], &mut RegBits);

/// How writer and reader must relate for the rule to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dep {
    /// The reader reads a register the writer writes (in the reader's operands that
    /// `reader_regs` selects).
    ReadAfterWrite,
    /// The reader overwrites a register the writer writes or reads (WAW or WAR).
    None,
}

/// The wait-state part of a registry entry: writer, reader, relation, wait states.
#[derive(Clone, Copy)]
pub struct Hazard {
    /// Which instructions are writers of the rule.
    pub writer: Class,
    /// Which instructions are readers of the rule.
    pub reader: Class,
    /// How they must relate.
    pub dep: Dep,
    /// Which registers of the writer count (for `ReadAfterWrite`: the written ones).
    pub writer_regs: RegsOf,
    /// Which registers of the reader count.
    pub reader_regs: RegsOf,
    /// Which registers count instead when the reader is the writer's own opcode (a DOT
    /// accumulation chain is forwarded through SRC2).
    pub same_op_regs: Option<RegsOf>,
    /// Wait states by generation (for rules with `pair`, the most any pair needs).
    pub waits: Waits,
    /// The wait states a particular writer and reader need, where they depend on the
    /// pair (MFMA passes and kinds).
    pub pair: Option<PairWaits>,
}

/// A hazard's defaults: no registers (the relation is then only the instruction kinds),
/// the same registers for any reader, no wait states, none by pair.
pub const PLAIN: Hazard = Hazard {
    writer: on(NONE, never),
    reader: on(NONE, never),
    dep: Dep::None,
    writer_regs: no_regs,
    reader_regs: no_regs,
    same_op_regs: None,
    waits: Waits::NONE,
    pair: None,
};

/// Whether an instruction is a writer (or a reader) of a rule.
pub type Pred = fn(&Ctx, &Inst, &[Operand]) -> bool;

/// The writers (or readers) of a rule: the units they run on (a quick "no" for the
/// rest: a test checks that `test` holds for no instruction of another unit), and the
/// exact test.
#[derive(Clone, Copy)]
pub struct Class {
    /// A set of [`Unit`]s: bit `1 << unit as u16`.
    pub units: u16,
    /// Whether an instruction of those units is one.
    pub test: Pred,
}

/// The class of `test`, on `units`.
pub(super) const fn on(units: u16, test: Pred) -> Class {
    Class { units, test }
}

/// The bit of a unit in [`Class::units`].
pub const fn unit_bit(u: Unit) -> u16 {
    1 << u as u16
}
pub(super) const NONE: u16 = 0;
pub(super) const SALU: u16 = unit_bit(Unit::Salu);
pub(super) const SOPP: u16 = unit_bit(Unit::Sopp);
pub(super) const SMEM: u16 = unit_bit(Unit::Smem);
pub(super) const VALU: u16 = unit_bit(Unit::Valu);
pub(super) const INTERP: u16 = unit_bit(Unit::Interp);
pub(super) const DS: u16 = unit_bit(Unit::Ds);
pub(super) const VMEM: u16 = unit_bit(Unit::Vmem);
pub(super) const FLAT: u16 = unit_bit(Unit::Flat);
pub(super) const EXPORT: u16 = unit_bit(Unit::Export);

/// Wait states for a writer and a reader (with their operands), and how the
/// documentation states them.
#[derive(Clone, Copy)]
pub struct PairWaits {
    /// The wait states of a writer and a reader.
    pub of: fn(&Ctx, &Inst, &[Operand], &Inst, &[Operand]) -> u8,
    /// The same as a formula, for `--explain` and the documentation.
    pub text: &'static str,
}

/// An instruction wrong by itself on some generations, whatever comes before it: no wait
/// fixes it, the text says what to change.
#[derive(Clone, Copy)]
pub struct Rewrite {
    /// The feature (a hardware bug) of the targets that have it.
    pub on: Features,
    /// Whether an instruction has it.
    pub test: fn(&Inst) -> bool,
    /// What to change.
    pub fix: &'static str,
}

/// What the predicates may look at besides the instruction.
pub struct Ctx {
    /// The target.
    pub target: Target,
    /// Whether xnack is on or "any" (see [`super::Options`]).
    pub xnack: bool,
    /// Which rules are checked, by their basis (see [`super::Options`]).
    pub rules: Selection,
}

pub(super) fn unit(i: &Inst) -> Unit {
    i.op.unit()
}
pub(super) fn valu(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    unit(i) == Unit::Valu
}
pub(super) fn salu(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    unit(i) == Unit::Salu
}

/// Adds the registers of `ops` whose ranges `keep` keeps.
fn add_regs<'a>(
    out: &mut RegBits,
    ops: impl Iterator<Item = &'a Operand>,
    keep: impl Fn(&RegRange) -> bool,
) {
    for r in ops.filter_map(|o| o.regs()).filter(|r| keep(r)) {
        out.add(r);
    }
}
fn vector(r: &RegRange) -> bool {
    r.is_vector()
}
fn scalar_not_exec(r: &RegRange) -> bool {
    r.file == RegFile::Sgpr && !r.overlaps(RegRange::EXEC)
}
pub(super) fn written_scalar(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    add_regs(out, ops.writes(), scalar_not_exec);
}
pub(super) fn written_vector(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    add_regs(out, ops.writes(), vector);
}
pub(super) fn writes_scalar(_: &Ctx, _: &Inst, ops: &[Operand]) -> bool {
    ops.writes()
        .filter_map(|o| o.regs())
        .any(|r| scalar_not_exec(&r))
}
pub(super) fn writes_exec(_: &Ctx, _: &Inst, ops: &[Operand]) -> bool {
    writes_any(ops, RegRange::EXEC)
}
pub(super) fn writes_vgpr(_: &Ctx, _: &Inst, ops: &[Operand]) -> bool {
    ops.writes()
        .filter_map(|o| o.regs())
        .any(RegRange::is_vector)
}
pub(super) fn writes_m0(_: &Ctx, _: &Inst, ops: &[Operand]) -> bool {
    writes_any(ops, RegRange::M0)
}
/// Whether some operand writes a register of `r`.
fn writes_any(ops: &[Operand], r: RegRange) -> bool {
    ops.writes().filter_map(|o| o.regs()).any(|w| w.overlaps(r))
}
pub(super) fn valu_writes_sgpr(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    valu(c, i, o) && writes_scalar(c, i, o)
}
pub(super) fn valu_writes_exec(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    valu(c, i, o) && writes_exec(c, i, o)
}
pub(super) fn valu_writes_vgpr(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    valu(c, i, o) && writes_vgpr(c, i, o)
}
/// A VALU or v_interp* that writes a VGPR (Mesa ACO counts VINTRP with the VALU).
pub(super) fn valu_interp_writes_vgpr(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    matches!(unit(i), Unit::Valu | Unit::Interp) && writes_vgpr(c, i, o)
}
pub(super) fn salu_writes_m0(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    salu(c, i, o) && writes_m0(c, i, o)
}
pub(super) fn m0_reg(_: &Ctx, _: &Inst, _: &[Operand], out: &mut RegBits) {
    out.add(RegRange::M0);
}

/// The registers of the explicit source operands with role `role`.
pub(super) fn slot_regs(ops: &[Operand], role: Role, out: &mut RegBits) {
    let slot = ops
        .explicit()
        .filter(|o| o.slot.is_some_and(|s| s.role == role));
    add_regs(out, slot, |_| true);
}

// Readers.
pub(super) fn div_fmas(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::V_DIV_FMAS_F32.is(i.op) || op::V_DIV_FMAS_F64.is(i.op)
}
pub(super) fn vcc(_: &Ctx, _: &Inst, _: &[Operand], out: &mut RegBits) {
    out.add(RegRange::VCC);
}
pub(super) fn rw_lane(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::V_READLANE_B32.is(i.op) || op::V_WRITELANE_B32.is(i.op)
}
pub(super) fn lane_select(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    slot_regs(ops, Role::Src1, out);
}
pub(super) fn vmem(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    matches!(unit(i), Unit::Vmem | Unit::Flat)
}
pub(super) fn vmem_sgprs(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    for r in [Role::Srsrc, Role::Soffset, Role::Saddr, Role::Ssamp] {
        slot_regs(ops, r, out);
    }
}
pub(super) fn smrd(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    unit(i) == Unit::Smem
}
pub(super) fn dpp(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    i.enc == Enc::Dpp
}
/// The VGPRs a DPP instruction fetches through the lane network: SRC0 only (Vega ISA
/// Table 80, the DPP dword's SRC0 field; "DPP ... only valid as Source-0"). SRC1 is
/// read as any VALU reads it, and the old destination is not read (the row and bank
/// masks and BOUND_CTRL only suppress writes). Mesa ACO checks operands[0] only; LLVM
/// checks every VGPR use, which is more conservative than the document.
pub(super) fn dpp_reads(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    let src0 = ops
        .explicit()
        .filter(|o| o.slot.is_some_and(|s| s.role == Role::Src0));
    add_regs(out, src0, vector);
}
pub(super) fn setreg(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::S_SETREG_B32.is(i.op) || op::S_SETREG_IMM32_B32.is(i.op)
}
pub(super) fn getreg(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::S_GETREG_B32.is(i.op)
}
/// The hardware register an s_setreg/s_getreg names.
pub(super) fn hwreg_id(_: &Ctx, i: &Inst, _: &[Operand], out: &mut RegBits) {
    let h = hwreg::Hwreg::decode(i.imm as u16);
    out.insert(hwreg_index(h.id) as usize);
}
pub(super) fn rfe_after_trapsts(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::S_RFE_B64.is(i.op) || op::S_RFE_RESTORE_B64.is(i.op)
}
pub(super) fn setreg_trapsts(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    setreg(c, i, o) && hwreg::Hwreg::decode(i.imm as u16).id == hwreg::TRAPSTS
}
pub(super) fn m0_readers_movrel(c: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    let d = i.desc();
    (d.fmt == crate::isa::Fmt::Sop1 && d.sig().iter().any(|s| s.indexed))
        || (unit(i) == Unit::Interp && c.target.gen == Gen::Gfx9)
        // The document's LDS "add-TID" instructions are ds_read/write_addtid_b32; the
        // `addtid` flag also marks ds_append/ds_consume (no ADDR operand), which the
        // row does not name and LLVM and ACO do not wait for.
        || op::DS_READ_ADDTID_B32.is(i.op)
        || op::DS_WRITE_ADDTID_B32.is(i.op)
}
pub(super) fn m0_readers_msg(c: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::S_SENDMSG.is(i.op)
        || op::S_SENDMSGHALT.is(i.op)
        || op::S_TTRACEDATA.is(i.op)
        || (unit(i) == Unit::Ds && i.counters(c.target).lgkm == Some(crate::inst::Lgkm::Gds))
}
/// The M0 readers the document names (Vega Table 8 row 15, CDNA3 Table 11 case 16):
/// buffer_store_lds_dword, and global or scratch with LDS=1 (gfx940's
/// global/scratch_load_lds_* opcodes, which read M0 without the bit).
pub(super) fn m0_readers_lds_dma(_: &Ctx, i: &Inst, ops: &[Operand]) -> bool {
    use crate::inst::fields::flat;
    match i.enc {
        Enc::Mubuf => i.desc().has(crate::isa::flags::LDS) && i.desc().sig().is_empty(),
        Enc::Global | Enc::Scratch => {
            i.fields & flat::LDS != 0
                || ops
                    .reads()
                    .filter_map(|o| o.regs())
                    .any(|r| r.overlaps(RegRange::M0))
        }
        _ => false,
    }
}
/// MUBUF loads to LDS (the `lds` bit), which read M0 for the LDS address but which
/// the document's row does not name: LLVM's reading (it waits for every LDS DMA).
pub(super) fn m0_readers_buffer_lds(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    use crate::inst::fields::mubuf;
    i.enc == Enc::Mubuf && i.fields & mubuf::LDS != 0
}
pub(super) fn trans(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    unit(i) == Unit::Valu && i.desc().is_trans()
}
pub(super) fn non_trans_valu(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    unit(i) == Unit::Valu && !i.desc().is_trans()
}
/// gfx950's lane swaps, which read and write both their operands.
pub(super) fn permlane_swap(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::V_PERMLANE16_SWAP_B32.is(i.op) || op::V_PERMLANE32_SWAP_B32.is(i.op)
}
/// A VALU compare that writes EXEC: v_cmpx in any encoding, or v_cmp with EXEC as its
/// destination (LLVM's isVCmpXWritesExec).
pub(super) fn vcmp_writes_exec(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    unit(i) == Unit::Valu && i.desc().fmt == crate::isa::Fmt::Vopc && writes_exec(c, i, o)
}
pub(super) fn read_vector(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    add_regs(out, ops.reads(), vector);
}
pub(super) fn read_scalar(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    add_regs(out, ops.reads(), scalar_not_exec);
}
pub(super) fn lane_ops(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::V_READLANE_B32.is(i.op) || op::V_READFIRSTLANE_B32.is(i.op) || op::V_WRITELANE_B32.is(i.op)
}
pub(super) fn readlanes(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::V_READLANE_B32.is(i.op) || op::V_READFIRSTLANE_B32.is(i.op)
}
pub(super) fn src0_regs(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    slot_regs(ops, Role::Src0, out);
}
pub(super) fn execz_vccz_reader(_: &Ctx, i: &Inst, ops: &[Operand]) -> bool {
    unit(i) == Unit::Valu
        && ops
            .explicit()
            .any(|o| matches!(o.value, Value::Special(251 | 252)))
}
pub(super) fn writes_vcc_or_exec(_: &Ctx, i: &Inst, ops: &[Operand]) -> bool {
    unit(i) == Unit::Valu && (writes_any(ops, RegRange::VCC) || writes_any(ops, RegRange::EXEC))
}
/// A VALU whose VCC destination is implicit: the 32-bit forms (VOPC, VOP2 carry-out,
/// their DPP and SDWA forms but SDWA compares, which name it).
pub(super) fn valu_writes_vcc_alias(_: &Ctx, i: &Inst, ops: &[Operand]) -> bool {
    let implicit = match i.enc {
        Enc::Vop2 | Enc::Vopc | Enc::Dpp => true,
        Enc::Sdwa => i.desc().fmt != crate::isa::Fmt::Vopc,
        _ => false,
    };
    implicit && unit(i) == Unit::Valu && writes_any(ops, RegRange::VCC)
}
/// VCC read as a constant: a source operand (not a carry-in or a v_cndmask mask) that
/// names SGPR 106 or 107.
pub(super) fn vcc_as_constant(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    let sources = ops.explicit().filter(|o| {
        o.slot
            .is_some_and(|s| matches!(s.role, Role::Src0 | Role::Src1 | Role::Src2))
    });
    add_regs(out, sources, |r| r.overlaps(RegRange::VCC));
}
/// SGPRs a VALU reads as a constant (CDNA3 ISA Table 11 case 18: "VALU reads SGPR as
/// constant" 2, "as carry-in" 0, the lane select 4 under [`RWLANE_SELECT`]): the
/// explicit SRC0-SRC2 operands; not a carry-in or v_cndmask mask (`Ci`, the same kind
/// of per-lane read as a carry-in: Vega ISA 6.2), not an implicit read, not the
/// v_readlane/v_writelane lane select; EXEC aside.
///
/// [`RWLANE_SELECT`]: super::Rule::RwLaneSelect
pub(super) fn sgpr_as_constant(c: &Ctx, i: &Inst, ops: &[Operand], out: &mut RegBits) {
    let lane = rw_lane(c, i, ops);
    let sources = ops.explicit().filter(|o| {
        o.slot.is_some_and(|s| match s.role {
            Role::Src0 | Role::Src2 => true,
            Role::Src1 => !lane,
            _ => false,
        })
    });
    add_regs(out, sources, scalar_not_exec);
}
pub(super) fn no_regs(_: &Ctx, _: &Inst, _: &[Operand], _: &mut RegBits) {}

pub(super) fn dot(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    unit(i) == Unit::Valu && i.desc().is_dot()
}
/// The same DOT opcode reading the result as its accumulator (SRC2, an accumulation
/// chain) is forwarded; as SRC0/SRC1 it is not.
pub(super) fn dot_src_ab(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    slot_regs(ops, Role::Src0, out);
    slot_regs(ops, Role::Src1, out);
}
pub(super) fn valu_or_vmem(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    valu(c, i, o) || vmem(c, i, o)
}
/// What a DOT result must not be touched by too soon: read by another VALU or VMEM, or
/// overwritten by a VALU.
pub(super) fn dot_readers(c: &Ctx, i: &Inst, ops: &[Operand], out: &mut RegBits) {
    read_vector(c, i, ops, out);
    if valu(c, i, ops) {
        written_vector(c, i, ops, out);
    }
}
/// A VALU that changes its result's bit position (CDNA3 Table 11 case 20): SDWA with
/// dst_sel other than DWORD, VOP3 with the op_sel destination bit. (`dst_sel:DWORD
/// dst_unused:UNUSED_PRESERVE` moves no bits; LLVM 22 puts no s_nop after it.)
pub(super) fn partial_dst(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    use crate::inst::fields::vopx::DST_SEL;
    unit(i) == Unit::Valu
        && match i.enc {
            Enc::Sdwa => i.desc().fmt != crate::isa::Fmt::Vopc && i.fields & DST_SEL != 6 << 40,
            Enc::Vop3 => i.mods.op_sel & 8 != 0,
            _ => false,
        }
}
/// A conversion whose result is not forwarded (LLVM's FP8 and FP4 dst-sel types): one
/// that writes a destination byte chosen by op_sel[3:2] writing byte 1 or 3
/// (op_sel[2]), or a stochastic-rounding fp4 pack at any op_sel.
pub(super) fn byte_sel_dst(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    let byte_sel = [
        op::V_CVT_SR_FP8_F32,
        op::V_CVT_SR_BF8_F32,
        op::V_CVT_SCALEF32_SR_FP8_F32,
        op::V_CVT_SCALEF32_SR_BF8_F32,
        op::V_CVT_SCALEF32_SR_FP8_F16,
        op::V_CVT_SCALEF32_SR_BF8_F16,
        op::V_CVT_SCALEF32_PK_FP4_F32,
        op::V_CVT_SCALEF32_PK_FP4_F16,
    ];
    let sr_fp4 = [
        op::V_CVT_SCALEF32_SR_PK_FP4_F32,
        op::V_CVT_SCALEF32_SR_PK_FP4_F16,
    ];
    (i.enc == Enc::Vop3 && i.mods.op_sel & 4 != 0 && byte_sel.iter().any(|o| o.is(i.op)))
        || sr_fp4.iter().any(|o| o.is(i.op))
}
/// The vector registers an instruction reads or writes.
pub(super) fn read_or_written_vector(c: &Ctx, i: &Inst, ops: &[Operand], out: &mut RegBits) {
    read_vector(c, i, ops, out);
    written_vector(c, i, ops, out);
}
/// A store whose data is wider than 64 bits and is read after issue: MUBUF/MTBUF
/// without a register SOFFSET, FLAT/GLOBAL/SCRATCH, and the 64-bit compare-and-swaps.
pub(super) fn wide_store(_: &Ctx, i: &Inst, ops: &[Operand]) -> bool {
    let d = i.desc();
    if !(d.has(crate::isa::flags::STORE) || d.has(crate::isa::flags::ATOMIC)) {
        return false;
    }
    let data: u8 = ops
        .explicit()
        .filter(|o| o.slot.is_some_and(|s| s.role == Role::Vdata))
        .filter_map(|o| o.regs())
        .map(|r| r.count)
        .sum();
    if data <= 2 {
        return false;
    }
    match unit(i) {
        Unit::Flat => true,
        Unit::Vmem if i.enc != Enc::Mimg => !ops.explicit().any(|o| {
            o.slot.is_some_and(|s| s.role == Role::Soffset) && matches!(o.value, Value::Reg { .. })
        }),
        _ => false,
    }
}
pub(super) fn store_data(_: &Ctx, _: &Inst, ops: &[Operand], out: &mut RegBits) {
    slot_regs(ops, Role::Vdata, out);
}

// Matrix (MFMA) rules. Wait states scale with the writer's passes P; gfx940's XDL
// MFMAs need one more than the others, gfx950's XDL MFMAs of more than 2 passes one
// more again, DGEMM has numbers of its own.

pub(super) fn mfma(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    i.desc().is_mfma()
}
pub(super) fn accvgpr_write(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::V_ACCVGPR_WRITE_B32.is(i.op)
}
pub(super) fn accvgpr_read(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::V_ACCVGPR_READ_B32.is(i.op)
}
/// An MFMA's passes: its row's, twice that for gfx950's f8f6f4 MFMAs with an fp8 or
/// bf8 source (the row's are those of fp6/bf6/fp4 sources).
pub(super) fn passes(i: &Inst) -> u8 {
    let d = i.desc();
    let f8f6f4 = d.sig().iter().any(|s| s.ty == crate::isa::Ty::F8f6f4);
    if f8f6f4 && crate::inst::fields::mai::f8f6f4_reads_fp8(i.fields) {
        2 * d.mfma_passes()
    } else {
        d.mfma_passes()
    }
}
pub(super) fn xdl(c: &Ctx, i: &Inst) -> bool {
    i.desc().is_xdl(c.target)
}
/// MFMA source A and B registers, and a scaled MFMA's scale VGPRs: LLVM's
/// checkMAIHazards90A treats every use that is not source C as source A/B.
pub(super) fn src_ab(_: &Ctx, i: &Inst, ops: &[Operand], out: &mut RegBits) {
    slot_regs(ops, Role::Src0, out);
    slot_regs(ops, Role::Src1, out);
    if i.desc().has(crate::isa::flags::SCALE) {
        add_regs(out, ops.reads().filter(|o| o.is_implicit()), vector);
    }
}
/// MFMA source C (the accumulator; SMFMAC accumulates into its destination).
pub(super) fn src_c(_: &Ctx, i: &Inst, ops: &[Operand], out: &mut RegBits) {
    if i.desc().is_smfmac() {
        slot_regs(ops, Role::Vd, out);
    } else {
        slot_regs(ops, Role::Src2, out);
    }
}
pub(super) fn mfma_sources(c: &Ctx, i: &Inst, ops: &[Operand], out: &mut RegBits) {
    src_ab(c, i, ops, out);
    src_c(c, i, ops, out);
}
/// The registers `f` selects of an instruction.
pub(super) fn regs_of(f: RegsOf, c: &Ctx, i: &Inst, ops: &[Operand]) -> RegBits {
    let mut b = RegBits::EMPTY;
    f(c, i, ops, &mut b);
    b
}
/// DGEMM's own numbers: (4x4, 16x16) by the writer's passes.
pub(super) fn dgemm(w: &Inst, four: u8, sixteen: u8) -> u8 {
    if passes(w) <= 4 {
        four
    } else {
        sixteen
    }
}
/// When an MFMA's result can be read by anything but its own accumulation (gfx90a on):
/// passes+3, or passes+2 for gfx940's non-XDL MFMAs, passes+4 for gfx950's XDL MFMAs
/// of more than 2 passes (LLVM's GFX940_XDL_N_Pass...WaitStates with IsGFX950).
pub(super) fn result_ready(c: &Ctx, w: &Inst) -> u8 {
    let p = passes(w);
    match c.target.mfma {
        m if m.gfx940_family() && !xdl(c, w) => p + 2,
        Mfma::Gfx950 if p > 2 => p + 4,
        _ => p + 3,
    }
}
/// DGEMM 16x16's result read by a VALU or as an MFMA's source A/B: 11, 19 on gfx950
/// (LLVM's GFX950_DMFMA16x16... constants).
fn dgemm16_ready(c: &Ctx) -> u8 {
    if c.target.mfma == Mfma::Gfx950 {
        19
    } else {
        11
    }
}
/// An MFMA result read by an MFMA as source A or B.
pub(super) fn w_srcab(c: &Ctx, w: &Inst, _: &[Operand], _: &Inst, _: &[Operand]) -> u8 {
    match c.target.mfma {
        Mfma::Gfx908 => 4,
        _ if w.desc().is_dgemm() => dgemm(w, 6, dgemm16_ready(c)),
        _ => result_ready(c, w),
    }
}
/// An MFMA result read by an MFMA as source C: none when it is exactly the destination
/// (an accumulation chain), else by passes. On gfx950 an XDL result read by an XDL
/// needs one more than on gfx940, by a non-XDL one more past 2 passes, and DGEMM
/// 16x16's 17 (LLVM's GFX940_XDL_N_PassWritesVGPROverlapped...SrcCWaitStates with
/// IsGFX950, GFX950_DMFMA16x16WritesVGPROverlappedSrcCWaitStates).
pub(super) fn w_srcc(c: &Ctx, w: &Inst, wo: &[Operand], r: &Inst, ro: &[Operand]) -> u8 {
    let p = passes(w);
    let same = regs_of(written_vector, c, w, wo) == regs_of(src_c, c, r, ro);
    let g = c.target.mfma;
    if same {
        return match g {
            Mfma::Gfx90a if w.desc().is_dgemm() && p <= 4 && w.op == r.op => 4,
            m if m.gfx940_family() && p == 2 && w.op == r.op => 2,
            _ => 0,
        };
    }
    match g {
        Mfma::Gfx908 => 2,
        Mfma::Gfx950 if w.desc().is_dgemm() => dgemm(w, 4, 17),
        _ if w.desc().is_dgemm() => dgemm(w, 4, 9),
        m if m.gfx940_family() && xdl(c, r) && !xdl(c, w) => 0,
        Mfma::Gfx950 if xdl(c, w) && (xdl(c, r) || p > 2) => p + 2,
        m if m.gfx940_family() && xdl(c, w) => p + 1,
        m if m.gfx940_family() => p,
        _ => p + r.desc().is_dgemm() as u8,
    }
}
/// An MFMA result read by another instruction (gfx908: v_accvgpr_read; later: VALU,
/// VMEM, DS, export).
pub(super) fn w_read(c: &Ctx, w: &Inst, _: &[Operand], r: &Inst, _: &[Operand]) -> u8 {
    let valu = unit(r) == Unit::Valu;
    match c.target.mfma {
        Mfma::Gfx908 => passes(w) + 2,
        _ if w.desc().is_dgemm() && valu => dgemm(w, 6, dgemm16_ready(c)),
        _ if w.desc().is_dgemm() => dgemm(w, 9, 18),
        _ => result_ready(c, w),
    }
}
/// An MFMA result overwritten (gfx908: by v_accvgpr_write; later: by any VALU).
pub(super) fn w_write(c: &Ctx, w: &Inst, _: &[Operand], _: &Inst, _: &[Operand]) -> u8 {
    match c.target.mfma {
        Mfma::Gfx908 => passes(w) - 1,
        _ if w.desc().is_dgemm() => dgemm(w, 6, 11),
        _ => result_ready(c, w),
    }
}
/// An MFMA's accumulator overwritten while the MFMA may still read it.
pub(super) fn w_srcc_war(c: &Ctx, w: &Inst, _: &[Operand], _: &Inst, _: &[Operand]) -> u8 {
    let p = passes(w);
    match c.target.mfma {
        Mfma::Gfx908 => p.saturating_sub(3),
        m if m.gfx940_family() && !xdl(c, w) => 0,
        _ => p - 1,
    }
}
pub(super) fn mfma_read_readers(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    if c.target.mfma == Mfma::Gfx908 {
        return accvgpr_read(c, i, o);
    }
    matches!(
        unit(i),
        Unit::Valu | Unit::Vmem | Unit::Flat | Unit::Ds | Unit::Export
    ) && !mfma(c, i, o)
}
pub(super) fn mfma_write_readers(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    if c.target.mfma == Mfma::Gfx908 {
        return accvgpr_write(c, i, o);
    }
    valu(c, i, o) && !mfma(c, i, o)
}
/// A VMEM, FLAT or DS instruction, from gfx90a on (LLVM's checkMAIVALUHazards starts
/// there).
pub(super) fn memory_gfx90a_on(c: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    matches!(unit(i), Unit::Vmem | Unit::Flat | Unit::Ds)
        && !matches!(c.target.mfma, Mfma::None | Mfma::Gfx908)
}
/// What overwrites an MFMA's accumulator: gfx908's v_accvgpr_write; later a VALU or a
/// VMEM, FLAT or DS instruction.
pub(super) fn srcc_war_readers(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    mfma_write_readers(c, i, o) || memory_gfx90a_on(c, i, o)
}
pub(super) fn mai_valu_writer(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    if !valu(c, i, o) || !writes_vgpr(c, i, o) {
        return false;
    }
    // gfx908: any VALU but an MFMA; gfx90a on: neither an MFMA nor a DOT.
    if c.target.mfma == Mfma::Gfx908 {
        !mfma(c, i, o)
    } else {
        !(mfma(c, i, o) || dot(c, i, o))
    }
}
/// gfx908: the VGPRs a VALU writes (AGPRs are v_accvgpr_write's, with rules of their
/// own); later: VGPRs and AGPRs.
pub(super) fn mai_valu_written(c: &Ctx, i: &Inst, ops: &[Operand], out: &mut RegBits) {
    if c.target.mfma == Mfma::Gfx908 {
        add_regs(out, ops.writes(), |r| r.file == RegFile::Vgpr);
    } else {
        written_vector(c, i, ops, out);
    }
}
pub(super) fn mai_exec_reader(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    mfma(c, i, o) || (c.target.mfma == Mfma::Gfx908 && accvgpr_write(c, i, o))
}
pub(super) fn mai_valu_reader(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    mfma(c, i, o) || (c.target.mfma == Mfma::Gfx908 && accvgpr_write(c, i, o))
}
pub(super) fn fma64(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    op::V_FMA_F64.is(i.op) || op::V_FMAC_F64.is(i.op)
}
pub(super) fn dgemm_writer(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    i.desc().is_dgemm()
}
pub(super) fn accvgpr_write_readers(c: &Ctx, i: &Inst, ops: &[Operand], out: &mut RegBits) {
    if mfma(c, i, ops) {
        src_ab(c, i, ops, out);
    } else {
        read_vector(c, i, ops, out);
    }
}
pub(super) fn accvgpr_write_srcc_reader(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    mfma(c, i, o)
}
pub(super) fn vmem_ds(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    matches!(unit(i), Unit::Vmem | Unit::Flat | Unit::Ds)
}

/// s_setvskip, or an s_setreg of MODE whose field covers VSKIP (bit 28).
pub(super) fn sets_vskip(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    op::S_SETVSKIP.is(i.op) || setreg_vskip(c, i, o)
}
/// An s_setreg of MODE whose field covers VSKIP (bit 28): the writer of Table 8 row 4
/// ("S_SETREG MODE.vskip -> any vector op"); s_setvskip has a row only against
/// s_getreg of MODE (row 3).
pub(super) fn setreg_vskip(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    let h = hwreg::Hwreg::decode(i.imm as u16);
    setreg(c, i, o) && h.id == hwreg::MODE && h.offset <= 28 && 28 < h.offset + h.size
}
pub(super) fn vector_op(_: &Ctx, i: &Inst, _: &[Operand]) -> bool {
    matches!(
        unit(i),
        Unit::Valu | Unit::Interp | Unit::Vmem | Unit::Flat | Unit::Ds | Unit::Export
    )
}
pub(super) fn getreg_mode(c: &Ctx, i: &Inst, o: &[Operand]) -> bool {
    getreg(c, i, o) && hwreg::Hwreg::decode(i.imm as u16).id == hwreg::MODE
}
pub(super) fn never(_: &Ctx, _: &Inst, _: &[Operand]) -> bool {
    false
}
/// The 64-bit shifts with the amount in v7, v15, ... (a gfx90a hardware bug LLVM works
/// around by renaming the register; no wait helps).
pub(super) fn shift64_high_vgpr(i: &Inst) -> bool {
    (op::V_LSHLREV_B64.is(i.op) || op::V_LSHRREV_B64.is(i.op) || op::V_ASHRREV_I64.is(i.op))
        && (crate::inst::VGPR0..crate::inst::VGPR0 + 256).contains(&i.src[0])
        && (i.src[0] - crate::inst::VGPR0) % 8 == 7
}
