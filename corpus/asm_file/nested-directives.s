„.macro m a, b
  .if \a > 1
    .rept \b
      s_add_u32 s0, s0, \a
    .endr
    m (\a - 1), \b
  .else
    .irp r, v1, v2
      v_mov_b32 \r, \@
    .endr
  .endif
.endm
.if 1
  .ifdef undefined_sym
    s_nop 0
  .elseif 2 > 1
    m 3, 2
  .endif
.endif
s_endpgm
