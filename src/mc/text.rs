//! The text assembler of objects: statements (labels, instructions, directives) of
//! a source into an [`Object`], as llvm-mc -filetype=obj reads them. Directives it
//! does not know are located errors; nothing is dropped.

use super::code_t;
use super::kd::{self, KernelBlock};
use super::listing::List;
use super::macros::{self, Macro, Queue};
use super::memo::{Bytes, Memo};
use super::note;
use super::object::{shf, sht, Bind, Def, FixupKind, Loc, ObjError, Object};
use super::triple::{Os, Triple};
use crate::asm::Diagnostic;
use crate::inst::Inst;
use crate::program::{self, Body, Program, Span};
use crate::syntax::error::Error;
use crate::syntax::expr::{self, Symbols, Tree};
use crate::syntax::lex::{self, ws};
use crate::target::Target;
use std::borrow::Cow;
use std::collections::HashMap;

/// The result of assembling a source into an object.
#[derive(Debug)]
pub struct ObjectAssembly {
    /// The object (finished: fixups resolved, relocations made).
    pub object: Object,
    /// The errors, by line and column.
    pub diags: Vec<Diagnostic>,
    /// The warnings (not errors: the object is whole), in source order.
    pub warnings: Vec<Diagnostic>,
}

impl ObjectAssembly {
    /// The ELF bytes of the object.
    pub fn elf(&self) -> Vec<u8> {
        self.object.to_elf()
    }
}

/// A source assembled for a listing or raw bytes ([`assemble_listing`]).
#[derive(Debug)]
pub struct Listing {
    /// The object the source makes (finished: branches resolved).
    pub object: Object,
    /// What the listing shows, in source order.
    pub(super) list: List,
    /// The errors, by line and column.
    pub diags: Vec<Diagnostic>,
    /// The warnings (not errors), in source order.
    pub warnings: Vec<Diagnostic>,
    /// In llvm-mc's style ([`Style::Llvm`]): the lines llvm-mc prints that the
    /// listing leaves out (directives whose text it does not reproduce), one each.
    pub unlisted: Vec<Diagnostic>,
}

/// Reads the file an `.include` names.
pub type Include<'a> = &'a dyn Fn(&str) -> Result<String, String>;

/// Reads the file an `.incbin` names: its bytes.
pub type IncBin<'a> = &'a dyn Fn(&str) -> Result<Vec<u8>, String>;

/// How a listing prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// This crate's (`asm --show-encoding`): each instruction with its encoding, and
    /// the directives that place bytes or switch sections as they were written.
    #[default]
    Ours,
    /// llvm-mc's text output (`llvm-mc`, with `encodings` `llvm-mc -show-encoding`):
    /// instructions with or without their encodings (a branch to a symbol shown as
    /// its fixup), blank lines where the source has blank lines, and directives as
    /// llvm-mc's streamer prints them (those it does not reproduce are
    /// [`Listing::unlisted`]).
    Llvm {
        /// With each instruction's encoding.
        encodings: bool,
    },
}

/// What a source is read with, besides its text.
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// Reads files named by `.include` (`None`: refuse them).
    pub include: Option<Include<'a>>,
    /// Reads files named by `.incbin` (`None`: refuse them).
    pub incbin: Option<IncBin<'a>>,
    /// Symbols set before the first line, as `.set NAME, VALUE` would (llvm-mc's
    /// `--defsym NAME=VALUE`).
    pub defsyms: &'a [(String, i64)],
    /// The code object version before any `.amdhsa_code_object_version` (llvm-mc's
    /// `--amdhsa-code-object-version`; `None`: 6).
    pub co_version: Option<u32>,
    /// How a listing prints (ignored for objects).
    pub style: Style,
    /// The triple (its OS decides the header and the directives read; `None`:
    /// `amdgcn-amd-amdhsa`).
    pub triple: Option<&'a Triple>,
}

/// Assembles a source into an ELF relocatable object for `triple` (its OS: the
/// header, the directives read) and `target` (with the xnack and sramecc settings
/// of a target id, `None` for "any"). `include` reads files named by `.include`
/// (`None`: refuse them).
pub fn assemble_object(
    triple: &Triple,
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    include: Option<Include>,
) -> ObjectAssembly {
    let opts = Options {
        include,
        triple: Some(triple),
        ..Options::default()
    };
    assemble_object_with(target, xnack, sramecc, src, &opts)
}

/// [`assemble_object`] with more [`Options`] than the include reader.
pub fn assemble_object_with(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
) -> ObjectAssembly {
    let (object, diags, warnings, _) = run(target, xnack, sramecc, src, opts, None, None).0;
    ObjectAssembly {
        object,
        diags,
        warnings,
    }
}

/// Assembles a source for a listing (`asm --show-encoding`) or for the raw bytes of
/// its code (`asm --filetype bin`): the same reader as [`assemble_object`], which
/// also lists labels, instructions and data directives in source order. With
/// `bytes_only`, what only an object can hold (other sections than `.text`, symbols
/// as literals, relocations) is an error.
pub fn assemble_listing(
    triple: &Triple,
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    include: Option<Include>,
    bytes_only: bool,
) -> Listing {
    let opts = Options {
        include,
        triple: Some(triple),
        ..Options::default()
    };
    assemble_listing_with(target, xnack, sramecc, src, &opts, bytes_only)
}

/// [`assemble_listing`] with more [`Options`] than the include reader (and the
/// listing's [`Style`]).
pub fn assemble_listing_with(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
    bytes_only: bool,
) -> Listing {
    let ((object, diags, warnings, list), unlisted) =
        run(target, xnack, sramecc, src, opts, Some(bytes_only), None);
    let list = list.unwrap_or_default();
    Listing {
        object,
        list,
        diags,
        warnings,
        unlisted,
    }
}

/// What a statement [`read_statements`] keeps is.
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
fn data_name(name: &str) -> &'static str {
    match name {
        ".long" | ".int" | ".4byte" => ".long",
        ".short" | ".2byte" | ".value" | ".hword" => ".short",
        ".quad" | ".8byte" => ".quad",
        n if n.contains("align") => ".p2align",
        _ => ".byte",
    }
}

