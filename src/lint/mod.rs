//! The static checker: findings where the hardware needs a wait the program does not
//! have. Analyses run over the control-flow graph of a [`Program`] ([`mod@cfg`]), each
//! state the merge of all paths into a block, iterated to a fixpoint for loops.
//!
//! * [`waitcnt`]: s_waitcnt — a register used while a load that writes it, or an export
//!   that reads it, may be outstanding.
//! * [`hazard`]: wait states — pairs of instructions without a hardware interlock that
//!   need `s_nop` between them ([`hazard::RULES`]).
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
pub mod facts;
pub mod hazard;
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
    /// VALU writes VCC (v_cmp, v_div_scale, a carry-out) followed by v_div_fmas: 4 wait states on every generation (Vega Table 8 row 7; LLVM).
    DivFmas,
    /// s_setreg then s_getreg of the same hardware register: 2 wait states (Vega Table 8 row 1; LLVM).
    SetregGetreg,
    /// s_setreg then s_setreg of the same hardware register: 1 wait state on gfx6/gfx7, 2 from gfx8 on (Vega Table 8 row 2; LLVM).
    SetregSetreg,
    /// s_setreg of HW_REG_TRAPSTS then s_rfe_b64/s_rfe_restore_b64: 1 wait state from gfx8 on (Vega Table 8 row 14; LLVM).
    SetregRfe,
    /// VALU writes an SGPR or VCC, then MUBUF/MTBUF/MIMG/FLAT reads it as resource, offset or address: 5 wait states from gfx8 on (Vega Table 8 row 9; LLVM).
    ValuSgprVmem,
    /// VALU writes an SGPR, then an SMRD reads it: 4 wait states on gfx6 (LLVM).
    ValuSgprSmrd,
    /// VALU writes an SGPR or VCC, then v_readlane/v_writelane uses it as the lane select: 4 wait states (Vega Table 8 row 6; LLVM).
    RwLaneSelect,
    /// any instruction writes a VGPR, then a DPP instruction reads it (sources or the old destination): 2 wait states from gfx8 on (Vega Table 8 row 11; LLVM counts every writer, loads included).
    DppVgpr,
    /// VALU writes EXEC (v_cmpx), then any DPP instruction: 5 wait states from gfx8 on (Vega Table 8 row 12; LLVM).
    DppExec,
    /// SALU writes M0, then s_movrel*, v_interp* (gfx9) or ds_read/write_addtid: 1 wait state from gfx9 on (Vega Table 8 rows 15-16; LLVM).
    M0Movrel,
    /// SALU writes M0, then s_sendmsg/s_sendmsghalt/s_ttracedata or a GDS operation: 1 wait state from gfx8 on (Vega Table 8 row 10; LLVM).
    M0SendmsgGds,
    /// SALU writes M0, then buffer/global/scratch loads with lds: 1 wait state from gfx9 on (Vega Table 8 row 15; LLVM).
    M0LdsDma,
    /// VALU writes VCC or EXEC, then a VALU reads src_vccz or src_execz as a source: 5 wait states (Vega Table 8 row 5; LLVM does not model it).
    VccExeczData,
    /// VALU writes an SGPR or VCC, then a VALU reads it: 2 wait states on gfx940-942 (LLVM).
    ValuSgprValu,
    /// VALU writes EXEC, then v_readlane/v_readfirstlane/v_writelane: 4 wait states on gfx940-942 (LLVM).
    ValuExecLane,
    /// VALU writes a VGPR, then v_readlane/v_readfirstlane reads it as src0: 1 wait state on gfx940-942 (LLVM).
    ValuVgprReadlane,
    /// a transcendental VALU (exp, log, rcp, rsq, sqrt, sin, cos) writes a VGPR, then a non-transcendental VALU reads it: 1 wait state on gfx940-942 (LLVM).
    TransForward,
    /// v_dot* writes a VGPR, then another VALU or VMEM reads it (a DOT reading it as its accumulator is forwarded) or a VALU overwrites it: 3 wait states on gfx90a and gfx940-942 (LLVM).
    DotValu,
    /// a VALU writes part of a VGPR (SDWA dst_sel other than DWORD, UNUSED_PRESERVE, VOP3 op_sel on the destination), then a VALU reads it: 1 wait state on gfx940-942 (LLVM).
    DstSelForward,
    /// MUBUF/MTBUF (without an SGPR soffset) or FLAT stores of more than 64 bits, and 64-bit cmpswap, then a VALU writes those data VGPRs: 1 wait state from gfx7 on, 2 on gfx940-942 (Vega Table 8 row 8; LLVM).
    StoreData,
    /// VALU writes EXEC, then an MFMA (gfx908: also v_accvgpr_write): 4 wait states on gfx908-942 (LLVM).
    MaiExec,
    /// a VALU (gfx90a on: not an MFMA or DOT) writes a VGPR or AGPR, then an MFMA (gfx908: or v_accvgpr_write) reads it: 2 wait states (LLVM).
    MaiValuVgpr,
    /// MFMA writes, then an MFMA reads it as source A/B: gfx908 4; gfx90a passes+3 (DGEMM 6/11); gfx940 passes+2, XDL passes+3 (LLVM).
    MfmaSrcAB,
    /// MFMA writes, then an MFMA reads an overlapping, not identical, source C: gfx908 2; gfx90a passes (+1 for a DGEMM reader; DGEMM 4/9); gfx940 passes, XDL passes+1, none for an XDL reader of a non-XDL result; the identical accumulator 0 (gfx90a DGEMM 4x4 to itself 4, gfx940 2-pass to itself 2) (LLVM).
    MfmaSrcC,
    /// MFMA writes, then gfx908 v_accvgpr_read, gfx90a on any VALU, VMEM, DS or export reads it: gfx908 passes+2; gfx90a passes+3 (DGEMM VALU 6/11, memory 9/18); gfx940 passes+2, XDL passes+3 (LLVM).
    MfmaRead,
    /// MFMA writes, then gfx908 v_accvgpr_write, gfx90a on any VALU writes the same register: gfx908 passes-1; gfx90a passes+3 (DGEMM 6/11); gfx940 passes+2, XDL passes+3 (LLVM).
    MfmaWrite,
    /// MFMA reads source C, then gfx908 v_accvgpr_write, gfx90a on a VALU overwrites it: gfx908 passes-3; gfx90a passes-1; gfx940 XDL passes-1, others none (LLVM).
    MfmaSrcCWar,
    /// v_accvgpr_write, then an MFMA reads it as source A/B or v_accvgpr_read reads it: 3 wait states on gfx908 (LLVM).
    AccvgprWrite,
    /// v_accvgpr_write, then an MFMA reads it as source C: 1 wait state on gfx908 (LLVM).
    AccvgprWriteSrcC,
    /// v_accvgpr_read writes a VGPR, then VMEM, FLAT or DS reads it: 2 wait states on gfx908 (LLVM).
    AccvgprReadLdst,
    /// a DGEMM (v_mfma_f64_*), then v_fma_f64/v_fmac_f64, whatever the registers: 2 wait states on gfx90a and gfx940-942 (LLVM).
    DgemmFma64,
    /// consecutive SMEM instructions (a soft clause) whose definitions overlap their uses need 1 wait state (an s_nop) before the instruction that makes them overlap, from gfx9 on with xnack on or any (LLVM).
    SmemClause,
    /// consecutive VMEM/FLAT instructions (a soft clause) whose definitions overlap their uses need 1 wait state before the instruction that makes them overlap, from gfx9 on with xnack on or any (LLVM).
    VmemClause,
    /// s_setvskip, or s_setreg of MODE covering VSKIP (bit 28), then any vector instruction: 2 wait states (Vega Table 8 rows 3-4; LLVM does not model it).
    VskipVector,
    /// s_setvskip, then s_getreg of MODE (which reads VSKIP): 2 wait states (Vega Table 8 row 3; LLVM does not model it).
    VskipGetreg,
    /// A VALU writes VCC through the implicit destination of a 32-bit (VOPC, VOP2
    /// carry-out, DPP/SDWA) form, then a VALU reads it as a constant through an operand
    /// naming vcc/vcc_lo/vcc_hi (SGPRs 106-107; a carry-in or v_cndmask mask is exempt): 1 wait state (Vega Table 8 row 13, "mixed use of VCC: alias vs SGPR#"; LLVM does not model it).
    VccAliasMixed,
    /// gfx90a: v_lshlrev_b64/v_lshrrev_b64/v_ashrrev_i64 with the shift amount in the last VGPR of an 8-VGPR block (v7, v15, ...) read a wrong amount; no wait fixes it, the amount must move to another VGPR (LLVM's register rewrite).
    Shift64HighVgpr,
    /// An `s_waitcnt` that completes nothing on any path into it (opt-in, `--redundant`: not a hazard). Waits at a function entry, before anything the analysis has seen, are never reported.
    RedundantWaitcnt,
}

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 43] = [
        Rule::WaitVmcnt,
        Rule::WaitLgkmcnt,
        Rule::WaitExpcnt,
        Rule::BarrierWait,
        Rule::ReturnWait,
        Rule::DivFmas,
        Rule::SetregGetreg,
        Rule::SetregSetreg,
        Rule::SetregRfe,
        Rule::ValuSgprVmem,
        Rule::ValuSgprSmrd,
        Rule::RwLaneSelect,
        Rule::DppVgpr,
        Rule::DppExec,
        Rule::M0Movrel,
        Rule::M0SendmsgGds,
        Rule::M0LdsDma,
        Rule::VccExeczData,
        Rule::ValuSgprValu,
        Rule::ValuExecLane,
        Rule::ValuVgprReadlane,
        Rule::TransForward,
        Rule::DotValu,
        Rule::DstSelForward,
        Rule::StoreData,
        Rule::MaiExec,
        Rule::MaiValuVgpr,
        Rule::MfmaSrcAB,
        Rule::MfmaSrcC,
        Rule::MfmaRead,
        Rule::MfmaWrite,
        Rule::MfmaSrcCWar,
        Rule::AccvgprWrite,
        Rule::AccvgprWriteSrcC,
        Rule::AccvgprReadLdst,
        Rule::DgemmFma64,
        Rule::SmemClause,
        Rule::VmemClause,
        Rule::VskipVector,
        Rule::VskipGetreg,
        Rule::VccAliasMixed,
        Rule::Shift64HighVgpr,
        Rule::RedundantWaitcnt,
    ];

    /// The rule's stable id, as findings print it and comments name it.
    pub fn id(self) -> &'static str {
        match self {
            Rule::WaitVmcnt => "WAITCNT_VM",
            Rule::WaitLgkmcnt => "WAITCNT_LGKM",
            Rule::WaitExpcnt => "WAITCNT_EXP",
            Rule::BarrierWait => "BARRIER_WAITCNT",
            Rule::ReturnWait => "RETURN_WAITCNT",
            Rule::DivFmas => "DIV_FMAS_VCC",
            Rule::SetregGetreg => "SETREG_GETREG",
            Rule::SetregSetreg => "SETREG_SETREG",
            Rule::SetregRfe => "SETREG_TRAPSTS_RFE",
            Rule::ValuSgprVmem => "VALU_SGPR_VMEM",
            Rule::ValuSgprSmrd => "VALU_SGPR_SMRD",
            Rule::RwLaneSelect => "RWLANE_SELECT",
            Rule::DppVgpr => "DPP_VGPR",
            Rule::DppExec => "DPP_EXEC",
            Rule::M0Movrel => "M0_MOVREL_INTERP",
            Rule::M0SendmsgGds => "M0_SENDMSG_GDS",
            Rule::M0LdsDma => "M0_LDS_DMA",
            Rule::VccExeczData => "VCCZ_EXECZ_DATA",
            Rule::ValuSgprValu => "VALU_SGPR_VALU",
            Rule::ValuExecLane => "VALU_EXEC_RWLANE",
            Rule::ValuVgprReadlane => "VALU_VGPR_READLANE",
            Rule::TransForward => "TRANS_FORWARD",
            Rule::DotValu => "DOT_VALU",
            Rule::DstSelForward => "DSTSEL_FORWARD",
            Rule::StoreData => "STORE_DATA",
            Rule::MaiExec => "MAI_EXEC",
            Rule::MaiValuVgpr => "MAI_VALU_VGPR",
            Rule::MfmaSrcAB => "MFMA_SRCAB",
            Rule::MfmaSrcC => "MFMA_SRCC",
            Rule::MfmaRead => "MFMA_READ",
            Rule::MfmaWrite => "MFMA_WRITE",
            Rule::MfmaSrcCWar => "MFMA_SRCC_WAR",
            Rule::AccvgprWrite => "ACCVGPR_WRITE",
            Rule::AccvgprWriteSrcC => "ACCVGPR_WRITE_SRCC",
            Rule::AccvgprReadLdst => "ACCVGPR_READ_LDST",
            Rule::DgemmFma64 => "DGEMM_FMA64",
            Rule::SmemClause => "SMEM_CLAUSE",
            Rule::VmemClause => "VMEM_CLAUSE",
            Rule::VskipVector => "VSKIP_VECTOR",
            Rule::VskipGetreg => "VSKIP_GETREG",
            Rule::VccAliasMixed => "VCC_ALIAS_MIXED",
            Rule::Shift64HighVgpr => "SHIFT64_HIGH_VGPR",
            Rule::RedundantWaitcnt => "REDUNDANT_WAITCNT",
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
            Rule::DivFmas => "a VALU writes VCC and v_div_fmas reads it too soon (it reads VCC without the interlock)",
            Rule::SetregGetreg => "s_getreg reads a hardware register an s_setreg wrote too recently",
            Rule::SetregSetreg => "s_setreg writes a hardware register another s_setreg wrote too recently",
            Rule::SetregRfe => "s_rfe follows an s_setreg of TRAPSTS too closely",
            Rule::ValuSgprVmem => "a vector memory instruction reads an SGPR a VALU wrote too recently (no interlock)",
            Rule::ValuSgprSmrd => "an SMRD reads an SGPR a VALU wrote too recently (gfx6)",
            Rule::RwLaneSelect => "v_readlane/v_writelane selects its lane with an SGPR a VALU wrote too recently",
            Rule::DppVgpr => "a DPP instruction reads a VGPR written too recently (DPP reads without forwarding)",
            Rule::DppExec => "a DPP instruction follows a VALU write of EXEC too closely (EXEC is not forwarded to DPP)",
            Rule::M0Movrel => "an instruction reads M0 too soon after an SALU wrote it (s_movrel, v_interp, ds *_addtid)",
            Rule::M0SendmsgGds => "s_sendmsg, s_ttracedata or a GDS operation reads M0 too soon after an SALU wrote it",
            Rule::M0LdsDma => "a load to LDS reads M0 too soon after an SALU wrote it",
            Rule::VccExeczData => "a VALU reads src_vccz/src_execz as data too soon after a VALU wrote VCC or EXEC",
            Rule::ValuSgprValu => "a VALU reads an SGPR another VALU wrote too recently (gfx940)",
            Rule::ValuExecLane => "v_readlane/v_readfirstlane/v_writelane follows a VALU write of EXEC too closely (gfx940)",
            Rule::ValuVgprReadlane => "v_readlane/v_readfirstlane reads a VGPR a VALU wrote too recently (gfx940)",
            Rule::TransForward => "a VALU reads the result of a transcendental op too soon (gfx940)",
            Rule::DotValu => "a VALU or memory instruction uses the result of a dot product too soon, or a VALU overwrites it",
            Rule::DstSelForward => "a VALU reads a VGPR whose part was written by SDWA dst_sel or op_sel too soon (gfx940)",
            Rule::StoreData => "a VALU overwrites the data of a store wider than 64 bits too soon",
            Rule::MaiExec => "an MFMA (gfx908: or v_accvgpr_write) follows a VALU write of EXEC too closely",
            Rule::MaiValuVgpr => "an MFMA reads a register a VALU wrote too recently",
            Rule::MfmaSrcAB => "an MFMA reads as source A or B the result of an MFMA still in flight",
            Rule::MfmaSrcC => "an MFMA reads as accumulator part of the result of an MFMA still in flight",
            Rule::MfmaRead => "the result of an MFMA is read before it is written",
            Rule::MfmaWrite => "the result of an MFMA is overwritten before the MFMA has written it",
            Rule::MfmaSrcCWar => "the accumulator of an MFMA is overwritten before the MFMA has read it",
            Rule::AccvgprWrite => "an MFMA source A/B or v_accvgpr_read reads an AGPR v_accvgpr_write wrote too recently (gfx908)",
            Rule::AccvgprWriteSrcC => "an MFMA accumulates from an AGPR v_accvgpr_write wrote too recently (gfx908)",
            Rule::AccvgprReadLdst => "a memory instruction reads a VGPR v_accvgpr_read wrote too recently (gfx908)",
            Rule::DgemmFma64 => "v_fma_f64 follows a DGEMM too closely",
            Rule::SmemClause => "a run of SMEM instructions defines a register it also uses: with xnack they may replay, so the run must be broken here",
            Rule::VmemClause => "a run of vector memory instructions defines a register it also uses: with xnack they may replay, so the run must be broken here",
            Rule::VskipVector => "a vector instruction follows a change of MODE.vskip too closely",
            Rule::VskipGetreg => "s_getreg of MODE follows s_setvskip too closely",
            Rule::VccAliasMixed => {
                "VCC is read by its SGPR name right after a 32-bit VALU form wrote it implicitly: the hardware does not see that they are the same register"
            }
            Rule::Shift64HighVgpr => {
                "on gfx90a a 64-bit shift reads a wrong amount from the last VGPR of an 8-VGPR block (v7, v15, ...)"
            }
            Rule::RedundantWaitcnt => "this s_waitcnt completes nothing on any path (opt-in: --redundant)",




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
    /// The statements to insert, in order.
    pub(crate) fn fixes(self) -> impl Iterator<Item = Fix> {
        let wait = (self.wait != Waitcnt::new()).then_some(Fix::Waitcnt(self.wait));
        wait.into_iter().chain(self.nop.map(Fix::Nop))
    }
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
}

