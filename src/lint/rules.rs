//! The rules: one registry entry each. An entry holds the rule's id, its one-line
//! explanation (what a finding says), its long explanation (the doc comment), the short
//! text of the documentation's table, its sources, and what checks it: the s_waitcnt
//! analysis ([`super::waitcnt`]), a wait-state hazard ([`super::hazard`]: writer and
//! reader classes, register relation, wait states by generation), or an instruction
//! wrong by itself. [`Rule`], [`Rule::ALL`], the ids, `lint --explain`, `lint
//! --list-rules` and the rule tables of docs/lint.md are all made from it.
//!
//! Adding a rule is one entry here (with its predicates in [`super::predicates`] where it
//! needs new ones) and its test cases.
//!
//! The order of the entries is the order of [`Rule`]: findings at one statement are
//! sorted by it, and where a reader breaks several wait-state rules by the same number
//! of wait states, the finding is the earlier entry's.

pub use super::basis::{Basis, Selection};
use super::bits::Bits;
use super::predicates::*;
pub use super::predicates::{since, Waits};
use crate::target::{Features, Gen, Target, TARGETS};

/// A set of rules (bit `rule as usize`), as wide as the registry needs.
pub type RuleSet = Bits<{ Rule::COUNT.div_ceil(64) }>;

/// What checks a rule.
#[derive(Clone, Copy)]
pub enum Check {
    /// The s_waitcnt analysis ([`super::waitcnt`]): pending operations per counter.
    Waitcnt,
    /// The wait-state analysis ([`super::hazard`]): a writer, then a reader too soon.
    Hazard(Hazard),
    /// An instruction wrong by itself on some generations ([`super::hazard`] reports it).
    Rewrite(Rewrite),
}

/// One rule's registry entry.
pub struct Entry {
    /// The rule.
    pub rule: Rule,
    /// Its stable id, as findings print it and `lint:allow(...)` comments name it.
    pub id: &'static str,
    /// One line a kernel writer understands: what a finding says.
    pub explain: &'static str,
    /// The long explanation: the doc comment of the entry, one line of source per line
    /// (each with the space after `///`).
    pub doc: &'static str,
    /// The documentation table's text: the finding, or the writer, then the reader.
    pub summary: &'static str,
    /// Where the rule comes from: the ISA guide's table row, the LLVM function.
    pub source: &'static str,
    /// What its scope rests on: the documents, or LLVM's reading where they are silent.
    pub basis: Basis,
    /// What checks it.
    pub check: Check,
}

/// Makes [`Rule`], [`Rule::ALL`] and [`ENTRIES`] from the entries: a doc comment (the
/// long explanation), the variant's name and its fields.
macro_rules! registry {
    ($(
        $(#[doc = $doc:literal])+
        $name:ident {
            id: $id:literal,
            explain: $explain:literal,
            summary: $summary:literal,
            source: $source:literal,
            basis: $basis:ident,
            check: $check:expr $(,)?
        }
    )+) => {
        /// What a finding is about: a rule with a stable id, one entry of the registry
        /// ([`ENTRIES`]) each.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $($(#[doc = $doc])+ $name,)+
        }

        impl Rule {
            /// How many rules there are.
            pub const COUNT: usize = [$(stringify!($name)),+].len();
            /// Every rule, in registry order.
            pub const ALL: [Rule; Rule::COUNT] = [$(Rule::$name),+];
        }

        /// The registry: one entry per rule, in the order of [`Rule`].
        pub static ENTRIES: [Entry; Rule::COUNT] = [$(
            Entry {
                rule: Rule::$name,
                id: $id,
                explain: $explain,
                doc: concat!($($doc, "\n"),+),
                summary: $summary,
                source: $source,
                basis: Basis::$basis,
                check: $check,
            },
        )+];
    };
}