/// A label, an instruction or a directive's data as [`read_statements`] read it:
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
    fn new(l: &Line, pos: usize, cols: [u16; 8], section: usize, offset: u64, read: Read) -> Self {
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

/// A source read as an object is ([`assemble_object_with`]: macros, repetitions,
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

/// Reads a source as [`assemble_object_with`] does, keeping its statements
/// ([`Statements`]). Errors of directives are kept apart ([`Statements::passed`]).
pub fn read_statements(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
) -> Statements {
    let r = Reads {
        pass_directives: true,
        ..Reads::default()
    };
    read(target, xnack, sramecc, src, opts, None, r)
}

/// A source read for the bytes of its code, as `asm --filetype bin` reads it (what
/// only an object holds, other sections and relocations, is an error), with its
/// statements (for [`crate::assemble`]). Directives' errors are errors.
pub(crate) fn read_code(target: Target, src: &str) -> Statements {
    read(
        target,
        None,
        None,
        src,
        &Options::default(),
        Some(true),
        Reads::default(),
    )
}

fn read(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
    listing: Option<bool>,
    mut r: Reads,
) -> Statements {
    let ((object, diags, warnings, _), _) =
        run(target, xnack, sramecc, src, opts, listing, Some(&mut r));
    // Branches were resolved as the object was finished: their offsets are in the
    // bytes (SIMM16, the low half of the first word).
    for st in &mut r.stmts {
        if let Read::Inst {
            inst,
            branch: Some(_),
        } = &mut st.read
        {
            let data = &object.sections[st.section].data;
            let at = st.offset as usize;
            if let Some(b) = data.get(at..at + 2) {
                inst.imm = u32::from(u16::from_le_bytes([b[0], b[1]]));
            }
        }
    }
    Statements {
        object,
        stmts: r.stmts,
        diags,
        warnings,
        passed: r.passed,
    }
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

    /// The program of section `section`: its instructions and labels where the
    /// source put them, and its other bytes (data, padding) as data between them.
    /// A statement's span is where [`Statement`] says it was written (the operands'
    /// columns only for a line of the source itself).
    pub fn program(&self, section: usize) -> Program {
        self.program_made(section).0
    }

    /// [`Statements::program`], and for each of its statements the text of the line
    /// an expansion made it from ([`Statement::made`]; `None` for data).
    pub fn program_made(&self, section: usize) -> (Program, Vec<Option<&str>>) {
        let data = &self.object.sections[section].data;
        let mut made = Vec::new();
        let mut p = Program {
            target: self.object.target,
            stmts: Vec::new(),
            labels: Vec::new(),
        };
        let mut at = 0usize;
        let gap = |p: &mut Program, at: &mut usize, to: usize| {
            if to > *at && to <= data.len() {
                p.stmts.push(program::Stmt {
                    offset: *at as u32,
                    body: Body::Data(data[*at..to].to_vec()),
                    span: None,
                });
                *at = to;
            }
        };
        for st in self.stmts.iter().filter(|s| s.section == section) {
            let off = st.offset as usize;
            gap(&mut p, &mut at, off);
            match &st.read {
                // (Data is what lies between instructions.)
                Read::Data { .. } => {}
                Read::Label(name) => p.labels.push((name.clone(), p.stmts.len())),
                Read::Inst { inst, .. } => {
                    let operands = match st.made {
                        None => st.operand_cols,
                        Some(_) => [0; 8],
                    };
                    made.resize(p.stmts.len(), None);
                    made.push(st.made.as_deref());
                    p.stmts.push(program::Stmt {
                        offset: off as u32,
                        body: Body::Inst(*inst),
                        span: Some(Span {
                            line: st.line as u32,
                            col: st.col as u32,
                            operands,
                        }),
                    });
                    at = at.max(off + inst.size());
                }
            }
        }
        gap(&mut p, &mut at, data.len());
        made.resize(p.stmts.len(), None);
        (p, made)
    }
}

/// What [`run`] makes: the object, errors, warnings, the listing; and the lines
/// a listing in llvm-mc's style leaves out.
type Run = (
    (Object, Vec<Diagnostic>, Vec<Diagnostic>, Option<List>),
    Vec<Diagnostic>,
);

/// `listing`: `None` for an object, `Some(bytes_only)` for a listing; `reads`: where
/// the statements go, for [`read_statements`].
fn run(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
    listing: Option<bool>,
    reads: Option<&mut Reads>,
) -> Run {
    let style = match listing {
        Some(false) => opts.style,
        _ => Style::Ours,
    };
    let mut a = TextAsm {
        memo: Memo::for_source(src.len()),
        listing: (listing == Some(false)).then(|| List::for_source(src.len(), style)),
        llvm: matches!(style, Style::Llvm { .. }),
        llvm_lines: Vec::new(),
        shown_section: None,
        unlisted: Vec::new(),
        no_relocs: listing.is_some(),
        bytes_only: listing == Some(true),
        fixup_locs: Vec::new(),
        o: Object::new(target),
        diags: Vec::new(),
        warnings: Vec::new(),
        kernel: None,
        code_t: None,
        metadata: None,
        pal: super::note::PalMetadata::default(),
        section_stack: Vec::new(),
        previous: None,
        macros: HashMap::new(),
        expansions: 0,
        macro_calls: 0,
        conds: Vec::new(),
        plain: None,
        pass_directives: reads.as_ref().is_some_and(|r| r.pass_directives),
        reads: reads.is_some().then(Vec::new),
        directive_stmt: false,
        passed: Vec::new(),
        kept_insts: Vec::new(),
    };
    a.o.xnack = xnack;
    a.o.sramecc = sramecc;
    a.o.triple = opts.triple.cloned().unwrap_or_default();
    if let Some(v) = opts.co_version {
        a.o.co_version = v;
    }
    // (Symbols set on the command line come first, as `.set` lines would; their
    // lines in llvm-mc's text come before the target's, which the caller prints.)
    for (name, v) in opts.defsyms {
        let v = v.to_string();
        if let Err(e) = a.set(&v, name, 0, &v, false) {
            a.diags.push(Diagnostic {
                line: 0,
                col: 0,
                msg: format!("--defsym {name}={v}: {}", e.msg),
                source: String::new(),
            });
        }
        a.llvm_lines.clear();
    }
    // (`/* ... */` comments are blanks, their line ends kept: lines stay lines.)
    let blanked = blank_block_comments(src);
    let mut q = Queue::new(&blanked);
    while let Some(l) = q.pop_front() {
        if a.again(&l, q.hash()) {
            continue;
        }
        if a.metadata.is_some() {
            a.statement(&l, strip_comment(&l.text));
            continue;
        }
        if a.conds.last().is_some_and(|c| !c.on) {
            if let Err(e) = a.skipped(&l) {
                a.diags.push(Diagnostic {
                    line: l.line,
                    col: e.pos + 1,
                    msg: e.msg.into_owned(),
                    source: l.text.to_string(),
                });
            }
            continue;
        }
        if let Err(e) = a.preprocess(&l, &mut q, opts) {
            a.diags.push(Diagnostic {
                line: l.line,
                col: e.pos + 1,
                msg: e.msg.into_owned(),
                source: l.text.to_string(),
            });
        }
    }
    if !a.conds.is_empty() {
        // (llvm-mc reports a missing .endif at the end of the input.)
        a.diags.push(Diagnostic {
            line: q.source_lines() + 1,
            col: 1,
            msg: "unmatched .ifs or .elses".into(),
            source: String::new(),
        });
    }
    if let Some(k) = &a.kernel {
        a.diags.push(k.loc.diag("missing .end_amdhsa_kernel"));
    }
    // (llvm-mc reports unended blocks at the end of the input.)
    let end = |msg: String| Diagnostic {
        line: q.source_lines() + 1,
        col: 1,
        msg,
        source: String::new(),
    };
    if let Some((_, _, kind)) = &a.metadata {
        a.diags
            .push(end(format!("expected directive {} not found", kind.end())));
    }
    if a.code_t.is_some() {
        a.diags.push(end(
            "expected value identifier or .end_amd_kernel_code_t".into()
        ));
    }
    // The PAL metadata note comes last, when the object is finished.
    if let Some(n) = a.pal.note() {
        a.o.note(&n);
    }
    // (As llvm-mc, which writes no object after an error: the errors of resolving
    // come only when reading found none.)
    // Reading errors by place; then those of resolving in llvm-mc's order (undefined
    // subtrahends and branch labels by place, the rest, undefined temporaries last).
    a.diags.sort_by_key(|d| (d.line, d.col));
    let mut errs: Vec<ObjError> = a.o.finish();
    let rank = |m: &str| match m {
        m if m.contains("can not be undefined") => 0,
        m if m.contains("'.L") || m.starts_with("Undefined temporary") => 2,
        m if m.starts_with("undefined label") => 0,
        _ => 1,
    };
    errs.sort_by_key(|e| (rank(&e.msg), e.loc.line, e.loc.col));
    // (llvm-mc's text output lays nothing out: what only an object's layout finds is
    // no error there, and symbols stay symbols.)
    if a.llvm {
        errs.clear();
        a.no_relocs = false;
    }
    if a.diags.is_empty() {
        for e in errs {
            a.diags.push(e.loc.diag(&e.msg));
        }
    }
    // Bytes and listings cannot hold relocations: each is an error at its fixup's
    // place (data fixups too, at their directive's line).
    if a.no_relocs && a.diags.is_empty() {
        for (si, rs) in a.o.relocs.iter().enumerate() {
            for r in rs {
                let loc = a
                    .fixup_locs
                    .iter()
                    .find(|(s, o, _)| *s == si && *o == r.offset);
                if let Some((_, _, loc)) = loc {
                    a.diags
                        .push(loc.diag("a relocation needs an object file (asm --filetype obj)"));
                }
            }
        }
        a.diags.sort_by_key(|d| (d.line, d.col));
    }
    if let Some(r) = reads {
        r.stmts = a.reads.take().unwrap_or_default();
        r.passed = std::mem::take(&mut a.passed);
    }
    ((a.o, a.diags, a.warnings, a.listing), a.unlisted)
}

/// The statements [`run`] read, and the errors of directives it passed over.
#[derive(Default)]
struct Reads {
    /// Whether errors of directives are passed over (else they are errors).
    pass_directives: bool,
    stmts: Vec<Statement>,
    passed: Vec<Diagnostic>,
}

impl Loc {
    /// A diagnostic here.
    pub fn diag(&self, msg: &str) -> Diagnostic {
        Diagnostic {
            line: self.line,
            col: self.col.max(1),
            msg: msg.to_string(),
            source: self.source.clone(),
        }
    }
}

/// A source line after macro expansion: its text and where it came from.
#[derive(Clone, Debug)]
pub struct Line<'a> {
    /// The text (borrowed from the source, owned when a macro or an include made it).
    pub text: Cow<'a, str>,
    /// 1-based line in the source file (of the definition, for a macro's lines).
    pub line: usize,
    /// How many macro expansions deep it is.
    pub depth: usize,
    /// Where in the source given a line an expansion made (a macro's, `.rept`'s,
    /// `.irp`'s, an included file's) was asked for: the 1-based line and column of
    /// the outermost invoking statement; `(0, 0)` for a line of that source itself.
    pub at: (u32, u32),
}

impl Line<'_> {
    /// Where the lines an expansion of this line makes come from (see
    /// [`Line::at`]): this line's own place, unless an expansion made it.
    fn origin(&self) -> (u32, u32) {
        if self.at.0 != 0 {
            return self.at;
        }
        let t = &self.text;
        let col = t.len() - t.trim_start().len() + 1;
        (self.line as u32, col as u32)
    }
}

/// The most bytes one `.fill`/`.zero`/alignment may add (ours, not llvm-mc's).
const MAX_FILL: i64 = 1 << 28;
/// llvm-mc's error at what follows a directive's expression list.
const DIRECTIVE_JUNK: &str = "unexpected token in directive";

/// The most bytes the sections of an object may hold in all (ours, not llvm-mc's):
/// padding and fills cannot make a small source take gigabytes.
const MAX_OBJECT: u64 = 1 << 28;

/// The most memo ids whose instructions a reader of statements keeps.
const MAX_KEPT_INSTS: usize = 1 << 22;

/// A limit on the lines expansions make (`.rept` of `.rept`s), to keep memory bounded.
const MAX_EXPANDED_LINES: usize = 1 << 22;

struct TextAsm {
    o: Object,
    /// Instructions already read, by their text.
    memo: Memo,
    /// What a listing shows, in source order (`None`: an object, or raw bytes).
    listing: Option<List>,
    /// The listing is in llvm-mc's style ([`Style::Llvm`]).
    llvm: bool,
    /// In llvm-mc's style: the lines the statement being read prints.
    llvm_lines: Vec<String>,
    /// In llvm-mc's style: the section whose switch was printed last.
    shown_section: Option<usize>,
    /// In llvm-mc's style: the lines the listing leaves out.
    unlisted: Vec<Diagnostic>,
    /// A listing or raw bytes, not an object: nothing can hold a relocation.
    no_relocs: bool,
    /// Raw bytes of `.text` only: other sections and relocations are errors.
    bytes_only: bool,
    /// Where each fixup was written, for a listing's errors (section, offset, place).
    fixup_locs: Vec<(usize, u64, Loc)>,
    diags: Vec<Diagnostic>,
    /// What llvm-mc warns of (lines that assemble).
    warnings: Vec<Diagnostic>,
    kernel: Option<KernelBlock>,
    /// An `.amd_kernel_code_t` block being read.
    code_t: Option<code_t::Block>,
    /// A metadata block being read: where, its text so far, its kind.
    metadata: Option<(Loc, String, Meta)>,
    /// The PAL metadata gathered so far (a note at the end).
    pal: super::note::PalMetadata,
    section_stack: Vec<usize>,
    /// The section before the last switch (`.previous`).
    previous: Option<usize>,
    macros: HashMap<String, Macro>,
    /// Lines expansions made so far (the budget's count).
    expansions: usize,
    /// Macro calls so far: `\@` (`.rept` and `.irp` do not count, as in llvm-mc).
    macro_calls: usize,
    /// The open `.if` blocks, innermost last: lines are read while every one is on
    /// a branch being taken (one step per line, however deep: no block is scanned
    /// ahead).
    conds: Vec<Cond>,
    /// The bytes of the data directive just read, when it named numbers only.
    plain: Option<Bytes>,
    /// For [`read_statements`]: the labels and instructions read, in source order.
    reads: Option<Vec<Statement>>,
    /// The statement being read is a directive (or a line of a directive's block).
    directive_stmt: bool,
    /// For [`read_statements`]: errors of directives are `passed`, not errors.
    pass_directives: bool,
    /// For [`read_statements`]: the instruction, operand columns and column of each
    /// line the memo kept, by its id (so that a line read again is a statement too).
    kept_insts: Vec<Option<(Inst, [u16; 8], u32)>>,
    /// For [`read_statements`]: the errors of directives, passed over.
    passed: Vec<Diagnostic>,
}

/// The YAML blocks: HSA's `.amdgpu_metadata`, PAL's `.amdgpu_pal_metadata`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Meta {
    Hsa,
    Pal,
}

impl Meta {
    /// The directive that ends the block.
    fn end(self) -> &'static str {
        match self {
            Meta::Hsa => ".end_amdgpu_metadata",
            Meta::Pal => ".end_amdgpu_pal_metadata",
        }
    }
}

/// Absolute values of `.set` symbols for instruction operands; notes whether a name
/// that is a symbol was asked for (a line that names none may be kept in the memo).
struct ObjSyms<'a>(&'a Object, std::cell::Cell<bool>);

