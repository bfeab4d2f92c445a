//! The objects layer's one error: its kind, llvm-mc's message (its `Display`), and
//! where it was found in a source.

use super::loc::Loc;
use crate::codec::EncodeError;
use std::borrow::Cow;
use std::fmt;

/// What kind of error an [`Error`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A symbol defined twice, or a label where none can be.
    Symbol,
    /// An expression without a value (an undefined or recursive symbol, a function
    /// given the wrong arguments).
    Expression,
    /// Bytes a section cannot hold (too many, or any in a `SHT_NOBITS` section).
    Section,
    /// A fixup that resolves to no value or relocation llvm-mc makes (a branch out
    /// of range, an undefined label, a difference across sections).
    Fixup,
    /// A string literal llvm-mc does not read.
    StringLiteral,
    /// A triple the objects layer does not write.
    Triple,
    /// Metadata refused (the YAML of `.amdgpu_metadata`, PAL's).
    Metadata,
    /// A kernel descriptor refused (a directive, a value, a missing directive).
    Kernel,
    /// The operands do not fit the instruction ([`Inst::build`]'s error, so that `?`
    /// carries it).
    ///
    /// [`Inst::build`]: crate::inst::Inst::build
    Inst(crate::inst::build::BuildError),
    /// The instruction does not encode.
    Encode(EncodeError),
    /// The builder's instruction is not a branch to a label.
    NotABranch,
    /// The builder's instruction has no 32-bit literal slot for a symbol.
    NoLiteral,
    /// The builder's label was bound already.
    Rebound,
    /// The label belongs to another builder.
    UnknownLabel,
    /// Resolving the builder's fixups failed (branch out of range, unbound label,
    /// ...): each error, in llvm-mc's order.
    Resolve(Vec<Error>),
}

/// An error of the objects layer: what kind it is, llvm-mc's message, and, for an
/// error found after its statement was read, where that statement is (else
/// [`Loc::default`]).
///
/// ```
/// use amdgpu_mc::inst::{build::Opnd, Inst};
/// use amdgpu_mc::isa::op;
/// use amdgpu_mc::mc::Error;
/// use amdgpu_mc::Target;
/// fn two_nops(t: Target) -> Result<Vec<Inst>, Error> {
///     let nop = Inst::build(t, op::S_NOP, &[Opnd::Imm(0)])?;
///     let bad = Inst::build(t, op::S_NOP, &[])?;
///     Ok(vec![nop, bad])
/// }
/// let e = two_nops(Target::from_name("gfx906").unwrap()).unwrap_err();
/// assert_eq!(e.to_string(), "expected 1 operands, got 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What kind of error.
    pub kind: ErrorKind,
    /// The message, as llvm-mc words it.
    pub msg: String,
    /// Where (for the errors found once a source was read).
    pub loc: Loc,
}

impl Error {
    /// An error of `kind` with llvm-mc's message, at no place.
    pub fn new(kind: ErrorKind, msg: impl Into<String>) -> Error {
        Error {
            kind,
            msg: msg.into(),
            loc: Loc::default(),
        }
    }

    /// The error, at `loc`.
    pub fn at(mut self, loc: Loc) -> Error {
        self.loc = loc;
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Inst(e) => Some(e),
            ErrorKind::Encode(e) => Some(e),
            _ => None,
        }
    }
}

impl From<crate::inst::build::BuildError> for Error {
    fn from(e: crate::inst::build::BuildError) -> Error {
        let msg = e.to_string();
        Error::new(ErrorKind::Inst(e), msg)
    }
}

impl From<EncodeError> for Error {
    fn from(e: EncodeError) -> Error {
        Error::new(
            ErrorKind::Encode(e),
            format!("instruction does not encode: {e}"),
        )
    }
}

impl From<Vec<Error>> for Error {
    /// The errors of resolving, one message a line.
    fn from(errs: Vec<Error>) -> Error {
        let mut msg = String::new();
        for e in &errs {
            msg.push_str(&e.msg);
            msg.push('\n');
        }
        Error::new(ErrorKind::Resolve(errs), msg)
    }
}

/// The message (for the located errors of the text assembler).
impl From<Error> for String {
    fn from(e: Error) -> String {
        e.msg
    }
}

/// The message (for the located errors of the text assembler).
impl From<Error> for Cow<'static, str> {
    fn from(e: Error) -> Cow<'static, str> {
        Cow::Owned(e.msg)
    }
}
