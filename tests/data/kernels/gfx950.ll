; CPUS: gfx950 (its own matrix, conversion and lane-swap instructions). For tools/lint-corpus.sh.
; gfx950's hazards as llc-22 pads them: f8f6f4 MFMAs with fp8 and fp4 sources (8/16 and
; 4/8 passes) and their results read at once, the f16/bf16 XDL MFMAs and the f64 16x16
; one chained and read, scaled fp8/fp4 conversions that write one byte of a register
; and a use right after, and v_permlane16/32_swap after the VALU that wrote their
; operands.
target triple = "amdgcn-amd-amdhsa"

declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v8i32(<8 x i32>, <8 x i32>, <4 x float>, i32, i32, i32, i32, i32, i32)
declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32>, <4 x i32>, <4 x float>, i32, i32, i32, i32, i32, i32)
declare <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v8i32.v8i32(<8 x i32>, <8 x i32>, <16 x float>, i32, i32, i32, i32, i32, i32)
declare <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32>, <4 x i32>, <16 x float>, i32, i32, i32, i32, i32, i32)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.f16(<8 x half>, <8 x half>, <4 x float>, i32, i32, i32)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf16(<8 x bfloat>, <8 x bfloat>, <16 x float>, i32, i32, i32)
declare <4 x double> @llvm.amdgcn.mfma.f64.16x16x4f64(double, double, <4 x double>, i32, i32, i32)
declare i32 @llvm.amdgcn.cvt.scalef32.sr.fp8.f32(i32, float, i32, float, i32)
declare i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32, float, float, float, i32)
declare i32 @llvm.amdgcn.cvt.scalef32.sr.pk.fp4.f32(i32, <2 x float>, i32, float, i32)
declare <2 x i16> @llvm.amdgcn.cvt.scalef32.pk.fp8.f32(<2 x i16>, float, float, float, i1)
declare <2 x float> @llvm.amdgcn.cvt.scalef32.pk.f32.fp8(i32, float, i1)
declare i32 @llvm.amdgcn.cvt.sr.fp8.f32(float, i32, i32, i32)
declare { i32, i32 } @llvm.amdgcn.permlane16.swap(i32, i32, i1, i1)
declare { i32, i32 } @llvm.amdgcn.permlane32.swap(i32, i32, i1, i1)
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @f8f6f4(ptr addrspace(1) %a, ptr addrspace(1) %c) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <8 x i32>, ptr addrspace(1) %a, i32 %id
  %x = load <8 x i32>, ptr addrspace(1) %pa
  %x4 = shufflevector <8 x i32> %x, <8 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %pc = getelementptr <16 x float>, ptr addrspace(1) %c, i32 %id
  %acc = load <16 x float>, ptr addrspace(1) %pc
  %acc4 = shufflevector <16 x float> %acc, <16 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %r0 = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v8i32(<8 x i32> %x, <8 x i32> %x, <4 x float> %acc4, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0)
  %r1 = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %x4, <4 x i32> %x4, <4 x float> %r0, i32 4, i32 4, i32 0, i32 0, i32 0, i32 0)
  %e = extractelement <4 x float> %r1, i32 1
  %s = fadd float %e, 1.0
  %r2 = call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v8i32.v8i32(<8 x i32> %x, <8 x i32> %x, <16 x float> %acc, i32 0, i32 1, i32 0, i32 0, i32 0, i32 0)
  %e2 = extractelement <16 x float> %r2, i32 3
  %s2 = fadd float %e2, %s
  %r3 = call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %x4, <4 x i32> %x4, <16 x float> %r2, i32 4, i32 4, i32 0, i32 0, i32 0, i32 0)
  %r4 = insertelement <16 x float> %r3, float %s2, i32 0
  store <16 x float> %r4, ptr addrspace(1) %pc
  ret void
}

define amdgpu_kernel void @xdl_and_f64(ptr addrspace(1) %a, ptr addrspace(1) %c, ptr addrspace(1) %d) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <8 x half>, ptr addrspace(1) %a, i32 %id
  %h = load <8 x half>, ptr addrspace(1) %pa
  %b = bitcast <8 x half> %h to <8 x bfloat>
  %pc = getelementptr <16 x float>, ptr addrspace(1) %c, i32 %id
  %acc = load <16 x float>, ptr addrspace(1) %pc
  %acc4 = shufflevector <16 x float> %acc, <16 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %r0 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.f16(<8 x half> %h, <8 x half> %h, <4 x float> %acc4, i32 0, i32 0, i32 0)
  %r1 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf16(<8 x bfloat> %b, <8 x bfloat> %b, <16 x float> %acc, i32 0, i32 0, i32 0)
  %e0 = extractelement <4 x float> %r0, i32 2
  %e1 = extractelement <16 x float> %r1, i32 5
  %s = fadd float %e0, %e1
  %r2 = insertelement <16 x float> %r1, float %s, i32 0
  store <16 x float> %r2, ptr addrspace(1) %pc
  %pd = getelementptr <4 x double>, ptr addrspace(1) %d, i32 %id
  %dacc = load <4 x double>, ptr addrspace(1) %pd
  %dx = fpext float %s to double
  %q0 = call <4 x double> @llvm.amdgcn.mfma.f64.16x16x4f64(double %dx, double %dx, <4 x double> %dacc, i32 0, i32 0, i32 0)
  %q1 = call <4 x double> @llvm.amdgcn.mfma.f64.16x16x4f64(double %dx, double %dx, <4 x double> %q0, i32 0, i32 0, i32 0)
  %qe = extractelement <4 x double> %q1, i32 1
  %qs = fadd double %qe, 1.0
  %q2 = insertelement <4 x double> %q1, double %qs, i32 3
  store <4 x double> %q2, ptr addrspace(1) %pd
  ret void
}

