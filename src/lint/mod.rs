//! The static checker: findings where the hardware needs a wait the program does not
//! have. Analyses run over the control-flow graph of a [`Program`] ([`mod@cfg`]), each
//! state the merge of all paths into a block, iterated to a fixpoint for loops.
//!
//! * [`waitcnt`]: s_waitcnt — a register used while a load that writes it, or an export
//!   that reads it, may be outstanding.
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

pub mod cfg;
pub mod source;
pub mod waitcnt;

use crate::inst::RegFile;
use crate::isa::waitcnt::{Counter, Waitcnt};
use crate::program::Program;
use std::fmt;

/// What a finding is about: a rule with a stable id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A register is read or overwritten while a vector memory load that writes it may
    /// still be outstanding (vmcnt).
    WaitVmcnt,
    /// A register is read or overwritten while an SMEM or DS operation that writes it
    /// may still be outstanding (lgkmcnt).
    WaitLgkmcnt,
    /// A register is overwritten while an export, a GDS operation or (gfx6) a buffer
    /// store may still read it (expcnt).
    WaitExpcnt,
    /// s_barrier while this wave's memory operations may be outstanding (gfx6 to
    /// gfx908, which have no back-off barrier).
    BarrierWait,
    /// A return (`s_setpc_b64 s[30:31]`) while memory operations may be outstanding:
    /// in LLVM's calling convention the caller assumes they have completed.
    ReturnWait,
}

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 5] = [
        Rule::WaitVmcnt,
        Rule::WaitLgkmcnt,
        Rule::WaitExpcnt,
        Rule::BarrierWait,
        Rule::ReturnWait,
    ];

    /// The rule's stable id, as findings print it and comments name it.
    pub fn id(self) -> &'static str {
        match self {
            Rule::WaitVmcnt => "WAITCNT_VM",
            Rule::WaitLgkmcnt => "WAITCNT_LGKM",
            Rule::WaitExpcnt => "WAITCNT_EXP",
            Rule::BarrierWait => "BARRIER_WAITCNT",
            Rule::ReturnWait => "RETURN_WAITCNT",
        }
    }

    /// One line a kernel writer understands.
    pub fn explain(self) -> &'static str {
        match self {
            Rule::WaitVmcnt => {
                "the register is used before the vector memory load that writes it has returned"
            }
            Rule::WaitLgkmcnt => {
                "the register is used before the scalar memory or LDS load that writes it has returned"
            }
            Rule::WaitExpcnt => {
                "the register is overwritten before the export or GDS operation that reads it has read it"
            }
            Rule::BarrierWait => {
                "s_barrier does not wait for this wave's memory operations on this GPU, so other waves may not see them"
            }
            Rule::ReturnWait => {
                "the function returns while memory operations may be outstanding; the caller assumes they have completed"
            }
        }
    }

    /// The rule with id `id`.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// The change that removes a finding: inserted before the finding's statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fix {
    /// Insert this `s_waitcnt`.
    Waitcnt(Waitcnt),
    /// Insert `s_nop N` (N+1 wait states).
    Nop(u8),
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
}

impl fmt::Display for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fix::Nop(n) => write!(f, "s_nop {n}"),
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

/// Checks `p` and returns its findings in statement order.
pub fn lint(p: &Program) -> Vec<Finding> {
    let blocks = cfg::blocks(p);
    let w = waitcnt::Waits { target: p.target };
    let entry = cfg::solve(&w, p, &blocks);
    let mut out = Vec::new();
    for (b, st) in blocks.iter().zip(entry) {
        let mut st = st;
        for k in b.start..b.end {
            w.step(p, k, &mut st, Some(&mut out));
        }
    }
    out.sort_by_key(|f| (f.at, f.rule));
    out
}
