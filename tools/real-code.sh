#!/usr/bin/env bash
# Compares our disassembler (and a reassembly of its text) with llvm-objdump-22 on
# real code objects. Optional: CI does not run it; it downloads Debian packages.
#
#   tools/real-code.sh [--big] [WORKDIR]     (WORKDIR defaults to /tmp/amdgpu-real-code)
#
# Needs llvm-22 (llc-22, llvm-objdump-22, llvm-extract-22), apt-get and dpkg-deb.
# Nothing it downloads or builds goes into the repository.
#
# Where the code comes from:
#  (a) tests/data/kernels/*.ll: hand-written kernels (reductions with LDS/DPP,
#      tiled GEMM, packed f16, dot products, integer and float math, divergent
#      control flow with scratch, graphics buffer/image access), compiled by
#      llc-22 for gfx600, gfx700, gfx803, gfx900, gfx906, gfx908, gfx90a and gfx942 (a file whose header says "; CPUS: ..." only
#      for those).
#  (b) rocm-device-libs (Debian 5.2.3-2, 0.5 MB): the ocml and ockl bitcode
#      libraries, compiled by llc-22 for the same targets (the native f64
#      functions llc cannot select are deleted first).
#  gfx600/gfx700, which llvm-objdump cannot disassemble, are checked by having llvm-mc
#  assemble our disassembly back to the code's bytes.
#  (c) ROCm device code shipped in Debian packages:
#      libhsa-runtime64-1 (5.2.3-3, 0.4 MB): blit kernels and trap handlers
#        embedded as ELF images in libhsa-runtime64.so (gfx700 to gfx1035,
#        code object V2 and V4);
#      librocrand1 (5.3.3-4, 8 MB): a .hip_fatbin offload bundle in librocrand.so
#        (gfx803, gfx900, gfx906, gfx908, gfx90a:xnack+-, gfx1030);
#      librocsparse0 (5.3.0, 94 MB download, 1.3 GB unpacked), only with --big:
#        111 bundles in .hip_fatbin, about 37 MB of code per target (same targets).
set -euo pipefail

big=0
if [ "${1:-}" = "--big" ]; then
  big=1
  shift
fi
work=${1:-/tmp/amdgpu-real-code}
repo=$(cd "$(dirname "$0")/.." && pwd)
cpus=${CPUS:-"gfx600 gfx700 gfx803 gfx900 gfx906 gfx908 gfx90a gfx942"}
mkdir -p "$work/debs" "$work/root" "$work/obj"

for tool in llc-22 llvm-objdump-22 llvm-extract-22 apt-get dpkg-deb; do
  command -v "$tool" >/dev/null || { echo "real-code.sh: $tool is needed" >&2; exit 1; }
done

packages="rocm-device-libs libhsa-runtime64-1 librocrand1"
[ $big = 1 ] && packages="$packages librocsparse0"
(
  cd "$work/debs"
  for p in $packages; do
    if ! ls "${p}"_*.deb >/dev/null 2>&1; then
      apt-get download "$p"
    fi
    dpkg-deb -x "$(ls "${p}"_*.deb | head -1)" "$work/root"
  done
  ls -l ./*.deb
)
lib=$work/root/usr/lib/x86_64-linux-gnu

# llc-22 OUT ARGS...: compiles at -O2, or says why not (llc-22 cannot select some
# intrinsics for older targets) and fails.
llc_obj() {
  local out=$1
  shift
  if ! timeout 900 llc-22 -O2 -filetype=obj "$@" -o "$out" 2>"$work/llc.err"; then
    echo "  skipped: llc-22 $* failed: $(grep -m1 'ERROR' "$work/llc.err" || echo 'timeout')"
    return 1
  fi
}

echo "== building objdiff"
(cd "$repo" && cargo build --release --example objdiff)
objdiff=$repo/target/release/examples/objdiff

echo "== (a) tests/data/kernels compiled by llc-22"
a_objs=()
for ll in "$repo"/tests/data/kernels/*.ll; do
  name=$(basename "$ll" .ll)
  only=$(sed -n 's/^; CPUS: *\([a-z0-9 ]*\).*/\1/p' "$ll")
  for cpu in $cpus; do
    if [ -n "$only" ] && ! echo " $only " | grep -q " $cpu "; then
      continue
    fi
    if ! llc_obj "$work/obj/$name-$cpu.o" -mcpu="$cpu" "$ll"; then continue; fi
    a_objs+=("$work/obj/$name-$cpu.o")
  done
done
"$objdiff" "${a_objs[@]}"

echo "== (b) rocm-device-libs bitcode (ocml, ockl) compiled by llc-22"
b_objs=()
for bc in ocml ockl; do
  llvm-extract-22 --delete --rfunc='^__ocml_native_.*_f64$' \
    "$lib/amdgcn/bitcode/$bc.bc" -o "$work/obj/$bc.bc" 2>/dev/null ||
    cp "$lib/amdgcn/bitcode/$bc.bc" "$work/obj/$bc.bc"
  for cpu in $cpus; do
    if ! llc_obj "$work/obj/$bc-$cpu.o" -mtriple=amdgcn-amd-amdhsa -mcpu="$cpu" "$work/obj/$bc.bc"; then
      continue
    fi
    b_objs+=("$work/obj/$bc-$cpu.o")
  done
done
"$objdiff" "${b_objs[@]}"

echo "== (c1) libhsa-runtime64: embedded blit kernels and trap handlers"
"$objdiff" "$lib"/libhsa-runtime64.so.1.*

echo "== (c2) librocrand: .hip_fatbin"
"$objdiff" "$lib"/librocrand.so.1.*

if [ $big = 1 ]; then
  for cpu in $cpus; do
    echo "== (c3) librocsparse: .hip_fatbin, $cpu"
    "$objdiff" --mcpu "$cpu" "$lib"/librocsparse.so.0.*
  done
fi
