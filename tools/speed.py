#!/usr/bin/env python3
"""Whole-process speed of amdgpu-mc against llvm-mc-22 / llvm-objdump-22 on real code.

    tools/speed.py [--reps N] [--targets gfx906,gfx942] [--min-insts N]
                   [--real DIR] [--co DIR]... [--work DIR] [--no-build]
                   [--pgo | --bin PATH] [--distinct]

What it measures: CPU time (user + sys, from the kernel's rusage of each child
process) of one whole `amdgpu-mc` run and one whole LLVM run on the same input,
the two run one after the other, N times (pairs interleaved); the figure is the
median over the pairs of llvm_cpu / our_cpu. Output goes to a file in the work
directory for both tools (never a pipe the script reads).

The build measured is `cargo build --release`'s; with --pgo, the profile-guided
build of tools/pgo-build.sh (README's "Install": the fast build); with --bin, any.

With --distinct, each comparison runs again on the input's distinct instructions,
each once and shuffled (rows named "... distinct"): the cold path, where no line or
word repeats for the memos to remember.

Comparisons, per target:
  asm -o         amdgpu-mc asm --filetype obj -o OUT IN.s
                                                     llvm-mc -filetype=obj -o OUT IN.s
                 (an ELF object each; `asm -o` alone writes the raw code, as fast)
  show-encoding  amdgpu-mc asm --show-encoding IN.s  llvm-mc -show-encoding IN.s
  raw            amdgpu-mc disasm IN.bin             llvm-mc --disassemble IN.hex
  hex            amdgpu-mc disasm --hex IN.hex       llvm-mc --disassemble IN.hex
  elf            amdgpu-mc disasm IN.o               llvm-objdump -d IN.o
  elf files      amdgpu-mc objdump -d FILES...       llvm-objdump -d FILES...
                 (each code object the input is made of as a file of its own, in
                 one command, the same code as IN.o but for retargeted code:
                 amdgpu-mc works on them on all cores, --jobs; the figure is still
                 CPU time, the wall times are printed beside it)

The input is real code: the .text of every code object for the target that
tools/real-code.sh built or fetched into DIR (default /tmp/amdgpu-real-code): the
llc-22 builds of the test kernels and of the ROCm device libraries (obj/*-CPU.o),
and for gfx906 the gfx906 entries of librocrand's .hip_fatbin; then, while the code
holds fewer than --min-insts instructions (default 500,000), the code objects for
the target found under the --co directories (gfx950 has no ROCm library code here:
`--targets gfx950 --co DIR/co/amd_aiter/gfx950` takes the amd-aiter wheel's objects
that tools/lint-real-code/measure.sh unpacks into DIR), then entries of
librocsparse's .hip_fatbin (`tools/real-code.sh --big` unpacks it; about 7 million
instructions per target). rocsparse has no gfx942 code: for gfx942 its gfx90a
entries are retargeted (our disassembly as gfx90a, assembled by llvm-mc-22 for
gfx942, the lines gfx942 refuses left out; the script says how many). Only when
that is still short (no rocsparse) is the code repeated until it is long enough,
and the script says how often: repeated code flatters a tool that remembers what it
has seen (amdgpu-mc's memos), so the figures docs/performance.md quotes are from unrepeated
code.
Instruction counts are the lines of amdgpu-mc's disassembly of IN.bin.
"""

import argparse
import os
import statistics
import struct
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# EF_AMDGPU_MACH values of the targets the script knows.
MACH = {"gfx900": 0x2C, "gfx906": 0x2F, "gfx908": 0x30, "gfx90a": 0x3F, "gfx942": 0x4C, "gfx950": 0x4F}


def sections(elf):
    """(name, type, offset, size, link, entsize) of every section of an ELF64."""
    shoff = struct.unpack_from("<Q", elf, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    raw = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + k * shentsize) for k in range(shnum)]
    strtab = raw[shstrndx]

    def name(o):
        s = elf[strtab[4] + o :]
        return s[: s.index(b"\0")].decode()

    return [(name(s[0]), s[1], s[4], s[5], s[6], s[9]) for s in raw]


