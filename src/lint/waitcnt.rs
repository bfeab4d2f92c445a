//! The s_waitcnt analysis: which loads may still be outstanding when their registers
//! are used.
//!
//! Each counter (vmcnt, lgkmcnt, expcnt) numbers the operations it counts in issue
//! order (scores); a pending operation is one whose score is above the counter's lower
//! bound. `s_waitcnt vmcnt(N)` leaves at most N operations outstanding, so where the
//! counter's operations retire in order it completes every one but the N most recent.
//! Where they may retire out of order (SMEM, or several kinds of operation pending on
//! one counter) only a count of 0 completes anything, but for SMEM's weights: a fetch
//! of two or more dwords counts 2, so a count of 1 completes it. The hardware stalls issue at a
//! counter's maximum, so an operation with that many younger ones is complete.
//!
//! What is tracked, per counter:
//! * vmcnt: the registers a buffer, image, flat, global or scratch load (or returning
//!   atomic) writes. FLAT is counted on vmcnt only unless `Options::flat_lds` says it
//!   may address LDS (LLVM decides it from address spaces the machine code does not
//!   carry). LDS DMA is marked: a DS load after it waits for it.
//! * lgkmcnt: the registers SMEM and DS instructions write (LDS, GDS and messages in
//!   order among their kind; SMEM in any order).
//! * expcnt: the registers exports and GDS operations (and gfx6 buffer stores) still
//!   read after they issue: overwriting them is the hazard.
//!
//! Entries follow LLVM's calling convention: a kernel starts with nothing pending, a
//! callable function with anything its caller issued ([`super::entries`]): every
//! register a counter reaches is pending until a wait for 0 on it. A callee waits for
//! its memory operations before it returns (`s_setpc_b64 s[30:31]`), so a call
//! (s_swappc_b64, s_call_b64) comes back with nothing outstanding, and a return with
//! a load outstanding is a finding (RETURN_WAITCNT).
//!
//! The memory model (AMDGPUUsage): an acquire's cache invalidation waits for the
//! vector memory operations before it; after a release's `buffer_wbl2`, the next
//! vector memory operation waits for those issued before the writeback
//! (ORDER_WAITCNT).
//!
//! A finding is a read of a register a pending load writes (or a write of it, except by
//! another load that retires in order behind it), or a write of a register a pending
//! export still reads. The fix is the weakest `s_waitcnt` that completes the operation;
//! the analysis continues as if it had been inserted, so one missing wait is one finding
//! (unless the finding is allowed: then it is neither reported nor taken as fixed).

use super::cfg::Analysis;
use super::facts::{Facts, RegBits};
use super::{Context, Entry, EntryKind, Finding, Fix, FlatLds, Options, Rule, RuleSet, Witness};
use crate::inst::{Counters, Inst, Lgkm, Operand, OperandList};
use crate::isa::waitcnt::{self, Counter, Waitcnt};
use crate::isa::{op, Role, Unit};
use crate::program::Program;
use crate::target::{Gen, Target};

use super::facts::reg_of;
use super::facts::regs;

/// Marks the writer of an operation a callable function's caller may have left
/// pending (the writer is then the function's entry statement).
const FROM_CALLER: u32 = 1 << 31;

/// Kinds of operation, which retire in order only among themselves.
const KINDS: usize = 9;
/// Marks in `Ctr::last` (not kinds: they do not make a counter out of order): on
/// vmcnt, the most recent operation that is not cache maintenance, and the most recent
/// such operation before a `buffer_wbl2` (a release: it must complete before the
/// next memory operation).
const DATA: usize = 5;
const WBL2: usize = 6;
/// On vmcnt: the most recent LDS DMA (a buffer or global load that writes LDS).
const LDS_DMA: usize = 7;
/// On vmcnt: the most recent operation that reads memory (a load or an atomic): what
/// an acquire's invalidation waits for. Stores are a release's business, and LLVM
/// invalidates with stores outstanding (gfx940 `buffer_wbl2 sc1`, `buffer_inv sc1`).
const READS: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pend {
    reg: u16,
    score: u32,
    writer: u32,
    /// The operation's kind, and its number among the operations of that kind
    /// (`MIXED`: of different kinds on different paths).
    kind: u8,
    kseq: u32,
    /// An SMEM fetch of two or more dwords: it counts 2 on lgkmcnt and its count
    /// retires at once, so a wait for 1 completes it (Vega ISA 7.3).
    wide: bool,
}

