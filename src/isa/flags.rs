//! Per-instruction property bits (the `flags` column of `isa/*.tsv`).
//!
//! Implicit operands (`r:scc`, `w:vcc`, ...) and counters are for the linter; the
//! rest steer the codecs, the printer and the parser.

/// Reads SCC.
pub const R_SCC: u32 = 1 << 0;
/// Writes SCC.
pub const W_SCC: u32 = 1 << 1;
/// Reads VCC without naming it (e.g. v_div_fmas, s_cbranch_vccz).
pub const R_VCC: u32 = 1 << 2;
/// Writes VCC without naming it.
pub const W_VCC: u32 = 1 << 3;
/// Reads EXEC beyond the implicit mask every VALU applies (e.g. s_cbranch_execz).
pub const R_EXEC: u32 = 1 << 4;
/// Writes EXEC (v_cmpx_*, s_and_saveexec_*).
pub const W_EXEC: u32 = 1 << 5;
/// Reads M0.
pub const R_M0: u32 = 1 << 6;
/// Writes M0.
pub const W_M0: u32 = 1 << 7;
/// Transcendental VALU (rcp, rsq, sqrt, log, exp, sin, cos).
pub const TRANS: u32 = 1 << 8;
/// VOP1/VOP2/VOPC instruction without a VOP3 form.
pub const NO_E64: u32 = 1 << 9;
/// VOP1/VOP2/VOPC instruction that only assembles in its VOP3 form on this table's targets.
pub const E64_ONLY: u32 = 1 << 10;
/// VOP3 instruction that takes `op_sel` (gfx9 16-bit VOP3 instructions).
pub const OPSEL: u32 = 1 << 11;
/// No abs/neg source modifiers even though the sources are float-typed.
pub const NO_MODS: u32 = 1 << 12;
/// No `clamp`.
pub const NO_CLAMP: u32 = 1 << 13;
/// No output modifier.
pub const NO_OMOD: u32 = 1 << 14;
/// Program-flow instruction (branch, call, return).
pub const BRANCH: u32 = 1 << 15;
/// Increments LGKM_CNT.
pub const LGKM: u32 = 1 << 16;
/// Increments VM_CNT.
pub const VM: u32 = 1 << 17;
/// Increments EXP_CNT.
pub const EXP: u32 = 1 << 18;
/// Takes the `glc` bit (SMEM stores and atomics).
pub const GLC: u32 = 1 << 19;
/// Takes the `nv` bit.
pub const NV: u32 = 1 << 20;
/// Mixed-precision VOP3P (v_mad_mix / v_fma_mix): op_sel_hi selects f16 sources.
pub const MIX: u32 = 1 << 21;
/// The destination is also the third source (v_mac / v_fmac).
pub const TIED: u32 = 1 << 22;
/// SOPP immediate that is printed only when non-zero (s_endpgm).
pub const OPT_IMM: u32 = 1 << 23;
/// Ends the program (s_endpgm and variants).
pub const HALT: u32 = 1 << 24;
/// Workgroup barrier.
pub const BARRIER: u32 = 1 << 25;
/// VOP3P instruction without op_sel / op_sel_hi (the integer dot products): both
/// keep their defaults.
pub const NO_OPSEL: u32 = 1 << 26;
/// Scalar sources are registers only: no inline constants or literals (s_setpc_b64,
/// s_movrels_b32, ...).
pub const SREG_ONLY: u32 = 1 << 27;
/// Takes an output modifier although its destination is an integer (float-to-int
/// conversions).
pub const OMOD: u32 = 1 << 28;
/// Takes abs/neg on sources that are not float-typed (v_cndmask_b32).
pub const ANY_MODS: u32 = 1 << 29;
