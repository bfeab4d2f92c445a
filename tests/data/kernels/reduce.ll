; CPUS: gfx803 gfx900 gfx906 gfx908 gfx90a gfx942 gfx950 (ds_bpermute and DPP: gfx8 on). For tools/real-code.sh.
; Work-group sum reduction: LDS tree, DPP and swizzle steps within the wave,
; readfirstlane, a global atomic per group. For tools/real-code.sh.
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [256 x float] poison, align 4

define amdgpu_kernel void @reduce_sum(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %gid, 8
  %i = add i32 %base, %lid
  %ok = icmp ult i32 %i, %n
  br i1 %ok, label %load, label %store0
load:
  %p = getelementptr float, ptr addrspace(1) %in, i32 %i
  %v = load float, ptr addrspace(1) %p, align 4
  br label %store0
store0:
  %x = phi float [ %v, %load ], [ 0.0, %entry ]
  %slot = getelementptr [256 x float], ptr addrspace(3) @tile, i32 0, i32 %lid
  store float %x, ptr addrspace(3) %slot, align 4
  call void @llvm.amdgcn.s.barrier()
  br label %tree
tree:
  %s = phi i32 [ 128, %store0 ], [ %s2, %next ]
  %act = icmp ult i32 %lid, %s
  br i1 %act, label %add, label %next
add:
  %j = add i32 %lid, %s
  %pj = getelementptr [256 x float], ptr addrspace(3) @tile, i32 0, i32 %j
  %a = load float, ptr addrspace(3) %slot, align 4
  %b = load float, ptr addrspace(3) %pj, align 4
  %c = fadd float %a, %b
  store float %c, ptr addrspace(3) %slot, align 4
  br label %next
next:
  call void @llvm.amdgcn.s.barrier()
  %s2 = lshr i32 %s, 1
  %more = icmp ugt i32 %s2, 32
  br i1 %more, label %tree, label %wave
wave:
  %w0 = load float, ptr addrspace(3) %slot, align 4
  %wi = bitcast float %w0 to i32
  ; row_shr:1, row_shr:2, row_bcast:15 style steps, then a swizzle.
  %d1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %wi, i32 273, i32 15, i32 15, i1 false)
  %f1 = bitcast i32 %d1 to float
  %t1 = fadd float %w0, %f1
  %t1i = bitcast float %t1 to i32
  %d2 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %t1i, i32 274, i32 15, i32 15, i1 false)
  %f2 = bitcast i32 %d2 to float
  %t2 = fadd float %t1, %f2
  %t2i = bitcast float %t2 to i32
  %sw = call i32 @llvm.amdgcn.ds.swizzle(i32 %t2i, i32 31)
  %f3 = bitcast i32 %sw to float
  %t3 = fadd float %t2, %f3
  %t3i = bitcast float %t3 to i32
  %bp = call i32 @llvm.amdgcn.ds.bpermute(i32 0, i32 %t3i)
  %f4 = bitcast i32 %bp to float
  %t4 = fadd float %t3, %f4
  %t4i = bitcast float %t4 to i32
  %u = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %t4i)
  %uf = bitcast i32 %u to float
  %first = icmp eq i32 %lid, 0
  br i1 %first, label %atomic, label %done
atomic:
  %r = atomicrmw fadd ptr addrspace(1) %out, float %uf monotonic, align 4
  br label %done
done:
  ret void
}

define amdgpu_kernel void @histogram(ptr addrspace(1) %bins, ptr addrspace(1) %data, i32 %n) #0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %g8 = shl i32 %gid, 8
  %k = add i32 %lid, %g8
  %ok = icmp ult i32 %k, %n
  br i1 %ok, label %body, label %done
body:
  %p = getelementptr i32, ptr addrspace(1) %data, i32 %k
  %v = load i32, ptr addrspace(1) %p, align 4
  %b = and i32 %v, 255
  %q = getelementptr i32, ptr addrspace(1) %bins, i32 %b
  %old = atomicrmw add ptr addrspace(1) %q, i32 1 monotonic, align 4
  %bal = call i64 @llvm.amdgcn.ballot.i64(i1 true)
  %cnt = call i64 @llvm.ctpop.i64(i64 %bal)
  %c32 = trunc i64 %cnt to i32
  %q2 = getelementptr i32, ptr addrspace(1) %bins, i32 256
  %old2 = atomicrmw umax ptr addrspace(1) %q2, i32 %c32 monotonic, align 4
  br label %done
done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i64 @llvm.ctpop.i64(i64)
attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
