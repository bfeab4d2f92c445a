#!/usr/bin/env python3
"""Find every AMDGPU code object under the given directories and copy each to
OUT/<source>/<target>/<name>.co, one file per code object.

Sources of code objects:
  * ELF files with e_machine 224 (EM_AMDGPU): .co / .hsaco files as shipped;
  * clang offload bundles (__CLANG_OFFLOAD_BUNDLE__) and compressed bundles (CCOB
    v2/v3, zstd via the `zstd` CLI or zlib) found anywhere inside other files (host
    .so files keep them in .hip_fatbin), recursively.

Prints a TSV manifest on stdout: path, target (from the ELF's e_flags), origin.
"""
import os, struct, subprocess, sys, zlib

MACH = {  # EF_AMDGPU_MACH_* (low byte of e_flags), the ones these wheels carry
    0x2c: "gfx900", 0x2f: "gfx906", 0x30: "gfx908", 0x3f: "gfx90a", 0x40: "gfx940",
    0x4b: "gfx941", 0x4c: "gfx942", 0x4f: "gfx950", 0x5f: "gfx9-4-generic",
    0x51: "gfx9-generic", 0x36: "gfx1030", 0x41: "gfx1100", 0x42: "gfx1101",
    0x43: "gfx1102", 0x44: "gfx1103", 0x48: "gfx1200", 0x4e: "gfx1201",
    0x52: "gfx10-1-generic", 0x53: "gfx10-3-generic", 0x54: "gfx11-generic",
    0x59: "gfx12-generic", 0x3b: "gfx1031", 0x45: "gfx1150", 0x46: "gfx1151",
}
MAGIC_B = b"__CLANG_OFFLOAD_BUNDLE__"
MAGIC_C = b"CCOB"


def elf_target(b):
    if len(b) < 52 or b[:4] != b"\x7fELF" or b[4] != 2:
        return None
    e_machine = struct.unpack_from("<H", b, 18)[0]
    if e_machine != 224:
        return None
    e_flags = struct.unpack_from("<I", b, 48)[0]
    mach = MACH.get(e_flags & 0xff, "mach-0x%02x" % (e_flags & 0xff))
    # xnack: v4+ code objects: bits 8-9 (0 unsupported, 1 any, 2 off, 3 on)
    x = (e_flags >> 8) & 3
    return mach + {0: "", 1: "", 2: ":xnack-", 3: ":xnack+"}[x]


def decompress_ccob(b, off):
    ver, method = struct.unpack_from("<HH", b, off + 4)
    if ver == 3:
        total, _, _ = struct.unpack_from("<QQQ", b, off + 8)
        hdr = 32
    elif ver == 2:
        total, _ = struct.unpack_from("<II", b, off + 8)
        hdr = 24
    else:  # v1: magic, ver, method, hash; no size: take the rest
        total = len(b) - off
        hdr = 16
    data = b[off + hdr: off + total]
    if method == 1:
        r = subprocess.run(["zstd", "-dc"], input=data, capture_output=True)
        if r.returncode != 0 and not r.stdout:
            raise ValueError("zstd: " + r.stderr.decode(errors="replace")[:200])
        return r.stdout, total
    return zlib.decompress(data), total


def bundle_entries(b, off):
    n = struct.unpack_from("<Q", b, off + 24)[0]
    p = off + 32
    out = []
    for _ in range(n):
        eo, es, il = struct.unpack_from("<QQQ", b, p)
        p += 24
        ident = b[p:p + il].decode(errors="replace")
        p += il
        out.append((ident, b[off + eo: off + eo + es]))
    return out


def scan(b, origin, found, depth=0):
    """Code objects in blob b (a bundle, a CCOB, or a host file holding them)."""
    if depth > 4:
        return
    t = elf_target(b)
    if t:
        found.append((origin, t, b))
        return
    seen_end = 0
    i = 0
    while True:
        jb = b.find(MAGIC_B, i)
        jc = b.find(MAGIC_C, i)
        cands = [j for j in (jb, jc) if j >= 0]
        if not cands:
            break
        j = min(cands)
        i = j + 4
        try:
            if j == jb:
                for ident, blob in bundle_entries(b, j):
                    if "amdgcn" in ident:
                        scan(blob, origin + ":" + ident, found, depth + 1)
            else:
                plain, total = decompress_ccob(b, j)
                scan(plain, origin + ":ccob@%d" % j, found, depth + 1)
                i = j + max(total, 4)
        except Exception as e:  # a stray magic inside data
            print("note: %s@%d: %s" % (origin, j, e), file=sys.stderr)


def main():
    out = sys.argv[1]
    srcs = sys.argv[2:]
    for src in srcs:
        label = os.path.basename(src.rstrip("/")).split("-")[0]
        for root, _, files in os.walk(src):
            for fn in sorted(files):
                path = os.path.join(root, fn)
                if os.path.islink(path):
                    continue
                with open(path, "rb") as f:
                    head = f.read(64)
                    if head[:4] != b"\x7fELF" and not head.startswith(MAGIC_B) and not head.startswith(MAGIC_C):
                        continue
                    f.seek(0)
                    b = f.read()
                found = []
                rel = os.path.relpath(path, src)
                scan(b, rel, found)
                for k, (origin, t, blob) in enumerate(found):
                    base = t.split(":")[0]
                    d = os.path.join(out, label, base)
                    os.makedirs(d, exist_ok=True)
                    name = rel.replace("/", "__")
                    if len(found) > 1 or origin != rel:
                        name += "__%d" % k
                    dst = os.path.join(d, name + ".co")
                    with open(dst, "wb") as g:
                        g.write(blob)
                    print("%s\t%s\t%s" % (dst, t, origin))


if __name__ == "__main__":
    main()
