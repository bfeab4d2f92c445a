	.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
	.amdhsa_code_object_version 6
	.text
	.globl	mfma_f32                        ; -- Begin function mfma_f32
	.p2align	8
	.type	mfma_f32,@function
mfma_f32:                               ; @mfma_f32
; %bb.0:                                ; %entry
	s_load_dwordx4 s[0:3], s[8:9], 0x0
	s_load_dwordx2 s[4:5], s[8:9], 0x10
	v_lshlrev_b32_e32 v1, 2, v0
	v_lshlrev_b32_e32 v6, 4, v0
	s_waitcnt lgkmcnt(0)
	global_load_dword v4, v1, s[0:1]
	global_load_dword v5, v1, s[2:3]
	s_nop 0
	global_load_dwordx4 v[0:3], v6, s[4:5]
	s_waitcnt vmcnt(0)
	v_accvgpr_write_b32 a0, v0
	v_accvgpr_write_b32 a1, v1
	v_accvgpr_write_b32 a2, v2
	v_accvgpr_write_b32 a3, v3
	s_nop 0
	v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]
	v_mfma_f32_4x4x1f32 a[0:3], v5, v4, a[0:3] cbsz:4 abid:1 blgp:2
	v_mfma_f32_4x4x1f32 a[0:3], v4, v4, a[0:3] cbsz:1 blgp:7
	s_nop 3
	v_accvgpr_read_b32 v0, a0
	v_accvgpr_read_b32 v1, a1
	v_accvgpr_read_b32 v2, a2
	v_accvgpr_read_b32 v3, a3
	s_nop 1
	global_store_dwordx4 v6, v[0:3], s[4:5]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel mfma_f32
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 14
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 7
		.amdhsa_next_free_sgpr 10
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
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
	.size	mfma_f32, .Lfunc_end0-mfma_f32
                                        ; -- End function
	.set mfma_f32.num_vgpr, 7
	.set mfma_f32.num_agpr, 4
	.set mfma_f32.numbered_sgpr, 10
	.set mfma_f32.num_named_barrier, 0
	.set mfma_f32.private_seg_size, 0
	.set mfma_f32.uses_vcc, 0
	.set mfma_f32.uses_flat_scratch, 0
	.set mfma_f32.has_dyn_sized_stack, 0
	.set mfma_f32.has_recursion, 0
	.set mfma_f32.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 172
; TotalNumSgprs: 14
; NumVgprs: 7
; NumAgprs: 4
; TotalNumVgprs: 7
; ScratchSize: 0
; MemoryBound: 1
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 14
; NumVGPRsForWavesPerEU: 7
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 14
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
	.text
	.globl	mfma_big                        ; -- Begin function mfma_big
	.p2align	8
	.type	mfma_big,@function