/// The kind of a register pending on different paths by operations of different
/// kinds: only a wait for 0 is known to complete it.
const MIXED: u8 = u8::MAX;

/// One counter's pending operations.
#[derive(Debug, Default, PartialEq, Eq)]
struct Ctr {
    lb: u32,
    ub: u32,
    /// The score of the most recent operation of each kind.
    last: [u32; KINDS],
    /// The statement of the most recent operation.
    last_writer: Option<u32>,
    /// Per kind: how many operations of the kind were issued, and how many of them
    /// are known complete (a kind's operations retire in order among themselves, so
    /// `wait(n)` completes all but its `n` most recent).
    kub: [u32; KINDS],
    klb: [u32; KINDS],
    pend: Vec<Pend>,
    /// The registers of `pend`, as a bit set over the index space (a quick "no" for
    /// the registers most instructions use).
    bits: RegBits,
    /// Whether what is pending is known on every path: not at a function's entry
    /// (the caller's operations), until a wait for 0 or a call (for `--redundant`).
    known: bool,
    /// At a callable function's entry (this statement), until a wait for 0: its
    /// caller's operations, of any kind, on any register the counter's operations
    /// reach.
    any: Option<u32>,
}

impl Clone for Ctr {
    fn clone(&self) -> Ctr {
        let mut c = Ctr {
            pend: Vec::new(),
            ..*self
        };
        c.pend.clone_from(&self.pend);
        c
    }
    // (The analysis copies a state at every block: into the list it already has.)
    fn clone_from(&mut self, o: &Ctr) {
        let pend = std::mem::take(&mut self.pend);
        *self = Ctr { pend, ..*o };
        self.pend.clone_from(&o.pend);
    }
}

