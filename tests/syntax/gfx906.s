// Operand syntax accepted by llvm-mc 22 for gfx906, per AMDGPUOperandSyntax.rst.
// The expected output (gfx906.expected, gfx906.bin) comes from tools/gen-syntax.sh;
// tests/syntax.rs checks that amdgpu-mc gives the same text and bytes.
# A '#' at the start of a line is a comment too.
; and so is a ';' line.
.text

// ---- Vector registers -------------------------------------------------------
v_mov_b32 v255, v0
v_mov_b32 v[0], v[1]
v_mov_b32 v[1:1], v[2*2]
v_mov_b32 v0, v[ 1 : 1 ]
v_mov_b32 v0, [v252]
v_mov_b32 [v1], [v2]
v_add_f64 v[0:1], v[2:3], v[4:5]
v_add_f64 v[2*2:2*2+1], v[1-1:2-1], v[6:7]
v_add_f64 v[0:1], [v2,v3], [v4, v5]
v_add_f64 v[0:1], v[1:2], v[3:4]
v_add_f64 v[254:255], v[0:1], v[252:253]

// ---- Scalar and trap registers ----------------------------------------------
s_mov_b32 s0, s101
s_mov_b32 s[2*2], s[5]
s_mov_b32 s0, [s4]
s_mov_b64 s[0:1], s[1-1+2:3]
s_mov_b64 s[0:1], [s2,s3]
s_mov_b64 ttmp[4:5], [s0,s1]
s_mov_b64 [ttmp4,ttmp5], ttmp[0:1]
s_mov_b32 ttmp15, ttmp0
s_mov_b32 ttmp[2*2], ttmp[15]
s_load_dwordx4 ttmp[4:7], s[0:1], 0x0
s_load_dwordx4 [ttmp4,ttmp5,ttmp6,ttmp7], s[0:1], 0x0
s_load_dwordx8 s[8:15], s[0:1], 0x0
s_load_dwordx16 s[16:31], s[0:1], 0x0
s_load_dwordx16 ttmp[0:15], s[0:1], 0x0

// ---- Special registers, SP3 lists and halves ---------------------------------
s_mov_b64 vcc, exec
s_mov_b64 flat_scratch, xnack_mask
s_mov_b64 s[0:1], [vcc_lo,vcc_hi]
s_mov_b64 s[0:1], [exec_lo,exec_hi]
s_mov_b64 s[0:1], [flat_scratch_lo,flat_scratch_hi]
s_mov_b64 s[0:1], [xnack_mask_lo,xnack_mask_hi]
s_mov_b64 s[0:1], [vcc]
s_mov_b64 s[0:1], [exec]
s_mov_b64 s[0:1], [flat_scratch]
s_mov_b64 s[0:1], [xnack_mask]
s_mov_b32 s0, [m0]
s_mov_b32 s0, [vcc_lo]
s_mov_b32 s0, [exec_hi]
s_mov_b32 vcc_lo, vcc_hi
s_mov_b32 exec_lo, exec_hi
s_mov_b32 flat_scratch_lo, flat_scratch_hi
s_mov_b32 xnack_mask_lo, xnack_mask_hi
s_mov_b32 m0, s101
v_mov_b32 v0, m0
v_cndmask_b32 v0, v1, v2, vcc
v_cndmask_b32_e64 v0, v1, v2, s[4:5]
v_cndmask_b32_e64 v0, v1, v2, exec

// ---- src_* values and their aliases ------------------------------------------
s_mov_b32 s0, src_shared_base
s_mov_b32 s0, shared_base
s_mov_b32 s0, src_shared_limit
s_mov_b32 s0, shared_limit
s_mov_b32 s0, src_private_base
s_mov_b32 s0, private_base
s_mov_b32 s0, src_private_limit
s_mov_b32 s0, private_limit
s_mov_b32 s0, src_pops_exiting_wave_id
s_mov_b32 s0, pops_exiting_wave_id
s_mov_b64 s[0:1], src_shared_base
v_mov_b32 v0, src_vccz
v_mov_b32 v0, vccz
v_mov_b32 v0, src_execz
v_mov_b32 v0, execz
v_mov_b32 v0, src_scc
v_mov_b32 v0, scc
v_mov_b32 v0, src_lds_direct
v_mov_b32 v0, lds_direct
v_add_f32 v0, lds_direct, v1
v_add_f32_e64 v0, src_shared_base, v1

