// Two hazards for `amdgpu-mc lint`: a load's result read before it returns, and an
// SGPR that a VALU writes read as an address by the next instruction.
.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
  global_load_dword v1, v[2:3], off
  v_add_f32 v0, v1, v1
  v_readfirstlane_b32 s4, v0
  v_readfirstlane_b32 s5, v3
  global_store_dword v2, v0, s[4:5]
  s_endpgm
