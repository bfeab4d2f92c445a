// GCN 1.0 (gfx6) errors, one per line, as llvm-mc 22 reports them (gfx600-errors.stderr).
s_load_dword s1, s[2:3], 0x100
flat_load_dword v1, v[2:3]
s_dcache_inv_vol
v_trunc_f64 v[1:2], v[3:4]
s_mov_b32 s1, flat_scratch_lo
