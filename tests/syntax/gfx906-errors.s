// Common errors, one per line, as llvm-mc 22 reports them for gfx906
// (expected: gfx906-errors.stderr, from tools/gen-syntax.sh).

// ---- Mnemonics --------------------------------------------------------------
v_add_f33 v0, v1, v2
s_mov_b31 s0, s1
v_mov_b3 v0, v1
foo v0
v_add_nc_u32 v0, v1, v2
s_mov_b32_e64 s0, s1
v_madmk_f32_e64 v0, v1, 0x1, v2
v_mad_mix_f32_e32 v0, v1, v2, v3
v_mad_mix_f32 v0, v1, v2, v3
v_fma_mix_f32_e32 v0, v1, v2, v3
v_fma_f32_e32 v0, v1, v2, v3
123 v0
(v_mov_b32 v0, v1)
V_ADD_F32 V0, V1, V2

// ---- Operand counts and kinds -----------------------------------------------
v_add_f32
v_add_f32 v0, v1
v_add_f32 v0, v1, v2, v3
s_add_u32 s0, s1
s_mov_b32 v0, s1
v_mov_b32 s0, v1
s_mov_b32 s0, s[0:1]
s_mov_b64 s[0:1], s2
v_add_f64 v[0:1], v2, v[4:5]
v_add_f32_e32 v0, s1, s2
v_add_f32_e32 v0, v1, v2 clamp
v_mov_b32_e32 v0, v1 clamp
v_cmp_eq_f32_e32 s[0:1], v1, v2
v_cmp_eq_f32_e32 vcc, v1, s2
v_add_co_u32_e32 v0, s[0:1], v1, v2
v_addc_co_u32 v0, vcc, v1, v2, 0
s_mov_b32 s0, lds_direct
v_add_f32 v0, v1, lds_direct
s_mov_b32 s0, tba
s_mov_b32 s0, tma_lo
s_mov_b32 s0, pc
v_mov_b32 v0, a0
v_mov_b32 v0, acc[0]
v_mov_b32 v0, v1.l
v_mov_b32 v0 v1 v2

