//! Clang offload bundles: the plain `__CLANG_OFFLOAD_BUNDLE__` layout, compressed
//! `CCOB` bundles (zlib via `miniz_oxide`, zstd via `ruzstd`), the bundles laid one
//! after another in a host's `.hip_fatbin` section, and the target ids in entry ids.
//! Entries come out as bytes; reading them as ELF is `elf.rs`'s business.

use super::amdgpu::mach_of;
use super::{malformed, read_u16, read_u32, read_u64, ElfError};
use std::borrow::Cow;

/// The magic of an uncompressed clang offload bundle.
pub const BUNDLE_MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
/// The magic of a compressed clang offload bundle.
pub const COMPRESSED_BUNDLE_MAGIC: &[u8] = b"CCOB";

/// One bundle entry: its id and contents (borrowed from the input, or owned when
/// the bundle was compressed).
pub(super) struct Entry<'a> {
    pub(super) id: String,
    pub(super) data: Cow<'a, [u8]>,
}

/// Reads one bundle (plain or compressed) at the start of `bytes` and returns its size.
pub(super) fn read_bundle<'a>(
    bytes: &'a [u8],
    out: &mut Vec<Entry<'a>>,
) -> Result<usize, ElfError> {
    if bytes.starts_with(COMPRESSED_BUNDLE_MAGIC) {
        let (plain, size) = decompress(bytes)?;
        let mut inner = Vec::new();
        read_bundle(&plain, &mut inner)?;
        out.extend(inner.into_iter().map(|e| Entry {
            id: e.id,
            data: Cow::Owned(e.data.into_owned()),
        }));
        return Ok(size);
    }
    if !bytes.starts_with(BUNDLE_MAGIC) {
        return Err(ElfError::UnknownFormat);
    }
    let trunc = |what: &str| malformed(format!("offload bundle truncated in {what}"));
    let count = read_u64(bytes, BUNDLE_MAGIC.len()).ok_or_else(|| trunc("the entry count"))?;
    let mut pos = BUNDLE_MAGIC.len() + 8;
    let mut end = pos;
    for k in 0..count {
        let field = |at: usize| read_u64(bytes, at).ok_or_else(|| trunc("an entry header"));
        let offset = field(pos)?;
        let size = field(pos + 8)?;
        let id_len = field(pos + 16)?;
        pos += 24;
        let id = usize::try_from(id_len)
            .ok()
            .and_then(|n| bytes.get(pos..pos.checked_add(n)?))
            .ok_or_else(|| trunc("an entry id"))?;
        pos += id.len();
        let id = String::from_utf8_lossy(id).into_owned();
        let data = offset
            .checked_add(size)
            .and_then(|e| bytes.get(usize::try_from(offset).ok()?..usize::try_from(e).ok()?))
            .ok_or_else(|| {
                malformed(format!(
                    "offload bundle entry {k} ('{id}') at {offset:#x}+{size:#x} lies \
                     outside the {:#x}-byte bundle",
                    bytes.len()
                ))
            })?;
        end = end.max(offset as usize + size as usize);
        out.push(Entry {
            id,
            data: Cow::Borrowed(data),
        });
    }
    Ok(end.max(pos))
}

/// Reads the bundles laid one after another in a `.hip_fatbin` section (each
/// starting at a bundle magic; padding between them is skipped).
pub(super) fn read_bundles<'a>(bytes: &'a [u8], out: &mut Vec<Entry<'a>>) -> Result<(), ElfError> {
    let mut pos = 0;
    while let Some(at) = find_bundle(bytes, pos) {
        let size = read_bundle(&bytes[at..], out)?;
        pos = at + size.max(1);
    }
    Ok(())
}

/// The offset of the next bundle magic at or after `from`.
fn find_bundle(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    rest.windows(4).enumerate().find_map(|(k, w)| {
        let here = &rest[k..];
        ((w == b"__CL" && here.starts_with(BUNDLE_MAGIC))
            || (w == COMPRESSED_BUNDLE_MAGIC && read_u16(here, 4).is_some_and(|v| v <= 3)))
        .then_some(from + k)
    })
}

