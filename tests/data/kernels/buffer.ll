; CPUS: gfx600 gfx700 gfx803 gfx900 gfx906 gfx908 (interpolation and images: not on gfx90a/gfx942). For tools/real-code.sh.
; Graphics-style resource access: buffer loads and stores through descriptors
; (MUBUF), scalar buffer loads (SMEM), typed buffer access (MTBUF), image
; sample and load (MIMG), and LDS parameter interpolation. For tools/real-code.sh.
target triple = "amdgcn-amd-amdpal"

define amdgpu_ps <4 x float> @shade(<4 x i32> inreg %buf, <8 x i32> inreg %img, <4 x i32> inreg %samp,
                                    i32 inreg %prim, <2 x float> %bary, i32 %vidx) {
entry:
  %i = extractelement <2 x float> %bary, i32 0
  %j = extractelement <2 x float> %bary, i32 1
  %u = call float @llvm.amdgcn.interp.p1(float %i, i32 0, i32 0, i32 %prim)
  %u2 = call float @llvm.amdgcn.interp.p2(float %u, float %j, i32 0, i32 0, i32 %prim)
  %v = call float @llvm.amdgcn.interp.p1(float %i, i32 1, i32 0, i32 %prim)
  %v2 = call float @llvm.amdgcn.interp.p2(float %v, float %j, i32 1, i32 0, i32 %prim)
  %scale = call float @llvm.amdgcn.s.buffer.load.f32(<4 x i32> %buf, i32 16, i32 0)
  %bias = call <4 x float> @llvm.amdgcn.s.buffer.load.v4f32(<4 x i32> %buf, i32 32, i32 0)
  %tex = call <4 x float> @llvm.amdgcn.image.sample.2d.v4f32.f32(i32 15, float %u2, float %v2, <8 x i32> %img, <4 x i32> %samp, i1 false, i32 0, i32 0)
  %ui = fptosi float %u2 to i32
  %vi = fptosi float %v2 to i32
  %texel = call <4 x float> @llvm.amdgcn.image.load.2d.v4f32.i32(i32 15, i32 %ui, i32 %vi, <8 x i32> %img, i32 0, i32 0)
  %off = shl i32 %vidx, 4
  %raw = call <4 x float> @llvm.amdgcn.raw.buffer.load.v4f32(<4 x i32> %buf, i32 %off, i32 64, i32 0)
  %one = call float @llvm.amdgcn.struct.buffer.load.f32(<4 x i32> %buf, i32 %vidx, i32 4, i32 0, i32 0)
  %typed = call <4 x float> @llvm.amdgcn.raw.tbuffer.load.v4f32(<4 x i32> %buf, i32 %off, i32 0, i32 126, i32 0)
  %a = fmul <4 x float> %tex, %texel
  %b = fadd <4 x float> %a, %raw
  %c = fadd <4 x float> %b, %typed
  %d = fadd <4 x float> %c, %bias
  %sv = insertelement <4 x float> poison, float %scale, i32 0
  %ss = shufflevector <4 x float> %sv, <4 x float> poison, <4 x i32> zeroinitializer
  %e = fmul <4 x float> %d, %ss
  %o = insertelement <4 x float> poison, float %one, i32 0
  %os = shufflevector <4 x float> %o, <4 x float> poison, <4 x i32> zeroinitializer
  %f = fadd <4 x float> %e, %os
  call void @llvm.amdgcn.raw.buffer.store.v4f32(<4 x float> %f, <4 x i32> %buf, i32 %off, i32 128, i32 0)
  call void @llvm.amdgcn.raw.buffer.store.i16(i16 7, <4 x i32> %buf, i32 %off, i32 256, i32 0)
  ret <4 x float> %f
}

declare float @llvm.amdgcn.interp.p1(float, i32, i32, i32)
declare float @llvm.amdgcn.interp.p2(float, float, i32, i32, i32)
declare float @llvm.amdgcn.s.buffer.load.f32(<4 x i32>, i32, i32)
declare <4 x float> @llvm.amdgcn.s.buffer.load.v4f32(<4 x i32>, i32, i32)
declare <4 x float> @llvm.amdgcn.image.sample.2d.v4f32.f32(i32, float, float, <8 x i32>, <4 x i32>, i1, i32, i32)
declare <4 x float> @llvm.amdgcn.image.load.2d.v4f32.i32(i32, i32, i32, <8 x i32>, i32, i32)
declare <4 x float> @llvm.amdgcn.raw.buffer.load.v4f32(<4 x i32>, i32, i32, i32)
declare float @llvm.amdgcn.struct.buffer.load.f32(<4 x i32>, i32, i32, i32, i32)
declare <4 x float> @llvm.amdgcn.raw.tbuffer.load.v4f32(<4 x i32>, i32, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.v4f32(<4 x float>, <4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.i16(i16, <4 x i32>, i32, i32, i32)