mfma_big:                               ; @mfma_big
; %bb.0:                                ; %entry
	s_load_dwordx4 s[0:3], s[8:9], 0x0
	s_load_dwordx2 s[4:5], s[8:9], 0x10
	v_lshlrev_b32_e32 v17, 2, v0
	v_lshlrev_b32_e32 v18, 6, v0
	v_lshlrev_b32_e32 v32, 7, v0
	s_waitcnt lgkmcnt(0)
	global_load_dword v33, v17, s[0:1]
	global_load_dwordx4 v[13:16], v18, s[2:3] offset:48
	global_load_dwordx4 v[9:12], v18, s[2:3] offset:32
	global_load_dwordx4 v[5:8], v18, s[2:3] offset:16
	global_load_dwordx4 v[1:4], v18, s[2:3]
	v_mov_b32_e32 v17, 1.0
	s_waitcnt vmcnt(0)
	v_accvgpr_write_b32 a0, v1
	v_accvgpr_write_b32 a1, v2
	v_accvgpr_write_b32 a2, v3
	v_accvgpr_write_b32 a3, v4
	v_accvgpr_write_b32 a4, v5
	v_accvgpr_write_b32 a5, v6
	v_accvgpr_write_b32 a6, v7
	v_accvgpr_write_b32 a7, v8
	v_accvgpr_write_b32 a8, v9
	v_accvgpr_write_b32 a9, v10
	v_accvgpr_write_b32 a10, v11
	v_accvgpr_write_b32 a11, v12
	v_accvgpr_write_b32 a12, v13
	v_accvgpr_write_b32 a13, v14
	v_accvgpr_write_b32 a14, v15
	v_accvgpr_write_b32 a15, v16
	s_nop 0
	v_mfma_f32_16x16x1f32 a[0:15], v33, v17, a[0:15]
	s_nop 9
	v_accvgpr_read_b32 v3, a15
	v_accvgpr_read_b32 v2, a14
	v_accvgpr_read_b32 v1, a13
	v_accvgpr_read_b32 v0, a12
	v_accvgpr_read_b32 v7, a11
	v_accvgpr_read_b32 v6, a10
	v_accvgpr_read_b32 v5, a9
	v_accvgpr_read_b32 v4, a8
	v_accvgpr_read_b32 v11, a7
	v_accvgpr_read_b32 v10, a6
	v_accvgpr_read_b32 v9, a5
	v_accvgpr_read_b32 v8, a4
	v_accvgpr_read_b32 v15, a3
	v_accvgpr_read_b32 v14, a2
	v_accvgpr_read_b32 v13, a1
	v_accvgpr_read_b32 v12, a0
	global_store_dwordx4 v18, v[0:3], s[2:3] offset:48
	global_store_dwordx4 v18, v[4:7], s[2:3] offset:32
	global_store_dwordx4 v18, v[8:11], s[2:3] offset:16
	global_store_dwordx4 v18, v[12:15], s[2:3]
	global_load_dwordx4 v[28:31], v32, s[4:5] offset:112
	global_load_dwordx4 v[24:27], v32, s[4:5] offset:96
	global_load_dwordx4 v[20:23], v32, s[4:5] offset:80
	s_nop 0
	global_load_dwordx4 v[16:19], v32, s[4:5] offset:64
	global_load_dwordx4 v[12:15], v32, s[4:5] offset:48
	global_load_dwordx4 v[8:11], v32, s[4:5] offset:32
	global_load_dwordx4 v[4:7], v32, s[4:5] offset:16
	global_load_dwordx4 v[0:3], v32, s[4:5]
	s_waitcnt vmcnt(0)
	v_accvgpr_write_b32 a0, v0
	v_accvgpr_write_b32 a1, v1
	v_accvgpr_write_b32 a2, v2
	v_accvgpr_write_b32 a3, v3
	v_accvgpr_write_b32 a4, v4
	v_accvgpr_write_b32 a5, v5
	v_accvgpr_write_b32 a6, v6
	v_accvgpr_write_b32 a7, v7
	v_accvgpr_write_b32 a8, v8
	v_accvgpr_write_b32 a9, v9
	v_accvgpr_write_b32 a10, v10
	v_accvgpr_write_b32 a11, v11
	v_accvgpr_write_b32 a12, v12
	v_accvgpr_write_b32 a13, v13
	v_accvgpr_write_b32 a14, v14
	v_accvgpr_write_b32 a15, v15
	v_accvgpr_write_b32 a16, v16
	v_accvgpr_write_b32 a17, v17
	v_accvgpr_write_b32 a18, v18
	v_accvgpr_write_b32 a19, v19
	v_accvgpr_write_b32 a20, v20
	v_accvgpr_write_b32 a21, v21
	v_accvgpr_write_b32 a22, v22
	v_accvgpr_write_b32 a23, v23
	v_accvgpr_write_b32 a24, v24
	v_accvgpr_write_b32 a25, v25
	v_accvgpr_write_b32 a26, v26
	v_accvgpr_write_b32 a27, v27
	v_accvgpr_write_b32 a28, v28
	v_accvgpr_write_b32 a29, v29
	v_accvgpr_write_b32 a30, v30
	v_accvgpr_write_b32 a31, v31
	s_nop 0
	v_mfma_f32_32x32x1f32 a[0:31], v33, v33, a[0:31] cbsz:1 abid:1 blgp:1
	s_nop 15
	s_nop 1
	v_accvgpr_read_b32 v3, a31
	v_accvgpr_read_b32 v2, a30
	v_accvgpr_read_b32 v1, a29
	v_accvgpr_read_b32 v0, a28
	v_accvgpr_read_b32 v7, a27
	v_accvgpr_read_b32 v6, a26
	v_accvgpr_read_b32 v5, a25
	v_accvgpr_read_b32 v4, a24
	v_accvgpr_read_b32 v11, a19
	v_accvgpr_read_b32 v10, a18
	v_accvgpr_read_b32 v9, a17
	v_accvgpr_read_b32 v8, a16
	v_accvgpr_read_b32 v15, a23
	v_accvgpr_read_b32 v14, a22
	v_accvgpr_read_b32 v13, a21
	v_accvgpr_read_b32 v12, a20
	v_accvgpr_read_b32 v19, a11
	v_accvgpr_read_b32 v18, a10
	v_accvgpr_read_b32 v17, a9
	v_accvgpr_read_b32 v16, a8
	v_accvgpr_read_b32 v23, a15
	v_accvgpr_read_b32 v22, a14
	v_accvgpr_read_b32 v21, a13
	v_accvgpr_read_b32 v20, a12
	v_accvgpr_read_b32 v27, a3
	v_accvgpr_read_b32 v26, a2
	v_accvgpr_read_b32 v25, a1
	v_accvgpr_read_b32 v24, a0
	global_store_dwordx4 v32, v[0:3], s[4:5] offset:112
	s_nop 0
	v_accvgpr_read_b32 v3, a7
	v_accvgpr_read_b32 v2, a6
	v_accvgpr_read_b32 v1, a5
	v_accvgpr_read_b32 v0, a4
	global_store_dwordx4 v32, v[4:7], s[4:5] offset:96
	global_store_dwordx4 v32, v[8:11], s[4:5] offset:64
	global_store_dwordx4 v32, v[12:15], s[4:5] offset:80
	global_store_dwordx4 v32, v[16:19], s[4:5] offset:32
	global_store_dwordx4 v32, v[20:23], s[4:5] offset:48
	global_store_dwordx4 v32, v[24:27], s[4:5]
	global_store_dwordx4 v32, v[0:3], s[4:5] offset:16
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel mfma_big
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 14
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 34
		.amdhsa_next_free_sgpr 10
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
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
	.size	mfma_big, .Lfunc_end1-mfma_big
                                        ; -- End function
	.set mfma_big.num_vgpr, 34
	.set mfma_big.num_agpr, 32
	.set mfma_big.numbered_sgpr, 10
	.set mfma_big.num_named_barrier, 0
	.set mfma_big.private_seg_size, 0
	.set mfma_big.uses_vcc, 0
	.set mfma_big.uses_flat_scratch, 0
	.set mfma_big.has_dyn_sized_stack, 0
	.set mfma_big.has_recursion, 0
	.set mfma_big.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 1060
