// GCN 1.2 (gfx8) forms, as llvm-mc 22 prints and encodes them (expected: gfx803.expected).
s_load_dword s1, s[2:3], 0xfffff
s_store_dword s1, s[2:3], s4 glc
s_mov_b64 s[0:1], tba
s_mov_b32 ttmp11, flat_scratch_hi
v_add_f16_e64 v1, v2, v3 clamp
v_mad_f16 v1, v2, v3, v4
v_add_u32 v1, vcc, v2, v3
v_addc_u32_e64 v1, s[2:3], v2, v3, s[4:5]
v_cmp_lt_f32 vcc, |v226|, v238 src0_sel:BYTE_0 src1_sel:BYTE_3
v_cmp_lt_f32_sdwa vcc, v1, v2 clamp src0_sel:BYTE_0 src1_sel:BYTE_3
v_mac_f32_sdwa v1, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:DWORD
v_mov_b32_dpp v1, v2 row_shl:1 row_mask:0xa bank_mask:0x1
v_alignbit_b32 v1, v2, v3, v4
v_movreld_b32 v1, v2
v_interp_p2_f16 v1, v2, attr0.x, v3
image_load v1, v2, s[8:15] dmask:0x1 r128
image_load v[1:2], v2, s[8:15] dmask:0x3 d16
buffer_load_format_d16_xy v[1:2], off, s[4:7], s1
flat_load_dword v1, v[2:3] glc slc
s_waitcnt vmcnt(15) lgkmcnt(0)
v_add_f32 v1, 0.15915494, v2
v_cndmask_b32 v0, v1, v2
v_and_b32_sdwa v1, v2, v3 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_cmp_eq_u32_sdwa vcc, v1, v2 clamp src0_sel:DWORD src1_sel:DWORD
v_mov_b32_sdwa v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
s_buffer_load_dword s10, s[92:95], 0xfffff
v_nop_sdwa
v_nop_dpp row_ror:3 row_mask:0xf bank_mask:0xf
// A double that needs its low half: llvm-mc warns and takes the high half.
v_fract_f64 v[0:1], 1.1
  v_cmp_eq_f64 vcc, -1.1, v[2:3]
l_f64_warn: v_fract_f64 v[0:1], 0.15915494309189532
v_fract_f64 v[0:1], 0.15915494309189532
