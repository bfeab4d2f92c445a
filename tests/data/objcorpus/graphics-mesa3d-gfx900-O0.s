	.section	.AMDGPU.config,"",@progbits
	.long	45096
	.long	129
	.long	165608
	.long	4096
	.long	45100
	.long	0
	.long	165580
	.long	3
	.long	165584
	.long	3
	.long	4
	.long	7
	.long	8
	.long	4
	.text
	.globl	ps                              ; -- Begin function ps
	.p2align	8
	.type	ps,@function
ps:                                     ; @ps
; %bb.0:                                ; %entry
	s_load_dwordx2 s[12:13], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s14, -1
	s_mov_b32 s15, 0xe00000
	s_add_u32 s12, s12, s7
	s_addc_u32 s13, s13, 0
	buffer_store_dword v0, off, s[12:15], 0 offset:8 ; 4-byte Folded Spill
	s_mov_b32 s0, s3
                                        ; implicit-def: $vgpr7 : SGPR spill to VGPR lane
	v_writelane_b32 v7, s2, 0
                                        ; kill: def $sgpr0 killed $sgpr0 def $sgpr0_sgpr1_sgpr2_sgpr3
	s_mov_b32 s1, s4
	s_mov_b32 s2, s5
	s_mov_b32 s3, s6
	v_writelane_b32 v7, s0, 1
	v_writelane_b32 v7, s1, 2
	v_writelane_b32 v7, s2, 3
	v_writelane_b32 v7, s3, 4
	v_mul_f32_e64 v1, v0, v1
	s_mov_b32 s0, 0
	v_cmp_lt_f32_e64 s[2:3], v1, s0
	buffer_store_dword v0, off, s[12:15], 0 offset:4 ; 4-byte Folded Spill
	s_mov_b64 s[0:1], exec
	v_writelane_b32 v7, s0, 5
	v_writelane_b32 v7, s1, 6
	s_or_saveexec_b64 s[8:9], -1
	buffer_store_dword v7, off, s[12:15], 0 ; 4-byte Folded Spill
	s_mov_b64 exec, s[8:9]
	s_and_b64 s[0:1], s[0:1], s[2:3]
	s_mov_b64 exec, s[0:1]
	s_cbranch_execz .LBB0_2
; %bb.1:                                ; %flip
	buffer_load_dword v0, off, s[12:15], 0 offset:8 ; 4-byte Folded Reload
	s_mov_b32 s0, 0x80000000
	s_waitcnt vmcnt(0)
	v_xor_b32_e64 v0, s0, v0
	buffer_store_dword v0, off, s[12:15], 0 offset:4 ; 4-byte Folded Spill
.LBB0_2:                                ; %shade
	s_or_saveexec_b64 s[8:9], -1
	buffer_load_dword v7, off, s[12:15], 0  ; 4-byte Folded Reload
	s_mov_b64 exec, s[8:9]
	s_waitcnt vmcnt(0)
	v_readlane_b32 s2, v7, 5
	v_readlane_b32 s3, v7, 6
	s_or_b64 exec, exec, s[2:3]
	v_readlane_b32 s0, v7, 0
	v_readlane_b32 s4, v7, 1
	v_readlane_b32 s5, v7, 2
	v_readlane_b32 s6, v7, 3
	v_readlane_b32 s7, v7, 4
	buffer_load_dword v0, off, s[12:15], 0 offset:4 ; 4-byte Folded Reload
	s_waitcnt vmcnt(0)
	v_cvt_u32_f32_e64 v0, v0
	s_mov_b32 s1, 0
	s_nop 0
	buffer_load_format_xyzw v[3:6], v0, s[4:7], s1 idxen
	s_waitcnt vmcnt(0)
	v_mov_b32_e32 v0, v3
	v_mul_f32_e64 v0, v0, s0
	v_mov_b32_e32 v1, v4
	v_mul_f32_e64 v1, v1, s0
	v_mov_b32_e32 v2, v5
	v_mul_f32_e64 v2, v2, s0
	v_mov_b32_e32 v3, v6
	v_mul_f32_e64 v3, v3, s0
	; return to shader part epilog
.Lfunc_end0:
	.size	ps, .Lfunc_end0-ps
                                        ; -- End function
	.set ps.num_vgpr, 8
	.set ps.num_agpr, 0
	.set ps.numbered_sgpr, 16
	.set ps.num_named_barrier, 0
	.set ps.private_seg_size, 16
	.set ps.uses_vcc, 0
	.set ps.uses_flat_scratch, 0
	.set ps.has_dyn_sized_stack, 0
	.set ps.has_recursion, 0
	.set ps.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 376
; TotalNumSgprs: 20
; NumVgprs: 8
; ScratchSize: 16
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 20
; NumVGPRsForWavesPerEU: 8
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.section	.AMDGPU.config,"",@progbits
	.long	47176
	.long	3080321
	.long	47180
	.long	32773
	.long	47200
	.long	8192
	.long	4
	.long	7
	.long	8
	.long	6
	.text
	.globl	cs                              ; -- Begin function cs
	.p2align	8
	.type	cs,@function
