; A tiny kernel and a helper function, used by the src/elf.rs unit tests.
; Regenerate the objects with tests/data/make-elf.sh.
target triple = "amdgcn-amd-amdhsa"

define internal float @scale(float %x, float %k) #0 {
  %m = fmul float %x, %k
  %a = fadd float %m, 1.0
  ret float %a
}

define amdgpu_kernel void @saxpy(ptr addrspace(1) %y, ptr addrspace(1) %x, float %a, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp ult i32 %id, %n
  br i1 %in, label %body, label %done
body:
  %px = getelementptr float, ptr addrspace(1) %x, i32 %id
  %py = getelementptr float, ptr addrspace(1) %y, i32 %id
  %vx = load float, ptr addrspace(1) %px
  %vy = load float, ptr addrspace(1) %py
  %s = call float @scale(float %vx, float %a)
  %r = fadd float %s, %vy
  store float %r, ptr addrspace(1) %py
  br label %done
done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { noinline }
