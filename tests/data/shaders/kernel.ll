; Compute kernels for Mesa (clover, rusticl) and PAL: on mesa3d llc writes each
; with an .amd_kernel_code_t header and an .AMDGPU.config section; the call to an
; external function leaves the header's register counts as expressions of symbols
; the object does not define. tools/gen-objcorpus.sh compiles it for
; amdgcn-amd-amdpal and amdgcn-mesa-mesa3d.

define amdgpu_kernel void @scale(ptr addrspace(1) %p, float %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr float, ptr addrspace(1) %p, i32 %id
  %v = load float, ptr addrspace(1) %q
  %w = fmul float %v, %s
  store float %w, ptr addrspace(1) %q
  ret void
}

declare void @ext(i32)

define amdgpu_kernel void @callext(ptr addrspace(1) %p) {
  %v = load i32, ptr addrspace(1) %p
  call void @ext(i32 %v)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
