//! The reader's state ([`TextAsm`]) and its limits: what the files of the text
//! assembler read into, each handling its statements in an `impl TextAsm` of its own.

use super::buffers::Buffers;
use super::line::Line;
use super::options::{Options, Style};
use super::statements::Statement;
use crate::inst::Inst;
use crate::mc::code_t;
use crate::mc::kd::KernelBlock;
use crate::mc::listing::List;
use crate::mc::macros::{Budget, Macro};
use crate::mc::memo::{Bytes, Memo};
use crate::mc::note::PalMetadata;
use crate::mc::object::{Def, Loc, Object};
use crate::source::Diagnostic;
use crate::syntax::error::Error;
use crate::syntax::expr::Symbols;
use crate::target::Target;
use std::collections::HashMap;

pub(super) type R<T> = Result<T, Error>;

/// The most bytes one `.fill`/`.zero`/alignment may add (ours, not llvm-mc's).
pub(super) const MAX_FILL: i64 = 1 << 28;
/// llvm-mc's error at what follows a directive's expression list.
pub(super) const DIRECTIVE_JUNK: &str = "unexpected token in directive";

/// The most bytes the sections of an object may hold in all (ours, not llvm-mc's):
/// padding and fills cannot make a small source take gigabytes.
pub(super) const MAX_OBJECT: u64 = 1 << 28;

/// The most memo ids whose instructions a reader of statements keeps.
pub(super) const MAX_KEPT_INSTS: usize = 1 << 22;

/// The text assembler: an object in the making, and what reading the source
/// needs besides.
pub(super) struct TextAsm {
    pub(super) o: Object,
    /// Instructions already read, by their text.
    pub(super) memo: Memo,
    /// The plain path's routes of the mnemonics met so far.
    pub(super) routes: crate::syntax::bind::Routes,
    /// Instruction lines other threads bind ahead of the reading (large sources
    /// with [`super::options::Options::threads`] above 1).
    pub(super) ahead: Option<std::sync::Arc<super::ahead::Ahead>>,
    /// What a listing shows, in source order (`None`: an object, or raw bytes).
    pub(super) listing: Option<List>,
    /// The listing is in llvm-mc's style ([`Style::Llvm`]).
    pub(super) llvm: bool,
    /// In llvm-mc's style: the lines the statement being read prints.
    pub(super) llvm_lines: Vec<String>,
    /// In llvm-mc's style: the section whose switch was printed last.
    pub(super) shown_section: Option<usize>,
    /// In llvm-mc's style: the lines the listing leaves out.
    pub(super) unlisted: Vec<Diagnostic>,
    /// A listing or raw bytes, not an object: nothing can hold a relocation.
    pub(super) no_relocs: bool,
    /// Raw bytes of `.text` only: other sections and relocations are errors.
    pub(super) bytes_only: bool,
    /// Where each fixup was written, for a listing's errors (section, offset, place).
    pub(super) fixup_locs: Vec<(usize, u64, Loc)>,
    pub(super) diags: Vec<Diagnostic>,
    /// Where reading stopped at the error limit (the last error, after the rest).
    pub(super) stopped: Option<Diagnostic>,
    /// What llvm-mc warns of (lines that assemble).
    pub(super) warnings: Vec<Diagnostic>,
    pub(super) kernel: Option<KernelBlock>,
    /// An `.amd_kernel_code_t` block being read.
    pub(super) code_t: Option<code_t::Block>,
    /// A metadata block being read: where, its text so far, its kind.
    pub(super) metadata: Option<(Loc, String, Meta)>,
    /// The PAL metadata gathered so far (a note at the end).
    pub(super) pal: PalMetadata,
    pub(super) section_stack: Vec<usize>,
    /// The section before the last switch (`.previous`).
    pub(super) previous: Option<usize>,
    pub(super) macros: HashMap<String, Macro>,
    /// What expansions made so far.
    pub(super) budget: Budget,
    /// Where the lines `.include` and expansions made come from.
    pub(super) buffers: Buffers,
    /// Macro calls so far: `\@` (`.rept` and `.irp` do not count, as in llvm-mc).
    pub(super) macro_calls: usize,
    /// The open `.if` blocks, innermost last: lines are read while every one is on
    /// a branch being taken (one step per line, however deep: no block is scanned
    /// ahead).
    pub(super) conds: Vec<Cond>,
    /// The bytes of the data directive just read, when it named numbers only.
    pub(super) plain: Option<Bytes>,
    /// For [`read_statements`]: the labels and instructions read, in source order.
    pub(super) reads: Option<Vec<Statement>>,
    /// The statement being read is a directive (or a line of a directive's block).
    pub(super) directive_stmt: bool,
    /// For [`read_statements`]: errors of directives are `passed`, not errors.
    pub(super) pass_directives: bool,
    /// For [`read_statements`]: the instruction, operand columns and column of each
    /// line the memo kept, by its id (so that a line read again is a statement too).
    pub(super) kept_insts: Vec<Option<(Inst, [u16; 8], u32)>>,
    /// For [`read_statements`]: the errors of directives, passed over.
    pub(super) passed: Vec<Diagnostic>,
}

