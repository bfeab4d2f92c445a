//! The assembler's statements: source text to instructions and bytes, with labels
//! and data, and located diagnostics like llvm-mc's. The text is read by the one
//! reader of the crate ([`crate::mc::text`]); this module binds one instruction's
//! text ([`assemble_line`], and for the reader) and gives a source's statements
//! in the [`Assembly`] form.

use crate::codec;
use crate::inst::Inst;
use crate::mc::text::statement::bind_instruction;
use crate::mc::text::statements::Read;
use crate::syntax::lex::ws;
use crate::target::Target;
use std::fmt;

pub use crate::source::Diagnostic;

/// What a source statement produced.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// An instruction.
    Inst(Inst),
    /// A label definition.
    Label(String),
    /// Data from `.long`, `.short`, `.byte` or alignment padding: (directive, bytes).
    Data(&'static str, Vec<u8>),
}

/// One statement with its 1-based source line and byte offset in the output.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// 1-based source line.
    pub line: usize,
    /// 1-based column where the statement starts.
    pub col: usize,
    /// 1-based columns where the operands the text lists (not the trailing modifiers
    /// such as `offset:4` or `glc`) start, in order; 0 past the last.
    pub operand_cols: [u16; 8],
    /// Byte offset in the output.
    pub offset: usize,
    /// What the statement produced.
    pub item: Item,
    /// The label a branch was written with (`s_branch loop`), for display.
    pub label: Option<String>,
}

impl Stmt {
    /// The statement's instruction as llvm-mc echoes it, a branch with the label it
    /// was written with (`None` for labels and data).
    pub fn display(&self, target: Target) -> Option<impl fmt::Display + '_> {
        match &self.item {
            Item::Inst(inst) => Some(StmtText {
                inst,
                label: self.label.as_deref(),
                target,
            }),
            _ => None,
        }
    }

    /// The machine code of an instruction statement (`None` for labels and data).
    /// Statements come from the assembler, which only makes well-formed ones, so this
    /// skips [`codec::encode`]'s decode-back check.
    pub fn words(&self, target: Target) -> Option<Result<codec::Words, codec::EncodeError>> {
        match &self.item {
            Item::Inst(i) => Some(codec::encode_unchecked(target, i)),
            _ => None,
        }
    }
}

struct StmtText<'a> {
    inst: &'a Inst,
    label: Option<&'a str>,
    target: Target,
}

impl fmt::Display for StmtText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::syntax::print::write_inst_labeled(f, self.target, self.inst, self.label)
    }
}

/// The result of assembling a source: statements in order and diagnostics.
/// Lines with errors produce no statement; the others still assemble.
#[derive(Clone, Debug, Default)]
pub struct Assembly {
    /// The statements, in source order.
    pub stmts: Vec<Stmt>,
    /// The errors, by line and column.
    pub diags: Vec<Diagnostic>,
    /// The warnings (the line assembles, as llvm-mc assembles it), by line.
    pub warnings: Vec<Diagnostic>,
}

impl Assembly {
    /// The machine code, all statements concatenated.
    pub fn bytes(&self, target: Target) -> Vec<u8> {
        let mut out = Vec::new();
        for s in &self.stmts {
            match &s.item {
                Item::Inst(i) => {
                    if let Ok(w) = codec::encode_unchecked(target, i) {
                        w.write_to(&mut out);
                    }
                }
                Item::Data(_, b) => out.extend_from_slice(b),
                Item::Label(_) => {}
            }
        }
        out
    }
}

/// Assembles a whole source text: the reader of `amdgpu-mc asm` and objects
/// ([`crate::mc::text`]: macros, `.rept`/`.irp`, `.if`, sections, symbols, every
/// directive it knows), read for the bytes of `.text` as `asm --filetype bin`
/// reads it: what only an object file can hold (another section's contents, a
/// relocation, a symbol as a literal, an `.include`) is an error. A statement a
/// macro or a repetition made is placed at the line and column that asked for it.
pub fn assemble(target: Target, src: &str) -> Assembly {
    let read = crate::mc::text::assemble::read_code(target, src);
    let text = &read.object.sections[0].data;
    let mut out = Assembly {
        stmts: Vec::with_capacity(read.stmts.len()),
        diags: read.diags,
        warnings: read.warnings,
    };
    // (Bytes no statement holds, as `.incbin`'s, are data of the line before.)
    let mut end = 0usize;
    let mut line = 1;
    let gap = |out: &mut Assembly, end: &mut usize, to: usize, line: usize| {
        if to > *end && to <= text.len() {
            out.stmts.push(Stmt {
                line,
                col: 1,
                operand_cols: [0; 8],
                offset: *end,
                item: Item::Data(".byte", text[*end..to].to_vec()),
                label: None,
            });
            *end = to;
        }
    };
    for st in read.stmts.into_iter().filter(|s| s.section == 0) {
        let offset = st.offset as usize;
        gap(&mut out, &mut end, offset, line);
        line = st.line;
        let (item, label) = match st.read {
            Read::Label(name) => (Item::Label(name), None),
            Read::Inst { inst, branch } => {
                end = end.max(offset + inst.size());
                (Item::Inst(inst), branch)
            }
            Read::Data { directive, len } => {
                let to = (offset + len as usize).min(text.len());
                end = end.max(to);
                let bytes = text.get(offset..to).unwrap_or_default().to_vec();
                (Item::Data(directive, bytes), None)
            }
        };
        let operand_cols = match st.made {
            None => st.operand_cols,
            Some(_) => [0; 8],
        };
        out.stmts.push(Stmt {
            line: st.line,
            col: st.col,
            operand_cols,
            offset,
            item,
            label,
        });
    }
    gap(&mut out, &mut end, text.len(), line);
    out
}

/// Assembles a single instruction line (no labels or directives). llvm-mc's warnings
/// are not returned here ([`assemble`] has them).
pub fn assemble_line(target: Target, line: &str) -> Result<Inst, Diagnostic> {
    let text = crate::mc::text::comments::strip_comment(line).trim_end();
    let s = ws(text);
    bind_instruction(target, text, s, &(), &mut [0; 8], None)
        .map(|(i, _, _)| i)
        .map_err(|e| Diagnostic::new(1, e.pos + 1, e.msg, line))
}