; TotalNumSgprs: 14
; NumVgprs: 34
; NumAgprs: 32
; TotalNumVgprs: 34
; ScratchSize: 0
; MemoryBound: 1
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 8
; NumSGPRsForWavesPerEU: 14
; NumVGPRsForWavesPerEU: 34
; Occupancy: 7
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 14
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
	.text
	.globl	mfma_f16_i8                     ; -- Begin function mfma_f16_i8
	.p2align	8
	.type	mfma_f16_i8,@function
mfma_f16_i8:                            ; @mfma_f16_i8
; %bb.0:                                ; %entry
	s_load_dwordx4 s[0:3], s[8:9], 0x0
	s_load_dwordx2 s[4:5], s[8:9], 0x10
	v_lshlrev_b32_e32 v1, 3, v0
	v_lshlrev_b32_e32 v7, 4, v0
	s_waitcnt lgkmcnt(0)
	global_load_dwordx2 v[5:6], v1, s[0:1]
	s_nop 0
	global_load_dwordx4 v[1:4], v7, s[2:3]
	s_waitcnt vmcnt(0)
	v_accvgpr_write_b32 a0, v1
	v_accvgpr_write_b32 a1, v2
	v_accvgpr_write_b32 a2, v3
	v_accvgpr_write_b32 a3, v4
	s_nop 0
	v_mfma_f32_4x4x4f16 a[0:3], v[5:6], v[5:6], a[0:3]
	s_nop 3
	v_accvgpr_read_b32 v4, a3
	v_accvgpr_read_b32 v3, a2
	v_accvgpr_read_b32 v2, a1
	v_accvgpr_read_b32 v1, a0
	s_nop 1
	global_store_dwordx4 v7, v[1:4], s[2:3]
	global_load_dwordx4 v[1:4], v7, s[4:5]
	s_waitcnt vmcnt(0)
	v_accvgpr_write_b32 a0, v1
	v_accvgpr_write_b32 a1, v2
	v_accvgpr_write_b32 a2, v3
	v_accvgpr_write_b32 a3, v4
	s_nop 0
	v_mfma_i32_4x4x4i8 a[0:3], v5, v0, a[0:3]
	s_nop 3
	v_accvgpr_read_b32 v0, a0
	v_accvgpr_read_b32 v1, a1
	v_accvgpr_read_b32 v2, a2
	v_accvgpr_read_b32 v3, a3
	s_nop 1
	global_store_dwordx4 v7, v[0:3], s[4:5]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel mfma_f16_i8
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 14
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 10
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end2:
	.size	mfma_f16_i8, .Lfunc_end2-mfma_f16_i8
                                        ; -- End function
	.set mfma_f16_i8.num_vgpr, 8
	.set mfma_f16_i8.num_agpr, 4
	.set mfma_f16_i8.numbered_sgpr, 10
	.set mfma_f16_i8.num_named_barrier, 0
	.set mfma_f16_i8.private_seg_size, 0
	.set mfma_f16_i8.uses_vcc, 0
	.set mfma_f16_i8.uses_flat_scratch, 0
	.set mfma_f16_i8.has_dyn_sized_stack, 0
	.set mfma_f16_i8.has_recursion, 0
	.set mfma_f16_i8.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 252
; TotalNumSgprs: 14
; NumVgprs: 8
; NumAgprs: 4
; TotalNumVgprs: 8
; ScratchSize: 0
; MemoryBound: 1
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 14
; NumVGPRsForWavesPerEU: 8
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 14
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
  - .agpr_count:     4
    .args:
      - .address_space:  global
        .name:           a
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           b
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           c
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         104
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         112
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         120
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         128
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         136
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         224
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           mfma_f32
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .symbol:         mfma_f32.kd
    .uses_dynamic_stack: false
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     32
    .args:
      - .address_space:  global
        .name:           a
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           c
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           d
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         104
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         112
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         120
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         128
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         136
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         224
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           mfma_big
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .symbol:         mfma_big.kd
    .uses_dynamic_stack: false
    .vgpr_count:     34
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     4
    .args:
      - .address_space:  global
        .name:           a
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           c
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           e
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         104
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         112
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         120
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         128
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         136
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         224
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           mfma_f16_i8
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .symbol:         mfma_f16_i8.kd
    .uses_dynamic_stack: false
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx908
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
