#!/usr/bin/env bash
# The command line built with profile-guided optimisation (PGO): the fast build.
#
#     bash tools/pgo-build.sh [--install DIR]
#
# Three steps, about four and a half minutes on two cores:
#   1. an instrumented build (rustc -Cprofile-generate; Cargo.toml's profile `dist`:
#      release as one unit, fat LTO) in target/pgo/gen;
#   2. a training run of that build (tools/pgo-train.sh: every instruction form of
#      every target, kernels, random words, through asm, disasm, objdump and lint, on
#      inputs made from the repository alone, none of them what tools/speed.py
#      measures);
#   3. the same build again, optimised by that profile (-Cprofile-use), in
#      target/pgo/use: target/pgo/use/dist/amdgpu-mc, copied to DIR with --install.
# The output is the same as the plain build's, byte for byte: PGO changes which code
# is laid out where and which branches are inlined, never what the program does.
#
# It needs llvm-profdata of the LLVM that rustc is built on (`rustc -vV`): rustup's
# llvm-tools component, or LLVM's own (apt-get install llvm-22 for rustc's LLVM 22).
# RUSTFLAGS the caller sets are kept (the profile flags are added to them).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
INSTALL=""
while [ $# -gt 0 ]; do
  case "$1" in
    --install) INSTALL=${2:?--install needs a directory}; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "pgo-build.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

# llvm-profdata that writes profiles rustc's LLVM reads.
major=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
host=$(rustc -vV | sed -n 's/^host: //p')
profdata=""
for c in "$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata" \
  "$(command -v "llvm-profdata-$major" || true)" "$(command -v llvm-profdata || true)"; do
  if [ -n "$c" ] && [ -x "$c" ] &&
    "$c" --version 2>/dev/null | grep -q "LLVM version $major\."; then
    profdata=$c
    break
  fi
done
if [ -z "$profdata" ]; then
  echo "pgo-build.sh: no llvm-profdata of LLVM $major (rustc's); install one with" >&2
  echo "  rustup component add llvm-tools    or    apt-get install llvm-$major" >&2
  echo "or build without PGO: cargo build --release" >&2
  exit 1
fi

PGO="$REPO/target/pgo"
RAW="$PGO/profiles"
TRAIN="$PGO/train"
rm -rf "$RAW" "$TRAIN"
mkdir -p "$RAW" "$TRAIN"

echo "pgo-build.sh: 1/3 instrumented build" >&2
RUSTFLAGS="${RUSTFLAGS:-} -Cprofile-generate=$RAW" cargo build --profile dist --quiet --bin amdgpu-mc \
  --manifest-path "$REPO/Cargo.toml" --target-dir "$PGO/gen"
B="$PGO/gen/dist/amdgpu-mc"

echo "pgo-build.sh: 2/3 training run" >&2
bash "$REPO/tools/pgo-train.sh" "$B" "$TRAIN"

"$profdata" merge -o "$PGO/merged.profdata" "$RAW"
if [ ! -s "$PGO/merged.profdata" ]; then
  echo "pgo-build.sh: the training run left no profile" >&2
  exit 1
fi

echo "pgo-build.sh: 3/3 optimised build" >&2
RUSTFLAGS="${RUSTFLAGS:-} -Cprofile-use=$PGO/merged.profdata" cargo build --profile dist --quiet --bin amdgpu-mc \
  --manifest-path "$REPO/Cargo.toml" --target-dir "$PGO/use"
out="$PGO/use/dist/amdgpu-mc"
if [ -n "$INSTALL" ]; then
  mkdir -p "$INSTALL"
  cp "$out" "$INSTALL/amdgpu-mc"
  out="$INSTALL/amdgpu-mc"
fi
echo "$out"
