	.amdgcn_target "amdgcn-amd-amdpal--gfx908"
	.text
	.globl	ps                              ; -- Begin function ps
	.p2align	8
	.type	ps,@function
ps:                                     ; @ps
; %bb.0:
	v_add_f32_e32 v0, s0, v0
	; return to shader part epilog
.Lfunc_end0:
	.size	ps, .Lfunc_end0-ps
                                        ; -- End function
	.set ps.num_vgpr, 1
	.set ps.num_agpr, 0
	.set ps.numbered_sgpr, 1
	.set ps.num_named_barrier, 0
	.set ps.private_seg_size, 0
	.set ps.uses_vcc, 0
	.set ps.uses_flat_scratch, 0
	.set ps.has_dyn_sized_stack, 0
	.set ps.has_recursion, 0
	.set ps.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 4
; TotalNumSgprs: 5
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
; NumSGPRsForWavesPerEU: 5
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
	.text
	.globl	cs                              ; -- Begin function cs
	.p2align	8
	.type	cs,@function
cs:                                     ; @cs
; %bb.0:
	v_lshlrev_b32_e32 v1, 2, v0
	buffer_store_dword v0, v1, s[0:3], 0 offen
	s_endpgm
.Lfunc_end1:
	.size	cs, .Lfunc_end1-cs
                                        ; -- End function
	.set cs.num_vgpr, 2
	.set cs.num_agpr, 0
	.set cs.numbered_sgpr, 4
	.set cs.num_named_barrier, 0
	.set cs.private_seg_size, 0
	.set cs.uses_vcc, 0
	.set cs.uses_flat_scratch, 0
	.set cs.has_dyn_sized_stack, 0
	.set cs.has_recursion, 0
	.set cs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 16
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
	.amd_amdgpu_isa "amdgcn-amd-amdpal--gfx908"
	.amd_amdgpu_pal_metadata 0x2c0a,0x2f0000,0x2c0b,0x0,0x2e12,0x2f0000,0x2e13,0x0,0xa1b1,0x11,0xa1b3,0x1,0xa1b4,0x1,0x10000000,0xbb3db3c4,0x1000001a,0x1,0x1000001d,0x0,0x10000026,0x1,0x10000027,0x2,0x1000002d,0x5,0x1000002e,0x8,0x10000049,0x0,0x1000004a,0x0
