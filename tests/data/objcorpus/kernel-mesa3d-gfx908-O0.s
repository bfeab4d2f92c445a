	.section	.AMDGPU.config,"",@progbits
	.long	47176
	.long	11468864
	.long	47180
	.long	5020
	.long	47200
	.long	0
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	scale                           ; -- Begin function scale
	.p2align	8
	.type	scale,@function
	.amdgpu_hsa_kernel scale
scale:                                  ; @scale
	.amd_kernel_code_t
		amd_code_version_major = 1
		amd_code_version_minor = 2
		amd_machine_kind = 1
		amd_machine_version_major = 9
		amd_machine_version_minor = 0
		amd_machine_version_stepping = 8
		kernel_code_entry_byte_offset = 256
		kernel_code_prefetch_byte_size = 0
		granulated_workitem_vgpr_count = 0
		granulated_wavefront_sgpr_count = 1
		priority = 0
		float_mode = 240
		priv = 0
		enable_dx10_clamp = 1
		debug_mode = 0
		enable_ieee_mode = 1
		enable_wgp_mode = 0
		enable_mem_ordered = 0
		enable_fwd_progress = 0
		enable_sgpr_private_segment_wave_byte_offset = 0
		user_sgpr_count = 14
		enable_trap_handler = 0
		enable_sgpr_workgroup_id_x = 1
		enable_sgpr_workgroup_id_y = 1
		enable_sgpr_workgroup_id_z = 1
		enable_sgpr_workgroup_info = 0
		enable_vgpr_workitem_id = 2
		enable_exception_msb = 0
		granulated_lds_size = 0
		enable_exception = 0
		enable_sgpr_private_segment_buffer = 1
		enable_sgpr_dispatch_ptr = 1
		enable_sgpr_queue_ptr = 1
		enable_sgpr_kernarg_segment_ptr = 1
		enable_sgpr_dispatch_id = 1
		enable_sgpr_flat_scratch_init = 1
		enable_sgpr_private_segment_size = 0
		enable_sgpr_grid_workgroup_count_x = 0
		enable_sgpr_grid_workgroup_count_y = 0
		enable_sgpr_grid_workgroup_count_z = 0
		enable_wavefront_size32 = 0
		enable_ordered_append_gds = 0
		private_element_size = 1
		is_ptr64 = 1
		is_dynamic_callstack = 0
		is_debug_enabled = 0
		is_xnack_enabled = 1
		workitem_private_segment_byte_size = 0
		workgroup_group_segment_byte_size = 0
		gds_segment_byte_size = 0
		kernarg_segment_byte_size = 28
		workgroup_fbarrier_count = 0
		wavefront_sgpr_count = 14
		workitem_vgpr_count = 2
		reserved_vgpr_first = 0
		reserved_vgpr_count = 0
		reserved_sgpr_first = 0
		reserved_sgpr_count = 0
		debug_wavefront_private_segment_offset_sgpr = 0
		debug_private_segment_buffer_sgpr = 0
		kernarg_segment_alignment = 4
		group_segment_alignment = 4
		private_segment_alignment = 4
		wavefront_size = 6
		call_convention = -1
		runtime_loader_kernel_symbol = 0
	.end_amd_kernel_code_t
; %bb.0:
	s_load_dwordx2 s[4:5], s[8:9], 0x0
	s_load_dword s6, s[8:9], 0x8
	s_mov_b32 s7, 2
	v_lshlrev_b32_e64 v0, s7, v0
	s_waitcnt lgkmcnt(0)
	global_load_dword v1, v0, s[4:5]
	s_waitcnt vmcnt(0)
	v_mul_f32_e64 v1, v1, s6
	global_store_dword v0, v1, s[4:5]
	s_endpgm
.Lfunc_end0:
	.size	scale, .Lfunc_end0-scale
                                        ; -- End function
	.set scale.num_vgpr, 2
	.set scale.num_agpr, 0
	.set scale.numbered_sgpr, 10
	.set scale.num_named_barrier, 0
	.set scale.private_seg_size, 0
	.set scale.uses_vcc, 0
	.set scale.uses_flat_scratch, 0
	.set scale.has_dyn_sized_stack, 0
	.set scale.has_recursion, 0
	.set scale.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 64
