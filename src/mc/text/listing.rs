//! What the reader lists: directives as written (this crate's listings), and in
//! llvm-mc's style the lines each statement prints.

use super::data::DATA;
use super::expr::constant;
use super::line::Line;
use super::sections::SECTIONS;
use super::state::{TextAsm, R};
use crate::mc::asm_text;
use crate::syntax::error::Error;
use crate::syntax::expr::Tree;
use crate::syntax::lex::ws;

impl TextAsm {
    /// Lists a directive that places bytes or switches sections, as written; with
    /// `bytes_only`, a switch away from `.text` is an error (its bytes are left out).
    pub(super) fn list_directive(
        &mut self,
        line: &str,
        pos: usize,
        name: &str,
        rest: &str,
        id: Option<u32>,
    ) -> R<()> {
        let section = SECTIONS.contains(&name);
        if !(section || DATA.contains(&name)) {
            return Ok(());
        }
        let args = ws(rest).trim_end();
        if let Some(list) = &mut self.listing {
            if !id.is_some_and(|id| list.kept_directive(id, name, args)) {
                list.directive(name, args);
            }
        }
        let cur = &self.o.sections[self.o.cur].name;
        if section && self.bytes_only && cur != ".text" {
            return Err(Error::new(
                pos,
                format!(
                    "section '{cur}' needs an object file (asm --filetype obj); its contents are left out"
                ),
            ));
        }
        let _ = line;
        Ok(())
    }

    /// An expression as llvm-mc's text shows it: its value when it names only
    /// numbers and symbols set to numbers, else the expression.
    pub(super) fn llvm_shown(&self, t: &Tree) -> String {
        match constant(&self.o, t)
            .then(|| self.o.absolute(t).ok())
            .flatten()
        {
            Some(v) => v.to_string(),
            None => asm_text::expr(t),
        }
    }

    /// In llvm-mc's style, lists a line as it is.
    pub(super) fn list_raw(&mut self, line: &str) {
        if let Some(list) = &mut self.listing {
            list.raw(line);
        }
    }

    /// In llvm-mc's style, lists the lines the statement just read printed.
    pub(super) fn list_llvm_lines(&mut self) {
        if !self.llvm {
            self.llvm_lines.clear();
            return;
        }
        let lines = std::mem::take(&mut self.llvm_lines);
        for t in &lines {
            self.list_raw(t);
        }
        self.llvm_lines = lines;
        self.llvm_lines.clear();
    }

    /// In llvm-mc's style, lists what directive `name`, just read, prints: the lines
    /// its reading left, a section switch (when the section changed since the last
    /// one printed); a directive whose text the listing does not reproduce is noted
    /// in [`Listing::unlisted`] instead.
    pub(super) fn list_llvm(&mut self, l: &Line, pos: usize, name: &str) {
        /// The directives besides data whose lines their reading makes (or that
        /// print none).
        const PRINTED: &[&str] = &[
            ".set",
            ".equ",
            ".equiv",
            ".globl",
            ".global",
            ".local",
            ".weak",
            ".hidden",
            ".protected",
            ".internal",
            ".type",
            ".size",
            ".amdgcn_target",
            ".amdhsa_code_object_version",
            ".amdhsa_kernel",
            ".end_amdhsa_kernel",
            ".ident",
            ".file",
        ];
        if SECTIONS.contains(&name) {
            if self.shown_section != Some(self.o.cur) {
                let switch = asm_text::section_switch(&self.o.sections[self.o.cur]);
                self.llvm_lines.push(switch);
                self.shown_section = Some(self.o.cur);
            }
            if name == ".previous" || name == ".popsection" {
                self.llvm_lines.push(String::new());
            }
        } else if !(DATA.contains(&name) || PRINTED.contains(&name)) {
            let msg = format!("llvm-mc prints '{name}' here; this listing leaves it out");
            self.unlisted.push(self.diag_at(l, pos, msg));
        }
        self.list_llvm_lines();
    }
}
