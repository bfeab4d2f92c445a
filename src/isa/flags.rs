//! Per-instruction property bits (the `flags` column of `isa/*.tsv`).
//!
//! Implicit operands (`r:scc`, `w:vcc`, ...) and counters are for the linter; the
//! rest steer the codecs, the printer and the parser.
//!
//! Each flag is one line below: the name the tables spell it with, the constant and
//! its bit. build.rs reads this file too (`#[path]`), for the spellings, so a new flag
//! is added here only.

/// Defines each flag's constant and [`NAMES`].
macro_rules! flags {
    ($($(#[$doc:meta])* $spelling:literal $name:ident = $bit:expr;)*) => {
        $($(#[$doc])* pub const $name: u128 = $bit;)*

        /// Each flag as the `flags` column spells it, with its constant's name and value.
        pub const NAMES: &[(&str, &str, u128)] = &[$(($spelling, stringify!($name), $name)),*];
    };
}

flags! {
    /// Reads SCC.
    "r:scc" R_SCC = 1 << 0;
    /// Writes SCC.
    "w:scc" W_SCC = 1 << 1;
    /// Reads VCC without naming it (e.g. v_div_fmas, s_cbranch_vccz).
    "r:vcc" R_VCC = 1 << 2;
    /// Writes VCC without naming it.
    "w:vcc" W_VCC = 1 << 3;
    /// Reads EXEC beyond the implicit mask every VALU applies (e.g. s_cbranch_execz).
    "r:exec" R_EXEC = 1 << 4;
    /// Writes EXEC (v_cmpx_*, s_and_saveexec_*).
    "w:exec" W_EXEC = 1 << 5;
    /// Reads M0.
    "r:m0" R_M0 = 1 << 6;
    /// Writes M0.
    "w:m0" W_M0 = 1 << 7;
    /// Transcendental VALU (rcp, rsq, sqrt, log, exp, sin, cos).
    "trans" TRANS = 1 << 8;
    /// VOP1/VOP2/VOPC instruction without a VOP3 form.
    "noe64" NO_E64 = 1 << 9;
    /// VOP1/VOP2/VOPC instruction that only assembles in its VOP3 form on this table's targets.
    "e64only" E64_ONLY = 1 << 10;
    /// VOP3 instruction that takes `op_sel` (gfx9 16-bit VOP3 instructions).
    "opsel" OPSEL = 1 << 11;
    /// No abs/neg source modifiers even though the sources are float-typed.
    "nomods" NO_MODS = 1 << 12;
    /// No `clamp`.
    "noclamp" NO_CLAMP = 1 << 13;
    /// No output modifier.
    "noomod" NO_OMOD = 1 << 14;
    /// Program-flow instruction (branch, call, return).
    "branch" BRANCH = 1 << 15;
    /// Increments LGKM_CNT.
    "lgkm" LGKM = 1 << 16;
    /// Increments VM_CNT.
    "vm" VM = 1 << 17;
    /// Increments EXP_CNT.
    "exp" EXP = 1 << 18;
    /// Takes the `glc` bit (SMEM stores and atomics).
    "glc" GLC = 1 << 19;
    /// Takes the `nv` bit.
    "nv" NV = 1 << 20;
    /// Mixed-precision VOP3P (v_mad_mix / v_fma_mix): op_sel_hi selects f16 sources.
    "mix" MIX = 1 << 21;
    /// The destination is also the third source (v_mac / v_fmac).
    "tied" TIED = 1 << 22;
    /// SOPP immediate that is printed only when non-zero (s_endpgm).
    "opt" OPT_IMM = 1 << 23;
    /// Ends the program (s_endpgm and variants).
    "halt" HALT = 1 << 24;
    /// Workgroup barrier.
    "barrier" BARRIER = 1 << 25;
    /// VOP3P instruction without op_sel / op_sel_hi (the integer dot products): both
    /// keep their defaults.
    "noopsel" NO_OPSEL = 1 << 26;
    /// Scalar sources are registers only: no inline constants or literals (s_setpc_b64,
    /// s_movrels_b32, ...).
    "sreg" SREG_ONLY = 1 << 27;
    /// Takes an output modifier although its destination is an integer (float-to-int
    /// conversions).
    "omod" OMOD = 1 << 28;
    /// Takes abs/neg on sources that are not float-typed (v_cndmask_b32).
    "mods" ANY_MODS = 1 << 29;
    /// Memory store (data is read from VGPRs).
    "store" STORE = 1 << 30;
    /// Atomic: with `glc` it returns the previous value into its data register.
    "atomic" ATOMIC = 1 << 31;
    /// Takes the `lds` modifier (buffer loads to LDS).
    "lds" LDS = 1 << 32;
    /// DS instruction with two 8-bit offsets (`offset0:`/`offset1:`).
    "offset2" OFFSET2 = 1 << 33;
    /// ds_swizzle_b32: the offset is a `swizzle(...)` pattern.
    "swizzle" SWIZZLE = 1 << 34;
    /// DS instruction that only exists with `gds` (GWS and ordered-count operations).
    "gds" GDS_ONLY = 1 << 35;
    /// DS instruction that does not take `gds`.
    "nogds" NO_GDS = 1 << 36;
    /// DS instruction without an address operand (lane id is the address).
    "addtid" ADDTID = 1 << 37;
    /// v_bitop3_b16/b32 (gfx950): the ABS, NEG and OMOD fields hold the `bitop3:`
    /// truth table (bits 5:3, 2:0 and 7:6), not source and output modifiers.
    "bitop3" BITOP3 = 1 << 38;
    /// MIMG instruction with a sampler operand.
    "sampler" SAMPLER = 1 << 39;
    /// MIMG gather4: dmask selects the one component gathered.
    "gather4" GATHER4 = 1 << 40;
    /// No returned data.
    "noret" NORET = 1 << 41;
    /// VOP3 interpolation that takes the `high` modifier (16-bit attribute halves).
    "high" HIGH = 1 << 42;
    /// VOP1/VOP2 instruction without a DPP form beyond what the signature implies.
    "nodpp" NO_DPP = 1 << 50;
    /// VOP1/VOP2/VOPC instruction without an SDWA form beyond what the signature implies.
    "nosdwa" NO_SDWA = 1 << 51;
    /// MIMG instruction that does not take `d16` (packed loads, resinfo, get_lod).
    "nod16" NO_D16 = 1 << 43;
    /// gfx90a FP atomics: no `scc` (llvm-mc drops it when assembling, its decoder rejects the bit);
    /// the same bit (`sc1`) is fine on gfx940.
    "noscc" NO_SCC = 1 << 52;
    /// Matrix fused multiply-add (VOP3P-MAI encoding: CBSZ/ABID/ACC_CD/ACC/BLGP fields).
    "mai" MAI = 1 << 44;
    /// Sparse MFMA: SRC2 is the index VGPR, the accumulator is the destination.
    "smfmac" SMFMAC = 1 << 45;
    /// Cache maintenance without operands (buffer_wbl2, buffer_invl2, buffer_inv): the
    /// cache-policy bits (gfx90a glc/slc/scc, gfx940 sc0/nt/sc1) are its only fields.
    "cpol" CPOL = 1 << 46;
    /// VOP3 `op_sel` with all four entries whatever the source count (v_cvt_sr_fp8_f32:
    /// bits 13 and 14 pick the destination byte).
    "opsel4" OPSEL4 = 1 << 47;
    /// The SDWA form takes only src0_sel: no dst_sel/dst_unused (DWORD, UNUSED_PAD) and no
    /// source modifiers (gfx940 fp8/bf8 conversions).
    "sdwasrc0" SDWA_SRC0 = 1 << 48;
    /// `clamp` only from gfx9 on (v_alignbit_b32, v_alignbyte_b32).
    "clamp9" CLAMP_GFX9 = 1 << 49;
    /// No literal source (s_cbranch_g_fork: registers and inline constants only).
    "nolit" NO_LITERAL = 1 << 53;
    /// An SDWA form on gfx8 although later generations have none (v_mac_f32, v_mac_f16).
    "sdwa8" SDWA_GFX8 = 1 << 54;
    /// The names in the `alias` column assemble the VOP3 form only (gfx6/gfx7
    /// v_add_co_u32 for v_add_i32_e64).
    "e64alias" ALIAS_E64 = 1 << 55;
    /// Compare-and-swap atomic: the data is a {source, compare} pair and the value
    /// returned is half as wide.
    "cmpswap" CMPSWAP = 1 << 56;
    /// Dot product (v_dot*): its own forwarding hazards on gfx90a and later.
    "dot" DOT = 1 << 57;
    /// Double-precision matrix multiply (v_mfma_f64_*, "DGEMM").
    "dgemm" DGEMM = 1 << 58;
    /// gfx940 MFMA on the XDL unit (xf32, f16, bf16, i8 and fp8 types; not f32 or f64).
    "xdl" XDL = 1 << 59;
    /// A branch that never falls through (s_branch, s_setpc_b64, s_rfe_b64).
    "jump" JUMP = 1 << 60;
    /// A call: control goes to the target and comes back after the instruction
    /// (s_call_b64, s_swappc_b64).
    "call" CALL = 1 << 61;
    /// A VOP3-only row llvm-mc names with `_e32`, not `_e64` (gfx8+ v_readlane_b32 and
    /// v_writelane_b32, which were VOP2 on gfx6/gfx7): `_e32` assembles the VOP3 form and
    /// `_e64` is refused.
    "e32name" E32_NAME = 1 << 62;
    /// Takes its sources in reversed order (v_subrev_f32, v_lshlrev_b32, v_pk_ashrrev_i16,
    /// ...): llvm-mc refuses lds_direct there ("lds_direct cannot be used with this
    /// instruction"), so the decoder does not take such words either.
    "rev" REV = 1 << 63;
    /// A buffer load with an LDS form on targets that load 3 and 4 dwords to LDS
    /// (`Features::LDS_DMA_X3_X4`: gfx950's buffer_load_dwordx3/x4 ... lds).
    "lds34" LDS34 = 1 << 64;
    /// With `noopsel`: llvm-mc reads `op_sel` and `op_sel_hi` (gfx940's v_dot2_*), then
    /// takes only an `op_sel` of zeros and no `op_sel_hi` at all ("invalid op_sel
    /// operand", at op_sel, else at the mnemonic).
    "opselzero" OPSEL_ZERO = 1 << 65;
    /// v_permlane16_swap_b32/v_permlane32_swap_b32 (gfx950): the VOP3 form takes
    /// `bound_ctrl:` and `fi:`, in OPSEL bits 1 and 0 (word bits 12 and 11).
    "permlaneswap" PERMLANE_SWAP = 1 << 66;
    /// gfx950's v_mfma_ld_scale_b32: loads the two scales of the scaled MFMA that
    /// follows it (the first word of a VOP3PX2 pair); takes no destination, clamp or
    /// neg, and two op_sel/op_sel_hi bits.
    "ldscale" LD_SCALE = 1 << 67;
    /// A scaled MFMA (v_mfma_scale_*): the 16-byte VOP3PX2 pair of a
    /// v_mfma_ld_scale_b32 word and the MFMA of the same opcode with bit 11 set; never
    /// the answer of `decode_op` for the MFMA's opcode alone.
    "scale" SCALE = 1 << 68;
}
