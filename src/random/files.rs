//! Generators of whole files from `arbitrary` bytes: assembly programs with sections,
//! labels, symbols, data and alignment directives around generated instructions, and
//! code-object containers (offload bundles, compressed `CCOB` bundles, nested ones)
//! around objects, damaged on request. Shared by the property tests (tests/props.rs),
//! the hostile-input suite (tests/hostile.rs) and the `objfile` and `asm_file` fuzz
//! targets.

use super::inst;
use crate::isa::OpId;
use crate::target::Target;
use arbitrary::{Result, Unstructured};
use std::fmt::Write;

/// An assembly file for `target`: sections, global and local labels, branches to
/// them, `.set` symbols and expressions over them, data and alignment directives,
/// `.type`/`.size`, comments, and generated instructions.
pub fn program(target: Target, rows: &[OpId], u: &mut Unstructured) -> Result<String> {
    let mut s = String::new();
    let labels = u.int_in_range(1..=6u32)?;
    let mut defined = 0;
    let lines = u.int_in_range(1..=40u32)?;
    let _ = writeln!(s, ".text");
    for _ in 0..lines {
        match u.int_in_range(0..=15u8)? {
            0 if defined < labels => {
                if u.ratio(1, 3)? {
                    let _ = writeln!(s, ".globl L{defined}\n.type L{defined},@function");
                }
                let _ = writeln!(s, "L{defined}:");
                defined += 1;
            }
            1 => {
                let b = [
                    "s_branch",
                    "s_cbranch_scc0",
                    "s_cbranch_vccnz",
                    "s_cbranch_execz",
                ];
                let to = u.int_in_range(0..=labels - 1)?;
                let _ = writeln!(s, "  {} L{to}", u.choose(&b)?);
            }
            2 => {
                let v: i32 = u.int_in_range(-100..=100)?;
                let k = u.int_in_range(0..=3u8)?;
                let _ = writeln!(s, ".set S{k}, {v}");
            }
            3 => {
                let d = u.choose(&[".short", ".long", ".quad", ".4byte"])?;
                let e = expr(u)?;
                let _ = writeln!(s, "  {d} {e}");
            }
            12 => {
                let _ = writeln!(s, "  .byte {}, {}", u8::arbitrary(u)?, u8::arbitrary(u)?);
            }
            4 => {
                let a = u.int_in_range(0..=6u8)?;
                let _ = writeln!(s, "  .p2align {a}");
            }
            5 => {
                // (Not .bss: most lines would be refused there.)
                let sec =
                    u.choose(&[".text", ".text", ".data", ".rodata", ".section .foo,\"a\""])?;
                let _ = writeln!(s, "{sec}");
            }
            6 => {
                let n = u.int_in_range(0..=16u8)?;
                let which = u.choose(&[".zero", ".skip", ".space"])?;
                let _ = writeln!(s, "  {which} {n}");
            }
            7 => {
                let (n, w, v) = (
                    u.int_in_range(0..=8u8)?,
                    u.int_in_range(1..=8u8)?,
                    u8::arbitrary(u)?,
                );
                let _ = writeln!(s, "  .fill {n}, {w}, {v}");
            }
            8 => {
                let text: String = (0..u.int_in_range(0..=8u8)?)
                    .map(|_| u.choose(b"abc xyz\\n\\t").map(|&c| c as char))
                    .collect::<Result<_>>()?;
                let d = u.choose(&[".ascii", ".asciz", ".string"])?;
                let _ = writeln!(s, "  {d} \"{}\"", text.replace('\\', "\\\\"));
            }
            9 if defined > 0 => {
                let k = u.int_in_range(0..=defined - 1)?;
                let _ = writeln!(s, ".size L{k}, .-L{k}");
            }
            10 => {
                let _ = writeln!(s, "  // comment {}", u8::arbitrary(u)?);
            }
            _ => {
                let i = inst(target, rows, u)?;
                let _ = writeln!(s, "  {}", i.display(target));
            }
        }
    }
    while defined < labels {
        let _ = writeln!(s, ".text\nL{defined}:\n  s_endpgm");
        defined += 1;
    }
    Ok(s)
}

use arbitrary::Arbitrary;

/// A small expression over numbers and the `.set` symbols.
fn expr(u: &mut Unstructured) -> Result<String> {
    let a = match u.int_in_range(0..=2u8)? {
        0 => format!("S{}", u.int_in_range(0..=3u8)?),
        _ => u.int_in_range(-300..=300i32)?.to_string(),
    };
    Ok(match u.int_in_range(0..=3u8)? {
        0 => a,
        1 => format!("{a} + {}", u.int_in_range(0..=9u8)?),
        2 => format!("({a}) * 2"),
        _ => format!("-{a}"),
    })
}

