#!/usr/bin/env bash
# The scaling table of docs/performance.md: wall time and peak memory (maximum resident set) of
# the release binary on 10^4, 10^5 and 10^6 instructions, labels (a branch to a label
# of its own every line) and symbols (a .set and a use each), and on 1, 10 and 100 MB
# of random bytes to disassemble. Inputs are generated into target/scaling (fixed
# seed). Each run is bounded by `timeout` (60 s by default, SCALING_TIMEOUT).
#   tools/scaling.sh            # prints a Markdown table
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
cargo build --release --quiet
bin=$PWD/target/release/amdgpu-mc
dir=target/scaling
mkdir -p "$dir"
limit=${SCALING_TIMEOUT:-60}

python3 - "$dir" <<'EOF'
import os, random, sys
d = sys.argv[1]
insts = ["v_add_f32 v1, v2, v3", "s_add_u32 s0, s0, 1", "v_mov_b32 v0, 0x1234",
         "global_load_dword v1, v[2:3], off", "s_waitcnt vmcnt(0)", "v_fma_f32 v0, v1, v2, v3"]
for n in (10**4, 10**5, 10**6):
    with open(f"{d}/insts-{n}.s", "w") as f:
        f.write("\n".join(insts[k % len(insts)] for k in range(n)) + "\n")
    with open(f"{d}/labels-{n}.s", "w") as f:
        f.write("".join(f"s_branch L{k}\nL{k}:\n" for k in range(n)))
    with open(f"{d}/symbols-{n}.s", "w") as f:
        f.write("".join(f".set S{k}, {k % 1000}\ns_mov_b32 s0, S{k}\n" for k in range(n)))
r = random.Random(17)
for mb in (1, 10, 100):
    p = f"{d}/random-{mb}mb.bin"
    if not os.path.exists(p) or os.path.getsize(p) != mb << 20:
        with open(p, "wb") as f:
            f.write(r.randbytes(mb << 20))
EOF

# time and peak memory of one run: "SECONDS s | MB MB | STATUS"
measure() {
    local t=$dir/time.txt code status
    code=0
    /usr/bin/time -f "%e %M" -o "$t" timeout "$limit" "$@" >/dev/null 2>&1 || code=$?
    case $code in
        0) status=ok ;;
        124) status="killed at ${limit} s" ;;
        *) status="exit $code" ;;
    esac
    set -- $(tail -1 "$t")
    echo "$1 s | $(( ${2:-0} / 1024 )) MB | $status"
}

echo "Load average at the start: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores."
echo
echo "| input | size | command | time | peak memory | |"
echo "|---|---|---|---|---|---|"
for kind in insts labels symbols; do
    for n in 10000 100000 1000000; do
        f=$dir/$kind-$n.s
        for mode in bin obj; do
            echo "| $kind | $n | asm --filetype $mode | $(measure "$bin" asm --mcpu gfx906 --filetype $mode -o /dev/null "$f") |"
        done
    done
done
for mb in 1 10 100; do
    f=$dir/random-${mb}mb.bin
    echo "| random bytes | $mb MB | disasm | $(measure "$bin" disasm --mcpu gfx906 "$f") |"
done
echo
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
