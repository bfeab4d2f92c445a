//! The ELF64 relocatable writer, laid out as llvm-mc lays its objects out: the
//! header, the sections' bytes in order, the symbol table, the relocation
//! sections, the string table (section and symbol names together), then the
//! section headers; in the header table `.strtab` first, each section followed by
//! its `.rela` section (`.rel` for the OSes other than HSA), `.symtab` last.

use super::object::{sht, Bind, Def, Object, Reloc, Symbol};
use super::strtab::StrTab;

/// The ELF index of the first section of the object (after the null section and
/// `.strtab`).
pub(super) const fn first_user_section() -> usize {
    2
}

const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_RELA: u32 = 4;
const SHT_REL: u32 = 9;
const SHF_INFO_LINK: u64 = 0x40;

#[derive(Default)]
struct Shdr {
    name: String,
    ty: u32,
    flags: u64,
    offset: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
}

fn pad_to(out: &mut Vec<u8>, align: u64) {
    while !(out.len() as u64).is_multiple_of(align.max(1)) {
        out.push(0);
    }
}

/// The bytes of a finished object.
pub(super) fn write(o: &Object) -> Vec<u8> {
    // (Room for all of it at once: grown by doubling, a large object was copied
    // over and over, into fresh pages each time.)
    let mut out = Vec::with_capacity(room(o));
    out.resize(64, 0);
    let mut shdrs = vec![
        Shdr::default(),
        Shdr {
            name: ".strtab".into(),
            ty: SHT_STRTAB,
            align: 1,
            ..Shdr::default()
        },
    ];
    let rela_slots = write_sections(o, &mut out, &mut shdrs);
    let symtab_index = shdrs.len();
    let (order, first_global) = symbol_order(o);
    let mut sym_index = vec![0u32; o.symbols.len()];
    for (i, &k) in order.iter().enumerate() {
        sym_index[k] = (i + 1) as u32;
    }
    let mut strtab = StrTab::default();
    for h in &shdrs {
        strtab.add(&h.name);
    }
    strtab.add(".symtab");
    for &k in &order {
        if !o.symbols[k].section {
            strtab.add(&o.symbols[k].name);
        }
    }
    let strtab_bytes = strtab.finish();

    pad_to(&mut out, 8);
    let symtab_off = out.len() as u64;
    write_symbols(o, &mut out, &order, &strtab);
    let symtab_size = out.len() as u64 - symtab_off;
    for &(k, slot) in &rela_slots {
        pad_to(&mut out, 8);
        let off = out.len() as u64;
        write_relocs(&mut out, &o.relocs[k], &sym_index, o.uses_rela());
        shdrs[slot].offset = off;
        shdrs[slot].size = out.len() as u64 - off;
        shdrs[slot].link = symtab_index as u32;
    }
    shdrs[1].offset = out.len() as u64;
    shdrs[1].size = strtab_bytes.len() as u64;
    out.extend_from_slice(&strtab_bytes);
    shdrs.push(Shdr {
        name: ".symtab".into(),
        ty: SHT_SYMTAB,
        offset: symtab_off,
        size: symtab_size,
        link: 1,
        info: first_global as u32,
        align: 8,
        entsize: 24,
        ..Shdr::default()
    });

    pad_to(&mut out, 8);
    let shoff = out.len() as u64;
    for h in &shdrs {
        write_shdr(&mut out, h, &strtab);
    }
    write_header(o, &mut out, shoff, shdrs.len());
    out
}

/// About the bytes [`write`] makes of `o`, at least as many for alignments to
/// 64 KiB: each part's size bound from above (alignment padding, a symbol or
/// section name's bytes, a header of 64 bytes for each section and relocation
/// section and the three of the writer's own).
fn room(o: &Object) -> usize {
    let pad = |s: &super::object::Section| s.align.min(1 << 16) as usize;
    let sections: usize = o
        .sections
        .iter()
        .map(|s| s.data.len() + pad(s) + s.name.len() + 130)
        .sum();
    let symbols: usize = o.symbols.iter().map(|s| s.name.len() + 25).sum();
    let relocs: usize = o.relocs.iter().map(|r| 24 * r.len() + 8).sum();
    64 + sections + symbols + relocs + 64 * 3 + 64
}

/// The sections' contents, and their header slots (relocation sections right
/// after theirs): the relocation sections' (section, slot).
fn write_sections(o: &Object, out: &mut Vec<u8>, shdrs: &mut Vec<Shdr>) -> Vec<(usize, usize)> {
    let mut rela_slots = Vec::new();
    let (rel_prefix, rel_ty, rel_size) = if o.uses_rela() {
        (".rela", SHT_RELA, 24)
    } else {
        (".rel", SHT_REL, 16)
    };
    for (k, s) in o.sections.iter().enumerate() {
        pad_to(out, s.align);
        let offset = out.len() as u64;
        if s.ty != sht::NOBITS {
            out.extend_from_slice(&s.data);
        }
        shdrs.push(Shdr {
            name: s.name.clone(),
            ty: s.ty,
            flags: s.flags,
            offset,
            size: s.len(),
            align: s.align,
            entsize: s.entsize,
            ..Shdr::default()
        });
        if !o.relocs[k].is_empty() {
            rela_slots.push((k, shdrs.len()));
            shdrs.push(Shdr {
                name: format!("{rel_prefix}{}", s.name),
                ty: rel_ty,
                flags: SHF_INFO_LINK,
                info: (shdrs.len() - 1) as u32,
                align: 8,
                entsize: rel_size,
                ..Shdr::default()
            });
        }
    }
    rela_slots
}

