#!/usr/bin/env bash
# Lints code that llc-22 compiled (tests/data/kernels/*.ll: kernels, callable functions
# and calls; -O0 to -O3; xnack on and off) for gfx803-gfx950: the linter must report
# nothing on it (LLVM made it safe). Kernels and functions start where the objects'
# symbols say. With --mutate, every s_waitcnt counter LLVM inserted is removed one at a
# time and the linter must catch the mutants; `SHOW_MISSED=1` lists the ones it does
# not.
#
#   tools/lint-corpus.sh [--mutate] [WORKDIR]     (WORKDIR defaults to /tmp/amdgpu-lint-corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
mutate=""
if [ "${1:-}" = "--mutate" ]; then mutate="--mutate"; shift; fi
work="${1:-/tmp/amdgpu-lint-corpus}"
mkdir -p "$work"
for cpu in gfx803 gfx900 gfx906 gfx908 gfx90a gfx942 gfx950; do
  for f in tests/data/kernels/*.ll; do
    b=$(basename "$f" .ll)
    if grep -q "^; CPUS:" "$f" && ! grep "^; CPUS:" "$f" | grep -qw "$cpu"; then continue; fi
    for opt in 0 1 2 3; do
      for x in on off; do
        # (gfx803 has no xnack setting: one build.)
        if [ "$cpu" = gfx803 ] && [ "$x" = off ]; then continue; fi
        attr=""; [ "$cpu" = gfx803 ] || attr="-mattr=$([ $x = on ] && echo + || echo -)xnack"
        o="$work/$b-$cpu-O$opt-xnack$x.o"
        [ -s "$o" ] && [ "$o" -nt "$f" ] && continue
        llc-22 -O$opt -mtriple=amdgcn-amd-amdhsa -mcpu="$cpu" $attr -filetype=obj "$f" -o "$o" 2>/dev/null \
          || echo "skipped $b for $cpu $attr -O$opt: llc-22 cannot compile it"
      done
    done
  done
done
cargo run -q --profile "${PROFILE:-release}" --example lintcorpus -- $mutate "$work"/*.o
