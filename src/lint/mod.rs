//! The static checker: findings where the hardware needs a wait the program does not
//! have. Analyses run over the control-flow graph of a [`Program`] ([`mod@cfg`]), each
//! state the merge of all paths into a block, iterated to a fixpoint for loops.
//!
//! * [`waitcnt`]: s_waitcnt — a register used while a load that writes it, or an export
//!   that reads it, may be outstanding.
//! * [`hazard`]: wait states — pairs of instructions without a hardware interlock that
//!   need `s_nop` between them.
//!
//! Every rule is one entry of the registry ([`rules`]), from which [`Rule`], its ids,
//! explanations and the documentation's tables are made.
//!
//! ```
//! use amdgpu_mc::lint::{lint, Fix, Rule};
//! use amdgpu_mc::isa::waitcnt::Waitcnt;
//! use amdgpu_mc::program::Program;
//! use amdgpu_mc::{assemble, Target};
//! let t = Target::from_name("gfx906").unwrap();
//! let a = assemble(t, "global_load_dword v1, v[2:3], off
//!                      v_add_f32 v1, v1, v1");
//! let findings = lint(&Program::from_assembly(t, &a));
//! assert_eq!(findings.len(), 1);
//! assert_eq!(findings[0].rule, Rule::WaitVmcnt);
//! assert_eq!(findings[0].fix, Fix::Waitcnt(Waitcnt::new().vmcnt(0)));
//! ```

pub mod basis;
pub mod bits;
pub mod cfg;
pub mod entries;
pub mod error;
pub mod examples;
pub mod facts;
pub mod hazard;
pub mod predicates;
pub mod rules;
pub mod source;
pub mod waitcnt;
pub mod witness;

pub use entries::{Entry, EntryKind};
pub use error::{Error, ErrorKind};
pub use rules::{Rule, RuleSet};

use crate::isa::waitcnt::{Counter, Waitcnt};
use crate::program::Program;
use crate::reg::RegFile;
use std::fmt;

/// The change that removes a finding: inserted before the finding's statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fix {
    /// Insert this `s_waitcnt`.
    Waitcnt(Waitcnt),
    /// Insert N+1 wait states: `s_nop N`, or for more than 16 wait states (N > 15,
    /// beyond the field), `s_nop 15` as often as needed and one shorter
    /// ([`nops`]).
    Nop(u8),
    /// Remove the statement (a wait that completes nothing).
    Remove,
    /// No wait fixes it: the instruction must change as the text says.
    Rewrite(&'static str),
}

/// The fixes to insert before one statement, merged: one `s_waitcnt` (the strongest
/// of each counter) and one `s_nop` (the longest). Redundant waits are reported, not
/// removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Inserts {
    wait: Waitcnt,
    nop: Option<u8>,
}

impl Inserts {
    /// Adds a finding's fix.
    pub(crate) fn add(&mut self, fix: Fix) {
        match fix {
            Fix::Waitcnt(w) => self.wait = self.wait.combined(w),
            Fix::Nop(n) => self.nop = Some(self.nop.map_or(n, |m| m.max(n))),
            Fix::Remove | Fix::Rewrite(_) => {}
        }
    }
    /// The statements to insert, in order; each `s_nop` within its field.
    pub(crate) fn fixes(self) -> impl Iterator<Item = Fix> {
        let wait = (self.wait != Waitcnt::new()).then_some(Fix::Waitcnt(self.wait));
        let nops = self.nop.into_iter().flat_map(nops).map(Fix::Nop);
        wait.into_iter().chain(nops)
    }
}

/// The `s_nop` operands that give `Fix::Nop(n)`'s n+1 wait states, each within the
/// field's 0-15: `s_nop 15` (16 wait states) as often as needed, then the rest.
///
/// ```
/// use amdgpu_mc::lint::nops;
/// assert_eq!(nops(3).collect::<Vec<_>>(), [3]);
/// assert_eq!(nops(18).collect::<Vec<_>>(), [15, 2]);
/// assert_eq!(nops(31).collect::<Vec<_>>(), [15, 15]);
/// ```
pub fn nops(n: u8) -> impl Iterator<Item = u8> {
    let states = n as u16 + 1;
    let (full, rest) = (states / 16, states % 16);
    std::iter::repeat_n(15u8, full as usize).chain((rest > 0).then(|| (rest - 1) as u8))
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The rule broken.
    pub rule: Rule,
    /// The statement that needs the wait (an index into `Program::stmts`).
    pub at: usize,
    /// The statement on the other side: the load, export or writer.
    pub other: Option<usize>,
    /// The register involved.
    pub reg: Option<(RegFile, u16)>,
    /// How to fix it.
    pub fix: Fix,
    /// The evidence: what a reviewer needs to check the finding by hand.
    pub witness: Witness,
}