cs:                                     ; @cs
; %bb.0:                                ; %entry
	s_mov_b64 s[12:13], s[0:1]
	s_mov_b32 s14, -1
	s_mov_b32 s15, 0xe00000
	s_add_u32 s12, s12, s7
	s_addc_u32 s13, s13, 0
	v_mov_b32_e32 v4, v2
	v_mov_b32_e32 v5, v1
                                        ; implicit-def: $vgpr6 : SGPR spill to VGPR lane
	v_writelane_b32 v6, s6, 0
	s_mov_b32 s0, s5
	s_mov_b32 s1, s4
	s_mov_b32 s4, s2
                                        ; kill: def $sgpr4 killed $sgpr4 def $sgpr4_sgpr5_sgpr6_sgpr7
	s_mov_b32 s5, s3
	s_mov_b32 s6, s1
	s_mov_b32 s7, s0
	v_mov_b32_e32 v1, v0
	v_mov_b32_e32 v2, v5
	v_mov_b32_e32 v3, v4
	s_mov_b64 s[0:1], s[4:5]
	s_mov_b64 s[2:3], s[6:7]
	v_writelane_b32 v6, s0, 1
	v_writelane_b32 v6, s1, 2
	v_writelane_b32 v6, s2, 3
	v_writelane_b32 v6, s3, 4
	s_mov_b32 s1, 2
	v_lshlrev_b32_e64 v1, s1, v0
	buffer_store_dword v1, off, s[12:15], 0 offset:8 ; 4-byte Folded Spill
	s_mov_b32 s0, 0
	buffer_load_dword v2, v1, s[4:7], s0 offen
	s_waitcnt vmcnt(0)
	ds_write_b32 v1, v2
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_mov_b32 s2, 1
	v_xor_b32_e64 v0, v0, s2
	v_lshlrev_b32_e64 v0, s1, v0
	ds_read_b32 v0, v0
	v_writelane_b32 v6, s0, 5
	s_or_saveexec_b64 s[8:9], -1
	buffer_store_dword v6, off, s[12:15], 0 ; 4-byte Folded Spill
	s_mov_b64 exec, s[8:9]
	s_waitcnt lgkmcnt(0)
	buffer_store_dword v0, off, s[12:15], 0 offset:4 ; 4-byte Folded Spill
.LBB1_1:                                ; %loop
                                        ; =>This Inner Loop Header: Depth=1
	s_or_saveexec_b64 s[8:9], -1
	buffer_load_dword v6, off, s[12:15], 0  ; 4-byte Folded Reload
	s_mov_b64 exec, s[8:9]
	s_waitcnt vmcnt(0)
	v_readlane_b32 s0, v6, 5
	v_readlane_b32 s1, v6, 0
	buffer_load_dword v0, off, s[12:15], 0 offset:4 ; 4-byte Folded Reload
	s_waitcnt vmcnt(0)
	v_lshl_add_u32 v0, v0, 1, v0
	s_mov_b32 s2, 1
	s_add_i32 s0, s0, s2
	s_cmp_lt_u32 s0, s1
	v_writelane_b32 v6, s0, 5
	s_mov_b64 s[8:9], exec
	s_mov_b64 exec, -1
	buffer_store_dword v6, off, s[12:15], 0 ; 4-byte Folded Spill
	s_mov_b64 exec, s[8:9]
	v_mov_b32_e32 v1, v0
	buffer_store_dword v1, off, s[12:15], 0 offset:4 ; 4-byte Folded Spill
	buffer_store_dword v0, off, s[12:15], 0 offset:12 ; 4-byte Folded Spill
	s_cbranch_scc1 .LBB1_1
; %bb.2:                                ; %done
	s_or_saveexec_b64 s[8:9], -1
	buffer_load_dword v6, off, s[12:15], 0  ; 4-byte Folded Reload
	s_mov_b64 exec, s[8:9]
	s_waitcnt vmcnt(0)
	v_readlane_b32 s0, v6, 1
	v_readlane_b32 s1, v6, 2
	v_readlane_b32 s2, v6, 3
	v_readlane_b32 s3, v6, 4
	buffer_load_dword v1, off, s[12:15], 0 offset:8 ; 4-byte Folded Reload
	buffer_load_dword v0, off, s[12:15], 0 offset:12 ; 4-byte Folded Reload
	s_mov_b32 s4, 0
	s_waitcnt vmcnt(0)
	s_nop 0
	buffer_store_dword v0, v1, s[0:3], s4 offen
	s_endpgm
.Lfunc_end1:
	.size	cs, .Lfunc_end1-cs
                                        ; -- End function
	.set cs.num_vgpr, 7
	.set cs.num_agpr, 0
	.set cs.numbered_sgpr, 16
	.set cs.num_named_barrier, 0
	.set cs.private_seg_size, 20
	.set cs.uses_vcc, 0
	.set cs.uses_flat_scratch, 0
	.set cs.has_dyn_sized_stack, 0
	.set cs.has_recursion, 0
	.set cs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 444
; TotalNumSgprs: 20
; NumVgprs: 7
; ScratchSize: 20
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 256 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 20
; NumVGPRsForWavesPerEU: 7
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
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
	.amd_amdgpu_isa "amdgcn-mesa-mesa3d--gfx900"
