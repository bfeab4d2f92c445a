; Floating-point math: division and square root sequences (v_div_scale,
; v_div_fmas, v_div_fixup), transcendental approximations, frexp/ldexp,
; conversions and rounding, in f32 and f64. For tools/real-code.sh.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @fmath(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %id
  %a = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr float, ptr addrspace(1) %p, i32 256
  %b = load float, ptr addrspace(1) %q, align 4
  %div = fdiv float %a, %b
  %sq = call float @llvm.sqrt.f32(float %div)
  %ex = call float @llvm.exp2.f32(float %sq)
  %lg = call float @llvm.log2.f32(float %ex)
  %sn = call float @llvm.sin.f32(float %lg)
  %cs = call float @llvm.cos.f32(float %a)
  %fl = call float @llvm.floor.f32(float %cs)
  %tr = call float @llvm.trunc.f32(float %sn)
  %rn = call float @llvm.rint.f32(float %b)
  %fr = call { float, i32 } @llvm.frexp.f32.i32(float %rn)
  %m = extractvalue { float, i32 } %fr, 0
  %e = extractvalue { float, i32 } %fr, 1
  %ld = call float @llvm.ldexp.f32.i32(float %m, i32 %e)
  %cp = call float @llvm.copysign.f32(float %ld, float %fl)
  %fa = call float @llvm.fabs.f32(float %tr)
  %s1 = fadd float %cp, %fa
  %mx = call float @llvm.maxnum.f32(float %s1, float 0.5)
  %i = fptosi float %mx to i32
  %u = fptoui float %sq to i32
  %iu = add i32 %i, %u
  %back = sitofp i32 %iu to float
  %cmp = fcmp olt float %back, %a
  %sel = select i1 %cmp, float %back, float 0x7FF0000000000000
  %o = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %sel, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @dmath(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr double, ptr addrspace(1) %in, i32 %id
  %a = load double, ptr addrspace(1) %p, align 8
  %q = getelementptr double, ptr addrspace(1) %p, i32 256
  %b = load double, ptr addrspace(1) %q, align 8
  %div = fdiv double %a, %b
  %sq = call double @llvm.sqrt.f64(double %div)
  %fl = call double @llvm.floor.f64(double %sq)
  %rn = call double @llvm.rint.f64(double %b)
  %fm = call double @llvm.fma.f64(double %fl, double %rn, double %a)
  %fr = call { double, i32 } @llvm.frexp.f64.i32(double %fm)
  %m = extractvalue { double, i32 } %fr, 0
  %e = extractvalue { double, i32 } %fr, 1
  %ld = call double @llvm.ldexp.f64.i32(double %m, i32 %e)
  %mn = call double @llvm.minnum.f64(double %ld, double 1.0e10)
  %f32 = fptrunc double %mn to float
  %i = fptosi double %mn to i32
  %back = sitofp i32 %i to double
  %w = fpext float %f32 to double
  %s = fsub double %w, %back
  %cmp = fcmp ueq double %s, 0.0
  %r = select i1 %cmp, double %s, double %a
  %o = getelementptr double, ptr addrspace(1) %out, i32 %id
  store double %r, ptr addrspace(1) %o, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.sqrt.f32(float)
declare float @llvm.exp2.f32(float)
declare float @llvm.log2.f32(float)
declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare float @llvm.floor.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.rint.f32(float)
declare { float, i32 } @llvm.frexp.f32.i32(float)
declare float @llvm.ldexp.f32.i32(float, i32)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.fabs.f32(float)
declare float @llvm.maxnum.f32(float, float)
declare double @llvm.sqrt.f64(double)
declare double @llvm.floor.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.fma.f64(double, double, double)
declare { double, i32 } @llvm.frexp.f64.i32(double)
declare double @llvm.ldexp.f64.i32(double, i32)
declare double @llvm.minnum.f64(double, double)