registry! {
    /// A register is read or overwritten while a vector memory load that writes it may
    /// still be outstanding (vmcnt).
    WaitVmcnt {
        id: "WAITCNT_VM",
        explain: "the register is used before the vector memory load that writes it has returned",
        summary: "a register read or overwritten while a buffer/image/flat/global/scratch load that writes it may be outstanding",
        source: "Vega ISA 4.4 (VM_CNT); LLVM SIInsertWaitcnts",
        basis: Documented,
        check: Check::Waitcnt,
    }

    /// A register is read or overwritten while an SMEM or DS operation that writes it
    /// may still be outstanding (lgkmcnt).
    ///
    /// The count: LDS, GDS and messages each retire in order among their kind, so
    /// `lgkmcnt(N)` completes an operation with N younger operations of its own kind
    /// whatever else is pending. SMEM returns in any order, and LGKM_CNT grows by 1 for
    /// a one-dword fetch and by 2 for two or more dwords, and "is decremented by an
    /// equal amount when each instruction completes" (Vega ISA 7.3): a multi-dword
    /// fetch's 2 retire together, when the fetch completes, though its data may come
    /// back in parts. So `lgkmcnt(1)` completes every multi-dword fetch (it alone would
    /// leave 2), and only `lgkmcnt(0)` a one-dword one. LLVM waits for 0 for both; a
    /// fetch whose width the linter cannot tell (a store, a probe) counts 1, the safe
    /// side. (The weights make the counter reach its maximum sooner; counting every
    /// fetch as 1 there stays on the safe side of the saturation.)
    WaitLgkmcnt {
        id: "WAITCNT_LGKM",
        explain: "the register is used before the scalar memory or LDS load that writes it has returned",
        summary: "the same for SMEM (out of order, weighted: `lgkmcnt(1)` completes fetches of two or more dwords, only `lgkmcnt(0)` one-dword ones) and LDS/GDS loads (in order per kind: `lgkmcnt(N)` with N younger of the same kind)",
        source: "Vega ISA 4.4 (LGKM_CNT) and 7.3 (SMEM out of order; LGKM_CNT +1 for a one-dword fetch, +2 for more, decremented by as much when the instruction completes); LLVM SIInsertWaitcnts (SMEM pending: only 0)",
        basis: Documented,
        check: Check::Waitcnt,
    }

    /// A register is overwritten while an export, a GDS operation or (gfx6) a buffer
    /// store may still read it (expcnt).
    WaitExpcnt {
        id: "WAITCNT_EXP",
        explain: "the register is overwritten before the export or GDS operation that reads it has read it",
        summary: "a register overwritten while an export, a GDS operation or (gfx6) a buffer store may still read it",
        source: "Vega ISA 4.4 (EXP_CNT); LLVM SIInsertWaitcnts",
        basis: Documented,
        check: Check::Waitcnt,
    }

    /// s_barrier while this wave's memory operations may be outstanding (gfx6 to
    /// gfx908, which have no back-off barrier).
    BarrierWait {
        id: "BARRIER_WAITCNT",
        explain: "s_barrier does not wait for this wave's memory operations on this GPU, so other waves may not see them",
        summary: "`s_barrier` with memory operations outstanding on gfx6-gfx908 (gfx90a and later have the back-off barrier)",
        source: "LLVM SIInsertWaitcnts (no back-off barrier before gfx90a)",
        basis: Llvm,
        check: Check::Waitcnt,
    }

    /// A return (`s_setpc_b64 s[30:31]`) while memory operations may be outstanding:
    /// in LLVM's calling convention the caller assumes they have completed.
    ReturnWait {
        id: "RETURN_WAITCNT",
        explain: "the function returns while memory operations may be outstanding; the caller assumes they have completed",
        summary: "`s_setpc_b64 s[30:31]` (a return) with memory operations outstanding, which LLVM's calling convention completes",
        source: "LLVM SIInsertWaitcnts (returns wait for everything) and the AMDGPU calling convention",
        basis: Llvm,
        check: Check::Waitcnt,
    }

    /// A DS load while a load to LDS (LDS DMA: a buffer or global load with `lds`)
    /// may still be writing LDS. Which LDS addresses a DMA writes is not in the
    /// machine code, so LLVM waits for every LDS DMA before any DS load; code that
    /// double-buffers LDS (reads one tile while the DMA fills the next, waiting with
    /// `vmcnt(N)` for the older one) is safe where this rule speaks.
    LdsDmaWait {
        id: "LDS_DMA_WAITCNT",
        explain: "a DS load while a load to LDS (LDS DMA) may still be writing LDS: LLVM waits for every LDS DMA first, not knowing which addresses it writes",
        summary: "a DS load with an LDS DMA (`buffer_load_* ... lds`, `global_load_lds_*`) outstanding on vmcnt; the addresses are not known, so every DMA counts",
        source: "LLVM SIInsertWaitcnts (LDS DMA: vmcnt before a DS read that may alias it; without alias information, any); the ISA documents say the DMA's data is in LDS when vmcnt says the load is done, not which reads need it",
        basis: Llvm,
        check: Check::Waitcnt,
    }

    /// Memory ordering: a cache invalidation of an acquire (`buffer_wbinvl1_vol`,
    /// `buffer_inv`, `buffer_invl2`) while a vector memory operation may be
    /// outstanding, or the first vector memory operation after a release's
    /// writeback (`buffer_wbl2`) while one issued before the writeback may be: the
    /// memory model completes them first (vmcnt(0)), or later loads read stale lines
    /// and other agents see the release before the stores it orders.
    OrderWait {
        id: "ORDER_WAITCNT",
        explain: "memory ordering: an acquire's cache invalidation, or the operation after a release's writeback, while earlier vector memory operations may be outstanding: they must complete first",
        summary: "`buffer_wbinvl1(_vol)`, `buffer_inv` or `buffer_invl2` (acquire) with vector memory operations outstanding, or a vector memory operation after `buffer_wbl2` (release) with one from before it outstanding; the memory model waits `vmcnt(0)`",
        source: "LLVM AMDGPUUsage, memory model code sequences for GFX6-GFX9, GFX90A and GFX942 (load atomic acquire, atomicrmw, fence acquire/release: s_waitcnt vmcnt(0) before buffer_wbinvl1_vol / buffer_inv, after buffer_wbl2 before the store or atomic)",
        basis: Llvm,
        check: Check::Waitcnt,
    }

    /// Consecutive SMEM instructions (a soft clause) whose definitions overlap their
    /// uses must be broken before the instruction that makes them overlap, with xnack
    /// on or any: a replayed clause would read what it wrote. (Checked over the clause
    /// in progress, not by writer and reader classes.) The documents say nothing; as
    /// LLVM, only the last 5 members before the instruction count (its hazard
    /// recognizer looks back MaxLookAhead = 5 instructions).
    SmemClause {
        id: "SMEM_CLAUSE",
        explain: "a run of SMEM instructions defines a register it also uses: with xnack they may replay, so the run must be broken here",
        summary: "a run of SMEM loads whose definitions overlap its uses (within its last 5 members), with xnack",
        source: "LLVM checkSoftClauseHazards (from checkSMRDHazards); its 5-instruction look-back",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            waits: since(&[(Gen::Gfx9, 1)]),
            ..PLAIN
        }),
    }

    /// Consecutive VMEM/FLAT instructions (a soft clause) whose definitions overlap
    /// their uses must be broken before the instruction that makes them overlap, with
    /// xnack on or any. (Checked over the clause in progress.) The documents say
    /// nothing; as LLVM, only the last 5 members before the instruction count: LLVM
    /// inserts nothing for a definition 20 loads after the use it overlaps (measured
    /// with llc-22; XLA's kernels in the jax wheels have such clauses).
    VmemClause {
        id: "VMEM_CLAUSE",
        explain: "a run of vector memory instructions defines a register it also uses: with xnack they may replay, so the run must be broken here",
        summary: "a run of VMEM/FLAT loads whose definitions overlap its uses (within its last 5 members), with xnack",
        source: "LLVM checkSoftClauseHazards (from checkVMEMHazards); its 5-instruction look-back",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            waits: since(&[(Gen::Gfx9, 1)]),
            ..PLAIN
        }),
    }

    /// A VALU writes VCC (v_cmp, v_div_scale, a carry-out), then v_div_fmas reads it:
    /// v_div_fmas reads VCC without the interlock.
    DivFmas {
        id: "DIV_FMAS_VCC",
        explain: "a VALU writes VCC and v_div_fmas reads it too soon (it reads VCC without the interlock)",
        summary: "VALU writes VCC, v_div_fmas",
        source: "Vega ISA Table 8 row 7; LLVM checkDivFMasHazards",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_sgpr),
            reader: on(VALU, div_fmas),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_scalar,
            reader_regs: vcc,
            waits: since(&[(Gen::Gfx6, 4)]),
            ..PLAIN
        }),
    }

    /// s_setreg, then s_getreg of the same hardware register (any field).
    SetregGetreg {
        id: "SETREG_GETREG",
        explain: "s_getreg reads a hardware register an s_setreg wrote too recently",
        summary: "s_setreg, s_getreg of the same hardware register",
        source: "Vega ISA Table 8 row 1; LLVM checkGetRegHazards",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(SALU, setreg),
            reader: on(SALU, getreg),
            dep: Dep::ReadAfterWrite,
            writer_regs: hwreg_id,
            reader_regs: hwreg_id,
            waits: since(&[(Gen::Gfx6, 2)]),
            ..PLAIN
        }),
    }

    /// s_setreg, then s_setreg of the same hardware register.
    SetregSetreg {
        id: "SETREG_SETREG",
        explain: "s_setreg writes a hardware register another s_setreg wrote too recently",
        summary: "s_setreg, s_setreg of the same register",
        source: "Vega ISA Table 8 row 2; LLVM checkSetRegHazards (1 on gfx6-gfx7)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(SALU, setreg),
            reader: on(SALU, setreg),
            dep: Dep::ReadAfterWrite,
            writer_regs: hwreg_id,
            reader_regs: hwreg_id,
            waits: since(&[(Gen::Gfx6, 1), (Gen::Gfx8, 2)]),
            ..PLAIN
        }),
    }

    /// s_setreg of HW_REG_TRAPSTS, then s_rfe_b64 or s_rfe_restore_b64.
    SetregRfe {
        id: "SETREG_TRAPSTS_RFE",
        explain: "s_rfe follows an s_setreg of TRAPSTS too closely",
        summary: "s_setreg TRAPSTS, s_rfe",
        source: "Vega ISA Table 8 row 14; LLVM checkRFEHazards",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(SALU, setreg_trapsts),
            reader: on(SALU, rfe_after_trapsts),
            dep: Dep::None,
            waits: since(&[(Gen::Gfx8, 1)]),
            ..PLAIN
        }),
    }

    /// A VALU writes an SGPR or VCC, then MUBUF/MTBUF/MIMG/FLAT reads it as resource,
    /// offset or address: the hardware assumes there is no dependence.
    ValuSgprVmem {
        id: "VALU_SGPR_VMEM",
        explain: "a vector memory instruction reads an SGPR a VALU wrote too recently (no interlock)",
        summary: "VALU writes an SGPR, VMEM/FLAT reads it (resource, offset, address)",
        source: "Vega ISA Table 8 row 9; LLVM checkVMEMHazards",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_sgpr),
            reader: on(VMEM | FLAT, vmem),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_scalar,
            reader_regs: vmem_sgprs,
            waits: since(&[(Gen::Gfx8, 5)]),
            ..PLAIN
        }),
    }

    /// A VALU writes an SGPR, then an SMRD reads it (gfx6).
    ValuSgprSmrd {
        id: "VALU_SGPR_SMRD",
        explain: "an SMRD reads an SGPR a VALU wrote too recently (gfx6)",
        summary: "VALU writes an SGPR, SMRD reads it",
        source: "LLVM checkSMRDHazards (not in the Vega table)",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_sgpr),
            reader: on(SMEM, smrd),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_scalar,
            reader_regs: read_scalar,
            waits: since(&[(Gen::Gfx6, 4), (Gen::Gfx7, 0)]),
            ..PLAIN
        }),
    }

    /// A VALU writes an SGPR or VCC, then v_readlane/v_writelane uses it as the lane
    /// select.
    RwLaneSelect {
        id: "RWLANE_SELECT",
        explain: "v_readlane/v_writelane selects its lane with an SGPR a VALU wrote too recently",
        summary: "VALU writes an SGPR, v_readlane/v_writelane lane select",
        source: "Vega ISA Table 8 row 6; LLVM checkRWLaneHazards",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_sgpr),
            reader: on(VALU, rw_lane),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_scalar,
            reader_regs: lane_select,
            waits: since(&[(Gen::Gfx6, 4)]),
            ..PLAIN
        }),
    }

    /// A VALU (or v_interp) writes a VGPR, then a DPP instruction reads it as SRC0, the
    /// operand fetched through the DPP lane network (Vega ISA Table 80: "DPP ... only
    /// valid as Source-0"). SRC1 is read as by any VALU and the old destination is not
    /// read (row/bank masks and BOUND_CTRL only suppress writes). LLVM counts every VGPR
    /// use and every writer, loads included: more conservative than the document, whose
    /// scope this rule follows (as Mesa ACO does).
    DppVgpr {
        id: "DPP_VGPR",
        explain: "a DPP instruction reads as SRC0 a VGPR a VALU wrote too recently (DPP reads without forwarding)",
        summary: "VALU writes a VGPR, DPP reads it as SRC0",
        source: "Vega ISA Table 8 row 11, CDNA3 ISA Table 11 case 12 (\"VALU writes VGPR\"); SRC0 only: Vega ISA Table 80, Mesa ACO; LLVM checkDPPHazards is wider",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU | INTERP, valu_interp_writes_vgpr),
            reader: on(VALU, dpp),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: dpp_reads,
            waits: since(&[(Gen::Gfx8, 2)]),
            ..PLAIN
        }),
    }

    /// A VALU writes EXEC (v_cmpx), then any DPP instruction: EXEC is not forwarded to
    /// DPP.
    DppExec {
        id: "DPP_EXEC",
        explain: "a DPP instruction follows a VALU write of EXEC too closely (EXEC is not forwarded to DPP)",
        summary: "VALU writes EXEC, any DPP",
        source: "Vega ISA Table 8 row 12; LLVM checkDPPHazards",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_exec),
            reader: on(VALU, dpp),
            dep: Dep::None,
            waits: since(&[(Gen::Gfx8, 5)]),
            ..PLAIN
        }),
    }

    /// An SALU writes M0, then s_movrel*, v_interp* (gfx9) or ds_read/write_addtid_b32
    /// (the document's LDS "add-TID" instructions; ds_append and ds_consume, which also
    /// take no address operand, are not among them, and LLVM puts no wait before them).
    M0Movrel {
        id: "M0_MOVREL_INTERP",
        explain: "an instruction reads M0 too soon after an SALU wrote it (s_movrel, v_interp, ds *_addtid)",
        summary: "SALU writes M0, s_movrel / v_interp / ds addtid",
        source: "Vega ISA Table 8 rows 15-16, CDNA3 ISA Table 11 cases 16-17; LLVM checkReadM0Hazards",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(SALU, salu_writes_m0),
            reader: on(SALU | INTERP | DS, m0_readers_movrel),
            dep: Dep::None,
            writer_regs: m0_reg,
            reader_regs: m0_reg,
            waits: since(&[(Gen::Gfx9, 1)]),
            ..PLAIN
        }),
    }

    /// An SALU writes M0, then s_sendmsg, s_sendmsghalt, s_ttracedata or a GDS
    /// operation reads it.
    M0SendmsgGds {
        id: "M0_SENDMSG_GDS",
        explain: "s_sendmsg, s_ttracedata or a GDS operation reads M0 too soon after an SALU wrote it",
        summary: "SALU writes M0, s_sendmsg / s_ttracedata / GDS",
        source: "Vega ISA Table 8 row 10; LLVM checkReadM0Hazards",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(SALU, salu_writes_m0),
            reader: on(SOPP | DS, m0_readers_msg),
            dep: Dep::None,
            writer_regs: m0_reg,
            reader_regs: m0_reg,
            waits: since(&[(Gen::Gfx8, 1)]),
            ..PLAIN
        }),
    }

    /// An SALU writes M0, then buffer_store_lds_dword or a global or scratch load to
    /// LDS (LDS=1) reads it: the instructions the document names.
    M0LdsDma {
        id: "M0_LDS_DMA",
        explain: "a global/scratch load to LDS or buffer_store_lds_dword reads M0 too soon after an SALU wrote it",
        summary: "SALU writes M0, global/scratch with LDS=1 or buffer_store_lds_dword",
        source: "Vega ISA Table 8 row 15, CDNA3 ISA Table 11 case 16; LLVM checkReadM0Hazards",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(SALU, salu_writes_m0),
            reader: on(VMEM | FLAT, m0_readers_lds_dma),
            dep: Dep::None,
            writer_regs: m0_reg,
            reader_regs: m0_reg,
            waits: since(&[(Gen::Gfx9, 1)]),
            ..PLAIN
        }),
    }

    /// An SALU writes M0, then a MUBUF load to LDS (`lds`) reads it for the LDS address.
    /// The documents' row names buffer_store_LDS_dword, global and scratch with LDS=1,
    /// not MUBUF loads, and does not say they need none either; LLVM 22 waits for every
    /// LDS DMA (measured: `s_nop 0` between `s_add_i32 m0` and `buffer_load_dword ...
    /// lds` for gfx90a and gfx942), so this is LLVM's reading. AMD's hand-written aiter
    /// kernels omit the wait (14,231 times in one wheel).
    M0BufferLdsDma {
        id: "M0_BUFFER_LDS_DMA",
        explain: "a buffer load to LDS reads M0 too soon after an SALU wrote it (LLVM waits; the ISA documents do not name buffer loads)",
        summary: "SALU writes M0, MUBUF load to LDS (`lds`)",
        source: "LLVM checkReadM0Hazards (isLdsDma; the documents' row does not name MUBUF loads)",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(SALU, salu_writes_m0),
            reader: on(VMEM, m0_readers_buffer_lds),
            dep: Dep::None,
            writer_regs: m0_reg,
            reader_regs: m0_reg,
            waits: since(&[(Gen::Gfx9, 1)]),
            ..PLAIN
        }),
    }

    /// A VALU writes VCC or EXEC, then a VALU reads src_vccz or src_execz as a source.
    VccExeczData {
        id: "VCCZ_EXECZ_DATA",
        explain: "a VALU reads src_vccz/src_execz as data too soon after a VALU wrote VCC or EXEC",
        summary: "VALU writes VCC/EXEC, VALU reads src_vccz/src_execz",
        source: "Vega ISA Table 8 row 5 (LLVM does not model it)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, writes_vcc_or_exec),
            reader: on(VALU, execz_vccz_reader),
            dep: Dep::None,
            waits: since(&[(Gen::Gfx6, 5)]),
            ..PLAIN
        }),
    }

    /// A VALU writes an SGPR or VCC, then a VALU reads it as a constant: an explicit
    /// SRC0-SRC2 operand (gfx940-942). Not a carry-in or a v_cndmask mask (the table:
    /// "reads SGPR as carry-in: 0"; the mask is the same per-lane read), not an implicit
    /// read, not the v_readlane/v_writelane lane select (RWLANE_SELECT). An SALU that
    /// reads and rewrites the SGPR in between ends the hazard (its read is interlocked;
    /// later readers get its value). LLVM waits for every SGPR source, masks and
    /// carry-ins included, and does not stop at the SALU: more conservative than the
    /// document, whose scope this rule follows.
    ValuSgprValu {
        id: "VALU_SGPR_VALU",
        explain: "a VALU reads as a constant an SGPR another VALU wrote too recently (gfx940)",
        summary: "VALU writes an SGPR, VALU reads it as a constant (SRC0-SRC2; not a carry-in or v_cndmask mask, not the lane select; an SALU rewrite of it in between ends it)",
        source: "CDNA3 ISA Table 11 case 18; LLVM checkVALUHazards (hasVDecCoExecHazard) is wider",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_sgpr),
            reader: on(VALU, valu),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_scalar,
            reader_regs: sgpr_as_constant,
            waits: since(&[(Gen::Gfx940, 2)]),
            ..PLAIN
        }),
    }

    /// A VALU writes EXEC, then v_readlane, v_readfirstlane or v_writelane (gfx940-942).
    ValuExecLane {
        id: "VALU_EXEC_RWLANE",
        explain: "v_readlane/v_readfirstlane/v_writelane follows a VALU write of EXEC too closely (gfx940)",
        summary: "VALU writes EXEC, v_readlane/v_readfirstlane/v_writelane",
        source: "CDNA3 ISA Table 11 case 18 (v_cmpx, then v_readlane/v_readfirstlane/v_writelane: 4); LLVM checkVALUHazards (hasVDecCoExecHazard)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_exec),
            reader: on(VALU, lane_ops),
            dep: Dep::None,
            waits: since(&[(Gen::Gfx940, 4)]),
            ..PLAIN
        }),
    }

    /// A VALU writes a VGPR, then v_readlane or v_readfirstlane reads it as src0
    /// (gfx940-942).
    ValuVgprReadlane {
        id: "VALU_VGPR_READLANE",
        explain: "v_readlane/v_readfirstlane reads a VGPR a VALU wrote too recently (gfx940)",
        summary: "VALU writes a VGPR, v_readlane/v_readfirstlane src0",
        source: "CDNA3 ISA Table 11 case 19; LLVM checkVALUHazards (hasVDecCoExecHazard)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_vgpr),
            reader: on(VALU, readlanes),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: src0_regs,
            waits: since(&[(Gen::Gfx940, 1)]),
            ..PLAIN
        }),
    }

    /// v_dot* writes a VGPR, then another VALU or VMEM reads it or a VALU overwrites it;
    /// the same DOT opcode reading it as its accumulator (SRC2, an accumulation chain)
    /// is forwarded, as SRC0/SRC1 it is not.
    DotValu {
        id: "DOT_VALU",
        explain: "a VALU or memory instruction uses the result of a dot product too soon, or a VALU overwrites it",
        summary: "v_dot* writes a VGPR, another VALU/VMEM reads it or a VALU overwrites it (the same opcode accumulating through SRC2 is forwarded)",
        source: "CDNA3 ISA Table 37 case 101 (gfx940); LLVM checkMAIVALUHazards (gfx90a, whose MI200 table was not read)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, dot),
            reader: on(VALU | VMEM | FLAT, valu_or_vmem),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: dot_readers,
            same_op_regs: Some(dot_src_ab),
            waits: since(&[(Gen::Gfx90a, 3)]),
            ..PLAIN
        }),
    }

    /// A VALU changes its result's bit position (SDWA dst_sel other than DWORD, VOP3
    /// op_sel on the destination), then a VALU reads it (gfx940-942). SDWA with
    /// `dst_sel:DWORD` moves no bits, whatever dst_unused says: no wait (LLVM 22 puts
    /// none either).
    DstSelForward {
        id: "DSTSEL_FORWARD",
        explain: "a VALU reads a VGPR whose part was written by SDWA dst_sel or op_sel too soon (gfx940)",
        summary: "VALU writes part of a VGPR (SDWA dst_sel other than DWORD, op_sel), VALU reads it",
        source: "CDNA3 ISA Table 11 case 20; LLVM checkVALUHazards (hasDstSelForwardingHazard)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, partial_dst),
            reader: on(VALU, valu),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: read_vector,
            waits: since(&[(Gen::Gfx940, 1)]),
            ..PLAIN
        }),
    }

    /// A conversion that writes one byte of its destination VGPR writes byte 1 or 3
    /// (`op_sel[2]`: v_cvt_sr_fp8/bf8_f32, gfx950's v_cvt_scalef32_sr_fp8/bf8_* and
    /// v_cvt_scalef32_pk_fp4_*), or gfx950's v_cvt_scalef32_sr_pk_fp4_* writes its
    /// destination (at any op_sel), then a VALU reads or overwrites that VGPR: the
    /// result is not forwarded. LLVM extends the dst_sel forwarding rule to them
    /// (DSTSEL_FORWARD covers `op_sel[3]`, the high word) and counts an overwrite too;
    /// llc-22 waits alike for gfx942 and gfx950.
    CvtByteSelForward {
        id: "CVT_BYTESEL_FORWARD",
        explain: "a VALU uses a VGPR whose byte 1 or 3 an fp8/fp4 conversion wrote too recently (or a v_cvt_scalef32_sr_pk_fp4 result)",
        summary: "v_cvt_sr_fp8/bf8_f32, v_cvt_scalef32_sr_fp8/bf8_* or v_cvt_scalef32_pk_fp4_* with op_sel[2] (byte 1 or 3), or v_cvt_scalef32_sr_pk_fp4_*, writes a VGPR, VALU reads or overwrites it",
        source: "LLVM checkVALUHazards (hasDstSelForwardingHazard, hasCvtScaleForwardingHazard: getDstSelForwardingOperand's FP8 op_sel[2] and FP4 cases, consumesDstSelForwardingOperand); hazards-gfx950.mir",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, byte_sel_dst),
            reader: on(VALU, valu),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: read_or_written_vector,
            waits: since(&[(Gen::Gfx940, 1)]),
            ..PLAIN
        }),
    }

    /// MUBUF/MTBUF (without an SGPR soffset) or FLAT stores of more than 64 bits, and
    /// 64-bit cmpswap, then a VALU writes those data VGPRs: the store reads its data
    /// after it issues.
    StoreData {
        id: "STORE_DATA",
        explain: "a VALU overwrites the data of a store wider than 64 bits too soon",
        summary: "store of more than 64 bits (MUBUF/MTBUF without an SGPR soffset, FLAT, cmpswap_x2), VALU overwrites its data",
        source: "Vega ISA Table 8 row 8; LLVM checkVALUHazards (has12DWordStoreHazard; 2 on gfx940)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VMEM | FLAT, wide_store),
            reader: on(VALU, valu),
            dep: Dep::ReadAfterWrite,
            writer_regs: store_data,
            reader_regs: written_vector,
            waits: since(&[(Gen::Gfx7, 1), (Gen::Gfx940, 2)]),
            ..PLAIN
        }),
    }

    /// A VALU writes EXEC, then an MFMA (gfx908: also v_accvgpr_write).
    MaiExec {
        id: "MAI_EXEC",
        explain: "an MFMA (gfx908: or v_accvgpr_write) follows a VALU write of EXEC too closely",
        summary: "VALU writes EXEC, MFMA (gfx908: also v_accvgpr_write)",
        source: "LLVM checkMAIHazards908, checkMAIHazards90A",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_exec),
            reader: on(VALU, mai_exec_reader),
            dep: Dep::None,
            waits: since(&[(Gen::Gfx908, 4)]),
            ..PLAIN
        }),
    }

    /// A VALU (gfx90a on: not an MFMA or DOT) writes a VGPR or AGPR, then an MFMA
    /// (gfx908: or v_accvgpr_write) reads it.
    MaiValuVgpr {
        id: "MAI_VALU_VGPR",
        explain: "an MFMA reads a register a VALU wrote too recently",
        summary: "VALU writes a register, MFMA reads it",
        source: "CDNA3 ISA Table 37 case 100; LLVM checkMAIHazards908, checkMAIHazards90A (gfx908/gfx90a numbers: the MI100/MI200 tables were not read)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, mai_valu_writer),
            reader: on(VALU, mai_valu_reader),
            dep: Dep::ReadAfterWrite,
            writer_regs: mai_valu_written,
            reader_regs: mfma_sources,
            waits: since(&[(Gen::Gfx908, 2)]),
            ..PLAIN
        }),
    }

    /// An MFMA writes, then an MFMA reads the result as source A or B. gfx950's XDL
    /// results of more than 2 passes need one wait state more than gfx940's, its
    /// v_mfma_f64_16x16x4_f64 result 19 (LLVM 22; the CDNA4 ISA document was not read).
    MfmaSrcAB {
        id: "MFMA_SRCAB",
        explain: "an MFMA reads as source A or B the result of an MFMA still in flight",
        summary: "MFMA result read as source A/B",
        source: "CDNA3 ISA Table 37 cases 105, 110, 116-118; LLVM checkMAIHazards908, checkMAIHazards90A (gfx908/gfx90a numbers; gfx950: GFX940_XDL_N_PassWritesVGPROverlappedSrcABWaitStates with IsGFX950, GFX950_DMFMA16x16WritesVGPROverlappedMFMASrcABWaitStates)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, mfma),
            reader: on(VALU, mfma),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: src_ab,
            waits: since(&[(Gen::Gfx908, 19)]).with(Features::GFX950_INSTS, 20),
            pair: Some(PairWaits {
                of: w_srcab,
                text: "gfx908 4; gfx90a P+3 (DGEMM 6/11); gfx940 P+2, XDL P+3; gfx950 as gfx940 but XDL past 2 passes P+4, DGEMM 16x16 19",
            }),
            ..PLAIN
        }),
    }

    /// An MFMA writes, then an MFMA reads an overlapping, not identical, source C. The
    /// identical accumulator (an accumulation chain) needs none, but gfx90a's DGEMM 4x4
    /// into itself and gfx940's 2-pass MFMAs into themselves do. On gfx950 an XDL
    /// result needs one wait state more when an XDL reads it, or past 2 passes when
    /// another MFMA does, and v_mfma_f64_16x16x4_f64's 17 (LLVM 22).
    MfmaSrcC {
        id: "MFMA_SRCC",
        explain: "an MFMA reads as accumulator part of the result of an MFMA still in flight",
        summary: "MFMA result read as an overlapping, not identical, source C",
        source: "CDNA3 ISA Table 37 cases 102-104, 107-109, 112-115; LLVM checkMAIHazards908, checkMAIHazards90A (gfx908/gfx90a numbers; gfx950: GFX940_XDL_N_PassWritesVGPROverlappedXDLOrSMFMASrcCWaitStates and ...SGEMMDGEMMSrcCWaitStates with IsGFX950, GFX950_DMFMA16x16WritesVGPROverlappedSrcCWaitStates)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, mfma),
            reader: on(VALU, mfma),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: src_c,
            waits: since(&[(Gen::Gfx908, 19)]),
            pair: Some(PairWaits {
                of: w_srcc,
                text: "gfx908 2; gfx90a P (DGEMM reader +1; DGEMM 4/9); gfx940 P, XDL P+1, none for an XDL reader of a non-XDL result; gfx950 as gfx940 but XDL to XDL P+2, XDL past 2 passes to another P+2, DGEMM 4/17; the identical accumulator 0 (gfx90a DGEMM 4x4 to itself 4, gfx940-950 2-pass to itself 2)",
            }),
            ..PLAIN
        }),
    }

    /// An MFMA writes, then gfx908's v_accvgpr_read, or from gfx90a on any VALU, VMEM,
    /// DS or export, reads the result. gfx950's XDL results of more than 2 passes need
    /// one wait state more than gfx940's, v_mfma_f64_16x16x4_f64's read by a VALU 19
    /// (LLVM 22).
    MfmaRead {
        id: "MFMA_READ",
        explain: "the result of an MFMA is read before it is written",
        summary: "MFMA result read (gfx908: v_accvgpr_read; later: VALU, VMEM, DS, export)",
        source: "CDNA3 ISA Table 37 cases 106, 111, 119-120; LLVM checkMAIHazards908 (gfx908), checkMAIVALUHazards (gfx950: GFX940_XDL_N_PassWriteVgprVALUMemExpReadWaitStates with IsGFX950, GFX950_DMFMA16x16WriteVgprVALUReadWaitStates)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, mfma),
            reader: on(VALU | VMEM | FLAT | DS | EXPORT, mfma_read_readers),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: read_vector,
            waits: since(&[(Gen::Gfx908, 19)]).with(Features::GFX950_INSTS, 20),
            pair: Some(PairWaits {
                of: w_read,
                text: "gfx908 P+2; gfx90a P+3 (DGEMM VALU 6/11, memory 9/18); gfx940 P+2, XDL P+3; gfx950 as gfx940 but XDL past 2 passes P+4, DGEMM 16x16 VALU 19",
            }),
            ..PLAIN
        }),
    }

    /// An MFMA writes, then gfx908's v_accvgpr_write, or from gfx90a on any VALU,
    /// writes the same register. gfx950's XDL results of more than 2 passes need one
    /// wait state more than gfx940's (LLVM 22; DGEMM's are unchanged).
    MfmaWrite {
        id: "MFMA_WRITE",
        explain: "the result of an MFMA is overwritten before the MFMA has written it",
        summary: "MFMA result overwritten (gfx908: v_accvgpr_write; later: VALU)",
        source: "CDNA3 ISA Table 37 cases 106, 111, 119 (WAW); LLVM checkMAIHazards908 (gfx908), checkMAIVALUHazards (gfx950: GFX940_XDL_N_PassWriteVgprVALUWawWaitStates with IsGFX950)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, mfma),
            reader: on(VALU, mfma_write_readers),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: written_vector,
            waits: since(&[(Gen::Gfx908, 19)]).with(Features::GFX950_INSTS, 20),
            pair: Some(PairWaits {
                of: w_write,
                text: "gfx908 P-1; gfx90a P+3 (DGEMM 6/11); gfx940 P+2, XDL P+3; gfx950 as gfx940 but XDL past 2 passes P+4",
            }),
            ..PLAIN
        }),
    }

    /// From gfx90a on, an MFMA writes, then a VMEM, FLAT or DS load writes the same
    /// register. The CDNA3 table's WAW rows name a VALU writer; LLVM's
    /// checkMAIVALUHazards checks the definitions of memory instructions too, with the
    /// VALU numbers.
    MfmaLoadWrite {
        id: "MFMA_LOAD_WRITE",
        explain: "a load overwrites the result of an MFMA before the MFMA has written it",
        summary: "MFMA result overwritten by a VMEM, FLAT or DS load (gfx90a on)",
        source: "LLVM checkMAIVALUHazards (IsMemOrExport definitions: GFX940_XDL_N_PassWriteVgprVALUWawWaitStates with IsGFX950, DMFMA*WriteVgprVALUWriteWaitStates)",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, mfma),
            reader: on(VMEM | FLAT | DS, memory_gfx90a_on),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: written_vector,
            waits: since(&[(Gen::Gfx90a, 19)]).with(Features::GFX950_INSTS, 20),
            pair: Some(PairWaits {
                of: w_write,
                text: "gfx90a P+3 (DGEMM 6/11); gfx940 P+2, XDL P+3; gfx950 as gfx940 but XDL past 2 passes P+4",
            }),
            ..PLAIN
        }),
    }

    /// An MFMA reads source C, then gfx908's v_accvgpr_write, or from gfx90a on a VALU
    /// or a memory load, overwrites it before the MFMA has read it.
    MfmaSrcCWar {
        id: "MFMA_SRCC_WAR",
        explain: "the accumulator of an MFMA is overwritten before the MFMA has read it",
        summary: "MFMA accumulator overwritten before the MFMA read it (gfx90a on: by a VALU or a VMEM, FLAT or DS load)",
        source: "LLVM checkMAIHazards908 (gfx908), checkMAIVALUHazards (VALU and IsMemOrExport definitions)",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, mfma),
            reader: on(VALU | VMEM | FLAT | DS, srcc_war_readers),
            dep: Dep::ReadAfterWrite,
            writer_regs: src_c,
            reader_regs: written_vector,
            waits: since(&[(Gen::Gfx908, 19)]),
            pair: Some(PairWaits {
                of: w_srcc_war,
                text: "gfx908 P-3; gfx90a P-1; gfx940 XDL P-1, others none",
            }),
            ..PLAIN
        }),
    }

    /// v_accvgpr_write, then an MFMA reads the AGPR as source A/B or v_accvgpr_read
    /// reads it (gfx908).
    AccvgprWrite {
        id: "ACCVGPR_WRITE",
        explain: "an MFMA source A/B or v_accvgpr_read reads an AGPR v_accvgpr_write wrote too recently (gfx908)",
        summary: "gfx908's v_accvgpr_write, then MFMA source A/B or v_accvgpr_read",
        source: "LLVM checkMAIHazards908",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, accvgpr_write),
            reader: on(VALU, |c, i, o| mfma(c, i, o) || accvgpr_read(c, i, o)),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: accvgpr_write_readers,
            waits: since(&[(Gen::Gfx908, 3), (Gen::Gfx90a, 0)]),
            ..PLAIN
        }),
    }

    /// v_accvgpr_write, then an MFMA reads the AGPR as source C (gfx908).
    AccvgprWriteSrcC {
        id: "ACCVGPR_WRITE_SRCC",
        explain: "an MFMA accumulates from an AGPR v_accvgpr_write wrote too recently (gfx908)",
        summary: "gfx908's v_accvgpr_write, then MFMA source C",
        source: "LLVM checkMAIHazards908",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, accvgpr_write),
            reader: on(VALU, accvgpr_write_srcc_reader),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: src_c,
            waits: since(&[(Gen::Gfx908, 1), (Gen::Gfx90a, 0)]),
            ..PLAIN
        }),
    }

    /// v_accvgpr_read writes a VGPR, then VMEM, FLAT or DS reads it (gfx908).
    AccvgprReadLdst {
        id: "ACCVGPR_READ_LDST",
        explain: "a memory instruction reads a VGPR v_accvgpr_read wrote too recently (gfx908)",
        summary: "gfx908's v_accvgpr_read, then a memory instruction reads its VGPR",
        source: "LLVM checkMAILdStHazards",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, accvgpr_read),
            reader: on(VMEM | FLAT | DS, vmem_ds),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: read_vector,
            waits: since(&[(Gen::Gfx908, 2), (Gen::Gfx90a, 0)]),
            ..PLAIN
        }),
    }

    /// A DGEMM (v_mfma_f64_*), then v_fma_f64 or v_fmac_f64, whatever their registers.
    DgemmFma64 {
        id: "DGEMM_FMA64",
        explain: "v_fma_f64 follows a DGEMM too closely",
        summary: "DGEMM, then v_fma_f64/v_fmac_f64",
        source: "LLVM checkMAIVALUHazards",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, dgemm_writer),
            reader: on(VALU, fma64),
            dep: Dep::None,
            waits: since(&[(Gen::Gfx90a, 2)]),
            ..PLAIN
        }),
    }

    /// s_setreg of MODE covering VSKIP (bit 28), then any vector instruction. The
    /// table's row is "S_SETREG MODE.vskip -> any vector op"; s_setvskip has a row only
    /// against s_getreg of MODE (VSKIP_GETREG), and AMD's kernels predicate vector
    /// instructions with s_setvskip right before them.
    VskipVector {
        id: "VSKIP_VECTOR",
        explain: "a vector instruction follows a change of MODE.vskip too closely",
        summary: "s_setreg of MODE.vskip (not s_setvskip), then a vector instruction",
        source: "Vega ISA Table 8 row 4, CDNA3 ISA Table 11 case 4 (LLVM does not model it; Mesa ACO: s_setreg only)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(SALU, setreg_vskip),
            reader: on(VALU | INTERP | VMEM | FLAT | DS | EXPORT, vector_op),
            dep: Dep::None,
            waits: since(&[(Gen::Gfx6, 2)]),
            ..PLAIN
        }),
    }

    /// A VALU writes VCC through the implicit destination of a 32-bit (VOPC, VOP2
    /// carry-out, DPP/SDWA) form, then a VALU reads it as a constant through an operand
    /// naming vcc/vcc_lo/vcc_hi (SGPRs 106-107; a carry-in or v_cndmask mask is
    /// exempt): the hardware does not see that the alias and the SGPR number are the
    /// same register ("mixed use of VCC: alias vs SGPR#").
    ///
    /// Inactive: VCC is stored in the two highest SGPRs of the wave's allocation, and
    /// "the source/destination VCC is an alias for those two SGPRs" (Vega ISA 3.6.2):
    /// implicit VCC and operand codes 106/107 are both the alias. The race needs the
    /// other name, a numbered SGPR at the top of the allocation, which only the
    /// kernel descriptor's SGPR count can tell. (Read as above, the rule flagged
    /// 144,129 `v_cmp_*_e32` / `v_xor_b32 ..., vcc_hi` pairs in LLVM-built jax kernels.)
    VccAliasMixed {
        id: "VCC_ALIAS_MIXED",
        explain: "VCC is read by its SGPR name right after a 32-bit VALU form wrote it implicitly: the hardware does not see that they are the same register",
        summary: "a 32-bit VALU form (VOPC, VOP2 carry-out, their DPP/SDWA forms) writes VCC implicitly, then a VALU reads `vcc`/`vcc_lo`/`vcc_hi` as a source operand (not a carry-in or a v_cndmask mask)",
        source: "Vega ISA Table 8 row 13, 3.6.2 (VCC is the alias); CDNA3 ISA Table 11 case 14 (LLVM does not model it)",
        basis: Inactive,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_vcc_alias),
            reader: on(VALU, valu),
            dep: Dep::ReadAfterWrite,
            writer_regs: vcc,
            reader_regs: vcc_as_constant,
            waits: since(&[(Gen::Gfx6, 1)]),
            ..PLAIN
        }),
    }

    /// s_setvskip, then s_getreg of MODE (which reads VSKIP).
    VskipGetreg {
        id: "VSKIP_GETREG",
        explain: "s_getreg of MODE follows s_setvskip too closely",
        summary: "s_setvskip, then s_getreg of MODE",
        source: "Vega ISA Table 8 row 3 (LLVM does not model it)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(SALU, |c, i, o| {
                crate::isa::op::S_SETVSKIP.is(i.op) && sets_vskip(c, i, o)
            }),
            reader: on(SALU, getreg_mode),
            dep: Dep::None,
            waits: since(&[(Gen::Gfx6, 2)]),
            ..PLAIN
        }),
    }

    /// A transcendental VALU (exp, log, rcp, rsq, sqrt, sin, cos) writes a VGPR, then a
    /// non-transcendental VALU reads it (gfx940-942).
    TransForward {
        id: "TRANS_FORWARD",
        explain: "a VALU reads the result of a transcendental op too soon (gfx940)",
        summary: "transcendental VALU writes a VGPR, another VALU reads it",
        source: "CDNA3 ISA Table 11 case 21, Table 12; LLVM checkVALUHazards (hasTransForwardingHazard)",
        basis: Documented,
        check: Check::Hazard(Hazard {
            writer: on(VALU, trans),
            reader: on(VALU, non_trans_valu),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: read_vector,
            waits: since(&[(Gen::Gfx940, 1)]),
            ..PLAIN
        }),
    }

    /// A VALU writes a VGPR, then gfx950's v_permlane16_swap or v_permlane32_swap reads
    /// it (either operand: a swap reads and writes both). The swap itself is a VALU,
    /// so a swap right after another on the same VGPRs needs them too.
    PermlaneVgpr {
        id: "PERMLANE_VALU_VGPR",
        explain: "v_permlane16_swap/v_permlane32_swap reads a VGPR a VALU wrote too recently (gfx950)",
        summary: "VALU writes a VGPR, v_permlane16_swap/v_permlane32_swap reads it",
        source: "LLVM checkPermlaneHazards (VALUWritesVDstWaitStates; called for hasGFX950Insts)",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, valu_writes_vgpr),
            reader: on(VALU, permlane_swap),
            dep: Dep::ReadAfterWrite,
            writer_regs: written_vector,
            reader_regs: read_vector,
            waits: Waits::NONE.with(Features::GFX950_INSTS, 2),
            ..PLAIN
        }),
    }

    /// A VALU compare writes EXEC (v_cmpx, or v_cmp with EXEC as its destination), then
    /// gfx950's v_permlane16_swap or v_permlane32_swap, whatever its registers.
    PermlaneVcmpx {
        id: "PERMLANE_VCMPX",
        explain: "v_permlane16_swap/v_permlane32_swap follows a v_cmpx (a compare writing EXEC) too closely (gfx950)",
        summary: "v_cmpx or v_cmp writing EXEC, then v_permlane16_swap/v_permlane32_swap",
        source: "LLVM checkPermlaneHazards (VCmpXWritesExecWaitStates, isVCmpXWritesExec; called for hasGFX950Insts)",
        basis: Llvm,
        check: Check::Hazard(Hazard {
            writer: on(VALU, vcmp_writes_exec),
            reader: on(VALU, permlane_swap),
            dep: Dep::None,
            waits: Waits::NONE.with(Features::GFX950_INSTS, 4),
            ..PLAIN
        }),
    }

    /// gfx90a: v_lshlrev_b64/v_lshrrev_b64/v_ashrrev_i64 with the shift amount in the
    /// last VGPR of an 8-VGPR block (v7, v15, ...) read a wrong amount; no wait fixes
    /// it, the amount must move to another VGPR (LLVM renames the register). Only
    /// where the amount is the highest allocated VGPR: LLVM applies its fix only when
    /// the next VGPR is unused, so a program that uses v(N+1) is exempt (the program
    /// stands in for the function).
    Shift64HighVgpr {
        id: "SHIFT64_HIGH_VGPR",
        explain: "on gfx90a a 64-bit shift reads a wrong amount from the last VGPR of an 8-VGPR block (v7, v15, ...)",
        summary: "v_lshlrev_b64/v_lshrrev_b64/v_ashrrev_i64 with the shift amount in v7, v15, ... (a hardware bug, not a wait: the fix is another register, which `--fix` cannot choose; it says so and exits 1)",
        source: "LLVM fixShift64HighRegBug (isPhysRegUsed(AmtReg + 1))",
        basis: Llvm,
        check: Check::Rewrite(Rewrite {
            on: Features::SHIFT64_HIGH_REG_BUG,
            test: shift64_high_vgpr,
            fix: "move the shift amount to a VGPR that is not the last of an 8-VGPR block",
        }),
    }

    /// An `s_waitcnt` that completes nothing on any path into it (opt-in, `--redundant`:
    /// not a hazard). Waits at a function entry, before anything the analysis has seen,
    /// are never reported.
    RedundantWaitcnt {
        id: "REDUNDANT_WAITCNT",
        explain: "this s_waitcnt completes nothing on any path (opt-in: --redundant)",
        summary: "an `s_waitcnt` that completes nothing on any path (opt-in: `--redundant`)",
        source: "this linter (the s_waitcnt analysis run backwards: what a wait completes)",
        basis: Documented,
        check: Check::Waitcnt,
    }
}

