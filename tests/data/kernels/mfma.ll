; CPUS: gfx908 gfx90a gfx942 gfx950 (matrix instructions: CDNA only). For tools/real-code.sh.
; Small matrix-multiply kernels: f32, f16, i8 and (gfx90a+) f64 MFMAs chained through
; their accumulators, with the operands loaded from and the results stored to global
; memory, so that llc emits v_accvgpr_* moves, MFMAs with cbsz/abid/blgp and AGPR
; loads/stores where the target has them.
target triple = "amdgcn-amd-amdhsa"

declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float, float, <4 x float>, i32, i32, i32)
declare <16 x float> @llvm.amdgcn.mfma.f32.16x16x1f32(float, float, <16 x float>, i32, i32, i32)
declare <32 x float> @llvm.amdgcn.mfma.f32.32x32x1f32(float, float, <32 x float>, i32, i32, i32)
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half>, <4 x half>, <4 x float>, i32, i32, i32)
declare <4 x i32> @llvm.amdgcn.mfma.i32.4x4x4i8(i32, i32, <4 x i32>, i32, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @mfma_f32(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %id
  %pb = getelementptr float, ptr addrspace(1) %b, i32 %id
  %x = load float, ptr addrspace(1) %pa
  %y = load float, ptr addrspace(1) %pb
  %pc = getelementptr <4 x float>, ptr addrspace(1) %c, i32 %id
  %acc = load <4 x float>, ptr addrspace(1) %pc
  %r0 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float %x, float %y, <4 x float> %acc, i32 0, i32 0, i32 0)
  %r1 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float %y, float %x, <4 x float> %r0, i32 4, i32 1, i32 2)
  %r2 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float %x, float %x, <4 x float> %r1, i32 1, i32 0, i32 7)
  store <4 x float> %r2, ptr addrspace(1) %pc
  ret void
}

define amdgpu_kernel void @mfma_big(ptr addrspace(1) %a, ptr addrspace(1) %c, ptr addrspace(1) %d) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %id
  %x = load float, ptr addrspace(1) %pa
  %pc = getelementptr <16 x float>, ptr addrspace(1) %c, i32 %id
  %acc = load <16 x float>, ptr addrspace(1) %pc
  %r = call <16 x float> @llvm.amdgcn.mfma.f32.16x16x1f32(float %x, float 1.0, <16 x float> %acc, i32 0, i32 0, i32 0)
  store <16 x float> %r, ptr addrspace(1) %pc
  %pd = getelementptr <32 x float>, ptr addrspace(1) %d, i32 %id
  %acc2 = load <32 x float>, ptr addrspace(1) %pd
  %r2 = call <32 x float> @llvm.amdgcn.mfma.f32.32x32x1f32(float %x, float %x, <32 x float> %acc2, i32 1, i32 1, i32 1)
  store <32 x float> %r2, ptr addrspace(1) %pd
  ret void
}

define amdgpu_kernel void @mfma_f16_i8(ptr addrspace(1) %a, ptr addrspace(1) %c, ptr addrspace(1) %e) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x half>, ptr addrspace(1) %a, i32 %id
  %h = load <4 x half>, ptr addrspace(1) %pa
  %pc = getelementptr <4 x float>, ptr addrspace(1) %c, i32 %id
  %acc = load <4 x float>, ptr addrspace(1) %pc
  %r = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> %h, <4 x half> %h, <4 x float> %acc, i32 0, i32 0, i32 0)
  store <4 x float> %r, ptr addrspace(1) %pc
  %pe = getelementptr <4 x i32>, ptr addrspace(1) %e, i32 %id
  %iacc = load <4 x i32>, ptr addrspace(1) %pe
  %i = bitcast <4 x half> %h to <2 x i32>
  %i0 = extractelement <2 x i32> %i, i32 0
  %ri = call <4 x i32> @llvm.amdgcn.mfma.i32.4x4x4i8(i32 %i0, i32 %id, <4 x i32> %iacc, i32 0, i32 0, i32 0)
  store <4 x i32> %ri, ptr addrspace(1) %pe
  ret void
}
