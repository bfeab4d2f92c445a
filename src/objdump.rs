//! Disassembly of code objects in llvm-objdump's `-d` layout: section headers, symbols
//! as `<name>:` labels, `// ADDRESS: WORDS` comments, branch targets as `<sym+0x..>`,
//! and runs of zero bytes elided as `...`.
//!
//! [`write_with`] also prints what llvm-objdump's `-h`, `-t`, `-r`,
//! `--disassemble-symbols` and `--no-leading-addr` print (see [`Options`]).
//!
//! The text is built in a buffer and written out in blocks of about 256 KB as it is
//! produced. Addresses are checked: a section whose address plus size passes 2^64 is
//! an error naming it (branch targets wrap modulo 2^64, as the program counter does).

use crate::code_object::{CodeObject, CodeSection};
use crate::codec::DecodeError;
use crate::disasm;
use crate::disasm::memo::Memo;
use crate::inst::Inst;
use crate::isa::Role;
use crate::target::{Target, TargetError};
use std::io::{self, Write as _};

mod pieces;
mod tables;

pub use pieces::{pieces, write_piece, write_piece_in_blocks, Piece, Scratch};
pub use tables::{Reloc, Tables, TablesError};

/// Column where llvm-objdump starts the `//` comment (after the tab).
const COMMENT_COL: usize = 59;
/// Spaces up to the comment column and past it: a line's padding is a copy of all
/// of them, cut to length.
const PADDED_SPACES: [u8; 64] = [b' '; 64];
/// Room made before each line: its instruction's text (a padded copy of 64 bytes),
/// the padding (64), the address and words, with plenty to spare.
const LINE_ROOM: usize = 256;
/// `00` to `FF`: a byte's upper-case hex digits are one slice.
const BYTE_HEX_UPPER: &str = {
    const fn table() -> [u8; 512] {
        let digits = b"0123456789ABCDEF";
        let mut t = [0u8; 512];
        let mut k = 0;
        while k < 256 {
            t[2 * k] = digits[k >> 4];
            t[2 * k + 1] = digits[k & 15];
            k += 1;
        }
        t
    }
    const T: [u8; 512] = table();
    match std::str::from_utf8(&T) {
        Ok(s) => s,
        Err(_) => panic!("ASCII table"),
    }
};
/// Size of the blocks written to the output, and of those
/// [`write_piece_in_blocks`] hands over.
pub const BLOCK: usize = 1 << 18;

/// Where a listing's text goes when `text` holds a block of it.
enum Out<'a> {
    /// Written out, in whole pages (the rest stays in `text`).
    Write(&'a mut dyn io::Write),
    /// Taken by the caller, who leaves `text` empty (or holding what it will).
    Take(&'a mut dyn FnMut(&mut Vec<u8>)),
}

impl Out<'_> {
    /// Hands over the text made so far.
    fn block(&mut self, text: &mut Vec<u8>) -> io::Result<()> {
        match self {
            Out::Write(w) => crate::disasm::write_pages(*w, text),
            Out::Take(take) => {
                take(text);
                Ok(())
            }
        }
    }
}

/// Why a listing could not be written. Each kind names the file (and the bundle entry,
/// as `FILE:ID`) it is about.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The code object names a processor this tool does not know.
    Target {
        /// The file (and bundle entry).
        file: String,
        /// Why the processor name does not read.
        error: TargetError,
    },
    /// The code object does not name its processor, and none was given.
    NoProcessor {
        /// The file (and bundle entry).
        file: String,
    },
    /// The ELF tables (sections, symbols, relocations) do not read.
    Tables {
        /// The file (and bundle entry).
        file: String,
        /// What does not read.
        error: TablesError,
    },
    /// A section's last byte would lie past 2^64 - 1.
    SectionPastEnd {
        /// The file (and bundle entry).
        file: String,
        /// The section's name.
        section: String,
        /// Its address.
        address: u64,
        /// Its size in bytes.
        size: u64,
    },
    /// Writing the output failed.
    Io(io::Error),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Target { file, error } => write!(f, "{file}: {error}"),
            Error::NoProcessor { file } => {
                write!(
                    f,
                    "{file}: the code object does not name its processor; use --mcpu"
                )
            }
            Error::Tables { file, error } => write!(f, "{file}: {error}"),
            Error::SectionPastEnd {
                file,
                section,
                address,
                size,
            } => write!(
                f,
                "{file}: section {section}: address {address:#x} plus size {size:#x} passes 2^64"
            ),
            Error::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