; TotalNumSgprs: 14
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
; NumSGPRsForWavesPerEU: 14
; NumVGPRsForWavesPerEU: 2
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 14
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
	.section	.AMDGPU.config,"",@progbits
	.long	47176
	.long	11468800|((((alignto(max(max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0), 1), 4)/4)-1)&63)|((((alignto(max(max(callext.numbered_sgpr+extrasgprs(callext.uses_vcc, callext.uses_flat_scratch, 1), 1, 0), 1), 8)/8)-1)&15)<<6))
	.long	47180
	.long	5021
	.long	47200
	.long	0
	.long	4
	.long	1
	.long	8
	.long	0
	.text
	.globl	callext                         ; -- Begin function callext
	.p2align	8
	.type	callext,@function
	.amdgpu_hsa_kernel callext
callext:                                ; @callext
	.amd_kernel_code_t
		amd_code_version_major = 1
		amd_code_version_minor = 2
		amd_machine_kind = 1
		amd_machine_version_major = 9
		amd_machine_version_minor = 0
		amd_machine_version_stepping = 8
		kernel_code_entry_byte_offset = 256
		kernel_code_prefetch_byte_size = 0
		granulated_workitem_vgpr_count = (11468800|((((alignto(max(max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0), 1), 4)/4)-1)&63)|((((alignto(max(max(callext.numbered_sgpr+extrasgprs(callext.uses_vcc, callext.uses_flat_scratch, 1), 1, 0), 1), 8)/8)-1)&15)<<6)))&63
		granulated_wavefront_sgpr_count = ((11468800|((((alignto(max(max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0), 1), 4)/4)-1)&63)|((((alignto(max(max(callext.numbered_sgpr+extrasgprs(callext.uses_vcc, callext.uses_flat_scratch, 1), 1, 0), 1), 8)/8)-1)&15)<<6)))>>6)&15
		priority = 0
		float_mode = 240
		priv = 0
		enable_dx10_clamp = 1
		debug_mode = 0
		enable_ieee_mode = 1
		enable_wgp_mode = 0
		enable_mem_ordered = 0
		enable_fwd_progress = 0
		enable_sgpr_private_segment_wave_byte_offset = 1
		user_sgpr_count = 14
		enable_trap_handler = 0
		enable_sgpr_workgroup_id_x = 1
		enable_sgpr_workgroup_id_y = 1
		enable_sgpr_workgroup_id_z = 1
		enable_sgpr_workgroup_info = 0
		enable_vgpr_workitem_id = 2
		enable_exception_msb = 0
		granulated_lds_size = 0
		enable_exception = 0
		enable_sgpr_private_segment_buffer = 1
		enable_sgpr_dispatch_ptr = 1
		enable_sgpr_queue_ptr = 1
		enable_sgpr_kernarg_segment_ptr = 1
		enable_sgpr_dispatch_id = 1
		enable_sgpr_flat_scratch_init = 1
		enable_sgpr_private_segment_size = 0
		enable_sgpr_grid_workgroup_count_x = 0
		enable_sgpr_grid_workgroup_count_y = 0
		enable_sgpr_grid_workgroup_count_z = 0
		enable_wavefront_size32 = 0
		enable_ordered_append_gds = 0
		private_element_size = 1
		is_ptr64 = 1
		is_dynamic_callstack = 1
		is_debug_enabled = 0
		is_xnack_enabled = 1
		workitem_private_segment_byte_size = 0
		workgroup_group_segment_byte_size = 0
		gds_segment_byte_size = 0
		kernarg_segment_byte_size = 24
		workgroup_fbarrier_count = 0
		wavefront_sgpr_count = callext.numbered_sgpr+6
		workitem_vgpr_count = totalnumvgprs(callext.num_agpr, callext.num_vgpr)
		reserved_vgpr_first = 0
		reserved_vgpr_count = 0
		reserved_sgpr_first = 0
		reserved_sgpr_count = 0
		debug_wavefront_private_segment_offset_sgpr = 0
		debug_private_segment_buffer_sgpr = 0
		kernarg_segment_alignment = 4
		group_segment_alignment = 4
		private_segment_alignment = 4
		wavefront_size = 6
		call_convention = -1
		runtime_loader_kernel_symbol = 0
	.end_amd_kernel_code_t
