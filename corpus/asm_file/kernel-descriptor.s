‡.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
.text
k:
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel k
  .amdhsa_next_free_vgpr 32
  .amdhsa_next_free_sgpr 16
  .amdhsa_accum_offset 16
  .amdhsa_reserve_vcc 1
  .amdhsa_reserve_xnack_mask 1
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_user_sgpr_count 2
  .amdhsa_group_segment_fixed_size 1024
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_tg_split 0
.end_amdhsa_kernel