// ---- Integer inline constants and literals -----------------------------------
s_mov_b32 s0, 0
s_mov_b32 s0, 64
s_mov_b32 s0, 65
s_mov_b32 s0, -1
s_mov_b32 s0, -16
s_mov_b32 s0, -17
s_mov_b32 s0, 0x1234
s_mov_b32 s0, 0X1F
s_mov_b32 s0, 0b1010
s_mov_b32 s0, 0B11
s_mov_b32 s0, 010
s_mov_b32 s0, 077
s_mov_b32 s0, 1234
s_mov_b32 s0, 0xffffffff
s_mov_b32 s0, 4294967295
s_mov_b32 s0, -0x80000000
s_mov_b32 s0, 0xffffffffffffffff
v_mov_b32 v0, 0x3f800000
v_mov_b32 v0, -2147483648
s_add_u32 s0, s1, 0x12345678
s_add_u32 s0, 0x12345678, 0x12345678
v_add_u32 v0, -1, v1
v_add_u32_e64 v0, -16, 64
s_mov_b64 s[0:1], -1
s_mov_b64 s[0:1], 64
s_mov_b64 s[0:1], 0x12345678
s_bfe_u64 s[0:1], 0xffefffff, s3
s_bfe_i64 s[0:1], -2, s3
v_ceil_f64 v[0:1], 0xffefffff
v_ceil_f64 v[0:1], 0x3ff00000
v_add_u16 v0, -1, v1
v_add_u16 v0, 0xff00, v0
v_add_u16 v0, 0x3800, v1
v_add_f16 v0, -1, v1
v_add_f16 v0, 0x1234, v1

// ---- Floating-point constants and literals ----------------------------------
v_mov_b32 v0, 0.5
v_mov_b32 v0, -0.5
v_mov_b32 v0, 1.0
v_mov_b32 v0, -1.0
v_mov_b32 v0, 2.0
v_mov_b32 v0, -2.0
v_mov_b32 v0, 4.0
v_mov_b32 v0, -4.0
v_mov_b32 v0, 0.0
v_mov_b32 v0, -0.0
v_mov_b32 v0, 0.15915494
v_mov_b32 v0, 0.1592
v_mov_b32 v0, 1.5
v_mov_b32 v0, 1e1
v_mov_b32 v0, 2.5e-1
v_mov_b32 v0, 1.0e+2
v_mov_b32 v0, .5
v_mov_b32 v0, -.25
v_mov_b32 v0, 5.
v_mov_b32 v0, 0x1p-1
v_mov_b32 v0, 0x1.8p1
v_mov_b32 v0, 1e-400
v_add_f16 v0, 0.1592, v1
v_add_f16 v0, 0.15915494, v1
v_add_f16 v0, 1.0, v1
v_add_f16 v0, 1.5, v1
v_add_f16 v1, 65500.0, v2
v_add_f32 v1, 65600.0, v2
v_add_f64 v[0:1], 0.15915494309189532, v[2:3]
v_add_f64 v[0:1], 1.0, v[2:3]
v_add_f64 v[0:1], -4.0, v[2:3]
v_ceil_f64 v[0:1], 1.5
v_ceil_f64 v[0:1], 0.0
v_ceil_f64 v[0:1], 0.15915494309189532
s_mov_b64 s[0:1], 0.5
s_mov_b64 s[0:1], -4.0
s_mov_b64 s[0:1], 0.0
s_mov_b32 s0, 0.5
s_mov_b32 s0, 1.5
v_add_u16 v0, 0.5, v1
v_add_u16 v0, -1.0, v1
v_pk_add_f16 v0, 0.5, v1
v_pk_add_f16 v0, 0.0, v1
v_pk_add_u16 v0, 1.0, v1
v_pk_mul_lo_u16 v0, 3, v2

// ---- Expressions ------------------------------------------------------------
s_mov_b32 s0, 1+2*3
s_mov_b32 s0, (1<<4)|1
s_mov_b32 s0, ~0
s_mov_b32 s0, -(3)
s_mov_b32 s0, --1
s_mov_b32 s0, +5
s_mov_b32 s0, 10/3
s_mov_b32 s0, -10/3
s_mov_b32 s0, 10%3
s_mov_b32 s0, 1 + 2
s_mov_b32 s0, 7-2-1
s_mov_b32 s0, 8/2/2
s_mov_b32 s0, 1|2+3
s_mov_b32 s0, 1<<2+1
s_mov_b32 s0, 2+1<<2
s_mov_b32 s0, 2*3<<1
s_mov_b32 s0, 3|4^1
s_mov_b32 s0, -2&7
s_mov_b32 s0, ~1+3
s_mov_b32 s0, 5!1
s_mov_b32 s0, 0x100>>4
s_mov_b32 s0, -16>>60
s_mov_b32 s0, 1==1
s_mov_b32 s0, 1 != 1
s_mov_b32 s0, 1<>2
s_mov_b32 s0, 2>1
s_mov_b32 s0, 1<=2
s_mov_b32 s0, 1>=2
s_mov_b32 s0, 1<2<3
s_mov_b32 s0, 1==1&1
s_mov_b32 s0, !0
s_mov_b32 s0, !!5
s_mov_b32 s0, 1&&2
s_mov_b32 s0, 0||0
s_mov_b32 s0, 1||0&&0
s_mov_b32 s0, ((2))
v_mov_b32 v0, 0x3f000000|0x800000
v_add_f32 v0, 1+1, v1
s_load_dword s0, s[0:1], 4*4