impl Rule {
    /// The rule's registry entry.
    pub fn entry(self) -> &'static Entry {
        &ENTRIES[self as usize]
    }
    /// The rule's stable id, as findings print it and comments name it.
    pub fn id(self) -> &'static str {
        self.entry().id
    }
    /// One line a kernel writer understands.
    pub fn explain(self) -> &'static str {
        self.entry().explain
    }
    /// The long explanation (the entry's doc comment), as one paragraph.
    pub fn doc(self) -> String {
        self.entry()
            .doc
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }
    /// Where the rule comes from.
    pub fn source(self) -> &'static str {
        self.entry().source
    }
    /// What the rule's scope rests on: the documents, or LLVM's reading.
    pub fn basis(self) -> Basis {
        self.entry().basis
    }
    /// The rule's wait-state part, if it is a wait-state rule.
    pub fn hazard(self) -> Option<&'static Hazard> {
        match &self.entry().check {
            Check::Hazard(h) => Some(h),
            _ => None,
        }
    }
    /// The wait states the rule needs on `target` (for rules whose wait states depend
    /// on the pair, the most any pair needs); 0 where it does not apply, and for an
    /// inactive rule (its entry's wait states are the document's).
    pub fn wait_states(self, target: Target) -> u8 {
        if self.basis() == Basis::Inactive {
            return 0;
        }
        self.hazard().map_or(0, |h| h.waits.on_target(target))
    }
    /// The rule with id `id`.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// A generation's name in the tables: gfx6, ..., gfx940.
