//! Code-object input for the disassembler: AMDGPU ELF files (relocatable `.o` or
//! shared `.hsaco`), clang offload bundles (plain `__CLANG_OFFLOAD_BUNDLE__` and
//! compressed `CCOB`, zlib or zstd), and host ELF files that carry bundles in a
//! `.hip_fatbin` section (HIP libraries).
//!
//! [`load`] returns one [`CodeObject`] per AMDGPU ELF found, each with its target
//! (from `e_flags`) and its executable sections, with the symbols that
//! `llvm-objdump -d` prints as `<name>:` labels.
//!
//! ```
//! let bytes = std::fs::read("tests/data/tiny-gfx906.o").unwrap();
//! let objs = amdgpu_mc::elf::load(&bytes, None).unwrap();
//! assert_eq!(objs[0].target.as_deref(), Some("gfx906"));
//! let text = &objs[0].sections[0];
//! assert_eq!(text.name, ".text");
//! assert!(text.symbols.iter().any(|(_, name)| name == "saxpy"));
//! ```
//!
//! Malformed input of any kind gives an [`ElfError`], never a panic.

use object::elf;
use object::read::elf::{FileHeader, SectionHeader, Sym};
use object::Endianness;
use std::fmt;

/// `e_machine` of AMDGPU code objects.
pub const EM_AMDGPU: u16 = 224;
/// `EI_OSABI` of code objects for the HSA runtime.
pub const ELFOSABI_AMDGPU_HSA: u8 = 64;
/// The magic of an uncompressed clang offload bundle.
pub const BUNDLE_MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
/// The magic of a compressed clang offload bundle.
pub const COMPRESSED_BUNDLE_MAGIC: &[u8] = b"CCOB";

/// The `EF_AMDGPU_MACH` field of `e_flags`.
pub const EF_AMDGPU_MACH: u32 = 0x0ff;

/// `EF_AMDGPU_MACH` values and the processor (`-mcpu`) names they stand for, as
/// LLVM's `ELF.h` and AMDGPUUsage define them.
pub const MACHS: &[(u32, &str)] = &[
    (0x001, "r600"),
    (0x002, "rv630"),
    (0x003, "rs880"),
    (0x004, "rv670"),
    (0x005, "rv710"),
    (0x006, "rv730"),
    (0x007, "rv770"),
    (0x008, "cedar"),
    (0x009, "cypress"),
    (0x00a, "juniper"),
    (0x00b, "redwood"),
    (0x00c, "sumo"),
    (0x00d, "barts"),
    (0x00e, "caicos"),
    (0x00f, "cayman"),
    (0x010, "turks"),
    (0x020, "gfx600"),
    (0x021, "gfx601"),
    (0x022, "gfx700"),
    (0x023, "gfx701"),
    (0x024, "gfx702"),
    (0x025, "gfx703"),
    (0x026, "gfx704"),
    (0x028, "gfx801"),
    (0x029, "gfx802"),
    (0x02a, "gfx803"),
    (0x02b, "gfx810"),
    (0x02c, "gfx900"),
    (0x02d, "gfx902"),
    (0x02e, "gfx904"),
    (0x02f, "gfx906"),
    (0x030, "gfx908"),
    (0x031, "gfx909"),
    (0x032, "gfx90c"),
    (0x033, "gfx1010"),
    (0x034, "gfx1011"),
    (0x035, "gfx1012"),
    (0x036, "gfx1030"),
    (0x037, "gfx1031"),
    (0x038, "gfx1032"),
    (0x039, "gfx1033"),
    (0x03a, "gfx602"),
    (0x03b, "gfx705"),
    (0x03c, "gfx805"),
    (0x03d, "gfx1035"),
    (0x03e, "gfx1034"),
    (0x03f, "gfx90a"),
    (0x040, "gfx940"),
    (0x041, "gfx1100"),
    (0x042, "gfx1013"),
    (0x043, "gfx1150"),
    (0x044, "gfx1103"),
    (0x045, "gfx1036"),
    (0x046, "gfx1101"),
    (0x047, "gfx1102"),
    (0x048, "gfx1200"),
    (0x049, "gfx1250"),
    (0x04a, "gfx1151"),
    (0x04b, "gfx941"),
    (0x04c, "gfx942"),
    (0x04e, "gfx1201"),
    (0x04f, "gfx950"),
    (0x051, "gfx9-generic"),
    (0x052, "gfx10-1-generic"),
    (0x053, "gfx10-3-generic"),
    (0x054, "gfx11-generic"),
    (0x055, "gfx1152"),
    (0x058, "gfx1153"),
    (0x059, "gfx12-generic"),
    (0x05f, "gfx9-4-generic"),
];

/// The processor name of an `EF_AMDGPU_MACH` value.
pub fn mach_name(mach: u32) -> Option<&'static str> {
    MACHS.iter().find(|(m, _)| *m == mach).map(|(_, n)| *n)
}

/// The `EF_AMDGPU_MACH` value of a processor name.
pub fn mach_of(name: &str) -> Option<u32> {
    MACHS.iter().find(|(_, n)| *n == name).map(|(m, _)| *m)
}

