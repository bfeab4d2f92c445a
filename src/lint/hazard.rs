//! Wait-state hazards: pairs of instructions the hardware does not interlock, which
//! need a number of wait states between them (`s_nop N` supplies N+1, any other
//! instruction 1).
//!
//! The rules are entries of the registry ([`super::rules`]): for each, the writer and
//! the reader (as predicates over an instruction and its operands, in
//! [`super::predicates`]),
//! whether they must share a register, and the wait states per generation. The analysis
//! keeps, at each point, the recent writers with the smallest number of wait states
//! issued since them over all paths (a fixpoint for loops), and checks each reader
//! against them. Where a reader breaks several rules, the finding is the one missing
//! the most wait states; on a tie, the rule earlier in the registry.

use super::cfg::Analysis;
use super::facts::{Facts, RegBits};
use super::predicates::{
    regs_of, src_c, unit, unit_bit, written_scalar, written_vector, Class, Ctx, Dep, Hazard,
    HORIZON,
};
use super::rules::{Check, RuleSet, ENTRIES};
use super::{Finding, Fix, Rule, Witness};
use crate::inst::{Inst, Operand};
use crate::isa::{op, Unit};
use crate::program::{Body, Program};

/// Whether a 64-bit shift's amount register is not the highest allocated VGPR, which
/// the gfx90a bug needs: the next VGPR is used by the program (LLVM applies its fix
/// only when it is not, `isPhysRegUsed(AmtReg + 1)`; the program stands in for the
/// function). v255 is always the highest.
fn shift_amount_not_highest(i: &Inst, used: &RegBits) -> bool {
    let amt = i.src[0].wrapping_sub(crate::inst::VGPR0);
    amt < 255 && used.contains(128 + amt as usize + 1)
}

/// How many clause members before an instruction the soft-clause check looks at: LLVM
/// 22's hazard recognizer keeps MaxLookAhead (5) emitted instructions and checks a
/// clause only within them. (It looks 19 back in functions that use AGPRs; a linted
/// program can hold many functions, so that window is not applied: with it, LLVM-built
/// gfx908 code objects get findings.)
const CLAUSE_WINDOW: usize = 5;

/// Wait states an instruction supplies.
fn wait_states(_: &Ctx, i: Option<&Inst>) -> u16 {
    match i {
        Some(i) if op::S_NOP.is(i.op) => (i.imm & 0xf) as u16 + 1,
        _ => 1,
    }
}

/// A recent writer: its statement, the rules it writes for, and the wait states issued
/// since it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Event {
    stmt: u32,
    rules: RuleSet,
    dist: u16,
}

/// The recent writers at a point.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct State {
    events: Vec<Event>,
    /// The rules some event of `events` writes for.
    live: RuleSet,
    /// The soft clause being issued: consecutive SMEM, or consecutive VMEM/FLAT,
    /// instructions with the registers they define and use.
    clause: Option<Clause>,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            events: self.events.clone(),
            live: self.live,
            clause: self.clause,
        }
    }
    // (The analysis copies a state at every block: into the list it already has.)
    fn clone_from(&mut self, o: &State) {
        self.events.clone_from(&o.events);
        self.live = o.live;
        self.clause = o.clause;
    }
}

/// A soft clause in progress: statements `first..=last` (consecutive: a clause
/// continues only into the next statement). What its members define and use is read
/// from the facts of its last few ([`Hazards::clause_break`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Clause {
    smem: bool,
    first: u32,
    last: u32,
}

/// The set of `regs`, EXEC (126, 127) left out unless `exec`.
fn bits(regs: &[u16], exec: bool) -> RegBits {
    RegBits::of(
        regs.iter()
            .filter(|&&r| exec || !matches!(r, 126 | 127))
            .map(|&r| r as usize),
    )
}

/// Which soft clause an instruction joins: Some(true) for SMEM, Some(false) for
/// VMEM/FLAT. Loads, stores and atomics all join (as in LLVM, whose clause look-back
/// stops only at an instruction of another kind); cache maintenance without operands
/// ends the clause.
fn clause_kind(i: &Inst) -> Option<bool> {
    if i.desc().sig().is_empty() {
        return None;
    }
    match unit(i) {
        Unit::Smem => Some(true),
        Unit::Vmem | Unit::Flat => Some(false),
        _ => None,
    }
}

