#!/usr/bin/env python3
"""Assembler acceptance sweep against llvm-mc 22.

Takes the golden lines of a target (tests/golden/CPU.txt: text llvm-mc accepts), mutates
each a little (another operand, an extra or missing modifier, another suffix, swapped
operands, another register width, a value toward or past its limits: floats that
underflow or overflow each operand type, offsets and immediates at and beyond each
field's width, negative values for unsigned fields), and assembles the result with
llvm-mc and with amdgpu-mc. The file starts with symbol definitions that shadow the
operand functions and their names (sendmsg=2, hwreg=6, MSG_GS=-1, ...), which must not
change what sendmsg(...), hwreg(...) and the waitcnt counters mean. Reports, per line, whether both accept it with the same bytes and text, both
refuse it (same message and column, or not), or only one accepts it, and lists the lines
where the two disagree on acceptance or bytes.

  tools/mutation-sweep.py [--cpu gfx906] [--seed 1] [--lines 3000] [--show 10] [--bin PATH]

Needs llvm-mc-22 (apt-get install -y llvm-22) and a build of amdgpu-mc (target/release,
else target/ci: cargo build --release, or the test command's cargo test --profile ci).
Differences that are intended are listed in docs/accuracy.md ("Differences from llvm-mc") and,
as regular expressions the sweep applies, in tests/accepted-differences.txt (KIND `accept`:
each is searched in "KIND ## LINE ## ours: RESULT ## llvm: RESULT" of a disagreeing line). The
figure is the share of lines with the same verdict and, where both accept, the same bytes
(the text llvm-mc echoes may differ); then the share counting as agreeing the listed lines
whose kind is accept-value (a value llvm-mc changes silently: its bytes do not say what its
text says); then the share counting all listed differences, and the unlisted ones are shown.
"""
import argparse
import collections
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODIFIERS = [
    "clamp", "glc", "slc", "offset:4", "mul:2", "div:2", "op_sel:[1,0]", "op_sel:[0,1,1]",
    "neg_lo:[1,0]", "lds", "tfe", "idxen", "offen", "gds", "row_shl:1", "quad_perm:[1,0,3,2]",
    "bound_ctrl:0", "dst_sel:WORD_1", "src0_sel:BYTE_0", "nv", "da", "r128", "a16", "d16",
    "unorm", "lwe", "dmask:0x3", "vm", "done", "compr", "off", "sc0", "sc1", "nt", "scc",
    "row_mask:0x3", "bank_mask:0x1", "cbsz:1", "abid:1", "blgp:2", "noglc", "noslc", "nosc0",
    "nont", "noscc",
]
OPERANDS = [
    "v1", "s1", "s[2:3]", "v[2:3]", "vcc", "exec", "m0", "1", "-1", "0.5", "0x1234", "1.0",
    "lit(1)", "ttmp1", "a1", "a[2:3]", "flat_scratch", "xnack_mask", "scc", "off", "null",
    "src_scc", "lds_direct", "s[4:7]", "v[4:7]", "0x12345678", "sext(v1)", "-v1", "|v2|",
    "src_execz", "src_vccz", "src_shared_base",
]
# Floats toward and past the limits of f16, f32 and f64 (underflow to a subnormal or to
# zero, overflow, exact subnormals, the largest values, a double that needs its low half).
FLOATS = [
    "1.0e-50", "-1.0e-50", "1.0e-40", "1.401298464324817e-45", "1.1754943508222875e-38",
    "3.4028234663852886e+38", "3.4028236e38", "1.0e39", "5.960464477539063e-08", "1.0e-5",
    "1.0e-10", "6.103515625e-05", "65504.0", "65519.0", "65520.0", "1.1", "1.0e-320",
    "1.0e308", "0.15915494309189532", "-0.0",
]
# Integers at and beyond the width of each field (8, 12, 13, 16, 20, 21 bits, signed
# and unsigned) and negative values for unsigned ones.
LIMITS = [
    "-1", "127", "128", "255", "256", "-129", "4095", "4096", "-4096", "-4097", "8191",
    "65535", "65536", "-32768", "-32769", "0xfffff", "0x100000", "-0x100000", "-0x100001",
    "0x1fffff", "0xffffffff", "0x100000000", "-0x80000000",
]
# Definitions that shadow the operand functions and their symbolic arguments.
SYMBOLS = [
    "sendmsg=2", "hwreg=6", "gpr_idx=1", "MSG_GS=-1", "MSG_INTERRUPT=5", "GS_OP_EMIT=3",
    "HW_REG_MODE=3", "HW_REG_HW_ID=9", "vmcnt=1", "lgkmcnt=2", "expcnt=3", "SRC0=8",
]