/// Code object V2 has no `EF_AMDGPU_MACH`; its `NT_AMD_HSA_ISA_VERSION` note names
/// the processor as major:minor:stepping (AMDGPUUsage's table for V2).
const V2_ISA: &[((u32, u32, u32), &str, Feature)] = &[
    ((6, 0, 0), "gfx600", Feature::Unsupported),
    ((6, 0, 1), "gfx601", Feature::Unsupported),
    ((6, 0, 2), "gfx602", Feature::Unsupported),
    ((7, 0, 0), "gfx700", Feature::Unsupported),
    ((7, 0, 1), "gfx701", Feature::Unsupported),
    ((7, 0, 2), "gfx702", Feature::Unsupported),
    ((7, 0, 3), "gfx703", Feature::Unsupported),
    ((7, 0, 4), "gfx704", Feature::Unsupported),
    ((7, 0, 5), "gfx705", Feature::Unsupported),
    ((8, 0, 0), "gfx802", Feature::Unsupported),
    ((8, 0, 1), "gfx801", Feature::On),
    ((8, 0, 2), "gfx802", Feature::Unsupported),
    ((8, 0, 3), "gfx803", Feature::Unsupported),
    ((8, 0, 4), "gfx803", Feature::Unsupported),
    ((8, 0, 5), "gfx805", Feature::Unsupported),
    ((8, 1, 0), "gfx810", Feature::On),
    ((9, 0, 0), "gfx900", Feature::Off),
    ((9, 0, 1), "gfx900", Feature::On),
    ((9, 0, 2), "gfx902", Feature::Off),
    ((9, 0, 3), "gfx902", Feature::On),
    ((9, 0, 4), "gfx904", Feature::Off),
    ((9, 0, 5), "gfx904", Feature::On),
    ((9, 0, 6), "gfx906", Feature::Off),
    ((9, 0, 7), "gfx906", Feature::On),
    ((9, 0, 12), "gfx90c", Feature::Off),
];

/// The setting of a target feature (`xnack`, `sramecc`) recorded in `e_flags`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Feature {
    /// Not supported by the processor, or not recorded (code object V2/V3).
    #[default]
    Unsupported,
    /// Supported, code works either way (no `+`/`-` in the target id).
    Any,
    /// `feature-`
    Off,
    /// `feature+`
    On,
}

impl Feature {
    /// Decodes a two-bit V4+ field (0 unsupported, 1 any, 2 off, 3 on).
    fn from_v4(bits: u32) -> Feature {
        match bits & 3 {
            0 => Feature::Unsupported,
            1 => Feature::Any,
            2 => Feature::Off,
            _ => Feature::On,
        }
    }
    fn suffix(self) -> Option<char> {
        match self {
            Feature::On => Some('+'),
            Feature::Off => Some('-'),
            _ => None,
        }
    }
}

/// One AMDGPU ELF code object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeObject {
    /// The processor (`-mcpu` name: `gfx906`, `cedar`, ...) from `EF_AMDGPU_MACH`, or
    /// from the V2 ISA note; `None` when neither names a known processor.
    pub target: Option<String>,
    pub xnack: Feature,
    pub sramecc: Feature,
    /// Raw `e_flags`.
    pub e_flags: u32,
    /// `EI_OSABI` (64 = HSA, 65 = PAL, 66 = Mesa) and `EI_ABIVERSION`.
    pub os_abi: u8,
    pub abi_version: u8,
    /// `ET_REL` (1) for `.o`, `ET_DYN` (3) for `.hsaco`.
    pub e_type: u16,
    /// The offload-bundle entry id this object came from, if any
    /// (`hipv4-amdgcn-amd-amdhsa--gfx906:xnack-`).
    pub bundle_id: Option<String>,
    /// Executable (`SHF_EXECINSTR`) sections, in section-table order.
    pub sections: Vec<CodeSection>,
    /// The whole ELF file, as found (for tools that want to write it out, such as
    /// a comparison with llvm-objdump, or an unbundler).
    pub image: Vec<u8>,
}

impl CodeObject {
    /// The HSA code object version (2 to 6), for objects for the HSA runtime.
    pub fn code_object_version(&self) -> Option<u32> {
        (self.os_abi == ELFOSABI_AMDGPU_HSA).then(|| u32::from(self.abi_version) + 2)
    }

    /// The target id as clang spells it: `gfx90a:sramecc+:xnack-` (only features set
    /// on or off are listed, alphabetically).
    pub fn target_id(&self) -> Option<String> {
        let mut s = self.target.clone()?;
        for (name, f) in [("sramecc", self.sramecc), ("xnack", self.xnack)] {
            if let Some(c) = f.suffix() {
                s.push(':');
                s.push_str(name);
                s.push(c);
            }
        }
        Some(s)
    }
}

/// An executable section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeSection {
    pub name: String,
    /// `sh_addr`: 0 in relocatable objects, the load address in shared objects.
    pub address: u64,
    pub bytes: Vec<u8>,
    /// Symbols inside the section as (offset from the section start, name), sorted by
    /// offset: functions, kernels and labels, the ones llvm-objdump prints as `<name>:`.
    pub symbols: Vec<(u64, String)>,
}

