#!/usr/bin/env bash
# Regenerates the expected llvm-mc 22 output for the syntax tests (tests/syntax.rs):
#   gfx906.s        -> gfx906.expected (-show-encoding), gfx906.stderr, gfx906.bin
#                      (the .text bytes of llvm-mc's object, labels resolved)
#   gfx906-errors.s -> gfx906-errors.expected, gfx906-errors.stderr
#   gfx906-labels.s -> gfx906-labels.stderr (errors found when labels are resolved,
#                      which llvm-mc reports only when writing an object)
# Needs llvm-mc-22 and llvm-objcopy-22 (apt-get install -y llvm-22).
set -euo pipefail
cd "$(dirname "$0")/.."
for t in llvm-mc-22 llvm-objcopy-22; do
  command -v "$t" >/dev/null || { echo "$t not found: apt-get install -y llvm-22" >&2; exit 1; }
done
mc=(llvm-mc-22 -arch=amdgcn -mcpu=gfx906)
d=tests/syntax
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"${mc[@]}" -show-encoding $d/gfx906.s > $d/gfx906.expected 2> $d/gfx906.stderr
"${mc[@]}" -filetype=obj $d/gfx906.s -o "$tmp/gfx906.o"
llvm-objcopy-22 -O binary --only-section=.text "$tmp/gfx906.o" $d/gfx906.bin

# llvm-mc exits non-zero on errors: that is the point of these files.
"${mc[@]}" -show-encoding $d/gfx906-errors.s > $d/gfx906-errors.expected 2> $d/gfx906-errors.stderr || true
"${mc[@]}" -filetype=obj $d/gfx906-labels.s -o /dev/null 2> $d/gfx906-labels.stderr || true

for f in gfx906 gfx906-errors gfx906-labels; do
  echo "$d/$f.s: $(grep -c ': error:' $d/$f.stderr || true) errors, $(grep -c ': warning:' $d/$f.stderr || true) warnings"
done
