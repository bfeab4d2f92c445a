//! ELF files, read with the `object` crate: the header fields, sections and
//! symbols we need, the V2 ISA note, and the [`CodeObject`](super::CodeObject) of an AMDGPU ELF (its
//! executable sections with the symbols llvm-objdump prints as labels).

use super::amdgpu::processor;
use super::{malformed, read_u32, text, Bytes, CodeObject, CodeSection, ElfError};
use object::elf;
use object::read::elf::{FileHeader, SectionHeader, Sym};
use object::Endianness;

/// What we need of an ELF file, read with `object`.
pub(super) struct Elf {
    pub(super) machine: u16,
    pub(super) flags: u32,
    pub(super) os_abi: u8,
    pub(super) abi_version: u8,
    pub(super) e_type: u16,
    /// (name, type, flags, address, file data range or None for NOBITS)
    pub(super) sections: Vec<Sec>,
    /// Symbols: (section index, value, type, name).
    pub(super) symbols: Vec<(usize, u64, u8, String)>,
    /// The V2 ISA note: (major, minor, stepping).
    pub(super) isa_note: Option<(u32, u32, u32)>,
}

pub(super) struct Sec {
    name: String,
    kind: u32,
    flags: u64,
    address: u64,
    data: Option<std::ops::Range<usize>>,
}

impl Elf {
    pub(super) fn parse(bytes: &[u8]) -> Result<Elf, ElfError> {
        Elf::read(bytes, true)
    }

    /// What [`Elf::parse`] reads of `bytes`, with its errors, but no section or
    /// symbol names kept (`sections` and `symbols` empty): a check that the file
    /// reads, without the cost of copying its names (a fat binary's hundreds of
    /// entries are each checked before any is read).
    pub(super) fn check(bytes: &[u8]) -> Result<Elf, ElfError> {
        Elf::read(bytes, false)
    }

    fn read(bytes: &[u8], keep: bool) -> Result<Elf, ElfError> {
        match bytes.get(4) {
            Some(&elf::ELFCLASS64) => Elf::parse_as::<elf::FileHeader64<Endianness>>(bytes, keep),
            Some(&elf::ELFCLASS32) => Elf::parse_as::<elf::FileHeader32<Endianness>>(bytes, keep),
            Some(c) => Err(malformed(format!("unknown ELF class {c}"))),
            None => Err(malformed("ELF header truncated")),
        }
    }

    fn parse_as<H: FileHeader<Endian = Endianness>>(
        bytes: &[u8],
        keep: bool,
    ) -> Result<Elf, ElfError> {
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
                            "section {} at {off:#x}+{size:#x} lies outside the \
                             {:#x}-byte file",
                            text(name),
                            bytes.len()
                        ))
                    })?;
                Some(range)
            };
            if kind == elf::SHT_NOTE && isa_note.is_none() {
                isa_note = data.clone().and_then(|r| v2_isa_note(&bytes[r]));
            }
            if !keep {
                continue;
            }
            sections.push(Sec {
                name: text(name),
                kind,
                flags: s.sh_flags(endian).into(),
                address: s.sh_addr(endian).into(),
                data,
            });
        }
        let mut symbols = Vec::new();
        let mut named = 0usize;
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
                named += 1;
                if keep {
                    symbols.push((
                        sec.0,
                        sym.st_value(endian).into(),
                        sym.st_type(),
                        text(name),
                    ));
                }
            }
            if named > 0 {
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

    pub(super) fn section_data<'a>(
        &self,
        bytes: &'a [u8],
        name: &str,
    ) -> Result<Option<&'a [u8]>, ElfError> {
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

/// `st_type` of the kernels of code object V2 and of the non-HSA OSes
/// (`STT_AMDGPU_HSA_KERNEL`, `STT_LOOS`).
const STT_AMDGPU_HSA_KERNEL: u8 = 10;

/// The symbols of each section, grouped once (linear in sections plus symbols):
/// (value, name, `st_type`) of each named symbol, and (value, a kernel) of each
/// entry point.
#[allow(clippy::type_complexity)]
fn group_symbols(elf: &Elf) -> (Vec<Vec<(u64, String, u8)>>, Vec<Vec<(u64, bool)>>) {
    let mut by_section: Vec<Vec<(u64, String, u8)>> = vec![Vec::new(); elf.sections.len()];
    // Kernels have a descriptor symbol `NAME.kd` (code object V3 on).
    let mut descriptors: Vec<&str> = elf
        .symbols
        .iter()
        .filter_map(|(_, _, _, name)| name.strip_suffix(".kd"))
        .collect();
    descriptors.sort_unstable();
    let mut entries_of: Vec<Vec<(u64, bool)>> = vec![Vec::new(); elf.sections.len()];
    for (sec, value, kind, name) in &elf.symbols {
        // (Outside HSA, PAL's and Mesa's shaders are entry points without a
        // descriptor symbol: every function is taken as one.)
        let kernel = match *kind {
            STT_AMDGPU_HSA_KERNEL => true,
            elf::STT_FUNC => {
                elf.os_abi != super::ELFOSABI_AMDGPU_HSA
                    || descriptors.binary_search(&name.as_str()).is_ok()
            }
            _ => continue,
        };
        if let Some(list) = entries_of.get_mut(*sec) {
            list.push((*value, kernel));
        }
    }
    for (sec, value, kind, name) in &elf.symbols {
        if name.is_empty() || *kind == elf::STT_SECTION || *kind == elf::STT_FILE {
            continue;
        }
        if let Some(list) = by_section.get_mut(*sec) {
            list.push((*value, name.clone(), *kind));
        }
    }
    (by_section, entries_of)
}