/// Whether a clause member may store (a store or an atomic): LLVM starts a new clause
/// at a store that follows members defining registers, so as not to put loads and
/// stores of one address in one clause.
fn clause_store(i: &Inst) -> bool {
    let d = i.desc();
    d.has(crate::isa::flags::STORE) || d.has(crate::isa::flags::ATOMIC)
}

/// What an instruction is to the rules: the rules it is a writer of, a reader of, and
/// breaks by itself (worked out once per distinct instruction).
#[derive(Clone, Copy, Debug, Default)]
pub struct Masks {
    writes: RuleSet,
    reads: RuleSet,
    wrong: RuleSet,
}

/// The analysis, for one target.
pub struct Hazards<'a> {
    pub(super) ctx: Ctx,
    /// The statements' operands.
    facts: &'a Facts,
    /// Per distinct instruction: its masks (computed once: most statements are neither
    /// a reader with a live writer nor wrong, and skip the operand work).
    masks: &'a [Masks],
    /// The rules that still need wait states `d` wait states after their writer, for
    /// each `d` under the horizon.
    alive: [RuleSet; HORIZON as usize],
    /// Each rule's wait states on this target (the most any pair needs), by rule.
    most: [u8; Rule::COUNT],
    /// Every register some statement of the program reads or writes (a 64-bit
    /// shift's amount register is not the highest allocated when the next is used).
    used: RegBits,
    /// The rules allowed at each statement: not reported, and not taken as fixed.
    pub(super) allow: &'a [RuleSet],
}

impl<'a> Hazards<'a> {
    /// The analysis of `p` with `ctx`; its masks are worked out into `masks` (a list
    /// kept from one program to the next).
    pub fn new(ctx: Ctx, p: &Program, facts: &'a Facts, masks: &'a mut Vec<Masks>) -> Hazards<'a> {
        // (A rule not selected, or inactive, has no wait states here.)
        let most = std::array::from_fn(|n| {
            let r = Rule::ALL[n];
            if ctx.rules.admits(r.basis()) {
                r.wait_states(ctx.target)
            } else {
                0
            }
        });
        // The predicates of the rules that apply on this target, each once (rules
        // share them), with the rules each one makes an instruction a writer and a
        // reader of.
        let mut preds: Vec<(Class, RuleSet, RuleSet)> = Vec::new();
        let mut rewrites = Vec::new();
        for e in &ENTRIES {
            let n = e.rule as usize;
            let rule = match e.check {
                Check::Hazard(h) if most[n] > 0 => h,
                Check::Rewrite(r) if ctx.target.has(r.on) && ctx.rules.admits(e.basis) => {
                    rewrites.push((n, r.test));
                    continue;
                }
                _ => continue,
            };
            for (f, writer) in [(rule.writer, true), (rule.reader, false)] {
                let k = match preds
                    .iter()
                    .position(|p| std::ptr::fn_addr_eq(p.0.test, f.test))
                {
                    Some(k) => k,
                    None => {
                        preds.push((f, RuleSet::EMPTY, RuleSet::EMPTY));
                        preds.len() - 1
                    }
                };
                if writer {
                    preds[k].1.insert(n);
                } else {
                    preds[k].2.insert(n);
                }
            }
        }
        // The masks depend on the instruction alone: one per distinct instruction,
        // worked out at its first statement.
        masks.clear();
        masks.extend(facts.representatives().map(|k| {
            let Body::Inst(i) = &p.stmts[k].body else {
                unreachable!("a distinct instruction's statement is an instruction")
            };
            let ops = facts.ops(k);
            let mut m = Masks::default();
            let u = unit_bit(unit(i));
            for &(f, writes, reads) in &preds {
                if f.units & u != 0 && (f.test)(&ctx, i, ops) {
                    m.writes |= writes;
                    m.reads |= reads;
                }
            }
            for &(n, test) in &rewrites {
                if test(i) {
                    m.wrong.insert(n);
                }
            }
            m
        }));
        let alive = std::array::from_fn(|d| {
            RuleSet::of((0..Rule::COUNT).filter(|&n| most[n] as usize > d))
        });
        let mut used = RegBits::EMPTY;
        if rewrites
            .iter()
            .any(|&(n, _)| n == Rule::Shift64HighVgpr as usize)
        {
            for k in 0..p.stmts.len() {
                for &r in facts.reads(k).iter().chain(facts.writes(k)) {
                    used.insert(r as usize);
                }
            }
        }
        Hazards {
            ctx,
            facts,
            masks,
            alive,
            most,
            used,
            allow: &[],
        }
    }
}

