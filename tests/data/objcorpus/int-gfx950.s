	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.amdhsa_code_object_version 6
	.text
	.globl	int_ops                         ; -- Begin function int_ops
	.p2align	8
	.type	int_ops,@function
int_ops:                                ; @int_ops
; %bb.0:                                ; %entry
	s_load_dwordx4 s[8:11], s[4:5], 0x0
	s_load_dwordx2 s[2:3], s[4:5], 0x18
	v_and_b32_e32 v0, 0x3ff, v0
	v_lshlrev_b32_e32 v4, 2, v0
	v_mov_b32_e32 v6, 0
	s_waitcnt lgkmcnt(0)
	global_load_dwordx2 v[2:3], v4, s[10:11]
	global_load_dword v1, v4, s[10:11]
                                        ; implicit-def: $vgpr4_vgpr5
	s_waitcnt vmcnt(1)
	v_or_b32_e32 v7, s3, v3
	v_cmp_ne_u64_e32 vcc, 0, v[6:7]
	s_and_saveexec_b64 s[0:1], vcc
	s_xor_b64 s[6:7], exec, s[0:1]
	s_cbranch_execz .LBB0_2
; %bb.1:
	v_cvt_f32_u32_e32 v4, s2
	v_cvt_f32_u32_e32 v5, s3
	s_sub_u32 s0, 0, s2
	s_subb_u32 s1, 0, s3
	v_mov_b32_e32 v9, v6
	v_fmamk_f32 v4, v5, 0x4f800000, v4
	v_rcp_f32_e32 v4, v4
	s_mov_b32 s17, 0
	v_mul_f32_e32 v4, 0x5f7ffffc, v4
	v_mul_f32_e32 v5, 0x2f800000, v4
	v_trunc_f32_e32 v5, v5
	v_fmamk_f32 v4, v5, 0xcf800000, v4
	v_cvt_u32_f32_e32 v5, v5
	v_cvt_u32_f32_e32 v4, v4
	v_readfirstlane_b32 s10, v5
	v_readfirstlane_b32 s11, v4
	s_mul_i32 s12, s0, s10
	s_mul_hi_u32 s14, s0, s11
	s_mul_i32 s13, s1, s11
	s_add_i32 s12, s14, s12
	s_mul_i32 s15, s0, s11
	s_add_i32 s12, s12, s13
	s_mul_i32 s14, s11, s12
	s_mul_hi_u32 s16, s11, s15
	s_mul_hi_u32 s13, s11, s12
	s_add_u32 s14, s16, s14
	s_addc_u32 s13, 0, s13
	s_mul_hi_u32 s18, s10, s15
	s_mul_i32 s15, s10, s15
	s_add_u32 s14, s14, s15
	s_mul_hi_u32 s16, s10, s12
	s_addc_u32 s13, s13, s18
	s_addc_u32 s14, s16, 0
	s_mul_i32 s12, s10, s12
	s_add_u32 s12, s13, s12
	s_addc_u32 s13, 0, s14
	s_add_u32 s11, s11, s12
	s_addc_u32 s10, s10, s13
	s_mul_i32 s12, s0, s10
	s_mul_hi_u32 s13, s0, s11
	s_add_i32 s12, s13, s12
	s_mul_i32 s1, s1, s11
	s_add_i32 s12, s12, s1
	s_mul_i32 s0, s0, s11
	s_mul_hi_u32 s13, s10, s0
	s_mul_i32 s14, s10, s0
	s_mul_i32 s16, s11, s12
	s_mul_hi_u32 s0, s11, s0
	s_mul_hi_u32 s15, s11, s12
	s_add_u32 s0, s0, s16
	s_addc_u32 s15, 0, s15
	s_add_u32 s0, s0, s14
	s_mul_hi_u32 s1, s10, s12
	s_addc_u32 s0, s15, s13
	s_addc_u32 s1, s1, 0
	s_mul_i32 s12, s10, s12
	s_add_u32 s0, s0, s12
	s_addc_u32 s1, 0, s1
	s_add_u32 s11, s11, s0
	s_addc_u32 s10, s10, s1
	v_mad_u64_u32 v[4:5], s[0:1], v2, s10, 0
	v_mul_hi_u32 v8, v2, s11
	v_lshl_add_u64 v[4:5], v[8:9], 0, v[4:5]
	v_mad_u64_u32 v[8:9], s[0:1], v3, s11, 0
	v_add_co_u32_e32 v4, vcc, v4, v8
	v_mad_u64_u32 v[6:7], s[0:1], v3, s10, 0
	s_nop 0
	v_addc_co_u32_e32 v4, vcc, v5, v9, vcc
	v_mov_b32_e32 v5, s17
	s_nop 0
	v_addc_co_u32_e32 v7, vcc, 0, v7, vcc
	v_lshl_add_u64 v[4:5], v[4:5], 0, v[6:7]
	v_mul_lo_u32 v8, s3, v4
	v_mul_lo_u32 v9, s2, v5
	v_mad_u64_u32 v[6:7], s[0:1], s2, v4, 0
	v_add3_u32 v10, v7, v9, v8
	v_sub_u32_e32 v7, v3, v10
	v_mov_b32_e32 v8, s3
	v_sub_co_u32_e32 v11, vcc, v2, v6
	s_nop 1
	v_subb_co_u32_e64 v6, s[0:1], v7, v8, vcc
	v_subrev_co_u32_e64 v7, s[0:1], s2, v11
	s_nop 1
	v_subbrev_co_u32_e64 v6, s[0:1], 0, v6, s[0:1]
	v_cmp_le_u32_e64 s[0:1], s3, v6
	s_nop 1
	v_cndmask_b32_e64 v8, 0, -1, s[0:1]
	v_cmp_le_u32_e64 s[0:1], s2, v7
	s_nop 1
	v_cndmask_b32_e64 v7, 0, -1, s[0:1]
	v_cmp_eq_u32_e64 s[0:1], s3, v6
	s_nop 1
	v_cndmask_b32_e64 v12, v8, v7, s[0:1]
	v_lshl_add_u64 v[6:7], v[4:5], 0, 2
	v_lshl_add_u64 v[8:9], v[4:5], 0, 1
	v_cmp_ne_u32_e64 s[0:1], 0, v12
	s_nop 1
	v_cndmask_b32_e64 v7, v9, v7, s[0:1]
	v_subb_co_u32_e32 v9, vcc, v3, v10, vcc
	v_cmp_le_u32_e32 vcc, s3, v9
	v_cndmask_b32_e64 v6, v8, v6, s[0:1]
	s_nop 0
	v_cndmask_b32_e64 v10, 0, -1, vcc
	v_cmp_le_u32_e32 vcc, s2, v11
	s_nop 1
	v_cndmask_b32_e64 v11, 0, -1, vcc
	v_cmp_eq_u32_e32 vcc, s3, v9
	s_nop 1
	v_cndmask_b32_e32 v9, v10, v11, vcc
	v_cmp_ne_u32_e32 vcc, 0, v9
	s_nop 1
	v_cndmask_b32_e32 v5, v5, v7, vcc
	v_cndmask_b32_e32 v4, v4, v6, vcc