/// The evidence for a finding.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Witness {
    /// Nothing beyond the two statements (rewrites, redundant waits).
    #[default]
    None,
    /// Wait states between the writer (`other`) and the reader (`at`): how many the
    /// pair needs and how many the path between them has (counted as the hardware
    /// does: one per instruction, `s_nop N` as N+1).
    WaitStates {
        /// Wait states the pair needs.
        needed: u16,
        /// Wait states present on the shortest path.
        present: u16,
    },
    /// At a callable function's entry (`entry`, also `other`), anything its caller
    /// issued may be pending: the function must wait before it uses a register.
    CallerPending {
        /// The function's entry statement.
        entry: usize,
    },
    /// A counter: the value the use needs, and one path from the operation to the
    /// use (statement indices, both ends included) on which the operation is still
    /// pending.
    Counter {
        /// The counter.
        counter: Counter,
        /// The largest count that completes the operation.
        needed: u8,
        /// One path from the operation (`other`) to the use (`at`).
        path: Vec<usize>,
    },
}

impl fmt::Display for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fix::Nop(n) => {
                // (More than 16 wait states: one statement per line.)
                for (k, m) in nops(*n).enumerate() {
                    let sep = if k > 0 { "\n" } else { "" };
                    write!(f, "{sep}s_nop {m}")?;
                }
                Ok(())
            }
            Fix::Remove => f.write_str("remove it"),
            Fix::Rewrite(how) => f.write_str(how),
            Fix::Waitcnt(w) => {
                f.write_str("s_waitcnt")?;
                for c in [Counter::Vm, Counter::Exp, Counter::Lgkm] {
                    if let Some(n) = w.get(c) {
                        write!(f, " {}({n})", c.name())?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// A finding's register as the assembler names it (`v1`, `s5`, `a3`, `scc`).
pub fn reg_text(target: crate::target::Target, (file, n): (RegFile, u16)) -> String {
    if file == RegFile::Scc {
        return "scc".into();
    }
    let code = crate::operand_code::reg_code(target.gen, crate::reg::RegRange::new(file, n, 1));
    let mut s = String::new();
    let _ = crate::operand_code::write_reg(&mut s, target.gen, code, 1);
    s
}

/// What the program runs with, where it changes the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Whether memory instructions may fault and replay (xnack on or "any"): soft
    /// clauses must then be broken where their definitions overlap their uses. The
    /// default is LLVM's, "any" from gfx9 on; `gfx90a:xnack-` target ids, code objects
    /// built with xnack off and `.amdgcn_target` lines say otherwise.
    pub xnack: bool,
    /// Also report `s_waitcnt` that completes nothing on any path
    /// ([`Rule::RedundantWaitcnt`], off by default: a separate class, never a hazard).
    pub redundant: bool,
    /// Which rules to report by what their scope rests on ([`rules::Basis`]): the
    /// documented rules, LLVM's readings, or both (the default).
    pub rules: rules::Selection,
    /// What the program's first statement is when [`Context::entries`] does not say:
    /// a kernel (nothing pending, the default: what a dispatch starts with) or a
    /// callable function (anything its caller issued may be pending).
    pub unknown_entry: EntryKind,
    /// Where FLAT instructions may address LDS, so that they also count on lgkmcnt
    /// and their results need `lgkmcnt` as well as `vmcnt`. LLVM decides it from
    /// address spaces the machine code does not carry (see docs/lint.md); the default
    /// is [`FlatLds::Never`]: FLAT counts on vmcnt only.
    pub flat_lds: FlatLds,
}

impl Options {
    /// LLVM's defaults for `target`.
    pub fn for_target(target: crate::target::Target) -> Options {
        Options {
            xnack: !target.gen.before_gfx9(),
            redundant: false,
            rules: rules::Selection::All,
            unknown_entry: EntryKind::Kernel,
            flat_lds: FlatLds::Never,
        }
    }
}

/// Where FLAT accesses may reach LDS ([`Options::flat_lds`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FlatLds {
    /// Nowhere: FLAT counts on vmcnt only.
    #[default]
    Never,
    /// In callable functions (their pointers may be generic), not in kernels.
    Functions,
    /// Everywhere (LLVM's assumption for a FLAT access it knows nothing of).
    Always,
}

impl std::str::FromStr for FlatLds {
    type Err = Error;
    /// `never`, `functions` or `always`.
    fn from_str(s: &str) -> Result<FlatLds, Error> {
        match s {
            "never" => Ok(FlatLds::Never),
            "functions" => Ok(FlatLds::Functions),
            "always" => Ok(FlatLds::Always),
            _ => Err(Error::new(
                ErrorKind::UnknownName,
                format!("unknown FLAT assumption '{s}' (expected never, functions or always)"),
            )),
        }
    }
}

/// What the linter knows of a program beyond its statements.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context<'a> {
    /// The rules allowed (`lint:allow`) at each statement, by statement index (a
    /// shorter list allows nothing at the statements beyond it). An allowed finding
    /// is not reported, and only that: the analyses go on as if the wait it asks for
    /// were still missing, so a later finding that the same missing wait causes is
    /// still reported.
    pub allow: &'a [RuleSet],
    /// Where kernels and callable functions start, in statement order. Statements
    /// not listed are no entries; the first statement, when not listed, is an entry
    /// of [`Options::unknown_entry`]'s kind.
    pub entries: &'a [Entry],
}

