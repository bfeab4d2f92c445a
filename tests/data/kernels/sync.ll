; Callable functions, calls, atomics with fences, ds_append/ds_consume: the waits of
; the calling convention and the memory model (tools/lint-corpus.sh).

@lds = internal addrspace(3) global [256 x i32] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3), i1)
declare i32 @llvm.amdgcn.ds.consume.p3(ptr addrspace(3), i1)

define hidden i32 @callee(ptr addrspace(1) %p, i32 %i) {
  %g = getelementptr i32, ptr addrspace(1) %p, i32 %i
  %v = load i32, ptr addrspace(1) %g
  %w = atomicrmw add ptr addrspace(1) %g, i32 1 syncscope("agent") seq_cst
  %s = add i32 %v, %w
  ret i32 %s
}

define hidden void @flatfn(ptr %p, i32 %x) {
  %v = load i32, ptr %p
  %a = add i32 %v, %x
  store i32 %a, ptr %p
  fence syncscope("agent") release
  store atomic i32 %x, ptr %p syncscope("agent") release, align 4
  %q = getelementptr i32, ptr %p, i32 4
  %r = load atomic i32, ptr %q syncscope("agent") acquire, align 4
  %b = add i32 %r, %a
  store i32 %b, ptr %q
  ret void
}

define hidden float @leaf(float %a, float %b) {
  %c = fmul float %a, %b
  %d = fadd float %c, %a
  ret float %d
}

define amdgpu_kernel void @calls(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @callee(ptr addrspace(1) %in, i32 %id)
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %g
  %f = addrspacecast ptr addrspace(1) %g to ptr
  call void @flatfn(ptr %f, i32 %r)
  %x = sitofp i32 %r to float
  %y = call float @leaf(float %x, float %x)
  %h = getelementptr float, ptr addrspace(1) %out, i32 %r
  store float %y, ptr addrspace(1) %h
  ret void
}

define amdgpu_kernel void @fences(ptr addrspace(1) %out, ptr addrspace(1) %flag) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %id, ptr addrspace(1) %g
  fence syncscope("agent") release
  store atomic i32 1, ptr addrspace(1) %flag syncscope("agent") monotonic, align 4
  %v = load atomic i32, ptr addrspace(1) %flag syncscope("agent") acquire, align 4
  %l = getelementptr [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %id
  store i32 %v, ptr addrspace(3) %l
  fence syncscope("workgroup") acq_rel
  call void @llvm.amdgcn.s.barrier()
  %n = xor i32 %id, 1
  %m = getelementptr [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %n
  %x = load i32, ptr addrspace(3) %m
  %c = cmpxchg ptr addrspace(1) %flag, i32 %x, i32 2 syncscope("agent") acq_rel monotonic
  %c0 = extractvalue { i32, i1 } %c, 0
  %s = atomicrmw xchg ptr addrspace(1) %g, i32 %c0 seq_cst
  fence seq_cst
  %t = load i32, ptr addrspace(1) %flag
  %u = add i32 %s, %t
  store atomic i32 %u, ptr addrspace(1) %flag release, align 4
  ret void
}

define amdgpu_kernel void @append(ptr addrspace(1) %out) {
  %a = call i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3) @lds, i1 false)
  %p = getelementptr [256 x i32], ptr addrspace(3) @lds, i32 0, i32 4
  %c = call i32 @llvm.amdgcn.ds.consume.p3(ptr addrspace(3) %p, i1 false)
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %a
  store i32 %c, ptr addrspace(1) %g
  ret void
}
