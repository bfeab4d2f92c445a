// gfx950 errors: f8f6f4 tuple widths follow cbsz and blgp; no abid.
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:9], v[12:19], v[0:3]
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3] cbsz:2
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3] blgp:4
v_mfma_f32_32x32x64_f8f6f4 v[0:15], v[4:7], v[12:19], v[0:15] cbsz:3
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3] abid:1
v_mfma_f32_16x16x128_f8f6f4 v[0:3], s[4:11], v[12:19], v[0:3]
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:13], v[12:19], v[0:3]
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[5:12], v[12:19], v[0:3]
v_permlane16_swap_b32 v1, s2
ds_read_b64_tr_b4 v[1:2], v2
// Misaligned tuples (at the operand, or at the mnemonic for a source that takes constants) and MFMA accumulators that partly overlap the result.
v_pk_fma_f32 v[1:2], v[2:3], v[4:5], v[6:7]
v_pk_fma_f32 v[0:1], v[3:4], v[4:5], v[6:7]
v_mov_b64 v[1:2], v[2:3]
v_add_f64 v[1:2], v[2:3], v[4:5]
v_add_f64 v[0:1], v[3:4], v[4:5]
v_lshlrev_b64 v[0:1], 1, v[3:4]
global_load_dwordx2 v[1:2], v[2:3], off
global_load_dwordx2 v[2:3], v[1:2], off
global_store_dwordx2 v[2:3], v[1:2], off
flat_load_dwordx2 v[1:2], v[2:3]
buffer_load_dwordx2 v[1:2], off, s[0:3], 0
ds_read_b64 v[1:2], v2
ds_write_b64 v2, v[1:2]
ds_write2_b64 v2, v[1:2], v[4:5]
v_mfma_f32_16x16x32_f16 v[0:3], v[5:8], v[8:11], v[0:3]
v_mfma_f32_16x16x32_f16 v[1:4], v[4:7], v[8:11], v[0:3]
v_mfma_f32_16x16x32_f16 v[0:3], v[4:7], v[8:11], v[1:4]
v_cvt_f64_f32 v[1:2], v1
v_cmp_eq_f64 vcc, v[1:2], v[2:3]
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[5:12], v[12:19], v[0:3]
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[13:20], v[0:3]
v_mfma_f32_16x16x128_f8f6f4 v[1:4], v[4:11], v[12:19], v[0:3]
v_mfma_f32_32x32x8f16 v[0:15], v[5:6], v[8:9], v[0:15]
v_mfma_f32_32x32x8f16 v[1:16], v[4:5], v[8:9], v[0:15]
v_mfma_f64_16x16x4f64 v[0:7], v[1:2], v[2:3], v[0:7]
v_mfma_f32_32x32x8f16 a[0:15], a[5:6], a[8:9], a[0:15]
ds_write_b64 v2, v[1:2]
v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[7:8]
v_cvt_scalef32_pk_fp8_f32 v1, v2, v3, v4 clamp
v_cvt_scalef32_pk_fp8_f32 v1, v2, v3, v4 mul:2
v_cvt_scalef32_pk_fp8_f32 v1, 0x12345678, v3, v4
v_cvt_scalef32_pk_fp8_f32 v1, s2, s3, v4
v_cvt_scalef32_sr_fp8_f32 v1, v2, -v3, v4
v_cvt_scalef32_pk_f32_fp8 v[1:2], v2, v3
v_cvt_scalef32_pk_f32_fp8 v[0:1], -v2, v3
v_cvt_scalef32_f32_bf8 v1, |v2|, v3
v_cvt_scalef32_f32_fp8 a1, v2, v3
v_cvt_scalef32_sr_pk_fp4_f32 v1, s[2:3], v4, v5
v_cvt_scalef32_pk_fp8_f16 v1, v2, 0x12345678
v_cvt_scalef32_2xpk16_fp6_f32 v[0:5], v[6:21], v[22:37], v38 op_sel:[0,0,0,1]
v_cvt_scalef32_2xpk16_fp6_f32 v[1:6], v[6:21], v[22:37], v38
v_cvt_scalef32_2xpk16_fp6_f32 v[0:5], v[7:22], v[22:37], v38
v_cvt_scalef32_2xpk16_fp6_f32 v[0:5], s[0:15], v[22:37], v38
v_cvt_scalef32_sr_pk32_fp6_f32 v[0:5], v[6:37], v38, -v39
v_cvt_scalef32_pk32_f32_fp6 v[0:31], v[32:37], |v38|
v_cvt_scalef32_pk32_f32_fp6 v[0:31], 1.0, v38
v_cvt_scalef32_pk32_fp6_f16 v[0:5], a[6:21], v22
v_cvt_scalef32_pk32_f16_fp6 v[0:15], v[16:21], v22 clamp
v_cvt_sr_f16_f32 v1, v2, |v3|
v_cvt_sr_bf16_f32 v1, v2, v3 clamp
// bf16 sources: f16 patterns are literals (refused where there is no literal), out-of-range floats, modifiers.
v_cvt_f32_bf16 v1, 1.0e5
v_cvt_f32_bf16 v1, 0x12345
v_cvt_f32_bf16_e64 v1, 0x3c00
v_cvt_f32_bf16_e64 v1, 2.5
v_cvt_f32_bf16_e64 v1, v2 op_sel:[1,0]
v_cvt_f32_bf16_sdwa v1, 0x3f80 src0_sel:WORD_1
v_dot2c_f32_bf16_sdwa v0, v1, v2
v_dot2c_f32_bf16_e64 v0, v1, v2 op_sel:[1,0]
v_dot2c_f32_bf16_e64 v0, 0x3c00, v2
v_dot2c_f32_bf16 v0, 1.0e39, v2
v_dot2c_f32_bf16_dpp v0, v1, v2 row_shl:1 fi:1
v_dot2_f32_bf16 v0, v1, v2, v3 op_sel:[0,1,0]
v_dot2_f32_bf16 v0, v1, v2, v3 op_sel_hi:[1,1,1]
v_dot2_f32_bf16 v0, v1, v2, v3 op_sel:[0,0,0] op_sel_hi:[0,1,1]
v_dot2_f32_bf16 v0, v1, v2, v3 neg_hi:[1,0,0] neg_lo:[1,0,0]
v_dot2_f32_bf16 v0, -v1, v2, v3
v_dot2_f32_bf16 v0, v1, v2, v3 mul:2
v_dot2_f32_bf16 v0, 0x3c00, v2, v3
v_dot2_f32_bf16 v0, 1.0e5, v2, v3
v_dot2_f32_bf16 v0, s1, s2, s3
v_cvt_scalef32_pk_fp8_bf16 v1, 0x3c00, v3
v_cvt_scalef32_sr_fp8_bf16 v1, v2, -v3, v4
v_cvt_scalef32_sr_fp8_bf16 v1, 0x12345, v3, v4
v_cvt_scalef32_sr_pk_fp4_bf16 v1, 1.0e5, v3, v4
v_cvt_scalef32_sr_pk_fp4_bf16 v1, -0x3f80, v3, v4
v_cvt_scalef32_sr_pk_fp4_f16 v1, -0x3c00, v3, v4
v_cvt_scalef32_pk_fp4_bf16 v1, v2, v3 clamp
// The permlane swaps' bound_ctrl and fi: VOP3 only, in that order, once each; bound_ctrl 0 or 1.
v_permlane16_swap_b32_e32 v1, v2 fi:1
v_permlane16_swap_b32_e64 v1, v2 fi:1 bound_ctrl:1
v_permlane16_swap_b32_e64 v1, v2 bound_ctrl:2
v_permlane32_swap_b32_e64 v1, v2 clamp
v_permlane32_swap_b32_e64 v1, v2 op_sel:[1,0]
v_permlane32_swap_b32_e64 v1, v2 fi:1 fi:0
v_permlane32_swap_b32_e64 v1, v2 bound_ctrl:1 bound_ctrl:1
v_permlane32_swap_b32 v1, s2 fi:1
v_mov_b32_dpp v1, v2 row_shl:1 bound_ctrl:2
// Scaled MFMAs: the scales are VGPRs; op_sel, op_sel_hi once each, before cbsz/blgp.
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], s20, v21
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, 1
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], 0x1234, v1
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], a20, v21
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v[20:21], v21
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 abid:1
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 neg:[1,0,0]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 clamp
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 cbsz:1 blgp:2 op_sel_hi:[0,0,0]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 op_sel_hi:[0,0,0] op_sel:[1,0,0]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 op_sel:[1,0,0] op_sel:[1,0,0]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 op_sel_hi:[0,0,0] op_sel_hi:[0,0,0]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 op_sel:[2,0]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[1:4], v20, v21
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], a[0:3], v20, v21
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 cbsz:2
v_mfma_ld_scale_b32 v1, v21 clamp
v_mfma_ld_scale_b32 v1, v21 neg_lo:[1,0]
v_mfma_ld_scale_b32 a1, v21
v_mfma_ld_scale_b32 v1