/// What [`write_with`] prints of each object, as llvm-objdump's options say.
#[derive(Clone, Debug)]
pub struct Options {
    /// `-d`: the disassembly of the executable sections.
    pub disassemble: bool,
    /// `-h`: the section headers.
    pub section_headers: bool,
    /// `-t`: the symbol table.
    pub symbol_table: bool,
    /// `-r`: the relocations (with `disassemble`, each after its instruction).
    pub relocations: bool,
    /// `--disassemble-symbols`: only the code of these symbols (`None`: all).
    pub symbols: Option<Vec<String>>,
    /// Addresses before labels and relocations (`--no-leading-addr` clears it).
    pub leading_addr: bool,
}

impl Default for Options {
    /// `-d`.
    fn default() -> Options {
        Options {
            disassemble: true,
            section_headers: false,
            symbol_table: false,
            relocations: false,
            symbols: None,
            leading_addr: true,
        }
    }
}

/// What [`write_with`] tells besides its output.
#[derive(Clone, Debug, Default)]
pub struct Notes {
    /// The bundle entries skipped, and why, one line each.
    pub skipped: Vec<String>,
    /// `--disassemble-symbols` names an object has no code of: (the object as
    /// shown, the name).
    pub missing: Vec<(String, String)>,
}

/// Writes the disassembly of `objs` (from file `name`) to `out`. The target is `mcpu`
/// when given, else each object's own; an object with neither is an error. Entries of
/// a bundle for targets this crate does not support are skipped, the others printed:
/// returns what was skipped and why, one line each.
pub fn write(
    out: &mut dyn io::Write,
    name: &str,
    objs: &[CodeObject],
    mcpu: Option<Target>,
) -> Result<Vec<String>, Error> {
    write_with(out, name, objs, mcpu, &Options::default()).map(|n| n.skipped)
}

/// [`write()`], printing what `opts` asks for, in llvm-objdump's order: the section
/// headers, the symbol table, the relocations (when not disassembling), the
/// disassembly.
pub fn write_with(
    out: &mut dyn io::Write,
    name: &str,
    objs: &[CodeObject],
    mcpu: Option<Target>,
    opts: &Options,
) -> Result<Notes, Error> {
    let mut text = Vec::with_capacity(BLOCK + 1024);
    let result = write_objects(
        &mut Out::Write(out),
        &mut text,
        &mut None,
        BLOCK,
        name,
        objs,
        mcpu,
        opts,
    );
    // What was made before an error is written too, whole: the output stops where
    // the error is, not at the last full block, and so is the same whether the
    // objects are written in one call or one call each (as the command line's
    // threads write them).
    let written = out.write_all(&text);
    let notes = result?;
    written?;
    Ok(notes)
}

/// [`write_with`], the text appended to `text` (none of it written anywhere): for a
/// caller that holds each object's listing until its turn to be written, as the
/// command line's threads do, without copying it from block to block. On an error,
/// `text` holds what was made before it.
pub fn write_into(
    text: &mut Vec<u8>,
    name: &str,
    objs: &[CodeObject],
    mcpu: Option<Target>,
    opts: &Options,
) -> Result<Notes, Error> {
    write_objects(
        &mut Out::Write(&mut io::sink()),
        text,
        &mut None,
        usize::MAX,
        name,
        objs,
        mcpu,
        opts,
    )
}

