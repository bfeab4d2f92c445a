; Integer work: 32- and 64-bit division and remainder, bit counting and
; reversal, bit-field extraction, high multiplies, funnel shifts, saturation,
; and a hash (xorshift/multiply). For tools/real-code.sh.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @int_ops(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %d, i64 %d64) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %a = load i32, ptr addrspace(1) %p, align 4
  %q = udiv i32 %a, %d
  %r = srem i32 %a, 7
  %pop = call i32 @llvm.ctpop.i32(i32 %a)
  %clz = call i32 @llvm.ctlz.i32(i32 %a, i1 false)
  %ctz = call i32 @llvm.cttz.i32(i32 %a, i1 true)
  %rev = call i32 @llvm.bitreverse.i32(i32 %a)
  %bfe = call i32 @llvm.amdgcn.ubfe.i32(i32 %a, i32 5, i32 9)
  %sbfe = call i32 @llvm.amdgcn.sbfe.i32(i32 %rev, i32 %pop, i32 4)
  %fsh = call i32 @llvm.fshl.i32(i32 %a, i32 %rev, i32 %clz)
  %sat = call i32 @llvm.sadd.sat.i32(i32 %fsh, i32 %q)
  %usat = call i32 @llvm.usub.sat.i32(i32 %sat, i32 %r)
  %wa = zext i32 %a to i64
  %wb = sext i32 %usat to i64
  %m = mul i64 %wa, %wb
  %hi = lshr i64 %m, 32
  %hi32 = trunc i64 %hi to i32
  %w = load i64, ptr addrspace(1) %p, align 8
  %q64 = udiv i64 %w, %d64
  %r64 = srem i64 %w, 1000003
  %x1 = shl i64 %q64, 13
  %x2 = xor i64 %x1, %r64
  %x3 = lshr i64 %x2, 7
  %x4 = xor i64 %x3, %x2
  %x5 = mul i64 %x4, 6364136223846793005
  %x6 = call i64 @llvm.ctpop.i64(i64 %x5)
  %x7 = call i64 @llvm.umin.i64(i64 %x5, i64 %x6)
  %t = trunc i64 %x7 to i32
  %s1 = add i32 %hi32, %t
  %s2 = xor i32 %s1, %bfe
  %s3 = add i32 %s2, %sbfe
  %s4 = add i32 %s3, %ctz
  %abs = call i32 @llvm.abs.i32(i32 %s4, i1 false)
  %mn = call i32 @llvm.smin.i32(i32 %abs, i32 %r)
  %sel = icmp sgt i32 %mn, 100
  %v = select i1 %sel, i32 %mn, i32 %s4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %v, ptr addrspace(1) %o, align 4
  %o64 = getelementptr i64, ptr addrspace(1) %out, i32 512
  store i64 %x7, ptr addrspace(1) %o64, align 8
  %b8 = trunc i32 %v to i8
  %o8 = getelementptr i8, ptr addrspace(1) %out, i32 8192
  store i8 %b8, ptr addrspace(1) %o8, align 1
  %b16 = trunc i32 %v to i16
  %o16 = getelementptr i16, ptr addrspace(1) %out, i32 8192
  store i16 %b16, ptr addrspace(1) %o16, align 2
  ret void
}

; Scalar (uniform) integer code: s_* instructions on kernel arguments.
define amdgpu_kernel void @uniform(ptr addrspace(1) %out, i32 %a, i32 %b, i64 %c) {
entry:
  %x = mul i32 %a, %b
  %y = udiv i32 %x, 12345
  %z = shl i64 %c, 3
  %w = lshr i64 %z, 17
  %t = trunc i64 %w to i32
  %s = add i32 %y, %t
  %u = call i32 @llvm.ctpop.i32(i32 %s)
  %f = call i32 @llvm.cttz.i32(i32 %s, i1 false)
  %g = or i32 %u, %f
  %h = icmp ult i32 %g, %a
  %k = select i1 %h, i32 %g, i32 %b
  %bf = call i32 @llvm.amdgcn.ubfe.i32(i32 %k, i32 3, i32 6)
  %o = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 %bf, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.ctpop.i32(i32)
declare i64 @llvm.ctpop.i64(i64)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.amdgcn.ubfe.i32(i32, i32, i32)
declare i32 @llvm.amdgcn.sbfe.i32(i32, i32, i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i32 @llvm.usub.sat.i32(i32, i32)
declare i64 @llvm.umin.i64(i64, i64)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.smin.i32(i32, i32)
