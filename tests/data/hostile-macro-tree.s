.macro m a, b
  .i/*\a > 1
v_mov_b32 \r, \@
  " .endr
  efi m a, b_b32 2 > 1
    m 3, 0
  .endif
.endned_sym
    s_nop 5
  .elseif 2 > 1
    m 3, 2
  .endif.endif
.endm
.if 1
  .ifdef undefi m a, b
  .if \a > 1
v_mov_b32 2 > 1
    m 3, 2
  .endif
.endned_sym
    s_nop 5
  .elseif 2 > 1
    m 3, 2
  .endif
.endif
s_endpgm