/// Decompresses a `CCOB` bundle: returns the plain bundle and the compressed size.
///
/// Header (little-endian): magic, u16 version, u16 method (0 zlib, 1 zstd), then
/// v1: u32 uncompressed size, u64 hash; v2: u32 total size, u32 uncompressed size,
/// u64 hash; v3: u64 total size, u64 uncompressed size, u64 hash.
fn decompress(bytes: &[u8]) -> Result<(Vec<u8>, usize), ElfError> {
    let short = || ElfError::Compressed("header truncated".into());
    let version = read_u16(bytes, 4).ok_or_else(short)?;
    let method = read_u16(bytes, 6).ok_or_else(short)?;
    let (header, total, plain_size) = match version {
        1 => (20, None, u64::from(read_u32(bytes, 8).ok_or_else(short)?)),
        2 => (
            24,
            Some(u64::from(read_u32(bytes, 8).ok_or_else(short)?)),
            u64::from(read_u32(bytes, 12).ok_or_else(short)?),
        ),
        3 => (
            32,
            Some(read_u64(bytes, 8).ok_or_else(short)?),
            read_u64(bytes, 16).ok_or_else(short)?,
        ),
        v => return Err(ElfError::Compressed(format!("unknown version {v}"))),
    };
    if bytes.len() < header {
        return Err(short());
    }
    let total = match total {
        Some(t) => usize::try_from(t)
            .ok()
            .filter(|&t| t >= header && t <= bytes.len())
            .ok_or_else(|| {
                ElfError::Compressed(format!(
                    "total size {t} does not fit the {} bytes available",
                    bytes.len()
                ))
            })?,
        None => bytes.len(),
    };
    let data = &bytes[header..total];
    // The header's size bounds the output; allocations never trust it further.
    let limit = usize::try_from(plain_size).unwrap_or(usize::MAX);
    let plain = match method {
        0 => miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(data, limit)
            .map_err(|e| ElfError::Compressed(format!("zlib: {e}")))?,
        1 => {
            use std::io::Read;
            let mut src = data;
            let dec = ruzstd::decoding::StreamingDecoder::new(&mut src)
                .map_err(|e| ElfError::Compressed(format!("zstd: {e}")))?;
            let mut plain = Vec::with_capacity(limit.min(1 << 26));
            dec.take((limit as u64).saturating_add(1))
                .read_to_end(&mut plain)
                .map_err(|e| ElfError::Compressed(format!("zstd: {e}")))?;
            plain
        }
        m => {
            return Err(ElfError::Compressed(format!(
                "unknown compression method {m} (0 is zlib, 1 is zstd)"
            )))
        }
    };
    if plain.len() as u64 != plain_size {
        return Err(ElfError::Compressed(format!(
            "decompressed to {} bytes, the header says {plain_size}",
            plain.len()
        )));
    }
    Ok((plain, total))
}

/// Splits a bundle entry id `KIND-TRIPLE-TARGETID` and returns the target id of
/// an AMDGPU entry (`gfx906:xnack-`), or `None` for host and other entries.
///
/// `hipv4-amdgcn-amd-amdhsa--gfx906:xnack-` and `hip-amdgcn-amd-amdhsa-gfx906`
/// (a triple without environment) both give `gfx906...`.
pub fn amdgpu_target_id(id: &str) -> Option<&str> {
    let (_kind, rest) = id.split_once('-')?;
    let mut parts = rest.splitn(4, '-');
    let arch = parts.next()?;
    if arch != "amdgcn" && arch != "r600" {
        return None;
    }
    let _vendor = parts.next()?;
    let _os = parts.next()?;
    let tail = parts.next()?;
    // An empty or named environment sits before the processor.
    let target = if tail.starts_with("gfx") || mach_of(tail.split(':').next()?).is_some() {
        tail
    } else {
        tail.split_once('-').map(|(_, t)| t)?
    };
    (!target.is_empty()).then_some(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundle_ids() {
        for (id, want) in [
            ("hipv4-amdgcn-amd-amdhsa--gfx906", Some("gfx906")),
            (
                "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-",
                Some("gfx90a:xnack-"),
            ),
            ("hip-amdgcn-amd-amdhsa-gfx906:xnack-", Some("gfx906:xnack-")),
            (
                "hipv4-amdgcn-amd-amdhsa--gfx9-generic",
                Some("gfx9-generic"),
            ),
            ("openmp-amdgcn-amd-amdhsa-elf-gfx908", Some("gfx908")),
            ("host-x86_64-unknown-linux-gnu-", None),
            ("host-x86_64-unknown-linux-gnu", None),
            ("hipv4-amdgcn-amd-amdhsa--", None),
            ("garbage", None),
        ] {
            assert_eq!(amdgpu_target_id(id), want, "{id}");
        }
    }
}
