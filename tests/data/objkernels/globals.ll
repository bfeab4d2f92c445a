; Globals of every linkage and address space a kernel and a function use: the
; object corpus (tools/gen-objcorpus.sh) checks their symbols and relocations.
target triple = "amdgcn-amd-amdhsa"
@lds = external addrspace(3) global [0 x i32], align 16
@c = addrspace(4) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@w = weak addrspace(1) global i32 0
@h = hidden addrspace(1) global i64 7
@str = private unnamed_addr addrspace(4) constant [6 x i8] c"hello\00"
@ptr = addrspace(1) global ptr addrspace(4) @str
define linkonce_odr hidden void @lo(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}
define amdgpu_kernel void @k(ptr addrspace(1) %o, i32 %i) {
  %a = getelementptr [0 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  %v = load i32, ptr addrspace(3) %a
  %b = getelementptr [4 x i32], ptr addrspace(4) @c, i32 0, i32 %i
  %x = load i32, ptr addrspace(4) %b
  %s = add i32 %v, %x
  store i32 %s, ptr addrspace(1) %o
  call void @lo(ptr addrspace(1) @w)
  ret void
}