impl Ctr {
    fn pending(&self, reg: u16, c: Counter) -> Option<Pend> {
        let caller = || {
            let w = self.any.filter(|_| caller_reaches(c, reg))?;
            Some(Pend {
                reg,
                score: self.lb + 1,
                writer: w | FROM_CALLER,
                kind: MIXED,
                kseq: 0,
                wide: false,
            })
        };
        if !self.bits.contains(reg as usize) {
            return caller();
        }
        // Sorted by register (see `prune`, which every change ends with).
        let Ok(k) = self.pend.binary_search_by_key(&reg, |p| p.reg) else {
            return caller();
        };
        Some(self.pend[k])
            .filter(|p| p.score > self.lb && !self.kind_done(p))
            .or_else(caller)
    }
    /// Whether anything may be pending.
    fn busy(&self) -> bool {
        self.ub > self.lb || self.any.is_some()
    }
    /// Whether operations retire in order: one kind pending, and not an out-of-order one
    /// (nor a caller's, of unknown kinds).
    fn in_order(&self, ooo_kind: Option<usize>) -> bool {
        let live = self.last[..DATA].iter().filter(|&&s| s > self.lb).count();
        self.any.is_none() && live <= 1 && ooo_kind.is_none_or(|k| self.last[k] <= self.lb)
    }
    /// Whether `p`'s operation is complete by the count of its kind.
    fn kind_done(&self, p: &Pend) -> bool {
        p.kind != MIXED && p.kseq <= self.klb[p.kind as usize]
    }
    /// The wait count that completes the operation with score `s`.
    fn needed(&self, s: u32, ooo_kind: Option<usize>) -> u8 {
        if self.in_order(ooo_kind) {
            (self.ub - s).min(u8::MAX as u32) as u8
        } else {
            0
        }
    }
    /// The wait count that completes `p`: with several kinds pending, the number of
    /// younger operations of its own kind (all of them are pending while it is, as a
    /// kind retires in order), for a kind that retires in order.
    fn needed_for(&self, p: &Pend, ooo_kind: Option<usize>) -> u8 {
        let n = self.needed(p.score, ooo_kind);
        let k = p.kind as usize;
        if n > 0 || p.kind == MIXED || ooo_kind == Some(k) || k >= DATA {
            return n;
        }
        (self.kub[k] - p.kseq).min(u8::MAX as u32) as u8
    }
    /// Whether `wait(n)` would complete nothing, as far as is known.
    fn wait_is_noop(&self, n: u8, ooo_kind: Option<usize>) -> bool {
        // (With several kinds pending, a count still completes the older operations
        // of each kind that retires in order.)
        let kinds_done = || {
            (0..DATA)
                .filter(|&k| ooo_kind != Some(k))
                .all(|k| self.kub[k] - self.klb[k] <= n as u32)
        };
        let completes_wide = n == 1
            && ooo_kind.is_some_and(|k| self.pend.iter().any(|p| p.kind as usize == k && p.wide));
        self.known
            && !completes_wide
            && (self.ub - self.lb <= n as u32
                || (n > 0 && !self.in_order(ooo_kind) && kinds_done()))
    }
    fn wait(&mut self, n: u8, ooo_kind: Option<usize>) {
        if n == 0 {
            self.known = true;
            self.any = None;
        }
        if n == 0 || self.in_order(ooo_kind) {
            self.lb = self.lb.max(self.ub.saturating_sub(n as u32));
        }
        for k in (0..DATA).filter(|&k| n == 0 || ooo_kind != Some(k)) {
            self.klb[k] = self.klb[k].max(self.kub[k].saturating_sub(n as u32));
        }
        // A wide SMEM fetch counts 2: with at most 1 left, it is complete, whatever
        // else is pending.
        if let Some(k) = ooo_kind.filter(|_| n == 1) {
            self.pend.retain(|p| !(p.kind as usize == k && p.wide));
        }
        self.prune();
    }
    fn issue(
        &mut self,
        kind: usize,
        max: u8,
        regs: impl Iterator<Item = u16>,
        writer: u32,
        wide: bool,
    ) {
        self.ub += 1;
        self.last[kind] = self.ub;
        self.last_writer = Some(writer);
        self.kub[kind] += 1;
        let kseq = self.kub[kind];
        // The hardware stalls at the counter's maximum.
        self.lb = self.lb.max(self.ub.saturating_sub(max as u32));
        let ub = self.ub;
        // The list stays sorted by register: each register replaces its older entry
        // or goes in at its place.
        for reg in regs {
            let p = Pend {
                reg,
                score: ub,
                writer,
                kind: kind as u8,
                kseq,
                wide,
            };
            match self.pend.binary_search_by_key(&reg, |p| p.reg) {
                Ok(k) => self.pend[k] = p,
                Err(k) => self.pend.insert(k, p),
            }
            self.bits.insert(reg as usize);
        }
        self.prune();
    }
    /// Drops what has completed and renumbers from the lower bound, so that equal
    /// situations are equal states (the fixpoint needs it: scores only grow).
    fn prune(&mut self) {
        // No more operations of a kind are pending than of all kinds.
        let depth = self.ub - self.lb;
        for k in 0..KINDS {
            self.klb[k] = self.klb[k].max(self.kub[k].saturating_sub(depth));
        }
        let lb = self.lb;
        if lb == 0 && self.klb.iter().all(|&l| l == 0) {
            return;
        }
        let before = self.pend.len();
        let klb = self.klb;
        self.pend.retain_mut(|p| {
            p.score = p.score.saturating_sub(lb);
            if p.kind != MIXED {
                p.kseq = p.kseq.saturating_sub(klb[p.kind as usize]);
            }
            p.score > 0 && (p.kind == MIXED || p.kseq > 0)
        });
        for l in &mut self.last {
            *l = l.saturating_sub(lb);
        }
        for k in 0..KINDS {
            self.kub[k] -= self.klb[k];
            self.klb[k] = 0;
        }
        self.ub -= lb;
        self.lb = 0;
        if self.pend.len() != before {
            self.bits = RegBits::of(self.pend.iter().map(|p| p.reg as usize));
        }
    }
    /// The merge: scores as distances from the most recent operation, the nearer (more
    /// recent, so longer to wait for) of the two; whether `self` changed. `spare` is a list to build
    /// into (it comes back holding `self`'s old list, for the next merge).
    fn merge(&mut self, o: &Ctr, spare: &mut Vec<Pend>) -> bool {
        if self == o {
            return false;
        }
        let mut m = self.merged_bounds(o, std::mem::take(spare));
        let (sa, sb) = (Rebase::onto(&m, self), Rebase::onto(&m, o));
        m.pend.clear();
        // Both lists are sorted by register: one linear merge.
        let (mut a, mut b) = (
            self.pend.iter().map(|p| sa.pend(p)).peekable(),
            o.pend.iter().map(|p| sb.pend(p)).peekable(),
        );
        loop {
            let next = match (a.peek(), b.peek()) {
                (Some(x), Some(y)) if x.reg == y.reg => {
                    let (x, y) = (a.next().unwrap(), b.next().unwrap());
                    join(x, y)
                }
                (Some(x), Some(y)) if x.reg < y.reg => a.next().unwrap(),
                (Some(_), None) => a.next().unwrap(),
                (_, Some(_)) => b.next().unwrap(),
                (None, None) => break,
            };
            m.bits.insert(next.reg as usize);
            m.pend.push(next);
        }
        for k in 0..KINDS {
            m.last[k] = sa.score(self.last[k]).max(sb.score(o.last[k]));
        }
        m.prune();
        let changed = m != *self;
        *spare = std::mem::replace(self, m).pend;
        changed
    }
    /// The merge of `self` and `o` without their pending operations (in `pend`, to be
    /// filled): both aligned on the later upper bound, overall and per kind.
    fn merged_bounds(&self, o: &Ctr, pend: Vec<Pend>) -> Ctr {
        let ub = self.ub.max(o.ub);
        let lb_depth = (self.ub - self.lb).max(o.ub - o.lb);
        let kub: [u32; KINDS] = std::array::from_fn(|k| self.kub[k].max(o.kub[k]));
        let klb =
            std::array::from_fn(|k| kub[k] - (self.kub[k] - self.klb[k]).max(o.kub[k] - o.klb[k]));
        Ctr {
            lb: ub - lb_depth,
            ub,
            kub,
            klb,
            last: [0; KINDS],
            last_writer: if o.ub > self.ub {
                o.last_writer
            } else {
                self.last_writer
            },
            pend,
            bits: RegBits::default(),
            known: self.known && o.known,
            any: self.any.or(o.any),
        }
    }
}

