#!/usr/bin/env python3
"""Assembly speed on real code: whole-process CPU time of `amdgpu-mc asm` against
llvm-mc-22 (-show-encoding and -filetype=obj), and callgrind's executed instructions
per input line.

The input is real code: the gfx906 and gfx942 code objects of tools/real-code.sh
(and the gfx906 entries of rocrand's fat binary), disassembled by amdgpu-mc into
assembly text (one instruction per line, no comments). Also measured: the distinct
lines of the gfx906 text alone, in order (real code repeats most of its lines, which
the assembler's memo of lines takes advantage of; this input has no repeats).

    tools/real-code.sh                      # once: fetches and builds the code objects
    cargo build --release
    tools/asm-speed.py [--reps 7] [--callgrind]

CPU time is user+sys from getrusage of each child process; runs alternate between
amdgpu-mc and llvm-mc; the ratio is the median of the per-pair ratios.
"""
import argparse, glob, os, statistics, subprocess, sys

ap = argparse.ArgumentParser()
ap.add_argument("--bin", default="target/release/amdgpu-mc")
ap.add_argument("--cache", default="/tmp/amdgpu-real-code")
ap.add_argument("--out", default="target/tmp/asm-speed")
ap.add_argument("--reps", type=int, default=7)
ap.add_argument("--callgrind", action="store_true")
args = ap.parse_args()
os.makedirs(args.out, exist_ok=True)


def disasm(path):
    r = subprocess.run([args.bin, "disasm", path], capture_output=True, text=True)
    return r.stdout


def instructions(listing, want=None):
    """Instruction lines of a listing (of the code objects for target `want`)."""
    out, on = [], want is None
    for line in listing.splitlines():
        if "file format" in line and want is not None:
            on = want in line
        if on and line.startswith("\t") and line.strip() != "...":
            out.append(line.split("//")[0].rstrip())
    return out


texts = {}
for cpu in ["gfx906", "gfx942"]:
    lines = []
    for o in sorted(glob.glob(f"{args.cache}/obj/*-{cpu}.o")):
        lines += instructions(disasm(o))
    if cpu == "gfx906":
        for so in sorted(glob.glob(f"{args.cache}/root/usr/lib/x86_64-linux-gnu/librocrand.so.*.*")):
            lines += instructions(disasm(so), want="gfx906")
    if not lines:
        sys.exit(f"no code objects under {args.cache}: run tools/real-code.sh first")
    path = f"{args.out}/{cpu}.s"
    open(path, "w").write("\n".join(lines) + "\n")
    texts[cpu] = (cpu, path, len(lines))
    if cpu == "gfx906":
        seen, uniq = set(), []
        for l in lines:
            if l not in seen:
                seen.add(l)
                uniq.append(l)
        upath = f"{args.out}/gfx906-distinct.s"
        open(upath, "w").write("\n".join(uniq) + "\n")
        texts["gfx906-distinct"] = ("gfx906", upath, len(uniq))


# The CPU time of one child process, as tools/speed.py measures it.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from speed import cpu_time as child_cpu_time  # noqa: E402


def cpu_time(cmd):
    return child_cpu_time(cmd)[0]


print(f"load average: {os.getloadavg()[0]:.2f} (1 min)")
print("| input | lines | mode | amdgpu-mc | llvm-mc-22 | ratio |")
print("|---|---|---|---|---|---|")
for name, (cpu, path, n) in texts.items():
    obj = f"{args.out}/out.o"
    modes = {
        "--show-encoding": (
            [args.bin, "asm", "--mcpu", cpu, "--show-encoding", path],
            ["llvm-mc-22", "-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", "-show-encoding", path],
        ),
        "-o (object)": (
            [args.bin, "asm", "--mcpu", cpu, "--filetype", "obj", "-o", obj, path],
            ["llvm-mc-22", "-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", "-filetype=obj", "-o", obj + ".llvm", path],
        ),
    }
    for mode, (ours, llvm) in modes.items():
        a, b, r = [], [], []
        for _ in range(args.reps):
            x, y = cpu_time(ours), cpu_time(llvm)
            a.append(x)
            b.append(y)
            r.append(y / x if x > 0 else float("inf"))
        ma, mb = statistics.median(a), statistics.median(b)
        print(
            f"| {name} | {n:,} | {mode} | {ma * 1000:.1f} ms ({n / ma / 1e6:.2f} M/s) "
            f"| {mb * 1000:.0f} ms ({n / mb / 1e6:.2f} M/s) | {statistics.median(r):.1f}x |"
        )
        if args.callgrind:
            cg = f"{args.out}/callgrind.out"
            subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={cg}"] + ours,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
            total = 0
            for line in open(cg):
                if line.startswith("summary:") or line.startswith("totals:"):
                    total = int(line.split()[1])
            print(f"|   | | callgrind | {total / n:,.0f} instructions per line | | |")
