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
