//! Per-instruction property bits (the `flags` column of `isa/*.tsv`).
//!
//! Implicit operands (`r:scc`, `w:vcc`, ...) and counters are for the linter; the
//! rest steer the codecs, the printer and the parser.

/// Reads SCC.
pub const R_SCC: u64 = 1 << 0;
/// Writes SCC.
pub const W_SCC: u64 = 1 << 1;
/// Reads VCC without naming it (e.g. v_div_fmas, s_cbranch_vccz).
pub const R_VCC: u64 = 1 << 2;
/// Writes VCC without naming it.
pub const W_VCC: u64 = 1 << 3;
/// Reads EXEC beyond the implicit mask every VALU applies (e.g. s_cbranch_execz).
pub const R_EXEC: u64 = 1 << 4;
/// Writes EXEC (v_cmpx_*, s_and_saveexec_*).
pub const W_EXEC: u64 = 1 << 5;
/// Reads M0.
pub const R_M0: u64 = 1 << 6;
/// Writes M0.
pub const W_M0: u64 = 1 << 7;
/// Transcendental VALU (rcp, rsq, sqrt, log, exp, sin, cos).
pub const TRANS: u64 = 1 << 8;
/// VOP1/VOP2/VOPC instruction without a VOP3 form.
pub const NO_E64: u64 = 1 << 9;
/// VOP1/VOP2/VOPC instruction that only assembles in its VOP3 form on this table's targets.
pub const E64_ONLY: u64 = 1 << 10;
/// VOP3 instruction that takes `op_sel` (gfx9 16-bit VOP3 instructions).
pub const OPSEL: u64 = 1 << 11;
/// No abs/neg source modifiers even though the sources are float-typed.
pub const NO_MODS: u64 = 1 << 12;
/// No `clamp`.
pub const NO_CLAMP: u64 = 1 << 13;
/// No output modifier.
pub const NO_OMOD: u64 = 1 << 14;
/// Program-flow instruction (branch, call, return).
pub const BRANCH: u64 = 1 << 15;
/// Increments LGKM_CNT.
pub const LGKM: u64 = 1 << 16;
/// Increments VM_CNT.
pub const VM: u64 = 1 << 17;
/// Increments EXP_CNT.
pub const EXP: u64 = 1 << 18;
/// Takes the `glc` bit (SMEM stores and atomics).
pub const GLC: u64 = 1 << 19;
/// Takes the `nv` bit.
pub const NV: u64 = 1 << 20;
/// Mixed-precision VOP3P (v_mad_mix / v_fma_mix): op_sel_hi selects f16 sources.
pub const MIX: u64 = 1 << 21;
/// The destination is also the third source (v_mac / v_fmac).
pub const TIED: u64 = 1 << 22;
/// SOPP immediate that is printed only when non-zero (s_endpgm).
pub const OPT_IMM: u64 = 1 << 23;
/// Ends the program (s_endpgm and variants).
pub const HALT: u64 = 1 << 24;
/// Workgroup barrier.
pub const BARRIER: u64 = 1 << 25;
/// VOP3P instruction without op_sel / op_sel_hi (the integer dot products): both
/// keep their defaults.
pub const NO_OPSEL: u64 = 1 << 26;
/// Scalar sources are registers only: no inline constants or literals (s_setpc_b64,
/// s_movrels_b32, ...).
pub const SREG_ONLY: u64 = 1 << 27;
/// Takes an output modifier although its destination is an integer (float-to-int
/// conversions).
pub const OMOD: u64 = 1 << 28;
/// Takes abs/neg on sources that are not float-typed (v_cndmask_b32).
pub const ANY_MODS: u64 = 1 << 29;
/// Memory store (data is read from VGPRs).
pub const STORE: u64 = 1 << 30;
/// Atomic: with `glc` it returns the previous value into its data register.
pub const ATOMIC: u64 = 1 << 31;
/// Takes the `lds` modifier (buffer loads to LDS).
pub const LDS: u64 = 1 << 32;
/// DS instruction with two 8-bit offsets (`offset0:`/`offset1:`).
pub const OFFSET2: u64 = 1 << 33;
/// ds_swizzle_b32: the offset is a `swizzle(...)` pattern.
pub const SWIZZLE: u64 = 1 << 34;
/// DS instruction that only exists with `gds` (GWS and ordered-count operations).
pub const GDS_ONLY: u64 = 1 << 35;
/// DS instruction that does not take `gds`.
pub const NO_GDS: u64 = 1 << 36;
/// DS instruction without an address operand (lane id is the address).
pub const ADDTID: u64 = 1 << 37;
/// MIMG instruction with a sampler operand.
pub const SAMPLER: u64 = 1 << 39;
/// MIMG gather4: dmask selects the one component gathered.
pub const GATHER4: u64 = 1 << 40;
/// No returned data.
pub const NORET: u64 = 1 << 41;
/// VOP3 interpolation that takes the `high` modifier (16-bit attribute halves).
pub const HIGH: u64 = 1 << 42;
/// VOP1/VOP2 instruction without a DPP form beyond what the signature implies.
pub const NO_DPP: u64 = 1 << 50;
/// VOP1/VOP2/VOPC instruction without an SDWA form beyond what the signature implies.
pub const NO_SDWA: u64 = 1 << 51;
/// MIMG instruction that does not take `d16` (packed loads, resinfo, get_lod).
pub const NO_D16: u64 = 1 << 43;
/// gfx90a FP atomics: no `scc` (llvm-mc drops it when assembling, its decoder rejects the bit);
/// the same bit (`sc1`) is fine on gfx940.
pub const NO_SCC: u64 = 1 << 52;
/// Matrix fused multiply-add (VOP3P-MAI encoding: CBSZ/ABID/ACC_CD/ACC/BLGP fields).
pub const MAI: u64 = 1 << 44;
/// Sparse MFMA: SRC2 is the index VGPR, the accumulator is the destination.
pub const SMFMAC: u64 = 1 << 45;
/// Cache maintenance without operands (buffer_wbl2, buffer_invl2, buffer_inv): the
/// cache-policy bits (gfx90a glc/slc/scc, gfx940 sc0/nt/sc1) are its only fields.
pub const CPOL: u64 = 1 << 46;
/// VOP3 `op_sel` with all four entries whatever the source count (v_cvt_sr_fp8_f32:
/// bits 13 and 14 pick the destination byte).
pub const OPSEL4: u64 = 1 << 47;
/// The SDWA form takes only src0_sel: no dst_sel/dst_unused (DWORD, UNUSED_PAD) and no
/// source modifiers (gfx940 fp8/bf8 conversions).
pub const SDWA_SRC0: u64 = 1 << 48;
/// `clamp` only from gfx9 on (v_alignbit_b32, v_alignbyte_b32).
pub const CLAMP_GFX9: u64 = 1 << 49;
/// No literal source (s_cbranch_g_fork: registers and inline constants only).
pub const NO_LITERAL: u64 = 1 << 53;
/// An SDWA form on gfx8 although later generations have none (v_mac_f32, v_mac_f16).
pub const SDWA_GFX8: u64 = 1 << 54;
/// The names in the `alias` column assemble the VOP3 form only (gfx6/gfx7
/// v_add_co_u32 for v_add_i32_e64).
pub const ALIAS_E64: u64 = 1 << 55;
/// Compare-and-swap atomic: the data is a {source, compare} pair and the value
/// returned is half as wide.
pub const CMPSWAP: u64 = 1 << 56;
/// Dot product (v_dot*): its own forwarding hazards on gfx90a and later.
pub const DOT: u64 = 1 << 57;
/// Double-precision matrix multiply (v_mfma_f64_*, "DGEMM").
pub const DGEMM: u64 = 1 << 58;
/// gfx940 MFMA on the XDL unit (xf32, f16, bf16, i8 and fp8 types; not f32 or f64).
pub const XDL: u64 = 1 << 59;
/// A branch that never falls through (s_branch, s_setpc_b64, s_rfe_b64).
pub const JUMP: u64 = 1 << 60;
/// A call: control goes to the target and comes back after the instruction
/// (s_call_b64, s_swappc_b64).
pub const CALL: u64 = 1 << 61;
/// A VOP3-only row llvm-mc names with `_e32`, not `_e64` (gfx8+ v_readlane_b32 and
/// v_writelane_b32, which were VOP2 on gfx6/gfx7): `_e32` assembles the VOP3 form and
/// `_e64` is refused.
pub const E32_NAME: u64 = 1 << 62;
/// Takes its sources in reversed order (v_subrev_f32, v_lshlrev_b32, v_pk_ashrrev_i16,
/// ...): llvm-mc refuses lds_direct there ("lds_direct cannot be used with this
/// instruction"), so the decoder does not take such words either.
pub const REV: u64 = 1 << 63;
