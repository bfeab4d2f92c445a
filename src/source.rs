//! Source text from bytes, read once at input as llvm-mc reads it, so that every
//! reader (assembler, object writer, linter, byte-text disassembler, `.include`) sees
//! the same normal text with the same lines and columns:
//!
//! - UTF-8 is taken as it is.
//! - A file that is not UTF-8 is read as Latin-1 (one byte, one character) when its
//!   other bytes (those at or above 0x80) all lie in comments (`;`, `//` or `#` to the
//!   end of the line, `/* ... */`), where llvm-mc ignores them; one in code or in a
//!   string is an error located by line and column (the bytes a string would give are
//!   not knowable from Latin-1 text, and must not come out silently different).
//! - A carriage return not followed by a line feed ends a line, as it does for
//!   llvm-mc; it becomes a line feed (the same length, so columns and byte offsets
//!   do not move). `\r\n` stays.
//!
//! [`Source::to_bytes`] turns text derived from the source (the linter's `--fix`
//! output: the source with whole lines inserted) back into the source's encoding.
//!
//! ```
//! use amdgpu_mc::source::Source;
//! let s = Source::decode(b"s_nop 0 ; caf\xe9\rs_endpgm\r").unwrap();
//! assert_eq!(s.text, "s_nop 0 ; caf\u{e9}\ns_endpgm\n");
//! assert_eq!(s.to_bytes(&s.text), b"s_nop 0 ; caf\xe9\rs_endpgm\r");
//! let e = Source::decode(b"s_nop 0\n.ascii \"\xe9\"\n").unwrap_err();
//! assert_eq!((e.line, e.col), (2, 9));
//! ```

use std::fmt;
use std::sync::Arc;

/// An error at a place in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line number (in the file or instantiation of [`Diagnostic::place`]).
    pub line: usize,
    /// 1-based column (in bytes).
    pub col: usize,
    /// The message, as llvm-mc words it.
    pub msg: String,
    /// The text of the offending line, for the caret display.
    pub source: String,
    /// Where the line is when it is not a line of the input itself (`None`: it is).
    pub place: Option<Arc<Place>>,
}

/// Where a line an `.include` or an expansion made is, as llvm-mc shows it: the
/// file's name (`<instantiation>` for the lines of a macro call, `.rept` or `.irp`),
/// the `.include` lines that led to it, and the calls being expanded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The file the line is in: an included file's name, or `<instantiation>`.
    pub file: String,
    /// The `.include` lines that read it, outermost first: the file (`None`: the
    /// input) and line of each (llvm-mc's "Included from FILE:LINE:").
    pub included_from: Vec<(Option<String>, usize)>,
    /// The innermost call being expanded when the error was found, as llvm-mc's
    /// "note: while in macro instantiation" (its own place names the call around
    /// it, if any); none for errors found at the end.
    pub call: Option<Arc<Diagnostic>>,
    /// The line of the input this came from (the outermost `.include` or call).
    pub input_line: usize,
}

impl Diagnostic {
    /// A diagnostic at `line` and `col` of the input.
    pub fn new(line: usize, col: usize, msg: impl Into<String>, source: impl Into<String>) -> Self {
        Diagnostic {
            line,
            col,
            msg: msg.into(),
            source: source.into(),
            place: None,
        }
    }

    /// The line of the input it came from: its own, or that of the outermost
    /// `.include` or call that made its line.
    pub fn input_line(&self) -> usize {
        self.place.as_ref().map_or(self.line, |p| p.input_line)
    }

    /// `NAME:LINE:COL: error: MSG`, then the line and a caret, as llvm-mc prints them
    /// (with the `.include` lines before it and the calls being expanded after it).
    pub fn render(&self, name: &str) -> String {
        self.render_as(name, "error")
    }

    /// [`Diagnostic::render`] of a warning (`NAME:LINE:COL: warning: MSG`).
    pub fn render_warning(&self, name: &str) -> String {
        self.render_as(name, "warning")
    }

    fn render_as(&self, name: &str, kind: &str) -> String {
        let mut out = String::new();
        let mut file = name;
        if let Some(p) = &self.place {
            for (f, line) in &p.included_from {
                out.push_str(&format!(
                    "Included from {}:{line}:\n",
                    f.as_deref().unwrap_or(name)
                ));
            }
            file = &p.file;
        }
        // (As llvm-mc shows the line: tabs expanded to stops of 8, the caret under
        // the column's place in that.)
        let (shown, caret) = expand_tabs(&self.source, self.col.saturating_sub(1));
        out.push_str(&format!(
            "{file}:{}:{}: {kind}: {}\n{shown}\n{}^",
            self.line,
            self.col,
            self.msg,
            " ".repeat(caret)
        ));
        if let Some(call) = self.place.as_ref().and_then(|p| p.call.as_ref()) {
            out.push('\n');
            out.push_str(&call.render_as(name, "note"));
        }
        out
    }
}

