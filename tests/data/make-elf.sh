#!/bin/sh
# Regenerates the tiny code objects the src/code_object unit tests read. Needs llc-22,
# ld.lld-22 (package lld-22) and clang-offload-bundler-22 (package clang-tools-22).
# The outputs are committed: tests never run LLVM.
set -eu
cd "$(dirname "$0")"
for cpu in gfx906 gfx900; do
  llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=$cpu -O2 -filetype=obj tiny.ll -o tiny-$cpu.o
done
# Stripped (-s) to stay under 4 KiB: the kernel keeps its .dynsym entry.
ld.lld-22 -shared -s tiny-gfx906.o -o tiny-gfx906.hsaco
# A compressed (zstd, CCOB v3) offload bundle as clang writes for HIP.
clang-offload-bundler-22 -type=o -compress -compression-level=9 \
  -targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx906:xnack-,hipv4-amdgcn-amd-amdhsa--gfx900 \
  -input=/dev/null -input=tiny-gfx906.hsaco -input=tiny-gfx900.o -output=tiny.ccob
ls -l tiny-gfx906.o tiny-gfx900.o tiny-gfx906.hsaco tiny.ccob
