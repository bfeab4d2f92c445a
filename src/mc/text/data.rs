//! Data: the directives that place bytes (`.byte`, `.short`, `.long`, `.quad` and
//! their aliases, `.ascii`, `.asciz`, `.string`, `.zero`, `.space`, `.skip`,
//! `.fill`, the alignments `.p2align`, `.balign` and their kin), `.ident` (a
//! string in `.comment`), and string literals.

use super::directive::Dir;
use super::line::Line;
use super::state::{ObjSyms, TextAsm, DIRECTIVE_JUNK, MAX_FILL, MAX_OBJECT, R};
use crate::mc::asm_text;
use crate::mc::error::{Error as McError, ErrorKind};
use crate::mc::memo::Bytes;
use crate::mc::object::{shf, sht, FixupKind};
use crate::syntax::error::Error;
use crate::syntax::expr::{self, Tree};
use crate::syntax::lex::ws;

impl TextAsm {
    /// `.byte`, `.short`, `.long`, `.quad` (`width` bytes each) and their aliases.
    pub(super) fn data(&mut self, l: &Line, line: &str, rest: &str, width: u8) -> R<()> {
        let list = self.expr_list(line, rest, true, usize::MAX, DIRECTIVE_JUNK)?;
        // (The bytes of numbers written as such, which the line places wherever it
        // is read again.)
        let mut plain = Some(Bytes::default());
        for (p, t) in list {
            if !matches!(t, Tree::Num(_)) {
                plain = None;
            }
            if self.llvm {
                let shown = self.llvm_shown(&t);
                let d = asm_text::data_directive(width);
                self.llvm_lines.push(format!("\t{d}\t{shown}"));
            }
            let off = self.o.sec().len();
            match self.o.absolute(&t) {
                Ok(v) => {
                    let bits = width as u32 * 8;
                    if bits < 64 && (v < -(1i64 << (bits - 1)) || v >= 1i64 << bits) {
                        return Err(Error::new(p, "out of range literal value"));
                    }
                    let bytes = &v.to_le_bytes()[..width as usize];
                    if plain.as_mut().is_some_and(|b| !b.push(bytes)) {
                        plain = None;
                    }
                    self.o.emit(bytes).map_err(|m| Error::new(p, m))?;
                }
                Err(_) => {
                    if self.o.sec().ty == sht::NOBITS {
                        let msg = format!(
                            "BSS section '{}' cannot have non-zero bytes",
                            self.o.sec().name
                        );
                        let loc = self.loc(l, p);
                        self.o
                            .deferred
                            .push(McError::new(ErrorKind::Section, msg).at(loc));
                        self.o
                            .emit(&[0u8; 8][..width as usize])
                            .map_err(|m| Error::new(p, m))?;
                        continue;
                    }
                    self.o
                        .emit(&[0u8; 8][..width as usize])
                        .map_err(|m| Error::new(p, m))?;
                    // (llvm-mc places a fixup's errors at the expression's root
                    // operator.)
                    let root = expr::tree_with_root(&line[p..]).map_or(0, |x| x.2);
                    let loc = self.loc(l, p + root);
                    if self.no_relocs {
                        self.fixup_locs.push((self.o.cur, off, loc.clone()));
                    }
                    self.o.fixup(off, FixupKind::Data(width), t, loc);
                }
            }
        }
        self.plain = plain;
        Ok(())
    }

    /// `.ascii`, `.asciz`, `.string`: strings, the last two each with a NUL.
    pub(super) fn strings(&mut self, d: Dir) -> R<()> {
        let Dir {
            line, name, rest, ..
        } = d;
        let mut r = ws(rest);
        loop {
            let p = line.len() - r.len();
            let (r2, bytes) = string_literal(r).map_err(|m| Error::new(p, m))?;
            self.o.emit(&bytes).map_err(|m| Error::new(p, m))?;
            if self.llvm {
                asm_text::bytes_lines(&bytes, &mut self.llvm_lines);
            }
            if name != ".ascii" {
                self.o.emit(&[0]).map_err(|m| Error::new(p, m))?;
                if self.llvm {
                    self.llvm_lines.push("\t.byte\t0".into());
                }
            }
            r = ws(r2);
            match r.strip_prefix(',') {
                Some(r3) => r = ws(r3),
                None if r.is_empty() => break,
                None => {
                    return Err(Error::new(
                        line.len() - r.len(),
                        "unexpected token in directive",
                    ))
                }
            }
        }
        Ok(())
    }