define amdgpu_kernel void @convert(ptr addrspace(1) %p, float %sc, i32 %seed) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pp = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %id
  %v = load <4 x float>, ptr addrspace(1) %pp
  %a = extractelement <4 x float> %v, i32 0
  %b = extractelement <4 x float> %v, i32 1
  %old = bitcast float %b to i32
  %c0 = call i32 @llvm.amdgcn.cvt.scalef32.sr.fp8.f32(i32 %old, float %a, i32 %seed, float %sc, i32 1)
  %c1 = call i32 @llvm.amdgcn.cvt.scalef32.sr.fp8.f32(i32 %c0, float %b, i32 %seed, float %sc, i32 3)
  %d0 = add i32 %c1, 7
  %c2 = call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %d0, float %a, float %b, float %sc, i32 1)
  %d1 = xor i32 %c2, %c1
  %pair = insertelement <2 x float> poison, float %a, i32 0
  %pair2 = insertelement <2 x float> %pair, float %b, i32 1
  %c3 = call i32 @llvm.amdgcn.cvt.scalef32.sr.pk.fp4.f32(i32 %d1, <2 x float> %pair2, i32 %seed, float %sc, i32 2)
  %d2 = mul i32 %c3, %d1
  %w = bitcast i32 %d2 to <2 x i16>
  %c4 = call <2 x i16> @llvm.amdgcn.cvt.scalef32.pk.fp8.f32(<2 x i16> %w, float %a, float %b, float %sc, i1 1)
  %c4i = bitcast <2 x i16> %c4 to i32
  %c5 = call i32 @llvm.amdgcn.cvt.sr.fp8.f32(float %a, i32 %seed, i32 %c4i, i32 2)
  %d3 = sub i32 %c5, %d2
  %f = call <2 x float> @llvm.amdgcn.cvt.scalef32.pk.f32.fp8(i32 %d3, float %sc, i1 1)
  %f0 = extractelement <2 x float> %f, i32 0
  %f1 = extractelement <2 x float> %f, i32 1
  %fs = fadd float %f0, %f1
  %out = insertelement <4 x float> %v, float %fs, i32 2
  %d3f = bitcast i32 %d3 to float
  %out2 = insertelement <4 x float> %out, float %d3f, i32 3
  store <4 x float> %out2, ptr addrspace(1) %pp
  ret void
}

define amdgpu_kernel void @swap(ptr addrspace(1) %p, i32 %k) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pp = getelementptr <2 x i32>, ptr addrspace(1) %p, i32 %id
  %v = load <2 x i32>, ptr addrspace(1) %pp
  %x = extractelement <2 x i32> %v, i32 0
  %y = extractelement <2 x i32> %v, i32 1
  %x1 = add i32 %x, %k
  %y1 = mul i32 %y, %id
  %s0 = call { i32, i32 } @llvm.amdgcn.permlane16.swap(i32 %x1, i32 %y1, i1 false, i1 false)
  %a = extractvalue { i32, i32 } %s0, 0
  %b = extractvalue { i32, i32 } %s0, 1
  %s1 = call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %a, i32 %b, i1 false, i1 false)
  %c = extractvalue { i32, i32 } %s1, 0
  %d = extractvalue { i32, i32 } %s1, 1
  %cmp = icmp ult i32 %id, %k
  br i1 %cmp, label %then, label %done
then:
  %e = add i32 %c, 1
  %s2 = call { i32, i32 } @llvm.amdgcn.permlane16.swap(i32 %e, i32 %d, i1 false, i1 false)
  %f = extractvalue { i32, i32 } %s2, 0
  br label %done
done:
  %r = phi i32 [ %c, %entry ], [ %f, %then ]
  %out = insertelement <2 x i32> %v, i32 %r, i32 0
  %out2 = insertelement <2 x i32> %out, i32 %d, i32 1
  store <2 x i32> %out2, ptr addrspace(1) %pp
  ret void
}
