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
//! let objs = amdgpu_mc::code_object::load(&bytes, None).unwrap();
//! assert_eq!(objs[0].target.as_deref(), Some("gfx906"));
//! let text = &objs[0].sections[0];
//! assert_eq!(text.name, ".text");
//! assert!(text.symbols.iter().any(|(_, name)| name == "saxpy"));
//! ```
//!
//! Malformed input of any kind gives an [`ElfError`], never a panic.
//!
//! The parts: `elf.rs` reads ELF files, `bundle.rs` offload bundles (compressed ones
//! included), and `amdgpu.rs` the target an AMDGPU ELF header records; this module
//! ties them together.

pub(crate) mod amdgpu;
mod bundle;
mod bytes;
mod elf;

pub use amdgpu::{
    mach_name, mach_of, Feature, EF_AMDGPU_MACH, ELFOSABI_AMDGPU_HSA, EM_AMDGPU, MACHS,
};
pub use bundle::{amdgpu_target_id, BUNDLE_MAGIC, COMPRESSED_BUNDLE_MAGIC};
pub use bytes::Bytes;

use bundle::{read_bundle, read_bundles, Budget, Entry};
use elf::{code_object, Elf};
use object::elf::ELFMAG;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// What reading code objects may cost: hostile input (a decompression bomb, bundles
/// nested in bundles) ends with [`ElfError::OverLimit`] before anything over the limits
/// is allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes decompressing `CCOB` bundles may produce, over the whole input.
    /// A header claiming more is refused before inflating, and a stream producing
    /// more than its header says is stopped there.
    pub max_decompressed: u64,
    /// How deep compressed bundles may nest inside each other (clang writes 1).
    pub max_nesting: usize,
}

impl Limits {
    /// The default decompression limit: 256 MiB (clang's largest real bundles, such
    /// as rocsparse's, are tens of MB per target).
    pub const DEFAULT_MAX_DECOMPRESSED: u64 = 256 << 20;
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_decompressed: Limits::DEFAULT_MAX_DECOMPRESSED,
            max_nesting: 8,
        }
    }
}

/// One AMDGPU ELF code object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeObject {
    /// The processor (`-mcpu` name: `gfx906`, `cedar`, ...) from `EF_AMDGPU_MACH`, or
    /// from the V2 ISA note; `None` when neither names a known processor.
    pub target: Option<String>,
    /// The xnack setting the object was built for.
    pub xnack: Feature,
    /// The sramecc setting.
    pub sramecc: Feature,
    /// Raw `e_flags`.
    pub e_flags: u32,
    /// `EI_OSABI` (64 = HSA, 65 = PAL, 66 = Mesa) and `EI_ABIVERSION`.
    pub os_abi: u8,
    /// The code object ABI version (EI_ABIVERSION).
    pub abi_version: u8,
    /// `ET_REL` (1) for `.o`, `ET_DYN` (3) for `.hsaco`.
    pub e_type: u16,
    /// The offload-bundle entry id this object came from, if any
    /// (`hipv4-amdgcn-amd-amdhsa--gfx906:xnack-`).
    pub bundle_id: Option<String>,
    /// Executable (`SHF_EXECINSTR`) sections, in section-table order.
    pub sections: Vec<CodeSection>,
    /// The whole ELF file, as found (for tools that want to write it out, such as
    /// a comparison with llvm-objdump, or an unbundler). Bundle entries that name the
    /// same bytes share it, and it shares the input's bytes when they were given as
    /// [`Bytes`] ([`load_in`]).
    pub image: Bytes,
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
    /// The section name.
    pub name: String,
    /// `sh_addr`: 0 in relocatable objects, the load address in shared objects.
    pub address: u64,
    /// The section contents: a range of [`CodeObject::image`] (shared by the bundle
    /// entries that name the same object).
    pub bytes: Bytes,
    /// Symbols inside the section as (offset from the section start, name), sorted by
    /// offset: functions, kernels and labels, the ones llvm-objdump prints as `<name>:`.
    pub symbols: Vec<(u64, String)>,
    /// The symbols of type `STT_AMDGPU_HSA_KERNEL` among them (kernels with an
    /// `amd_kernel_code_t` header: code object V2, Mesa), as (offset, name).
    pub kernel_headers: Vec<(u64, String)>,
    /// The symbols of type `STT_NOTYPE` among them (labels), as (offset, name):
    /// llvm-objdump names a branch target by the first of these at its address.
    pub branch_labels: Vec<(u64, String)>,
    /// Where code starts, by symbol type, as (offset, whether a kernel): `STT_FUNC`
    /// symbols, a kernel when the object also has its `NAME.kd` descriptor symbol,
    /// a callable function otherwise; and the `STT_AMDGPU_HSA_KERNEL` symbols
    /// (kernels). Outside the HSA OS ABI (PAL, Mesa), whose shaders are entry points
    /// without descriptor symbols, every one is taken as a kernel. Sorted by offset.
    pub entries: Vec<(u64, bool)>,
}

