	.amdgcn_target "amdgcn-amd-amdpal--gfx900"
	.text
	.globl	helper                          ; -- Begin function helper
	.p2align	2
	.type	helper,@function
helper:                                 ; @helper
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	v_mad_u64_u32 v[0:1], s[34:35], s4, v0, 7
                                        ; kill: def $vgpr0 killed $vgpr0 killed $vgpr0_vgpr1 killed $exec
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	helper, .Lfunc_end0-helper
                                        ; -- End function
	.set helper.num_vgpr, 2
	.set helper.num_agpr, 0
	.set helper.numbered_sgpr, 36
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
; TotalNumSgprs: 40
; NumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
	.text
	.globl	main                            ; -- Begin function main
	.p2align	8
	.type	main,@function
main:                                   ; @main
; %bb.0:
	s_mov_b32 s32, 0x400
	s_getpc_b64 s[12:13]
	s_mov_b32 s12, s0
	s_load_dwordx4 s[12:15], s[12:13], 0x10
	s_waitcnt lgkmcnt(0)
	s_add_u32 s12, s12, s5
	s_addc_u32 s13, s13, 0
	v_mov_b32_e32 v4, v2
	v_mov_b32_e32 v5, v1
	buffer_store_dword v0, off, s[12:15], 0 ; 4-byte Folded Spill
	s_mov_b32 s5, s3
	s_mov_b32 s6, s2
	s_mov_b32 s7, s1
                                        ; kill: def $sgpr0 killed $sgpr0 def $sgpr0_sgpr1_sgpr2_sgpr3
	s_mov_b32 s1, s7
	s_mov_b32 s2, s6
	s_mov_b32 s3, s5
                                        ; implicit-def: $vgpr6 : SGPR spill to VGPR lane
	v_writelane_b32 v6, s0, 0
	v_writelane_b32 v6, s1, 1
	v_writelane_b32 v6, s2, 2
	v_writelane_b32 v6, s3, 3
	v_mov_b32_e32 v1, v0
	v_mov_b32_e32 v2, v5
	v_mov_b32_e32 v3, v4
	s_mov_b32 s0, helper@abs32@hi
	s_mov_b32 s6, helper@abs32@lo
                                        ; kill: def $sgpr6 killed $sgpr6 def $sgpr6_sgpr7
	s_mov_b32 s7, s0
	v_mov_b32_e32 v1, s4
	v_readfirstlane_b32 s4, v1
	s_mov_b64 s[0:1], s[12:13]
	s_mov_b64 s[2:3], s[14:15]
	s_swappc_b64 s[30:31], s[6:7]
	buffer_load_dword v1, off, s[12:15], 0  ; 4-byte Folded Reload
	v_readlane_b32 s0, v6, 0
	v_readlane_b32 s1, v6, 1
	v_readlane_b32 s2, v6, 2
	v_readlane_b32 s3, v6, 3
	s_mov_b32 s4, 2
	s_waitcnt vmcnt(0)
	v_lshlrev_b32_e64 v1, s4, v1
	s_mov_b32 s4, 0
	s_nop 0
	buffer_store_dword v0, v1, s[0:3], s4 offen
	s_endpgm
.Lfunc_end1:
	.size	main, .Lfunc_end1-main
                                        ; -- End function
	.set main.num_vgpr, max(7, helper.num_vgpr)
	.set main.num_agpr, max(0, helper.num_agpr)
	.set main.numbered_sgpr, max(33, helper.numbered_sgpr)
	.set main.num_named_barrier, max(0, helper.num_named_barrier)
	.set main.private_seg_size, 16+max(helper.private_seg_size)
	.set main.uses_vcc, or(0, helper.uses_vcc)
	.set main.uses_flat_scratch, or(0, helper.uses_flat_scratch)
	.set main.has_dyn_sized_stack, or(0, helper.has_dyn_sized_stack)
	.set main.has_recursion, or(1, helper.has_recursion)
	.set main.has_indirect_call, or(0, helper.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 236
; TotalNumSgprs: 40
; NumVgprs: 7
; ScratchSize: 16
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 40
; NumVGPRsForWavesPerEU: 7
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 2
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 36
	.set amdgpu.max_num_named_barrier, 0
	.section	.AMDGPU.csdata,"",@progbits
	.section	".note.GNU-stack","",@progbits
	.amd_amdgpu_isa "amdgcn-amd-amdpal--gfx900"
	.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .api:            Vulkan
    .hardware_stages:
      .cs:
        .debug_mode:     false
        .entry_point_symbol: main
        .excp_en:        0
        .forward_progress: false
        .ieee_mode:      false
        .lds_size:       0
        .mem_ordered:    false
        .scratch_en:     true
        .scratch_memory_size: 0x10
        .sgpr_count:     0x28
        .trap_present:   false
        .vgpr_count:     0x7
        .wgp_mode:       false
    .registers:      {}
    .shader_functions:
      helper:
        .api_shader_hash:
          - 0x1
          - 0x2
        .backend_stack_size: 0
        .lds_size:       0
        .sgpr_count:     0x28
        .stack_frame_size_in_bytes: 0
        .vgpr_count:     0x2
amdpal.version:
  - 0x3
  - 0x6
...
	.end_amdgpu_pal_metadata