fn gen_label(gen: Gen) -> &'static str {
    match gen {
        Gen::R600 => "r600",
        Gen::R700 => "r700",
        Gen::Gfx6 => "gfx6",
        Gen::Gfx7 => "gfx7",
        Gen::Gfx8 => "gfx8",
        Gen::Gfx9 => "gfx9",
        Gen::Gfx908 => "gfx908",
        Gen::Gfx90a => "gfx90a",
        Gen::Gfx940 => "gfx940",
    }
}

/// The GCN generations, in order (those of [`TARGETS`]).
fn gcn_gens() -> impl Iterator<Item = Gen> {
    let mut last = None;
    TARGETS
        .iter()
        .map(|t| t.gen)
        .filter(|g| !g.is_r600())
        .filter(move |g| last.replace(*g) != Some(*g))
}

/// Wait states by generation, compactly: `gfx6-gfx7: 1, gfx8+: 2` (`+`: and later);
/// a target row with a number of its own after it, `gfx908+: 19 (gfx950: 20)`, or
/// alone where its generation has none (`gfx950: 2`).
pub fn waits_text(w: Waits) -> String {
    let gens: Vec<Gen> = gcn_gens().collect();
    let steps = w.steps();
    let mut parts = Vec::new();
    for (k, &(from, n)) in steps.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let part = match steps.get(k + 1) {
            None => format!("{}+: {n}", gen_label(from)),
            Some(&(next, _)) => {
                let last = gens.iter().rev().find(|&&g| g < next).copied();
                match last {
                    Some(l) if l != from => {
                        format!("{}-{}: {n}", gen_label(from), gen_label(l))
                    }
                    _ => format!("{}: {n}", gen_label(from)),
                }
            }
        };
        parts.push(part);
    }
    let base = parts.join(", ");
    match w.except() {
        Some((f, n)) => {
            let rows: Vec<&str> = TARGETS
                .iter()
                .filter(|t| !t.gen.is_r600() && t.has(f))
                .map(|t| t.name)
                .collect();
            let own = format!("{}: {n}", rows.join("/"));
            if base.is_empty() {
                own
            } else {
                format!("{base} ({own})")
            }
        }
        None if base.is_empty() => "none".into(),
        None => base,
    }
}

