#!/usr/bin/env bash
# The training run of tools/pgo-build.sh: runs amdgpu-mc binary BIN on inputs made in
# DIR from the repository alone, through the paths users run.
#
#     bash tools/pgo-train.sh BIN DIR
#
# - the golden vectors of tests/golden (every instruction form of every GCN and CDNA
#   target, none taken from real code): assembled (three times over, for the memos'
#   path of repeated lines) with --show-encoding, to an object and to raw code;
#   disassembled from byte text, raw code and the object; listed by objdump; linted;
# - tests/data/objcorpus' kernels for amdhsa: assembled to objects, listed, linted;
# - two million pseudo-random words (xorshift64, a fixed seed): disassembled for
#   gfx906, gfx90a and gfx942, the cold path and its errors.
# None of it is what tools/speed.py measures. tests/cli.rs runs it with the test
# build, so that it keeps running every command it names.
set -euo pipefail

B=${1:?usage: pgo-train.sh BIN DIR}
TRAIN=${2:?usage: pgo-train.sh BIN DIR}
REPO=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$TRAIN"

# A command's status is not the point (lint reports findings with status 1), but a
# command that fails to run (a usage error, a panic) trains nothing: status 3 or
# more stops the run.
run() { "$@" >/dev/null 2>&1 || [ $? -le 2 ]; }
for g in "$REPO"/tests/golden/gfx*.txt; do
  t=$(basename "$g" .txt)
  grep -v '^#' "$g" | sed 's/ *; encoding:.*//' >"$TRAIN/$t.s"
  grep -v '^#' "$g" | sed 's/.*; encoding: \[//; s/\].*//' >"$TRAIN/$t.hex"
  # (Three times over: a repeated line is the memos' path, as in real code.)
  cat "$TRAIN/$t.s" "$TRAIN/$t.s" "$TRAIN/$t.s" >"$TRAIN/$t-3.s"
  run "$B" asm --mcpu "$t" --show-encoding "$TRAIN/$t-3.s"
  run "$B" asm --mcpu "$t" --filetype obj -o "$TRAIN/$t.o" "$TRAIN/$t.s"
  run "$B" asm --mcpu "$t" -o "$TRAIN/$t.bin" "$TRAIN/$t.s"
  run "$B" disasm --mcpu "$t" --hex "$TRAIN/$t.hex"
  run "$B" disasm --mcpu "$t" "$TRAIN/$t.bin"
  run "$B" disasm "$TRAIN/$t.o"
  run "$B" objdump -d -h -t "$TRAIN/$t.o"
  run "$B" lint --mcpu "$t" "$TRAIN/$t.s"
done
# (The kernels for amdhsa, whose .amdgcn_target names the target.)
for s in "$REPO"/tests/data/objcorpus/*.s; do
  t=$(sed -n 's/^[[:space:]]*\.amdgcn_target "amdgcn-amd-amdhsa--\(.*\)"/\1/p' "$s")
  [ -n "$t" ] || continue
  o="$TRAIN/$(basename "$s" .s).o"
  run "$B" asm --mcpu "$t" --filetype obj -o "$o" "$s"
  run "$B" lint "$s"
  run "$B" lint "$o"
done
run "$B" objdump -d "$TRAIN"/*.o
# Pseudo-random words (xorshift64, fixed seed: the same profile every time).
python3 - "$TRAIN/random.bin" <<'EOF'
import struct, sys
x, words = 0x9E3779B97F4A7C15, []
for _ in range(2_000_000):
    x ^= (x << 13) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 7
    x ^= (x << 17) & 0xFFFFFFFFFFFFFFFF
    words.append(x & 0xFFFFFFFF)
open(sys.argv[1], "wb").write(struct.pack(f"<{len(words)}I", *words))
EOF
for t in gfx906 gfx90a gfx942; do
  run "$B" disasm --jobs 1 --mcpu "$t" "$TRAIN/random.bin"
done
run "$B" disasm --mcpu gfx906 --show-encoding "$TRAIN/random.bin"