def split_operands(ops):
    return [p.strip() for p in re.split(r",(?![^\[]*\])", ops)] if ops else []


def limit(rng, line):
    """A value toward or past its limits: a float source, an offset or an immediate."""
    mnemonic, _, ops = line.partition(" ")
    parts = split_operands(ops)
    offsets = [m for m in re.finditer(r"\b(offset|offset0|offset1):(-?\w+)", line)]
    if offsets and rng.random() < 0.5:
        m = rng.choice(offsets)
        return line[: m.start(2)] + rng.choice(LIMITS) + line[m.end(2):]
    if not parts:
        return line
    k = rng.randrange(len(parts))
    words = parts[k].split(" ")
    words[0] = rng.choice(FLOATS if rng.random() < 0.5 else LIMITS)
    parts[k] = " ".join(words)
    return (mnemonic + " " + ", ".join(parts)).strip()


def mutate(rng, line):
    if rng.random() < 0.25:
        return limit(rng, line)
    mnemonic, _, ops = line.partition(" ")
    parts = split_operands(ops)
    r = rng.random()
    if r < 0.2 and parts:
        k = rng.randrange(len(parts))
        words = parts[k].split(" ")
        words[0] = rng.choice(OPERANDS)
        parts[k] = " ".join(words)
    elif r < 0.4:
        extra = rng.choice(MODIFIERS)
        if parts:
            parts[-1] += " " + extra
        else:
            parts = [extra]
    elif r < 0.5 and parts:
        k = rng.randrange(len(parts))
        words = parts[k].split(" ")
        if len(words) > 1:
            words.pop(rng.randrange(1, len(words)))
            parts[k] = " ".join(words)
        else:
            parts.pop(k)
    elif r < 0.6:
        for suffix in ("_e32", "_e64", "_sdwa", "_dpp"):
            if mnemonic.endswith(suffix):
                mnemonic = mnemonic[: -len(suffix)]
                break
        mnemonic += rng.choice(["", "_e32", "_e64", "_sdwa", "_dpp"])
    elif r < 0.7 and len(parts) >= 2:
        k = rng.randrange(len(parts) - 1)
        parts[k], parts[k + 1] = parts[k + 1], parts[k]
    elif r < 0.8 and parts:
        k = rng.randrange(len(parts))
        words = parts[k].split(" ")
        m = re.match(r"([vsa])\[(\d+):\d+\]$", words[0]) or re.match(r"([vsa])(\d+)$", words[0])
        if m:
            lo = int(m.group(2)) + rng.choice([0, 1])
            n = rng.choice([1, 2, 3, 4, 8])
            words[0] = f"{m.group(1)}[{lo}:{lo + n - 1}]" if n > 1 else f"{m.group(1)}{lo}"
            parts[k] = " ".join(words)
    else:
        parts.append(rng.choice(MODIFIERS))
    return (mnemonic + " " + ", ".join(parts)).strip()


def assemble(cmd, path, count, skip=0):
    """Per source line (after `skip` header lines): ('ok', encoding, text) or ('error',
    column, message)."""
    p = subprocess.run(cmd + [path], capture_output=True, text=True)
    errors = {}
    for line in p.stderr.splitlines():
        m = re.match(r".*?:(\d+):(\d+): error: (.*)", line)
        if m and int(m.group(1)) - skip not in errors:
            errors[int(m.group(1)) - skip] = (int(m.group(2)), m.group(3))
    encoded = iter(l for l in p.stdout.splitlines() if "; encoding:" in l)
    out = {}
    for n in range(1, count + 1):
        if n in errors:
            out[n] = ("error",) + errors[n]
        else:
            text, _, enc = next(encoded, "? ; encoding: ?").partition("; encoding:")
            out[n] = ("ok", enc.strip(), text.strip())
    return out