/// [`write_with`]'s work: the text of `objs`, made in `text` and written to `out`
/// whenever it holds `block` bytes, with the notes; on an error, `text` holds what
/// was made since the last block written.
#[allow(clippy::too_many_arguments)]
fn write_objects(
    out: &mut Out,
    text: &mut Vec<u8>,
    memo: &mut Option<Memo>,
    block: usize,
    name: &str,
    objs: &[CodeObject],
    mcpu: Option<Target>,
    opts: &Options,
) -> Result<Notes, Error> {
    let mut notes = Notes::default();
    for obj in objs {
        let target = match target_of(name, obj, mcpu, opts)? {
            For::Skipped(note) => {
                notes.skipped.push(note);
                continue;
            }
            For::Nothing => None,
            For::Target(t) => Some(t),
        };
        let shown = shown(name, obj);
        let tables = write_tables(text, &shown, obj, opts)?;
        let Some(target) = target else {
            continue;
        };
        let memo = memo_for(memo, target, obj);
        let mut found: Vec<&str> = Vec::new();
        for sec in &obj.sections {
            let relocs = match (&tables, opts.relocations) {
                (Some(t), true) => t.relocations_of(&sec.name),
                _ => Vec::new(),
            };
            let shows = Shows {
                block,
                opts,
                relocs: &relocs,
                tables: tables.as_ref(),
                section: sec,
            };
            if let Some(want) = &opts.symbols {
                let here: Vec<&str> = sec
                    .symbols
                    .iter()
                    .filter(|(o, n)| *o < sec.bytes.len() as u64 && want.contains(n))
                    .map(|(_, n)| n.as_str())
                    .collect();
                if here.is_empty() {
                    continue;
                }
                found.extend(here);
            }
            section(out, text, memo, &shown, sec, &shows, 0..u64::MAX)?;
        }
        if let Some(want) = &opts.symbols {
            for w in want {
                if !found.contains(&w.as_str()) {
                    notes.missing.push((shown.clone(), w.clone()));
                }
            }
        }
    }
    Ok(notes)
}

/// What an object is disassembled for.
enum For {
    /// Nothing: the options ask for no disassembly.
    Nothing,
    Target(Target),
    /// A bundle entry for a processor this crate does not know: skipped, with
    /// this note.
    Skipped(String),
}

/// What `obj` (of file `name`) is disassembled for: `mcpu` when given, else its
/// own processor; an object with neither is an error.
fn target_of(
    name: &str,
    obj: &CodeObject,
    mcpu: Option<Target>,
    opts: &Options,
) -> Result<For, Error> {
    if !opts.disassemble {
        return Ok(For::Nothing);
    }
    match (mcpu, obj.target.as_deref()) {
        (Some(t), _) => Ok(For::Target(t)),
        (None, Some(t)) => match Target::from_name(t) {
            Ok(t) => Ok(For::Target(t)),
            Err(e) if obj.bundle_id.is_some() => Ok(For::Skipped(format!(
                "{name}:{}: skipped: {e}",
                obj.bundle_id.as_deref().unwrap_or("")
            ))),
            Err(error) => Err(Error::Target {
                file: name.to_string(),
                error,
            }),
        },
        (None, None) => Err(Error::NoProcessor {
            file: name.to_string(),
        }),
    }
}

/// An object as its listing names it: the file, and the bundle entry.
fn shown(name: &str, obj: &CodeObject) -> String {
    match &obj.bundle_id {
        Some(id) => format!("{name}:{id}"),
        None => name.to_string(),
    }
}

/// The memo to disassemble `obj` for `target` with ([`Memo::held`]).
fn memo_for<'m>(memo: &'m mut Option<Memo>, target: Target, obj: &CodeObject) -> &'m mut Memo {
    let code = obj.sections.iter().map(|s| s.bytes.len()).sum();
    Memo::held(memo, target, code)
}

/// Writes an object's file line and the tables `opts` asks for before the
/// disassembly (section headers, symbols, relocations when not disassembling), and
/// returns the tables when any option reads them.
fn write_tables(
    text: &mut Vec<u8>,
    shown: &str,
    obj: &CodeObject,
    opts: &Options,
) -> Result<Option<Tables>, Error> {
    // (R600-family objects are ELF32.)
    let class = match obj.image.get(4) {
        Some(1) => "elf32",
        _ => "elf64",
    };
    let _ = write!(text, "\n{shown}:\tfile format {class}-amdgpu\n");
    let tables = match opts.section_headers || opts.symbol_table || opts.relocations {
        true => Some(Tables::read(&obj.image).map_err(|error| Error::Tables {
            file: shown.to_string(),
            error,
        })?),
        false => None,
    };
    if let Some(t) = &tables {
        if opts.section_headers {
            t.write_headers(text);
        }
        if opts.symbol_table {
            t.write_symbols(text);
        }
        if opts.relocations && !opts.disassemble {
            t.write_relocations(text);
        }
    }
    Ok(tables)
}