impl<'a> ObjSyms<'a> {
    fn new(o: &'a Object) -> Self {
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

/// [`str::trim_end`], the blanks before a stripped comment taken a byte at a time
/// (the char-by-char walk is for text that ends in a character past ASCII).
fn trim_end(s: &str) -> &str {
    let b = s.as_bytes();
    let n = b.len()
        - b.iter()
            .rev()
            .take_while(|c| c.is_ascii_whitespace() || **c == 0x0b)
            .count();
    let t = &s[..n];
    match t.as_bytes().last() {
        Some(&c) if !c.is_ascii() => t.trim_end(),
        _ => t,
    }
}

/// Strips a comment (`;`, `//`, or `#` at the start of a line), leaving string
/// literals alone (the crate's one comment rule: the reader's and
/// [`crate::assemble_line`]'s).
/// `src` with its `/* ... */` comments made blanks (each byte a space, line ends
/// kept), as llvm-mc's lexer takes them: not inside a string or a line comment
/// (`;`, `//`, `#` first on a line). An unterminated one is left as it is: the
/// statement then reads it as an operand and fails, as llvm-mc does.
pub(crate) fn blank_block_comments(src: &str) -> Cow<'_, str> {
    let b = src.as_bytes();
    if memchr::memmem::find(b, b"/*").is_none() {
        return Cow::Borrowed(src);
    }
    let mut out = b.to_vec();
    let (mut k, mut in_str, mut line_comment, mut blank_so_far) = (0, false, false, true);
    while k < b.len() {
        let c = b[k];
        if c == b'\n' {
            (in_str, line_comment, blank_so_far) = (false, false, true);
        } else if in_str {
            match c {
                b'\\' => k += 1,
                b'"' => in_str = false,
                _ => {}
            }
        } else if !line_comment {
            match c {
                b'"' => in_str = true,
                b';' => line_comment = true,
                b'#' if blank_so_far => line_comment = true,
                b'/' if b.get(k + 1) == Some(&b'/') => line_comment = true,
                b'/' if b.get(k + 1) == Some(&b'*') => {
                    let Some(e) = memchr::memmem::find(&b[k + 2..], b"*/") else {
                        break;
                    };
                    let end = k + 2 + e + 2;
                    for x in &mut out[k..end] {
                        if *x != b'\n' && *x != b'\r' {
                            *x = b' ';
                        }
                    }
                    k = end;
                    continue;
                }
                _ => {}
            }
        }
        blank_so_far &= c == b' ' || c == b'\t' || c == b'\n';
        k += 1;
    }
    // (Only ASCII bytes became spaces, and whole characters: still UTF-8.)
    Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| src.to_string()))
}

pub(crate) fn strip_comment(line: &str) -> &str {
    if line.trim_start().starts_with('#') {
        return "";
    }
    let b = line.as_bytes();
    // (Up to the first quote, a comment is the first `;` or `//`: found by a
    // vector search.)
    let mut k = 0;
    loop {
        let Some(j) = memchr::memchr3(b';', b'/', b'"', &b[k..]) else {
            return line;
        };
        k += j;
        match b[k] {
            b';' => return &line[..k],
            b'/' if b.get(k + 1) == Some(&b'/') => return &line[..k],
            b'"' => break,
            _ => k += 1,
        }
    }
    let mut q = false;
    while k < b.len() {
        match b[k] {
            b'"' => q = !q,
            b'\\' if q => k += 1,
            b';' if !q => return &line[..k],
            b'/' if !q && b.get(k + 1) == Some(&b'/') => return &line[..k],
            _ => {}
        }
        k += 1;
    }
    line
}

type R<T> = Result<T, Error>;

/// An open `.if` block.
#[derive(Clone, Copy, Debug)]
struct Cond {
    /// The branch being read is taken.
    on: bool,
    /// A branch was taken (later ones are not).
    done: bool,
    /// The block's enclosing blocks are all taken (else no branch of it is).
    outer: bool,
}