impl CodeSection {
    /// The label llvm-objdump names a branch to section offset `offset` by: the first
    /// (by name) of [`CodeSection::branch_labels`] there.
    pub fn label_at(&self, offset: u64) -> Option<&str> {
        let labels = &self.branch_labels;
        let k = labels.partition_point(|l| l.0 < offset);
        labels
            .get(k)
            .filter(|l| l.0 == offset)
            .map(|l| l.1.as_str())
    }

    /// The section split at its symbols: (offset, symbols starting there, bytes up to
    /// the next symbol). Bytes before the first symbol form a region with no names.
    /// llvm-objdump starts decoding afresh at each symbol, so this is the unit to
    /// disassemble.
    ///
    /// One pass over the symbols (sorted by offset): linear in their number.
    pub fn regions(&self) -> Vec<(u64, Vec<&str>, &[u8])> {
        let len = self.bytes.len() as u64;
        let mut out: Vec<(u64, Vec<&str>, &[u8])> = Vec::new();
        if len == 0 {
            return out;
        }
        // (start, names) of each region, in offset order.
        let mut starts: Vec<(u64, Vec<&str>)> = Vec::new();
        for (o, n) in self.symbols.iter().filter(|(o, _)| *o < len) {
            match starts.last_mut() {
                Some((s, names)) if s == o => names.push(n.as_str()),
                _ => starts.push((*o, vec![n.as_str()])),
            }
        }
        if starts.first().map(|s| s.0) != Some(0) {
            starts.insert(0, (0, Vec::new()));
        }
        let ends: Vec<u64> = starts.iter().skip(1).map(|s| s.0).collect();
        for (k, (start, names)) in starts.into_iter().enumerate() {
            let end = ends.get(k).copied().unwrap_or(len);
            out.push((start, names, &self.bytes[start as usize..end as usize]));
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
    NotAmdgpu {
        /// Its `e_machine`.
        machine: u16,
    },
    /// A truncated or inconsistent header, section or bundle.
    Malformed(String),
    /// A compressed bundle that could not be decompressed.
    Compressed(String),
    /// Bundles that hold no code object for the requested target.
    NoSuchTarget {
        /// The processor asked for.
        want: String,
        /// The processors the bundle has.
        available: Vec<String>,
    },
    /// Bundles (or a `.hip_fatbin` section) with no AMDGPU code object at all.
    NoCodeObjects,
    /// Input that would cost more than the [`Limits`] allow (a decompressed size
    /// over the limit, compressed bundles nested too deep).
    OverLimit(String),
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
            ElfError::OverLimit(what) => write!(f, "compressed offload bundle: {what}"),
        }
    }
}

impl std::error::Error for ElfError {}

fn malformed(what: impl fmt::Display) -> ElfError {
    ElfError::Malformed(what.to_string())
}

/// Whether `bytes` start like an ELF file or a (compressed) offload bundle.
pub fn looks_like_code_object(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF")
        || bytes.starts_with(BUNDLE_MAGIC)
        || bytes.starts_with(COMPRESSED_BUNDLE_MAGIC)
}

/// Reads code objects from `bytes`: an AMDGPU ELF, an offload bundle (plain or
/// compressed), or a host ELF with a `.hip_fatbin` section.
///
/// `want` (an `-mcpu` name such as `gfx906`, or a full target id such as
/// `gfx90a:xnack+`) selects bundle entries; with `None` every AMDGPU entry is taken.
/// A bare AMDGPU ELF is returned whatever its target.
pub fn load(bytes: &[u8], want: Option<&str>) -> Result<Vec<CodeObject>, ElfError> {
    load_with(bytes, want, &Limits::default())
}

/// [`load`] with other [`Limits`] than the default ones.
pub fn load_with(
    bytes: &[u8],
    want: Option<&str>,
    limits: &Limits,
) -> Result<Vec<CodeObject>, ElfError> {
    let found = find_with(bytes, want, limits)?;
    let read = found.unread().iter().map(Unread::read).collect();
    found.finish(read)
}