impl TextAsm {
    /// A reader of `src` (for the sizes of its tables). `listing`: `None` for an
    /// object, `Some(bytes_only)` for a listing; `reads`: for [`super::read_statements`],
    /// whether errors of directives are passed over.
    pub(super) fn new(
        target: Target,
        src: &str,
        opts: &Options,
        listing: Option<bool>,
        reads: Option<bool>,
    ) -> TextAsm {
        let style = match listing {
            Some(false) => opts.style,
            _ => Style::Ours,
        };
        let mut o = Object::new(target);
        o.triple = opts.triple.cloned().unwrap_or_default();
        if let Some(v) = opts.co_version {
            o.co_version = v;
        }
        TextAsm {
            memo: Memo::for_source(src.len()),
            ahead: None,
            listing: (listing == Some(false)).then(|| List::for_source(src.len(), style)),
            llvm: matches!(style, Style::Llvm { .. }),
            llvm_lines: Vec::new(),
            shown_section: None,
            unlisted: Vec::new(),
            no_relocs: listing.is_some(),
            bytes_only: listing == Some(true),
            fixup_locs: Vec::new(),
            o,
            diags: Vec::new(),
            warnings: Vec::new(),
            kernel: None,
            code_t: None,
            metadata: None,
            pal: PalMetadata::default(),
            section_stack: Vec::new(),
            previous: None,
            macros: HashMap::new(),
            routes: Default::default(),
            budget: Budget::default(),
            buffers: Buffers::default(),
            stopped: None,
            macro_calls: 0,
            conds: Vec::new(),
            plain: None,
            pass_directives: reads == Some(true),
            reads: reads.is_some().then(Vec::new),
            directive_stmt: false,
            passed: Vec::new(),
            kept_insts: Vec::new(),
        }
    }

    pub(super) fn loc(&self, l: &Line, col0: usize) -> Loc {
        Loc {
            line: l.line,
            col: col0 + 1,
            source: l.text.to_string(),
            buf: l.buf,
        }
    }

    /// An error found while reading line `l`, at its 0-based column `col0`: placed
    /// in the line's buffer, with the calls being expanded.
    pub(super) fn diag_at(&self, l: &Line, col0: usize, msg: impl Into<String>) -> Diagnostic {
        let mut d = Diagnostic::new(l.line, col0 + 1, msg, l.text.to_string());
        d.place = self.buffers.place(l.buf, true);
        d
    }

    /// An error found at the end, at `loc` (llvm-mc names no calls there).
    pub(super) fn diag_of(&self, loc: &Loc, msg: &str) -> Diagnostic {
        let mut d = loc.diag(msg);
        d.place = self.buffers.place(loc.buf, false);
        d
    }
}

/// The YAML blocks: HSA's `.amdgpu_metadata`, PAL's `.amdgpu_pal_metadata`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Meta {
    Hsa,
    Pal,
}

impl Meta {
    /// The directive that ends the block.
    pub(super) fn end(self) -> &'static str {
        match self {
            Meta::Hsa => ".end_amdgpu_metadata",
            Meta::Pal => ".end_amdgpu_pal_metadata",
        }
    }
}

/// Absolute values of `.set` symbols for instruction operands; notes whether a name
/// that is a symbol was asked for (a line that names none may be kept in the memo).
pub(super) struct ObjSyms<'a>(pub(super) &'a Object, pub(super) std::cell::Cell<bool>);

impl<'a> ObjSyms<'a> {
    pub(super) fn new(o: &'a Object) -> Self {
        ObjSyms(o, std::cell::Cell::new(false))
    }
}

impl Symbols for ObjSyms<'_> {
    fn value(&self, name: &str) -> Option<i64> {
        let k = self.0.lookup(name)?;
        self.1.set(true);
        match &self.0.symbols[k].def {
            Def::Var(t) => self.0.absolute(t).ok(),
            _ => None,
        }
    }
}

/// An open `.if` block.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cond {
    /// The branch being read is taken.
    pub(super) on: bool,
    /// A branch was taken (later ones are not).
    pub(super) done: bool,
    /// The block's enclosing blocks are all taken (else no branch of it is).
    pub(super) outer: bool,
}
