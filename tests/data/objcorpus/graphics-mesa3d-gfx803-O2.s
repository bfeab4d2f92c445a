	.section	.AMDGPU.config,"",@progbits
	.long	45096
	.long	64
	.long	165608
	.long	0
	.long	45100
	.long	0
	.long	165580
	.long	3
	.long	165584
	.long	3
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	ps                              ; -- Begin function ps
	.p2align	8
	.type	ps,@function
ps:                                     ; @ps
; %bb.0:                                ; %entry
	v_mul_f32_e32 v1, v0, v1
	s_mov_b32 s7, s6
	s_mov_b32 s6, s5
	s_mov_b32 s5, s4
	s_mov_b32 s4, s3
	v_cmp_gt_f32_e32 vcc, 0, v1
	s_and_saveexec_b64 s[0:1], vcc
; %bb.1:                                ; %flip
	v_xor_b32_e32 v0, 0x80000000, v0
; %bb.2:                                ; %shade
	s_or_b64 exec, exec, s[0:1]
	v_cvt_u32_f32_e32 v0, v0
	buffer_load_format_xyzw v[0:3], v0, s[4:7], 0 idxen
	s_waitcnt vmcnt(0)
	v_mul_f32_e32 v0, s2, v0
	v_mul_f32_e32 v1, s2, v1
	v_mul_f32_e32 v2, s2, v2
	v_mul_f32_e32 v3, s2, v3
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
; TotalNumSgprs: 10
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 10
; NumVGPRsForWavesPerEU: 4
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
	.long	47176
	.long	3080256
	.long	47180
	.long	32772
	.long	47200
	.long	0
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	cs                              ; -- Begin function cs
	.p2align	8
	.type	cs,@function
cs:                                     ; @cs
; %bb.0:                                ; %entry
	s_mov_b32 s11, s5
	s_mov_b32 s10, s4
	s_mov_b32 s9, s3
	s_mov_b32 s8, s2
	v_lshlrev_b32_e32 v1, 2, v0
	buffer_load_dword v2, v1, s[8:11], 0 offen
	v_xor_b32_e32 v0, 1, v0
	v_lshlrev_b32_e32 v0, 2, v0
	s_mov_b32 m0, -1
	s_mov_b32 s0, 0
	s_waitcnt vmcnt(0)
	ds_write_b32 v1, v2
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b32 v0, v0
.LBB1_1:                                ; %loop
                                        ; =>This Inner Loop Header: Depth=1
	s_waitcnt lgkmcnt(0)
	v_mul_lo_u32 v0, v0, 3
	s_add_i32 s0, s0, 1
	s_cmp_lt_u32 s0, s6
	s_cbranch_scc1 .LBB1_1
; %bb.2:                                ; %done
	buffer_store_dword v0, v1, s[8:11], 0 offen
	s_endpgm
.Lfunc_end1:
	.size	cs, .Lfunc_end1-cs
                                        ; -- End function
	.set cs.num_vgpr, 3
	.set cs.num_agpr, 0
	.set cs.numbered_sgpr, 12
	.set cs.num_named_barrier, 0
	.set cs.private_seg_size, 0
	.set cs.uses_vcc, 0
	.set cs.uses_flat_scratch, 0
	.set cs.has_dyn_sized_stack, 0
	.set cs.has_recursion, 0
	.set cs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 108
; TotalNumSgprs: 12
; NumVgprs: 3
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 256 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 3
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
	.amdgpu_lds lds, 256, 16
	.section	".note.GNU-stack","",@progbits
	.amd_amdgpu_isa "amdgcn-mesa-mesa3d--gfx803"
