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
	s_mov_b32 s7, s3
	s_mov_b32 s0, s2
                                        ; kill: def $sgpr0 killed $sgpr0 def $sgpr0_sgpr1_sgpr2_sgpr3
	s_mov_b32 s1, s7
	s_mov_b32 s2, s4
	s_mov_b32 s3, s5
                                        ; kill: def $sgpr8_sgpr9_sgpr10_sgpr11 killed $sgpr0_sgpr1_sgpr2_sgpr3
	s_mov_b32 s4, 0
	buffer_load_format_xyzw v[3:6], v0, s[0:3], s4 idxen
	s_waitcnt vmcnt(0)
	v_mov_b32_e32 v2, v3
	v_mov_b32_e32 v1, v4
	v_mov_b32_e32 v0, v5
	v_mul_f32_e64 v3, v2, s6
	v_mov_b32_e32 v4, 1.0
	exp pos0 v3, v1, v0, v4
	s_waitcnt expcnt(0)
	v_mov_b32_e32 v3, s6
	exp param0 v0, v1, v2, v3 done
	s_endpgm
.Lfunc_end0:
	.size	vs, .Lfunc_end0-vs
                                        ; -- End function
	.set vs.num_vgpr, 7
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
; codeLenInByte = 88
; TotalNumSgprs: 16
; NumVgprs: 7
; NumAgprs: 0
; TotalNumVgprs: 7
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 16
; NumVGPRsForWavesPerEU: 7
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
	.long	64
	.long	165608
	.long	0
	.long	45100
	.long	0
	.long	165580
	.long	1
	.long	165584
	.long	1
	.long	4
	.long	1
	.long	8
	.long	2
	.text
	.globl	discard                         ; -- Begin function discard
	.p2align	8
	.type	discard,@function
discard:                                ; @discard
; %bb.0:
	s_mov_b64 s[0:1], exec
	v_accvgpr_write_b32 a0, v0              ;  Reload Reuse
                                        ; implicit-def: $vgpr1 : SGPR spill to VGPR lane
	v_writelane_b32 v1, s2, 0
	s_or_saveexec_b64 s[4:5], -1
	s_nop 0
	v_accvgpr_write_b32 a1, v1              ;  Reload Reuse
	s_mov_b64 exec, s[4:5]
	v_cmp_lt_f32_e64 s[2:3], v0, s2
	s_andn2_b64 s[2:3], exec, s[2:3]
	s_andn2_b64 s[0:1], s[0:1], s[2:3]
	s_cbranch_scc0 .LBB1_3
; %bb.1:
	s_and_b64 exec, exec, s[0:1]
; %bb.2:
	s_or_saveexec_b64 s[4:5], -1
	v_accvgpr_read_b32 v1, a1               ;  Reload Reuse
	s_mov_b64 exec, s[4:5]
	v_readlane_b32 s0, v1, 0
	v_accvgpr_read_b32 v0, a0               ;  Reload Reuse
	v_sub_f32_e64 v0, v0, s0
	s_branch .LBB1_4
.LBB1_3:
	s_mov_b64 exec, 0
	exp null off, off, off, off done vm
	s_endpgm
.LBB1_4:
.Lfunc_end1:
	.size	discard, .Lfunc_end1-discard
                                        ; -- End function
	.set discard.num_vgpr, 2
	.set discard.num_agpr, 2
	.set discard.numbered_sgpr, 6
	.set discard.num_named_barrier, 0
	.set discard.private_seg_size, 0
	.set discard.uses_vcc, 0
	.set discard.uses_flat_scratch, 0
	.set discard.has_dyn_sized_stack, 0
	.set discard.has_recursion, 0
	.set discard.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 124
; TotalNumSgprs: 10
; NumVgprs: 2
; NumAgprs: 2
; TotalNumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 10
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
