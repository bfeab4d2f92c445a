#!/usr/bin/env python3
"""Random differential of gfx950's scaled MFMAs (VOP3PX2 pairs) against llvm-mc 22.

Random field values of the v_mfma_ld_scale_b32 word and of the MFMA word (bit 11 set):
both disassemblers' text must agree, and so must both assemblers' bytes for llvm's
text. Usage: tools/scaled-mfma-diff.py [N] [SEED] (needs llvm-mc-22 and a ci build).
"""
import random, subprocess, sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
OURS = ["target/ci/amdgpu-mc", "mc"]
LLVM = ["llvm-mc-22"]
ARGS = ["-triple=amdgcn", "-mcpu=gfx950", "-show-encoding"]


def words():
    # v_mfma_ld_scale_b32: op_sel [13:11], op_sel_hi[2] at 14; SRC0/SRC1 scale VGPRs
    # (now and then any 9-bit code), op_sel_hi[1:0] at [60:59]; rarely a stray bit.
    w0 = 0b110100111 << 23 | 0x2C << 16 | rng.getrandbits(4) << 11
    src = lambda: 256 + rng.randrange(256) if rng.random() < 0.95 else rng.randrange(512)
    w1 = rng.getrandbits(2) << 27 | src() << 9 | src()
    if rng.random() < 0.03:
        w0 |= 1 << rng.choice([0, 5, 8, 15])
    n = rng.choice([4, 16])  # 16x16x128 (0x2d), 32x32x64 (0x2e)
    op = 0x2D if n == 4 else 0x2E
    acc_cd = rng.getrandbits(1)
    dst = rng.randrange(0, 256 - n, 2)
    w2 = 0b110100111 << 23 | op << 16 | acc_cd << 15 | 1 << 11 | rng.getrandbits(3) << 8 | dst
    s2 = (256 + dst if rng.random() < 0.6 else rng.choice([128, 129, 193, 240, 242, 256 + rng.randrange(0, 256 - n, 2)]))
    w3 = (rng.getrandbits(3) << 29 | rng.getrandbits(2) << 27 | s2 << 18
          | (256 + rng.randrange(0, 240, 2)) << 9 | 256 + rng.randrange(0, 240, 2))
    return [w0, w1, w2, w3]


def run(tool, text, disasm):
    r = subprocess.run(tool + ARGS + (["--disassemble"] if disasm else []), input=text,
                       capture_output=True, text=True)
    return [l.strip() for l in r.stdout.splitlines() if l.strip() and not l.strip().startswith(".text")], r.stderr


def main():
    cases = [words() for _ in range(N)]
    hexes = [",".join("0x%02x" % b for w in c for b in w.to_bytes(4, "little")) for c in cases]
    same = diff = asm_same = asm_diff = enc_diff = 0
    shown = 0
    for h in hexes:
        l, le = run(LLVM, h + "\n", True)
        o, oe = run(OURS, h + "\n", True)
        # (llvm-mc's encoding comment is its text's encoding: bits 13/14 of the
        # prefix, which no text shows, are gone there; ours keeps the input's.)
        text = lambda ls: [x.split(";")[0].strip() for x in ls]
        if text(l) == text(o):
            same += 1
            enc_diff += l != o
        else:
            diff += 1
            if shown < 8:
                shown += 1
                print("DIFF", h, "\n  llvm:", l, le.strip()[:120], "\n  ours:", o, oe.strip()[:120])
        for line in l:
            if "v_mfma_scale" not in line:
                continue
            text = line.split(";")[0] + "\n"
            a, _ = run(LLVM, text, False)
            b, _ = run(OURS, text, False)
            if a == b:
                asm_same += 1
            else:
                asm_diff += 1
                if shown < 12:
                    shown += 1
                    print("ASM DIFF", text.strip(), "\n  llvm:", a, "\n  ours:", b)
    print(f"disassembly text: {same} same ({enc_diff} with another encoding comment), {diff} differ of {N}; reassembly of llvm's text: {asm_same} same, {asm_diff} differ")


main()