def listed_patterns():
    """The acceptance sweep's listed differences: (regex, reason, value), where value
    says the kind is accept-value (a value llvm-mc changes silently)."""
    out = []
    for l in open(os.path.join(ROOT, "tests", "accepted-differences.txt")):
        f = l.rstrip("\n").split("\t")
        if len(f) >= 3 and f[0] in ("accept", "accept-value"):
            out.append((re.compile(f[1]), f[2], f[0] == "accept-value"))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cpu", default="gfx906")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lines", type=int, default=3000)
    ap.add_argument("--show", type=int, default=10, help="examples listed per kind")
    ap.add_argument("--bin", help="the amdgpu-mc binary (target/release, else target/ci)")
    ap.add_argument("--dump", help="write every disagreeing line (listed or not) to this file")
    a = ap.parse_args()
    golden = os.path.join(ROOT, "tests", "golden", f"{a.cpu}.txt")
    ours = a.bin or os.path.join(ROOT, "target", "release", "amdgpu-mc")
    if not a.bin and not os.path.exists(ours):
        ours = os.path.join(ROOT, "target", "ci", "amdgpu-mc")
    for need in (golden, ours):
        if not os.path.exists(need):
            sys.exit(f"{need} not found (golden vectors exist for the targets in tests/golden; "
                     "build with cargo build --release)")
    base = [l.split(" ; encoding")[0].strip() for l in open(golden)
            if l.strip() and not l.startswith("#")]
    rng = random.Random(a.seed)
    src = [mutate(rng, rng.choice(base)) for _ in range(a.lines)]
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(SYMBOLS + src) + "\n")
    llvm = assemble(["llvm-mc-22", "-arch=amdgcn", f"-mcpu={a.cpu}", "-show-encoding"], f.name,
                    len(src), len(SYMBOLS))
    mine = assemble([ours, "asm", "--mcpu", a.cpu, "--show-encoding", "--error-limit", "0"], f.name, len(src),
                    len(SYMBOLS))
    os.unlink(f.name)
    kinds = collections.Counter()
    examples = collections.defaultdict(list)
    for n, line in enumerate(src, 1):
        l, o = llvm[n], mine[n]
        if l[0] == o[0] == "ok":
            kind = "same" if l[1:] == o[1:] else ("same bytes, other text" if l[1] == o[1]
                                                  else "other bytes")
        elif l[0] == o[0] == "error":
            kind = "both refuse" if l[1:] == o[1:] else (
                "both refuse, other message" if l[1] == o[1] else "both refuse, other column")
        else:
            kind = "only llvm-mc accepts" if l[0] == "ok" else "only we accept"
        kinds[kind] += 1
        examples[kind].append((line, l, o))
    same = ("same", "same bytes, other text")
    agree = sum(v for k, v in kinds.items() if k in same or k.startswith("both refuse"))
    patterns = listed_patterns()
    listed = collections.Counter()
    value = 0
    unlisted = []
    dump = open(a.dump, "w") if a.dump else None
    for k in ("only llvm-mc accepts", "only we accept", "other bytes"):
        for line, l, o in examples[k]:
            key = f"{k} ## {line} ## ours: {o} ## llvm: {l}"
            hit = next(((r, v) for p, r, v in patterns if p.search(key)), None)
            why = hit and hit[0]
            if dump:
                dump.write(f"{why or 'UNLISTED'}\t{key}\n")
            if why:
                listed[why] += 1
                value += hit[1]
            else:
                unlisted.append((k, line, l, o))
    n = len(src)
    print(f"{a.cpu}: {n} mutated lines; same acceptance and, where accepted, same "
          f"bytes: {agree} ({100 * agree / n:.2f}%); counting the listed values llvm-mc "
          f"changes silently as agreeing: {agree + value} ({100 * (agree + value) / n:.2f}%); "
          f"with all listed differences: {agree + sum(listed.values())} "
          f"({100 * (agree + sum(listed.values())) / n:.2f}%); unlisted: {len(unlisted)}")
    for k, v in kinds.most_common():
        print(f"  {k}: {v}")
    for why, v in listed.most_common():
        print(f"  listed ({v}): {why}")
    for k, line, l, o in unlisted[: a.show]:
        print(f"[{k}] {line}\n    llvm-mc: {l}\n    ours:    {o}")
    for line, l, o in examples["same bytes, other text"][: a.show]:
        print(f"[same bytes, other text] {line}\n    llvm-mc: {l}\n    ours:    {o}")


if __name__ == "__main__":
    main()
