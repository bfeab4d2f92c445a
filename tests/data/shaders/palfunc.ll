; PAL ABI 3.6 (no .entry_point), a compute shader calling an amdgpu_gfx function:
; llc lists the callee under .shader_functions and writes an empty .registers map
; ({}). The front end's document: {amdpal.version: [3, 6], amdpal.pipelines:
; [{.api: Vulkan, .shader_functions: {helper: {.api_shader_hash: [1, 2]}}}]}.
; tools/gen-objcorpus.sh compiles it for amdgcn-amd-amdpal.
; TRIPLES: amdgcn-amd-amdpal

define amdgpu_gfx i32 @helper(i32 inreg %a, i32 %b) {
  %m = mul i32 %a, %b
  %r = add i32 %m, 7
  ret i32 %r
}

define amdgpu_cs void @main(<4 x i32> inreg %buf, i32 inreg %n, <3 x i32> %tid) {
  %id = extractelement <3 x i32> %tid, i32 0
  %v = call amdgpu_gfx i32 @helper(i32 inreg %n, i32 %id)
  %off = shl i32 %id, 2
  call void @llvm.amdgcn.raw.buffer.store.i32(i32 %v, <4 x i32> %buf, i32 %off, i32 0, i32 0)
  ret void
}

declare void @llvm.amdgcn.raw.buffer.store.i32(i32, <4 x i32>, i32, i32, i32)

!amdgpu.pal.metadata.msgpack = !{!0}
!0 = !{!"\82\AE\61\6D\64\70\61\6C\2E\76\65\72\73\69\6F\6E\92\03\06\B0\61\6D\64\70\61\6C\2E\70\69\70\65\6C\69\6E\65\73\91\82\A4\2E\61\70\69\A6\56\75\6C\6B\61\6E\B1\2E\73\68\61\64\65\72\5F\66\75\6E\63\74\69\6F\6E\73\81\A6\68\65\6C\70\65\72\81\B0\2E\61\70\69\5F\73\68\61\64\65\72\5F\68\61\73\68\92\01\02"}