/// The symbol table's symbols: locals first, then the others, each in
/// first-mention order; and the index of the first global.
fn symbol_order(o: &Object) -> (Vec<usize>, usize) {
    let mut order: Vec<usize> = Vec::new();
    let local = |k: usize| o.bind_of(&o.symbols[k]) == Bind::Local;
    let listed: Vec<usize> = (0..o.symbols.len())
        .filter(|&k| o.in_symtab(&o.symbols[k]))
        .collect();
    order.extend(listed.iter().copied().filter(|&k| local(k)));
    let first_global = order.len() + 1;
    order.extend(listed.iter().copied().filter(|&k| !local(k)));
    (order, first_global)
}

/// The symbol table's entries (the null one first).
fn write_symbols(o: &Object, out: &mut Vec<u8>, order: &[usize], strtab: &StrTab) {
    out.extend_from_slice(&[0u8; 24]);
    for &k in order {
        let s = &o.symbols[k];
        let (value, shndx) = o.sym_value(s);
        let bind = match o.bind_of(s) {
            Bind::Local => 0u8,
            Bind::Global => 1,
            Bind::Weak => 2,
        };
        let name = if s.section { 0 } else { strtab.offset(&s.name) };
        out.extend_from_slice(&name.to_le_bytes());
        out.push(bind << 4 | s.ty);
        out.push(s.vis);
        out.extend_from_slice(&shndx.to_le_bytes());
        out.extend_from_slice(&value.to_le_bytes());
        out.extend_from_slice(&o.sym_size(s).to_le_bytes());
    }
}

/// A section's relocations (with addends for `SHT_RELA`).
fn write_relocs(out: &mut Vec<u8>, relocs: &[Reloc], sym_index: &[u32], rela: bool) {
    for r in relocs {
        out.extend_from_slice(&r.offset.to_le_bytes());
        let sym = sym_index.get(r.sym).copied().unwrap_or(0);
        let info = (sym as u64) << 32 | r.ty as u64;
        out.extend_from_slice(&info.to_le_bytes());
        if rela {
            out.extend_from_slice(&r.addend.to_le_bytes());
        }
    }
}

/// A section header.
fn write_shdr(out: &mut Vec<u8>, h: &Shdr, strtab: &StrTab) {
    out.extend_from_slice(&strtab.offset(&h.name).to_le_bytes());
    out.extend_from_slice(&h.ty.to_le_bytes());
    out.extend_from_slice(&h.flags.to_le_bytes());
    out.extend_from_slice(&0u64.to_le_bytes());
    out.extend_from_slice(&h.offset.to_le_bytes());
    out.extend_from_slice(&h.size.to_le_bytes());
    out.extend_from_slice(&h.link.to_le_bytes());
    out.extend_from_slice(&h.info.to_le_bytes());
    out.extend_from_slice(&h.align.to_le_bytes());
    out.extend_from_slice(&h.entsize.to_le_bytes());
}

/// The ELF header, in the first 64 bytes (`shoff`: where the `shnum` section
/// headers are).
fn write_header(o: &Object, out: &mut [u8], shoff: u64, shnum: usize) {
    let os = o.triple.os;
    let h = &mut out[..64];
    h[..4].copy_from_slice(b"\x7fELF");
    h[4] = 2; // ELFCLASS64
    h[5] = 1; // little endian
    h[6] = 1; // EV_CURRENT
    h[7] = os.os_abi();
    h[8] = os.abi_version(o.co_version);
    h[16..18].copy_from_slice(&1u16.to_le_bytes()); // ET_REL
    h[18..20].copy_from_slice(&crate::code_object::amdgpu::EM_AMDGPU.to_le_bytes());
    h[20..24].copy_from_slice(&1u32.to_le_bytes());
    h[40..48].copy_from_slice(&shoff.to_le_bytes());
    h[48..52].copy_from_slice(&o.e_flags().to_le_bytes());
    h[52..54].copy_from_slice(&64u16.to_le_bytes());
    h[58..60].copy_from_slice(&64u16.to_le_bytes());
    h[60..62].copy_from_slice(&(shnum as u16).to_le_bytes());
    h[62..64].copy_from_slice(&1u16.to_le_bytes());
}

/// The object in ELF terms: its bytes, its symbols' values and sections.
impl Object {
    /// The finished object as ELF bytes (call [`Object::finish`] first).
    pub fn to_elf(&self) -> Vec<u8> {
        write(self)
    }

    /// A symbol's final value and section index (`None` for undefined).
    pub(super) fn sym_value(&self, s: &Symbol) -> (u64, u16) {
        match &s.def {
            Def::Undef => (0, 0),
            Def::Label { sec, off } => (*off, (first_user_section() + self.elf_index(*sec)) as u16),
            Def::Special { shndx, value } => (*value, *shndx),
            Def::Var(t) => match self.eval(t).map(|v| self.simplify(v)) {
                Ok(v) => match (v.absolute(), v.add) {
                    (Some(x), _) => (x as u64, 0xfff1),
                    (None, Some((a, _))) if v.sub.is_none() => {
                        let (av, ai) = self.sym_value(&self.symbols[a]);
                        (av.wrapping_add(v.cst as u64), ai)
                    }
                    _ => (0, 0),
                },
                Err(_) => (0, 0),
            },
        }
    }

    /// A section's index among the sections before relocation sections are added:
    /// the ELF index is computed by the writer.
    pub(super) fn elf_index(&self, sec: usize) -> usize {
        // Each earlier section with relocations adds a .rela section after it.
        sec + self
            .relocs
            .iter()
            .take(sec)
            .filter(|r| !r.is_empty())
            .count()
    }

    /// A symbol's `.size`, evaluated.
    pub(super) fn sym_size(&self, s: &Symbol) -> u64 {
        s.size
            .as_ref()
            .and_then(|(t, _)| self.absolute(t).ok())
            .unwrap_or(0) as u64
    }
}