impl CodeSection {
    /// The section split at its symbols: (offset, symbols starting there, bytes up to
    /// the next symbol). Bytes before the first symbol form a region with no names.
    /// llvm-objdump starts decoding afresh at each symbol, so this is the unit to
    /// disassemble.
    pub fn regions(&self) -> Vec<(u64, Vec<&str>, &[u8])> {
        let len = self.bytes.len() as u64;
        let mut starts: Vec<u64> = self
            .symbols
            .iter()
            .map(|(o, _)| *o)
            .filter(|&o| o < len)
            .collect();
        starts.dedup();
        if starts.first() != Some(&0) {
            starts.insert(0, 0);
        }
        let mut out = Vec::new();
        for (k, &start) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(len);
            let names = self
                .symbols
                .iter()
                .filter(|(o, _)| *o == start)
                .map(|(_, n)| n.as_str())
                .collect();
            out.push((start, names, &self.bytes[start as usize..end as usize]));
        }
        if len == 0 {
            out.clear();
        }
        out
    }
}

/// Why input could not be read as code objects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElfError {
    /// Neither an ELF file nor an offload bundle.
    UnknownFormat,
    /// An ELF file for another machine, with no `.hip_fatbin` section.
    NotAmdgpu { machine: u16 },
    /// A truncated or inconsistent header, section or bundle.
    Malformed(String),
    /// A compressed bundle that could not be decompressed.
    Compressed(String),
    /// Bundles that hold no code object for the requested target.
    NoSuchTarget {
        want: String,
        available: Vec<String>,
    },
    /// Bundles (or a `.hip_fatbin` section) with no AMDGPU code object at all.
    NoCodeObjects,
}

impl fmt::Display for ElfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElfError::UnknownFormat => f.write_str(
                "not an ELF file nor a clang offload bundle (no \\x7fELF, \
                 __CLANG_OFFLOAD_BUNDLE__ or CCOB magic)",
            ),
            ElfError::NotAmdgpu { machine } => write!(
                f,
                "not an AMDGPU code object: ELF machine {machine} (AMDGPU is {EM_AMDGPU}) \
                 and no .hip_fatbin section"
            ),
            ElfError::Malformed(what) => write!(f, "malformed code object: {what}"),
            ElfError::Compressed(what) => write!(f, "compressed offload bundle: {what}"),
            ElfError::NoSuchTarget { want, available } => {
                write!(f, "no code object for target '{want}'; the input has: ")?;
                if available.is_empty() {
                    f.write_str("none")
                } else {
                    f.write_str(&available.join(", "))
                }
            }
            ElfError::NoCodeObjects => f.write_str("no AMDGPU code object in the input"),
        }
    }
}

impl std::error::Error for ElfError {}

fn malformed(what: impl fmt::Display) -> ElfError {
    ElfError::Malformed(what.to_string())
}

/// Reads code objects from `bytes`: an AMDGPU ELF, an offload bundle (plain or
/// compressed), or a host ELF with a `.hip_fatbin` section.
///
/// `want` (an `-mcpu` name such as `gfx906`, or a full target id such as
/// `gfx90a:xnack+`) selects bundle entries; with `None` every AMDGPU entry is taken.
/// A bare AMDGPU ELF is returned whatever its target.
/// Whether `bytes` start like an ELF file or a (compressed) offload bundle.
pub fn looks_like_code_object(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF")
        || bytes.starts_with(BUNDLE_MAGIC)
        || bytes.starts_with(COMPRESSED_BUNDLE_MAGIC)
}

pub fn load(bytes: &[u8], want: Option<&str>) -> Result<Vec<CodeObject>, ElfError> {
    if bytes.starts_with(BUNDLE_MAGIC) || bytes.starts_with(COMPRESSED_BUNDLE_MAGIC) {
        let mut entries = Vec::new();
        read_bundle(bytes, &mut entries)?;
        return select(entries, want);
    }
    if !bytes.starts_with(&elf::ELFMAG) {
        return Err(ElfError::UnknownFormat);
    }
    let elf = Elf::parse(bytes)?;
    if elf.machine == EM_AMDGPU {
        return Ok(vec![code_object(&elf, bytes)?]);
    }
    match elf.section_data(bytes, ".hip_fatbin")? {
        Some(fatbin) => {
            let mut entries = Vec::new();
            read_bundles(fatbin, &mut entries)?;
            select(entries, want)
        }
        None => Err(ElfError::NotAmdgpu {
            machine: elf.machine,
        }),
    }
}

/// The AMDGPU target ids of the entries of the bundles in `bytes` (an offload
/// bundle or a host ELF with a `.hip_fatbin` section), without reading the entries.
pub fn bundle_targets(bytes: &[u8]) -> Result<Vec<String>, ElfError> {
    let mut entries = Vec::new();
    if bytes.starts_with(&elf::ELFMAG) {
        let elf = Elf::parse(bytes)?;
        match elf.section_data(bytes, ".hip_fatbin")? {
            Some(fatbin) => read_bundles(fatbin, &mut entries)?,
            None => return Ok(Vec::new()),
        }
    } else {
        read_bundle(bytes, &mut entries)?;
    }
    let mut ids: Vec<String> = entries
        .iter()
        .filter_map(|e| amdgpu_target_id(&e.id).map(str::to_string))
        .collect();
    ids.sort();
    ids.dedup();
    Ok(ids)
}

// ---------------------------------------------------------------------------
// Offload bundles

/// One bundle entry: its id and contents (borrowed from the input, or owned when
/// the bundle was compressed).
struct Entry<'a> {
    id: String,
    data: std::borrow::Cow<'a, [u8]>,
}