/// How one side's scores move onto the merged counter's bounds: by the distance from
/// its upper bound to the merged one, overall and per kind (0 stays "none").
struct Rebase {
    by: u32,
    kind_by: [u32; KINDS],
}

impl Rebase {
    fn onto(merged: &Ctr, from: &Ctr) -> Rebase {
        Rebase {
            by: merged.ub - from.ub,
            kind_by: std::array::from_fn(|k| merged.kub[k] - from.kub[k]),
        }
    }
    fn score(&self, x: u32) -> u32 {
        if x == 0 {
            0
        } else {
            x + self.by
        }
    }
    fn pend(&self, p: &Pend) -> Pend {
        let kseq = if p.kind == MIXED || p.kseq == 0 {
            p.kseq
        } else {
            p.kseq + self.kind_by[p.kind as usize]
        };
        Pend {
            score: self.score(p.score),
            kseq,
            ..*p
        }
    }
}

/// One register pending on both sides (rebased): the nearer of the two, of one kind
/// the more recent on each count; of two kinds, only a wait for 0 is known to
/// complete it.
fn join(x: Pend, y: Pend) -> Pend {
    let (kind, kseq) = if x.kind == y.kind {
        (x.kind, x.kseq.max(y.kseq))
    } else {
        (MIXED, 0)
    };
    let nearer = if y.score > x.score { y } else { x };
    Pend {
        kind,
        kseq,
        wide: x.wide && y.wide,
        ..nearer
    }
}

/// The pending operations of the three counters.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct State {
    vm: Ctr,
    lgkm: Ctr,
    exp: Ctr,
    /// Whether FLAT may reach LDS here (in a function, with `FlatLds::Functions`).
    flat_lds: bool,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            vm: self.vm.clone(),
            lgkm: self.lgkm.clone(),
            exp: self.exp.clone(),
            flat_lds: self.flat_lds,
        }
    }
    fn clone_from(&mut self, o: &State) {
        self.vm.clone_from(&o.vm);
        self.lgkm.clone_from(&o.lgkm);
        self.exp.clone_from(&o.exp);
        self.flat_lds = o.flat_lds;
    }
}

const LGKM_SMEM: usize = 2;
const LGKM_FLAT: usize = 4;

/// Whether `i` is cache maintenance that orders memory (acquire or release).
fn orders_memory(i: &Inst) -> bool {
    matches!(
        i.desc().mnemonic.name(),
        "buffer_wbinvl1"
            | "buffer_wbinvl1_vol"
            | "buffer_wbinvl1_sc"
            | "buffer_inv"
            | "buffer_invl2"
            | "buffer_wbl2"
    )
}

fn lgkm_kind(k: Lgkm) -> usize {
    match k {
        Lgkm::Lds => 0,
        Lgkm::Flat => LGKM_FLAT,
        Lgkm::Gds => 1,
        Lgkm::Smem => LGKM_SMEM,
        Lgkm::Message => 3,
    }
}

/// The kind of operation that retires out of order on counter `c` (SMEM on lgkmcnt).
fn ooo(c: Counter) -> Option<usize> {
    (c == Counter::Lgkm).then_some(LGKM_SMEM)
}