impl Context<'_> {
    /// Whether `rule` is allowed at statement `k`.
    #[inline]
    pub(crate) fn allows(&self, k: usize, rule: Rule) -> bool {
        self.allow.get(k).is_some_and(|s| s.contains(rule as usize))
    }
}

/// Checks `p` with the target's default options and returns its findings in statement
/// order.
pub fn lint(p: &Program) -> Vec<Finding> {
    lint_with(p, Options::for_target(p.target))
}

/// Checks `p` with `options`.
pub fn lint_with(p: &Program, options: Options) -> Vec<Finding> {
    Linter::default().lint(p, options)
}

/// A linter that keeps its working memory from one program to the next: checking many
/// programs (a code object's sections, a compiler's functions) through one allocates
/// its lists once, not once per program.
///
/// ```
/// use amdgpu_mc::lint::{Linter, Options};
/// use amdgpu_mc::program::Program;
/// use amdgpu_mc::{assemble, Target};
/// let t = Target::from_name("gfx906").unwrap();
/// let mut linter = Linter::default();
/// for text in ["s_load_dword s0, s[4:5], 0x0\ns_add_u32 s1, s0, s0", "s_endpgm"] {
///     let p = Program::from_assembly(t, &assemble(t, text));
///     let findings = linter.lint(&p, Options::for_target(t));
///     assert_eq!(findings.len(), (text.len() > 10) as usize);
/// }
/// ```
#[derive(Default)]
pub struct Linter {
    facts: facts::Facts,
    waits: cfg::Solver<waitcnt::State>,
    hazards: cfg::Solver<hazard::State>,
    masks: Vec<hazard::Masks>,
}

impl Linter {
    /// Checks `p` with `options`; its findings in statement order.
    pub fn lint(&mut self, p: &Program, options: Options) -> Vec<Finding> {
        self.lint_in(p, options, Context::default())
    }

    /// [`Linter::lint`] with what `cx` says of the program: the rules allowed at each
    /// statement (not reported, and not taken as fixed) and where functions start.
    ///
    /// ```
    /// use amdgpu_mc::lint::{Context, Linter, Options, Rule, RuleSet};
    /// use amdgpu_mc::program::Program;
    /// use amdgpu_mc::{assemble, Target};
    /// let t = Target::from_name("gfx906").unwrap();
    /// let a = assemble(t, "global_load_dword v1, v[2:3], off
    ///                      v_add_f32 v2, v1, v1
    ///                      v_add_f32 v3, v1, v1");
    /// let p = Program::from_assembly(t, &a);
    /// let allow = [RuleSet::EMPTY, RuleSet::of([Rule::WaitVmcnt as usize])];
    /// let cx = Context { allow: &allow, ..Context::default() };
    /// let found = Linter::default().lint_in(&p, Options::for_target(t), cx);
    /// // The allowed use is not reported; the next one still is.
    /// assert_eq!(found.iter().map(|f| f.at).collect::<Vec<_>>(), [2]);
    /// ```
    pub fn lint_in(&mut self, p: &Program, options: Options, cx: Context) -> Vec<Finding> {
        let starts: Vec<usize> = cx.entries.iter().map(|e| e.at).collect();
        let blocks = cfg::blocks_at(p, &starts);
        self.facts.fill(p);
        let w = waitcnt::Waits::new(p.target, &self.facts, options.redundant).with(options, cx);
        let mut out = Vec::new();
        self.waits.check(&w, p, &blocks, &mut out);
        let ctx = predicates::Ctx {
            target: p.target,
            xnack: options.xnack,
            rules: options.rules,
        };
        let mut h = hazard::Hazards::new(ctx, p, &self.facts, &mut self.masks);
        h.allow = cx.allow;
        self.hazards.check(&h, p, &blocks, &mut out);
        // (The wait-state analysis leaves out the rules not selected; the s_waitcnt
        // rules are left out here.)
        out.retain(|f| options.rules.admits(f.rule.basis()));
        // (Findings that change no state, such as rewrites, are hidden here.)
        out.retain(|f| !cx.allows(f.at, f.rule));
        out.sort_by_key(|f| (f.at, f.rule));
        witness::fill(p, &mut out);
        out
    }
}