fn read_u64(bytes: &[u8], at: usize) -> Option<u64> {
    let b = bytes.get(at..at.checked_add(8)?)?;
    Some(u64::from_le_bytes(b.try_into().ok()?))
}

fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes(b.try_into().ok()?))
}

fn read_u16(bytes: &[u8], at: usize) -> Option<u16> {
    let b = bytes.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes(b.try_into().ok()?))
}

/// Reads one bundle (plain or compressed) at the start of `bytes` and returns its size.
fn read_bundle<'a>(bytes: &'a [u8], out: &mut Vec<Entry<'a>>) -> Result<usize, ElfError> {
    if bytes.starts_with(COMPRESSED_BUNDLE_MAGIC) {
        let (plain, size) = decompress(bytes)?;
        let mut inner = Vec::new();
        read_bundle(&plain, &mut inner)?;
        out.extend(inner.into_iter().map(|e| Entry {
            id: e.id,
            data: std::borrow::Cow::Owned(e.data.into_owned()),
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
            data: std::borrow::Cow::Borrowed(data),
        });
    }
    Ok(end.max(pos))
}

/// Reads the bundles laid one after another in a `.hip_fatbin` section (each
/// starting at a bundle magic; padding between them is skipped).
fn read_bundles<'a>(bytes: &'a [u8], out: &mut Vec<Entry<'a>>) -> Result<(), ElfError> {
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

/// Whether a target id (`gfx90a:xnack+`) is selected by `want` (`gfx90a`, or the
/// full id).
fn matches(target_id: &str, want: &str) -> bool {
    target_id == want || target_id.split(':').next() == Some(want)
}

fn select(entries: Vec<Entry>, want: Option<&str>) -> Result<Vec<CodeObject>, ElfError> {
    let mut available = Vec::new();
    let mut out = Vec::new();
    for e in entries {
        let Some(tid) = amdgpu_target_id(&e.id) else {
            continue;
        };
        if !available.iter().any(|a| a == tid) {
            available.push(tid.to_string());
        }
        if want.is_some_and(|w| !matches(tid, w)) {
            continue;
        }
        if !e.data.starts_with(&elf::ELFMAG) {
            let what = if e.data.starts_with(b"BC\xc0\xde") {
                "LLVM bitcode"
            } else {
                "not ELF"
            };
            return Err(malformed(format!(
                "bundle entry '{}' is not a code object ({what})",
                e.id
            )));
        }
        let elf = Elf::parse(&e.data)?;
        if elf.machine != EM_AMDGPU {
            return Err(malformed(format!(
                "bundle entry '{}' is an ELF file for machine {}",
                e.id, elf.machine
            )));
        }
        let mut obj = code_object(&elf, &e.data)?;
        obj.bundle_id = Some(e.id);
        out.push(obj);
    }
    match want {
        Some(w) if out.is_empty() => Err(ElfError::NoSuchTarget {
            want: w.to_string(),
            available,
        }),
        None if out.is_empty() => Err(ElfError::NoCodeObjects),
        _ => Ok(out),
    }
}

// ---------------------------------------------------------------------------
// ELF

/// What we need of an ELF file, read with `object`.
struct Elf {
    machine: u16,
    flags: u32,
    os_abi: u8,
    abi_version: u8,
    e_type: u16,
    /// (name, type, flags, address, file data range or None for NOBITS)
    sections: Vec<Sec>,
    /// Symbols: (section index, value, type, name).
    symbols: Vec<(usize, u64, u8, String)>,
    /// The V2 ISA note: (major, minor, stepping).
    isa_note: Option<(u32, u32, u32)>,
}

struct Sec {
    name: String,
    kind: u32,
    flags: u64,
    address: u64,
    data: Option<std::ops::Range<usize>>,
}

impl Elf {
    fn parse(bytes: &[u8]) -> Result<Elf, ElfError> {
        match bytes.get(4) {
            Some(&elf::ELFCLASS64) => Elf::parse_as::<elf::FileHeader64<Endianness>>(bytes),
            Some(&elf::ELFCLASS32) => Elf::parse_as::<elf::FileHeader32<Endianness>>(bytes),
            Some(c) => Err(malformed(format!("unknown ELF class {c}"))),
            None => Err(malformed("ELF header truncated")),
        }
    }

