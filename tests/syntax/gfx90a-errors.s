// CDNA2 errors, one per line, as llvm-mc 22 reports them (gfx90a-errors.stderr).
buffer_wbl2 glc
buffer_wbl2 sc1
buffer_invl2 glc
buffer_inv sc1
v_ceil_f64_dpp v[0:1], v[2:3] quad_perm:[0,1,2,3]
v_add_f64_dpp v[0:1], v[2:3], v[4:5] row_newbcast:1
v_mov_b64_dpp v[0:1], v[2:3] row_newbcast:1
v_cvt_f32_fp8 v1, v2
v_fmac_f64_dpp v[0:1], v[2:3], v[4:5] row_shl:1
v_max_u32_e32 v30, lds_direct, v127
v_mov_b32 v0, src_lds_direct
image_atomic_dec v85, v[143:144], s[4:11] dmask:0x1 glc
image_load v[4:5], v[143:144], s[4:11] dmask:0x3
image_load v[5:6], v[144:145], s[4:11] dmask:0x3
buffer_load_dword v1, v[2:3], s[4:7], s1 offen idxen
buffer_store_dword v1, off, s[4:7], s1 glc offset:4
buffer_load_dword v[1:2], off, s[4:7], s1 offset:4 tfe glc
buffer_load_sshort v98, ttmp[12:15], s45 offen offset:1471 glc slc lds, scc
buffer_store_lds_dword s[4:7], s1 offset:4 glc lds
buffer_wbinvl1_vol noglc
s_endpgm lit(1)
// Misaligned tuples (at the operand, or at the mnemonic for a source that takes constants) and MFMA accumulators that partly overlap the result.
v_pk_fma_f32 v[1:2], v[2:3], v[4:5], v[6:7]
v_pk_fma_f32 v[0:1], v[3:4], v[4:5], v[6:7]
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
image_load v[1:2], v2, s[0:7] dmask:0x3
v_mfma_f32_32x32x8f16 v[0:15], v[5:6], v[8:9], v[0:15]
v_mfma_f32_32x32x8f16 v[1:16], v[4:5], v[8:9], v[0:15]
v_mfma_f64_16x16x4f64 v[0:7], v[1:2], v[2:3], v[0:7]
v_mfma_f32_32x32x8f16 a[0:15], a[5:6], a[8:9], a[0:15]
ds_write_b64 v2, v[1:2]
v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[7:8]
