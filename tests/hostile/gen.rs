//! Generators of hostile inputs, shared by tests/hostile.rs and the dump of
//! `tools/hostile-inputs.sh` (which writes them as files, for runs by hand, against
//! other tools, or as fuzzing seeds). Large inputs are made here at run time, never
//! kept in the repository.

#![allow(dead_code)]

/// A tiny code object: `s_endpgm` in `.text` under the symbol `k`, for gfx906.
pub fn tiny_object() -> Vec<u8> {
    object_of(".text\n.globl k\nk:\n  s_endpgm\n")
}

/// The gfx906 object of `src`.
pub fn object_of(src: &str) -> Vec<u8> {
    let t = amdgpu_mc::Target::from_name("gfx906").unwrap();
    let a =
        amdgpu_mc::mc::assemble_object(&amdgpu_mc::mc::Triple::default(), t, None, None, src, None);
    assert!(a.diags.is_empty(), "{}", a.diags[0].render("gen"));
    a.elf()
}

/// An uncompressed offload bundle: entries (id, offset, size) over `body`, which is
/// placed after the header.
pub fn bundle_raw(entries: &[(String, u64, u64)], body: &[u8]) -> Vec<u8> {
    let mut head = b"__CLANG_OFFLOAD_BUNDLE__".to_vec();
    head.extend((entries.len() as u64).to_le_bytes());
    let header_len = head.len() as u64 + entries.iter().map(|e| 24 + e.0.len() as u64).sum::<u64>();
    for (id, off, size) in entries {
        head.extend((header_len + off).to_le_bytes());
        head.extend(size.to_le_bytes());
        head.extend((id.len() as u64).to_le_bytes());
        head.extend(id.as_bytes());
    }
    head.extend_from_slice(body);
    head
}

/// A bundle of `n` entries with distinct gfx906 ids, all naming the same code object.
pub fn bundle_sharing_one_object(n: usize) -> Vec<u8> {
    let obj = tiny_object();
    let entries: Vec<(String, u64, u64)> = (0..n)
        .map(|k| {
            (
                format!("hipv4-amdgcn-amd-amdhsa--gfx906:e{k}"),
                0,
                obj.len() as u64,
            )
        })
        .collect();
    bundle_raw(&entries, &obj)
}

pub use amdgpu_mc::random::files::{ccob, zstd_raw};

/// A zstd frame of `n` copies of `byte` in RLE blocks (4 bytes per 128 KiB).
pub fn zstd_rle(n: u64, byte: u8) -> Vec<u8> {
    let mut f = zstd_frame_header();
    let mut left = n;
    loop {
        let size = left.min(1 << 17);
        left -= size;
        let last = left == 0;
        let h = (last as u32) | (1 << 1) | ((size as u32) << 3);
        f.extend(&h.to_le_bytes()[..3]);
        f.push(byte);
        if last {
            return f;
        }
    }
}

/// Magic, a descriptor with no content size, and a 128 KiB window.
fn zstd_frame_header() -> Vec<u8> {
    let mut f = 0xfd2f_b528u32.to_le_bytes().to_vec();
    f.push(0);
    f.push(7 << 3);
    f
}

/// A zlib stream of `n` zero bytes (fixed Huffman codes: a literal, then matches of
/// 258 at distance 1, 13 bits each), without its checksum: a reader that stops at
/// the size the header claims never gets there.
pub fn zlib_zeros(n: u64) -> Vec<u8> {
    let mut w = Bits::default();
    w.out.extend([0x78, 0x01]);
    w.put(1, 1); // final block
    w.put(1, 2); // fixed Huffman
    w.code(0x30, 8); // literal 0
    let mut left = n.saturating_sub(1);
    while left >= 258 {
        w.code(0xc5, 8); // length 258
        w.code(0, 5); // distance 1
        left -= 258;
    }
    for _ in 0..left {
        w.code(0x30, 8);
    }
    w.code(0, 7); // end of block
    w.flush();
    w.out
}

