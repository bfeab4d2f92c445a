#!/usr/bin/env bash
# Lints code that llc-22 compiled (tests/data/kernels/*.ll, -O2) for gfx803-gfx942: the
# linter must report nothing on it (LLVM made it safe). With --mutate, every s_waitcnt
# counter LLVM inserted is removed one at a time and the linter must catch the mutants
# where the wait guards a register (the others are waits for memory ordering or a
# function's entry, which no register needs).
#
#   tools/lint-corpus.sh [--mutate] [WORKDIR]     (WORKDIR defaults to /tmp/amdgpu-lint-corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
mutate=""
if [ "${1:-}" = "--mutate" ]; then mutate="--mutate"; shift; fi
work="${1:-/tmp/amdgpu-lint-corpus}"
mkdir -p "$work"
for cpu in gfx803 gfx900 gfx906 gfx908 gfx90a gfx942; do
  for f in tests/data/kernels/*.ll; do
    b=$(basename "$f" .ll)
    if grep -q "^; CPUS:" "$f" && ! grep "^; CPUS:" "$f" | grep -qw "$cpu"; then continue; fi
    llc-22 -O2 -mtriple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj "$f" -o "$work/$b-$cpu.o" 2>/dev/null \
      || echo "skipped $b for $cpu: llc-22 cannot compile it"
  done
done
cargo run -q --release --example lintcorpus -- $mutate "$work"/*.o
