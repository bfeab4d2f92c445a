	.amdgcn_target "amdgcn-amd-amdpal--gfx942"
	.text
	.globl	helper                          ; -- Begin function helper
	.p2align	2
	.type	helper,@function
helper:                                 ; @helper
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	v_mad_u64_u32 v[0:1], s[0:1], s4, v0, 7
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	helper, .Lfunc_end0-helper
                                        ; -- End function
	.set helper.num_vgpr, 2
	.set helper.num_agpr, 0
	.set helper.numbered_sgpr, 32
	.set helper.num_named_barrier, 0
	.set helper.private_seg_size, 0
	.set helper.uses_vcc, 0
	.set helper.uses_flat_scratch, 0
	.set helper.has_dyn_sized_stack, 0
	.set helper.has_recursion, 0
	.set helper.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 16
; TotalNumSgprs: 38
; NumVgprs: 2
; NumAgprs: 0
; TotalNumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
	.text
	.globl	main                            ; -- Begin function main
	.p2align	8
	.type	main,@function
main:                                   ; @main
; %bb.0:
	s_mov_b32 s9, s1
	s_mov_b32 s8, s0
	s_mov_b32 s1, helper@abs32@hi
	s_mov_b32 s0, helper@abs32@lo
	s_mov_b32 s32, 0
	v_mov_b32_e32 v2, v0
	s_mov_b32 s11, s3
	s_mov_b32 s10, s2
	s_swappc_b64 s[30:31], s[0:1]
	v_lshlrev_b32_e32 v1, 2, v2
	buffer_store_dword v0, v1, s[8:11], 0 offen
	s_endpgm
.Lfunc_end1:
	.size	main, .Lfunc_end1-main
                                        ; -- End function
	.set main.num_vgpr, max(3, helper.num_vgpr)
	.set main.num_agpr, max(0, helper.num_agpr)
	.set main.numbered_sgpr, max(33, helper.numbered_sgpr)
	.set main.num_named_barrier, max(0, helper.num_named_barrier)
	.set main.private_seg_size, 0+max(helper.private_seg_size)
	.set main.uses_vcc, or(0, helper.uses_vcc)
	.set main.uses_flat_scratch, or(0, helper.uses_flat_scratch)
	.set main.has_dyn_sized_stack, or(0, helper.has_dyn_sized_stack)
	.set main.has_recursion, or(1, helper.has_recursion)
	.set main.has_indirect_call, or(0, helper.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 60
; TotalNumSgprs: 39
; NumVgprs: 3
; NumAgprs: 0
; TotalNumVgprs: 3
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 39
; NumVGPRsForWavesPerEU: 3
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 0
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 2
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 32
	.set amdgpu.max_num_named_barrier, 0
	.text
	.section	".note.GNU-stack","",@progbits
	.amd_amdgpu_isa "amdgcn-amd-amdpal--gfx942"
	.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .api:            Vulkan
    .hardware_stages:
      .cs:
        .agpr_count:     0
        .debug_mode:     false
        .entry_point_symbol: main
        .excp_en:        0
        .forward_progress: false
        .ieee_mode:      false
        .lds_size:       0
        .mem_ordered:    false
        .scratch_en:     true
        .scratch_memory_size: 0
        .sgpr_count:     0x27
        .trap_present:   false
        .vgpr_count:     0x3
        .wgp_mode:       false
    .registers:      {}
    .shader_functions:
      helper:
        .api_shader_hash:
          - 0x1
          - 0x2
        .backend_stack_size: 0
        .lds_size:       0
        .sgpr_count:     0x26
        .stack_frame_size_in_bytes: 0
        .vgpr_count:     0x2
amdpal.version:
  - 0x3
  - 0x6
...
	.end_amdgpu_pal_metadata
