#!/usr/bin/env bash
# Regenerates the expected llvm-mc 22 output for the syntax tests (tests/syntax.rs).
# Each file is named for its target (CPU = the name up to the first '-'):
#   CPU.s        -> CPU.expected (-show-encoding), CPU.stderr, CPU.bin
#                   (the .text bytes of llvm-mc's object, labels resolved)
#   CPU-errors.s -> CPU-errors.expected, CPU-errors.stderr
#   CPU-labels.s -> CPU-labels.stderr (errors found when labels are resolved,
#                   which llvm-mc reports only when writing an object)
# Needs llvm-mc-22 and llvm-objcopy-22 (apt-get install -y llvm-22).
set -euo pipefail
cd "$(dirname "$0")/.."
for t in llvm-mc-22 llvm-objcopy-22; do
  command -v "$t" >/dev/null || { echo "$t not found: apt-get install -y llvm-22" >&2; exit 1; }
done
d=tests/syntax
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for src in $d/*.s; do
  f=$(basename "$src" .s)
  cpu=${f%%-*}
  mc=(llvm-mc-22 -arch=amdgcn -mcpu="$cpu")
  case "$f" in
    *-errors)
      # llvm-mc exits non-zero on errors: that is the point of these files.
      "${mc[@]}" -show-encoding "$src" > $d/$f.expected 2> $d/$f.stderr || true ;;
    *-labels)
      "${mc[@]}" -filetype=obj "$src" -o /dev/null 2> $d/$f.stderr || true ;;
    *)
      "${mc[@]}" -show-encoding "$src" > $d/$f.expected 2> $d/$f.stderr
      "${mc[@]}" -filetype=obj "$src" -o "$tmp/$f.o"
      llvm-objcopy-22 -O binary --only-section=.text "$tmp/$f.o" $d/$f.bin ;;
  esac
  echo "$src: $(grep -c ': error:' $d/$f.stderr || true) errors, $(grep -c ': warning:' $d/$f.stderr || true) warnings"
done
