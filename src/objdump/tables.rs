//! The tables llvm-objdump prints besides the disassembly, read from an ELF image:
//! the section headers (`-h`), the symbol table (`-t`) and the relocations (`-r`,
//! also shown after the instructions they patch with `-d -r`).

use object::elf;
use object::read::elf::{FileHeader, Rela, SectionHeader, Sym};
use object::Endianness;
use std::fmt::Write as _;

/// A section header.
pub(super) struct Sec {
    name: String,
    size: u64,
    addr: u64,
    ty: u32,
    flags: u64,
}

/// A symbol of the static symbol table.
struct Symbol {
    value: u64,
    size: u64,
    bind: u8,
    ty: u8,
    other: u8,
    shndx: u16,
    /// Its section, if it is defined in one.
    section: Option<usize>,
    name: String,
}

/// A relocation: where, its type, and what it adds (`sym+0x4`), as llvm-objdump
/// shows it.
#[derive(Clone, Debug)]
pub struct Reloc {
    /// The offset in its section (relocatable objects) or the address.
    pub offset: u64,
    /// `R_AMDGPU_...`
    pub kind: &'static str,
    /// The symbol and addend.
    pub value: String,
}

/// What llvm-objdump's `-h`, `-t` and `-r` print of one ELF file.
pub struct Tables {
    /// ELF64 (addresses of 16 digits) or ELF32 (8).
    is64: bool,
    sections: Vec<Sec>,
    symbols: Vec<Symbol>,
    /// The relocations of each section that has some: (section index, relocations),
    /// in the order of the relocation sections.
    relocs: Vec<(usize, Vec<Reloc>)>,
}

/// The name llvm gives an AMDGPU relocation type.
fn reloc_name(ty: u32) -> &'static str {
    match ty {
        0 => "R_AMDGPU_NONE",
        1 => "R_AMDGPU_ABS32_LO",
        2 => "R_AMDGPU_ABS32_HI",
        3 => "R_AMDGPU_ABS64",
        4 => "R_AMDGPU_REL32",
        5 => "R_AMDGPU_REL64",
        6 => "R_AMDGPU_ABS32",
        7 => "R_AMDGPU_GOTPCREL",
        8 => "R_AMDGPU_GOTPCREL32_LO",
        9 => "R_AMDGPU_GOTPCREL32_HI",
        10 => "R_AMDGPU_REL32_LO",
        11 => "R_AMDGPU_REL32_HI",
        13 => "R_AMDGPU_RELATIVE64",
        14 => "R_AMDGPU_REL16",
        _ => "Unknown",
    }
}

/// Why the tables of an ELF file do not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TablesError {
    /// The class byte is neither 32 nor 64 bits.
    NotElf,
    /// A part of the file (`ELF header`, `section table`, `symbol name`, ...) does not
    /// read, and why.
    Bad(&'static str, object::read::Error),
}

impl std::fmt::Display for TablesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TablesError::NotElf => f.write_str("not an ELF file"),
            TablesError::Bad(what, e) => write!(f, "{what}: {e}"),
        }
    }
}

impl std::error::Error for TablesError {}

impl Tables {
    /// Reads the tables of an ELF file.
    pub fn read(image: &[u8]) -> Result<Tables, TablesError> {
        match image.get(4) {
            Some(&elf::ELFCLASS64) => Tables::read_as::<elf::FileHeader64<Endianness>>(image),
            Some(&elf::ELFCLASS32) => Tables::read_as::<elf::FileHeader32<Endianness>>(image),
            _ => Err(TablesError::NotElf),
        }
    }