/// How a section is shown: the options, and the section's relocations (by offset)
/// for `-d -r`.
struct Shows<'a> {
    /// Text made is written out when it reaches this size.
    block: usize,
    opts: &'a Options,
    relocs: &'a [Reloc],
    tables: Option<&'a Tables>,
    /// The section: a branch to one of its labels is shown with the label's name as
    /// the operand ([`CodeSection::label_at`]).
    section: &'a CodeSection,
}

/// The size of an `amd_kernel_code_t` header.
const KERNEL_HEADER: usize = 256;

/// One section: its header, then each region between symbols; of these, only the
/// regions that start in `part` (section offsets), and the header only when
/// `part` starts at 0 ([`pieces`]).
fn section(
    out: &mut Out,
    text: &mut Vec<u8>,
    memo: &mut Memo,
    shown: &str,
    sec: &CodeSection,
    shows: &Shows,
    part: std::ops::Range<u64>,
) -> Result<(), Error> {
    let len = sec.bytes.len() as u64;
    // (Its last byte may sit at 2^64 - 1.)
    if len > 0 && sec.address.checked_add(len - 1).is_none() {
        return Err(Error::SectionPastEnd {
            file: shown.to_string(),
            section: sec.name.clone(),
            address: sec.address,
            size: len,
        });
    }
    if part.start == 0 {
        let _ = write!(text, "\nDisassembly of section {}:\n", sec.name);
    }
    // Symbols by offset (names at one offset keep their order).
    let mut syms: Vec<(u64, &str)> = sec.symbols.iter().map(|(o, n)| (*o, n.as_str())).collect();
    syms.sort_by_key(|s| s.0);
    if len == 0 {
        return Ok(());
    }
    // Regions start at 0 and at each symbol inside the section; llvm-objdump starts
    // decoding afresh at each.
    let inside = syms.partition_point(|s| s.0 < len);
    let mut k = 0;
    let mut start = 0u64;
    loop {
        let first = k;
        while k < inside && syms[k].0 == start {
            k += 1;
        }
        let end = syms.get(k).filter(|_| k < inside).map_or(len, |s| s.0);
        if start >= part.end {
            return Ok(());
        }
        if start < part.start {
            if end == len {
                return Ok(());
            }
            start = end;
            continue;
        }
        // (In range: start < end <= len, and the address + len was checked.)
        // With --disassemble-symbols, only the regions of the symbols named, under
        // those names.
        let names: Vec<&str> = match &shows.opts.symbols {
            None => syms[first..k].iter().map(|s| s.1).collect(),
            Some(want) => syms[first..k]
                .iter()
                .map(|s| s.1)
                .filter(|n| want.iter().any(|w| w == n))
                .collect(),
        };
        let label = |text: &mut Vec<u8>, n: &str| {
            if shows.opts.leading_addr {
                let _ = write!(text, "\n{:016x} <{n}>:\n", sec.address + start);
            } else {
                let _ = write!(text, "\n<{n}>:\n");
            }
        };
        for n in &names {
            label(text, n);
        }
        // Code before any symbol is labelled with the section's name.
        if first == k && shows.opts.symbols.is_none() {
            label(text, &sec.name);
        }
        if shows.opts.symbols.is_none() || !names.is_empty() {
            // A kernel with an amd_kernel_code_t header: llvm-objdump says it cannot
            // decode one, and shows 256 bytes as data (those at the section's start,
            // wherever the kernel is: its own doing) before the code after the header.
            let mut from = start;
            if let Some((_, name)) = sec.kernel_headers.iter().find(|h| h.0 == start) {
                let _ = write!(
                    text,
                    "; error decoding {name}: code object v2 is not supported\n\
                     ; decoding failed region as bytes\n"
                );
                for b in sec.bytes.iter().take(KERNEL_HEADER) {
                    let _ = writeln!(text, "\t.byte\t {b:#X}");
                }
                from = (start + KERNEL_HEADER as u64).min(end);
            }
            let bytes = &sec.bytes[from as usize..end as usize];
            region(
                out,
                text,
                memo,
                (sec.address + from, from),
                bytes,
                sec.address,
                &syms,
                shows,
            )?;
        }
        if end == len {
            return Ok(());
        }
        start = end;
    }
}

/// A branch's text with its target (the last operand) written as `name`.
fn named_target(text: &[u8], name: &str) -> Vec<u8> {
    let cut = text
        .iter()
        .rposition(|&b| b == b' ')
        .map_or(text.len(), |k| k + 1);
    [&text[..cut], name.as_bytes()].concat()
}

