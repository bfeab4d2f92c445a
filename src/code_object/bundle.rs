//! Clang offload bundles: the plain `__CLANG_OFFLOAD_BUNDLE__` layout, compressed
//! `CCOB` bundles (zlib via `miniz_oxide`, zstd via `ruzstd`), the bundles laid one
//! after another in a host's `.hip_fatbin` section, and the target ids in entry ids.
//! Entries come out as bytes; reading them as ELF is `elf.rs`'s business.

use super::amdgpu::mach_of;
use super::{malformed, read_u16, read_u32, read_u64, Bytes, ElfError, Limits};

/// The magic of an uncompressed clang offload bundle.
pub const BUNDLE_MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
/// The magic of a compressed clang offload bundle.
pub const COMPRESSED_BUNDLE_MAGIC: &[u8] = b"CCOB";

/// One bundle entry: its id and contents.
pub(super) struct Entry<'a> {
    pub(super) id: String,
    pub(super) data: Data<'a>,
}

/// An entry's contents: borrowed from the input, or shared with their owner (a
/// decompressed bundle that all its entries share, or input given as [`Bytes`]):
/// entries that name the same bytes are not copied.
pub(super) enum Data<'a> {
    Borrowed(&'a [u8]),
    Shared(Bytes),
}

impl Data<'_> {
    pub(super) fn bytes(&self) -> &[u8] {
        match self {
            Data::Borrowed(b) => b,
            Data::Shared(b) => b,
        }
    }
}

/// What reading bundles may still spend: decompressed bytes left, and how deep
/// compressed bundles may still nest.
pub(super) struct Budget {
    left: u64,
    limit: u64,
    depth: usize,
    max_depth: usize,
}

impl Budget {
    pub(super) fn new(limits: &Limits) -> Budget {
        Budget {
            left: limits.max_decompressed,
            limit: limits.max_decompressed,
            depth: 0,
            max_depth: limits.max_nesting,
        }
    }
}

/// Reads one bundle (plain or compressed) at the start of `bytes` and returns its size.
pub(super) fn read_bundle<'a>(
    bytes: &'a [u8],
    out: &mut Vec<Entry<'a>>,
    budget: &mut Budget,
) -> Result<usize, ElfError> {
    if bytes.starts_with(COMPRESSED_BUNDLE_MAGIC) {
        if budget.depth >= budget.max_depth {
            return Err(ElfError::OverLimit(format!(
                "compressed offload bundles nested more than {} deep",
                budget.max_depth
            )));
        }
        let (plain, size) =
            decompress(bytes, budget).map_err(|e| inside_compressed(e, budget.depth))?;
        let plain = Bytes::from(plain);
        let mut inner = Vec::new();
        budget.depth += 1;
        let read = read_bundle(&plain, &mut inner, budget);
        budget.depth -= 1;
        // Said once, where the error is: inside the innermost compressed bundle.
        let innermost = !plain.starts_with(COMPRESSED_BUNDLE_MAGIC);
        read.map_err(|e| match innermost {
            true => inside_compressed(e, budget.depth + 1),
            false => e,
        })?;
        // Entries borrowed from `plain` become ranges of it (entries of a bundle
        // nested deeper already share theirs).
        let shared: Vec<(String, Bytes)> = inner
            .into_iter()
            .map(|e| match e.data {
                Data::Borrowed(b) => (e.id, plain.slice_of(b)),
                Data::Shared(b) => (e.id, Some(b)),
            })
            .map(|(id, b)| {
                Ok((
                    id,
                    b.ok_or_else(|| malformed("an entry outside its bundle"))?,
                ))
            })
            .collect::<Result<_, ElfError>>()?;
        out.extend(shared.into_iter().map(|(id, b)| Entry {
            id,
            data: Data::Shared(b),
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
        let id = super::text(id);
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
            data: Data::Borrowed(data),
        });
    }
    Ok(end.max(pos))
}

/// Reads the bundles laid one after another in a `.hip_fatbin` section (each
/// starting at a bundle magic; padding between them is skipped).
pub(super) fn read_bundles<'a>(
    bytes: &'a [u8],
    out: &mut Vec<Entry<'a>>,
    budget: &mut Budget,
) -> Result<(), ElfError> {
    let mut pos = 0;
    while let Some(at) = find_bundle(bytes, pos) {
        let size = read_bundle(&bytes[at..], out, budget)
            .map_err(|e| at_offset(e, at, "in the bundle at offset"))?;
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
/// Says where an error of a bundle inside other data happened.
fn at_offset(e: ElfError, at: usize, what: &str) -> ElfError {
    match e {
        ElfError::Malformed(m) => ElfError::Malformed(format!("{m} ({what} {at:#x})")),
        ElfError::Compressed(m) => ElfError::Compressed(format!("{m} ({what} {at:#x})")),
        ElfError::OverLimit(m) => ElfError::OverLimit(format!("{m} ({what} {at:#x})")),
        e => e,
    }
}

/// Says that an error happened inside `depth` compressed bundles (none: as it is).
fn inside_compressed(e: ElfError, depth: usize) -> ElfError {
    if depth == 0 {
        return e;
    }
    let m = |m: String| format!("{m} (inside {depth} compressed bundle(s))");
    match e {
        ElfError::Malformed(s) => ElfError::Malformed(m(s)),
        ElfError::Compressed(s) => ElfError::Compressed(m(s)),
        ElfError::OverLimit(s) => ElfError::OverLimit(m(s)),
        e => e,
    }
}

fn decompress(bytes: &[u8], budget: &mut Budget) -> Result<(Vec<u8>, usize), ElfError> {
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
    // The header's size bounds the output, and the budget bounds the header's size:
    // nothing is allocated before both are checked.
    if plain_size > budget.left {
        return Err(ElfError::OverLimit(format!(
            "the header says it decompresses to {plain_size} bytes, over the limit of {} \
             bytes{}",
            budget.limit,
            if budget.left < budget.limit {
                format!(" ({} left after the bundles before it)", budget.left)
            } else {
                String::new()
            }
        )));
    }
    budget.left -= plain_size;
    let limit = usize::try_from(plain_size).unwrap_or(usize::MAX);
    let more = || {
        ElfError::Compressed(format!(
            "the stream decompresses to more than the {plain_size} bytes its header says"
        ))
    };
    let plain = match method {
        0 => miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(data, limit).map_err(|e| {
            match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => more(),
                _ => ElfError::Compressed(format!("zlib: {e}")),
            }
        })?,
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
    if plain.len() as u64 > plain_size {
        return Err(more());
    }
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
