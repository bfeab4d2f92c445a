; Tiled single-precision matrix multiply (16x16 tiles in LDS), C = alpha*A*B + beta*C,
; plus a double-precision AXPY with a grid-stride loop. For tools/real-code.sh.
target triple = "amdgcn-amd-amdhsa"

@ta = internal addrspace(3) global [256 x float] poison, align 16
@tb = internal addrspace(3) global [256 x float] poison, align 16

define amdgpu_kernel void @sgemm(ptr addrspace(1) noalias %c, ptr addrspace(1) noalias %a,
                                 ptr addrspace(1) noalias %b, i32 %n, float %alpha, float %beta) #0 {
entry:
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %bx = call i32 @llvm.amdgcn.workgroup.id.x()
  %by = call i32 @llvm.amdgcn.workgroup.id.y()
  %row0 = shl i32 %by, 4
  %row = add i32 %row0, %ty
  %col0 = shl i32 %bx, 4
  %col = add i32 %col0, %tx
  %tiles = lshr i32 %n, 4
  %lidx0 = shl i32 %ty, 4
  %lidx = add i32 %lidx0, %tx
  %sa = getelementptr [256 x float], ptr addrspace(3) @ta, i32 0, i32 %lidx
  %sb = getelementptr [256 x float], ptr addrspace(3) @tb, i32 0, i32 %lidx
  %rown = mul i32 %row, %n
  br label %tile
tile:
  %t = phi i32 [ 0, %entry ], [ %t1, %tile_end ]
  %acc = phi float [ 0.0, %entry ], [ %acc_out, %tile_end ]
  %t16 = shl i32 %t, 4
  %ai0 = add i32 %rown, %t16
  %ai = add i32 %ai0, %tx
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %ai
  %va = load float, ptr addrspace(1) %pa, align 4
  store float %va, ptr addrspace(3) %sa, align 4
  %br0 = add i32 %t16, %ty
  %br = mul i32 %br0, %n
  %bi = add i32 %br, %col
  %pb = getelementptr float, ptr addrspace(1) %b, i32 %bi
  %vb = load float, ptr addrspace(1) %pb, align 4
  store float %vb, ptr addrspace(3) %sb, align 4
  call void @llvm.amdgcn.s.barrier()
  br label %inner
inner:
  %k = phi i32 [ 0, %tile ], [ %k1, %inner ]
  %s = phi float [ %acc, %tile ], [ %s1, %inner ]
  %ka = add i32 %lidx0, %k
  %pka = getelementptr [256 x float], ptr addrspace(3) @ta, i32 0, i32 %ka
  %kb0 = shl i32 %k, 4
  %kb = add i32 %kb0, %tx
  %pkb = getelementptr [256 x float], ptr addrspace(3) @tb, i32 0, i32 %kb
  %x = load float, ptr addrspace(3) %pka, align 4
  %y = load float, ptr addrspace(3) %pkb, align 4
  %s1 = call float @llvm.fmuladd.f32(float %x, float %y, float %s)
  %k1 = add i32 %k, 1
  %kd = icmp eq i32 %k1, 16
  br i1 %kd, label %tile_end, label %inner, !llvm.loop !0
tile_end:
  %acc_out = phi float [ %s1, %inner ]
  call void @llvm.amdgcn.s.barrier()
  %t1 = add i32 %t, 1
  %td = icmp ult i32 %t1, %tiles
  br i1 %td, label %tile, label %out
out:
  %ci0 = add i32 %rown, %col
  %pc = getelementptr float, ptr addrspace(1) %c, i32 %ci0
  %old = load float, ptr addrspace(1) %pc, align 4
  %m = fmul float %old, %beta
  %r = call float @llvm.fmuladd.f32(float %alpha, float %acc_out, float %m)
  store float %r, ptr addrspace(1) %pc, align 4
  ret void
}

define amdgpu_kernel void @daxpy(ptr addrspace(1) noalias %y, ptr addrspace(1) noalias %x, double %a, i64 %n) #0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %ng = call i32 @grid_size_x()
  %g = mul i32 %gid, 256
  %i0 = add i32 %g, %lid
  %i = zext i32 %i0 to i64
  %c0 = icmp ult i64 %i, %n
  br i1 %c0, label %loop, label %done
loop:
  %k = phi i64 [ %i, %entry ], [ %k1, %loop ]
  %px = getelementptr double, ptr addrspace(1) %x, i64 %k
  %py = getelementptr double, ptr addrspace(1) %y, i64 %k
  %vx = load double, ptr addrspace(1) %px, align 8
  %vy = load double, ptr addrspace(1) %py, align 8
  %r = call double @llvm.fma.f64(double %a, double %vx, double %vy)
  store double %r, ptr addrspace(1) %py, align 8
  %st64 = zext i32 %ng to i64
  %k1 = add i64 %k, %st64
  %c = icmp ult i64 %k1, %n
  br i1 %c, label %loop, label %done
done:
  ret void
}

; The grid size in x, from the dispatch packet.
define internal i32 @grid_size_x() #1 {
  %p = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %q = getelementptr i8, ptr addrspace(4) %p, i64 12
  %v = load i32, ptr addrspace(4) %q, align 4
  ret i32 %v
}

declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
declare void @llvm.amdgcn.s.barrier()
declare float @llvm.fmuladd.f32(float, float, float)
declare double @llvm.fma.f64(double, double, double)
attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { alwaysinline }
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.count", i32 4}
