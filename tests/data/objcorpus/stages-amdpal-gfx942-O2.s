	.amdgcn_target "amdgcn-amd-amdpal--gfx942"
	.text
	.globl	gs                              ; -- Begin function gs
	.p2align	8
	.type	gs,@function
gs:                                     ; @gs
; %bb.0:
	v_add_u32_e32 v0, s0, v0
	s_nop 0
	v_readfirstlane_b32 s0, v0
	s_mov_b32 m0, s0
	s_nop 0
	s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)
	s_endpgm
.Lfunc_end0:
	.size	gs, .Lfunc_end0-gs
                                        ; -- End function
	.set gs.num_vgpr, 1
	.set gs.num_agpr, 0
	.set gs.numbered_sgpr, 1
	.set gs.num_named_barrier, 0
	.set gs.private_seg_size, 0
	.set gs.uses_vcc, 0
	.set gs.uses_flat_scratch, 0
	.set gs.has_dyn_sized_stack, 0
	.set gs.has_recursion, 0
	.set gs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 28
; TotalNumSgprs: 7
; NumVgprs: 1
; NumAgprs: 0
; TotalNumVgprs: 1
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 7
; NumVGPRsForWavesPerEU: 1
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 0
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.globl	hs                              ; -- Begin function hs
	.p2align	8
	.type	hs,@function
hs:                                     ; @hs
; %bb.0:
	v_mov_b32_e32 v2, s0
	v_mov_b32_e32 v3, s1
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[2:3], v[0:1], 2, v[2:3]
	global_store_dword v[2:3], v0, off
	s_endpgm
.Lfunc_end1:
	.size	hs, .Lfunc_end1-hs
                                        ; -- End function
	.set hs.num_vgpr, 4
	.set hs.num_agpr, 0
	.set hs.numbered_sgpr, 2
	.set hs.num_named_barrier, 0
	.set hs.private_seg_size, 0
	.set hs.uses_vcc, 0
	.set hs.uses_flat_scratch, 0
	.set hs.has_dyn_sized_stack, 0
	.set hs.has_recursion, 0
	.set hs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 32
; TotalNumSgprs: 8
; NumVgprs: 4
; NumAgprs: 0
; TotalNumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 8
; NumVGPRsForWavesPerEU: 4
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 0
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.globl	es                              ; -- Begin function es
	.p2align	8
	.type	es,@function
es:                                     ; @es
; %bb.0:
	v_mov_b32_e32 v1, 0
	v_mul_f32_e32 v0, v0, v0
	global_store_dword v1, v0, s[0:1]
	s_endpgm
.Lfunc_end2:
	.size	es, .Lfunc_end2-es
                                        ; -- End function
	.set es.num_vgpr, 2
	.set es.num_agpr, 0
	.set es.numbered_sgpr, 2
	.set es.num_named_barrier, 0
	.set es.private_seg_size, 0
	.set es.uses_vcc, 0
	.set es.uses_flat_scratch, 0
	.set es.has_dyn_sized_stack, 0
	.set es.has_recursion, 0
	.set es.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 20
; TotalNumSgprs: 8
; NumVgprs: 2
; NumAgprs: 0
; TotalNumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 8
; NumVGPRsForWavesPerEU: 2
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 0
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.globl	ls                              ; -- Begin function ls
	.p2align	8
	.type	ls,@function
ls:                                     ; @ls
; %bb.0:
	v_mov_b32_e32 v1, 0
	v_lshl_add_u32 v0, v0, 1, v0
	global_store_dword v1, v0, s[0:1]
	s_endpgm
.Lfunc_end3:
	.size	ls, .Lfunc_end3-ls
                                        ; -- End function
	.set ls.num_vgpr, 2
	.set ls.num_agpr, 0
	.set ls.numbered_sgpr, 2
	.set ls.num_named_barrier, 0
	.set ls.private_seg_size, 0
	.set ls.uses_vcc, 0
	.set ls.uses_flat_scratch, 0
	.set ls.has_dyn_sized_stack, 0
	.set ls.has_recursion, 0
	.set ls.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 24
; TotalNumSgprs: 8
; NumVgprs: 2
; NumAgprs: 0
; TotalNumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 8
; NumVGPRsForWavesPerEU: 2
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
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
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.section	".note.GNU-stack","",@progbits
	.amd_amdgpu_isa "amdgcn-amd-amdpal--gfx942"
	.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .hardware_stages:
      .es:
        .agpr_count:     0
        .entry_point:    _amdgpu_es_main
        .entry_point_symbol: es
        .scratch_memory_size: 0
        .sgpr_count:     0x8
        .vgpr_count:     0x2
      .gs:
        .agpr_count:     0
        .entry_point:    _amdgpu_gs_main
        .entry_point_symbol: gs
        .scratch_memory_size: 0
        .sgpr_count:     0x7
        .vgpr_count:     0x1
      .hs:
        .agpr_count:     0
        .entry_point:    _amdgpu_hs_main
        .entry_point_symbol: hs
        .scratch_memory_size: 0
        .sgpr_count:     0x8
        .vgpr_count:     0x4
      .ls:
        .agpr_count:     0
        .entry_point:    _amdgpu_ls_main
        .entry_point_symbol: ls
        .scratch_memory_size: 0
        .sgpr_count:     0x8
        .vgpr_count:     0x2
    .registers:
      '0x2c8a (SPI_SHADER_PGM_RSRC1_GS)': 0x2f0000
      '0x2c8b (SPI_SHADER_PGM_RSRC2_GS)': 0
      '0x2cca (SPI_SHADER_PGM_RSRC1_ES)': 0x2f0000
      '0x2ccb (SPI_SHADER_PGM_RSRC2_ES)': 0
      '0x2d0a (SPI_SHADER_PGM_RSRC1_HS)': 0x2f0000
      '0x2d0b (SPI_SHADER_PGM_RSRC2_HS)': 0
      '0x2d4a (SPI_SHADER_PGM_RSRC1_LS)': 0x2f0000
      '0x2d4b (SPI_SHADER_PGM_RSRC2_LS)': 0
...
	.end_amdgpu_pal_metadata
