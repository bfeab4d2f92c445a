	.amdgcn_target "amdgcn-amd-amdpal--gfx600"
	.text
	.globl	scale                           ; -- Begin function scale
	.p2align	8
	.type	scale,@function
scale:                                  ; @scale
; %bb.0:
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	s_load_dword s4, s[4:5], 0x2
	s_mov_b32 s3, 0xf000
	s_mov_b32 s2, 0
	v_lshlrev_b32_e32 v0, 2, v0
	v_mov_b32_e32 v1, 0
	s_waitcnt lgkmcnt(0)
	buffer_load_dword v2, v[0:1], s[0:3], 0 addr64
	s_waitcnt vmcnt(0)
	v_mul_f32_e32 v2, s4, v2
	buffer_store_dword v2, v[0:1], s[0:3], 0 addr64
	s_endpgm
.Lfunc_end0:
	.size	scale, .Lfunc_end0-scale
                                        ; -- End function
	.set scale.num_vgpr, 3
	.set scale.num_agpr, 0
	.set scale.numbered_sgpr, 6
	.set scale.num_named_barrier, 0
	.set scale.private_seg_size, 0
	.set scale.uses_vcc, 0
	.set scale.uses_flat_scratch, 0
	.set scale.has_dyn_sized_stack, 0
	.set scale.has_recursion, 0
	.set scale.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 60
; TotalNumSgprs: 6
; NumVgprs: 3
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 6
; NumVGPRsForWavesPerEU: 3
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
	.text
	.globl	callext                         ; -- Begin function callext
	.p2align	8
	.type	callext,@function
callext:                                ; @callext
; %bb.0:
	s_getpc_b64 s[36:37]
	s_mov_b32 s36, s0
	s_load_dwordx4 s[36:39], s[36:37], 0x0
	s_mov_b32 s14, s10
	s_mov_b32 s12, s8
	v_lshlrev_b32_e32 v1, 10, v1
	s_mov_b32 s13, s9
	s_waitcnt lgkmcnt(0)
	s_add_u32 s36, s36, s11
	s_mov_b64 s[10:11], s[6:7]
	s_load_dwordx2 s[6:7], s[4:5], 0x0
	s_addc_u32 s37, s37, 0
	s_add_u32 s8, s4, 8
	s_addc_u32 s9, s5, 0
	v_lshlrev_b32_e32 v2, 20, v2
	s_waitcnt lgkmcnt(0)
	s_load_dword s15, s[6:7], 0x0
	v_or_b32_e32 v0, v0, v1
	s_mov_b64 s[4:5], s[0:1]
	s_mov_b64 s[6:7], s[2:3]
	s_mov_b64 s[0:1], s[36:37]
	s_mov_b32 s17, ext@abs32@hi
	s_mov_b32 s16, ext@abs32@lo
	v_or_b32_e32 v31, v0, v2
	s_mov_b64 s[2:3], s[38:39]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v0, s15
	s_mov_b32 s32, 0
	s_swappc_b64 s[30:31], s[16:17]
	s_endpgm
.Lfunc_end1:
	.size	callext, .Lfunc_end1-callext
                                        ; -- End function
	.set callext.num_vgpr, max(32, amdgpu.max_num_vgpr)
	.set callext.num_agpr, max(0, amdgpu.max_num_agpr)
	.set callext.numbered_sgpr, max(40, amdgpu.max_num_sgpr)
	.set callext.num_named_barrier, max(0, amdgpu.max_num_named_barrier)
	.set callext.private_seg_size, 0
	.set callext.uses_vcc, 1
	.set callext.uses_flat_scratch, 0
	.set callext.has_dyn_sized_stack, 1
	.set callext.has_recursion, 1
	.set callext.has_indirect_call, 1
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 128
; TotalNumSgprs: callext.numbered_sgpr+2
; NumVgprs: callext.num_vgpr
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: (alignto(max(max(callext.numbered_sgpr+extrasgprs(callext.uses_vcc, callext.uses_flat_scratch, 0), 1, 0), 1), 8)/8)-1
; VGPRBlocks: (alignto(max(max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0), 1), 4)/4)-1
; NumSGPRsForWavesPerEU: max(callext.numbered_sgpr+2, 1, 0)
; NumVGPRsForWavesPerEU: max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0)
; Occupancy: occupancy(10, 4, 256, 5, 10, max(callext.numbered_sgpr+extrasgprs(callext.uses_vcc, callext.uses_flat_scratch, 0), 1, 0), max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0))
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
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
	.amd_amdgpu_isa "amdgcn-amd-amdpal--gfx600"
	.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .hardware_stages:
      .cs:
        .entry_point:    _amdgpu_cs_main
        .entry_point_symbol: callext
        .scratch_memory_size: 0
        .sgpr_count:     0x2a
        .vgpr_count:     0x20
    .registers:
      '0x2e12 (COMPUTE_PGM_RSRC1)': 0xaf0147
      '0x2e13 (COMPUTE_PGM_RSRC2)': 0x1391
...
	.end_amdgpu_pal_metadata