/// Whether a caller's operation on counter `c` may hold register index `reg`: loads
/// write VGPRs and AGPRs (vmcnt), or those and SGPRs (lgkmcnt, SMEM and DS); exports
/// read VGPRs (expcnt).
fn caller_reaches(c: Counter, reg: u16) -> bool {
    match c {
        Counter::Vm => (128..640).contains(&reg),
        Counter::Lgkm => reg < 640,
        Counter::Exp => (128..384).contains(&reg),
    }
}

/// The rule a pending operation of counter `c` breaks.
fn rule_of(c: Counter) -> Rule {
    match c {
        Counter::Vm => Rule::WaitVmcnt,
        Counter::Lgkm => Rule::WaitLgkmcnt,
        Counter::Exp => Rule::WaitExpcnt,
    }
}

impl State {
    fn ctr(&self, c: Counter) -> &Ctr {
        match c {
            Counter::Vm => &self.vm,
            Counter::Lgkm => &self.lgkm,
            Counter::Exp => &self.exp,
        }
    }
    fn ctr_mut(&mut self, c: Counter) -> &mut Ctr {
        match c {
            Counter::Vm => &mut self.vm,
            Counter::Lgkm => &mut self.lgkm,
            Counter::Exp => &mut self.exp,
        }
    }

    /// A callable function's entry at statement `k`: anything may be pending.
    fn caller(k: u32) -> State {
        let mut s = State::default();
        for c in [&mut s.vm, &mut s.lgkm, &mut s.exp] {
            c.any = Some(k);
        }
        s
    }

    /// Nothing outstanding, and known to be so (after a call).
    fn known() -> State {
        let mut s = State::default();
        for c in [&mut s.vm, &mut s.lgkm, &mut s.exp] {
            c.known = true;
        }
        s
    }
    /// The state after a call: LLVM's calling convention has a callee start with a
    /// full s_waitcnt, so nothing is outstanding when a call returns.
    fn after_call(&mut self) {
        *self = State {
            flat_lds: self.flat_lds,
            ..State::known()
        };
    }
}

/// The analysis, for one target.
pub struct Waits<'a> {
    pub(super) target: Target,
    /// The statements' operands and counters.
    pub(super) facts: &'a Facts,
    /// Whether to report waits that complete nothing (`REDUNDANT_WAITCNT`).
    pub(super) redundant: bool,
    /// A pending list merges build into (so that merges do not allocate).
    spare: std::cell::RefCell<Vec<Pend>>,
    /// The rules allowed at each statement: not reported, and not taken as fixed.
    allow: &'a [RuleSet],
    /// Where kernels and functions start (sorted by statement).
    entries: &'a [Entry],
    /// What the first statement is when `entries` does not say.
    unknown_entry: EntryKind,
    /// Where FLAT may address LDS (and so counts on lgkmcnt too).
    flat_lds: FlatLds,
}

