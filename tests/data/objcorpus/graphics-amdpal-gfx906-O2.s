	.amdgcn_target "amdgcn-amd-amdpal--gfx906"
	.text
	.globl	ps                              ; -- Begin function ps
	.p2align	8
	.type	ps,@function
ps:                                     ; @ps
; %bb.0:                                ; %entry
	v_mul_f32_e32 v1, v0, v1
	s_mov_b32 s7, s4
	s_mov_b32 s6, s3
	s_mov_b32 s5, s2
	s_mov_b32 s4, s1
	v_cmp_gt_f32_e32 vcc, 0, v1
	s_and_saveexec_b64 s[2:3], vcc
; %bb.1:                                ; %flip
	v_xor_b32_e32 v0, 0x80000000, v0
; %bb.2:                                ; %shade
	s_or_b64 exec, exec, s[2:3]
	v_cvt_u32_f32_e32 v0, v0
	buffer_load_format_xyzw v[0:3], v0, s[4:7], 0 idxen
	s_waitcnt vmcnt(0)
	v_mul_f32_e32 v0, s0, v0
	v_mul_f32_e32 v1, s0, v1
	v_mul_f32_e32 v2, s0, v2
	v_mul_f32_e32 v3, s0, v3
	; return to shader part epilog
.Lfunc_end0:
	.size	ps, .Lfunc_end0-ps
                                        ; -- End function
	.set ps.num_vgpr, 4
	.set ps.num_agpr, 0
	.set ps.numbered_sgpr, 8
	.set ps.num_named_barrier, 0
	.set ps.private_seg_size, 0
	.set ps.uses_vcc, 1
	.set ps.uses_flat_scratch, 0
	.set ps.has_dyn_sized_stack, 0
	.set ps.has_recursion, 0
	.set ps.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 72
; TotalNumSgprs: 12
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 4
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
	.globl	cs                              ; -- Begin function cs
	.p2align	8
	.type	cs,@function
cs:                                     ; @cs
; %bb.0:                                ; %entry
	v_lshlrev_b32_e32 v1, 2, v0
	buffer_load_dword v2, v1, s[0:3], 0 offen
	v_xor_b32_e32 v0, 1, v0
	v_lshlrev_b32_e32 v0, 2, v0
	s_mov_b32 s5, 0
	s_waitcnt vmcnt(0)
	ds_write_b32 v1, v2
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b32 v0, v0
.LBB1_1:                                ; %loop
                                        ; =>This Inner Loop Header: Depth=1
	s_add_i32 s5, s5, 1
	s_cmp_lt_u32 s5, s4
	s_waitcnt lgkmcnt(0)
	v_lshl_add_u32 v0, v0, 1, v0
	s_cbranch_scc1 .LBB1_1
; %bb.2:                                ; %done
	buffer_store_dword v0, v1, s[0:3], 0 offen
	s_endpgm
.Lfunc_end1:
	.size	cs, .Lfunc_end1-cs
                                        ; -- End function
	.set cs.num_vgpr, 3
	.set cs.num_agpr, 0
	.set cs.numbered_sgpr, 6
	.set cs.num_named_barrier, 0
	.set cs.private_seg_size, 0
	.set cs.uses_vcc, 0
	.set cs.uses_flat_scratch, 0
	.set cs.has_dyn_sized_stack, 0
	.set cs.has_recursion, 0
	.set cs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 88
; TotalNumSgprs: 10
; NumVgprs: 3
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 256 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 10
; NumVGPRsForWavesPerEU: 3
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
	.amd_amdgpu_isa "amdgcn-amd-amdpal--gfx906"
	.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .hardware_stages:
      .cs:
        .entry_point:    _amdgpu_cs_main
        .entry_point_symbol: cs
        .scratch_memory_size: 0
        .sgpr_count:     0xa
        .vgpr_count:     0x3
      .ps:
        .entry_point:    _amdgpu_ps_main
        .entry_point_symbol: ps
        .scratch_memory_size: 0
        .sgpr_count:     0xc
        .vgpr_count:     0x4
    .registers:
      '0x2c0a (SPI_SHADER_PGM_RSRC1_PS)': 0x2f0040
      '0x2c0b (SPI_SHADER_PGM_RSRC2_PS)': 0
      '0x2e12 (COMPUTE_PGM_RSRC1)': 0x2f0040
      '0x2e13 (COMPUTE_PGM_RSRC2)': 0x8000
      '0xa1b3 (SPI_PS_INPUT_ENA)': 0x3
      '0xa1b4 (SPI_PS_INPUT_ADDR)': 0x3
...
	.end_amdgpu_pal_metadata
