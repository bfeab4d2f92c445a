†.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
.text
k:
  s_endpgm
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: k
    .symbol: k.kd
    .args:
      - {.size: 8, .offset: 0, .value_kind: global_buffer, .address_space: global}
    .kernarg_segment_size: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 8
    .vgpr_count: 4
    .max_flat_workgroup_size: 256
    x: "\n\x41 'q' \"e\""
    y: |
      block
      text
    z: !str true
...
.end_amdgpu_metadata
