„.include "missing.s"
.incbin "missing.bin"
.set a, b + 1
.set b, 2
s_mov_b32 s0, a
s_endpgm
