// gfx950 (CDNA4): the rows gfx942 lacks.
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3]
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:9], v[12:19], v[0:3] cbsz:2
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:9], v[12:17], v[0:3] cbsz:3 blgp:2
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:7], v[12:17], v[0:3] cbsz:4 blgp:3
v_mfma_f32_16x16x128_f8f6f4 a[0:3], a[4:11], a[12:15], a[0:3] cbsz:1 blgp:4
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], 1.0 cbsz:5 blgp:7
v_mfma_f32_16x16x128_f8f6f4 v[4:7], a[250:253], a[0:7], v[0:3] cbsz:4 blgp:6
v_mfma_f32_32x32x64_f8f6f4 v[0:15], v[4:11], v[12:19], v[0:15] cbsz:1 blgp:1
v_mfma_f32_32x32x64_f8f6f4 a[0:15], v[4:7], v[12:15], a[0:15] cbsz:4 blgp:4
v_mfma_f32_32x32x64_f8f6f4 v[16:31], v[4:9], a[12:17], 0 cbsz:2 blgp:3
v_mfma_f32_16x16x32_f16 v[0:3], v[4:7], v[8:11], v[0:3]
v_mfma_f32_32x32x16_bf16 a[0:15], a[4:7], a[8:11], a[0:15] cbsz:1 abid:1 blgp:2
v_mfma_i32_16x16x64_i8 v[0:3], v[4:7], v[8:11], 0
v_smfmac_f32_16x16x64_f16 v[0:3], v[4:7], v[8:15], v16 cbsz:1 abid:2
ds_read_b64_tr_b4 v[0:1], v2 offset:8
ds_read_b96_tr_b6 v[0:2], v2
ds_read_b64_tr_b8 v[0:1], v2
ds_read_b64_tr_b16 a[0:1], v2 offset:65535
v_permlane16_swap_b32 v1, v2
v_permlane32_swap_b32_e32 v1, v2
v_prng_b32 v1, v2
v_cvt_pk_f16_f32 v1, v2, s3
v_cvt_pk_bf16_f32 v1, -v2, |v3| clamp
v_minimum3_f32 v1, v2, v3, v4
v_maximum3_f32 v1, -v2, s3, 1.0
v_pk_minimum3_f16 v1, v2, v3, v4 op_sel:[1,0,1] op_sel_hi:[0,1,1]
v_pk_maximum3_f16 v1, v2, v3, v4 neg_lo:[1,0,0]
v_bitop3_b32 v1, v2, v3, v4 bitop3:0xee
v_bitop3_b16 v1, v2, v3, v4 bitop3:5 op_sel:[1,0,0,1]
v_ashr_pk_i8_i32 v1, v2, v3, v4
v_ashr_pk_u8_i32 v1, v2, v3, v4 op_sel:[0,0,0,1]
buffer_atomic_pk_add_bf16 v1, off, s[4:7], 0 offset:4
global_load_lds_dwordx3 v[2:3], off
global_load_lds_dwordx4 v2, s[4:5] offset:16
buffer_load_dwordx3 v1, s[12:15], 0 offen lds
buffer_load_dwordx4 off, s[12:15], 0 lds
buffer_load_dwordx4 v1, s[12:15], s2 offen offset:4 sc0 nt lds
buffer_load_dwordx3 v[2:3], s[12:15], 0 idxen offen lds
v_cvt_scalef32_pk_fp8_f32 v1, -v2, |v3|, s4 op_sel:[0,0,0,1]
v_cvt_scalef32_pk_bf8_f32 v1, 1.0, v3, -v4 op_sel:[1,1,1]
v_cvt_scalef32_sr_fp8_f32 v1, v2, s3, 0.5 op_sel:[0,0,1,1]
v_cvt_scalef32_sr_bf8_f32 v1, -|v2|, v3, v4
v_cvt_scalef32_pk_f32_fp8 v[2:3], v4, -v5 op_sel:[1,0]
v_cvt_scalef32_pk_f32_bf8 v[254:255], s4, 1.0
v_cvt_scalef32_f32_fp8 v1, v2, |v3| op_sel:[0,1]
v_cvt_scalef32_f32_bf8 v1, m0, v3
v_cvt_scalef32_pk_fp4_f32 v1, v2, v3, v4 op_sel:[0,0,0,1]
v_cvt_scalef32_sr_pk_fp4_f32 v1, -v[2:3], v4, s5 op_sel:[0,0,1,0]
v_cvt_scalef32_pk_f32_fp4 v[0:1], v2, s3 op_sel:[1,0,0]
v_cvt_scalef32_pk_fp8_f16 v1, -v2, v3 op_sel:[0,0,1]
v_cvt_scalef32_pk_bf8_f16 v1, 0x3c00, v3
v_cvt_scalef32_sr_fp8_f16 v1, |v2|, v3, v4 op_sel:[1,0,0,1]
v_cvt_scalef32_sr_bf8_f16 v1, v2, 7, v4
v_cvt_scalef32_pk_f16_fp8 v1, v2, v3 op_sel:[1,0,1]
v_cvt_scalef32_pk_f16_bf8 v1, v2, -4.0
v_cvt_scalef32_f16_fp8 v1, v2, v3 op_sel:[0,1,1]
v_cvt_scalef32_f16_bf8 v1, vcc_lo, v3
v_cvt_scalef32_pk_fp4_f16 v1, v2, v3 op_sel:[0,0,1,1]
v_cvt_scalef32_sr_pk_fp4_f16 v1, v2, v3, v4 op_sel:[0,0,0,1]
v_cvt_scalef32_pk_f16_fp4 v1, v2, v3 op_sel:[1,1,0]
v_cvt_scalef32_pk_bf16_fp4 v1, v2, s3
v_cvt_scalef32_2xpk16_fp6_f32 v[0:5], v[6:21], v[22:37], v38
v_cvt_scalef32_2xpk16_bf6_f32 v[250:255], v[240:255], v[0:15], s1
v_cvt_scalef32_sr_pk32_fp6_f32 v[0:5], v[6:37], v38, v39
v_cvt_scalef32_sr_pk32_bf6_f32 v[0:5], v[6:37], s1, 1.0
v_cvt_scalef32_pk32_f32_fp6 v[0:31], v[32:37], v38
v_cvt_scalef32_pk32_f32_bf6 v[224:255], v[0:5], exec_lo
v_cvt_scalef32_pk32_fp6_f16 v[0:5], v[6:21], v22
v_cvt_scalef32_pk32_fp6_bf16 v[0:5], v[6:21], s22
v_cvt_scalef32_pk32_bf6_f16 v[0:5], v[6:21], 0.5
v_cvt_scalef32_pk32_bf6_bf16 v[0:5], v[6:21], v22
v_cvt_scalef32_sr_pk32_fp6_f16 v[0:5], v[6:21], v22, v23
v_cvt_scalef32_sr_pk32_fp6_bf16 v[0:5], v[6:21], s22, v23
v_cvt_scalef32_sr_pk32_bf6_f16 v[0:5], v[6:21], v22, -1
v_cvt_scalef32_sr_pk32_bf6_bf16 v[0:5], v[6:21], v22, m0
v_cvt_scalef32_pk32_f16_fp6 v[0:15], v[16:21], v22
v_cvt_scalef32_pk32_bf16_fp6 v[0:15], v[16:21], s22
v_cvt_scalef32_pk32_f16_bf6 v[0:15], v[16:21], v22
v_cvt_scalef32_pk32_bf16_bf6 v[240:255], v[16:21], 2.0
v_cvt_scalef32_pk_bf16_fp8 v1, v2, v3 op_sel:[1,0,1]
v_cvt_scalef32_pk_bf16_bf8 v1, s2, -v3
v_cvt_sr_f16_f32 v1, -v2, v3 op_sel:[0,0,1]
v_cvt_sr_bf16_f32 v1, |v2|, s3
// bf16 sources: a number is a bf16 pattern (0x3f80 is the constant 1.0, 0x3e22 is 1/(2*pi), 0x3c00 a literal), a float the
// nearest bf16 (v_cvt_f32_bf16 within f16's range); SDWA reads v_cvt_f32_bf16's source as an f16's.
v_cvt_f32_bf16 v1, v2
v_cvt_f32_bf16 v1, 0x3f80
v_cvt_f32_bf16 v1, 0xbf80
v_cvt_f32_bf16 v1, 0x3e22
v_cvt_f32_bf16 v1, 0x3c00
v_cvt_f32_bf16 v1, 0.15915494
v_cvt_f32_bf16 v1, 0.1582
v_cvt_f32_bf16 v1, 2.5
v_cvt_f32_bf16 v1, 65504.0
v_cvt_f32_bf16 v1, 1.00390625
v_cvt_f32_bf16 v1, -0x3f80
v_cvt_f32_bf16 v1, -|0x3f80|
v_cvt_f32_bf16 v1, 0xffff
v_cvt_f32_bf16 v1, -0x3c00
v_cvt_f32_bf16_e64 v1, -|v2| clamp mul:2
v_cvt_f32_bf16_e64 v1, 0x3f80
v_cvt_f32_bf16 v1, s2 div:2
v_cvt_f32_bf16_sdwa v1, -|v2| clamp dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1
v_cvt_f32_bf16_sdwa v1, 0x3c00 src0_sel:WORD_1
v_cvt_f32_bf16_sdwa v1, s2 mul:2 src0_sel:BYTE_0
v_cvt_f32_bf16_dpp v1, -v2 row_shl:1 row_mask:0xa bound_ctrl:0
v_cvt_f32_bf16_dpp v1, |v2| row_newbcast:3
v_dot2c_f32_bf16 v0, v1, v2
v_dot2c_f32_bf16 v0, 0x3f80, v2
v_dot2c_f32_bf16 v0, 1.0e5, v2
v_dot2c_f32_bf16 v0, -0x3f80, v2
v_dot2c_f32_bf16 v0, 0.1582, v2
v_dot2c_f32_bf16_e32 v0, s1, v2
v_dot2c_f32_bf16_e64 v0, -v1, |s2| clamp mul:4
v_dot2c_f32_bf16 v0, 0x3f80, 0.15915494 div:2
v_dot2c_f32_bf16_dpp v0, -v1, |v2| quad_perm:[1,0,3,2] bank_mask:0x3
v_dot2_f32_bf16 v0, v1, v2, v3
v_dot2_f32_bf16 v0, s1, 0x3f80, 1.0 neg_lo:[1,0,1] neg_hi:[0,1,0] clamp
v_dot2_f32_bf16 v0, 0x3e22, v2, 0.15915494 op_sel:[0,0,0]
v_dot2_f32_bf16 v0, -1, 64, v3 neg_hi:[0,0,1]
v_cvt_scalef32_pk_fp8_bf16 v1, -v2, v3 op_sel:[0,0,1]
v_cvt_scalef32_pk_bf8_bf16 v1, 0x3f80, s3
v_cvt_scalef32_sr_fp8_bf16 v1, |v2|, v3, v4 op_sel:[1,0,0,1]
v_cvt_scalef32_sr_bf8_bf16 v1, -0x3f80, 7, v4
v_cvt_scalef32_pk_fp4_bf16 v1, v2, 0.5 op_sel:[0,0,1,1]
v_cvt_scalef32_sr_pk_fp4_bf16 v1, 0x3e22, v3, v4 op_sel:[0,0,0,1]
v_cvt_scalef32_sr_pk_fp4_bf16 v1, 9.183549615799121e-41, v3, v4
v_cvt_scalef32_sr_pk_fp4_f16 v1, -v2, s3, v4
// The permlane swaps' VOP3 form: bound_ctrl (bound_ctrl:0 sets it too) and fi.
v_permlane16_swap_b32_e64 v1, v2 bound_ctrl:1
v_permlane16_swap_b32 v1, v2 fi:1
v_permlane32_swap_b32_e64 v1, v2 bound_ctrl:0 fi:1
v_permlane32_swap_b32_e64 v1, v2 fi:0
// Scaled MFMAs: a v_mfma_ld_scale_b32 word then the MFMA with bit 11 set.
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 op_sel_hi:[0,0,0]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 op_sel:[1,1,0] op_sel_hi:[1,0,0]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 op_sel:[0,0,1] op_sel_hi:[1,1,1]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 op_sel:[1,0] op_sel_hi:[0,1]
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:9], v[12:17], v[0:3], v20, v21 cbsz:2 blgp:3
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:7], v[12:19], v[0:3], v255, v0 op_sel_hi:[0,0,0] cbsz:4
v_mfma_scale_f32_16x16x128_f8f6f4 a[0:3], v[4:11], a[12:19], a[0:3], v20, v21
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], a[4:11], a[12:15], v[0:3], v20, v21 op_sel:[0,1,0] cbsz:1 blgp:4
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], 0, v20, v21
v_mfma_scale_f32_16x16x128_f8f6f4 a[0:3], v[4:11], v[12:19], -1, v20, v21
v_mfma_scale_f32_32x32x64_f8f6f4 v[0:15], v[4:11], v[12:19], v[0:15], v20, v21
v_mfma_scale_f32_32x32x64_f8f6f4 a[16:31], v[4:9], v[12:15], a[16:31], v1, v2 op_sel:[1,1,0] op_sel_hi:[1,1,0] cbsz:3 blgp:4
v_mfma_scale_f32_32x32x64_f8f6f4 v[16:31], v[4:11], v[12:19], v[16:31], v100, v100 blgp:1
v_mfma_ld_scale_b32 v20, v21
v_mfma_ld_scale_b32 v20, v21 op_sel:[1,0]
v_mfma_ld_scale_b32 v1, v21 op_sel:[1,1,1] op_sel_hi:[0,0]
v_mfma_ld_scale_b32 v1, v21 op_sel_hi:[1,0,1]
v_mfma_ld_scale_b32 s1, v21
v_mfma_ld_scale_b32 1, v21
v_mfma_ld_scale_b32 v1, -1
v_mfma_scale_f32_16x16x128_f8f6f4_e64 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21
// Aliases llvm-mc takes for gfx950's MFMAs and SMFMACs (no underscore before the types).
v_mfma_f32_16x16x32f16 v[0:3], v[0:3], v[0:3], v[0:3]
v_mfma_f32_32x32x16f16 v[0:15], v[0:3], v[0:3], v[0:15]
v_mfma_f32_32x32x16bf16 v[0:15], v[0:3], v[0:3], v[0:15]
v_mfma_i32_16x16x64i8 v[0:3], v[0:3], v[0:3], v[0:3]
v_mfma_i32_32x32x32i8 v[0:15], v[0:3], v[0:3], v[0:15]
v_mfma_f32_16x16x32bf16 v[0:3], v[0:3], v[0:3], v[0:3]
v_smfmac_f32_16x16x64f16 v[10:13], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_32x32x32f16 v[10:25], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_16x16x64bf16 v[10:13], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_32x32x32bf16 v[10:25], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_i32_16x16x128i8 v[10:13], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_i32_32x32x64i8 v[10:25], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_16x16x128bf8bf8 v[10:13], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_16x16x128bf8fp8 v[10:13], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_16x16x128fp8bf8 v[10:13], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_16x16x128fp8fp8 v[10:13], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_32x32x64bf8bf8 v[10:25], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_32x32x64bf8fp8 v[10:25], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_32x32x64fp8bf8 v[10:25], a[2:5], v[4:11], v3 cbsz:3 abid:1
v_smfmac_f32_32x32x64fp8fp8 v[10:25], a[2:5], v[4:11], v3 cbsz:3 abid:1