/// A zlib stream of `head` (a stored block) and then `zeros` zero bytes, with its
/// checksum: a real stream of `head.len() + zeros` bytes, made in time linear in its
/// compressed size.
pub fn zlib_head_then_zeros(head: &[u8], zeros: u64) -> Vec<u8> {
    let mut w = Bits::default();
    w.out.extend([0x78, 0x01]);
    for chunk in head.chunks(0xffff) {
        w.put(0, 1); // not final
        w.put(0, 2); // stored
        w.flush();
        let n = chunk.len() as u16;
        w.out.extend(n.to_le_bytes());
        w.out.extend((!n).to_le_bytes());
        w.out.extend_from_slice(chunk);
    }
    w.put(1, 1);
    w.put(1, 2);
    let mut left = zeros;
    while left > 258 {
        if left == zeros {
            w.code(0x30, 8);
            left -= 1;
        }
        w.code(0xc5, 8);
        w.code(0, 5);
        left -= 258;
    }
    for _ in 0..left {
        w.code(0x30, 8);
    }
    w.code(0, 7);
    w.flush();
    // Adler-32: zeros leave `a` as it is and add `a` to `b` once each.
    const M: u64 = 65521;
    let (mut a, mut b) = (1u64, 0u64);
    for &x in head {
        a = (a + u64::from(x)) % M;
        b = (b + a) % M;
    }
    b = (b + a * (zeros % M)) % M;
    w.out.extend((((b << 16) | a) as u32).to_be_bytes());
    w.out
}

#[derive(Default)]
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    /// `len` bits of `v`, least significant first.
    fn put(&mut self, v: u64, len: u32) {
        self.acc |= v << self.n;
        self.n += len;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }
    /// A Huffman code: most significant bit first.
    fn code(&mut self, v: u64, len: u32) {
        let mut r = 0;
        for k in 0..len {
            r |= ((v >> k) & 1) << (len - 1 - k);
        }
        self.put(r, len);
    }
    fn flush(&mut self) {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.acc = 0;
        self.n = 0;
    }
}

/// `levels` compressed bundles, each the zstd (raw blocks) compression of the next,
/// the innermost holding a bundle with the tiny object.
pub fn nested_ccob(levels: usize) -> Vec<u8> {
    let obj = tiny_object();
    let mut b = bundle_raw(
        &[(
            "hipv4-amdgcn-amd-amdhsa--gfx906".to_string(),
            0,
            obj.len() as u64,
        )],
        &obj,
    );
    for _ in 0..levels {
        let n = b.len() as u64;
        b = ccob(1, &zstd_raw(&b), n);
    }
    b
}

/// `levels` plain bundles, each holding the next as its one entry, around a
/// compressed bundle of the tiny object (bundles in bundles: entries that are no
/// code objects). Made in one pass: each bundle is its header and then the next.
pub fn nested_plain(levels: usize) -> Vec<u8> {
    let core = nested_ccob(1);
    let id = b"hipv4-amdgcn-amd-amdhsa--gfx906";
    let header_len = 24 + 8 + 24 + id.len();
    let mut headers = Vec::with_capacity(levels * header_len + core.len());
    for k in 0..levels {
        // The bundle at depth k (0 outermost) holds the deeper ones and the core.
        let inner = (levels - 1 - k) * header_len + core.len();
        headers.extend_from_slice(b"__CLANG_OFFLOAD_BUNDLE__");
        headers.extend(1u64.to_le_bytes());
        headers.extend((header_len as u64).to_le_bytes());
        headers.extend((inner as u64).to_le_bytes());
        headers.extend((id.len() as u64).to_le_bytes());
        headers.extend_from_slice(id);
    }
    headers.extend(core);
    headers
}