    fn read_as<H: FileHeader<Endian = Endianness>>(image: &[u8]) -> Result<Tables, TablesError> {
        let bad = |what: &'static str, e: object::read::Error| TablesError::Bad(what, e);
        let header = H::parse(image).map_err(|e| bad("ELF header", e))?;
        let endian = header.endian().map_err(|e| bad("ELF header", e))?;
        let table = header
            .sections(endian, image)
            .map_err(|e| bad("section table", e))?;
        let mut sections = Vec::new();
        for s in table.iter() {
            let name = table
                .section_name(endian, s)
                .map_err(|e| bad("section name", e))?;
            sections.push(Sec {
                name: crate::code_object::text(name),
                size: s.sh_size(endian).into(),
                addr: s.sh_addr(endian).into(),
                ty: s.sh_type(endian),
                flags: s.sh_flags(endian).into(),
            });
        }
        let syms = table
            .symbols(endian, image, elf::SHT_SYMTAB)
            .map_err(|e| bad("symbol table", e))?;
        let mut symbols = Vec::new();
        for (index, sym) in syms.enumerate().skip(1) {
            let name = syms
                .symbol_name(endian, sym)
                .map_err(|e| bad("symbol name", e))?;
            let section = syms
                .symbol_section(endian, sym, index)
                .ok()
                .flatten()
                .map(|s| s.0);
            symbols.push(Symbol {
                value: sym.st_value(endian).into(),
                size: sym.st_size(endian).into(),
                bind: sym.st_bind(),
                ty: sym.st_type(),
                other: sym.st_other(),
                shndx: sym.st_shndx(endian),
                section,
                name: crate::code_object::text(name),
            });
        }
        let mut relocs = Vec::new();
        for s in table.iter() {
            let Some((rela, _)) = s.rela(endian, image).map_err(|e| bad("relocations", e))? else {
                continue;
            };
            let target = s.sh_info(endian) as usize;
            if target == 0 || target >= sections.len() {
                continue;
            }
            let list = rela
                .iter()
                .map(|r| {
                    let addend: i64 = r.r_addend(endian).into();
                    let sym = r.r_sym(endian, false) as usize;
                    let mut value = match sym.checked_sub(1).and_then(|k| symbols.get(k)) {
                        None => "*ABS*".to_string(),
                        Some(s) if s.ty == elf::STT_SECTION => s
                            .section
                            .and_then(|k| sections.get(k))
                            .map_or(String::new(), |x| x.name.clone()),
                        Some(s) => s.name.clone(),
                    };
                    if addend != 0 {
                        let sign = if addend < 0 { '-' } else { '+' };
                        let _ = write!(value, "{sign}{:#x}", addend.unsigned_abs());
                    }
                    Reloc {
                        offset: r.r_offset(endian).into(),
                        kind: reloc_name(r.r_type(endian, false)),
                        value,
                    }
                })
                .collect();
            relocs.push((target, list));
        }
        Ok(Tables {
            is64: image.get(4) == Some(&elf::ELFCLASS64),
            sections,
            symbols,
            relocs,
        })
    }

    /// An address in the file's width.
    fn addr(&self, v: u64) -> String {
        match self.is64 {
            true => format!("{v:016x}"),
            false => format!("{v:08x}"),
        }
    }

    /// The relocations of the section named `name`, by offset.
    pub fn relocations_of(&self, name: &str) -> Vec<Reloc> {
        let mut out: Vec<Reloc> = self
            .relocs
            .iter()
            .filter(|(k, _)| self.sections[*k].name == name)
            .flat_map(|(_, r)| r.iter().cloned())
            .collect();
        out.sort_by_key(|r| r.offset);
        out
    }

    /// `-h`: the section headers.
    pub fn write_headers(&self, out: &mut Vec<u8>) {
        let width = self
            .sections
            .iter()
            .map(|s| s.name.len())
            .fold(13, usize::max);
        let aw = if self.is64 { 16 } else { 8 };
        let mut s = String::new();
        let _ = writeln!(
            s,
            "\nSections:\nIdx {:<width$} Size     {:<aw$} Type",
            "Name", "VMA"
        );
        for (k, sec) in self.sections.iter().enumerate() {
            let alloc = sec.flags & u64::from(elf::SHF_ALLOC) != 0;
            let mut kinds = Vec::new();
            if sec.flags & u64::from(elf::SHF_EXECINSTR) != 0 {
                kinds.push("TEXT");
            }
            if alloc && sec.flags & u64::from(elf::SHF_EXECINSTR) == 0 && sec.ty != elf::SHT_NOBITS
            {
                kinds.push("DATA");
            }
            if sec.flags & u64::from(elf::SHF_ALLOC | elf::SHF_WRITE) != 0
                && sec.ty == elf::SHT_NOBITS
            {
                kinds.push("BSS");
            }
            if sec.name.starts_with(".debug")
                || sec.name.starts_with(".zdebug")
                || sec.name == ".gdb_index"
            {
                kinds.push("DEBUG");
            }
            let _ = writeln!(
                s,
                "{k:3} {:<width$} {:08x} {} {}",
                sec.name,
                sec.size,
                self.addr(sec.addr),
                kinds.join(", ")
            );
        }
        out.extend_from_slice(s.as_bytes());
    }

