; Packed half-precision math (v_pk_*) and mixed-precision conversions.
; For tools/real-code.sh.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @pk_math(ptr addrspace(1) %out, ptr addrspace(1) %in, <2 x half> %k) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <2 x half>, ptr addrspace(1) %in, i32 %id
  %a = load <2 x half>, ptr addrspace(1) %p, align 4
  %q = getelementptr <2 x half>, ptr addrspace(1) %p, i32 64
  %b = load <2 x half>, ptr addrspace(1) %q, align 4
  %m = fmul <2 x half> %a, %b
  %f = call <2 x half> @llvm.fma.v2f16(<2 x half> %m, <2 x half> %k, <2 x half> %a)
  %mx = call <2 x half> @llvm.maxnum.v2f16(<2 x half> %f, <2 x half> zeroinitializer)
  %mn = call <2 x half> @llvm.minnum.v2f16(<2 x half> %mx, <2 x half> <half 6.0, half 6.0>)
  %neg = fneg <2 x half> %mn
  %sh = shufflevector <2 x half> %neg, <2 x half> %b, <2 x i32> <i32 1, i32 2>
  %s = fsub <2 x half> %sh, %a
  %ia = bitcast <2 x half> %s to <2 x i16>
  %ib = bitcast <2 x half> %b to <2 x i16>
  %ic = add <2 x i16> %ia, %ib
  %id2 = shl <2 x i16> %ic, <i16 3, i16 5>
  %ie = call <2 x i16> @llvm.umax.v2i16(<2 x i16> %id2, <2 x i16> %ib)
  %r = bitcast <2 x i16> %ie to <2 x half>
  %e0 = extractelement <2 x half> %r, i32 0
  %e1 = extractelement <2 x half> %r, i32 1
  %w0 = fpext half %e0 to float
  %w1 = fpext half %e1 to float
  %sum = fadd float %w0, %w1
  %h = fptrunc float %sum to half
  %o = getelementptr half, ptr addrspace(1) %out, i32 %id
  store half %h, ptr addrspace(1) %o, align 2
  %o2 = getelementptr <2 x half>, ptr addrspace(1) %out, i32 1024
  store <2 x half> %r, ptr addrspace(1) %o2, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <2 x half> @llvm.fma.v2f16(<2 x half>, <2 x half>, <2 x half>)
declare <2 x half> @llvm.maxnum.v2f16(<2 x half>, <2 x half>)
declare <2 x half> @llvm.minnum.v2f16(<2 x half>, <2 x half>)
declare <2 x i16> @llvm.umax.v2i16(<2 x i16>, <2 x i16>)
