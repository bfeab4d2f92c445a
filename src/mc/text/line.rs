//! A line as the reader takes it: its text after expansion, and where it came from.

use std::borrow::Cow;

#[derive(Clone, Debug)]
pub struct Line<'a> {
    /// The text (borrowed from the source, owned when a macro or an include made it).
    pub text: Cow<'a, str>,
    /// 1-based line in its buffer: the source given, an included file, or the lines
    /// an expansion made (the line's place among them, as llvm-mc counts in an
    /// `<instantiation>`).
    pub line: usize,
    /// How many macro expansions deep it is.
    pub depth: usize,
    /// Its buffer (see [`super::buffers::Buffers`]; 0: the source given).
    pub buf: u32,
    /// Where in the source given a line an expansion made (a macro's, `.rept`'s,
    /// `.irp`'s, an included file's) was asked for: the 1-based line and column of
    /// the outermost invoking statement; `(0, 0)` for a line of that source itself.
    pub at: (u32, u32),
}

impl Line<'_> {
    /// Where the lines an expansion of this line makes come from (see
    /// [`Line::at`]): this line's own place, unless an expansion made it.
    pub(super) fn origin(&self) -> (u32, u32) {
        if self.at.0 != 0 {
            return self.at;
        }
        let t = &self.text;
        let col = t.len() - t.trim_start().len() + 1;
        (self.line as u32, col as u32)
    }
}