    fn parse_as<H: FileHeader<Endian = Endianness>>(bytes: &[u8]) -> Result<Elf, ElfError> {
        let bad = |what: &str, e: object::read::Error| malformed(format!("{what}: {e}"));
        let header = H::parse(bytes).map_err(|e| bad("ELF header", e))?;
        let endian = header.endian().map_err(|e| bad("ELF header", e))?;
        let table = header
            .sections(endian, bytes)
            .map_err(|e| bad("section table", e))?;
        let mut sections = Vec::new();
        let mut isa_note = None;
        for (index, s) in table.enumerate() {
            let name = table
                .section_name(endian, s)
                .map_err(|e| bad(&format!("name of section {}", index.0), e))?;
            let name = String::from_utf8_lossy(name).into_owned();
            let kind = s.sh_type(endian);
            let data = if kind == elf::SHT_NOBITS {
                None
            } else {
                let (off, size) = s.file_range(endian).unwrap_or((0, 0));
                let range = usize::try_from(off)
                    .ok()
                    .and_then(|o| Some(o..o.checked_add(usize::try_from(size).ok()?)?))
                    .filter(|r| r.end <= bytes.len())
                    .ok_or_else(|| {
                        malformed(format!(
                            "section {name} at {off:#x}+{size:#x} lies outside the \
                             {:#x}-byte file",
                            bytes.len()
                        ))
                    })?;
                Some(range)
            };
            if kind == elf::SHT_NOTE && isa_note.is_none() {
                isa_note = data.clone().and_then(|r| v2_isa_note(&bytes[r]));
            }
            sections.push(Sec {
                name,
                kind,
                flags: s.sh_flags(endian).into(),
                address: s.sh_addr(endian).into(),
                data,
            });
        }
        let mut symbols = Vec::new();
        // The static table when present, otherwise the dynamic one (stripped .hsaco).
        for kind in [elf::SHT_SYMTAB, elf::SHT_DYNSYM] {
            let syms = table
                .symbols(endian, bytes, kind)
                .map_err(|e| bad("symbol table", e))?;
            for (index, sym) in syms.enumerate() {
                let Ok(Some(sec)) = syms.symbol_section(endian, sym, index) else {
                    continue;
                };
                let name = syms
                    .symbol_name(endian, sym)
                    .map_err(|e| bad("symbol name", e))?;
                symbols.push((
                    sec.0,
                    sym.st_value(endian).into(),
                    sym.st_type(),
                    String::from_utf8_lossy(name).into_owned(),
                ));
            }
            if !symbols.is_empty() {
                break;
            }
        }
        Ok(Elf {
            machine: header.e_machine(endian),
            flags: header.e_flags(endian),
            os_abi: header.e_ident().os_abi,
            abi_version: header.e_ident().abi_version,
            e_type: header.e_type(endian),
            sections,
            symbols,
            isa_note,
        })
    }

    fn section_data<'a>(&self, bytes: &'a [u8], name: &str) -> Result<Option<&'a [u8]>, ElfError> {
        Ok(self
            .sections
            .iter()
            .find(|s| s.name == name)
            .and_then(|s| s.data.clone())
            .map(|r| &bytes[r]))
    }
}

/// The `NT_AMD_HSA_ISA_VERSION` note (type 3, owner "AMD") of a code object V2:
/// u16 vendor name size, u16 architecture name size, u32 major, minor, stepping.
/// Notes are read with 4-byte padding whatever the section's alignment: V2 objects
/// from the HSA finalizer align the section to 8 but pack the notes to 4.
fn v2_isa_note(data: &[u8]) -> Option<(u32, u32, u32)> {
    let mut pos = 0usize;
    while pos + 12 <= data.len() {
        let namesz = read_u32(data, pos)? as usize;
        let descsz = read_u32(data, pos + 4)? as usize;
        let kind = read_u32(data, pos + 8)?;
        let name_at = pos + 12;
        let desc_at = name_at.checked_add(namesz.checked_next_multiple_of(4)?)?;
        let next = desc_at.checked_add(descsz.checked_next_multiple_of(4)?)?;
        let name = data.get(name_at..name_at + namesz)?;
        let desc = data.get(desc_at..desc_at + descsz)?;
        if kind == 3 && name.strip_suffix(b"\0").unwrap_or(name) == b"AMD" {
            return Some((read_u32(desc, 4)?, read_u32(desc, 8)?, read_u32(desc, 12)?));
        }
        pos = next;
    }
    None
}

