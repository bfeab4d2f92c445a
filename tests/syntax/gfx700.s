// GCN 1.1 (gfx7) forms, as llvm-mc 22 prints and encodes them (expected: gfx700.expected).
s_load_dword s1, s[2:3], 0x4
s_load_dword s1, s[2:3], 0x100
s_load_dwordx2 s[4:5], s[2:3], s7
s_buffer_load_dwordx4 s[4:7], s[8:11], 0x10
s_memtime s[2:3]
s_dcache_inv_vol
s_mov_b32 s1, s2
s_mov_b32 s103, flat_scratch_lo
s_mov_b64 s[0:1], tba
s_mov_b32 ttmp11, tma_hi
s_cmovk_i32 s1, 0x1234
s_waitcnt vmcnt(15) expcnt(7) lgkmcnt(15)
s_getreg_b32 s1, hwreg(HW_REG_IB_STS)
s_sendmsg sendmsg(MSG_INTERRUPT)
v_add_f32_e64 v1, v2, v3 clamp
v_mov_b32_e64 v1, v2
v_div_scale_f32 v1, vcc, v2, v3, v4
v_add_i32 v1, vcc, v2, v3
v_addc_u32 v1, vcc, v2, v3, vcc
v_cmps_eq_f32 vcc, v1, v2
v_cmpsx_lt_f64_e64 s[2:3], v[1:2], v[3:4]
v_mac_legacy_f32 v1, v2, v3
v_ldexp_f32 v1, v2, v3
v_readlane_b32 s1, v2, s3
v_readlane_b32 s1, v2, m0
v_writelane_b32 v1, s2, 5
v_cvt_f32_f16 v1, 0.15915494
v_mad_u64_u32 v[1:2], s[4:5], v2, v3, v[4:5]
v_trunc_f64 v[1:2], v[3:4]
v_interp_p1_f32 v1, v2, attr0.x
v_interp_mov_f32 v1, p10, attr2.y
ds_add_u32 v1, v2 offset:4 gds
ds_read2_b64 v[5:8], v1 offset0:1 offset1:2
buffer_load_dword v1, v[2:3], s[4:7], s1 addr64 offset:4 glc slc
buffer_load_dword v1, off, s[4:7], s1 slc
buffer_atomic_fcmpswap v[1:2], v[2:3], s[4:7], s1 addr64
tbuffer_store_format_xyzw v[1:4], off, s[4:7], s1 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_UINT]
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_NUM_FORMAT_SNORM_OGL]
image_load v1, v2, s[8:15] dmask:0x1 r128
image_atomic_fcmpswap v[1:2], v2, s[8:15] dmask:0x3
exp mrt0 v1, v2, v3, v4 done
flat_load_dword v1, v[2:3] glc
flat_atomic_fcmpswap v1, v[2:3], v[4:5] glc
// v_add_co_u32 and friends: gfx9 names llvm-mc takes for the VOP3 form of v_add_i32 etc.
v_add_co_u32 v0, vcc, v1, v2
v_add_co_u32_e64 v0, s[0:1], v1, v2
v_sub_co_u32 v0, vcc, s1, v2
v_subrev_co_u32 v0, s[2:3], 1.0, v2
s_load_dword s1, s[2:3]
s_load_dwordx2 s[2:3], s[4:5]
buffer_store_byte v1, off, s[4:7], 1.0
buffer_store_byte v1, off, s[4:7], -4.0
buffer_store_byte v1, off, s[4:7], src_scc
buffer_store_byte v1, off, s[4:7], 0x3f800000
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
v_add_f64 v[0:1], neg(1.0), v[2:3]
v_add_f64 v[0:1], neg(51), v[2:3]
v_add_f32_e64 v0, neg(1.0), v1
v_add_f32_e64 v0, neg(51), v1
v_add_f32 v0, neg(0x12345678), v1
v_add_f32 v0, |0x87654321|, v1
v_fma_f32 v0, neg(2.0), v1, v2
v_fma_f32 v0, neg(51), v1, v2
v_add_f32 v0, neg(s1), v1
v_add_f32 v0, -|v1|, 1.0
v_sqrt_f64 v[0:1], neg(1.0)
v_sqrt_f64 v[0:1], -|2.0|
v_sqrt_f64 v[0:1], neg(51)
v_cmp_eq_f64 vcc, neg(1.0), v[2:3]
v_cvt_f32_f64 v0, neg(0.5)
v_mac_f32 v0, neg(2.0), v1
v_cndmask_b32 v0, neg(1.0), v1, vcc
// issue 16: a register on v_cvt_f32_f16's VOP3 form; a constant on its 32-bit form.
v_cvt_f32_f16_e64 v177, s1
v_cvt_f32_f16 v1, -1
// A double that needs its low half: llvm-mc warns and takes the high half.
v_fract_f64 v[0:1], 1.1
  v_cmp_eq_f64 vcc, -1.1, v[2:3]
l_f64_warn: v_fract_f64 v[0:1], 0.15915494309189532
v_fract_f64 v[0:1], 0.15915494309189532
// Negated cache bits on SMRD loads: accepted, nothing set.
s_load_dwordx2 s[64:65], s[20:21], s101 noslc
s_buffer_load_dwordx2 ttmp[2:3], s[76:79], s101 noglc
// gfx7 v_writelane_b32 takes a literal as its data (with m0 or a constant as the lane).
v_writelane_b32 v246, 0x1fffff, m0
v_writelane_b32 v1, 0x12345, 5
