; A vertex shader that reads its vertex from a buffer and exports a position and a
; parameter, and a pixel shader that discards (a null export): exp is not on
; gfx90a/gfx942, which have no export unit.
; CPUS: gfx600 gfx700 gfx803 gfx900 gfx906 gfx908
; tools/gen-objcorpus.sh compiles it for amdgcn-amd-amdpal and amdgcn-mesa-mesa3d.

define amdgpu_vs void @vs(<4 x i32> inreg %rsrc, float inreg %w, i32 %vid) {
  %p = call <4 x float> @llvm.amdgcn.struct.buffer.load.format.v4f32(<4 x i32> %rsrc, i32 %vid, i32 0, i32 0, i32 0)
  %x = extractelement <4 x float> %p, i32 0
  %y = extractelement <4 x float> %p, i32 1
  %z = extractelement <4 x float> %p, i32 2
  %sx = fmul float %x, %w
  call void @llvm.amdgcn.exp.f32(i32 12, i32 15, float %sx, float %y, float %z, float 1.0, i1 false, i1 false)
  call void @llvm.amdgcn.exp.f32(i32 32, i32 15, float %z, float %y, float %x, float %w, i1 true, i1 false)
  ret void
}

define amdgpu_ps float @discard(float inreg %a, float %b) {
  %c = fcmp olt float %b, %a
  call void @llvm.amdgcn.kill(i1 %c)
  %r = fsub float %b, %a
  ret float %r
}

declare void @llvm.amdgcn.kill(i1)
declare <4 x float> @llvm.amdgcn.struct.buffer.load.format.v4f32(<4 x i32>, i32, i32, i32, i32)
declare void @llvm.amdgcn.exp.f32(i32, i32, float, float, float, float, i1, i1)