// ---- Symbols: .set and = ----------------------------------------------------
.set five, 5
ten = 10
big = 0x12345678
neg = -1
s_mov_b32 s0, five
s_mov_b32 s0, ten*2+five
s_mov_b32 s0, big
s_mov_b32 s0, neg
v_mov_b32 v[five], v[ten:ten]
s_mov_b64 s[ten:ten+1], s[2*five:11]
v_add_f32_e64 v0, |neg|, v1
s_waitcnt vmcnt(five)
s_getreg_b32 s0, hwreg(five, 0, ten)
s_sendmsg sendmsg(2, 2, five-5)
v_pk_add_f16 v0, v1, v2 op_sel:[five-4,0]

// ---- lit() ------------------------------------------------------------------
v_mov_b32 v0, lit(1.0)
v_mov_b32 v0, lit(0x3f800000)
v_mov_b32 v0, lit(64)
s_mov_b32 s0, lit(1)
s_mov_b32 s0, lit(0x12345678)
v_add_f32 v0, lit(1.0), v1
v_add_f16 v0, lit(0x3c00), v1
s_mov_b64 s[0:1], lit(1)
v_ceil_f64 v[0:1], lit(0x3ff00000)

// ---- Source modifiers -------------------------------------------------------
v_add_f32_e64 v0, abs(v1), neg(v2)
v_add_f32_e64 v0, |v1|, -v2
v_add_f32_e64 v0, -|v1|, neg(abs(v2))
v_add_f32_e64 v0, -abs(v1), |s2|
v_add_f32_e64 v0, neg(|v1|), v2
v_add_f32_e64 v0, - v1, v2
v_add_f32_e64 v0, |s1|, -s1
v_add_f32_e64 v0, -1, v2
v_add_f32_e64 v0, neg(1), v2
v_add_f32_e64 v0, -1.0, -v2
v_add_f32_e64 v0, neg(1.0), |2.0|
v_add_f32_e64 v0, |1|, v1
v_add_f32_e64 v0, |-1|, v1
v_add_f32_e64 v0, -|-1|, v1
v_add_f32_e64 v0, |-1.0|, v1
v_add_f32_e64 v0, neg(-1), v1
v_add_f32_e64 v0, -(-1), v1
v_add_f32_e64 v0, |(1|2)|, v1
v_add_f32_e64 v0, abs(1|2), v1
v_add_f32_e64 v0, neg(-1.0), v2
v_add_f32_e64 v0, neg(abs(-1)), v2
v_add_f32_e64 v0, neg(|-1|), v2
v_add_f32_e64 v0, -[v1], |[v2]|
v_add_f32 v0, |v1|, v2
v_add_f32 v0, -v1, v2
v_add_f32 v0, -s1, v2
v_add_f32 v0, -1.0, v2
v_add_f32 v0, -2, v2
v_add_f32 v0, -0.5, -v2
v_add_f64 v[0:1], -v[2:3], |v[4:5]|
v_add_f64 v[0:1], abs(v[2:3]), v[4:5]
v_fma_f32 v0, -v1, |v2|, -|v3|
v_fma_mix_f32 v0, -v1, |v2|, -|v3|
v_fma_mixlo_f16 v0, -v1, |v2|, -|v3|
v_mad_f32 v0, |v1|, v2, neg(v3)
v_cndmask_b32_e64 v0, -v1, |v2|, s[0:1]
v_cndmask_b32_e64 v0, -|v1|, v2, vcc
v_cmp_eq_f32_e64 s[0:1], -v1, |v2|
v_cmp_class_f32_e64 s[0:1], -v1, v2
v_fract_f32_e64 v0, -v1
v_cvt_f32_i32_e64 v0, v1 mul:2
v_cvt_i32_f32_e64 v0, -v1

