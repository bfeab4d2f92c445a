#!/usr/bin/env bash
# Links each object of the corpus (tests/data/objcorpus) assembled by amdgpu-mc and by
# llvm-mc-22 with ld.lld-22 -shared, and compares what llvm-readelf-22 -a and
# llvm-objdump-22 -d read in the two .hsaco files.
#
#   tools/link-check.sh [WORKDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:-/tmp/amdgpu-link-check}"
mkdir -p "$work"
cargo build -q --profile ci
same=0; n=0
for s in tests/data/objcorpus/*.s; do
  b=$(basename "$s" .s)
  # The target id llc wrote (gfx90a:sramecc-:xnack+), and as llvm-mc options.
  id=$(sed -n 's/.*\.amdgcn_target "amdgcn-amd-amdhsa--\(.*\)"/\1/p' "$s")
  cpu=${id%%:*}
  attrs=$(echo "$id" | tr ':' '\n' | tail -n +2 | sed 's/\(.*\)\([+-]\)$/\2\1/' | paste -sd, -)
  target/ci/amdgpu-mc asm --mcpu "$id" --filetype obj "$s" -o "$work/$b.o"
  llvm-mc-22 -filetype=obj -triple=amdgcn-amd-amdhsa -mcpu="$cpu" -mattr="$attrs" "$s" -o "$work/$b.ref.o"
  ld.lld-22 -shared "$work/$b.o" -o "$work/$b.hsaco"
  ld.lld-22 -shared "$work/$b.ref.o" -o "$work/$b.ref.hsaco"
  n=$((n+1))
  if diff -q <(llvm-readelf-22 -a --notes "$work/$b.hsaco" | sed 1d; llvm-objdump-22 -d "$work/$b.hsaco" | sed 1,2d) \
             <(llvm-readelf-22 -a --notes "$work/$b.ref.hsaco" | sed 1d; llvm-objdump-22 -d "$work/$b.ref.hsaco" | sed 1,2d) >/dev/null; then
    same=$((same+1))
  else
    echo "differs: $b"
  fi
done
echo "$same of $n linked code objects read the same"
