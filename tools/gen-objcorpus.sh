#!/usr/bin/env bash
# The object corpus: llc-22 assembly of the kernels in tests/data/kernels/*.ll and
# tests/data/objkernels/*.ll for gfx600-gfx950 (amdgcn-amd-amdhsa), and of the
# shaders and kernels in tests/data/shaders/*.ll for PAL and Mesa
# (amdgcn-amd-amdpal, amdgcn-mesa-mesa3d) at -O0 and -O2, kept in
# tests/data/objcorpus/ for tests/objects.rs, which assembles each with amdgpu-mc
# and with llvm-mc-22 (the triple and processor of its .amdgcn_target or
# .amd_amdgpu_isa, the features of a "; mattr:" line) and compares the objects.
# A "; CPUS:" line in a .ll file limits its processors, a "; TRIPLES:" line its
# triples.
#
#   tools/gen-objcorpus.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=tests/data/objcorpus
rm -f "$out"/*.s
for cpu in gfx600 gfx700 gfx803 gfx900 gfx906 gfx908 gfx90a gfx942 gfx950; do
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
# PAL and Mesa: shaders of every stage and compute kernels, at -O0 and -O2.
for tr in amdgcn-amd-amdpal amdgcn-mesa-mesa3d; do
  os=${tr##*-}
  for cpu in gfx600 gfx700 gfx803 gfx900 gfx906 gfx908 gfx90a gfx942; do
    for f in tests/data/shaders/*.ll; do
      b=$(basename "$f" .ll)
      if grep -q "^; CPUS:" "$f" && ! grep "^; CPUS:" "$f" | grep -qw "$cpu"; then continue; fi
      if grep -q "^; TRIPLES:" "$f" && ! grep "^; TRIPLES:" "$f" | grep -qw -- "$tr"; then continue; fi
      for o in 0 2; do
        llc-22 -O$o -mtriple=$tr -mcpu="$cpu" "$f" -o "$out/$b-$os-$cpu-O$o.s"
      done
    done
  done
done
# Their features (not in these OSes' target ids: a "; mattr:" line says them), and
# triples as llvm-mc normalizes them (amdgcn--amdpal is amdgcn-unknown-amdpal).
for spec in "gfx906 -xnack xnack-off" "gfx90a +xnack,-sramecc xnack-on-sramecc-off"; do
  set -- $spec
  for tr in amdgcn-amd-amdpal amdgcn-mesa-mesa3d; do
    { echo "; mattr: $2"; llc-22 -O2 -mtriple=$tr -mcpu="$1" -mattr="$2" tests/data/shaders/kernel.ll -o -; } \
      > "$out/kernel-${tr##*-}-$1-$3.s"
  done
done
for tr in amdgcn--amdpal amdgcn--mesa3d; do
  llc-22 -O2 -mtriple=$tr -mcpu=gfx906 tests/data/shaders/graphics.ll -o "$out/graphics-unknown-${tr##*-}-gfx906.s"
done
ls "$out"/*.s | wc -l
