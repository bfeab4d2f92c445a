€.text
.globl k
k:
  s_add_u32 s0, s0, 1
  s_cbranch_scc0 k
.data
d: .long k - d
.p2align 4
.set S, 3
.byte S
