	.amdgcn_target "amdgcn-amd-amdpal--gfx700"
	.text
	.globl	scale                           ; -- Begin function scale
	.p2align	8
	.type	scale,@function
scale:                                  ; @scale
; %bb.0:
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	s_load_dword s4, s[4:5], 0x2
	s_mov_b32 s2, 0xf000
	s_mov_b32 s6, 0
                                        ; kill: def $sgpr6 killed $sgpr6 def $sgpr6_sgpr7
	s_mov_b32 s7, s2
                                        ; kill: def $sgpr0_sgpr1 killed $sgpr0_sgpr1 def $sgpr0_sgpr1_sgpr2_sgpr3
	s_mov_b64 s[2:3], s[6:7]
	s_mov_b32 s5, 2
	v_lshlrev_b32_e64 v1, s5, v0
	v_mov_b32_e32 v0, 0
                                        ; kill: def $vgpr1 killed $vgpr1 def $vgpr1_vgpr2 killed $exec
	v_mov_b32_e32 v2, v0
	s_waitcnt lgkmcnt(0)
	buffer_load_dword v0, v[1:2], s[0:3], 0 addr64
	s_waitcnt vmcnt(0)
	v_mul_f32_e64 v0, v0, s4
	buffer_store_dword v0, v[1:2], s[0:3], 0 addr64
	s_endpgm
.Lfunc_end0:
	.size	scale, .Lfunc_end0-scale
                                        ; -- End function
	.set scale.num_vgpr, 3
	.set scale.num_agpr, 0
	.set scale.numbered_sgpr, 8
	.set scale.num_named_barrier, 0
	.set scale.private_seg_size, 0
	.set scale.uses_vcc, 0
	.set scale.uses_flat_scratch, 0
	.set scale.has_dyn_sized_stack, 0
	.set scale.has_recursion, 0
	.set scale.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 84
; TotalNumSgprs: 8
; NumVgprs: 3
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 8
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
	s_mov_b32 s32, 0x400
	s_getpc_b64 s[36:37]
	s_mov_b32 s36, s0
	s_load_dwordx4 s[36:39], s[36:37], 0x0
	s_waitcnt lgkmcnt(0)
	s_add_u32 s36, s36, s11
	s_addc_u32 s37, s37, 0
	s_mov_b32 s14, s10
	s_mov_b32 s13, s9
	s_mov_b32 s12, s8
	s_mov_b64 s[10:11], s[6:7]
                                        ; implicit-def: $vgpr40 : SGPR spill to VGPR lane
	v_writelane_b32 v40, s4, 0
	v_writelane_b32 v40, s5, 1
	s_mov_b64 s[6:7], s[2:3]
	s_mov_b64 s[4:5], s[0:1]
	v_readlane_b32 s0, v40, 0
	v_readlane_b32 s1, v40, 1
	buffer_store_dword v2, off, s[36:39], 0 ; 4-byte Folded Spill
	v_mov_b32_e32 v2, v1
	buffer_load_dword v1, off, s[36:39], 0  ; 4-byte Folded Reload
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_load_dword s18, s[2:3], 0x0
	s_mov_b64 s[8:9], 8
	s_mov_b32 s2, s0
	s_mov_b32 s0, s1
	s_mov_b32 s3, s8
	s_mov_b32 s1, s9
	s_add_u32 s8, s2, s3
	s_addc_u32 s0, s0, s1
                                        ; kill: def $sgpr8 killed $sgpr8 def $sgpr8_sgpr9
	s_mov_b32 s9, s0
	s_mov_b32 s0, ext@abs32@hi
	s_mov_b32 s16, ext@abs32@lo
                                        ; kill: def $sgpr16 killed $sgpr16 def $sgpr16_sgpr17
	s_mov_b32 s17, s0
	s_mov_b64 s[0:1], s[36:37]
	s_mov_b64 s[2:3], s[38:39]
	s_mov_b32 s15, 20
	s_waitcnt vmcnt(0)
	v_lshlrev_b32_e64 v1, s15, v1
	s_mov_b32 s15, 10
	v_lshlrev_b32_e64 v2, s15, v2
	v_or_b32_e64 v0, v0, v2
	v_or_b32_e64 v31, v0, v1
                                        ; implicit-def: $sgpr15
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v0, s18
	s_swappc_b64 s[30:31], s[16:17]
	s_endpgm
.Lfunc_end1:
	.size	callext, .Lfunc_end1-callext
                                        ; -- End function
	.set callext.num_vgpr, max(41, amdgpu.max_num_vgpr)
	.set callext.num_agpr, max(0, amdgpu.max_num_agpr)
	.set callext.numbered_sgpr, max(40, amdgpu.max_num_sgpr)
	.set callext.num_named_barrier, max(0, amdgpu.max_num_named_barrier)
	.set callext.private_seg_size, 16
	.set callext.uses_vcc, 1
	.set callext.uses_flat_scratch, 1
	.set callext.has_dyn_sized_stack, 1
	.set callext.has_recursion, 1
	.set callext.has_indirect_call, 1
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 224
; TotalNumSgprs: callext.numbered_sgpr+4
; NumVgprs: callext.num_vgpr
; ScratchSize: 16
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: (alignto(max(max(callext.numbered_sgpr+extrasgprs(callext.uses_vcc, callext.uses_flat_scratch, 0), 1, 0), 1), 8)/8)-1
; VGPRBlocks: (alignto(max(max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0), 1), 4)/4)-1
; NumSGPRsForWavesPerEU: max(callext.numbered_sgpr+4, 1, 0)
; NumVGPRsForWavesPerEU: max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0)
; Occupancy: occupancy(10, 4, 256, 6, 10, max(callext.numbered_sgpr+extrasgprs(callext.uses_vcc, callext.uses_flat_scratch, 0), 1, 0), max(totalnumvgprs(callext.num_agpr, callext.num_vgpr), 1, 0))
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
	.amd_amdgpu_isa "amdgcn-amd-amdpal--gfx700"
	.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .hardware_stages:
      .cs:
        .entry_point:    _amdgpu_cs_main
        .entry_point_symbol: callext
        .scratch_memory_size: 0x10
        .sgpr_count:     0x2c
        .vgpr_count:     0x29
    .registers:
      '0x2e12 (COMPUTE_PGM_RSRC1)': 0xaf014a
      '0x2e13 (COMPUTE_PGM_RSRC2)': 0x1391
...
	.end_amdgpu_pal_metadata