    /// `.zero`, `.space`, `.skip COUNT[, VALUE]` and `.fill COUNT[, SIZE[, VALUE]]`.
    pub(super) fn fill(&mut self, d: Dir) -> R<()> {
        let Dir {
            line,
            pos,
            name,
            rest,
            at,
            ..
        } = d;
        let maxargs = if name == ".fill" { 3 } else { 2 };
        let list = self.expr_list(line, rest, false, maxargs, "expected newline")?;
        let mut vals = Vec::new();
        for (p, t) in &list {
            vals.push((
                *p,
                self.o
                    .absolute(t)
                    .map_err(|_| Error::new(*p, "expected absolute expression"))?,
            ));
        }
        let get = |k: usize, d: i64| vals.get(k).map_or(d, |v| v.1);
        if vals.is_empty() {
            return Err(Error::new(at, "expected absolute expression"));
        }
        let (count, size, value) = if name == ".fill" {
            (get(0, 0), get(1, 1), get(2, 0))
        } else {
            (get(0, 0), 1, get(1, 0))
        };
        if count < 0 {
            return Err(Error::new(vals[0].0, "negative count has no effect"));
        }
        if !(0..=8).contains(&size) {
            return Err(Error::new(
                vals[1].0,
                "invalid '.fill' size, expected 1, 2, 4, or 8",
            ));
        }
        if self.llvm {
            self.llvm_lines.push(match name {
                ".fill" => format!("\t.fill\t{count}, {size}, {:#x}", value as u32),
                _ if value != 0 => format!("\t.zero\t{count},{value}"),
                _ => format!("\t.zero\t{count}"),
            });
        }
        // Our own limits, to keep the object in memory.
        let bytes = count.saturating_mul(size);
        if bytes > MAX_FILL {
            return Err(Error::new(vals[0].0, "fill too large (at most 256 MiB)"));
        }
        self.room(bytes as u64, vals[0].0)?;
        // .fill repeats SIZE bytes of VALUE, the high ones of an 8-byte unit zero.
        let mut unit = [0u8; 8];
        let v4 = if size > 4 {
            value as u32 as u64
        } else {
            value as u64
        };
        unit.copy_from_slice(&v4.to_le_bytes());
        // (Emitted in chunks of whole units, not a unit at a time.)
        let size = size as usize;
        let mut left = bytes as usize;
        if size > 0 && left > 0 {
            let chunk: Vec<u8> = unit[..size]
                .iter()
                .copied()
                .cycle()
                .take(left.min(1 << 16) / size * size)
                .collect();
            while left > 0 {
                let n = left.min(chunk.len());
                self.o.emit(&chunk[..n]).map_err(|m| Error::new(pos, m))?;
                left -= n;
            }
        }
        Ok(())
    }

