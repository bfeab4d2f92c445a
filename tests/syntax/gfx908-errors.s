// CDNA1 errors, one per line, as llvm-mc 22 reports them (gfx908-errors.stderr).
v_ceil_f64_dpp v[0:1], v[2:3] row_newbcast:1
v_cvt_f64_f32_dpp v[0:1], v2 row_newbcast:1
v_ceil_f64_dpp v[0:1], v[2:3] quad_perm:[0,1,2,3]
v_add_f64_dpp v[0:1], v[2:3], v[4:5] row_newbcast:1
v_cvt_f32_fp8 v1, v2
buffer_wbl2
v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] blgp:1 cbsz:1
v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] abid:1 cbsz:1
v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] cbsz:1 cbsz:2
v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] cbsz:1 blgp:1 abid:1
v_accvgpr_write_b32 a4, s1
