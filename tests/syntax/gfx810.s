// gfx810 (Stoney) is xnack-capable: the xnack_mask registers sit at codes 104-105.
s_mov_b64 xnack_mask, s[0:1]
s_mov_b64 s[2:3], xnack_mask
s_mov_b32 xnack_mask_lo, s0
s_mov_b32 xnack_mask_hi, vcc_lo
s_add_u32 s0, xnack_mask_lo, xnack_mask_hi
v_mov_b32 v0, xnack_mask_hi
v_cndmask_b32_e64 v0, v1, v2, xnack_mask
s_and_b64 xnack_mask, exec, xnack_mask
// A double that needs its low half: llvm-mc warns and takes the high half.
v_fract_f64 v[0:1], 1.1
  v_cmp_eq_f64 vcc, -1.1, v[2:3]
l_f64_warn: v_fract_f64 v[0:1], 0.15915494309189532
v_fract_f64 v[0:1], 0.15915494309189532