; %bb.0:
	s_mov_b32 s32, 0
	s_add_u32 flat_scratch_lo, s12, s17
	s_addc_u32 flat_scratch_hi, s13, 0
	s_add_u32 s0, s0, s17
	s_addc_u32 s1, s1, 0
                                        ; implicit-def: $vgpr40 : SGPR spill to VGPR lane
	v_writelane_b32 v40, s16, 0
	s_mov_b32 s13, s15
	s_mov_b32 s12, s14
	v_readlane_b32 s14, v40, 0
	s_mov_b64 s[16:17], s[8:9]
	s_load_dwordx2 s[8:9], s[16:17], 0x0
	s_waitcnt lgkmcnt(0)
	s_load_dword s18, s[8:9], 0x0
	s_mov_b64 s[20:21], 8
	s_mov_b32 s8, s16
	s_mov_b32 s9, s17
	s_mov_b32 s16, s20
	s_mov_b32 s15, s21
	s_add_u32 s8, s8, s16
	s_addc_u32 s15, s9, s15
                                        ; kill: def $sgpr8 killed $sgpr8 def $sgpr8_sgpr9
	s_mov_b32 s9, s15
	s_mov_b32 s15, ext@abs32@hi
	s_mov_b32 s16, ext@abs32@lo
                                        ; kill: def $sgpr16 killed $sgpr16 def $sgpr16_sgpr17
	s_mov_b32 s17, s15
	s_mov_b64 s[22:23], s[2:3]
	s_mov_b64 s[20:21], s[0:1]
	s_mov_b32 s15, 20
	v_lshlrev_b32_e64 v2, s15, v2
	s_mov_b32 s15, 10
	v_lshlrev_b32_e64 v1, s15, v1
	v_or3_b32 v31, v0, v1, v2
                                        ; implicit-def: $sgpr15
	s_mov_b64 s[0:1], s[20:21]
	s_mov_b64 s[2:3], s[22:23]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v0, s18
	s_swappc_b64 s[30:31], s[16:17]
	s_endpgm
.Lfunc_end1:
	.size	callext, .Lfunc_end1-callext
                                        ; -- End function
	.set callext.num_vgpr, max(41, amdgpu.max_num_vgpr)
	.set callext.num_agpr, max(0, amdgpu.max_num_agpr)
	.set callext.numbered_sgpr, max(33, amdgpu.max_num_sgpr)
	.set callext.num_named_barrier, max(0, amdgpu.max_num_named_barrier)
	.set callext.private_seg_size, 0
	.set callext.uses_vcc, 1
	.set callext.uses_flat_scratch, 1
	.set callext.has_dyn_sized_stack, 1
	.set callext.has_recursion, 1
	.set callext.has_indirect_call, 1
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 184
; TotalNumSgprs: callext.numbered_sgpr+6
; NumVgprs: callext.num_vgpr
; NumAgprs: callext.num_agpr
; TotalNumVgprs: totalnumvgprs(callext.num_agpr, callext.num_vgpr)
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: (alignto(max(max(callext.numbered_sgpr+extrasgprs(callext.uses_vcc, callext.uses_flat_scratch, 1), 1, 0), 1), 8)/8)-1
; VGPRBlocks: (alignto(max(max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0), 1), 4)/4)-1
; NumSGPRsForWavesPerEU: max(callext.numbered_sgpr+6, 1, 0)
; NumVGPRsForWavesPerEU: max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0)
; Occupancy: occupancy(10, 4, 256, 8, 10, max(callext.numbered_sgpr+extrasgprs(callext.uses_vcc, callext.uses_flat_scratch, 1), 1, 0), max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0))
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
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
	.amd_amdgpu_isa "amdgcn-mesa-mesa3d--gfx908"
