//! What a source is read with besides its text: the readers of `.include` and
//! `.incbin`, `--defsym` symbols, the code object version, the listing's style,
//! the triple.

use crate::mc::triple::Triple;

/// Reads the file an `.include` names.
pub type Include<'a> = &'a dyn Fn(&str) -> Result<String, ReadError>;

/// Reads the file an `.incbin` names: its bytes.
pub type IncBin<'a> = &'a dyn Fn(&str) -> Result<Vec<u8>, ReadError>;

/// Why a file an `.include` or `.incbin` names was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadError {
    /// There is no such file to read (llvm-mc's "Could not find include file").
    NotFound,
    /// The file is there but was not read: why (too large, not text).
    Unreadable(String),
}

impl ReadError {
    /// The error of an `.include` (`what`: `include`) or `.incbin` of `name`.
    pub fn message(&self, what: &str, name: &str) -> String {
        match self {
            ReadError::NotFound => format!("Could not find {what} file '{name}'"),
            ReadError::Unreadable(why) => format!("could not read {what} file '{name}': {why}"),
        }
    }
}

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
    /// [`crate::mc::listing::Listing::unlisted`]).
    Llvm {
        /// With each instruction's encoding.
        encodings: bool,
    },
}

/// How many errors a source may have before reading stops ([`Options::error_limit`]'s
/// default): enough for any file a person reads, few enough that a macro which makes
/// millions of bad lines ends in a moment, not in hundreds of megabytes of errors.
pub const DEFAULT_ERROR_LIMIT: usize = 10_000;

/// What a source is read with, besides its text.
#[derive(Clone, Copy)]
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
    /// Reading stops when the source has this many errors, with one more that says
    /// so (`None`: no limit, as llvm-mc).
    pub error_limit: Option<usize>,
    /// Threads that may bind instruction lines ahead of the reading (1: the
    /// calling thread alone). A source under 512 KiB is read on the calling thread
    /// whatever this says; the result is the same either way. More threads take
    /// less wall time on code that does not repeat, and more CPU time.
    pub threads: usize,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            include: None,
            incbin: None,
            defsyms: &[],
            co_version: None,
            style: Style::default(),
            triple: None,
            error_limit: Some(DEFAULT_ERROR_LIMIT),
            threads: 1,
        }
    }
}
