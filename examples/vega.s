// A small gfx906 routine: scalar loads, a loop, packed and mixed-precision math.
// Assemble: cargo run --release -- asm --mcpu gfx906 --show-encoding examples/vega.s
.text
entry:
    s_load_dwordx4 s[4:7], s[0:1], 0x0          // kernel arguments
    s_load_dword s8, s[0:1], 0x10
    s_mov_b32 s9, 0
    v_mov_b32_e32 v2, 0
    s_waitcnt lgkmcnt(0)
loop:
    v_mad_f32 v2, v0, s4, v2                    // v2 += v0 * a
    v_add_f32_e32 v0, 1.0, v0
    v_pk_fma_f16 v3, v1, v1, v3 op_sel_hi:[1,0,1]
    v_fma_mix_f32 v4, v3, v2, -|v4|
    s_add_u32 s9, s9, 1
    s_cmp_lt_u32 s9, s8
    s_cbranch_scc1 loop
    v_cmp_gt_f32_e64 s[10:11], |v2|, 0.5
    v_cndmask_b32_e64 v5, 0, -1.0, s[10:11]
    s_getreg_b32 s12, hwreg(HW_REG_MODE, 0, 4)
    s_sendmsg sendmsg(MSG_INTERRUPT)
    s_endpgm
