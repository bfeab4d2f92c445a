// GCN 1.1 (gfx7) errors, one per line, as llvm-mc 22 reports them (gfx700-errors.stderr).
s_load_dword s1, s[2:3], 0x4 glc
s_load_dword s1, s[2:3], s4 offset:0x10
v_add_f32_e64 v1, v2, v3 op_sel:[1,0,0]
v_cmp_eq_f32_e64 s[4:5], v1, v2 clamp
v_cvt_i32_f32_e64 v1, v2 clamp
v_add_f32_e64 v1, 0.15915494, v2
v_mov_b32_sdwa v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3]
v_interp_p1_f32_e64 v1, v2, attr0.x
buffer_load_dword v1, v[2:3], s[4:7], s1 offset:4 addr64
buffer_load_dword v1, v2, s[4:7], s1 offen addr64
image_load v1, v2, s[8:15] dmask:0x1 a16
image_load v1, v2, s[8:15] dmask:0x1 d16
flat_load_dword v1, v[2:3] offset:4
s_mov_b32 s1, ttmp12
s_mov_b32 s1, xnack_mask_lo
s_mov_b32 s1, src_shared_base
v_mov_b32 v1, s104
v_movreld_b32 v1, s2
s_waitcnt vmcnt(16)
s_cbranch_g_fork s[4:5], 0x12345
global_load_dword v1, v[2:3], off
s_load_dword s1, s[2:3], -1
v_add_co_u32_e32 v0, vcc, v1, v2
v_add_co_u32 v0, vcc, v1, s2
v_add_co_u32 v0, s[2:3], s1, s2
v_add_co_u32_sdwa v0, vcc, v1, v2
v_add_co_u32_e64 v0, vcc, v1, v2 clamp
v_add_i32_e64 v0, vcc, v1, v2 clamp
v_addc_u32_e64 v0, vcc, v1, v2, s[0:1] clamp
v_mad_u64_u32 v[0:1], s[0:1], v1, v2, v[2:3] clamp
v_addc_co_u32 v0, vcc, v1, v2, vcc
s_buffer_load_dword s1, s[4:7] glc
buffer_store_byte v1, off, s[4:7], 0.15915494
// issue 16: gfx7 has no 16-bit constants: a number on v_cvt_f32_f16's VOP3 form is a literal.
v_cvt_f32_f16_e64 v177, -1
v_cvt_f32_f16_e64 v1, 1.0
v_subbrev_u32_e32 v1, vcc, v2, v3
s_load_dword s1, s[2:3], s4 noscc
s_dcache_inv glc
s_memtime s[0:1] noglc
buffer_load_dword v1, v[2:3], s[4:7], s1 addr64 glc offset:4
v_writelane_b32 v1, 0x12345, s2
v_writelane_b32 v1, s2, 0x12345
v_readlane_b32 s1, v2, 0x12345
v_div_scale_f64 v[2:3], s[36:37], |v[4:5]|, v[6:7], v[8:9]
