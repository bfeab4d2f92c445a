	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.amdhsa_code_object_version 6
	.text
	.hidden	lo                              ; -- Begin function lo
	.weak	lo
	.p2align	2
	.type	lo,@function
lo:                                     ; @lo
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	v_mov_b32_e32 v2, 1
	global_store_dword v[0:1], v2, off
	s_waitcnt vmcnt(0)
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	lo, .Lfunc_end0-lo
                                        ; -- End function
	.set lo.num_vgpr, 3
	.set lo.num_agpr, 0
	.set lo.numbered_sgpr, 32
	.set lo.num_named_barrier, 0
	.set lo.private_seg_size, 0
	.set lo.uses_vcc, 0
	.set lo.uses_flat_scratch, 0
	.set lo.has_dyn_sized_stack, 0
	.set lo.has_recursion, 0
	.set lo.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 24
; TotalNumSgprs: 38
; NumVgprs: 3
; NumAgprs: 0
; TotalNumVgprs: 3
; ScratchSize: 0
; MemoryBound: 0
	.text
	.globl	k                               ; -- Begin function k
	.p2align	8
	.type	k,@function
k:                                      ; @k
; %bb.0:
	s_mov_b32 s14, s10
	s_mov_b64 s[10:11], s[6:7]
	s_load_dword s6, s[4:5], 0x8
	s_mov_b32 s13, s9
	s_mov_b32 s12, s8
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v31, v0
	s_waitcnt lgkmcnt(0)
	s_ashr_i32 s7, s6, 31
	s_getpc_b64 s[8:9]
	s_add_u32 s8, s8, c@gotpcrel32@lo+4
	s_addc_u32 s9, s9, c@gotpcrel32@hi+12
	s_load_dwordx2 s[8:9], s[8:9], 0x0
	s_lshl2_add_u32 s15, s6, 0
	s_lshl_b64 s[6:7], s[6:7], 2
	v_mov_b32_e32 v1, s15
	ds_read_b32 v1, v1
	s_waitcnt lgkmcnt(0)
	s_add_u32 s6, s8, s6
	s_addc_u32 s7, s9, s7
	s_load_dword s15, s[6:7], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x0
	s_mov_b64 s[6:7], s[2:3]
	s_mov_b32 s32, 0
	s_waitcnt lgkmcnt(0)
	v_add_u32_e32 v1, s15, v1
	global_store_dword v2, v1, s[8:9]
	s_add_u32 s8, s4, 16
	s_addc_u32 s9, s5, 0
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, w@gotpcrel32@lo+4
	s_addc_u32 s5, s5, w@gotpcrel32@hi+12
	s_load_dwordx2 s[16:17], s[4:5], 0x0
	s_getpc_b64 s[18:19]
	s_add_u32 s18, s18, lo@rel32@lo+4
	s_addc_u32 s19, s19, lo@rel32@hi+12
	s_mov_b64 s[4:5], s[0:1]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v0, s16
	v_mov_b32_e32 v1, s17
	s_swappc_b64 s[30:31], s[18:19]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel k
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 1
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 32
		.amdhsa_next_free_sgpr 33
		.amdhsa_accum_offset 32
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
.Lfunc_end1:
	.size	k, .Lfunc_end1-k
                                        ; -- End function
	.set k.num_vgpr, max(32, lo.num_vgpr)
	.set k.num_agpr, max(0, lo.num_agpr)
	.set k.numbered_sgpr, max(33, lo.numbered_sgpr)
	.set k.num_named_barrier, max(0, lo.num_named_barrier)
	.set k.private_seg_size, 0+max(lo.private_seg_size)
	.set k.uses_vcc, or(1, lo.uses_vcc)
	.set k.uses_flat_scratch, or(0, lo.uses_flat_scratch)
	.set k.has_dyn_sized_stack, or(0, lo.has_dyn_sized_stack)
	.set k.has_recursion, or(1, lo.has_recursion)
	.set k.has_indirect_call, or(0, lo.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 220
; TotalNumSgprs: 39
; NumVgprs: 32
; NumAgprs: 0
; TotalNumVgprs: 32
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 3
; NumSGPRsForWavesPerEU: 39
; NumVGPRsForWavesPerEU: 32
; AccumOffset: 32
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 7
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 3
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 32
	.set amdgpu.max_num_named_barrier, 0
	.text
	.type	c,@object                       ; @c
	.section	.rodata,"a",@progbits
	.globl	c
	.p2align	2, 0x0
c:
	.long	1                               ; 0x1
	.long	2                               ; 0x2
	.long	3                               ; 0x3
	.long	4                               ; 0x4
	.size	c, 16

	.type	w,@object                       ; @w
	.section	.bss,"aw",@nobits
	.weak	w
	.p2align	2, 0x0
w:
	.long	0                               ; 0x0
	.size	w, 4

	.hidden	h                               ; @h
	.type	h,@object
	.data
	.globl	h
	.p2align	3, 0x0
h:
	.quad	7                               ; 0x7
	.size	h, 8

	.type	.Lstr,@object                   ; @str
	.section	.rodata.str1.1,"aMS",@progbits,1
.Lstr:
	.asciz	"hello"
	.size	.Lstr, 6

	.type	ptr,@object                     ; @ptr
	.data
	.globl	ptr
	.p2align	3, 0x0
ptr:
	.quad	.Lstr
	.size	ptr, 8

	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .name:           o
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .name:           i
        .offset:         8
        .size:           4
        .value_kind:     by_value
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
      - .offset:         136
        .size:           4
        .value_kind:     hidden_dynamic_lds_size
      - .offset:         216
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .max_flat_workgroup_size: 1024
    .name:           k
    .private_segment_fixed_size: 0
    .sgpr_count:     39
    .sgpr_spill_count: 0
    .symbol:         k.kd
    .uses_dynamic_stack: true
    .vgpr_count:     32
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
