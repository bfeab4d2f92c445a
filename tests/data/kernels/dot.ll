; The gfx906 dot-product instructions (v_dot*, v_fma_mix via fdot2 lowering).
; CPUS: gfx906 gfx908 gfx90a gfx942 gfx950 (gfx900 lacks them). For tools/real-code.sh.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @dots(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %a = load i32, ptr addrspace(1) %p, align 4
  %q = getelementptr i32, ptr addrspace(1) %p, i32 256
  %b = load i32, ptr addrspace(1) %q, align 4
  %ha = bitcast i32 %a to <2 x half>
  %hb = bitcast i32 %b to <2 x half>
  %d0 = call float @llvm.amdgcn.fdot2(<2 x half> %ha, <2 x half> %hb, float 1.0, i1 false)
  %s4 = call i32 @llvm.amdgcn.sdot4(i32 %a, i32 %b, i32 7, i1 false)
  %u4 = call i32 @llvm.amdgcn.udot4(i32 %a, i32 %b, i32 %s4, i1 true)
  %s8 = call i32 @llvm.amdgcn.sdot8(i32 %a, i32 %b, i32 %u4, i1 false)
  %u8 = call i32 @llvm.amdgcn.udot8(i32 %a, i32 %b, i32 %s8, i1 false)
  %va = bitcast i32 %a to <2 x i16>
  %vb = bitcast i32 %b to <2 x i16>
  %s2 = call i32 @llvm.amdgcn.sdot2(<2 x i16> %va, <2 x i16> %vb, i32 %u8, i1 false)
  %u2 = call i32 @llvm.amdgcn.udot2(<2 x i16> %va, <2 x i16> %vb, i32 %s2, i1 false)
  %fu = uitofp i32 %u2 to float
  %r = fadd float %d0, %fu
  %mix = call float @llvm.fma.f32(float %r, float %d0, float 2.0)
  %o = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %mix, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.amdgcn.fdot2(<2 x half>, <2 x half>, float, i1)
declare i32 @llvm.amdgcn.sdot4(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.udot4(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.sdot8(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.udot8(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.sdot2(<2 x i16>, <2 x i16>, i32, i1)
declare i32 @llvm.amdgcn.udot2(<2 x i16>, <2 x i16>, i32, i1)
