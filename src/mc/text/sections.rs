//! Sections: `.text`, `.data`, `.bss`, `.rodata`, `.section`, `.pushsection`,
//! `.popsection`, `.previous`.

use super::data::string_literal;
use super::directive::Dir;
use super::state::{TextAsm, R};
use crate::mc::object::{shf, sht};
use crate::syntax::error::Error;
use crate::syntax::expr;
use crate::syntax::lex::ws;

impl TextAsm {
    /// `.text`, `.data`, `.bss`, `.rodata`.
    pub(super) fn default_section_switch(&mut self, d: Dir) -> R<()> {
        let Dir { name, rest, .. } = d;
        d.no_args(rest)?;
        let (ty, flags) = default_section(name);
        let prev = self.o.cur;
        let k = self.o.section(name, ty, flags, 0);
        self.o.cur = prev;
        self.switch(k);
        Ok(())
    }

    /// `.section NAME[, FLAGS[, @TYPE[, ENTSIZE]]]` and `.pushsection`.
    pub(super) fn section_switch(&mut self, d: Dir) -> R<()> {
        let Dir {
            line, name, rest, ..
        } = d;
        let prev = self.o.cur;
        let k = self.section_directive(line, rest)?;
        self.o.cur = prev;
        if name == ".pushsection" {
            self.section_stack.push(prev);
        }
        self.switch(k);
        Ok(())
    }

    /// `.popsection`.
    pub(super) fn popsection(&mut self, d: Dir) -> R<()> {
        let Dir { pos, rest, .. } = d;
        d.no_args(rest)?;
        let k = self.section_stack.pop().ok_or(Error::new(
            pos,
            ".popsection without corresponding .pushsection",
        ))?;
        self.switch(k);
        Ok(())
    }

    /// `.previous`.
    pub(super) fn previous_section(&mut self, d: Dir) -> R<()> {
        let Dir { rest, at, .. } = d;
        d.no_args(rest)?;
        let k = self
            .previous
            .ok_or(Error::new(at, ".previous without corresponding .section"))?;
        self.switch(k);
        Ok(())
    }

    pub(super) fn switch(&mut self, k: usize) {
        self.previous = Some(self.o.cur);
        self.o.cur = k;
    }

    /// The section `.section`'s arguments name (made if new; not switched to).
    pub(super) fn section_directive(&mut self, line: &str, rest: &str) -> R<usize> {
        let r = ws(rest);
        let at = line.len() - r.len();
        let (r2, name) = if r.starts_with('"') {
            let (r2, b) = string_literal(r).map_err(|m| Error::new(at, m))?;
            (r2, String::from_utf8_lossy(&b).into_owned())
        } else {
            let n = r
                .find(|c: char| c == ',' || c.is_whitespace())
                .unwrap_or(r.len());
            if n == 0 {
                return Err(Error::new(at, "expected identifier"));
            }
            (&r[n..], r[..n].to_string())
        };
        let (mut ty, mut flags) = default_section(&name);
        let mut entsize = 0;
        let mut r = ws(r2);
        if let Some(r3) = r.strip_prefix(',') {
            let r3 = ws(r3);
            let p = line.len() - r3.len();
            let (r4, fl) = string_literal(r3).map_err(|_| Error::new(p, "expected string"))?;
            if r3.starts_with('"') {
                flags = 0;
                for c in fl {
                    flags |= match c {
                        b'a' => shf::ALLOC,
                        b'w' => shf::WRITE,
                        b'x' => shf::EXECINSTR,
                        b'M' => shf::MERGE,
                        b'S' => shf::STRINGS,
                        _ => return Err(Error::new(p, "unknown flag")),
                    };
                }
            }
            r = ws(r4);
            if let Some(r5) = r.strip_prefix(',') {
                let r5 = ws(r5);
                let p = line.len() - r5.len();
                let body = r5
                    .strip_prefix('@')
                    .or_else(|| r5.strip_prefix('%'))
                    .ok_or(Error::new(p, "expected '@<type>', '%<type>' or \"<type>\""))?;
                let n = body
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(body.len());
                ty = match &body[..n] {
                    "progbits" => sht::PROGBITS,
                    "nobits" => sht::NOBITS,
                    "note" => sht::NOTE,
                    _ => return Err(Error::new(p, "unknown section type")),
                };
                r = ws(&body[n..]);
                if let Some(r6) = r.strip_prefix(',') {
                    let p = line.len() - ws(r6).len();
                    let (r7, v) = expr::expr(ws(r6), &())
                        .map_err(|_| Error::new(p, "expected the entry size"))?;
                    entsize = v as u64;
                    r = ws(r7);
                }
            }
        }
        if !r.is_empty() {
            return Err(Error::new(
                line.len() - r.len(),
                "unexpected token in directive",
            ));
        }
        let prev = self.o.cur;
        let k = self.o.section(&name, ty, flags, entsize);
        self.o.cur = prev;
        Ok(k)
    }
}

/// The directives that switch sections (listed where the section changes).
pub(super) const SECTIONS: &[&str] = &[
    ".text",
    ".data",
    ".bss",
    ".rodata",
    ".section",
    ".pushsection",
    ".popsection",
    ".previous",
];

/// The type and flags of a section of this name, before `.section` says.
pub(super) fn default_section(name: &str) -> (u32, u64) {
    let starts = |p: &str| name == p || name.starts_with(&format!("{p}."));
    if starts(".text") {
        (sht::PROGBITS, shf::ALLOC | shf::EXECINSTR)
    } else if starts(".data") || starts(".data1") {
        (sht::PROGBITS, shf::ALLOC | shf::WRITE)
    } else if starts(".bss") {
        (sht::NOBITS, shf::ALLOC | shf::WRITE)
    } else if starts(".rodata") || starts(".rodata1") {
        (sht::PROGBITS, shf::ALLOC)
    } else if name.starts_with(".note") {
        (sht::NOTE, 0)
    } else {
        (sht::PROGBITS, 0)
    }
}
