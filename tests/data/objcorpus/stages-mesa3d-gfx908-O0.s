	.section	.AMDGPU.config,"",@progbits
	.long	45608
	.long	0
	.long	165608
	.long	0
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	gs                              ; -- Begin function gs
	.p2align	8
	.type	gs,@function
gs:                                     ; @gs
; %bb.0:
	v_add_u32_e64 v0, s2, v0
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
	.set gs.numbered_sgpr, 3
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
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.section	.AMDGPU.config,"",@progbits
	.long	46120
	.long	1
	.long	165608
	.long	0
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	hs                              ; -- Begin function hs
	.p2align	8
	.type	hs,@function
hs:                                     ; @hs
; %bb.0:
	v_mov_b32_e32 v2, v0
	s_mov_b32 s0, s3
                                        ; kill: def $sgpr2 killed $sgpr2 def $sgpr2_sgpr3
	s_mov_b32 s3, s0
                                        ; kill: def $sgpr0_sgpr1 killed $sgpr2_sgpr3
	v_ashrrev_i32_e64 v3, 31, v2
	v_mov_b32_e32 v0, v2
	v_mov_b32_e32 v1, v3
	s_mov_b32 s0, 2
	v_lshlrev_b64 v[3:4], s0, v[0:1]
	s_mov_b32 s0, s2
	v_mov_b32_e32 v0, v3
	s_mov_b32 s2, s3
	v_mov_b32_e32 v3, v4
	v_add_co_u32_e64 v0, s[0:1], s0, v0
	v_mov_b32_e32 v1, s2
	v_addc_co_u32_e64 v3, s[0:1], v1, v3, s[0:1]
                                        ; kill: def $vgpr0 killed $vgpr0 def $vgpr0_vgpr1 killed $exec
	v_mov_b32_e32 v1, v3
	global_store_dword v[0:1], v2, off
	s_endpgm
.Lfunc_end1:
	.size	hs, .Lfunc_end1-hs
                                        ; -- End function
	.set hs.num_vgpr, 5
	.set hs.num_agpr, 0
	.set hs.numbered_sgpr, 4
	.set hs.num_named_barrier, 0
	.set hs.private_seg_size, 0
	.set hs.uses_vcc, 0
	.set hs.uses_flat_scratch, 0
	.set hs.has_dyn_sized_stack, 0
	.set hs.has_recursion, 0
	.set hs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 92
; TotalNumSgprs: 8
; NumVgprs: 5
; NumAgprs: 0
; TotalNumVgprs: 5
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 8
; NumVGPRsForWavesPerEU: 5
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.section	.AMDGPU.config,"",@progbits
	.long	45864
	.long	0
	.long	165608
	.long	0
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	es                              ; -- Begin function es
	.p2align	8
	.type	es,@function
es:                                     ; @es
; %bb.0:
	v_mov_b32_e32 v1, v0
	s_mov_b32 s0, s2
                                        ; kill: def $sgpr0 killed $sgpr0 def $sgpr0_sgpr1
	s_mov_b32 s1, s3
                                        ; kill: def $sgpr2_sgpr3 killed $sgpr0_sgpr1
	v_mov_b32_e32 v0, 0
	v_mul_f32_e64 v1, v1, v1
	global_store_dword v0, v1, s[0:1]
	s_endpgm
.Lfunc_end2:
	.size	es, .Lfunc_end2-es
                                        ; -- End function
	.set es.num_vgpr, 2
	.set es.num_agpr, 0
	.set es.numbered_sgpr, 4
	.set es.num_named_barrier, 0
	.set es.private_seg_size, 0
	.set es.uses_vcc, 0
	.set es.uses_flat_scratch, 0
	.set es.has_dyn_sized_stack, 0
	.set es.has_recursion, 0
	.set es.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 36
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
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.section	.AMDGPU.config,"",@progbits
	.long	46376
	.long	0
	.long	165608
	.long	0
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	ls                              ; -- Begin function ls
	.p2align	8
	.type	ls,@function
ls:                                     ; @ls
; %bb.0:
	v_mov_b32_e32 v1, v0
	s_mov_b32 s0, s2
                                        ; kill: def $sgpr0 killed $sgpr0 def $sgpr0_sgpr1
	s_mov_b32 s1, s3
                                        ; kill: def $sgpr2_sgpr3 killed $sgpr0_sgpr1
	v_mov_b32_e32 v0, 0
	v_lshl_add_u32 v1, v1, 1, v1
	global_store_dword v0, v1, s[0:1]
	s_endpgm
.Lfunc_end3:
	.size	ls, .Lfunc_end3-ls
                                        ; -- End function
	.set ls.num_vgpr, 2
	.set ls.num_agpr, 0
	.set ls.numbered_sgpr, 4
	.set ls.num_named_barrier, 0
	.set ls.private_seg_size, 0
	.set ls.uses_vcc, 0
	.set ls.uses_flat_scratch, 0
	.set ls.has_dyn_sized_stack, 0
	.set ls.has_recursion, 0
	.set ls.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 36
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
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
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
	.amd_amdgpu_isa "amdgcn-mesa-mesa3d--gfx908"