// ---- clamp and output modifiers ---------------------------------------------
v_add_f32_e64 v0, v1, v2 clamp
v_add_f32_e64 v0, v1, v2 mul:2
v_add_f32_e64 v0, v1, v2 mul:4
v_add_f32_e64 v0, v1, v2 div:2
v_add_f32_e64 v0, v1, v2 clamp mul:2
v_add_f32_e64 v0, v1, v2 mul:1
v_add_f32_e64 v0, v1, v2 div:1
v_add_f32_e64 v0, v1, v2 mul : 2
v_add_f32_e64 v0, v1, v2 mul:(2)
v_add_f32_e64 v0, v1, v2 mul:1+1
v_add_f32 v0, v1, v2 clamp
v_add_f32 v0, v1, v2 div:2
v_add_u32 v0, v1, v2 clamp
v_add_u16 v0, v1, v2 clamp
v_add_co_u32_e64 v0, s[0:1], v1, v2 clamp
v_mad_f32 v0, v1, v2, v3 clamp mul:4
v_fract_f32_e64 v0, -v1 clamp div:2
v_cmp_eq_f32_e64 s[0:1], v1, v2 clamp
v_cvt_i32_f32_e64 v0, v1 clamp mul:2

// ---- op_sel, op_sel_hi, neg_lo, neg_hi --------------------------------------
v_fma_f16 v0, v1, v2, v3 op_sel:[0,1,1,0]
v_fma_f16 v0, v1, v2, v3 op_sel:[0,1,1,0] clamp
v_fma_f16 v0, v1, v2, v3 op_sel:[1,1]
v_fma_f16 v0, v1, v2, v3 op_sel:[1,1,1]
v_fma_f16 v0, v1, v2, v3 mul:2
v_mad_u16 v0, v1, v2, v3 op_sel:[1,0,0,1] clamp
v_pack_b32_f16 v0, v1, v2 op_sel:[1,0,1]
v_pack_b32_f16 v0, -v1, |v2| op_sel:[1,0,1]
v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]
v_pk_add_f16 v0, v1, v2 neg_lo:[1,0] neg_hi:[0,1]
v_pk_add_f16 v0, v1, v2 op_sel_hi:[1,1]
v_pk_add_f16 v0, v1, v2 op_sel:[0,0]
v_pk_add_f16 v0, v1, v2 op_sel:[1]
v_pk_add_f16 v0, v1, v2 op_sel:[1,0,1]
v_pk_add_f16 v0, v1, v2 op_sel:[1,1,1,1]
v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,0,0]
v_pk_add_f16 v0, v1, v2 op_sel_hi:[0]
v_pk_add_f16 v0, v1, v2 neg_lo:[1,1,1]
v_pk_add_f16 v0, v1, v2 neg_hi:[1]
v_pk_fma_f16 v0, v1, v2, v3 op_sel:[1,1,1] op_sel_hi:[0,0,0] neg_lo:[1,1,1] neg_hi:[1,0,1] clamp
v_pk_fma_f16 v0, v1, v2, v3 op_sel:[1-1,1*1,(1)]
v_pk_fma_f16 v0, v1, v2, v3 op_sel : [1,0,0]
v_pk_fma_f16 v0, v1, v2, v3 op_sel:[1,1]
v_pk_add_u16 v0, v1, v2 clamp
v_pk_add_u16 v0, v1, v2 neg_lo:[1,0]
v_dot2_f32_f16 v0, v1, v2, v3 op_sel:[1,0,0]
v_dot2_f32_f16 v0, v1, v2, v3 op_sel_hi:[0,0,0]
v_dot4_i32_i8 v0, v1, v2, v3 neg_lo:[1,0,0]
v_dot4_i32_i8 v0, v1, v2, v3 clamp
v_fma_mix_f32 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,1] clamp
v_fma_mix_f32 v0, v1, v2, v3 op_sel_hi:[1]
v_fma_mix_f32_e64 v0, v1, v2, v3
v_fma_f32_e64 v0, v1, v2, v3
v_pk_add_f16_e64 v0, v1, v2
v_fma_mixhi_f16 v0, v1, v2, v3 op_sel:[1,1,1] op_sel_hi:[0,1,0] clamp

// ---- SMEM offsets and glc ---------------------------------------------------
s_load_dword s0, s[2:3], 0x10
s_load_dword s0, s[2:3], 16
s_load_dword s0, s[2:3], s4
s_load_dword s0, s[2:3], s4 offset:0x10
s_load_dword s0, s[2:3], s4 offset:-8 glc
s_load_dword s0, s[2:3], s4 offset:1+1
s_load_dword s0, s[2:3], m0
s_load_dword s0, s[2:3], vcc_lo offset:0x100
s_load_dword s0, s[2:3], -0x10
s_load_dword s0, s[2:3], -16
s_load_dword s0, s[2:3], 0xfffff
s_load_dword s0, s[2:3], -0x100000
s_load_dwordx2 s[0:1], s[2:3], 0x4 glc
s_load_dwordx8 s[0:7], s[2:3], 1+2
s_store_dword s0, s[2:3], 0x0 glc
s_buffer_load_dword s0, s[4:7], 0x8
s_buffer_load_dwordx16 s[16:31], s[4:7], s8
s_buffer_store_dword s0, s[4:7], 0 glc
s_atc_probe 7, s[2:3], 0x0
s_dcache_inv
s_memtime s[0:1]

