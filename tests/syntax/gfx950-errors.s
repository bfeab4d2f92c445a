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