/// The rule's wait states for the documentation table.
fn waits_cell(e: &Entry) -> String {
    match &e.check {
        Check::Waitcnt => String::new(),
        Check::Hazard(h) => match &h.pair {
            Some(p) => format!("{} (at most: {})", p.text, waits_text(h.waits)),
            None => waits_text(h.waits),
        },
        Check::Rewrite(r) => {
            // (The generations of the targets with the bug.)
            let mut on: Vec<&str> = Vec::new();
            for t in TARGETS.iter().filter(|t| t.has(r.on)) {
                if on.last() != Some(&gen_label(t.gen)) {
                    on.push(gen_label(t.gen));
                }
            }
            format!("{}: no wait fixes it", on.join(", "))
        }
    }
}

/// A rule's whole explanation, as `lint --explain` prints it: its message, long text,
/// wait states per target (and by pair), source, basis and example. With `width`,
/// the long paragraphs are wrapped to that many columns; without, each is one line.
pub fn explanation(rule: Rule, width: Option<usize>) -> String {
    let para = |text: &str| match width {
        Some(w) => wrap(text, w),
        None => format!("{text}\n"),
    };
    let mut out = format!("{}: {}\n\n", rule.id(), rule.explain());
    out.push_str(&para(&rule.doc()));
    out.push('\n');
    match &rule.entry().check {
        Check::Waitcnt => out.push_str("wait states: none (an s_waitcnt rule)\n"),
        check => {
            out.push_str("wait states (s_nop N supplies N+1), by target:\n");
            for line in waits_per_target(rule) {
                out.push_str(&format!("  {line}\n"));
            }
            if let Check::Hazard(h) = check {
                if let Some(p) = &h.pair {
                    out.push_str(&para(&format!(
                        "by pair (P: the MFMA's passes): {}",
                        p.text
                    )));
                }
            }
        }
    }
    out.push_str(&format!("source: {}\n", rule.source()));
    out.push_str(&format!("basis: {}\n", rule.basis().label()));
    if let Some(e) = super::examples::example(rule.id()) {
        let indent =
            |text: &str| -> String { text.lines().map(|l| format!("    {l}\n")).collect() };
        out.push_str(&format!(
            "\nexample ({}), with the finding:\n{}fixed:\n{}",
            e.target,
            indent(e.breaking),
            indent(e.fixed)
        ));
    }
    out
}

