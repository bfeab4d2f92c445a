	.amdgcn_target "amdgcn-amd-amdhsa--gfx600"
	.amdhsa_code_object_version 6
	.text
	.globl	fmath                           ; -- Begin function fmath
	.p2align	8
	.type	fmath,@function
fmath:                                  ; @fmath
; %bb.0:                                ; %entry
	s_load_dwordx4 s[4:7], s[8:9], 0x0
	s_mov_b32 s3, 0x100f000
	s_mov_b32 s2, 0
	v_lshlrev_b32_e32 v0, 2, v0
	v_mov_b32_e32 v1, 0
	s_waitcnt lgkmcnt(0)
	s_mov_b64 s[0:1], s[6:7]
	buffer_load_dword v2, v[0:1], s[0:3], 0 addr64
	buffer_load_dword v3, v[0:1], s[0:3], 0 addr64 offset:1024
	s_mov_b32 s6, 0xf800000
	v_mov_b32_e32 v4, 0x260
	s_mov_b32 s7, 0x800000
	v_mov_b32_e32 v5, 0x42000000
	s_mov_b32 s8, 0x7f800000
	s_brev_b32 s9, -2
	s_waitcnt vmcnt(1)
	v_mul_f32_e32 v9, 0x3e22f983, v2
	s_waitcnt vmcnt(0)
	v_div_scale_f32 v6, s[0:1], v3, v3, v2
	v_rcp_f32_e32 v8, v6
	v_div_scale_f32 v7, vcc, v2, v3, v2
	v_rndne_f32_e32 v10, v3
	v_fma_f32 v11, -v6, v8, 1.0
	v_fma_f32 v8, v11, v8, v8
	v_mul_f32_e32 v11, v7, v8
	v_fma_f32 v12, -v6, v11, v7
	v_fma_f32 v11, v12, v8, v11
	v_fma_f32 v6, -v6, v11, v7
	v_div_fmas_f32 v6, v6, v8, v11
	v_div_fixup_f32 v3, v6, v3, v2
	v_mul_f32_e32 v6, 0x4f800000, v3
	v_cmp_gt_f32_e32 vcc, s6, v3
	v_cndmask_b32_e32 v3, v3, v6, vcc
	v_sqrt_f32_e32 v6, v3
	v_fract_f32_e32 v9, v9
	v_frexp_mant_f32_e32 v7, v10
	v_frexp_exp_i32_f32_e32 v8, v10
	v_add_i32_e64 v11, s[0:1], -1, v6
	v_add_i32_e64 v12, s[0:1], 1, v6
	v_fma_f32 v13, -v11, v6, v3
	v_fma_f32 v14, -v12, v6, v3
	v_cmp_ge_f32_e64 s[0:1], 0, v13
	v_cndmask_b32_e64 v6, v6, v11, s[0:1]
	v_cmp_lt_f32_e64 s[0:1], 0, v14
	v_cndmask_b32_e64 v6, v6, v12, s[0:1]
	v_mul_f32_e32 v11, 0x37800000, v6
	v_cndmask_b32_e32 v6, v6, v11, vcc
	v_cmp_class_f32_e32 vcc, v3, v4
	v_cndmask_b32_e32 v3, v6, v3, vcc
	v_exp_f32_e32 v4, v3
	v_cos_f32_e32 v6, v9
	v_cmp_lt_f32_e64 vcc, |v10|, s8
	v_cndmask_b32_e32 v7, v10, v7, vcc
	v_cmp_gt_f32_e64 s[0:1], s7, v4
	v_cndmask_b32_e64 v9, 0, 32, s[0:1]
	v_ldexp_f32_e32 v4, v4, v9
	v_log_f32_e32 v4, v4
	v_cndmask_b32_e64 v5, 0, v5, s[0:1]
	v_cndmask_b32_e32 v8, 0, v8, vcc
	v_ldexp_f32_e32 v7, v7, v8
	v_sub_f32_e32 v4, v4, v5
	v_mul_f32_e32 v4, 0x3e22f983, v4
	v_fract_f32_e32 v4, v4
	v_sin_f32_e32 v4, v4
	v_floor_f32_e32 v5, v6
	v_bfi_b32 v5, s9, v7, v5
	v_cvt_u32_f32_e32 v3, v3
	v_trunc_f32_e32 v4, v4
	v_add_f32_e64 v4, v5, |v4|
	v_max_f32_e32 v4, 0.5, v4
	v_cvt_i32_f32_e32 v4, v4
	s_mov_b64 s[6:7], s[2:3]
	v_add_i32_e32 v3, vcc, v4, v3
	v_cvt_f32_i32_e32 v3, v3
	v_mov_b32_e32 v4, 0x7f800000
	v_cmp_lt_f32_e32 vcc, v3, v2
	v_cndmask_b32_e32 v2, v4, v3, vcc
	buffer_store_dword v2, v[0:1], s[4:7], 0 addr64
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel fmath
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 12
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 15
		.amdhsa_next_free_sgpr 10
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	fmath, .Lfunc_end0-fmath
                                        ; -- End function
	.set fmath.num_vgpr, 15
	.set fmath.num_agpr, 0
	.set fmath.numbered_sgpr, 10
	.set fmath.num_named_barrier, 0
	.set fmath.private_seg_size, 0
	.set fmath.uses_vcc, 1
	.set fmath.uses_flat_scratch, 0
	.set fmath.has_dyn_sized_stack, 0
	.set fmath.has_recursion, 0
	.set fmath.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 464
