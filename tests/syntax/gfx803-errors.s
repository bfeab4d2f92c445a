// GCN 1.2 (gfx8) errors, one per line, as llvm-mc 22 reports them (gfx803-errors.stderr).
s_load_dword s1, s[2:3], 0x100000
s_load_dword s1, s[2:3], s4 offset:0x10
v_add_f16_e64 v1, v2, v3 op_sel:[1,0,0]
v_alignbit_b32 v1, v2, v3, v4 clamp
v_mov_b32_sdwa v1, s2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_add_f32_sdwa v1, v2, v3 mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_u32 v1, v2, v3
image_load v1, v2, s[8:15] dmask:0x3 d16
image_load v1, v2, s[8:15] dmask:0x1 a16
flat_load_dword v1, v[2:3] offset:4
s_mov_b32 s1, src_shared_base
s_mov_b32 s1, s102
s_mov_b32 s1, xnack_mask_lo
s_waitcnt vmcnt(16)
buffer_load_dword v1, v[2:3], s[4:7], s1 addr64
s_mov_b64 xnack_mask, s[0:1]
s_mov_b32 s0, xnack_mask_hi
v_add_u32_e32 v0, v1, v2
s_buffer_load_dword s10, s[92:95], -1
s_load_dword s10, s[92:93], -1
s_atc_probe_buffer 0, s[92:95], 0xFFFFFFFFFFF00000
// issue 16: the carry-in of gfx8's v_addc_u32/v_subb_u32/v_subbrev_u32 is not left out.
v_subbrev_u32_e32 v1, vcc, v2, v3
v_addc_u32_e32 v1, vcc, v2, v3
v_subb_u32 v1, vcc, v2, v3
v_readlane_b32_e64 s1, v2, 27