.LBB0_2:                                ; %Flow
	s_andn2_saveexec_b64 s[0:1], s[6:7]
	s_cbranch_execz .LBB0_4
; %bb.3:
	v_cvt_f32_u32_e32 v4, s2
	s_sub_i32 s3, 0, s2
	v_rcp_iflag_f32_e32 v4, v4
	s_nop 0
	v_mul_f32_e32 v4, 0x4f7ffffe, v4
	v_cvt_u32_f32_e32 v4, v4
	v_mul_lo_u32 v5, s3, v4
	v_mul_hi_u32 v5, v4, v5
	v_add_u32_e32 v4, v4, v5
	v_mul_hi_u32 v4, v2, v4
	v_mul_lo_u32 v5, v4, s2
	v_sub_u32_e32 v5, v2, v5
	v_add_u32_e32 v6, 1, v4
	v_subrev_u32_e32 v7, s2, v5
	v_cmp_le_u32_e32 vcc, s2, v5
	s_nop 1
	v_cndmask_b32_e32 v5, v5, v7, vcc
	v_cndmask_b32_e32 v4, v4, v6, vcc
	v_add_u32_e32 v6, 1, v4
	v_cmp_le_u32_e32 vcc, s2, v5
	v_mov_b32_e32 v5, 0
	s_nop 0
	v_cndmask_b32_e32 v4, v4, v6, vcc
