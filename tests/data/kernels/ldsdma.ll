; CPUS: gfx900 gfx906 gfx908 gfx90a gfx942 gfx950
; LDS DMA: buffer loads that write LDS (M0 holds the LDS address), then LDS reads.

@lds = internal addrspace(3) global [256 x i32] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.raw.buffer.load.lds(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32)

define amdgpu_kernel void @dma(<4 x i32> %rsrc, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %o = shl i32 %id, 2
  call void @llvm.amdgcn.raw.buffer.load.lds(<4 x i32> %rsrc, ptr addrspace(3) @lds, i32 4, i32 %o, i32 0, i32 0, i32 0)
  %l2 = getelementptr [256 x i32], ptr addrspace(3) @lds, i32 0, i32 64
  call void @llvm.amdgcn.raw.buffer.load.lds(<4 x i32> %rsrc, ptr addrspace(3) %l2, i32 4, i32 %o, i32 256, i32 0, i32 0)
  call void @llvm.amdgcn.s.barrier()
  %p = getelementptr [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %id
  %v = load i32, ptr addrspace(3) %p
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %v, ptr addrspace(1) %g
  ret void
}
