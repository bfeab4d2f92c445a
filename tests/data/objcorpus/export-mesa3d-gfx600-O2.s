	.section	.AMDGPU.config,"",@progbits
	.long	45352
	.long	65
	.long	165608
	.long	0
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	vs                              ; -- Begin function vs
	.p2align	8
	.type	vs,@function
vs:                                     ; @vs
; %bb.0:
	s_mov_b32 s11, s5
	s_mov_b32 s10, s4
	s_mov_b32 s9, s3
	s_mov_b32 s8, s2
	buffer_load_format_xyzw v[0:3], v0, s[8:11], 0 idxen
	s_waitcnt vmcnt(0)
	v_mov_b32_e32 v3, 1.0
	v_mov_b32_e32 v4, s6
	v_mul_f32_e32 v5, s6, v0
	exp pos0 v5, v1, v2, v3
	exp param0 v2, v1, v0, v4 done
	s_endpgm
.Lfunc_end0:
	.size	vs, .Lfunc_end0-vs
                                        ; -- End function
	.set vs.num_vgpr, 6
	.set vs.num_agpr, 0
	.set vs.numbered_sgpr, 12
	.set vs.num_named_barrier, 0
	.set vs.private_seg_size, 0
	.set vs.uses_vcc, 0
	.set vs.uses_flat_scratch, 0
	.set vs.has_dyn_sized_stack, 0
	.set vs.has_recursion, 0
	.set vs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 60
; TotalNumSgprs: 12
; NumVgprs: 6
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 6
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
	.long	45096
	.long	0
	.long	165608
	.long	0
	.long	45100
	.long	0
	.long	165580
	.long	1
	.long	165584
	.long	1
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	discard                         ; -- Begin function discard
	.p2align	8
	.type	discard,@function
discard:                                ; @discard
; %bb.0:
	v_cmp_gt_f32_e32 vcc, s2, v0
	s_mov_b64 s[0:1], exec
	s_andn2_b64 s[4:5], exec, vcc
	s_andn2_b64 s[0:1], s[0:1], s[4:5]
	s_cbranch_scc0 .LBB1_2
; %bb.1:
	s_and_b64 exec, exec, s[0:1]
	v_subrev_f32_e32 v0, s2, v0
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
; TotalNumSgprs: 8
; NumVgprs: 1
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 8
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
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.section	.AMDGPU.csdata,"",@progbits
	.section	".note.GNU-stack","",@progbits
	.amd_amdgpu_isa "amdgcn-mesa-mesa3d--gfx600"
