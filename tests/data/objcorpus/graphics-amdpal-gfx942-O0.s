	.amdgcn_target "amdgcn-amd-amdpal--gfx942"
	.text
	.globl	ps                              ; -- Begin function ps
	.p2align	8
	.type	ps,@function
ps:                                     ; @ps
; %bb.0:                                ; %entry
	v_accvgpr_write_b32 a0, v0              ;  Reload Reuse
	s_mov_b32 s5, s3
	s_mov_b32 s6, s2
                                        ; implicit-def: $vgpr7 : SGPR spill to VGPR lane
	v_writelane_b32 v7, s1, 0
	s_mov_b32 s1, s0
	v_readlane_b32 s0, v7, 0
	v_writelane_b32 v7, s1, 1
                                        ; kill: def $sgpr0 killed $sgpr0 def $sgpr0_sgpr1_sgpr2_sgpr3
	s_mov_b32 s1, s6
	s_mov_b32 s2, s5
	s_mov_b32 s3, s4
	v_writelane_b32 v7, s0, 2
	s_nop 1
	v_writelane_b32 v7, s1, 3
	v_writelane_b32 v7, s2, 4
	v_writelane_b32 v7, s3, 5
	v_mul_f32_e64 v1, v0, v1
	s_mov_b32 s0, 0
	v_cmp_lt_f32_e64 s[2:3], v1, s0
	v_accvgpr_write_b32 a1, v0              ;  Reload Reuse
	s_mov_b64 s[0:1], exec
	v_writelane_b32 v7, s0, 6
	s_nop 1
	v_writelane_b32 v7, s1, 7
	s_or_saveexec_b64 s[8:9], -1
	v_accvgpr_write_b32 a2, v7              ;  Reload Reuse
	s_mov_b64 exec, s[8:9]
	s_and_b64 s[0:1], s[0:1], s[2:3]
	s_mov_b64 exec, s[0:1]
	s_cbranch_execz .LBB0_2
; %bb.1:                                ; %flip
	v_accvgpr_read_b32 v0, a0               ;  Reload Reuse
	s_mov_b32 s0, 0x80000000
	v_xor_b32_e64 v0, s0, v0
                                        ; kill: def $vgpr0 killed $vgpr0 killed $exec
	v_accvgpr_write_b32 a1, v0              ;  Reload Reuse
.LBB0_2:                                ; %shade
	s_or_saveexec_b64 s[8:9], -1
	v_accvgpr_read_b32 v7, a2               ;  Reload Reuse
	s_mov_b64 exec, s[8:9]
	v_readlane_b32 s2, v7, 6
	v_readlane_b32 s3, v7, 7
	s_or_b64 exec, exec, s[2:3]
	v_readlane_b32 s0, v7, 1
	v_readlane_b32 s4, v7, 2
	v_readlane_b32 s5, v7, 3
	v_readlane_b32 s6, v7, 4
	v_readlane_b32 s7, v7, 5
	v_accvgpr_read_b32 v0, a1               ;  Reload Reuse
	v_cvt_u32_f32_e64 v0, v0
	s_mov_b32 s1, 0
	s_nop 1
	buffer_load_format_xyzw v[2:5], v0, s[4:7], s1 idxen
	s_waitcnt vmcnt(0)
	v_mov_b32_e32 v6, v5
	v_mov_b32_e32 v0, v4
                                        ; kill: def $vgpr0 killed $vgpr0 def $vgpr0_vgpr1 killed $exec
	v_mov_b32_e32 v1, v6
                                        ; implicit-def: $sgpr2
                                        ; implicit-def: $sgpr1
                                        ; kill: def $sgpr0 killed $sgpr0 def $sgpr0_sgpr1
	s_mov_b32 s1, s2
	v_pk_mul_f32 v[0:1], v[0:1], s[0:1] op_sel_hi:[1,0]
                                        ; kill: def $vgpr2_vgpr3 killed $vgpr2_vgpr3 killed $vgpr2_vgpr3_vgpr4_vgpr5 killed $exec
	v_pk_mul_f32 v[4:5], v[2:3], s[0:1] op_sel_hi:[1,0]
	v_mov_b32_e32 v2, v0
	v_mov_b32_e32 v3, v1
	v_mov_b32_e32 v0, v4
	v_mov_b32_e32 v1, v5
	; return to shader part epilog
.Lfunc_end0:
	.size	ps, .Lfunc_end0-ps
                                        ; -- End function
	.set ps.num_vgpr, 8
	.set ps.num_agpr, 3
	.set ps.numbered_sgpr, 10
	.set ps.num_named_barrier, 0
	.set ps.private_seg_size, 0
	.set ps.uses_vcc, 0
	.set ps.uses_flat_scratch, 0
	.set ps.has_dyn_sized_stack, 0
	.set ps.has_recursion, 0
	.set ps.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 364
; TotalNumSgprs: 16
; NumVgprs: 11
; NumAgprs: 3
; TotalNumVgprs: 15
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 16
; NumVGPRsForWavesPerEU: 15
; AccumOffset: 8
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 1
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.globl	cs                              ; -- Begin function cs
	.p2align	8
	.type	cs,@function