impl<'a> Waits<'a> {
    /// The analysis for `target` over `facts`; `redundant` reports waits that
    /// complete nothing.
    pub fn new(target: Target, facts: &'a Facts, redundant: bool) -> Waits<'a> {
        Waits {
            target,
            facts,
            redundant,
            spare: Default::default(),
            allow: &[],
            entries: &[],
            unknown_entry: EntryKind::Kernel,
            flat_lds: FlatLds::Never,
        }
    }

    /// The analysis with what `options` and `cx` say: the entries and their kinds,
    /// whether FLAT may address LDS, and the rules allowed at each statement.
    pub fn with(self, options: Options, cx: Context<'a>) -> Waits<'a> {
        Waits {
            allow: cx.allow,
            entries: cx.entries,
            unknown_entry: options.unknown_entry,
            flat_lds: options.flat_lds,
            ..self
        }
    }

    fn allows(&self, k: usize, r: Rule) -> bool {
        self.allow.get(k).is_some_and(|s| s.contains(r as usize))
    }

    /// The kind of the entry at statement `k`, if one starts there.
    fn entry_kind(&self, k: usize) -> Option<EntryKind> {
        match self.entries.binary_search_by_key(&k, |e| e.at) {
            Ok(n) => Some(self.entries[n].kind),
            Err(_) => (k == 0).then_some(self.unknown_entry),
        }
    }
}

impl Waits<'_> {
    fn max(&self, c: Counter) -> u8 {
        waitcnt::max(self.target.gen, c)
    }

    fn apply(&self, st: &mut State, w: Waitcnt) {
        for c in Counter::ALL {
            if let Some(n) = w.get(c) {
                st.ctr_mut(c).wait(n, ooo(c));
            }
        }
    }

    /// Records the operations `i` starts.
    fn issue(&self, i: &Inst, ops: &[Operand], c: Counters, st: &mut State, k: u32) {
        let t = self.target;
        if c.is_empty() {
            return;
        }
        let written = || ops.explicit().filter(|o| o.access.writes()).flat_map(regs);
        // The data an export, GDS operation or gfx6 store reads after issue (its
        // address is read at issue).
        let read = ops
            .explicit()
            .filter(|o| {
                o.access.reads()
                    && o.slot
                        .is_some_and(|s| matches!(s.role, Role::Vdata | Role::Vdata1 | Role::Exp))
            })
            .flat_map(regs);
        if c.vm {
            st.vm.issue(0, self.max(Counter::Vm), written(), k, false);
            if !orders_memory(i) {
                st.vm.last[DATA] = st.vm.ub;
                let d = i.desc();
                if !d.has(crate::isa::flags::STORE) || d.has(crate::isa::flags::ATOMIC) {
                    st.vm.last[READS] = st.vm.ub;
                }
                let ctx = super::predicates::Ctx {
                    target: t,
                    xnack: false,
                    rules: super::rules::Selection::All,
                };
                // (Every load to LDS: the documents' and the buffer loads.)
                if super::predicates::m0_readers_lds_dma(&ctx, i, ops)
                    || super::predicates::m0_readers_buffer_lds(&ctx, i, ops)
                {
                    st.vm.last[LDS_DMA] = st.vm.ub;
                }
            } else if op::BUFFER_WBL2.is(i.op) {
                st.vm.last[WBL2] = st.vm.last[DATA];
            }
        }
        // (FLAT's lgkmcnt side matters only for LDS addresses: see the module doc.)
        let flat_lds = self.flat_lds == FlatLds::Always || st.flat_lds;
        if let Some(kind) = c.lgkm.filter(|&k| k != Lgkm::Flat || flat_lds) {
            // LGKM_CNT grows by 1 for a one-dword scalar fetch and by 2 for two or
            // more dwords, and drops by as much when the fetch completes (Vega ISA
            // 7.3; s_memtime counts as s_load_dwordx2). A fetch of unknown width
            // (a store, a probe) is taken as 1, the safe side.
            let wide = kind == Lgkm::Smem && written().count() >= 2;
            st.lgkm
                .issue(lgkm_kind(kind), self.max(Counter::Lgkm), written(), k, wide);
        }
        if c.exp {
            let unit = i.desc().unit();
            let kind = match unit {
                Unit::Export => 0,
                Unit::Ds => 1,
                _ => 2,
            };
            let keeps = unit == Unit::Export || t.gen == Gen::Gfx6 || unit == Unit::Ds;
            st.exp.issue(
                kind,
                self.max(Counter::Exp),
                read.filter(|_| keeps),
                k,
                false,
            );
        }
    }
}

impl Analysis for Waits<'_> {
    type State = State;
    fn entry(&self) -> State {
        State::default()
    }
    fn is_entry(&self, k: usize) -> bool {
        self.entry_kind(k).is_some()
    }
    fn entry_at(&self, k: usize) -> State {
        match self.entry_kind(k) {
            Some(EntryKind::Function) => State {
                flat_lds: self.flat_lds != FlatLds::Never,
                ..State::caller(k as u32)
            },
            _ => State::default(),
        }
    }
    fn step(&self, _: &Program, k: usize, st: &mut State, out: Option<&mut Vec<Finding>>) {
        let Some(i) = self.facts.inst(k) else {
            return;
        };
        // Most statements start no operation while none is pending, and are not waits,
        // barriers, returns or calls: nothing to do.
        let quiet =
            self.facts.counters(k).is_empty() && !st.vm.busy() && !st.lgkm.busy() && !st.exp.busy();
        let d = i.desc();
        let m = d.mnemonic;
        if quiet
            && !d.has(crate::isa::flags::CALL)
            && m != op::S_WAITCNT
            && m != op::S_BARRIER
            && m != op::S_SETPC_B64
        {
            return;
        }
        self.step_inst(k, i, st, out);
    }
    fn merge(&self, into: &mut State, other: &State) -> bool {
        // (All three merge, whichever changes.)
        let spare = &mut *self.spare.borrow_mut();
        let flat = other.flat_lds && !into.flat_lds;
        into.flat_lds |= other.flat_lds;
        into.vm.merge(&other.vm, spare)
            | into.lgkm.merge(&other.lgkm, spare)
            | into.exp.merge(&other.exp, spare)
            | flat
    }
}