// ---- s_waitcnt --------------------------------------------------------------
s_waitcnt 0
s_waitcnt vmcnt(0)
s_waitcnt vmcnt(0) & lgkmcnt(0)
s_waitcnt vmcnt(0), lgkmcnt(0)
s_waitcnt vmcnt(0) lgkmcnt(0)
s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3)
s_waitcnt lgkmcnt(3) & vmcnt(1)
s_waitcnt expcnt(0)
s_waitcnt lgkmcnt(15)
s_waitcnt vmcnt(63)
s_waitcnt vmcnt(1+1)
s_waitcnt vmcnt(0) vmcnt(1)
s_waitcnt vmcnt_sat(100)
s_waitcnt lgkmcnt_sat(20) & expcnt_sat(9)
s_waitcnt 0xc07f
s_waitcnt 0x10000

// ---- hwreg and sendmsg ------------------------------------------------------
s_getreg_b32 s0, hwreg(HW_REG_MODE)
s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 32)
s_getreg_b32 s0, hwreg(HW_REG_HW_ID, 8, 4)
s_getreg_b32 s0, hwreg(HW_REG_IB_STS, 2+2, 1*4)
s_getreg_b32 s0, hwreg(HW_REG_SH_MEM_BASES)
s_getreg_b32 s0, hwreg(HW_REG_TBA_LO)
s_getreg_b32 s0, hwreg(1)
s_getreg_b32 s0, hwreg(4, 1, 2)
s_getreg_b32 s0, 0x1801
s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 1), s2
s_setreg_b32 hwreg(HW_REG_MODE), s0
s_setreg_b32 0x1801, s0
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x1234
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 65
s_sendmsg sendmsg(MSG_INTERRUPT)
s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)
s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 1)
s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)
s_sendmsg sendmsg(MSG_GS_ALLOC_REQ)
s_sendmsg sendmsg(MSG_GET_DOORBELL)
s_sendmsg sendmsg(2, 2, 3)
s_sendmsg sendmsg(15, 1)
s_sendmsg 0x12
s_sendmsghalt sendmsg(MSG_GS, GS_OP_EMIT_CUT, 2)
s_set_gpr_idx_on s0, gpr_idx(SRC0,DST)
s_set_gpr_idx_on s0, 3
s_set_gpr_idx_mode gpr_idx(SRC1,SRC2)
s_set_gpr_idx_mode gpr_idx()
s_set_gpr_idx_off

// ---- Other scalar immediates ------------------------------------------------
s_nop 7
s_nop 0xffff
s_endpgm
s_endpgm 3
s_trap 2
s_setprio 3
s_sleep 10
s_movk_i32 s0, 0x1234
s_movk_i32 s0, -1
s_movk_i32 s0, -0x8000
s_cmpk_eq_u32 s0, 0xffff
s_addk_i32 s0, 100
s_mulk_i32 s0, -2
s_cmp_eq_u32 s0, s1
s_cmp_lt_i32 s0, 5
s_bitcmp0_b32 s0, 1
s_cmp_eq_u64 s[0:1], s[2:3]
s_and_b64 s[0:1], s[2:3], exec
s_cselect_b32 s0, s1, -1
s_andn2_saveexec_b64 s[0:1], s[2:3]
s_setpc_b64 s[0:1]
s_getpc_b64 s[0:1]
s_swappc_b64 s[0:1], s[2:3]
s_bitset1_b32 s0, 31
s_bcnt1_i32_b64 s0, s[2:3]
s_lshl_b64 s[0:1], s[2:3], 5
s_movreld_b32 s0, s1
s_call_b64 s[0:1], 4

// ---- Labels and branches ----------------------------------------------------
start:
  s_branch start
  s_branch forward
  s_cbranch_scc0 start
  s_cbranch_vccz forward
  s_cbranch_execnz start
  s_branch 5
  s_branch -1
  s_call_b64 s[4:5], forward
loop: s_add_u32 s0, s0, 1
  s_cbranch_scc1 loop
two: three:
  s_nop 0
forward:
  s_nop 1

// ---- Comments and data ------------------------------------------------------
v_mov_b32 v0, v1 ; trailing comment
v_mov_b32 v0, v1 // trailing comment
v_mov_b32 v0, v1, // trailing comma
.long 0x12345678, 1
.long -1
.short 0x1234, -2
.byte 1, 2, 0xff
.quad 5
.long five+ten