/// An uncompressed clang offload bundle of `entries` (id, contents).
pub fn bundle(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut head = crate::code_object::BUNDLE_MAGIC.to_vec();
    head.extend((entries.len() as u64).to_le_bytes());
    let header_len = head.len() + entries.iter().map(|(id, _)| 24 + id.len()).sum::<usize>();
    let mut offset = header_len as u64;
    let mut body = Vec::new();
    for (id, data) in entries {
        head.extend(offset.to_le_bytes());
        head.extend((data.len() as u64).to_le_bytes());
        head.extend((id.len() as u64).to_le_bytes());
        head.extend(id.as_bytes());
        body.extend_from_slice(data);
        offset += data.len() as u64;
    }
    head.extend(body);
    head
}

/// A compressed `CCOB` bundle (version 3) around a compressed `stream` (method 0
/// zlib, 1 zstd), its header claiming `claim` uncompressed bytes.
pub fn ccob(method: u16, stream: &[u8], claim: u64) -> Vec<u8> {
    let mut c = crate::code_object::COMPRESSED_BUNDLE_MAGIC.to_vec();
    c.extend(3u16.to_le_bytes());
    c.extend(method.to_le_bytes());
    c.extend((32 + stream.len() as u64).to_le_bytes());
    c.extend(claim.to_le_bytes());
    c.extend(0u64.to_le_bytes());
    c.extend_from_slice(stream);
    c
}

/// A zstd frame holding `data` as it is (raw blocks of up to 128 KiB).
pub fn zstd_raw(data: &[u8]) -> Vec<u8> {
    let mut f = 0xfd2f_b528u32.to_le_bytes().to_vec();
    // No content size; a 128 KiB window.
    f.extend([0, 7 << 3]);
    let chunks: Vec<&[u8]> = if data.is_empty() {
        vec![&[]]
    } else {
        data.chunks(1 << 17).collect()
    };
    for (k, c) in chunks.iter().enumerate() {
        let last = k + 1 == chunks.len();
        let h = (last as u32) | ((c.len() as u32) << 3);
        f.extend(&h.to_le_bytes()[..3]);
        f.extend_from_slice(c);
    }
    f
}

/// Wraps code objects the ways a reader meets them: bare, in a bundle (with a host
/// entry, repeated entries, odd ids), compressed with zlib or zstd, nested; then
/// damages a few bytes or fields, or not.
pub fn container(objects: &[Vec<u8>], u: &mut Unstructured) -> Result<Vec<u8>> {
    let ids = [
        "hipv4-amdgcn-amd-amdhsa--gfx906",
        "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-",
        "hip-amdgcn-amd-amdhsa-gfx900",
        "host-x86_64-unknown-linux-gnu-",
        "openmp-amdgcn-amd-amdhsa-elf-gfx908",
        "garbage",
    ];
    let mut out = match u.int_in_range(0..=4u8)? {
        0 => u.choose(objects)?.clone(),
        _ => {
            let n = u.int_in_range(1..=4usize)?;
            let mut entries: Vec<(&str, &[u8])> = Vec::new();
            for _ in 0..n {
                entries.push((u.choose(&ids)?, u.choose(objects)?.as_slice()));
            }
            bundle(&entries)
        }
    };
    for _ in 0..u.int_in_range(0..=2u8)? {
        let claim = out.len() as u64;
        out = if u.ratio(1, 2)? {
            ccob(
                0,
                &miniz_oxide::deflate::compress_to_vec_zlib(&out, 1),
                claim,
            )
        } else {
            ccob(1, &zstd_raw(&out), claim)
        };
    }
    // Damage: bytes overwritten, or the file cut short.
    for _ in 0..u.int_in_range(0..=3u8)? {
        if out.is_empty() {
            break;
        }
        let at = u.int_in_range(0..=out.len() - 1)?;
        match u.int_in_range(0..=3u8)? {
            0 => out.truncate(at),
            1 => {
                let v = u64::arbitrary(u)?.to_le_bytes();
                let end = (at + 8).min(out.len());
                out[at..end].copy_from_slice(&v[..end - at]);
            }
            _ => out[at] = u8::arbitrary(u)?,
        }
    }
    Ok(out)
}