/// [`load_with`] on bytes the objects may share: their images and sections are
/// ranges of `input` (a mapped file, say), not copies, unless they were
/// decompressed.
///
/// ```
/// use amdgpu_mc::code_object::{load_in, Bytes, Limits};
/// let input = Bytes::from(std::fs::read("tests/data/tiny-gfx906.o").unwrap());
/// let objs = load_in(&input, None, &Limits::default()).unwrap();
/// assert!(Bytes::same_owner(&objs[0].image, &input));
/// ```
pub fn load_in(
    input: &Bytes,
    want: Option<&str>,
    limits: &Limits,
) -> Result<Vec<CodeObject>, ElfError> {
    let found = find_in(input, want, limits)?;
    let read = found.unread().iter().map(Unread::read).collect();
    found.finish(read)
}

/// [`load_with`] in two steps, for a caller that reads the objects on its own
/// threads (the library starts none): [`find_with`] finds the code objects (the
/// bundles, their entries, each entry's ELF header checked), [`Unread::read`] reads
/// each one (most of the time for a large fat binary: the copies of its bytes), and
/// [`Found::finish`] puts them in order, with the error [`load_with`] would give.
pub struct Found<'a> {
    unread: Vec<Unread<'a>>,
    /// Each object in order: its index in `unread`, and its bundle entry id.
    order: Vec<(usize, Option<String>)>,
    /// The error found after the objects of `order` (`load_with` gives it if reading
    /// none of them fails).
    end: Option<ElfError>,
}

/// A code object found by [`find_with`], not yet read.
pub struct Unread<'a> {
    data: bundle::Data<'a>,
}

impl Unread<'_> {
    /// Reads the code object.
    pub fn read(&self) -> Result<CodeObject, ElfError> {
        let data = self.data.bytes();
        let elf = Elf::parse(data)?;
        let image = match &self.data {
            bundle::Data::Shared(b) => b.clone(),
            bundle::Data::Borrowed(b) => Bytes::from(*b),
        };
        code_object(&elf, image)
    }
}

impl Found<'_> {
    /// The code objects to read (entries that name the same bytes appear once).
    pub fn unread(&self) -> &[Unread<'_>] {
        &self.unread
    }

    /// The code objects, in order, from `read`: the result of reading each of
    /// [`Found::unread`], in its order. The first error in input order is the one
    /// given, as [`load_with`] gives it.
    pub fn finish(
        self,
        read: Vec<Result<CodeObject, ElfError>>,
    ) -> Result<Vec<CodeObject>, ElfError> {
        // (An object under several ids is cloned for all but its last.)
        let mut uses = vec![0usize; read.len()];
        for (k, _) in &self.order {
            if let Some(n) = uses.get_mut(*k) {
                *n += 1;
            }
        }
        let mut read: Vec<Option<Result<CodeObject, ElfError>>> =
            read.into_iter().map(Some).collect();
        let mut out = Vec::with_capacity(self.order.len());
        for (k, id) in self.order {
            let unread = || malformed("a code object that was not read");
            let slot = read.get_mut(k).ok_or_else(unread)?;
            uses[k] -= 1;
            let r = match uses[k] {
                0 => slot.take(),
                _ => slot.clone(),
            };
            let mut obj = r.ok_or_else(unread)??;
            if id.is_some() {
                obj.bundle_id = id;
            }
            out.push(obj);
        }
        match self.end {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }
}

/// [`load_with`]'s first step: the code objects in `bytes`, found and checked but
/// not read (see [`Found`]).
pub fn find_with<'a>(
    bytes: &'a [u8],
    want: Option<&str>,
    limits: &Limits,
) -> Result<Found<'a>, ElfError> {
    let mut budget = Budget::new(limits);
    if bytes.starts_with(BUNDLE_MAGIC) || bytes.starts_with(COMPRESSED_BUNDLE_MAGIC) {
        let mut entries = Vec::new();
        read_bundle(bytes, &mut entries, &mut budget)?;
        return select(entries, want);
    }
    if !bytes.starts_with(&ELFMAG) {
        return Err(ElfError::UnknownFormat);
    }
    let elf = Elf::parse(bytes)?;
    if elf.machine == EM_AMDGPU {
        return Ok(Found {
            unread: vec![Unread {
                data: bundle::Data::Borrowed(bytes),
            }],
            order: vec![(0, None)],
            end: None,
        });
    }
    match elf.section_data(bytes, ".hip_fatbin")? {
        Some(fatbin) => {
            let mut entries = Vec::new();
            read_bundles(fatbin, &mut entries, &mut budget)?;
            select(entries, want)
        }
        None => Err(ElfError::NotAmdgpu {
            machine: elf.machine,
        }),
    }
}