// ---- Mnemonic case and encoding suffixes -----------------------------------
V_ADD_F32 v0, v1, v2
S_MOV_B32 s0, s1
V_Add_F32_E64 v0, v1, v2
v_add_f32_e32 v0, v1, v2
v_add_f32_e64 v0, v1, v2
v_add_f32_e64 v0, s1, v2
v_mov_b32_e32 v0, s1
v_mov_b32_e64 v0, s1
v_mov_b32_e64 v0, 0.5
v_cmp_eq_f32 vcc, v1, v2
v_cmp_eq_f32 s[0:1], v1, v2
v_cmp_eq_f32_e32 vcc, s1, v2
v_cmp_eq_u32_e64 vcc, 1, s1
v_cmpx_eq_u32 vcc, v1, v2
v_cmp_class_f32 vcc, v1, v2
v_add_co_u32 v0, vcc, v1, v2
v_add_co_u32 v0, s[0:1], v1, v2
v_addc_co_u32 v0, vcc, v1, v2, vcc
v_addc_co_u32 v0, s[0:1], v1, v2, s[2:3]
v_add_u32 v0 v1 v2
v_nop
v_readfirstlane_b32 s0, v1
v_readlane_b32 s0, v1, 2
v_writelane_b32 v0, s1, m0
v_madmk_f32 v0, v1, 0x41200000, v2
v_madak_f32 v0, v1, v2, 10.0
v_madak_f16 v0, v1, v2, 1.0
v_madmk_f32 v0, v1, 1, v2

