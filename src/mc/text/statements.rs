//! The statements a source is read into for the readers of instructions (the
//! linter, [`crate::assemble`]): labels, instructions and directives' data, where
//! their bytes went and where they were written.

use super::line::Line;
use crate::inst::Inst;
use crate::mc::object::{shf, Object};
use crate::source::Diagnostic;

/// What a statement [`super::read_statements`] keeps is.
#[derive(Clone, Debug, PartialEq)]
pub enum Read {
    /// A label.
    Label(String),
    /// An instruction, a branch's target resolved (or zero where a relocation is
    /// left, as for a symbol as a literal); `branch`: the target a branch was
    /// written with (`s_branch loop`), for display.
    Inst {
        /// The instruction.
        inst: Inst,
        /// The branch target as written.
        branch: Option<String>,
    },
    /// Bytes a directive placed (data, fills, alignment padding).
    Data {
        /// The directive, by the name [`crate::asm::Item::Data`] gives it (`.long`,
        /// `.short`, `.byte`, `.quad`, `.p2align`).
        directive: &'static str,
        /// How many bytes.
        len: u64,
    },
}

/// The name [`crate::asm::Item::Data`] gives the bytes of directive `name`.
pub(super) fn data_name(name: &str) -> &'static str {
    match name {
        ".long" | ".int" | ".4byte" => ".long",
        ".short" | ".2byte" | ".value" | ".hword" => ".short",
        ".quad" | ".8byte" => ".quad",
        n if n.contains("align") => ".p2align",
        _ => ".byte",
    }
}

/// A label, an instruction or a directive's data as [`super::read_statements`] read it:
/// where its bytes went, and where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// The index of its section in [`Statements::object`].
    pub section: usize,
    /// Its offset in the section.
    pub offset: u64,
    /// The 1-based line in the source given. For a line an expansion made (a
    /// macro's body, `.rept`, `.irp`, an included file), the line of the outermost
    /// statement that asked for it (the macro's call, the `.rept`, the `.include`).
    pub line: usize,
    /// The 1-based column there (of the statement; of the invoking statement for a
    /// line an expansion made).
    pub col: usize,
    /// The 1-based columns of the operands in the text of the line (the source's
    /// line, or `made`), as [`crate::asm::Stmt::operand_cols`].
    pub operand_cols: [u16; 8],
    /// The text of the line, when an expansion made it (`None`: it is line `line`
    /// of the source given).
    pub made: Option<String>,
    /// What it is.
    pub read: Read,
}

impl Statement {
    pub(super) fn new(
        l: &Line,
        pos: usize,
        cols: [u16; 8],
        section: usize,
        offset: u64,
        read: Read,
    ) -> Self {
        let (line, col, made) = match l.at {
            (0, _) => (l.line, pos + 1, None),
            (line, col) => (line as usize, col as usize, Some(l.text.to_string())),
        };
        Statement {
            section,
            offset,
            line,
            col,
            operand_cols: cols,
            made,
            read,
        }
    }
}

/// A source read as an object is ([`super::assemble_object_with`]: macros, repetitions,
/// conditions, includes, sections, symbols, every directive), with its labels,
/// instructions and directives' data kept in source order, for the readers of
/// instructions rather than of bytes (the linter, [`crate::assemble`]).
#[derive(Debug)]
pub struct Statements {
    /// The object (finished: fixups resolved, relocations made).
    pub object: Object,
    /// The labels, instructions and directives' data, in source order.
    pub stmts: Vec<Statement>,
    /// The errors, by line and column (those of directives are `passed`).
    pub diags: Vec<Diagnostic>,
    /// The warnings, in source order.
    pub warnings: Vec<Diagnostic>,
    /// The errors of directive statements (and of the lines of their blocks): what
    /// a reader of instructions may pass over.
    pub passed: Vec<Diagnostic>,
}

impl Statements {
    /// The sections that hold code: those with the executable flag that hold an
    /// instruction, in the order the source first named them.
    pub fn code_sections(&self) -> Vec<usize> {
        let mut has = vec![false; self.object.sections.len()];
        for st in &self.stmts {
            if matches!(st.read, Read::Inst { .. }) {
                has[st.section] = true;
            }
        }
        (0..has.len())
            .filter(|&k| has[k] && self.object.sections[k].flags & shf::EXECINSTR != 0)
            .collect()
    }
}
