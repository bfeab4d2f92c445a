#!/usr/bin/env bash
# amdgpu-mc lint findings on shipped code: the amd-aiter wheel (AMD's hand-written
# kernels) and the jax ROCm plugin and PJRT wheels (LLVM-built), from PyPI.
#   tools/lint-real-code/measure.sh [BINARY] [LABEL]
# BINARY defaults to target/release/amdgpu-mc; LABEL (default "run") names the results
# directory results/LABEL. Everything goes to $LINT_REAL_CODE_DIR (default
# target/lint-real-code): wheels are downloaded once (pinned versions) into wheels/,
# extracted into ex/, code objects copied one per file into co/. The findings per rule
# are in docs/lint-real-code.md.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BIN="$(realpath "${1:-$ROOT/target/release/amdgpu-mc}")"
LABEL="${2:-run}"
WORK="${LINT_REAL_CODE_DIR:-$ROOT/target/lint-real-code}"
mkdir -p "$WORK"
cd "$WORK"
mkdir -p wheels ex
fetch() { # name==version [platform args...]
  local spec="$1"; shift
  local stem="${spec%%==*}"; stem="${stem//-/_}"
  local ver="${spec##*==}"
  ls wheels/"${stem}"-"${ver}"-*.whl >/dev/null 2>&1 ||
    pip download -q --no-deps "$@" "$spec" -d wheels
}
fetch amd-aiter==0.1.7.post2.dev18
fetch jax-rocm60-plugin==0.5.0 --platform manylinux_2_28_x86_64 --only-binary=:all: --python-version 3.12
fetch jax-rocm7-plugin==0.10.0 --platform manylinux_2_28_x86_64 --only-binary=:all: --python-version 3.12
# The PJRT plugins hold XLA's own GPU kernels (LLVM-built; most of the jax code objects)
fetch jax-rocm60-pjrt==0.5.0 --platform manylinux_2_28_x86_64 --only-binary=:all: --python-version 3.12
fetch jax-rocm7-pjrt==0.10.0 --platform manylinux_2_28_x86_64 --only-binary=:all: --python-version 3.12
for w in wheels/*.whl; do
  d="ex/$(basename "$w" .whl)"
  [ -d "$d" ] || unzip -q -o "$w" -d "$d"
done
if [ ! -s manifest.tsv ]; then
  rm -rf co
  python3 "$HERE/extract.py" co ex/amd_aiter-* ex/jax_rocm60_plugin-* ex/jax_rocm7_plugin-* \
    ex/jax_rocm60_pjrt-* ex/jax_rocm7_pjrt-* > manifest.tsv 2> extract.err
fi
R="results/$LABEL"
rm -rf "$R"; mkdir -p "$R/json"
# One lint per code object (target from the object itself), two at a time.
cut -f1 manifest.tsv | xargs -P2 -I{} sh -c '
  f="$1"; o="$2/json/$(echo "$f" | tr / _).json"
  "$3" lint --format json "$f" > "$o" 2> "$o.err"; echo $? > "$o.rc"' _ {} "$R" "$BIN"
python3 "$HERE/count.py" manifest.tsv "$R" | tee "$R/table.md"