// ---- Register syntax --------------------------------------------------------
v_mov_b32 v256, v1
v_mov_b32 v0, v[255:256]
s_mov_b32 s102, s1
s_mov_b32 s0, s105
s_mov_b32 s0, s106
s_mov_b64 s[0:1], s[102:103]
s_mov_b64 s[0:1], s[106:107]
s_mov_b32 ttmp16, s1
s_mov_b64 s[0:1], ttmp[16:17]
s_mov_b64 s[1:2], s[2:3]
s_mov_b64 ttmp[1:2], s[2:3]
s_load_dwordx4 s[2:5], s[0:1], 0
s_load_dwordx4 ttmp[0:2], s[2:3], 0
s_load_dwordx16 s[0:31], s[2:3], 0
v_add_f64 v[0:12], v[2:3], v[4:5]
v_mov_b32 v[2:1], v0
v_mov_b32 v0, v[-1]
v_mov_b32 v0, v[1-2:0]
v_mov_b32 v0, v[x]
v_mov_b32 v0, v[0:1:2]
v_mov_b32 v0, v[0
v_mov_b32 v0, v[0:1
s_mov_b64 s[0:1], [s0,s2]
s_mov_b64 s[0:1], [s0,v1]
s_mov_b64 s[1:2], [s1,s2]
v_mov_b32 v0, [v1
v_mov_b32 v0, [v1 v2]
v_mov_b32 v0, [v[1:2],v3]
s_mov_b64 s[0:1], [vcc_hi,vcc_lo]
s_mov_b64 s[0:1], [exec_lo,vcc_hi]
s_mov_b64 s[0:1], [m0, m0]
s_mov_b32 s0, []
s_mov_b32 s0, [1]

// ---- Numbers and expressions ------------------------------------------------
s_mov_b32 s0, 0x100000000
s_mov_b32 s0, -0x80000001
s_mov_b32 s0, 0xffffffffffffffffff
s_mov_b32 s0, 99999999999999999999
s_mov_b32 s0, 0ffh
s_mov_b32 s0, 0b102
s_mov_b32 s0, 1+
s_mov_b32 s0, (1
s_mov_b32 s0, 1)
s_mov_b32 s0, ()
s_mov_b32 s0, 1 2
s_mov_b32 s0, -16>>1
v_mov_b32 v0, v1 # not a comment here
v_add_u16 v0, 0x1ff00, v0
v_add_u16 v0, 0xffffffffffff00ff, v0
v_add_f16 v1, 65600.0, v2
s_mov_b64 s[0:1], 1.5
s_mov_b64 s[0:1], 0.15915494
s_mov_b64 s[0:1], 0x100000000
v_madmk_f32 v0, v1, 0x100000000, v2

// ---- Literals ---------------------------------------------------------------
s_add_u32 s0, 0x12345678, 0x87654321
v_add_f32_e64 v0, 0x12345678, v1
v_add_f32_e64 v0, 1.5, v1
v_add_f64 v[0:1], 1.5, v[2:3]
v_add_f64 v[0:1], 0.15915494, v[2:3]
v_add_f64 v[0:1], lit(1.0), v[2:3]
v_lshlrev_b64 v[0:1], 1, 0xffffffff
v_pk_add_u16 v0, 0x3800, v1
v_madak_f32 v0, 0x1234, v2, 0x5678
v_mov_b32 v0, lit 1
v_mov_b32 v0, lit(1

// ---- Constant bus -----------------------------------------------------------
v_add_f32_e64 v0, s1, s2
v_fma_f32 v0, s1, s2, v3
v_add_f32 v0, 0x1234, s1
v_cndmask_b32_e64 v0, s1, v2, s[4:5]
v_madmk_f32 v0, s1, 0x1234, v2
v_cndmask_b32_e64 v0, -|s1|, v2, vcc
v_addc_co_u32 v0, vcc, s1, v2, vcc

// ---- Source modifiers -------------------------------------------------------
v_add_f32_e64 v0, --1, v1
v_add_f32_e64 v0, - -1, v1
v_add_f32_e64 v0, -neg(v1), v2
v_add_f32_e64 v0, abs(-v1), v2
v_add_f32_e64 v0, neg(-v1), v2
v_add_f32_e64 v0, |-v1|, v2
v_add_f32_e64 v0, |abs(v1)|, v2
v_add_f32_e64 v0, abs(|v1|), v2
v_add_f32_e64 v0, -|v1|, abs(neg(v2))
v_add_f32_e64 v0, |1+1|, v1
v_add_f32_e64 v0, -|1+1|, v1
v_add_f32_e64 v0, abs(v1, v2
v_add_f32_e64 v0, neg(v1, v2
v_add_f32_e64 v0, |v1, v2
v_add_f32_e64 v0, neg v1
v_add_f32_e64 v0, abs v1
v_add_f32_e64 v0, |x|, v1
v_add_f32_e64 v0, sext(v1), v2
v_add_f32_e64 -v0, v1, v2
v_add_f32_e64 v0, v1, v2, -v3
v_add_f32_e32 v0, -v1, v2
v_add_u32 v0, -v1, v2
v_add_u32_e64 v0, -v1, v2
v_add_u32_e64 v0, neg(1), v2
v_max_i32_e64 v0, |v1|, v2
v_cvt_f32_i32_e64 v0, -v1
v_mov_b32_e64 v0, |v1|
v_cndmask_b32_e64 v0, v1, v2, -s[0:1]
v_pk_add_f16 v0, -v1, v2
v_pk_add_f16 v0, |v1|, v2
v_pk_add_f16 v0, neg(v1), v2
v_pk_add_u16 v0, -v1, v2
s_mov_b32 s0, -s1

// ---- Named modifiers ----------------------------------------------------------
v_add_f32_e64 v0, v1, v2 mul:3
v_add_f32_e64 v0, v1, v2 div:4
v_add_f32_e64 v0, v1, v2 mul:-2
v_add_f32_e64 v0, v1, v2 mul:x
v_add_f32_e64 v0, v1, v2 mul:2 clamp
v_add_f32_e64 v0, v1, v2 mul:2 div:2
v_add_f32_e64 v0, v1, v2 clamp clamp
v_add_f32_e64 v0, v1, v2 clamp mul:2 clamp
v_add_f32_e64 v0, v1, v2 clamp:1
v_add_f32_e64 v0, v1, v2 foo:1
v_add_f32_e64 v0, v1, v2 foo
v_add_f32_e64 v0, v1 clamp
v_add_f32_e64 v0, v1 mul:2
v_add_f32_e64 v0, v1, v2 op_sel:[0,0,0]
v_add_f16_e64 v0, v1, v2 op_sel:[1,0,1]
v_mov_b32_e64 v0, v1 mul:2
v_mov_b32_e64 v0, v1 clamp
v_add_u32_e64 v0, v1, v2 mul:2
v_mul_lo_u32 v0, v1, v2 clamp
v_cmp_eq_f32_e64 s[0:1], v1, v2 mul:2
v_cmp_eq_u32_e64 s[0:1], v1, v2 clamp
v_fma_f16 v0, v1, v2, v3 clamp op_sel:[0,1,1,0]
v_fma_f16 v0, v1, v2, v3 op_sel:[1,1,1,1,1]
v_pk_fma_f16 v0, v1, v2, v3 clamp op_sel:[1,1,1]
v_pk_fma_f16 v0, v1, v2, v3 op_sel_hi:[0,0,0] op_sel:[1,1,1]
v_pk_fma_f16 v0, v1, v2, v3 neg_hi:[1,0,1] neg_lo:[1,1,1]
v_pk_add_f16 v0, v1, v2 neg_hi:[1,0] op_sel:[1,1]
v_pk_add_f16 v0, v1, v2 op_sel:[1,0
v_pk_add_f16 v0, v1, v2 op_sel:[]
v_pk_add_f16 v0, v1, v2 op_sel:1
v_pk_fma_f16 v0, v1, v2, v3 op_sel:[2,0,0]
v_pk_fma_f16 v0, v1, v2, v3 op_sel_hi:[0,2,0]
v_pk_fma_f16 v0, v1, v2, v3 neg_lo:[0,0,-1]
v_pk_add_f16 v0, v1, v2 mul:2
v_dot4_i32_i8 v0, v1, v2, v3 op_sel:[1,0,0]
v_dot4_i32_i8 v0, v1, v2, v3 op_sel_hi:[1,1,1]
v_fma_mix_f32 v0, v1, v2, v3 neg_lo:[1,0,0]
s_mov_b32 s0, s1 clamp
s_mov_b32 s0, s1 mul:2

// ---- SMEM -------------------------------------------------------------------
s_load_dword s0, s[2:3], 0x100000
s_load_dword s0, s[2:3], -0x100001
s_load_dword s0, s[2:3], v1
s_load_dword s0, s[2:3], s[4:5]
s_load_dword s0, s[2:3], s4 offset:0x100000
s_load_dword s0, s[2:3], 0 offset:4
s_load_dword s0, s[2:3], offset:4
s_load_dword s0, s[2:3] offset:4
s_load_dword s0, s[2:3], s4 glc offset:4
s_load_dword s0, s[2:3], 0x10 glc glc
s_load_dword s0, s[2:3], 0x10 nv
s_load_dword s0, s[2:3], 0 glc:1
s_load_dword s0, s[1:2], 0
s_load_dword s[0:1], s[2:3], 0
s_memtime s[0:1] glc
s_dcache_inv glc

// ---- Scalar immediates, s_waitcnt, hwreg, sendmsg -----------------------------
s_endpgm 0x10000
s_endpgm -1
s_branch 0x10000
s_branch -0x8001
s_cbranch_execz 65536
s_call_b64 s[0:1], 0x10000
s_branch undefined+4
s_movk_i32 s0, 0x10000
s_movk_i32 s0, -0x8001
s_cmpk_eq_u32 s0, 0x10000
s_cmpk_eq_u32 s0, -1
s_getreg_b32 s0, 0x10000
s_sendmsg 0x10000
s_setreg_imm32_b32 0x10000, 1
s_waitcnt vmcnt(64)
s_waitcnt expcnt(8)
s_waitcnt lgkmcnt(16)
s_waitcnt foo(0)
s_waitcnt vmcnt(0
s_waitcnt vmcnt 0
s_getreg_b32 s0, hwreg(HW_REG_FOO)
s_getreg_b32 s0, hwreg(HW_REG_MODE, 32, 1)
s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 33)
s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 0)
s_getreg_b32 s0, hwreg(64)
s_getreg_b32 s0, hwreg(HW_REG_MODE
s_getreg_b32 s0, hwreg(HW_REG_MODE, 1)
s_getreg_b32 s0, hwreg(HW_REG_XCC_ID)
s_sendmsg sendmsg(MSG_FOO)
s_sendmsg sendmsg(MSG_GS, GS_OP_FOO)
s_sendmsg sendmsg(MSG_GS)
s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 4)
s_sendmsg sendmsg(MSG_GET_DDID)
s_sendmsg sendmsg(MSG_INTERRUPT, 1)
s_set_gpr_idx_on s0, gpr_idx(SRC0,SRC0)
s_set_gpr_idx_on s0, gpr_idx(FOO)
s_set_gpr_idx_on s0, 16

// ---- Directives and labels --------------------------------------------------
.foo 1
.long 0x100000000
.byte 256
.short -40000
.long x_undefined
.set
.set y
.p2align 32
.balign 3
.align 3
dup:
dup:
image_load v1, v2, s[4:11] glc dmask:0x1
image_load v1, v2, s[4:11] dmask:0x1 d16 da
image_load v1, v2, s[4:11] dmask:0x1 unorm unorm
image_load v1, v2, s[4:11] dmask:0x1 offset:4
image_load v1, v2, s[4:11] dmask:0x1 gds
image_load v[1:2], v2, s[4:11] dmask:0x1
image_load v1, v2, s[4:11], s[12:15] dmask:0x1
image_sample v1, v2, s[4:11] dmask:0x1
image_atomic_add v1, v2, s[4:11] dmask:0x1 d16
image_atomic_add v1, v2, s[4:11]
image_atomic_add v[1:4], v2, s[4:11] dmask:0x3 tfe
image_atomic_add v1, v2, s[4:11] dmask:0xf
image_atomic_cmpswap v[1:3], v2, s[4:11] dmask:0x7
image_gather4 v[1:4], v2, s[4:11], s[12:15] dmask:0x3
image_gather4 v[1:3], v2, s[4:11], s[12:15] dmask:0x2 d16 tfe
image_get_resinfo v1, v2, s[4:11] dmask:0x1 d16
image_load_pck v1, v2, s[4:11] dmask:0x1 d16
image_load v1, v2, s[4:11] dmask:0x1 r128
image_load v1, v2, s[4:11] dmask:0x1 unorm glc glc
image_load v1, v2, s[4:11] dmask:0x1 slc slc
image_load v1, v2, s[4:11] dmask:0x1 dmask:0x1
image_load v1, v2, s[96:103] dmask:0x1
image_load v1, v2, s[4:7] dmask:0x1
image_load v1, v[2:6], s[4:11] dmask:0x1
image_sample_c_d_cl_o v1, v[2:4], s[4:11], s[12:15] dmask:0x1
image_load v1, v2
exp mrt0 v1, v2, v3, v4 vm done
exp mrt0 v1, v2, v3
exp pos4 v1, v2, v3, v4
exp prim v1, v2, v3, v4
exp mrt8 v1, v2, v3, v4
exp mrt00 v1, v2, v3, v4
exp param32 v1, v2, v3, v4
exp foo v1, v2, v3, v4
exp mrt0 v1, s2, v3, v4
exp mrt0 v[1:2], v2, v3, v4
exp mrt0 v1, v2, v3, v4 glc
exp mrt0 v1, v2, v3, v4 offset:4
exp mrt0 -v1, v2, v3, v4
exp mrt0 off, off, off, off compr compr
v_interp_p1_f32 v1, v2, attr33.w
v_interp_p1_f32 v1, v2, attr1.q
v_interp_p1_f32 v1, v2, attr1
v_interp_p1_f32 v1, v2, attr0x.x
v_interp_p1_f32 v1, v2, ATTR1.x
v_interp_p1_f32 v1, s2, attr1.x
v_interp_p1_f32 v1, s2, attr33.x
v_interp_mov_f32 v1, p30, attr1.x
v_interp_mov_f32 v1, v1, attr1.x
v_interp_p1_f32 v1, v2, attr1.x high
v_interp_p2_f16 v1, v2, attr0.x, v3 op_sel:[1,0,0,0] high
v_interp_p2_f16 v1, v2, attr0.x, v3 clamp high
v_interp_p1lv_f16 v1, v2, attr0.x, s3
v_interp_p1lv_f16 v1, v2, attr0.x, v3 op_sel:[1,0,0,0]
v_interp_p1ll_f16 v1, v2, attr0.x mul:2 clamp
v_interp_p2_f16 v1, v2, attr0.x, v3 mul:2
v_interp_p1_f32_e64 v1, v2, attr0.x, v3
v_interp_p1ll_f16_e32 v1, v2, attr0.x
// DPP: the control first and required, then row_mask, bank_mask, bound_ctrl in order.
v_mov_b32_dpp v0, v1
v_add_f32_dpp v0, -v1, v2
v_mov_b32_dpp v0, v1 row_mask:0xf
v_mov_b32_dpp v0, v1 bound_ctrl:0 row_shl:1
v_mov_b32_dpp v0, v1 row_mask:0xf quad_perm:[0,1,2,3]
v_mov_b32_dpp v0, v1 row_shl:1 row_shl:1
v_mov_b32_dpp v0, v1 row_shl:1 row_mirror
v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0x1 row_mask:0x1
v_mov_b32_dpp v0, v1 row_shl:1 bank_mask:0x2 row_mask:0x1
v_mov_b32_dpp v0, v1 row_shl:1 bank_mask:0x2 bank_mask:0x2
v_mov_b32_dpp v0, v1 row_shl:1 bound_ctrl:0 bank_mask:0x2
v_mov_b32_dpp v0, v1 row_shl:1 bound_ctrl:0 bound_ctrl:0
v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0x1 bank_mask:0x2 bound_ctrl:0 bound_ctrl:0
v_mov_b32_dpp v0, v1 clamp
v_add_f32_dpp v0, v1, v2 clamp row_shl:1
v_add_f32_dpp v0, v1, v2 row_shl:1 clamp
v_mov_b32_dpp v0, v1 row_shl:1 row_shl:1     // a comment after spaces leaves the columns alone
v_cmp_eq_f32_e32 vcc, v1
v_cmp_eq_f32_e64 v1, v2
v_cmp_eq_f32_sdwa vcc, v2
v_cmp_eq_f32_sdwa v1, v2
s_mov_b32_e64 s0, s1
s_cmp_lg_u32_e64 s88, exec_lo
flat_load_dword_e64 v1, v[2:3]
v_mad_f32_e32 v0, v1, v2, v3
v_mad_f32 v0, v1, v2, v3 row_shl:1
s_mov_b32 s0, s1 row_shl:1
v_mov_b32 v0, v1 row_mask:0x1
v_mov_b32 v0, v1 bound_ctrl:0
v_mov_b32 v0, v1 bank_mask:0x1
v_add_f32 v0, sext(v1), v2
v_mov_b32 v0, v1 row_shl:1 dst_sel:WORD_1
v_mov_b32 v0, s1 row_shl:1
v_add_f64 v[0:1], v[2:3], v[4:5] row_shl:1
v_cmp_eq_f32 v1, v2 src0_sel:WORD_1
v_add_f32_e64 v0, v1, v2 dst_sel:WORD_1
buffer_atomic_inc v230, v[225:226], s[0:3], s13 idxen offen offset:3247 glc slc idxen
buffer_store_short v33, v[177:178], s[28:31], exec_lo idxen offen offset:1884 glc slc, slc
ds_max_src2_u32 v253 offset:46699 gds, gds
ds_read2_b64 v[148:151], v234 offset0:250 offset1:7 gds gds
flat_atomic_or v[114:115], v86 offset:1603, offset:4
v_ceil_f16_sdwa v216, -|v181| dst_sel:BYTE_2 dst_unused:UNUSED_PAD src0_sel:BYTE_2 src0_sel:BYTE_0
v_min_f16_sdwa v51, |s21|, -v234 clamp mul:2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:WORD_1 clamp
v_add_f32_sdwa v0, v1, v2 src0_sel:WORD_1 dst_sel:WORD_1
v_add_f32_sdwa v0, v1, v2 dst_unused:UNUSED_PAD dst_sel:WORD_1
v_add_f32_sdwa v0, v1, v2 src1_sel:WORD_1 src0_sel:WORD_1
v_add_f32_sdwa v0, v1, v2 mul:2 clamp
buffer_store_dword v142, v136, ttmp[12:15], s5 idxen offset:3616 slc, offset:4
global_store_dwordx4 v[216:217], v[175:178], off offset:-3235 glc offset:4
v_add_u32_sdwa v226, v238, v74 dst_sel:BYTE_2 dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:BYTE_1, dst_sel:WORD_1
v_cvt_f32_u32_sdwa v130, v147 clamp dst_sel:BYTE_3 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 mul:2
v_addc_co_u32_e32 v0, v1, v2
v_addc_co_u32_e32 v0, vcc, v1, v2
v_addc_co_u32 v0, v1, v2
v_addc_co_u32_e32 v0, v1, v2, vcc
v_add_co_u32_sdwa v0, v1, v2
v_trunc_f32 v0, 2.3509886e-70
v_trunc_f32 v0, 1.0e-50
v_trunc_f32 v0, 1.0e-40
v_trunc_f32 v0, -1.0e-50
v_trunc_f32 v0, 3.4028236e38
v_trunc_f16 v0, 1.0e-10
v_trunc_f16 v0, 1.0e-5
v_trunc_f16 v0, 65520.0
v_add_f16 v0, 1.0e-7, v1
v_pk_add_f16 v0, 1.0e-10, v1
v_add_u32 v0, 1.0e-50, v1
v_add_u16 v0, 1.0e-10, v1
s_mov_b32 s0, 1.0e-50
s_mov_b64 s[0:1], 1.0e-50
v_add_f64 v[0:1], 1.1, v[2:3]
s_buffer_load_dword s10, s[92:95], -1
s_buffer_load_dword s10, s[92:95], 0x100000
s_buffer_store_dword s10, s[92:95], -1
s_buffer_atomic_add s10, s[92:95], -1
s_atc_probe_buffer 0, s[92:95], 0xFFFFFFFFFFF00000
s_buffer_load_dword s10, s[92:95], s4 offset:-1
s_load_dword s10, s[92:93], 0x100000
s_sendmsg -1
s_getreg_b32 s0, -1
s_set_gpr_idx_on s0, -1
global_load_dword v1, v[2:3], off glc noglc
buffer_load_dword v1, off, s[4:7], s1 noscc
s_getreg_b32 s0, hwreg({id: 51, offset: 1, size: 31})
s_getreg_b32 s0, {id: HW_REG_MODE}
s_getreg_b32 s0, {id: 1, id: 2}
s_getreg_b32 s0, {id: 64}
s_getreg_b32 s0, {id: 1, offset: 32}
s_getreg_b32 s0, {id: 1, size: 0}
s_getreg_b32 s0, {id: 1, size: 33}
s_getreg_b32 s0, {id: 1,}
s_getreg_b32 s0, {foo: 1}
s_setpc_b64 src_execz
s_cbranch_join src_shared_base
v_readfirstlane_b32 src_shared_base, v0
v_cmp_class_f16_e64 src_lds_direct, v1, v2
v_pk_add_u16 v0, 0xffff, v1
v_add_u16_e64 v0, 65535, v1
s_memrealtime s[22:23], noglc
s_load_dword s1, s[2:3], 0 nont
// issue 16, the last unlisted lines: carry-in left out, lds_direct on reversed operands
// and in SDWA, readlane/writelane named _e64, gfx10's null, a comma between cache bits.
v_lshlrev_b32_e32 v1, lds_direct, v2
v_subrev_u16_e64 v202, lds_direct, v1
v_pk_ashrrev_i16 v1, lds_direct, v2
v_add_f16_sdwa v1, src_lds_direct, v2
v_readlane_b32_e64 s1, v2, 27
v_writelane_b32_e64 v1, s2, 27
v_cmp_class_f32_e32 vcc, null, v5
s_mov_b32 null, s1
buffer_load_dword v1, off, s[4:7], null
buffer_load_dword v1, off, s[4:7], s1 glc, slc
global_load_dword v1, v[2:3], off glc, slc
image_load v1, v2, s[8:15] dmask:0x1 glc, slc
s_atomic_smin_x2 s[6:7], s[96:97], s23 noscc
s_dcache_inv noscc
global_load_dword v1, v[2:3], off glc offset:4
buffer_load_format_xy v[23:25], v56, ttmp[12:15], s56 idxen offset:489 slc tfe, noglc
v_ldexp_f16_e64 v1, v2, -v3
v_ldexp_f16 v1, v2, 0x1234
global_load_dword v1, v2, exec
image_load v[1:4], v2, s[4:11] dmask:0xf scc
buffer_wbinvl1 noslc
tbuffer_load_format_x v1, v2, s[4:7], s1 offen format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] offset:4 glc
v_div_scale_f32 v168, s[36:37], v190, v1, |v2|
v_add_co_u32_e64 v1, s[2:3], |v2|, v3
// Constant bus: llvm-mc counts the implicit reads, then the sources in order, and points at the one over the limit.
v_fma_f32 v0, s1, s2, s3
v_fma_f32 v0, s1, s2, s2
v_fma_f32 v0, s3, s1, s1
v_div_fmas_f32 v0, s1, s2, v3
v_cndmask_b32_e64 v0, s4, s1, s[4:5]
v_fma_f32 v0, ttmp3, src_scc, v1
v_mov_b32_dpp v1, v2 row_shl:1 bound_ctrl:1 bound_ctrl:2
v_mov_b32_dpp v1, v2 row_mask:0xf bound_ctrl:2
