; PAL metadata in the legacy form a front end may still give (register, value
; pairs in !amdgpu.pal.metadata): llc writes .amd_amdgpu_pal_metadata, the
; NT_AMD_PAL_METADATA note. tools/gen-objcorpus.sh compiles it for amdgcn-amd-amdpal.
; TRIPLES: amdgcn-amd-amdpal

define amdgpu_ps float @ps(float inreg %a, float %b) {
  %r = fadd float %a, %b
  ret float %r
}

define amdgpu_cs void @cs(<4 x i32> inreg %buf, i32 %id) {
  %off = shl i32 %id, 2
  call void @llvm.amdgcn.raw.buffer.store.i32(i32 %id, <4 x i32> %buf, i32 %off, i32 0, i32 0)
  ret void
}

declare void @llvm.amdgcn.raw.buffer.store.i32(i32, <4 x i32>, i32, i32, i32)

!amdgpu.pal.metadata = !{!0}
!0 = !{i32 268435482, i32 1, i32 268435485, i32 0, i32 268435456, i32 -1153584188, i32 41393, i32 17}