def text_and_symbols(elf):
    """The .text bytes of an AMDGPU ELF and its function symbols (offset, name)."""
    secs = sections(elf)
    idx = next(k for k, s in enumerate(secs) if s[0] == ".text")
    _, _, off, size, _, _ = secs[idx]
    syms = []
    for name, typ, soff, ssize, link, ent in secs:
        if typ != 2:  # SHT_SYMTAB
            continue
        strs = secs[link]
        for k in range(ssize // ent):
            st_name, info, _, shndx, value, _ = struct.unpack_from("<IBBHQQ", elf, soff + k * ent)
            if shndx == idx and info & 0xF == 2:  # STT_FUNC
                s = elf[strs[2] + st_name :]
                syms.append((value, s[: s.index(b"\0")].decode()))
    return elf[off : off + size], sorted(syms)


def bundle_entries(host, cpu):
    """The code objects of `host`'s .hip_fatbin bundle whose id names `cpu`."""
    secs = sections(host)
    fb = next((s for s in secs if s[0] == ".hip_fatbin"), None)
    if fb is None:
        return []
    data = host[fb[2] : fb[2] + fb[3]]
    out = []
    pos = 0
    while True:
        pos = data.find(b"__CLANG_OFFLOAD_BUNDLE__", pos)
        if pos < 0:
            return out
        (n,) = struct.unpack_from("<Q", data, pos + 24)
        o = pos + 32
        end = pos
        for _ in range(n):
            off, size, idl = struct.unpack_from("<QQQ", data, o)
            ident = data[o + 24 : o + 24 + idl].decode()
            o += 24 + idl
            end = max(end, pos + off + size)
            if size and ident.split("--")[-1].split(":")[0] == cpu:
                out.append(data[pos + off : pos + off + size])
        pos = max(end, pos + 24)


def write_elf(path, cpu, code, syms):
    """A minimal ELF64 relocatable AMDGPU object: .text, .symtab, .strtab, .shstrtab."""
    shstr = b"\0.text\0.symtab\0.strtab\0.shstrtab\0"
    strtab = bytearray(b"\0")
    symtab = bytearray(24)  # the null symbol
    for off, name in syms:
        symtab += struct.pack("<IBBHQQ", len(strtab), 0x12, 0, 1, off, 0)  # GLOBAL FUNC
        strtab += name.encode() + b"\0"
    body = bytearray(64)
    text_off = len(body)
    body += code
    while len(body) % 8:
        body.append(0)
    sym_off = len(body)
    body += symtab
    str_off = len(body)
    body += strtab
    shstr_off = len(body)
    body += shstr
    while len(body) % 8:
        body.append(0)
    sh_off = len(body)
    sh = [
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (1, 1, 6, 0, text_off, len(code), 0, 0, 256, 0),  # PROGBITS, ALLOC|EXECINSTR
        (7, 2, 0, 0, sym_off, len(symtab), 3, 1, 8, 24),  # SYMTAB, link .strtab
        (15, 3, 0, 0, str_off, len(strtab), 0, 0, 1, 0),
        (23, 3, 0, 0, shstr_off, len(shstr), 0, 0, 1, 0),
    ]
    for s in sh:
        body += struct.pack("<IIQQQQIIQQ", *s)
    ident = b"\x7fELF\x02\x01\x01\x40\x03" + b"\0" * 7  # ELF64, LE, HSA, ABI v5
    hdr = ident + struct.pack(
        "<HHIQQQIHHHHHH", 1, 224, 1, 0, 0, sh_off, MACH[cpu], 64, 0, 0, 64, len(sh), 4
    )
    body[:64] = hdr
    with open(path, "wb") as f:
        f.write(body)


# Wall seconds of the last run of cpu_time (the multi-file row prints them).
LAST_WALL = [0.0]


def cpu_time(argv, stdin=None, stdout=None):
    """Runs argv; returns (user + sys seconds of the child, exit status)."""
    fin = open(stdin, "rb") if stdin else subprocess.DEVNULL
    fout = open(stdout, "wb") if stdout else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        p = subprocess.Popen(argv, stdin=fin, stdout=fout, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        LAST_WALL[0] = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)
    finally:
        if stdin:
            fin.close()
        if stdout:
            fout.close()
    return ru.ru_utime + ru.ru_stime, p.returncode


# Targets rocsparse has no code for, and the target whose code stands in for theirs.
RETARGET = {"gfx942": "gfx90a"}


def retarget(ours, source, cpu, code, work):
    """`code` for `source` as code for `cpu`: our disassembly, assembled by llvm-mc-22
    for `cpu` with the lines it refuses left out (a first run finds them)."""
    one = os.path.join(work, f"{cpu}-from-{source}.bin")
    with open(one, "wb") as f:
        f.write(code)
    text = subprocess.run(
        [ours, "disasm", "--mcpu", source, one], capture_output=True, check=True
    ).stdout.decode().split("\n")
    src = os.path.join(work, f"{cpu}-from-{source}.s")
    obj = os.path.join(work, f"{cpu}-from-{source}.o")
    mc = ["llvm-mc-22", "-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", "-filetype=obj", "-o", obj, src]
    dropped = 0
    for _ in range(3):
        with open(src, "w") as f:
            f.write("\n".join(text))
        r = subprocess.run(mc, capture_output=True, text=True)
        if r.returncode == 0:
            break
        bad = {int(m.split(":")[1]) for m in r.stderr.split("\n") if m.startswith(src + ":")}
        text = [l for k, l in enumerate(text, 1) if k not in bad]
        dropped += len(bad)
    else:
        sys.exit(f"speed.py: llvm-mc-22 still refuses the retargeted {source} code")
    print(f"{cpu}: {source} code retargeted: {len(text):,} lines kept, {dropped:,} refused", flush=True)
    return text_and_symbols(open(obj, "rb").read())[0]


def build_inputs(args, cpu, ours, work):
    objs = []
    objdir = os.path.join(args.real, "obj")
    for f in sorted(os.listdir(objdir)):
        if f.endswith(f"-{cpu}.o"):
            objs.append((f, open(os.path.join(objdir, f), "rb").read()))
    lib = os.path.join(args.real, "root/usr/lib/x86_64-linux-gnu")
    for f in sorted(os.listdir(lib)) if os.path.isdir(lib) else []:
        if f.startswith("librocrand.so.") and f.count(".") == 3:
            for k, e in enumerate(bundle_entries(open(os.path.join(lib, f), "rb").read(), cpu)):
                objs.append((f"{f}:{cpu}#{k}", e))
    # Code objects from --co directories (shipped code, such as the amd-aiter wheel's
    # gfx950 objects that tools/lint-real-code/measure.sh unpacks), whole objects in
    # name order until the code reaches --min-insts (hand-written MFMA code runs to
    # about 6.4 bytes an instruction).
    want = int(args.min_insts * 6.6)
    have = sum(len(text_and_symbols(e)[0]) for _, e in objs)
    for d in args.co:
        for root, _, files in sorted(os.walk(d)):
            for f in sorted(files):
                if have >= want:
                    break
                elf = open(os.path.join(root, f), "rb").read()
                if elf[:4] != b"\x7fELF" or struct.unpack_from("<H", elf, 18)[0] != 224:
                    continue
                if struct.unpack_from("<I", elf, 48)[0] & 0xFF != MACH[cpu]:
                    continue
                objs.append((f, elf))
                have += len(text_and_symbols(elf)[0])
    if not objs:
        sys.exit(f"speed.py: no code objects for {cpu} in {args.real} (run tools/real-code.sh)")
    blob = bytearray()
    syms = []
    # The code objects the input is made of, for the multi-file row (the same code
    # as the one object, but for retargeted code).
    files = [elf for _, elf in objs]

    def add(code, fsyms):
        syms.extend((len(blob) + o, n) for o, n in fsyms)
        blob.extend(code)
        while len(blob) % 4:
            blob.append(0)

    for _, elf in objs:
        code, fsyms = text_and_symbols(elf)
        add(code, fsyms)
    # (Real code averages about 5.6 bytes an instruction.)
    want = int(args.min_insts * 5.8)
    sparse = os.path.join(lib, "librocsparse.so.0.1")
    if len(blob) < want and os.path.exists(sparse):
        host = open(sparse, "rb").read()
        source = RETARGET.get(cpu, cpu)
        entries = bundle_entries(host, source)
        del host
        if source == cpu:
            for k, e in enumerate(entries):
                if len(blob) >= want:
                    break
                code, fsyms = text_and_symbols(e)
                add(code, [(o, f"{n}.{k}") for o, n in fsyms])
                files.append(e)
        else:
            code = bytearray()
            for e in entries:
                if len(code) >= want - len(blob):
                    break
                code += text_and_symbols(e)[0]
            add(retarget(ours, source, cpu, bytes(code), work), [])
    one = os.path.join(work, f"{cpu}-once.bin")
    with open(one, "wb") as f:
        f.write(blob)
    lines = subprocess.run(
        [ours, "disasm", "--mcpu", cpu, one], capture_output=True, check=True
    ).stdout.count(b"\n")
    copies = max(1, -(-args.min_insts // lines))
    code = bytes(blob) * copies
    allsyms = [(c * len(blob) + o, f"{n}.{c}") for c in range(copies) for o, n in syms]
    paths = {k: os.path.join(work, f"{cpu}.{k}") for k in ("bin", "hex", "s", "o")}
    with open(paths["bin"], "wb") as f:
        f.write(code)
    with open(paths["hex"], "w") as f:
        for k in range(0, len(code), 8):
            f.write(",".join(f"0x{b:02x}" for b in code[k : k + 8]) + "\n")
    with open(paths["s"], "wb") as f:
        subprocess.run([ours, "disasm", "--mcpu", cpu, paths["bin"]], stdout=f, check=True)
    write_elf(paths["o"], cpu, code, allsyms)
    # Each code object as a file of its own, for the multi-file row.
    files_dir = os.path.join(work, f"{cpu}-files")
    os.makedirs(files_dir, exist_ok=True)
    paths["files"] = []
    for k, elf in enumerate(files):
        f = os.path.join(files_dir, f"{k:04}.o")
        with open(f, "wb") as out:
            out.write(elf)
        paths["files"].append(f)
    print(
        f"{cpu}: {len(objs)} code objects, {lines:,} instructions "
        f"({len(blob):,} bytes of .text), repeated {copies} times: "
        f"{lines * copies:,} instructions, {len(allsyms):,} symbols",
        flush=True,
    )
    return lines * copies, paths


def distinct_inputs(ours, cpu, paths, work):
    """The distinct instructions of the program-order input, each once, shuffled (a
    fixed seed): the cold path, where every line and word is new to the memos. Our
    disassembly with encodings gives each instruction's text and bytes; words we
    print as `.long` are left out."""
    import random

    listing = subprocess.run(
        [ours, "disasm", "--mcpu", cpu, "--show-encoding", paths["bin"]],
        capture_output=True, check=True, text=True,
    ).stdout
    seen, insts = set(), []
    for line in listing.splitlines():
        text, sep, enc = line.partition("; encoding: [")
        text = text.strip()
        if not sep or text.startswith("."):
            continue
        code = bytes(int(b, 16) for b in enc.rstrip("]").split(","))
        if code not in seen:
            seen.add(code)
            insts.append((text, code))
    random.Random(1).shuffle(insts)
    out = {k: os.path.join(work, f"{cpu}-distinct.{k}") for k in ("bin", "hex", "s", "o")}
    code = b"".join(c for _, c in insts)
    with open(out["bin"], "wb") as f:
        f.write(code)
    with open(out["hex"], "w") as f:
        for _, c in insts:
            f.write(",".join(f"0x{b:02x}" for b in c) + "\n")
    with open(out["s"], "w") as f:
        f.write("".join(f"\t{t}\n" for t, _ in insts))
    write_elf(out["o"], cpu, code, [])
    print(f"{cpu}: {len(insts):,} distinct instructions, shuffled", flush=True)
    return len(insts), out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--targets", default="gfx906,gfx942")
    ap.add_argument("--min-insts", type=int, default=500_000)
    ap.add_argument("--real", default="/tmp/amdgpu-real-code")
    ap.add_argument(
        "--co",
        action="append",
        default=[],
        help="a directory of code objects to take code from (any target; repeatable)",
    )
    ap.add_argument("--work", default="/tmp/amdgpu-speed")
    ap.add_argument("--no-build", action="store_true")
    which = ap.add_mutually_exclusive_group()
    which.add_argument(
        "--pgo",
        action="store_true",
        help="measure the profile-guided build of tools/pgo-build.sh (built first unless "
        "--no-build): target/pgo/use/dist/amdgpu-mc",
    )
    which.add_argument(
        "--bin",
        default="",
        help="the amdgpu-mc to measure (default: target/release/amdgpu-mc, built first "
        "unless --no-build)",
    )
    ap.add_argument("--only", default="", help="comma-separated comparisons to run")
    ap.add_argument(
        "--distinct",
        action="store_true",
        help="also each distinct instruction once, shuffled (the cold path)",
    )
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if args.bin:
        ours = os.path.abspath(args.bin)
    elif args.pgo:
        if not args.no_build:
            subprocess.run(["bash", "tools/pgo-build.sh"], cwd=REPO, check=True)
        ours = os.path.join(REPO, "target/pgo/use/dist/amdgpu-mc")
    else:
        if not args.no_build:
            subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
        ours = os.path.join(REPO, "target/release/amdgpu-mc")
    rev = subprocess.run(
        ["git", "log", "-1", "--format=%h"], cwd=REPO, capture_output=True, text=True
    ).stdout.strip()
    print(f"amdgpu-mc {rev} ({os.path.relpath(ours, REPO)}); load at start: {os.getloadavg()[0]:.2f}; {args.reps} pairs each", flush=True)
    rows = []
    for cpu in args.targets.split(","):
        n0, p0 = build_inputs(args, cpu, ours, args.work)
        variants = [("", n0, p0)]
        if args.distinct:
            variants.append((" distinct",) + distinct_inputs(ours, cpu, p0, args.work))
        for suffix, n, p in variants:
            run_cases(args, ours, cpu, suffix, n, p, rows)
    print(f"load at end: {os.getloadavg()[0]:.2f}")
    print()
    print("| target | comparison | amdgpu-mc CPU s | M inst/s | LLVM 22 CPU s | ratio (median of pairs) |")
    print("|---|---|---|---|---|---|")
    for cpu, name, n, a, b, r, _ in rows:
        print(f"| {cpu} | {name} | {a:.3f} | {n / a / 1e6:.2f} | {b:.3f} | {r:.1f}x |")


def run_cases(args, ours, cpu, suffix, n, p, rows):
    """The comparisons on one input (`suffix` names its variant in the rows)."""
    out = os.path.join(args.work, "out")
    mc = ["llvm-mc-22", "-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}"]
    cases = [
        ("asm -o", [ours, "asm", "--mcpu", cpu, "--filetype", "obj", "-o", out, p["s"]], None,
         mc + ["-filetype=obj", "-o", out, p["s"]]),
        ("show-encoding", [ours, "asm", "--mcpu", cpu, "--show-encoding", p["s"]], out,
         mc + ["-show-encoding", p["s"]]),
        ("raw", [ours, "disasm", "--mcpu", cpu, p["bin"]], out,
         mc + ["--disassemble", p["hex"]]),
        ("hex", [ours, "disasm", "--mcpu", cpu, "--hex", p["hex"]], out,
         mc + ["--disassemble", p["hex"]]),
        ("elf", [ours, "disasm", p["o"]], out,
         ["llvm-objdump-22", "-d", f"--mcpu={cpu}", p["o"]]),
    ]
    # (The distinct-instruction variant has no files of its own.)
    if p.get("files"):
        cases.append(("elf files", [ours, "objdump", "-d", *p["files"]], out,
                      ["llvm-objdump-22", "-d", *p["files"]]))
    only = set(filter(None, args.only.split(",")))
    for name, our_cmd, our_out, llvm_cmd in cases:
        name += suffix
        if only and name.removesuffix(suffix) not in only:
            continue
        ratios, tours, tllvm, st, walls = [], [], [], set(), []
        for _ in range(args.reps):
            a, sa = cpu_time(our_cmd, stdout=our_out)
            walls.append(LAST_WALL[0])
            b, sb = cpu_time(llvm_cmd, stdout=out)
            walls.append(LAST_WALL[0])
            st.add((sa, sb))
            tours.append(a)
            tllvm.append(b)
            ratios.append(b / a if a > 0 else float("inf"))
        r = (cpu, name, n, statistics.median(tours), statistics.median(tllvm),
             statistics.median(ratios), st)
        rows.append(r)
        print(
            f"  {cpu} {name:14} amdgpu-mc {statistics.median(tours):7.3f} s "
            f"({n / statistics.median(tours) / 1e6:6.2f} M inst/s)   LLVM "
            f"{statistics.median(tllvm):7.3f} s   ratio {statistics.median(ratios):6.1f}x"
            f"   exit {sorted(st)}"
            + (f"   wall {statistics.median(walls[0::2]):.3f} s against "
               f"{statistics.median(walls[1::2]):.3f} s" if name.startswith("elf files") else ""),
            flush=True,
        )


if __name__ == "__main__":
    main()