.LBB0_4:
	s_or_b64 exec, exec, s[0:1]
	s_load_dword s0, s[4:5], 0x10
	s_mov_b32 s1, 0x92492493
	s_waitcnt vmcnt(0)
	v_mul_hi_i32 v7, v1, s1
	v_add_u32_e32 v7, v7, v1
	v_lshrrev_b32_e32 v8, 31, v7
	s_waitcnt lgkmcnt(0)
	v_cvt_f32_u32_e32 v6, s0
	v_ashrrev_i32_e32 v7, 2, v7
	s_sub_i32 s1, 0, s0
	v_add_u32_e32 v7, v7, v8
	v_rcp_iflag_f32_e32 v6, v6
	v_mul_lo_u32 v7, v7, 7
	v_sub_u32_e32 v12, v1, v7
	v_bcnt_u32_b32 v7, v1, 0
	v_mul_f32_e32 v6, 0x4f7ffffe, v6
	v_cvt_u32_f32_e32 v6, v6
	v_ffbl_b32_e32 v13, v1
	v_bfe_u32 v14, v1, 5, 9
	s_mov_b32 s3, 0x8637a2a2
	v_mul_lo_u32 v8, s1, v6
	v_mul_hi_u32 v8, v6, v8
	v_add_u32_e32 v6, v6, v8
	v_mul_hi_u32 v6, v1, v6
	v_mul_lo_u32 v8, v6, s0
	v_sub_u32_e32 v8, v1, v8
	v_add_u32_e32 v9, 1, v6
	v_cmp_le_u32_e32 vcc, s0, v8
	s_mov_b32 s4, 0x4e5ace35
	s_mov_b32 s2, 0
	v_cndmask_b32_e32 v6, v6, v9, vcc
	v_subrev_u32_e32 v9, s0, v8
	v_cndmask_b32_e32 v8, v8, v9, vcc
	v_add_u32_e32 v9, 1, v6
	v_cmp_le_u32_e32 vcc, s0, v8
	v_ffbh_u32_e32 v8, v1
	v_min_u32_e32 v8, 32, v8
	v_cndmask_b32_e32 v6, v6, v9, vcc
	v_bfrev_b32_e32 v9, v1
	v_bfe_i32 v15, v9, v7, 4
	v_alignbit_b32 v7, v1, v9, 1
	v_lshrrev_b32_e32 v9, 1, v1
	v_not_b32_e32 v8, v8
	v_alignbit_b32 v7, v9, v7, v8
	v_add_i32 v6, v7, v6 clamp
	v_sub_u32_e64 v6, v6, v12 clamp
	v_ashrrev_i32_e32 v7, 31, v6
	v_mul_lo_u32 v16, v1, v7
	v_mul_hi_u32 v1, v1, v6
	v_ashrrev_i32_e32 v6, 31, v3
	v_mul_lo_u32 v8, v6, s3
	v_mad_u64_u32 v[6:7], s[0:1], v6, s4, 0
	v_add3_u32 v7, v7, v8, v6
	v_mul_hi_u32 v8, v2, s4
	v_mov_b32_e32 v9, s2
	v_mad_u64_u32 v[8:9], s[0:1], v3, s4, v[8:9]
	v_mov_b32_e32 v10, v9
	v_mov_b32_e32 v9, s2
	v_mad_u64_u32 v[8:9], s[0:1], v2, s3, v[8:9]
	v_mad_u64_u32 v[6:7], s[0:1], v2, -1, v[6:7]
	v_mov_b32_e32 v11, s2
	v_mov_b32_e32 v8, v9
	v_mov_b32_e32 v9, s2
	v_sub_u32_e32 v7, v7, v3
	v_lshl_add_u64 v[8:9], v[10:11], 0, v[8:9]
	v_sub_u32_e32 v7, v7, v2
	v_mad_u64_u32 v[8:9], s[0:1], v3, s3, v[8:9]
	v_lshl_add_u64 v[6:7], v[8:9], 0, v[6:7]
	v_mad_u64_u32 v[6:7], s[0:1], v2, 1, v[6:7]
	v_add_u32_e32 v7, v3, v7
	v_ashrrev_i64 v[8:9], 19, v[6:7]
	v_lshrrev_b32_e32 v6, 31, v7
	v_mov_b32_e32 v7, s2
	v_lshl_add_u64 v[6:7], v[8:9], 0, v[6:7]
	s_mov_b32 s2, 0xf4243
	v_mad_u64_u32 v[8:9], s[0:1], v6, s2, 0
	v_mad_i32_i24 v6, v7, s2, v9
	v_sub_co_u32_e32 v7, vcc, v2, v8
	s_mov_b32 s0, 0x4c957f2d
	s_nop 0
	v_subb_co_u32_e32 v6, vcc, v3, v6, vcc
	v_lshlrev_b64 v[2:3], 13, v[4:5]
	v_xor_b32_e32 v3, v3, v6
	v_xor_b32_e32 v2, v2, v7
	v_lshrrev_b64 v[4:5], 7, v[2:3]
	v_xor_b32_e32 v3, v5, v3
	v_xor_b32_e32 v2, v4, v2
	s_mov_b32 s1, 0x5851f42d
	v_mul_lo_u32 v4, v3, s0
	v_mul_lo_u32 v5, v2, s1
	v_mad_u64_u32 v[2:3], s[0:1], v2, s0, 0
	v_add3_u32 v3, v3, v5, v4
	v_bcnt_u32_b32 v5, v2, 0
	v_bcnt_u32_b32 v6, v3, v5
	v_mov_b32_e32 v7, 0
	v_cmp_lt_u64_e32 vcc, v[2:3], v[6:7]
	v_mov_b32_e32 v4, v3
	s_movk_i32 s0, 0x64
	v_cndmask_b32_e32 v2, v6, v2, vcc
	v_add3_u32 v1, v1, v16, v2
	v_xor_b32_e32 v1, v1, v14
	v_add3_u32 v1, v1, v15, v13
	v_cndmask_b32_e32 v3, 0, v4, vcc
	v_sub_u32_e32 v4, 0, v1
	v_max_i32_e32 v4, v4, v1
	v_min_i32_e32 v4, v4, v12
	v_cmp_lt_i32_e32 vcc, s0, v4
	v_lshlrev_b32_e32 v0, 2, v0
	s_nop 0
	v_cndmask_b32_e32 v1, v1, v4, vcc
	global_store_dword v0, v1, s[8:9]
	v_mov_b32_e32 v0, 0x1000
	global_store_dwordx2 v0, v[2:3], s[8:9]
	v_mov_b32_e32 v0, 0x2000
	global_store_byte v0, v1, s[8:9]
	v_mov_b32_e32 v0, 0x4000
	global_store_short v0, v1, s[8:9]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel int_ops
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 288
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 17
		.amdhsa_next_free_sgpr 19
		.amdhsa_accum_offset 20
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
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
	.size	int_ops, .Lfunc_end0-int_ops
                                        ; -- End function
	.set int_ops.num_vgpr, 17
	.set int_ops.num_agpr, 0
	.set int_ops.numbered_sgpr, 19
	.set int_ops.num_named_barrier, 0
	.set int_ops.private_seg_size, 0
	.set int_ops.uses_vcc, 1
	.set int_ops.uses_flat_scratch, 0
	.set int_ops.has_dyn_sized_stack, 0
	.set int_ops.has_recursion, 0
	.set int_ops.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 1464