/// Whether `i` has a branch target.
fn has_label(i: &Inst) -> bool {
    i.desc().sig().iter().any(|s| s.role == Role::Label)
}

/// The symbol at or before `offset` (section-relative), as `<sym>` or `<sym+0x..>`;
/// `syms` is sorted by offset, and of several at one offset the last is named.
fn symbolize(out: &mut Vec<u8>, offset: u64, syms: &[(u64, &str)]) {
    let k = syms.partition_point(|s| s.0 <= offset);
    if let Some((o, n)) = k.checked_sub(1).map(|k| syms[k]) {
        out.extend_from_slice(b" <");
        out.extend_from_slice(n.as_bytes());
        if o != offset {
            out.extend_from_slice(b"+0x");
            push_hex(out, offset - o, 1, false);
        }
        out.push(b'>');
    }
}

/// Appends `v` in hex digits (at least `min`, at most 16), upper- or lower-case: the
/// digits are made two at a time by table in a small buffer and appended at once.
fn push_hex(out: &mut Vec<u8>, v: u64, min: usize, upper: bool) {
    let digits = ((64 - v.leading_zeros() as usize).div_ceil(4)).clamp(min.min(16), 16);
    let mut buf = [0u8; 16];
    for (k, pair) in buf.chunks_exact_mut(2).enumerate() {
        let b = (v >> (56 - 8 * k)) as u8;
        pair.copy_from_slice(if upper {
            &BYTE_HEX_UPPER.as_bytes()[2 * b as usize..][..2]
        } else {
            &disasm::byte_hex(b).as_bytes()[2..]
        });
    }
    // (Addresses mostly take 12 digits: a copy of known length is a few moves.)
    match digits {
        12 => out.extend_from_slice(&buf[4..]),
        _ => out.extend_from_slice(&buf[16 - digits..]),
    }
}

/// Appends a dword as llvm-objdump shows it: a space and 8 upper-case hex digits of
/// the little-endian word made of `w` (zero-padded when shorter than 4 bytes).
fn push_word(out: &mut Vec<u8>, w: &[u8]) {
    // (A tail shorter than a word is its bytes in order, as llvm-objdump shows it.)
    if w.len() < 4 {
        for &b in w {
            out.push(b' ');
            out.extend_from_slice(&BYTE_HEX_UPPER.as_bytes()[2 * b as usize..2 * b as usize + 2]);
        }
        return;
    }
    let mut buf = [b' '; 9];
    for k in 0..4 {
        let b = w.get(3 - k).copied().unwrap_or(0) as usize;
        buf[1 + 2 * k..3 + 2 * k].copy_from_slice(&BYTE_HEX_UPPER.as_bytes()[2 * b..2 * b + 2]);
    }
    out.extend_from_slice(&buf);
}

