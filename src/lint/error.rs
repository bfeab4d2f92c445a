//! The linter's errors: a kind to match on, and the message to show.

use std::fmt;

/// An error of the linter's API: its kind, and its message (what `Display` shows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

/// What kind of [`Error`] it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// An `.amdgcn_target` line that does not say `"TRIPLE--PROCESSOR"`.
    TargetLine,
    /// A name an option does not know (a rule selection, an entry kind, a FLAT
    /// assumption).
    UnknownName,
    /// The fixes could not be inserted (from a [`super::FixError`]).
    Fix,
}

impl Error {
    /// An error of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }
    /// Its kind.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
    /// Its message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
