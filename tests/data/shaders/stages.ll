; The other hardware stages' calling conventions: geometry (with a message),
; hull, export and local shaders. tools/gen-objcorpus.sh compiles it for
; amdgcn-amd-amdpal and amdgcn-mesa-mesa3d.

define amdgpu_gs void @gs(i32 inreg %a, i32 %b) {
  %s = add i32 %a, %b
  call void @llvm.amdgcn.s.sendmsg(i32 34, i32 %s)
  ret void
}

define amdgpu_hs void @hs(ptr addrspace(1) inreg %p, i32 %b) {
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %b
  store i32 %b, ptr addrspace(1) %q
  ret void
}

define amdgpu_es void @es(ptr addrspace(1) inreg %p, float %b) {
  %c = fmul float %b, %b
  store float %c, ptr addrspace(1) %p
  ret void
}

define amdgpu_ls void @ls(ptr addrspace(1) inreg %p, i32 %b) {
  %c = mul i32 %b, 3
  store i32 %c, ptr addrspace(1) %p
  ret void
}

declare void @llvm.amdgcn.s.sendmsg(i32, i32)
