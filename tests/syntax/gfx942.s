// CDNA3 forms, as llvm-mc 22 prints and encodes them (expected: gfx942.expected).
// fp8/bf8 conversions
v_cvt_f32_fp8 v1, v2
v_cvt_f32_bf8 v1, s2
v_cvt_pk_f32_fp8 v[2:3], v2
v_cvt_pk_f32_bf8 v[2:3], 1
v_cvt_f32_fp8_e64 v1, v2 clamp mul:2
v_cvt_pk_f32_fp8_e64 v[2:3], 1.0
v_cvt_f32_fp8_sdwa v1, v2 src0_sel:BYTE_2
v_cvt_f32_fp8_sdwa v1, s2 clamp src0_sel:BYTE_1
v_cvt_pk_f32_bf8_sdwa v[2:3], v2 mul:2 src0_sel:WORD_1
v_cvt_f32_fp8_dpp v1, v2 quad_perm:[0,1,2,3]
v_cvt_pk_f32_fp8_dpp v[2:3], v2 row_newbcast:3
v_cvt_f32_fp8 v1, 0x1234
v_cvt_pk_fp8_f32 v1, v2, v3
v_cvt_pk_fp8_f32 v1, v2, v3 op_sel:[0,0,1]
v_cvt_pk_fp8_f32 v1, -v2, |v3|
v_cvt_pk_bf8_f32 v1, 1.0, v3 op_sel:[1,0,0]
v_cvt_pk_fp8_f32 v1, v2, v3 op_sel:[0,0,0,1]
v_cvt_sr_fp8_f32 v1, v2, v3 op_sel:[0,0,1,1]
v_cvt_sr_fp8_f32 v1, v2, v3 op_sel:[0,0,0,1]
v_cvt_sr_bf8_f32 v1, v2, v3 op_sel:[1,0,0,0]
v_cvt_sr_bf8_f32 v1, |v2|, 7
v_cvt_sr_bf8_f32 v1, -v2, s3
// cache maintenance with cache-policy bits
buffer_wbl2
buffer_wbl2 sc1
buffer_wbl2 sc0 sc1
buffer_inv sc1
buffer_inv sc0 sc1
// 64-bit DPP
v_ceil_f64_dpp v[0:1], v[2:3] row_newbcast:1
v_cvt_f32_f64_dpp v0, v[2:3] row_newbcast:15
v_cvt_f64_i32_dpp v[0:1], v2 row_newbcast:1 row_mask:0x3
v_fmac_f64_dpp v[0:1], v[2:3], v[4:5] row_newbcast:1
v_mov_b64_dpp v[0:1], v[2:3] row_newbcast:1
// MFMA modifiers in order
v_mfma_f64_16x16x4_f64 v[0:7], v[0:1], v[2:3], v[0:7] cbsz:1 neg:[1,0,0]
v_mfma_f32_32x32x2_f32 a[0:15], v0, v1, a[0:15] cbsz:1 abid:1 blgp:1
v_mfma_f32_4x4x4bf16_1k v[204:207], a[16:17], a[180:181], v[70:73] abid:11 blgp:2
buffer_load_dword v1, off, s[4:7], s1 nosc0 nosc1 nont
global_load_dword v1, v[2:3], off sc0 nont
// A double that needs its low half: llvm-mc warns and takes the high half.
v_fract_f64 v[0:1], 1.1
  v_cmp_eq_f64 vcc, -1.1, v[2:3]
l_f64_warn: v_fract_f64 v[0:1], 0.15915494309189532
v_fract_f64 v[0:1], 0.15915494309189532
s_atomic_smin_x2 s[6:7], s[96:97], s23 noscc
s_buffer_atomic_cmpswap_x2 s[52:55], s[0:3], s57 noscc
s_load_dword s1, s[2:3], s4 noglc
// A packed operand's literal is 32 bits; an f16 constant's pattern is that constant.
v_dot2c_f32_f16_e32 v142, -32768, v213
v_dot2c_f32_f16_e32 v142, 0x3c003c00, v213
v_dot2c_f32_f16_e32 v142, 0x3c00, v213
v_dot2c_f32_f16_e32 v142, 65535, v213
v_dot2c_i32_i16_e32 v142, 0xffff8000, v213
v_dot2c_i32_i16_e32 v142, 0x3c00, v213
v_pk_add_f16 v0, 0x3c00, v1
buffer_inv nosc0
buffer_wbl2 nont
v_dot2_f32_f16 v0, v1, v2, v3 op_sel:[0,0,0]
v_dot2_i32_i16 v0, v1, v2, v3 op_sel:[0,0,0,0] clamp
