; Divergent control flow (nested ifs, a loop with a data-dependent exit, a
; switch), a private array indexed dynamically (scratch), and a non-inlined
; call with the stack. For tools/real-code.sh.
target triple = "amdgcn-amd-amdhsa"

define internal float @poly(float %x, i32 %n) #1 {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 1.0, %entry ], [ %acc1, %loop ]
  %kf = sitofp i32 %k to float
  %t = call float @llvm.fmuladd.f32(float %acc, float %x, float %kf)
  %acc1 = fmul float %t, 0.5
  %k1 = add i32 %k, 1
  %c = icmp slt i32 %k1, %n
  br i1 %c, label %loop, label %done
done:
  ret float %acc1
}

define amdgpu_kernel void @branchy(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %stack = alloca [16 x i32], align 4, addrspace(5)
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %a = load i32, ptr addrspace(1) %p, align 4
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i1, %fill ]
  %v = mul i32 %i, %a
  %slot = getelementptr [16 x i32], ptr addrspace(5) %stack, i32 0, i32 %i
  store volatile i32 %v, ptr addrspace(5) %slot, align 4
  %i1 = add i32 %i, 1
  %fd = icmp eq i32 %i1, 16
  br i1 %fd, label %pick, label %fill
pick:
  %idx = and i32 %a, 15
  %ps = getelementptr [16 x i32], ptr addrspace(5) %stack, i32 0, i32 %idx
  %x = load volatile i32, ptr addrspace(5) %ps, align 4
  %odd = and i32 %x, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %then, label %else
then:
  %big = icmp ugt i32 %x, 1000
  br i1 %big, label %then2, label %join
then2:
  %xf = uitofp i32 %x to float
  %pv = call float @poly(float %xf, i32 %n)
  %pi = fptosi float %pv to i32
  br label %join
else:
  switch i32 %idx, label %join [
    i32 0, label %c0
    i32 3, label %c3
    i32 9, label %c9
  ]
c0:
  br label %join
c3:
  %m3 = mul i32 %x, 3
  br label %join
c9:
  %s9 = sub i32 %x, %n
  br label %join
join:
  %r = phi i32 [ %x, %then ], [ %pi, %then2 ], [ %idx, %else ], [ 0, %c0 ], [ %m3, %c3 ], [ %s9, %c9 ]
  br label %search
search:
  %j = phi i32 [ %r, %join ], [ %j1, %step ]
  %jb = and i32 %j, 255
  %pj = getelementptr i32, ptr addrspace(1) %in, i32 %jb
  %y = load i32, ptr addrspace(1) %pj, align 4
  %hit = icmp eq i32 %y, %a
  br i1 %hit, label %found, label %step
step:
  %j1 = add i32 %j, 17
  %lim = icmp ult i32 %j1, %n
  br i1 %lim, label %search, label %found
found:
  %res = phi i32 [ %j, %search ], [ -1, %step ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %res, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fmuladd.f32(float, float, float)
attributes #1 = { noinline }
