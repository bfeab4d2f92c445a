#!/usr/bin/env bash
# The object corpus: llc-22 assembly of the kernels in tests/data/kernels/*.ll and
# tests/data/objkernels/*.ll for gfx600-gfx942, kept in tests/data/objcorpus/ for
# tests/objects.rs, which assembles each with amdgpu-mc and with llvm-mc-22 and
# compares the objects.
#
#   tools/gen-objcorpus.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=tests/data/objcorpus
rm -f "$out"/*.s
for cpu in gfx600 gfx700 gfx803 gfx900 gfx906 gfx908 gfx90a gfx942; do
  for f in tests/data/kernels/*.ll tests/data/objkernels/*.ll; do
    b=$(basename "$f" .ll)
    if grep -q "^; CPUS:" "$f" && ! grep "^; CPUS:" "$f" | grep -qw "$cpu"; then continue; fi
    llc-22 -O2 -mtriple=amdgcn-amd-amdhsa -mcpu="$cpu" "$f" -o "$out/$b-$cpu.s" 2>/dev/null \
      || { rm -f "$out/$b-$cpu.s"; echo "skipped $b for $cpu: llc-22 cannot compile it"; }
  done
done
# Target ids with features: the objects' e_flags and .amdgcn_target carry them.
for spec in "gfx906 -xnack xnack-off" "gfx90a +xnack,-sramecc xnack-on-sramecc-off" "gfx942 -xnack,+sramecc xnack-off-sramecc-on"; do
  set -- $spec
  for b in control int; do
    llc-22 -O2 -mtriple=amdgcn-amd-amdhsa -mcpu="$1" -mattr="$2" "tests/data/kernels/$b.ll" -o "$out/$b-$1-$3.s"
  done
done
# Code object versions 4 and 5 (6 is llc-22's default).
for v in 4 5; do
  for cpu in gfx906 gfx90a; do
    llc-22 -O2 -mtriple=amdgcn-amd-amdhsa -mcpu="$cpu" --amdhsa-code-object-version=$v \
      tests/data/kernels/control.ll -o "$out/control-$cpu-v$v.s"
  done
done
ls "$out"/*.s | wc -l
