"""Benchmark (not a test): amdgpu_mc in-process against spawning LLVM's tools.

1. Assembling 1,000 snippets of 10 lines each for gfx90a: amdgpu_mc.assemble in
   the process, against one llvm-mc-22 process per snippet writing an object to a
   temporary file (what Python kernel tools do today).
2. Disassembling a ~1 MB code object (made with amdgpu_mc.assemble(...,
   filetype="obj") from generated text): amdgpu_mc.disassemble_object against
   llvm-objdump-22 -d.

Run:  python python/bench.py [--snippets N] [--kib K] [--repeat R]
The best of R runs is reported for each.

Figures on 2 shared cores (module built by .ci/run, ci profile; --repeat 1):
1,000 snippets: assemble bin 0.026 s, obj 0.036 s, lint 0.046 s; llvm-mc-22 per
snippet 39.1 s (about 1,100x). A 1,092 KiB code object (160,475 instructions,
321 symbols): disassemble_object 0.77 s, lint 0.50 s; llvm-objdump-22 -d 2.09 s.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

import amdgpu_mc

MCPU = "gfx90a"


def line(rng):
    v = lambda: rng.randrange(0, 200)
    s = lambda: rng.randrange(0, 90) & ~1
    forms = [
        lambda: f"v_add_f32 v{v()}, v{v()}, v{v()}",
        lambda: f"v_fma_f32 v{v()}, v{v()}, v{v()}, v{v()}",
        lambda: f"v_mul_lo_u32 v{v()}, v{v()}, s{s()}",
        lambda: f"v_mov_b32 v{v()}, 0x{rng.randrange(1 << 32):x}",
        lambda: f"global_load_dword v{v()}, v[{(x := v() & ~1)}:{x + 1}], off offset:{rng.randrange(0, 4096, 4)}",
        lambda: f"global_store_dword v[{(x := v() & ~1)}:{x + 1}], v{v()}, off",
        lambda: f"ds_read_b32 v{v()}, v{v()} offset:{rng.randrange(0, 65536, 4)}",
        lambda: f"s_add_u32 s{s()}, s{s()}, {rng.randrange(64)}",
        lambda: "s_waitcnt vmcnt(0) lgkmcnt(0)",
        lambda: f"v_mfma_f32_32x32x8f16 a[0:15], v[{(x := v() & ~1)}:{x + 1}], v[{(y := v() & ~1)}:{y + 1}], a[0:15]",
        lambda: f"v_accvgpr_read_b32 v{v()}, a{rng.randrange(16)}",
    ]
    return rng.choice(forms)()


def snippets(n, rng):
    return ["\n".join("  " + line(rng) for _ in range(10)) + "\n" for _ in range(n)]


def best(repeat, f):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--snippets", type=int, default=1000)
    ap.add_argument("--kib", type=int, default=1024, help="code object code size")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    rng = random.Random(17)
    snips = snippets(a.snippets, rng)
    llvm_mc = shutil.which("llvm-mc-22")
    objdump = shutil.which("llvm-objdump-22")

    print(f"amdgpu_mc {amdgpu_mc.__version__}, Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs; best of {a.repeat}")

    # 1. Snippets.
    t_bin = best(a.repeat, lambda: [amdgpu_mc.assemble(s, MCPU) for s in snips])
    t_obj = best(a.repeat, lambda: [amdgpu_mc.assemble(s, MCPU, filetype="obj") for s in snips])
    t_lint = best(a.repeat, lambda: [amdgpu_mc.lint(s, MCPU) for s in snips])
    n = len(snips)
    print(f"\n{n} snippets x 10 lines, {MCPU}:")
    print(f"  amdgpu_mc.assemble (bin)         {t_bin:8.3f} s  {t_bin / n * 1e6:9.1f} us/snippet")
    print(f"  amdgpu_mc.assemble (obj)         {t_obj:8.3f} s  {t_obj / n * 1e6:9.1f} us/snippet")
    print(f"  amdgpu_mc.lint                   {t_lint:8.3f} s  {t_lint / n * 1e6:9.1f} us/snippet")
    if llvm_mc:
        with tempfile.TemporaryDirectory() as d:
            src, out = os.path.join(d, "k.s"), os.path.join(d, "k.o")

            def spawn():
                for s in snips:
                    with open(src, "w") as f:
                        f.write(s)
                    subprocess.run([llvm_mc, "-triple", "amdgcn-amd-amdhsa", f"-mcpu={MCPU}",
                                    "-filetype=obj", "-o", out, src], check=True)
                    with open(out, "rb") as f:
                        f.read()

            t_llvm = best(a.repeat, spawn)
        print(f"  llvm-mc-22 process per snippet   {t_llvm:8.3f} s  {t_llvm / n * 1e6:9.1f} us/snippet"
              f"  ({t_llvm / t_obj:.0f}x the in-process obj)")
    else:
        print("  llvm-mc-22 not found: no comparison")

    # 2. A ~1 MB code object.
    lines, size, k = [".text"], 0, 0
    while size < a.kib * 1024:
        if k % 500 == 0:
            lines.append(f"kernel_{k // 500}:")
        body = line(rng)
        lines.append("  " + body)
        size += 8 if body.startswith(("global", "ds_", "v_fma", "v_mul_lo", "v_mfma")) or "0x" in body else 4
        k += 1
    lines.append("  s_endpgm")
    text = "\n".join(lines) + "\n"
    obj = amdgpu_mc.assemble(text, MCPU, filetype="obj")
    syms = amdgpu_mc.kernels(obj)
    code = sum(s.size for s in syms)
    print(f"\ncode object: {len(obj) / 1024:.0f} KiB ({code / 1024:.0f} KiB of code, "
          f"{len(syms)} symbols, {k + 1} instructions)")
    t_dis = best(a.repeat, lambda: amdgpu_mc.disassemble_object(obj))
    t_lint_obj = best(a.repeat, lambda: amdgpu_mc.lint(obj))
    print(f"  amdgpu_mc.disassemble_object     {t_dis:8.3f} s")
    print(f"  amdgpu_mc.lint (code object)     {t_lint_obj:8.3f} s")
    if objdump:
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "big.o")
            with open(path, "wb") as f:
                f.write(obj)
            t_od = best(a.repeat, lambda: subprocess.run(
                [objdump, "-d", f"--mcpu={MCPU}", path], check=True, stdout=subprocess.PIPE))
        print(f"  llvm-objdump-22 -d (to a pipe)   {t_od:8.3f} s  ({t_od / t_dis:.1f}x)")
    else:
        print("  llvm-objdump-22 not found: no comparison")


if __name__ == "__main__":
    main()
