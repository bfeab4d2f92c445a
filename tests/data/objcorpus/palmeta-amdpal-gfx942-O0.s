	.amdgcn_target "amdgcn-amd-amdpal--gfx942"
	.text
	.globl	ps                              ; -- Begin function ps
	.p2align	8
	.type	ps,@function
ps:                                     ; @ps
; %bb.0:
	v_mul_f32_e64 v0, s0, v0
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
; codeLenInByte = 8
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
	.globl	cs                              ; -- Begin function cs
	.p2align	8
	.type	cs,@function
cs:                                     ; @cs
; %bb.0:
	v_mov_b32_e32 v2, v0
	s_mov_b32 s4, s3
	s_mov_b32 s5, s2
	s_mov_b32 s6, s1
                                        ; kill: def $sgpr0 killed $sgpr0 def $sgpr0_sgpr1_sgpr2_sgpr3
	s_mov_b32 s1, s6
	s_mov_b32 s2, s5
	s_mov_b32 s3, s4
                                        ; kill: def $sgpr4_sgpr5_sgpr6_sgpr7 killed $sgpr0_sgpr1_sgpr2_sgpr3
	s_mov_b32 s4, 2
	v_lshlrev_b32_e64 v1, s4, v2
	s_mov_b32 s4, 0
	buffer_load_dword v0, v1, s[0:3], s4 offen
	s_waitcnt vmcnt(0)
	v_add_u32_e64 v0, v0, v2
	buffer_store_dword v0, v1, s[0:3], s4 offen
	s_endpgm
.Lfunc_end1:
	.size	cs, .Lfunc_end1-cs
                                        ; -- End function
	.set cs.num_vgpr, 3
	.set cs.num_agpr, 0
	.set cs.numbered_sgpr, 8
	.set cs.num_named_barrier, 0
	.set cs.private_seg_size, 0
	.set cs.uses_vcc, 0
	.set cs.uses_flat_scratch, 0
	.set cs.has_dyn_sized_stack, 0
	.set cs.has_recursion, 0
	.set cs.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 76
; TotalNumSgprs: 14
; NumVgprs: 3
; NumAgprs: 0
; TotalNumVgprs: 3
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 14
; NumVGPRsForWavesPerEU: 3
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
  - .api:            Vulkan
    .bias:           -5
    .empty:          !str ''
    .graphics_registers:
      .ps_extra_lds_size: 0
      .spi_ps_input_addr:
        .ancillary_ena:  false
        .front_face_ena: false
        .line_stipple_tex_ena: false
        .linear_center_ena: false
        .linear_centroid_ena: false
        .linear_sample_ena: false
        .persp_center_ena: false
        .persp_centroid_ena: false
        .persp_pull_model_ena: false
        .persp_sample_ena: true
        .pos_fixed_pt_ena: false
        .pos_w_float_ena: false
        .pos_x_float_ena: false
        .pos_y_float_ena: false
        .pos_z_float_ena: false
        .sample_coverage_ena: false
      .spi_ps_input_ena:
        .ancillary_ena:  false
        .front_face_ena: false
        .line_stipple_tex_ena: false
        .linear_center_ena: false
        .linear_centroid_ena: false
        .linear_sample_ena: false
        .persp_center_ena: false
        .persp_centroid_ena: false
        .persp_pull_model_ena: false
        .persp_sample_ena: true
        .pos_fixed_pt_ena: false
        .pos_w_float_ena: false
        .pos_x_float_ena: false
        .pos_y_float_ena: false
        .pos_z_float_ena: false
        .sample_coverage_ena: false
    .hardware_stages:
      .cs:
        .agpr_count:     0
        .debug_mode:     false
        .entry_point:    _amdgpu_cs_main
        .entry_point_symbol: cs
        .excp_en:        0
        .forward_progress: false
        .ieee_mode:      false
        .lds_size:       0
        .mem_ordered:    false
        .scratch_en:     false
        .scratch_memory_size: 0
        .sgpr_count:     0xe
        .trap_present:   false
        .vgpr_count:     0x3
        .wgp_mode:       false
      .ps:
        .agpr_count:     0
        .checksum_value: 0xdeadbeef
        .debug_mode:     false
        .entry_point:    _amdgpu_ps_main
        .entry_point_symbol: ps
        .forward_progress: false
        .ieee_mode:      false
        .lds_size:       0
        .mem_ordered:    false
        .scratch_en:     false
        .scratch_memory_size: 0
        .sgpr_count:     0x7
        .user_sgprs:     0x2
        .uses_uavs:      false
        .vgpr_count:     0x1
        .wavefront_size: 0x40
        .wgp_mode:       false
    .internal_pipeline_hash:
      - 0x123456789abcdef0
      - 0xfedcba987654321
    .name:           !str 'true'
    .nil:            !nil ''
    .num:            !str '12'
    .registers:
      0x10000000:      0x7
      '0x2c0c (SPI_SHADER_USER_DATA_PS_0)': 0x10000000
      '0xa191 (SPI_PS_INPUT_CNTL_0)': 0x5
      '0xa1c4 (SPI_SHADER_Z_FORMAT)': 0
    .scale:          5.000000e-01
    .shaders:
      .compute:
        .api_shader_hash:
          - 0x2222
          - 0
        .hardware_mapping:
          - .cs
      .pixel:
        .api_shader_hash:
          - 0x1111
          - 0
        .hardware_mapping:
          - .ps
    .spill_threshold: 0xffff
    .type:           Cs
    .user_data_limit: 0x4
amdpal.version:
  - 0x3
  - 0
...
	.end_amdgpu_pal_metadata
