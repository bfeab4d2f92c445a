	.amdgcn_target "amdgcn-amd-amdpal--gfx900"
	.text
	.globl	vs                              ; -- Begin function vs
	.p2align	8
	.type	vs,@function
vs:                                     ; @vs
; %bb.0:
	buffer_load_format_xyzw v[0:3], v0, s[0:3], 0 idxen
	s_waitcnt vmcnt(0)
	v_mov_b32_e32 v3, 1.0
	v_mov_b32_e32 v4, s4
	v_mul_f32_e32 v5, s4, v0
	exp pos0 v5, v1, v2, v3
	exp param0 v2, v1, v0, v4 done
	s_endpgm
.Lfunc_end0:
	.size	vs, .Lfunc_end0-vs
                                        ; -- End function
	.set vs.num_vgpr, 6
	.set vs.num_agpr, 0
	.set vs.numbered_sgpr, 5
	.set vs.num_named_barrier, 0
	.set vs.private_seg_size, 0
	.set vs.uses_vcc, 0
	.set vs.uses_flat_scratch, 0
	.set vs.has_dyn_sized_stack, 0
	.set vs.has_recursion, 0
	.set vs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 44
; TotalNumSgprs: 9
; NumVgprs: 6
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 9
; NumVGPRsForWavesPerEU: 6
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.globl	discard                         ; -- Begin function discard
	.p2align	8
	.type	discard,@function
discard:                                ; @discard
; %bb.0:
	v_cmp_gt_f32_e32 vcc, s0, v0
	s_mov_b64 s[2:3], exec
	s_andn2_b64 s[4:5], exec, vcc
	s_andn2_b64 s[2:3], s[2:3], s[4:5]
	s_cbranch_scc0 .LBB1_2
; %bb.1:
	s_and_b64 exec, exec, s[2:3]
	v_subrev_f32_e32 v0, s0, v0
	s_branch .LBB1_3
.LBB1_2:
	s_mov_b64 exec, 0
	exp null off, off, off, off done vm
	s_endpgm
.LBB1_3:
.Lfunc_end1:
	.size	discard, .Lfunc_end1-discard
                                        ; -- End function
	.set discard.num_vgpr, 1
	.set discard.num_agpr, 0
	.set discard.numbered_sgpr, 6
	.set discard.num_named_barrier, 0
	.set discard.private_seg_size, 0
	.set discard.uses_vcc, 1
	.set discard.uses_flat_scratch, 0
	.set discard.has_dyn_sized_stack, 0
	.set discard.has_recursion, 0
	.set discard.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 48
; TotalNumSgprs: 10
; NumVgprs: 1
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 10
; NumVGPRsForWavesPerEU: 1
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.section	.AMDGPU.csdata,"",@progbits
	.section	".note.GNU-stack","",@progbits
	.amd_amdgpu_isa "amdgcn-amd-amdpal--gfx900"
	.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .hardware_stages:
      .ps:
        .entry_point:    _amdgpu_ps_main
        .entry_point_symbol: discard
        .scratch_memory_size: 0
        .sgpr_count:     0xa
        .vgpr_count:     0x1
      .vs:
        .entry_point:    _amdgpu_vs_main
        .entry_point_symbol: vs
        .scratch_memory_size: 0
        .sgpr_count:     0x9
        .vgpr_count:     0x6
    .registers:
      '0x2c0a (SPI_SHADER_PGM_RSRC1_PS)': 0x2f0040
      '0x2c0b (SPI_SHADER_PGM_RSRC2_PS)': 0
      '0x2c4a (SPI_SHADER_PGM_RSRC1_VS)': 0x2f0041
      '0x2c4b (SPI_SHADER_PGM_RSRC2_VS)': 0
      '0xa1b3 (SPI_PS_INPUT_ENA)': 0x1
      '0xa1b4 (SPI_PS_INPUT_ADDR)': 0x1
...
	.end_amdgpu_pal_metadata