    /// `.p2align`, `.balign` and their kin (`name`), the fill value and maximum.
    pub(super) fn align(&mut self, line: &str, name: &str, rest: &str, at: usize) -> R<()> {
        let mut args: Vec<Option<(usize, i64)>> = Vec::new();
        let mut r = ws(rest);
        loop {
            let p = line.len() - r.len();
            if r.is_empty() || r.starts_with(',') {
                args.push(None);
            } else {
                let (r2, v) = expr::expr(r, &ObjSyms::new(&self.o))
                    .map_err(|_| Error::new(p, "expected absolute expression"))?;
                args.push(Some((p, v)));
                r = ws(r2);
            }
            match r.strip_prefix(',') {
                Some(r3) if args.len() < 3 => r = ws(r3),
                None if r.is_empty() => break,
                _ => return Err(Error::new(line.len() - r.len(), "expected newline")),
            }
        }
        let Some(Some((p0, v))) = args.first().copied() else {
            return Err(Error::new(at, "unknown token in expression"));
        };
        let p2 = name.starts_with(".p2");
        let align = if p2 {
            if !(0..32).contains(&v) {
                return Err(Error::new(p0, "invalid alignment value"));
            }
            1i64 << v
        } else {
            if v < 0 || (v != 0 && v & (v - 1) != 0) {
                return Err(Error::new(p0, "alignment must be a power of 2"));
            }
            v.max(1)
        };
        let width = match name.as_bytes().last() {
            Some(b'w') => 2,
            Some(b'l') => 4,
            _ => 1,
        };
        let fill = args.get(1).copied().flatten();
        if let Some((p, f)) = fill {
            let bits = width * 8;
            if bits < 64 && (f < -(1i64 << (bits - 1)) || f >= 1i64 << bits) {
                return Err(Error::new(p, "invalid fill value"));
            }
        }
        let max = args.get(2).copied().flatten();
        if width > 1 && align < width as i64 {
            return Err(Error::new(p0, "alignment smaller than the fill unit"));
        }
        // Our own limits, to keep the object in memory.
        if align > MAX_FILL && self.o.sec().ty != sht::NOBITS {
            return Err(Error::new(p0, "alignment too large (at most 256 MiB)"));
        }
        if self.o.sec().ty != sht::NOBITS {
            let len = self.o.sec().len();
            self.room((align as u64 - len % align as u64) % align as u64, p0)?;
        }
        // llvm-mc refuses a maximum below 1 and ignores one of the alignment or more.
        if let Some((p, m)) = max {
            if m < 1 {
                return Err(Error::new(
                    p,
                    "alignment directive can never be satisfied in this many bytes, ignoring maximum bytes expression",
                ));
            }
        }
        let max = max.map(|(_, m)| m as u64).filter(|&m| m < align as u64);
        let fill = fill.map(|(_, f)| (f as u64, width as u8));
        if width > 1 && !self.o.sec().len().is_multiple_of(width as u64) {
            return Err(Error::new(at, "misaligned start for a fill unit"));
        }
        if self.llvm {
            // (As llvm-mc: a code section aligned with no fill value is aligned with
            // no-ops, printed bare; other alignments name their fill.)
            let log = align.trailing_zeros();
            let code = self.o.sec().flags & shf::EXECINSTR != 0;
            let mut t = match fill {
                None if code => format!("\t.p2align\t{log}"),
                _ => {
                    let head = match width {
                        1 => "\t.p2align\t",
                        2 => ".p2alignw ",
                        _ => ".p2alignl ",
                    };
                    let mask = u64::MAX >> (64 - 8 * width);
                    format!("{head}{log}, {:#x}", fill.map_or(0, |f| f.0) & mask)
                }
            };
            if let Some(m) = max {
                if fill.is_none() && code {
                    t.push_str(", ");
                }
                t.push_str(&format!(", {m}"));
            }
            self.llvm_lines.push(t);
        }
        self.o.align(align as u64, fill, max);
        Ok(())
    }

    /// `.file "name"` names the source; llvm-mc's AMDGPU objects keep no trace of
    /// it. The DWARF form (`.file 1 "name"`) makes line tables, which are not
    /// supported.
    pub(super) fn file(&mut self, d: Dir) -> R<()> {
        let r = ws(d.rest);
        if !r.starts_with('"') {
            return Err(Error::new(
                d.at,
                "debug line tables (.file N \"name\") are not supported",
            ));
        }
        let (r2, _) = string_literal(r).map_err(|m| Error::new(d.at, m))?;
        d.no_args(r2)
    }