impl Analysis for Hazards<'_> {
    type State = State;
    fn entry(&self) -> State {
        State::default()
    }
    fn step(&self, _: &Program, k: usize, st: &mut State, mut out: Option<&mut Vec<Finding>>) {
        let inst = self.facts.inst(k);
        let m = self
            .facts
            .distinct(k)
            .map_or(Masks::default(), |d| self.masks[d]);
        self.report_rewrites(k, inst, m.wrong, out.as_deref_mut());
        let clause_check = st.clause.is_some() && inst.and_then(clause_kind).is_some();
        if let Some(i) = inst.filter(|_| m.reads.intersects(&st.live) || clause_check) {
            let worst = self.worst_pair(k, i, m.reads, st);
            let worst = worst.or_else(|| self.clause_break(k, i, st));
            self.report_missing(k, worst, st, out);
        }
        self.grow_clause(k, inst, st);
        self.salu_rewrites_sgprs(k, inst, st);
        self.mfma_chain_supersedes(k, inst, m.writes, st);
        self.age(inst, m.writes, st);
        if !m.writes.is_empty() {
            st.events.push(Event {
                stmt: k as u32,
                rules: m.writes,
                dist: 0,
            });
        }
    }
    fn merge(&self, into: &mut State, other: &State) -> bool {
        let mut changed = false;
        if into.clause.is_some() && into.clause != other.clause {
            into.clause = None;
            changed = true;
        }
        for e in &other.events {
            match into.events.iter_mut().find(|x| x.stmt == e.stmt) {
                Some(x) if e.dist < x.dist || !e.rules.is_subset(&x.rules) => {
                    x.dist = x.dist.min(e.dist);
                    x.rules |= e.rules;
                    changed = true;
                }
                Some(_) => {}
                None => {
                    into.events.push(*e);
                    changed = true;
                }
            }
        }
        into.events.sort_unstable_by_key(|e| e.stmt);
        into.live |= other.live;
        changed
    }
}

/// A reader's worst breach: the wait states missing, the rule, the writer's statement
/// and the wait states needed.
type Missing = (u16, Rule, u32, u16);

