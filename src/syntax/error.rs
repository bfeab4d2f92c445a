//! The error of a statement: where in the line, llvm-mc's message, and a kind for
//! the code that routes errors (which never looks at the message).

use std::borrow::Cow;

/// An assembly error: byte position in the line, message, and kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub pos: usize,
    /// llvm-mc's words, printed as they are.
    pub msg: Cow<'static, str>,
    pub kind: ErrorKind,
}

/// What the assembler decides on about an error. Most errors are `Other`: they are
/// only reported.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ErrorKind {
    #[default]
    Other,
    /// A form of the instruction this GPU lacks; llvm-mc reports it at the mnemonic.
    NotForGpu,
    /// An operand error reported as "failed parsing operand." where the operand is
    /// read with the abs/neg modifier grammar: register names not known here, a
    /// missing register index, a directional label. (llvm-mc 22 gives its own words
    /// for `-abs(tba)` and `-abs(lds_direct)`; we keep the generic message there.)
    Generic,
}

impl Error {
    pub fn new(pos: usize, msg: impl Into<Cow<'static, str>>) -> Self {
        Error {
            pos,
            msg: msg.into(),
            kind: ErrorKind::Other,
        }
    }

    /// Error `kind`, with message `msg`, at `pos`.
    pub fn with_kind(pos: usize, kind: ErrorKind, msg: impl Into<Cow<'static, str>>) -> Self {
        Error {
            pos,
            msg: msg.into(),
            kind,
        }
    }

    /// "operands are not valid for this GPU or mode", at `pos`.
    pub fn not_for_gpu(pos: usize) -> Self {
        Error {
            pos,
            msg: Cow::Borrowed("operands are not valid for this GPU or mode"),
            kind: ErrorKind::NotForGpu,
        }
    }
}

/// `Err(Error::new(pos, msg))`.
pub(crate) fn err<T>(pos: usize, msg: impl Into<Cow<'static, str>>) -> Result<T, Error> {
    Err(Error::new(pos, msg))
}