; TotalNumSgprs: 25
; NumVgprs: 17
; NumAgprs: 0
; TotalNumVgprs: 17
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 3
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 25
; NumVGPRsForWavesPerEU: 17
; AccumOffset: 20
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 4
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.globl	uniform                         ; -- Begin function uniform
	.p2align	8
	.type	uniform,@function
uniform:                                ; @uniform
; %bb.0:                                ; %entry
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[6:7], s[4:5], 0x10
	v_mov_b32_e32 v0, 0
	s_waitcnt lgkmcnt(0)
	s_mul_i32 s8, s2, s3
	s_lshr_b64 s[4:5], s[6:7], 14
	s_mul_hi_u32 s5, s8, 0x53c1df1d
	s_sub_i32 s6, s8, s5
	s_lshr_b32 s6, s6, 1
	s_add_i32 s6, s6, s5
	s_lshr_b32 s5, s6, 13
	s_add_i32 s5, s5, s4
	s_bcnt1_i32_b32 s4, s5
	s_ff1_i32_b32 s5, s5
	s_min_u32 s5, s5, 32
	s_or_b32 s4, s4, s5
	s_cmp_lt_u32 s4, s2
	s_cselect_b32 s2, s4, s3
	s_bfe_u32 s2, s2, 0x60003
	v_mov_b32_e32 v1, s2
	global_store_dword v0, v1, s[0:1] offset:28
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel uniform
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 9
		.amdhsa_accum_offset 4
		.amdhsa_reserve_vcc 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
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
	.size	uniform, .Lfunc_end1-uniform
                                        ; -- End function
	.set uniform.num_vgpr, 2
	.set uniform.num_agpr, 0
	.set uniform.numbered_sgpr, 9
	.set uniform.num_named_barrier, 0
	.set uniform.private_seg_size, 0
	.set uniform.uses_vcc, 0
	.set uniform.uses_flat_scratch, 0
	.set uniform.has_dyn_sized_stack, 0
	.set uniform.has_recursion, 0
	.set uniform.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 108