/// [`find_with`] on bytes the objects may share ([`load_in`]).
pub fn find_in<'a>(
    input: &'a Bytes,
    want: Option<&str>,
    limits: &Limits,
) -> Result<Found<'a>, ElfError> {
    let mut found = find_with(input, want, limits)?;
    for u in &mut found.unread {
        if let bundle::Data::Borrowed(b) = u.data {
            // (Every borrowed entry is a range of `input`.)
            if let Some(shared) = input.slice_of(b) {
                u.data = bundle::Data::Shared(shared);
            }
        }
    }
    Ok(found)
}

/// The AMDGPU target ids of the entries of the bundles in `bytes` (an offload
/// bundle or a host ELF with a `.hip_fatbin` section), without reading the entries.
pub fn bundle_targets(bytes: &[u8]) -> Result<Vec<String>, ElfError> {
    let mut entries = Vec::new();
    let mut budget = Budget::new(&Limits::default());
    if bytes.starts_with(&ELFMAG) {
        let elf = Elf::parse(bytes)?;
        match elf.section_data(bytes, ".hip_fatbin")? {
            Some(fatbin) => read_bundles(fatbin, &mut entries, &mut budget)?,
            None => return Ok(Vec::new()),
        }
    } else {
        read_bundle(bytes, &mut entries, &mut budget)?;
    }
    let mut ids: Vec<String> = entries
        .iter()
        .filter_map(|e| amdgpu_target_id(&e.id).map(str::to_string))
        .collect();
    ids.sort();
    ids.dedup();
    Ok(ids)
}

/// Whether a target id (`gfx90a:xnack+`) is selected by `want` (`gfx90a`, or the
/// full id).
fn matches(target_id: &str, want: &str) -> bool {
    target_id == want || target_id.split(':').next() == Some(want)
}

/// The code objects of the entries `want` selects. Entries that name the same bytes
/// (one object under several ids) are read once and share their bytes, so time and
/// memory grow with the number of entries, not with entries times object size.
fn select<'a>(entries: Vec<Entry<'a>>, want: Option<&str>) -> Result<Found<'a>, ElfError> {
    let mut available = Vec::new();
    let mut seen_ids = HashSet::new();
    let mut found = Found {
        unread: Vec::new(),
        order: Vec::new(),
        end: None,
    };
    // (address, length) of an entry's bytes -> the index in `unread` of its object.
    let mut read: HashMap<(usize, usize), usize> = HashMap::new();
    for e in entries {
        let Some(tid) = amdgpu_target_id(&e.id) else {
            continue;
        };
        if seen_ids.insert(tid.to_string()) {
            available.push(tid.to_string());
        }
        if want.is_some_and(|w| !matches(tid, w)) {
            continue;
        }
        let data = e.data.bytes();
        let key = (data.as_ptr() as usize, data.len());
        if let Some(&k) = read.get(&key) {
            found.order.push((k, Some(e.id)));
            continue;
        }
        if let Err(error) = check_entry(&e.id, data) {
            // (Reading an object before it may fail first: `finish` says which.)
            found.end = Some(error);
            return Ok(found);
        }
        read.insert(key, found.unread.len());
        found.order.push((found.unread.len(), Some(e.id)));
        found.unread.push(Unread { data: e.data });
    }
    match want {
        Some(w) if found.order.is_empty() => Err(ElfError::NoSuchTarget {
            want: w.to_string(),
            available,
        }),
        None if found.order.is_empty() => Err(ElfError::NoCodeObjects),
        _ => Ok(found),
    }
}

/// Checks that bundle entry `id` holds an AMDGPU ELF file: its header reads.
fn check_entry(id: &str, data: &[u8]) -> Result<(), ElfError> {
    if !data.starts_with(&ELFMAG) {
        let what = if data.starts_with(b"BC\xc0\xde") {
            "LLVM bitcode"
        } else {
            "not ELF"
        };
        return Err(malformed(format!(
            "bundle entry '{id}' is not a code object ({what})"
        )));
    }
    let elf = Elf::check(data)?;
    if elf.machine != EM_AMDGPU {
        return Err(malformed(format!(
            "bundle entry '{id}' is an ELF file for machine {}",
            elf.machine
        )));
    }
    Ok(())
}

/// A name as text: its bytes when they are UTF-8 (names nearly always are: checked a
/// word at a time), else with U+FFFD for each bad sequence, as
/// [`String::from_utf8_lossy`] gives (which checks a byte at a time).
pub(crate) fn text(name: &[u8]) -> String {
    match std::str::from_utf8(name) {
        Ok(s) => s.to_string(),
        Err(_) => String::from_utf8_lossy(name).into_owned(),
    }
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

#[cfg(test)]
mod tests;