    /// `.ident "STRING"`: the string, in `.comment`.
    pub(super) fn ident(&mut self, d: Dir) -> R<()> {
        let Dir { rest, at, .. } = d;
        let r = ws(rest);
        let (r2, text) = string_literal(r).map_err(|m| Error::new(at, m))?;
        d.no_args(r2)?;
        if self.llvm {
            // (llvm-mc keeps the string as written, escapes and all.)
            let raw = &r[1..r.len() - r2.len() - 1];
            let q = asm_text::quoted(raw.as_bytes());
            self.llvm_lines.push(format!("\t.ident\t{q}"));
        }
        // The first .ident makes .comment (mergeable strings) with a NUL first.
        let prev = self.o.cur;
        let k = self
            .o
            .section(".comment", sht::PROGBITS, shf::MERGE | shf::STRINGS, 1);
        if self.o.sections[k].is_empty() {
            self.o.sections[k].data.push(0);
        }
        self.o.sections[k].data.extend_from_slice(&text);
        self.o.sections[k].data.push(0);
        self.o.cur = prev;
        Ok(())
    }

    /// Refuses `n` more bytes when the sections would hold more than [`MAX_OBJECT`].
    pub(super) fn room(&self, n: u64, at: usize) -> R<()> {
        let held: u64 = self
            .o
            .sections
            .iter()
            .filter(|s| s.ty != sht::NOBITS)
            .map(|s| s.len())
            .sum();
        if held.saturating_add(n) > MAX_OBJECT {
            return Err(Error::new(
                at,
                "object too large (at most 256 MiB of section bytes)",
            ));
        }
        Ok(())
    }
}

/// The directives that place bytes (listed as written).
pub(super) const DATA: &[&str] = &[
    ".byte",
    ".short",
    ".2byte",
    ".value",
    ".long",
    ".int",
    ".4byte",
    ".quad",
    ".8byte",
    ".ascii",
    ".asciz",
    ".string",
    ".zero",
    ".space",
    ".skip",
    ".fill",
    ".p2align",
    ".align",
    ".balign",
    ".p2alignw",
    ".balignw",
    ".p2alignl",
    ".balignl",
];

/// A string literal with its escapes, as llvm-mc reads it: the input after it and
/// the bytes.
pub fn string_literal(s: &str) -> Result<(&str, Vec<u8>), McError> {
    let err = |m: &str| McError::new(ErrorKind::StringLiteral, m);
    let b = s.as_bytes();
    if b.first() != Some(&b'"') {
        return Err(err("expected string"));
    }
    let mut out = Vec::new();
    let mut k = 1;
    while k < b.len() {
        match b[k] {
            b'"' => return Ok((&s[k + 1..], out)),
            b'\\' => {
                k += 1;
                let Some(&c) = b.get(k) else { break };
                match c {
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'r' => out.push(b'\r'),
                    b'b' => out.push(8),
                    b'f' => out.push(12),
                    b'"' => out.push(b'"'),
                    b'\\' => out.push(b'\\'),
                    b'x' | b'X' => {
                        let mut v: u32 = 0;
                        let mut n = 0;
                        while let Some(d) = b.get(k + 1).and_then(|&d| (d as char).to_digit(16)) {
                            v = v * 16 + d;
                            k += 1;
                            n += 1;
                        }
                        if n == 0 {
                            return Err(err("invalid hexadecimal escape sequence"));
                        }
                        out.push(v as u8);
                    }
                    b'0'..=b'7' => {
                        let mut v: u32 = (c - b'0') as u32;
                        let mut n = 1;
                        while n < 3 {
                            match b.get(k + 1) {
                                Some(&d @ b'0'..=b'7') => {
                                    v = v * 8 + (d - b'0') as u32;
                                    k += 1;
                                    n += 1;
                                }
                                _ => break,
                            }
                        }
                        if v > 255 {
                            return Err(err("invalid octal escape sequence (out of range)"));
                        }
                        out.push(v as u8);
                    }
                    _ => return Err(err("invalid escape sequence (unrecognized character)")),
                }
                k += 1;
            }
            c => {
                out.push(c);
                k += 1;
            }
        }
    }
    Err(err("expected string"))
}