impl Hazards<'_> {
    /// Reports the rules the instruction at `k` breaks by itself (`wrong`, but a
    /// 64-bit shift whose amount register is the highest allocated).
    fn report_rewrites(
        &self,
        k: usize,
        inst: Option<&Inst>,
        mut wrong: RuleSet,
        out: Option<&mut Vec<Finding>>,
    ) {
        if let Some(i) = inst.filter(|_| wrong.contains(Rule::Shift64HighVgpr as usize)) {
            if shift_amount_not_highest(i, &self.used) {
                wrong.remove(Rule::Shift64HighVgpr as usize);
            }
        }
        let Some(out) = out else {
            return;
        };
        for n in wrong.iter() {
            if let Check::Rewrite(r) = &ENTRIES[n].check {
                out.push(Finding {
                    rule: ENTRIES[n].rule,
                    at: k,
                    other: None,
                    reg: None,
                    fix: Fix::Rewrite(r.fix),
                    witness: Witness::None,
                });
            }
        }
    }

    /// The writer in reach that reader `i` (statement `k`, reading for the rules
    /// `reads`) misses the most wait states after; on a tie, the earlier rule.
    fn worst_pair(&self, k: usize, i: &Inst, reads: RuleSet, st: &State) -> Option<Missing> {
        let ops = self.facts.ops(k);
        let mut worst: Option<Missing> = None;
        // The rules this instruction reads for that have a writer in reach.
        for n in (reads & st.live).iter() {
            let Check::Hazard(r) = &ENTRIES[n].check else {
                continue;
            };
            let most = self.most[n] as u16;
            for e in st
                .events
                .iter()
                .filter(|e| e.rules.contains(n) && e.dist < most)
            {
                let Some(need) = self.pair_need(r, most, e, i, ops) else {
                    continue;
                };
                let missing = need - e.dist;
                if worst.is_none_or(|(m, ..)| missing > m) {
                    worst = Some((missing, ENTRIES[n].rule, e.stmt, need));
                }
            }
        }
        worst
    }

    /// The wait states rule `r` needs between the writer of `e` and reader `i`, if
    /// fewer were issued since it and they relate as the rule says (`None` otherwise).
    fn pair_need(
        &self,
        r: &Hazard,
        most: u16,
        e: &Event,
        i: &Inst,
        ops: &[Operand],
    ) -> Option<u16> {
        let c = &self.ctx;
        let w = e.stmt as usize;
        let wi = self.facts.inst(w)?;
        let wops = self.facts.ops(w);
        let need = match r.pair {
            Some(p) => (p.of)(c, wi, wops, i, ops) as u16,
            None => most,
        };
        if e.dist >= need {
            return None;
        }
        let wr = regs_of(r.writer_regs, c, wi, wops);
        let rr = match r.same_op_regs {
            Some(f) if wi.op == i.op => regs_of(f, c, i, ops),
            _ => regs_of(r.reader_regs, c, i, ops),
        };
        // Without a register relation, a rule with no registers on either side
        // applies to the instruction kinds alone.
        let hit = wr.intersects(&rr) || (r.dep == Dep::None && (wr.is_empty() || rr.is_empty()));
        hit.then_some(need)
    }

    /// A soft clause whose definitions overlap its uses (with this instruction) must
    /// be broken before this instruction (with xnack on or any, where the rule has
    /// wait states: gfx9 on).
    fn clause_break(&self, k: usize, i: &Inst, st: &State) -> Option<Missing> {
        let (kind, cl) = (clause_kind(i)?, st.clause?);
        let rule = if kind {
            Rule::SmemClause
        } else {
            Rule::VmemClause
        };
        let need = self.most[rule as usize] as u16;
        if cl.smem != kind || !self.ctx.xnack || need == 0 {
            return None;
        }
        // Over the last CLAUSE_WINDOW members, as LLVM's checkSoftClauseHazards: no
        // break while they define nothing; a store breaks the clause; a load when the
        // definitions, its own included, overlap the uses.
        let from = (cl.first as usize).max(k.saturating_sub(CLAUSE_WINDOW));
        let (mut defs, mut uses) = (RegBits::EMPTY, RegBits::EMPTY);
        for j in from..k {
            defs = defs.union(bits(self.facts.writes(j), true));
            uses = uses.union(bits(self.facts.reads(j), false));
        }
        let broken = !defs.is_empty()
            && (clause_store(i)
                || defs
                    .union(bits(self.facts.writes(k), true))
                    .intersects(&uses.union(bits(self.facts.reads(k), false))));
        broken.then_some((need, rule, from as u32, need))
    }

    /// Reports the worst breach at `k` unless allowed, and continues as if its fix (the
    /// missing wait states) were inserted. (An allowed finding is not taken as fixed.)
    fn report_missing(
        &self,
        k: usize,
        worst: Option<Missing>,
        st: &mut State,
        out: Option<&mut Vec<Finding>>,
    ) {
        let allowed = |r: Rule| self.allow.get(k).is_some_and(|s| s.contains(r as usize));
        let Some((missing, r, w, needed)) = worst.filter(|w| !allowed(w.1)) else {
            return;
        };
        st.clause = None;
        for e in &mut st.events {
            e.dist = e.dist.saturating_add(missing);
        }
        if let Some(out) = out {
            out.push(Finding {
                rule: r,
                at: k,
                other: Some(w as usize),
                reg: None,
                fix: Fix::Nop((missing - 1) as u8),
                witness: Witness::WaitStates {
                    needed,
                    present: needed - missing,
                },
            });
        }
    }

    /// The soft clause grows by the instruction at `k`, or ends at anything else.
    fn grow_clause(&self, k: usize, inst: Option<&Inst>, st: &mut State) {
        let Some(kind) = inst.and_then(clause_kind) else {
            st.clause = None;
            return;
        };
        st.clause = Some(match st.clause {
            Some(cl) if cl.smem == kind && cl.last as usize + 1 == k => Clause {
                last: k as u32,
                ..cl
            },
            _ => Clause {
                smem: kind,
                first: k as u32,
                last: k as u32,
            },
        });
    }

    /// An SALU that reads and rewrites every SGPR a VALU wrote ends that VALU's
    /// VALU_SGPR_VALU hazard: the SALU's read is interlocked with the VALU's write
    /// (no table row makes VALU -> SALU a hazard), and later readers get the SALU's
    /// value.
    fn salu_rewrites_sgprs(&self, k: usize, inst: Option<&Inst>, st: &mut State) {
        let vsv = Rule::ValuSgprValu as usize;
        if !st.live.contains(vsv) || !inst.is_some_and(|i| unit(i) == Unit::Salu) {
            return;
        }
        let rd = bits(self.facts.reads(k), true);
        let wr = bits(self.facts.writes(k), true);
        for e in st.events.iter_mut().filter(|e| e.rules.contains(vsv)) {
            let Some(w) = self.facts.inst(e.stmt as usize) else {
                continue;
            };
            let regs = regs_of(
                written_scalar,
                &self.ctx,
                w,
                self.facts.ops(e.stmt as usize),
            );
            if !regs.is_empty() && regs.is_subset(&rd) && regs.is_subset(&wr) {
                e.rules.remove(vsv);
            }
        }
    }

    /// An MFMA that accumulates into an earlier MFMA's registers (its source C and its
    /// destination both cover them) depends on that MFMA's result and finishes after
    /// it: a reader of those registers waits for the later one only, as LLVM's hazard
    /// recognizer looks at the nearest MFMA writing (or reading as source C) the
    /// register. The earlier MFMA's pair rules on them end here; an fp8 f8f6f4 MFMA
    /// chained into an fp4 one, as llc-22 compiles it, needs the fp4 one's wait
    /// states, not its own.
    fn mfma_chain_supersedes(
        &self,
        k: usize,
        inst: Option<&Inst>,
        writes: RuleSet,
        st: &mut State,
    ) {
        let Some(i) = inst.filter(|i| i.desc().is_mfma()) else {
            return;
        };
        let pair = |n: usize| matches!(&ENTRIES[n].check, Check::Hazard(h) if h.pair.is_some());
        if !(writes & st.live).iter().any(pair) {
            return;
        }
        let c = &self.ctx;
        let ops = self.facts.ops(k);
        let (dst, acc) = (
            regs_of(written_vector, c, i, ops),
            regs_of(src_c, c, i, ops),
        );
        for e in &mut st.events {
            let Some(w) = self
                .facts
                .inst(e.stmt as usize)
                .filter(|w| w.desc().is_mfma())
            else {
                continue;
            };
            let wops = self.facts.ops(e.stmt as usize);
            for n in (e.rules & writes).iter().filter(|&n| pair(n)) {
                let Check::Hazard(h) = &ENTRIES[n].check else {
                    continue;
                };
                let old = regs_of(h.writer_regs, c, w, wops);
                if !old.is_empty() && old.is_subset(&dst) && old.is_subset(&acc) {
                    e.rules.remove(n);
                }
            }
        }
    }

    /// One pass: age the writers by the wait states `inst` supplies, forget those past
    /// the horizon, note the rules of the others (and `writes`, the new writer's).
    fn age(&self, inst: Option<&Inst>, writes: RuleSet, st: &mut State) {
        let ws = wait_states(&self.ctx, inst);
        let mut live = writes;
        st.events.retain_mut(|e| {
            e.dist = e.dist.saturating_add(ws);
            // Rules whose wait states have all been issued let go of the writer.
            e.rules &= self
                .alive
                .get(e.dist as usize)
                .copied()
                .unwrap_or(RuleSet::EMPTY);
            live |= e.rules;
            !e.rules.is_empty()
        });
        st.live = live;
    }
}