/// Disassembles the bytes of a region that starts at address `base`, offset
/// `start` in its section (`(base, start)`).
#[allow(clippy::too_many_arguments)]
fn region(
    out: &mut Out,
    text: &mut Vec<u8>,
    memo: &mut Memo,
    (base, start): (u64, u64),
    bytes: &[u8],
    sec_addr: u64,
    syms: &[(u64, &str)],
    shows: &Shows,
) -> io::Result<()> {
    let target = memo.target();
    let mut pos = 0usize;
    // The relocations from here on (-d -r), by section offset.
    let mut relocs = &shows.relocs[shows.relocs.partition_point(|r| r.offset < start)..];
    while pos < bytes.len() {
        if text.len() >= shows.block {
            out.block(text)?;
        }
        // llvm-objdump elides zero runs of 8 bytes or more (whole words), up to the
        // next relocation when it shows them.
        if bytes[pos] == 0 {
            let limit = relocs
                .first()
                .map_or(bytes.len(), |r| (r.offset - start) as usize)
                .clamp(pos, bytes.len());
            let zeros = bytes[pos..limit].iter().take_while(|b| **b == 0).count() & !3;
            if zeros >= 8 {
                text.extend_from_slice(b"\t\t...\n");
                pos += zeros;
                continue;
            }
        }
        // A line's text from the memo (it depends on the bytes alone: the tab and an
        // instruction's text, or data for bytes that do not decode); the padding,
        // address and words are this line's.
        // (Marked: instructions with a branch target, which the line names; all are
        // SOPP or SOPK, the target's offset the low 16 bits.)
        let render = |r: Result<&Inst, DecodeError>, raw: &[u8], s: &mut Vec<u8>| {
            s.push(b'\t');
            match r {
                Ok(i) => {
                    let _ = crate::syntax::print::push_inst_to(&mut disasm::Bytes(s), target, i);
                }
                Err(_) => disasm::data_text(raw, |t| s.extend_from_slice(t.as_bytes())),
            }
            r.is_ok_and(has_label) as u8
        };
        // (base + pos stays inside the section, whose end was checked.)
        let addr = base + pos as u64;
        let h = memo.get_with(&bytes[pos..], Some(disasm::templates::End::Bare), render);
        let simm16 = i16::from_le_bytes([bytes[pos], bytes.get(pos + 1).copied().unwrap_or(0)]);
        // The program counter wraps: so do branch targets.
        let dest = (h.mark != 0).then(|| {
            let delta = 4 * i64::from(simm16);
            addr.wrapping_add(4)
                .wrapping_add(delta as u64)
                .wrapping_sub(sec_addr)
        });
        let label = dest.and_then(|d| shows.section.label_at(d));
        // (The text and the spaces after it: copies of fixed size where there is
        // room, cut to length, instead of two calls to copy.)
        text.reserve(LINE_ROOM);
        let width = match label {
            Some(name) => {
                let t = named_target(h.text, name);
                text.extend_from_slice(&t);
                t.len()
            }
            None => {
                h.push_to(text);
                h.text.len()
            }
        };
        let gap = COMMENT_COL + 1 - width.min(COMMENT_COL + 1);
        let end = text.len() + gap;
        text.extend_from_slice(&PADDED_SPACES);
        text.truncate(end);
        text.extend_from_slice(b"// ");
        push_hex(text, addr, 12, true);
        text.push(b':');
        for w in bytes[pos..pos + h.len].chunks(4) {
            push_word(text, w);
        }
        let len = h.len;
        // (A target shown by name gets no `<sym+0x..>` comment.)
        if let (Some(dest), None) = (dest, label) {
            symbolize(text, dest, syms);
        }
        text.push(b'\n');
        pos += len;
        // The relocations that patch this instruction's bytes (or any before).
        while let Some(r) = relocs.first().filter(|r| r.offset < start + pos as u64) {
            if let Some(t) = shows.tables {
                t.inline(r, sec_addr + r.offset, shows.opts.leading_addr, text);
            }
            relocs = &relocs[1..];
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code_object::Feature;

    fn object(address: u64, bytes: Vec<u8>) -> CodeObject {
        CodeObject {
            target: Some("gfx906".into()),
            xnack: Feature::Any,
            sramecc: Feature::Any,
            e_flags: 0,
            os_abi: 64,
            abi_version: 2,
            e_type: 1,
            bundle_id: None,
            sections: vec![CodeSection {
                name: ".text".into(),
                address,
                bytes: bytes.into(),
                symbols: vec![(0, "f".into()), (4, "g".into())],
                kernel_headers: Vec::new(),
                branch_labels: Vec::new(),
                entries: Vec::new(),
            }],
            image: Vec::new().into(),
        }
    }

    /// A listing made in pieces and handed over in blocks is the whole listing,
    /// and each block handed over holds at least [`BLOCK`] bytes.
    #[test]
    fn pieces_in_blocks_are_the_listing() {
        // 384 KiB of code: v_add_u32 v1, v2, v3 and s_nop 0 by turns, a symbol
        // every 64 KiB; a listing of about 3 MB.
        let mut code = Vec::new();
        for k in 0..(96 << 10) {
            let w: u32 = if k % 2 == 0 { 0x6802_0702 } else { 0xbf80_0000 };
            code.extend_from_slice(&w.to_le_bytes());
        }
        let mut obj = object(0x1000, code);
        obj.sections[0].symbols = (0..6).map(|k| (k << 16, format!("f{k}"))).collect();
        let objs = [obj];
        let opts = Options::default();
        let mut whole = Vec::new();
        write_into(&mut whole, "x.o", &objs, None, &opts).unwrap();
        let (mut joined, mut sizes) = (Vec::new(), Vec::new());
        let (mut text, mut scratch) = (Vec::new(), Scratch::default());
        for p in pieces("x.o", &objs, None, &opts, 100 << 10) {
            let mut full = |t: &mut Vec<u8>| {
                sizes.push(t.len());
                joined.append(t);
            };
            write_piece_in_blocks(
                &mut text,
                &mut full,
                &mut scratch,
                "x.o",
                &objs,
                &p,
                None,
                &opts,
            )
            .unwrap();
        }
        joined.append(&mut text);
        assert!(whole.len() > 8 * BLOCK, "{}", whole.len());
        assert!(sizes.len() >= 8, "{sizes:?}");
        assert!(sizes.iter().all(|&n| n >= BLOCK), "{sizes:?}");
        assert!(joined == whole, "the blocks differ from the listing");
    }

    /// A kernel with an amd_kernel_code_t header (STT_AMDGPU_HSA_KERNEL) shows as
    /// llvm-objdump-22 shows it: its refusal, then 256 bytes of data, those at the
    /// section's start even for a kernel further on, then the code after them.
    #[test]
    fn kernel_headers_print_as_llvm_objdump() {
        let mut code: Vec<u8> = (0..=255u8).collect();
        code.extend_from_slice(&[0, 0, 0x81, 0xbf]); // s_endpgm
        code.extend((0..=255u8).rev());
        code.extend_from_slice(&[0, 0, 0x81, 0xbf]);
        let mut obj = object(0, code);
        obj.sections[0].symbols = vec![(0, "a".into()), (260, "b".into())];
        obj.sections[0].kernel_headers = obj.sections[0].symbols.clone();
        let mut out = Vec::new();
        write(&mut out, "x.o", &[obj], None).unwrap();
        let text = String::from_utf8(out).unwrap();
        let head = "; error decoding b: code object v2 is not supported\n\
                    ; decoding failed region as bytes\n\t.byte\t 0x0\n\t.byte\t 0x1\n";
        assert!(text.contains(head), "{text}");
        assert!(text.contains("\t.byte\t 0xFF\n\ts_endpgm"), "{text}");
        assert_eq!(text.matches(".byte").count(), 512, "{text}");
        assert_eq!(text.matches("s_endpgm").count(), 2, "{text}");
    }

    #[test]
    fn sections_past_the_end_of_the_address_space_are_errors() {
        // s_nop 0; s_branch -2 (to itself)
        let code = vec![0, 0, 0x80, 0xbf, 0xfe, 0xff, 0x82, 0xbf];
        let mut out = Vec::new();
        let e = write(&mut out, "x.o", &[object(u64::MAX - 4, code.clone())], None).unwrap_err();
        assert!(e.to_string().contains("passes 2^64"), "{e}");
        // At the very end: fine, and the branch names its own symbol.
        let mut out = Vec::new();
        write(&mut out, "x.o", &[object(u64::MAX - 7, code)], None).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("s_branch 65534"), "{text}");
        // (The address wraps past 2^64 - 1 and back, as the program counter does.)
        assert!(
            text.contains("// FFFFFFFFFFFFFFFC: BF82FFFE <f>\n"),
            "{text}"
        );
    }

    /// A branch to a label (an `STT_NOTYPE` symbol) names it as the operand, with no
    /// `<sym>` comment, as llvm-objdump's symbolizer does; a branch elsewhere keeps
    /// the offset.
    #[test]
    fn branches_to_labels_name_them() {
        // s_branch 0 (to 4); s_branch -2 (to 0)
        let code = vec![0, 0, 0x82, 0xbf, 0xfe, 0xff, 0x82, 0xbf];
        let mut obj = object(0, code);
        obj.sections[0].branch_labels = vec![(4, "g".into())];
        let mut out = Vec::new();
        write(&mut out, "x.o", &[obj], None).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\ts_branch g "), "{text}");
        assert!(text.contains("// 000000000000: BF820000\n"), "{text}");
        assert!(text.contains("// 000000000004: BF82FFFE <f>\n"), "{text}");
        let mut obj = object(0, vec![0, 0, 0x82, 0xbf]);
        obj.sections[0].branch_labels = vec![(8, "h".into())];
        let mut out = Vec::new();
        write(&mut out, "x.o", &[obj], None).unwrap();
        assert!(String::from_utf8(out).unwrap().contains("s_branch 0 "));
    }
}
