; Graphics shaders as a driver's front end (Mesa's radeonsi, PAL's LLPC) hands them
; to llc: a pixel shader (arguments in SGPRs and VGPRs, a branch, a buffer read, a
; colour returned) and a compute shader (a buffer read-modify-write, LDS across a
; barrier, a loop). tools/gen-objcorpus.sh compiles it for amdgcn-amd-amdpal and
; amdgcn-mesa-mesa3d.

@lds = internal addrspace(3) global [64 x i32] poison, align 4

define amdgpu_ps <4 x float> @ps(float inreg %scale, <4 x i32> inreg %rsrc, float %u, float %v) {
entry:
  %d = fmul float %u, %v
  %c = fcmp olt float %d, 0.0
  br i1 %c, label %flip, label %shade
flip:
  %nu = fneg float %u
  br label %shade
shade:
  %uu = phi float [ %u, %entry ], [ %nu, %flip ]
  %idx = fptoui float %uu to i32
  %t = call <4 x float> @llvm.amdgcn.struct.buffer.load.format.v4f32(<4 x i32> %rsrc, i32 %idx, i32 0, i32 0, i32 0)
  %s = insertelement <4 x float> poison, float %scale, i32 0
  %s4 = shufflevector <4 x float> %s, <4 x float> poison, <4 x i32> zeroinitializer
  %r = fmul <4 x float> %t, %s4
  ret <4 x float> %r
}

define amdgpu_cs void @cs(<4 x i32> inreg %buf, i32 inreg %n, <3 x i32> %tid) {
entry:
  %id = extractelement <3 x i32> %tid, i32 0
  %off = shl i32 %id, 2
  %v = call i32 @llvm.amdgcn.raw.buffer.load.i32(<4 x i32> %buf, i32 %off, i32 0, i32 0)
  %slot = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %id
  store i32 %v, ptr addrspace(3) %slot
  call void @llvm.amdgcn.s.barrier()
  %nid = xor i32 %id, 1
  %nslot = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %nid
  %w = load i32, ptr addrspace(3) %nslot
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ %w, %entry ], [ %acc1, %loop ]
  %acc1 = mul i32 %acc, 3
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  call void @llvm.amdgcn.raw.buffer.store.i32(i32 %acc1, <4 x i32> %buf, i32 %off, i32 0, i32 0)
  ret void
}

declare void @llvm.amdgcn.s.barrier()
declare <4 x float> @llvm.amdgcn.struct.buffer.load.format.v4f32(<4 x i32>, i32, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.buffer.load.i32(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.i32(i32, <4 x i32>, i32, i32, i32)