; TotalNumSgprs: 12
; NumVgprs: 15
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 3
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 15
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 12
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
	.text
	.globl	dmath                           ; -- Begin function dmath
	.p2align	8
	.type	dmath,@function
dmath:                                  ; @dmath
; %bb.0:                                ; %entry
	s_load_dwordx4 s[4:7], s[8:9], 0x0
	s_mov_b32 s3, 0x100f000
	s_mov_b32 s2, 0
	v_lshlrev_b32_e32 v0, 3, v0
	v_mov_b32_e32 v1, 0
	s_waitcnt lgkmcnt(0)
	s_mov_b64 s[0:1], s[6:7]
	buffer_load_dwordx2 v[3:4], v[0:1], s[0:3], 0 addr64
	buffer_load_dwordx2 v[5:6], v[0:1], s[0:3], 0 addr64 offset:2048
	v_mov_b32_e32 v2, 0x100
	s_brev_b32 s6, -2
	v_mov_b32_e32 v17, 0xffffff80
	v_mov_b32_e32 v18, 0x260
	s_waitcnt vmcnt(0)
	v_div_scale_f64 v[7:8], s[0:1], v[5:6], v[5:6], v[3:4]
	v_rcp_f64_e32 v[9:10], v[7:8]
	v_cmp_eq_u32_e32 vcc, v6, v8
	v_fma_f64 v[11:12], -v[7:8], v[9:10], 1.0
	v_fma_f64 v[9:10], v[9:10], v[11:12], v[9:10]
	v_div_scale_f64 v[11:12], s[0:1], v[3:4], v[5:6], v[3:4]
	v_fma_f64 v[13:14], -v[7:8], v[9:10], 1.0
	v_fma_f64 v[9:10], v[9:10], v[13:14], v[9:10]
	v_cmp_eq_u32_e64 s[0:1], v4, v12
	v_mul_f64 v[13:14], v[11:12], v[9:10]
	s_xor_b64 vcc, s[0:1], vcc
	v_fma_f64 v[7:8], -v[7:8], v[13:14], v[11:12]
	s_mov_b32 s0, 0
	v_div_fmas_f64 v[7:8], v[7:8], v[9:10], v[13:14]
	s_brev_b32 s1, 8
	v_mov_b32_e32 v11, -1
	v_mov_b32_e32 v12, 0x3fefffff
	v_div_fixup_f64 v[7:8], v[7:8], v[5:6], v[3:4]
	v_cmp_gt_f64_e32 vcc, s[0:1], v[7:8]
	s_mov_b32 s0, -1
	v_cndmask_b32_e32 v2, 0, v2, vcc
	v_ldexp_f64 v[7:8], v[7:8], v2
	v_mov_b32_e32 v2, 0x43300000
	v_rsq_f64_e32 v[9:10], v[7:8]
	v_bfi_b32 v2, s6, v2, v6
	s_mov_b32 s1, 0x432fffff
	s_mov_b32 s6, 0
	v_mul_f64 v[13:14], v[7:8], v[9:10]
	v_mul_f64 v[9:10], v[9:10], 0.5
	s_mov_b32 s7, 0x7ff00000
	v_fma_f64 v[15:16], -v[9:10], v[13:14], 0.5
	v_fma_f64 v[13:14], v[13:14], v[15:16], v[13:14]
	v_fma_f64 v[9:10], v[9:10], v[15:16], v[9:10]
	v_fma_f64 v[15:16], -v[13:14], v[13:14], v[7:8]
	v_fma_f64 v[13:14], v[15:16], v[9:10], v[13:14]
	v_fma_f64 v[15:16], -v[13:14], v[13:14], v[7:8]
	v_fma_f64 v[9:10], v[15:16], v[9:10], v[13:14]
	v_add_f64 v[13:14], v[5:6], v[1:2]
	v_add_f64 v[13:14], v[13:14], -v[1:2]
	v_cndmask_b32_e32 v2, 0, v17, vcc
	v_ldexp_f64 v[9:10], v[9:10], v2
	v_cmp_class_f64_e32 vcc, v[7:8], v18
	v_cndmask_b32_e32 v8, v10, v8, vcc
	v_cndmask_b32_e32 v7, v9, v7, vcc
	v_fract_f64_e32 v[9:10], v[7:8]
	v_cmp_gt_f64_e64 vcc, |v[5:6]|, s[0:1]
	v_min_f64 v[9:10], v[9:10], v[11:12]
	v_cmp_class_f64_e64 s[0:1], v[7:8], 3
	v_cndmask_b32_e32 v6, v14, v6, vcc
	v_cndmask_b32_e64 v9, v9, v7, s[0:1]
	v_cndmask_b32_e64 v10, v10, v8, s[0:1]
	v_add_f64 v[7:8], v[7:8], -v[9:10]
	v_cndmask_b32_e32 v5, v13, v5, vcc
	v_fma_f64 v[5:6], v[7:8], v[5:6], v[3:4]
	s_brev_b32 s0, 4
	v_frexp_mant_f64_e32 v[7:8], v[5:6]
	v_frexp_exp_i32_f64_e32 v2, v[5:6]
	v_cmp_lt_f64_e64 vcc, |v[5:6]|, s[6:7]
	s_mov_b32 s1, 0x4202a05f
	v_cndmask_b32_e32 v6, v6, v8, vcc
	v_cndmask_b32_e32 v5, v5, v7, vcc
	v_cndmask_b32_e32 v2, 0, v2, vcc
	v_ldexp_f64 v[5:6], v[5:6], v2
	s_mov_b64 s[6:7], s[2:3]
	v_min_f64 v[5:6], v[5:6], s[0:1]
	v_cvt_i32_f64_e32 v2, v[5:6]
	v_cvt_f32_f64_e32 v7, v[5:6]
	v_cvt_f64_i32_e32 v[5:6], v2
	v_cvt_f64_f32_e32 v[7:8], v7
	v_add_f64 v[5:6], v[7:8], -v[5:6]
	v_cmp_nlg_f64_e32 vcc, 0, v[5:6]
	v_cndmask_b32_e32 v4, v4, v6, vcc
	v_cndmask_b32_e32 v3, v3, v5, vcc
	buffer_store_dwordx2 v[3:4], v[0:1], s[4:7], 0 addr64
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel dmath
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 12
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 19
		.amdhsa_next_free_sgpr 10
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end1:
	.size	dmath, .Lfunc_end1-dmath
                                        ; -- End function
	.set dmath.num_vgpr, 19
	.set dmath.num_agpr, 0
	.set dmath.numbered_sgpr, 10
	.set dmath.num_named_barrier, 0
	.set dmath.private_seg_size, 0
	.set dmath.uses_vcc, 1
	.set dmath.uses_flat_scratch, 0
	.set dmath.has_dyn_sized_stack, 0
	.set dmath.has_recursion, 0
	.set dmath.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 548
; TotalNumSgprs: 12
; NumVgprs: 19
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 19
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 12
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.section	.AMDGPU.csdata,"",@progbits
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           in
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         20
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         28
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         30
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         32
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         34
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         36
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         38
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         56
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         80
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         96
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         104
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         112
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         120
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         128
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         208
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         212
        .size:           4
        .value_kind:     hidden_shared_base
      - .offset:         216
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .max_flat_workgroup_size: 1024
    .name:           fmath
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         fmath.kd
    .uses_dynamic_stack: false
    .vgpr_count:     15
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           in
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         20
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         28
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         30
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         32
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         34
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         36
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         38
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         56
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         80
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         96
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         104
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         112
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         120
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         128
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         208
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         212
        .size:           4
        .value_kind:     hidden_shared_base
      - .offset:         216
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .max_flat_workgroup_size: 1024
    .name:           dmath
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         dmath.kd
    .uses_dynamic_stack: false
    .vgpr_count:     19
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