/// `p` with the fixes of `findings` inserted: before each statement that needs them, one
/// `s_waitcnt` (the strongest of each counter) and one `s_nop`, which branches to that
/// statement now reach first. Offsets and branch offsets are recomputed; nothing else
/// changes. (Redundant waits are reported, not removed.)
///
/// ```
/// use amdgpu_mc::lint::{fix, lint};
/// use amdgpu_mc::program::Program;
/// use amdgpu_mc::{assemble, Target};
/// let t = Target::from_name("gfx906").unwrap();
/// let a = assemble(t, "top: global_load_dword v1, v[2:3], off
///                      v_add_f32 v1, v1, v1
///                      s_cbranch_scc0 top");
/// let p = Program::from_assembly(t, &a);
/// let fixed = fix(&p, &lint(&p)).unwrap();
/// assert_eq!(fixed.stmts.len(), p.stmts.len() + 1);
/// assert!(lint(&fixed).is_empty());
/// ```
///
/// A branch that the inserted statements push out of its 16-bit range is an error
/// ([`FixError`]), never a wrapped offset.
pub fn fix(p: &Program, findings: &[Finding]) -> Result<Program, FixError> {
    use crate::inst::build::Opnd;
    use crate::inst::Inst;
    use crate::isa::op;
    use crate::program::{Body, Edge, Stmt};
    let t = p.target;
    let mut before = vec![Inserts::default(); p.stmts.len()];
    for f in findings {
        before[f.at].add(f.fix);
    }
    // The new statements, and where each old one's inserted fixes begin.
    let mut stmts: Vec<Stmt> = Vec::with_capacity(p.stmts.len() + findings.len() * 2);
    let mut first = Vec::with_capacity(p.stmts.len() + 1);
    let mut at = Vec::with_capacity(p.stmts.len());
    for (k, s) in p.stmts.iter().enumerate() {
        first.push(stmts.len());
        for fix in before[k].fixes() {
            let built = match fix {
                Fix::Waitcnt(w) => {
                    Inst::build(t, op::S_WAITCNT, &[Opnd::Imm(w.encode(t.gen) as u32)])
                }
                Fix::Nop(n) => Inst::build(t, op::S_NOP, &[Opnd::Imm(n as u32)]),
                Fix::Remove | Fix::Rewrite(_) => continue,
            };
            let i = built.map_err(|e| FixError {
                at: k,
                message: format!("cannot build `{fix}`: {e}"),
            })?;
            stmts.push(Stmt {
                offset: 0,
                body: Body::Inst(i),
                span: s.span,
            });
        }
        at.push(stmts.len());
        stmts.push(s.clone());
    }
    first.push(stmts.len());
    // Offsets, then branch offsets to the (moved) targets.
    let mut off = p.stmts.first().map_or(0, |s| s.offset);
    for s in &mut stmts {
        s.offset = off;
        off += s.size();
    }
    for (k, _) in p.stmts.iter().enumerate() {
        let Some(Edge::To(target)) = p.successors(k).as_slice().first().copied() else {
            continue;
        };
        let new_k = at[k];
        let dest = stmts[first[target]].offset as i64;
        let next = (stmts[new_k].offset + stmts[new_k].size()) as i64;
        let dwords = (dest - next) / 4;
        let Ok(imm) = i16::try_from(dwords) else {
            return Err(FixError {
                at: k,
                message: format!(
                    "the inserted waits put the branch target {dwords} dwords away, \
                     beyond the branch's range (-32768 to 32767)"
                ),
            });
        };
        if let Body::Inst(i) = &mut stmts[new_k].body {
            i.imm = imm as u16 as u32;
        }
    }
    Ok(Program {
        target: t,
        stmts,
        labels: p
            .labels
            .iter()
            .map(|(n, k)| (n.clone(), first[*k]))
            .collect(),
    })
}

/// Why [`fix`] could not insert the fixes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixError {
    /// The statement (of the program given) where it failed.
    pub at: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for FixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FixError {}

impl From<FixError> for Error {
    fn from(e: FixError) -> Error {
        Error::new(ErrorKind::Fix, e.message)
    }
}
