; A module as a front end writes it, with a source file name and an ident: the object
; corpus (tools/gen-objcorpus.sh) checks the .comment section llc's .ident makes.
source_filename = "ident.cl"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @scale(ptr addrspace(1) %p, float %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr float, ptr addrspace(1) %p, i32 %id
  %v = load float, ptr addrspace(1) %q
  %w = fmul float %v, %s
  store float %w, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!llvm.ident = !{!0}
!0 = !{!"clang version 22.1.8"}