; TotalNumSgprs: 15
; NumVgprs: 2
; NumAgprs: 0
; TotalNumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 15
; NumVGPRsForWavesPerEU: 2
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 0
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
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
      - .name:           d
        .offset:         16
        .size:           4
        .value_kind:     by_value
      - .name:           d64
        .offset:         24
        .size:           8
        .value_kind:     by_value
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         36
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         40
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         44
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         46
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         48
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         50
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         52
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         54
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         88
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         96
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         112
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         120
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         128
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         136
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         144
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         232
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 288
    .max_flat_workgroup_size: 1024
    .name:           int_ops
    .private_segment_fixed_size: 0
    .sgpr_count:     25
    .sgpr_spill_count: 0
    .symbol:         int_ops.kd
    .uses_dynamic_stack: false
    .vgpr_count:     17
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .name:           a
        .offset:         8
        .size:           4
        .value_kind:     by_value
      - .name:           b
        .offset:         12
        .size:           4
        .value_kind:     by_value
      - .name:           c
        .offset:         16
        .size:           8
        .value_kind:     by_value
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
    .name:           uniform
    .private_segment_fixed_size: 0
    .sgpr_count:     15
    .sgpr_spill_count: 0
    .symbol:         uniform.kd
    .uses_dynamic_stack: false
    .vgpr_count:     2
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