impl Waits<'_> {
    /// [`Analysis::step`] for an instruction that may matter.
    #[inline(never)]
    fn step_inst(&self, k: usize, i: &Inst, st: &mut State, mut out: Option<&mut Vec<Finding>>) {
        if op::S_WAITCNT.is(i.op) {
            return self.step_waitcnt(k, i, st, out);
        }
        self.order_wait(k, i, st, out.as_deref_mut());
        if self.drain(k, i, st, out.as_deref_mut()) {
            return;
        }
        let counters = self.facts.counters(k);
        // Nothing pending and nothing started: nothing to check or record.
        if counters.is_empty() && !st.vm.busy() && !st.lgkm.busy() && !st.exp.busy() {
            if i.desc().has(crate::isa::flags::CALL) {
                st.after_call();
            }
            return;
        }
        let (need, first) = self.operand_waits(k, counters, st);
        if let Some(first) = first {
            self.apply(st, need);
            if let Some(out) = out {
                out.push(wait_finding(k, need, first));
            }
        }
        self.issue(i, self.facts.ops(k), counters, st, k as u32);
        if i.desc().has(crate::isa::flags::CALL) {
            st.after_call();
        }
    }

    /// An s_waitcnt: applied, and reported when `--redundant` finds it waits for
    /// nothing.
    fn step_waitcnt(&self, k: usize, i: &Inst, st: &mut State, out: Option<&mut Vec<Finding>>) {
        let w = Waitcnt::decode(self.target.gen, i.imm as u16);
        let noop = || {
            Counter::ALL
                .into_iter()
                .all(|c| w.get(c).is_none_or(|n| st.ctr(c).wait_is_noop(n, ooo(c))))
        };
        if self.redundant
            && w != Waitcnt::new()
            && noop()
            && !self.allows(k, Rule::RedundantWaitcnt)
        {
            if let Some(out) = out {
                out.push(Finding {
                    rule: Rule::RedundantWaitcnt,
                    at: k,
                    other: None,
                    reg: None,
                    fix: Fix::Remove,
                    witness: Witness::None,
                });
            }
        }
        self.apply(st, w);
    }

    /// The memory model's cache maintenance: an acquire invalidates after the load
    /// (or the fence's earlier loads) completed, a release writes back after the
    /// stores did: vmcnt(0) first (and lgkmcnt(0) for FLAT that may reach LDS).
    fn order_wait(&self, k: usize, i: &Inst, st: &mut State, out: Option<&mut Vec<Finding>>) {
        let cache = orders_memory(i);
        let acquire = cache && (st.vm.last[READS] > st.vm.lb || st.vm.any.is_some());
        // A release: the store or atomic after a writeback waits for it (and so for
        // everything before it).
        let release = !cache && self.facts.counters(k).vm && st.vm.last[WBL2] > st.vm.lb;
        if !((acquire && !op::BUFFER_WBL2.is(i.op)) || release) {
            return;
        }
        let mut need = Waitcnt::new().vmcnt(0);
        if st.lgkm.last[LGKM_FLAT] > st.lgkm.lb {
            need = need.lgkmcnt(0);
        }
        if !self.allows(k, Rule::OrderWait) {
            let other = st.vm.last_writer.or(st.vm.any);
            self.apply(st, need);
            push_drain(out, Rule::OrderWait, k, other, need);
        }
    }

    /// Before a barrier every operation completes, before a return the memory
    /// operations; whether `i` is a barrier (which then needs nothing else).
    fn drain(&self, k: usize, i: &Inst, st: &mut State, out: Option<&mut Vec<Finding>>) -> bool {
        let barrier = op::S_BARRIER.is(i.op) && self.target.barrier_needs_waitcnt();
        // A return: s_setpc_b64 to the return address, s[30:31] in the AMDGPU calling
        // convention. (Other s_setpc_b64 are tail calls or jumps, whose targets wait
        // at their entry, as callees do.)
        let leaves = op::S_SETPC_B64.is(i.op) && i.src[0] == 30;
        if !(barrier || leaves) {
            return false;
        }
        let mut need = Waitcnt::new();
        let mut other = None;
        for c in Counter::ALL {
            // (LLVM's convention completes stores too before a return.)
            let ctr = st.ctr(c);
            if (ctr.ub > ctr.lb || ctr.any.is_some()) && (barrier || c != Counter::Exp) {
                need = need.with(c, 0);
                other = other.or(ctr.last_writer).or(ctr.any);
            }
        }
        let rule = if barrier {
            Rule::BarrierWait
        } else {
            Rule::ReturnWait
        };
        // (An allowed finding is not taken as fixed.)
        if need != Waitcnt::new() && !self.allows(k, rule) {
            self.apply(st, need);
            push_drain(out, rule, k, other, need);
        }
        barrier
    }

    /// Which waits statement `k` needs for its operands, and the first pending
    /// operation found (rule, writer, register). Counters whose rule is allowed here
    /// are neither reported nor waited for.
    fn operand_waits(&self, k: usize, counters: Counters, st: &State) -> (Waitcnt, Option<First>) {
        let mut need = Waitcnt::new();
        let mut first: Option<First> = None;
        let mut check = |c: Counter, r: u16| {
            let ctr = st.ctr(c);
            if self.allows(k, rule_of(c)) {
                return;
            }
            if let Some(pd) = ctr.pending(r, c) {
                need = need.combined(Waitcnt::new().with(c, ctr.needed_for(&pd, ooo(c))));
                first.get_or_insert((rule_of(c), pd.writer, pd.reg));
            }
        };
        // (Most registers have nothing pending on any counter: one bit test each.)
        let caller = st.vm.any.is_some() || st.lgkm.any.is_some() || st.exp.any.is_some();
        let loads = st.vm.bits.union(st.lgkm.bits);
        for &r in self.facts.reads(k) {
            if caller || loads.contains(r as usize) {
                check(Counter::Vm, r);
                check(Counter::Lgkm, r);
            }
        }
        // A later load into the same register retires after the pending one (LDS,
        // GDS and messages in order among themselves).
        let vm_load = counters.vm;
        let lgkm_in_order = counters
            .lgkm
            .is_some_and(|k| !matches!(k, Lgkm::Smem | Lgkm::Flat))
            && st.lgkm.in_order(ooo(Counter::Lgkm));
        let exp = st.exp.bits;
        for &r in self.facts.writes(k) {
            if !caller && !loads.contains(r as usize) && !exp.contains(r as usize) {
                continue;
            }
            if !vm_load {
                check(Counter::Vm, r);
            }
            if !lgkm_in_order {
                check(Counter::Lgkm, r);
            }
            check(Counter::Exp, r);
        }
        // An LDS read while an LDS DMA may still be writing LDS: the DMA counts on
        // vmcnt (LLVM waits for it before a DS load).
        if counters.lgkm == Some(Lgkm::Lds)
            && st.vm.last[LDS_DMA] > st.vm.lb
            && !self.facts.writes(k).is_empty()
            && !self.allows(k, Rule::LdsDmaWait)
        {
            let n = st.vm.needed(st.vm.last[LDS_DMA], ooo(Counter::Vm));
            need = need.combined(Waitcnt::new().vmcnt(n));
            if first.is_none() {
                first = Some((Rule::LdsDmaWait, LDS_DMA_WRITER, 0));
            }
        }
        (need, first)
    }
}