/// The ELF64 section header table of `elf`: (offset, entry size, count).
fn shdrs(elf: &[u8]) -> (usize, usize, usize) {
    let u64_at = |o: usize| u64::from_le_bytes(elf[o..o + 8].try_into().unwrap()) as usize;
    let u16_at = |o: usize| u16::from_le_bytes(elf[o..o + 2].try_into().unwrap()) as usize;
    (u64_at(0x28), u16_at(0x3a), u16_at(0x3c))
}

/// The index of the first executable section.
fn text_index(elf: &[u8]) -> usize {
    let (off, size, n) = shdrs(elf);
    (0..n)
        .find(|k| {
            let h = off + k * size;
            elf[h + 8] & 4 != 0 // SHF_EXECINSTR
        })
        .unwrap()
}

/// The tiny object with `extra` more copies of its `.text` header: executable
/// sections that all cover the same bytes.
pub fn overlapping_sections(extra: usize) -> Vec<u8> {
    let mut elf = tiny_object();
    let (off, size, n) = shdrs(&elf);
    let text = text_index(&elf);
    let mut table = elf[off..off + size * n].to_vec();
    let text_hdr = elf[off + text * size..off + (text + 1) * size].to_vec();
    for _ in 0..extra {
        table.extend_from_slice(&text_hdr);
    }
    let new_off = elf.len().next_multiple_of(8);
    elf.resize(new_off, 0);
    elf.extend(table);
    elf[0x28..0x30].copy_from_slice(&(new_off as u64).to_le_bytes());
    elf[0x3c..0x3e].copy_from_slice(&((n + extra) as u16).to_le_bytes());
    elf
}

/// The tiny object with its `.text` at an address a few bytes below 2^64.
pub fn section_near_2_64() -> Vec<u8> {
    section_at(tiny_object(), u64::MAX - 1)
}

/// `elf` with its `.text` at `address`.
pub fn section_at(mut elf: Vec<u8>, address: u64) -> Vec<u8> {
    let (off, size, _) = shdrs(&elf);
    let h = off + text_index(&elf) * size;
    elf[h + 0x10..h + 0x18].copy_from_slice(&address.to_le_bytes());
    elf
}

/// `n` pseudo-random bytes (xorshift, fixed seed).
pub fn random_bytes(n: usize) -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut out = Vec::with_capacity(n + 8);
    while out.len() < n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.extend(x.to_le_bytes());
    }
    out.truncate(n);
    out
}

/// `n` lines, one `s_branch` every ten of them to a label ahead.
pub fn branches_every_ten(n: usize) -> String {
    let mut s = String::with_capacity(n * 12);
    for k in 0..n {
        if k % 10 == 0 {
            s.push_str(&format!("s_branch L{}\n", k / 10));
        } else if k % 10 == 5 {
            s.push_str(&format!("L{}:\n", k / 10));
        } else {
            s.push_str("s_nop 0\n");
        }
    }
    s
}

/// `n` branches, each to a label of its own defined after it.
pub fn branches_to_labels(n: usize) -> String {
    let mut s = String::with_capacity(n * 24);
    for k in 0..n {
        s.push_str(&format!("s_branch L{k}\nL{k}:\n"));
    }
    s
}

/// `n` branches to symbols never defined.
pub fn branches_to_undefined(n: usize) -> String {
    (0..n).map(|k| format!("s_branch undefined{k}\n")).collect()
}

/// `n` symbols set with `.set`, each used as an operand.
pub fn symbols(n: usize) -> String {
    (0..n)
        .map(|k| format!(".set S{k}, {}\ns_mov_b32 s0, S{k}\n", k % 1000))
        .collect()
}

/// Symbols and branches mixed.
pub fn branches_and_symbols(n: usize) -> String {
    let mut s = String::new();
    for k in 0..n {
        s.push_str(&format!(
            ".set C{k}, {k}\ns_branch B{k}\nB{k}:\ns_mov_b32 s0, C{k}\n"
        ));
    }
    s
}
