//! Directives: which file of the text assembler handles each. A directive's
//! statement ([`Dir`]) goes to the method of its family: sections
//! ([`super::sections`]), symbols ([`super::symbols`]), data ([`super::data`]), the
//! AMDGPU and HSA directives ([`super::amdgpu`]).

use super::line::Line;
use super::state::{TextAsm, R};
use crate::syntax::error::Error;
use crate::syntax::lex::ws;

/// A directive's statement: its line, and where its parts are.
#[derive(Clone, Copy)]
pub(super) struct Dir<'a> {
    /// The line.
    pub l: &'a Line<'a>,
    /// Its text, without the comment.
    pub line: &'a str,
    /// Where the directive's name starts.
    pub pos: usize,
    /// The name, in lower case.
    pub name: &'a str,
    /// What follows the name.
    pub rest: &'a str,
    /// Where its arguments start.
    pub at: usize,
}

impl Dir<'_> {
    /// `rest` is empty (else llvm-mc's error at what is there).
    pub(super) fn no_args(&self, rest: &str) -> R<()> {
        match ws(rest).is_empty() {
            true => Ok(()),
            false => Err(Error::new(
                self.line.len() - ws(rest).len(),
                "unexpected token in directive",
            )),
        }
    }
}

impl TextAsm {
    /// Reads a directive statement (`name`, in lower case, at `pos` in `line`).
    pub(super) fn directive(
        &mut self,
        l: &Line,
        line: &str,
        pos: usize,
        name: &str,
        rest: &str,
    ) -> R<()> {
        let at = line.len() - ws(rest).len();
        let d = Dir {
            l,
            line,
            pos,
            name,
            rest,
            at,
        };
        self.os_knows(d)?;
        match name {
            ".text" | ".data" | ".bss" | ".rodata" => self.default_section_switch(d),
            ".section" | ".pushsection" => self.section_switch(d),
            ".popsection" => self.popsection(d),
            ".previous" => self.previous_section(d),
            ".globl" | ".global" | ".local" | ".weak" => self.binding(d),
            ".hidden" | ".protected" | ".internal" => self.visibility(d),
            ".type" => self.symbol_type(d),
            ".size" => self.symbol_size(d),
            ".set" | ".equ" | ".equiv" => self.set_directive(d),
            ".byte" => self.data(l, line, rest, 1),
            ".short" | ".2byte" | ".value" => self.data(l, line, rest, 2),
            ".long" | ".int" | ".4byte" => self.data(l, line, rest, 4),
            ".quad" | ".8byte" => self.data(l, line, rest, 8),
            ".ascii" | ".asciz" | ".string" => self.strings(d),
            ".zero" | ".space" | ".skip" | ".fill" => self.fill(d),
            ".p2align" | ".align" | ".balign" | ".p2alignw" | ".balignw" | ".p2alignl"
            | ".balignl" => self.align(line, name, rest, at),
            ".ident" => self.ident(d),
            ".file" => self.file(d),
            ".amdgcn_target" => self.amdgcn_target(d),
            ".amdhsa_code_object_version" => self.code_object_version(d),
            ".amdhsa_kernel" => self.amdhsa_kernel(d),
            ".end_amdhsa_kernel" => self.end_amdhsa_kernel(d),
            ".amdgpu_metadata" | ".amdgpu_pal_metadata" => self.metadata_block(d),
            ".end_amdgpu_metadata" => self.end_amdgpu_metadata(d),
            ".end_amdgpu_pal_metadata" => self.end_pal_metadata(d),
            ".amd_amdgpu_pal_metadata" => self.pal_registers(line, rest),
            ".amd_amdgpu_isa" => self.amd_amdgpu_isa(d),
            ".amdgpu_hsa_kernel" => self.amdgpu_hsa_kernel(d),
            ".amd_kernel_code_t" => self.amd_kernel_code_t(d),
            ".amdgpu_lds" => self.amdgpu_lds(d),
            _ => Err(Error::new(pos, "unknown directive")),
        }
    }
}