impl Options {
    /// LLVM's defaults for `target`.
    pub fn for_target(target: crate::target::Target) -> Options {
        Options {
            xnack: !target.gen.before_gfx9(),
            redundant: false,
        }
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
    masks: Vec<(u64, u64)>,
}

impl Linter {
    /// Checks `p` with `options`; its findings in statement order.
    pub fn lint(&mut self, p: &Program, options: Options) -> Vec<Finding> {
        let blocks = cfg::blocks(p);
        self.facts.fill(p);
        let w = waitcnt::Waits::new(p.target, &self.facts, options.redundant);
        let mut out = Vec::new();
        self.waits.check(&w, p, &blocks, &mut out);
        let ctx = hazard::Ctx {
            target: p.target,
            xnack: options.xnack,
        };
        let h = hazard::Hazards::new(ctx, p, &self.facts, &mut self.masks);
        self.hazards.check(&h, p, &blocks, &mut out);
        out.sort_by_key(|f| (f.at, f.rule));
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
/// let fixed = fix(&p, &lint(&p));
/// assert_eq!(fixed.stmts.len(), p.stmts.len() + 1);
/// assert!(lint(&fixed).is_empty());
/// ```
pub fn fix(p: &Program, findings: &[Finding]) -> Program {
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
            if let Ok(i) = built {
                stmts.push(Stmt {
                    offset: 0,
                    body: Body::Inst(i),
                    span: s.span,
                });
            }
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
        if let Body::Inst(i) = &mut stmts[new_k].body {
            i.imm = ((dest - next) / 4) as i16 as u16 as u32;
        }
    }
    Program {
        target: t,
        stmts,
        labels: p
            .labels
            .iter()
            .map(|(n, k)| (n.clone(), first[*k]))
            .collect(),
    }
}