/// `line` with its tabs expanded to stops of 8 columns, and where byte `at` of it is
/// in that (past the end: as many columns further).
fn expand_tabs(line: &str, at: usize) -> (std::borrow::Cow<'_, str>, usize) {
    if !line.contains('\t') {
        return (line.into(), at);
    }
    let mut out = String::with_capacity(line.len() + 8);
    let mut caret = None;
    for (k, c) in line.char_indices() {
        if k == at {
            caret = Some(out.len());
        }
        match c {
            '\t' => out.push_str(&" ".repeat(8 - out.len() % 8)),
            c => out.push(c),
        }
    }
    let caret = caret.unwrap_or(out.len() + at.saturating_sub(line.len()));
    (out.into(), caret)
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: error: {}", self.line, self.col, self.msg)
    }
}

impl std::error::Error for Diagnostic {}

/// Decoded source text, and how to give derived text the source's encoding back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The text: UTF-8, lone carriage returns turned into line feeds.
    pub text: String,
    /// Whether the bytes were read as Latin-1 (they were not UTF-8).
    pub latin1: bool,
    /// Whether every line end was a lone carriage return (a classic Mac file), so
    /// that derived text gets its line ends back as carriage returns.
    pub cr_lines: bool,
}

/// A byte that cannot be read as source text, with its place (1-based line and
/// byte column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByteError {
    /// Line of the byte.
    pub line: usize,
    /// Column of the byte (in bytes, as llvm-mc counts them).
    pub col: usize,
    /// The byte.
    pub byte: u8,
}

impl fmt::Display for ByteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "byte {:#04x} is not UTF-8, and outside a comment a byte that is not UTF-8 \
             cannot be read",
            self.byte
        )
    }
}

impl std::error::Error for ByteError {}

impl ByteError {
    /// As llvm-mc locates diagnostics: `NAME:LINE:COL: error: MESSAGE`.
    pub fn render(&self, name: &str) -> String {
        format!("{name}:{}:{}: error: {self}", self.line, self.col)
    }
}

impl Source {
    /// Reads `bytes` as source text (see the module documentation).
    pub fn decode(bytes: &[u8]) -> Result<Source, ByteError> {
        Source::from_vec(bytes.to_vec())
    }

    /// The bytes as the text [`Source::decode`] would make of them, when that text
    /// is the bytes themselves (UTF-8 without lone carriage returns, as nearly every
    /// file): `None` when decoding would change them (or refuse them).
    pub fn as_is(bytes: &[u8]) -> Option<&str> {
        let text = std::str::from_utf8(bytes).ok()?;
        (!line_ends(bytes).1).then_some(text)
    }

    /// [`Source::decode`], taking the bytes: UTF-8 without lone carriage returns
    /// (nearly every file) becomes the text without a copy.
    pub fn from_vec(bytes: Vec<u8>) -> Result<Source, ByteError> {
        let (has_lf, has_lone_cr) = line_ends(&bytes);
        let cr_lines = has_lone_cr && !has_lf;
        let (text, latin1) = match String::from_utf8(bytes) {
            Ok(t) => (t, false),
            Err(e) => {
                let bytes = e.into_bytes();
                check_latin1_in_comments(&bytes)?;
                (bytes.iter().map(|&b| char::from(b)).collect(), true)
            }
        };
        let text = if has_lone_cr {
            lone_crs_to_lf(&text)
        } else {
            text
        };
        Ok(Source {
            text,
            latin1,
            cr_lines,
        })
    }