fn code_object(elf: &Elf, bytes: &[u8]) -> Result<CodeObject, ElfError> {
    let f = elf.flags;
    let mut target = mach_name(f & EF_AMDGPU_MACH).map(str::to_string);
    let (mut xnack, mut sramecc) = (Feature::Unsupported, Feature::Unsupported);
    let hsa = elf.os_abi == ELFOSABI_AMDGPU_HSA;
    if hsa && elf.abi_version == 0 {
        // V2: EF_AMDGPU_FEATURE_XNACK_V2 is bit 0.
        if f & 1 != 0 {
            xnack = Feature::On;
        }
        if target.is_none() {
            if let Some(isa) = elf.isa_note {
                if let Some((_, name, x)) = V2_ISA.iter().find(|(v, _, _)| *v == isa) {
                    target = Some(name.to_string());
                    xnack = *x;
                }
            }
        }
    } else if hsa && elf.abi_version >= 2 {
        // V4 and later: two-bit fields.
        xnack = Feature::from_v4(f >> 8);
        sramecc = Feature::from_v4(f >> 10);
    } else {
        // V3 and the other OS ABIs: one bit each.
        if f & 0x100 != 0 {
            xnack = Feature::On;
        }
        if f & 0x200 != 0 {
            sramecc = Feature::On;
        }
    }
    let relocatable = elf.e_type == elf::ET_REL;
    let mut sections = Vec::new();
    for (index, s) in elf.sections.iter().enumerate() {
        if s.flags & u64::from(elf::SHF_EXECINSTR) == 0 || s.kind == elf::SHT_NOBITS {
            continue;
        }
        let Some(range) = s.data.clone() else {
            continue;
        };
        let len = (range.end - range.start) as u64;
        let mut symbols: Vec<(u64, String)> = elf
            .symbols
            .iter()
            .filter(|(sec, _, kind, name)| {
                *sec == index
                    && !name.is_empty()
                    && *kind != elf::STT_SECTION
                    && *kind != elf::STT_FILE
            })
            .filter_map(|(_, value, _, name)| {
                let off = if relocatable {
                    *value
                } else {
                    value.checked_sub(s.address)?
                };
                (off < len).then(|| (off, name.clone()))
            })
            .collect();
        symbols.sort();
        symbols.dedup();
        sections.push(CodeSection {
            name: s.name.clone(),
            address: s.address,
            bytes: bytes[range].to_vec(),
            symbols,
        });
    }
    Ok(CodeObject {
        target,
        xnack,
        sramecc,
        e_flags: f,
        os_abi: elf.os_abi,
        abi_version: elf.abi_version,
        e_type: elf.e_type,
        bundle_id: None,
        sections,
        image: bytes.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GFX906_O: &[u8] = include_bytes!("../tests/data/tiny-gfx906.o");
    const GFX900_O: &[u8] = include_bytes!("../tests/data/tiny-gfx900.o");
    const GFX906_HSACO: &[u8] = include_bytes!("../tests/data/tiny-gfx906.hsaco");
    /// clang-offload-bundler -compress output (zstd, CCOB v3) holding a host entry,
    /// tiny-gfx906.hsaco as gfx906:xnack- and tiny-gfx900.o as gfx900.
    const CCOB: &[u8] = include_bytes!("../tests/data/tiny.ccob");

    /// Builds an uncompressed bundle, as clang-offload-bundler lays it out.
    fn bundle(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut head = BUNDLE_MAGIC.to_vec();
        head.extend((entries.len() as u64).to_le_bytes());
        let header_len: usize =
            head.len() + entries.iter().map(|(id, _)| 24 + id.len()).sum::<usize>();
        let mut offset = header_len;
        let mut body = Vec::new();
        for (id, data) in entries {
            head.extend((offset as u64).to_le_bytes());
            head.extend((data.len() as u64).to_le_bytes());
            head.extend((id.len() as u64).to_le_bytes());
            head.extend(id.as_bytes());
            body.extend_from_slice(data);
            offset += data.len();
        }
        head.extend(body);
        head
    }

    fn two_target_bundle() -> Vec<u8> {
        bundle(&[
            ("host-x86_64-unknown-linux-gnu-", &[]),
            ("hipv4-amdgcn-amd-amdhsa--gfx906:xnack-", GFX906_O),
            ("hip-amdgcn-amd-amdhsa-gfx900", GFX900_O),
        ])
    }

    #[test]
    fn relocatable_object() {
        let objs = load(GFX906_O, None).unwrap();
        assert_eq!(objs.len(), 1);
        let o = &objs[0];
        assert_eq!(o.target.as_deref(), Some("gfx906"));
        assert_eq!((o.xnack, o.sramecc), (Feature::Any, Feature::Any));
        assert_eq!(o.code_object_version(), Some(6));
        assert_eq!(o.target_id().as_deref(), Some("gfx906"));
        assert_eq!(o.e_type, elf::ET_REL);
        assert_eq!(o.sections.len(), 1);
        assert_eq!(o.image, GFX906_O);
        let text = &o.sections[0];
        assert_eq!((text.name.as_str(), text.address), (".text", 0));
        assert_eq!(
            text.symbols,
            vec![(0, "scale".to_string()), (0x100, "saxpy".to_string())]
        );
        // scale: s_waitcnt 0; v_mul_f32 v0, v0, v1
        assert_eq!(&text.bytes[..8], &[0, 0, 0x8c, 0xbf, 0, 3, 0, 0x0a]);
        let regions = text.regions();
        assert_eq!(regions.len(), 2);
        assert_eq!((regions[1].0, regions[1].1.clone()), (0x100, vec!["saxpy"]));
        assert_eq!(regions[0].2.len() + regions[1].2.len(), text.bytes.len());
        let gfx900 = load(GFX900_O, Some("gfx906")).unwrap();
        assert_eq!(gfx900[0].target.as_deref(), Some("gfx900"));
        assert_eq!(gfx900[0].xnack, Feature::Any);
        assert_eq!(gfx900[0].sramecc, Feature::Unsupported);
    }

    #[test]
    fn shared_object_uses_dynsym_and_addresses() {
        let o = &load(GFX906_HSACO, None).unwrap()[0];
        assert_eq!(o.target.as_deref(), Some("gfx906"));
        assert_eq!(o.e_type, elf::ET_DYN);
        let text = o.sections.iter().find(|s| s.name == ".text").unwrap();
        assert_ne!(text.address, 0);
        // Stripped: only the dynamic symbol of the kernel is left, section-relative.
        assert_eq!(text.symbols, vec![(0x100, "saxpy".to_string())]);
        let regions = text.regions();
        assert_eq!(regions[0].0, 0);
        assert!(regions[0].1.is_empty());
    }

    #[test]
    fn hand_built_bundle() {
        let b = two_target_bundle();
        let all = load(&b, None).unwrap();
        let targets: Vec<_> = all.iter().map(|o| o.target.clone().unwrap()).collect();
        assert_eq!(targets, ["gfx906", "gfx900"]);
        assert_eq!(
            all[0].bundle_id.as_deref(),
            Some("hipv4-amdgcn-amd-amdhsa--gfx906:xnack-")
        );
        let one = load(&b, Some("gfx900")).unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].sections, load(GFX900_O, None).unwrap()[0].sections);
        assert_eq!(load(&b, Some("gfx906:xnack-")).unwrap().len(), 1);
        assert_eq!(
            bundle_targets(&b).unwrap(),
            ["gfx900".to_string(), "gfx906:xnack-".to_string()]
        );
        let err = load(&b, Some("gfx90a")).unwrap_err();
        assert_eq!(
            err,
            ElfError::NoSuchTarget {
                want: "gfx90a".into(),
                available: vec!["gfx906:xnack-".into(), "gfx900".into()],
            }
        );
        assert_eq!(
            err.to_string(),
            "no code object for target 'gfx90a'; the input has: gfx906:xnack-, gfx900"
        );
        let host_only = bundle(&[("host-x86_64-unknown-linux-gnu-", b"x")]);
        assert_eq!(load(&host_only, None), Err(ElfError::NoCodeObjects));
        let bitcode = bundle(&[("hip-amdgcn-amd-amdhsa-gfx906", b"BC\xc0\xde....")]);
        assert!(load(&bitcode, None)
            .unwrap_err()
            .to_string()
            .contains("LLVM bitcode"));
    }

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

    #[test]
    fn compressed_bundles() {
        // zstd, as clang-offload-bundler -compress writes it.
        let objs = load(CCOB, None).unwrap();
        let ids: Vec<_> = objs.iter().map(|o| o.target_id().unwrap()).collect();
        assert_eq!(ids, ["gfx906", "gfx900"]);
        assert_eq!(
            objs[0].sections,
            load(GFX906_HSACO, None).unwrap()[0].sections
        );
        assert_eq!(load(CCOB, Some("gfx900")).unwrap().len(), 1);
        let mut bad = CCOB.to_vec();
        bad[16..24].fill(0xff);
        assert!(matches!(load(&bad, None), Err(ElfError::Compressed(_))));
        // zlib, in each header version.
        let plain = two_target_bundle();
        let z = miniz_oxide::deflate::compress_to_vec_zlib(&plain, 6);
        for version in 1..=3u16 {
            let mut c = b"CCOB".to_vec();
            c.extend(version.to_le_bytes());
            c.extend(0u16.to_le_bytes());
            let header = [20u64, 24, 32][version as usize - 1];
            let total = header + z.len() as u64;
            match version {
                1 => c.extend((plain.len() as u32).to_le_bytes()),
                2 => {
                    c.extend((total as u32).to_le_bytes());
                    c.extend((plain.len() as u32).to_le_bytes());
                }
                _ => {
                    c.extend(total.to_le_bytes());
                    c.extend((plain.len() as u64).to_le_bytes());
                }
            }
            c.extend(0u64.to_le_bytes());
            c.extend(&z);
            assert_eq!(load(&c, None).unwrap().len(), 2, "version {version}");
            // An absurd uncompressed size is an error, not an allocation.
            let mut bad = c.clone();
            let at = [8usize, 12, 16][version as usize - 1];
            let w = if version == 3 { 8 } else { 4 };
            bad[at..at + w].fill(0xff);
            assert!(matches!(load(&bad, None), Err(ElfError::Compressed(_))));
            // A wrong size, a wrong method, a damaged stream: errors.
            let mut bad = c.clone();
            bad[6] = 7;
            assert!(matches!(load(&bad, None), Err(ElfError::Compressed(_))));
            let mut bad = c.clone();
            let n = bad.len();
            bad[n - 10] ^= 0x55;
            assert!(load(&bad, None).is_err());
        }
    }

    /// A minimal x86-64 relocatable ELF with one section holding `fatbin`.
    fn host_elf(section: &str, fatbin: &[u8]) -> Vec<u8> {
        let mut strtab = vec![0u8];
        strtab.extend(section.as_bytes());
        strtab.push(0);
        let shstrtab_name = strtab.len() as u32;
        strtab.extend(b".shstrtab\0");
        let data_at = 64u64;
        let str_at = data_at + fatbin.len() as u64;
        let sh_at = (str_at + strtab.len() as u64).next_multiple_of(8);
        let mut b = vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0];
        b.resize(16, 0);
        b.extend(1u16.to_le_bytes()); // ET_REL
        b.extend(62u16.to_le_bytes()); // EM_X86_64
        b.extend(1u32.to_le_bytes());
        b.extend(0u64.to_le_bytes()); // entry
        b.extend(0u64.to_le_bytes()); // phoff
        b.extend(sh_at.to_le_bytes());
        b.extend(0u32.to_le_bytes()); // flags
        for h in [64u16, 0, 0, 64, 3, 2] {
            b.extend(h.to_le_bytes());
        }
        b.extend(fatbin);
        b.extend(&strtab);
        b.resize(sh_at as usize, 0);
        let mut sh = |name: u32, kind: u32, flags: u64, off: u64, size: u64| {
            b.extend(name.to_le_bytes());
            b.extend(kind.to_le_bytes());
            b.extend(flags.to_le_bytes());
            b.extend(0u64.to_le_bytes()); // addr
            b.extend(off.to_le_bytes());
            b.extend(size.to_le_bytes());
            b.extend(0u32.to_le_bytes());
            b.extend(0u32.to_le_bytes());
            b.extend(1u64.to_le_bytes());
            b.extend(0u64.to_le_bytes());
        };
        sh(0, 0, 0, 0, 0);
        sh(1, elf::SHT_PROGBITS, 2, data_at, fatbin.len() as u64);
        sh(
            shstrtab_name,
            elf::SHT_STRTAB,
            0,
            str_at,
            strtab.len() as u64,
        );
        b
    }

    #[test]
    fn fatbin_in_host_elf() {
        // Two bundles with padding between them, as the linker lays out the
        // .hip_fatbin sections of two translation units.
        let b = two_target_bundle();
        let mut fatbin = b.clone();
        fatbin.resize(fatbin.len().next_multiple_of(4096), 0);
        fatbin.extend(&b);
        let host = host_elf(".hip_fatbin", &fatbin);
        assert_eq!(load(&host, None).unwrap().len(), 4);
        let gfx900 = load(&host, Some("gfx900")).unwrap();
        assert_eq!(gfx900.len(), 2);
        assert!(gfx900.iter().all(|o| o.target.as_deref() == Some("gfx900")));
        assert_eq!(bundle_targets(&host).unwrap(), ["gfx900", "gfx906:xnack-"]);
        // Compressed bundles in the section too.
        assert_eq!(load(&host_elf(".hip_fatbin", CCOB), None).unwrap().len(), 2);
        // A host file without the section is not a code object.
        let plain = host_elf(".data", &fatbin);
        assert_eq!(load(&plain, None), Err(ElfError::NotAmdgpu { machine: 62 }));
        assert_eq!(
            load(&host_elf(".hip_fatbin", &[0; 64]), None),
            Err(ElfError::NoCodeObjects)
        );
    }

    #[test]
    fn errors() {
        assert_eq!(load(b"", None), Err(ElfError::UnknownFormat));
        assert_eq!(load(b"hello world", None), Err(ElfError::UnknownFormat));
        assert!(matches!(
            load(b"\x7fELF", None),
            Err(ElfError::Malformed(_))
        ));
        assert!(matches!(
            load(BUNDLE_MAGIC, None),
            Err(ElfError::Malformed(_))
        ));
        let mut huge = BUNDLE_MAGIC.to_vec();
        huge.extend(u64::MAX.to_le_bytes());
        huge.extend(u64::MAX.to_le_bytes());
        huge.extend(u64::MAX.to_le_bytes());
        huge.extend(u64::MAX.to_le_bytes());
        assert!(matches!(load(&huge, None), Err(ElfError::Malformed(_))));
        for e in [
            ElfError::UnknownFormat,
            ElfError::NotAmdgpu { machine: 62 },
            ElfError::NoCodeObjects,
        ] {
            assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn v2_isa_note_with_four_byte_padding() {
        // Notes as the HSA finalizer wrote them (libhsa-runtime64's trap handlers):
        // a code object version note, then NT_AMD_HSA_ISA_VERSION for 9:0:1.
        let mut n = Vec::new();
        for (kind, desc) in [
            (1u32, vec![2u8, 0, 0, 0, 1, 0, 0, 0]),
            (3, {
                let mut d = vec![4, 0, 7, 0];
                for v in [9u32, 0, 1] {
                    d.extend(v.to_le_bytes());
                }
                d.extend(b"AMD\0AMDGPU\0");
                d
            }),
        ] {
            n.extend(4u32.to_le_bytes());
            n.extend((desc.len() as u32).to_le_bytes());
            n.extend(kind.to_le_bytes());
            n.extend(b"AMD\0");
            n.extend(&desc);
            n.resize(n.len().next_multiple_of(4), 0);
        }
        assert_eq!(v2_isa_note(&n), Some((9, 0, 1)));
        assert_eq!(v2_isa_note(&n[..20]), None);
        let (_, name, xnack) = V2_ISA.iter().find(|(v, _, _)| *v == (9, 0, 1)).unwrap();
        assert_eq!((*name, *xnack), ("gfx900", Feature::On));
    }

    /// A small xorshift generator: the fuzz test needs no extra crate.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    #[test]
    fn fuzz_never_panics() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let seeds: Vec<Vec<u8>> = vec![
            GFX906_O.to_vec(),
            GFX906_HSACO.to_vec(),
            CCOB.to_vec(),
            two_target_bundle(),
            host_elf(".hip_fatbin", &two_target_bundle()),
        ];
        for seed in &seeds {
            // Every truncation.
            for n in (0..seed.len()).step_by(7) {
                let _ = load(&seed[..n], None);
                let _ = load(&seed[..n], Some("gfx906"));
            }
            // Random byte and word corruption.
            for _ in 0..400 {
                let mut b = seed.clone();
                for _ in 0..=rng.below(8) {
                    let at = rng.below(b.len());
                    if rng.next() & 1 == 0 {
                        b[at] = rng.next() as u8;
                    } else {
                        let v = [0u8, 0xff, 0x7f, 0x80][rng.below(4)];
                        let end = (at + 8).min(b.len());
                        b[at..end].fill(v);
                    }
                }
                let _ = load(&b, None);
                let _ = bundle_targets(&b);
            }
        }
        // Pure noise behind each magic.
        for magic in [
            &b"\x7fELF\x02\x01\x01"[..],
            b"\x7fELF\x01\x01",
            BUNDLE_MAGIC,
            b"CCOB",
        ] {
            for _ in 0..300 {
                let mut b = magic.to_vec();
                let n = rng.below(600);
                b.extend((0..n).map(|_| rng.next() as u8));
                let _ = load(&b, None);
            }
        }
    }
}