/// The first pending operation a statement waits for: its rule, its writer (with
/// [`FROM_CALLER`], or [`LDS_DMA_WRITER`]) and its register.
type First = (Rule, u32, u16);

/// The writer of an LDS DMA wait, which names no statement.
const LDS_DMA_WRITER: u32 = u32::MAX;

/// The finding of a wait for an operand's pending operation.
fn wait_finding(k: usize, need: Waitcnt, (rule, writer, reg): First) -> Finding {
    let dma = writer == LDS_DMA_WRITER;
    // (What the caller left pending names the function's entry.)
    let caller = !dma && writer & FROM_CALLER != 0;
    let writer = writer & !FROM_CALLER;
    Finding {
        rule,
        at: k,
        other: Some(writer as usize).filter(|_| !dma),
        reg: Some(reg_of(reg)).filter(|_| !dma),
        fix: Fix::Waitcnt(need),
        witness: if caller {
            Witness::CallerPending {
                entry: writer as usize,
            }
        } else {
            Witness::None
        },
    }
}

/// Reports a wait for everything outstanding (an ordering, a barrier, a return).
fn push_drain(
    out: Option<&mut Vec<Finding>>,
    rule: Rule,
    k: usize,
    other: Option<u32>,
    need: Waitcnt,
) {
    if let Some(out) = out {
        out.push(Finding {
            rule,
            at: k,
            other: other.map(|w| w as usize),
            reg: None,
            fix: Fix::Waitcnt(need),
            witness: Witness::None,
        });
    }
}
