// Errors llvm-mc reports when it resolves labels (with -filetype=obj).
back:
  s_branch undefined_label
  s_cbranch_scc0 far
  s_branch near
near:
  .fill 0x7ffe, 4, 0xbf800000
  s_branch back
  s_branch back
far:
  s_cbranch_vccz also_undefined
  s_nop 0
