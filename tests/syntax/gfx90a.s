// CDNA2 forms, as llvm-mc 22 prints and encodes them (expected: gfx90a.expected).
v_mfma_f32_4x4x2bf16 v[204:207], a16, a180, v[70:73] abid:11 blgp:2
v_mfma_i32_32x32x4i8 v[108:139], a231, a16, v[28:59] abid:3 blgp:4
buffer_wbl2
buffer_invl2
v_ceil_f64_dpp v[0:1], v[2:3] row_newbcast:1
v_fmac_f64_dpp v[0:1], v[2:3], v[4:5] row_newbcast:1
// VCC carry and condition masks are 64-bit without making an instruction DP ALU.
v_cndmask_b32_dpp v0, v1, v2, vcc quad_perm:[0,1,2,3]
v_addc_co_u32_dpp v0, vcc, v1, v2, vcc row_shl:1
v_add_co_u32_dpp v0, vcc, v1, v2 row_mirror
v_fmac_f64_dpp v[0:1], v[2:3], v[4:5] row_newbcast:1
global_load_ubyte v180, s[0:1] offset:-3719 lds
global_load_dword v1, s[0:1] offset:16 glc lds
global_load_sbyte v[2:3], off lds
scratch_load_ubyte v1, off offset:16 lds
scratch_load_dword off, s1 lds
buffer_load_dword v1, off, s[4:7], s1 noglc noslc noscc
global_load_dword v1, v[2:3], off glc noslc
flat_load_dword v1, v[2:3] noglc
s_load_dword s1, s[2:3], 0 noglc
v_mfma_f32_4x4x1f32 a[0:3], v0, v1, src_execz
v_mfma_f32_4x4x1f32 a[0:3], v0, v1, src_shared_base
// A double that needs its low half: llvm-mc warns and takes the high half.
v_fract_f64 v[0:1], 1.1
  v_cmp_eq_f64 vcc, -1.1, v[2:3]
l_f64_warn: v_fract_f64 v[0:1], 0.15915494309189532
v_fract_f64 v[0:1], 0.15915494309189532
// A packed operand's literal is 32 bits; an f16 constant's pattern is that constant.
v_dot2c_f32_f16_e32 v142, -32768, v213
v_dot2c_f32_f16_e32 v142, 0x3c003c00, v213
v_dot2c_f32_f16_e32 v142, 0x3c00, v213
v_dot2c_f32_f16_e32 v142, 65535, v213
v_dot2c_i32_i16_e32 v142, 0xffff8000, v213
v_dot2c_i32_i16_e32 v142, 0x3c00, v213
v_pk_add_f16 v0, 0x3c00, v1
buffer_load_dword v1, v[2:3], s[4:7], s1 idxen offen offset:4 slc scc glc
buffer_store_lds_dword s[4:7], s1 offset:4 lds glc
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
image_load_mip v[70:72], v142, s[68:75] dmask:0xd unorm scc
image_load v[2:5], v2, s[4:11] dmask:0xf glc slc scc
image_load v[2:5], v2, s[4:11] dmask:0xf noscc
image_load v[2:5], v2, s[4:11] dmask:0xf scc glc