// ---- Known differences (each has an entry in accepted.txt) -----------------
v_nop_e64
s_waitcnt 0x3f70
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 3
s_mov_b64 s[0:1], 0xffffffff
s_bfe_i64 s[0:1], 0xfffffff0, s3
v_add_u16 v0, -256, v0
v_add_u16 v0, 0xffffffffffffff00, v0
s_mov_b32 s0, lit(0x12345678)
s_branch -1
s_setprio -1
s_endpgm
// MIMG
image_load v1, v2, s[4:11] dmask:0x1
image_load v[1:4], v2, s[4:11] dmask:0xf unorm glc slc a16 lwe da
image_load v[1:5], v2, s[4:11] dmask:0xf tfe
image_load v[1:2], v2, s[4:11] dmask:0x7 d16
image_load v1, v2, s[4:11] dmask:0x1 slc glc
image_load v1, v2, ttmp[4:11]
image_load v1, v2, s[4:11] dmask:0x10
image_load v1, v[2:5], s[4:11] dmask:0x1
image_store v[1:2], v2, s[4:11] dmask:0xf d16
image_atomic_add v[1:3], v2, s[4:11] dmask:0x3 tfe
image_atomic_cmpswap v[1:4], v2, s[4:11] dmask:0xf glc
image_sample v[1:4], v[2:3], s[4:11], s[12:15] dmask:0xf
image_sample v1, v2, s[4:11], ttmp[12:15] dmask:0x1
image_gather4 v[1:2], v2, s[4:11], s[12:15] dmask:0x2 d16
image_gather4 v[1:5], v2, s[4:11], s[12:15] dmask:0x8 tfe
image_sample_c_d_cl_o v1, v[2:13], s[4:11], s[12:15] dmask:0x1
image_get_lod v[1:2], v[2:3], s[4:11], s[12:15] dmask:0x3
// EXP
exp mrt0 v1, v2, v3, v4 done vm
exp mrt0 v1, v2, v3, v4 compr
exp mrt0 v1, off, v3, off compr
exp mrtz v0, v0, v0, v0
exp null off, off, off, off
exp pos3 v1, off, v2, off done
exp param31 v1 v2 v3 v4
exp mrt7, v1, v2, v3, v4
// VINTRP and the VOP3 interpolations
v_interp_p1_f32 v1, v2, attr0.x
v_interp_p2_f32_e32 v1, v2, attr32.w
v_interp_mov_f32 v1, p10, attr1.y
v_interp_mov_f32 v1, p0, attr00.z
v_interp_p1_f32 v1, v2, attr3.w clamp
v_interp_p1_f32_e64 v1, -|v2|, attr3.w mul:2
v_interp_mov_f32_e64 v1, p20, attr31.y clamp div:2
v_interp_p1ll_f16 v1, v2, attr0.x high clamp mul:4
v_interp_p1lv_f16 v1, v2, attr0.x, -v3 high
v_interp_p2_legacy_f16 v1, v2, attr0.x, v3 high clamp
v_interp_p2_f16 v1, v2, attr0.x, v3 high clamp op_sel:[1,0,1,1]
v_interp_p2_f16 v1, v2, attr0.x, v3 op_sel:[0,1,0,0]
v_interp_p1ll_f16_e64 v1, v2, attr1.x
tbuffer_load_format_xyzw v[1:4], off, s[4:7], dfmt:14, nfmt:7, 0
tbuffer_load_format_x v1, off, s[4:7], dfmt:4, s0 offset:4
tbuffer_load_format_x v1, off, s[4:7], nfmt:2, s0
v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0x1 bank_mask:0x2 bound_ctrl:0
v_mov_b32_dpp v0, v1 row_shl:1 bank_mask:0x2 bound_ctrl:0
// What llvm-mc lets one leave out or add: _e32 on any non-VALU instruction, the VCC
// destination of a 32-bit compare, the SMEM offset.
s_mov_b32_e32 s0, s1
ds_read_b32_e32 v1, v2
s_dcache_wb_e32
v_cmp_eq_f32_e32 v1, v2
v_cmp_eq_f32 v1, v2
v_cmpx_gt_f64_e32 vcc, v[185:186]
s_load_dword s1, s[2:3]
s_buffer_load_dword s1, s[4:7] glc
s_store_dword s1, s[2:3]
s_atc_probe 1, s[2:3]
v_mov_b32 v0, v1 row_shl:1
v_add_f32 v0, v1, v2 quad_perm:[1,0,3,2] row_mask:0x3
v_mov_b32 v0, v1 dst_sel:WORD_1
v_add_f32 v0, v1, v2 src1_sel:BYTE_1
v_cmp_eq_f32 vcc, v1, v2 src0_sel:WORD_1
v_add_f32 v0, v1, v2 clamp dst_sel:WORD_1
v_mov_b32 v0, s1 dst_sel:WORD_1
v_mov_b32 v0, v1 dst_unused:UNUSED_PAD
v_add_f32 v0, v1, v2 mul:2 dst_sel:WORD_1
v_subrev_co_u32_e32 v159, s74, v247
v_add_co_u32_e32 v0, v1, v2
v_add_co_u32 v0, v1, v2
v_cndmask_b32_e32 v0, v1, v2
v_cndmask_b32 v0, v1, v2
v_cvt_u32_f32_sdwa v110, src_scc
v_cvt_u32_f32_sdwa v110, src_vccz
v_cvt_u32_f32_sdwa v110, src_shared_base
v_cvt_u32_f32_sdwa v110, src_pops_exiting_wave_id
v_add_f32_sdwa v1, v2, src_execz
buffer_store_byte v1, off, s[4:7], 1.0
buffer_store_byte v1, off, s[4:7], 0.15915494
buffer_store_byte v1, off, s[4:7], -4.0
buffer_store_byte v1, off, s[4:7], src_scc
buffer_store_byte v1, off, s[4:7], src_shared_base
buffer_store_byte v1, off, s[4:7], 0x3f800000
v_frexp_exp_i16_f16_e32 v20, neg(12)
v_sin_f32 v23, -|51|
v_sin_f32 v23, -51
v_sin_f32 v23, |51|
v_sin_f32 v23, neg(51)
v_sin_f32_e32 v23, -|51|
v_add_f32 v0, -|51|, v1
v_add_f32 v0, -|-2.0|, v1
v_add_f32 v0, |-1|, v1
v_add_f32 v0, neg(-1), v1
v_add_f32 v0, -|0.5|, v1
v_add_f32 v0, |-0.5|, v1
v_add_f16 v0, neg(2), v1
v_add_f16 v0, neg(1.0), v1
v_add_f16 v0, |-1.0|, v1
v_add_f64 v[0:1], neg(1.0), v[2:3]
v_add_f64 v[0:1], neg(51), v[2:3]
v_add_f32_e64 v0, neg(1.0), v1
v_add_f32_e64 v0, neg(51), v1
v_add_f32 v0, neg(0x12345678), v1
v_add_f32 v0, |0x87654321|, v1
v_fma_f32 v0, neg(2.0), v1, v2
v_fma_f32 v0, neg(51), v1, v2
v_add_f32 v0, neg(s1), v1
v_add_f32_sdwa v0, neg(2.0), v1
v_add_f32 v0, -|v1|, 1.0
v_sqrt_f64 v[0:1], neg(1.0)
v_sqrt_f64 v[0:1], -|2.0|
v_sqrt_f64 v[0:1], neg(51)
v_cmp_eq_f64 vcc, neg(1.0), v[2:3]
v_cvt_f32_f64 v0, neg(0.5)
v_add_f16 v0, |-2|, v1
v_mac_f32 v0, neg(2.0), v1
v_cndmask_b32 v0, neg(1.0), v1, vcc
// Issue 16: float literals that round to an inline integer; SMEM offsets at their
// limits; the 7-bit s_atc_probe field; SDWA clamp on integer results.
v_trunc_f32 v0, 1.401298464324817e-45
v_trunc_f16 v0, 5.960464477539063e-08
v_trunc_f32 v0, 3.4028234663852886e+38
v_trunc_f16 v0, 65519.0
s_atc_probe 38, s[52:53], s84
s_atc_probe 127, s[52:53], 0x10
s_atc_probe_buffer 45, s[52:55], s84
s_buffer_load_dword s10, s[92:95], 0xfffff
s_load_dword s10, s[92:93], -0x100000
s_store_dword s1, s[2:3], -1
s_buffer_load_dword s10, s[92:95], s4 offset:0xfffff
v_max_u32_sdwa v88, s57, v215 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_lshlrev_b32_sdwa v1, v2, v3 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_mov_b32_sdwa v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_and_b32_sdwa v1, v2, v3 clamp dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
// Read-only values where llvm-mc takes an SGPR with an 8-bit field.
s_cbranch_join src_execz
s_cbranch_join src_pops_exiting_wave_id
v_cmp_class_f16_e64 src_execz, v1, v2
v_cmp_eq_u32_e64 src_scc, v1, v2
v_cmpx_eq_u32_e64 src_vccz, v1, v2
v_cmp_lt_f64_e64 src_shared_base, v[1:2], v[2:3]
v_readfirstlane_b32 src_scc, v0
v_readlane_b32 src_execz, v1, 0
// hwreg's structured immediate.
s_getreg_b32 s0, {id: 51, offset: 1, size: 31}
s_getreg_b32 s0, {}
s_getreg_b32 s0, {size: 4, id: 1}
s_setreg_b32 {id: 1, offset: 2, size: 3}, s0
s_setreg_imm32_b32 {id: 1}, 0x12
s_getreg_b32 s0, { id : 1+2 }
s_getreg_b32 s0, {offset: 31, size: 2}
// Symbols named like the symbolic operands' own words do not change them.
sendmsg=2
hwreg=6
MSG_GS=-1
HW_REG_MODE=3
GS_OP_EMIT=0
vmcnt=1
s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)
s_getreg_b32 s0, hwreg(HW_REG_MODE)
s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 4)
s_sendmsg sendmsg(2)
s_getreg_b32 s0, hwreg(6)
s_sendmsg sendmsg
s_getreg_b32 s0, hwreg
s_waitcnt vmcnt(0)
s_waitcnt vmcnt
global_load_dword v1, v[2:3], off noglc noslc
s_load_dword s1, s[2:3], 0 noglc
// Integers on 16-bit, packed and f64 operands are inline constants only as llvm-mc reads them.
v_add_u16 v0, 65535, v1
v_rsq_f64 v[0:1], 0xffffffff
v_rsq_f64 v[0:1], 0x3ff00000
v_pk_add_u16 v0, 0xfffffff0, v1
v_pk_mad_i16 v132, lds_direct, 2.0, v98
s_load_dword s1, s[2:3], 0 noslc
// v_nop's DPP and SDWA forms.
v_nop_dpp quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_nop quad_perm:[1,0,3,2] row_mask:0x1 bank_mask:0x2
v_nop row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
v_nop_sdwa
// issue 16: v_readlane_b32/v_writelane_b32 take _e32 for their VOP3 form; the export target null.
v_readlane_b32_e32 s1, v2, 27
v_writelane_b32_e32 v1, s2, 27
exp null v0, v0, v0, v0
v_add_f32_e32 v1, src_lds_direct, v2
buffer_load_dword v1, off, s[4:7], s1 offset:4, glc
// A double that needs its low half: llvm-mc warns and takes the high half.
v_fract_f64 v[0:1], 1.1
  v_cmp_eq_f64 vcc, -1.1, v[2:3]