/// `text` in lines of at most `width` columns (words longer than that on their own).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut col = 0;
    for w in text.split_whitespace() {
        if col > 0 && col + 1 + w.len() > width {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(w);
        col += w.len();
    }
    out.push('\n');
    out
}

/// The wait states per target, as `lint --explain` prints them: runs of targets with
/// the same value, one line each (`gfx600-gfx705: 1`).
pub fn waits_per_target(rule: Rule) -> Vec<String> {
    let mut lines: Vec<(String, String, String)> = Vec::new();
    for t in TARGETS.iter().filter(|t| !t.gen.is_r600()) {
        let v = match &rule.entry().check {
            Check::Waitcnt => continue,
            Check::Hazard(h) => match (h.waits.on_target(*t), h.pair.is_some()) {
                (0, _) => "0".to_string(),
                (n, _) if rule.basis() == Basis::Inactive => {
                    format!("{n} by the document; not checked (inactive)")
                }
                (n, false) => n.to_string(),
                (n, true) => format!("by pair, at most {n}"),
            },
            Check::Rewrite(r) if t.has(r.on) => "no wait fixes it".to_string(),
            Check::Rewrite(_) => "does not apply".to_string(),
        };
        match lines.last_mut() {
            Some(l) if l.2 == v => l.1 = t.name.to_string(),
            _ => lines.push((t.name.to_string(), t.name.to_string(), v)),
        }
    }
    lines
        .into_iter()
        .map(|(a, b, v)| {
            if a == b {
                format!("{a}: {v}")
            } else {
                format!("{a}-{b}: {v}")
            }
        })
        .collect()
}

