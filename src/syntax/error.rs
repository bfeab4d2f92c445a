//! The error of a statement: where in the line, llvm-mc's message, and a kind for
//! the code that routes errors (which never looks at the message).

/// An assembly error: byte position in the line, message, and kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub pos: usize,
    /// llvm-mc's words, printed as they are.
    pub msg: String,
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
}

impl Error {
    pub fn new(pos: usize, msg: impl Into<String>) -> Self {
        Error {
            pos,
            msg: msg.into(),
            kind: ErrorKind::Other,
        }
    }

    /// "operands are not valid for this GPU or mode", at `pos`.
    pub fn not_for_gpu(pos: usize) -> Self {
        Error {
            pos,
            msg: "operands are not valid for this GPU or mode".into(),
            kind: ErrorKind::NotForGpu,
        }
    }
}

/// `Err(Error::new(pos, msg))`.
pub(crate) fn err<T>(pos: usize, msg: impl Into<String>) -> Result<T, Error> {
    Err(Error::new(pos, msg))
}
