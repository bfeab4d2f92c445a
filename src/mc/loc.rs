//! Where a statement was written, for the errors found after it was read.

use crate::source::Diagnostic;

/// Where a diagnostic found at the end points (a fixup's or a directive's place).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loc {
    /// 1-based line (0 for the builder API).
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// The line's text.
    pub source: String,
    /// The line's buffer in the text assembler (0: the source given; see
    /// `mc::text::buffers`).
    pub buf: u32,
}

impl Loc {
    /// A diagnostic here.
    pub fn diag(&self, msg: &str) -> Diagnostic {
        Diagnostic::new(self.line, self.col.max(1), msg, self.source.clone())
    }
}