cs:                                     ; @cs
; %bb.0:                                ; %entry
	v_accvgpr_write_b32 a0, v2              ;  Reload Reuse
	v_mov_b32_e32 v5, v1
	v_accvgpr_read_b32 v1, a0               ;  Reload Reuse
                                        ; implicit-def: $vgpr6 : SGPR spill to VGPR lane
	v_writelane_b32 v6, s4, 0
	s_mov_b32 s4, s0
                                        ; kill: def $sgpr4 killed $sgpr4 def $sgpr4_sgpr5_sgpr6_sgpr7
	s_mov_b32 s5, s1
	s_mov_b32 s6, s2
	s_mov_b32 s7, s3
	v_mov_b32_e32 v2, v0
	v_mov_b32_e32 v3, v5
	v_mov_b32_e32 v4, v1
	s_mov_b64 s[0:1], s[4:5]
	s_mov_b64 s[2:3], s[6:7]
	v_writelane_b32 v6, s0, 1
	s_nop 1
	v_writelane_b32 v6, s1, 2
	v_writelane_b32 v6, s2, 3
	v_writelane_b32 v6, s3, 4
	s_mov_b32 s1, 2
	v_lshlrev_b32_e64 v1, s1, v0
	v_mov_b32_e32 v2, v1
	v_accvgpr_write_b32 a1, v2              ;  Reload Reuse
	s_mov_b32 s0, 0
	buffer_load_dword v2, v1, s[4:7], s0 offen
	s_waitcnt vmcnt(0)
	ds_write_b32 v1, v2
	s_barrier
	s_mov_b32 s2, 1
	v_xor_b32_e64 v0, v0, s2
	v_lshlrev_b32_e64 v0, s1, v0
	ds_read_b32 v0, v0
                                        ; kill: def $vgpr0 killed $vgpr0 killed $exec
	v_writelane_b32 v6, s0, 5
	s_or_saveexec_b64 s[8:9], -1
	v_accvgpr_write_b32 a2, v6              ;  Reload Reuse
	s_mov_b64 exec, s[8:9]
	s_waitcnt lgkmcnt(0)
	v_accvgpr_write_b32 a3, v0              ;  Reload Reuse
.LBB1_1:                                ; %loop
                                        ; =>This Inner Loop Header: Depth=1
	s_or_saveexec_b64 s[8:9], -1
	v_accvgpr_read_b32 v6, a2               ;  Reload Reuse
	s_mov_b64 exec, s[8:9]
	v_readlane_b32 s0, v6, 5
	v_readlane_b32 s1, v6, 0
	v_accvgpr_read_b32 v0, a3               ;  Reload Reuse
	v_lshl_add_u32 v0, v0, 1, v0
	s_mov_b32 s2, 1
	s_add_i32 s0, s0, s2
	s_cmp_lt_u32 s0, s1
	v_mov_b32_e32 v1, v0
                                        ; kill: def $vgpr0 killed $vgpr0 killed $exec
	v_writelane_b32 v6, s0, 5
	s_mov_b64 s[8:9], exec
	s_mov_b64 exec, -1
	v_accvgpr_write_b32 a2, v6              ;  Reload Reuse
	s_mov_b64 exec, s[8:9]
	v_accvgpr_write_b32 a3, v1              ;  Reload Reuse
	v_accvgpr_write_b32 a4, v0              ;  Reload Reuse
	s_cbranch_scc1 .LBB1_1
; %bb.2:                                ; %done
	s_or_saveexec_b64 s[8:9], -1
	v_accvgpr_read_b32 v6, a2               ;  Reload Reuse
	s_mov_b64 exec, s[8:9]
	v_readlane_b32 s0, v6, 1
	v_readlane_b32 s1, v6, 2
	v_readlane_b32 s2, v6, 3
	v_readlane_b32 s3, v6, 4
	v_accvgpr_read_b32 v1, a1               ;  Reload Reuse
	v_accvgpr_read_b32 v0, a4               ;  Reload Reuse
	s_mov_b32 s4, 0
	s_nop 1
	buffer_store_dword v0, v1, s[0:3], s4 offen
	s_endpgm
.Lfunc_end1:
	.size	cs, .Lfunc_end1-cs
                                        ; -- End function
	.set cs.num_vgpr, 7
	.set cs.num_agpr, 5
	.set cs.numbered_sgpr, 10
	.set cs.num_named_barrier, 0
	.set cs.private_seg_size, 0
	.set cs.uses_vcc, 0
	.set cs.uses_flat_scratch, 0
	.set cs.has_dyn_sized_stack, 0
	.set cs.has_recursion, 0
	.set cs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 412
; TotalNumSgprs: 16
; NumVgprs: 13
; NumAgprs: 5
; TotalNumVgprs: 21
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 256 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 16
; NumVGPRsForWavesPerEU: 21
; AccumOffset: 8
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 1
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
      .cs:
        .agpr_count:     0x5
        .entry_point:    _amdgpu_cs_main
        .entry_point_symbol: cs
        .scratch_memory_size: 0
        .sgpr_count:     0x10
        .vgpr_count:     0x15
      .ps:
        .agpr_count:     0x3
        .entry_point:    _amdgpu_ps_main
        .entry_point_symbol: ps
        .scratch_memory_size: 0
        .sgpr_count:     0x10
        .vgpr_count:     0xf
    .registers:
      '0x2c0a (SPI_SHADER_PGM_RSRC1_PS)': 0x2f0041
      '0x2c0b (SPI_SHADER_PGM_RSRC2_PS)': 0
      '0x2e12 (COMPUTE_PGM_RSRC1)': 0x2f0042
      '0x2e13 (COMPUTE_PGM_RSRC2)': 0x8000
      '0xa1b3 (SPI_PS_INPUT_ENA)': 0x3
      '0xa1b4 (SPI_PS_INPUT_ADDR)': 0x3
...
	.end_amdgpu_pal_metadata
