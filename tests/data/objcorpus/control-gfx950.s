	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.amdhsa_code_object_version 6
	.text
	.p2align	2                               ; -- Begin function poly
	.type	poly,@function
poly:                                   ; @poly
; %bb.0:                                ; %entry
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b32 s2, 0
	s_mov_b64 s[0:1], 0
	v_mov_b32_e32 v2, 1.0
.LBB0_1:                                ; %loop
                                        ; =>This Inner Loop Header: Depth=1
	v_cvt_f32_i32_e32 v3, s2
	s_add_i32 s2, s2, 1
	v_cmp_ge_i32_e32 vcc, s2, v1
	s_or_b64 s[0:1], vcc, s[0:1]
	v_fmac_f32_e32 v3, v2, v0
	v_mul_f32_e32 v2, 0.5, v3
	s_andn2_b64 exec, exec, s[0:1]
	s_cbranch_execnz .LBB0_1
; %bb.2:                                ; %done
	s_or_b64 exec, exec, s[0:1]
	v_mov_b32_e32 v0, v2
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	poly, .Lfunc_end0-poly
                                        ; -- End function
	.set .Lpoly.num_vgpr, 4
	.set .Lpoly.num_agpr, 0
	.set .Lpoly.numbered_sgpr, 32
	.set .Lpoly.num_named_barrier, 0
	.set .Lpoly.private_seg_size, 0
	.set .Lpoly.uses_vcc, 1
	.set .Lpoly.uses_flat_scratch, 0
	.set .Lpoly.has_dyn_sized_stack, 0
	.set .Lpoly.has_recursion, 0
	.set .Lpoly.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 60
; TotalNumSgprs: 38
; NumVgprs: 4
; NumAgprs: 0
; TotalNumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
	.text
	.globl	branchy                         ; -- Begin function branchy
	.p2align	8
	.type	branchy,@function
branchy:                                ; @branchy
; %bb.0:                                ; %entry
	s_load_dwordx4 s[16:19], s[4:5], 0x0
	v_and_b32_e32 v4, 0x3ff, v0
	v_lshlrev_b32_e32 v1, 2, v4
	s_mov_b32 s14, s10
	s_mov_b32 s13, s9
	s_waitcnt lgkmcnt(0)
	global_load_dword v5, v1, s[18:19]
	s_mov_b32 s12, s8
	s_mov_b64 s[10:11], s[6:7]
	v_mov_b32_e32 v1, 0
	s_mov_b32 s6, 0
	s_movk_i32 s32, 0x50
	s_waitcnt vmcnt(0)
.LBB1_1:                                ; %fill
                                        ; =>This Inner Loop Header: Depth=1
	s_mov_b32 s7, s6
	s_add_i32 s6, s6, 4
	scratch_store_dword off, v1, s7 sc0 sc1
	s_waitcnt vmcnt(0)
	s_cmp_lg_u32 s6, 64
	v_add_u32_e32 v1, v1, v5
	s_cbranch_scc1 .LBB1_1
; %bb.2:                                ; %pick
	v_and_b32_e32 v1, 15, v5
	v_lshlrev_b32_e32 v2, 2, v1
	scratch_load_dword v2, v2, off sc0 sc1
	s_waitcnt vmcnt(0)
	s_load_dword s15, s[4:5], 0x10
	v_and_b32_e32 v3, 1, v2
	v_cmp_eq_u32_e32 vcc, 0, v3
	s_and_saveexec_b64 s[6:7], vcc
	s_xor_b64 s[6:7], exec, s[6:7]
	s_cbranch_execz .LBB1_18
; %bb.3:                                ; %NodeBlock13
	v_cmp_lt_i32_e32 vcc, 2, v1
	s_and_saveexec_b64 s[8:9], vcc
	s_xor_b64 s[8:9], exec, s[8:9]
	s_cbranch_execz .LBB1_13
; %bb.4:                                ; %NodeBlock
	v_cmp_lt_i32_e32 vcc, 8, v1
	s_and_saveexec_b64 s[20:21], vcc
	s_xor_b64 s[20:21], exec, s[20:21]
	s_cbranch_execz .LBB1_8
; %bb.5:                                ; %LeafBlock11
	v_cmp_eq_u32_e32 vcc, 9, v1
	s_and_saveexec_b64 s[22:23], vcc
	s_cbranch_execz .LBB1_7
; %bb.6:                                ; %c9
	s_waitcnt lgkmcnt(0)
	v_subrev_u32_e32 v1, s15, v2
.LBB1_7:                                ; %Flow15
	s_or_b64 exec, exec, s[22:23]
                                        ; implicit-def: $vgpr2
.LBB1_8:                                ; %Flow17
	s_andn2_saveexec_b64 s[20:21], s[20:21]
	s_cbranch_execz .LBB1_12
; %bb.9:                                ; %LeafBlock9
	v_cmp_eq_u32_e32 vcc, 3, v1
	s_and_saveexec_b64 s[22:23], vcc
; %bb.10:                               ; %c3
	v_lshl_add_u32 v1, v2, 1, v2
; %bb.11:                               ; %Flow16
	s_or_b64 exec, exec, s[22:23]
.LBB1_12:                               ; %Flow18
	s_or_b64 exec, exec, s[20:21]
.LBB1_13:                               ; %Flow20
	s_andn2_saveexec_b64 s[8:9], s[8:9]
	s_cbranch_execz .LBB1_17
