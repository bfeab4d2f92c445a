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
same=0; n=0; refused=0
for s in tests/data/objcorpus/*.s; do
  b=$(basename "$s" .s)
  # The target id llc wrote (amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+; Mesa's in
  # .amd_amdgpu_isa): the triple, the processor with features, as llvm-mc options.
  full=$(sed -n 's/.*\.\(amdgcn_target\|amd_amdgpu_isa\) "\(.*\)"/\2/p' "$s" | head -1)
  triple=$(echo "$full" | cut -d- -f1-3)
  env=$(echo "$full" | cut -d- -f4)
  [ -n "$env" ] && triple="$triple-$env"
  id=$(echo "$full" | cut -d- -f5-)
  cpu=${id%%:*}
  attrs=$(echo "$id" | tr ':' '\n' | tail -n +2 | sed 's/\(.*\)\([+-]\)$/\2\1/' | paste -sd, -)
  # (PAL and Mesa target ids have no features: a "; mattr:" line says them.)
  mattr=$(sed -n 's/^; mattr: //p' "$s")
  [ -n "$mattr" ] && attrs=$mattr && id="$cpu:$(echo "$mattr" | tr ',' '\n' | sed 's/^\([+-]\)\(.*\)/\2\1/' | paste -sd: -)"
  target/ci/amdgpu-mc asm --triple "$triple" --mcpu "$id" --filetype obj "$s" -o "$work/$b.o"
  llvm-mc-22 -filetype=obj -triple="$triple" -mcpu="$cpu" -mattr="$attrs" "$s" -o "$work/$b.ref.o"
  # ld.lld reads no addend of the SHT_REL relocations of PAL and Mesa objects.
  if ! ld.lld-22 -shared "$work/$b.ref.o" -o "$work/$b.ref.hsaco" 2>/dev/null; then
    refused=$((refused+1))
    continue
  fi
  ld.lld-22 -shared "$work/$b.o" -o "$work/$b.hsaco"
  n=$((n+1))
  if diff -q <(llvm-readelf-22 -a --notes "$work/$b.hsaco" | sed 1d; llvm-objdump-22 -d "$work/$b.hsaco" | sed 1,2d) \
             <(llvm-readelf-22 -a --notes "$work/$b.ref.hsaco" | sed 1d; llvm-objdump-22 -d "$work/$b.ref.hsaco" | sed 1,2d) >/dev/null; then
    same=$((same+1))
  else
    echo "differs: $b"
  fi
done
echo "$same of $n linked code objects read the same ($refused objects ld.lld-22 refuses)"