    /// `text` (the source, or text made from it) in the source's encoding: Latin-1
    /// again if it was read so, carriage returns again if those were its line ends.
    pub fn to_bytes(&self, text: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(text.len());
        for c in text.chars() {
            let c = if self.cr_lines && c == '\n' { '\r' } else { c };
            match u8::try_from(u32::from(c)) {
                Ok(b) if self.latin1 => out.push(b),
                _ => {
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
        }
        out
    }
}

/// Whether the bytes have line feeds, and carriage returns not followed by one.
fn line_ends(bytes: &[u8]) -> (bool, bool) {
    let lf = memchr::memchr(b'\n', bytes).is_some();
    // (Most files have no carriage return: one vector search says so.)
    let lone_cr = memchr::memchr(b'\r', bytes).is_some()
        && bytes
            .iter()
            .enumerate()
            .any(|(k, &b)| b == b'\r' && bytes.get(k + 1) != Some(&b'\n'));
    (lf, lone_cr)
}

fn lone_crs_to_lf(t: &str) -> String {
    let b = t.as_bytes();
    let mut out = String::with_capacity(t.len());
    let mut from = 0;
    for (k, &c) in b.iter().enumerate() {
        if c == b'\r' && b.get(k + 1) != Some(&b'\n') {
            out.push_str(&t[from..k]);
            out.push('\n');
            from = k + 1;
        }
    }
    out.push_str(&t[from..]);
    out
}

/// Every byte at or above 0x80 must lie in a comment: `;`, `#` or `//` to the end of
/// the line, or `/* ... */`, outside double-quoted strings.
fn check_latin1_in_comments(bytes: &[u8]) -> Result<(), ByteError> {
    #[derive(PartialEq)]
    enum State {
        Code,
        Str,
        Line,
        Block,
    }
    let mut state = State::Code;
    let (mut line, mut line_start) = (1, 0);
    let mut k = 0;
    while k < bytes.len() {
        let b = bytes[k];
        let next = bytes.get(k + 1).copied();
        if b == b'\n' || (b == b'\r' && next != Some(b'\n')) {
            line += 1;
            line_start = k + 1;
            if state != State::Block {
                state = State::Code;
            }
            k += 1;
            continue;
        }
        // Outside comments only ASCII is taken (in code and in strings alike).
        if b >= 0x80 && matches!(state, State::Code | State::Str) {
            return Err(ByteError {
                line,
                col: k - line_start + 1,
                byte: b,
            });
        }
        match state {
            State::Code => match b {
                b'"' => state = State::Str,
                b';' | b'#' => state = State::Line,
                b'/' if next == Some(b'/') => state = State::Line,
                b'/' if next == Some(b'*') => {
                    state = State::Block;
                    k += 1;
                }
                _ => {}
            },
            State::Str => match b {
                b'\\' => k += 1,
                b'"' => state = State::Code,
                _ => {}
            },
            State::Line => {}
            State::Block => {
                if b == b'*' && next == Some(b'/') {
                    state = State::Code;
                    k += 1;
                }
            }
        }
        k += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_taken_as_it_is() {
        let s = Source::decode("v_nop // café\r\ns_endpgm\n".as_bytes()).unwrap();
        assert_eq!(s.text, "v_nop // café\r\ns_endpgm\n");
        assert!(!s.latin1 && !s.cr_lines);
        assert_eq!(s.to_bytes(&s.text), s.text.as_bytes());
    }

    #[test]
    fn latin1_in_comments() {
        for src in [
            &b"s_nop 0 ; \xe9\n"[..],
            b"s_nop 0 // \xe9\xff\n",
            b"# \xe9\ns_nop 0\n",
            b"/* \xe9\n \xe9 */ s_nop 0\n",
            b".ascii \"a;b\" ; \xe9\n",
        ] {
            let s = Source::decode(src).unwrap();
            assert!(s.latin1);
            assert_eq!(s.to_bytes(&s.text), src);
        }
    }

    #[test]
    fn latin1_elsewhere_is_located() {
        for (src, line, col) in [
            (&b"s_nop 0\ns_nop \xe9\n"[..], 2, 7),
            (b".ascii \"\xe9\" ; \xe9\n", 1, 9),
            (b"/* a */ \xe9\n", 1, 9),
            (b"; x\r\xe9\n", 2, 1),
            (b".ascii \"\\\"\xe9\"\n", 1, 11),
        ] {
            let e = Source::decode(src).unwrap_err();
            assert_eq!((e.line, e.col, e.byte), (line, col, 0xe9), "{src:?}");
        }
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        let s = Source::decode(b"a\rb\rc").unwrap();
        assert_eq!(s.text, "a\nb\nc");
        assert!(s.cr_lines);
        assert_eq!(s.to_bytes("a\nx\nb\nc"), b"a\rx\rb\rc");
        // Mixed: the lone one becomes a line feed; \r\n stays.
        let s = Source::decode(b"a\rb\r\nc\n").unwrap();
        assert_eq!(s.text, "a\nb\r\nc\n");
        assert!(!s.cr_lines);
    }
}