; %bb.14:                               ; %LeafBlock
	v_cmp_eq_u32_e32 vcc, 0, v1
	s_and_saveexec_b64 s[20:21], vcc
; %bb.15:                               ; %c0
	v_mov_b32_e32 v1, 0
; %bb.16:                               ; %Flow19
	s_or_b64 exec, exec, s[20:21]
.LBB1_17:                               ; %Flow21
	s_or_b64 exec, exec, s[8:9]
                                        ; implicit-def: $vgpr2
                                        ; implicit-def: $vgpr0
.LBB1_18:                               ; %Flow23
	s_andn2_saveexec_b64 s[20:21], s[6:7]
	s_cbranch_execz .LBB1_22
; %bb.19:                               ; %then
	s_movk_i32 s6, 0x3e8
	v_cmp_lt_u32_e32 vcc, s6, v2
	s_and_saveexec_b64 s[22:23], vcc
	s_cbranch_execz .LBB1_21
; %bb.20:                               ; %then2
	v_cvt_f32_u32_e32 v1, v2
	s_add_u32 s8, s4, 24
	s_addc_u32 s9, s5, 0
	s_getpc_b64 s[24:25]
	s_add_u32 s24, s24, poly@rel32@lo+4
	s_addc_u32 s25, s25, poly@rel32@hi+12
	s_mov_b64 s[4:5], s[0:1]
	s_mov_b64 s[6:7], s[2:3]
	v_mov_b32_e32 v31, v0
	v_mov_b32_e32 v0, v1
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v1, s15
	s_swappc_b64 s[30:31], s[24:25]
	v_cvt_i32_f32_e32 v2, v0
.LBB1_21:                               ; %Flow22
	s_or_b64 exec, exec, s[22:23]
	v_mov_b32_e32 v1, v2
.LBB1_22:                               ; %join
	s_or_b64 exec, exec, s[20:21]
	s_mov_b64 s[0:1], 0
	v_mov_b32_e32 v0, 2
                                        ; implicit-def: $sgpr2_sgpr3
	s_branch .LBB1_24
.LBB1_23:                               ; %Flow
                                        ;   in Loop: Header=BB1_24 Depth=1
	s_or_b64 exec, exec, s[4:5]
	s_and_b64 s[4:5], exec, s[2:3]
	s_or_b64 s[0:1], s[4:5], s[0:1]
	v_mov_b32_e32 v3, v1
	v_mov_b32_e32 v1, v2
	s_andn2_b64 exec, exec, s[0:1]
	s_cbranch_execz .LBB1_26
.LBB1_24:                               ; %search
                                        ; =>This Inner Loop Header: Depth=1
	v_lshlrev_b32_sdwa v2, v0, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:BYTE_0
	global_load_dword v2, v2, s[18:19]
	s_or_b64 s[2:3], s[2:3], exec
	s_waitcnt vmcnt(0)
	v_cmp_ne_u32_e32 vcc, v2, v5
                                        ; implicit-def: $vgpr2
	s_and_saveexec_b64 s[4:5], vcc
	s_cbranch_execz .LBB1_23
; %bb.25:                               ; %step
                                        ;   in Loop: Header=BB1_24 Depth=1
	v_add_u32_e32 v2, 17, v1
	s_waitcnt lgkmcnt(0)
	v_cmp_le_u32_e32 vcc, s15, v2
	s_andn2_b64 s[2:3], s[2:3], exec
	s_and_b64 s[6:7], vcc, exec
	v_mov_b32_e32 v1, -1
	s_or_b64 s[2:3], s[2:3], s[6:7]
	s_branch .LBB1_23
.LBB1_26:                               ; %found
	s_or_b64 exec, exec, s[0:1]
	v_lshlrev_b32_e32 v0, 2, v4
	global_store_dword v0, v3, s[16:17]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel branchy
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 80
		.amdhsa_kernarg_size 280
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
	.size	branchy, .Lfunc_end1-branchy
                                        ; -- End function
	.set branchy.num_vgpr, max(32, .Lpoly.num_vgpr)
	.set branchy.num_agpr, max(0, .Lpoly.num_agpr)
	.set branchy.numbered_sgpr, max(33, .Lpoly.numbered_sgpr)
	.set branchy.num_named_barrier, max(0, .Lpoly.num_named_barrier)
	.set branchy.private_seg_size, 80+max(.Lpoly.private_seg_size)
	.set branchy.uses_vcc, or(1, .Lpoly.uses_vcc)
	.set branchy.uses_flat_scratch, or(0, .Lpoly.uses_flat_scratch)
	.set branchy.has_dyn_sized_stack, or(0, .Lpoly.has_dyn_sized_stack)
	.set branchy.has_recursion, or(1, .Lpoly.has_recursion)
	.set branchy.has_indirect_call, or(0, .Lpoly.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 488
; TotalNumSgprs: 39
; NumVgprs: 32
; NumAgprs: 0
; TotalNumVgprs: 32
; ScratchSize: 80
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
	.set amdgpu.max_num_vgpr, 4
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 32
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
      - .name:           n
        .offset:         16
        .size:           4
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
    .name:           branchy
    .private_segment_fixed_size: 80
    .sgpr_count:     39
    .sgpr_spill_count: 0
    .symbol:         branchy.kd
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
