#!/usr/bin/env bash
# Regenerates the golden vectors in tests/golden/ from llvm-mc 22.
# Needs llvm-mc-22 (apt-get install -y llvm-22). Usage: tools/gen-golden.sh [cpu...]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v llvm-mc-22 >/dev/null || { echo "llvm-mc-22 not found: apt-get install -y llvm-22" >&2; exit 1; }
cpus=("$@")
[ ${#cpus[@]} -gt 0 ] || cpus=(gfx906 gfx900 gfx908 gfx90a gfx942 gfx950 gfx803 gfx600 gfx700)
cargo build --release --example golden
for cpu in "${cpus[@]}"; do
  ./target/release/examples/golden "$cpu" 5 > "tests/golden/$cpu.txt"
  echo "tests/golden/$cpu.txt: $(grep -vc '^#' "tests/golden/$cpu.txt") vectors"
done
