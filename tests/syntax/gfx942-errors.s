// CDNA3 errors, one per line, as llvm-mc 22 reports them (gfx942-errors.stderr).
v_cvt_f32_fp8_e64 v1, v2 op_sel:[0,1]
v_cvt_f32_fp8_e64 v1, -v2
v_cvt_pk_f32_fp8_e64 v[2:3], v2 op_sel:[1,0]
v_cvt_pk_bf8_f32 v1, v2, v3 clamp
v_cvt_sr_fp8_f32 v1, v2, v3 clamp
v_cvt_sr_fp8_f32 v1, v2, v3 mul:2
v_cvt_pk_fp8_f32 v1, v2, v3 mul:2
v_cvt_pk_fp8_f32 v1, s1, s3
v_cvt_pk_fp8_f32 v1, 0x1234, v3
v_cvt_sr_fp8_f32 v1, v2, |v3|
v_cvt_sr_fp8_f32 v1, v2, -v3
v_cvt_pk_f32_fp8_dpp v[2:3], v2 row_shl:1
v_cvt_f32_fp8_sdwa v1, -v2 src0_sel:BYTE_1
v_cvt_f32_fp8_sdwa v1, v2 dst_sel:WORD_1 src0_sel:BYTE_1
v_cvt_f32_fp8_sdwa v1, sext(v2) src0_sel:BYTE_1
buffer_wbl2 glc
buffer_wbl2 scc
buffer_wbl2 slc
buffer_invl2
v_ceil_f64_dpp v[0:1], v[2:3] quad_perm:[0,1,2,3]
v_add_f64_dpp v[0:1], v[2:3], v[4:5] row_newbcast:1
v_mfma_f64_16x16x4_f64 v[0:7], v[0:1], v[2:3], v[0:7] neg:[1,0,0] cbsz:1
v_mfma_f64_16x16x4_f64 v[0:7], v[0:1], v[2:3], v[0:7] blgp:1 neg:[1,0,0]
v_mfma_f64_16x16x4_f64 v[0:7], v[0:1], v[2:3], v[0:7] neg:[1,0,0] blgp:1
v_mfma_f64_16x16x4_f64 v[0:7], v[0:1], v[2:3], v[0:7] neg:[1,0,0] neg:[0,1,0]
v_mfma_f64_16x16x4_f64 v[0:7], v[0:1], v[2:3], v[0:7] blgp:1
v_mfma_f32_32x32x2_f32 a[0:15], v0, v1, a[0:15] blgp:1 cbsz:1
v_mfma_f32_32x32x2_f32 a[0:15], v0, v1, a[0:15] abid:1 cbsz:1
v_mfma_f32_32x32x2_f32 a[0:15], v0, v1, a[0:15] cbsz:1 cbsz:2
v_mfma_f32_32x32x2_f32 a[0:15], v0, v1, a[0:15] cbsz:1 blgp:1 abid:1
v_max_u32_e32 v30, lds_direct, v127
v_mov_b32 v0, src_lds_direct
s_atc_probe 1, s[2:3], s4 noscc
s_load_dword s1, s[2:3], s4 nosc0
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
v_cvt_f64_f32 v[1:2], v1
v_cmp_eq_f64 vcc, v[1:2], v[2:3]
v_mfma_f32_32x32x8f16 v[0:15], v[5:6], v[8:9], v[0:15]
v_mfma_f32_32x32x8f16 v[1:16], v[4:5], v[8:9], v[0:15]
v_mfma_f64_16x16x4f64 v[0:7], v[1:2], v[2:3], v[0:7]
v_mfma_f32_32x32x8f16 a[0:15], a[5:6], a[8:9], a[0:15]
ds_write_b64 v2, v[1:2]
v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[7:8]
v_dot2_f32_f16 v0, v1, v2, v3 op_sel:[0,1,0]
v_dot2_u32_u16 v0, v1, v2, v3 op_sel_hi:[1,1,1]
v_dot2_i32_i16 v0, v1, v2, v3 op_sel:[0,0,0] op_sel_hi:[0,1,1]
v_dot2_f32_f16 v0, s1, s2, v3 op_sel:[1,0,0]
v_dot4_i32_i8 v0, v1, v2, v3 op_sel:[0,0,0]
