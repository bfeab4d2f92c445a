#!/bin/bash
# Holds one assembler to another, line for line, errors included: the lines of
# pseudo-random words disassembled for each target, and the same lines mutated
# (operands moved between register files, negated, made literals or floats, an
# extra operand, `_e64`, VOP3 and VOP3P modifiers appended) so that many are errors.
# Each file is assembled with --show-encoding by both binaries; their output and
# exit status must be the same.
#
#   tools/asm-differential.sh BASE NEW [TARGETS] [WORDS]
#
# BASE and NEW are amdgpu-mc binaries (say, a build of main and one of a change);
# TARGETS a comma-separated list (default: one of each generation); WORDS how many
# 32-bit words to disassemble per target (default 400000, about 180,000 lines).
# About a minute a target on two cores. Exit status 1 if any file differs.
set -euo pipefail
base=${1:?usage: asm-differential.sh BASE NEW [TARGETS] [WORDS]}
new=${2:?usage: asm-differential.sh BASE NEW [TARGETS] [WORDS]}
targets=${3:-gfx600,gfx700,gfx803,gfx900,gfx906,gfx908,gfx90a,gfx940,gfx942,gfx950}
words=${4:-400000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The words: xorshift64 from a fixed seed, little-endian.
python3 - "$words" "$work/w.bin" <<'EOF'
import struct, sys
n, out = int(sys.argv[1]), sys.argv[2]
x = 0x2545F4914F6CDD1D
buf = bytearray()
for _ in range(n):
    x ^= (x << 13) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 7
    x ^= (x << 17) & 0xFFFFFFFFFFFFFFFF
    buf += struct.pack("<I", x & 0xFFFFFFFF)
open(out, "wb").write(buf)
EOF

mutations=(
    ''                                                   # as printed
    's/ v([0-9]+)/ s\1/2'                                # a VGPR made an SGPR
    's/ s([0-9]+)/ v\1/1'                                # an SGPR made a VGPR
    's/, v([0-9]+)/, -v\1/1'                             # a source negated
    's/, v([0-9]+)/, 0x12345/1'                          # a literal for a register
    's/$/, v1/'                                          # an operand too many
    's/_e32 / /; s/^(\s*v_[a-z0-9_]+) /\1_e64 /'         # the VOP3 form asked for
    's/, s\[([0-9]+):([0-9]+)\]/, -s[\1:\2]/1; s/, v\[([0-9]+):([0-9]+)\]/, -v[\1:\2]/1'
    's/, (-?[0-9]+)(,|$)/, 1.0\2/1'                      # a float for an integer
    's/, (-?[0-9]+)(,|$)/, 0.15915494\2/1; s/ v([0-9]+)$/ -0.5/'
    's/$/ clamp/'
    's/$/ op_sel:[1,0,1] op_sel_hi:[0,1]/'
    's/ clamp$/ mul:2 clamp/; s/$/ neg_lo:[1,0,0]/'
)

fails=0
for t in ${targets//,/ }; do
    "$new" disasm --mcpu "$t" "$work/w.bin" 2>/dev/null | grep -v '^\s*\.long' > "$work/lines.s" || true
    for k in "${!mutations[@]}"; do
        f="$work/$t-$k.s"
        if [ -z "${mutations[$k]}" ]; then
            cp "$work/lines.s" "$f"
        else
            sed -E "${mutations[$k]}" "$work/lines.s" > "$f"
        fi
        { "$base" asm --mcpu "$t" --show-encoding --error-limit 0 "$f" 2>&1 || echo "exit $?"; } > "$work/base.out"
        { "$new" asm --mcpu "$t" --show-encoding --error-limit 0 "$f" 2>&1 || echo "exit $?"; } > "$work/new.out"
        if ! cmp -s "$work/base.out" "$work/new.out"; then
            echo "DIFFERS: $t, mutation $k (${mutations[$k]:-as printed})"
            diff "$work/base.out" "$work/new.out" | head -8
            fails=$((fails + 1))
        fi
    done
    echo "$t: $(wc -l < "$work/lines.s") lines, ${#mutations[@]} forms"
done
echo "$fails files differ"
[ "$fails" -eq 0 ]