l_f64_warn: v_fract_f64 v[0:1], 0.15915494309189532
v_fract_f64 v[0:1], 0.15915494309189532
// v_ldexp_f16's exponent: numbers as an f16 operand's, modifiers an integer's.
v_ldexp_f16 v1, v2, 0x3c00
v_ldexp_f16 v1, v2, 0xffff
v_ldexp_f16_e64 v1, v2, -0x3c00
v_ldexp_f16 v1, v2, 0x3118
v_ldexp_f16 v1, v2, 5.960464477539063e-08
v_ldexp_f16 v1, v2, -2.0
v_ldexp_f16_sdwa v1, v2, sext(v3) dst_sel:DWORD src0_sel:WORD_0 src1_sel:WORD_0
// Read-only values as a condition mask; lit() as an SMEM offset; a 16-bit K keeps its sign.
v_cndmask_b32_e64 v1, v2, v3, src_execz
v_addc_co_u32_e64 v1, s[4:5], v2, v3, src_vccz
s_load_dword s76, s[20:21], lit(1) glc
v_madak_f16 v122, v141, v173, -1
v_readfirstlane_b32 s29, lds_direct
v_readlane_b32 s1, lds_direct, s2
tbuffer_load_format_x v1, v2, s[4:7], s1 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] idxen offset:4 glc slc