    /// `-t`: the symbol table.
    pub fn write_symbols(&self, out: &mut Vec<u8>) {
        let mut s = String::from("\nSYMBOL TABLE:\n");
        for sym in &self.symbols {
            let absolute = sym.shndx == elf::SHN_ABS;
            let common = sym.shndx == elf::SHN_COMMON;
            let weak = sym.bind == elf::STB_WEAK;
            let global = sym.bind == elf::STB_GLOBAL || weak || sym.bind == elf::STB_GNU_UNIQUE;
            let defined = sym.section.is_some() || absolute;
            let mut globloc = match (defined && !weak, global) {
                (true, true) => 'g',
                (true, false) => 'l',
                _ => ' ',
            };
            if sym.bind == elf::STB_GNU_UNIQUE {
                globloc = 'u';
            }
            let ifunc = if sym.ty == elf::STT_GNU_IFUNC {
                'i'
            } else {
                ' '
            };
            let debug = if sym.ty == elf::STT_SECTION { 'd' } else { ' ' };
            let filefunc = match sym.ty {
                elf::STT_FILE => 'f',
                elf::STT_FUNC => 'F',
                elf::STT_OBJECT | elf::STT_COMMON => 'O',
                _ => ' ',
            };
            let w = if weak { 'w' } else { ' ' };
            let section = if absolute {
                "*ABS*".to_string()
            } else if common {
                "*COM*".to_string()
            } else {
                match sym.section.and_then(|k| self.sections.get(k)) {
                    Some(sec) => sec.name.clone(),
                    None => "*UND*".to_string(),
                }
            };
            let name = match (sym.ty, sym.section.and_then(|k| self.sections.get(k))) {
                (elf::STT_SECTION, Some(sec)) => sec.name.as_str(),
                _ => sym.name.as_str(),
            };
            let other = match sym.other {
                0 => String::new(),
                1 => " .internal".into(),
                2 => " .hidden".into(),
                3 => " .protected".into(),
                o => format!(" 0x{o:02x}"),
            };
            let _ = writeln!(
                s,
                "{} {globloc}{w}  {ifunc}{debug}{filefunc} {section}\t{}{other} {name}",
                self.addr(sym.value),
                self.addr(sym.size)
            );
        }
        out.extend_from_slice(s.as_bytes());
    }

    /// `-r`: the relocations, a table for each section that has some.
    pub fn write_relocations(&self, out: &mut Vec<u8>) {
        let mut s = String::new();
        let mut done: Vec<usize> = Vec::new();
        for (k, _) in &self.relocs {
            if done.contains(k) {
                continue;
            }
            done.push(*k);
            let aw = if self.is64 { 16 } else { 8 };
            let _ = writeln!(
                s,
                "\nRELOCATION RECORDS FOR [{}]:\n{:<aw$} {:<24} VALUE",
                self.sections[*k].name, "OFFSET", "TYPE"
            );
            for (_, list) in self.relocs.iter().filter(|(j, _)| j == k) {
                for r in list {
                    let _ = writeln!(s, "{} {:<24} {}", self.addr(r.offset), r.kind, r.value);
                }
            }
        }
        out.extend_from_slice(s.as_bytes());
    }

    /// A relocation as `-d -r` shows it after its instruction.
    pub fn inline(&self, r: &Reloc, address: u64, leading_addr: bool, out: &mut Vec<u8>) {
        out.extend_from_slice(b"\t\t");
        if leading_addr {
            out.extend_from_slice(self.addr(address).as_bytes());
            out.extend_from_slice(b":  ");
        }
        out.extend_from_slice(r.kind.as_bytes());
        out.push(b'\t');
        out.extend_from_slice(r.value.as_bytes());
        out.push(b'\n');
    }
}