/// The rule tables of docs/lint.md (between its `rules:begin` and `rules:end`
/// markers), made from the registry.
pub fn doc_tables() -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = String::from("| rule | finding | basis |\n|---|---|---|\n");
    for e in ENTRIES.iter().filter(|e| matches!(e.check, Check::Waitcnt)) {
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            e.id,
            cell(e.summary),
            e.basis.label()
        ));
    }
    out.push_str(
        "\nWait-state rules (one entry each in `src/lint/rules.rs`; wait states by \
         generation,\n`gfx8+` for gfx8 and later, a target with its own after them \
         (`gfx950: 20`); from LLVM 22's\nhazard recognizer, the Vega ISA's Table 8 and \
         the CDNA3 ISA's Tables 11 and 37; gfx950's\nnumbers are LLVM's, its CDNA4 \
         document was not read). The basis: *documented* where an\nAMD ISA document \
         states the rule (where LLVM is more conservative, the scope is the\n\
         document's), *LLVM's reading* where the documents say nothing (`lint --rules \
         documented`\nleaves those out), *inactive* where the documented rule needs a \
         fact the linter does not\nhave:\n\n",
    );
    out.push_str(
        "| rule | writer, then reader | wait states | source | basis |\n|---|---|---|---|---|\n",
    );
    for e in ENTRIES
        .iter()
        .filter(|e| !matches!(e.check, Check::Waitcnt))
    {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            e.id,
            cell(e.summary),
            cell(&waits_cell(e)),
            cell(e.source),
            e.basis.label()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule set holds every rule apart, however many there are.
    #[test]
    fn rule_sets_hold_every_rule() {
        const { assert!(RuleSet::CAPACITY >= Rule::COUNT) };
        let all = RuleSet::of(Rule::ALL.iter().map(|&r| r as usize));
        assert_eq!(all.iter().count(), Rule::COUNT);
        for r in Rule::ALL {
            let one = RuleSet::of([r as usize]);
            assert_eq!(one.iter().collect::<Vec<_>>(), [r as usize]);
            assert!(one.is_subset(&all) && all.contains(r as usize));
        }
    }

    #[test]
    fn waits_hold_from_their_generation_on() {
        let w = since(&[(Gen::Gfx7, 1), (Gen::Gfx940, 2)]);
        assert_eq!(w.on(Gen::R600), 0);
        assert_eq!(w.on(Gen::Gfx6), 0);
        assert_eq!(w.on(Gen::Gfx7), 1);
        assert_eq!(w.on(Gen::Gfx90a), 1);
        assert_eq!(w.on(Gen::Gfx940), 2);
        assert_eq!(Waits::NONE.on(Gen::Gfx940), 0);
        assert_eq!(waits_text(w), "gfx7-gfx90a: 1, gfx940+: 2");
        assert_eq!(
            waits_text(since(&[(Gen::Gfx6, 4), (Gen::Gfx7, 0)])),
            "gfx6: 4"
        );
        assert_eq!(waits_text(Waits::NONE), "none");
        // A target row with a number of its own.
        let own = since(&[(Gen::Gfx908, 19)]).with(Features::GFX950_INSTS, 20);
        let t = |n| Target::from_name(n).unwrap();
        assert_eq!(own.on_target(t("gfx942")), 19);
        assert_eq!(own.on_target(t("gfx950")), 20);
        assert_eq!(own.on_target(t("gfx906")), 0);
        assert_eq!(waits_text(own), "gfx908+: 19 (gfx950: 20)");
        let only = Waits::NONE.with(Features::GFX950_INSTS, 2);
        assert_eq!(only.on_target(t("gfx942")), 0);
        assert_eq!(waits_text(only), "gfx950: 2");
    }

    /// Every entry is well formed: a unique id of capitals, digits and underscores,
    /// wait states listed in generation order, each step a change, none beyond what the
    /// analysis looks back over.
    #[test]
    fn entries_are_well_formed() {
        for (n, e) in ENTRIES.iter().enumerate() {
            assert_eq!(e.rule as usize, n);
            assert_eq!(Rule::from_id(e.id), Some(e.rule), "{}: id not unique", e.id);
            assert!(
                e.id.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
                "{}",
                e.id
            );
            assert!(!e.explain.is_empty() && !e.doc.trim().is_empty() && !e.source.is_empty());
            if let Check::Hazard(h) = &e.check {
                let steps = h.waits.steps();
                let own = h.waits.except();
                assert!(
                    !steps.is_empty() || own.is_some(),
                    "{}: no wait states",
                    e.id
                );
                for w in steps.windows(2) {
                    assert!(w[0].0 < w[1].0 && w[0].1 != w[1].1, "{}: {steps:?}", e.id);
                }
                assert!(
                    steps
                        .iter()
                        .chain(own.map(|o| (Gen::Gfx6, o.1)).iter())
                        .all(|s| (s.1 as u16) < HORIZON),
                    "{}: more wait states than the analysis looks back over",
                    e.id
                );
            }
        }
    }
}