impl TextAsm {
    /// Handles the line if it makes lines (macros, repetitions, conditions,
    /// includes), else assembles it.
    fn preprocess<'a>(&mut self, l: &Line<'a>, q: &mut Queue<'a>, opts: &Options) -> R<()> {
        let code = strip_comment(&l.text);
        // Most lines are instructions: a line that starts with no `.` makes lines only
        // as a macro's name, and there may be no macros.
        if self.macros.is_empty() && !code.trim_start().starts_with('.') {
            self.statement(l, code);
            return Ok(());
        }
        let (w, rest) = macros::first_word(code);
        let pos = code.len() - code.trim_start().len();
        let at = code.len() - rest.trim_start().len();
        let wl: Cow<str> = if w.bytes().any(|c| c.is_ascii_uppercase()) {
            Cow::Owned(w.to_ascii_lowercase())
        } else {
            Cow::Borrowed(w)
        };
        let front = |q: &mut Queue<'a>, lines: Vec<Line<'a>>| {
            for x in lines.into_iter().rev() {
                q.push_front(x);
            }
        };
        let budget = |n: usize, this: &mut TextAsm| -> R<()> {
            this.expansions = this.expansions.saturating_add(n);
            if this.expansions > MAX_EXPANDED_LINES {
                return Err(Error::new(
                    pos,
                    "too many lines from repetitions and macros",
                ));
            }
            Ok(())
        };
        match &*wl {
            ".macro" => {
                let (name, params) = macros::first_word(rest);
                if name.is_empty() {
                    return Err(Error::new(at, "expected identifier in '.macro' directive"));
                }
                let body = macros::macro_block(q)
                    .ok_or(Error::new(pos, "no matching '.endmacro' in definition"))?;
                if self.macros.contains_key(name) {
                    return Err(Error::new(at, format!("macro '{name}' is already defined")));
                }
                let m = Macro::new(params.trim_start_matches(',').trim(), body)
                    .map_err(|m| Error::new(at, m))?;
                self.macros.insert(name.to_string(), m);
            }
            ".endm" | ".endmacro" => {
                return Err(Error::new(
                    pos + w.len(),
                    format!("unexpected '{w}' in file, no current macro definition"),
                ))
            }
            ".purgem" => {
                let name = rest.trim();
                if self.macros.remove(name).is_none() {
                    return Err(Error::new(pos, format!("macro '{name}' is not defined")));
                }
            }
            ".rept" => {
                let body = macros::rept_block(q)
                    .ok_or(Error::new(pos, "no matching '.endr' in definition"))?;
                let n = self.abs(code, rest, at)?;
                if n < 0 {
                    return Err(Error::new(at, "Count is negative"));
                }
                budget((n as usize).saturating_mul(body.len()), self)?;
                let mut lines = Vec::new();
                let at = l.origin();
                // (An empty body repeats nothing, however many times.)
                if !body.is_empty() {
                    for _ in 0..n {
                        lines.extend(body.iter().map(|b| Line { at, ..b.clone() }));
                    }
                }
                front(q, lines);
            }
            ".irp" | ".irpc" => {
                let body = macros::rept_block(q)
                    .ok_or(Error::new(pos, "no matching '.endr' in definition"))?;
                let (name, args) = macros::first_word(rest);
                let args = args.trim_start().trim_start_matches(',');
                if name.is_empty() {
                    return Err(Error::new(at, "expected identifier in directive"));
                }
                let values: Vec<String> = if wl == ".irp" {
                    macros::split_args(args)
                } else {
                    args.trim().chars().map(|c| c.to_string()).collect()
                };
                budget(values.len().saturating_mul(body.len()), self)?;
                let mut lines = Vec::new();
                let at = l.origin();
                for v in values {
                    let map: HashMap<&str, String> = [(name, v)].into_iter().collect();
                    lines.extend(body.iter().map(|b| Line {
                        text: Cow::Owned(macros::substitute(&b.text, &map, 0)),
                        at,
                        ..b.clone()
                    }));
                }
                front(q, lines);
            }
            ".endr" => return Err(Error::new(pos + w.len(), "unmatched '.endr' directive")),
            w if w.starts_with(".if") => {
                let take = self.condition(l);
                self.conds.push(Cond {
                    on: *take.as_ref().unwrap_or(&false),
                    done: true,
                    outer: true,
                });
                if let Some(c) = self.conds.last_mut() {
                    c.done = c.on;
                }
                take?;
            }
            ".else" | ".elseif" if !self.conds.is_empty() => {
                // (The branch being read ends: the block is done.)
                if let Some(c) = self.conds.last_mut() {
                    c.on = false;
                    c.done = true;
                }
            }
            ".endif" if !self.conds.is_empty() => {
                self.conds.pop();
            }
            ".else" | ".elseif" => {
                return Err(Error::new(
                    pos,
                    format!("Encountered a {w} that doesn't follow  an .if or an .elseif"),
                ))
            }
            ".endif" => {
                return Err(Error::new(
                    pos,
                    "Encountered a .endif that doesn't follow an .if or .else",
                ))
            }
            ".include" => {
                let r = rest.trim();
                let (r2, name) = string_literal(r).map_err(|m| Error::new(at, m))?;
                if !r2.trim().is_empty() {
                    return Err(Error::new(
                        code.len() - r2.trim_start().len(),
                        "unexpected token in '.include' directive",
                    ));
                }
                let name = String::from_utf8_lossy(&name).into_owned();
                let missing = || Error::new(at, format!("Could not find include file '{name}'"));
                let read = opts.include.ok_or_else(missing)?;
                let text = read(&name).map_err(|_| missing())?;
                if l.depth >= macros::MAX_DEPTH {
                    return Err(Error::new(pos, "includes nested too deeply"));
                }
                let mut lines: Vec<Line> = blank_block_comments(&text)
                    .lines()
                    .enumerate()
                    .map(|(k, t)| Line {
                        text: Cow::Owned(t.to_string()),
                        line: k + 1,
                        depth: l.depth + 1,
                        at: l.origin(),
                    })
                    .collect();
                // llvm-mc prints a blank line for the directive and one at the end of
                // the file it includes (an empty line here).
                if self.llvm {
                    self.list_raw("");
                    lines.push(Line {
                        text: Cow::Borrowed(""),
                        line: lines.len() + 1,
                        depth: l.depth + 1,
                        at: l.origin(),
                    });
                }
                budget(lines.len(), self)?;
                front(q, lines);
            }
            ".incbin" => {
                // (Placed as data where the line is; not kept in the memo.)
                let r = rest.trim();
                let (r2, name) = string_literal(r).map_err(|m| Error::new(at, m))?;
                let name = String::from_utf8_lossy(&name).into_owned();
                let list = match ws(r2) {
                    "" => Vec::new(),
                    r3 => match r3.strip_prefix(',') {
                        Some(r4) => self.expr_list(code, r4, false, 2, DIRECTIVE_JUNK)?,
                        None => return Err(Error::new(code.len() - r3.len(), DIRECTIVE_JUNK)),
                    },
                };
                let mut vals = [0i64, -1];
                for (k, (p, t)) in list.iter().enumerate() {
                    vals[k] = self
                        .o
                        .absolute(t)
                        .map_err(|_| Error::new(*p, "expected absolute expression"))?;
                    if vals[k] < 0 {
                        let what = if k == 0 { "skip" } else { "count" };
                        return Err(Error::new(*p, format!("negative {what} has no effect")));
                    }
                }
                let missing = || Error::new(at, format!("Could not find incbin file '{name}'"));
                let read = opts.incbin.ok_or_else(missing)?;
                let bytes = read(&name).map_err(|_| missing())?;
                let skip = (vals[0] as usize).min(bytes.len());
                let mut data = &bytes[skip..];
                if vals[1] >= 0 {
                    data = &data[..(vals[1] as usize).min(data.len())];
                }
                self.room(data.len() as u64, at)?;
                self.o.emit(data).map_err(|m| Error::new(at, m))?;
                if self.llvm {
                    super::asm_text::bytes_lines(data, &mut self.llvm_lines);
                    self.list_llvm_lines();
                } else if let Some(list) = &mut self.listing {
                    list.directive(".incbin", rest.trim());
                }
            }
            _ => {
                if let Some(m) = self.macros.get(w) {
                    if l.depth >= macros::MAX_DEPTH {
                        return Err(Error::new(
                            pos,
                            "macros cannot be nested more than 20 levels deep",
                        ));
                    }
                    let count = self.macro_calls;
                    self.macro_calls += 1;
                    let lines = m
                        .expand(rest, count, l.depth + 1, l.origin())
                        .map_err(|m| Error::new(at, m))?;
                    budget(lines.len() + 1, self)?;
                    front(q, lines);
                } else {
                    self.statement(l, code);
                }
            }
        }
        Ok(())
    }

    /// A line inside a branch not taken: only the `.if` family counts, to find
    /// where the branch ends and whether a later one is taken.
    fn skipped(&mut self, l: &Line) -> R<()> {
        let code = strip_comment(&l.text);
        let (w, _) = macros::first_word(code);
        if !w.starts_with('.') {
            return Ok(());
        }
        let w = w.to_ascii_lowercase();
        let top = self.conds.len() - 1;
        let c = self.conds[top];
        match w.as_str() {
            w if w.starts_with(".if") => self.conds.push(Cond {
                on: false,
                done: true,
                outer: false,
            }),
            ".endif" => {
                self.conds.pop();
            }
            ".else" if c.outer => {
                self.conds[top] = Cond {
                    on: !c.done,
                    done: true,
                    ..c
                };
            }
            ".elseif" if c.outer && !c.done => {
                let take = self.condition(l)?;
                self.conds[top] = Cond {
                    on: take,
                    done: take,
                    ..c
                };
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether an `.if`-family line holds.
    fn condition(&mut self, l: &Line) -> R<bool> {
        let code = strip_comment(&l.text);
        let (w, rest) = macros::first_word(code);
        let at = code.len() - rest.trim_start().len();
        let w = w.to_ascii_lowercase();
        let w = if w == ".elseif" { ".if".to_string() } else { w };
        Ok(match w.as_str() {
            ".ifdef" | ".ifndef" | ".ifnotdef" => {
                let name = rest.trim();
                let defined = self
                    .o
                    .lookup(name)
                    .is_some_and(|k| self.o.symbols[k].def != Def::Undef);
                defined == (w == ".ifdef")
            }
            ".ifb" => rest.trim().is_empty(),
            ".ifnb" => !rest.trim().is_empty(),
            ".ifc" | ".ifnc" => {
                let (a, b) = rest
                    .split_once(',')
                    .ok_or(Error::new(at, "expected comma"))?;
                let unq = |s: &str| s.trim().trim_matches('\'').to_string();
                (unq(a) == unq(b)) == (w == ".ifc")
            }
            _ => {
                let v = self.abs(code, rest, at)?;
                match w.as_str() {
                    ".if" | ".ifne" => v != 0,
                    ".ifeq" => v == 0,
                    ".ifgt" => v > 0,
                    ".ifge" => v >= 0,
                    ".iflt" => v < 0,
                    ".ifle" => v <= 0,
                    _ => return Err(Error::new(0, "unknown directive")),
                }
            }
        })
    }

    fn loc(&self, l: &Line, col0: usize) -> Loc {
        Loc {
            line: l.line,
            col: col0 + 1,
            source: l.text.to_string(),
        }
    }

    /// Assembles a line; `code` is its text without the comment.
    fn statement(&mut self, l: &Line, code: &str) {
        let raw: &str = &l.text;
        // Inside .amdgpu_metadata: the YAML lines verbatim.
        if let Some((_, text, kind)) = &mut self.metadata {
            if raw.trim() != kind.end() {
                text.push_str(raw);
                text.push('\n');
                return;
            }
        }
        // llvm-mc prints a blank line for a line of blanks (not for a comment, nor
        // inside a kernel descriptor block, whose lines its target parser reads).
        if self.llvm && raw.trim().is_empty() && self.kernel.is_none() {
            self.list_raw("");
            return;
        }
        let line = trim_end(code);
        // (The place is kept for errors found later; its text's buffer is reused.)
        let here = &mut self.o.here;
        here.line = l.line;
        here.col = line.len() - line.trim_start().len() + 1;
        here.source.clear();
        here.source.push_str(raw);
        self.directive_stmt = false;
        if let Err(e) = self.statement_text(l, line) {
            let d = Diagnostic {
                line: l.line,
                col: e.pos + 1,
                msg: e.msg.into_owned(),
                source: raw.to_string(),
            };
            // (Readers of statements pass over what directives say.)
            match self.pass_directives && self.directive_stmt {
                true => self.passed.push(d),
                false => self.diags.push(d),
            }
        }
    }

    fn statement_text(&mut self, l: &Line, line: &str) -> R<()> {
        if self.code_t.is_some() {
            self.directive_stmt = true;
            return self.code_t_line(l, line);
        }
        let mut s = ws(line);
        // Labels (only where there is a colon).
        // (One scan says whether there may be labels or an assignment.)
        let (mut colon, mut equals) = (false, false);
        if memchr::memchr2(b':', b'=', line.as_bytes()).is_some() {
            colon = line.contains(':');
            equals = line.contains('=');
        }
        while let Some((rest, name)) = colon.then(|| label_name(s).ok()).flatten() {
            let r = ws(rest);
            if !r.starts_with(':') || r.starts_with("::") {
                break;
            }
            let at = line.len() - s.len();
            if self.kernel.is_some() {
                return Err(Error::new(at, "labels are not allowed in .amdhsa_kernel"));
            }
            self.o.label(name).map_err(|m| Error::new(at, m))?;
            if let Some(list) = &mut self.listing {
                list.label(name);
            }
            if let Some(reads) = &mut self.reads {
                let (sec, off) = (self.o.cur, self.o.sections[self.o.cur].len());
                reads.push(Statement::new(
                    l,
                    at,
                    [0; 8],
                    sec,
                    off,
                    Read::Label(name.into()),
                ));
            }
            s = ws(&r[1..]);
        }
        if s.is_empty() {
            return Ok(());
        }
        let pos = line.len() - s.len();
        if s.starts_with('.') {
            let (rest, name) = lex::ident(s).map_err(|_| Error::new(pos, "unknown directive"))?;
            // (Directives are mostly written in lower case: no copy then.)
            let name_lc: Cow<str> = if name.bytes().any(|c| c.is_ascii_uppercase()) {
                Cow::Owned(name.to_ascii_lowercase())
            } else {
                Cow::Borrowed(name)
            };
            self.directive_stmt = true;
            if self.kernel.is_some() && name_lc != ".end_amdhsa_kernel" {
                return self.kernel_directive(l, line, pos, &name_lc, rest);
            }
            self.plain = None;
            self.llvm_lines.clear();
            let (sec, start) = (self.o.cur, self.o.sections[self.o.cur].len());
            self.directive(l, line, pos, &name_lc, rest)?;
            // (Bytes a directive placed in the section it started in are data.)
            let len = self.o.sections[sec].len().saturating_sub(start);
            if let Some(reads) = self.reads.as_mut().filter(|_| len > 0 && sec == self.o.cur) {
                let read = Read::Data {
                    directive: data_name(&name_lc),
                    len,
                };
                reads.push(Statement::new(l, pos, [0; 8], sec, start, read));
            }
            if self.llvm {
                self.list_llvm(l, pos, &name_lc);
                return Ok(());
            }
            // Data of numbers only, on a line that is only the directive: kept
            // as an instruction's line is (see `instruction`).
            let id = match self.plain.take() {
                Some(b) if s.len() == line.trim_start().len() => self.memo.put(&l.text, b),
                _ => None,
            };
            if self.no_relocs {
                self.list_directive(line, pos, &name_lc, rest, id)?;
            }
            return Ok(());
        }
        if self.kernel.is_some() {
            self.directive_stmt = true;
            return Err(Error::new(
                pos,
                "expected .amdhsa_ directive or .end_amdhsa_kernel",
            ));
        }
        if let Some((name, rest)) = equals.then(|| assignment(s)).flatten() {
            let at = line.len() - ws(rest).len();
            self.llvm_lines.clear();
            self.set(line, name, at, rest, false)?;
            self.list_llvm_lines();
            return Ok(());
        }
        self.instruction(l, line, s)
    }

    /// Places the bytes of a whole source line read before (an instruction, or data
    /// of numbers), if it was kept (see [`Memo`]): they then depend only on its text, so
    /// long as no macro, kernel descriptor or metadata block can change how lines
    /// are read, and the section can hold code. (`hash`: the line's memo hash, when
    /// the reader computed it.)
    fn again(&mut self, l: &Line, hash: Option<u64>) -> bool {
        let raw: &str = &l.text;
        if !self.macros.is_empty()
            || self.kernel.is_some()
            || self.code_t.is_some()
            || self.metadata.is_some()
        {
            return false;
        }
        let hash = hash.unwrap_or_else(|| super::memo::hash(raw));
        let Some((bytes, id)) = self.memo.get_hashed(raw, hash) else {
            return false;
        };
        let cur = self.o.cur;
        let sec = self.o.sec();
        if sec.ty == sht::NOBITS {
            return false;
        }
        // (A listing has the printed line of every line kept, unless it was full:
        // see `instruction`.)
        if let Some(list) = &mut self.listing {
            if !list.again(id) {
                return false;
            }
        }
        // (A reader of statements keeps the instruction of the line too; a line of
        // data, or one past its table, is read again.)
        if let Some(reads) = &mut self.reads {
            let Some(Some((inst, cols, pos))) = self.kept_insts.get(id as usize) else {
                return false;
            };
            let read = Read::Inst {
                inst: *inst,
                branch: None,
            };
            reads.push(Statement::new(
                l,
                *pos as usize,
                *cols,
                cur,
                sec.len(),
                read,
            ));
        }
        sec.data.extend_from_slice(bytes.as_slice());
        true
    }

    fn instruction(&mut self, l: &Line, line: &str, s: &str) -> R<()> {
        let t = self.o.target;
        let syms = ObjSyms::new(&self.o);
        let mut cols = [0; 8];
        let (inst, fix, warning) = crate::asm::instruction(t, line, s, &syms, &mut cols)?;
        // (The binder checked the instruction's fields.)
        let words = crate::codec::encode_checked(t, &inst)
            .map_err(|_| Error::new(line.len() - s.len(), "instruction does not encode"))?;
        if let Some(w) = &warning {
            self.warnings.push(Diagnostic {
                line: l.line,
                col: w.pos + 1,
                msg: w.msg.to_string(),
                source: l.text.to_string(),
            });
        }
        let named_symbol = syms.1.get();
        let cur = self.o.cur;
        let sec = self.o.sec();
        if sec.ty == sht::NOBITS {
            let msg = format!("BSS section '{}' cannot have non-zero bytes", sec.name);
            let loc = self.o.here.clone();
            self.o.deferred.push(ObjError { loc, msg });
            return Ok(());
        }
        // Kept: a line that is only an instruction, naming no symbol (labels define
        // something, and what a name means can change), without a warning (which
        // each reading of the line reports); once placed, so that a listing names
        // the instruction of every line kept.
        let id = if fix.is_none()
            && warning.is_none()
            && !named_symbol
            && s.len() == line.trim_start().len()
        {
            self.memo.put(&l.text, Bytes::of_words(&words))
        } else {
            None
        };
        if let (Some(id), Some(_)) = (id, &self.reads) {
            let k = id as usize;
            if k < MAX_KEPT_INSTS {
                if self.kept_insts.len() <= k {
                    self.kept_insts.resize(k + 1, None);
                }
                let pos = (line.len() - s.len()) as u32;
                self.kept_insts[k] = Some((inst, cols, pos));
            }
        }
        let sec = self.o.sec();
        let start = sec.len();
        words.write_to(&mut sec.data);
        // (llvm-mc's text shows a symbol as a literal as it shows a branch's.)
        if self.no_relocs && !self.llvm && fix.is_some_and(|f| f.literal) {
            sec.data.truncate(start as usize);
            let pos = fix.map_or(0, |f| f.pos);
            return Err(Error::new(
                pos,
                "a symbol as a literal needs an object file (asm --filetype obj)",
            ));
        }
        let fix_tree = match fix {
            Some(f) => Some(expr::tree_with_root(&line[f.pos..]).map_err(|e| expr_error(line, e))?),
            None => None,
        };
        if let Some(reads) = &mut self.reads {
            let read = Read::Inst {
                inst,
                branch: fix
                    .filter(|f| !f.literal)
                    .map(|f| line[f.pos..].trim_end().into()),
            };
            let pos = line.len() - s.len();
            reads.push(Statement::new(l, pos, cols, cur, start, read));
        }
        if let Some(list) = &mut self.listing {
            let bytes = &self.o.sections[cur].data[start as usize..];
            if !id.is_some_and(|id| list.kept(t, &inst, id, bytes)) {
                match (self.llvm, fix, &fix_tree) {
                    // llvm-mc prints the expression of a fixup as it prints
                    // expressions.
                    (true, Some(f), Some((_, tree, _))) => {
                        let shown = super::asm_text::expr(tree);
                        list.inst_fixup(inst, cur, start, &shown, f.literal);
                    }
                    _ => {
                        let label = fix.filter(|f| !f.literal).map(|f| line[f.pos..].trim_end());
                        list.inst(inst, cur, start, label);
                    }
                }
            }
        }
        if let (Some(f), Some((_, mut tree, root))) = (fix, fix_tree) {
            self.o.mention(&mut tree, true);
            let (kind, off) = if f.literal {
                (FixupKind::Literal, start + 4)
            } else {
                (FixupKind::Branch, start)
            };
            let loc = self.loc(l, f.pos + root);
            if self.no_relocs {
                self.fixup_locs.push((self.o.cur, off, loc.clone()));
            }
            self.o.fixup(off, kind, tree, loc);
        }
        Ok(())
    }

    /// `name = expr` and `.set name, expr` (`directive`: the latter, which llvm-mc's
    /// text follows with `.no_dead_strip`).
    fn set(&mut self, line: &str, name: &str, at: usize, rest: &str, directive: bool) -> R<()> {
        let fresh = self.o.lookup(name).is_none();
        let k = self.o.symbol(name);
        let tree = self.tree_to_end(line, rest, at, true, "expected newline")?;
        let s = &self.o.symbols[k];
        if let Def::Label { .. } = s.def {
            return Err(Error::new(at, format!("redefinition of '{name}'")));
        }
        if self.llvm {
            let shown = self.llvm_shown(&tree);
            self.llvm_lines.push(format!(".set {name}, {shown}"));
            if directive {
                self.llvm_lines.push(format!("\t.no_dead_strip\t{name}"));
            }
        }
        // Absolute now: keep the value (so that `.set x, x + 1` counts); else the
        // expression, for the end.
        let def = match self.o.absolute(&tree) {
            Ok(v) => Tree::Num(v),
            Err(_) => {
                if tree_uses(&tree, name) {
                    return Err(Error::new(at, format!("Recursive use of '{name}'")));
                }
                tree
            }
        };
        self.o.define(k, Def::Var(def), fresh);
        // (A line that named no symbol may name one now.)
        self.memo.clear();
        Ok(())
    }

    /// An expression that must end the statement, with its symbols mentioned.
    /// (`junk`: llvm-mc's message for what follows the expression, which depends on
    /// the directive.)
    fn tree_to_end(
        &mut self,
        line: &str,
        s: &str,
        at: usize,
        used: bool,
        junk: &'static str,
    ) -> R<Tree> {
        let (r, mut t) = self.tree_at(line, s, at)?;
        if !ws(r).is_empty() {
            return Err(Error::new(line.len() - ws(r).len(), junk));
        }
        self.o.mention(&mut t, used);
        Ok(t)
    }

    fn tree_at<'a>(&self, line: &str, s: &'a str, at: usize) -> R<(&'a str, Tree)> {
        let s2 = ws(s);
        if s2.is_empty() {
            return Err(Error::new(at, "expected expression"));
        }
        expr::tree(s2).map_err(|e| expr_error(line, e))
    }

    /// At most `max` comma-separated expressions, then the end of the statement;
    /// anything else after an expression is `junk`, the error llvm-mc gives there
    /// (a directive's "unexpected token in directive", a macro call's "expected
    /// newline"). `used` marks the symbols they name as used.
    fn expr_list(
        &mut self,
        line: &str,
        s: &str,
        used: bool,
        max: usize,
        junk: &'static str,
    ) -> R<Vec<(usize, Tree)>> {
        let mut out = Vec::new();
        let mut r = ws(s);
        if r.is_empty() {
            return Ok(out);
        }
        loop {
            let p = line.len() - r.len();
            let (r2, mut t) = self.tree_at(line, r, p)?;
            self.o.mention(&mut t, used);
            out.push((p, t));
            r = ws(r2);
            match r.strip_prefix(',') {
                Some(r3) if out.len() < max => r = ws(r3),
                None if r.is_empty() => return Ok(out),
                _ => return Err(Error::new(line.len() - r.len(), junk)),
            }
        }
    }

    /// Lists a directive that places bytes or switches sections, as written; with
    /// `bytes_only`, a switch away from `.text` is an error (its bytes are left out).
    fn list_directive(
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

    /// Refuses `n` more bytes when the sections would hold more than [`MAX_OBJECT`].
    fn room(&self, n: u64, at: usize) -> R<()> {
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

    fn abs(&mut self, line: &str, s: &str, at: usize) -> R<i64> {
        let t = self.tree_to_end(line, s, at, false, "expected newline")?;
        self.o
            .absolute(&t)
            .map_err(|_| Error::new(at, "expected absolute expression"))
    }

    fn data(&mut self, l: &Line, line: &str, rest: &str, width: u8) -> R<()> {
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
                let d = super::asm_text::data_directive(width);
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
                        self.o.deferred.push(ObjError { loc, msg });
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

    fn symbol_names<'a>(&mut self, line: &str, rest: &'a str) -> R<Vec<(usize, &'a str)>> {
        let mut out = Vec::new();
        let mut r = ws(rest);
        loop {
            let p = line.len() - r.len();
            let (r2, name) = label_name(r).map_err(|_| Error::new(p, "expected identifier"))?;
            out.push((p, name));
            r = ws(r2);
            match r.strip_prefix(',') {
                Some(r3) => r = ws(r3),
                None if r.is_empty() => return Ok(out),
                None => {
                    return Err(Error::new(
                        line.len() - r.len(),
                        "unexpected token in directive",
                    ))
                }
            }
        }
    }

    fn switch(&mut self, k: usize) {
        self.previous = Some(self.o.cur);
        self.o.cur = k;
    }

    fn directive(&mut self, l: &Line, line: &str, pos: usize, name: &str, rest: &str) -> R<()> {
        let at = line.len() - ws(rest).len();
        let no_args = |rest: &str| -> R<()> {
            if ws(rest).is_empty() {
                Ok(())
            } else {
                Err(Error::new(
                    line.len() - ws(rest).len(),
                    "unexpected token in directive",
                ))
            }
        };
        // Each OS has directives of its own, which the others do not know (as
        // llvm-mc, which refuses some of them by name).
        let os = self.o.triple.os;
        match name {
            ".amdhsa_kernel"
            | ".end_amdhsa_kernel"
            | ".amdgpu_metadata"
            | ".end_amdgpu_metadata"
            | ".amdhsa_code_object_version"
                if !os.is_hsa() =>
            {
                return Err(Error::new(pos, "unknown directive"))
            }
            ".amd_kernel_code_t"
            | ".amdgpu_hsa_kernel"
            | ".amd_amdgpu_isa"
            | ".amd_amdgpu_hsa_metadata"
                if os.is_hsa() =>
            {
                return Err(Error::new(pos, "unknown directive"))
            }
            ".amd_amdgpu_hsa_metadata" => {
                return Err(Error::new(
                    at,
                    ".amd_amdgpu_hsa_metadata directive is not available on non-amdhsa OSes",
                ))
            }
            ".amd_amdgpu_pal_metadata" if os != Os::AmdPal => {
                return Err(Error::new(
                    at,
                    ".amd_amdgpu_pal_metadata directive is not available on non-amdpal OSes",
                ))
            }
            _ => {}
        }
        match name {
            ".text" | ".data" | ".bss" | ".rodata" => {
                no_args(rest)?;
                let (ty, flags) = default_section(name);
                let prev = self.o.cur;
                let k = self.o.section(name, ty, flags, 0);
                self.o.cur = prev;
                self.switch(k);
            }
            ".section" | ".pushsection" => {
                let prev = self.o.cur;
                let k = self.section_directive(line, rest)?;
                self.o.cur = prev;
                if name == ".pushsection" {
                    self.section_stack.push(prev);
                }
                self.switch(k);
            }
            ".popsection" => {
                no_args(rest)?;
                let k = self.section_stack.pop().ok_or(Error::new(
                    pos,
                    ".popsection without corresponding .pushsection",
                ))?;
                self.switch(k);
            }
            ".previous" => {
                no_args(rest)?;
                let k = self
                    .previous
                    .ok_or(Error::new(at, ".previous without corresponding .section"))?;
                self.switch(k);
            }
            ".globl" | ".global" | ".local" | ".weak" => {
                for (p, n) in self.symbol_names(line, rest)? {
                    if self.llvm {
                        let shown = if name == ".global" { ".globl" } else { name };
                        self.llvm_lines.push(format!("\t{shown}\t{n}"));
                    }
                    if n.starts_with(".L") && name.starts_with(".glob") {
                        return Err(Error::new(p, "non-local symbol required"));
                    }
                    let k = self.o.symbol(n);
                    let s = &mut self.o.symbols[k];
                    // (A symbol given an attribute is listed, defined or not.)
                    s.used = true;
                    let new = match name {
                        ".local" => Bind::Local,
                        ".weak" => Bind::Weak,
                        _ => Bind::Global,
                    };
                    // llvm-mc lets weak win over global, and refuses other changes.
                    match (s.bind, new) {
                        (Some(Bind::Weak | Bind::Local), Bind::Global) => {
                            return Err(Error::new(
                                pos,
                                format!("{n} changed binding to STB_GLOBAL"),
                            ))
                        }
                        (Some(Bind::Weak | Bind::Global), Bind::Local) => {
                            return Err(Error::new(
                                pos,
                                format!("{n} changed binding to STB_LOCAL"),
                            ))
                        }
                        _ => s.bind = Some(new),
                    }
                }
            }
            ".hidden" | ".protected" | ".internal" => {
                for (_, n) in self.symbol_names(line, rest)? {
                    if self.llvm {
                        self.llvm_lines.push(format!("\t{name}\t{n}"));
                    }
                    let k = self.o.symbol(n);
                    self.o.symbols[k].used = true;
                    self.o.symbols[k].vis = match name {
                        ".hidden" => 2,
                        ".protected" => 3,
                        _ => 1,
                    };
                }
            }
            ".type" => {
                let r = ws(rest);
                let (r2, n) = label_name(r).map_err(|_| Error::new(at, "expected identifier"))?;
                let r3 = ws(r2)
                    .strip_prefix(',')
                    .ok_or(Error::new(line.len() - ws(r2).len(), "expected comma"))?;
                let r3 = ws(r3);
                let body = r3
                    .strip_prefix('@')
                    .or_else(|| r3.strip_prefix('%'))
                    .or_else(|| r3.strip_prefix('"'))
                    .unwrap_or(r3);
                let tpos = line.len() - body.len();
                let ty = body.trim_end_matches('"');
                let ty = match ty {
                    "function" | "STT_FUNC" => super::object::stt::FUNC,
                    "object" | "STT_OBJECT" => super::object::stt::OBJECT,
                    "notype" | "STT_NOTYPE" => super::object::stt::NOTYPE,
                    _ => return Err(Error::new(tpos, "unsupported attribute")),
                };
                if self.llvm {
                    let shown = match ty {
                        super::object::stt::FUNC => "function",
                        super::object::stt::OBJECT => "object",
                        _ => "notype",
                    };
                    self.llvm_lines.push(format!("\t.type\t{n},@{shown}"));
                }
                let k = self.o.symbol(n);
                let s = &mut self.o.symbols[k];
                s.ty = combine_types(s.ty, ty);
                s.used = true;
            }
            ".size" => {
                let r = ws(rest);
                let (r2, n) = label_name(r).map_err(|_| Error::new(at, "expected identifier"))?;
                let r3 = ws(r2)
                    .strip_prefix(',')
                    .ok_or(Error::new(line.len() - ws(r2).len(), "expected comma"))?;
                let k = self.o.symbol(n);
                let p = line.len() - ws(r3).len();
                let t = self.tree_to_end(line, r3, p, false, "unexpected token")?;
                if self.llvm {
                    let shown = self.llvm_shown(&t);
                    self.llvm_lines.push(format!("\t.size\t{n}, {shown}"));
                }
                let loc = self.loc(l, p);
                self.o.symbols[k].size = Some((t, loc));
            }
            ".set" | ".equ" | ".equiv" => {
                let r = ws(rest);
                let (r2, n) = label_name(r).map_err(|_| Error::new(at, "expected identifier"))?;
                let r3 = ws(r2)
                    .strip_prefix(',')
                    .ok_or(Error::new(line.len() - ws(r2).len(), "expected comma"))?;
                let p = line.len() - ws(r3).len();
                if name == ".equiv"
                    && self
                        .o
                        .lookup(n)
                        .is_some_and(|k| self.o.symbols[k].def != Def::Undef)
                {
                    return Err(Error::new(p, format!("redefinition of '{n}'")));
                }
                self.set(line, n, p, r3, true)?;
            }
            ".byte" => self.data(l, line, rest, 1)?,
            ".short" | ".2byte" | ".value" => self.data(l, line, rest, 2)?,
            ".long" | ".int" | ".4byte" => self.data(l, line, rest, 4)?,
            ".quad" | ".8byte" => self.data(l, line, rest, 8)?,
            ".ascii" | ".asciz" | ".string" => {
                let mut r = ws(rest);
                loop {
                    let p = line.len() - r.len();
                    let (r2, bytes) = string_literal(r).map_err(|m| Error::new(p, m))?;
                    self.o.emit(&bytes).map_err(|m| Error::new(p, m))?;
                    if self.llvm {
                        super::asm_text::bytes_lines(&bytes, &mut self.llvm_lines);
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
            }
            ".zero" | ".space" | ".skip" | ".fill" => {
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
            }
            ".p2align" | ".align" | ".balign" | ".p2alignw" | ".balignw" | ".p2alignl"
            | ".balignl" => self.align(line, name, rest, at)?,
            ".ident" => {
                let r = ws(rest);
                let (r2, text) = string_literal(r).map_err(|m| Error::new(at, m))?;
                no_args(r2)?;
                if self.llvm {
                    // (llvm-mc keeps the string as written, escapes and all.)
                    let raw = &r[1..r.len() - r2.len() - 1];
                    let q = super::asm_text::quoted(raw.as_bytes());
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
            }
            ".file" => {
                // `.file "name"` names the source; llvm-mc's AMDGPU objects keep no
                // trace of it. The DWARF form (`.file 1 "name"`) makes line tables,
                // which are not supported.
                let r = ws(rest);
                if !r.starts_with('"') {
                    return Err(Error::new(
                        at,
                        "debug line tables (.file N \"name\") are not supported",
                    ));
                }
                let (r2, _) = string_literal(r).map_err(|m| Error::new(at, m))?;
                no_args(r2)?;
            }
            ".amdgcn_target" => {
                let r = ws(rest);
                let (r2, text) = string_literal(r).map_err(|m| Error::new(at, m))?;
                no_args(r2)?;
                let want = target_id(&self.o);
                if text != want.as_bytes() {
                    return Err(Error::new(
                        at,
                        format!(
                            ".amdgcn_target directive's target id {} does not match the specified target id {want}",
                            String::from_utf8_lossy(&text)
                        ),
                    ));
                }
                // (llvm-mc prints the target id first, and a blank line here.)
                self.llvm_lines.push(String::new());
            }
            ".amdhsa_code_object_version" => {
                let v = self.abs(line, rest, at)?;
                if !(4..=6).contains(&v) {
                    return Err(Error::new(
                        at,
                        "unsupported code object version (4, 5 or 6)",
                    ));
                }
                self.o.co_version = v as u32;
                self.llvm_lines
                    .push(format!("\t.amdhsa_code_object_version {v}"));
                self.llvm_lines.push(String::new());
            }
            ".amdhsa_kernel" => {
                let r = ws(rest);
                let (r2, n) = label_name(r).map_err(|_| Error::new(at, "expected symbol name"))?;
                no_args(r2)?;
                self.kernel = Some(KernelBlock::new(n, self.loc(l, at)));
            }
            ".end_amdhsa_kernel" => {
                let k = self
                    .kernel
                    .take()
                    .ok_or(Error::new(pos, ".end_amdhsa_kernel without .amdhsa_kernel"))?;
                // (llvm-mc places the block's errors at the token after the directive.)
                let end = self.loc(l, at);
                // llvm-mc's text prints the block with every field when its values
                // are numbers (it checks them as it reads them); with symbols not
                // yet set, it prints expressions, which the listing leaves out.
                let text = match self.llvm && k.values_are_numbers() {
                    true => Some(kd::llvm_text(&self.o, &k, &end)),
                    false => None,
                };
                if self.llvm && text.is_none() {
                    self.unlisted.push(k.loc.diag(
                        "llvm-mc prints '.amdhsa_kernel' here, with expressions for values \
                         not yet known; this listing leaves the block out",
                    ));
                }
                kd::emit(&mut self.o, k, end)
                    .map_err(|(p, m)| Error::new(if p == usize::MAX { at } else { p }, m))?;
                match text {
                    Some(Ok(lines)) => self.llvm_lines.extend(lines),
                    Some(Err(errs)) => self.diags.extend(errs.iter().map(|(loc, m)| loc.diag(m))),
                    None => {}
                }
            }
            ".amdgpu_metadata" | ".amdgpu_pal_metadata" => {
                no_args(rest)?;
                let kind = if name == ".amdgpu_metadata" {
                    Meta::Hsa
                } else {
                    Meta::Pal
                };
                self.metadata = Some((self.loc(l, pos), String::new(), kind));
            }
            ".end_amdgpu_pal_metadata" => {
                let Some((_, text, Meta::Pal)) = self.metadata.take() else {
                    return Err(Error::new(pos, "unknown directive"));
                };
                if let Err(m) = self.pal.set_yaml(&text) {
                    // (llvm-mc writes why to stderr, and errors after the directive.)
                    let _ = m;
                    return Err(Error::new(at, "invalid PAL metadata"));
                }
            }
            ".amd_amdgpu_pal_metadata" => self.pal_registers(line, rest)?,
            ".amd_amdgpu_isa" => {
                let r = ws(rest);
                let (r2, text) = string_literal(r)
                    .map_err(|_| Error::new(at, "target id must match options"))?;
                no_args(r2)?;
                if text != target_id(&self.o).as_bytes() {
                    return Err(Error::new(at, "target id must match options"));
                }
                self.o.note(&super::object::Note {
                    name: "AMD".into(),
                    ty: note::NT_AMD_HSA_ISA_NAME,
                    desc: text,
                });
            }
            ".amdgpu_hsa_kernel" => {
                let r = ws(rest);
                let (r2, n) = label_name(r).map_err(|_| Error::new(at, "expected symbol name"))?;
                no_args(r2)?;
                let k = self.o.symbol(n);
                self.o.symbols[k].ty = super::object::stt::AMDGPU_HSA_KERNEL;
            }
            ".amd_kernel_code_t" => {
                no_args(rest)?;
                self.code_t = Some(code_t::Block::new(self.o.target));
            }
            ".end_amdgpu_metadata" => {
                let (loc, text, _) = self.metadata.take().ok_or(Error::new(
                    pos,
                    ".end_amdgpu_metadata without .amdgpu_metadata",
                ))?;
                // (llvm-mc says no more than this, after the directive.)
                let _ = loc;
                let desc = note::metadata_from_yaml(&text)
                    .map_err(|_| Error::new(at, "invalid HSA metadata"))?;
                self.o.note(&super::object::Note {
                    name: "AMDGPU".into(),
                    ty: note::NT_AMDGPU_METADATA,
                    desc,
                });
            }
            ".amdgpu_lds" => {
                let r = ws(rest);
                let (r2, n) = label_name(r).map_err(|_| Error::new(at, "expected identifier"))?;
                let r3 = ws(r2)
                    .strip_prefix(',')
                    .ok_or(Error::new(line.len() - ws(r2).len(), "expected ','"))?;
                let list = self.expr_list(line, r3, false, usize::MAX, DIRECTIVE_JUNK)?;
                let mut vals = Vec::new();
                for (p, t) in &list {
                    vals.push((
                        *p,
                        self.o
                            .absolute(t)
                            .map_err(|_| Error::new(*p, "expected absolute expression"))?,
                    ));
                }
                let size = vals.first().map_or(0, |v| v.1);
                let align = vals.get(1).map_or(4, |v| v.1);
                if vals.is_empty() || vals.len() > 2 {
                    return Err(Error::new(at, "expected size and optional alignment"));
                }
                if !(0..=(1 << 30)).contains(&size) {
                    return Err(Error::new(vals[0].0, "size is too large"));
                }
                if align <= 0 || align & (align - 1) != 0 {
                    return Err(Error::new(vals[1].0, "alignment must be a power of two"));
                }
                let k = self.o.symbol(n);
                let here = self.loc(l, at);
                let s = &mut self.o.symbols[k];
                if s.def != Def::Undef {
                    return Err(Error::new(at, format!("symbol '{n}' is already defined")));
                }
                let def = Def::Special {
                    shndx: 0xff00,
                    value: align as u64,
                };
                self.o.define(k, def, false);
                let s = &mut self.o.symbols[k];
                s.ty = super::object::stt::OBJECT;
                if s.bind.is_none() {
                    s.bind = Some(Bind::Global);
                }
                s.size = Some((Tree::Num(size), here));
            }
            _ => return Err(Error::new(pos, "unknown directive")),
        }
        Ok(())
    }

    /// `.amd_amdgpu_pal_metadata reg, value, ...`: legacy PAL register pairs,
    /// each value or'ed into its register's.
    fn pal_registers(&mut self, line: &str, rest: &str) -> R<()> {
        const INVALID: &str = "invalid value in .amd_amdgpu_pal_metadata";
        let mut r = ws(rest);
        let mut pairs = Vec::new();
        loop {
            let mut v = [0u32; 2];
            for (k, slot) in v.iter_mut().enumerate() {
                let p = line.len() - r.len();
                // (llvm-mc takes a number or a name to start each value.)
                if !r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
                    return Err(Error::new(p, INVALID));
                }
                let (r2, t) = self.tree_at(line, r, p)?;
                *slot = self.o.absolute(&t).map_err(|_| Error::new(p, INVALID))? as u32;
                r = ws(r2);
                if k == 0 {
                    r = ws(r.strip_prefix(',').ok_or(Error::new(
                        line.len() - r.len(),
                        "expected an even number of values in .amd_amdgpu_pal_metadata",
                    ))?);
                }
            }
            pairs.push((v[0], v[1]));
            match r.strip_prefix(',') {
                Some(r2) => r = ws(r2),
                None if r.is_empty() => break,
                // (llvm-mc's directive ends there, and what follows is read as
                // a statement.)
                None => {
                    return Err(Error::new(
                        line.len() - r.len(),
                        "unexpected token at start of statement",
                    ))
                }
            }
        }
        for (reg, val) in pairs {
            self.pal.set_register(reg, val);
        }
        Ok(())
    }

    /// A line of an `.amd_kernel_code_t` block: `name = value`, or its end. After
    /// an error the block is dropped and the lines that follow are read as any
    /// (llvm-mc's parser stops at the error).
    fn code_t_line(&mut self, l: &Line, line: &str) -> R<()> {
        let s = ws(line);
        if s.is_empty() {
            return Ok(());
        }
        let pos = line.len() - s.len();
        let r = self.code_t_field(l, line, s, pos);
        if r.is_err() {
            self.code_t = None;
        }
        r
    }

    fn code_t_field(&mut self, l: &Line, line: &str, s: &str, pos: usize) -> R<()> {
        let (rest, id) = lex::ident(s)
            .map_err(|_| Error::new(pos, "expected value identifier or .end_amd_kernel_code_t"))?;
        let after = line.len() - ws(rest).len();
        if id == ".end_amd_kernel_code_t" {
            let block = self.code_t.take().expect("in a block");
            let loc = self.loc(l, pos);
            // (llvm-mc's checks of the whole header have no place: its end here.)
            block.validate(&self.o).map_err(|m| Error::new(pos, m))?;
            return block
                .emit(&mut self.o, &loc)
                .map_err(|m| Error::new(pos, m));
        }
        // A deprecated field, ignored with what follows it.
        if id == "max_scratch_backing_memory_byte_size" {
            return Ok(());
        }
        let Some(r) = ws(rest).strip_prefix('=') else {
            if !code_t::is_field(id) {
                return Err(Error::new(
                    after,
                    format!("unexpected amd_kernel_code_t field name {id}"),
                ));
            }
            return Err(Error::new(after, "expected '='"));
        };
        if !code_t::is_field(id) {
            return Err(Error::new(
                after,
                format!("unexpected amd_kernel_code_t field name {id}"),
            ));
        }
        let at = line.len() - ws(r).len();
        // (The symbols an expression names are looked up when the header is
        // placed, in llvm-mc's order: they are listed in that order.)
        let (r2, t) = self.tree_at(line, r, at)?;
        if !ws(r2).is_empty() {
            return Err(Error::new(line.len() - ws(r2).len(), DIRECTIVE_JUNK));
        }
        let abs = self.o.absolute(&t).ok();
        let loc = self.loc(l, at);
        let block = self.code_t.as_mut().expect("in a block");
        match block.set(id, t, abs, loc) {
            Ok(()) => Ok(()),
            Err((code_t::At::Value, m)) => Err(Error::new(at, m)),
            // (llvm-mc finds these once it has read the line's end: at the next.)
            Err((code_t::At::NextLine, m)) => {
                self.code_t = None;
                self.diags.push(Diagnostic {
                    line: l.line + 1,
                    col: 1,
                    msg: m,
                    source: String::new(),
                });
                Ok(())
            }
        }
    }

    fn kernel_directive(
        &mut self,
        l: &Line,
        line: &str,
        pos: usize,
        name: &str,
        rest: &str,
    ) -> R<()> {
        let at = line.len() - ws(rest).len();
        let mut t = self.tree_to_end(line, rest, at, false, "unexpected token in directive")?;
        // (A value of numbers and symbols set to numbers is taken now, as llvm-mc
        // takes it: a later `.set` of its symbols does not change it.)
        if constant(&self.o, &t) {
            if let Ok(v) = self.o.absolute(&t) {
                t = Tree::Num(v);
            }
        }
        let loc = self.loc(l, at);
        let start = self.loc(l, pos);
        let k = self.kernel.as_mut().expect("in a kernel block");
        k.directive(self.o.target, self.o.co_version, name, t, loc, start)
            .map_err(|(at_value, m)| Error::new(if at_value { at } else { pos }, m))
    }

    fn section_directive(&mut self, line: &str, rest: &str) -> R<usize> {
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

    fn align(&mut self, line: &str, name: &str, rest: &str, at: usize) -> R<()> {
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

    /// An expression as llvm-mc's text shows it: its value when it names only
    /// numbers and symbols set to numbers, else the expression.
    fn llvm_shown(&self, t: &Tree) -> String {
        match constant(&self.o, t)
            .then(|| self.o.absolute(t).ok())
            .flatten()
        {
            Some(v) => v.to_string(),
            None => super::asm_text::expr(t),
        }
    }

    /// In llvm-mc's style, lists a line as it is.
    fn list_raw(&mut self, line: &str) {
        if let Some(list) = &mut self.listing {
            list.raw(line);
        }
    }

    /// In llvm-mc's style, lists the lines the statement just read printed.
    fn list_llvm_lines(&mut self) {
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
    fn list_llvm(&mut self, l: &Line, pos: usize, name: &str) {
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
                let switch = super::asm_text::section_switch(&self.o.sections[self.o.cur]);
                self.llvm_lines.push(switch);
                self.shown_section = Some(self.o.cur);
            }
            if name == ".previous" || name == ".popsection" {
                self.llvm_lines.push(String::new());
            }
        } else if !(DATA.contains(&name) || PRINTED.contains(&name)) {
            self.unlisted.push(Diagnostic {
                line: l.line,
                col: pos + 1,
                msg: format!("llvm-mc prints '{name}' here; this listing leaves it out"),
                source: l.text.to_string(),
            });
        }
        self.list_llvm_lines();
    }
}

/// Whether an expression names only numbers and symbols set to numbers (llvm-mc
/// takes its value as it reads it).
fn constant(o: &Object, t: &Tree) -> bool {
    match t {
        Tree::Num(_) => true,
        Tree::Sym(n, _) => o
            .lookup(n)
            .is_some_and(|k| matches!(o.symbols[k].def, Def::Var(Tree::Num(_)))),
        Tree::Un(_, a) => constant(o, a),
        Tree::Bin(_, a, b) => constant(o, a) && constant(o, b),
        Tree::Call(_, args) => args.iter().all(|a| constant(o, a)),
    }
}

/// An expression error at its place, as llvm-mc words it.
fn expr_error(line: &str, e: expr::ExprError) -> Error {
    let at = line.len() - e.at().len();
    match e {
        expr::ExprError::Variant(r) => {
            let name = r[1..]
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '@'))
                .next()
                .unwrap_or("");
            Error::new(at + 1, format!("invalid variant '{name}'"))
        }
        e => Error::new(at, e.message()),
    }
}

/// The target id llvm-mc expects in `.amdgcn_target` and `.amd_amdgpu_isa`: the
/// triple's, the processor, and (for HSA only) the features' settings.
pub fn target_id(o: &Object) -> String {
    let mut s = format!("{}{}", o.triple.target_id_prefix(), o.target.name);
    if !o.triple.os.is_hsa() {
        return s;
    }
    if o.has_sramecc() {
        match o.sramecc {
            Some(true) => s.push_str(":sramecc+"),
            Some(false) => s.push_str(":sramecc-"),
            None => {}
        }
    }
    if o.has_xnack() {
        match o.xnack {
            Some(true) => s.push_str(":xnack+"),
            Some(false) => s.push_str(":xnack-"),
            None => {}
        }
    }
    s
}

/// A symbol's type after `.type` gives it another, as llvm-mc combines them: of
/// no type, data, code and the OS-specific types (`STT_AMDGPU_HSA_KERNEL`), the
/// later in that list wins.
fn combine_types(old: u8, new: u8) -> u8 {
    use super::object::stt;
    for ty in [stt::NOTYPE, stt::OBJECT, stt::FUNC] {
        if old == ty {
            return new;
        }
        if new == ty {
            return old;
        }
    }
    new
}

/// The directives that switch sections (listed where the section changes).
const SECTIONS: &[&str] = &[
    ".text",
    ".data",
    ".bss",
    ".rodata",
    ".section",
    ".pushsection",
    ".popsection",
    ".previous",
];

/// The directives that place bytes (listed as written).
const DATA: &[&str] = &[
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

fn default_section(name: &str) -> (u32, u64) {
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

/// A symbol name: an identifier, or a quoted string.
fn label_name(s: &str) -> nom::IResult<&str, &str> {
    lex::ident(s)
}

fn assignment(s: &str) -> Option<(&str, &str)> {
    let (rest, name) = lex::ident(s).ok()?;
    let r = ws(rest);
    let r = r.strip_prefix('=')?;
    if r.starts_with('=') {
        return None;
    }
    Some((name, r))
}

fn tree_uses(t: &Tree, name: &str) -> bool {
    let mut uses = false;
    t.each_symbol(&mut |n, _| uses |= n == name);
    uses
}

/// A string literal with its escapes, as llvm-mc reads it: the input after it and
/// the bytes.
pub fn string_literal(s: &str) -> Result<(&str, Vec<u8>), String> {
    let b = s.as_bytes();
    if b.first() != Some(&b'"') {
        return Err("expected string".into());
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
                            return Err("invalid hexadecimal escape sequence".into());
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
                            return Err("invalid octal escape sequence (out of range)".into());
                        }
                        out.push(v as u8);
                    }
                    _ => return Err("invalid escape sequence (unrecognized character)".into()),
                }
                k += 1;
            }
            c => {
                out.push(c);
                k += 1;
            }
        }
    }
    Err("expected string".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_stripped_outside_strings() {
        for (line, code) in [
            ("s_nop 0 ; x", "s_nop 0 "),
            ("s_nop 0 // x", "s_nop 0 "),
            ("v_add_f32 v1, v2, v3 / 2", "v_add_f32 v1, v2, v3 / 2"),
            ("s_nop 0", "s_nop 0"),
            ("  # comment", ""),
            (".ascii \"a;b//c\" ; d", ".ascii \"a;b//c\" "),
            (".ascii \"a\\\";b\" // d", ".ascii \"a\\\";b\" "),
            (
                "a_very_long_line_of_text_without_any_comment_at_all/",
                "a_very_long_line_of_text_without_any_comment_at_all/",
            ),
            (
                "a_very_long_line_of_text_with_a_comment_at_the_end//x",
                "a_very_long_line_of_text_with_a_comment_at_the_end",
            ),
            ("", ""),
        ] {
            assert_eq!(strip_comment(line), code, "{line}");
        }
    }

    fn errors(src: &str) -> Vec<(usize, usize, String)> {
        let t = Target::from_name("gfx906").unwrap();
        assemble_object(&Triple::default(), t, None, None, src, None)
            .diags
            .into_iter()
            .map(|d| (d.line, d.col, d.msg))
            .collect()
    }

    fn first(src: &str) -> (usize, usize, String) {
        errors(src).into_iter().next().expect("an error")
    }

    /// Symbol rules and trailing tokens, with llvm-mc 22's messages and columns.
    #[test]
    fn symbols_and_trailing_tokens_as_llvm_mc() {
        let redef = |l, c| (l, c, "redefinition of 'bar'".to_string());
        assert_eq!(first("bar:\nbar = 3\n"), redef(2, 7));
        assert_eq!(first("bar:\n.set bar, 3\n"), redef(2, 11));
        assert_eq!(first("bar:\n.equiv bar, 3\n"), redef(2, 13));
        assert_eq!(first(".set bar, 1\n.equiv bar, 3\n"), redef(2, 13));
        // A variable may become a label (llvm-mc: the branch goes to the label).
        assert!(errors("bar = 3\nbar:\n s_branch bar\n").is_empty());
        let newline = |c| (1, c, "expected newline".to_string());
        assert_eq!(first(".p2align 3 garbage\n"), newline(12));
        assert_eq!(first(".p2align 3,0,1,5\n"), newline(15));
        assert_eq!(first(".skip 1, 2, 3\n"), newline(11));
        assert_eq!(first(".fill 1, 1, 1, 1\n"), newline(14));
        assert_eq!(first(".zero 1 2\n"), newline(9));
        assert_eq!(first("a = 1 2\n"), newline(7));
        assert_eq!(
            first(".rept 3 x\n.endr\n"),
            (1, 9, "expected newline".into())
        );
    }

    /// A line read before is not read again, unless a symbol was set in between.
    #[test]
    fn repeated_lines_follow_their_symbols() {
        let t = Target::from_name("gfx906").unwrap();
        let src = "s_mov_b32 s0, x\n.set x, 1\ns_mov_b32 s0, x\n.set x, 2\ns_mov_b32 s0, x\n\
                   s_waitcnt lgkmcnt(0)\n.set lgkmcnt, 1\ns_waitcnt lgkmcnt(0)\ns_mov_b32 s0, x\n.set x, 3\n";
        let a = assemble_object(&Triple::default(), t, None, None, src, None);
        let each: Vec<Vec<u8>> = src
            .lines()
            .enumerate()
            .map(|(k, _)| {
                // Each instruction alone, after the lines before it.
                let upto: String = src.lines().take(k + 1).map(|l| format!("{l}\n")).collect();
                let b = assemble_object(&Triple::default(), t, None, None, &upto, None);
                b.object.sections[0].data.clone()
            })
            .collect();
        // (The first line's literal is a fixup: left out.)
        let all = &a.object.sections[0].data;
        for e in &each[2..] {
            assert_eq!(e[8..], all[8..e.len()]);
        }
        assert_eq!(all[8..16], [0x81, 0x00, 0x80, 0xbe, 0x82, 0x00, 0x80, 0xbe]);
        assert_eq!(all[all.len() - 4..], [0x82, 0x00, 0x80, 0xbe]);
    }

    /// Extreme values end in errors or wrap as llvm-mc's do, never an overflow panic
    /// (the tests run with overflow checks on) or a loop of 2^63 turns.
    #[test]
    fn extreme_values_do_not_panic() {
        let t = Target::from_name("gfx906").unwrap();
        for e in [
            "0x7fffffffffffffff",
            "0x8000000000000000",
            "-0x8000000000000000",
        ] {
            let src = format!(
                "x:\ny = {e}\ns_branch x+{e}\ns_branch x-{e}\ns_mov_b32 s0, x-{e}\n\
                 .long x+{e}\n.quad y+{e}\n.quad y-{e}\n.fill {e}, 1, 0\n.p2align {e}\n\
                 .balign {e}\n.skip {e}\n.set w, {e}*{e}\n.set w, {e}/-1\n\
                 .rept {e}\n.endr\n.if {e}\n.endif\nv_mov_b32 v0, {e}\n\
                 ds_read_b32 v0, v1 offset:{e}\nimage_load v[0:3], v[0:31], s[0:7] dmask:0xf\n"
            );
            assert!(
                !assemble_object(&Triple::default(), t, None, None, &src, None)
                    .diags
                    .is_empty()
            );
            assert!(
                !assemble_listing(&Triple::default(), t, None, None, &src, None, true)
                    .diags
                    .is_empty()
            );
            assert!(!crate::asm::assemble(t, &src).diags.is_empty());
        }
    }

    /// Deep or large input ends in a located error, never a crash or a huge allocation.
    #[test]
    fn hostile_sizes_and_depths_are_located_errors() {
        let deep = format!("v_mov_b32 v0, {}1{}\n", "(".repeat(8000), ")".repeat(8000));
        assert_eq!(errors(&deep).len(), 1);
        let minus = format!("v_mov_b32 v0, {}1\n", "-".repeat(100_000));
        assert_eq!(errors(&minus).len(), 1);
        let sext = format!(
            "v_mov_b32_sdwa v0, {}v1{}\n",
            "sext(".repeat(100_000),
            ")".repeat(100_000)
        );
        assert_eq!(first(&sext), (1, 25, "failed parsing operand.".into()));
        let set = format!(".set x, {}1{}\n", "(".repeat(8000), ")".repeat(8000));
        assert_eq!(errors(&set).len(), 1);
        assert_eq!(
            first(".fill 0x10000001, 1, 0\n").2,
            "fill too large (at most 256 MiB)"
        );
        // Many fills, each allowed, are refused past the object's limit.
        let fills = ".fill 0x6000000, 1, 0\n".repeat(3);
        assert_eq!(
            first(&fills),
            (
                3,
                7,
                "object too large (at most 256 MiB of section bytes)".into()
            )
        );
        // A big fill is emitted right.
        let t = Target::from_name("gfx906").unwrap();
        let a = assemble_object(
            &Triple::default(),
            t,
            None,
            None,
            ".fill 100000, 3, 0x123456\n",
            None,
        );
        let text = &a.object.sections[a.object.cur].data;
        assert_eq!(text.len(), 300_000);
        assert!(text.chunks(3).all(|c| c == [0x56, 0x34, 0x12]));
    }

    /// The byte-wise trim is str's.
    #[test]
    fn trim_end_is_str_trim_end() {
        for t in [
            "",
            " ",
            "a",
            "a \t\r\x0b\x0c",
            "\u{a0}",
            "a\u{a0} ",
            "a \u{2003}\t",
            "é ",
            " a b  ",
        ] {
            assert_eq!(trim_end(t), t.trim_end(), "{t:?}");
        }
    }

    /// A line read again is the same instruction only where it must be: after a
    /// macro of its name is defined, a symbol it names is set, or it is in a BSS
    /// section, it reads as it would the first time.
    #[test]
    fn lines_read_again_mean_what_they_say_there() {
        let t = Target::from_name("gfx906").unwrap();
        let bytes = |src: &str| {
            let a = assemble_listing(&Triple::default(), t, None, None, src, None, true);
            assert!(a.diags.is_empty(), "{src}: {:?}", a.diags);
            a.text_bytes().to_vec()
        };
        let nop = [0x00, 0x00, 0x80, 0xbf];
        let src = "s_nop 0\n.macro s_nop x\n.long 7\n.endm\ns_nop 0\n";
        assert_eq!(bytes(src), [&nop[..], &[7, 0, 0, 0]].concat());
        let src = "x = 0\ns_mov_b32 s0, x\nx = 1\ns_mov_b32 s0, x\n";
        assert_eq!(bytes(src), bytes("s_mov_b32 s0, 0\ns_mov_b32 s0, 1\n")[..]);
        assert_eq!(bytes("s_nop 0\ns_nop 0 ; again\n a: s_nop 0\n").len(), 12);
        let a = assemble_object(
            &Triple::default(),
            t,
            None,
            None,
            "s_nop 0\n.bss\ns_nop 0\n",
            None,
        );
        assert_eq!(a.diags.len(), 1, "{:?}", a.diags);
        assert_eq!((a.diags[0].line, a.diags[0].col), (3, 1));
        // A listing names each instruction it shows, also when the first reading
        // of its line was in BSS (which shows none: its error comes at the end).
        let src = ".bss\ns_nop 1\n.text\ns_nop 1\ns_nop 1\ns_nop 2\n";
        let a = assemble_listing(&Triple::default(), t, None, None, src, None, false);
        let mut text = Vec::new();
        a.write_text(t, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert_eq!(text.matches("s_nop 1").count(), 2, "{text}");
        assert_eq!(text.lines().count(), 5, "{text}");
    }
}
