; PAL metadata as LLPC gives it (!amdgpu.pal.metadata.msgpack, a MessagePack
; document; PAL ABI 3.0) which llc merges with its own (hardware stages, graphics
; registers) and writes as .amdgpu_pal_metadata YAML: strings, integers above 2^63,
; a negative one, a float, booleans, nil, a string that reads as a boolean and one
; as a number (written with !str), an empty string, and a register the MessagePack
; form keeps (0x10000000). The document:
;   {amdpal.version: [3, 0], amdpal.pipelines: [{.api: Vulkan, .type: Cs,
;    .internal_pipeline_hash: [0x123456789abcdef0, 0x0fedcba987654321],
;    .shaders: {.pixel: {.api_shader_hash: [0x1111, 0], .hardware_mapping: [.ps]},
;               .compute: {.api_shader_hash: [0x2222, 0], .hardware_mapping: [.cs]}},
;    .hardware_stages: {.ps: {.wavefront_size: 64, .user_sgprs: 2, .uses_uavs: false,
;                             .checksum_value: 0xdeadbeef}},
;    .spill_threshold: 0xffff, .user_data_limit: 4, .scale: 0.5, .bias: -5,
;    .name: "true", .num: "12", .empty: "", .nil: nil,
;    .registers: {0xa1c4: 0, 0x2c0c: 0x10000000, 0xa191: 5, 0x10000000: 7}}]}
; tools/gen-objcorpus.sh compiles it for amdgcn-amd-amdpal.
; TRIPLES: amdgcn-amd-amdpal

define amdgpu_ps float @ps(float inreg %a, float %b) {
  %r = fmul float %a, %b
  ret float %r
}

define amdgpu_cs void @cs(<4 x i32> inreg %buf, i32 %id) {
  %off = shl i32 %id, 2
  %v = call i32 @llvm.amdgcn.raw.buffer.load.i32(<4 x i32> %buf, i32 %off, i32 0, i32 0)
  %w = add i32 %v, %id
  call void @llvm.amdgcn.raw.buffer.store.i32(i32 %w, <4 x i32> %buf, i32 %off, i32 0, i32 0)
  ret void
}

declare i32 @llvm.amdgcn.raw.buffer.load.i32(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.i32(i32, <4 x i32>, i32, i32, i32)

!amdgpu.pal.metadata.msgpack = !{!0}
!0 = !{!"\82\AE\61\6D\64\70\61\6C\2E\76\65\72\73\69\6F\6E\92\03\00\B0\61\6D\64\70\61\6C\2E\70\69\70\65\6C\69\6E\65\73\91\8E\A4\2E\61\70\69\A6\56\75\6C\6B\61\6E\A5\2E\74\79\70\65\A2\43\73\B7\2E\69\6E\74\65\72\6E\61\6C\5F\70\69\70\65\6C\69\6E\65\5F\68\61\73\68\92\CF\12\34\56\78\9A\BC\DE\F0\CF\0F\ED\CB\A9\87\65\43\21\A8\2E\73\68\61\64\65\72\73\82\A6\2E\70\69\78\65\6C\82\B0\2E\61\70\69\5F\73\68\61\64\65\72\5F\68\61\73\68\92\CD\11\11\00\B1\2E\68\61\72\64\77\61\72\65\5F\6D\61\70\70\69\6E\67\91\A3\2E\70\73\A8\2E\63\6F\6D\70\75\74\65\82\B0\2E\61\70\69\5F\73\68\61\64\65\72\5F\68\61\73\68\92\CD\22\22\00\B1\2E\68\61\72\64\77\61\72\65\5F\6D\61\70\70\69\6E\67\91\A3\2E\63\73\B0\2E\68\61\72\64\77\61\72\65\5F\73\74\61\67\65\73\81\A3\2E\70\73\84\AF\2E\77\61\76\65\66\72\6F\6E\74\5F\73\69\7A\65\40\AB\2E\75\73\65\72\5F\73\67\70\72\73\02\AA\2E\75\73\65\73\5F\75\61\76\73\C2\AF\2E\63\68\65\63\6B\73\75\6D\5F\76\61\6C\75\65\CE\DE\AD\BE\EF\B0\2E\73\70\69\6C\6C\5F\74\68\72\65\73\68\6F\6C\64\CD\FF\FF\B0\2E\75\73\65\72\5F\64\61\74\61\5F\6C\69\6D\69\74\04\A6\2E\73\63\61\6C\65\CB\3F\E0\00\00\00\00\00\00\A5\2E\62\69\61\73\FB\A5\2E\6E\61\6D\65\A4\74\72\75\65\A4\2E\6E\75\6D\A2\31\32\A6\2E\65\6D\70\74\79\A0\A4\2E\6E\69\6C\C0\AA\2E\72\65\67\69\73\74\65\72\73\84\CD\A1\C4\00\CD\2C\0C\CE\10\00\00\00\CD\A1\91\05\CE\10\00\00\00\07"}