/// The code object of an AMDGPU ELF file: its target from the header, and its
/// executable sections with the symbols in each.
pub(super) fn code_object(elf: &Elf, image: Bytes) -> Result<CodeObject, ElfError> {
    let f = elf.flags;
    let (target, xnack, sramecc) = processor(f, elf.os_abi, elf.abi_version, elf.isa_note);
    let relocatable = elf.e_type == elf::ET_REL;
    // The executable sections with contents: (section index, file range).
    let code: Vec<(usize, std::ops::Range<usize>)> = elf
        .sections
        .iter()
        .enumerate()
        .filter(|(_, s)| s.flags & u64::from(elf::SHF_EXECINSTR) != 0 && s.kind != elf::SHT_NOBITS)
        .filter_map(|(k, s)| Some((k, s.data.clone()?)))
        .collect();
    check_code_sections(elf, &code)?;
    let (mut by_section, mut entries_of) = group_symbols(elf);
    let mut sections = Vec::new();
    for (index, range) in code {
        let s = &elf.sections[index];
        let len = (range.end - range.start) as u64;
        let mut all: Vec<(u64, String, u8)> = std::mem::take(&mut by_section[index])
            .into_iter()
            .filter_map(|(value, name, kernel)| {
                let off = if relocatable {
                    value
                } else {
                    value.checked_sub(s.address)?
                };
                (off < len).then_some((off, name, kernel))
            })
            .collect();
        all.sort();
        all.dedup();
        let of_type = |t: u8| -> Vec<(u64, String)> {
            let of = all.iter().filter(|s| s.2 == t);
            of.map(|(o, n, _)| (*o, n.clone())).collect()
        };
        let kernel_headers = of_type(STT_AMDGPU_HSA_KERNEL);
        let branch_labels = of_type(elf::STT_NOTYPE);
        let mut symbols: Vec<(u64, String)> = all.into_iter().map(|(o, n, _)| (o, n)).collect();
        symbols.dedup();
        let mut entries: Vec<(u64, bool)> = std::mem::take(&mut entries_of[index])
            .into_iter()
            .filter_map(|(value, kernel)| {
                let off = if relocatable {
                    value
                } else {
                    value.checked_sub(s.address)?
                };
                (off < len).then_some((off, kernel))
            })
            .collect();
        entries.sort();
        entries.dedup_by_key(|e| e.0);
        sections.push(CodeSection {
            name: s.name.clone(),
            address: s.address,
            bytes: image.slice(range),
            symbols,
            kernel_headers,
            branch_labels,
            entries,
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
        image,
    })
}

/// Executable sections must not overlap in the file (no producer writes that, and
/// each would be disassembled in full: a few KB of input could ask for gigabytes of
/// output), and their addresses plus sizes must fit in 64 bits.
fn check_code_sections(
    elf: &Elf,
    code: &[(usize, std::ops::Range<usize>)],
) -> Result<(), ElfError> {
    for (k, r) in code {
        let s = &elf.sections[*k];
        if s.address.checked_add(r.len() as u64).is_none() {
            return Err(malformed(format!(
                "section {} at address {:#x} with {:#x} bytes passes the end of the \
                 64-bit address space",
                s.name,
                s.address,
                r.len()
            )));
        }
    }
    let mut by_start: Vec<&(usize, std::ops::Range<usize>)> =
        code.iter().filter(|(_, r)| !r.is_empty()).collect();
    by_start.sort_by_key(|(_, r)| (r.start, r.end));
    for w in by_start.windows(2) {
        let ((a, ra), (b, rb)) = (w[0], w[1]);
        if rb.start < ra.end {
            return Err(malformed(format!(
                "executable sections {} (file bytes {:#x}-{:#x}) and {} ({:#x}-{:#x}) overlap",
                elf.sections[*a].name, ra.start, ra.end, elf.sections[*b].name, rb.start, rb.end
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::amdgpu::{Feature, V2_ISA};
    use super::*;

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
}
